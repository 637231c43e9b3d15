"""A prayer with no target whose effect has nothing to work on is not offered (SC-15 ⚖,
docs/rulings.md, session 40): Oath of Return with no life card in its player's discard, Mind Rot
against an empty hand. Only the opponent's answer could give them something to do (damage to the
hero, a card drawn), as for a heal on an unhurt unit (`test_rules_heal.py`). Rally the Ranks with
no unit in play stays legal (its own player may bring a unit in first) but the AIs count it as
changing nothing."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action
from scars.ai_search import candidates
from tests.scars.util import P, has, make, play, resolve, uid


def test_sc15_oath_of_return_is_offered_only_with_a_life_card_to_return() -> None:
    """With 12 lives and none lost, Oath of Return is not offered and casting it is refused with
    the reason; the same hand with a life card in the discard may cast it, and it returns it."""
    g = make(P(energy=4, lives=12, hand=["legion_oath"]), P("hero_korrag"))
    oath = uid(g, "legion_oath")
    assert not has(g, f"cast {oath}")
    why = g.explain_illegal(Action.parse(f"cast {oath}"))
    assert why == "Oath of Return would do nothing: there is no life card in your discard to return (SC-15)"
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(f"cast {oath}")
    assert g.state_hash() == before and g.card(oath).zone == "hand:0"

    hurt = make(P(energy=4, lives=11, hand=["legion_oath"], discard=["life"]), P("hero_korrag"))
    oath = uid(hurt, "legion_oath")
    assert has(hurt, f"cast {oath}")
    play(hurt, f"cast {oath}")
    resolve(hurt)
    assert hurt.lives(0) == 12


def test_sc15_a_unit_card_in_the_discard_is_no_life_to_return() -> None:
    """The discard holds a unit, not a life card: still nothing for Oath of Return to do."""
    g = make(P(energy=4, lives=12, hand=["legion_oath"], discard=["legion_pikeman"]), P("hero_korrag"))
    assert not has(g, f"cast {uid(g, 'legion_oath')}")


def test_sc15_mind_rot_is_not_offered_against_an_empty_hand() -> None:
    """Mind Rot ("your opponent discards two cards at random") against an empty hand is refused
    with the reason; against one card it is offered."""
    g = make(P("hero_nyx", energy=4, hand=["umb_mindrot"]), P("hero_korrag", hand=[]))
    rot = uid(g, "umb_mindrot")
    assert not has(g, f"cast {rot}")
    assert g.explain_illegal(Action.parse(f"cast {rot}")) == (
        "Mind Rot would do nothing: your opponent has no card in hand (SC-15)"
    )
    g2 = make(P("hero_nyx", energy=4, hand=["umb_mindrot"]), P("hero_korrag", hand=["n_militia"]))
    assert has(g2, f"cast {uid(g2, 'umb_mindrot')}")


def test_sc15_rally_with_no_unit_stays_legal_but_changes_nothing() -> None:
    """Rally the Ranks with no unit of its player in play is still offered (a Lightning unit or a
    token of theirs may enter before it resolves) but `changes_nothing` says so, and the searching
    levels' candidates leave it out; with a unit in play it is a candidate."""
    g = make(P(energy=4, hand=["legion_rally"]), P("hero_korrag"))
    rally = uid(g, "legion_rally")
    a = Action.parse(f"cast {rally}")
    assert has(g, f"cast {rally}") and g.changes_nothing(a)
    assert a not in candidates(g, g.legal_actions())
    g2 = make(
        P(energy=4, hand=["legion_rally"], units=[{"card": "legion_pikeman", "position": "attack"}]),
        P("hero_korrag"),
    )
    a2 = Action.parse(f"cast {uid(g2, 'legion_rally')}")
    assert not g2.changes_nothing(a2) and a2 in candidates(g2, g2.legal_actions())
