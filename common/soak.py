"""Soak runs: many seeded games per engine with the generic invariants checked
as they go (`triarch soak`, `pytest -m soak`, and the test harness share these checks).

Each game is played by a pair of agents (e.g. random vs random, scripted vs
random) and checked after every action:

* cheap checks, every step: a game that is not over has a decision for a
  valid seat and at least one legal action; the agent's choice is one of the
  legal actions; the engine's `check_invariants()` (card conservation, …)
  holds; a finished game has no decision and no legal action;
* sampled checks, every `check_every` steps (at an offset that depends on the
  seed, so different games check different steps) and at the first step:
  every legal action's notation parses back to itself; a sample of malformed
  and illegal actions is refused with `IllegalAction` (with a reason) and the
  state hash unchanged; every seat's `view()` is JSON-able; choosing did not
  change the state; `clone()` hashes equal to the original, stays equal when
  the original moves on, and follows it when given the same action;
* every `save_every` steps and at the end: the JSON save (through a JSON
  dump/load) loads to the same state hash — at the end this is the replay of
  the whole action list from the setup.

A failure is recorded with the game's seed, its agents, the action index and
the exception (kind + message + the last traceback lines), so it can be
reproduced with `soak_game(...)`; the run then goes on with the next game.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, make_agent
from .errors import IllegalAction
from .game import Action, Game

MALFORMED = [
    "",
    "   ",
    "???",
    "9lives",
    "move",
    "attack",
    "play",
    "pass 1 2 3 4 5 6 7 8",
    "zzz_unknown 1",
    "play 99999999999999999999999",
    "pass -1",
    "ñandú 1",
    "play \x00",
]

DEFAULT_MAX_ACTIONS = 5000


class SoakFailure(AssertionError):
    """A broken invariant, with the kind of check that caught it."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


def illegal_samples(game: Game, legal: list[Action], rng: random.Random, k: int = 4) -> list[Action | str]:
    """Malformed notations and illegal variants of legal actions (wrong, extra args)."""
    samples: list[Action | str] = list(rng.sample(MALFORMED, 3))
    samples.append(Action("no_such_verb", (1,)))
    legal_set = set(legal)
    tries = 0
    while len(samples) < 4 + k and legal and tries < 40:
        tries += 1
        base = rng.choice(legal)
        args = list(base.args)
        if args and rng.random() < 0.7:
            i = rng.randrange(len(args))
            a = args[i]
            args[i] = (a + 997) if isinstance(a, int) else f"{a}x"
        else:
            args.append(12345)
        cand = Action(base.kind, tuple(args))
        if cand not in legal_set:
            samples.append(cand)
    return samples


# -- the checks (each raises SoakFailure) ------------------------------------------


def check_decision(game: Game) -> list[Action]:
    """A live game has a decision for a real seat and legal actions; a finished one none."""
    d = game.decision()
    legal = game.legal_actions()
    if game.is_over():
        if d is not None or legal:
            raise SoakFailure(
                "over-state", f"the game is over but decision={d} and {len(legal)} legal actions"
            )
        w = game.winner()
        if w is not None and w not in range(game.players):
            raise SoakFailure("over-state", f"winner {w!r} is not a seat")
        return []
    if d is None:
        raise SoakFailure("no-decision", "the game is not over but has no pending decision")
    if d.player not in range(game.players):
        raise SoakFailure("no-decision", f"decision for seat {d.player!r}")
    if not legal:
        raise SoakFailure("no-legal-action", f"no legal action for {d.kind!r} ({d.prompt})")
    return legal


def check_notation(game: Game, legal: list[Action]) -> None:
    for a in legal:
        text = game.format_action(a)
        try:
            back = game.parse_action(text)
        except IllegalAction as exc:
            raise SoakFailure("notation", f"{a} formats as {text!r}, which is refused: {exc.reason}") from exc
        if back != a:
            raise SoakFailure("notation", f"{a} formats as {text!r}, which parses as {back}")


def check_refusals(game: Game, legal: list[Action], rng: random.Random, h: str) -> None:
    for bad in illegal_samples(game, legal, rng):
        try:
            game.apply(bad)
        except IllegalAction as exc:
            if not exc.reason:
                raise SoakFailure("refusal", f"{bad!r} was refused without a reason") from exc
        except Exception as exc:
            raise SoakFailure("refusal", f"{bad!r} raised {type(exc).__name__}: {exc}") from exc
        else:
            raise SoakFailure("illegal-accepted", f"illegal action {bad!r} was accepted")
        if game.state_hash() != h:
            raise SoakFailure("refusal", f"refusing {bad!r} changed the state")


