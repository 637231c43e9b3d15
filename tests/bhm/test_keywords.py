"""The 13 BHM keywords (BH-90..BH-102)."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import b, end_turn, find, game_from, kinds, uid


def strategy_game(
    mine: str, theirs: str, hand: str, cll: int = 12, phase: str = "strategy1", extra: str = ""
) -> object:
    return game_from(
        f"""
[state]
active = 1
phase = "{phase}"
armageddon = "off"
[[player]]
cll = {cll}
hand = [{hand}]
deck = ["spark_imp", "spark_imp", "spark_imp"]
{extra}
{mine}
[[player]]
deck = ["spark_imp", "spark_imp", "spark_imp"]
{theirs}
"""
    )


def test_bh90_kill_sends_to_dead_zone_plus_two() -> None:
    """BH-90 Kill: the being goes to the dead zone and its controller's C.LL gains 2."""
    g = strategy_game(b("kalzar"), b("mountain_giant"), '"death_word"')
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))
    g.apply(Action("target", (uid(g, "mountain_giant"),)))
    assert find(g, "mountain_giant").zone == "dead:1" and g.cll[1] == 2


def test_bh91_annihilate_plus_five_even_on_immortal() -> None:
    """BH-91 Annihilate: dead zone, C.LL +5 — Immortal does not stop it."""
    g = strategy_game(b("kalzar"), b("bone_revenant"), '"oblivion"')
    g.apply(Action("power", (uid(g, "oblivion"), uid(g, "kalzar"))))
    g.apply(Action("target", (uid(g, "bone_revenant"),)))
    assert find(g, "bone_revenant").zone == "dead:1" and g.cll[1] == 5


def test_bh92_petrify_stays_on_the_field_with_no_function() -> None:
    """BH-92 Petrify: C.LL +2; it keeps occupying its being zone but cannot attack, be attacked or targeted."""
    g = strategy_game(b("magma_drake"), b("storm_roc"), '"gorgon_gaze", "fire_bolt"')
    roc = find(g, "storm_roc")
    g.apply(Action("power", (uid(g, "gorgon_gaze"), uid(g, "magma_drake"))))
    g.apply(Action("target", (roc.uid,)))
    assert roc.petrified and roc.zone == "slot:1:0" and g.cll[1] == 2
    assert g.view(0)["players"][1]["zones"][0]["being"]["flags"]["petrified"]
    assert g.balance_count(1) == 0
    assert "power" not in kinds(g)  # Fire Bolt has no target left
    g.apply("next")
    assert not any(a.kind == "attack" for a in g.legal_actions())


def test_bh93_freeze_stops_attacks_abilities_power_attacks_until_final_phase_not_fire() -> None:
    """BH-93 Freeze: no attacks, no own abilities, no power attack or invocation; may still execute powers;
    it lasts until its controller's final phase; FIRE beings are not affected."""
    g = strategy_game(b("frost_witch"), b("flame_adept") + b("root_shaman"), '"frost_lance"')
    lance = find(g, "frost_lance")
    assert uid(g, "flame_adept") not in g.targets_for(0, lance)  # FIRE
    g.apply(Action("power", (lance.uid, uid(g, "frost_witch"))))
    with pytest.raises(IllegalAction, match="FIRE being and cannot be frozen"):
        g.apply(Action("target", (uid(g, "flame_adept"),)))
    shaman = find(g, "root_shaman")
    g.apply(Action("target", (shaman.uid,)))
    assert shaman.frozen
    end_turn(g)  # P2's turn: the frozen shaman
    assert g.active == 1 and shaman.frozen
    assert Action("ability", (shaman.uid,)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="is frozen"):
        g.apply(Action("ability", (shaman.uid,)))
    g.apply("next")
    with pytest.raises(IllegalAction, match="is frozen"):
        g.apply(Action("attack", (shaman.uid, uid(g, "frost_witch"))))
    end_turn(g)
    assert not shaman.frozen  # thawed in its controller's final phase


