"""Rule tests for The Scars: one or more tests per SC item, each exercising the rule."""

from __future__ import annotations

import pytest

from common.cards import Modifier
from common.errors import DataError, IllegalAction
from common.game import Action
from scars.game import ScarsGame
from tests.scars.util import (
    P,
    attack,
    block,
    has,
    hero,
    kinds,
    log_text,
    make,
    play,
    resolve,
    to_phase,
    uid,
    until,
)


# ---------------------------------------------------------------- setup and victory
def test_sc01_preset_decks_are_legal() -> None:
    """SC-01: every preset deck has at least 40 cards, at most 3 copies of one card, and a hero."""
    decks = ScarsGame.preset_decks()
    assert len(decks) >= 3
    heroes = set()
    for content in decks.values():
        assert sum(content["cards"].values()) >= 40
        assert max(content["cards"].values()) <= 3
        heroes.add(content["header"]["hero"])
    assert len(heroes) == len(decks)  # one deck per hero


def test_sc01_illegal_decks_are_refused(tmp_path) -> None:
    """SC-01: a 39-card deck or 4 copies of one card is a DataError naming the problem."""
    small = tmp_path / "small.toml"
    small.write_text('[deck]\nname = "x"\nhero = "hero_aurelia"\n[cards]\nn_militia = 3\nlegion_knight = 3\n')
    with pytest.raises(DataError) as e:
        ScarsGame.deck_from_file(small)
    assert "at least 40" in str(e.value) and str(small) in str(e.value)
    four = dict(ScarsGame.preset_decks()["Iron Legion"]["cards"])
    four["n_militia"] = 4
    with pytest.raises(DataError) as e:
        ScarsGame.deck_from_content({"name": "x", "header": {"hero": "hero_aurelia"}, "cards": four})
    assert e.value.card == "n_militia" and "at most 3" in str(e.value)


def test_sc01_sc02_life_cards_equal_the_heros_lives() -> None:
    """SC-01 / SC-02: the hero starts with one life card beside it per life."""
    g = ScarsGame.new_game(seed=3)
    for p in (0, 1):
        h = g.card(g.hero_uid(p))
        assert g.lives(p) == h.defn.lives
        assert len(g.zones[f"deck:{p}"]) + len(g.zones[f"hand:{p}"]) >= 40


def test_sc02_a_hero_without_lives_loses() -> None:
    """SC-02: when the last life card is gone the player loses."""
    g = make(P("hero_korrag", energy=2, hand=["wild_wildfire"]), P(lives=2))
    play(g, f"cast {uid(g, 'wild_wildfire')} {hero(g, 2)}")
    assert g.is_over() and g.winner() == 0
    assert g.decision() is None and g.legal_actions() == []


def test_sc03_first_player_draws_six_the_other_seven() -> None:
    """SC-03: a coin (the game's RNG) picks the first player; 6 cards for them, 7 for the other."""
    firsts = set()
    for seed in range(8):
        g = ScarsGame.new_game(seed=seed)
        f = g.first
        firsts.add(f)
        assert len(g.zones[f"hand:{f}"]) == 6 and len(g.zones[f"hand:{1 - f}"]) == 7
        assert g.decision().kind == "mulligan" and g.decision().player == f
    assert firsts == {0, 1}
    g = ScarsGame.new_game(seed=0, options={"first_player": "2"})
    assert g.first == 1


def test_sc04_mulligan_one_card_fewer_each_time() -> None:
    """SC-04: shuffle back and draw one card fewer, as often as wanted."""
    g = ScarsGame.new_game(seed=5)
    f = g.first
    deck_total = len(g.zones[f"deck:{f}"]) + 6
    play(g, "mulligan")
    assert len(g.zones[f"hand:{f}"]) == 5
    play(g, "mulligan")
    assert len(g.zones[f"hand:{f}"]) == 4
    assert len(g.zones[f"deck:{f}"]) + 4 == deck_total
    play(g, "keep")
    assert g.decision().player == 1 - f and g.decision().kind == "mulligan"
    play(g, "keep")
    assert g.phase in ("setup", "draw") and g.active == f


def test_sc05_drawing_from_an_empty_deck_loses() -> None:
    """SC-05 ⚖: drawing from an empty deck loses the game."""
    g = make(P(deck=[]), P(), phase="draw")
    assert g.decision().kind == "draw"
    play(g, "draw")
    assert g.is_over() and g.winner() == 1
    assert "empty deck" in log_text(g)


# ---------------------------------------------------------------- card types
def test_sc10_structures_only_in_recruitment_with_empty_zone() -> None:
    """SC-10: a structure is cast in a recruitment phase of your turn with an empty resolution zone."""
    g = make(
        P(
            "hero_korrag",
            energy=6,
            hand=["wild_totem", "wild_frenzy", "wild_frenzy"],
            units=[{"card": "wild_boar"}],
        ),
        P("hero_nyx", energy=2, hand=["umb_bolt"]),
    )
    tot, fr = uid(g, "wild_totem"), uid(g, "wild_frenzy")
    assert has(g, f"cast {tot}")
    play(g, f"cast {fr} {uid(g, 'wild_boar')}", "pass")  # a prayer in the zone; P2 passes
    assert g.stack and g.decision().player == 0
    assert not has(g, f"cast {tot}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cast {tot}")
    assert "empty resolution zone" in e.value.reason
    resolve(g)
    play(g, f"cast {tot}")
    resolve(g)
    assert g.zones.card(tot).zone == "structures:0"


def test_sc10_no_structures_outside_your_recruitment() -> None:
    """SC-10: not in set-up, not in the opponent's turn (only prayers and Lightning cards there)."""
    g = make(
        P("hero_korrag", energy=6, hand=["wild_totem"], units=[{"card": "wild_boar", "position": "attack"}]),
        P(),
        phase="setup",
    )
    tot = uid(g, "wild_totem")
    assert g.decision().kind == "setup" and not has(g, f"cast {tot}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cast {tot}")
    assert "recruitment phase" in e.value.reason
    g2 = make(
        P(), P("hero_korrag", energy=6, hand=["wild_totem", "wild_frenzy"], units=[{"card": "wild_boar"}])
    )
    play(g2, "done")
    assert g2.decision().player == 1 and g2.step == "window"
    assert not has(g2, f"cast {uid(g2, 'wild_totem')}")


def test_sc11_units_have_attack_and_defense_and_are_cast_in_recruitment() -> None:
    """SC-11: units are cast like structures and enter with their attack and defense."""
    g = make(P(energy=3, hand=["legion_knight"]), P(), phase="setup")
    kn = uid(g, "legion_knight")
    assert not has(g, f"cast {kn} attack")  # not in set-up
    to_phase(g, "recruit1")
    play(g, f"cast {kn} defense")
    c = g.card(kn)
    assert c.zone == "units:0" and g.attack_of(c) == 3 and g.defense_of(c) == 3


def test_sc12_defense_reduced_to_zero_dies() -> None:
    """SC-12: a unit whose defense is reduced to 0 dies even without damage."""
    g = make(P(), P(units=[{"card": "legion_pikeman"}]))
    pike = uid(g, "legion_pikeman")
    g.card(pike).modifiers.append(Modifier("defense", -2, until="eot", tag="test"))
    g._settle()
    assert g.zones.card(pike).zone == "discard:1"


