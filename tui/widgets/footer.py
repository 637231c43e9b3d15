"""Textual's `Footer`, without two restyles per key each time it recomposes, and with the
keys that matter least left out when they do not all fit."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

# Actions whose keys give way, first to last, when the bar is too narrow for every key:
# they are also in the help (`?`) and the command palette.
GIVE_WAY = ("type_action", "save_as", "quit")


def key_width(key: FooterKey, compact: bool) -> int:
    """The columns `key` takes in the bar (Textual's padding: ` k ` then `description `)."""
    if compact:
        return len(key.key_display) + (len(key.description) + 1 if key.description else 0)
    return len(key.key_display) + 2 + (len(key.description) + 1 if key.description else 0)


class Footer(TextualFooter):
    """The key bar. Textual's own builds a `FooterKey` per binding at every focus change;
    each key's `compact` reactive defaults to True and is watched on mount (one restyle of
    the key), then the footer's value (False) is bound to it (a second restyle). With a
    dozen keys and a few focus changes while a table opens, that was about a tenth of a
    second of the first frame. Setting each key's value and class before it mounts gives
    the same key with neither restyle.

    Textual's bar cuts the keys that do not fit at its right end, which at 80 columns hid
    a game's own keys (Hand of the Gods: `e End turn`): the keys of `GIVE_WAY` are left out
    instead, as many as it takes."""

    _composed_width = 0

    def compose(self) -> ComposeResult:
        widgets: list[Widget] = []
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # the command palette's key is not bound to the footer: it keeps the default
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            widgets.append(widget)
        width = self.size.width or self.app.size.width
        self._composed_width = width
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        # a screen whose own key quits (a replay's `q`) shows one Quit, not that and `^q`
        if any(k.description == "Quit" and k.action != "quit" for k in keys):
            for k in [k for k in keys if k.action == "quit"]:
                widgets.remove(k)
                keys.remove(k)
        need = sum(key_width(k, bool(k.compact)) for k in keys) + 2
        for action in GIVE_WAY:
            if need <= width:
                break
            for k in [k for k in keys if k.action == action and not k.has_class("-command-palette")]:
                widgets.remove(k)
                keys.remove(k)
                need -= key_width(k, bool(k.compact))
        yield from widgets

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._composed_width and self._bindings_ready:
            self.call_after_refresh(self.recompose)
