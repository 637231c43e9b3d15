"""Blunders of the scripted player found in seeded scripted-vs-scripted games, each fixed."""

from __future__ import annotations

from common.game import Action
from scars.ai import ScriptedAgent
from tests.scars.util import make, uid


def P(hero_id: str = "hero_aurelia", **kw):
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def test_set_up_keeps_a_weak_shelterer_sheltering() -> None:
    """In set-up the scripted player pulls its weak units (attack 1 or less) back to defense
    position when the enemy threatens. A Shieldbearer Recruit (1/2) sheltering the Knight is in
    defense position already: "to defense" would only end its shelter (SC-50, SC-61), leaving the
    Knight alone against the enemy's Sellsword (3/2) — it used to do just that (89 times in 180
    games), often paying 1 energy to shelter again. Now it keeps sheltering; a Village Militia in
    attack position still goes back to defense."""
    g = make(
        P(
            energy=1,
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "legion_recruit", "shelter": 1},
            ],
        ),
        P("hero_nyx", units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="setup",
    )
    rec = uid(g, "legion_recruit")
    assert g.card(rec).shelter == uid(g, "legion_knight")
    assert Action("pos", (rec, "defense")) in g.legal_actions()
    choice = ScriptedAgent(0).choose(g)
    assert choice != Action("pos", (rec, "defense"))
    g.apply_legal(choice)
    assert g.card(rec).shelter == uid(g, "legion_knight")

    g = make(
        P(energy=1, units=[{"card": "n_militia", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="setup",
    )
    assert ScriptedAgent(0).choose(g) == Action("pos", (uid(g, "n_militia"), "defense"))
