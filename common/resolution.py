"""The two resolution mechanisms the games need.

* `EffectQueue` — effects resolve one by one, highest priority first, then in
  time order (Hand of the Gods HG-12/HG-13).
* `Stack` — last in, first out, with priority passing: the top resolves only
  when both players pass in a row (The Scars SC-31; BHM reactions BH-67).

Entries must be immutable (frozen dataclasses, tuples): copies are shallow.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class EffectQueue(Generic[T]):
    """A priority queue: `pop()` gives the entry with the highest priority and,
    among equal priorities, the lowest time order; equal keys keep insertion order.

    In Hand of the Gods priority *levels* are numbered 1 (Unit Deployment) to
    12 (everything else) with 1 resolving first, so that engine pushes
    `priority=-level` or uses `level=` (see `push`).
    """

    __slots__ = ("_items", "_seq")

    def __init__(self) -> None:
        self._items: list[tuple[int, int, int, T]] = []  # (-priority, time, seq, item)
        self._seq = 0

    def push(self, item: T, *, time: int, priority: int | None = None, level: int | None = None) -> None:
        if (priority is None) == (level is None):
            raise ValueError("give exactly one of priority= (higher first) or level= (lower first)")
        key = -priority if priority is not None else level
        assert key is not None
        self._seq += 1
        # (the entries sort as tuples: `seq` is unique, so an item is never compared)
        bisect.insort(self._items, (key, time, self._seq, item))

    def pop(self) -> T:
        return self._items.pop(0)[3]

    def peek(self) -> T:
        return self._items[0][3]

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[T]:
        return (e[3] for e in self._items)

    def clone(self) -> EffectQueue[T]:
        new = EffectQueue.__new__(EffectQueue)
        new._items = list(self._items)
        new._seq = self._seq
        return new

    def canonical(self) -> list[Any]:
        return [[e[0], e[1], repr(e[3])] for e in self._items]


class Stack(Generic[T]):
    """A last-in-first-out resolution zone shared by two players.

    `push()` puts an entry on top and gives priority to the other player
    (the one who may respond). `pass_priority()` records a pass; when both
    players have passed in a row it returns True and the caller resolves the
    top entry (`pop()`), after which priority goes back to `active`.
    """

    __slots__ = ("active", "items", "passes", "priority")

    def __init__(self, active: int = 0) -> None:
        # (controller, entry), bottom to top. Callers may read it (`if stack.items:` is the cheap
        # emptiness test of the hot paths) and take an entry out (a counter spell); push and pop
        # go through the methods, which keep the priority in step.
        self.items: list[tuple[int, T]] = []
        self.active = active
        self.priority = active
        self.passes = 0

    def push(self, entry: T, controller: int) -> None:
        self.items.append((controller, entry))
        self.passes = 0
        self.priority = 1 - controller

    def pass_priority(self, player: int) -> bool:
        if player != self.priority:
            raise ValueError(f"player {player} does not have priority")
        self.passes += 1
        self.priority = 1 - player
        if self.passes >= 2:
            self.passes = 0
            return True
        return False

    def pop(self) -> tuple[int, T]:
        """Remove and return (controller, entry) of the top; priority goes to the active player."""
        item = self.items.pop()
        self.priority = self.active
        self.passes = 0
        return item

    def top(self) -> tuple[int, T]:
        return self.items[-1]

    def entries(self) -> list[tuple[int, T]]:
        """Bottom to top."""
        return list(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def clone(self) -> Stack[T]:
        new = Stack.__new__(Stack)
        new.items = list(self.items)
        new.active = self.active
        new.priority = self.priority
        new.passes = self.passes
        return new

    def canonical(self) -> list[Any]:
        return [self.active, self.priority, self.passes, [[c, repr(e)] for c, e in self.items]]
