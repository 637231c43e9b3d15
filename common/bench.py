"""`triarch bench`: figures, not pass/fail.

Everything here runs in this one process, on one core (no threads, no
multiprocessing), except the two start-up timings, which run a fresh Python
process each (one at a time) because they measure start-up:

* random playouts: `Game.new_game(seed)`, then uniformly random legal actions
  (`legal_actions()` + `apply_legal`) until the game is over; games per second.
* the cost of `clone()`, `legal_actions()`, `apply()`, `apply_legal()` and
  `state_hash()` in µs, each call timed on its own, on mid-game states of seeded
  random games (30 %, 50 % and 70 % of the way through them: clones of those games);
  and on the same states played from the start (not clones), their first `clone()` and
  then `apply()` on the game itself (the table's path).
* AI decision latency per level: the agent plays one seat against the random
  agent; each `choose()` is timed (p50, p95, max in ms).
* `triarch --help` wall time, and the time from starting `triarch play GAME` to
  its first drawn frame (headless; see `first_frame_seconds`).

Timings on a shared machine are noisy: read them as orders of magnitude, and
take the best of a few runs before comparing.
"""

from __future__ import annotations

import inspect
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .agents import RandomAgent, make_agent
from .game import Action, Game

ROOT = Path(__file__).resolve().parent.parent
MAX_ACTIONS = 20_000  # a random game that runs longer than this is cut off (and counted)


# -- helpers -------------------------------------------------------------------------------
def _us(samples: Sequence[float]) -> dict[str, float]:
    """Mean, median, 95th percentile and max of per-call times (seconds) in µs."""
    if not samples:
        return {"mean_us": 0.0, "p50_us": 0.0, "p95_us": 0.0, "max_us": 0.0, "n": 0}
    s = sorted(samples)
    return {
        "mean_us": round(statistics.fmean(s) * 1e6, 1),
        "p50_us": round(_pct(s, 50) * 1e6, 1),
        "p95_us": round(_pct(s, 95) * 1e6, 1),
        "max_us": round(s[-1] * 1e6, 1),
        "n": len(s),
    }


def _pct(sorted_samples: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of sorted samples."""
    if not sorted_samples:
        return 0.0
    k = max(0, min(len(sorted_samples) - 1, math.ceil(q / 100 * len(sorted_samples)) - 1))
    return sorted_samples[k]


def random_playout(game_cls: type[Game], seed: int) -> tuple[Game, list[Action], bool]:
    """One random game: the final state, the actions, and whether it hit MAX_ACTIONS."""
    game = game_cls.new_game(seed=seed)
    rng = random.Random(seed)
    getrandbits = rng.getrandbits
    actions: list[Action] = []
    while not game.is_over():
        if len(actions) >= MAX_ACTIONS:
            return game, actions, True
        legal = game.legal_actions()
        # `rng.choice(legal)` written out (CPython 3.11's `choice` and its `_randbelow`, the
        # `getrandbits` one): the same draws, without its two Python frames an action
        n = len(legal)
        k = n.bit_length()
        i = getrandbits(k)  # 0 <= i < 2**k: drawn again until below n
        while i >= n:
            if not n:  # (`choice`'s error, asked only here: no list is empty most of the time)
                raise IndexError("no legal action in a game that is not over")
            i = getrandbits(k)
        a = legal[i]
        game.apply_legal(a)
        actions.append(a)
    return game, actions, False


# -- the figures -----------------------------------------------------------------------------
# random games per engine: enough for a tenth of a second of The Scars, the fastest engine,
# so one scheduler hiccup cannot move the rate by much (HotG takes about 1.5 s)
PLAYOUTS = 100


def bench_playouts(game_cls: type[Game], games: int = PLAYOUTS, seed: int = 1) -> dict[str, Any]:
    """Random full-game playouts per second (new_game included)."""
    game_cls.new_game(seed=seed)  # warm-up: card data loaded and cached once
    actions = capped = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(games):
        _, acts, cut = random_playout(game_cls, seed + i)
        actions += len(acts)
        capped += cut
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {
        "games": games,
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
        "playouts_per_s": round(games / wall, 1) if wall else 0.0,
        # the same per second of this process's own CPU time: what an idle core would give,
        # less disturbed when other processes share the machine
        "playouts_per_cpu_s": round(games / cpu, 1) if cpu else 0.0,
        "actions_per_game": round(actions / games, 1),
        "actions_per_s": round(actions / wall) if wall else 0,
        "capped": capped,
    }


def _read_log(game: Game) -> None:
    """Read the game's log as the table does after every action (it shows each action's events):
    an engine that makes its log's words only when read (Hand of the Gods) would otherwise make a
    whole game's words in the first timed `apply`, which no table pays (session 41)."""
    game.log.events  # noqa: B018 (the read is the point)


