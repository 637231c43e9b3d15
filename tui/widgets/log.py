"""The game log: what happened, in words."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Self

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from common.events import Event
from tui.log_words import MARKER_JOIN, MarkerRuns, event_entries

CONSEQUENCE = "⤷ "  # a line of what an action caused: its wrapped lines go under its words
EVENT_COLUMN = 2  # where an event's words start (an action's start at the edge)
MIN_ROOM = 8  # the fewest columns a hanging wrapped line keeps for its words


def hang(text: str) -> int:
    """Where the wrapped lines of `text` start: two columns in from its words (after its
    leading spaces, and a `⤷ `: under the words of a consequence), so that they never start
    where a line of their own would (an action at the edge, an event two columns in): a line
    at the edge goes on 4 columns in."""
    body = text.lstrip(" ")
    lead = len(text) - len(body)
    if body.startswith(CONSEQUENCE):
        lead += len(CONSEQUENCE)
        return lead if lead != EVENT_COLUMN else lead + 2
    return lead + 2 if lead + 2 != EVENT_COLUMN else lead + 4


def hang_wrap(text: str, width: int) -> list[str]:
    """`text` in lines of `width` columns, the lines after the first indented by `hang` — or
    less, so that they keep `MIN_ROOM` columns for their words (at the edge when the log is
    too narrow for any indent)."""
    if len(text) <= width or width < 1:
        return [text]
    indent = max(0, min(hang(text), width - MIN_ROOM))
    return textwrap.wrap(
        text,
        width,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [text]


class GameLog(RichLog):
    """Event texts, newest at the bottom; actions are marked by who played them.

    `RichLog` wraps a line once, at the width it has when the line is written: a line
    written while the log is hidden (Hand of the Gods at 80 × 24 shows the card panel in
    its place) came out at the minimum width, and no line followed a resize. The log keeps
    its lines and writes them again whenever the width they were wrapped at is not its own."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, highlight=False, max_lines=2000, min_width=16
        )
        self.can_focus = False
        self.plain: list[str] = []  # the log's text, for tests and copying
        self._styles: list[str] = []  # the style of each line of `plain`
        self._wrapped_at: int | None = None  # the width the drawn lines were wrapped at
        # a screen may have a line too long for the log go on under its text (every game's)
        self.hanging = False
        self._runs = MarkerRuns()  # a marker joins the markers of the line before (`add_events`)
        self._last_strips = 0  # the drawn lines of the last line written (`_amend_last`)

    def _line(self, text: str, style: str, width: int) -> Text:
        """A line of the log as written at `width` (0: not known yet, left to `RichLog`): with
        `hanging`, its lines after the first indented by `hang` (see `hang_wrap`)."""
        if self.hanging and width > 0:
            text = "\n".join(hang_wrap(text, width))
        return Text(text, style=style)

    @property
    def wrapped_to_width(self) -> bool:
        """Its lines are wrapped at the log's width now (or it is not shown): a dialog pushed
        over the table before this is true keeps the lines as they were drawn — a log shown at
        the end of the game had its last lines at the minimum width under the game-over dialog."""
        if not self.display:
            return True
        width = self._width_now()  # 0: just shown, not laid out yet
        return bool(width) and self._wrapped_at in (None, width)

    def _width_now(self) -> int:
        return self.scrollable_content_region.width if self.display and self.size.width else 0

    def add_line(self, text: str, style: str = "") -> None:
        """A line of its own (an action's, a note's): it ends a run of markers."""
        self._runs.close()
        self._add(text, style)

    def _add(self, text: str, style: str = "") -> None:
        self.plain.append(text)
        self._styles.append(style)
        if len(self.plain) > 2 * (self.max_lines or 2000):
            keep = self.max_lines or 2000
            del self.plain[:-keep], self._styles[:-keep]
        self._write_last()

    def _write_last(self) -> None:
        """Draw the last line of `plain`, counting the lines it takes (`_amend_last`)."""
        width = self._width_now()
        if self._wrapped_at is None or width != self._wrapped_at:
            self._wrapped_at = -1  # drawn at a width that is not the log's: write again when seen
        before = self._start_line + len(self.lines)
        self.write(
            self._line(self.plain[-1], self._styles[-1], width),
            width=width if self.hanging and width > 0 else None,
        )
        self._last_strips = self._start_line + len(self.lines) - before

    def _amend_last(self, text: str) -> None:
        """The last line reads `text` now (a marker joined it): its drawn lines go, it is
        written again — at the log's width, wrapped as any line."""
        self.plain[-1] = text
        if not self._size_known:  # not drawn yet: `RichLog` writes it when its size is known
            if self._deferred_renders:
                self._deferred_renders.pop()
        elif 0 < self._last_strips <= len(self.lines):
            del self.lines[-self._last_strips :]
            self._line_cache.clear()
        else:  # its lines are not all there to take back: every line written again
            self._redraw(self._width_now())
            return
        self._write_last()

    def clear(self) -> Self:
        """Empty the log (its text too)."""
        self._runs.close()
        self._last_strips = 0
        self.plain.clear()
        self._styles.clear()
        self._wrapped_at = None
        super().clear()
        return self

    def _rewrap(self) -> None:
        width = self._width_now()
        if not width or width == self._wrapped_at or not self._size_known:
            return
        self._redraw(width)

    def _redraw(self, width: int) -> None:
        """Every line written again at `width` (0: left to `RichLog`)."""
        self._wrapped_at = width if width else -1
        super().clear()
        keep = self.max_lines or len(self.plain)
        for text, style in zip(self.plain[-keep:], self._styles[-keep:], strict=False):
            before = self._start_line + len(self.lines)
            self.write(
                self._line(text, style, width),
                width=width if self.hanging and width > 0 else None,
                scroll_end=False,
            )
            self._last_strips = self._start_line + len(self.lines) - before
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._rewrap)

    def on_show(self, event: events.Show) -> None:
        self.call_after_refresh(self._rewrap)

    def add_events(self, events: Iterable[Event], indent: str = "  ", viewer: int | None = None) -> None:
        """Each event in words as `viewer` may read them (hidden details of the
        other seat are replaced by the engine's public wording, or left out).
        The markers of a quiet stretch share a line (`tui.log_words.MarkerRuns`), across
        calls too: the markers of an action join those of the one before when no line came
        between them."""
        for text, marker in event_entries(list(events), viewer):
            if self._runs.joins(marker) and self.plain:
                self._amend_last(self.plain[-1] + MARKER_JOIN + text)
            else:
                self._add(indent + text)
