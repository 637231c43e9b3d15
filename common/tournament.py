"""Round-robin tournaments between AI levels: `triarch tournament` and the tests.

Every pair of levels (A, B) — A named before B in the list — plays N games.

Seating and seeds (mirrored deals): game i of a pair is dealt with seed
``S + i // 2``; A sits in seat 1 in even games and in seat 2 in odd ones. So
each deal is played twice with the seats swapped (when N is odd, the last deal
is played once, A in seat 1). Every pair uses the same deals. Each agent gets
its own seed, different for every pair, game and seat, derived from S by a
stable hash (`agent_seed`), so a tournament is reproducible, also across
processes: the results (everything but the timings) are the same for any
number of jobs.

Scores: a win counts 1, a draw ½. A pair's score is A's share of the points;
its 95% interval is the Wilson score interval, and the Elo difference is the
one the score implies, ``400·log10(s / (1 - s))``, clamped at ±800 (a score
of 0% or 100% has no finite Elo difference; the report flags clamped values).

A game that reaches the action cap is a draw and is counted as `capped`. An
agent that raises (or chooses an action the engine refuses) forfeits that
game: it is a loss for the level to move, and the error is reported.
"""

from __future__ import annotations

import hashlib
import inspect
import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, agent_level_names, make_agent
from .game import Game

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ELO_CLAMP = 800.0
MAX_ACTIONS = 20_000


# -- statistics ------------------------------------------------------------------
def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for `successes` out of `n` (draws may count ½)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} not within 0..{n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_difference(score: float, clamp: float = ELO_CLAMP) -> tuple[float, bool]:
    """The Elo difference implied by an expected score in [0, 1], and whether
    it was clamped to ±`clamp` (always for 0 and 1)."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"score {score} not within 0..1")
    if score <= 0.0:
        return (-clamp, True)
    if score >= 1.0:
        return (clamp, True)
    elo = 400.0 * math.log10(score / (1.0 - score))
    if abs(elo) > clamp:
        return (math.copysign(clamp, elo), True)
    return (elo, False)


def _percentile(sorted_samples: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of already sorted samples."""
    if not sorted_samples:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_samples)))
    return sorted_samples[rank - 1]


