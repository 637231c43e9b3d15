"""The help closed before its Rules tab was laid out (`?` then Esc at once, on a busy machine)
crashed the table with a Textual traceback: the worker that lays the rules out looked for the
closed help's widgets (`NoMatches: No nodes match '#rules-md'`). Found driving the real program
in tmux (`?`, then a resize and Esc).

The help is closed at each step of that worker (`HelpScreen.load_rules`), not after a few
fixed sleeps (which step a sleep reached depended on how busy the machine was): before it
starts (the crash: fails without `load_rules`' `except NoMatches`), as the first part of the
rules is laid out, as the `Loading` line goes, as the rest is laid out (the worker is ended
with the help there; no crash either)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Markdown

from common.registry import game_class
from tui.screens.help import HelpScreen

from .helpers import engine_ready, game_app, screen_name, settle

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]

# the steps of `load_rules` at which the help is closed: the widget it is at as it closes
STEPS = ("before the worker", "#rules-md", "#rules-loading", "#rules-rest")


@pytest.mark.parametrize("game_id", ENGINES)
async def test_closing_the_help_while_the_rules_load_is_no_crash(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    close_at: list[str] = []  # the step at which the help open now is closed
    closed: list[str] = []  # the steps at which a help was closed

    def closing(widget: Widget) -> None:
        screen = widget.screen
        if close_at and isinstance(screen, HelpScreen) and f"#{widget.id}" == close_at[0]:
            closed.append(close_at.pop())
            screen.action_close()

    update, remove = Markdown.update, Widget.remove

    def update_then_close(self: Markdown, markdown: str) -> Any:
        done = update(self, markdown)  # (its blocks are mounted as the help is closed)
        closing(self)
        return done

    def close_then_remove(self: Widget) -> Any:
        closing(self)
        return remove(self)

    monkeypatch.setattr(Markdown, "update", update_then_close)
    monkeypatch.setattr(Widget, "remove", close_then_remove)
    # the rules cut before their third section: still a first part and a rest, a fraction of
    # the widgets to lay out (the laying out is most of the test's cost, not what it checks)
    cls = game_class(game_id)
    text = cls.rules_text()
    third = [m.start() for m in re.finditer(r"^## ", text, flags=re.MULTILINE)][2]
    monkeypatch.setattr(cls, "rules_text", classmethod(lambda cls: text[:third]))

    app = game_app(game_id, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = screen_name(app)
        for step in STEPS:
            app.screen.action_help()  # type: ignore[attr-defined]
            assert isinstance(app.screen, HelpScreen)
            if step == "before the worker":
                app.screen.action_close()  # before its worker has run at all
                closed.append(step)
            else:
                close_at.append(step)
            await settle(pilot)
            assert app.is_running and screen_name(app) == table, step
        assert closed == list(STEPS)  # each step was reached, and the help closed there
        app.screen.action_help()  # type: ignore[attr-defined]
        await settle(pilot)  # and a help left open still lays its rules out (its worker done)
        assert not app.screen.query("#rules-loading") and app.screen.query("#rules-md")
        assert app.screen.query_one("#rules-rest", Markdown).children  # (the rest, after it)
