"""Helpers for driving the app in Pilot tests.

`press` and `settle(look=False)` skip the idle waits of `Pilot.press` /
`Pilot.pause` (each at least 20 ms of wall time): a complete game is hundreds
of key presses. They wait for the messages of the app and of the screen to be
processed, and for the AI worker, which is all a test needs; `settle()` with
the default `look=True` also lets the screen repaint before its text is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import unicodedata
from typing import Any

from textual import events
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

_REPLACED = {"space": " ", "enter": "\r", "escape": "\x1b", "tab": "\t"}


def screen_text(app: Any) -> str:
    """Every line the terminal shows now (the top screen over the ones below)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def drain(pilot: Pilot[Any]) -> None:
    """Until the app and every widget of the screen have no message waiting."""
    app = pilot.app
    for _ in range(50):
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if all(n._message_queue.empty() for n in nodes):
            return


def _busy(app: Any) -> bool:
    """The AI thinks, or a finished game's dialog waits for the next refresh."""
    return any(
        getattr(s, "ai_running", False) or getattr(s, "game_over_pending", False) for s in app.screen_stack
    ) or any(w.is_running for w in app.workers)


async def settle(pilot: Pilot[Any], rounds: int = 400, *, look: bool = True) -> None:
    """Wait until the AI worker is done and the UI has caught up."""
    app = pilot.app
    for _ in range(rounds):
        await drain(pilot)
        if not _busy(app):
            await drain(pilot)
            if not _busy(app):
                if look:
                    await pilot.pause()
                return
        with contextlib.suppress(WorkerCancelled):  # an AI worker replaced by the next one
            await app.workers.wait_for_complete()
        # a refresh (which shows the game-over dialog) comes on the screen's timer, not at once
        await asyncio.sleep(
            0.002 if any(getattr(s, "game_over_pending", False) for s in app.screen_stack) else 0
        )
    raise AssertionError("the app did not settle")


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Key presses without the idle waits of `Pilot.press` (see the module doc)."""
    app = pilot.app
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        char: str | None
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = _REPLACED.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await drain(pilot)


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


async def play_out(pilot: Pilot[Any], limit: int = 1500) -> None:
    """Answer every decision by keys until the game is over: in a dialog
    Enter takes its default, else `1` takes the first choice of the list."""
    app = pilot.app
    for _ in range(limit):
        if screen_name(app) == "GameOverScreen":
            return
        key = "enter" if screen_name(app) in ("TileDialog", "RowsDialog", "CoverScreen") else "1"
        await press(pilot, key)
        await settle(pilot, look=False)
    raise AssertionError(f"the game did not end ({len(app.session.game.history)} actions)")
