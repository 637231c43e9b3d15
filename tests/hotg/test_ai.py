"""The scripted opponent: beats random play, decides fast, sees only its seat's information."""

from __future__ import annotations

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


def test_decisions_look_ahead_on_a_bounded_number_of_clones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scripted AI decides cheaply: it simulates a bounded number of candidate actions
    per decision (deployment cells are pruned), counted deterministically instead of timed
    (`triarch bench hotg` prints the times)."""
    count = [0]
    orig = HotgGame.clone

    def counting_clone(self: HotgGame) -> HotgGame:
        count[0] += 1
        return orig(self)

    monkeypatch.setattr(HotgGame, "clone", counting_clone)
    g = HotgGame.new_game(seed=11)
    agents = [ScriptedAgent(1), RandomAgent(2)]
    per_decision = []
    n = 0
    while not g.is_over() and n < 400:
        d = g.decision()
        assert d is not None
        count[0] = 0
        a = agents[d.player].choose(g)
        if d.player == 0:
            per_decision.append(count[0])
        g.apply(a)
        n += 1
    assert g.is_over() and g.winner() == 0
    assert max(per_decision) <= 150
    assert sum(per_decision) / len(per_decision) <= 40


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