def test_bh93_frozen_being_executes_powers_but_cannot_power_attack_or_invoke() -> None:
    """BH-93: a frozen invoker may execute a power (and apply it) but neither invoke nor power-attack."""
    g = strategy_game(
        b("mist_seer", "frozen = true"),
        b("tide_sentinel"),
        '"mind_spike"',
        cll=5,
        extra='invocations = ["salamander"]',
    )
    seer = find(g, "mist_seer")
    g.apply(Action("power", (uid(g, "mind_spike"), seer.uid)))
    g.apply(Action("target", (uid(g, "tide_sentinel"),)))
    assert find(g, "tide_sentinel").zone == "dead:1"  # the power applied: POD 100 - 200
    assert seer.inv_points == 0 and "invoke" not in kinds(g)
    g.apply("next")
    assert "pattack" not in kinds(g)


def test_bh94_indestructible_object_stays_and_can_be_attached_again() -> None:
    """BH-94: an Indestructible object stays in its being zone when its bearer dies, then may be attached
    to another being."""
    g = strategy_game(
        b("kalzar") + b("storm_roc"), b("stone_golem", 'attached = ["adamant_aegis"]'), '"death_word"'
    )
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))
    g.apply(Action("target", (uid(g, "stone_golem"),)))
    aegis = find(g, "adamant_aegis")
    assert aegis.zone == "slot:1:0" and find(g, "stone_golem").zone == "dead:1"
    assert g.view(0)["players"][1]["zones"][0]["being"] is None
    assert g.free_slot(1) == "slot:1:1"
    g2 = strategy_game(b("storm_roc", 'attached = ["adamant_aegis"]') + b("mountain_giant"), "", "")
    aegis2 = find(g2, "adamant_aegis")
    g2.card(uid(g2, "storm_roc")).wounds = 800
    g2.state_checks()
    assert aegis2.zone == "slot:0:0"
    giant = find(g2, "mountain_giant")
    g2.apply(Action("equip", (aegis2.uid, giant.uid)))
    assert aegis2.zone == giant.zone and g2.cur(giant, "res") == 800


def test_bh95_immortal_survives_kill_and_salud_zero_but_not_pod_zero() -> None:
    """BH-95 Immortal: Kill and Salud 0 do not kill it; POD 0 does."""
    g = strategy_game(b("kalzar") + b("storm_roc"), b("bone_revenant"), '"death_word", "mind_spike"')
    rev = find(g, "bone_revenant")
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))
    g.apply(Action("target", (rev.uid,)))
    assert g.on_field(rev) and g.cll[1] == 0
    g.lose(rev, "salud", 1000, "test")
    assert g.on_field(rev) and g.cur(rev, "salud") == 0
    g.apply(Action("power", (uid(g, "mind_spike"), uid(g, "storm_roc"))))
    g.apply(Action("target", (rev.uid,)))  # POD 200 → 0
    assert rev.zone == "dead:1" and g.cll[1] == 2


def test_bh96_power_bond_power_attack_without_power_card() -> None:
    """BH-96 Power Bond: may power-attack with no power card executed or equipped."""
    g = strategy_game(b("sylpha") + b("storm_roc"), b("mountain_giant"), "", phase="combat")
    giant = uid(g, "mountain_giant")
    assert Action("pattack", (uid(g, "sylpha"), giant)) in g.legal_actions()
    assert Action("pattack", (uid(g, "storm_roc"), giant)) not in g.legal_actions()


def test_bh97_magic_resistance_takes_power_attacks_like_physical() -> None:
    """BH-97 Magic Resistance: a power attack is reduced by RES first."""
    g = strategy_game(b("sylpha"), b("thunder_knight"), "", phase="combat")
    tk = find(g, "thunder_knight")
    g.apply(Action("pattack", (uid(g, "sylpha"), tk.uid)))
    g.apply(Action("invest", ("all",)))  # 400 vs RES 400
    assert g.cur(tk, "res") == 0 and g.cur(tk, "salud") == 700


