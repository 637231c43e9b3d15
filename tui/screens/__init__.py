"""The screens of the table. A game's dedicated screen is one module here
(`tui/screens/<game_id>.py` defining `SCREEN`, the screen class, and
`REPLAY`, its table on the replay screen); games without one are played on
the generic screen and replayed in words."""

from __future__ import annotations

import importlib

from tui.screens.game import GameScreen
from tui.screens.generic import GenericGameScreen
from tui.screens.replay import ReplayScreen


def _dedicated(game_id: str, name: str) -> object:
    """`name` of the game's dedicated module, or None when there is none."""
    try:
        module = importlib.import_module(f"tui.screens.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"tui.screens.{game_id}":
            return None
        raise
    return getattr(module, name, None)


def screen_class(game_id: str) -> type[GameScreen]:
    cls = _dedicated(game_id, "SCREEN")
    return cls if isinstance(cls, type) and issubclass(cls, GameScreen) else GenericGameScreen


def replay_class(game_id: str) -> type[ReplayScreen]:
    """The replay screen drawing the game's own table, else the view in words."""
    cls = _dedicated(game_id, "REPLAY")
    return cls if isinstance(cls, type) and issubclass(cls, ReplayScreen) else ReplayScreen
