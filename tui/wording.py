"""Small helpers for the table's words (no game rules)."""

from __future__ import annotations

import re

from common.goals import SOLVED, Verdict


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 point`, `2 points`; `many` for a word whose plural is not `word + s` (`1 ability`,
    `2 abilities`)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


# A cost in brackets is never broken at the end of a line when a text wraps: The Scars' `(1 energy)`,
# `(pay 1 life)`, a place and a cost `(2nd in hand, 1 energy)` — `… (1` over `energy) …` read as
# two things. Its spaces are `UNBROKEN` while the text is wrapped (`costs_whole`), spaces again after.
# (Not a no-break space: a table's own words hold some, BHM's `⚡\xa0Pyre`, and keep them.)
WHOLE_COST = re.compile(r"(?:\(pay )?\b\d+ (?:energy|life)\)")
UNBROKEN = "\ue000"  # a space of a cost, no whitespace to any wrap (a private-use character)


def costs_whole(text: str) -> str:
    """`text` with the spaces of each cost in brackets (`WHOLE_COST`) `UNBROKEN`."""
    return WHOLE_COST.sub(lambda m: m[0].replace(" ", UNBROKEN), text) if ")" in text else text


# The help of `--option KEY=VALUE`, the same on every command that takes it.
GAME_OPTION_HELP = "Game option (repeatable), e.g. armageddon=20; a wrong key lists the game's."


# A puzzle's verdict and goal in words: the table's (`tui.screens.puzzle`) and a replay's
# (`tui.replay_goal`, which `triarch replay --print` imports without the screens: from
# `tui.screens.puzzle` it went round `tui.screens` back to itself and the command failed).
def verdict_words(verdict: Verdict) -> str:
    """`✓ Puzzle solved: you won the game`, `✗ Puzzle failed: the turn ended without a win`."""
    if verdict.state == SOLVED:
        return f"✓ Puzzle solved: {verdict.why}"
    return f"✗ Puzzle failed: {verdict.why}"


def goal_line(goal: str, verdict: Verdict, label: str = "Goal") -> str:
    """The goal's line at the table: the goal while it is open (`label`: whose, in hot-seat:
    `Player 1's goal`), then the verdict."""
    return verdict_words(verdict) if verdict.decided else f"◎ {label}: {goal}"
