"""Session 40: the facade makes the core's events into words only when the log is read (a random
playout never reads it). The words must not depend on *when* they are read: a log read at every
step and the same game's log read once at its end say the same (kind, text, data) — a word taken
from the state at reading time (a transformed unit's name, the mana now) would differ."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from hotg.game import HotgGame

DECKS = list(HotgGame.preset_decks().values())
GAMES: list[tuple[int, Any]] = [(seed, None) for seed in (1, 2, 3)] + [
    (7, [DECKS[i], DECKS[j]]) for i, j in itertools.permutations(range(len(DECKS)), 2)
]


def said(g: HotgGame) -> list[tuple[str, str, list[tuple[str, Any]]]]:
    return [(e.kind, e.text, sorted(e.data.items())) for e in g.log.events]


@pytest.mark.parametrize(("seed", "decks"), GAMES)
def test_the_log_says_the_same_read_at_every_step_or_at_the_end(seed: int, decks: Any) -> None:
    every, end = (HotgGame.new_game(seed=seed, decks=decks) for _ in range(2))
    rng = random.Random(seed)
    steps = 0
    while not every.is_over() and steps < 3000:
        action = rng.choice(every.legal_actions())
        every.apply_legal(action)
        end.apply_legal(action)
        said(every)  # (read now: made into words at this step)
        steps += 1
    assert every.is_over() and steps > 50
    assert said(end) == said(every)


def test_a_late_reading_that_reads_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """(The test can fail: words that read the turn now, not the event's, differ when read late.)"""
    say = HotgGame._say

    def late_say(self: HotgGame, e: Any, emit: Any) -> None:
        def stamped(kind: str, text: str, **data: Any) -> None:
            emit(kind, f"{text} [turn {self.core.turn}]", **data)

        say(self, e, stamped)

    monkeypatch.setattr(HotgGame, "_say", late_say)
    every, end = (HotgGame.new_game(seed=1) for _ in range(2))
    rng = random.Random(1)
    for _ in range(60):
        action = rng.choice(every.legal_actions())
        every.apply_legal(action)
        end.apply_legal(action)
        said(every)
    assert said(end) != said(every)
