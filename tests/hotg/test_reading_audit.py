"""Rule tests written by the reading audit of the HotG engine: the rulebook and the rule
items read against the engine, and the rulebook's worked examples not reproduced before."""

from __future__ import annotations

from common.game import Action

from .helpers import at, hand, make, u


def _acts(g, kind: str, uid: int) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in g.legal_actions() if a.kind == kind and a.args[0] == uid]


def test_hg62_hg31_hg41_a_unit_banished_after_it_moved_and_attacked_acts_again_when_it_comes_back() -> None:
    """HG-31 / HG-41 / HG-32 ⚖: "has not attacked this turn", one move and one attack a
    turn; HG-21: the ending player's units are ready again. HG-62 ruling: time keeps
    running for a banished unit. A Cyclops moves and attacks, then its owner banishes it
    (Gate of the Duat); it comes back at the start of its owner's next turn, a new turn:
    it may move and attack again."""
    g = make([u("cyclops", "2,3"), u("cyclops", "2,4", 2)], p1={"hand": ["duat_gate"], "mana": 10})
    cyc, foe = at(g, "2,3"), at(g, "2,4")
    g.apply(Action("move", (cyc, "1,3")))
    g.apply(Action("attack", (cyc, foe)))
    g.apply(Action("play", (hand(g, 0, "duat_gate"), cyc)))
    assert g.card(cyc).zone == "banished"
    g.apply("end")
    g.apply("end")
    assert g.active == 0 and g.card(cyc).zone == "board" and g.card(cyc).cell == (1, 3)
    assert _acts(g, "move", cyc)
    assert Action("attack", (cyc, foe)) in g.legal_actions()


# -- the rulebook's worked examples that no test reproduced -------------------------------


def test_hg72_example_charge_readies_an_activated_warcry_to_use_before_moving() -> None:
    """HG-72, rulebook: a unit with an activated Warcry that loses its exhaustion through an
    effect "like Charge" must use the Warcry before moving, or loses it. War Horn readies
    Ares the turn he is deployed: his Warcry may be activated at once; a second Ares, readied
    and moved first, has lost his."""
    g = make([u("legionary", "1,1")], p1={"hand": ["ares", "war_horn"], "mana": 10})
    ares = hand(g, 0, "ares")
    g.apply(Action("play", (ares, "2,1")))
    assert Action("warcry", (ares,)) not in g.legal_actions()  # deploy-exhausted
    g.apply(Action("play", (hand(g, 0, "war_horn"), ares)))
    assert Action("warcry", (ares,)) in g.legal_actions() and _acts(g, "move", ares)
    g.apply(Action("warcry", (ares,)))
    assert g.attack_of(at(g, "1,1")) == 3
    g2 = make([], p1={"hand": ["ares", "war_horn"], "mana": 10})
    a2 = hand(g2, 0, "ares")
    g2.apply(Action("play", (a2, "2,1")))
    g2.apply(Action("play", (hand(g2, 0, "war_horn"), a2)))
    g2.apply(Action("move", (a2, "2,3")))
    assert Action("warcry", (a2,)) not in g2.legal_actions()
    g2.apply("end")
    g2.apply("end")
    assert Action("warcry", (a2,)) not in g2.legal_actions()


def test_hg68_example_aphrodite_adds_no_protect_of_the_same_value() -> None:
    """HG-68, rulebook: a unit with Protect 1 from a Spartan's passive is the target of
    Aphrodite's Warcry (Protect 1): it still has Protect 1. A 1-attack attacker deals it 0
    damage (Arges), a 2-attack one 1 (Fire Imp). Aphrodite's Protect stays when the
    Spartan's ends."""
    g = make(
        [u("cyclops", "2,2"), u("spartan", "1,1"), u("legionary", "2,3", 2), u("hoplite", "3,3", 2)],
        p1={"hand": ["aphrodite"], "mana": 10},
    )
    cyc = at(g, "2,2")
    assert g.protect(cyc) == 1
    g.apply(Action("play", (hand(g, 0, "aphrodite"), "3,1")))
    g.apply(Action("target", (cyc,)))
    assert g.protect(cyc) == 1
    g.apply("end")
    g.apply(Action("attack", (at(g, "2,3"), cyc)))  # Legionary: 1 attack → 0 damage
    assert g.card(cyc).hp == 7
    g.apply(Action("attack", (at(g, "3,3"), cyc)))  # Hoplite: 2 attack → 1 damage
    assert g.card(cyc).hp == 6
    g.apply("end")
    g.apply(Action("move", (cyc, "3,2")))  # away from the Spartan: Aphrodite's Protect 1 stays
    assert g.protect(cyc) == 1


