"""Cards, subtypes, stats, auras and the keyword mechanics (HG-50..73, HG-81, HG-83)."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action
from hotg.cards import card_pool, collectible

from .helpers import at, hand, make, u


def targets(g, verb: str, first: int | None = None) -> set[int]:  # type: ignore[no-untyped-def]
    out = set()
    for a in g.legal_actions():
        if a.kind != verb:
            continue
        if verb == "play" and a.args[0] == first and len(a.args) > 1:
            out.add(a.args[1])
        elif verb == "ability" and a.args:
            out.add(a.args[0])
        elif verb == "attack" and a.args[0] == first:
            out.add(a.args[1])
    return out


def test_hg50_two_card_kinds_spells_and_units() -> None:
    """HG-50: every deck card is a spell or a unit; spells never reach the battlefield."""
    kinds = {d.kind for d in collectible(card_pool())}
    assert kinds == {"spell", "unit"}
    g = make([u("legionary", "2,5", 2)], p1={"hand": ["thunder_of_olympus"]})
    spell = hand(g, 0, "thunder_of_olympus")
    g.apply(Action("play", (spell, at(g, "2,5"))))
    assert g.card(spell).zone == "grave:0"
    assert all(g.card(x).hdef.kind in ("unit", "stone") for x in g.board_units())


def test_hg51_subtypes_structure_beast_god_are_referred_to() -> None:
    """HG-51: Skadi cheapens Beasts only; Medusa cannot petrify a God; Marksman grows when a God arrives."""
    g = make(
        [u("marksman", "1,1"), u("medusa", "3,2"), u("vulcan", "3,5", 2), u("skadi", "0,1")],
        p1={"hand": ["ares", "grey_wolf"], "mana": 9},
    )
    assert g.cost(hand(g, 0, "grey_wolf"), 0) == 0 and g.cost(hand(g, 0, "ares"), 0) == 4
    mm = at(g, "1,1")
    # Skadi (a God) was already there; Ares enters now: +1/+0.
    g.apply(Action("play", (hand(g, 0, "ares"), "1,2")))
    assert g.attack_of(mm) == 2
    vulcan = at(g, "3,5")
    g.apply(Action("attack", (at(g, "3,2"), vulcan)))
    assert g.card(vulcan).defn.id == "vulcan"  # a God: not petrified


def test_hg52_neutral_statue_has_no_owner_and_leaves_the_game() -> None:
    """HG-52: Medusa's statue is neutral; sent to a graveyard or a hand it leaves the game instead."""
    g = make(
        [u("medusa", "2,2"), u("legionary", "2,5", 2), u("legionary", "0,2", 2)],
        p1={"hand": ["recall"], "mana": 5},
    )
    leg = at(g, "2,5")
    g.apply(Action("attack", (at(g, "2,2"), leg)))
    statue = at(g, "2,5")
    sc = g.card(statue)
    assert sc.defn.id == "stone_statue" and sc.owner is None and g.card(leg).zone == "removed"
    assert g.view(0)["units"][[x["uid"] for x in g.view(0)["units"]].index(statue)]["neutral"]
    g.apply(Action("play", (hand(g, 0, "recall"), statue)))
    assert g.card(statue).zone == "removed"
    # A neutral unit that is not a token (a neutral Legionary) also leaves the game when it dies.
    g3 = make([u("legionary", "2,4", "neutral", health=1)], p1={"leader": "zeus"})
    n3 = at(g3, "2,4")
    assert g3.card(n3).owner is None
    g3.apply(Action("ability", (n3,)))
    assert g3.card(n3).zone == "removed"
    assert not g3.zones["grave:0"].cards and not g3.zones["grave:1"].cards
    # P2 may attack neutral statues too.
    g2 = make([u("stone_statue", "2,4", "neutral"), u("cyclops", "2,5", 2)], active=2)
    assert at(g2, "2,4") in targets(g2, "attack", at(g2, "2,5"))
    g2.apply(Action("attack", (at(g2, "2,5"), at(g2, "2,4"))))
    assert [g2.card(x).defn.id for x in g2.zones["removed"].cards] == ["stone_statue"]


