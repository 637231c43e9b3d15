"""A choice that fills its line keeps a column from the list's border (as the number's
space keeps one on the left)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

import tui
from common.game import Action
from tui.app import TriarchApp
from tui.widgets.actions import ActionList

from .helpers import engine_ready, screen_text, settle

# cut between words at 80 × 24, it still fills its line: `Answer with Mirror… the dead zone`
LONG = "Answer with Mirror Edict on Thunder Knight, whose card goes to the dead zone"
FOLDED = "Name " + "Y" * 70  # from 120 × 40 Textual wraps the choices: a long word fills its lines


class _List(App[None]):
    CSS_PATH = str(Path(tui.__file__).parent / "styles" / "app.tcss")
    CSS = "ActionList { width: 40; height: 6; }"

    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def compose(self) -> ComposeResult:
        yield ActionList(id="actions")

    def on_mount(self) -> None:
        if self.wide:
            self.screen.add_class("-wide", "-tall")
        text = FOLDED if self.wide else LONG
        self.query_one(ActionList).show([(Action("a", (1,)), text), (Action("b", (2,)), "Pass")])


@pytest.mark.parametrize("wide", [False, True])
async def test_a_choice_that_fills_its_line_does_not_touch_the_border(wide: bool) -> None:
    app = _List(wide)
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        rows = [line[:40] for line in screen_text(app).splitlines()[1:5]]
        said = [row[1:-1] for row in rows if row.startswith("│")]
        # from 120 × 40 the scrollbar's 2 columns are kept too: the margin is before them
        margin = 3 if wide else 1
        assert said and all(row.endswith(" " * margin) for row in said), rows
        assert any(len(row.rstrip()) == len(row) - margin for row in said), rows  # one filled its line


async def test_from_120x40_a_wrapped_choice_goes_on_under_its_text() -> None:
    """Textual's own wrap brought a choice's second line back under its number (`Thunder
    Knight, whose…` at the edge read as a choice of its own, BHM and the generic table)."""
    app = _List(wide=True)
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        list_ = app.query_one(ActionList)
        list_.show([(Action("a", (1,)), LONG), (Action("b", (2,)), "Pass")])
        await pilot.pause()
        rows = [line[1:39] for line in screen_text(app).splitlines()[1:5]]
        assert rows[0].startswith(" 1. Answer") and rows[1].startswith("    ") and rows[1].strip(), rows


@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
async def test_the_bhm_log_hangs_its_wrapped_lines() -> None:
    from tui.launch import LaunchSpec
    from tui.widgets.log import GameLog

    app = TriarchApp(LaunchSpec(game_id="bhm", vs="ai", seed=3), ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(GameLog).hanging
