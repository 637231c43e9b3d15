"""Events: what happened, in words (for the log) and in data (for the UI)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __init__(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        # sets the slots directly, as `common.game.Action` does (frozen all the same)
        _EVENT_KIND(self, kind)
        _EVENT_TEXT(self, text)
        _EVENT_DATA(self, {} if data is None else data)

    def __str__(self) -> str:
        return self.text

    def text_for(self, seat: int | None) -> str | None:
        """The event's words as `seat` may read them (None: a spectator or a
        shared hot-seat log). An event emitted with `private_to=p` names hidden
        information: only seat p reads `text`; the others read `public_text`,
        or nothing when the engine gave none."""
        owner = self.data.get("private_to")
        if owner is None or seat == owner:
            return self.text
        return self.data.get("public_text")


_EVENT_KIND: Callable[[Event, str], None] = Event.__dict__["kind"].__set__
_EVENT_TEXT: Callable[[Event, str], None] = Event.__dict__["text"].__set__
_EVENT_DATA: Callable[[Event, dict[str, Any]], None] = Event.__dict__["data"].__set__
_NEW_EVENT: Callable[[type[Event]], Event] = object.__new__


class EventLog:
    """An append-only list of events; `mark()`/`since()` slice one action's events."""

    __slots__ = ("events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = events if events is not None else []

    def emit(self, kind: str, text: str, **data: Any) -> Event:
        # `Event(kind, text, data)` without its `__init__` call (a frame an event: hundreds
        # of events a game): the slots set here, as there (`data` is this call's own dict)
        ev = _NEW_EVENT(Event)
        _EVENT_KIND(ev, kind)
        _EVENT_TEXT(ev, text)
        _EVENT_DATA(ev, data)
        self.events.append(ev)
        return ev

    def mark(self) -> int:
        return len(self.events)

    def since(self, mark: int) -> list[Event]:
        return self.events[mark:]

    def clone(self) -> EventLog:
        return EventLog(list(self.events))

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)
