"""BHM territories, powers, objects, strategies, precedence, reactions, special beings and
invocations (BH-50..BH-74)."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, kinds, position, uid


def test_bh50_territories_destroy_one_enemy_territory_of_your_choice() -> None:
    """BH-50: playing a territory destroys one enemy territory (your choice of two); C.LL +1 to its owner;
    at most 2 territories each."""
    g = position(
        dict(cll=5, hand=["volcanic_caldera", "storm_spire", "ancient_forest"]),
        dict(territories=["sunken_temple", "ancient_forest"]),
        active=1,
    )
    g.apply(Action("territory", (uid(g, "volcanic_caldera"),)))
    d = g.decision()
    assert d.kind == "target" and len(d.context["targets"]) == 2
    forest = uid(g, "ancient_forest", owner=1)
    g.apply(Action("target", (forest,)))
    assert g.card(forest).zone == "dead:1" and g.cll[1] == 1
    g.apply(Action("territory", (uid(g, "storm_spire"),)))  # only one left: destroyed without a choice
    assert find(g, "sunken_temple").zone == "dead:1" and g.cll[1] == 2
    third = uid(g, "ancient_forest", owner=0)
    assert Action("territory", (third,)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="already hold 2 territories"):
        g.apply(Action("territory", (third,)))


def test_bh50_bh94_indestructible_territory_stays() -> None:
    """BH-50/BH-94: an Indestructible territory is not destroyed by an enemy territory."""
    g = position(dict(hand=["volcanic_caldera"]), dict(territories=["citadel_of_ages"]), active=1)
    g.apply(Action("territory", (uid(g, "volcanic_caldera"),)))
    assert find(g, "citadel_of_ages").zone == "territories:1" and g.cll[1] == 0


def test_territory_aura_and_grants_apply_to_own_beings_of_its_element() -> None:
    """BH-50: a territory's aura raises its element's beings (derived, base untouched)."""
    g = position(
        dict(
            territories=["volcanic_caldera", "storm_spire"],
            being=["ember_squire", "thunder_knight", "tide_sentinel"],
        ),
        dict(),
        active=1,
    )
    sq, tk, ts = find(g, "ember_squire"), find(g, "thunder_knight"), find(g, "tide_sentinel")
    assert g.cur(sq, "fue") == 300 and sq.d.fue == 200
    assert g.cur(ts, "fue") == 200
    assert g.has(tk, "Power Bond") and not g.has(ts, "Power Bond")


def test_bh55_power_ranks_per_turn_up_to_the_beings_rank() -> None:
    """BH-55: a power's rank is the minimum executor rank; ranks executed per turn add up to ≤ being rank."""
    g = position(
        dict(cll=5, hand=["fire_bolt", "fire_bolt", "terrify", "death_word"], being=["pyre_warlock"]),
        dict(being=["mountain_giant"]),
        active=1,
    )
    w = find(g, "pyre_warlock")
    dw = uid(g, "death_word")
    with pytest.raises(IllegalAction, match="Death Word is rank 6"):
        g.apply(Action("power", (dw, w.uid)))
    for _ in range(2):
        g.apply(Action("power", (uid(g, "fire_bolt", zone="hand"), w.uid)))
        g.apply(Action("target", (uid(g, "mountain_giant"),)))
    assert g.power_budget(w) == 1  # 5 - 2 - 2
    assert Action("power", (uid(g, "terrify"), w.uid)) not in g.legal_actions()


