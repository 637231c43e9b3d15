"""BHM rules leftovers (session 28): the order of the end of the turn, a power that does nothing,
what a power attack says it will do. Each test fails on the engine before its fix."""

from __future__ import annotations

import pytest

from common.cards import Modifier
from common.game import Action

from .helpers import end_turn, find, position, uid


@pytest.mark.parametrize(
    ("stat", "lost", "after", "gone"),
    [
        ("salud", dict(wounds=800), 20 + 2, "dead:0"),  # BH-33: Salud 0, killed (+2, BH-06)
        ("val", dict(val_lost=500), 20 + 1, "deserters:0"),  # BH-37: VAL 0, it flees (+1)
    ],
)
def test_bh24_bh07_a_being_an_ending_effect_takes_is_gone_before_the_armageddon(
    stat: str, lost: dict[str, int], after: int, gone: str
) -> None:
    """BH-24 orders the final phase: numerical balance, POD and RES restored, armageddon (BH-07),
    powers to the dead zone; an effect "until end of turn" ends with the restore, and what it
    leaves at Salud 0 or VAL 0 is killed or flees then and there (BH-41 ruling). So P1's Stone
    Golem (Salud 700, VAL 400), kept on the field by +200 Salud (or VAL) until the end of the
    turn, is gone before the armageddon looks at P1's C.LL: from 20, the C.LL it gains for the
    Golem takes it past the threshold of 20, and the armageddon adds nothing. The engine looked
    at the deaths after the armageddon (20 → 21, then the Golem: 23 or 22)."""
    g = position(
        dict(cll=20, deck=["spark_imp"] * 3, being=[dict(card="stone_golem", **lost)]),
        dict(cll=0, deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
        phase="strategy2",
        armageddon=20,
    )
    golem = find(g, "stone_golem")
    # set before the state checks run: it lost more than the printed value, less than with +200
    golem.modifiers = (Modifier(stat, 200, "add", golem.uid, "eot", "", g.seq),)
    g.state_checks()
    assert g.on_field(golem) and g.cur(golem, stat) == 100
    end_turn(g)
    assert golem.zone == gone
    assert g.cll[0] == after


@pytest.mark.parametrize("reaction", ["broken_seal", "smoke_bomb"])
def test_bh31_bh73_a_power_cancelled_or_without_its_target_was_executed_all_the_same(reaction: str) -> None:
    """BH-31 / BH-73 / BH-67 (docs/rulings.md): a power card that is cancelled (Broken Seal) or
    loses its target (Smoke Bomb: the target becomes Invisible) does nothing, but it was executed:
    its POD and rank stay spent (BH-67 ruling), its executor may declare a power attack this turn
    ("Si el ser ejecutó una carta de poder este turno") and each INVOKER gains its invocation
    points ("debes jugar al menos una carta de poder": power rank 2 + invoker rank 3). The engine
    gave neither when the power did nothing."""
    g = position(
        dict(cll=5, hand=["fire_bolt"], deck=["spark_imp"] * 3, being=["flame_adept", "mist_seer"]),
        dict(cll=4, hand=[reaction], deck=["spark_imp"] * 3, being=["ember_squire", "spark_imp"]),
        active=1,
    )
    adept, seer, squire = find(g, "flame_adept"), find(g, "mist_seer"), find(g, "ember_squire")
    g.apply(Action("power", (uid(g, "fire_bolt"), adept.uid)))
    g.apply(Action("target", (squire.uid,)))
    g.apply(Action("react", (uid(g, reaction),)))
    while g.sub == "respond":
        g.apply("pass")
    assert g.sub == "main" and find(g, "fire_bolt").zone == "dead:0"
    assert g.cur(squire, "salud") == 300  # the Fire Bolt did nothing
    assert adept.inv_points == seer.inv_points == 2 + 3
    g.apply("next")  # to combat
    assert g.can_power_attack(adept) and not g.can_power_attack(seer)
    imp = find(g, "spark_imp", zone="slot")  # (the Squire may be Invisible: the Smoke Bomb)
    assert Action("pattack", (adept.uid, imp.uid)) in g.legal_actions()


@pytest.mark.parametrize(
    ("attacker", "knight", "said"),
    [
        ("pyre_warlock", {}, "with all 500 POD: RES 400 → 0, 100 to Salud"),
        (dict(card="mist_seer", executed_power=True), {}, "with all 300 POD: RES 400 → 100 (RES only)"),
        ("pyre_warlock", dict(res_lost=400), "with all 500 POD: no RES left, 500 to Salud"),
        (
            "pyre_warlock",
            dict(res_lost=300, wounds=300),
            "with all 500 POD: RES 100 → 0, 400 to Salud, kills it",
        ),
    ],
)
def test_bh97_a_power_attacks_outcome_says_the_res_takes_it_first(
    attacker: str | dict[str, object], knight: dict[str, int], said: str
) -> None:
    """BH-97 Magic Resistance: a power attack on a Thunder Knight (RES 400, Salud 700) is resolved
    like a physical one, RES first. `attack_outcome` said `up to 500 to Salud` as if nothing
    took part of it; it says what all the POD invested does, in the words of the engine's hit
    (the investment summary's, session 27), and the engine does that."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=[attacker]),
        dict(cll=9, deck=["spark_imp"] * 3, being=[dict(card="thunder_knight", **knight)]),
        active=1,
        phase="combat",
    )
    a, t = g.field_cards(0)[0], find(g, "thunder_knight")
    attack = Action("pattack", (a.uid, t.uid))
    assert g.attack_outcome(attack) == said
    mark = len(g.log)
    g.apply(attack)
    g.apply(Action("invest", ("all",)))
    while g.sub == "respond":
        g.apply("pass")
    hits = [e.text for e in g.log.since(mark) if e.kind == "hit"]
    # the log's line says it in the same words, with what is left when it does not kill
    assert len(hits) == 1 and hits[0].split(": ", 1)[1].startswith(said.split(": ", 1)[1]), hits
    assert (t.zone == "dead:1") == said.endswith("kills it")


def test_bh31_a_power_attacks_outcome_without_magic_resistance_is_unchanged() -> None:
    """BH-31: without Magic Resistance the POD goes to Salud, up to all of it (BH-32: the amount is
    chosen next); an Immortal at Salud 0 takes nothing, with Magic Resistance only its RES (BH-95)."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
        phase="combat",
    )
    pw, squire = find(g, "pyre_warlock"), find(g, "ember_squire")
    # (session 29: what all the POD does, as against Magic Resistance; it said `up to 500 to Salud`)
    assert (
        g.attack_outcome(Action("pattack", (pw.uid, squire.uid)))
        == "with all 500 POD: 500 to Salud, kills it"
    )
    g.add_modifier(squire, "kw:Immortal", 1, "add", squire.uid)
    squire.wounds = 300
    assert g.attack_outcome(Action("pattack", (pw.uid, squire.uid))) == "no effect: Immortal at Salud 0"
    g.add_modifier(squire, "kw:Magic Resistance", 1, "add", squire.uid)
    assert g.attack_outcome(Action("pattack", (pw.uid, squire.uid))) == "RES only: Immortal at Salud 0"


def test_bh41_bh33_an_effect_ending_at_the_start_of_a_turn_kills_then_and_there() -> None:
    """BH-41 / BH-33 (docs/rulings.md: when a bonus ends, a being at Salud 0 is killed then and
    there): an effect that lasts "until your next turn" (a set, as Equalize's) ends at the start of
    that turn; P2's Stone Golem (Salud 700) that lost 900 while its Salud was set to 1000 is
    killed then, before P1's draw (P2's C.LL +2, BH-06, after its armageddon +1). The engine left it on the field at
    Salud 0 until some later action ran the state checks."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=[dict(card="stone_golem", wounds=900)]),
        active=2,
        phase="strategy2",
    )
    golem = find(g, "stone_golem")
    golem.modifiers = (Modifier("salud", 1000, "set", golem.uid, "start0", "", g.seq),)
    g.state_checks()
    assert g.on_field(golem) and g.cur(golem, "salud") == 100
    end_turn(g)  # P2's turn ends: P1's turn begins, and with it the set ends
    assert g.active == 0 and golem.zone == "dead:1" and g.cll[1] == 9 + 1 + 2
    assert [e.kind for e in g.log][-3:] == ["kill", "cll", "draw"]  # killed before P1's draw
