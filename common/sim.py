"""Playing whole games between agents: `triarch simulate` and the tests use this."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, make_agent
from .game import Game

MAX_ACTIONS = 20_000


@dataclass(slots=True)
class GameResult:
    winner: int | None  # seat 0/1, or None for a draw
    actions: int
    seconds: float
    capped: bool = False
    final_hash: str = ""


def play_game(game: Game, agents: list[Agent], max_actions: int = MAX_ACTIONS) -> GameResult:
    """Let `agents[seat]` answer every decision until the game ends (or the cap)."""
    start = time.perf_counter()
    n = 0
    while not game.is_over():
        if n >= max_actions:
            return GameResult(None, n, time.perf_counter() - start, capped=True, final_hash=game.state_hash())
        d = game.decision()
        assert d is not None
        game.apply(agents[d.player].choose(game))
        n += 1
    return GameResult(game.winner(), n, time.perf_counter() - start, final_hash=game.state_hash())


@dataclass(slots=True)
class SimReport:
    game: str
    games: int
    wins: list[int] = field(default_factory=lambda: [0, 0])  # per agent (p1, p2), whatever the seat
    draws: int = 0
    capped: int = 0
    seconds: float = 0.0
    actions: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "seconds": round(self.seconds, 3),
        }


def simulate(
    game_cls: type[Game],
    p1: str,
    p2: str,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    on_game: Callable[[int, GameResult], None] | None = None,
) -> SimReport:
    """Play `games` games; game i uses seed `seed + i`; seats alternate game by game
    (agent p1 sits first in even games, second in odd ones)."""
    report = SimReport(game_cls.game_id, games)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        a1 = make_agent(game_cls, p1, seed=game_seed * 2 + 1)
        a2 = make_agent(game_cls, p2, seed=game_seed * 2 + 2)
        swapped = i % 2 == 1
        seats = [a2, a1] if swapped else [a1, a2]
        game = game_cls.new_game(seed=game_seed, options=options)
        result = play_game(game, seats)
        report.actions += result.actions
        if result.capped:
            report.capped += 1
        if result.winner is None:
            report.draws += 1
        else:
            winner_is_p1 = (result.winner == 0) != swapped
            report.wins[0 if winner_is_p1 else 1] += 1
        if on_game:
            on_game(i, result)
    report.seconds = time.perf_counter() - start
    return report