def test_hg62_example_a_banished_unit_is_no_target_of_random_damage() -> None:
    """HG-62, rulebook: the opponent's unit is banished; you have Surtr and Thor; the Chaos
    spell (our Ginnungagap: 1 random damage for each unit you control, docs/rulings.md) deals
    2 damage, all to the enemy Summoning Stone, because the banished unit is no valid target."""
    g = make(
        [u("fenrir", "2,5", 2, banished=True), u("surtr", "1,1"), u("thor", "3,1")],
        p1={"hand": ["chaos"], "mana": 10},
        seed=3,
    )
    wolf, stone = g.zones["banished"].cards[0], g.stones[1]
    g.apply(Action("play", (hand(g, 0, "chaos"),)))
    hits = [e.data["target"] for e in g.log if e.kind == "damage"]
    assert hits == [stone, stone]
    assert g.card(stone).hp == 23 and g.card(wolf).hp == 4


def test_hg62_ginnungagap_counts_only_your_units_on_the_battlefield() -> None:
    """Ginnungagap (the rulebook's Chaos, HG-62 example): one random damage for each unit its
    caster controls when it resolves; not the caster's Summoning Stone (a unit only for
    targeting, HG-02), not enemy or neutral units, not a banished unit of the caster's."""
    g = make(
        [
            u("surtr", "1,1"),
            u("thor", "3,1", banished=True),
            u("fenrir", "2,6", 2),
            u("grey_wolf", "0,6", 2),
            u("hoplite", "4,4", "neutral"),
        ],
        p1={"hand": ["chaos"], "mana": 10},
        seed=5,
    )
    g.apply(Action("play", (hand(g, 0, "chaos"),)))
    assert len([e for e in g.log if e.kind == "damage"]) == 1
    g = make([u("fenrir", "2,6", 2)], p1={"hand": ["chaos"], "mana": 10}, seed=5)
    g.apply(Action("play", (hand(g, 0, "chaos"),)))
    assert [e for e in g.log if e.kind == "damage"] == []
    assert g.card(g.stones[1]).hp == 25


def test_hg66_example_medusa_petrifies_a_wounded_bastet_and_no_afterlife() -> None:
    """HG-66, rulebook: "Tu Medusa ataca una Bastet con daño (Potencia a 4 de Salud) que la
    convierte a piedra. El Ultratumba de Bastet no desencadena." A wounded Bastet whose health
    was raised (Gaia's Stone) turns into a Stone Statue; its Afterlife ("adjacent allies get
    +1/+1") does not give her neighbour anything. (Bastet is a Beast, not a God, in this card
    set so that Medusa's text does not spare her.)"""
    g = make(
        [u("medusa", "2,2"), u("bastet", "2,5", 2), u("legionary", "2,6", 2)],
        p2={"hand": ["gaia_stone"], "mana": 10},
        active=2,
    )
    bastet, friend = at(g, "2,5"), at(g, "2,6")
    assert "God" not in g.card(bastet).defn.subtypes
    g.apply(Action("play", (hand(g, 1, "gaia_stone"), bastet)))  # 3/7 of maximum 7
    g.card(bastet).hp = 4  # wounded: "Potencia a 4 de Salud"
    g.apply("end")
    before = (g.card(friend).hp, g.attack_of(friend))
    ev = g.apply(Action("attack", (at(g, "2,2"), bastet)))
    assert [e.kind for e in ev if e.kind in ("transform", "death", "afterlife")] == ["transform"]
    statue = at(g, "2,5")
    assert g.card(statue).defn.id == "stone_statue" and g.card(statue).owner is None
    assert g.card(bastet).zone == "removed"
    assert (g.card(friend).hp, g.attack_of(friend)) == before
