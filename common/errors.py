"""The kernel's exception types."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action that is malformed or not legal now.

    Raised by `Game.apply` (and `Game.parse_action`) *before* any state changes,
    so a refused action always leaves the game exactly as it was.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DataError(Exception):
    """A bad data file (cards, decks, scenarios), named down to the field."""

    def __init__(self, file: str, message: str, card: str | None = None, field: str | None = None) -> None:
        self.file = str(file)
        self.card = card
        self.field = field
        self.message = message
        where = self.file
        if card is not None:
            where += f": card '{card}'"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


class EngineNotAvailable(Exception):
    """The requested game's engine is not installed/implemented yet."""
