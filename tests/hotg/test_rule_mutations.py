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


def test_hg51_medusa_does_not_petrify_a_god_that_survives_her_attack() -> None:
    """HG-51 / HG-66: Medusa's attack damages Athena (a God) without killing her: Athena
    is not turned into a statue (Medusa's text: a unit that is not a God)."""
    g = make([u("medusa", "2,2"), u("athena", "2,5", 2)])
    athena = at(g, "2,5")
    ev = g.apply(Action("attack", (at(g, "2,2"), athena)))
    assert "transform" not in kinds(ev)
    c = g.card(athena)
    assert c.zone == "board" and c.defn.id == "athena" and c.controller == 1 and c.hp == 3


def test_hg71_an_afterlife_caused_by_an_afterlife_still_waits_its_entry_order() -> None:
    """HG-71 / HG-13: Afterlifes resolve in the order the units appeared on the battlefield,
    also for a unit that dies while Afterlifes are pending. The Draugr (entered 1st) and
    the enemy Draugr (3rd) kill each other; the first Draugr's Afterlife kills the Mummy
    (2nd, 1 health): the Mummy's Afterlife comes before the enemy Draugr's."""
    g = make(
        [
            u("draugr", "2,3"),
            u("mummy", "1,3", 2, health=1),
            u("draugr", "2,4", 2),
        ]
    )
    ev = g.apply(Action("attack", (at(g, "2,3"), at(g, "2,4"))))
    assert [e.text for e in ev if e.kind == "death"] == ["Draugr dies", "Draugr dies", "Mummy dies"]
    afterlives = [e.text.split("'")[0] for e in ev if e.kind == "afterlife"]
    assert afterlives == ["Draugr", "Mummy", "Draugr"]
    assert g.card(at(g, "1,3")).defn.id == "scarab"


def test_hg73_hg67_a_silenced_immune_unit_is_hit_by_an_area_spell() -> None:
    """HG-73 / HG-67: silence removes Immune from the unit's text: a silenced Achilles
    (Immune: enemy spells) takes the 2 damage of the enemy's Wrath of Sekhmet."""
    g = make(
        [u("achilles", "2,5", 2, silenced=True), u("achilles", "0,5", 2)],
        p1={"hand": ["wrath_of_sekhmet"], "mana": 5},
    )
    g.apply(Action("play", (hand(g, 0, "wrath_of_sekhmet"),)))
    assert g.card(at(g, "2,5")).hp == 2
    assert g.card(at(g, "0,5")).hp == 4  # not silenced: still immune


def test_hg73_hg64_a_silenced_stealth_unit_can_be_attacked() -> None:
    """HG-73 / HG-64: silence removes Stealth from the unit's text: a silenced Loki may be
    attacked (and is shown without Stealth)."""
    g = make([u("legionary", "2,3"), u("loki", "2,4", 2, silenced=True)])
    leg, loki = at(g, "2,3"), at(g, "2,4")
    assert not g.unit_view(loki)["stealth"]
    assert Action("attack", (leg, loki)) in g.legal_actions()
    g.apply(Action("attack", (leg, loki)))
    assert g.card(loki).hp == 2


def test_hg73_hg72_silence_takes_away_an_unused_activated_warcry() -> None:
    """HG-73 / HG-72: a silenced unit has no Warcry: Words of Isis on Ares (activated
    Warcry not used yet) leaves it not ready, and no Warcry action is offered; the same
    for an Ares silenced from the start."""
    g = make(
        [u("ares", "2,5", 2), u("ares", "0,5", 2, silenced=True), u("legionary", "1,5", 2)],
        p1={"hand": ["words_of_isis"], "mana": 5},
    )
    ares = at(g, "2,5")
    assert g.unit_view(ares)["warcry_ready"]
    g.apply(Action("play", (hand(g, 0, "words_of_isis"), ares)))
    assert not g.unit_view(ares)["warcry_ready"]
    g.apply("end")
    warcries = [a for a in g.legal_actions() if a.kind == "warcry"]
    assert warcries == []


def test_hg23_hg13_a_unit_played_now_comes_after_the_units_already_there() -> None:
    """HG-23 / HG-13: a unit deployed from the hand enters the battlefield at that moment:
    its effects come after those of units that were there before. The enemy Mummy (there
    first) and the Draugr P1 plays kill each other: the Mummy's Afterlife (a Scarab in its
    cell) resolves first, then the Draugr's (1 damage to each adjacent enemy) kills that
    Scarab."""
    g = make(
        [u("legionary", "1,3"), u("mummy", "2,5", 2)],
        p1={"hand": ["draugr"], "mana": 3},
    )
    g.apply(Action("play", (hand(g, 0, "draugr"), "2,4")))
    g.apply("end")
    ev = g.apply(Action("attack", (at(g, "2,5"), at(g, "2,4"))))
    afterlives = [e.text.split("'")[0] for e in ev if e.kind == "afterlife"]
    assert afterlives == ["Mummy", "Draugr"]
    assert [x for x in g.board_units(stones=False) if g.card(x).defn.id == "scarab"] == []


def test_hg51_marksman_grows_only_when_a_god_enters() -> None:
    """HG-51: Marksman's +1/+0 refers to the God subtype: a Legionary entering gives it
    nothing, Ares (a God) entering gives it +1/+0."""
    g = make([u("marksman", "1,1")], p1={"hand": ["legionary", "ares"], "mana": 9})
    mm = at(g, "1,1")
    g.apply(Action("play", (hand(g, 0, "legionary"), "1,2")))
    assert g.attack_of(mm) == 1
    g.apply(Action("play", (hand(g, 0, "ares"), "0,1")))
    assert g.attack_of(mm) == 2


def test_hg72_an_unused_activated_warcry_is_lost_by_attacking() -> None:
    """HG-72 (docs/rulings.md): an unused activated Warcry is lost when its unit attacks,
    as when it moves. Ares attacks: afterwards its Warcry is neither ready nor offered."""
    g = make([u("ares", "2,3"), u("legionary", "2,4", 2)])
    ares = at(g, "2,3")
    assert g.unit_view(ares)["warcry_ready"]
    g.apply(Action("attack", (ares, at(g, "2,4"))))
    assert not g.unit_view(ares)["warcry_ready"]
    assert [a for a in g.legal_actions() if a.kind == "warcry"] == []


def test_hg72_hg73_a_scenario_unit_that_moved_attacked_or_is_silenced_has_no_warcry_ready() -> None:
    """HG-72 / HG-73: a scenario's unit that has moved, attacked or is silenced starts with
    its activated Warcry lost, unless the scenario says otherwise (`warcry_ready`)."""
    for state in ({"moved": True}, {"attacked": True}, {"silenced": True}):
        g = make([u("ares", "2,3", **state)])
        assert not g.unit_view(at(g, "2,3"))["warcry_ready"], state
    g = make([u("ares", "2,3")])
    assert g.unit_view(at(g, "2,3"))["warcry_ready"]
