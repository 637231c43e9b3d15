"""The help closed before its Rules tab was laid out (`?` then Esc at once, on a busy machine)
crashed the table with a Textual traceback: the worker that lays the rules out looked for the
closed help's widgets (`NoMatches: No nodes match '#rules-md'`). Found driving the real program
in tmux (`?`, then a resize and Esc)."""

from __future__ import annotations

import asyncio

import pytest

from tui.screens.help import HelpScreen

from .helpers import engine_ready, game_app, screen_name, settle

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


@pytest.mark.parametrize("game_id", ENGINES)
async def test_closing_the_help_while_the_rules_load_is_no_crash(game_id: str) -> None:
    app = game_app(game_id, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = screen_name(app)
        for wait in (0.0, 0.0, 0.005, 0.01, 0.02):
            app.screen.action_help()  # type: ignore[attr-defined]
            await asyncio.sleep(wait)
            assert isinstance(app.screen, HelpScreen)
            app.screen.action_close()
        await settle(pilot)
        assert app.is_running and screen_name(app) == table
        app.screen.action_help()  # type: ignore[attr-defined]
        await settle(pilot)  # and a help left open still lays its rules out (its worker done)
        assert not app.screen.query("#rules-loading") and app.screen.query("#rules-md")
