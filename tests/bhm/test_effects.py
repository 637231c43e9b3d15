"""Every card effect of bhm/effects.py does what its card text says (BH-65 strategies, BH-67 reactions,
beings' own abilities)."""

from __future__ import annotations

from common.game import Action

from .helpers import b, end_turn, find, game_from, kinds, uid


def g_with(
    hand: str,
    mine: str = "",
    theirs: str = "",
    their_hand: str = "",
    cll: int = 10,
    their_cll: int = 10,
    phase: str = "strategy1",
    dead: str = "",
):
    return game_from(
        f"""
[state]
active = 1
phase = "{phase}"
armageddon = "off"
[[player]]
cll = {cll}
hand = [{hand}]
dead = [{dead}]
deck = ["spark_imp", "spark_imp", "spark_imp", "spark_imp"]
{mine}
[[player]]
cll = {their_cll}
hand = [{their_hand}]
deck = ["spark_imp", "spark_imp", "spark_imp", "spark_imp"]
{theirs}
"""
    )


def test_quake_war_cry_and_rally() -> None:
    """Mass strategies hit every enemy being (not entities); Forced March gives VAL back."""
    g = g_with('"earthquake"', b("war_herald", "val_lost = 200"), b("stone_golem") + b("pale_watcher"))
    g.apply(Action("strategy", (uid(g, "earthquake"),)))
    assert g.cur(find(g, "stone_golem"), "res") == 300 and g.cur(find(g, "pale_watcher"), "res") == 300
    herald = find(g, "war_herald")
    g.apply(Action("ability", (herald.uid,)))  # War Herald's rally
    assert herald.val_lost == 0 and "ability" not in kinds(g)


def test_heal_and_raise_dead_and_draw() -> None:
    g = g_with('"second_wind", "call_of_ancestors"', b("stone_golem", "wounds = 500"), dead='"storm_roc"')
    golem = find(g, "stone_golem")
    g.apply(Action("strategy", (uid(g, "second_wind"),)))
    g.apply(Action("target", (golem.uid,)))
    assert golem.wounds == 100
    g.apply("next")
    g.apply("next")
    g.apply(Action("strategy", (uid(g, "call_of_ancestors"),)))
    g.apply(Action("target", (uid(g, "storm_roc"),)))
    assert find(g, "storm_roc").zone == "hand:0"


def test_calm_lowers_own_counter() -> None:
    g = g_with('"truce"', cll=9)
    g.apply(Action("strategy", (uid(g, "truce"),)))
    assert g.cll[0] == 6


def test_veil_makes_own_being_invisible_until_next_turn() -> None:
    g = g_with('"vanish"', b("storm_roc"), b("mountain_giant"))
    roc = find(g, "storm_roc")
    g.apply(Action("strategy", (uid(g, "vanish"),)))
    g.apply(Action("target", (roc.uid,)))
    end_turn(g)
    assert g.has(roc, "Invisible") and g.balance_count(0) == 0
    g.apply("next")
    assert not any(a.kind == "attack" and a.args[1] == roc.uid for a in g.legal_actions())
    end_turn(g)
    assert not g.has(roc, "Invisible")


def test_empower_and_buff_last_until_end_of_turn() -> None:
    g = g_with('"battle_trance"', b("storm_roc"))
    roc = find(g, "storm_roc")
    g.apply(Action("power", (uid(g, "battle_trance"), roc.uid)))
    assert g.cur(roc, "fue") == 800
    end_turn(g)
    assert g.cur(roc, "fue") == 500


def test_reaction_cancel_power_and_cancel_strategy() -> None:
    """BH-67: Broken Seal cancels a power card, Mirror Edict a strategy; both go to the dead zone."""
    g = g_with('"fire_bolt", "ambush"', b("flame_adept"), b("tide_sentinel"), '"broken_seal", "mirror_edict"')
    ts = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (ts.uid,)))
    assert {a.args[0] for a in g.legal_actions() if a.kind == "react"} == {uid(g, "broken_seal")}
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    assert find(g, "fire_bolt").zone == "dead:0" and g.cur(ts, "salud") == 400
    assert g.power_budget(find(g, "flame_adept")) == 1  # the cancelled power's rank stays spent
    g.apply(Action("strategy", (uid(g, "ambush"),)))
    g.apply(Action("target", (ts.uid,)))
    g.apply(Action("react", (uid(g, "mirror_edict"),)))
    assert find(g, "ambush").zone == "dead:0" and g.cur(ts, "salud") == 400


def test_reaction_steel_and_smoke() -> None:
    """BH-67: Iron Will raises RES before the attack lands; Smoke Bomb makes the attack lose its target."""
    g = g_with(
        "",
        b("storm_roc") + b("mountain_giant"),
        b("tide_sentinel") + b("ember_squire"),
        '"iron_will", "smoke_bomb"',
        phase="combat",
    )
    ts, sq = find(g, "tide_sentinel"), find(g, "ember_squire")
    g.apply(Action("attack", (uid(g, "storm_roc"), ts.uid)))  # 500 vs RES 300+200
    g.apply(Action("react", (uid(g, "iron_will"),)))
    # P2 still holds Smoke Bomb: after P1 passes (automatically: no reaction), P2 has priority again
    assert g.decision().kind == "respond" and g.decision().player == 1  # type: ignore[union-attr]
    g.apply("pass")  # both passed in a row: Iron Will resolves (RES 300+200)
    assert g.cur(ts, "res") == 500 and g.cur(ts, "salud") == 400
    # the attack, next one down, gets its own window: P2 may still answer it with Smoke Bomb
    assert g.decision().kind == "respond" and g.decision().player == 1  # type: ignore[union-attr]
    g.apply("pass")
    assert g.cur(ts, "salud") == 400 and g.cur(ts, "res") == 0
    g.apply(Action("attack", (uid(g, "mountain_giant"), sq.uid)))
    g.apply(Action("react", (uid(g, "smoke_bomb"),)))
    assert g.on_field(sq) and g.cur(sq, "salud") == 300 and g.has(sq, "Invisible")
    assert any("no effect" in e.text for e in g.log)


def test_reaction_foresight_answers_any_action() -> None:
    g = g_with('"ember_squire"', their_hand='"foresight"', their_cll=0)
    g.apply(Action("call", (uid(g, "ember_squire"),)))
    assert g.decision().kind == "respond"
    g.apply(Action("react", (uid(g, "foresight"),)))
    assert len(g.zones["hand:1"]) == 1 and g.on_field(find(g, "ember_squire"))


def test_being_ability_once_per_turn_and_drain() -> None:
    """A being's own ability: once per turn; Storm Archmage drains 200 POD (a POD 200 imp dies, BH-33)."""
    g = g_with("", b("storm_archmage"), b("spark_imp"))
    arch = find(g, "storm_archmage")
    g.apply(Action("ability", (arch.uid,)))
    g.apply(Action("target", (uid(g, "spark_imp"),)))
    assert find(g, "spark_imp").zone == "dead:1"
    assert Action("ability", (arch.uid,)) not in g.legal_actions()


def test_view_shows_the_pending_action_to_the_reacting_player() -> None:
    g = g_with("", b("storm_roc"), b("tide_sentinel"), '"sidestep"', phase="combat")
    g.apply(Action("attack", (uid(g, "storm_roc"), uid(g, "tide_sentinel"))))
    v = g.view(1)
    assert v["decision"]["kind"] == "respond" and "Storm Roc attacks Tide Sentinel" in v["pending"]
    assert v["decision"]["context"]["target"] == uid(g, "tide_sentinel")
