"""`triarch replay`: a saved game replayed step by step gives the state hash
of the game as it was played at every step, forward and back (issue 8,
reliability 4); the replay screen's keys; `--print` for scripts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from common.game import Game
from common.registry import game_class
from common.saves import Replay, save_game
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.cli import main

from .helpers import engine_ready, press, screen_name, screen_text, settle

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


def play(cls: type[Game], seed: int, steps: int) -> tuple[Game, list[str]]:
    """A seeded random game and its hash after every action, as played."""
    rng = random.Random(seed)
    g = cls.new_game(seed=seed)
    hashes = [g.state_hash()]
    while not g.is_over() and len(g.history) < steps:
        g.apply(rng.choice(g.legal_actions()))
        hashes.append(g.state_hash())
    return g, hashes


@pytest.mark.parametrize("game_id", [*ENGINES, "toy"])
@pytest.mark.parametrize("steps", [40, 10_000])  # a saved game in progress, a finished game
def test_a_replay_reproduces_the_hash_of_every_step(
    game_id: str, steps: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if game_id == "toy":
        request.getfixturevalue("toy")
    cls = ToyGame if game_id == "toy" else game_class(game_id)
    game, hashes = play(cls, 17, steps)
    path = tmp_path / "s.json"
    save_game(game, path)
    replay = Replay.load(path)
    assert len(replay) == len(game.history)
    assert replay.hashes() == hashes
    # Stepping back then forward again (the states are kept, never replayed anew).
    for i in range(len(replay), -1, -1):
        assert replay.state(i).state_hash() == hashes[i]
    assert replay.state(len(replay)).is_over() == game.is_over()


def test_print_lists_every_action_and_hash(toy: None, tmp_path: Path) -> None:
    game, hashes = play(ToyGame, 5, 8)
    save_game(game, tmp_path / "s.json")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "s.json"), "--print", "--hashes"])
    assert r.exit_code == 0, r.output
    for i, h in enumerate(hashes):
        assert f"{i:>4}. hash {h[:16]}" in r.output
    assert "P1 plays" in r.output or "P1 draws" in r.output
    assert f"final: in progress · hash {hashes[-1][:16]}" in r.output


async def test_the_replay_screen_steps_forward_and_back(toy: None, tmp_path: Path) -> None:
    game, hashes = play(ToyGame, 9, 30)
    path = tmp_path / "s.json"
    save_game(game, path)
    replay = Replay.load(path)
    n = len(replay)
    app = TriarchApp(replay=replay, ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == "ReplayScreen"
        assert f"step 0/{n}" in screen_text(app) and "the start of the game" in screen_text(app)

        def shown() -> str:
            return screen.replay.state(screen.step).state_hash()

        await press(pilot, "right", "l", "n", "space")
        await settle(pilot)
        assert screen.step == 4 and shown() == hashes[4]
        assert f"step 4/{n}" in screen_text(app) and "4. P" in screen_text(app)
        await press(pilot, "left", "h")
        await settle(pilot)
        assert screen.step == 2 and shown() == hashes[2]
        await press(pilot, "p", "p", "p")  # one past the start: stays at 0
        assert screen.step == 0 and shown() == hashes[0]
        await press(pilot, "end")
        await settle(pilot)
        assert screen.step == n and shown() == hashes[n]
        assert "game over" in screen_text(app) or not game.is_over()
        await press(pilot, "right")
        assert screen.step == n
        await press(pilot, "home")
        assert screen.step == 0
        # Whose eyes: the spectator sees no hand, player 1 their own.
        hand = [game.zones.card(u).defn.id for u in replay.state(0).zones["hand:0"].cards]
        assert not any(name in screen_text(app) for name in hand)
        await press(pilot, "v")
        await settle(pilot)
        assert "eyes: player 1" in screen_text(app)
        assert all(name in screen_text(app) for name in hand)
        await press(pilot, "q")
        await settle(pilot)
    assert app.return_code == 0
