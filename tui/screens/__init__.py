"""The screens of the table. A game's dedicated screen is one module here
(`tui/screens/<game_id>.py` defining `SCREEN`, the screen class); games
without one are played on the generic screen."""

from __future__ import annotations

import importlib

from tui.screens.game import GameScreen
from tui.screens.generic import GenericGameScreen


def screen_class(game_id: str) -> type[GameScreen]:
    try:
        module = importlib.import_module(f"tui.screens.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"tui.screens.{game_id}":
            return GenericGameScreen
        raise
    cls = getattr(module, "SCREEN", None)
    return cls if isinstance(cls, type) and issubclass(cls, GameScreen) else GenericGameScreen
