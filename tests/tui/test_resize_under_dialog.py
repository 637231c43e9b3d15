"""A resize while a dialog is open over a game's table re-lays the table beneath (the dialog
is seen over it), under any dialog: one over the table, one over the hot-seat cover (the
opaque cover hides the table, and Textual sends a resize no further down than the first
opaque screen), and after the dialogs close the table has the layout of the new size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette

from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen

from .helpers import engine_ready, press, resume_app, screen_name, settle
from .test_dialogs import reach

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]
# Each test goes there and back: the table opened at one size is resized to the other under the
# dialogs (checked against the same table opened at that size), then under the dialogs again back to
# the first size (checked against the layout it had when it was opened there). Both ways with one
# reference app a game, not an app and a reference app for each way (session 38); the first resize
# after opening is 120 × 40 → 80 × 24 in two of the tests, 80 × 24 → 120 × 40 in the hot-seat one.
WIDE, SMALL = (120, 40), (80, 24)


def table_of(app: TriarchApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def layout(table: Any) -> tuple[Any, ...]:
    """What the table's layout depends on: its size, its size classes, the place of its main
    widget, and what the drawing chose for the size (HotG's cell width, the lanes' density)."""
    main = table.query_one("#board" if table.query("#board") else "#lanes")
    classes = tuple(sorted(c for c in table.classes if c.startswith("-") and c != "-covered-by-dialog"))
    drawn = getattr(table, "drawn_width", None), getattr(table, "dense", None)
    return tuple(table.size), classes, tuple(main.region), drawn


async def reference(game_id: str, size: tuple[int, int], hot: bool) -> tuple[Any, ...]:
    """The layout of the same table opened at `size`."""
    app = TriarchApp(LaunchSpec(game_id=game_id, vs="human" if hot else "ai", seed=3), ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if hot:
            await press(pilot, "enter")  # the cover of the first hand-over
            await settle(pilot)
        return layout(table_of(app))


@pytest.mark.parametrize("game_id", ENGINES)
async def test_the_table_under_a_dialog_takes_the_new_size(game_id: str) -> None:
    start, end = WIDE, SMALL
    want = {end: await reference(game_id, end, hot=False)}
    app = TriarchApp(LaunchSpec(game_id=game_id, vs="ai", seed=3), ai_pace=0)
    async with app.run_test(size=start) as pilot:
        await settle(pilot)
        table = table_of(app)
        want[start] = layout(table)  # (the table opened at `start`)
        for size in (end, start):
            # the typed action's dialog (`:`): the help did as well but laid its Markdown out twice
            # (~2 s CPU a test); the help itself resized is `test_hotg_s35`'s
            # `test_the_help_names_the_game_once`
            await press(pilot, "colon")
            assert app.screen is not table
            app.push_screen(ConfirmScreen("Sure?"))  # a dialog over a dialog over the table
            await settle(pilot)
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert layout(table) == want[size], f"under the dialogs, resized to {size}"
            await press(pilot, "n", "escape")
            await settle(pilot)
            assert app.screen is table
            assert layout(table) == want[size], f"the dialogs closed, at {size}"


@pytest.mark.parametrize("game_id", ENGINES)
async def test_the_table_under_the_hot_seat_cover_and_a_dialog_takes_the_new_size(game_id: str) -> None:
    start, end = SMALL, WIDE
    want = {end: await reference(game_id, end, hot=True)}
    app = TriarchApp(LaunchSpec(game_id=game_id, vs="human", seed=3), ai_pace=0)
    async with app.run_test(size=start) as pilot:
        await settle(pilot)
        table = table_of(app)
        want[start] = layout(table)  # (the table opened at `start`, under the cover)
        for size in (end, start):
            app.action_command_palette()  # over the cover
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert layout(table) == want[size], f"under the cover and the palette, resized to {size}"
            await press(pilot, "escape")
            await settle(pilot)
            assert screen_name(app) == "CoverScreen"
            assert layout(table) == want[size], f"under the cover, at {size}"
        await press(pilot, "enter")  # the cover
        await settle(pilot)
        assert app.screen is table
        assert layout(table) == want[start]


DECISIONS = [(g, k) for g, k in (("hotg", "reveal"), ("bhm", "invest"), ("scars", "block")) if g in ENGINES]


async def opened_save(path: Path, size: tuple[int, int]) -> tuple[Any, ...]:
    """The layout of the table under the decision dialog of the save opened at `size`."""
    app = resume_app(path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert screen_name(app) in ("TileDialog", "RowsDialog")
        return layout(table_of(app))


@pytest.mark.parametrize(("game_id", "kind"), DECISIONS)
async def test_the_table_under_a_decision_dialog_takes_the_new_size(
    game_id: str, kind: str, tmp_path: Path
) -> None:
    start, end = WIDE, SMALL
    path = tmp_path / "s.json"
    reach(game_id, kind, path)
    want = {end: await opened_save(path, end)}
    app = resume_app(path)
    async with app.run_test(size=start) as pilot:
        await settle(pilot)
        table = table_of(app)
        dialog = screen_name(app)
        assert dialog in ("TileDialog", "RowsDialog")
        want[start] = layout(table)  # (the save opened at `start`, under its dialog)
        for size in (end, start):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert screen_name(app) == dialog
            assert layout(table) == want[size], f"under the {dialog}, resized to {size}"
        await press(pilot, "escape")  # the dialog closes: the choice list will do
        await settle(pilot)
        assert app.screen is table
        assert layout(table) == want[start]
