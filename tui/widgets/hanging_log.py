"""The game log with wrapped lines indented under their text (Hand of the Gods)."""

from __future__ import annotations

import textwrap
from typing import Self

from rich.text import Text

from tui.widgets.log import GameLog

CONSEQUENCE = "⤷ "  # a line of what an action caused: its wrapped lines go under its words


def hang(text: str) -> int:
    """Where the wrapped lines of `text` start: two columns in from its words (after its
    leading spaces, and a `⤷ `: under the words of a consequence), so that they never start
    where a line of their own would (an action at the edge, an event two columns in)."""
    body = text.lstrip(" ")
    lead = len(text) - len(body)
    if body.startswith(CONSEQUENCE):
        return lead + len(CONSEQUENCE)
    return lead + 2 if lead else 4


def hang_wrap(text: str, width: int) -> list[str]:
    """`text` in lines of `width` columns, the lines after the first indented by `hang`."""
    if len(text) <= width:
        return [text]
    return textwrap.wrap(
        text,
        width,
        subsequent_indent=" " * hang(text),
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [text]


class HangingLog(GameLog):
    """`GameLog`, each line wrapped by itself so that its wrapped lines are indented under its
    text: at 120 × 40 `the first turn` came back to the edge under `  The first player does
    not draw on` and read as a line of its own. The lines are wrapped at the log's width
    (again whenever that width changes: see `GameLog`); while the log is hidden they are
    left to `RichLog`, and written again when it shows."""

    def write(
        self,
        content: object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        room = self._width_now()
        if isinstance(content, Text) and not content.spans and room > 12:
            content = Text("\n".join(hang_wrap(content.plain, room)), style=content.style)
        return super().write(content, width, expand, shrink, scroll_end, animate)
