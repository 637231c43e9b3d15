"""An action that puts a card where the other player may not see it is named, in
the log's words, only to the player who takes it (the UI's log and the replay's
status line use `describe_action_for`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bhm.game import BhmGame
from common.game import Game
from scars.game import ScarsGame


def first_state_with(cls: Any, kind: str, seed: int = 1) -> tuple[Any, Any]:
    """A random game's first state that offers an action of `kind`."""
    for s in range(seed, seed + 50):
        g = cls.new_game(seed=s)
        rng = random.Random(s)
        for _ in range(400):
            if g.is_over():
                break
            acts = g.legal_actions()
            found = [a for a in acts if a.kind == kind]
            if found:
                return g, found[0]
            g.apply(rng.choice(acts))
    raise AssertionError(f"no {kind} action in 50 random games")


@pytest.mark.parametrize(
    ("cls", "kind", "hidden"),
    [(BhmGame, "aside", "aside"), (ScarsGame, "support", "face down")],
    ids=["bh02-aside", "sc22-support"],
)
def test_bh02_sc22_a_card_going_face_down_is_named_only_to_its_owner(
    cls: type[Game], kind: str, hidden: str
) -> None:
    """BH-02: a card set aside in the mulligan; SC-22: a support placed face down. The owner
    reads its name; the other player and the shared log read the words without it."""
    g, act = first_state_with(cls, kind)
    owner = g.decision().player
    name = g.card(int(act.args[0])).name
    assert name in g.describe_action_for(act, owner)
    for seat in (1 - owner, None):
        words = g.describe_action_for(act, seat)
        assert name not in words and hidden in words
