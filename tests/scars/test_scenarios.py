"""The tricky rules of The Scars as scenario tests (tests/scenarios/scars/*.toml)."""

from __future__ import annotations

from tests.scars.util import attack, block, has, hero, load, log_text, play, uid


def _attack(g, attacker: int, target: int) -> None:
    attack(g, (attacker, target))


def test_sc12_damage_equal_to_defense_survives() -> None:
    """SC-12 ⚖: the Knight takes 3 damage with defense 3 and lives; the Sellsword takes 3 > 2 and dies."""
    g = load("equal_damage_survives.toml")
    merc, knight = uid(g, "n_mercenary"), uid(g, "legion_knight")
    _attack(g, merc, hero(g, 2))
    assert g.decision().kind == "block"
    block(g, (knight, merc))
    assert g.zones.card(knight).zone == "units:1"
    assert g.card(knight).damage == 3
    assert g.zones.card(merc).zone == "discard:0"
    assert g.lives(1) == 12  # SC-72: the blocked attacker did not hurt the hero
    assert "dies (3 damage > defense 2)" in log_text(g)


def test_sc81_trample_surplus_goes_to_the_hero() -> None:
    """SC-81 ⚖: lethal needs (defense − damage) + 1 = 2; the other 3 points hit the hero."""
    g = load("trample_surplus.toml")
    mam, pike = uid(g, "wild_mammoth"), uid(g, "legion_pikeman")
    _attack(g, mam, hero(g, 2))
    block(g, (pike, mam))
    assert g.zones.card(pike).zone == "discard:1"
    assert g.lives(1) == 10 - 3


def test_sc90_sc92_valor_and_fear_restrict_blockers() -> None:
    """SC-90 Valor 4: attack ≥ 4 cannot block. SC-92 Fear 2: attack ≤ 2 cannot block."""
    g = load("valor_fear.toml")
    pal, stalk = uid(g, "legion_paladin"), uid(g, "umb_stalker")
    mam, mil, kn, pike = (uid(g, c) for c in ("wild_mammoth", "n_militia", "legion_knight", "legion_pikeman"))
    attack(g, (pal, hero(g, 2)), (stalk, hero(g, 2)))
    assert not has(g, f"block {mam} {pal}")
    assert has(g, f"block {mil} {pal}") and has(g, f"block {kn} {pal}")
    assert not has(g, f"block {mil} {stalk}") and not has(g, f"block {pike} {stalk}")
    assert has(g, f"block {kn} {stalk}") and has(g, f"block {mam} {stalk}")
    try:
        g.apply(f"block {mam} {pal}")
    except Exception as exc:  # the reason names the keyword
        assert "Valor 4" in str(exc)
    else:
        raise AssertionError("Mammoth blocked a Valor 4 attacker")


def test_sc90_valor_prevents_damage_from_strong_units() -> None:
    """SC-90: the Paladin (Valor 4) attacks a Mammoth (attack 5): the Mammoth's damage is prevented."""
    g = load("valor_fear.toml")
    pal, mam = uid(g, "legion_paladin"), uid(g, "wild_mammoth")
    g.card(mam).position = "attack"
    g._invalidate()
    attack(g, (pal, mam))
    block(g)
    assert g.card(pal).damage == 0
    assert g.card(mam).damage == 3
    assert "prevented" in log_text(g)


def test_sc92_fear_prevents_damage_from_weak_units() -> None:
    """SC-92: the Stalker (Fear 2) attacks a Pikeman (attack 2) in attack position: its damage is prevented."""
    g = load("valor_fear.toml")
    stalk, pike = uid(g, "umb_stalker"), uid(g, "legion_pikeman")
    g.card(pike).position = "attack"
    g._invalidate()
    attack(g, (stalk, pike))
    block(g)
    assert g.card(stalk).damage == 0 and g.is_unit_in_play(stalk)
    assert g.zones.card(pike).zone == "discard:1"


def _shelter_game(choice: str):
    g = load("shelter.toml")
    merc, knight, golem = uid(g, "n_mercenary"), uid(g, "legion_knight"), uid(g, "n_golem")
    _attack(g, merc, knight)
    block(g)  # no blockers
    assert g.decision().kind == "shelter"
    assert {a.args[1] for a in g.legal_actions()} == {"unit", "shelter", "both"}
    play(g, f"choose {knight} {choice}")
    return g, merc, knight, golem


def test_sc61_shelter_choice_unit_fights() -> None:
    """SC-61 / SC-63: the sheltered unit fights: Knight and Sellsword trade 3 damage."""
    g, merc, knight, golem = _shelter_game("unit")
    assert g.card(knight).damage == 3 and g.is_unit_in_play(knight)
    assert g.card(golem).damage == 0
    assert not g.is_unit_in_play(merc)


def test_sc61_shelter_choice_shelterer_fights_instead() -> None:
    """SC-61: the shelterer fights instead; the sheltered Knight takes no damage."""
    g, merc, knight, golem = _shelter_game("shelter")
    assert g.card(knight).damage == 0
    assert g.card(golem).damage == 3
    assert g.card(merc).damage == 2 and g.is_unit_in_play(merc)  # 2 = defense: survives


