"""Which games Triarch knows and where their engines live.

The CLI and the UI look engines up here by id; an engine that is not there
yet raises `EngineNotAvailable` (the CLI says so and exits 2).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import EngineNotAvailable

if TYPE_CHECKING:  # `triarch --help` imports this module: the game interface only when used
    from .game import Game


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    target: str  # "module:Class"
    blurb: str


GAMES: dict[str, GameInfo] = {
    "hotg": GameInfo(
        "hotg",
        "Hand of the Gods",
        "hotg.game:HotgGame",
        "Tactical card game on a 5 × 9 grid: deploy gods' armies, destroy the enemy Summoning Stone.",
    ),
    "bhm": GameInfo(
        "bhm",
        "BHM",
        "bhm.game:BhmGame",
        "Spanish trading card game of beings, powers and territories, lost through the call counter (32).",
    ),
    "scars": GameInfo(
        "scars",
        "The Scars",
        "scars.game:ScarsGame",
        "Spanish trading card game of heroes, life/energy cards and a shared resolution stack.",
    ),
}


def game_info(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise EngineNotAvailable(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def game_class(game_id: str) -> type[Game]:
    info = game_info(game_id)
    module_name, cls_name = info.target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == module_name or module_name.startswith(exc.name + ".")):
            raise EngineNotAvailable(f"the {info.title} engine is not implemented yet") from None
        raise
    cls = getattr(module, cls_name, None)
    if cls is None:
        raise EngineNotAvailable(f"the {info.title} engine is not implemented yet")
    return cls


def available_games() -> list[str]:
    out = []
    for gid in GAMES:
        try:
            game_class(gid)
        except EngineNotAvailable:
            continue
        out.append(gid)
    return out