def test_sc13_summoning_sickness() -> None:
    """SC-13: a unit that entered this turn cannot attack nor use a tap ability, but can block."""
    g = make(P("hero_korrag", energy=5, hand=["wild_boar", "wild_shaman"]), P())
    boar, sham = uid(g, "wild_boar"), uid(g, "wild_shaman")
    play(g, f"cast {boar} attack")
    play(g, f"cast {sham} defense")
    assert not any(a.kind == "ability" and a.args[0] == sham for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply(f"ability {sham} {hero(g, 2)}")
    assert "SC-13" in e.value.reason
    play(g, "done")
    assert not g.can_attack(g.card(boar))
    assert g.phase == "recruit2"  # nobody could attack: 3A–3C are skipped
    assert "Wild Boar attacks" not in log_text(g)
    # the sick unit can still block in the opponent's turn
    g2 = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "legion_pikeman", "sick": True}]),
        phase="attackers",
    )
    kn, pike = uid(g2, "legion_knight"), uid(g2, "legion_pikeman")
    attack(g2, (kn, hero(g2, 2)))
    assert has(g2, f"block {pike} {kn}")


def test_sc13_units_controlled_since_start_of_turn_can_attack() -> None:
    """SC-13: next turn the unit may attack."""
    g = make(P(units=[{"card": "legion_knight", "position": "attack", "sick": True}]), P(), phase="attackers")
    kn = uid(g, "legion_knight")
    assert not has(g, f"attack {kn} {hero(g, 2)}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"attack {kn} {hero(g, 2)}")
    assert "entered this turn" in e.value.reason
    until(g, lambda g: g.active == 0 and g.phase == "attackers" and g.step == "main")
    assert g.card(kn).since_start and has(g, f"attack {kn} {hero(g, 2)}")


def test_sc14_weapons_equip_and_reequip() -> None:
    """SC-14: a weapon gives its bonus to the unit it is equipped to; equip cost moves it, in recruitment only."""
    g = make(
        P(energy=5, hand=["legion_longsword"], units=[{"card": "legion_pikeman"}, {"card": "legion_knight"}]),
        P(),
    )
    sword, pike, kn = uid(g, "legion_longsword"), uid(g, "legion_pikeman"), uid(g, "legion_knight")
    play(g, f"cast {sword} {pike}")
    resolve(g)
    assert g.attack_of(g.card(pike)) == 4 and g.card(sword).attached == pike
    e0 = g.available_energy(0)
    play(g, f"equip {sword} {kn}")
    assert g.attack_of(g.card(pike)) == 2 and g.attack_of(g.card(kn)) == 5
    assert g.available_energy(0) == e0 - 1
    play(g, f"equip {sword} {pike}")  # any number of times
    assert g.card(sword).attached == pike
    # the unit dies: the weapon stays in play, free to re-equip
    g.card(pike).damage = 9
    g._settle()
    assert g.card(sword).zone == "weapons:0" and g.card(sword).attached == 0
    assert has(g, f"equip {sword} {kn}")
    g2 = make(
        P(energy=5, weapons=["legion_longsword"], units=[{"card": "legion_knight", "position": "attack"}]),
        P(),
        phase="setup",
    )
    assert g2.decision().kind == "setup"
    assert not any(a.kind == "equip" for a in g2.legal_actions())


def test_sc15_attacker_may_play_a_prayer_after_blockers() -> None:
    """SC-15: prayers any time in your turn — after blocks the attacker may pump its unit (combat trick),
    then the defender gets its end-of-3B window (SC-59)."""
    g = make(
        P("hero_korrag", energy=1, hand=["wild_frenzy"], units=[{"card": "wild_wolf", "position": "attack"}]),
        P(units=[{"card": "legion_knight"}]),
        phase="attackers",
    )
    wolf, kn, fr = uid(g, "wild_wolf"), uid(g, "legion_knight"), uid(g, "wild_frenzy")
    attack(g, (wolf, hero(g, 2)))
    block(g, (kn, wolf))
    d = g.decision()
    assert d.kind == "respond" and d.player == 0 and g.phase == "blockers" and g.step == "window"
    assert has(g, f"cast {fr} {wolf}")
    play(g, f"cast {fr} {wolf}")
    resolve(g)
    to_phase(g, "recruit2")
    assert not g.is_unit_in_play(kn)  # 2 + 2 = 4 > 3
    assert "Frenzy" in log_text(g) or "+2/+0" in log_text(g)


def test_sc15_prayer_in_the_opponents_window_then_discarded() -> None:
    """SC-15 / SC-59: the non-active player plays a prayer at the end of a sub-phase; it goes to discard."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]), P("hero_nyx", energy=2, hand=["umb_bolt"])
    )
    bolt = uid(g, "umb_bolt")
    play(g, "done")  # end of the first recruitment
    d = g.decision()
    assert d.kind == "respond" and d.player == 1 and g.step == "window"
    play(g, f"cast {bolt} {hero(g, 1)}")
    resolve(g)  # P1 has nothing to answer with: the engine passes for both
    assert (
        "Shadow Bolt: deal 2 damage to P1's hero Aurelia, Iron Marshal goes to the resolution zone"
        in log_text(g)
    )
    assert g.zones.card(bolt).zone == "discard:1"
    assert g.lives(0) == 10


def test_sc16_sc17_skip_draw_to_move_a_life_to_energy() -> None:
    """SC-16 / SC-17: skipping the draw moves a life card beside the hero into play as energy."""
    g = make(P(), P(), phase="draw")
    hand, lives, energy = len(g.zones["hand:0"]), g.lives(0), len(g.zones["energy:0"])
    play(g, "skip")
    assert len(g.zones["hand:0"]) == hand and g.lives(0) == lives - 1
    assert len(g.zones["energy:0"]) == energy + 1
    assert g.card(g.zones["energy:0"].cards[-1]).defn.type == "life"


def test_sc51_draw_one_card() -> None:
    """SC-51: in the draw sub-phase the active player draws one card."""
    g = make(P(deck=["legion_knight", "n_militia"]), P(), phase="draw")
    play(g, "draw")
    assert [g.card(u).defn.id for u in g.zones["hand:0"].cards] == ["legion_knight"]


def test_sc18_move_a_life_once_per_turn_without_the_resolution_zone() -> None:
    """SC-18: once per turn, recruitment, empty zone; it does not use the resolution zone."""
    g = make(P(hand=["n_militia"]), P())
    play(g, "life")
    assert not g.stack and len(g.zones["energy:0"]) == 1 and g.lives(0) == 11
    assert not has(g, "life")
    with pytest.raises(IllegalAction) as e:
        g.apply("life")
    assert "already moved a life" in e.value.reason


def test_sc19_tapping_energy_pays_and_unspent_energy_is_lost() -> None:
    """SC-19: tapping energy cards pays costs; unspent pool energy is lost at end of turn."""
    g = make(P(energy=3, hand=["n_surge", "legion_knight"]), P())
    surge, kn = uid(g, "n_surge"), uid(g, "legion_knight")
    play(g, f"cast {surge}")
    resolve(g)
    assert g.pool[0] == 2 and g.available_energy(0) == 5
    play(g, f"cast {kn} defense")  # 3: 2 from the pool, 1 tapped card
    assert g.pool[0] == 0 and sum(g.card(u).tapped for u in g.zones["energy:0"].cards) == 1
    g.pool[0] = 2
    to_phase(g, "setup")  # through end of turn
    assert g.pool == [0, 0]


def test_sc20_only_the_heros_factions_and_neutral_cards_can_be_cast() -> None:
    """SC-20: a Legion hero cannot pay for a Wildborn card (it can still be a support); neutral is fine."""
    g = make(P(energy=5, hand=["wild_boar", "n_militia"]), P())
    boar, mil = uid(g, "wild_boar"), uid(g, "n_militia")
    assert not any(a.kind == "cast" and a.args[0] == boar for a in g.legal_actions())
    assert has(g, f"cast {mil} attack")
    assert has(g, f"support {boar}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cast {boar} attack")
    assert "SC-20" in e.value.reason


def test_sc20_hero_ability_recruitment_only_once_per_turn() -> None:
    """SC-20: the hero ability is used in your recruitment phase with an empty zone (once per turn)."""
    g = make(P(energy=5, units=[{"card": "legion_pikeman"}]), P())
    pike = uid(g, "legion_pikeman")
    play(g, f"hero {pike}")
    resolve(g)
    assert "hero ability: give Pikeman +1/+1 until end of turn goes to the resolution zone" in log_text(g)
    assert g.attack_of(g.card(pike)) == 3 and g.defense_of(g.card(pike)) == 3
    assert not any(a.kind == "hero" for a in g.legal_actions())


def test_sc21_the_hero_counts_as_the_player() -> None:
    """SC-21: a card that damages 'any target' can hit the hero, which removes lives."""
    g = make(P("hero_korrag", energy=2, hand=["wild_wildfire"]), P())
    fire = uid(g, "wild_wildfire")
    assert has(g, f"cast {fire} {hero(g, 2)}") and has(g, f"cast {fire} {hero(g, 1)}")
    play(g, f"cast {fire} {hero(g, 2)}")
    assert g.lives(1) == 10


def test_sc22_support_cards_face_down_once_per_turn_two_units_each() -> None:
    """SC-22: any hand card goes face down as a support (hidden from the opponent), once per turn."""
    g = make(P(supports=0, hand=["legion_knight", "n_militia"]), P())
    kn = uid(g, "legion_knight")
    assert g.unit_limit(0) == 0
    play(g, f"support {kn}")
    assert g.zones.card(kn).zone == "supports:0" and g.unit_limit(0) == 2
    assert not any(a.kind == "support" for a in g.legal_actions())
    v1, v0 = g.view(1), g.view(0)
    assert v1["players"][0]["supports"] == 1 and v1["players"][0]["support_cards"] is None
    assert v0["players"][0]["support_cards"][0]["id"] == "legion_knight"
    assert "legion_knight" not in str(v1["players"][0])


def test_sc23_sc57_cleanup_discards_units_above_the_limit() -> None:
    """SC-23 / SC-57: at clean-up a player with more units than 2 × supports discards the excess."""
    units = [{"card": "n_militia"}] * 3
    g = make(P(supports=1, units=units), P(), phase="cleanup")
    d = g.decision()
    assert d.kind == "cleanup" and {a.kind for a in g.legal_actions()} == {"sacrifice"}
    first = g.zones["units:0"].cards[0]
    play(g, f"sacrifice {first}")
    assert len(g.zones["units:0"]) == 2 and g.zones.card(first).zone == "discard:0"
    assert "sacrifice" not in kinds(g)  # 2 units = 2 × 1 support: no more discards


def test_sc32_card_text_beats_the_rules() -> None:
    """SC-32: Barracks lets you keep more units than 2 × supports; Alert lets a defender attack."""
    units = [{"card": "n_militia"}] * 4
    g = make(P(supports=1, units=units, structures=[{"card": "legion_barracks"}]), P(), phase="cleanup")
    assert g.unit_limit(0) == 4
    assert "sacrifice" not in kinds(g)
    assert len(g.zones["units:0"]) == 4  # all four stay
    g2 = make(P("hero_nyx", units=[{"card": "umb_sentinel", "position": "defense"}]), P(), phase="attackers")
    assert has(g2, f"attack {uid(g2, 'umb_sentinel')} {hero(g2, 2)}")


def test_sc57_discard_down_to_seven() -> None:
    """SC-57 / SC-30: at clean-up the active player discards down to 7 cards."""
    g = make(P(hand=["n_militia"] * 9), P(), phase="cleanup")
    assert g.decision().kind == "cleanup"
    for _ in range(2):
        play(g, f"discard {g.zones['hand:0'].cards[0]}")
    assert len(g.zones["hand:0"]) == 7 and len(g.zones["discard:0"]) == 2


# ---------------------------------------------------------------- zones
def test_sc30_zone_visibility_in_views() -> None:
    """SC-30: the hand is private, the deck shows only its count, the discard is public."""
    g = make(P(hand=["legion_knight"], discard=["n_militia"]), P(hand=["n_golem", "n_golem"]))
    v = g.view(0)
    me, opp = v["players"][0], v["players"][1]
    assert me["hand"][0]["id"] == "legion_knight"
    assert opp["hand"] is None and opp["hand_count"] == 2
    assert "n_golem" not in str(opp)
    assert isinstance(me["deck_count"], int) and "deck" not in me
    assert g.view(1)["players"][0]["discard"][0]["id"] == "n_militia"
    assert g.view(None)["players"][0]["hand"] is None


# ---------------------------------------------------------------- abilities
def test_sc40_tap_ability_turns_the_unit_to_attack_and_it_cannot_attack() -> None:
    """SC-40: the unit goes from defense to attack position and cannot attack this turn."""
    g = make(
        P("hero_korrag", units=[{"card": "wild_shaman", "position": "defense"}]),
        P(units=[{"card": "n_militia"}]),
    )
    sham, mil = uid(g, "wild_shaman"), uid(g, "n_militia")
    play(g, f"ability {sham} {mil}")
    c = g.card(sham)
    assert c.position == "attack" and c.no_attack
    resolve(g)
    assert g.card(mil).damage == 1 and g.is_unit_in_play(mil)  # 1 = defense: not lethal (SC-12)
    assert not any(a.kind == "ability" for a in g.legal_actions())  # already turned
    play(g, "done")
    assert not has(g, f"attack {sham} {hero(g, 2)}")


def test_sc40_tap_ability_in_the_opponents_turn_after_the_turn_it_entered() -> None:
    """SC-40 / SC-13: "controlled since the start of the turn" — a unit cast in your turn may use its
    tap ability in the opponent's next turn (it was yours when that turn began)."""
    g = make(P("hero_korrag", energy=2, hand=["wild_shaman"]), P())
    sham = uid(g, "wild_shaman")
    play(g, f"cast {sham} defense")
    resolve(g)
    assert not any(a.kind == "ability" for a in g.legal_actions())  # sick this turn
    t = g.turn
    until(g, lambda g: g.active == 1 and g.decision() is not None and g.decision().player == 0)
    assert g.turn == t + 1 and g.phase == "setup"  # the very next turn, at its first window
    assert g.decision().kind == "respond"
    assert has(g, f"ability {sham} {hero(g, 2)}")
    play(g, f"ability {sham} {hero(g, 2)}")
    resolve(g)
    assert g.lives(1) == 11


def test_sc40_structure_tap_ability_in_the_opponents_combat() -> None:
    """SC-40: a structure's tap ability is usable whenever a prayer could be (here: the defender's window)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(structures=[{"card": "legion_watchtower"}]),
        phase="attackers",
    )
    kn, tower = uid(g, "legion_knight"), uid(g, "legion_watchtower")
    attack(g, (kn, hero(g, 2)))
    d = g.decision()
    assert d.kind == "respond" and d.player == 1
    play(g, f"ability {tower} {kn}")
    assert g.card(tower).tapped
    resolve(g)
    assert g.card(kn).damage == 2


def test_sc41_energy_ability_usable_at_once() -> None:
    """SC-41: an energy ability needs no tap and works the turn the unit enters."""
    g = make(P(energy=3, hand=["legion_medic"], units=[{"card": "legion_knight", "damage": 2}]), P())
    med, kn = uid(g, "legion_medic"), uid(g, "legion_knight")
    play(g, f"cast {med} defense")
    assert g.card(med).since_start is False
    play(g, f"ability {med} {kn}")
    resolve(g)
    assert g.card(kn).damage == 0 and g.available_energy(0) == 0


def test_sc42_triggered_abilities_go_to_the_resolution_zone() -> None:
    """SC-42: an enter trigger is mandatory and goes to the resolution zone, where it can be answered."""
    g = make(P(energy=2, hand=["n_scout"]), P("hero_nyx", energy=2, hand=["umb_bolt"]))
    scout = uid(g, "n_scout")
    play(g, f"cast {scout} defense", "pass")  # P2 lets the Scout resolve
    assert g.stack and g.stack.top()[1][0] == "trigger"
    assert g.decision().kind == "respond" and g.decision().player == 1
    hand = len(g.zones["hand:0"])
    resolve(g)
    assert len(g.zones["hand:0"]) == hand + 1


def test_sc42_death_trigger() -> None:
    """SC-42: 'when this dies' triggers too (Bone Lich: 2 damage to the enemy hero)."""
    g = make(
        P("hero_korrag", energy=2, hand=["wild_wildfire"]),
        P("hero_nyx", units=[{"card": "umb_lich", "damage": 3}]),
    )
    play(g, f"cast {uid(g, 'wild_wildfire')} {uid(g, 'umb_lich')}")
    resolve(g)
    assert g.lives(0) == 10 and "Bone Lich's death trigger" in log_text(g)


def test_sc43_static_abilities_apply_at_once() -> None:
    """SC-43: a static aura applies as soon as the card is in play, with no resolution."""
    g = make(P(energy=3, hand=["legion_standard"], units=[{"card": "legion_pikeman"}]), P())
    pike, std = uid(g, "legion_pikeman"), uid(g, "legion_standard")
    assert g.defense_of(g.card(pike)) == 2
    play(g, f"cast {std} defense")
    resolve(g)
    assert g.defense_of(g.card(pike)) == 3
    assert g.defense_of(g.card(std)) == 3  # "other" units only
    assert g.card(pike).stat("defense") == 2  # base untouched


# ---------------------------------------------------------------- turn structure
def test_sc50_setup_untaps_and_position_costs() -> None:
    """SC-50: set-up untaps non-unit cards; to defense is free, to attack or shelter costs 1 energy or 1 life."""
    g = make(
        P(
            tapped_energy=2,
            structures=[{"card": "legion_watchtower", "tapped": True}],
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "legion_pikeman"},
                {"card": "n_militia"},
            ],
        ),
        P(),
        phase="end",
        active=2,
    )
    to_phase(g, "setup")
    assert g.active == 0
    assert not any(g.card(u).tapped for u in g.zones["energy:0"].cards)
    assert not g.card(uid(g, "legion_watchtower")).tapped
    kn, pike, mil = uid(g, "legion_knight"), uid(g, "legion_pikeman"), uid(g, "n_militia")
    assert has(g, f"pos {kn} defense") and has(g, f"pos {pike} attack e") and has(g, f"pos {pike} attack l")
    play(g, f"pos {pike} attack e")
    assert g.card(pike).position == "attack" and g.available_energy(0) == 1
    play(g, f"shelter {mil} {kn} l")
    assert g.card(mil).shelter == kn and g.lives(0) == 11
    play(g, f"pos {kn} defense")
    assert g.card(kn).position == "defense" and g.lives(0) == 11 and g.available_energy(0) == 1
    assert g.card(mil).shelter == 0  # the sheltered unit left attack position


def test_sc52_with_a_card_waiting_only_prayers_and_lightning() -> None:
    """SC-52: in recruitment with a non-empty zone only prayers and Lightning cards."""
    g = make(
        P("hero_nyx", energy=9, hand=["umb_bolt", "umb_ambusher", "umb_stalker", "umb_dread"]),
        P(units=[{"card": "n_golem", "position": "attack"}]),
    )
    bolt, amb, st = uid(g, "umb_bolt"), uid(g, "umb_ambusher"), uid(g, "umb_stalker")
    play(g, f"cast {bolt} {hero(g, 2)}")
    acts = g.legal_actions()
    assert any(a.kind == "cast" and a.args[0] == amb for a in acts)
    assert any(a.kind == "cast" and a.args[0] == uid(g, "umb_dread") for a in acts)
    assert not any(a.kind == "cast" and a.args[0] == st for a in acts)
    assert not any(a.kind in ("support", "life", "hero", "equip") for a in acts)


def test_sc53_attackers_pick_the_hero_or_an_attack_position_unit() -> None:
    """SC-53: attack-position units attack the hero or an enemy unit in attack position."""
    g = make(
        P(
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "legion_pikeman", "position": "defense"},
            ]
        ),
        P(units=[{"card": "n_golem", "position": "attack"}, {"card": "n_militia", "position": "defense"}]),
        phase="attackers",
    )
    kn, pike, gol, mil = (uid(g, c) for c in ("legion_knight", "legion_pikeman", "n_golem", "n_militia"))
    targets = {a.args[1] for a in g.legal_actions() if a.kind == "attack" and a.args[0] == kn}
    assert targets == {hero(g, 2), gol}
    assert not any(a.kind == "attack" and a.args[0] == pike for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply(f"attack {kn} {mil}")
    assert "cannot be attacked" in e.value.reason


def test_sc54_sc60_only_defense_units_block() -> None:
    """SC-54 / SC-60: only defense-position units block; attack-position ones cannot."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "n_golem", "position": "attack"}, {"card": "n_militia", "position": "defense"}]),
        phase="attackers",
    )
    kn, gol, mil = uid(g, "legion_knight"), uid(g, "n_golem"), uid(g, "n_militia")
    attack(g, (kn, hero(g, 2)))
    assert has(g, f"block {mil} {kn}") and not has(g, f"block {gol} {kn}")


