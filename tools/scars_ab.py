"""A/B match between two Scars AI players, one of them possibly from another git revision.

    PYTHONPATH=$PWD python tools/scars_ab.py --a scripted --b scripted@HEAD~1 --deals 300 --seed 20000

An agent is `LEVEL` (an AI level of this checkout: scripted, greedy, lookahead, search, random)
or `scripted@REV`: the scripted player of `scars/ai.py` as it was at git revision REV
(`git show REV:scars/ai.py`, loaded as a module of its own beside this checkout's engine; only
that file is taken from REV, so it must work with this checkout's `scars/game.py`).

The schedule (the one docs/ai.md's Scars A/B figures use): every ordered pairing of the three
preset decks (9, mirrors included: seat 1 plays deck i, seat 2 deck j), each deal played twice
with the agents' seats swapped (A in seat 1, then in seat 2), for the deals SEED..SEED+DEALS-1;
so 18 games a deal. Each agent is seeded per game and seat (`common.tournament.agent_seed`).
The result does not depend on --jobs.

Printed: A's wins, losses, draws and score with its 95% intervals (normal approximation,
±1.96·sqrt(p(1-p)/n), and Wilson's, as `triarch tournament` gives) overall and from each seat, each side's decision time (p50, p95, max),
and with --cards each side's casts and face-down supports per card (who places what).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import subprocess
import sys
import time
import types
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from common.agents import Agent, make_agent  # noqa: E402
from common.tournament import agent_seed, wilson_interval  # noqa: E402
from scars.game import ScarsGame  # noqa: E402

_OLD: dict[str, types.ModuleType] = {}


def old_ai(rev: str) -> types.ModuleType:
    """`scars/ai.py` at git revision `rev`, as a module of the `scars` package of its own."""
    if rev not in _OLD:
        source = subprocess.run(
            ["git", "show", f"{rev}:scars/ai.py"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
        name = f"scars._ab_{len(_OLD)}"
        mod = types.ModuleType(name)
        mod.__package__ = "scars"
        mod.__file__ = f"{rev}:scars/ai.py"
        sys.modules[name] = mod
        exec(compile(source, mod.__file__, "exec"), mod.__dict__)
        _OLD[rev] = mod
    return _OLD[rev]


def make(spec: str, seed: int) -> Agent:
    level, _, rev = spec.partition("@")
    if not rev:
        return make_agent(ScarsGame, level, seed)
    if level != "scripted":
        raise SystemExit(f"only the scripted level can come from another revision, not {spec!r}")
    agent: Agent = old_ai(rev).ScriptedAgent(seed)
    return agent


@dataclass
class Result:
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    by_seat: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])  # A's [wins, games]
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))  # A's, B's
    cards: tuple[Counter[str], Counter[str]] = field(default_factory=lambda: (Counter(), Counter()))

    def add(self, other: Result) -> None:
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        for s in (0, 1):
            for k in (0, 1):
                self.by_seat[s][k] += other.by_seat[s][k]
            self.times[s].extend(other.times[s])
            self.cards[s].update(other.cards[s])


def play(task: tuple[str, str, int, int, int, int]) -> Result:
    """One game: agents A and B, the deal, the decks of seats 1 and 2, A's seat."""
    a_spec, b_spec, deal, deck1, deck2, a_seat = task
    decks = list(ScarsGame.preset_decks().values())
    index = ((deal * 9) + deck1 * 3 + deck2) * 2 + a_seat
    specs = (a_spec, b_spec) if a_seat == 0 else (b_spec, a_spec)
    agents = [make(specs[s], agent_seed(deal, a_spec, b_spec, index, s)) for s in (0, 1)]
    g = ScarsGame.new_game(seed=deal, decks=[decks[deck1], decks[deck2]])
    out = Result(games=1)
    side = (0, 1) if a_seat == 0 else (1, 0)  # seat -> 0 for A, 1 for B
    n = 0
    while not g.is_over() and n < 20_000:
        d = g.decision()
        assert d is not None
        t0 = time.perf_counter()
        act = agents[d.player].choose(g)
        out.times[side[d.player]].append(time.perf_counter() - t0)
        if act.kind in ("cast", "support") and d.kind != "target":
            name = g.card(int(act.args[0])).defn.name
            out.cards[side[d.player]][f"{act.kind} {name}"] += 1
        g.apply(act)
        n += 1
    w = g.winner()
    out.by_seat[a_seat][1] += 1
    if w is None:
        out.draws = 1
    elif w == a_seat:
        out.wins = 1
        out.by_seat[a_seat][0] += 1
    else:
        out.losses = 1
    return out


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[max(1, math.ceil(q * len(s))) - 1] * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", required=True, help="agent A: LEVEL or scripted@REV")
    ap.add_argument("--b", required=True, help="agent B: LEVEL or scripted@REV")
    ap.add_argument("--deals", type=int, default=300, help="deals (18 games each); default 300")
    ap.add_argument("--seed", type=int, default=20000, help="the first deal's seed; default 20000")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes; default 1")
    ap.add_argument("--cards", action="store_true", help="also print casts and supports per card")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON document")
    args = ap.parse_args(argv)
    for spec in (args.a, args.b):  # fail early on a bad name or revision
        make(spec, 0)
    tasks = [
        (args.a, args.b, deal, d1, d2, seat)
        for deal in range(args.seed, args.seed + args.deals)
        for d1, d2 in itertools.product(range(3), range(3))
        for seat in (0, 1)
    ]
    total = Result()
    start = time.perf_counter()
    if args.jobs <= 1:
        for t in tasks:
            total.add(play(t))
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for r in pool.imap_unordered(play, tasks, chunksize=18):
                total.add(r)
    n = total.games
    p = (total.wins + total.draws / 2) / n
    half = 1.959963984540054 * math.sqrt(p * (1 - p) / n)
    wilson = wilson_interval(total.wins + total.draws / 2, n)
    data: dict[str, Any] = {
        "a": args.a,
        "b": args.b,
        "deals": [args.seed, args.seed + args.deals - 1],
        "games": n,
        "wins": total.wins,
        "losses": total.losses,
        "draws": total.draws,
        "score": p,
        "ci95": [p - half, p + half],
        "wilson95": list(wilson),
        "a_first": total.by_seat[0],
        "a_second": total.by_seat[1],
        "ms": {
            side: {
                "p50": _pct(total.times[i], 0.5),
                "p95": _pct(total.times[i], 0.95),
                "max": _pct(total.times[i], 1.0),
            }
            for i, side in enumerate(("a", "b"))
        },
        "seconds": time.perf_counter() - start,
    }
    if args.cards:
        data["cards"] = {side: dict(sorted(total.cards[i].items())) for i, side in enumerate(("a", "b"))}
    if args.json:
        print(json.dumps(data))
        return 0
    print(
        f"{args.a} vs {args.b}: {n} games (deals {args.seed}..{args.seed + args.deals - 1}, 9 deck pairings, "
        f"seats swapped): {total.wins}–{total.losses}–{total.draws}, score {100 * p:.1f}% ± {100 * half:.1f}% "
        f"({100 * (p - half):.1f}–{100 * (p + half):.1f}%; Wilson {100 * wilson[0]:.1f}–{100 * wilson[1]:.1f}%)"
    )
    print(
        f"  A from seat 1: {total.by_seat[0][0]}/{total.by_seat[0][1]}, "
        f"from seat 2: {total.by_seat[1][0]}/{total.by_seat[1][1]}; {data['seconds']:.0f} s"
    )
    for side, t in data["ms"].items():
        print(f"  {side} decisions: p50 {t['p50']:.3f} ms, p95 {t['p95']:.3f} ms, max {t['max']:.1f} ms")
    if args.cards:
        for i, side in enumerate(("a", "b")):
            names = sorted({k.split(" ", 1)[1] for k in total.cards[i]})
            row = ", ".join(
                f"{nm} {total.cards[i][f'support {nm}']}/{total.cards[i][f'cast {nm}']}" for nm in names
            )
            print(f"  {side} supports/casts per {n} games: {row}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
