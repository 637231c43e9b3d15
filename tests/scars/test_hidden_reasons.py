"""SC-30: the other hand and the decks are hidden; the reason given for a refused action
never names a card its player cannot see (`:cast 104` answered `Pack Alpha is not in your
hand` for a card of the other hand, `Grey Wolf …` for a card of a deck)."""

from __future__ import annotations

import pytest

from common.game import Action
from scars.game import ScarsGame


@pytest.mark.parametrize("verb", ["cast", "attack", "support", "equip", "ability", "block"])
def test_sc30_a_refusal_never_names_a_card_of_the_other_hand_or_of_a_deck(verb: str) -> None:
    g = ScarsGame.new_game(seed=8)
    d = g.decision()
    assert d is not None
    p = d.player
    hidden = [
        *g.zones.in_zone(f"hand:{1 - p}"),
        *g.zones.in_zone(f"deck:{1 - p}"),
        *g.zones.in_zone(f"deck:{p}"),
    ]
    assert hidden
    for c in hidden:
        reason = g.explain_illegal(Action(verb, (c.uid,)))
        assert c.name not in reason, (c.name, reason)
        assert reason == f"there is no card {c.uid} (card numbers are shown next to each card)"


def test_sc30_a_card_of_your_own_hand_is_still_named() -> None:
    g = ScarsGame.new_game(seed=8)
    d = g.decision()
    assert d is not None
    mine = g.zones.in_zone(f"hand:{d.player}")[0]
    assert mine.name in g.explain_illegal(Action("attack", (mine.uid,)))
