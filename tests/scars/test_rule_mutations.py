"""Rule tests for The Scars added by the mutation audit (session 18): each one fails on a small
change to the engine that breaks the rule it cites, which the other tests let through."""

from __future__ import annotations

import pytest

from common.errors import DataError
from scars.game import ScarsGame
from tests.scars.util import P, attack, block, has, hero, make, play, resolve, to_phase, uid, until


def _deck(n: int) -> dict:
    cards = dict(ScarsGame.preset_decks()["Iron Legion"]["cards"])
    total = sum(cards.values())
    # take cards off (or put Militia on) until the deck has exactly n cards, 3 copies at most
    for cid in list(cards):
        while total > n and cards[cid] > 0:
            cards[cid] -= 1
            total -= 1
    cards = {c: k for c, k in cards.items() if k}
    assert total == n
    return {"name": "x", "header": {"hero": "hero_aurelia"}, "cards": cards}


# ---------------------------------------------------------------- setup and victory
def test_sc01_forty_cards_is_the_minimum_exactly() -> None:
    """SC-01: a 40-card deck is legal; a 39-card one is refused."""
    ScarsGame.deck_from_content(_deck(40))
    with pytest.raises(DataError) as e:
        ScarsGame.deck_from_content(_deck(39))
    assert "at least 40" in str(e.value)


def test_sc02_both_heroes_without_lives_is_a_draw() -> None:
    """SC-02: each player whose hero has no lives left loses; when both heroes run out at once
    neither player wins."""
    g = make(P(lives=1), P(lives=1))
    g.lose_lives(0, 1)
    g.lose_lives(1, 1)
    g._settle()
    assert g.is_over() and g.winner() is None


def test_sc04_a_mulligan_is_allowed_down_to_an_empty_hand() -> None:
    """SC-04: a mulligan may be taken as often as wanted, each with one card fewer: from one card
    to none too."""
    g = ScarsGame.new_game(seed=5)
    f = g.first
    for _ in range(5):
        play(g, "mulligan")
    assert len(g.zones[f"hand:{f}"]) == 1
    assert has(g, "mulligan")
    play(g, "mulligan")
    assert len(g.zones[f"hand:{f}"]) == 0


def test_sc04_a_mulligan_shuffles_the_hand_into_the_deck() -> None:
    """SC-04: the hand is shuffled back: the new hand is not just the old one less a card."""
    new_cards = False
    for seed in range(5):
        g = ScarsGame.new_game(seed=seed)
        f = g.first
        before = set(g.zones[f"hand:{f}"].cards)
        play(g, "mulligan")
        after = set(g.zones[f"hand:{f}"].cards)
        assert len(after) == len(before) - 1
        new_cards = new_cards or not after <= before
    assert new_cards


# ---------------------------------------------------------------- card types
def test_sc16_sc18_a_life_moved_to_energy_is_untapped_energy() -> None:
    """SC-16 / SC-18 / SC-19: the life card moved into the play zone is energy ready to tap."""
    g = make(P(energy=0), P())
    assert g.available_energy(0) == 0
    play(g, "life")
    assert g.available_energy(0) == 1


def test_sc18_sc20_a_life_move_and_the_hero_ability_again_next_turn() -> None:
    """SC-18 / SC-20: "once per turn" — both are usable again in the player's next turn."""
    g = make(P(energy=5, units=[{"card": "legion_pikeman"}]), P())
    pike = uid(g, "legion_pikeman")
    play(g, "life", f"hero {pike}")
    resolve(g)
    assert not has(g, "life") and not has(g, f"hero {pike}")
    until(g, lambda g: g.active == 1)
    until(g, lambda g: g.active == 0 and g.phase == "recruit1" and g.step == "main" and not g.stack)
    assert has(g, "life") and has(g, f"hero {pike}")


def test_sc20_the_hero_ability_cost_is_paid() -> None:
    """SC-20 / SC-19: Aurelia's ability costs 2 energy: two energy cards are tapped for it."""
    g = make(P(energy=5, units=[{"card": "legion_pikeman"}]), P())
    play(g, f"hero {uid(g, 'legion_pikeman')}")
    assert g.available_energy(0) == 3


