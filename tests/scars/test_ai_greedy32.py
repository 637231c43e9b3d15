"""Session 32: The Scars' greedy level judges its own turn where the turn ends (docs/ai.md, The
Scars). Each test is a position of a seeded game played by the scripted player on both sides,
where greedy's choice, played on to the end of the turn, ends it better than the scripted choice
— and, to show the position is a real test, the two choices differ."""

from __future__ import annotations

import pytest

from common.agents import make_agent
from common.game import Action
from scars.ai import ScriptedAgent
from scars.ai_search import finish_turn
from scars.game import ScarsGame

from .test_ai_levels import LETHAL


def scripted_position(seed: int, deck1: int, deck2: int, decisions: int) -> ScarsGame:
    """The game of `seed` with preset decks `deck1` and `deck2`, both seats scripted, once
    `decisions` decisions have been played."""
    decks = list(ScarsGame.preset_decks().values())
    g = ScarsGame.new_game(seed=seed, decks=[decks[deck1], decks[deck2]])
    agents = [ScriptedAgent(0), ScriptedAgent(1)]
    for _ in range(decisions):
        d = g.decision()
        assert d is not None
        g.apply(agents[d.player].choose(g))
    return g


def turn_end(g: ScarsGame, action: Action) -> ScarsGame:
    """A copy of `g` after `action`, played on by the scripted player to the end of the turn (the
    opponent's response windows passed)."""
    c = g.clone()
    c.apply(action)
    return finish_turn(c, g.active, ScriptedAgent(0))


def choices(g: ScarsGame, kind: str, seed: int = 0) -> tuple[Action, Action]:
    """(the scripted choice, greedy's choice) at P1's decision of `kind` in `g`."""
    d = g.decision()
    assert d is not None and d.kind == kind and d.player == 0
    return ScriptedAgent(0).choose(g), make_agent(ScarsGame, "greedy", seed).choose(g)


@pytest.mark.parametrize("seed", range(3))
def test_greedy_turns_a_unit_to_attack_for_the_lethal_blow(seed: int) -> None:
    """SC-50: in set-up a defense-position unit may turn to attack for 1 energy. Here P1's Stone
    Golem turned to attack makes the attack lethal this turn; the scripted player ends its set-up
    (it turns only units of attack 3+ with 3 energy to spare) and leaves P2 at 2 lives."""
    g = scripted_position(2, 2, 0, 89)
    scripted, greedy = choices(g, "setup", seed)
    assert greedy != scripted
    assert greedy.kind == "pos" and greedy.args[1] == "attack"
    assert turn_end(g, greedy).winner() == 0
    assert turn_end(g, scripted).winner() is None


@pytest.mark.parametrize("seed", range(3))
def test_greedy_attacks_the_unit_its_attack_kills(seed: int) -> None:
    """SC-63: P1's Pikeman attacks P2's Road Scout (in attack position) rather than the hero, as the
    scripted player does: the turn ends with fewer enemy units, and the enemy hero's lives and
    P1's units no worse than after the scripted attack at the hero (which takes no life here)."""
    g = scripted_position(2, 0, 2, 38)
    scripted, greedy = choices(g, "attack", seed)
    assert greedy != scripted
    assert greedy.kind == "attack" and greedy.args[1] != g.hero_uid(1)
    mine, theirs = turn_end(g, greedy), turn_end(g, scripted)
    assert len(mine.units(1)) < len(theirs.units(1))
    assert mine.lives(1) <= theirs.lives(1)
    assert len(mine.units(0)) >= len(theirs.units(0))


def test_greedy_spends_the_last_energy_on_an_equip_that_wins_a_fight() -> None:
    """SC-14: in the second recruitment the scripted player ends with energy unspent; greedy
    equips Iron Claws first, and the turn ends with fewer enemy units (and no fewer of its own)."""
    g = scripted_position(1, 1, 2, 48)
    scripted, greedy = choices(g, "recruit")
    assert scripted.kind == "done" and greedy.kind == "equip"
    mine, theirs = turn_end(g, greedy), turn_end(g, scripted)
    assert len(mine.units(1)) < len(theirs.units(1))
    assert len(mine.units(0)) >= len(theirs.units(0))


def test_greedy_takes_the_lethal_line_in_recruitment() -> None:
    """Greedy used to play the scripted choice in recruitment, which spends the energy on a
    Militia (test_ai_levels: the scripted level misses it); judged where the turn ends, the life
    moved to energy (SC-18) pays for the lethal Wildfire at the hero."""
    g = ScarsGame.new_game(seed=1, scenario=LETHAL)
    agent = make_agent(ScarsGame, "greedy", 5)
    for _ in range(4):
        d = g.decision()
        if g.is_over() or d is None or d.player != 0:
            break
        g.apply(agent.choose(g))
    assert g.winner() == 0
