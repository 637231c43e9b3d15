"""A resumed game's log reads as the log the player saw before quitting (each game, against the
AI and hot-seat): its last actions told again in the live log's words — the seats' names, whose
unit, the cells, the draws named, a run of passes on one line — not the engine's last events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from common.saves import autosave_path
from tui.log_words import LogLines
from tui.screens import game as game_screen
from tui.screens.game import GameScreen
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, resume_app, screen_name, settle

GAMES = [
    pytest.param(g, marks=pytest.mark.skipif(not engine_ready(g), reason=f"no {g} engine"))
    for g in ("hotg", "bhm", "scars")
]
SEED = {"hotg": 5, "bhm": 3, "scars": 2}


def table(app: Any) -> GameScreen:
    """The game screen (under a hand-over's cover too)."""
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def play(pilot: Any, actions: int, seed: int) -> list[str]:
    """Seeded choices at the table, as a player makes them (hand-overs and dialogs by their keys),
    until the game has `actions` actions: the log's lines then."""
    app, rng = pilot.app, random.Random(seed)
    for _ in range(400):
        await settle(pilot, look=False)
        if len(app.session.game.history) >= actions:
            break
        name = screen_name(app)
        if name == "CoverScreen":
            await press(pilot, "enter")
        elif not isinstance(app.screen, GameScreen):
            await press(pilot, "escape")  # a decision's dialog: the list will do
        else:
            assert table(app).choose(rng.choice(table(app).legal))
    assert not app.session.over and len(app.session.game.history) >= actions
    return list(table(app).query_one(GameLog).plain)


async def resumed_log(n: int) -> list[str]:
    """The log's lines of the autosave resumed (a new app on the same TRIARCH_HOME), a game of `n` actions."""
    again = resume_app(autosave_path())
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, look=False)
        assert len(again.session.game.history) == n
        return list(table(again).query_one(GameLog).plain)


@pytest.mark.parametrize("vs", ["ai", "human"])
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_resumed_log_reads_as_the_live_log(game_id: str, vs: str, monkeypatch: Any) -> None:
    """Fewer actions than the log tells again: every line as it was, then the resume's note.

    The live log's `log_action` takes the game it tells: the retelling of a resumed game's last
    actions reads the replayed copy without pointing the session at it (which an AI thread, or an
    error on the way, would have read or left as the game in play), and still tells (hot-seat: in
    the eyes of whoever decided then) every line as the live log did.

    More actions than the log tells again (the same save resumed with `RESUMED_ACTIONS` = 8): it
    says how many it leaves out, and from the second action it tells on, its lines are the live
    log's last ones (the first may be the end of a run of passes, the markers under it those of an
    action before). (One live game for the three, session 38: each was a test with its own game.)"""
    from tui.session import Session

    app = game_app(game_id, seed=SEED[game_id], vs=vs)
    async with app.run_test(size=(120, 40)) as pilot:
        live = await play(pilot, 18, SEED[game_id])
        n = len(app.session.game.history)
    assert n < game_screen.RESUMED_ACTIONS
    who = "P1 (you): " if vs == "ai" else "P1: "  # (the seats named as their bars name them: P1)
    assert any(line.startswith(who) for line in live), live

    games: list[object] = []
    real = Session.__setattr__

    def watched(session: Session, name: str, value: object) -> None:
        if name == "game":
            games.append(value)
        real(session, name, value)

    with monkeypatch.context() as m:
        m.setattr(Session, "__setattr__", watched)
        again = resume_app(autosave_path())
        async with again.run_test(size=(120, 40)) as pilot:
            await settle(pilot, look=False)
            assert len(again.session.game.history) == n
            resumed = list(table(again).query_one(GameLog).plain)
        assert games == [again.session.game], (
            "the session's game set more than once, when the save was loaded"
        )
    assert resumed == [*live, f"(resumed after {n} actions)"]

    # the same save, with fewer actions told again than it has
    monkeypatch.setattr(game_screen, "RESUMED_ACTIONS", 8)
    resumed = await resumed_log(n)
    assert resumed[0] == live[0] and resumed[-1] == f"(resumed after {n} actions)", resumed
    left_out = int(resumed[1].removeprefix("(").split()[0])
    assert resumed[1] == f"({left_out} earlier actions not shown)" and 0 < left_out <= n - 8, resumed
    tail = resumed[4:-1]
    assert len(tail) >= 6 and live[-len(tail) :] == tail, (live, resumed)


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("how", ["fails", "differs"])
async def test_a_save_that_replays_otherwise_resumes_with_its_last_events(how: str, monkeypatch: Any) -> None:
    """An old save the engine replays differently (the replay fails, or ends in another game):
    the game resumes all the same, its log the engine's last events under the resume's note, as
    before the log told the last actions again; no error, no line of the failed telling."""
    app = game_app("toy", seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, 4, 11)
    if how == "fails":

        def failing(game: Any) -> None:
            raise RuntimeError("replayed otherwise")

        monkeypatch.setattr(game_screen, "only_pass", failing)
    else:
        new = GameScreen.retell_last_actions

        def other_hash(screen: GameScreen) -> bool:
            game = screen.session.game
            monkeypatch.setattr(type(game), "state_hash", lambda g: str(id(g)))
            return new(screen)

        monkeypatch.setattr(GameScreen, "retell_last_actions", other_hash)
    again = resume_app(autosave_path())
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, look=False)
        assert screen_name(again) == "GenericGameScreen"
        game = again.session.game
        n = len(game.history)
        told = LogLines()  # the engine's last events, as the log says them
        told.add_events(list(game.log)[-40:], viewer=0)
        lines = table(again).query_one(GameLog).plain
        assert lines == [
            "High Card — seed 11 — against the AI (random)",
            *told.plain,
            f"(resumed after {n} actions)",
        ]
