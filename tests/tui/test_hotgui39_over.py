"""Session 39, Hand of the Gods as a first-time player: the end of a game at 80 × 24.

The puzzle `through the guard` won by the keyboard: the winning attack shows the log in the
card panel's place, and the dialog came over its last lines wrapped at 16 columns (`P2's
Summoning / Stone is / destroyed: P1`) — the screen was never laid out while the dialog
waited for the log to be wrapped at its width. (That came on a loaded machine, when no idle
time came between the attack and the dialog: here, with `settle`'s idle waits, this test
guards the end as it reads but did not fail without the fix.)"""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import ROOT, game_app, press, screen_name, screen_text, settle

GUARDED = (ROOT / "hotg" / "scenarios" / "puzzle_guarded_stone.toml").read_text(encoding="utf-8")
# Thunder of Olympus and Bolt on the Jackal Guardian, Battle Fury on the Bull Demon King, which
# steps beside the enemy stone and attacks it (the cursor goes to each first mark)
SOLUTION = [["1"], ["enter"], ["a"], ["enter"], ["1"], ["enter"], ["enter"], ["up", "right", "enter"]]
SOLUTION += [["enter"], ["right", "enter"]]


async def test_the_log_under_the_end_dialog_is_wrapped_at_its_width(tmp_path: Path) -> None:
    app = game_app("hotg", seed=1, scenario=GUARDED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in SOLUTION:
            await press(pilot, *keys)
            await settle(pilot)
        assert screen_name(app) == "PuzzleScreen"
        text = screen_text(app)
        assert "Puzzle solved" in text
        assert "P2's Summoning Stone is destroyed: P1" in text, text