def test_hg55_healing_stops_at_maximum_and_plus_health_raises_it() -> None:
    """HG-55: heal ≤ max; +X health raises the maximum by X and heals X. The rulebook's example
    (a unit hurt to 4 of 7 gets Gaia's Stone, +0/+3) with a Cyclops: 7 of 10 (the example's "4/8
    of 10" contradicts the rule it illustrates; docs/rulings.md, HG-55)."""
    g = make([u("cyclops", "2,1", health=4)], p1={"hand": ["healing_spring", "gaia_stone"], "mana": 10})
    cyc = at(g, "2,1")
    g.apply(Action("play", (hand(g, 0, "gaia_stone"), cyc)))
    assert (g.card(cyc).hp, g.max_health(cyc)) == (7, 10)
    g.apply(Action("play", (hand(g, 0, "healing_spring"), cyc)))
    assert (g.card(cyc).hp, g.max_health(cyc)) == (10, 10)
    assert cyc not in targets(g, "ability")  # Zeus' bolt only hits enemies
    # Healing 3 a unit missing 1: it stops at the maximum.
    g2 = make([u("cyclops", "2,1", health=6)], p1={"hand": ["healing_spring"], "mana": 1})
    c2 = at(g2, "2,1")
    ev = g2.apply(Action("play", (hand(g2, 0, "healing_spring"), c2)))
    assert (g2.card(c2).hp, g2.max_health(c2)) == (7, 7)
    assert any("healed by 1" in e.text for e in ev)


def test_hg56_temporary_health_bonus_ending_keeps_current_health_when_possible() -> None:
    """HG-56: Enyo 4/5 takes 2 → 4/3; +1/+1 → 5/4 (max 6); the bonus ends → 4/4 (max 5)."""
    g = make([u("enyo", "2,1", health=3)], p1={"hand": ["battle_fury"]})
    enyo = at(g, "2,1")
    assert (g.attack_of(enyo), g.card(enyo).hp, g.max_health(enyo)) == (4, 3, 5)
    g.apply(Action("play", (hand(g, 0, "battle_fury"), enyo)))
    assert (g.attack_of(enyo), g.card(enyo).hp, g.max_health(enyo)) == (5, 4, 6)
    g.apply("end")
    assert (g.attack_of(enyo), g.card(enyo).hp, g.max_health(enyo)) == (4, 4, 5)
    # Unhurt: 4/5 → 5/6 → the bonus ends → 4/5 (current health lowered to the new maximum).
    g2 = make([u("enyo", "2,1")], p1={"hand": ["battle_fury"]})
    e2 = at(g2, "2,1")
    g2.apply(Action("play", (hand(g2, 0, "battle_fury"), e2)))
    assert (g2.attack_of(e2), g2.card(e2).hp, g2.max_health(e2)) == (5, 6, 6)
    g2.apply("end")
    assert (g2.attack_of(e2), g2.card(e2).hp, g2.max_health(e2)) == (4, 5, 5)


def test_hg57_adjacent_and_global_auras_recomputed_on_top() -> None:
    """HG-57: Surtr gives adjacent allies +1/+0, the Basilisk -1/+0 to every enemy; auras
    follow movement and end right after the source's death, banishing or silence."""
    g = make(
        [
            u("surtr", "1,1"),
            u("legionary", "1,2"),
            u("basilisk", "3,6", 2),
            u("hoplite", "3,3", 2),
        ],
        p1={"hand": ["words_of_isis", "duat_gate"], "mana": 10},
    )
    leg, hop, basi, surtr = at(g, "1,2"), at(g, "3,3"), at(g, "3,6"), at(g, "1,1")
    assert g.attack_of(leg) == 1 + 1 - 1  # Surtr +1, the enemy Basilisk -1
    assert g.attack_of(hop) == 2  # the Basilisk does not weaken its own side
    g.apply(Action("move", (leg, "1,4")))
    assert g.attack_of(leg) == 0  # out of Surtr's reach, still under the Basilisk
    g.apply(Action("play", (hand(g, 0, "words_of_isis"), basi)))
    assert g.attack_of(leg) == 1 and g.attack_of(surtr) == 5
    g.apply(Action("play", (hand(g, 0, "duat_gate"), surtr)))
    assert g.card(surtr).zone == "banished"


def test_hg57_aura_applies_after_stat_setting_enyo_banner_transfusion() -> None:
    """HG-57: a 3/5 next to Enyo's Banner is 4/5; Transfusion sets it to 5/5; the Banner makes it 6/5."""
    g = make([u("basilisk", "1,2"), u("enyo_banner", "1,1")], p1={"hand": ["transfusion"]})
    b = at(g, "1,2")
    assert (g.attack_of(b), g.card(b).hp) == (4, 5)
    g.apply(Action("play", (hand(g, 0, "transfusion"), b)))
    assert (g.attack_of(b), g.card(b).hp) == (6, 5)


