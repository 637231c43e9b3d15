"""Fixtures of the UI tests: a private save folder, no AI pause, the toy game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from common.registry import GAMES, GameInfo
from tests.registry_guard import only_games


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """tmux tests are opt-in: they run only when asked for with `-m tmux`."""
    if "tmux" in (config.option.markexpr or "").replace("not tmux", ""):
        return
    skip = pytest.mark.skip(reason="opt-in: run with `pytest -m tmux`")
    for item in items:
        if "tmux" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def triarch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves go to a temporary folder; the AI answers at once."""
    monkeypatch.setenv("TRIARCH_HOME", str(tmp_path))
    monkeypatch.setenv("TRIARCH_AI_PACE", "0")
    return tmp_path


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        GAMES, "toy", GameInfo("toy", "High Card", "tests.toygame:ToyGame", "A tiny test game.")
    )


@pytest.fixture
def only_toy(toy: None) -> Iterator[None]:
    """The menu knows only the toy game (deterministic whatever engines exist); the registry is
    given back in its order after (`only_games`: never `monkeypatch.delitem`, which puts each game
    back at the end)."""
    with only_games("toy"):
        yield
