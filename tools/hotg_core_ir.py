"""The games `tools/hotg_core_ir.sh` counts: random games of the new core or of the engine.

    python tools/hotg_core_ir.py MODE N [count]

MODE `core`: `hotg.core.Core` on the default decks (the preset decks of seats 1 and 2, as
`tools/ir.sh hotg` plays them), `common.bench.random_playout`'s loop (the same draws: the core's
legal actions are the engine's, in the same order, so these are the very games `real` plays; since
session 41 the core's `legal()`, the `Action`s the game hands out, the one drawn applied as its
tuple `ACTION_TUPLE` names, as the game does);
`real`: `random_playout(HotgGame, seed)` itself (since session 40's second stage `HotgGame` is the
facade over the core: `real` - `core` is the facade's own cost; the old engine is
`tools/hotg_reference.py`). A warm-up game (seed 0), then N games (seeds
1..N) inside one `map`, which the callgrind toggle of `hotg_core_ir.sh` collects. With `count`,
no valgrind: prints the actions a game instead.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common.bench import random_playout
from hotg.core import ACTION_TUPLE, Core
from hotg.game import HotgGame
from tui.cli import tune_gc


def core(seed: int) -> int:
    """`random_playout`'s loop on the core."""
    game = Core.new(seed)
    getrandbits = random.Random(seed).getrandbits
    count = 0
    while game.result == -2:
        legal = game.legal()  # (the Actions, as the game hands them out: the tuple by its id)
        n = len(legal)
        k = n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        game.apply(ACTION_TUPLE[id(legal[i])])
        count += 1
    return count


def real(seed: int) -> int:
    return len(random_playout(HotgGame, seed)[1])


if __name__ == "__main__":
    mode, n = sys.argv[1], int(sys.argv[2])
    play = {"core": core, "real": real}[mode]
    tune_gc()
    play(0)
    counts = list(map(play, range(1, n + 1)))
    if sys.argv[3:] == ["count"]:
        print(f"{mode}: {sum(counts) / n:.1f} actions a game over {n} games")