def test_hg60_reveal_picks_one_generated_card_into_the_hand() -> None:
    """HG-60: Oracle's Warcry offers 3 generated cards; the pick goes to the hand (not drawn)."""
    g = make([], p1={"hand": ["oracle"], "mana": 2, "deck": ["cyclops"]})
    deck_before = len(g.zones["deck:0"])
    g.apply(Action("play", (hand(g, 0, "oracle"), "2,1")))
    d = g.decision()
    assert d is not None and d.kind == "reveal" and len(d.context["cards"]) == 3
    offered = list(d.context["cards"])
    assert g.view(0)["reveal"] and not g.view(1)["reveal"]  # hidden from the opponent
    ev = g.apply(Action("pick", (offered[1],)))
    assert g.card(offered[1]).zone == "hand:0"
    assert all(g.card(x).zone == "removed" for x in (offered[0], offered[2]))
    assert len(g.zones["deck:0"]) == deck_before and "draw" not in [e.kind for e in ev]


def test_hg60_the_card_picked_into_the_hand_is_named_only_to_its_owner() -> None:
    """HG-60: the pick goes to a hidden hand, so the log and the action's words name it
    only to the player who picks; the other seat reads that a revealed card was picked."""
    g = make([], p1={"hand": ["oracle"], "mana": 2})
    g.apply(Action("play", (hand(g, 0, "oracle"), "2,1")))
    offered = list(g.decision().context["cards"])  # type: ignore[union-attr]
    pick = Action("pick", (offered[0],))
    name = g.card(offered[0]).name
    assert name in g.describe_action_for(pick, 0)
    assert name not in g.describe_action_for(pick, 1) and name not in g.describe_action_for(pick, None)
    ev = [e for e in g.apply(pick) if e.kind == "reveal"]
    assert len(ev) == 1
    assert name in (ev[0].text_for(0) or "")
    other = ev[0].text_for(1) or ""
    assert name not in other and "picks one of the revealed cards" in other
    assert name not in (ev[0].text_for(None) or "")


def test_hg60_revealed_effect_resolves_at_once() -> None:
    """HG-60: Athena's revealed blessing takes effect right after the pick."""
    g = make([], p1={"hand": ["athena"], "mana": 6}, seed=5)
    athena = hand(g, 0, "athena")
    g.apply(Action("play", (athena, "2,1")))
    offered = {g.card(x).defn.id: x for x in g.decision().context["cards"]}  # type: ignore[union-attr]
    assert set(offered) == {"blessing_might", "blessing_vigor", "blessing_aegis"}
    g.apply(Action("pick", (offered["blessing_vigor"],)))
    assert (g.card(athena).hp, g.max_health(athena)) == (9, 9)


def test_hg61_return_to_hand_loses_every_modification() -> None:
    """HG-61: the Marksman 2/2 (grown by an allied God) returns to hand as a 2-mana 1/2."""
    g = make([u("marksman", "1,1")], p1={"hand": ["vulcan", "recall"], "mana": 10})
    mm = at(g, "1,1")
    g.apply(Action("play", (hand(g, 0, "vulcan"), "1,2")))
    assert g.attack_of(mm) == 2
    g.apply(Action("play", (hand(g, 0, "recall"), mm)))
    c = g.card(mm)
    assert c.zone == "hand:0" and c.modifiers == [] and c.hp == 2 and c.stat("attack") == 1
    assert g.cost(mm, 0) == 2


def test_hg62_banished_unit_is_out_cell_kept_passable_and_comes_back() -> None:
    """HG-62: banished: affects nothing, no valid target, cell kept but passable; returns later."""
    g = make(
        [u("surtr", "1,3", 2), u("legionary", "1,2", 2), u("pegasus", "1,1"), u("cretan_archer", "3,3")],
        p1={"hand": ["duat_gate"], "mana": 5},
    )
    surtr, leg, peg = at(g, "1,3"), at(g, "1,2"), at(g, "1,1")
    assert g.attack_of(leg) == 2
    g.apply(Action("play", (hand(g, 0, "duat_gate"), surtr)))
    assert g.card(surtr).zone == "banished" and g.attack_of(leg) == 1  # its aura is gone
    assert surtr not in targets(g, "attack", at(g, "3,3"))
    assert surtr not in targets(g, "ability")
    reach = {a.args[1] for a in g.legal_actions() if a.kind == "move" and a.args[0] == peg}
    assert "1,3" not in reach  # cannot stop on the kept cell
    assert "0,3" in reach  # 1,1 → 0,1 → 0,2 → 0,3
    assert "1,3" not in g.view(0)["deploy_cells"]
    g.apply("end")
    assert g.card(surtr).zone == "banished"  # P2's turn: still out
    g.apply("end")
    assert g.card(surtr).zone == "board" and (g.card(surtr).row, g.card(surtr).col) == (1, 3)


