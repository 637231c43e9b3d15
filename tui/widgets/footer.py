"""Textual's `Footer`, without two restyles per key each time it recomposes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """The key bar. Textual's own builds a `FooterKey` per binding at every focus change;
    each key's `compact` reactive defaults to True and is watched on mount (one restyle of
    the key), then the footer's value (False) is bound to it (a second restyle). With a
    dozen keys and a few focus changes while a table opens, that was about a tenth of a
    second of the first frame. Setting each key's value and class before it mounts gives
    the same key with neither restyle."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # the command palette's key is not bound to the footer: it keeps the default
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
