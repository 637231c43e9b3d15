"""BH-67 on the kernel Stack: reactions are actions, so they can be answered; the stack resolves last
in, first out once both players pass in a row; a cancelled action's reactions fizzle."""

from __future__ import annotations

from pathlib import Path

import pytest

from bhm.ai import ScriptedAgent
from bhm.game import BhmGame
from common.errors import IllegalAction
from common.game import Action

from .helpers import find, position, uid

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "bhm"


def chain_game() -> BhmGame:
    return BhmGame.new_game(seed=1, scenario=(SCENARIOS / "reaction_chain.toml").read_text(encoding="utf-8"))


def log_index(g: BhmGame, needle: str) -> int:
    for i, e in enumerate(g.log):
        if needle in e.text:
            return i
    raise AssertionError(f"no log line with {needle!r}")


def build_chain(g: BhmGame) -> None:
    """Fire Bolt (P1) ← Broken Seal (P2) ← Mirror Edict (P1): three entries on the stack."""
    ts = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (ts.uid,)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0, "P1 may answer the reaction"
    assert d.context["pending"][0] == "react" and d.context["entry"] == 1
    g.apply(Action("react", (uid(g, "mirror_edict"),)))


def test_bh67_scenario_a_reaction_answered_by_a_reaction_resolves_last_in_first_out() -> None:
    """BH-67 (scenario tests/scenarios/bhm/reaction_chain.toml): Mirror Edict, played last, resolves
    first and cancels Broken Seal, which resolves to nothing; then Fire Bolt, played first, hits."""
    g = chain_game()
    ts = find(g, "tide_sentinel")
    build_chain(g)
    # nobody holds another reaction: both pass automatically and the whole stack resolves
    assert len(g.stack) == 0 and g.decision().kind == "turn"  # type: ignore[union-attr]
    cancel = log_index(g, "Mirror Edict cancels reaction Broken Seal")
    seal = log_index(g, "P2's reaction Broken Seal has no effect: cancelled")
    bolt = log_index(g, "Tide Sentinel loses 300 Salud")
    assert cancel < seal < bolt  # last in, first out
    assert g.cur(ts, "salud") == 100
    for cid in ("broken_seal", "mirror_edict"):
        assert find(g, cid).zone.startswith("dead:")
    assert find(g, "fire_bolt").zone.startswith("slot:0:")  # executed: attached until the final phase


def test_bh67_the_stack_in_the_view_bottom_to_top() -> None:
    """BH-67: view()["stack"] lists the waiting entries bottom to top; "pending" names the top."""
    g = chain_game()
    ts = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (ts.uid,)))
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    v = g.view(0)
    st = v["stack"]
    assert [e["controller"] for e in st] == [0, 1]
    assert [e["kind"] for e in st] == ["power", "react"]
    assert st[0]["card"]["id"] == "fire_bolt" and st[1]["card"]["id"] == "broken_seal"
    assert st[1]["answers"] == 0 and st[0]["answers"] is None
    assert "Flame Adept executes Fire Bolt on Tide Sentinel" in st[0]["text"]
    assert v["pending"] == "P2's reaction Broken Seal"
    assert v["decision"]["kind"] == "respond" and v["decision"]["player"] == 0
    assert BhmGame.view(g, 1)["stack"] == st  # both seats see the stack (played cards are public)


def test_bh67_both_players_must_pass_in_a_row_before_the_top_resolves() -> None:
    """BH-67: one pass does not resolve the top; the other player may still react, and a reaction
    resets the passes; each entry down the stack gets its own window."""
    g = position(
        dict(cll=5, hand=["smoke_bomb"], being=["storm_roc"]),
        dict(cll=5, hand=["riposte", "iron_will"], being=["tide_sentinel"]),
        active=1,
        phase="combat",
        armageddon="off",
    )
    roc, ts = find(g, "storm_roc"), find(g, "tide_sentinel")
    g.apply(Action("attack", (roc.uid, ts.uid)))
    g.apply(Action("react", (uid(g, "riposte"),)))  # P2: the attacker loses 200 Salud first
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0  # Smoke Bomb answers the Riposte
    g.apply("pass")  # P1 passes once
    assert g.stack.passes == 1 and len(g.stack) == 2
    assert g.cur(roc, "salud") == 600, "one pass is not enough: the Riposte has not resolved"
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1  # P2 may still add Iron Will
    g.apply(Action("react", (uid(g, "iron_will"),)))  # a reaction: the passes start again
    # P1 cannot answer Iron Will (it protects P2's being) and P2 has nothing left: Iron Will resolves
    assert len(g.stack) == 2 and g.cur(ts, "res") == 500 and g.cur(roc, "salud") == 600
    # the Riposte, next one down, gets its own window: P1 (active) may answer it now
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0
    g.apply(Action("react", (uid(g, "smoke_bomb"),)))
    assert len(g.stack) == 0
    assert g.has(roc, "Invisible") and g.cur(roc, "salud") == 600  # the Riposte lost its target
    assert "Riposte has no effect: Storm Roc is Invisible" in [e.text for e in g.log]
    assert g.cur(ts, "res") == 0 and g.cur(ts, "salud") == 400  # 500 FUE against RES 500


