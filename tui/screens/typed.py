"""Type an action in notation (e.g. `play 3`): for keyboard players and for
choices a screen cannot point at. Illegal text is explained by the engine."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tui.screens.base import BaseModal


class TypeActionScreen(BaseModal[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, examples: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.examples = examples

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Type an action (Enter plays it, Esc cancels)", classes="dialog-title")
            yield Input(placeholder="e.g. " + (self.examples[0] if self.examples else "pass"), id="typed")
            if self.examples:
                yield Static("possible: " + " · ".join(self.examples[:6]), classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
