"""The scripted opponent: beats random play, decides fast, sees only its seat's information."""

from __future__ import annotations

import time

import pytest

from common.agents import RandomAgent, make_agent
from common.game import Action
from common.sim import play_game, simulate
from hotg.ai import ScriptedAgent, evaluate
from hotg.game import HotgGame

from .helpers import at, make, u


def test_scripted_beats_random_in_20_games() -> None:
    report = simulate(HotgGame, "scripted", "random", games=20, seed=1)
    assert report.wins[0] >= 18, report.to_json()


@pytest.mark.slow
def test_scripted_beats_random_95_percent_of_200_games() -> None:
    report = simulate(HotgGame, "scripted", "random", games=200, seed=1)
    assert report.wins[0] >= 190, report.to_json()


def test_decisions_are_fast() -> None:
    g = HotgGame.new_game(seed=11)
    agents = [ScriptedAgent(1), RandomAgent(2)]
    worst = 0.0
    n = 0
    while not g.is_over() and n < 400:
        d = g.decision()
        assert d is not None
        t = time.perf_counter()
        a = agents[d.player].choose(g)
        if d.player == 0:
            worst = max(worst, time.perf_counter() - t)
        g.apply(a)
        n += 1
    assert worst < 0.5  # generous on a loaded CI box; typical decisions take a few ms


def test_takes_a_lethal_attack_on_the_stone() -> None:
    g = make([u("fenrir", "2,7"), u("legionary", "0,3", 2)], p2={"stone": 5})
    a = ScriptedAgent(0).choose(g)
    assert a == Action("attack", (at(g, "2,7"), g.stones[1]))


def test_evaluation_ignores_the_opponent_hand_and_deck() -> None:
    """The score reads only public state and its own hand: changing the opponent's
    hidden cards does not change it."""
    g1 = make([u("hoplite", "2,2")], p2={"hand": ["legionary"], "deck": ["cyclops"]})
    g2 = make([u("hoplite", "2,2")], p2={"hand": ["surtr"], "deck": ["thor", "thor"]})
    assert evaluate(g1, 0) == evaluate(g2, 0)


def test_agent_level_is_registered() -> None:
    agent = make_agent(HotgGame, "scripted", 3)
    g = HotgGame.new_game(seed=5)
    r = play_game(g, [agent, RandomAgent(9)], max_actions=3000)
    assert r.winner is not None
