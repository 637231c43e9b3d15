"""The game log: what happened, in words."""

from __future__ import annotations

import textwrap
from typing import Self

from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import RichLog

from tui.log_words import LogLines
from tui.wording import UNBROKEN, costs_whole

CONSEQUENCE = "⤷ "  # a line of what an action caused: its wrapped lines go under its words
EVENT_COLUMN = 2  # where an event's words start (an action's start at the edge)
MIN_ROOM = 8  # the fewest columns a hanging wrapped line keeps for its words
CHANGES_APART = " · "  # between the changes of a consequence (`⤷ ►Hoplite -1 (♥2) · ◄Hoplite …`)
WHOLE = "\xa0"  # a space `hang_wrap` never breaks a line at (within one change of a consequence)


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
    too narrow for any indent). A consequence's changes (`⤷ ►Hoplite -1 (♥2) · ◄Summoning
    Stone -3 (♥22)`) are not broken within one (`◄Summoning` | `Stone -3`), each that fits a line;
    nor is a cost (`costs_whole`: `Hero ability (2` over `energy)`)."""
    if len(text) <= width or width < 1:
        return [text]
    text = costs_whole(text)
    indent = max(0, min(hang(text), width - MIN_ROOM))
    body = text.lstrip(" ")
    kept = body.startswith(CONSEQUENCE)
    if kept:  # each change of a consequence whole on a line (`◄Summoning Stone -3 (♥22)`), if it fits
        changes = body[len(CONSEQUENCE) :].split(CHANGES_APART)
        room = width - max(indent, len(text) - len(body) + len(CONSEQUENCE))
        text = (
            text[: len(text) - len(body)]
            + CONSEQUENCE
            + CHANGES_APART.join(
                change.replace(" ", WHOLE) if len(change) + len(CHANGES_APART) <= room else change
                for change in changes
            )
        )
    lines = textwrap.wrap(
        text,
        width,
        subsequent_indent=" " * indent,
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [text]
    lines = [line.replace(UNBROKEN, " ") for line in lines]
    return [line.replace(WHOLE, " ") for line in lines] if kept else lines


class GameLog(RichLog, LogLines):
    """Event texts, newest at the bottom; actions are marked by who played them. What the
    lines say, and which join (markers, a run of passes), is `tui.log_words.LogLines`'s, as
    in `triarch replay --print`; the widget draws them.

    `RichLog` wraps a line once, at the width it has when the line is written: a line
    written while the log is hidden (Hand of the Gods at 80 × 24 shows the card panel in
    its place) came out at the minimum width, and no line followed a resize. The log keeps
    its lines and writes them again whenever the width they were wrapped at is not its own:
    on Textual's Show and Resize, and when it is drawn at another width — hidden and shown
    again between two layouts of the screen (a key that shows the card panel, the next one
    the log), it is sent neither, the layout seeing it where it was (see `render_lines`)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, highlight=False, max_lines=2000, min_width=16
        )
        LogLines.__init__(self, limit=self.max_lines or 2000)
        self.can_focus = False
        self._wrapped_at: int | None = None  # the width the drawn lines were wrapped at
        # a screen may have a line too long for the log go on under its text (every game's)
        self.hanging = False
        self._strips: list[int] = []  # the drawn lines of each line of `plain` (0: deferred, or not drawn)
        self._rewrap_asked = False  # a `_rewrap` waits for the next refresh (asked by `render_lines`)

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

    def dropped(self, n: int) -> None:
        del self._strips[:n]

    def drawn_from(self, index: int) -> None:
        """Lines `index` to the end of `plain` drawn (again): the drawn lines of those that were
        take back first (a line amended: a marker joined it, a pass folded in it)."""
        again = len(self._strips) - index  # how many of them were drawn before
        if again > 0:
            if not self._size_known:  # not drawn yet: `RichLog` writes them when its size is known
                if len(self._deferred_renders) < again:
                    self._redraw(self._width_now())
                    return
                for _ in range(again):
                    self._deferred_renders.pop()
            else:
                taken = sum(self._strips[index:])
                if not all(self._strips[index:]) or taken > len(self.lines):
                    self._redraw(self._width_now())  # not all there to take back: every line again
                    return
                del self.lines[len(self.lines) - taken :]
                self._line_cache.clear()
            del self._strips[index:]
        width = self._width_now()
        if self._wrapped_at is None or width != self._wrapped_at:
            self._wrapped_at = -1  # drawn at a width that is not the log's: write again when seen
        for i in range(len(self._strips), len(self.plain)):
            self._strips.append(self._write(i, width))

    def _write(self, i: int, width: int, scroll_end: bool | None = None) -> int:
        """Write line `i` of `plain` at `width`: how many drawn lines it took."""
        before = self._start_line + len(self.lines)
        self.write(
            self._line(self.plain[i], self.line_styles[i], width),
            width=width if self.hanging and width > 0 else None,
            scroll_end=scroll_end,
        )
        return self._start_line + len(self.lines) - before

    def clear(self) -> Self:
        """Empty the log (its text too)."""
        self.reset()
        self._strips.clear()
        self._wrapped_at = None
        super().clear()
        return self

    def render_lines(self, crop: Region) -> list[Strip]:
        # drawn at a width its lines were not wrapped at (written while hidden, at the minimum
        # width): written again after this refresh. Textual sends a log no Show nor Resize when
        # it was hidden and shown again before the screen's next layout (that layout finds it
        # where the last one left it), and only these lines know: 16 columns under the end dialog
        if not self._rewrap_asked and self._size_known and not self.wrapped_to_width:
            self._rewrap_asked = True
            self.call_after_refresh(self._rewrap)
        return super().render_lines(crop)

    def catch_up(self) -> None:
        """Its lines written again now if they were wrapped at a width not its own (nothing while
        it is not laid out): what `render_lines` asks after the refresh, for a caller that waits
        for it (the end dialog) — not through the log's own messages, which may wait behind it."""
        self._rewrap()

    def _rewrap(self) -> None:
        self._rewrap_asked = False
        width = self._width_now()
        if not width or width == self._wrapped_at or not self._size_known:
            return
        self._redraw(width)

    def _redraw(self, width: int) -> None:
        """Every line written again at `width` (0: left to `RichLog`)."""
        self._wrapped_at = width if width else -1
        super().clear()
        keep = self.max_lines or len(self.plain)
        first = max(0, len(self.plain) - keep)
        self._strips = [0] * first
        for i in range(first, len(self.plain)):
            self._strips.append(self._write(i, width, scroll_end=False))
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._rewrap)

    def on_show(self, event: events.Show) -> None:
        self.call_after_refresh(self._rewrap)
