"""`triarch tournament` and common.tournament: the statistics, the schedule
(seats swapped, seeds reproducible), forfeits and caps, jobs, the CLI."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from click.testing import CliRunner

from common import tournament as T
from common.agents import Agent
from common.game import Action, Game
from common.registry import game_class
from tests.toygame import ToyGame
from tui.cli import main


# -- statistics ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (5.5, 10, 0.2737, 0.7986),  # a draw counts half
    ],
)
def test_wilson_interval_known_values(k: float, n: int, lo: float, hi: float) -> None:
    got = T.wilson_interval(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-4) and got[1] == pytest.approx(hi, abs=5e-4)


def test_wilson_interval_edges() -> None:
    assert T.wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        T.wilson_interval(11, 10)
    lo, hi = T.wilson_interval(3, 7)
    assert lo < 3 / 7 < hi


@pytest.mark.parametrize(
    ("score", "elo"),
    [(0.5, 0.0), (0.75, 190.849), (0.25, -190.849), (0.64, 99.951), (0.9, 381.697)],
)
def test_elo_difference_known_values(score: float, elo: float) -> None:
    value, clamped = T.elo_difference(score)
    assert value == pytest.approx(elo, abs=1e-3) and not clamped


def test_elo_difference_clamps_at_800() -> None:
    assert T.elo_difference(1.0) == (800.0, True)
    assert T.elo_difference(0.0) == (-800.0, True)
    value, clamped = T.elo_difference(0.99999)  # finite but beyond the clamp
    assert value == 800.0 and clamped
    value, clamped = T.elo_difference(0.99)  # ≈ +798: not clamped
    assert clamped is False and 790 < value < 800
    with pytest.raises(ValueError):
        T.elo_difference(1.5)


def test_percentile_nearest_rank() -> None:
    s = [float(i) for i in range(1, 101)]
    assert T._percentile(s, 0.95) == 95.0
    assert T._percentile([7.0], 0.95) == 7.0
    assert T._percentile([], 0.95) == 0.0


# -- the schedule ---------------------------------------------------------------------
def test_schedule_swaps_seats_on_mirrored_deals_and_seeds_differ() -> None:
    specs = T.schedule(["random", "scripted", "greedy"], 5, seed=40)
    assert len(specs) == 3 * 5
    assert [(s.a, s.b) for s in specs[::5]] == [
        ("random", "scripted"),
        ("random", "greedy"),
        ("scripted", "greedy"),
    ]
    for s in specs:
        assert s.seed == 40 + s.index // 2
        assert s.a_seat == s.index % 2
        assert s.seats == ((s.a, s.b) if s.index % 2 == 0 else (s.b, s.a))
    seeds = [x for s in specs for x in s.agent_seeds]
    assert len(set(seeds)) == len(seeds), "agent seeds must differ per pair, game and seat"
    assert T.schedule(["random", "scripted", "greedy"], 5, seed=40) == specs
    assert T.schedule(["random", "scripted", "greedy"], 5, seed=41) != specs


# -- playing ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def scars() -> type[Game]:
    return game_class("scars")


@pytest.fixture(scope="module")
def tiny(scars: type[Game]) -> T.TournamentReport:
    return T.run_tournament(scars, ["random", "scripted"], 4, seed=11)


def test_tiny_tournament_json_shape_and_counts(tiny: T.TournamentReport) -> None:
    data = json.loads(json.dumps(tiny.to_json()))  # JSON-able
    assert data["game"] == "scars" and data["agents"] == ["random", "scripted"]
    assert data["games"] == 4 and data["games_per_pair"] == 4
    (pair,) = data["pairs"]
    assert (pair["a"], pair["b"]) == ("random", "scripted")
    assert pair["wins"] + pair["losses"] + pair["draws"] == pair["games"] == 4
    assert pair["score"] == pytest.approx((pair["wins"] + pair["draws"] / 2) / 4)
    lo, hi = pair["wilson95"]
    assert 0 <= lo <= pair["score"] <= hi <= 1
    assert pair["by_seat"]["a_first"]["games"] == pair["by_seat"]["a_second"]["games"] == 2
    assert sum(pair["by_seat"][k]["wins"] for k in ("a_first", "a_second")) == pair["wins"]
    standings = {s["agent"]: s for s in data["standings"]}
    assert set(standings) == {"random", "scripted"}
    assert standings["random"]["wins"] == pair["wins"]
    assert standings["scripted"]["wins"] == pair["losses"]
    for s in standings.values():
        assert s["games"] == 4 and s["time"]["decisions"] > 0
        assert 0 <= s["time"]["mean_ms"] <= s["time"]["max_ms"]
        assert s["time"]["p95_ms"] <= s["time"]["max_ms"]
    seats = data["seats"]
    assert seats["first"] + seats["second"] + seats["draws"] == 4
    assert len(data["results"]) == 4 and data["capped"] == 0 and data["errors"] == 0
    # every move of the game was timed for the seat that made it
    assert sum(s["time"]["decisions"] for s in standings.values()) == sum(
        r["actions"] for r in data["results"]
    )


def test_seats_really_alternate(tiny: T.TournamentReport) -> None:
    seats = [r.outcome()["seats"] for r in tiny.records]
    assert seats == [["random", "scripted"], ["scripted", "random"]] * 2
    assert [r.spec.seed for r in tiny.records] == [11, 11, 12, 12]
    # the recorded winner seat and the winner's name agree with who sat there
    for r in tiny.records:
        if r.winner_seat is not None:
            assert r.winner == r.spec.seats[r.winner_seat]


def test_same_seed_same_results_other_seed_differs(scars: type[Game], tiny: T.TournamentReport) -> None:
    again = T.run_tournament(scars, ["random", "scripted"], 4, seed=11)
    assert [r.outcome() for r in again.records] == [r.outcome() for r in tiny.records]
    other = T.run_tournament(scars, ["random", "scripted"], 4, seed=12)
    assert [r.final_hash for r in other.records] != [r.final_hash for r in tiny.records]


def test_results_do_not_depend_on_jobs(scars: type[Game], tiny: T.TournamentReport) -> None:
    done: list[int] = []
    par = T.run_tournament(
        scars, ["random", "scripted"], 4, seed=11, jobs=2, on_game=lambda k, n, r: done.append(k)
    )
    assert [r.outcome() for r in par.records] == [r.outcome() for r in tiny.records]
    assert sorted(done) == [1, 2, 3, 4]
    strip = ("seconds", "jobs", "standings")
    assert {k: v for k, v in par.to_json().items() if k not in strip} == {
        k: v for k, v in tiny.to_json().items() if k not in strip
    }


def test_capped_games_are_draws_and_reported(scars: type[Game]) -> None:
    rep = T.run_tournament(scars, ["random", "scripted"], 2, seed=3, max_actions=5)
    data = rep.to_json()
    assert data["capped"] == 2 and data["pairs"][0]["draws"] == 2 and data["pairs"][0]["capped"] == 2
    assert all(r["actions"] == 5 and r["winner"] is None for r in data["results"])
    assert data["pairs"][0]["score"] == 0.5 and data["pairs"][0]["elo"] == 0.0


class _Broken(Agent):
    name = "broken"

    def choose(self, game: Game) -> Action:
        return Action("nonsense")  # the engine refuses it


class _BrokenToy(ToyGame):
    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        return {"broken": lambda seed, **kw: _Broken()}


def test_an_agent_that_fails_forfeits_and_is_reported() -> None:
    rep = T.run_tournament(_BrokenToy, ["random", "broken"], 2, seed=1)
    data = rep.to_json()
    pair = data["pairs"][0]
    assert data["errors"] == 2 and len(pair["errors"]) == 2
    assert "broken" in pair["errors"][0] and "IllegalAction" in pair["errors"][0]
    # whenever the broken agent had to move, it lost; random never had to lose
    assert pair["losses"] == 0 and pair["wins"] + pair["draws"] == 2


def test_bad_levels_and_budget_are_refused(scars: type[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    for levels in (["random"], ["random", "random"], ["random", "nope"]):
        with pytest.raises(ValueError):
            T.run_tournament(scars, levels, 2, seed=1)

    def old_make_agent(game_cls: type[Game], level: str, seed: int = 0) -> Agent:
        raise AssertionError("not called")

    monkeypatch.setattr(T, "make_agent", old_make_agent)
    assert not T.budget_supported()
    with pytest.raises(ValueError, match="budget"):
        T.run_tournament(scars, ["random", "scripted"], 2, seed=1, budget=0.1)


def test_budget_reaches_make_agent(scars: type[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float | None] = []
    real = T.make_agent

    def spy(game_cls: type[Game], level: str, seed: int = 0, budget: float | None = None) -> Agent:
        seen.append(budget)
        return real(game_cls, level, seed)

    monkeypatch.setattr(T, "make_agent", spy)
    T.run_tournament(scars, ["random", "scripted"], 1, seed=1, budget=0.25)
    T.run_tournament(scars, ["random", "scripted"], 1, seed=1)
    assert seen == [0.25, 0.25, None, None]


# -- the command ---------------------------------------------------------------------
def test_cli_json_and_table() -> None:
    runner = CliRunner()
    r = runner.invoke(
        main,
        [
            "tournament",
            "scars",
            "--agents",
            "random,scripted",
            "--games",
            "2",
            "--seed",
            "5",
            "--json",
            "--per-game",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 2 and data["seed"] == 5 and len(data["results"]) == 2
    pair = data["pairs"][0]
    assert pair["wins"] + pair["losses"] + pair["draws"] == 2
    assert not math.isnan(pair["elo"])

    r = runner.invoke(main, ["tournament", "scars", "--agents", "random,scripted", "--games", "2"])
    assert r.exit_code == 0, r.output
    assert "random vs scripted" in r.output and "Standings" in r.output and "Wilson" in r.output


def test_cli_refuses_bad_input() -> None:
    runner = CliRunner()
    r = runner.invoke(main, ["tournament", "scars", "--agents", "random,bogus", "--games", "2"])
    assert r.exit_code == 2 and "unknown agent 'bogus'" in r.output
    r = runner.invoke(main, ["tournament", "scars", "--agents", "random", "--games", "2"])
    assert r.exit_code == 2 and "at least two" in r.output
    r = runner.invoke(main, ["tournament", "nogame", "--games", "2"])
    assert r.exit_code == 2
    r = runner.invoke(main, ["tournament", "scars", "--games", "0"])
    assert r.exit_code == 2