def test_bh56_equipped_power_channels_rank_and_allows_power_attacks_every_turn() -> None:
    """BH-56: an equipped power stays; the being may then execute only ranks ≤ its rank − the channelled
    rank; it may power-attack every turn."""
    g = position(
        dict(
            cll=5,
            hand=["arcane_channel", "fire_bolt", "terrify"],
            deck=["spark_imp", "spark_imp", "spark_imp"],
            being=["storm_roc"],
        ),
        dict(deck=["spark_imp", "spark_imp", "spark_imp"], being=["mountain_giant"]),
        active=1,
    )
    roc = find(g, "storm_roc")
    g.apply(Action("power", (uid(g, "arcane_channel"), roc.uid)))
    assert find(g, "arcane_channel").zone == roc.zone
    assert g.power_budget(roc) == 2 and g.cur(roc, "pod") == 500
    assert Action("power", (uid(g, "terrify"), roc.uid)) in g.legal_actions()
    end_turn(g)
    end_turn(g)
    assert g.active == 0 and find(g, "arcane_channel").zone == roc.zone  # still equipped
    g.apply("next")
    assert Action("pattack", (roc.uid, uid(g, "mountain_giant"))) in g.legal_actions()


def test_bh60_object_ranks_up_to_the_beings_rank() -> None:
    """BH-60: objects' ranks on a being add up to at most its rank."""
    g = position(dict(hand=["runed_greatsword", "tower_shield"], being=["flame_adept"]), dict(), active=1)
    fa = find(g, "flame_adept")
    g.apply(Action("equip", (uid(g, "runed_greatsword"), fa.uid)))
    assert g.cur(fa, "fue") == 400 and fa.d.fue == 100
    shield = uid(g, "tower_shield")
    assert Action("equip", (shield, fa.uid)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="room for object ranks up to 0"):
        g.apply(Action("equip", (shield, fa.uid)))


def test_bh65_strategy_is_shown_applied_and_sent_to_the_dead_zone() -> None:
    """BH-65: a strategy card resolves and goes to the dead zone."""
    g = position(dict(cll=4, hand=["war_cry"]), dict(being=["ember_squire", "tide_sentinel"]), active=1)
    g.apply(Action("strategy", (uid(g, "war_cry"),)))
    assert find(g, "war_cry").zone == "dead:0"
    assert find(g, "ember_squire").zone == "deserters:1"  # VAL 200 - 200
    assert g.cur(find(g, "tide_sentinel"), "val") == 100
    assert any("plays War Cry" in e.text for e in g.log)


def test_bh66_precedence_higher_rank_wins_then_the_latest() -> None:
    """BH-66: contradicting effects: the higher rank wins whatever the order; equal rank: the last one."""
    g = position(dict(cll=9, hand=["titan_form", "equalize"], being=["magma_drake"]), dict(), active=1)
    drake = find(g, "magma_drake")
    g.apply(Action("power", (uid(g, "titan_form"), drake.uid)))  # rank 6: FUE becomes 900
    g.apply(Action("target", (drake.uid,)))
    assert g.cur(drake, "fue") == 900
    g.apply(Action("strategy", (uid(g, "equalize"),)))  # rank 4: FUE becomes 100, played later
    g.apply(Action("target", (drake.uid,)))
    assert g.cur(drake, "fue") == 900  # the higher rank keeps precedence
    eq = find(g, "equalize")
    g.add_modifier(drake, "fue", 300, "set", eq.uid)  # another rank-4 set, later than equalize
    assert g.cur(drake, "fue") == 900
    tf = find(g, "titan_form")
    g.add_modifier(drake, "fue", 700, "set", tf.uid)  # equal rank 6, later: the last one wins
    assert g.cur(drake, "fue") == 700


def test_bh67_reaction_resolves_before_the_action_and_can_cancel_it() -> None:
    """BH-67: right after an attack is declared, the defender's Sidestep cancels it."""
    g = position(
        dict(cll=5, being=["storm_roc"]),
        dict(cll=2, hand=["sidestep", "war_cry"], being=["tide_sentinel"]),
        active=1,
        phase="combat",
    )
    ts = find(g, "tide_sentinel")
    g.apply(Action("attack", (uid(g, "storm_roc"), ts.uid)))
    d = g.decision()
    assert d.kind == "respond" and d.player == 1
    assert {a.kind for a in g.legal_actions()} == {"react", "pass"}
    g.apply(Action("react", (uid(g, "sidestep"),)))
    assert g.cur(ts, "salud") == 400 and g.cur(ts, "res") == 300
    assert find(g, "sidestep").zone == "dead:1"
    assert g.decision().kind == "combat" and g.decision().player == 0


