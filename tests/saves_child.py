"""A game played through the table's autosave path (tui.session.Session,
no Textual), to be killed: `python -m tests.saves_child GAME SEED SAVE`.

Each action is a fixed function of the seed and the position (`choose`), so
the whole game is known in advance however often the process is killed and
resumed. It prints `start N` once the save is loaded (N actions), `saved N`
after the save of action N returned, and `writing N` when it stops inside the
write of action N's save (with TRIARCH_TEST_BLOCK_AT=N): the moment to kill it.
Every fsync takes a few extra milliseconds, so most of the time is spent
writing and a kill at a random moment often lands mid-write.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

from common.game import Action, Game


def choose(game: Game, seed: int) -> Action:
    legal = game.legal_actions()
    return legal[random.Random(seed * 1_000_003 + len(game.history)).randrange(len(legal))]


def main() -> None:
    from tui.session import Seats, Session

    game_id, seed, path = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    block_at = int(os.environ.get("TRIARCH_TEST_BLOCK_AT", "-1"))
    writing = [0]  # the action whose save is being written (0: the start)
    real_fsync = os.fsync

    def slow_fsync(fd: int) -> None:
        if writing[0] == block_at:
            print(f"writing {block_at}", flush=True)
            time.sleep(60)
        time.sleep(0.003)
        real_fsync(fd)

    os.fsync = slow_fsync
    if path.exists():
        session = Session.load(path, save_path=path)
    else:
        session = Session.new(game_id, Seats(["human", "human"]), seed=seed, save_path=path)
    print(f"start {len(session.game.history)}", flush=True)
    while not session.over:
        action = choose(session.game, seed)
        writing[0] = len(session.game.history) + 1
        session.apply(action)
        print(f"saved {len(session.game.history)}", flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main()
