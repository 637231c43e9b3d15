"""`--budget` for The Scars (docs/ai.md, The Scars, "Session 40"): a safety cap in seconds of CPU
time per decision for `search`, as for the other games' search. Since session 39 The Scars'
search (greedy's candidates judged through the opponent's next turn, on `SEARCH_DEALS` deals)
read no clock, and the option reached no Scars level. Now, given, it stops the search from
starting a deal that would not fit (the first deal always is judged); not given, the clock is
never read, so the menu's level plays the same at any load."""

from __future__ import annotations

import pytest

from common import bench, search
from common.agents import make_agent
from scars.ai_search import SEARCH_DEALS, ScarsGreedyAgent
from scars.game import ScarsGame

from .test_ai_search39b import HAND, _at_bay


def test_budget_reaches_the_scars_search_and_only_it() -> None:
    """`make_agent` (tournament, soak) and the bench's own way give the search its cap; the
    level as the menu makes it has none."""
    a = make_agent(ScarsGame, "search", 3, budget=0.25)
    assert isinstance(a, ScarsGreedyAgent) and a.budget == 0.25
    b = bench._agent(ScarsGame, "search", 3, 0.5)
    assert isinstance(b, ScarsGreedyAgent) and b.budget == 0.5
    plain = make_agent(ScarsGame, "search", 3)
    assert isinstance(plain, ScarsGreedyAgent) and plain.budget is None
    look = make_agent(ScarsGame, "lookahead", 3, budget=0.25)
    assert isinstance(look, ScarsGreedyAgent) and look.budget is None  # one deal: nothing to cap


def test_a_budget_that_is_spent_stops_after_the_first_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that jumps an hour at every reading, a 1 s cap lets the search judge its
    first deal only; a cap of a day lets it judge all of them, and the choice is a legal one."""
    g = _at_bay(HAND)
    clock = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(search, "clock", lambda: float(next(clock)))
    short = make_agent(ScarsGame, "search", 3, budget=1.0)
    assert isinstance(short, ScarsGreedyAgent)
    assert short.choose(g) in g.legal_actions()
    assert short.last_iterations == 1
    long = make_agent(ScarsGame, "search", 3, budget=86_400.0)
    assert isinstance(long, ScarsGreedyAgent)
    assert long.choose(g) in g.legal_actions()
    assert long.last_iterations == SEARCH_DEALS


def test_without_a_budget_the_clock_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's search reads no clock (a clock that fails if read changes nothing) and judges
    every deal; its choice is the one the same search makes with a cap it never reaches."""
    g = _at_bay(HAND)

    def no_clock() -> float:
        raise AssertionError("the clock was read")

    a = make_agent(ScarsGame, "search", 3)
    with monkeypatch.context() as m:
        m.setattr(search, "clock", no_clock)
        chosen = a.choose(g)
    assert isinstance(a, ScarsGreedyAgent) and a.last_iterations == SEARCH_DEALS
    capped = make_agent(ScarsGame, "search", 3, budget=3600.0)
    assert capped.choose(g) == chosen


def test_the_cli_budget_reaches_the_scars_search_and_help_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """`triarch tournament scars --agents search,scripted --budget 0.02`: the search agents the
    tournament makes carry the cap; `--help` says what it means for The Scars."""
    from click.testing import CliRunner

    from common import tournament
    from tui.cli import main

    made: list[float | None] = []
    real = tournament.make_agent

    def spy(game_cls: type, level: str, seed: int = 0, budget: float | None = None) -> object:
        a = real(game_cls, level, seed, budget=budget)
        if level == "search":
            assert isinstance(a, ScarsGreedyAgent)
            made.append(a.budget)
        return a

    monkeypatch.setattr(tournament, "make_agent", spy)
    args = ["tournament", "scars", "--agents", "search,scripted", "--games", "2", "--json"]
    r = CliRunner().invoke(main, [*args, "--budget", "0.02"])
    assert r.exit_code == 0, r.output
    assert made == [0.02, 0.02]
    help_text = " ".join(CliRunner().invoke(main, ["tournament", "--help"]).output.split())
    assert "The Scars: none unless given, then it judges fewer deals of the hidden cards" in help_text
