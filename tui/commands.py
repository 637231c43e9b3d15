"""Command palette entries (Ctrl+P): new game, save, resign, help, theme, quit."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider


class TriarchCommands(Provider):
    def commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        app: Any = self.app
        screen: Any = self.screen
        # leaving a game goes through its screen: asked first if its autosave cannot be written
        leave = screen.action_menu if hasattr(screen, "session") else app.back_to_menu
        out: list[tuple[str, str, Callable[[], Any]]] = [
            ("New game", "Back to the menu to start a game (the current one stays saved)", leave),
        ]
        if hasattr(screen, "session"):
            out += [
                ("Save game", "Save this game to a file you can resume later", screen.action_save_as),
                ("Resign", "Give up this game", screen.action_resign),
                ("Help", "Keys, rules reference and keyword glossary", screen.action_help),
            ]
        out.append(("Theme", "Change the colour theme", app.action_change_theme))
        out.append(
            ("Quit", "Leave Triarch (a game in progress stays saved: Continue resumes it)", app.action_quit)
        )
        return out

    async def discover(self) -> Hits:
        for name, help_text, callback in self.commands():
            yield DiscoveryHit(name, partial(callback), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self.commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(callback), help=help_text)
