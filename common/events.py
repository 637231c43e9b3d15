"""Events: what happened, in words (for the log) and in data (for the UI)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any, NamedTuple


class _EventFields(NamedTuple):
    kind: str
    text: str
    data: dict[str, Any]


class Event(_EventFields):
    """What happened: `kind`, `text` (the log's words) and `data` (for a UI). A frozen value, equal
    and hashed by kind and text (`data` is not compared). A tuple of the three underneath (session
    37): `EventLog.emit` makes one in a single C call, where setting three slots of a frozen
    dataclass took three method-wrapper calls (≈ 1,700 instructions more an event, hundreds of
    events a game); its fields are read as a named tuple's, at a slot's speed."""

    __slots__ = ()

    def __new__(cls, kind: str, text: str, data: dict[str, Any] | None = None) -> Event:
        return _NEW_EVENT(cls, (kind, text, {} if data is None else data))

    # (compared as the dataclass it was: by kind and text, with events only, never with a tuple)
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return False
        return self[0] == other[0] and self[1] == other[1]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self[0], self[1]))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

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


# a new event from its three fields: `tuple.__new__`, one C call (`Event.__new__`, `EventLog.emit`)
_NEW_EVENT: Callable[[type[Event], tuple[str, str, dict[str, Any]]], Event] = tuple.__new__


class EventLog:
    """An append-only list of events; `mark()`/`since()` slice one action's events."""

    __slots__ = ("events",)

    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = events if events is not None else []

    def emit(self, kind: str, text: str, **data: Any) -> Event:
        # `Event(kind, text, data)` without its `__new__` call (a frame an event: hundreds of
        # events a game): the tuple made here, as there (`data` is this call's own dict)
        ev = _NEW_EVENT(Event, (kind, text, data))
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
