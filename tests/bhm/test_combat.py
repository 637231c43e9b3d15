"""BHM attacks and attributes (BH-30..BH-37, BH-40..BH-42)."""

from __future__ import annotations

import pytest

from bhm.cards import ELEMENTS, card_pool
from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, game_from, kinds, position, uid

DUEL = """
[state]
active = 1
phase = "combat"
[[player]]
cll = 5
{mine}
[[player]]
cll = 5
{theirs}
"""


def duel(mine: str, theirs: str, **kw: object) -> object:
    return game_from(DUEL.format(mine=mine, theirs=theirs), **kw)  # type: ignore[arg-type]


def being(cid: str, extra: str = "") -> str:
    return f'[[player.being]]\ncard = "{cid}"\n{extra}'


def test_bh30_physical_attack_reduces_res_then_salud() -> None:
    """BH-30: FUE reduces RES; only the excess over RES is taken from Salud."""
    g = duel(being("storm_roc") + being("ember_squire"), being("tide_sentinel"))
    roc, sq, ts = find(g, "storm_roc"), find(g, "ember_squire"), find(g, "tide_sentinel")  # type: ignore[arg-type]
    g.apply(Action("attack", (sq.uid, ts.uid)))  # FUE 200 vs RES 300: RES → 100, no Salud lost
    assert g.cur(ts, "res") == 100 and g.cur(ts, "salud") == 400
    g.apply(Action("attack", (roc.uid, ts.uid)))  # FUE 500 vs RES 100: 400 to Salud → dead
    assert ts.zone == "dead:1"


def test_bh30_physical_attack_needs_fue() -> None:
    """BH-30: a being without FUE cannot attack physically."""
    g = duel(being("pale_watcher"), being("tide_sentinel"))
    w, t = uid(g, "pale_watcher"), uid(g, "tide_sentinel")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="has no FUE"):
        g.apply(Action("attack", (w, t)))  # type: ignore[attr-defined]


def test_bh31_power_attack_hits_salud_directly_and_needs_a_power() -> None:
    """BH-31: POD goes straight to Salud; only after executing a power card (or equipped/Power Bond)."""
    g = position(
        dict(cll=5, hand=["inner_fire"], being=["flame_adept"]), dict(being=["stone_golem"]), active=1
    )
    fa, sg = uid(g, "flame_adept"), uid(g, "stone_golem")
    g.apply("next")
    with pytest.raises(IllegalAction, match="executed no power card"):
        g.apply(Action("pattack", (fa, sg)))
    g2 = position(
        dict(cll=5, hand=["inner_fire"], being=["flame_adept"]), dict(being=["stone_golem"]), active=1
    )
    fa, sg = uid(g2, "flame_adept"), uid(g2, "stone_golem")
    g2.apply(Action("power", (uid(g2, "inner_fire"), fa)))  # POD 400 + 200
    g2.apply("next")
    g2.apply(Action("pattack", (fa, sg)))
    g2.apply(Action("invest", ("all",)))
    golem = g2.card(sg)
    assert g2.cur(golem, "salud") == 100 and g2.cur(golem, "res") == 600  # RES untouched
    # one power attack per being per turn (BH-31, BH-35)
    assert not any(a.kind in ("pattack", "attack") and a.args[0] == fa for a in g2.legal_actions())


def test_bh32_investing_part_or_all_of_pod() -> None:
    """BH-32: investing less reduces POD by that much; investing all leaves POD 1 until the end of the turn."""
    g = duel(being("pyre_warlock"), being("mountain_giant"))
    w, mg = find(g, "pyre_warlock"), find(g, "mountain_giant")  # type: ignore[arg-type]
    g.apply(Action("pattack", (w.uid, mg.uid)))
    d = g.decision()
    assert d.kind == "invest"
    assert {a.args[0] for a in g.legal_actions()} == {100, 200, 300, 400, "all"}
    g.apply(Action("invest", (300,)))
    assert g.cur(w, "pod") == 200 and g.cur(mg, "salud") == 700


