"""A key reaches each screen class's `on_key` once: Textual calls the handler of every class in the
screen's MRO itself, so a subclass's `super().on_key(event)` ran `GameScreen.on_key` (and BHM's
`LaneScreen.on_key`) twice a key."""

from __future__ import annotations

from typing import Any

import pytest

from tui.screens.game import GameScreen
from tui.screens.lanes import LaneScreen

from .helpers import game_app, press, settle


@pytest.mark.parametrize("game", ["hotg", "bhm", "scars"])
async def test_each_on_key_runs_once_a_key(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    for cls in (GameScreen, LaneScreen):
        handler = cls.__dict__["on_key"]

        def counted(self: Any, event: Any, handler: Any = handler, name: str = cls.__name__) -> None:
            if event.key == "x":
                calls.append(name)
            handler(self, event)

        monkeypatch.setattr(cls, "on_key", counted)
    app = game_app(game, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "x")
        await settle(pilot)
    expected = ["LaneScreen", "GameScreen"] if game != "hotg" else ["GameScreen"]
    assert calls == expected