def test_bh67_riposte_kills_the_attacker_first_so_the_attack_fizzles() -> None:
    """BH-67: the reaction resolves first: a Riposte that kills the attacker stops its attack."""
    g = position(
        dict(cll=5, being=["spark_imp"]),
        dict(cll=2, hand=["riposte"], being=[dict(card="ember_squire", res_lost=100)]),
        active=1,
        phase="combat",
    )
    sq = find(g, "ember_squire")
    g.apply(Action("attack", (uid(g, "spark_imp"), sq.uid)))
    g.apply(Action("react", (uid(g, "riposte"),)))
    assert find(g, "spark_imp").zone == "dead:0"
    assert g.cur(sq, "salud") == 300


def test_bh67_no_reaction_above_cll_and_pass_lets_the_action_resolve() -> None:
    """BH-67 with BH-11: a reaction needs rank ≤ C.LL; passing resolves the action."""
    g = position(
        dict(cll=5, hand=["fire_bolt"], being=["flame_adept"]),
        dict(cll=4, hand=["broken_seal"], being=["tide_sentinel"]),
        active=1,
    )
    ts = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (ts.uid,)))
    assert g.decision().kind == "respond"
    g.apply("pass")
    assert g.cur(ts, "salud") == 100
    g2 = position(
        dict(cll=5, hand=["fire_bolt"], being=["flame_adept"]),
        dict(cll=3, hand=["broken_seal"], being=["tide_sentinel"]),
        active=1,
    )
    g2.apply(Action("power", (uid(g2, "fire_bolt"), uid(g2, "flame_adept"))))
    g2.apply(Action("target", (uid(g2, "tide_sentinel"),)))
    assert g2.decision().kind == "turn"  # rank 4 > C.LL 3: no reaction window


def test_bh70_gods_extra_counter_point_and_attackable_only_with_salud() -> None:
    """BH-70: a killed god or demigod gives its controller 1 extra C.LL; a god without Salud cannot be
    attacked; gods with POD/FUE may attack."""
    g = position(
        dict(cll=9, hand=["death_word"], being=["kalzar"]), dict(being=["sylpha", "thalassa"]), active=1
    )
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "kalzar"))))
    g.apply(Action("target", (uid(g, "sylpha"),)))
    assert g.cll[1] == 3
    g.apply("next")
    assert not any(a.kind == "attack" and a.args[1] == uid(g, "thalassa") for a in g.legal_actions())
    g2 = position(dict(being=["ember_squire"]), dict(being=["thalassa"]), active=2, phase="combat")
    assert Action("attack", (uid(g2, "thalassa"), uid(g2, "ember_squire"))) in g2.legal_actions()


def test_bh71_celestial_entities_are_not_beings() -> None:
    """BH-71: effects naming beings skip entities; entities with Salud can be attacked; they do not count
    for numerical balance."""
    g = position(
        dict(cll=5, hand=["terrify"], being=["storm_roc"]),
        dict(being=["pale_watcher", "ember_squire"]),
        active=1,
    )
    pw = find(g, "pale_watcher")
    assert g.targets_for(0, find(g, "terrify")) == [uid(g, "ember_squire")]
    assert g.balance_count(1) == 1
    g.apply("next")
    assert Action("attack", (uid(g, "storm_roc"), pw.uid)) in g.legal_actions()


def test_bh72_killed_invocation_returns_face_down() -> None:
    """BH-72: a killed invocation goes back to its owner's invocation zone, hidden from the opponent."""
    g = position(dict(cll=5, being=["mountain_giant"]), dict(being=["salamander"]), active=1, phase="combat")
    sal = find(g, "salamander")
    g.apply(Action("attack", (uid(g, "mountain_giant"), sal.uid)))
    assert sal.zone == "invocations:1" and g.cll[1] == 2
    assert "cards" not in g.view(0)["players"][1]["invocations"]
    assert g.view(1)["players"][1]["invocations"]["cards"][0]["id"] == "salamander"