def test_bh98_intangible_unaffected_by_physical_attacks() -> None:
    """BH-98 Intangible: physical attacks cannot touch it; power attacks can."""
    g = strategy_game(b("sylpha"), b("wind_dancer"), "", phase="combat")
    wd = uid(g, "wind_dancer")
    assert Action("attack", (uid(g, "sylpha"), wd)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="Intangible"):
        g.apply(Action("attack", (uid(g, "sylpha"), wd)))
    assert Action("pattack", (uid(g, "sylpha"), wd)) in g.legal_actions()


def test_bh99_invisible_cannot_be_targeted_by_attacks_or_abilities() -> None:
    """BH-99 Invisible: no enemy attack, power or ability may choose it."""
    g = strategy_game(b("storm_roc"), b("veil_assassin") + b("ember_squire"), '"terrify"')
    va = uid(g, "veil_assassin")
    assert g.targets_for(0, find(g, "terrify")) == [uid(g, "ember_squire")]
    g.apply("next")
    assert not any(a.args[1] == va for a in g.legal_actions() if a.kind == "attack")
    with pytest.raises(IllegalAction, match="Invisible"):
        g.apply(Action("attack", (uid(g, "storm_roc"), va)))


def test_bh100_terror_on_entering_play_may_be_skipped() -> None:
    """BH-100 Terror X: when it enters play its controller may make an enemy being lose X VAL."""
    g = strategy_game("", b("ember_squire") + b("storm_roc"), '"magma_drake", "magma_drake"', cll=12)
    g.apply(Action("call", (uid(g, "magma_drake", zone="hand"),)))
    d = g.decision()
    assert (
        d.kind == "target"
        and d.context["optional"]
        and set(d.context["targets"])
        == {
            uid(g, "ember_squire"),
            uid(g, "storm_roc"),
        }
    )
    g.apply(Action("target", (uid(g, "ember_squire"),)))  # VAL 200 - 200 → flees
    assert find(g, "ember_squire").zone == "deserters:1"
    g.apply(Action("call", (uid(g, "magma_drake", zone="hand"),)))
    g.apply("skip")
    assert g.cur(find(g, "storm_roc"), "val") == 400


def test_bh101_eternal_cannot_be_killed_until_it_loses_its_name() -> None:
    """BH-101 Eternal: not killed, annihilated nor removed — unless the card loses its name."""
    g = strategy_game(b("kalzar") + b("ignaros"), b("vaelor"), '"death_word", "nameless_curse", "terrify"')
    v = find(g, "vaelor")
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))
    g.apply(Action("target", (v.uid,)))
    assert g.on_field(v) and g.cll[1] == 0
    g.lose(v, "salud", 5000, "test")
    g.lose(v, "val", 5000, "test")
    assert g.on_field(v)  # neither dies nor flees
    g.apply(Action("strategy", (uid(g, "nameless_curse"),)))
    g.apply(Action("target", (v.uid,)))
    assert v.zone == "dead:1" and g.cll[1] == 3  # Salud 0 now kills the demigod (+2 +1)
    assert any("loses its name" in e.text for e in g.log)


def test_bh102_immune_to_enemy_abilities_of_rank_up_to_x() -> None:
    """BH-102 Immune X: enemy abilities from cards of rank ≤ X do not affect it; higher ranks do."""
    g = strategy_game(
        b("kalzar") + b("storm_roc"),
        b("abyssal_leviathan") + b("ember_squire"),
        '"terrify", "war_cry", "death_word"',
    )
    lev = find(g, "abyssal_leviathan")
    terrify = find(g, "terrify")
    assert lev.uid not in g.targets_for(0, terrify)  # rank 2 ≤ Immune 4
    g.apply(Action("strategy", (uid(g, "war_cry"),)))  # rank 4: mass effect skips it
    assert g.cur(lev, "val") == 700
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))  # rank 6 > 4
    g.apply(Action("target", (lev.uid,)))
    assert lev.zone == "dead:1"


def test_bh102_immune_granted_by_an_object() -> None:
    """BH-102: Immune granted by the Amulet of Warding."""
    g = strategy_game(b("storm_roc"), b("mountain_giant", 'attached = ["amulet_of_warding"]'), '"terrify"')
    assert g.has(find(g, "mountain_giant"), "Immune") and g.targets_for(0, find(g, "terrify")) == []
