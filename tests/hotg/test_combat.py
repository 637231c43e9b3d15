"""Movement, combat, return damage and the resolution order (HG-11..14, 30..44)."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import at, hand, kinds, make, u


def moves(g, uid: int) -> set[str]:  # type: ignore[no-untyped-def]
    return {str(a.args[1]) for a in g.legal_actions() if a.kind == "move" and a.args[0] == uid}


def attacks(g, uid: int) -> set[int]:  # type: ignore[no-untyped-def]
    return {int(a.args[1]) for a in g.legal_actions() if a.kind == "attack" and a.args[0] == uid}


def test_hg30_movement_value_is_the_number_of_cells() -> None:
    """HG-30: Pegasus (movement 4) reaches 4 cells away, not 5."""
    g = make([u("pegasus", "0,2")])
    peg = at(g, "0,2")
    reach = moves(g, peg)
    assert "0,6" in reach and "0,7" not in reach
    assert "4,4" not in reach  # 4 + 2 = 6 steps
    assert "3,3" in reach


def test_hg31_no_move_when_exhausted_or_after_attacking() -> None:
    """HG-31: a unit moves only if not exhausted and it has not attacked this turn."""
    g = make([u("hoplite", "2,1", exhausted=True), u("legionary", "1,4"), u("legionary", "1,5", 2)])
    assert moves(g, at(g, "2,1")) == set()
    leg = at(g, "1,4")
    g.apply(Action("attack", (leg, at(g, "1,5"))))
    assert moves(g, leg) == set()
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move", (leg, "0,4")))
    assert "attacked" in exc.value.reason


def test_hg32_pass_through_allies_not_enemies_never_end_on_occupied_orthogonal() -> None:
    """HG-32 ⚖: orthogonal steps; through allies, not enemies; one move per turn."""
    g = make(
        [
            u("legionary", "0,1"),  # mover (movement 2)
            u("hoplite", "0,2"),  # ally in the way
            u("legionary", "1,1", 2),  # enemy below
        ]
    )
    mover = at(g, "0,1")
    reach = moves(g, mover)
    assert "0,3" in reach  # through the allied Hoplite
    assert "0,2" not in reach  # never ends on an occupied cell
    assert "2,1" not in reach  # cannot pass through the enemy
    assert "1,2" in reach and "1,0" in reach  # orthogonal two-step paths
    g.apply(Action("move", (mover, "0,3")))
    assert moves(g, mover) == set()
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move", (mover, "0,4")))
    assert "already moved" in exc.value.reason
    # Diagonal steps do not exist: a movement-1 unit cannot reach a diagonal cell.
    g2 = make([u("terracotta", "0,4")])
    assert moves(g2, at(g2, "0,4")) == {"0,3", "0,5", "1,4"}


def test_hg33_structures_never_move() -> None:
    """HG-33: a Structure (Enyo's Banner) has no movement and cannot gain any."""
    g = make([u("enyo_banner", "1,1")])
    banner = at(g, "1,1")
    assert g.move_of(banner) == 0 and moves(g, banner) == set()
    # It cannot gain any: a +2 movement modifier changes nothing.
    g.core.give(banner, "move", 2)  # (a permanent modifier of no source)
    assert g.card(banner).stat("move") == 2  # (it has it)
    assert g.move_of(banner) == 0 and moves(g, banner) == set()
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move", (banner, "1,2")))
    assert "Structure" in exc.value.reason


def test_hg40_melee_adjacent_with_diagonals_ranged_three_orthogonal_steps() -> None:
    """HG-40: melee reaches the 8 neighbours; ranged counts up to 3 cells without diagonal steps."""
    g = make(
        [
            u("legionary", "2,4"),
            u("legionary", "1,5", 2),  # diagonal neighbour
            u("cretan_archer", "0,0"),
            u("legionary", "0,3", 2),  # 3 orthogonal steps from the archer
            u("legionary", "2,2", 2),  # 2 + 2 = 4 steps
        ]
    )
    assert at(g, "1,5") in attacks(g, at(g, "2,4"))
    archer = attacks(g, at(g, "0,0"))
    assert at(g, "0,3") in archer and at(g, "2,2") not in archer


def test_hg41_one_attack_per_turn_not_while_exhausted() -> None:
    """HG-41 ⚖: one attack per turn; an exhausted unit cannot attack."""
    g = make(
        [
            u("cyclops", "2,4"),
            u("cyclops", "1,1", exhausted=True),
            u("cyclops", "2,5", 2),
            u("legionary", "1,2", 2),
        ]
    )
    cyc = at(g, "2,4")
    g.apply(Action("attack", (cyc, at(g, "2,5"))))
    assert attacks(g, cyc) == set()
    assert attacks(g, at(g, "1,1")) == set()
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("attack", (at(g, "1,1"), at(g, "1,2"))))
    assert "exhausted" in exc.value.reason