def test_bh73_bh74_invocation_points_and_invokers_cannot_attack() -> None:
    """BH-73: executing a power with an INVOKER on the field gives it power rank + its rank in points, once
    per turn; an invocation costs points ≥ its rank; unspent points vanish. BH-74: the invoker cannot attack."""
    g = position(
        dict(
            cll=5,
            hand=["inner_fire", "inner_fire"],
            invocations=["ifrit", "salamander", "thunderbird"],
            deck=["spark_imp", "spark_imp"],
            being=["mist_seer"],
        ),
        dict(deck=["spark_imp", "spark_imp"], being=["ember_squire"]),
        active=1,
    )
    seer = find(g, "mist_seer")
    assert "invoke" not in kinds(g)
    g.apply(Action("power", (uid(g, "inner_fire"), seer.uid)))
    assert seer.inv_points == 4  # rank 1 + rank 3
    g.apply(Action("power", (uid(g, "inner_fire", zone="hand"), seer.uid)))
    assert seer.inv_points == 4  # once per turn per invoker
    ifrit, sal, tb = uid(g, "ifrit"), uid(g, "salamander"), uid(g, "thunderbird")
    assert Action("invoke", (ifrit, seer.uid)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="has 4 invocation points; Ifrit needs 6"):
        g.apply(Action("invoke", (ifrit, seer.uid)))
    g.apply(Action("invoke", (sal, seer.uid)))
    assert g.on_field(g.card(sal)) and seer.inv_points == 2
    g.apply("next")
    assert not any(a.kind in ("attack", "pattack") and a.args[0] == seer.uid for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="made an invocation this turn"):
        g.apply(Action("attack", (seer.uid, uid(g, "ember_squire"))))
    end_turn(g)
    assert seer.inv_points == 0 and g.card(tb).zone == "invocations:0"


def test_bh82_copy_limits_by_rarity() -> None:
    """BH-82: 2 copies normally, 1 for LEGENDARY/UNIQUE/EPIC/ENTITY/PRIMORDIAL, 3 for ORDINARY/BASIC."""
    from bhm.game import BhmGame
    from common.errors import DataError

    base = dict(next(iter(BhmGame.preset_decks().values()))["cards"])
    for cid, n, ok in (
        ("ember_squire", 3, True),  # ORDINARY
        ("ember_squire", 4, False),
        ("flame_adept", 2, True),  # COMMON
        ("flame_adept", 3, False),
        ("storm_archmage", 2, False),  # LEGENDARY
        ("ignaros", 2, False),  # UNIQUE
        ("sylpha", 2, False),  # EPIC
        ("pale_watcher", 2, False),  # ENTITY
    ):
        cards = dict(base)
        cards[cid] = n
        deck = {"name": "t", "header": {}, "cards": cards}
        if ok:
            BhmGame.check_deck(deck)
        else:
            with pytest.raises(DataError, match="at most"):
                BhmGame.check_deck(deck)


def test_bh66_set_on_an_enemy_lasts_through_their_turn() -> None:
    """BH-66 (Equalize): an enemy's FUE set to 100 lasts until the caster's next turn, then the base returns."""
    g = position(
        dict(cll=4, hand=["equalize"], deck=["spark_imp", "spark_imp"]),
        dict(deck=["spark_imp", "spark_imp"], being=["mountain_giant"]),
        active=1,
        armageddon="off",
    )
    giant = find(g, "mountain_giant")
    g.apply(Action("strategy", (uid(g, "equalize"),)))
    g.apply(Action("target", (giant.uid,)))
    end_turn(g)
    assert g.active == 1 and g.cur(giant, "fue") == 100
    end_turn(g)
    assert g.active == 0 and g.cur(giant, "fue") == 700
