"""Session 39c: The Scars' `First player` option (SC-03: a coin decides, or a seat) listed the
engine's values `random / 1 / 2` beside the form's `P1` / `P2`; it lists `random / P1 / P2`, and
the engine still receives `1` / `2`."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tui.app import TriarchApp
from tui.screens.menu import MenuScreen

from .helpers import engine_ready, press, screen_text, settle


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_first_player_is_listed_by_the_seats_names(size: tuple[int, int]) -> None:
    if not engine_ready("scars"):
        pytest.skip("the scars engine is not available")
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.screen.query_one("#game", Select).value = "scars"
        await settle(pilot)
        first = app.screen.query_one("#opt-first_player", Select)
        first.focus()
        await press(pilot, "enter")  # the list open: its three choices
        await settle(pilot)
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "First player" in line)
        # the open list, under the field: its choices as the screen shows them
        listed = [lines[i].replace("│", " ").strip() for i in range(at + 1, at + 4)]
        assert listed == ["random", "P1", "P2"], "\n".join(lines)
        # what the engine receives is unchanged: `2` for P2
        await press(pilot, "escape")
        first.value = "2"
        await settle(pilot)
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert menu.selection()["options"]["first_player"] == "2"
        shown = next(line for line in screen_text(app).splitlines() if "First player" in line)
        assert shown.replace("│", " ").split()[2:4] == ["P2", "▼"], shown  # the field shows `P2`