# ---------------------------------------------------------------- abilities
def test_sc40_a_tapped_structure_cannot_use_its_tap_ability_again() -> None:
    """SC-40: a structure's tap ability turns it 90°; tapped, it cannot be used again until it
    untaps in its controller's set-up (SC-50)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P("hero_nyx", energy=2, hand=["umb_bolt"], structures=[{"card": "legion_watchtower"}]),
        phase="attackers",
    )
    kn, tower = uid(g, "legion_knight"), uid(g, "legion_watchtower")
    attack(g, (kn, hero(g, 2)))
    play(g, f"ability {tower} {kn}")
    # P1 has nothing to answer with: P2 (holding a prayer) has priority again, the tower tapped
    assert g.stack and g.decision().player == 1 and g.card(tower).tapped
    assert not any(a.kind == "ability" and a.args[0] == tower for a in g.legal_actions())


def test_sc40_a_unit_that_used_a_tap_ability_attacks_next_turn() -> None:
    """SC-40: "cannot attack this turn" — only this turn: in its next turn it may attack."""
    g = make(
        P("hero_korrag", units=[{"card": "wild_shaman", "position": "defense"}]),
        P(units=[{"card": "n_militia"}]),
    )
    sham, mil = uid(g, "wild_shaman"), uid(g, "n_militia")
    play(g, f"ability {sham} {mil}")
    resolve(g)
    until(g, lambda g: g.active == 1)
    until(g, lambda g: g.active == 0 and g.phase == "attackers" and g.step == "main")
    assert g.card(sham).position == "attack"
    assert has(g, f"attack {sham} {hero(g, 2)}")


def test_sc40_sc61_a_shelterer_using_a_tap_ability_stops_sheltering() -> None:
    """SC-40 / SC-61: the tap ability turns a sheltering unit to attack position: only a defense
    unit shelters, so it shelters nobody any more."""
    g = make(
        P(
            "hero_korrag",
            units=[{"card": "wild_boar", "position": "attack"}, {"card": "wild_shaman", "shelter": 1}],
        ),
        P(units=[{"card": "n_militia"}]),
    )
    boar, sham, mil = uid(g, "wild_boar"), uid(g, "wild_shaman"), uid(g, "n_militia")
    assert g.card(sham).shelter == boar
    play(g, f"ability {sham} {mil}")
    assert g.card(sham).position == "attack" and g.card(sham).shelter == 0


def test_sc42_attack_trigger_goes_to_the_resolution_zone() -> None:
    """SC-42: Soul Harvester's "when it attacks" ability triggers and resolves: 1 damage to the
    enemy hero, on top of its combat damage."""
    g = make(P("hero_nyx", units=[{"card": "umb_harvester", "position": "attack"}]), P(), phase="attackers")
    harv = uid(g, "umb_harvester")
    attack(g, (harv, hero(g, 2)))
    resolve(g)
    block(g)
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 12 - 1 - 2


def test_sc42_upkeep_trigger_at_the_start_of_each_turn() -> None:
    """SC-42: Druid's start-of-turn ability triggers in its controller's set-up: 1 energy to the pool."""
    g = make(P("hero_korrag", units=[{"card": "wild_druid"}]), P(), phase="end")
    until(g, lambda g: g.active == 1)
    until(g, lambda g: g.active == 0 and not g.stack and not g.pending)
    assert g.phase == "setup" and g.pool[0] == 1


def test_sc43_an_own_units_aura_does_not_reach_enemy_units() -> None:
    """SC-43: War Totem ("your units get +1/+0") applies at once to its controller's units only."""
    g = make(
        P("hero_korrag", structures=[{"card": "wild_totem"}], units=[{"card": "wild_wolf"}]),
        P(units=[{"card": "n_militia"}]),
    )
    assert g.attack_of(g.card(uid(g, "wild_wolf"))) == 3
    assert g.attack_of(g.card(uid(g, "n_militia"))) == 1


# ---------------------------------------------------------------- turn structure
def test_sc50_each_unit_changes_position_once_per_set_up() -> None:
    """SC-50: in set-up each unit may change position (once): a unit sent to attack is offered no
    further change that set-up, and may change again in its next set-up."""
    g = make(P(energy=3, units=[{"card": "legion_pikeman"}]), P(), phase="setup")
    pike = uid(g, "legion_pikeman")
    play(g, f"pos {pike} attack e")
    assert not has(g, f"pos {pike} defense")
    until(g, lambda g: g.active == 1)
    until(g, lambda g: g.active == 0 and g.phase == "setup" and g.step == "main" and not g.stack)
    assert has(g, f"pos {pike} defense")


