"""The seeded random number generator each game owns.

There is no module-level randomness anywhere in Triarch: every draw of chance
goes through the `GameRng` of the game it belongs to, so a game is fully
determined by its seed and its list of actions.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class GameRng:
    __slots__ = ("_r", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._r = random.Random(seed)

    def randint(self, a: int, b: int) -> int:
        return self._r.randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        return self._r.choice(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        return self._r.sample(list(seq), k)

    def shuffle(self, seq: MutableSequence[T]) -> None:
        self._r.shuffle(seq)

    def random(self) -> float:
        return self._r.random()

    def clone(self) -> GameRng:
        new = GameRng.__new__(GameRng)
        new.seed = self.seed
        new._r = random.Random()
        new._r.setstate(self._r.getstate())
        return new

    def digest(self) -> str:
        """A short fingerprint of the generator's state, for state hashes."""
        return hashlib.sha256(repr(self._r.getstate()).encode()).hexdigest()[:16]