def test_hg42_attack_sequence_stealth_lost_then_pre_damage_effects_then_damage() -> None:
    """HG-42: (1) the attacker leaves Stealth, (2) effects triggered by the attack resolve
    before the damage (Berserker +2/+0), (4) Attack Damage, (8) Return Damage, (9) deaths."""
    g = make(
        [u("shade_of_set", "1,1"), u("berserker", "3,3"), u("legionary", "1,2", 2), u("cyclops", "3,4", 2)]
    )
    shade = at(g, "1,1")
    assert g.stealthed(shade)
    ev = g.apply(Action("attack", (shade, at(g, "1,2"))))
    assert [e.kind for e in ev][:2] == ["stealth", "attack"]
    assert not g.stealthed(shade) and g.card(shade).hp == 1
    ber, cyc = at(g, "3,3"), at(g, "3,4")
    ev = g.apply(Action("attack", (ber, cyc)))
    assert g.card(cyc).hp == 7 - 4  # 2 + 2 from its own trigger, before damage
    order = [e.kind for e in ev]
    assert order.index("buff") < order.index("damage") < order.index("return") < order.index("death")


def test_hg43_return_damage_even_when_the_attack_is_lethal() -> None:
    """HG-43: Return Damage (priority 5) resolves before Death (8)."""
    g = make([u("draugr", "2,3"), u("legionary", "2,4", 2)])
    dr, leg = at(g, "2,3"), at(g, "2,4")
    g.apply(Action("attack", (dr, leg)))
    assert g.card(leg).zone == "grave:1"
    assert g.card(dr).hp == 1  # the dying Legionary still struck back


def test_hg44_no_return_damage_out_of_range_stunned_or_without_attack() -> None:
    """HG-44 ⚖: Return Damage only if the attacker is in the target's range, the target
    has attack above 0 and is not stunned."""
    g = make(
        [
            u("cretan_archer", "0,0"),
            u("legionary", "0,2", 2),  # melee target 2 cells away: cannot reach the archer
            u("hoplite", "4,4"),
            u("cyclops", "4,5", 2, stunned=True),
            u("legionary", "3,1"),
            u("enyo_banner", "3,2", 2),  # 0 attack
            u("desert_archer", "1,7"),
            u("cretan_archer", "1,5", 2),  # ranged target in range: strikes back
        ]
    )
    archer = at(g, "0,0")
    ev = g.apply(Action("attack", (archer, at(g, "0,2"))))
    assert "return" not in kinds(ev)
    assert g.card(archer).zone == "board" and g.card(archer).hp == 1
    hop = at(g, "4,4")
    ev = g.apply(Action("attack", (hop, at(g, "4,5"))))
    assert "return" not in kinds(ev)
    assert g.card(hop).zone == "board" and g.card(hop).hp == 3
    leg = at(g, "3,1")
    ev = g.apply(Action("attack", (leg, at(g, "3,2"))))
    assert "return" not in kinds(ev)
    assert g.card(leg).zone == "board" and g.card(leg).hp == 2
    da = at(g, "1,7")
    ev = g.apply(Action("attack", (da, at(g, "1,5"))))
    assert "return" in kinds(ev)
    assert g.card(da).zone == "grave:0"  # 3/2 Desert Archer, hit back for 2


def test_hg11_an_action_ends_only_when_all_its_effects_resolved() -> None:
    """HG-11: Valkyrie's deployment → Warcry → Execute → Death → Afterlife → damage, all in one action."""
    g = make(
        [u("legionary", "2,1"), u("draugr", "2,3", 2, health=2), u("legionary", "1,2", health=1)],
        p1={"hand": ["valkyrie"], "mana": 4},
    )
    weak = at(g, "1,2")
    g.apply(Action("play", (hand(g, 0, "valkyrie"), "3,2")))
    assert g.decision().kind == "target"  # type: ignore[union-attr]
    ev = g.apply(Action("target", (at(g, "2,3"),)))
    assert not g.core.queue and g.pending is None
    assert g.decision().kind == "turn"  # type: ignore[union-attr]
    order = [e.kind for e in ev]
    assert order[:4] == ["warcry", "execute", "death", "afterlife"]
    # the Draugr's Afterlife hit the adjacent enemies: the Valkyrie (diagonal) and the 1-health Legionary
    assert g.card(at(g, "3,2")).hp == 2
    assert g.card(weak).zone == "grave:0"
    assert order[-2:] == ["damage", "death"]


