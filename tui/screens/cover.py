"""Hot-seat hand-over: hides the table until the next player presses a key."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.widgets import Static

from tui.screens.base import BaseModal


class CoverScreen(BaseModal[None]):
    """Opaque: nothing of the previous player's hand stays on screen."""

    def __init__(self, player_name: str, note: str = "", *, turn_of: str = "") -> None:
        """`turn_of`: whose turn it is when the decision is not the player's own turn's (an answer,
        a block, a discard at the end of the other player's turn)."""
        super().__init__(classes="cover")
        self.player_name = player_name
        self.note = note
        self.turn_of = turn_of

    def compose(self) -> ComposeResult:
        headline = (
            f"▶ {self.player_name}, you have a decision to make\nin {self.turn_of}'s turn."
            if self.turn_of
            else f"▶ {self.player_name}, it is your turn."
        )
        with Middle(), Center():
            yield Static(
                f"{headline}\n\n"
                + (f"{self.note}\n\n" if self.note else "")
                + "The other player looks away.\nPress any key (or click) to see your hand.",
                id="cover-text",
            )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)
