"""BH-71: celestial entities are not beings: effects that name beings do not affect them; they can be
attacked if they have Salud. Reactions, Riposte and "the being executing it" (docs/rulings.md, BHM)."""

from __future__ import annotations

import dataclasses

import pytest

from bhm.game import BhmGame
from common.errors import IllegalAction
from common.game import Action

from .helpers import find, game_from, position, uid

# The reactions whose text names one of your beings as what the attack is aimed at.
BEING_REACTIONS = ("iron_will", "smoke_bomb", "sidestep", "riposte")


def attack_on(defender: str, hand: list[str]) -> BhmGame:
    """P1's Storm Roc (FUE 500) about to attack in the combat phase; P2 (C.LL 5, Citadel of Ages:
    "your beings have RES +100") holds `hand` and has `defender` on the field."""
    cards = ", ".join(f'"{c}"' for c in hand)
    return game_from(
        f"""
        [state]
        active = 1
        phase = "combat"
        [[player]]
        cll = 5
        [[player.being]]
        card = "storm_roc"
        [[player]]
        cll = 5
        territories = ["citadel_of_ages"]
        hand = [{cards}]
        [[player.being]]
        card = "{defender}"
        """
    )


@pytest.mark.parametrize("reaction", BEING_REACTIONS)
def test_bh71_a_reaction_naming_your_being_is_not_offered_when_your_entity_is_attacked(reaction: str) -> None:
    """BH-71: Iron Will, Smoke Bomb ("the targeted being of yours"), Sidestep ("an attack declared
    against one of your beings") and Riposte ("when an enemy being attacks one of yours") name beings:
    Storm Roc's attack on The Pale Watcher opens no reaction window, and the attack lands in full
    (FUE 500 against the entity's printed RES 300: Citadel of Ages does not touch it either)."""
    g = attack_on("pale_watcher", [reaction])
    roc, watcher = find(g, "storm_roc"), find(g, "pale_watcher")
    g.apply(Action("attack", (roc.uid, watcher.uid)))
    d = g.decision()
    assert d is not None and d.kind == "combat" and d.player == 0, "P2 is not asked to react"
    assert find(g, reaction).zone == "hand:1"
    assert g.cur(watcher, "salud") == 800 - 200
    assert g.cur(roc, "salud") == 600  # no Riposte
    assert not g.has(watcher, "Invisible")  # no Smoke Bomb


@pytest.mark.parametrize("reaction", BEING_REACTIONS)
def test_bh71_the_same_reaction_is_offered_when_your_being_is_attacked(reaction: str) -> None:
    """BH-71, the other side: the same attack on a being (Tide Sentinel) offers the reaction."""
    g = attack_on("tide_sentinel", [reaction])
    g.apply(Action("attack", (uid(g, "storm_roc"), uid(g, "tide_sentinel"))))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    assert Action("react", (uid(g, reaction),)) in g.legal_actions()


def test_bh71_iron_will_is_refused_for_an_entity_with_a_reason_while_foresight_answers() -> None:
    """BH-71: with Foresight (it answers any enemy action) and Iron Will in hand, the attack on The
    Pale Watcher opens a window for Foresight only; playing Iron Will there is refused, naming BH-71,
    and the entity gains no RES or VAL."""
    g = attack_on("pale_watcher", ["foresight", "iron_will"])
    watcher = find(g, "pale_watcher")
    g.apply(Action("attack", (uid(g, "storm_roc"), watcher.uid)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    reacts = {a.args[0] for a in g.legal_actions() if a.kind == "react"}
    assert reacts == {uid(g, "foresight")}
    with pytest.raises(IllegalAction, match=r"celestial entity \(BH-71\)"):
        g.apply(Action("react", (uid(g, "iron_will"),)))
    g.apply(Action("pass"))
    assert find(g, "iron_will").zone == "hand:1"
    assert g.cur(watcher, "salud") == 600 and g.cur(watcher, "res") == 0  # FUE 500 - RES 300


def test_bh71_riposte_is_not_offered_against_an_attacking_entity() -> None:
    """BH-71: Riposte names "an enemy being" as the attacker and takes its Salud: when The Pale
    Watcher power-attacks a being, Iron Will (for the attacked being) is offered, Riposte is not, and
    the entity loses no Salud."""
    g = position(
        dict(cll=5, hand=["riposte", "iron_will"], being=["tide_sentinel"]),
        dict(cll=5, being=[dict(card="pale_watcher", executed_power=True)]),
        active=2,
        phase="combat",
    )
    watcher = find(g, "pale_watcher")
    g.apply(Action("pattack", (watcher.uid, uid(g, "tide_sentinel"))))
    g.apply(Action("invest", ("all",)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0
    reacts = {a.args[0] for a in g.legal_actions() if a.kind == "react"}
    assert reacts == {uid(g, "iron_will")}
    with pytest.raises(IllegalAction, match=r"The Pale Watcher is a celestial entity \(BH-71\)"):
        g.apply(Action("react", (uid(g, "riposte"),)))
    g.apply(Action("pass"))
    assert g.cur(watcher, "salud") == 800
    assert find(g, "riposte").zone == "hand:0"


def test_bh71_the_being_executing_it_empower_does_not_touch_an_entity() -> None:
    """BH-71 (docs/rulings.md): The Pale Watcher may execute Inner Fire ("the being executing it gains
    200 POD"): it counts as executing a power card (a power attack is allowed), but the entity gains
    no POD; a being executing the same card does."""
    g = position(
        dict(cll=5, hand=["inner_fire", "inner_fire"], being=["pale_watcher", "tide_sentinel"]),
        dict(being=["ember_squire"]),
        active=1,
    )
    watcher, sentinel = find(g, "pale_watcher"), find(g, "tide_sentinel")
    g.apply(Action("power", (find(g, "inner_fire", zone="hand", nth=0).uid, watcher.uid)))
    assert g.cur(watcher, "pod") == 300
    assert watcher.executed_power and g.can_power_attack(watcher)
    assert any("a celestial entity is not a being" in e.text for e in g.log)
    g.apply(Action("power", (find(g, "inner_fire", zone="hand").uid, sentinel.uid)))
    assert g.cur(sentinel, "pod") == 100 + 200


def test_bh73_an_entity_with_the_invoker_class_gains_no_invocation_points() -> None:
    """BH-73 names "an INVOKER being"; BH-71: a celestial entity is no being. A card file may give an
    entity the INVOKER class (classes are free data): executing a power then gives it no invocation
    points and it makes no invocation, while an INVOKER being beside it gains its points as usual."""
    g = position(
        dict(cll=5, hand=["inner_fire"], invocations=["salamander"], being=["pale_watcher", "mist_seer"]),
        dict(being=["ember_squire"]),
        active=1,
    )
    watcher, seer = find(g, "pale_watcher"), find(g, "mist_seer")
    entity_invoker = dataclasses.replace(watcher.defn, classes=("CELESTIAL", "INVOKER"))
    watcher.defn = entity_invoker
    g.apply(Action("power", (uid(g, "inner_fire"), seer.uid)))
    assert watcher.inv_points == 0 and not watcher.inv_gained
    assert seer.inv_points == 4  # the being: power rank 1 + its rank 3
    invokers = {a.args[1] for a in g.legal_actions() if a.kind == "invoke"}
    assert invokers == {seer.uid}