def test_bh33_pod_zero_kills_and_a_being_without_pod_is_not_affected() -> None:
    """BH-33: POD 0 kills (C.LL +2); a being lacking POD cannot be drained to death."""
    g = position(
        dict(cll=5, hand=["mind_spike", "mind_spike"], being=["storm_roc", "flame_adept"]),
        dict(being=["spark_imp", "stone_golem"]),
        active=1,
    )
    imp = find(g, "spark_imp")
    g.apply(Action("power", (uid(g, "mind_spike"), uid(g, "storm_roc"))))
    g.apply(Action("target", (imp.uid,)))  # POD 200 - 200 = 0
    assert imp.zone == "dead:1" and g.cll[1] == 2
    golem = find(g, "stone_golem")
    assert g.stat(golem, "pod") is None
    g.lose(golem, "pod", 500, "test")
    assert g.on_field(golem)


def test_bh33_pod_zero_loses_all_abilities() -> None:
    """BH-33: a being whose POD reaches 0 loses its abilities (card says it survives): Intangible is gone."""
    g = duel(being("storm_roc"), being("hollow_wraith", "pod_spent = 300"))
    wr = find(g, "hollow_wraith")
    assert g.on_field(wr) and g.cur(wr, "pod") == 0
    assert g.keywords(wr) == [] and not g.has(wr, "Intangible")
    assert Action("attack", (uid(g, "storm_roc"), wr.uid)) in g.legal_actions()  # type: ignore[attr-defined]


def test_bh34_attacks_on_one_target_accumulate_in_order() -> None:
    """BH-34: the second attack meets the RES the first one left."""
    g = duel(being("ember_squire") + being("ember_squire"), being("stone_golem"))
    s1, s2 = uid(g, "ember_squire"), uid(g, "ember_squire", nth=1)
    golem = find(g, "stone_golem")
    g.apply(Action("attack", (s1, golem.uid)))
    g.apply(Action("attack", (s2, golem.uid)))
    assert g.cur(golem, "res") == 200 and g.cur(golem, "salud") == 700
    messages = [e.text for e in g.log if e.kind == "hit"]
    assert messages[-2].endswith("RES 600 → 400 (RES only)") and messages[-1].endswith(
        "RES 400 → 200 (RES only)"
    )


def test_bh35_one_attack_per_being_per_turn() -> None:
    """BH-35: after one attack (physical or power) a being declares no other."""
    g = duel(being("sylpha"), being("tide_sentinel") + being("ember_squire"))
    sy = uid(g, "sylpha")
    g.apply(Action("attack", (sy, uid(g, "tide_sentinel"))))
    assert not any(a.args and a.args[0] == sy for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="already attacked"):
        g.apply(Action("pattack", (sy, uid(g, "ember_squire"))))


def test_bh36_any_enemy_with_salud_can_be_attacked_but_not_players() -> None:
    """BH-36: every enemy being with Salud is a target; there are no attacks on players."""
    g = duel(being("storm_roc"), being("tide_sentinel") + being("thalassa") + being("pale_watcher"))
    targets = {a.args[1] for a in g.legal_actions() if a.kind == "attack"}
    assert targets == {uid(g, "tide_sentinel"), uid(g, "pale_watcher")}
    with pytest.raises(IllegalAction, match="no Salud"):
        g.apply(Action("attack", (uid(g, "storm_roc"), uid(g, "thalassa"))))


def test_bh37_flee_then_return_with_val_restored_then_flee_again_to_deck() -> None:
    """BH-37: VAL 0 → deserters (+1), back in its controller's initial phase with VAL restored; fleeing
    again after returning sends it to the deck."""
    g = position(
        dict(
            cll=5,
            hand=["terrify", "terrify"],
            deck=["spark_imp", "spark_imp", "spark_imp"],
            being=["storm_roc"],
        ),
        dict(cll=0, deck=["spark_imp", "spark_imp", "spark_imp"], being=["tide_sentinel", "ember_squire"]),
        active=1,
        armageddon="off",
    )
    ts = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "terrify"), uid(g, "storm_roc"))))
    g.apply(Action("target", (ts.uid,)))
    assert ts.zone == "deserters:1" and g.cll[1] == 1
    assert g.view(0)["players"][1]["deserters"][0]["flags"]["fled"]
    g.apply("next")
    assert all(a.args[1] != ts.uid for a in g.legal_actions() if a.kind in ("attack", "pattack"))
    end_turn(g)
    assert g.active == 1 and g.on_field(ts) and ts.zone == "slot:1:0"
    assert g.cur(ts, "val") == 300 and ts.returned
    end_turn(g)  # P1's turn again: the returned flag lasts until P2's next initial phase
    assert ts.returned
    g.apply(Action("power", (uid(g, "terrify", zone="hand"), uid(g, "storm_roc"))))
    g.apply(Action("target", (ts.uid,)))
    assert ts.zone == "deck:1"
    assert any("flees again" in e.text for e in g.log)