# ---------------------------------------------------------------- positions and shelter
def test_sc61_a_unit_entering_to_shelter_a_unit_turned_to_defense_shelters_nobody() -> None:
    """SC-61: only a unit in attack position can be sheltered. The Militia is cast to shelter the
    Pikeman; in answer the Pikeman is forced into defense (SC-31: the answer resolves first), so the
    Militia enters in defense position sheltering nobody."""
    g = make(
        P(energy=1, hand=["n_militia"], units=[{"card": "legion_pikeman", "position": "attack"}]),
        P("hero_nyx", energy=1, hand=["umb_dread"]),
    )
    mil, pike = uid(g, "n_militia"), uid(g, "legion_pikeman")
    play(g, f"cast {mil} shelter {pike}")
    play(g, f"cast {uid(g, 'umb_dread')} {pike}")
    resolve(g)
    assert g.card(pike).position == "defense"
    assert g.is_unit_in_play(mil) and g.card(mil).position == "defense"
    assert g.card(mil).shelter == 0


def test_sc61_a_shelterer_shelters_nobody_once_the_sheltered_unit_leaves_play() -> None:
    """SC-61: a shelterer is placed under an attacking unit in play; when that unit dies the
    shelterer shelters nobody."""
    g = make(
        P(
            "hero_korrag",
            energy=2,
            hand=["wild_wildfire"],
            units=[{"card": "wild_wolf", "position": "attack"}, {"card": "n_golem", "shelter": 1}],
        ),
        P(),
    )
    wolf, gol = uid(g, "wild_wolf"), uid(g, "n_golem")
    assert g.card(gol).shelter == wolf
    play(g, f"cast {uid(g, 'wild_wildfire')} {wolf}")
    resolve(g)
    assert not g.is_unit_in_play(wolf)
    assert g.card(gol).shelter == 0


# ---------------------------------------------------------------- combat damage
def test_sc70_the_defender_assigns_the_damage_of_its_own_unit() -> None:
    """SC-70: each player assigns the damage of their own units. Two attackers attack the Golem:
    the Golem's 2 damage may go to either, and its controller (the defender) chooses."""
    g = make(
        P(
            units=[
                {"card": "legion_pikeman", "position": "attack"},
                {"card": "n_mercenary", "position": "attack"},
            ]
        ),
        P(units=[{"card": "n_golem", "position": "attack"}]),
        phase="attackers",
    )
    pike, merc, gol = uid(g, "legion_pikeman"), uid(g, "n_mercenary"), uid(g, "n_golem")
    attack(g, (pike, gol), (merc, gol))
    block(g)
    until(g, lambda g: g.phase == "damage")
    d = g.decision()
    assert d.kind == "damage" and d.context["source"] == gol
    assert d.player == 1
    play(g, f"assign {gol} {merc}", f"assign {gol} {merc}")
    to_phase(g, "recruit2")
    assert g.card(merc).damage == 2 and g.card(pike).damage == 0


# ---------------------------------------------------------------- keywords
def test_sc80_learning_x_learns_at_most_x_keywords() -> None:
    """SC-80: Learning 1 chooses one keyword: after it learns Flying it is offered no more."""
    g = make(
        P(
            "hero_korrag",
            units=[
                {"card": "wild_cub", "position": "attack"},
                {"card": "wild_hawk", "position": "attack"},
                {"card": "wild_boar", "position": "attack"},
            ],
        ),
        P(),
        phase="attackers",
    )
    cub, hawk, boar = uid(g, "wild_cub"), uid(g, "wild_hawk"), uid(g, "wild_boar")
    attack(g, (cub, hero(g, 2)), (hawk, hero(g, 2)), (boar, hero(g, 2)))
    assert has(g, f"learn {cub} Flying") and has(g, f"learn {cub} Trample")
    play(g, f"learn {cub} Flying")
    assert not has(g, f"learn {cub} Trample")
    assert g.keywords_of(g.card(cub)).count("Trample") == 0


def test_sc61_a_shelterer_that_blocks_does_not_also_fight_for_the_sheltered_unit() -> None:
    """SC-61 (docs/rulings.md, "Shelter and blocking"): the Golem shelters the Pikeman and blocks
    the Sellsword attacking the hero; it does not also fight the Knight attacking the Pikeman, and
    no shelter choice is asked (the only shelterer is blocking)."""
    g = make(
        P(
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "n_mercenary", "position": "attack"},
            ]
        ),
        P(units=[{"card": "legion_pikeman", "position": "attack"}, {"card": "n_golem", "shelter": 1}]),
        phase="attackers",
    )
    kn, merc = uid(g, "legion_knight"), uid(g, "n_mercenary")
    pike, gol = uid(g, "legion_pikeman"), uid(g, "n_golem")
    attack(g, (kn, pike), (merc, hero(g, 2)))
    block(g, (gol, merc))
    assert g.decision().kind != "shelter"
    to_phase(g, "recruit2")
    assert not g.is_unit_in_play(pike)  # the Knight's 3 damage
    assert g.card(gol).damage == 3 + 1  # the Sellsword's only (+1: Honor from the Knight, SC-82)
    assert g.card(kn).damage == 2 and g.card(merc).damage == 2


