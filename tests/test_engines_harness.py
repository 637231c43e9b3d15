"""Every engine through the generic harness (tests/harness.py).

The normal suite plays a few seeded random games per engine; `pytest -m slow`
plays many more."""

from __future__ import annotations

import pytest

from common.registry import GAMES
from tests.harness import engine, exercise_game

FAST_SEEDS = [1, 2]
SLOW_SEEDS = list(range(100, 150))


@pytest.mark.parametrize("seed", FAST_SEEDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_engine_harness(game_id: str, seed: int) -> None:
    r = exercise_game(engine(game_id), seed)
    assert r.over, f"{game_id} seed {seed}: no end after {r.actions} random actions"


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_engine_harness_soak(game_id: str, seed: int) -> None:
    r = exercise_game(engine(game_id), seed, full_load_every=200)
    assert r.over