def test_sc55_sc71_combat_damage_is_simultaneous_and_closed() -> None:
    """SC-55 / SC-71: both units deal damage at once (a trade) and nothing can be played in 3C."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P("hero_nyx", energy=5, hand=["umb_bolt"], units=[{"card": "n_mercenary", "position": "defense"}]),
        phase="attackers",
    )
    merc, pike = uid(g, "n_mercenary", seat=1), uid(g, "n_mercenary", seat=2)
    attack(g, (merc, hero(g, 2)))
    play(g, "pass")  # P2 lets the window go
    block(g, (pike, merc))
    play(g, "pass")  # P2's end-of-3B window: the last chance before damage
    assert g.phase == "recruit2"  # 3C went by with no decision for anyone
    assert not g.is_unit_in_play(merc) and not g.is_unit_in_play(pike)  # 3 > 2 both ways: a trade
    # with a damage split to make, 3C stops — and only damage assignments are possible, even for a
    # player holding a prayer and energy
    g2 = make(
        P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
        P("hero_nyx", energy=5, hand=["umb_bolt"], units=[{"card": "n_militia"}, {"card": "n_golem"}]),
        phase="attackers",
    )
    mam = uid(g2, "wild_mammoth")
    attack(g2, (mam, hero(g2, 2)))
    play(g2, "pass")
    block(g2, (uid(g2, "n_militia"), mam), (uid(g2, "n_golem"), mam))
    play(g2, "pass")
    assert g2.phase == "damage" and g2.decision().kind == "damage"
    assert {a.kind for a in g2.legal_actions()} == {"assign"}
    assert g2._instant_actions(1) == []


def test_sc56_second_recruitment_allows_casting_after_combat() -> None:
    """SC-56: the second recruitment works like the first."""
    g = make(P(energy=3, hand=["legion_knight"]), P(), phase="attackers")
    to_phase(g, "recruit2")
    assert g.decision().kind == "recruit"
    play(g, f"cast {uid(g, 'legion_knight')} attack")
    assert g.is_unit_in_play(uid(g, "legion_knight"))


def test_sc58_end_of_turn_passes_the_turn_and_ends_effects() -> None:
    """SC-58: after 5B the other player's turn begins; until-end-of-turn effects and damage end."""
    g = make(
        P(energy=1, hand=["legion_shield_wall"], units=[{"card": "legion_pikeman", "damage": 1}]),
        P(),
        phase="recruit2",
    )
    pike = uid(g, "legion_pikeman")
    play(g, f"cast {uid(g, 'legion_shield_wall')} {pike}")
    resolve(g)
    assert g.defense_of(g.card(pike)) == 5
    t = g.turn
    until(g, lambda g: g.active == 1)
    assert g.turn == t + 1
    assert g.defense_of(g.card(pike)) == 2 and g.card(pike).damage == 0