def test_sc81_trample_surplus_only_once_every_blocker_has_lethal() -> None:
    """SC-81 ⚖: Mammoth (5, Trample) blocked by two Militias (lethal needs 1 − 0 + 1 = 2 each):
    the hero gets nothing before both have lethal damage assigned; the surplus 1 goes to the hero
    (once the first Militia has lethal, the rest is assigned by itself: 2 to the second, 1 to the hero)."""
    g = make(
        P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
        P(units=[{"card": "n_militia"}, {"card": "n_militia"}]),
        phase="attackers",
    )
    mam = uid(g, "wild_mammoth")
    m1, m2 = uid(g, "n_militia"), uid(g, "n_militia", nth=1)
    attack(g, (mam, hero(g, 2)))
    block(g, (m1, mam), (m2, mam))
    play(g, f"assign {mam} {m1}")
    assert not has(g, f"assign {mam} {hero(g, 2)}")  # the Militias have no lethal yet
    play(g, f"assign {mam} {m1}")
    assert sorted((t, n) for s, t, n in g.assign if s == mam) == sorted(
        [(m1, 1), (m1, 1), (m2, 2), (hero(g, 2), 1)]
    )
    to_phase(g, "recruit2")
    assert g.lives(1) == 12 - 1
    assert not g.is_unit_in_play(m1) and not g.is_unit_in_play(m2)


def test_sc80_learning_does_not_learn_learning() -> None:
    """SC-80 (docs/rulings.md): Learning copies keywords of its co-attackers except Learning itself:
    the Cub may take the Hawk's Flying, not the Sage's Learning 2."""
    g = make(
        P(
            "hero_korrag",
            units=[
                {"card": "wild_cub", "position": "attack"},
                {"card": "wild_sage", "position": "attack"},
                {"card": "wild_hawk", "position": "attack"},
            ],
        ),
        P(),
        phase="attackers",
    )
    cub, sage, hawk = uid(g, "wild_cub"), uid(g, "wild_sage"), uid(g, "wild_hawk")
    attack(g, (cub, hero(g, 2)), (sage, hero(g, 2)), (hawk, hero(g, 2)))
    assert g.decision().kind == "learn" and g.decision().context["source"] == cub
    assert has(g, f"learn {cub} Flying")
    assert not has(g, f"learn {cub} Learning_2")


def test_sc88_cover_reaches_only_units_blocking_the_same_attacker() -> None:
    """SC-88 (docs/rulings.md): "blocking together" means blocking the same attacker. The Recruit
    (Cover) and the Golem block the Knight: the Golem gets +1 defense; the Militia blocking the
    Sellsword does not."""
    g = make(
        P(
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "n_mercenary", "position": "attack"},
            ]
        ),
        P(units=[{"card": "legion_recruit"}, {"card": "n_golem"}, {"card": "n_militia"}]),
        phase="attackers",
    )
    kn, merc = uid(g, "legion_knight"), uid(g, "n_mercenary")
    rec, gol, mil = uid(g, "legion_recruit"), uid(g, "n_golem"), uid(g, "n_militia")
    attack(g, (kn, hero(g, 2)), (merc, hero(g, 2)))
    block(g, (rec, kn), (gol, kn), (mil, merc))
    assert g.defense_of(g.card(gol)) == 6 + 1
    assert g.defense_of(g.card(mil)) == 1


def test_sc92_fear_prevents_damage_from_a_weak_units_ability() -> None:
    """SC-92 (docs/rulings.md: prevention applies to combat damage and unit abilities): the Ember
    Shaman (attack 1) taps to deal 1 damage to the Wraith (Fear 1): the damage is prevented."""
    g = make(
        P("hero_korrag", units=[{"card": "wild_shaman"}]),
        P("hero_nyx", units=[{"card": "umb_wraith"}]),
    )
    sham, wraith = uid(g, "wild_shaman"), uid(g, "umb_wraith")
    play(g, f"ability {sham} {wraith}")
    resolve(g)
    assert g.card(wraith).damage == 0