def test_hg62_pass_through_a_banished_cell() -> None:
    """HG-62: units may pass through a banished unit's cell."""
    g = make(
        [u("legionary", "0,3", 2, banished=True), u("grey_wolf", "0,2"), u("hoplite", "1,3", 2)],
    )
    reach = {a.args[1] for a in g.legal_actions() if a.kind == "move" and a.args[0] == at(g, "0,2")}
    assert "0,4" in reach and "0,3" not in reach


def test_hg63_guard_protects_the_stone_from_attacks_not_from_splash() -> None:
    """HG-63: with a Guard unit next to it, the stone cannot be attacked or targeted by
    enemies; the Bull Demon King's splash still hits it."""
    g = make(
        [u("einherjar", "1,7", 2), u("fenrir", "2,6"), u("legionary", "1,8", 2), u("bull_demon_king", "0,7")],
        p1={"hand": ["thunder_of_olympus"], "mana": 9},
    )
    stone = g.stones[1]
    assert g.guarded(1)
    assert stone not in targets(g, "attack", at(g, "2,6"))
    assert stone not in targets(g, "play", hand(g, 0, "thunder_of_olympus"))
    assert stone not in targets(g, "ability")
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("attack", (at(g, "2,6"), stone)))
    assert "guarded" in exc.value.reason
    g.apply(Action("attack", (at(g, "0,7"), at(g, "1,8"))))  # the stone at 2,8 is next to 1,8
    assert g.card(stone).hp == 23


def test_hg63_guard_is_lost_while_in_stealth() -> None:
    """HG-63: a unit with Guard and Stealth does not guard until it leaves Stealth."""
    g = make([u("tomb_sentinel", "1,7", 2), u("legionary", "0,7", 1)], active=2)
    sentinel = at(g, "1,7")
    assert not g.guarded(1) and not g.has_guard(sentinel)
    g.apply(Action("attack", (sentinel, at(g, "0,7"))))
    assert g.guarded(1)


def test_hg64_stealth_blocks_targeting_but_not_area_or_random() -> None:
    """HG-64: no spell, unit or Leader Ability may target it; area and random effects still hit."""
    g = make(
        [u("shade_of_set", "2,4", 2), u("legionary", "2,3")],
        p1={"hand": ["thunder_of_olympus", "wrath_of_sekhmet"], "mana": 10, "leader": "zeus"},
    )
    shade = at(g, "2,4")
    assert shade not in targets(g, "attack", at(g, "2,3"))
    assert shade not in targets(g, "play", hand(g, 0, "thunder_of_olympus"))
    assert shade not in targets(g, "ability")
    g.apply(Action("play", (hand(g, 0, "wrath_of_sekhmet"),)))
    assert g.card(shade).zone == "grave:1"
    # Random effects may hit it: Ginnungagap's 3 random hits (one for each of P1's 3 units)
    # land on the Shade or the stone only.
    g2 = make(
        [u("shade_of_set", "2,4", 2), u("legionary", "1,1"), u("legionary", "2,1"), u("legionary", "3,1")],
        p1={"hand": ["chaos"]},
        seed=3,
    )
    shade2, stone2 = at(g2, "2,4"), g2.stones[1]
    g2.apply(Action("play", (hand(g2, 0, "chaos"),)))
    hits = [e.data["target"] for e in g2.log if e.kind == "damage"]
    assert len(hits) == 3 and set(hits) <= {shade2, stone2}
    assert shade2 in hits


def test_hg65_stun_no_move_attack_or_return_until_the_stunner_turn() -> None:
    """HG-65: a stunned unit cannot move, attack nor strike back, until the stunning
    player's next turn."""
    g = make([u("cyclops", "2,4", 2), u("legionary", "2,3")], p1={"hand": ["gorgon_gaze"], "mana": 5})
    cyc = at(g, "2,4")
    g.apply(Action("play", (hand(g, 0, "gorgon_gaze"), cyc)))
    leg = at(g, "2,3")
    g.apply(Action("attack", (leg, cyc)))
    assert g.card(leg).hp == 2  # no Return Damage
    g.apply("end")
    assert not [a for a in g.legal_actions() if a.kind in ("move", "attack") and a.args[0] == cyc]
    g.apply("end")
    assert not g.stunned(cyc)


def test_hg66_transform_removes_the_original_without_afterlife() -> None:
    """HG-66: Circe's Curse removes the Mummy at once (no Scarab); silence keeps the Pig."""
    g = make([u("mummy", "2,4", 2)], p1={"hand": ["circe_curse", "words_of_isis"], "mana": 10})
    mummy = at(g, "2,4")
    ev = g.apply(Action("play", (hand(g, 0, "circe_curse"), mummy)))
    pig = at(g, "2,4")
    assert g.card(pig).defn.id == "pig" and g.card(pig).owner == 1
    assert g.card(mummy).zone == "removed"
    assert "afterlife" not in [e.kind for e in ev] and "death" not in [e.kind for e in ev]
    g.apply(Action("play", (hand(g, 0, "words_of_isis"), pig)))
    assert g.card(at(g, "2,4")).defn.id == "pig"


