"""The games `ir.sh` counts, for the prototype and for the real engine on the prototype's deck.

    python tools/hotgcore/ir_games.py MODE N [count]

MODE: `core` (the prototype's own uniform random games), `real-plain` (the real engine,
`common.bench.random_playout`'s loop, both seats on `plain_deck.toml`), `real` (the real
engine on its preset decks: `random_playout` itself); `core-fx` and `real-fx`: the first two
on `fx_deck.toml` (the plain deck with the effect family the prototype plays). A warm-up game (seed 0), then N games
(seeds 1..N) inside one `map`, which `ir.sh`'s callgrind toggle collects. With `count`, no
valgrind: prints the actions a game instead. Run by `ir.sh` in this directory.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from core import DECK, FX_DECK, Defs, load_deck, random_game

from common.bench import random_playout
from hotg.decks import load_deck_file
from hotg.game import HotgGame
from tui.cli import tune_gc

mode, n = sys.argv[1], int(sys.argv[2])
path = FX_DECK if mode.endswith("-fx") else DECK
mode = mode.removesuffix("-fx").replace("real", "real-plain") if path == FX_DECK else mode
plain = load_deck_file(path).to_json()
_leader, cards = load_deck(path)
# (the prototype's tables made only for its own games: the real engine's heap as `ir.sh` has it)
defs = Defs([cards, cards]) if mode == "core" else None


def real_plain(seed: int) -> int:
    """`random_playout`'s loop, on the plain deck."""
    game = HotgGame.new_game(seed=seed, decks=[plain, plain])
    getrandbits = random.Random(seed).getrandbits
    count = 0
    while not game.is_over():
        legal = game.legal_actions()
        k = len(legal).bit_length()
        i = getrandbits(k)
        while i >= len(legal):
            i = getrandbits(k)
        game.apply_legal(legal[i])
        count += 1
    return count


def core(seed: int) -> int:
    return random_game(seed, defs)[1]


def real(seed: int) -> int:
    return len(random_playout(HotgGame, seed)[1])


play = {"core": core, "real-plain": real_plain, "real": real}[mode]
tune_gc()
play(0)
counts = list(map(play, range(1, n + 1)))
if sys.argv[3:] == ["count"]:
    print(f"{sys.argv[1]}: {sum(counts) / n:.1f} actions a game over {n} games")
