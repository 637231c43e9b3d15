"""The end of a game: the winner, short stats, rematch or back to the menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui.screens.base import BaseModal
from tui.widgets.footer import Footer


class GameOverScreen(BaseModal[str]):
    """Dismisses with "rematch", "menu", "board" (look at the final table) or "quit"."""

    BINDINGS = [
        Binding("r", "pick('rematch')", "Rematch"),
        Binding("m", "pick('menu')", "Menu"),
        Binding("b,escape", "pick('board')", "Look at the table", key_display="b/esc"),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(self, headline: str, stats: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.headline = headline
        self.stats = stats

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="gameover"):
            yield Static(f"★ Game over ★\n{self.headline}", classes="dialog-title", id="headline")
            yield Static("\n".join(self.stats), id="stats")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary", compact=True)
                yield Button("Menu (m)", id="menu", compact=True)
                yield Button("Table (b)", id="board", compact=True)
                yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()  # the dialog's keys, over the table's key bar

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_pick(self, what: str) -> None:
        self.dismiss(what)
