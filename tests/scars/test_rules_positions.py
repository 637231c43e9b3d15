"""Rule tests for the lead's decisions on the questions the reading audit left open
(tests/scars/test_rules_reading.py; docs/rulings.md, The Scars): position decides who fights
(SC-60, SC-85, SC-40), "attacking unit" means in the combat in progress (SC-53..SC-55), a unit
discarded for the unit limit does not die (SC-23, SC-42), and the end-of-turn limits are
checked after the last window of 5A (SC-57, SC-59)."""

from __future__ import annotations

from tests.scars.util import P, attack, block, has, hero, log_text, make, play, resolve, uid, until, window


# ------------------------------------------------------------ 1. position decides who fights
def test_sc60_an_attacker_turned_to_defense_stops_attacking() -> None:
    """SC-60: in defense position a unit "podrá defender, pero no atacar". The Knight attacks the
    hero; in the end-of-3A window the defender turns it to defense position (Whispered Dread): it
    is out of the combat and deals no damage (it used to still deal 3 to the hero)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P("hero_nyx", energy=1, hand=["umb_dread"]),
        phase="attackers",
    )
    kn = uid(g, "legion_knight")
    attack(g, (kn, hero(g, 2)))
    play(g, f"cast {uid(g, 'umb_dread')} {kn}")
    resolve(g)
    assert g.card(kn).position == "defense" and kn not in g.attackers
    assert "stops attacking" in log_text(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 12


def test_sc60_an_attacker_on_a_unit_turned_to_defense_neither_deals_nor_takes_damage() -> None:
    """SC-60: the Knight attacking the Mercenary is turned to defense position before damage: it
    leaves the combat, so the Mercenary takes no damage and deals none to the Knight (SC-63 needs
    both in combat)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P("hero_nyx", energy=1, hand=["umb_dread"], units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="attackers",
    )
    kn, merc = uid(g, "legion_knight"), uid(g, "n_mercenary")
    attack(g, (kn, merc))
    play(g, f"cast {uid(g, 'umb_dread')} {kn}")
    resolve(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.card(kn).damage == 0 and g.card(merc).damage == 0
    assert g.is_unit_in_play(merc)


def test_sc85_an_alert_attacker_turned_to_defense_keeps_attacking() -> None:
    """SC-85: Alert "puede atacar estando en posición defensiva": the Gloom Sentinel turned to
    defense position in the end-of-3A window stays in the combat and deals its 2 to the hero."""
    g = make(
        P("hero_nyx", units=[{"card": "umb_sentinel", "position": "attack"}]),
        P("hero_nyx", energy=1, hand=["umb_dread"]),
        phase="attackers",
    )
    sen = uid(g, "umb_sentinel")
    attack(g, (sen, hero(g, 2)))
    play(g, f"cast {uid(g, 'umb_dread')} {sen}")
    resolve(g)
    assert g.card(sen).position == "defense" and sen in g.attackers
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 10


def _knight_blocked_by_sergeant(attacker: str = "legion_knight", hero_id: str = "hero_aurelia"):
    g = make(
        P(hero_id, units=[{"card": attacker, "position": "attack"}]),
        P(units=[{"card": "legion_crossbow"}]),
        phase="attackers",
    )
    a, sgt = uid(g, attacker), uid(g, "legion_crossbow")
    attack(g, (a, hero(g, 2)))
    until(g, lambda g: g.decision().kind == "block")
    block(g, (sgt, a))
    window(g, 2)  # the defender's end-of-3B window
    return g, a, sgt


def test_sc60_sc40_a_blocker_that_uses_its_tap_ability_stops_blocking() -> None:
    """SC-60 / SC-40: a tap ability turns the unit to attack position, where it "no podrá
    defender". The Crossbow Sergeant blocks the Knight, then taps to shoot it: it leaves the
    combat (it used to stay a blocker and die to the Knight's 3). The Knight stays blocked, so it
    deals no damage to the hero either (SC-72; docs/rulings.md, a blocked attacker stays
    blocked)."""
    g, kn, sgt = _knight_blocked_by_sergeant()
    play(g, f"ability {sgt} {kn}")
    assert g.card(sgt).position == "attack" and sgt not in g.blocks
    assert "stops blocking" in log_text(g)
    resolve(g)
    assert g.card(kn).damage == 1
    until(g, lambda g: g.phase == "recruit2")
    assert g.is_unit_in_play(sgt) and g.card(sgt).damage == 0
    assert g.lives(1) == 12 and kn in g.was_blocked


def test_sc60_sc81_a_trample_attacker_whose_blocker_stops_blocking_deals_no_damage() -> None:
    """SC-60 / SC-81: Trample's surplus is what a blocker's lethal does not need; with its only
    blocker out of the combat the Mammoth is a blocked attacker whose blockers are gone, and deals
    no damage at all (docs/rulings.md, a blocked attacker stays blocked)."""
    g, mam, sgt = _knight_blocked_by_sergeant("wild_mammoth", "hero_korrag")
    play(g, f"ability {sgt} {mam}")
    resolve(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.is_unit_in_play(sgt) and g.lives(1) == 12


def test_sc61_sc40_a_shelterer_that_uses_its_tap_ability_stops_sheltering() -> None:
    """SC-61 / SC-40: a shelterer is in defense position ("amparando"); its tap ability turns it to
    attack position and it shelters nobody. With "the shelter fights" chosen, the sheltered Knight
    still takes no damage and the Mercenary attacking it fights nobody (docs/rulings.md, a shelter
    that is gone before damage)."""
    g = make(
        P("hero_korrag", units=[{"card": "n_mercenary", "position": "attack"}]),
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "legion_crossbow", "shelter": 1}]),
        phase="attackers",
    )
    merc, kn, sgt = uid(g, "n_mercenary"), uid(g, "legion_knight"), uid(g, "legion_crossbow")
    attack(g, (merc, kn))
    until(g, lambda g: g.decision().kind == "shelter")
    play(g, f"choose {kn} shelter")
    window(g, 2)
    play(g, f"ability {sgt} {merc}")
    assert g.card(sgt).shelter == 0
    resolve(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.card(kn).damage == 0 and g.card(sgt).damage == 0
    assert g.card(merc).damage == 1  # the Sergeant's shot only


# ------------------------------------------------ 2. "attacking unit" means in this combat
def test_sc53_sc55_judgement_targets_an_attacking_unit_only_during_the_combat() -> None:
    """SC-53..SC-55: a unit is attacking from its declaration (3A) until combat damage is over
    (3C). In the defender's end-of-3A window Judgement may target the Knight; once combat is over
    (4 Second recruitment and later) no unit is attacking: Judgement, the Watchtower and the
    Crossbow Sergeant have no target and are not offered (they used to be, all turn long)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(
            energy=3,
            hand=["legion_judgement"],
            structures=[{"card": "legion_watchtower"}],
            units=[{"card": "legion_crossbow"}],
        ),
        phase="attackers",
    )
    kn, jud = uid(g, "legion_knight"), uid(g, "legion_judgement")
    tower, sgt = uid(g, "legion_watchtower"), uid(g, "legion_crossbow")
    attack(g, (kn, hero(g, 2)))
    assert has(g, f"cast {jud} {kn}") and has(g, f"ability {tower} {kn}") and has(g, f"ability {sgt} {kn}")
    assert g.targets(1, "attacking_unit") == [kn]
    until(g, lambda g: g.phase not in ("attackers", "blockers", "damage"))
    assert g.lives(1) == 12 - 3
    # combat is over: P2's windows in the rest of P1's turn offer nothing (the engine passes them)
    while g.active == 0:
        assert g.targets(1, "attacking_unit") == [] and g.targets(0, "attacking_unit") == []
        assert g.decision().player == 0
        play(g, "done")
    assert g.card(jud).zone == "hand:1" and g.is_unit_in_play(kn)


# ------------------------------------------------ 3. a unit discarded for the limit does not die
def test_sc23_sc42_a_unit_discarded_for_the_unit_limit_does_not_die() -> None:
    """SC-23 / SC-42: the rulebook lists "se descartan, se destruyen, se sacrifican" as different
    ways to the discard pile; Bone Lich triggers "when it dies". Discarded for the unit limit at
    clean-up, it goes to the discard without dying: no trigger, no damage to the enemy hero (it
    used to deal 2)."""
    g = make(
        P("hero_nyx", supports=1, units=[{"card": "umb_lich"}, {"card": "n_militia"}, {"card": "n_militia"}]),
        P(),
        phase="cleanup",
    )
    lich = uid(g, "umb_lich")
    until(g, lambda g: g.decision().kind == "cleanup")
    play(g, f"sacrifice {lich}")
    assert g.card(lich).zone == "discard:0"
    assert not g.pending and not g.stack
    until(g, lambda g: g.phase == "end" or g.active == 1)
    assert g.lives(1) == 12 and "death trigger" not in log_text(g)


def test_sc42_a_bone_lich_destroyed_by_a_card_dies() -> None:
    """SC-42: "se destruyen" — a destroy effect (Judgement) is a death: Bone Lich's trigger deals
    2 damage to the enemy hero."""
    g = make(
        P("hero_nyx", units=[{"card": "umb_lich", "position": "attack"}]),
        P(energy=3, hand=["legion_judgement"]),
        phase="attackers",
    )
    lich = uid(g, "umb_lich")
    attack(g, (lich, hero(g, 2)))
    play(g, f"cast {uid(g, 'legion_judgement')} {lich}")
    resolve(g)
    assert not g.is_unit_in_play(lich) and "Bone Lich's death trigger" in log_text(g)
    assert g.lives(1) == 10


# ------------------------------------------------ 4. the limits come after 5A's last window
def test_sc57_sc59_a_card_returned_to_hand_in_the_end_of_5a_window_is_discarded() -> None:
    """SC-57 / SC-59: the hand limit is checked after the non-active player's end-of-5A window, the
    last thing of the sub-phase. P1 holds 7 cards; in that window P2 returns P1's Knight to its
    hand (Recall): P1 now discards down to 7 (it used to keep 8)."""
    g = make(
        P(hand=["n_militia"] * 7, units=[{"card": "legion_knight"}]),
        P(energy=2, hand=["n_recall"]),
        phase="recruit2",
    )
    kn = uid(g, "legion_knight")
    until(g, lambda g: g.phase == "cleanup" and g.decision().kind == "respond")
    assert g.decision().player == 1
    play(g, f"cast {uid(g, 'n_recall')} {kn}")
    resolve(g)
    assert len(g.zones["hand:0"]) == 8
    d = g.decision()
    assert g.phase == "cleanup" and d.kind == "cleanup" and d.player == 0
    play(g, f"discard {kn}")
    assert g.card(kn).zone == "discard:0" and g.active == 1  # 5A is over, and the turn


def test_sc23_sc59_a_token_made_in_the_end_of_5a_window_counts_for_the_unit_limit() -> None:
    """SC-23 / SC-59: in P2's end-of-5A window P1 answers P2's Insight with the Wolf Den: the Wolf
    makes 3 units for a limit of 2, and P1 discards one after the window."""
    g = make(
        P(
            "hero_korrag",
            supports=1,
            energy=3,
            structures=[{"card": "wild_den"}],
            units=[{"card": "n_militia"}, {"card": "n_militia"}],
        ),
        P(energy=2, hand=["n_insight"]),
        phase="recruit2",
    )
    until(g, lambda g: g.phase == "cleanup" and g.decision().kind == "respond")
    play(g, f"cast {uid(g, 'n_insight')}")
    play(g, f"ability {uid(g, 'wild_den')}")
    resolve(g)
    assert len(g.zones["units:0"]) == 3
    d = g.decision()
    assert g.phase == "cleanup" and d.kind == "cleanup" and d.player == 0
    assert {a.kind for a in g.legal_actions()} == {"sacrifice"}


def test_sc60_an_attacked_unit_turned_to_defense_is_attacked_no_more() -> None:
    """SC-60: in defense position a unit "no podrá ser atacado". The Knight attacks the Mercenary;
    before damage the attacker's side turns the Mercenary to defense position (Whispered Dread,
    "Turn target enemy unit to defense position"): the attack finds no target, so neither deals
    damage to the other (both used to fight)."""
    g = make(
        P("hero_nyx", energy=1, hand=["umb_dread"], units=[{"card": "legion_knight", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="attackers",
    )
    kn, merc = uid(g, "legion_knight"), uid(g, "n_mercenary")
    attack(g, (kn, merc))
    play(g, f"cast {uid(g, 'umb_dread')} {merc}")
    resolve(g)
    assert g.card(merc).position == "defense"
    assert "the attacks on it find no target" in log_text(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.card(kn).damage == 0 and g.card(merc).damage == 0
    assert g.is_unit_in_play(kn) and g.is_unit_in_play(merc)


def test_sc61_the_set_up_choice_on_a_shelterer_says_it_stops_sheltering() -> None:
    """SC-61 / SC-50: a sheltering unit is in defense position already; its free set-up choice
    `pos … defense` ends the shelter. It read `Turn Stone Golem to defense`."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_golem", "shelter": 1}]),
        P("hero_nyx"),
        phase="setup",
    )
    golem = uid(g, "n_golem")
    stop = next(a for a in g.legal_actions() if a.kind == "pos" and a.args[0] == golem)
    assert g.describe_action(stop) == "Stone Golem stops sheltering Knight of the Oath (stays in defense)"
    play(g, stop.notation())
    assert g.card(golem).position == "defense" and g.card(golem).shelter == 0
