"""Session 36: BHM's events get their places in the table's words (`Undine z5`, `bhm_placed`) once,
in `told_events` after they are worded in the seats' names; `said_once` leaves them as the engine
said them (it placed them too: twice on the table's path, and `triarch replay --print --full`, which
keeps the engine's words, printed the table's)."""

from __future__ import annotations

import random

import pytest

from common.saves import Replay, checksum

from .helpers import engine_ready

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def _random_replay(seed: int) -> Replay:
    from bhm.game import BhmGame

    g = BhmGame.new_game(seed=seed)
    rng = random.Random(seed)
    while not g.is_over() and len(g.history) < 1500:
        legal = g.legal_actions()
        g.apply(rng.choice(legal))
    data = g.to_json()
    data["checksum"] = checksum(data)
    return Replay.from_save(data)


def test_events_are_placed_once_by_told_events() -> None:
    from tui.log_words import BHM_PLACE, bhm_placed, said_once, step_said

    engine_places = 0
    for seed in (1, 2, 3):
        replay = _random_replay(seed)
        for i in range(len(replay)):
            action, events = replay.actions[i], replay.events[i]
            _, once = said_once("bhm", action, "", events, lambda s: f"Player {s + 1}")
            assert all(ev in events for ev in once)  # the engine's events, their places as it said them
            words, told = step_said(replay, i, None)
            _, full = step_said(replay, i, None, full=True)
            assert not BHM_PLACE.search(words)
            assert not any(BHM_PLACE.search(ev.text) for ev in told)  # the log: the table's words
            placed = bhm_placed(full)  # (--full: the kill a hit's line says kept too, `bhm_brief`)
            assert [ev for ev in placed if ev in told] == told
            assert all(ev.kind == "kill" for ev in placed if ev not in told)
            engine_places += sum(bool(BHM_PLACE.search(ev.text)) for ev in full)
    assert engine_places > 0  # --full prints the engine's places (`Undine (P2 zone 5)`)