def test_hg12_priority_levels_order_a_whole_combat() -> None:
    """HG-12: Attack Damage (3) → its effect (4: splash) → Return Damage (5) → Death (8)
    → Resurrection (9) → Unit Spawn (10) … Afterlife (11), whatever the push order."""
    g = make(
        [
            u("bull_demon_king", "2,3"),
            u("mummy", "2,4", 2, resurrection=True),
            u("draugr", "1,4", 2),
        ]
    )
    ev = g.apply(Action("attack", (at(g, "2,3"), at(g, "2,4"))))
    seq = [
        e.kind
        for e in ev
        if e.kind in ("damage", "return", "death", "resurrect", "afterlife", "spawn", "fizzle")
    ]
    # attack damage, splash damage, return, 2 deaths, resurrection, then the Mummy's
    # Afterlife (it entered first): its Scarab spawn (10) comes before the Draugr's
    # Afterlife (11) and cannot appear, the resurrected Mummy holds the cell.
    assert seq == [
        "damage",
        "damage",
        "return",
        "damage",
        "death",
        "death",
        "resurrect",
        "afterlife",
        "fizzle",
        "afterlife",
        "damage",
    ]
    assert g.card(at(g, "2,4")).defn.id == "mummy"


@pytest.mark.parametrize("swap", [False, True])
def test_hg13_hg14_afterlives_in_the_order_the_units_entered(swap: bool) -> None:
    """HG-13/HG-14: two Afterlife units kill each other: Attack Damage, Return Damage,
    both Deaths, then both Afterlifes, the earlier-deployed unit's first."""
    units = [u("draugr", "2,3", 1), u("mummy", "2,4", 2)]
    if swap:
        units.reverse()
    g = make(units)
    ev = g.apply(Action("attack", (at(g, "2,3"), at(g, "2,4"))))
    seq = [(e.kind, e.text.split("'")[0]) for e in ev if e.kind in ("damage", "death", "afterlife")]
    assert [k for k, _ in seq[:4]] == ["damage", "damage", "death", "death"]
    first = ["Mummy", "Draugr"] if swap else ["Draugr", "Mummy"]
    deaths = [e.text.split(" dies")[0] for e in ev if e.kind == "death"]
    assert deaths[:2] == first  # HG-13: the two Deaths too, in the order the units entered
    afterlives = [who for k, who in seq if k == "afterlife"]
    assert afterlives == first


def test_hg12_reincarnate_level_7_comes_before_death() -> None:
    """HG-12: Reincarnate (7) resolves before Death (8): Matsya becomes Kurma and never dies
    (no Death, no Afterlife); an executed unit does not reincarnate."""
    g = make([u("matsya", "2,3", 2), u("cyclops", "2,2")], p1={"hand": ["judgement"], "mana": 3})
    matsya = at(g, "2,3")
    ev = g.apply(Action("attack", (at(g, "2,2"), matsya)))
    kinds = [e.kind for e in ev]
    assert kinds.index("return") < kinds.index("reincarnate") and "death" not in kinds
    kurma = at(g, "2,3")
    assert g.card(kurma).defn.id == "kurma" and g.card(kurma).owner == 1
    assert g.card(matsya).zone == "removed"
    g2 = make([u("matsya", "2,3", 2)], p1={"hand": ["judgement"], "mana": 3})
    m2 = at(g2, "2,3")
    ev = g2.apply(Action("play", (hand(g2, 0, "judgement"), m2)))
    assert "reincarnate" not in [e.kind for e in ev] and g2.card(m2).zone == "grave:1"


def test_hg42_no_return_damage_when_the_target_was_removed_by_attack_damage_effects() -> None:
    """HG-42 (6-7): Return Damage goes on only if the target is still there: Medusa's
    petrification (an Attack Damage effect, priority 4) removes the Cyclops next to her
    before its Return Damage (priority 5), so she takes nothing."""
    g = make([u("medusa", "2,3"), u("cyclops", "2,4", 2)])
    med, cyc = at(g, "2,3"), at(g, "2,4")
    ev = g.apply(Action("attack", (med, cyc)))
    assert g.card(cyc).zone == "removed" and g.card(at(g, "2,4")).defn.id == "stone_statue"
    assert "return" not in kinds(ev)
    assert g.card(med).hp == 5


def test_hg42_the_attack_does_not_happen_if_a_pre_damage_effect_removes_the_target(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """HG-42 (3): when an effect triggered by the attack removes the target before the
    damage, neither Attack Damage nor Return Damage happens."""
    from hotg import core as C
    from hotg import core_fx as fx

    orig = fx.EFFECTS["buff"]

    def buff_and_bounce(core, ctx):  # type: ignore[no-untyped-def]
        orig(core, ctx)  # the Berserker's own +2/+0 ...
        core.return_to_hand(target, C.Ctx(ctx.source, ctx.controller, target, {}, "effect", -1, None))

    monkeypatch.setitem(fx.EFFECTS, "buff", buff_and_bounce)
    g = make([u("berserker", "2,3"), u("cyclops", "2,4", 2)])
    ber, target = at(g, "2,3"), at(g, "2,4")
    ev = g.apply(Action("attack", (ber, target)))
    assert g.card(target).zone == "hand:1"
    assert "damage" not in kinds(ev) and "return" not in kinds(ev)
    assert g.card(ber).hp == 2
    assert any("does not happen" in e.text for e in ev)
