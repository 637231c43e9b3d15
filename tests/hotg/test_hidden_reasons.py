"""The decks and the other hand are hidden: the reason given for a refused action never names
a card its player cannot see (`:ability 1` answered `Hoplite is not on the battlefield` for a
card of a deck; a spell's `target` did too)."""

from __future__ import annotations

import random

from common.game import Action
from hotg.game import HotgGame


def test_a_refusal_never_names_a_card_of_a_deck_or_of_the_other_hand() -> None:
    g = HotgGame.new_game(seed=3)
    rng = random.Random(2)
    asked = 0
    for _ in range(80):  # along a random game: the decisions of both sides, targets pending
        if g.is_over():
            break
        d = g.decision()
        assert d is not None
        hidden = [
            c
            for c in g.zones.cards.values()
            if c.zone.startswith("deck:") or c.zone == f"hand:{1 - d.player}"
        ]
        kinds = {a.kind for a in g.legal_actions()} | {
            "play",
            "cast",
            "move",
            "attack",
            "warcry",
            "ability",
            "target",
        }
        for c in hidden:
            for kind in kinds:
                for args in ((c.uid,), (c.uid, "2,1")):
                    reason = g.explain_illegal(Action(kind, args))
                    asked += 1
                    assert c.name not in reason, (kind, args, reason)
        g.apply(rng.choice(g.legal_actions()))
    assert asked > 10_000


def test_a_unit_of_the_battlefield_is_still_named() -> None:
    g = HotgGame.new_game(seed=3)
    d = g.decision()
    assert d is not None
    stone = next(c for c in g.zones.cards.values() if c.zone == "board" and c.defn.name == "Summoning Stone")
    assert "Summoning Stone" in g.explain_illegal(Action("move", (stone.uid, "2,1")))