def test_hg67_immune_spells_not_targeted_nor_hit_by_area() -> None:
    """HG-67: the Sphinx (Immune: spells) is neither a target of spells nor hurt by area spells;
    Achilles (Immune: enemy spells) can still be helped by his own side."""
    g = make(
        [u("sphinx", "2,4", 2), u("achilles", "2,1"), u("achilles", "0,6", 2)],
        p1={"hand": ["thunder_of_olympus", "wrath_of_sekhmet", "gaia_stone"], "mana": 10},
    )
    sphinx, mine, theirs = at(g, "2,4"), at(g, "2,1"), at(g, "0,6")
    assert sphinx not in targets(g, "play", hand(g, 0, "thunder_of_olympus"))
    assert theirs not in targets(g, "play", hand(g, 0, "thunder_of_olympus"))
    assert mine in targets(g, "play", hand(g, 0, "gaia_stone"))
    g.apply(Action("play", (hand(g, 0, "wrath_of_sekhmet"),)))
    assert g.card(sphinx).hp == 5 and g.card(theirs).hp == 4 and g.card(mine).hp == 2


def test_hg68_protect_highest_applies_not_added_and_spells_ignore_it() -> None:
    """HG-68: Spartan's Protect 1 + Magic Shell's Protect 2 → 2, not 3; after the Shell, 1 again;
    spells are not reduced."""
    g = make(
        [u("cyclops", "2,1"), u("spartan", "1,1"), u("hoplite", "2,2", 2), u("cyclops", "2,3", 2)],
        p1={"hand": ["magic_shell"], "mana": 5},
    )
    cyc = at(g, "2,1")
    assert g.protect(cyc) == 1
    g.apply(Action("play", (hand(g, 0, "magic_shell"), cyc)))
    assert g.protect(cyc) == 2
    g.apply("end")
    g.apply(Action("attack", (at(g, "2,2"), cyc)))  # Hoplite 2 - Protect 2 = 0
    assert g.card(cyc).hp == 7
    g.apply("end")
    assert g.protect(cyc) == 1


def test_hg68_protect_does_not_reduce_spell_damage() -> None:
    """HG-68: a 3-damage spell deals 3 to a Protect 1 Hoplite (it dies)."""
    g = make([u("hoplite", "2,4", 2)], p1={"hand": ["thunder_of_olympus"]})
    hop = at(g, "2,4")
    g.apply(Action("play", (hand(g, 0, "thunder_of_olympus"), hop)))
    assert g.card(hop).zone == "grave:1"


def test_hg69_resurrection_after_death_fails_outside_the_graveyard() -> None:
    """HG-69: Resurrection brings the unit back in its cell after Death; a token (which
    leaves the game instead of going to a graveyard) cannot resurrect."""
    g = make(
        [u("legionary", "2,4", 2, health=1, resurrection=True), u("sapling", "0,4", 2, resurrection=True)],
        p1={"hand": ["thunder_of_olympus", "chaos"], "mana": 10, "leader": "zeus"},
    )
    leg = at(g, "2,4")
    ev = g.apply(Action("ability", (leg,)))
    assert [e.kind for e in ev][-2:] == ["death", "resurrect"]
    assert g.card(leg).zone == "board" and g.card(leg).hp == 2 and not g.card(leg).resurrection
    sap = at(g, "0,4")
    ev = g.apply(Action("play", (hand(g, 0, "thunder_of_olympus"), sap)))
    assert g.card(sap).zone == "removed"
    assert "fizzle" in [e.kind for e in ev]


def test_hg70_execute_no_resurrection_but_afterlife() -> None:
    """HG-70: an executed Mummy with Resurrection stays dead; its Afterlife still spawns a Scarab."""
    g = make([u("mummy", "2,4", 2, resurrection=True)], p1={"hand": ["judgement"], "mana": 5})
    mummy = at(g, "2,4")
    g.apply(Action("play", (hand(g, 0, "judgement"), mummy)))
    assert g.card(mummy).zone == "grave:1"
    assert g.card(at(g, "2,4")).defn.id == "scarab"