def test_sc61_shelter_choice_both_fight() -> None:
    """SC-61 / SC-70: both fight; the attacker splits its damage, both defenders hit it."""
    g, merc, knight, golem = _shelter_game("both")
    d = g.decision()
    assert d.kind == "damage" and d.player == 0
    play(g, f"assign {merc} {knight}", f"assign {merc} {golem}", f"assign {merc} {golem}")
    assert g.card(knight).damage == 1 and g.card(golem).damage == 2
    assert not g.is_unit_in_play(merc)  # took 3 + 2


def test_sc91_bond_redirects_exactly_one_point() -> None:
    """SC-91: 2 damage to the hero: one point to one Bond unit, however many there are."""
    g = load("bond.toml")
    fire = uid(g, "wild_wildfire")
    play(g, f"cast {fire} {hero(g, 2)}", "pass")  # P2 cannot answer; P1 passes too
    assert g.lives(1) == 10 - 1
    cultists = [u for u in g.units(1)]
    assert sorted(c.damage for c in cultists) == [0, 1]


def test_sc91_bond_one_point_per_damage_event_in_combat() -> None:
    """SC-91: two unblocked attackers are two damage events: one point each is redirected."""
    g = load("bond.toml")
    to_attack = [uid(g, "wild_boar"), uid(g, "wild_hawk")]
    play(g, "done")
    attack(g, *((a, hero(g, 2)) for a in to_attack))
    block(g)
    play(g, "pass")  # P1 holds Wildfire but keeps it (its window after blocks, SC-15)
    assert g.lives(1) == 10 - (3 - 1) - (2 - 1)
    assert sum(c.damage for c in g.units(1)) == 2


def test_sc31_prayer_answered_by_prayer_resolves_last_in_first_out() -> None:
    """SC-31 / SC-15: Shield Wall answers Wildfire and resolves first; the Pikeman survives."""
    g = load("prayer_lifo.toml")
    fire, wall, pike = uid(g, "wild_wildfire"), uid(g, "legion_shield_wall"), uid(g, "legion_pikeman")
    play(g, f"cast {fire} {pike}")
    assert g.zones.card(fire).zone == "resolution"
    d = g.decision()
    assert d.kind == "respond" and d.player == 1
    play(g, f"cast {wall} {pike}")
    assert [e[1][1] for e in g.stack.entries()] == [fire, wall]
    assert g.decision().player == 0  # the active player may answer the answer
    play(g, "pass")
    assert len(g.stack) == 2 and g.decision().player == 1  # one pass is not enough
    play(g, "pass")
    assert [e[1][1] for e in g.stack.entries()] == [fire]  # the last one in resolved first
    assert g.defense_of(g.card(pike)) == 5
    play(g, "pass", "pass")
    assert not g.stack
    text = log_text(g)
    assert text.index("Resolves: Shield Wall") < text.index("Resolves: Wildfire")
    assert g.card(pike).damage == 3 and g.is_unit_in_play(pike)
    assert g.zones.card(fire).zone == "discard:0" and g.zones.card(wall).zone == "discard:1"


def test_sc31_without_the_answer_the_pikeman_dies() -> None:
    """SC-31 / SC-12 control case: with both players passing, Wildfire kills the wounded Pikeman."""
    g = load("prayer_lifo.toml")
    fire, pike = uid(g, "wild_wildfire"), uid(g, "legion_pikeman")
    play(g, f"cast {fire} {pike}", "pass", "pass")
    assert g.zones.card(pike).zone == "discard:1"


def _puzzle(*moves: str):
    from pathlib import Path

    from common.game import Action
    from scars.game import ScarsGame

    text = (
        Path(__file__).resolve().parents[2] / "scars" / "scenarios" / "puzzle_blocks_are_in.toml"
    ).read_text()
    g = ScarsGame.new_game(scenario=text)
    assert g.phase == "blockers" and g.decision().player == 0 and g.decision().kind == "respond"
    for m in moves:
        m = m.format(
            fire=uid(g, "wild_wildfire"),
            frenzy=uid(g, "wild_frenzy"),
            boar=uid(g, "wild_boar"),
            mammoth=uid(g, "wild_mammoth"),
            pike=uid(g, "legion_pikeman"),
            hero2=hero(g, 2),
        )
        if m == "pass" and Action("pass") not in g.legal_actions():
            continue
        g.apply(m)
    for _ in range(60):
        if g.is_over() or g.phase == "recruit2":
            break
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind in ("pass", "done")), acts[0]))
    return g


def test_sc81_sc12_puzzle_blocks_are_in_has_its_solutions() -> None:
    """SC-81 / SC-12 / SC-15: the mid-combat puzzle — Wildfire the hero and Frenzy the Boar (surplus 2 past
    the Pikeman), or Wildfire the Pikeman (2 = its defense: it lives, but Trample needs only 1 more);
    pumping the Mammoth is not enough (Knight 3+1 Cover and Recruit need 8)."""
    assert _puzzle("cast {fire} {hero2}", "pass", "cast {frenzy} {boar}").winner() == 0
    assert _puzzle("cast {fire} {pike}", "pass", "cast {frenzy} {boar}").winner() == 0
    g = _puzzle("cast {fire} {hero2}", "pass", "cast {frenzy} {mammoth}")
    assert not g.is_over() and g.lives(1) == 1
