"""Where the lanes' card cursor starts when no card has a choice (a mulligan, the other side's
turn): on the viewer's own first card, not on the opponent's hero at the top of the board (whose
card panel then said "no choice with this card now" about the other side's hero)."""

from __future__ import annotations

from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard, Seg

from .helpers import game_app, screen_text, settle


def test_with_no_choice_the_cursor_starts_at_home_and_with_one_at_the_choice() -> None:
    board = LaneBoard()
    lines = [("", [Seg("Korrag", uid=62), Seg("Wolf", uid=70)]), ("", [Seg("Aurelia", uid=1)])]
    board.show(lines, set(), home=1)
    assert board.cursor_uid == 1
    fresh = LaneBoard()
    fresh.show(lines, {70}, home=1)  # a card with a choice comes first
    assert fresh.cursor_uid == 70
    bare = LaneBoard()
    bare.show(lines, set(), home=99)  # a home not on the board: the first chip, as before
    assert bare.cursor_uid == 62


async def test_the_scars_mulligan_starts_on_your_own_hero() -> None:
    app = game_app("scars", seed=1, vs="ai")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "to keep or mulligan" in text
        assert "▶Aurelia, Iron Marshal" in text and "▶Korrag" not in text
        # the card panel reads your hero, by its name alone (it said its number: `  #1`)
        assert app.screen.query_one(CardDetail).card["name"] == "Aurelia, Iron Marshal"  # type: ignore[index]
        assert "Aurelia, Iron Marshal  #" not in text and "#1" not in text, text