def test_hg71_resurrected_sylvanus_keeps_its_cell_so_no_sapling() -> None:
    """HG-71: Scarab's Blessing on a 1-health Sylvanus; the enemy kills it; it resurrects
    (priority 9) before its Afterlife (11), whose Sapling cannot be spawned."""
    g = make(
        [u("sylvanus", "2,4", 2, health=1)],
        p2={"hand": ["scarab_blessing"], "mana": 2},
        p1={"hand": ["thunder_of_olympus"]},
        active=2,
    )
    syl = at(g, "2,4")
    g.apply(Action("play", (hand(g, 1, "scarab_blessing"), syl)))
    g.apply("end")
    ev = g.apply(Action("play", (hand(g, 0, "thunder_of_olympus"), syl)))
    order = [e.kind for e in ev]
    assert order.index("resurrect") < order.index("afterlife") < order.index("fizzle")
    assert g.card(at(g, "2,4")).defn.id == "sylvanus"
    assert not [x for x in g.zones["board"].cards if g.card(x).defn.id == "sapling"]


def test_hg72_activated_warcry_later_lost_by_moving() -> None:
    """HG-72: Ares' activated Warcry cannot be used the turn he is deployed; later it can,
    but moving first loses it."""
    g = make([u("legionary", "1,1"), u("legionary", "3,1")], p1={"hand": ["ares"], "mana": 4})
    ares = hand(g, 0, "ares")
    g.apply(Action("play", (ares, "2,1")))
    assert Action("warcry", (ares,)) not in g.legal_actions()
    g.apply("end")
    g.apply("end")
    assert Action("warcry", (ares,)) in g.legal_actions()
    g.apply(Action("warcry", (ares,)))
    assert g.attack_of(at(g, "1,1")) == 3 and g.attack_of(at(g, "3,1")) == 3
    assert Action("warcry", (ares,)) not in g.legal_actions()
    g2 = make([u("ares", "2,1")])
    a2 = at(g2, "2,1")
    assert g2.card(a2).warcry_ready
    g2.apply(Action("move", (a2, "2,3")))
    g2.apply("end")
    g2.apply("end")
    assert Action("warcry", (a2,)) not in g2.legal_actions()


def test_hg72_hg83_no_warcry_when_not_played_from_hand() -> None:
    """HG-72/HG-83: a Vulcan resurrected from the graveyard does not trigger its Warcry."""
    g = make(
        [u("vulcan", "2,3", 1, health=1, resurrection=True), u("legionary", "2,5", 2)],
        active=2,
        p2={"leader": "zeus"},
    )
    vul = at(g, "2,3")
    ev = g.apply(Action("ability", (vul,)))
    assert g.card(vul).zone == "board" and "resurrect" in [e.kind for e in ev]
    assert g.pending is None and "warcry" not in [e.kind for e in ev]
    assert not g.card(vul).warcry_ready


def test_hg73_silence_removes_guard_aura_afterlife() -> None:
    """HG-73 ⚖: silence removes text abilities: Guard, aura, Afterlife, Stealth, Protect."""
    g = make(
        [
            u("einherjar", "1,7", 2),
            u("draugr", "2,6", 2, health=1),
            u("surtr", "3,6", 2),
            u("hoplite", "3,7", 2),
        ],
        p1={"hand": ["words_of_isis"] * 4, "mana": 10, "max_mana": 10, "leader": "zeus"},
    )
    ein, dr, surtr, hop = at(g, "1,7"), at(g, "2,6"), at(g, "3,6"), at(g, "3,7")
    assert g.guarded(1) and g.attack_of(hop) == 3 and g.protect(hop) == 1
    for t in (ein, surtr, dr, hop):
        g.apply(Action("play", (hand(g, 0, "words_of_isis"), t)))
    assert not g.guarded(1) and g.attack_of(hop) == 2 and g.protect(hop) == 0
    ev = g.apply(Action("ability", (dr,)))
    assert "death" in [e.kind for e in ev]
    assert "afterlife" not in [e.kind for e in ev]


def test_hg81_removed_from_game_is_out_of_reach() -> None:
    """HG-81: nothing interacts with the removed-from-game zone (no resurrection, no targeting)."""
    g = make([u("medusa", "2,2"), u("legionary", "2,5", 2, resurrection=True)])
    leg = at(g, "2,5")
    g.apply(Action("attack", (at(g, "2,2"), leg)))
    assert g.card(leg).zone == "removed"
    all_args = {x for a in g.legal_actions() for x in a.args}
    assert leg not in all_args
    g.apply("end")
    assert g.card(leg).zone == "removed"


