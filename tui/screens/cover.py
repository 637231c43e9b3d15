"""Hot-seat hand-over: hides the table until the next player presses a key."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.widgets import Static

from tui.screens.base import BaseModal
from tui.widgets.hand import clip

# The decision's words on the cover: at most two of its lines (48 columns each).
DECIDE_WIDTH = 90


class CoverScreen(BaseModal[None]):
    """Opaque: nothing of the previous player's hand stays on screen."""

    def __init__(self, player_name: str, note: str = "", *, turn_of: str = "", decide: str = "") -> None:
        """`decide`: what the player is about to decide (the engine's prompt), when it is not a
        decision of their own turn; `turn_of`: then whose turn it is (an answer, a block, a
        discard in the other player's turn), or "" before the first turn (a mulligan)."""
        super().__init__(classes="cover")
        self.player_name = player_name
        self.note = note
        self.turn_of = turn_of
        self.decide = decide

    def compose(self) -> ComposeResult:
        when = f"it is {self.turn_of}'s turn" if self.turn_of else "before the first turn"
        headline = (
            f"▶ {self.player_name}: {when} —\nyou decide: {clip(self.decide, DECIDE_WIDTH)}"
            if self.decide
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