def test_bh40_pod_restored_and_power_cost_above_pod_refused() -> None:
    """BH-40: spent POD comes back at the end of the turn; a power needing more POD than the being has
    cannot be executed by it."""
    g = position(
        dict(cll=9, hand=["oblivion"], being=[dict(card="vaelor", pod_spent=200)]),
        dict(being=["tide_sentinel"]),
        active=1,
    )
    v = find(g, "vaelor")
    ob = uid(g, "oblivion")
    assert Action("power", (ob, v.uid)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="consumes 300 POD; Vaelor, Undying Warden has 200"):
        g.apply(Action("power", (ob, v.uid)))
    end_turn(g)
    assert g.cur(v, "pod") == 400


def test_bh41_res_restored_each_turn_val_is_not() -> None:
    """BH-41: RES comes back at the end of every turn; lost VAL stays until the being returns from fleeing."""
    g = duel(being("storm_roc"), being("stone_golem", "val_lost = 100"))
    golem = find(g, "stone_golem")
    g.apply(Action("attack", (uid(g, "storm_roc"), golem.uid)))
    assert g.cur(golem, "res") == 100
    end_turn(g)
    assert g.cur(golem, "res") == 600 and g.cur(golem, "val") == 300


def test_bh42_base_types_and_the_five_elements() -> None:
    """BH-42: types (beings with classes, invocation, strategy, power, territory, object) and elements."""
    pool = card_pool()
    assert {d.element for d in pool.values()} == set(ELEMENTS)
    assert {d.type for d in pool.values()} >= {
        "being",
        "invocation",
        "strategy",
        "power",
        "territory",
        "object",
    }
    assert all(d.classes for d in pool.values() if d.type == "being")
    g = duel(being("storm_roc"), being("tide_sentinel"))
    v = g.view(0)["players"][0]["zones"][0]["being"]
    assert v["element"] == "AIR" and v["classes"] == ["BEAST"] and v["type"] == "being"
    assert "attack" in kinds(g)


def test_bh37_a_fled_beings_zone_and_attachments_wait_for_it() -> None:
    """BH-37: while a being is in the deserters zone its being zone stays reserved, its objects stay there
    and cannot be moved to another being; it comes back to them."""
    g = position(
        dict(
            cll=3,
            hand=["ember_squire"],
            deck=["spark_imp", "spark_imp"],
            being=[
                dict(card="storm_roc", fled=True, attached=["iron_sword"]),
                dict(card="mountain_giant", zone=1),
            ],
        ),
        dict(deck=["spark_imp", "spark_imp"]),
        active=2,
        phase="strategy2",
    )
    roc = find(g, "storm_roc")
    assert roc.zone == "deserters:0" and g.free_slot(0) == "slot:0:2"
    assert g.view(0)["players"][0]["zones"][0]["reserved_for"] == roc.uid
    assert g.view(0)["players"][0]["zones"][0]["attached"][0]["id"] == "iron_sword"
    end_turn(g)
    assert g.active == 0 and roc.zone == "slot:0:0" and g.cur(roc, "fue") == 600
    assert not any(a.kind == "equip" for a in g.legal_actions())


def test_bh32_bad_investment_is_refused_with_the_choices() -> None:
    """BH-32: only the offered investments are accepted; the refusal lists them."""
    g = duel(being("pyre_warlock"), being("ember_squire"))
    g.apply(Action("pattack", (uid(g, "pyre_warlock"), uid(g, "ember_squire"))))
    h = g.state_hash()
    with pytest.raises(IllegalAction, match=r"invest one of 100, 200, 300, 400, all"):
        g.apply("invest 250")
    assert g.state_hash() == h