def test_sc59_non_active_player_gets_a_window_after_each_sub_phase() -> None:
    """SC-59: at the end of each sub-phase the non-active player may respond (set-up, draw, recruitment…)."""
    g = make(P(), P("hero_nyx", energy=5, hand=["umb_bolt", "umb_bolt", "umb_bolt"]), phase="setup")
    seen = []
    for _ in range(12):
        d = g.decision()
        if d.kind == "respond":
            seen.append(g.phase)
            play(g, "pass")
        else:
            play(g, "draw" if d.kind == "draw" else "done")
        if g.active == 1:
            break
    assert {"setup", "draw", "recruit1", "attackers", "recruit2", "cleanup", "end"} <= set(seen)
    assert all(p != "damage" for p in seen)


# ---------------------------------------------------------------- positions and shelter
def test_sc60_units_enter_in_attack_or_defense_and_defense_cannot_be_attacked() -> None:
    """SC-60: the controller picks the entering position; a defense unit cannot be attacked."""
    g = make(P(energy=4, hand=["n_militia", "n_militia"]), P())
    m1, m2 = uid(g, "n_militia", zone="hand"), uid(g, "n_militia", zone="hand", nth=1)
    play(g, f"cast {m1} attack", f"cast {m2} defense")
    assert g.card(m1).position == "attack" and g.card(m2).position == "defense"
    g2 = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "n_golem", "position": "attack"}, {"card": "n_militia", "position": "defense"}]),
        phase="attackers",
    )
    kn = uid(g2, "legion_knight")
    targets = {a.args[1] for a in g2.legal_actions() if a.kind == "attack" and a.args[0] == kn}
    assert targets == {hero(g2, 2), uid(g2, "n_golem")}  # the defense-position Militia is safe


