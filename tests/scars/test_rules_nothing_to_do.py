"""A prayer with no target whose effect has nothing to work on is not offered (SC-15 ⚖,
docs/rulings.md, sessions 40 and 41): Oath of Return with no life card in its player's discard, Mind
Rot against an empty hand (session 40); Second Wind with none of its player's energy cards tapped,
Rally the Ranks with no unit of its player in play (session 41). Only an answer could give them
something to do: the opponent's (damage to the hero, a card drawn), as for a heal on an unhurt unit
(`test_rules_heal.py`), or their own player's, which that player can play first and answer with the
prayer (LIFO, SC-31: the prayer resolves first, the same result)."""

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


def test_sc15_rally_with_no_unit_is_not_offered() -> None:
    """Rally the Ranks ("your units get +1/+1") with no unit of its player in play is not offered
    and is refused with the reason (session 41; session 40 kept it legal for a Lightning unit or a
    token its player might bring in first — which that player can bring in before it, then cast
    Rally); `changes_nothing` says so too, and the searching levels' candidates leave it out. With
    a unit in play it is offered, a candidate, and buffs it."""
    g = make(P(energy=4, hand=["legion_rally"]), P("hero_korrag"))
    rally = uid(g, "legion_rally")
    a = Action.parse(f"cast {rally}")
    assert not has(g, f"cast {rally}") and g.changes_nothing(a)
    assert g.explain_illegal(a) == "Rally the Ranks would do nothing: you have no unit in play (SC-15)"
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(a)
    assert g.state_hash() == before
    g2 = make(
        P(energy=4, hand=["legion_rally"], units=[{"card": "legion_pikeman", "position": "attack"}]),
        P("hero_korrag"),
    )
    a2 = Action.parse(f"cast {uid(g2, 'legion_rally')}")
    assert has(g2, a2.notation()) and not g2.changes_nothing(a2) and a2 in candidates(g2, g2.legal_actions())
    pike = g2.card(uid(g2, "legion_pikeman"))
    play(g2, a2.notation())
    resolve(g2)
    assert (g2.attack_of(pike), g2.defense_of(pike)) == (3, 3)


def test_sc15_a_unit_brought_in_first_is_rallied() -> None:
    """What session 40 kept Rally for: a unit of its player's in play when Rally resolves. The
    player brings the unit in first (a Pikeman cast and resolved), then Rally is offered and
    buffs it."""
    g = make(P(energy=6, hand=["legion_rally", "legion_pikeman"]), P("hero_korrag"))
    rally, pike = uid(g, "legion_rally"), uid(g, "legion_pikeman")
    assert not has(g, f"cast {rally}")
    play(g, f"cast {pike} attack")
    resolve(g)
    assert has(g, f"cast {rally}")
    play(g, f"cast {rally}")
    resolve(g)
    assert g.attack_of(g.card(pike)) == 3


@pytest.mark.parametrize("pool", [0, 1])
def test_sc15_second_wind_with_no_energy_card_tapped_is_not_offered(pool: int) -> None:
    """Second Wind ("untap up to two of your energy cards") with none of its player's energy cards
    tapped: paid from the pool it would untap nothing; paid by tapping an energy card it would
    untap only that one (the game as before, the card spent). Not offered, refused with the
    reason, the state unchanged."""
    g = make(P("hero_nyx", energy=3, pool=pool, hand=["n_second_wind"]), P("hero_korrag"))
    sw = uid(g, "n_second_wind")
    a = Action.parse(f"cast {sw}")
    assert not has(g, a.notation()) and g.changes_nothing(a)
    assert g.explain_illegal(a) == (
        "Second Wind would do nothing: none of your energy cards is tapped "
        "(it could only untap what its own cost taps) (SC-15)"
    )
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(a)
    assert g.state_hash() == before and g.card(sw).zone == "hand:0"


def test_sc15_second_wind_with_a_tapped_energy_card_is_offered_and_untaps() -> None:
    """One energy card tapped: Second Wind is offered; its cost taps another, and it untaps both."""
    g = make(P("hero_nyx", energy=2, tapped_energy=1, hand=["n_second_wind"]), P("hero_korrag"))
    sw = uid(g, "n_second_wind")
    assert has(g, f"cast {sw}") and not g.changes_nothing(Action.parse(f"cast {sw}"))
    assert g.available_energy(0) == 2
    play(g, f"cast {sw}")
    resolve(g)
    assert g.available_energy(0) == 3 and g.card(sw).zone == "discard:0"


def test_sc15_energy_tapped_first_then_second_wind_in_answer() -> None:
    """What the ruling leaves its player: the energy cards tapped for a card first (Insight, 2,
    from 3 untapped), Second Wind answers it and resolves first (LIFO, SC-31): two untapped
    again, as if Second Wind had been cast first and Insight in answer."""
    g = make(
        P("hero_nyx", energy=3, hand=["n_second_wind", "n_insight"], deck=["n_militia"] * 5), P("hero_korrag")
    )
    sw, ins = uid(g, "n_second_wind"), uid(g, "n_insight")
    assert not has(g, f"cast {sw}")
    play(g, f"cast {ins}")
    if g.decision().player == 1:
        play(g, "pass")  # the opponent passes: the answer is ours again
    assert has(g, f"cast {sw}")
    play(g, f"cast {sw}")
    resolve(g)
    assert g.available_energy(0) == 2 and len(g.zones["hand:0"]) == 2
