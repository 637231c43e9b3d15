"""The game log: what happened, in words."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

from common.events import Event


class GameLog(RichLog):
    """Event texts, newest at the bottom; actions are marked by who played them."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, highlight=False, max_lines=2000, min_width=16
        )
        self.can_focus = False
        self.plain: list[str] = []  # the log's text, for tests and copying

    def add_line(self, text: str, style: str = "") -> None:
        self.plain.append(text)
        self.write(Text(text, style=style))

    def add_events(self, events: Iterable[Event], indent: str = "  ", viewer: int | None = None) -> None:
        """Each event in words as `viewer` may read them (hidden details of the
        other seat are replaced by the engine's public wording, or left out)."""
        for ev in events:
            text = ev.text_for(viewer)
            if text is not None:
                self.add_line(indent + text)
