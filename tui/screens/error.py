"""An unexpected error in the engine (or an agent): what happened, where the
game is saved, and the way out — back to the menu (Continue resumes the last
good state) or quit. Never a traceback on the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui.screens.base import BaseModal
from tui.session import EngineFailure
from tui.wording import plural


def failure_lines(failure: EngineFailure) -> list[str]:
    """The error screen's text (also what a test or a log reads)."""
    lines = [f"{failure} — {failure.doing}."]
    if failure.save is not None:
        lines.append(
            f"Your game was saved at {failure.save} after {plural(failure.actions, 'action')}: "
            "Continue on the menu resumes it from there."
        )
    else:
        lines.append("This game was not being saved, so it cannot be resumed.")
    if failure.log_path is not None:
        lines.append(f"Details for a bug report: {failure.log_path}")
    return lines


class ErrorScreen(BaseModal[str]):
    """Dismisses with "menu" or "quit"."""

    BINDINGS = [
        Binding("m,escape,enter", "pick('menu')", "Back to the menu"),
        Binding("q", "pick('quit')", "Quit"),
    ]
    DEFAULT_CSS = """
    ErrorScreen #error-box { width: 76; border: thick $error; }
    """

    def __init__(self, failure: EngineFailure) -> None:
        super().__init__(classes="dialog-screen")
        self.failure = failure

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="error-box"):
            yield Static("Something went wrong in the game", classes="dialog-title")
            yield Static("\n\n".join(failure_lines(self.failure)), id="error-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Back to the menu (m)", id="menu", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", variant="error", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_pick(self, what: str) -> None:
        self.dismiss(what)
