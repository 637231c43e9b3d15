"""Textual's `Footer`, without two restyles per key each time it recomposes, and with the
keys that matter least left out when they do not all fit."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.compose import compose
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

# Actions whose keys give way, first to last, when the bar is too narrow for every key:
# they are also in the help (`?`) and the command palette.
GIVE_WAY = ("type_action", "save_as", "quit")


def drawn_as(widgets: Sequence[Widget]) -> tuple[Hashable, ...]:
    """What the bar's widgets (as composed, not yet mounted) draw: each one's kind, classes and
    words — a key's key, display, description, action, state and tooltip, a label's text —
    and the same of the widgets composed into it (a group of keys)."""
    return tuple(
        (
            type(w).__name__,
            tuple(sorted(w.classes)),
            w.disabled,
            str(w.tooltip) if w.tooltip is not None else None,
            (w.key, w.key_display, w.description, w.action, bool(w.compact))
            if isinstance(w, FooterKey)
            else str(getattr(w, "_content", "")),
            drawn_as(w._pending_children),
        )
        for w in widgets
    )


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
    _shown: tuple[tuple[Hashable, ...], list[Widget]] | None = None
    # what the shown keys were made from (`made_from`), and those keys
    _made_from: tuple[Hashable, ...] | None = None
    _kept: list[Widget] | None = None

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

    async def recompose(self) -> None:
        """Textual's recompose (remove every key, mount the new ones), unless the bar would be
        drawn as it is: the screen's bindings are updated at every focus change, a dialog's
        opening and closing, a screen's mount, mostly with the same keys, and each rebuild
        mounted and styled a dozen keys again (a good part of a test's time, and of a first
        frame's). What the keys show is compared, not what they are made from."""
        if not self.is_attached or self._pruning:
            return
        # what the keys are made from, read before making any: the same as at the last rebuild,
        # the bar stays (most updates: a focus change), without a dozen keys made to compare
        made_from = self.made_from()
        if made_from is not None and made_from == self._made_from and list(self.children) == self._kept:
            return
        widgets = compose(self)
        drawn = drawn_as(widgets)
        if self._shown is not None:
            shown_drawn, shown = self._shown
            if drawn == shown_drawn and list(self.children) == shown:
                self._made_from, self._kept = made_from, shown
                return
        async with self.batch():
            await self.query_children("*").exclude(".-textual-system").remove()
            if self.is_attached:
                await self.mount_all(widgets)
                self._shown = (drawn, widgets)
                self._made_from, self._kept = made_from, widgets

    def made_from(self) -> tuple[Hashable, ...] | None:
        """All that `compose` reads: the screen's bindings shown (each one's key, how it is
        drawn, words, action, group, whether enabled, tooltip), the command palette's, the bar's
        compactness and width. None when the bindings are not ready (nothing to compare)."""
        if not self._bindings_ready:
            return None
        app = self.app
        bindings = tuple(
            (
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                binding.show,
                binding.tooltip,
                (binding.group.description, binding.group.compact) if binding.group else None,
                enabled,
                tooltip,
            )
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
        )
        palette = (self.show_command_palette, app.ENABLE_COMMAND_PALETTE, app.COMMAND_PALETTE_BINDING)
        return (bindings, palette, self.compact, self.size.width or app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._composed_width and self._bindings_ready:
            self.call_after_refresh(self.recompose)
