"""Blunders of the scripted player found in seeded scripted-vs-scripted games, each fixed."""

from __future__ import annotations

from common.game import Action
from scars.ai import ScriptedAgent
from tests.scars.util import P, attack, block, hero, make, uid, until


def test_set_up_keeps_a_weak_shelterer_sheltering() -> None:
    """In set-up the scripted player pulls its weak units (attack 1 or less) back to defense
    position when the enemy threatens. A Shieldbearer Recruit (1/2) sheltering the Knight is in
    defense position already: "to defense" would only end its shelter (SC-50, SC-61), leaving the
    Knight alone against the enemy's Sellsword (3/2) — it used to do just that (89 times in 180
    games), often paying 1 energy to shelter again. Now it keeps sheltering; a Village Militia in
    attack position still goes back to defense."""
    g = make(
        P(
            energy=1,
            units=[
                {"card": "legion_knight", "position": "attack"},
                {"card": "legion_recruit", "shelter": 1},
            ],
        ),
        P("hero_nyx", units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="setup",
    )
    rec = uid(g, "legion_recruit")
    assert g.card(rec).shelter == uid(g, "legion_knight")
    assert Action("pos", (rec, "defense")) in g.legal_actions()
    choice = ScriptedAgent(0).choose(g)
    assert choice != Action("pos", (rec, "defense"))
    g.apply_legal(choice)
    assert g.card(rec).shelter == uid(g, "legion_knight")

    g = make(
        P(energy=1, units=[{"card": "n_militia", "position": "attack"}]),
        P("hero_nyx", units=[{"card": "n_mercenary", "position": "attack"}]),
        phase="setup",
    )
    assert ScriptedAgent(0).choose(g) == Action("pos", (uid(g, "n_militia"), "defense"))


def rally_window(attacker: str, blocker: str | None, lives: int = 12):
    """P1 (Aurelia, Rally the Ranks in hand, 2 energy) attacks P2's hero with `attacker`; P2
    blocks it with `blocker` (or not); P1 has its window after blocks (SC-15)."""
    g = make(
        P(energy=2, hand=["legion_rally"], units=[{"card": attacker, "position": "attack"}]),
        P("hero_nyx", lives=lives, units=[{"card": blocker, "position": "defense"}] if blocker else []),
        phase="attackers",
    )
    att = uid(g, attacker)
    attack(g, (att, hero(g, 2)))
    if blocker:
        until(g, lambda g: g.phase == "blockers" and g.decision().kind == "block")
        block(g, (uid(g, blocker), att))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0 and g.phase == "blockers", d
    return g


def test_the_scripted_ai_casts_rally_the_ranks_when_it_wins_a_fight_or_the_game() -> None:
    """Rally the Ranks (+1/+1 to your units until end of turn) was never cast by the scripted
    player (0 times in 90 games, held or set aside as a support). After blocks it now casts it
    when it turns a fight: the Pikeman (2/2) blocked by a Shieldbearer Recruit (1/2) kills it
    with 3 (2 is not lethal, SC-12); or when it makes the damage lethal: the unblocked Pikeman
    against a hero with 3 lives."""
    g = rally_window("legion_pikeman", "legion_recruit")
    assert ScriptedAgent(0).choose(g) == Action("cast", (uid(g, "legion_rally"),))
    g = rally_window("legion_pikeman", None, lives=3)
    assert ScriptedAgent(0).choose(g) == Action("cast", (uid(g, "legion_rally"),))


def test_the_scripted_ai_keeps_rally_the_ranks_when_it_changes_no_fight() -> None:
    """The Knight (3/3) blocked by a Stone Golem (2/6): +1/+1 kills nothing and saves nothing;
    the unblocked Pikeman against 12 lives is no lethal: it passes."""
    g = rally_window("legion_knight", "n_golem")
    assert ScriptedAgent(0).choose(g) == Action("pass")
    g = rally_window("legion_pikeman", None)
    assert ScriptedAgent(0).choose(g) == Action("pass")
