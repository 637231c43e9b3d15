"""`c` at a table: one card whole in a dialog — its name, stats and states, its text, the
keywords its text names explained, where it is — when the table's card panel has room for a
few of its lines only (four at 80 × 24)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tui.screens.base import BaseModal
from tui.screens.help import SCROLL_BINDINGS
from tui.widgets.footer import Footer


class CardScreen(BaseModal[None]):
    """A card in full (`body`, any Rich renderable) under its `title`; `Esc`, `c` or `q`
    closes it, the arrows, `PgUp`/`PgDn`, `Home`/`End` scroll what does not fit."""

    BINDINGS = [Binding("escape,c,q", "close", "Close", key_display="esc"), *SCROLL_BINDINGS]

    def __init__(self, title: str, body: Any) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="card-dialog"):
            yield Static(self.title_text, classes="dialog-title", id="card-title")
            with VerticalScroll(id="card-scroll"):
                yield Static(self.body, id="card-body")
            yield Static("Esc: back to the table", classes="dim", id="card-keys")
        yield Footer()

    def action_scroll(self, how: str) -> None:
        getattr(self.query_one("#card-scroll", VerticalScroll), f"scroll_{how}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
