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

    def named_by(self, path: object) -> str:
        """The message with the file a scenario's text came from in the place of the engines'
        placeholder (`<scenario>`, `<scenario 'Title'>`, `scenario 'Title'`: they see only the
        text): `my.toml (scenario 'Title'): card 'x', field 'y': …`; another file's error as is."""
        text = str(self)
        if not self.file.startswith(("<scenario", "scenario")):
            return text
        title = self.file.strip("<>").removeprefix("scenario").strip()
        return f"{path}{f' (scenario {title})' if title else ''}{text[len(self.file) :]}"


class EngineNotAvailable(Exception):
    """The requested game's engine is not installed/implemented yet."""
