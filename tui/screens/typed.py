"""Type an action in notation (e.g. `play 3`): for keyboard players and for
choices a screen cannot point at. Illegal text is explained by the engine."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from tui.screens.base import BaseModal

EXAMPLES = 6  # how many of the legal actions are offered as examples


class TypeActionScreen(BaseModal[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, examples: list[tuple[str, str]]) -> None:
        """`examples`: legal actions as (notation, the choice's words): the words say which
        card a number is (`cast 22 19  Play Iron Claws (1) equipped to Grey Wolf (2nd in DEF)`)."""
        super().__init__(classes="dialog-screen")
        self.examples = examples[:EXAMPLES]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="typed-dialog"):
            yield Static("Type an action (Enter plays it, Esc cancels)", classes="dialog-title")
            first = self.examples[0][0] if self.examples else "pass"
            yield Input(placeholder=f"e.g. {first}", id="typed")
            if self.examples:
                yield Static("possible:", classes="dim")
                wide = max(len(notation) for notation, _ in self.examples)
                for notation, words in self.examples:
                    line = notation if words == notation else f"{notation.ljust(wide)}  {words}"
                    yield Static(line, classes="typed-example", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
