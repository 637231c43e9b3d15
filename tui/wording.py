"""Small helpers for the table's words (no game rules)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the CLI imports this module: `triarch --help` loads no game interface)
    from common.events import Event
    from common.game import Action


def plural(n: int, word: str, many: str | None = None) -> str:
    """`1 point`, `2 points`; `many` for a word whose plural is not `word + s` (`1 ability`,
    `2 abilities`)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


_CLOSING = re.compile(r" \(([^()]*)\)$")


def with_echo(words: str, echo: str) -> str:
    """`words` (an action) with what `echo`, the engine's own line for the same action, adds
    in its closing brackets (`(19 lives left)`, `(rank 2, budget 1 left)`): replacing a
    bracket it goes on from (`Call War Herald (rank 2)`), before the card text after ` — `, or
    at the end; nothing when `words` say it already (`(pay 1 energy)`, or `(1)` of `(1 energy)`)."""
    found = _CLOSING.search(echo)
    if found is None:
        return words
    extra = found.group(1)
    if extra.lower() in words.lower():
        return words
    for shorter in re.findall(r"\(([^()]*)\)", words):
        if extra.startswith(f"{shorter},"):
            return words.replace(f"({shorter})", f"({extra})", 1)
        if extra.startswith(f"{shorter} ") and " " not in extra[len(shorter) + 1 :]:
            return words  # the same with its unit: `(1)` of `(1 energy)`
    head, dash, text = words.partition(" — ")
    return f"{head} ({extra}){dash}{text}"


def said_once(
    echo_kinds: Mapping[str, str], action: Action, words: str, events: Sequence[Event]
) -> tuple[str, list[Event]]:
    """An action's log line and its events, the first event left out when it is the engine
    saying the action again (its kind is `echo_kinds[action.kind]`, and anyone may read it),
    with what it adds in `words` (`with_echo`)."""
    events = list(events)
    kind = echo_kinds.get(action.kind)
    if kind is None or not events or events[0].kind != kind or "private_to" in events[0].data:
        return words, events
    return with_echo(words, events[0].text), events[1:]
