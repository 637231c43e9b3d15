"""Session 35, BHM's table polished: one wording for a being's zone, the stats' key in words, the
card panel on the target under the cursor, a toast that hides neither the card panel nor the log,
`★` for the card that acted only, and the phase steps with no choice taken for the player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import engine_ready, game_app, press, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


async def test_the_saved_game_toast_hides_neither_the_card_panel_nor_the_log() -> None:
    """A new game over a game in progress keeps that game and says so (`Saved game kept`, 15 s): at
    80 × 24 the toast stood over the card panel and the log (Textual's place, bottom right); it
    stands over the right of the opponent's lane now, under its head line, clear of the prompt."""
    from textual.widgets._toast import Toast

    from tui.widgets.detail import CardDetail
    from tui.widgets.log import GameLog
    from tui.widgets.status import Prompt

    async with game_app("bhm", seed=3).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # (an action: the autosave holds a game in progress)
        await settle(pilot)
    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        toasts = list(app.screen.query(Toast))
        assert toasts and "Saved game kept" in str(toasts[0].render())
        toast = toasts[0].region
        screen: Any = app.screen
        for widget in (screen.query_one(CardDetail), screen.query_one(GameLog), screen.query_one(Prompt)):
            assert not toast.overlaps(widget.region), (toast, widget, widget.region)
        assert toast.y >= 2  # (the title and the opponent's head line stay in sight)
