"""The lane screens keep their layout over a whole game: at 80 × 24 the lanes have a
bounded height, so the prompt and the choice list stay where they were on the first
turn however many cards come to the table; a board with more lines than the lanes'
rows scrolls (the card cursor scrolls it) and says in words what is out of sight.
The dense late boards are scenarios (tests/tui/data/*_dense_late.toml)."""

from __future__ import annotations

from typing import Any

import pytest

from tui.app import TriarchApp

from .helpers import dense_late_app, engine_ready, game_app, into_first_turn, press, screen_text, settle

GAMES = ["bhm", "scars"]
MIN_CHOICES = 7  # choices in sight at 80 × 24 with a one-line prompt


def skip_without(game_id: str) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")


def early_app(game_id: str) -> TriarchApp:
    return game_app(game_id, seed=1)


def layout(app: Any) -> dict[str, Any]:
    screen = app.screen
    assert type(screen).__name__.endswith("Screen") and screen.query("#lane-board"), type(screen).__name__
    actions = screen.query_one("#actions")
    return {
        "lanes": screen.query_one("#lanes").region,
        "prompt": screen.query_one("#prompt").region,
        "choices": actions.region,
        "in_sight": min(actions.option_count, actions.scrollable_content_region.height),
        "options": actions.option_count,
    }


def own_hand_just_above_the_prompt(app: Any) -> None:
    """A small board's spare rows are above your side: your side, then your hand, then the prompt."""
    screen = app.screen
    board = screen.query_one("#lane-board")
    lanes = screen.query_one("#lanes").region
    assert board.rows_for(board.size.width) < lanes.height  # a small board: spare rows
    rows = screen_text(app).split("\n")
    prompt = screen.query_one("#prompt").region
    assert rows[prompt.y - 1].strip(), "a blank row between the hand and the prompt"
    mine = max(i for i, r in enumerate(rows) if "P1 (you)" in r and i < prompt.y)
    hand = max(i for i, r in enumerate(rows) if r.startswith(" hand") and i < prompt.y)
    assert mine < hand < prompt.y and all(rows[i].strip() for i in range(mine, prompt.y))
    blank = [i for i in range(lanes.y, lanes.bottom) if not rows[i].strip()]
    assert blank and max(blank) < mine  # the spare rows: above your side
    assert not screen.query_one("#lanes").has_class("-overflow")


@pytest.mark.parametrize("game_id", GAMES)
async def test_prompt_and_choices_stay_in_place_from_the_first_turn_to_a_dense_late_board(
    game_id: str,
) -> None:
    """Before: the lanes took the rows their lines needed (up to 14 of 22), so the prompt went
    from row 10 (BHM) or 12 (Scars) on the first turn down to row 15 on a late board, and the
    choice list showed 5 choices there. Now the prompt keeps its row and the list its rows.
    And on the first turn's small board, the spare rows sit between the two sides, not between
    the hand and the prompt: your side and your hand stay next to the prompt and the choices."""
    skip_without(game_id)
    app = early_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        early = layout(app)
        own_hand_just_above_the_prompt(app)
    app = dense_late_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        late = layout(app)
        assert late["prompt"].height == early["prompt"].height == 1
        assert late["prompt"].y == early["prompt"].y
        assert late["lanes"] == early["lanes"]
        assert late["choices"] == early["choices"]
        assert late["choices"].bottom == 23  # the list runs down to the key bar
        assert late["options"] > MIN_CHOICES and late["in_sight"] >= MIN_CHOICES
        # A second prompt line (the selected card's hint) comes out of the choices, not the lanes.
        board = app.screen.query_one("#lane-board")
        board.focus()
        await press(pilot, "enter")
        await settle(pilot)
        hinted = layout(app)
        assert hinted["prompt"].height == 2, screen_text(app)
        assert hinted["prompt"].y == late["prompt"].y and hinted["lanes"] == late["lanes"]
        assert hinted["choices"].y == late["choices"].y + 1 and hinted["choices"].bottom == 23


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_dense_late_board_scrolls_and_says_what_is_out_of_sight(game_id: str) -> None:
    """More lines than the lanes' rows: the region says how many rows are above and below the
    ones in sight (in words, no colour needed), and the card cursor brings every card into sight."""
    skip_without(game_id)
    app = dense_late_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        lanes = screen.query_one("#lanes")
        board = screen.query_one("#lane-board")
        sight = lanes.scrollable_content_region.height
        assert board.rows_for(board.size.width) > sight  # this board does not fit: it scrolls
        told = {"▲": False, "▼": False}

        def out_of_sight_is_told() -> None:
            above, below = lanes.out_of_sight()
            assert above or below
            text = screen_text(app)
            if above:
                assert f"▲ {above} row" in text
                told["▲"] = True
            if below:
                assert f"▼ {below} more row" in text
                told["▼"] = True

        out_of_sight_is_told()
        view = screen.view_data
        me = app.session.viewer()
        uids = set(board.chip_uids())
        for p in view["players"]:  # every card on the table, and the own hand, is a chip
            for key in ("units", "hand"):
                for card in p.get(key) or []:
                    assert card["uid"] in uids, card["name"]
            for z in p.get("zones") or []:
                for card in [z.get("being"), *(z.get("attached") or [])]:
                    if card:
                        assert card["uid"] in uids, card["name"]
        assert view["players"][me].get("hand")
        board.focus()
        for uid in board.chip_uids():
            board.move_to(uid)
            await settle(pilot)
            chip = next(p for p in board._chips() if p.seg.uid == uid)
            top = round(lanes.scroll_y)
            assert top <= chip.row < top + sight, (uid, chip.row, top)
            assert chip.seg.text in screen_text(app)
            out_of_sight_is_told()
        assert all(told.values())  # from the first card to the last, both ways


@pytest.mark.parametrize("game_id", GAMES)
async def test_at_120x40_the_lanes_keep_their_tall_column(game_id: str) -> None:
    skip_without(game_id)
    app = dense_late_app(game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        got = layout(app)
        assert got["lanes"].height >= 26 and got["prompt"].y == 1
        lanes = app.screen.query_one("#lanes")
        above, below = lanes.out_of_sight()
        assert lanes.has_class("-overflow") == bool(above or below) == (lanes.max_scroll_y > 0)
        if above:  # the roomy column's own border says it too
            assert f"▲ {above} row" in screen_text(app)


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_dense_layout_comes_back_the_same_after_a_resize(game_id: str) -> None:
    skip_without(game_id)
    app = dense_late_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = layout(app)
        told = app.screen.query_one("#lanes").border_subtitle
        for size in ((120, 40), (100, 30), (80, 24)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
        again = layout(app)
        lanes = app.screen.query_one("#lanes")
        assert (again["lanes"], again["prompt"], again["choices"]) == (
            first["lanes"],
            first["prompt"],
            first["choices"],
        )
        assert lanes.has_class("-overflow") and lanes.border_subtitle == told
