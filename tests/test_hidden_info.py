"""Hidden information: `view(p)` never names a card the seat cannot see (the opponent's
hand, any deck order), at every step of seeded random games, for every engine."""

from __future__ import annotations

import json
import random

import pytest

from common.game import Game
from common.registry import game_class
from common.zones import Visibility

GAMES = ("hotg", "bhm", "scars")


def _leaks(g: Game, p: int) -> list[str]:
    """Card ids/names of cards hidden from seat `p` that appear in `view(p)`.

    A card id that the seat also sees elsewhere (its own cards, public zones) is
    ambiguous and skipped: only ids the seat has no legitimate way to know count.
    """
    text = json.dumps(g.view(p), ensure_ascii=False)
    known: set[str] = set()
    for zone in g.zones.zones.values():
        if zone.visibility is Visibility.PUBLIC or zone.owner == p:
            for uid in zone.cards:
                defn = g.zones.cards[uid].defn
                known |= {defn.id, defn.name}
    found = []
    for zone in g.zones.zones.values():
        if zone.visibility is Visibility.PUBLIC or (zone.visibility is Visibility.OWNER and zone.owner == p):
            continue
        for uid in zone.cards:
            defn = g.zones.cards[uid].defn
            if defn.id in known or defn.name in known:
                continue
            if f'"{defn.id}"' in text or f'"{defn.name}"' in text:
                found.append(f"{zone.name}: {defn.id}")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_view_hides_opponent_hand_and_deck_contents(game_id: str) -> None:
    """At every step of two seeded random games, neither seat's view names a hidden card."""
    cls = game_class(game_id)
    for seed in (1, 2):
        g = cls.new_game(seed=seed, options={}, decks=[None, None], scenario=None)
        rnd = random.Random(seed)
        for step in range(150):
            if g.is_over():
                break
            for p in (0, 1):
                assert not _leaks(g, p), (seed, step, p, _leaks(g, p))
            g.apply(rnd.choice(g.legal_actions()))