def test_bh67_a_cancelled_actions_reactions_fizzle() -> None:
    """BH-67: P2 answers an attack with Riposte, then (priority back after P1's pass) with Sidestep;
    Sidestep resolves first and cancels the attack, so the Riposte answering it resolves to nothing."""
    g = position(
        dict(cll=5, being=["storm_roc"]),
        dict(cll=5, hand=["riposte", "sidestep"], being=["tide_sentinel"]),
        active=1,
        phase="combat",
        armageddon="off",
    )
    roc, ts = find(g, "storm_roc"), find(g, "tide_sentinel")
    g.apply(Action("attack", (roc.uid, ts.uid)))
    g.apply(Action("react", (uid(g, "riposte"),)))
    d = g.decision()  # P1 has nothing: passed automatically; P2 has priority again
    assert d is not None and d.kind == "respond" and d.player == 1 and d.context["entry"] == 0
    g.apply(Action("react", (uid(g, "sidestep"),)))
    assert len(g.stack) == 0 and g.decision().kind == "combat"  # type: ignore[union-attr]
    texts = [e.text for e in g.log]
    i_cancel = texts.index("Sidestep cancels Storm Roc attacks Tide Sentinel (physical)")
    i_rip = texts.index(
        "P2's reaction Riposte on Storm Roc has no effect: "
        "Storm Roc attacks Tide Sentinel (physical), the action it answers, was cancelled"
    )
    i_att = texts.index("Storm Roc attacks Tide Sentinel (physical) has no effect: cancelled")
    assert i_cancel < i_rip < i_att
    assert g.cur(roc, "salud") == 600 and g.cur(ts, "salud") == 400 and g.cur(ts, "res") == 300
    assert find(g, "riposte").zone == "dead:1" and find(g, "sidestep").zone == "dead:1"


def test_bh67_no_reaction_to_your_own_action_and_no_window_without_a_playable_reaction() -> None:
    """BH-67 rulings: a reaction answers an enemy action only (Foresight does not answer your own
    attack); a player holding no reaction they may play is not asked."""
    g = position(
        dict(cll=5, hand=["foresight"], being=["storm_roc"]),
        dict(cll=0, hand=["sidestep"], being=["tide_sentinel"]),
        active=1,
        phase="combat",
    )
    ts = find(g, "tide_sentinel")
    g.apply(Action("attack", (uid(g, "storm_roc"), ts.uid)))
    # P2's Sidestep is rank 1 > C.LL 0: no window for P2; P1's Foresight cannot answer P1's own attack
    assert g.decision().kind == "combat" and len(g.stack) == 0  # type: ignore[union-attr]
    assert g.cur(ts, "res") == 0 and g.cur(ts, "salud") == 200
    assert find(g, "foresight").zone == "hand:0"


def test_bh67_refusals_on_the_stack_leave_the_state_unchanged() -> None:
    """BH-67: a reaction answers the most recent enemy action on the stack; one that does not answer
    it is refused with a reason and no change."""
    g = position(
        dict(cll=5, hand=["sidestep", "foresight"], being=["storm_roc"]),
        dict(cll=5, hand=["riposte"], being=["tide_sentinel"]),
        active=1,
        phase="combat",
    )
    g.apply(Action("attack", (uid(g, "storm_roc"), uid(g, "tide_sentinel"))))
    g.apply(Action("react", (uid(g, "riposte"),)))
    d = g.decision()
    assert d is not None and d.player == 0 and d.kind == "respond"  # Foresight answers the Riposte
    assert {a.args[0] for a in g.legal_actions() if a.kind == "react"} == {uid(g, "foresight")}
    h = g.state_hash()
    with pytest.raises(IllegalAction, match="Sidestep does not answer reaction Riposte on Storm Roc"):
        g.apply(Action("react", (uid(g, "sidestep"),)))
    assert g.state_hash() == h


def test_bh67_clone_hash_and_save_load_in_the_middle_of_a_stack() -> None:
    """BH-67: the stack is part of the state: clone and save/load keep it (same hash), and both
    copies go on identically."""
    g = chain_game()
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (uid(g, "tide_sentinel"),)))
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    twin = g.clone()
    loaded = BhmGame.from_json(g.to_json())
    assert twin.state_hash() == g.state_hash() == loaded.state_hash()
    assert len(twin.stack) == len(loaded.stack) == 2
    for x in (g, twin, loaded):
        x.apply("pass")
    assert twin.state_hash() == g.state_hash() == loaded.state_hash()
    assert len(g.stack) == 0 and find(g, "fire_bolt").zone == "dead:0"  # Broken Seal cancelled it


def test_bh67_the_ai_answers_a_reaction_that_cancels_its_action() -> None:
    """BH-67: the scripted AI answers Broken Seal (cancelling its Fire Bolt) with Mirror Edict."""
    g = chain_game()
    g.apply(Action("power", (uid(g, "fire_bolt"), uid(g, "flame_adept"))))
    g.apply(Action("target", (uid(g, "tide_sentinel"),)))
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    assert ScriptedAgent(1).choose(g) == Action("react", (uid(g, "mirror_edict"),))
