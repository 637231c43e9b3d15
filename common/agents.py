"""Agents: whatever answers a game's decisions — an AI level or a test script.

An agent sees the game through the game interface. Scripted agents must
only base their choice on what `game.view(seat)` would show (no peeking at
the opponent's hand or the deck order): when they simulate, they do it on a
clone. The random agent owns its own seeded generator.
"""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from .game import Action, Game


class Agent(ABC):
    name: str = "agent"

    @abstractmethod
    def choose(self, game: Game) -> Action:
        """Pick one of `game.legal_actions()` for the pending decision."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions that do not lose at once (`Game.not_losing`:
    all of them when every one does), from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise RuntimeError("no legal action to choose from")
        actions = game.not_losing(actions)  # never a move that loses at once, unless all do
        return actions[self._rng.randrange(len(actions))]


class ScriptAgent(Agent):
    """Plays a fixed list of notations in order (tests, puzzles)."""

    name = "script"

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)

    def choose(self, game: Game) -> Action:
        if not self.moves:
            raise RuntimeError("script exhausted")
        return game.parse_action(self.moves.pop(0))


def make_agent(game_cls: type[Game], level: str, seed: int = 0, budget: float | None = None) -> Agent:
    """An agent of the given level for a game ('random' always exists).
    `budget` (a safety cap in CPU seconds per decision) goes to the levels that take one (`search`)."""
    if level == "random":
        return RandomAgent(seed)
    levels: dict[str, Callable[..., Any]] = game_cls.agent_levels()
    if level not in levels:
        known = ", ".join(["random", *levels])
        raise ValueError(f"unknown AI level {level!r} for {game_cls.title}; known: {known}")
    factory = levels[level]
    if budget is not None and _takes_budget(factory):
        return factory(seed, budget=budget)
    return factory(seed)


def _takes_budget(factory: Callable[..., Any]) -> bool:
    params = inspect.signature(factory).parameters.values()
    return any(p.name == "budget" or p.kind is p.VAR_KEYWORD for p in params)


def agent_level_names(game_cls: type[Game]) -> list[str]:
    return ["random", *game_cls.agent_levels()]
