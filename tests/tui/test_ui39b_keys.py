"""Session 39b: a decision dialog's keys line says the number keys there are — `1` for one
tile, `1…3` for three, `1…12` past 9 as before — where it said `1…9` with 1 or 3 entries (a
play-test pressed `4` in a dialog of three: `There is no row 4`). A rows dialog of one row, not
numbered, says no row keys at all (`↑↓ or 1…9 blocker` offered rows it did not have)."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.digits import number_keys
from tui.screens.decide import Row, RowsDialog, Tile, TileDialog

from .helpers import engine_ready, game_app, press, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

KEYS = "↑↓ or 1…9 unit · ←→ blocks · Enter confirm · Esc the choice list"


def said(app: Any) -> str:
    """The screen's words, spaces and borders run together."""
    return " ".join(screen_text(app).replace("│", " ").replace("█", " ").split())


def rows_dialog(n: int) -> RowsDialog:
    rows = [Row(f"unit {i + 1}", ["none", "blocks"], key=i) for i in range(n)]
    return RowsDialog(
        "Blockers", "Who blocks?", rows, lambda rows: [Action("done")], lambda plan: None, keys=KEYS
    )


def tile_dialog(n: int) -> TileDialog:
    tiles = [Tile(f"card {i + 1}", "text", Action("pick", (i,))) for i in range(n)]
    return TileDialog("Revealed cards", "Pick one", tiles, lambda plan: None)


def test_number_keys_name_the_entries_there_are() -> None:
    assert [number_keys(k) for k in (1, 2, 3, 9, 10, 12)] == ["1", "1…2", "1…3", "1…9", "1…10", "1…12"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_tile_dialogs_say_their_own_number_keys(size: tuple[int, int]) -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for n, keys in ((1, "· 1 ·"), (3, "· 1…3 ·"), (11, "· 1…11 ·")):
            app.push_screen(tile_dialog(n))
            await settle(pilot)
            text = said(app)
            assert f"Enter take {keys} click" in text, text
            if n < 9:
                assert "1…9" not in text, text
            app.pop_screen()
            await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_rows_dialogs_say_their_own_number_keys(size: tuple[int, int]) -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.push_screen(rows_dialog(3))
        await settle(pilot)
        text = said(app)
        assert "↑↓ or 1…3 unit · ←→ blocks" in text and "1…9" not in text, text
        await press(pilot, "3")  # the last key said is a row's
        await settle(pilot)
        assert app.screen.view.current == 2  # type: ignore[attr-defined]
        app.pop_screen()
        await settle(pilot)
        app.push_screen(rows_dialog(1))
        await settle(pilot)
        text = said(app)
        # one row, not numbered: no row to go to, by a digit or ↑↓
        assert "←→ blocks · Enter confirm · Esc the choice list" in text, text
        assert "1…9" not in text and "↑↓ or" not in text, text
