"""The seeded random number generator each game owns.

There is no module-level randomness anywhere in Triarch: every draw of chance
goes through the `GameRng` of the game it belongs to, so a game is fully
determined by its seed and its list of actions.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class GameRng:
    """A seeded generator (Python's Mersenne Twister) with a cheap `clone()`.

    Copying the generator's state costs tens of µs, and most clones (search,
    playouts) draw little or nothing: so a clone shares its original's generator,
    and whichever of the two draws first while it is shared takes its own copy
    (copy on write). The state digest is kept until the next draw.
    """

    __slots__ = ("_digest", "_r", "_shared", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._r = random.Random(seed)
        self._shared = [1]  # how many GameRngs use `_r` (one box, shared by them)
        self._digest: str | None = None

    def _own(self) -> random.Random:
        """The generator, about to draw: a private copy if it is shared."""
        box = self._shared
        if box[0] > 1:
            box[0] -= 1
            r = random.Random.__new__(random.Random)
            r.setstate(self._r.getstate())
            self._r = r
            self._shared = [1]
        self._digest = None
        return self._r

    def randint(self, a: int, b: int) -> int:
        return self._own().randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        return self._own().choice(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        return self._own().sample(list(seq), k)

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """`random.Random.shuffle` written out (Python 3.11's, with its `_randbelow`, the
        `getrandbits` one, inlined): the same draws and the same order, without a Python call per
        card (a new game shuffles its decks; `tests/test_fast_paths.py` compares)."""
        getrandbits = self._own().getrandbits
        for i in range(len(seq) - 1, 0, -1):  # (`reversed(range(1, len(seq)))`)
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)  # 0 <= j < 2**k: drawn again until below n
            while j >= n:
                j = getrandbits(k)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        return self._own().random()

    def clone(self) -> GameRng:
        new = GameRng.__new__(GameRng)
        new.seed = self.seed
        new._r = self._r
        new._shared = self._shared
        self._shared[0] += 1
        new._digest = self._digest
        return new

    def digest(self) -> str:
        """A short fingerprint of the generator's state, for state hashes."""
        if self._digest is None:
            version, words, gauss = self._r.getstate()
            h = hashlib.sha256(array("I", words).tobytes())
            h.update(f"{version}|{gauss!r}".encode())
            self._digest = h.hexdigest()[:16]
        return self._digest