def test_sc61_sc62_shelter_on_entry_and_many_shelterers() -> None:
    """SC-61 / SC-62: units may enter sheltering; several may shelter one unit; one shelters at most one."""
    g = make(
        P(
            energy=4,
            hand=["n_militia", "n_militia"],
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "n_golem", "position": "attack"},
            ],
        ),
        P(),
    )
    kn, gol = uid(g, "legion_knight"), uid(g, "n_golem")
    m1, m2 = uid(g, "n_militia", zone="hand"), uid(g, "n_militia", zone="hand", nth=1)
    play(g, f"cast {m1} shelter {kn}", f"cast {m2} shelter {kn}")
    assert g.card(m1).shelter == kn and g.card(m2).shelter == kn
    assert g.card(m1).position == "defense"
    # re-sheltering in the next set-up moves it: a unit shelters at most one
    t = g.turn
    until(g, lambda g: g.turn == t + 2 and g.phase == "setup")
    assert g.card(m1).shelter == kn and g.card(m2).shelter == kn  # shelter lasts
    assert has(g, f"shelter {m1} {gol} e") and not has(g, f"shelter {m1} {kn} e")
    play(g, f"shelter {m1} {gol} e")
    assert g.card(m1).shelter == gol and g.card(m2).shelter == kn
    assert sorted(u.uid for u in g.units(0) if u.shelter == kn) == [m2]


def test_sc61_shelterer_can_still_block_for_the_hero() -> None:
    """SC-61: a sheltering unit is in defense position and can block attackers of the hero."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_golem", "shelter": 1}]),
        phase="attackers",
    )
    merc, gol = uid(g, "n_mercenary"), uid(g, "n_golem")
    attack(g, (merc, hero(g, 2)))
    assert has(g, f"block {gol} {merc}")


def test_sc61_shelterer_can_block_an_attacker_of_another_unit() -> None:
    """SC-61 / SC-54 (docs/rulings.md, "A shelterer blocks like any defense unit"): the Golem
    shelters the Knight; the Sellsword attacks P2's other unit, the Pikeman. The Golem may block
    it, and blocking it keeps the Pikeman out of the fight (SC-63)."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P(
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "n_golem", "shelter": 1},
                {"card": "legion_pikeman", "position": "attack"},
            ]
        ),
        phase="attackers",
    )
    merc, gol, pike = uid(g, "n_mercenary"), uid(g, "n_golem"), uid(g, "legion_pikeman")
    assert g.card(gol).shelter == uid(g, "legion_knight")
    attack(g, (merc, pike))
    assert has(g, f"block {gol} {merc}")
    block(g, (gol, merc))
    to_phase(g, "recruit2")
    assert g.card(pike).damage == 0 and g.card(gol).damage > 0