def test_hg62_hg56_a_banished_unit_loses_its_this_turn_bonus_on_time() -> None:
    """HG-62 / HG-56: a unit banished with a 'this turn' bonus does not keep it: the bonus
    ends at the end of the turn even while the unit is out of the game."""
    g = make([u("hoplite", "2,1")], p1={"hand": ["battle_fury", "duat_gate"], "mana": 5})
    hop = at(g, "2,1")
    g.apply(Action("play", (hand(g, 0, "battle_fury"), hop)))
    assert (g.attack_of(hop), g.card(hop).hp) == (3, 4)
    g.apply(Action("play", (hand(g, 0, "duat_gate"), hop)))
    assert g.card(hop).zone == "banished"
    g.apply("end")
    g.apply("end")  # back at the start of P1's turn
    assert g.card(hop).zone == "board"
    assert (g.attack_of(hop), g.card(hop).hp, g.max_health(hop)) == (2, 3, 3)


def test_hg65_hg62_a_stun_ends_on_time_while_the_unit_is_banished() -> None:
    """HG-65 / HG-62: P1 stuns a Cyclops, P2 banishes it; the stun still ends at the start
    of P1's next turn, so the Cyclops is free when it comes back on P2's turn."""
    g = make(
        [u("cyclops", "2,4", 2), u("legionary", "2,3")],
        p1={"hand": ["gorgon_gaze"], "mana": 5},
        p2={"hand": ["duat_gate"], "mana": 5},
    )
    cyc = at(g, "2,4")
    g.apply(Action("play", (hand(g, 0, "gorgon_gaze"), cyc)))
    g.apply("end")
    g.apply(Action("play", (hand(g, 1, "duat_gate"), cyc)))
    g.apply("end")  # P1's turn starts: the stun ends
    g.apply("end")  # P2's turn starts: the Cyclops comes back
    assert g.card(cyc).zone == "board" and not g.stunned(cyc)
    assert any(a.kind == "attack" and a.args[0] == cyc for a in g.legal_actions())


def test_hg62_a_banished_unit_is_out_of_every_aura() -> None:
    """HG-62: a banished unit affects nothing and is affected by nothing: it does not keep
    the +1/+0 of the Surtr next to it while it is out (HG-57: the aura is back on return)."""
    g = make([u("surtr", "1,1", 2), u("legionary", "1,2", 2)], p1={"hand": ["duat_gate"], "mana": 5})
    leg = at(g, "1,2")
    assert g.attack_of(leg) == 2
    g.apply(Action("play", (hand(g, 0, "duat_gate"), leg)))
    assert g.card(leg).zone == "banished" and g.card(leg).stat("attack") == 1
    assert g.view(0)["banished"][0]["attack"] == 1
    g.apply("end")
    g.apply("end")
    assert g.card(leg).zone == "board" and g.attack_of(leg) == 2


def _with_card(g, base: str, new_id: str, name: str, abilities: tuple, cell: str, owner: int):  # type: ignore[no-untyped-def]
    """Put a one-off variant of a card on the battlefield (for triggers no pool card has)."""
    from dataclasses import replace

    from hotg.game import CELL_NUMBER, parse_cell

    d = replace(g.pool[base], id=new_id, name=name, abilities=abilities)
    g.pool = {**g.pool, new_id: d}
    uid = g.core.create(d, owner, 0)  # (the core's: a card made during the game, in no zone)
    g.core.place_unit(uid, CELL_NUMBER[parse_cell(cell)], owner)  # entered now, last in board order
    g.core.touched()
    return uid


def test_hg21_a_targeted_end_of_turn_effect_asks_its_controller() -> None:
    """HG-21 / HG-11: an end-of-turn effect with a target stops for its controller's choice;
    the turn passes only once it has resolved."""
    g = make([u("legionary", "2,5", 2), u("cyclops", "0,5", 2), u("hoplite", "2,1")])
    lantern = _with_card(
        g,
        "sekhmet_brazier",
        "hel_lantern",
        "Hel's Lantern",
        ({"when": "end_turn", "do": "damage", "target": "enemy_unit", "amount": 2},),
        "3,1",
        0,
    )
    leg = at(g, "2,5")
    g.apply("end")
    d = g.decision()
    assert d is not None and (d.player, d.kind) == (0, "target") and g.active == 0
    assert d.prompt == "Choose a target for Hel's Lantern" and d.context["source"] == lantern
    assert set(d.context["targets"]) == {leg, at(g, "0,5")}
    ev = g.apply(Action("target", (leg,)))
    assert g.card(leg).zone == "grave:1"
    assert g.active == 1 and g.decision().kind == "turn"  # type: ignore[union-attr]
    assert [e.kind for e in ev].index("death") < [e.kind for e in ev].index("turn")


