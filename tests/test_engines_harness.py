"""Every engine through the generic harness (tests/harness.py).

The normal suite plays a few seeded random games per engine; `pytest -m slow`
plays many more."""

from __future__ import annotations

import pytest

from common.errors import EngineNotAvailable
from common.registry import GAMES, game_class
from tests.harness import exercise_game

FAST_SEEDS = [1, 2]
SLOW_SEEDS = list(range(100, 150))


def engine(game_id: str):
    try:
        return game_class(game_id)
    except EngineNotAvailable as exc:
        pytest.skip(str(exc))


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
