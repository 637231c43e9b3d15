"""Saving and loading games as JSON replays (setup + action list), atomically."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .game import Game
from .registry import game_class


def data_dir() -> Path:
    """Where autosaves live: $TRIARCH_HOME, else $XDG_DATA_HOME/triarch, else ~/.local/share/triarch."""
    home = os.environ.get("TRIARCH_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "triarch"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write-then-rename, so a crash mid-write never leaves a broken save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_game(game: Game, path: Path, extra: dict[str, Any] | None = None) -> None:
    data = game.to_json()
    if extra:
        data["ui"] = extra
    write_json_atomic(path, data)


def read_save(path: Path) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict) or "game" not in data:
        raise ValueError(f"{path}: not a Triarch save")
    return data


def load_game(path: Path) -> Game:
    data = read_save(path)
    return game_class(data["game"]).from_json(data)
