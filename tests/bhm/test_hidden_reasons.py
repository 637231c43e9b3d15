"""BH-01: the decks, the other hand, the other side's set-aside cards and its face-down
invocations are hidden; the reason given for a refused action never names a card its player
cannot see (`:call 1` answered `Ember Squire is not in your hand` for a card of a deck)."""

from __future__ import annotations

import pytest

from bhm.game import BhmGame
from common.game import Action


def hidden_cards(g: BhmGame, p: int) -> list:  # type: ignore[type-arg]
    return [
        *g.zones.in_zone(f"hand:{1 - p}"),
        *g.zones.in_zone(f"invocations:{1 - p}"),
        *g.zones.in_zone(f"deck:{1 - p}"),
        *g.zones.in_zone(f"deck:{p}"),
    ]


@pytest.mark.parametrize(
    "verb", ["call", "power", "discard", "territory", "strategy", "equip", "invoke", "aside"]
)
def test_bh01_a_refusal_never_names_a_card_it_hides(verb: str) -> None:
    g = BhmGame.new_game(seed=3)
    d = g.decision()
    assert d is not None
    hidden = hidden_cards(g, d.player)
    assert len(hidden) > 50
    for c in hidden:
        reason = g.explain_illegal(Action(verb, (c.uid,)))
        assert c.name not in reason, (c.name, reason)


def test_bh01_the_other_sides_set_aside_cards_are_hidden_too() -> None:
    g = BhmGame.new_game(seed=3)
    d = g.decision()
    assert d is not None
    aside = next(a for a in g.legal_actions() if a.kind == "aside")
    g.apply(aside)  # a card of the first player's set aside, face down
    card = g.card(int(aside.args[0]))
    assert card.zone == f"aside:{d.player}"
    other = 1 - d.player
    assert not g.zones.seen_by(card.uid, other) and g.zones.seen_by(card.uid, d.player)


def test_bh01_a_card_of_your_own_hand_is_still_named() -> None:
    g = BhmGame.new_game(seed=3)
    d = g.decision()
    assert d is not None
    mine = g.zones.in_zone(f"hand:{d.player}")[0]
    assert mine.name in g.explain_illegal(Action("territory", (mine.uid,)))
