"""The searching levels of every game choose the same action whatever the machine's load
(docs/ai.md, "Work, not time"): their limit is a count of work (the lookahead's nodes, the
search's evaluated positions), and a clock is only a safety cap far above it.

Each decision is made twice by agents with the same seed on the same state: once as it is,
once with the clock running 25 times as fast (what a machine 25 times as slow or as loaded
would show: under the old wall-clock limits the lookahead's 0.12 s cap and the search's 1 s
budget then cut their thinking short). The safety caps are raised for both runs, so that
only the work can stop them; the last test shows the patched clock does reach them."""

from __future__ import annotations

import time
from typing import Any

import pytest

import common.search as search
from common.agents import RandomAgent, make_agent
from common.game import Action, Game
from common.registry import game_class
from common.search import LookaheadAgent, SearchAgent

GAMES = ("hotg", "bhm", "scars")
FAST = 25.0  # how much faster the patched clock runs
CAP = 600.0  # the raised safety cap, CPU seconds (never reached here)


def positions(game_id: str, count: int = 2) -> list[Game]:
    """Mid-game states of seeded random games where the side to move has a choice."""
    cls = game_class(game_id)
    out: list[Game] = []
    seed = 40
    while len(out) < count:
        g = cls.new_game(seed=seed)
        rnd = RandomAgent(seed)
        for _ in range(50 + 20 * (seed % 3)):
            if g.is_over():
                break
            g.apply(rnd.choose(g))
        while not g.is_over() and len(g.legal_actions()) < 3:
            g.apply(rnd.choose(g))
        if not g.is_over():
            out.append(g)
        seed += 1
    return out


# The Scars' lookahead and search (session 39) are its greedy judged through the opponent's
# next turn, on one deal and on several, and as the menu makes them no safety cap (The Scars'
# search takes one only from `--budget`, session 40); BHM's lookahead (session 40) is its greedy
# with the mulligan judged by playouts: no beam, no rounds on a clock, no safety cap at all
NO_CLOCK = frozenset({("scars", "lookahead"), ("scars", "search"), ("bhm", "lookahead")})


def agent(game_id: str, level: str, seed: int) -> Any:
    """The level as the menu makes it, with its safety cap raised out of reach."""
    cls = game_class(game_id)
    if (game_id, level) in NO_CLOCK:
        a = make_agent(cls, level, seed)
        assert not isinstance(a, (LookaheadAgent, SearchAgent)) and not hasattr(a, "cap")
        return a
    if level == "search":
        a = make_agent(cls, level, seed, budget=CAP)
        assert isinstance(a, SearchAgent) and a.budget == CAP
        return a
    a = make_agent(cls, level, seed)
    assert isinstance(a, LookaheadAgent)
    a.cap = CAP
    return a


def decide(game_id: str, level: str, g: Game) -> tuple[Action, int | None, int | None, int]:
    """The choice, the search's rounds and work, and the state's hash after (unchanged)."""
    a = agent(game_id, level, 3)
    act = a.choose(g)
    return act, getattr(a, "last_iterations", None), getattr(a, "last_work", None), hash(g.state_hash())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ["lookahead", "search"])
def test_the_same_choice_on_a_clock_25_times_as_fast(
    game_id: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = []
    for g in positions(game_id):
        plain = decide(game_id, level, g)
        assert plain[0] in g.legal_actions()
        with monkeypatch.context() as m:
            m.setattr(search, "clock", lambda: time.thread_time() * FAST)
            loaded = decide(game_id, level, g)
        assert loaded == plain, (game_id, level)
        runs.append(plain)
    if level == "search":  # the search did think here: more than one round (deal), many positions
        assert max(r[1] or 0 for r in runs) >= 2, game_id
        assert max(r[2] or 0 for r in runs) >= (10 if (game_id, level) in NO_CLOCK else 100), game_id


def test_the_safety_cap_is_on_the_patched_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that jumps an hour at every reading, the search's cap (its default, 3 s
    of CPU) stops it after its first round: the clock the tests patch is the one it reads."""
    g = positions("hotg")[0]
    clock = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(search, "clock", lambda: float(next(clock)))
    a = make_agent(game_class("hotg"), "search", 3)
    assert isinstance(a, SearchAgent)
    assert a.choose(g) in g.legal_actions()
    assert a.last_iterations == 1


def test_a_slow_evaluation_changes_nothing_but_the_time() -> None:
    """HotG's search on an evaluation that burns extra CPU at every call (a slower machine,
    for the work counted): the same rounds, the same positions evaluated, the same choice."""
    import dataclasses

    from hotg import ai_search

    g = positions("hotg")[0]

    def slow(game: Game, seat: int) -> float:
        end = time.thread_time() + 0.0002
        while time.thread_time() < end:
            pass
        return ai_search.evaluate(game, seat)

    spec = dataclasses.replace(ai_search.SPEC, evaluate=slow)

    def run(sp: search.AiSpec) -> tuple[Action, int, int]:
        s = SearchAgent(
            sp,
            3,
            budget=CAP,
            look=lambda seed: ai_search.HotgLookahead(sp, seed, cap=CAP),
            finish=ai_search.SEARCH_FINISH,
            reply_turn=ai_search.SEARCH_REPLY_TURN,
            work=600,
        )
        return s.choose(g), s.last_iterations, s.last_work

    assert run(spec) == run(ai_search.SPEC)
