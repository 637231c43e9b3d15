"""Small helpers for the table's words (no game rules)."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 point`, `2 points`; `many` for a word whose plural is not `word + s` (`1 ability`,
    `2 abilities`)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


# The help of `--option KEY=VALUE`, the same on every command that takes it.
GAME_OPTION_HELP = "Game option (repeatable), e.g. armageddon=20; a wrong key lists the game's."
