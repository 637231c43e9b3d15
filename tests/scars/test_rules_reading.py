"""Rule tests from a reading audit of The Scars: the original rulebook
(shared/seeds/scars-rules-es.txt), the numbered items (shared/rules/scars.md) and the
printed card texts, checked against what the engine does."""

from __future__ import annotations

from common.game import Action
from tests.scars.util import has, make, play, resolve, uid


def P(hero_id: str = "hero_aurelia", **kw):
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def test_sc32_smite_can_only_target_a_unit_with_attack_2_or_less() -> None:
    """SC-32 (card text): Smite reads "Destroy target unit with attack 2 or less": a unit with
    attack 3 is no legal target, so Smite is not offered against it (it used to be, and then
    did nothing on resolution)."""
    g = make(
        P(energy=3, hand=["n_smite"]),
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_militia"}]),
    )
    sm, kn, mil = uid(g, "n_smite"), uid(g, "legion_knight"), uid(g, "n_militia")
    assert has(g, f"cast {sm} {mil}")
    assert not has(g, f"cast {sm} {kn}")  # attack 3 > 2
    play(g, f"cast {sm} {mil}")
    resolve(g)
    assert not g.is_unit_in_play(mil)
    g2 = make(P(energy=3, hand=["n_smite"]), P(units=[{"card": "legion_knight", "position": "attack"}]))
    sm2, kn2 = uid(g2, "n_smite"), uid(g2, "legion_knight")
    assert "attack 2 or less" in g2.explain_illegal(Action.parse(f"cast {sm2} {kn2}"))