def check_views(game: Game) -> None:
    """Every seat's view (and a spectator's) is JSON-able data."""
    for seat in (*range(game.players), None):
        try:
            json.dumps(game.view(seat))
        except Exception as exc:
            raise SoakFailure("view", f"view({seat}) failed: {type(exc).__name__}: {exc}") from exc


def check_invariants(game: Game) -> None:
    try:
        game.check_invariants()
    except AssertionError as exc:
        raise SoakFailure("invariant", str(exc) or type(exc).__name__) from exc


def check_reload(game_cls: type[Game], game: Game, what: str = "save-load") -> None:
    """The JSON save (through a dump/load) replays to the same state."""
    data = json.loads(json.dumps(game.to_json()))
    try:
        loaded = game_cls.from_json(data)
    except Exception as exc:
        raise SoakFailure(what, f"the save does not load: {type(exc).__name__}: {exc}") from exc
    if loaded.state_hash() != game.state_hash():
        raise SoakFailure(what, f"the save of {len(game.history)} actions loads to another state")


# -- one game -------------------------------------------------------------------------


@dataclass(slots=True)
class Failure:
    game: str
    seed: int
    agents: tuple[str, str]
    action_index: int  # actions applied before the failing check (0: at the start)
    kind: str
    message: str
    trace: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "agents": list(self.agents),
            "action_index": self.action_index,
            "kind": self.kind,
            "message": self.message,
            "trace": self.trace,
        }

    def describe(self) -> str:
        return (
            f"{self.game} seed {self.seed} ({self.agents[0]} vs {self.agents[1]}), "
            f"after {self.action_index} actions: {self.kind}: {self.message}"
        )


@dataclass(slots=True)
class GameOutcome:
    seed: int
    agents: tuple[str, str]
    actions: int
    over: bool
    winner: int | None
    final_hash: str
    failure: Failure | None = None


def _short_trace(exc: BaseException) -> str:
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "".join(lines[-6:]).rstrip()


def soak_game(
    game_cls: type[Game],
    seed: int,
    agents: tuple[str, str] = ("random", "random"),
    *,
    check_every: int = 10,
    save_every: int = 100,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    options: dict[str, Any] | None = None,
    budget: float | None = None,
) -> GameOutcome:
    """Play one seeded game between two agent levels with every check; never raises
    for an engine fault: the first broken check ends the game and is returned."""
    rng = random.Random(seed * 7919 + 17)
    offset = seed % max(check_every, 1)
    n = 0
    game: Game | None = None
    try:
        seats: list[Agent] = [
            make_agent(game_cls, agents[0], seed * 2 + 1, budget=budget),
            make_agent(game_cls, agents[1], seed * 2 + 2, budget=budget),
        ]
        pickers = [random.Random(seed * 2 + 1), random.Random(seed * 2 + 2)]
        game = game_cls.new_game(seed=seed, options=options)
        check_invariants(game)
        check_reload(game_cls, game)
        while not game.is_over():
            if n >= max_actions:
                raise SoakFailure("no-end", f"no end after {max_actions} actions")
            legal = check_decision(game)
            sampled = n == 0 or (check_every > 0 and n % check_every == offset)
            h = game.state_hash() if sampled else ""
            if sampled:
                check_notation(game, legal)
                check_refusals(game, legal, rng, h)
                check_views(game)
            d = game.decision()
            assert d is not None
            try:
                if agents[d.player] == "random":  # what RandomAgent does, without asking for the list again
                    action = legal[pickers[d.player].randrange(len(legal))]
                else:
                    action = seats[d.player].choose(game)
            except Exception as exc:
                raise SoakFailure(
                    "agent", f"{agents[d.player]} agent raised {type(exc).__name__}: {exc}"
                ) from exc
            if action not in legal:
                raise SoakFailure("agent", f"{agents[d.player]} agent chose {action}, which is not legal")
            twin = None
            if sampled:
                if game.state_hash() != h:
                    raise SoakFailure(
                        "agent", f"the {agents[d.player]} agent changed the state while choosing"
                    )
                twin = game.clone()
                if twin.state_hash() != h:
                    raise SoakFailure("clone", "clone() hashes differently from the original")
            try:
                if sampled:
                    game.apply(action)
                else:  # already checked against legal_actions(); the final replay applies it again
                    game.apply_legal(action)
            except IllegalAction as exc:
                raise SoakFailure("apply", f"legal action {action} was refused: {exc.reason}") from exc
            n += 1
            check_invariants(game)
            if twin is not None:
                if twin.state_hash() != h:
                    raise SoakFailure("clone", f"applying {action} to the original changed its clone")
                twin.apply(action)
                if twin.state_hash() != game.state_hash():
                    raise SoakFailure("clone", f"the clone diverged from the original after {action}")
            if save_every > 0 and n % save_every == 0:
                check_reload(game_cls, game)
        check_decision(game)
        check_reload(game_cls, game, "replay")
        return GameOutcome(seed, agents, n, True, game.winner(), game.state_hash())
    except Exception as exc:
        kind = exc.kind if isinstance(exc, SoakFailure) else "engine-error"
        message = exc.message if isinstance(exc, SoakFailure) else f"{type(exc).__name__}: {exc}"
        cause = exc.__cause__ if isinstance(exc, SoakFailure) and exc.__cause__ is not None else exc
        failure = Failure(game_cls.game_id, seed, agents, n, kind, message, _short_trace(cause))
        over = bool(game is not None and _safe(game.is_over))
        return GameOutcome(seed, agents, n, over, None, "", failure)


