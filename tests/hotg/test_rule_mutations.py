"""Rule tests written by the mutation audit of the HotG engine: each one kills a mutant
(a small change that broke the rule it cites) that no earlier test noticed."""

from __future__ import annotations

from common.game import Action

from .helpers import at, hand, kinds, make, u


def test_hg02_a_stone_brought_to_exactly_0_health_is_destroyed() -> None:
    """HG-02: a Summoning Stone left with exactly 0 health is destroyed: its owner loses
    (not only when the damage goes below 0). Either stone: here the first player's."""
    g = make([u("fenrir", "2,1", 2)], p1={"stone": 5}, active=2)  # Fenrir: 5 attack
    fenrir, s0 = at(g, "2,1"), g.stones[0]
    assert g.attack_of(fenrir) == 5
    g.apply(Action("attack", (fenrir, s0)))
    assert g.card(s0).hp == 0
    assert g.is_over() and g.winner() == 1


def test_hg42_hg12_no_attack_damage_effect_when_protect_takes_all_the_damage() -> None:
    """HG-42 (5) / HG-12 level 4 / HG-68: the effects of attack damage follow damage dealt.
    Medusa (3 attack) shoots a Legionary with Protect 3: no damage, so it is not turned
    into a statue (her text: a unit her attack *damaged*)."""
    g = make([u("medusa", "2,2"), u("legionary", "2,5", 2, protect=3)])
    med, leg = at(g, "2,2"), at(g, "2,5")
    ev = g.apply(Action("attack", (med, leg)))
    assert "transform" not in kinds(ev)
    c = g.card(leg)
    assert c.zone == "board" and c.defn.id == "legionary" and c.controller == 1 and c.hp == 2


def test_hg73_hg57_a_silenced_aura_gives_nothing_to_a_unit_moving_next_to_it() -> None:
    """HG-73 / HG-57: a silenced Surtr has no aura. A Legionary that moves next to both
    it and Enyo's Banner (+1/+0 to adjacent allies) gets the Banner's +1 only (also when
    the move is the second action of the turn, on a battlefield already settled)."""
    g = make(
        [
            u("enyo_banner", "1,4"),
            u("surtr", "3,4", silenced=True),
            u("legionary", "2,2"),
            u("grey_wolf", "4,0"),
        ]
    )
    leg = at(g, "2,2")
    g.apply(Action("move", (at(g, "4,0"), "4,1")))  # a first action
    assert g.attack_of(leg) == 1
    g.apply(Action("move", (leg, "2,3")))
    assert g.attack_of(leg) == 2


def test_hg60_hg80_the_revealed_cards_wait_in_the_reveal_zone_not_in_the_hand() -> None:
    """HG-60 / HG-80: while the player chooses, Oracle's three revealed cards are in the
    reveal zone; none is in the hand before the pick."""
    g = make([], p1={"hand": ["oracle"], "mana": 2})
    g.apply(Action("play", (hand(g, 0, "oracle"), "2,1")))
    offered = list(g.decision().context["cards"])  # type: ignore[union-attr]
    assert len(offered) == 3
    assert all(g.card(x).zone == "reveal:0" for x in offered)
    assert g.zones["hand:0"].cards == []


def test_hg44_hg40_return_damage_reaches_as_far_as_the_target_attacks() -> None:
    """HG-44 ⚖ / HG-40: the target strikes back when the attacker is within the target's
    own attack range: a melee target reaches a diagonal neighbour, a ranged one an
    attacker exactly 3 orthogonal steps away."""
    g = make(
        [
            u("legionary", "0,2"),
            u("legionary", "1,3", 2),  # melee target, diagonal to its attacker
            u("marksman", "4,1"),
            u("desert_archer", "4,4", 2),  # ranged target, 3 orthogonal steps away
        ]
    )
    leg = at(g, "0,2")
    ev = g.apply(Action("attack", (leg, at(g, "1,3"))))
    assert "return" in kinds(ev)
    assert g.card(leg).hp == 1
    mm = at(g, "4,1")
    ev = g.apply(Action("attack", (mm, at(g, "4,4"))))
    assert "return" in kinds(ev)
    assert g.card(mm).zone == "grave:0"  # the archer's 3 damage: the Marksman (2 health) dies
