"""The generic engine test harness: every engine plugs in through the game interface.

`exercise_game` plays one seeded random game and checks, after every action:
the game has a legal action or is over; every legal action formats and parses
back to itself; a sample of illegal and malformed actions is refused with
`IllegalAction` and the state hash unchanged; `clone()` hashes equal to the
original (and the clone is independent); save → load round-trips; no card is
lost or duplicated. At the end the action list replayed from the setup gives
the same final hash.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from common.errors import EngineNotAvailable, IllegalAction
from common.game import Game
from common.registry import game_class
from common.soak import MALFORMED, illegal_samples

__all__ = ["MALFORMED", "HarnessResult", "engine", "exercise_game", "illegal_samples"]


def engine(game_id: str) -> type[Game]:
    """The game class of `game_id`; the test is skipped when its engine is not available."""
    try:
        return game_class(game_id)
    except EngineNotAvailable as exc:
        pytest.skip(str(exc))


@dataclass
class HarnessResult:
    actions: int
    over: bool
    winner: int | None
    final_hash: str


def exercise_game(
    game_cls: type[Game],
    seed: int,
    *,
    max_actions: int = 3000,
    full_load_every: int = 50,
    illegal_every: int = 1,
) -> HarnessResult:
    """Play one seeded random game through every check.

    Save → load is checked at every step incrementally: a second game is built
    from the JSON save's setup and replays each saved action text (through a
    JSON dump/load) as it appears, and its hash must equal the original's after
    every action; a full `from_json()` of the whole save runs every
    `full_load_every` actions and at the end.
    """
    game = game_cls.new_game(seed=seed)
    rng = random.Random(seed)
    game.check_invariants()
    first_save = json.loads(json.dumps(game.to_json()))
    loaded_inc = game_cls.from_json(first_save)
    assert loaded_inc.state_hash() == game.state_hash(), "a fresh save does not load to the same state"
    n = 0
    while not game.is_over() and n < max_actions:
        legal = game.legal_actions()
        d = game.decision()
        assert d is not None, "a game that is not over must have a pending decision"
        assert legal, f"no legal action for {d}"
        assert d.player in range(game_cls.players)
        h = game.state_hash()
        for a in legal:
            text = game.format_action(a)
            assert game.parse_action(text) == a, f"notation round-trip failed for {a} ({text!r})"
        if n % illegal_every == 0:
            for bad in illegal_samples(game, legal, rng):
                try:
                    game.apply(bad)
                except IllegalAction as exc:
                    assert exc.reason, "an illegal action needs a reason"
                else:
                    raise AssertionError(f"illegal action {bad!r} was accepted")
                assert game.state_hash() == h, f"refusing {bad!r} changed the state"
        action = rng.choice(legal)
        twin = game.clone()
        assert twin.state_hash() == h, "clone hash differs before the action"
        game.apply(action)
        n += 1
        game.check_invariants()
        assert twin.state_hash() == h, "applying to the original changed the clone"
        twin.apply(action)
        assert twin.state_hash() == game.state_hash(), f"clone diverged after {action}"
        data = json.loads(json.dumps(game.to_json()))
        assert data["setup"] == first_save["setup"] and len(data["actions"]) == n
        loaded_inc.apply(data["actions"][-1])
        assert loaded_inc.state_hash() == game.state_hash(), f"save/load changed the state at action {n}"
        if n % full_load_every == 0:
            loaded = game_cls.from_json(data)
            assert loaded.state_hash() == game.state_hash(), f"full reload differs at action {n}"
    final = game.state_hash()
    replayed = game_cls.from_json(game.to_json())
    assert replayed.state_hash() == final, "replaying the action list gave another state"
    if game.is_over():
        assert game.legal_actions() == [] and game.decision() is None
    return HarnessResult(n, game.is_over(), game.winner(), final)
