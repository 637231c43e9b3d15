"""The rulebook's worked examples, as scenario files in tests/scenarios/hotg/."""

from __future__ import annotations

from common.game import Action

from .helpers import at, hand, load, make, u


def test_hg14_example_3_two_afterlifes_earlier_deployed_first() -> None:
    """HG-14 / HG-13: Attack Damage, Return Damage, both Deaths, then the Afterlifes in
    deployment order (Draugr first: its 1 damage kills nothing yet the Legionary is hit)."""
    g = load("hg14_afterlife_order.toml")
    leg = at(g, "1,2")
    ev = g.apply(Action("attack", (at(g, "2,3"), at(g, "2,4"))))
    seq = [e.kind for e in ev if e.kind in ("damage", "return", "death", "afterlife", "spawn")]
    assert seq[:5] == ["damage", "return", "damage", "death", "death"]
    names = [e.text.split("'")[0] for e in ev if e.kind == "afterlife"]
    assert names == ["Draugr", "Mummy"]
    assert g.card(leg).hp == 1  # hit by the Draugr's Afterlife
    assert g.card(at(g, "2,4")).defn.id == "scarab"


def test_hg43_example_2_return_damage_although_the_attack_kills() -> None:
    """HG-43: the Berserker dies to the Hoplite's attack yet deals its Return Damage
    (reduced by the Hoplite's Protect 1, HG-68)."""
    g = load("hg43_return_damage_lethal.toml")
    hop, ber = at(g, "1,4"), at(g, "1,5")
    ev = g.apply(Action("attack", (hop, ber)))
    kinds = [e.kind for e in ev]
    assert kinds.index("return") < kinds.index("death")
    assert g.card(ber).zone == "grave:1" and g.card(hop).hp == 2


def test_hg56_example_temporary_bonus_ends() -> None:
    """HG-56: 4/3 → +1/+1 → 5/4 (max 6) → bonus ends → 4/4 (max 5)."""
    g = load("hg56_temporary_health.toml")
    enyo = at(g, "2,1")
    g.apply(Action("play", (hand(g, 0, "battle_fury"), enyo)))
    assert (g.attack_of(enyo), g.card(enyo).hp, g.max_health(enyo)) == (5, 4, 6)
    g.apply("end")
    assert (g.attack_of(enyo), g.card(enyo).hp, g.max_health(enyo)) == (4, 4, 5)


def test_hg57_example_banner_transfusion() -> None:
    """HG-57: 3/5 → next to the Banner 4/5 → Transfusion 5/5 → with the aura 6/5."""
    g = load("hg57_banner_transfusion.toml")
    b = at(g, "3,2")
    assert (g.attack_of(b), g.card(b).hp) == (3, 5)
    g.apply(Action("move", (b, "2,1")))
    assert (g.attack_of(b), g.card(b).hp) == (4, 5)
    ev = g.apply(Action("play", (hand(g, 0, "transfusion"), b)))
    assert any("attack is set to 5" in e.text for e in ev)
    assert (g.attack_of(b), g.card(b).hp) == (6, 5)


def test_hg68_example_protect_highest_not_additive() -> None:
    """HG-68: with Protect 1 (Spartan) a 1-attack hit deals 0 and the Berserker (4 when it
    attacks) deals 3; Magic Shell's Protect 2 replaces it, then Protect 1 comes back."""
    g = load("hg68_protect.toml")
    cyc = at(g, "2,2")
    g.apply(Action("attack", (at(g, "2,3"), cyc)))
    assert g.card(cyc).hp == 7
    g.apply(Action("attack", (at(g, "3,3"), cyc)))
    assert g.card(cyc).hp == 4
    g.apply("end")
    g.apply(Action("play", (hand(g, 0, "magic_shell"), cyc)))
    assert g.protect(cyc) == 2
    g.apply("end")
    g.apply(Action("attack", (at(g, "3,2"), cyc)))  # Grey Wolf 1 - 2 → 0
    assert g.card(cyc).hp == 4 and g.protect(cyc) == 2
    g.apply("end")  # Magic Shell lasts until P1's next turn
    assert g.protect(cyc) == 1


