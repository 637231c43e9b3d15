"""What a game's table needs from the screen it is drawn on, played or replayed.

A dedicated table (the Hand of the Gods grid, the BHM and Scars lanes) is a
mixin of drawing methods (`compose_table()`, `update_table()`, the marks of
the last actions) over `TableScreen`; the game screen (`GameScreen`) and the
replay screen (`ReplayScreen`) are both `TableScreen`s, so one drawing serves
both: `HotgScreen(HotgTable, GameScreen)`, `HotgReplayScreen(HotgTable, ReplayScreen)`.
The drawing reads only the view, the legal actions (none in a replay) and the
hooks below; it never takes an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.game import Action, Decision, Game
from tui.log_words import log_words
from tui.screens.base import BaseScreen

# What the seat deciding does now, by the decision's kind, in the status line (`Player 1 (you)
# to choose a target`): the phase said in words, not by the kind in brackets (`to decide (turn)`).
# Played and replayed alike (`TableScreen.status_words`); a kind not named here is `to decide`.
STATUS_PHASES = {
    "turn": "to play",
    "target": "to choose a target",
    "reveal": "to pick a revealed card",  # HotG: the Oracle of Delphi
    "mulligan": "to keep or mulligan",
    "combat": "to declare attacks",  # BHM
    "draw": "to draw",
    "discard": "to discard",
    "respond": "to respond",
    "invest": "to invest POD",  # BHM
    "setup": "to set up",  # The Scars
    "recruit": "to recruit",
    "attack": "to declare attackers",
    "block": "to declare blockers",
    "shelter": "to choose who fights",
    "damage": "to assign damage",
    "cleanup": "to discard a unit",
}


class TableScreen(BaseScreen):
    """A screen with a table on it (the hooks a table's drawing calls)."""

    view_data: dict[str, Any]
    legal: list[Action]

    def seat_name(self, p: int) -> str:
        return f"Player {p + 1}"

    def status_words(self, d: Decision | None) -> str:
        """The turn as the log counts it, whose decision it is and what they do, in words
        (`turn 5 · Player 1 (you) to play`): the game screen's status line after the game's
        title, the replay's line of the decision pending. Without a turn in the view (an engine
        that does not count them), whose and what alone; no decision, the turn alone."""
        turn = self.view_data.get("turn")
        parts = [f"turn {turn}"] if isinstance(turn, int) and not isinstance(turn, bool) else []
        if d is not None:
            parts.append(f"{self.seat_name(d.player)} {STATUS_PHASES.get(d.kind, 'to decide')}")
        return " · ".join(parts)

    def table_viewer(self) -> int:
        """The seat whose side is drawn at the bottom (and whose hand shows, when the view has it)."""
        return 0

    def marked_seat(self) -> int:
        """The seat whose last actions are marked on the table."""
        return 1 - self.table_viewer()

    def shows_keys(self) -> bool:
        """Whether the table names the keys that act on it (not in a replay, nor at the end)."""
        return False

    def card_args(self, action: Action) -> list[int]:
        """The cards (uids) an action names, the card that acts first; a game whose actions
        also carry numbers that are no cards (BHM's POD investment) says which are."""
        return [a for a in action.args if isinstance(a, int) and not isinstance(a, bool)]

    def words_for(self, game: Game, action: Action, viewer: int | None) -> str:
        """`action`, about to be applied to `game`, in the words `viewer` may read (the log's,
        the replay's): a table whose cards share names says which (never by a place in a hand).
        One source with `triarch replay --print`: `tui.log_words`."""
        return log_words(game, action, viewer)

    def table_game(self) -> Any:
        """The game whose view is drawn (the game screen's, the replay's step), or None."""
        return None

    def card_where(self, card: Mapping[str, Any]) -> str:
        """Where `card` is, for the card panel's title, when another card of the table has its
        name (`z1 of P2`, `P2, 1st in ATK`); "" when its name alone says which (a game that
        tells same-named cards apart says how)."""
        return ""

    def named_card(self, card: dict[str, Any]) -> dict[str, Any]:
        """`card` as the card panel shows it, on the game screen and in the replay (a game may
        name what its fields only number: The Scars' `sheltering: 36`)."""
        return card

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        """Draw the view (a dedicated table overrides this)."""

    def note_replayed(self, player: int, action: Action, words: str, before: Any, after: Any) -> None:
        """One action already played, to be marked on the table (dedicated tables mark it)."""
