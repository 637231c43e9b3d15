"""Session 38: a dialog's own numbered rows and tiles past the 9th have keys, the way the choice
list's choices have since session 37 (one shared piece, `tui.digits`): a digit that can start a
number of the list waits for a second one (the entry it names already the current one), `Enter`
takes the first digit's own entry, another key drops the wait, and the dialog says so. (Its
number keys stopped at 9: a blocker or a unit of the damage split past the 9th had none.)"""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.screens.decide import Row, RowsDialog, Tile, TileDialog

from .helpers import engine_ready, game_app, press, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def said(app: Any) -> str:
    """The screen's words, spaces and borders run together."""
    return " ".join(screen_text(app).replace("│", " ").split())


def rows_dialog(app: Any, n: int, answers: list[Any]) -> RowsDialog:
    rows = [Row(f"unit {i + 1}", ["none", "blocks"], key=i) for i in range(n)]

    def build(rows: list[Row]) -> list[Action]:
        return [Action("block", (r.key,)) for r in rows if r.index]

    dialog = RowsDialog(
        "Blockers",
        "Who blocks?",
        rows,
        build,
        lambda plan: None,
        keys="↑↓ or 1…9 unit · ←→ blocks · Enter confirm · Esc the choice list",
    )
    app.push_screen(dialog, answers.append)
    return dialog


def tile_dialog(app: Any, n: int, answers: list[Any]) -> TileDialog:
    tiles = [Tile(f"card {i + 1}", "text", Action("pick", (i,))) for i in range(n)]
    dialog = TileDialog("Revealed cards", "Pick one", tiles, lambda plan: None)
    app.push_screen(dialog, answers.append)
    return dialog


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_two_digits_reach_a_row_past_the_ninth(size: tuple[int, int]) -> None:
    app = game_app("bhm", seed=1)
    answers: list[Any] = []
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        dialog = rows_dialog(app, 12, answers)
        await settle(pilot)
        assert "1…12 unit" in said(app)  # the keys say every row's number (not `1…9`)
        await press(pilot, "1")
        await settle(pilot)
        assert dialog.view.current == 0  # row 1 is the current one while `1` waits
        assert "1… a 2nd digit takes row 10–12, Enter row 1" in said(app)
        await press(pilot, "2")
        await settle(pilot)
        assert dialog.view.current == 11
        assert "▶ 12. unit 12" in said(app)  # in sight, marked
        assert "2nd digit" not in said(app)
        await press(pilot, "right")  # row 12's value
        await settle(pilot)
        assert dialog.rows[11].index == 1 and dialog.rows[0].index == 0
        assert answers == []


async def test_enter_stays_on_the_first_digits_row_and_other_keys_drop_the_wait() -> None:
    app = game_app("bhm", seed=1)
    answers: list[Any] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = rows_dialog(app, 12, answers)
        await settle(pilot)
        await press(pilot, "1", "enter")  # row 1: the dialog is not confirmed
        await settle(pilot)
        assert answers == [] and app.screen is dialog and dialog.view.current == 0
        assert "2nd digit" not in said(app)
        await press(pilot, "1", "right", "2")  # `→` dropped the wait (row 1's value), `2` is row 2
        await settle(pilot)
        assert dialog.rows[0].index == 1 and dialog.view.current == 1
        await press(pilot, "5")  # no row 50: row 5 at once
        await settle(pilot)
        assert dialog.view.current == 4
        await press(pilot, "enter")
        await settle(pilot)
        assert answers == [[Action("block", (0,))]]


async def test_a_short_rows_dialog_keeps_its_one_digit_keys() -> None:
    app = game_app("bhm", seed=1)
    answers: list[Any] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = rows_dialog(app, 3, answers)
        await settle(pilot)
        assert "1…3 unit" in said(app)
        await press(pilot, "1")
        await settle(pilot)
        assert dialog.view.current == 0 and "2nd digit" not in said(app)
        await press(pilot, "3")
        await settle(pilot)
        assert dialog.view.current == 2
        await press(pilot, "7")  # no row 7: said, not silent
        await settle(pilot)
        assert "✗ There is no row 7" in said(app)


@pytest.mark.parametrize(("keys", "taken"), [(("1", "1"), 10), (("1", "enter"), 0), (("3",), 2)])
async def test_tiles_past_the_ninth_by_two_digits(keys: tuple[str, ...], taken: int) -> None:
    app = game_app("bhm", seed=1)
    answers: list[Any] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tile_dialog(app, 11, answers)
        await settle(pilot)
        assert "Enter take · 1…11 ·" in said(app)
        await press(pilot, keys[0])
        await settle(pilot)
        if len(keys) > 1:
            assert answers == []
            assert "1… a 2nd digit takes 10–11, Enter takes 1" in said(app)
            await press(pilot, keys[1])
            await settle(pilot)
        assert answers == [[Action("pick", (taken,))]]
