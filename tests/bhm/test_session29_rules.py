"""Session 29: BHM rule leftovers — the rank of a cancelled equipped power (BH-55 / BH-67), and
the words that tell a power attack's outcome (BH-31 / BH-97)."""

from __future__ import annotations

import pytest

from bhm.cards import BhmCard
from bhm.game import BhmGame
from common.game import Action
from tests.bhm.helpers import find, position, uid


def _frost_witch_equips(reaction: str | None) -> tuple[BhmGame, BhmCard]:
    """P1's Frost Witch (rank 4) executes Arcane Channel (equipped, rank 3); P2 answers with
    `reaction` (or holds nothing)."""
    g = position(
        dict(cll=5, hand=["arcane_channel", "fire_bolt"], deck=["spark_imp"] * 3, being=["frost_witch"]),
        dict(cll=4, hand=[reaction] if reaction else [], deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
    )
    witch = find(g, "frost_witch")
    g.apply(Action("power", (uid(g, "arcane_channel"), witch.uid)))
    return g, witch


@pytest.mark.parametrize("reaction", ["broken_seal", None])
def test_bh55_bh67_a_cancelled_equipped_power_keeps_its_rank_used(reaction: str | None) -> None:
    """BH-55 / BH-56 / BH-67 (docs/rulings.md): a cancelled action keeps its costs paid, the power
    rank used too. Arcane Channel (rank 3, equipped) cancelled by Broken Seal left Frost Witch's
    budget at 4, as if it had never been executed, and she could execute a Fire Bolt (rank 2);
    an executed power's rank stayed used when cancelled. Now its 3 ranks are used this turn either
    way: equipped (channelled, BH-56) or cancelled (spent, BH-55), and the budget says so while it
    waits on the stack."""
    g, witch = _frost_witch_equips(reaction)
    assert g.power_budget(witch) == 1  # declared: its rank is used already
    if reaction:
        assert g.sub == "respond"
        assert g.card_view(witch)["power_rank_left"] == 1  # what the table shows meanwhile
        g.apply(Action("react", (uid(g, reaction),)))
        while g.sub == "respond":
            g.apply("pass")
        assert find(g, "arcane_channel").zone == "dead:0"  # not equipped
        assert g.channelled(witch) == 0
    else:
        assert find(g, "arcane_channel").zone == witch.zone  # equipped
        assert g.channelled(witch) == 3
    assert g.sub == "main" and g.power_budget(witch) == 1
    bolt = Action("power", (uid(g, "fire_bolt"), witch.uid))
    assert bolt not in g.legal_actions()
    assert "can execute power ranks up to 1 more this turn" in g.explain_illegal(bolt)


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("kalzar", "with all 500 POD: 500 to Salud"),  # Salud 1300
        ("ember_squire", "with all 500 POD: 500 to Salud, kills it"),  # Salud 300
        ("storm_roc", "with all 500 POD: 500 to Salud"),  # Salud 600
        (dict(card="storm_roc", wounds=100), "with all 500 POD: 500 to Salud, kills it"),  # all of it
        (dict(card="bone_revenant", wounds=100), "with all 500 POD: 500 to Salud"),  # Immortal
    ],
)
def test_bh31_a_power_attacks_outcome_says_what_all_its_pod_does(
    target: str | dict[str, object], said: str
) -> None:
    """BH-31 / BH-32 / BH-33: without Magic Resistance `attack_outcome` said `up to 500 to Salud`,
    never that all of it kills the target; it says what investing all the POD does, in the words
    it uses against Magic Resistance (session 28), with `, kills it` when that is all the target's
    Salud or more (not an Immortal's, BH-95), and investing all of it does that."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock"]),  # POD 500
        dict(cll=9, deck=["spark_imp"] * 3, being=[target]),
        active=1,
        phase="combat",
    )
    pw, t = find(g, "pyre_warlock"), g.field_cards(1)[0]
    attack = Action("pattack", (pw.uid, t.uid))
    assert g.attack_outcome(attack) == said
    g.apply(attack)
    g.apply(Action("invest", ("all",)))
    while g.sub == "respond":
        g.apply("pass")
    assert g.on_field(t) != said.endswith(", kills it")


def test_bh97_a_power_attacks_choice_says_what_all_its_pod_does() -> None:
    """BH-97 / BH-31: the power attack's choice (`describe_action`, the list's words and the
    log's) said `(POD 500 vs Salud 700, Magic Resistance: RES first)`, not what the RES leaves
    of it, nor that all of it kills an Ember Squire; it says the engine's outcome where the
    numbers do not: against Magic Resistance, a kill, no effect (an Immortal at Salud 0)."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock"]),
        dict(
            cll=9,
            deck=["spark_imp"] * 3,
            being=["thunder_knight", "ember_squire", "kalzar", dict(card="bone_revenant", wounds=300)],
        ),
        active=1,
        phase="combat",
    )
    pw = find(g, "pyre_warlock")

    def said(cid: str) -> str:
        return g.describe_action(Action("pattack", (pw.uid, find(g, cid).uid)))

    assert said("thunder_knight") == (
        "Pyre Warlock power-attacks Thunder Knight (POD 500 vs Salud 700, Magic Resistance: RES first;"
        " with all 500 POD: RES 400 → 0, 100 to Salud)"
    )
    assert said("ember_squire") == (
        "Pyre Warlock power-attacks Ember Squire (POD 500 vs Salud 300; with all 500 POD: 500 to Salud, kills it)"
    )
    assert said("kalzar") == "Pyre Warlock power-attacks Kalzar, Elder Wyrm (POD 500 vs Salud 1300)"
    assert said("bone_revenant") == (
        "Pyre Warlock power-attacks Bone Revenant (POD 500 vs Salud 0; no effect: Immortal at Salud 0)"
    )
