"""Rule tests for The Scars from the rules audit of session 27: each one reproduces a place where
the engine differed from the rulebook (shared/seeds/scars-rules-es.txt), a card's text or a
ruling (shared/rules/scars.md ⚖, docs/rulings.md), and fails on the code before its fix."""

from __future__ import annotations

from tests.scars.util import P, attack, has, hero, make, play, resolve, uid, until, window


# ------------------------------------------------------------ SC-61, SC-32: Whispered Dread
def test_sc61_sc32_whispered_dread_on_a_sheltering_unit_leaves_its_shelter() -> None:
    """SC-61 / SC-32: a sheltering unit is "en posición defensiva amparando a otra unidad
    atacante". Whispered Dread ("Turn target enemy unit to defense position") on it finds it in
    defense position already and changes nothing: the Golem still shelters the Knight (it used to
    stop sheltering, which the card does not say)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_golem", "shelter": 1}]),
        P("hero_nyx", energy=1, hand=["umb_dread"]),
    )
    kn, gol = uid(g, "legion_knight"), uid(g, "n_golem")
    assert g.card(gol).shelter == kn
    window(g, 2)
    play(g, f"cast {uid(g, 'umb_dread')} {gol}")
    resolve(g)
    assert g.card(gol).position == "defense"
    assert g.card(gol).shelter == kn


# ------------------------------------------------------------ SC-63 ⚖: a target that left play
def test_sc63_an_attack_on_a_unit_that_left_play_does_not_find_it_again() -> None:
    """SC-63 ⚖ (docs/rulings.md, "A blocked attacker stays blocked": "An attack on a unit that
    has left play deals no damage"; "A unit that left a combat does not come back to it"). The
    Sellsword attacks P2's Shadow Ambusher; in the end-of-3A window P2 returns the Ambusher to
    the hand (Recall) and casts it again in attack position (Lightning). The Ambusher on the
    table is not the unit that was attacked: the attack finds no target, so neither deals damage
    (it used to find the card again and both died)."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P("hero_nyx", energy=5, hand=["n_recall"], units=[{"card": "umb_ambusher", "position": "attack"}]),
        phase="attackers",
    )
    merc, amb = uid(g, "n_mercenary"), uid(g, "umb_ambusher")
    attack(g, (merc, amb))
    play(g, f"cast {uid(g, 'n_recall')} {amb}")
    resolve(g)
    assert g.card(amb).zone == "hand:1"
    play(g, f"cast {amb} attack")
    until(g, lambda g: g.phase == "recruit2")
    assert g.is_unit_in_play(merc) and g.card(merc).damage == 0
    assert g.is_unit_in_play(amb) and g.card(amb).damage == 0
    assert merc in g.attackers  # still attacking (Honor, "attacking unit"), at no target


def test_sc60_an_attacked_unit_turned_to_defense_and_back_is_not_attacked_again() -> None:
    """SC-60 ⚖ (docs/rulings.md, "Position decides who fights": an attacked unit turned to defense
    position "no podrá ser atacado", its attacks find no target, and "a unit that left a combat
    does not come back to it"). P1's Sellsword attacks P2's Crossbow Sergeant; after blockers P1
    turns the Sergeant to defense position (Whispered Dread), then P2 uses its tap ability, which
    turns it back to attack position (SC-40). The attack does not find it again: the Sergeant
    takes no combat damage and deals none (both used to die)."""
    g = make(
        P("hero_nyx", energy=1, hand=["umb_dread"], units=[{"card": "n_mercenary", "position": "attack"}]),
        P(units=[{"card": "legion_crossbow", "position": "attack"}]),
        phase="attackers",
    )
    merc, sgt = uid(g, "n_mercenary"), uid(g, "legion_crossbow")
    attack(g, (merc, sgt))
    window(g, 1)
    play(g, f"cast {uid(g, 'umb_dread')} {sgt}")
    resolve(g)
    window(g, 2)
    play(g, f"ability {sgt} {merc}")  # 1 damage to the attacking Sellsword, the Sergeant turns
    resolve(g)
    assert g.card(sgt).position == "attack"
    until(g, lambda g: g.phase == "recruit2")
    assert g.is_unit_in_play(sgt) and g.card(sgt).damage == 0
    assert g.is_unit_in_play(merc) and g.card(merc).damage == 1


# ------------------------------------------------------------ SC-86: Stealth and combat
def test_sc86_stealth_does_not_stop_attacks_or_blocks() -> None:
    """SC-86 (docs/rulings.md, "Stealth is about cards and abilities"): "No puede ser objetivo de
    cartas ni habilidades" — an attack or a block is neither. P1's Veiled Assassin (Stealth) may
    attack P2's Shade (Stealth) in attack position, and P2's Gloom Sentinel may block it."""
    g = make(
        P("hero_nyx", units=[{"card": "umb_assassin", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "umb_shade", "position": "attack"}, {"card": "umb_sentinel"}]),
        phase="attackers",
    )
    ass, shade, sen = uid(g, "umb_assassin"), uid(g, "umb_shade"), uid(g, "umb_sentinel")
    assert has(g, f"attack {ass} {shade}") and has(g, f"attack {ass} {hero(g, 2)}")
    attack(g, (ass, hero(g, 2)))
    until(g, lambda g: g.decision().kind == "block")
    assert has(g, f"block {sen} {ass}")