def _late_shelter_game():
    """P1's Sellsword attacks P2's Knight; nothing shelters the Knight when blockers are
    declared; in the window after them P2 casts a Lightning Shadow Ambusher to shelter it."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P(
            "hero_nyx",
            energy=5,
            hand=["umb_ambusher"],
            units=[{"card": "legion_knight", "position": "attack"}],
        ),
        phase="attackers",
    )
    merc, kn = uid(g, "n_mercenary"), uid(g, "legion_knight")
    amb = uid(g, "umb_ambusher", zone="hand")
    attack(g, (merc, kn))
    until(g, lambda g: g.phase == "blockers" and g.step == "window" and has(g, f"cast {amb} shelter {kn}"))
    assert g.shelter_choice == {}  # no shelterer at the shelter step: nothing was asked
    play(g, f"cast {amb} shelter {kn}")
    resolve(g)
    until(g, lambda g: g.phase == "damage")
    return g, merc, kn, amb


def test_sc61_a_shelterer_cast_after_blockers_is_offered_the_choice_before_damage() -> None:
    """SC-61 ⚖ (docs/rulings.md): a unit that starts sheltering an attacked unit after
    blockers are declared still gets its controller the three-way choice, asked at the
    start of 3C before any damage; choosing "shelter" keeps the Knight out of the fight."""
    g, merc, kn, amb = _late_shelter_game()
    d = g.decision()
    assert d.kind == "shelter" and d.player == 1
    assert {str(a) for a in g.legal_actions()} == {f"choose {kn} {x}" for x in ("unit", "shelter", "both")}
    assert g.card(kn).damage == 0 and g.is_unit_in_play(merc)  # no damage dealt yet
    play(g, f"choose {kn} shelter")
    until(g, lambda g: g.phase != "damage")
    assert g.card(kn).damage == 0 and g.is_unit_in_play(kn)  # sheltered: takes no damage
    # the Ambusher (3/2) and the Sellsword (3/2) fought each other: both die (3 > 2)
    assert g.zones.card(amb).zone == "discard:1"
    assert g.zones.card(merc).zone == "discard:0"


def test_sc61_a_choice_made_before_a_late_shelterer_stands() -> None:
    """SC-61 ⚖: once "the unit fights" was chosen, a unit that starts sheltering later
    stays out of that fight, and the choice is not asked again."""
    g = make(
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        P(
            "hero_nyx",
            energy=5,
            hand=["umb_ambusher"],
            units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_golem", "shelter": 1}],
        ),
        phase="attackers",
    )
    merc, kn = uid(g, "n_mercenary"), uid(g, "legion_knight")
    amb = uid(g, "umb_ambusher", zone="hand")
    attack(g, (merc, kn))
    until(g, lambda g: g.decision().kind == "shelter")  # P2 passes and blocks nothing
    play(g, f"choose {kn} unit")
    until(g, lambda g: g.phase == "blockers" and g.step == "window" and has(g, f"cast {amb} shelter {kn}"))
    play(g, f"cast {amb} shelter {kn}")
    resolve(g)
    until(g, lambda g: g.phase != "blockers")
    assert g.phase != "damage" or g.decision().kind != "shelter"
    until(g, lambda g: g.phase not in ("blockers", "damage"))
    assert g.card(kn).damage == 3  # the Knight fought, as chosen
    assert g.card(amb).damage == 0 and g.is_unit_in_play(amb)


def test_sc63_unit_attacking_a_unit_both_deal_damage() -> None:
    """SC-63 ⚖: an attacker and the unit it attacks damage each other."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="attackers",
    )
    kn, merc = uid(g, "legion_knight"), uid(g, "n_mercenary")
    attack(g, (kn, merc))
    block(g)
    assert g.card(kn).damage == 3 and g.is_unit_in_play(kn)
    assert not g.is_unit_in_play(merc)


def test_sc63_blocked_attacker_does_not_fight_its_target() -> None:
    """SC-63 ⚖: if the attacker is blocked, its target takes no damage."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "n_mercenary", "position": "attack"}, {"card": "n_golem"}]),
        phase="attackers",
    )
    kn, merc, gol = uid(g, "legion_knight"), uid(g, "n_mercenary"), uid(g, "n_golem")
    attack(g, (kn, merc))
    block(g, (gol, kn))
    assert g.card(merc).damage == 0 and g.card(gol).damage == 3


# ---------------------------------------------------------------- combat damage
def test_sc70_attacker_splits_damage_among_blockers() -> None:
    """SC-70: the attacking player assigns an attacker's damage among all its blockers."""
    g = make(
        P(units=[{"card": "wild_mammoth", "position": "attack"}], hero="hero_korrag"),
        P(units=[{"card": "n_militia"}, {"card": "legion_pikeman"}]),
        phase="attackers",
    )
    mam, mil, pike = uid(g, "wild_mammoth"), uid(g, "n_militia"), uid(g, "legion_pikeman")
    g.card(mam).granted = ()
    attack(g, (mam, hero(g, 2)))
    block(g, (mil, mam), (pike, mam))
    d = g.decision()
    assert d.kind == "damage" and d.player == 0 and d.context["remaining"] == 5
    play(g, f"assign {mam} {pike}")
    assert g.decision().kind == "damage"
    play(g, f"assign {mam} {mil}", f"assign {mam} {mil}")
    # the Mammoth's Trample (SC-81): the Pikeman, the last blocker short of lethal, gets the rest
    assert sorted((t, n) for s, t, n in g.assign if s == mam) == [(mil, 1), (mil, 1), (pike, 1), (pike, 2)]
    assert not g.is_unit_in_play(mil) and not g.is_unit_in_play(pike)


def test_sc72_blocked_attacker_never_damages_the_hero() -> None:
    """SC-72: without Trample all the surplus stays on the blockers; the hero takes nothing."""
    g = make(
        P(units=[{"card": "n_golem", "position": "attack"}, {"card": "legion_knight", "position": "attack"}]),
        P(units=[{"card": "n_militia"}]),
        phase="attackers",
    )
    kn, mil = uid(g, "legion_knight"), uid(g, "n_militia")
    attack(g, (kn, hero(g, 2)))
    block(g, (mil, kn))
    assert g.lives(1) == 12 and not g.is_unit_in_play(mil)


def test_sc72_blocked_attacker_stays_blocked_if_the_blocker_is_gone() -> None:
    """SC-72: an attacker whose blocker died before damage still deals no damage to the hero."""
    g = make(
        P(
            "hero_korrag",
            energy=2,
            hand=["wild_wildfire"],
            units=[{"card": "n_mercenary", "position": "attack"}],
        ),
        P(units=[{"card": "n_militia"}]),
        phase="attackers",
    )
    merc, mil = uid(g, "n_mercenary"), uid(g, "n_militia")
    attack(g, (merc, hero(g, 2)))
    block(g, (mil, merc))
    play(g, f"cast {uid(g, 'wild_wildfire')} {mil}")  # the attacker kills its own blocker (SC-15)
    resolve(g)
    assert not g.is_unit_in_play(mil)
    to_phase(g, "recruit2")
    assert g.lives(1) == 12 and g.card(merc).damage == 0


# ---------------------------------------------------------------- keywords
def _combat(p1_units, p2_units, **kw):
    return make(P("hero_korrag", units=p1_units), P(units=p2_units, **kw), phase="attackers")


