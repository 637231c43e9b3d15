"""The Scars, session 36 (what a player stumbles on at the table): a replay says why the first
hand is one card short (SC-03) and `triarch replay --print` runs in a fresh process; a cost in
brackets is never broken at the end of a line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from tui.screens.scars import ScarsReplayScreen, ScarsScreen
from tui.widgets.actions import wrapped
from tui.widgets.detail import note_text
from tui.widgets.lanes import LaneBoard, Seg, words
from tui.widgets.log import GameLog, hang_wrap
from tui.wording import costs_whole

from .helpers import ROOT, engine_ready, game_app, replay_app, scenario, seeded_replay, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

SC03 = "(plays first: one card fewer, SC-03)"


def table_of(app: Any) -> ScarsScreen:
    return next(s for s in app.screen_stack if isinstance(s, ScarsScreen))


# -- 1. a replay's opening: the first player's 6 cards (SC-03) -----------------------------------------
async def test_the_replay_screen_says_why_the_first_hand_is_one_card_short(tmp_path: Path) -> None:
    """SC-03: the first player draws 6, the other 7. The game's log said why; the replay of the
    same game (`triarch replay FILE`) said `P2 draws 6 cards` and nothing more."""
    replay = seeded_replay("scars", tmp_path, steps=6)
    first = next(ev.data.get("player") for ev in replay.opening if ev.kind == "coin")
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, ScarsReplayScreen))
        log = screen.query_one(GameLog).plain
        assert f"  P{first + 1} draws 6 cards {SC03}" in log, log
        assert f"  P{2 - first} draws 7 cards" in log, log


def test_replay_print_says_it_too_in_a_fresh_process(tmp_path: Path) -> None:
    """`triarch replay FILE --print` in a process of its own (as a player runs it) failed on a
    circular import (`tui.replay_goal` → `tui.screens.puzzle` → `tui.screens` → the replay screen →
    `tui.replay_goal`) before it printed a line; now it prints the opening as the game's log says it."""
    replay = seeded_replay("scars", tmp_path, steps=6)
    first = next(ev.data.get("player") for ev in replay.opening if ev.kind == "coin")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRIARCH_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", "--print", str(tmp_path / "scars.json")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert f"  P{first + 1} draws 6 cards {SC03}" in lines, lines[:6]
    assert f"  P{2 - first} draws 7 cards" in lines, lines[:6]


# -- 2. a cost in brackets is never broken at the end of a line ----------------------------------------
CHOICE = "Play Standard-Bearer (3 energy) sheltering Crossbow Sergeant"  # 80 × 24: `(3` | `energy)`


def test_a_choice_keeps_its_cost_whole_on_a_line() -> None:
    """The choice list at 80 × 24 (33 columns of words) read `Play Standard-Bearer (3` over
    `energy) sheltering Crossbow Sergeant`; the cost goes to the next line whole."""
    lines = wrapped(CHOICE, 23)
    assert lines[0] == "Play Standard-Bearer", lines
    assert lines[1].startswith("(3 energy)"), lines
    shelter = wrapped("Field Medic shelters Shieldbearer Recruit (pay 1 life)", 48)
    assert shelter == ["Field Medic shelters Shieldbearer Recruit", "(pay 1 life)"], shelter
    # a place and a cost in one bracket: the cost whole
    placed = wrapped("Play Grey Wolf (2nd in hand, 1 energy) sheltering Grey Wolf (1st in ATK)", 38)
    assert not [line for line in placed if line.endswith(" 1") or line.startswith("energy)")], placed


def test_only_a_cost_is_kept_whole() -> None:
    """What is not a cost wraps as before: `(12 lives left)`, `your last life: you lose`."""
    for text in (
        "Move a life to energy (12 lives left)",
        "Turn Wolf to attack (pay 1 life — your last life: you lose)",
    ):
        assert costs_whole(text) == text
    assert costs_whole("Hero ability (2 energy): give") == "Hero ability (2\xa0energy): give"


def test_the_log_keeps_a_cost_whole() -> None:
    """The log at 80 × 24 (36 columns): `Player 1 (you): Hero ability (2` over `    energy)`."""
    lines = hang_wrap("Player 1 (you): Hero ability (2 energy)", 36)
    assert lines == ["Player 1 (you): Hero ability", "    (2 energy)"], lines


async def test_the_log_on_screen_keeps_the_hero_abilitys_cost_whole() -> None:
    """At 80 × 24 against the AI the hero ability's line in the log broke its cost."""
    app = game_app("scars", seed=3, scenario=scenario("scars_hero_ability"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.choose(next(a for a in app.session.legal() if a.kind == "hero"))
        await settle(pilot)
        drawn = [strip.text.rstrip() for strip in table.query_one(GameLog).lines]
        assert any("(3 energy): create 1 Wolf token" in line for line in drawn), drawn
        assert not [line for line in drawn if line.endswith("(3")], drawn


def test_the_lanes_keep_a_cost_whole() -> None:
    """The `last:` line of the lanes (120 × 40) read `… Play Tusked Boar (2` over `energy) in attack`:
    `words` gives the cost as one segment, its spaces as they were, and the board wraps before it."""
    text = " ★ P2 (AI) last: Play Tusked Boar (2 energy) in attack"
    segs = words(text)
    assert Seg("(2 energy) ") in segs, segs
    assert "".join(s.text for s in segs) == text
    board = LaneBoard()
    board.lines, board.line_styles = [segs], [""]
    placed, rows, _ = board._layout(36)
    said = ["".join(p.seg.text for p in placed if p.row == r).rstrip() for r in range(rows)]
    assert said == [" ★ P2 (AI) last: Play Tusked Boar", "(2 energy) in attack"], said


def test_the_card_panel_keeps_a_cost_whole() -> None:
    """The card panel's first line is the choice's words: `Turn Shieldbearer Recruit to attack
    (pay 1` over `energy)` at 120 × 40; a note without a cost is the `Text` it was."""
    note = note_text("Turn Shieldbearer Recruit to attack (pay 1 energy)", "italic")
    console = Console(width=44, record=True, file=io.StringIO())
    console.print(note)
    drawn = [line.rstrip() for line in console.export_text().splitlines()]
    assert drawn == ["Turn Shieldbearer Recruit to attack", "(pay 1 energy)"], drawn
    assert isinstance(note_text("Enter: the 3 choices with this card", "dim"), Text)