def mid_game_states(game_cls: type[Game], count: int = 6, seed: int = 1) -> list[Game]:
    """States 30 %, 50 % and 70 % of the way through seeded random games (not over)."""
    states: list[Game] = []
    i = 0
    while len(states) < count and i < count * 10:
        _, acts, _ = random_playout(game_cls, seed + 500 + i)
        i += 1
        marks = sorted({int(len(acts) * f) for f in (0.3, 0.5, 0.7)})
        game = game_cls.new_game(seed=seed + 500 + i - 1)
        for n, a in enumerate(acts):
            if n in marks and not game.is_over() and len(states) < count:
                _read_log(game)
                states.append(game.clone())
            game.apply_legal(a)
    return states


def played_game_states(game_cls: type[Game], count: int = 6, seed: int = 1) -> list[tuple[int, list[Action]]]:
    """`mid_game_states`' states as the way to play them from the start: each one's seed and the
    actions of its game up to it (a game played from its start is not a clone: it keeps its own
    cards, and its first clone costs what the table's copy before an action costs)."""
    out: list[tuple[int, list[Action]]] = []
    i = 0
    while len(out) < count and i < count * 10:
        game_seed = seed + 500 + i
        _, acts, _ = random_playout(game_cls, game_seed)
        i += 1
        marks = sorted({int(len(acts) * f) for f in (0.3, 0.5, 0.7)})
        game = game_cls.new_game(seed=game_seed)
        for n, a in enumerate(acts):
            if n in marks and not game.is_over() and len(out) < count:
                out.append((game_seed, acts[:n]))
            game.apply_legal(a)
    return out


def bench_played(
    game_cls: type[Game], states: Sequence[tuple[int, list[Action]]], repeat: int = 10, seed: int = 1
) -> dict[str, Any]:
    """The table's path on a game played from its start (`played_game_states`), `repeat` times a
    state, the game played anew each time: its first `clone()` (`clone_played`: the copy the table
    keeps before an action, the view an agent is given), then `apply()` of a random legal action on
    the game itself (`apply_after_clone`: the live game the table applies to)."""
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"clone_played": [], "apply_after_clone": []}
    pc = time.perf_counter
    for game_seed, acts in states:
        for _ in range(repeat):
            game = game_cls.new_game(seed=game_seed)
            for a in acts:
                game.apply_legal(a)
            _read_log(game)
            legal = game.legal_actions()
            t0 = pc()
            game.clone()
            out["clone_played"].append(pc() - t0)
            action = legal[rng.randrange(len(legal))]
            t0 = pc()
            game.apply(action)
            out["apply_after_clone"].append(pc() - t0)
    return {k: _us(v) for k, v in out.items()}


def bench_ops(states: Sequence[Game], repeat: int = 50, seed: int = 1) -> dict[str, Any]:
    """Per-call cost of the hot paths on the given (mid-game) states."""
    rng = random.Random(seed)
    out: dict[str, list[float]] = {
        k: [] for k in ("clone", "legal_actions", "apply", "apply_legal", "state_hash")
    }
    pc = time.perf_counter
    for state in states:
        for _ in range(repeat):
            t0 = pc()
            state.clone()
            out["clone"].append(pc() - t0)
            t0 = pc()
            legal = state.legal_actions()
            out["legal_actions"].append(pc() - t0)
            t0 = pc()
            state.state_hash()
            out["state_hash"].append(pc() - t0)
            action = legal[rng.randrange(len(legal))]
            twin = state.clone()
            t0 = pc()
            twin.apply(action)
            out["apply"].append(pc() - t0)
            twin = state.clone()
            t0 = pc()
            twin.apply_legal(action)
            out["apply_legal"].append(pc() - t0)
    return {k: _us(v) for k, v in out.items()}


def _agent(game_cls: type[Game], level: str, seed: int, budget: float | None) -> Any:
    if budget is not None and level != "random":
        factory = game_cls.agent_levels().get(level)
        try:
            params = inspect.signature(factory).parameters if factory else {}
        except (TypeError, ValueError):
            params = {}
        if factory is not None and "budget" in params:
            return factory(seed, budget=budget)
    return make_agent(game_cls, level, seed=seed)


def bench_ai(
    game_cls: type[Game],
    levels: Sequence[str] | None = None,
    decisions: int = 200,
    seconds: float = 20.0,
    seed: int = 1,
    budget: float | None = None,
) -> dict[str, Any]:
    """Decision latency per AI level, playing one seat against the random agent
    (seats alternate game by game). A level stops after `decisions` timed decisions
    or `seconds` of its own thinking, whichever comes first."""
    names = list(levels) if levels is not None else list(game_cls.agent_levels())
    out: dict[str, Any] = {}
    pc = time.perf_counter
    for level in names:
        times: list[float] = []
        thinking = 0.0
        g = 0
        while len(times) < decisions and thinking < seconds and g < 1000:
            game = game_cls.new_game(seed=seed + 1000 + g)
            seat = g % 2
            ai = _agent(game_cls, level, seed + g, budget)
            rnd = RandomAgent(seed + g)
            g += 1
            n = 0
            while not game.is_over() and n < MAX_ACTIONS and len(times) < decisions and thinking < seconds:
                d = game.decision()
                assert d is not None
                if d.player == seat:
                    view = game.clone()  # the table asks its agent on a clone too
                    t0 = pc()
                    a = ai.choose(view)
                    dt = pc() - t0
                    times.append(dt)
                    thinking += dt
                else:
                    a = rnd.choose(game)
                game.apply(a)
                n += 1
        s = sorted(times)
        out[level] = {
            "decisions": len(s),
            "games": g,
            "mean_ms": round(statistics.fmean(s) * 1000, 3) if s else 0.0,
            "p50_ms": round(_pct(s, 50) * 1000, 3),
            "p95_ms": round(_pct(s, 95) * 1000, 3),
            "max_ms": round(s[-1] * 1000, 3) if s else 0.0,
        }
    return out