def test_sc80_learning_copies_keywords_of_co_attackers() -> None:
    """SC-80: Learning 1 lets the Cub take Flying from a Hawk attacking with it, for this combat
    (the Pikeman, Ranged, gives P2 a block to decide: the combat waits for it)."""
    g = _combat(
        [{"card": "wild_cub", "position": "attack"}, {"card": "wild_hawk", "position": "attack"}],
        [{"card": "n_golem"}, {"card": "legion_pikeman"}],
    )
    cub, hawk, gol = uid(g, "wild_cub"), uid(g, "wild_hawk"), uid(g, "n_golem")
    attack(g, (cub, hero(g, 2)), (hawk, hero(g, 2)))
    d = g.decision()
    assert d.kind == "learn" and has(g, f"learn {cub} Flying")
    play(g, f"learn {cub} Flying")
    assert g.has_kw(g.card(cub), "Flying")
    assert not has(g, f"block {gol} {cub}")
    block(g)
    to_phase(g, "setup")
    assert not g.has_kw(g.card(cub), "Flying")  # only for this combat


def test_sc82_honor_gives_co_attackers_plus_one() -> None:
    """SC-82: the other units attacking with an Honor unit get +1 attack."""
    g = make(
        P(
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "legion_pikeman", "position": "attack"},
            ]
        ),
        P(),
        phase="attackers",
    )
    kn, pike = uid(g, "legion_knight"), uid(g, "legion_pikeman")
    attack(g, (kn, hero(g, 2)), (pike, hero(g, 2)))
    assert g.attack_of(g.card(pike)) == 3 and g.attack_of(g.card(kn)) == 3
    block(g)
    assert g.lives(1) == 12 - 6


def test_sc83_sc87_flying_blocked_only_by_flying_or_ranged() -> None:
    """SC-83 / SC-87: a Flying attacker can be blocked by Flying or Ranged units only."""
    g = _combat(
        [{"card": "wild_hawk", "position": "attack"}],
        [{"card": "n_golem"}, {"card": "legion_pikeman"}, {"card": "legion_griffin"}],
    )
    hawk = uid(g, "wild_hawk")
    attack(g, (hawk, hero(g, 2)))
    assert not has(g, f"block {uid(g, 'n_golem')} {hawk}")
    assert has(g, f"block {uid(g, 'legion_pikeman')} {hawk}")  # Ranged
    assert has(g, f"block {uid(g, 'legion_griffin')} {hawk}")  # Flying
    with pytest.raises(IllegalAction) as e:
        g.apply(f"block {uid(g, 'n_golem')} {hawk}")
    assert "Flying" in e.value.reason


def test_sc84_lightning_unit_in_the_opponents_turn() -> None:
    """SC-84: a Lightning card can be cast whenever a prayer could, e.g. in the opponent's window."""
    g = make(P(), P("hero_nyx", energy=3, hand=["umb_ambusher", "umb_stalker"]))
    amb, st = uid(g, "umb_ambusher"), uid(g, "umb_stalker")
    play(g, "done")
    assert g.decision().player == 1 and has(g, f"cast {amb} defense")
    assert not any(a.kind == "cast" and a.args[0] == st for a in g.legal_actions())
    play(g, f"cast {amb} defense")
    resolve(g)
    assert g.card(amb).zone == "units:1"


def test_sc85_alert_attacks_from_defense() -> None:
    """SC-85: an Alert unit can attack while in defense position; others cannot."""
    g = make(P("hero_nyx", units=[{"card": "umb_sentinel"}, {"card": "umb_cultist"}]), P(), phase="attackers")
    assert has(g, f"attack {uid(g, 'umb_sentinel')} {hero(g, 2)}")
    assert not any(a.kind == "attack" and a.args[0] == uid(g, "umb_cultist") for a in g.legal_actions())


def test_sc86_stealth_cannot_be_targeted() -> None:
    """SC-86: Stealth units are never legal targets of cards or abilities."""
    g = make(
        P("hero_korrag", energy=2, hand=["wild_wildfire"]),
        P("hero_nyx", units=[{"card": "umb_shade"}, {"card": "umb_cultist"}]),
    )
    fire, shade, cult = uid(g, "wild_wildfire"), uid(g, "umb_shade"), uid(g, "umb_cultist")
    assert has(g, f"cast {fire} {cult}") and not has(g, f"cast {fire} {shade}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cast {fire} {shade}")
    assert "Stealth" in e.value.reason


def test_sc88_cover_gives_co_blockers_plus_one_defense() -> None:
    """SC-88: units blocking together with a Cover unit get +1 defense until end of turn."""
    g = _combat(
        [{"card": "n_mercenary", "position": "attack"}],
        [{"card": "legion_recruit"}, {"card": "legion_pikeman"}],
    )
    merc, rec, pike = uid(g, "n_mercenary"), uid(g, "legion_recruit"), uid(g, "legion_pikeman")
    attack(g, (merc, hero(g, 2)))
    block(g, (rec, merc), (pike, merc))
    assert g.defense_of(g.card(pike)) == 3 and g.defense_of(g.card(rec)) == 2
    play(g, *(f"assign {merc} {pike}" for _ in range(3)))
    assert g.is_unit_in_play(pike) and g.card(pike).damage == 3  # 3 = defense 3 with Cover


def test_sc89_haste_attacks_the_turn_it_enters() -> None:
    """SC-89: Haste ignores summoning sickness."""
    g = make(P("hero_korrag", energy=3, hand=["wild_wolf", "wild_boar"]), P())
    wolf, boar = uid(g, "wild_wolf"), uid(g, "wild_boar")
    play(g, f"cast {wolf} attack", f"cast {boar} attack", "done")
    assert g.phase == "attackers" and has(g, f"attack {wolf} {hero(g, 2)}")
    assert not any(a.kind == "attack" and a.args[0] == boar for a in g.legal_actions())


def test_sc92_fear_unit_cannot_be_blocked_by_weak_units() -> None:
    """SC-92: Fear 1 on a Wraith: a 1-attack Ranged unit cannot block it, a 2-attack one can."""
    g = make(
        P("hero_nyx", units=[{"card": "umb_wraith", "position": "attack"}]),
        P(units=[{"card": "legion_recruit", "position": "defense"}, {"card": "legion_pikeman"}]),
        phase="attackers",
    )
    w = uid(g, "umb_wraith")
    g.card(uid(g, "legion_recruit")).granted = ("Ranged",)
    attack(g, (w, hero(g, 2)))
    assert not has(g, f"block {uid(g, 'legion_recruit')} {w}")
    assert has(g, f"block {uid(g, 'legion_pikeman')} {w}")


def test_sc90_valor_boundary_attack_equal_to_x() -> None:
    """SC-90: Valor 4 — a unit with attack exactly 4 cannot block it, and its damage is prevented."""
    g = make(
        P(units=[{"card": "legion_paladin", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "umb_lich"}, {"card": "n_mercenary"}]),
        phase="attackers",
    )
    pal, lich, merc = uid(g, "legion_paladin"), uid(g, "umb_lich"), uid(g, "n_mercenary")
    attack(g, (pal, hero(g, 2)))
    assert not has(g, f"block {lich} {pal}") and has(g, f"block {merc} {pal}")
    with pytest.raises(IllegalAction) as e:
        g.apply(f"block {lich} {pal}")
    assert "Valor 4" in e.value.reason
    g2 = make(
        P(units=[{"card": "legion_paladin", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "umb_lich", "position": "attack"}]),
        phase="attackers",
    )
    pal, lich = uid(g2, "legion_paladin"), uid(g2, "umb_lich")
    attack(g2, (pal, lich))
    block(g2)
    assert g2.card(pal).damage == 0 and g2.card(lich).damage == 3
    assert "Damage from Bone Lich to Valiant Paladin is prevented" in log_text(g2)