def test_hg71_a_targeted_afterlife_is_chosen_by_the_dead_unit_controller() -> None:
    """HG-71: a targeted Afterlife of P2's unit killed on P1's turn: P2 chooses its target."""
    g = make([u("cyclops", "2,3"), u("legionary", "1,3")])
    ghost = _with_card(
        g,
        "draugr",
        "vengeful_draugr",
        "Vengeful Draugr",
        ({"when": "afterlife", "do": "damage", "target": "enemy_unit", "amount": 2},),
        "2,4",
        1,
    )
    g.card(ghost).hp = 1
    g.apply(Action("attack", (at(g, "2,3"), ghost)))
    d = g.decision()
    assert d is not None and (d.player, d.kind) == (1, "target") and g.active == 0
    leg = at(g, "1,3")
    g.apply(Action("target", (leg,)))
    assert g.card(leg).zone == "grave:0"
    assert g.decision().player == 0  # type: ignore[union-attr]


def test_hg73_silence_keeps_range_and_movement() -> None:
    """HG-73 ⚖ (docs/rulings.md): "Ranged" and "Fleet" are a unit's printed range and movement,
    stats like attack and health, not text abilities: a silenced Medusa still attacks 3 cells
    away (but her petrifying text is gone) and a silenced Pegasus still moves 4 cells."""
    g = make(
        [u("medusa", "2,2", 2), u("pegasus", "0,6", 2), u("cyclops", "2,5")],
        p2={"hand": ["words_of_isis"] * 2, "mana": 10, "max_mana": 10},
        active=2,
    )
    med, peg, leg = at(g, "2,2"), at(g, "0,6"), at(g, "2,5")
    for t in (med, peg):
        g.apply(Action("play", (hand(g, 1, "words_of_isis"), t)))
    assert g.card(med).silenced and g.card(peg).silenced
    assert Action("move", (peg, "4,6")) in g.legal_actions()  # 4 cells down the column
    ev = g.apply(Action("attack", (med, leg)))  # 3 cells away
    assert "transform" not in [e.kind for e in ev]
    assert g.card(leg).zone == "board" and g.card(leg).defn.id == "cyclops" and g.card(leg).hp == 4


def test_wrath_of_sekhmet_spares_the_stones_and_its_text_says_so() -> None:
    """Area damage "to every unit on the battlefield": HG-02 makes a stone a unit for
    *targeting*; this card's area spares both Summoning Stones, and its text says so (it read
    "every unit on the battlefield", which HG-02 would read as the stones too)."""
    g = make(
        [u("legionary", "2,3"), u("shade_of_set", "2,4", 2)],
        p1={"hand": ["wrath_of_sekhmet"], "mana": 10},
    )
    wrath = hand(g, 0, "wrath_of_sekhmet")
    assert "(not the Summoning Stones)" in g.card(wrath).defn.text
    hp = [g.card(s).hp for s in g.stones]
    legionary = at(g, "2,3")
    g.apply(Action("play", (wrath,)))
    assert [g.card(s).hp for s in g.stones] == hp
    hit = [e.data["target"] for e in g.log if e.kind == "damage"]
    assert legionary in hit and not set(hit) & set(g.stones)


def test_views_give_no_range_to_a_spell_or_a_stone() -> None:
    """A spell has no range, and a stone never attacks (HG-02): their views leave `range` out
    (the card panel read "range: 1" for them); a unit's view keeps it."""
    g = make([u("legionary", "2,3")], p1={"hand": ["wrath_of_sekhmet"], "mana": 10})
    assert g.card_view(hand(g, 0, "wrath_of_sekhmet"), 0)["range"] is None
    assert all(g.unit_view(stone)["range"] is None for stone in g.stones)
    legionary = at(g, "2,3")
    assert g.unit_view(legionary)["range"] == g.range_of(legionary) >= 1


def test_hg62_a_banished_unit_comes_back_in_the_log_of_the_turn_it_comes_back_in() -> None:
    """HG-62, HG-20: the banishment ends at the start of a turn; the log says so after that
    turn's "Turn N" line (it came before it, as if at the end of the other player's turn)."""
    g = make([u("legionary", "0,3", 2, banished=True), u("grey_wolf", "2,2")])
    texts: list[str] = []
    for _ in range(4):
        g.apply("end")
        texts = [e.text for e in g.log]
        if any("comes back to 0,3" in t for t in texts):
            break
    back = next(i for i, t in enumerate(texts) if "comes back to 0,3" in t)
    turn_lines = [i for i, t in enumerate(texts) if t.startswith("Turn ")]
    assert texts[max(i for i in turn_lines if i < back)].startswith(f"Turn {g.turn}:")
    assert not [i for i in turn_lines if i > back]  # nothing of the next turn yet
