"""The applying of actions and the facade's own paths (session 41, `hotgapply41`).

* A random game runs no `import` statement: the card effects' registry is read from the module
  imported once (`hotg/core.py`'s end), not imported at every ability (an import statement ran
  the import machinery each time, ≈ 10K instructions: docs/performance.md, Session 41).
* `HotgGame.apply_legal` (in one frame) does what `apply` does to a legal action: the same state
  hash, events and history, step by step.
* A game's RNG is its core's, read and set through the `rng` property (a game made without
  `Game.__init__`, and no RNG of its own).
"""

from __future__ import annotations

import builtins
import random
from typing import Any

import pytest

from common.bench import random_playout
from common.rng import GameRng
from hotg.game import HotgGame


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_game_runs_no_import_statement(seed: int) -> None:
    HotgGame.new_game(seed=seed)  # (whatever a first game imports, imported before counting)
    real_import = builtins.__import__
    imported: list[str] = []

    def counting_import(name: str, *args: Any, **kwargs: Any) -> Any:
        imported.append(name)
        return real_import(name, *args, **kwargs)

    # (set by hand: pytest's monkeypatch imports `inspect` as it sets an attribute)
    builtins.__import__ = counting_import
    try:
        game, actions, _ = random_playout(HotgGame, seed)
    finally:
        builtins.__import__ = real_import
    kinds = {e[0] for e in game.core.log}  # (the events' tuples: a random game never reads the log)
    assert "ability" in kinds and "damage" in kinds  # (resolve_ability and the effects ran)
    assert len(actions) > 50
    assert imported == []


@pytest.mark.parametrize("seed", [4, 5])
def test_apply_legal_does_what_apply_does(seed: int) -> None:
    legal_path = HotgGame.new_game(seed=seed)
    checked_path = HotgGame.new_game(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not legal_path.is_over() and steps < 400:
        action = rng.choice(legal_path.legal_actions())
        mark = len(legal_path.log)
        legal_path.apply_legal(action)
        events = checked_path.apply(action)
        assert [(e.kind, e.text) for e in legal_path.log.since(mark)] == [(e.kind, e.text) for e in events]
        assert legal_path.state_hash() == checked_path.state_hash()
        steps += 1
    assert steps > 50
    assert legal_path.history == checked_path.history and len(legal_path.history) == steps


def test_a_games_rng_is_its_cores() -> None:
    g = HotgGame.new_game(seed=7)
    assert g.rng is g.core.rng
    other = GameRng(99)
    g.rng = other
    assert g.core.rng is other
    twin = g.clone()
    assert twin.rng is twin.core.rng and twin.core.rng is not other
    assert twin.rng.digest() == g.rng.digest()
    assert "_rng" not in vars(g)  # (no RNG of its own beside the core's)