# -- the schedule -------------------------------------------------------------------
def agent_seed(seed: int, a: str, b: str, index: int, seat: int) -> int:
    """The seed of the agent in `seat` in game `index` of pair (a, b): stable
    across runs and processes (not Python's salted `hash`)."""
    digest = hashlib.blake2b(f"{seed}|{a}|{b}|{index}|{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # a non-negative 63-bit int


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of the tournament: which pair, which deal, who sits where."""

    pair: int  # index into the pair list
    a: str  # the first-named level of the pair
    b: str
    index: int  # game number within the pair, 0..N-1
    seed: int  # the deal
    a_seat: int  # 0: A sits first; 1: B sits first
    agent_seeds: tuple[int, int]  # per seat

    @property
    def seats(self) -> tuple[str, str]:
        return (self.a, self.b) if self.a_seat == 0 else (self.b, self.a)


def pairs_of(levels: Sequence[str]) -> list[tuple[str, str]]:
    return list(itertools.combinations(levels, 2))


def schedule(levels: Sequence[str], games: int, seed: int) -> list[GameSpec]:
    """Every game of the tournament, ordered by pair then game index."""
    out: list[GameSpec] = []
    for p, (a, b) in enumerate(pairs_of(levels)):
        for i in range(games):
            out.append(
                GameSpec(
                    pair=p,
                    a=a,
                    b=b,
                    index=i,
                    seed=seed + i // 2,
                    a_seat=i % 2,
                    agent_seeds=(agent_seed(seed, a, b, i, 0), agent_seed(seed, a, b, i, 1)),
                )
            )
    return out


# -- playing one game -------------------------------------------------------------------
@dataclass(slots=True)
class GameRecord:
    spec: GameSpec
    winner_seat: int | None  # None: draw (also after the cap)
    actions: int
    capped: bool = False
    error: str | None = None  # why the side to move forfeited
    final_hash: str = ""
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))  # per seat, s
    seconds: float = 0.0

    @property
    def winner(self) -> str | None:
        """The level that won, or None for a draw."""
        return None if self.winner_seat is None else self.spec.seats[self.winner_seat]

    def outcome(self) -> dict[str, Any]:
        """The reproducible part of the record (no timings)."""
        return {
            "pair": self.spec.pair,
            "game": self.spec.index,
            "seed": self.spec.seed,
            "seats": list(self.spec.seats),
            "agent_seeds": list(self.spec.agent_seeds),
            "winner": self.winner,
            "actions": self.actions,
            "capped": self.capped,
            "error": self.error,
            "hash": self.final_hash,
        }


def budget_supported() -> bool:
    """Whether `make_agent` takes a `budget` keyword (time budget in seconds)."""
    return "budget" in inspect.signature(make_agent).parameters


def _make(game_cls: type[Game], level: str, seed: int, budget: float | None) -> Agent:
    if budget is None:
        return make_agent(game_cls, level, seed)
    return make_agent(game_cls, level, seed, budget=budget)


def play_one(
    game_cls: type[Game],
    spec: GameSpec,
    options: dict[str, Any] | None = None,
    budget: float | None = None,
    max_actions: int = MAX_ACTIONS,
) -> GameRecord:
    """Play one scheduled game, timing every decision of each seat."""
    start = time.perf_counter()
    agents = [
        _make(game_cls, level, s, budget) for level, s in zip(spec.seats, spec.agent_seeds, strict=True)
    ]
    game = game_cls.new_game(seed=spec.seed, options=options)
    times: tuple[list[float], list[float]] = ([], [])
    n = 0
    while not game.is_over():
        if n >= max_actions:
            return GameRecord(
                spec, None, n, capped=True, final_hash=game.state_hash(), times=times,
                seconds=time.perf_counter() - start,
            )  # fmt: skip
        d = game.decision()
        assert d is not None
        seat = d.player
        try:
            t0 = time.perf_counter()
            action = agents[seat].choose(game)
            times[seat].append(time.perf_counter() - t0)
            game.apply(action)
        except Exception as exc:  # a forfeit, reported: one bad agent must not sink a long run
            return GameRecord(
                spec,
                1 - seat,
                n,
                error=f"{spec.seats[seat]} (seat {seat + 1}) after {n} actions: {type(exc).__name__}: {exc}",
                final_hash=game.state_hash(),
                times=times,
                seconds=time.perf_counter() - start,
            )
        n += 1
    return GameRecord(
        spec, game.winner(), n, final_hash=game.state_hash(), times=times, seconds=time.perf_counter() - start
    )


def _play_task(args: tuple[str, GameSpec, dict[str, Any] | None, float | None, int]) -> GameRecord:
    """Worker entry point (for --jobs): engines are looked up by id in the worker."""
    from .registry import game_class

    game_id, spec, options, budget, max_actions = args
    return play_one(game_class(game_id), spec, options, budget, max_actions)


# -- the report -----------------------------------------------------------------------
def _score_block(wins: int, losses: int, draws: int) -> dict[str, Any]:
    games = wins + losses + draws
    points = wins + draws / 2
    score = points / games if games else 0.5
    lo, hi = wilson_interval(points, games)
    elo, clamped = elo_difference(score)
    return {
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "score": round(score, 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "elo": round(elo, 1),
        "elo_clamped": clamped,
        "elo95": [round(elo_difference(lo)[0], 1), round(elo_difference(hi)[0], 1)],
    }


def _timing(samples: list[float]) -> dict[str, Any]:
    s = sorted(samples)
    return {
        "decisions": len(s),
        "mean_ms": round(statistics.fmean(s) * 1000, 3) if s else 0.0,
        "p95_ms": round(_percentile(s, 0.95) * 1000, 3),
        "max_ms": round(s[-1] * 1000, 3) if s else 0.0,
    }


@dataclass(slots=True)
class TournamentReport:
    game: str
    title: str
    levels: list[str]
    games_per_pair: int
    seed: int
    options: dict[str, Any]
    budget: float | None
    max_actions: int
    jobs: int
    records: list[GameRecord]  # ordered by pair, then game index
    seconds: float = 0.0

    def pair_results(self) -> list[dict[str, Any]]:
        out = []
        for p, (a, b) in enumerate(pairs_of(self.levels)):
            recs = [r for r in self.records if r.spec.pair == p]
            w = sum(r.winner == a for r in recs)
            lo = sum(r.winner == b for r in recs)
            d = len(recs) - w - lo
            by_seat = {}
            for key, seat in (("a_first", 0), ("a_second", 1)):
                sub = [r for r in recs if r.spec.a_seat == seat]
                sw = sum(r.winner == a for r in sub)
                sl = sum(r.winner == b for r in sub)
                by_seat[key] = {"games": len(sub), "wins": sw, "losses": sl, "draws": len(sub) - sw - sl}
            out.append(
                {
                    "a": a,
                    "b": b,
                    **_score_block(w, lo, d),
                    "capped": sum(r.capped for r in recs),
                    "errors": [
                        f"game {r.spec.index} (seed {r.spec.seed}): {r.error}" for r in recs if r.error
                    ],
                    "by_seat": by_seat,
                    "mean_actions": round(statistics.fmean(r.actions for r in recs), 1) if recs else 0.0,
                }
            )
        return out

    def standings(self) -> list[dict[str, Any]]:
        """Per level, over all its games, best score first (ties: list order)."""
        rows = []
        for level in self.levels:
            w = lo = d = 0
            samples: list[float] = []
            for r in self.records:
                if level not in r.spec.seats:
                    continue
                seat = r.spec.seats.index(level)
                samples.extend(r.times[seat])
                if r.winner is None:
                    d += 1
                elif r.winner == level:
                    w += 1
                else:
                    lo += 1
            block = _score_block(w, lo, d)
            rows.append(
                {
                    "agent": level,
                    **{k: block[k] for k in ("games", "wins", "losses", "draws", "score", "wilson95")},
                    "time": _timing(samples),
                }
            )
        return sorted(rows, key=lambda row: -row["score"])

    def seat_results(self) -> dict[str, int]:
        """Wins by seat over the whole tournament (how much moving first is worth)."""
        return {
            "first": sum(r.winner_seat == 0 for r in self.records),
            "second": sum(r.winner_seat == 1 for r in self.records),
            "draws": sum(r.winner_seat is None for r in self.records),
        }

    @property
    def capped(self) -> int:
        return sum(r.capped for r in self.records)

    @property
    def errors(self) -> list[str]:
        return [e for p in self.pair_results() for e in p["errors"]]

    def to_json(self, per_game: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "title": self.title,
            "agents": self.levels,
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "seating": "game i of a pair uses deal seed SEED + i//2; the first-named agent sits "
            "first in even games, second in odd ones (each deal played twice, seats swapped)",
            "options": self.options,
            "budget": self.budget,
            "max_actions": self.max_actions,
            "confidence": 0.95,
            "elo_clamp": ELO_CLAMP,
            "pairs": self.pair_results(),
            "standings": self.standings(),
            "seats": self.seat_results(),
            "games": len(self.records),
            "capped": self.capped,
            "errors": len(self.errors),
            "jobs": self.jobs,
            "seconds": round(self.seconds, 3),
        }
        if per_game:
            out["results"] = [r.outcome() for r in self.records]
        return out


# -- running it -----------------------------------------------------------------------
def validate_levels(game_cls: type[Game], levels: Sequence[str]) -> None:
    """Raise ValueError with a reason unless `levels` are ≥ 2 distinct known levels."""
    known = agent_level_names(game_cls)
    unknown = [lv for lv in levels if lv not in known]
    if unknown:
        raise ValueError(f"unknown agent {unknown[0]!r} for {game_cls.title}; known: {', '.join(known)}")
    if len(levels) < 2:
        raise ValueError("a tournament needs at least two agents")
    dup = sorted({lv for lv in levels if list(levels).count(lv) > 1})
    if dup:
        raise ValueError(f"agent {dup[0]!r} is named twice")


def run_tournament(
    game_cls: type[Game],
    levels: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    budget: float | None = None,
    max_actions: int = MAX_ACTIONS,
    jobs: int = 1,
    on_game: Callable[[int, int, GameRecord], None] | None = None,
) -> TournamentReport:
    """Play the whole round robin. `on_game(done, total, record)` is called after
    each game (in completion order when jobs > 1; the report is ordered anyway)."""
    levels = list(levels)
    validate_levels(game_cls, levels)
    if games < 1:
        raise ValueError("games per pair must be at least 1")
    if budget is not None and not budget_supported():
        raise ValueError("these AI levels take no time budget yet (make_agent has no 'budget')")
    options = dict(options or {})
    specs = schedule(levels, games, seed)
    total = len(specs)
    start = time.perf_counter()
    records: list[GameRecord | None] = [None] * total
    if jobs <= 1:
        for k, spec in enumerate(specs):
            rec = records[k] = play_one(game_cls, spec, options, budget, max_actions)
            if on_game:
                on_game(k + 1, total, rec)
    else:
        import multiprocessing

        # spawn: workers import the engines afresh (no fork of a threaded parent, e.g. Rich's refresher)
        ctx = multiprocessing.get_context("spawn")
        tasks = [(game_cls.game_id, spec, options, budget, max_actions) for spec in specs]
        index = {(s.pair, s.index): k for k, s in enumerate(specs)}
        with ctx.Pool(processes=jobs) as pool:
            for done, rec in enumerate(pool.imap_unordered(_play_task, tasks), 1):
                records[index[(rec.spec.pair, rec.spec.index)]] = rec
                if on_game:
                    on_game(done, total, rec)
    return TournamentReport(
        game=game_cls.game_id,
        title=game_cls.title,
        levels=levels,
        games_per_pair=games,
        seed=seed,
        options=options,
        budget=budget,
        max_actions=max_actions,
        jobs=max(1, jobs),
        records=[r for r in records if r is not None],
        seconds=time.perf_counter() - start,
    )