# ---------------------------------------------------------------- costs
def test_sc95_one_energy_or_one_life_costs() -> None:
    """SC-95 ⚖: '1 energy or 1 life' may be paid with a life card, which goes to the discard."""
    g = make(P(energy=0, units=[{"card": "legion_knight"}]), P(), phase="setup")
    kn = uid(g, "legion_knight")
    assert not has(g, f"pos {kn} attack e") and has(g, f"pos {kn} attack l")
    discard = len(g.zones["discard:0"])
    play(g, f"pos {kn} attack l")
    assert g.lives(0) == 11 and len(g.zones["discard:0"]) == discard + 1
    assert g.card(g.zones["discard:0"].cards[-1]).defn.type == "life"


def test_sc95_card_costs_are_paid_with_energy_only() -> None:
    """SC-95 ⚖: a card's cost is energy from energy cards; without enough energy it cannot be cast."""
    g = make(P(energy=2, hand=["legion_knight"]), P())
    kn = uid(g, "legion_knight")
    assert not any(a.kind == "cast" and a.args[0] == kn for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply(f"cast {kn} attack")
    assert "not enough energy: Knight of the Oath costs 3, you have 2" in e.value.reason


def test_sc96_hero_damage_removes_life_cards_not_energy() -> None:
    """SC-96 ⚖: damage to the hero sends life cards to the discard; energy cards are untouched."""
    g = make(P(units=[{"card": "legion_knight", "position": "attack"}]), P(energy=3), phase="attackers")
    attack(g, (uid(g, "legion_knight"), hero(g, 2)))
    block(g)
    assert g.lives(1) == 9 and len(g.zones["energy:1"]) == 3
    assert sum(1 for u in g.zones["discard:1"].cards if g.card(u).defn.type == "life") == 3


def test_actions_are_described_in_words() -> None:
    """Every legal action has a plain-English description with card names."""
    g = make(
        P(energy=3, hand=["legion_knight"], units=[{"card": "legion_pikeman", "position": "attack"}]), P()
    )
    texts = [g.describe_action(a) for a in g.legal_actions()]
    assert "Play Knight of the Oath (3) in attack" in texts  # short: one line at 80 × 24
    assert any("sheltering Pikeman" in t for t in texts)
    assert "Move a life to energy" in texts
    assert "Place Knight of the Oath as a support" in texts  # supports are always face down
    assert g.describe_action(Action("done")) == "End 2 First recruitment"  # what it ends
    g2 = make(
        P("hero_nyx", energy=5, hand=["umb_bolt"], structures=[{"card": "umb_altar"}]),
        P(units=[{"card": "n_militia", "position": "attack"}]),
    )
    mil = uid(g2, "n_militia")
    texts = {g2.describe_action(a) for a in g2.legal_actions()}
    assert "Play Shadow Bolt (2): deal 2 damage to Village Militia" in texts
    assert "Hero ability (2): deal 1 damage to Village Militia" in texts  # the hero is yours
    assert "Altar of Whispers' ability (tap): add 1 energy to your pool" in texts
    assert g2.describe_action(Action("hero", (mil,))) in texts


def test_illegal_actions_get_specific_reasons() -> None:
    """Refusals name the card and the rule: missing card, missing target/mode, wrong moment, energy."""
    g = make(
        P(
            "hero_korrag",
            energy=2,
            hand=["wild_frenzy", "wild_boar", "wild_claws"],
            units=[{"card": "wild_shaman", "position": "defense"}],
        ),
        P(units=[{"card": "n_militia", "position": "attack"}]),
    )
    fr, boar, claws, sham = (uid(g, c) for c in ("wild_frenzy", "wild_boar", "wild_claws", "wild_shaman"))
    h = g.state_hash()
    cases = {
        "cast 999": "there is no card 999",
        f"cast {fr}": "Frenzy needs a target",
        f"cast {boar}": "say how Tusked Boar enters",
        f"cast {boar} shelter {sham}": "can only shelter one of your units in attack position (SC-61)",
        f"cast {claws}": "Iron Claws must be equipped",
        "hero": "not enough energy: the hero ability costs 3, you have 2",
        f"pos {sham} attack e": "only in your 1A Set-up sub-phase (SC-50)",
        f"block {sham} {uid(g, 'n_militia')}": "only in 3B Declare blockers",
        "draw": "only in your 1B Draw sub-phase",
        "keep": "only before the first turn",
        f"equip {boar} {sham}": "Tusked Boar is not one of your weapons in play",
    }
    for text, words in cases.items():
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        assert words in e.value.reason, (text, e.value.reason)
    assert g.state_hash() == h


def test_log_tells_a_sheltering_entry() -> None:
    """SC-61: the log says which unit a newly entered unit shelters."""
    g = make(P(energy=1, hand=["n_militia"], units=[{"card": "legion_knight", "position": "attack"}]), P())
    play(g, f"cast {uid(g, 'n_militia')} shelter {uid(g, 'legion_knight')}")
    resolve(g)
    assert "Village Militia enters in defense position, sheltering Knight of the Oath" in log_text(g)


def test_sc50_sc51_only_the_active_player_untaps_and_the_first_player_draws_in_turn_1() -> None:
    """SC-50 ⚖: in 1A only the active player's cards untap. SC-51 / SC-03 ⚖: the first player draws
    in the first turn too (6 + 1)."""
    g = make(P(tapped_energy=2), P(tapped_energy=2), phase="end")
    to_phase(g, "draw")
    assert g.active == 1
    assert not any(g.card(u).tapped for u in g.zones["energy:1"].cards)
    assert all(g.card(u).tapped for u in g.zones["energy:0"].cards)
    n = ScarsGame.new_game(seed=2, options={"first_player": "1"})
    play(n, "keep", "keep")
    to_phase(n, "draw")
    assert n.turn == 1 and n.active == 0 and len(n.zones["hand:0"]) == 6
    play(n, "draw")
    assert len(n.zones["hand:0"]) == 7


def test_sc81_sc90_no_trample_past_a_blocker_that_prevents_the_damage() -> None:
    """SC-81 ⚖ / SC-90: a 7-attack Mammoth blocked by a Valor 4 Paladin: its damage to the Paladin is
    prevented, so it is not lethal and nothing tramples over to the hero (with Valor 9: 2 tramples)."""
    for valor, lives in ((4, 12), (9, 12 - 2)):
        g = make(
            P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
            P(units=[{"card": "legion_paladin"}]),
            phase="attackers",
        )
        mam, pal = uid(g, "wild_mammoth"), uid(g, "legion_paladin")
        g.card(mam).modifiers.append(Modifier("attack", 2, until="eot", tag="test"))
        g.card(pal).granted = () if valor == 4 else ("Valor 9",)
        attack(g, (mam, hero(g, 2)))
        block(g, (pal, mam))
        to_phase(g, "recruit2")
        assert g.lives(1) == lives, valor