def _safe(f: Callable[[], Any]) -> Any:
    try:
        return f()
    except Exception:
        return None


# -- many games -------------------------------------------------------------------------


def pairings(levels: Sequence[str]) -> list[tuple[str, str]]:
    """The agent pairs a soak cycles through: random vs random, then each other
    level against random in both seats (and `random` alone: random vs random)."""
    others = [lv for lv in dict.fromkeys(levels) if lv != "random"]
    out: list[tuple[str, str]] = [("random", "random")]
    for lv in others:
        out += [(lv, "random"), ("random", lv)]
    return out


@dataclass(slots=True)
class SoakReport:
    game: str
    seed: int
    games: int = 0
    actions: int = 0
    finished: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    by_pair: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False  # stopped early (Ctrl-C, SIGTERM): the counts are of the games played

    @property
    def failures_by_kind(self) -> dict[str, int]:
        return dict(Counter(f.kind for f in self.failures))

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.actions += outcome.actions
        self.by_pair[f"{outcome.agents[0]}-{outcome.agents[1]}"] += 1
        if outcome.failure is not None:
            self.failures.append(outcome.failure)
            return
        self.finished += 1
        if outcome.winner is None:
            self.draws += 1
        else:
            self.wins[outcome.winner] += 1

    def to_json(self, max_failures: int = 50) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "actions": self.actions,
            "finished": self.finished,
            "wins_by_seat": self.wins,
            "draws": self.draws,
            "games_by_agents": dict(self.by_pair),
            "failures": len(self.failures),
            "failures_by_kind": self.failures_by_kind,
            "failure_details": [f.to_json() for f in self.failures[:max_failures]],
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games_per_s, 2),
            "interrupted": self.interrupted,
        }


def soak(
    game_cls: type[Game],
    games: int,
    seed: int = 1,
    levels: Sequence[str] = ("random", "scripted"),
    *,
    check_every: int = 10,
    save_every: int = 100,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    budget: float | None = None,
    on_game: Callable[[int, GameOutcome], None] | None = None,
) -> SoakReport:
    """Play `games` games; game i uses seed `seed + i` and the i-th agent pair of
    `pairings(levels)` (cycling). Failures are collected, the run goes on.
    A KeyboardInterrupt ends the run early: the game in progress is dropped and
    the report (marked `interrupted`) counts the games played."""
    pairs = pairings(levels)
    report = SoakReport(game_cls.game_id, seed)
    start = time.perf_counter()
    try:
        for i in range(games):
            outcome = soak_game(
                game_cls,
                seed + i,
                pairs[i % len(pairs)],
                check_every=check_every,
                save_every=save_every,
                max_actions=max_actions,
                budget=budget,
            )
            report.add(outcome)
            report.seconds = time.perf_counter() - start
            if on_game is not None:
                on_game(i, outcome)
    except KeyboardInterrupt:
        report.interrupted = True
    report.seconds = time.perf_counter() - start
    return report
