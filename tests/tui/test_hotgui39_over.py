"""Session 39, Hand of the Gods as a first-time player: the end of a game at 80 × 24.

The puzzle `through the guard` won by the keyboard: the winning attack shows the log in the
card panel's place, and the dialog came over its last lines wrapped at 16 columns (`P2's
Summoning / Stone is / destroyed: P1`) — the screen was never laid out while the dialog
waited for the log to be wrapped at its width. That came on a loaded machine, when no idle
time came between the attack and the dialog; with `settle`'s idle waits the layout comes on
its own, and the test passed without the fix. `starved` holds it back, as the load did: from
the moment the dialog's wait starts, the table is laid out only once the screen asks for it
while waiting (`refresh(layout=True)`, the fix in `GameScreen.show_game_over`), and the log's
width reads as just shown, not laid out (0), until then.

Session 39 (endlayout39): that model is not what happened. The layout was not held back: it
came, and found nothing to tell the log — the last two keys (`right`, the card panel; `enter`,
the attack, the log shown again) were handled before the screen's next layout, so the log was
sent neither Show nor Resize, and the dialog's wait ran out with or without the
`refresh(layout=True)`. The real sequence, and the fix (`GameLog.render_lines`), are in
`test_endlayout39_shown_again.py`; this test keeps the wait going on the screen's refreshes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.helpers import ROOT, game_app, press, screen_name, screen_text, settle
from tui.screens.game import GameScreen
from tui.widgets.log import GameLog

GUARDED = (ROOT / "hotg" / "scenarios" / "puzzle_guarded_stone.toml").read_text(encoding="utf-8")
# Thunder of Olympus and Bolt on the Jackal Guardian, Battle Fury on the Bull Demon King, which
# steps beside the enemy stone and attacks it (the cursor goes to each first mark)
SOLUTION = [["1"], ["enter"], ["a"], ["enter"], ["1"], ["enter"], ["enter"], ["up", "right", "enter"]]
SOLUTION += [["enter"], ["right", "enter"]]


@pytest.fixture
def starved(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """The table's layout held from the start of the end dialog's wait (`started`) until the
    screen asks for one while it waits (`held` says whether it still is)."""
    hold = {"held": False, "started": False}
    show_game_over, refresh_layout = GameScreen.show_game_over, GameScreen._refresh_layout
    refresh, width_now = GameScreen.refresh, GameLog._width_now

    def wait_starts(self: GameScreen) -> None:
        hold["held"] = hold["started"] = True
        show_game_over(self)

    def layout(self: GameScreen, *args: Any, **kwargs: Any) -> None:
        if not hold["held"]:
            refresh_layout(self, *args, **kwargs)

    def asked(self: GameScreen, *args: Any, layout: bool = False, **kwargs: Any) -> GameScreen:
        if layout and hold["held"] and self.game_over_pending:
            hold["held"] = False
        return refresh(self, *args, layout=layout, **kwargs)

    def width(self: GameLog) -> int:
        return 0 if hold["held"] else width_now(self)

    monkeypatch.setattr(GameScreen, "show_game_over", wait_starts)
    monkeypatch.setattr(GameScreen, "_refresh_layout", layout)
    monkeypatch.setattr(GameScreen, "refresh", asked)
    monkeypatch.setattr(GameLog, "_width_now", width)
    return hold


async def test_the_log_under_the_end_dialog_is_wrapped_at_its_width(
    tmp_path: Path, starved: dict[str, bool]
) -> None:
    app = game_app("hotg", seed=1, scenario=GUARDED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in SOLUTION:
            await press(pilot, *keys)
            await settle(pilot)
        assert screen_name(app) == "PuzzleScreen"
        text = screen_text(app)
        assert "Puzzle solved" in text
        # the dialog opened over the log's last lines as they stay, wrapped at its width (without
        # the fix: over the card panel, the table never laid out for the end)
        assert "P2's Summoning Stone is destroyed: P1" in text, text
        assert starved["started"]  # (the layout was held back: else this says nothing of the fix)
