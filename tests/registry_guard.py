"""The game registry (`common.registry.GAMES`) as every test finds it: in its order, whose first
ready game is the one the menu opens on. A test that changes it gives it back as it was, order
included — `monkeypatch.delitem` does not: undone, it puts each game back at the end, and every
later test in the same worker saw The Scars first (the menu's default game)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from common.registry import GAMES, GameInfo


def registry_now() -> list[tuple[str, GameInfo]]:
    return list(GAMES.items())


def restore(saved: list[tuple[str, GameInfo]]) -> None:
    """The registry as `saved`, in its order."""
    GAMES.clear()
    GAMES.update(saved)


@contextlib.contextmanager
def only_games(*ids: str) -> Iterator[None]:
    """The registry holding only the games `ids` (registered already), then as it was."""
    saved = registry_now()
    for gid in [g for g in GAMES if g not in ids]:
        del GAMES[gid]
    try:
        yield
    finally:
        restore(saved)
