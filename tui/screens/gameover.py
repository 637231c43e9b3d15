"""The end of a game: the winner, short stats, rematch or back to the menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui.screens.base import BaseModal
from tui.widgets.footer import Footer


class GameOverScreen(BaseModal[str]):
    """Dismisses with "rematch", "menu", "board" (look at the final table), "watch" (the
    game again, on the replay screen, when it is kept) or "quit"."""

    BINDINGS = [
        Binding("r", "pick('rematch')", "Rematch"),
        Binding("m", "pick('menu')", "Menu"),
        Binding("b,escape", "pick('board')", "Look at the table", key_display="b/esc"),
        Binding("w", "pick('watch')", "Watch again"),
        Binding("q", "pick('quit')", "Quit"),
    ]

    # No button takes the focus on its own: Enter, pressed again and again through the last
    # actions, would start a rematch before the result was read (Tab reaches the buttons).
    AUTO_FOCUS = ""  # (None would take the app's, "*")

    def __init__(self, headline: str, stats: list[str], *, kept: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.headline = headline
        self.stats = stats
        self.kept = kept  # the game is kept: it can be watched again (w)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="gameover"):
            yield Static(f"★ Game over ★\n{self.headline}", classes="dialog-title", id="headline")
            yield Static("\n".join(self.stats), id="stats")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Rematch (r)", id="rematch", variant="primary", compact=True)
                yield Button("Menu (m)", id="menu", compact=True)
                yield Button("Table (b)", id="board", compact=True)
                if self.kept:
                    yield Button("Watch again (w)", id="watch", compact=True)
                yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()  # the dialog's keys, over the table's key bar

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_pick(self, what: str) -> None:
        if what == "watch" and not self.kept:
            return
        self.dismiss(what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`w` only when the game is kept (the footer shows it then only)."""
        if action == "pick" and parameters == ("watch",):
            return self.kept
        return True