# ------------------------------------------------------------ SC-50: set-up, to defense then shelter
def test_sc50_a_unit_turned_to_defense_in_set_up_may_then_shelter() -> None:
    """SC-50: in set-up units "pueden ... pasar a posición de defensa", and "además de lo anterior,
    puedes colocar una unidad que este en posición defensiva amparando a una unidad atacante
    pagando 1 de energía o 1 vida". The Golem, in attack position, goes to defense (free) and may
    then shelter the Knight for 1 (docs/rulings.md: a unit changes position at most once a set-up;
    sheltering keeps it in defense position, it is no second change). It used to be refused."""
    g = make(
        P(
            energy=1,
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "n_golem", "position": "attack"},
            ],
        ),
        P(),
        phase="setup",
    )
    kn, gol = uid(g, "legion_knight"), uid(g, "n_golem")
    play(g, f"pos {gol} defense")
    assert not has(g, f"pos {gol} attack e")  # one position change a set-up
    assert has(g, f"shelter {gol} {kn} e")
    play(g, f"shelter {gol} {kn} e")
    assert g.card(gol).position == "defense" and g.card(gol).shelter == kn
    assert g.available_energy(0) == 0
    assert not has(g, f"shelter {gol} {kn} e") and not has(g, f"pos {gol} defense")


def test_sc63_an_attacker_without_target_is_shown_attacking_nobody() -> None:
    """SC-63 ⚖: the view of an attacker whose target left play says it attacks nobody
    ("attacking": None, no card number 0), while the combat still counts it as attacking."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P("hero_nyx", energy=5, hand=["n_recall"], units=[{"card": "umb_ambusher", "position": "attack"}]),
        phase="attackers",
    )
    merc, amb = uid(g, "n_mercenary"), uid(g, "umb_ambusher")
    attack(g, (merc, amb))
    assert g.card_view(g.card(merc))["attacking"] == amb
    play(g, f"cast {uid(g, 'n_recall')} {amb}")
    resolve(g)
    assert g.card_view(g.card(merc))["attacking"] is None
    assert g.view(0)["combat"]["attackers"] == {str(merc): 0}


# ------------------------------------------------------------ SC-80: Learning, for this combat
def _cub_learns_stealth():
    g = make(
        P(
            "hero_korrag",
            units=[
                {"card": "wild_cub", "position": "attack"},
                {"card": "umb_assassin", "position": "attack"},
            ],
        ),
        P(units=[{"card": "legion_pikeman"}]),
        phase="attackers",
    )
    cub, ass = uid(g, "wild_cub"), uid(g, "umb_assassin")
    attack(g, (cub, hero(g, 2)), (ass, hero(g, 2)))
    play(g, f"learn {cub} Stealth")
    return g, cub


def test_sc80_learned_keywords_last_for_this_combat_only() -> None:
    """SC-80: Learning X "chooses X keyword abilities ... of units attacking with it, for this
    combat". The Mimic Cub learns Stealth from the Veiled Assassin: it has it through the combat
    (3A-3C) and no longer in the second recruitment (it used to keep it until end of turn)."""
    g, cub = _cub_learns_stealth()
    assert g.has_kw(g.card(cub), "Stealth")
    assert g.decision().kind == "block"  # 3B: P2 may block with its Pikeman
    assert g.has_kw(g.card(cub), "Stealth")
    play(g, "done")
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 8  # the combat was fought
    assert not g.has_kw(g.card(cub), "Stealth")
    assert "Stealth" not in g.card_view(g.card(cub))["keywords"]


def test_sc80_a_prayer_given_keyword_outlasts_the_learned_copy() -> None:
    """SC-80 with a prayer: Veil of Night gives the Cub Stealth until end of turn; a learned copy
    of a keyword going at the end of combat leaves the prayer's (here the Cub learns Alert first,
    then gets Stealth from the prayer in the second recruitment and keeps it)."""
    g = make(
        P(
            "hero_nyx",
            energy=1,
            hand=["umb_veil"],
            units=[
                {"card": "wild_cub", "position": "attack"},
                {"card": "umb_sentinel", "position": "attack"},
            ],
        ),
        P(),
        phase="attackers",
    )
    cub, sen = uid(g, "wild_cub"), uid(g, "umb_sentinel")
    attack(g, (cub, hero(g, 2)), (sen, hero(g, 2)))
    play(g, f"learn {cub} Alert")
    until(g, lambda g: g.phase == "recruit2")
    assert not g.has_kw(g.card(cub), "Alert")
    play(g, f"cast {uid(g, 'umb_veil')} {cub}")
    resolve(g)
    assert g.has_kw(g.card(cub), "Stealth")
