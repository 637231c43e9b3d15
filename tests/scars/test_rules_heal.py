"""A heal is offered only where it removes damage (SC-41, SC-15 ⚖, docs/rulings.md): a Field
Medic's ability on an unhurt unit used to be a legal action, so its player's own unit cast
stopped in the resolution zone for an answer that changes nothing, and every window stayed open."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action
from tests.scars.util import P, has, make, play, uid


def test_sc41_a_medic_with_nobody_hurt_does_not_stop_your_own_cast() -> None:
    """P1 plays a Pikeman with an unhurt Field Medic and energy left: nothing to answer with that
    changes anything, so the engine passes for both and the Pikeman is in play at once; with a hurt
    unit the same cast waits for P1's answer (the heal is worth it there)."""
    g = make(
        P(energy=4, hand=["legion_pikeman"], units=[{"card": "legion_medic", "position": "defense"}]),
        P("hero_korrag"),
    )
    pike, medic = uid(g, "legion_pikeman"), uid(g, "legion_medic")
    play(g, f"cast {pike} attack")
    assert not g.stack and g.in_play(pike)
    assert not any(a.kind == "ability" for a in g.legal_actions())
    d = g.decision()
    assert d is not None and d.kind == "recruit"

    hurt = make(
        P(
            energy=4,
            hand=["legion_pikeman"],
            units=[{"card": "legion_medic", "position": "defense", "damage": 1}],
        ),
        P("hero_korrag"),
    )
    pike = uid(hurt, "legion_pikeman")
    medic = uid(hurt, "legion_medic")
    play(hurt, f"cast {pike} attack")
    d = hurt.decision()
    assert hurt.stack and d is not None and (d.player, d.kind) == (0, "respond")
    assert [a for a in hurt.legal_actions() if a.kind == "ability"] == [Action("ability", (medic, medic))]


def test_sc15_a_heal_on_an_unhurt_unit_is_not_offered_and_says_why() -> None:
    """Bandage (a prayer) and the Medic's ability: offered on the hurt Knight only; aimed at the
    unhurt Medic, the action is refused with the reason."""
    g = make(
        P(
            energy=4,
            hand=["n_bandage"],
            units=[
                {"card": "legion_medic", "position": "defense"},
                {"card": "legion_knight", "position": "attack", "damage": 2},
            ],
        ),
        P("hero_korrag"),
    )
    bandage, medic, knight = uid(g, "n_bandage"), uid(g, "legion_medic"), uid(g, "legion_knight")
    assert has(g, f"cast {bandage} {knight}") and has(g, f"ability {medic} {knight}")
    assert not has(g, f"cast {bandage} {medic}") and not has(g, f"ability {medic} {medic}")
    for text in (f"cast {bandage} {medic}", f"ability {medic} {medic}"):
        assert g.explain_illegal(Action.parse(text)) == "Field Medic has no damage to remove"
        with pytest.raises(IllegalAction):
            g.apply(text)