def test_hg71_example_sylvanus_resurrects_and_blocks_the_sapling() -> None:
    """HG-71 / HG-69: Resurrection resolves before Afterlife; the Sapling has no room."""
    g = load("hg71_sylvanus.toml")
    syl = at(g, "2,5")
    g.apply(Action("play", (hand(g, 1, "scarab_blessing"), syl)))
    g.apply("end")
    ev = g.apply(Action("play", (hand(g, 0, "thunder_of_olympus"), syl)))
    kinds = [e.kind for e in ev]
    assert kinds.index("death") < kinds.index("resurrect") < kinds.index("afterlife") < kinds.index("fizzle")
    assert g.card(at(g, "2,5")).defn.id == "sylvanus"
    assert g.card(syl).zone == "board"


def test_hg12_example_1_attack_damage_then_return_damage() -> None:
    """HG-12 / HG-42, rulebook example 1: "tu unidad inflige daño y la unidad enemiga afectada
    inflige daño en retorno": your unit's Attack Damage (priority 3) first, then the enemy's
    Return Damage (5). A Legionary (1/2) attacks a Terracotta Warrior (1/4): 4 → 3, then 2 → 1."""
    g = make([u("legionary", "2,3"), u("terracotta", "2,4", 2)])
    leg, terra = at(g, "2,3"), at(g, "2,4")
    ev = g.apply(Action("attack", (leg, terra)))
    hits = [(e.data["target"], e.data["amount"]) for e in ev if e.kind == "damage"]
    assert hits == [(terra, 1), (leg, 1)]
    kinds = [e.kind for e in ev]
    assert kinds.index("damage") < kinds.index("return")
    assert (g.card(terra).hp, g.card(leg).hp) == (3, 1)


def test_hg68_example_protect_does_not_reduce_warcry_nor_leader_ability_damage() -> None:
    """HG-68, rulebook: "Protección: X no impide daño de Hechizos, efectos de Grito de Guerra o
    Habilidades de lideres". Vulcan's Warcry (2 damage) and Zeus' Bolt (1) hit a Hoplite
    (2/3, Protect 1) in full: 3 → 1 → dead. (Spells: test_hg68_protect_does_not_reduce_spell_damage.)"""
    g = make([u("hoplite", "2,4", 2)], p1={"hand": ["vulcan"], "mana": 6, "leader": "zeus"})
    hop = at(g, "2,4")
    assert g.protect(hop) == 1
    g.apply(Action("play", (hand(g, 0, "vulcan"), "2,1")))
    g.apply(Action("target", (hop,)))
    assert g.card(hop).hp == 1
    g.apply(Action("ability", (hop,)))
    assert g.card(hop).zone == "grave:1"


def test_hg63_example_a_guarded_stone_is_no_target_of_an_enemy_warcry() -> None:
    """HG-63, rulebook: guarded Summoning Stones "no pueden ser objetivos directos de enemigos
    con ataque ni con efectos de Grito de Guerra". Thor's Warcry (3 damage to an enemy) may
    aim at the enemy stone, but not while an Einherjar (Guard) stands next to it."""

    def warcry_targets(guard: bool) -> tuple[set[int], int]:
        units = [u("legionary", "2,6", 2)] + ([u("einherjar", "1,7", 2)] if guard else [])
        g = make(units, p1={"hand": ["thor"], "mana": 6})
        g.apply(Action("play", (hand(g, 0, "thor"), "2,1")))
        d = g.decision()
        assert d is not None and d.kind == "target"
        assert g.guarded(1) is guard
        return {a.args[0] for a in g.legal_actions() if a.kind == "target"}, g.stones[1]

    free, stone = warcry_targets(False)
    assert stone in free
    guarded, stone = warcry_targets(True)
    assert stone not in guarded and guarded
