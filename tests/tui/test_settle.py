"""`settle()` (tests/tui/helpers.py) on a loaded machine, which holds the screen's refresh timer
back: what is drawn after the next refresh is drawn when `settle()` returns all the same."""

from __future__ import annotations

import pytest
import textual.screen
from textual.widgets._footer import FooterKey

from .helpers import game_app, play_out, screen_name, screen_text, settle

pytestmark = pytest.mark.usefixtures("toy")


@pytest.fixture
def timer_held_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens' refresh timer fires only once a minute (no test waits that long)."""
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 60.0)


@pytest.mark.usefixtures("timer_held_back")
async def test_the_game_over_dialog_and_its_keys_are_drawn_when_settle_returns() -> None:
    """The dialog opens after the table's next refresh (tui/screens/game.py), and its footer lists
    the dialog's keys after the dialog's next one: `settle()` used to wait for the timer to bring
    the dialog, and gave up ('the app did not settle') when it did not come."""
    app = game_app("toy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_out(pilot)
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        keys = {k.key for k in app.screen.query(FooterKey) if k.display}
        assert {"r", "m", "q"} <= keys, keys
        assert "q Quit" in screen_text(app).splitlines()[-1]
