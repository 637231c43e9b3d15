"""A tournament match played game by game into a JSON-lines log, resumable.

`triarch tournament` reports only at its end; a long match on a busy machine may be
cut short. This plays the same games (`common.tournament.schedule` and `play_one`:
the same deals, seats and agent seeds as `triarch tournament GAME --agents A,B
--games N --seed S`), appends one line per finished game to LOG, and skips the games
already in LOG, so that it can be stopped and started again, or split over processes
(`--worker K --workers W`: the games whose index is K modulo W, each process with its
own LOG; `--done OLD_LOG` skips the games of an earlier run too). Since session 36 every level is deterministic (docs/ai.md, "Work, not
time"), so a game gives the same result whenever and wherever it is played.

    PYTHONPATH=$PWD python tools/match_log.py hotg search lookahead --games 200 --seed 1 LOG...
    PYTHONPATH=$PWD python tools/match_log.py --tally LOG...     # the score so far
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path
from typing import Any


def read(logs: list[str]) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for name in logs:
        path = Path(name)
        if path.exists():
            for line in path.read_text().splitlines():
                if line.strip():
                    rec = json.loads(line)
                    out[rec["game"]] = rec
    return out


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = points / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def tally(logs: list[str]) -> str:
    recs = read(logs)
    if not recs:
        return "no games"
    even = next(r for r in recs.values() if r["game"] % 2 == 0) if any(g % 2 == 0 for g in recs) else None
    seats = even["seats"] if even else next(iter(recs.values()))["seats"][::-1]
    a, b = seats  # an even game index puts A in the first seat (`schedule`)
    n = len(recs)
    w = sum(r["winner"] == a for r in recs.values())
    lost = sum(r["winner"] == b for r in recs.values())
    pts = w + (n - w - lost) / 2
    lo, hi = wilson(pts, n)
    as_first = [r for r in recs.values() if r["seats"][0] == a]
    won_first = sum(r["winner"] == a for r in as_first)
    lines = [
        f"{a} vs {b}: {n} games, {w}-{lost}-{n - w - lost}, {100 * pts / n:.1f}% "
        f"[{100 * lo:.1f}-{100 * hi:.1f}] (Wilson 95%); from the first seat {won_first} of "
        f"{len(as_first)}, from the second {w - won_first} of {n - len(as_first)}"
    ]
    for lv in (a, b):
        t = sorted(x for r in recs.values() for x in r["times"].get(lv, []))
        if t:
            lines.append(
                f"{lv}: {len(t)} decisions, wall clock mean {1000 * statistics.fmean(t):.0f} ms, "
                f"p50 {1000 * t[len(t) // 2]:.0f}, p95 {1000 * t[int(len(t) * 0.95)]:.0f}, max {1000 * t[-1]:.0f}"
            )
    loads = sorted(float(r["load"]) for r in recs.values())
    lines.append(f"load average at the games' ends: {loads[0]:.1f}-{loads[-1]:.1f}")
    return "\n".join(lines)


def play(
    game_id: str,
    a: str,
    b: str,
    games: int,
    seed: int,
    log: str,
    worker: int,
    workers: int,
    done_in: list[str],
) -> None:
    from common.registry import game_class
    from common.tournament import play_one, schedule

    cls = game_class(game_id)
    done = read([log, *done_in])
    for spec in schedule([a, b], games, seed):
        if spec.index % workers != worker or spec.index in done:
            continue
        c0 = time.process_time()
        rec = play_one(cls, spec)
        out = rec.outcome()
        out["cpu"] = time.process_time() - c0
        out["seconds"] = rec.seconds
        out["times"] = {spec.seats[s]: rec.times[s] for s in (0, 1)}
        out["load"] = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "0"
        with open(log, "a") as f:
            f.write(json.dumps(out) + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tally", action="store_true", help="print the score of the logs and stop")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--worker", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--done", action="append", default=[], help="a log of games not to play again")
    p.add_argument("args", nargs="+", help="GAME A B LOG, or LOG... with --tally")
    ns = p.parse_intermixed_args()
    if ns.tally:
        print(tally(ns.args))
        return
    game_id, a, b, log = ns.args
    play(game_id, a, b, ns.games, ns.seed, log, ns.worker, ns.workers, ns.done)


if __name__ == "__main__":
    main()