def _python_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    return env


def help_seconds(runs: int = 3) -> float:
    """Best wall time of `triarch --help` in a fresh Python process, started the way
    the `triarch` script starts (import `tui.cli`, call `main`)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", "from tui.cli import main; main()", "--help"],
            cwd=ROOT,
            env=_python_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        best = min(best, time.perf_counter() - t0)
    return round(best, 3)


# The child process: `triarch play GAME` exactly as the command line runs it, except
# that the app runs headless (no terminal) with an autopilot that, once the app is
# ready and every pending message (the game screen mounted, laid out and refreshed)
# has been handled, prints a mark and leaves.
_FIRST_FRAME = """
import sys, time
from textual.app import App
from tui.app import TriarchApp
_run = App.run
def run(self, **kw):
    async def pilot(p):
        await p.pause()
        screen = type(p.app.screen).__name__
        print("FRAME", screen, flush=True)
        p.app.exit()
    return _run(self, headless=True, size=(120, 40), auto_pilot=pilot)
TriarchApp.run = run
from tui.cli import main
main(["play", sys.argv[1], "--seed", "1"], standalone_mode=False)
"""


def _first_frame_once(game_id: str, env: dict[str, str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _FIRST_FRAME, game_id],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = ""
    for line in proc.stdout:
        if line.startswith("FRAME"):
            break
    dt = time.perf_counter() - t0
    _, err = proc.communicate(timeout=60)
    if not line.startswith("FRAME"):
        raise RuntimeError(f"`triarch play {game_id}` drew no frame: {err.strip()[-500:]}")
    return dt, line.split()[1] if len(line.split()) > 1 else ""


def first_frame_seconds(game_id: str, runs: int = 3) -> tuple[float, str, float]:
    """Time from starting `triarch play GAME` (a fresh Python process) until the game
    table's first frame is drawn, headless at 120×40: the best of `runs` warm starts
    (Python's byte-code cache on, as on every launch after the first), the screen's
    class, and one cold start (the project's own modules compiled from source, as on
    the very first launch or wherever PYTHONDONTWRITEBYTECODE is set)."""
    with tempfile.TemporaryDirectory() as home:  # its autosave must not touch the player's
        env = _python_env()
        env["TRIARCH_HOME"] = home
        env["TRIARCH_AI_PACE"] = "0"
        cold_env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
        warm_env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cold, _ = _first_frame_once(game_id, cold_env)
        _first_frame_once(game_id, warm_env)  # writes the byte-code cache if it is missing
        best, screen = float("inf"), ""
        for _ in range(runs):
            dt, name = _first_frame_once(game_id, warm_env)
            if dt < best:
                best, screen = dt, name
    return round(best, 3), screen, round(cold, 3)


def bench_game(
    game_cls: type[Game],
    games: int = PLAYOUTS,
    seed: int = 1,
    *,
    states: int = 6,
    repeat: int = 50,
    levels: Sequence[str] | None = None,
    decisions: int = 200,
    ai_seconds: float = 20.0,
    budget: float | None = None,
    first_frame: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every figure for one game."""
    say = progress or (lambda _msg: None)
    say(f"{game_cls.game_id}: random playouts")
    out: dict[str, Any] = {"game": game_cls.game_id, "title": game_cls.title}
    out["playouts"] = bench_playouts(game_cls, games, seed)
    say(f"{game_cls.game_id}: clone, legal_actions, apply, state_hash")
    mids = mid_game_states(game_cls, states, seed)
    out["mid_game_states"] = len(mids)
    out["ops"] = bench_ops(mids, repeat, seed)
    say(f"{game_cls.game_id}: the first clone of a game played from its start")
    out["ops"].update(
        bench_played(game_cls, played_game_states(game_cls, states, seed), max(1, repeat // 5), seed)
    )
    say(f"{game_cls.game_id}: AI levels")
    out["ai"] = bench_ai(game_cls, levels, decisions, ai_seconds, seed, budget)
    if first_frame:
        say(f"{game_cls.game_id}: first frame of `triarch play`")
        seconds, screen, cold = first_frame_seconds(game_cls.game_id)
        out["first_frame_s"] = seconds
        out["first_frame_cold_s"] = cold
        out["first_frame_screen"] = screen
    return out
