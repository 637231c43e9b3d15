"""Session 38: the replay names the players one way on its one screen. Its head said `eyes: P1`,
its bars and log `P1`, but its status line `Turn 0 · Player 1 to draw` (BHM, The Scars) and its
end `game over: Player 2 wins`: now `P1`/`P2` everywhere on it (`ReplayScreen.seat_name`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .helpers import engine_ready, press, replay_app, screen_text, seeded_replay, settle

LANE_GAMES = [g for g in ("bhm", "scars") if engine_ready(g)]


@pytest.mark.parametrize("game_id", LANE_GAMES)
async def test_the_replay_names_the_players_as_its_head_does(game_id: str, tmp_path: Path) -> None:
    replay = seeded_replay(game_id, tmp_path, steps=12)
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(len(replay) + 1):
            text = screen_text(app)
            status = text.splitlines()[2]
            assert re.search(r"· P[12] to ", status), status  # whose decision, as the head's `P1`
            assert "Player" not in text, text
            await press(pilot, "right")
            await settle(pilot, look=False)
        await settle(pilot)
