"""Session 39, Hand of the Gods as a first-time player: the card panel under the board's cursor.

A unit's side was said on the board only by `►`/`◄` (and colour): the panel's first line, its
cell, now says whose unit it is (`2,3 — P2's unit`)."""

from __future__ import annotations

from tests.tui.helpers import screen_text, settle, skirmish
from tui.widgets.grid import GridBoard
from tui.widgets.hanging_list import fit_note


async def test_the_panel_says_whose_unit_is_under_the_cursor() -> None:
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        board.focus()
        board.cursor = (2, 2)
        await settle(pilot)
        assert "2,2 — your unit" in screen_text(app)
        board.cursor = (2, 3)
        await settle(pilot)
        text = screen_text(app)
        assert "2,3 — P2's unit" in text
        assert "Hoplite · 2/" in text  # (the unit's own line under it, as before)


def test_what_enter_does_keeps_its_verb_before_the_cell() -> None:
    """At 80 × 24 (36 columns) the panel said `1,4 — Enter:… on P2's Berserker`: the cut of the
    card's name took the verb too. The cell goes first (the cursor is on it)."""
    words = "1,4 — Enter: Cast Thunder of Olympus (3 mana) on P2's Berserker"
    assert fit_note(words, 36) == "Enter: Cast… on P2's Berserker"
    guardian = "1,7 — Enter: Use Bolt (2 mana) on P2's Jackal Guardian"  # (it read `1,7 — Enter… on …`)
    assert fit_note(guardian, 36) == "Enter: Use… on P2's Jackal Guardian"
    stone = "2,8 — Enter: Cast Thunder of Olympus (3 mana) on P2's Summoning Stone"
    assert fit_note(stone, 36) == "2,8 — Enter: Cast… on P2's Stone"  # (as before: the verb kept)


def test_the_help_says_what_the_panels_first_line_says() -> None:
    from tui.screens.hotg import HotgScreen

    assert "whose unit it\nis: `2,3 — P2's unit`" in HotgScreen.help_keys()
