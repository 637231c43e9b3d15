"""Helpers for driving the app in Pilot tests."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot


def screen_text(app: Any) -> str:
    """Every line the terminal shows now (the top screen over the ones below)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def settle(pilot: Pilot[Any], rounds: int = 50) -> None:
    """Wait until the AI worker is done and the UI has caught up."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        busy = getattr(screen, "ai_running", False)
        if not busy and not any(w.is_running for w in app.workers):
            return
    raise AssertionError("the app did not settle")


def screen_name(app: Any) -> str:
    return type(app.screen).__name__


def keys_for(text: str) -> list[str]:
    """Key names that type `text` (pilot.press wants 'space' for ' ')."""
    names = {" ": "space", ":": "colon", "?": "question_mark", ",": "comma", "-": "minus", ".": "full_stop"}
    return [names.get(ch, ch) for ch in text]


def engine_ready(game_id: str) -> bool:
    """The engine imports (another engineer's work in progress may not)."""
    from common.registry import game_class

    try:
        game_class(game_id)
    except Exception:
        return False
    return True
