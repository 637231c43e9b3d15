"""BHM's `Do not react for the rest of this turn` (a choice of the table, not of the engine) holds
when the game is saved and resumed before the turn ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from common.saves import autosave_path, read_save
from tui.session import Session
from tui.widgets.actions import ActionList
from tui.widgets.log import GameLog

from .helpers import (
    bhm_session,
    engine_ready,
    press,
    resume_app,
    resumed,
    scenario,
    screen_name,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Hollow Wraith in combat with a Cinder Hound in the hand; P2 holds Foresight (it answers any action)
QUIET_TWINS = scenario("bhm_twins").replace('hand = ["foresight"]', 'hand = ["cinder_hound"]', 1)


def screen_name_of(screen: object) -> str:
    return type(screen).__name__


def choose(app: object, ending: str) -> None:
    """Take the choice whose line ends with `ending`."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    lines = [str(o.prompt) for o in actions.options]
    n = next(i for i, line in enumerate(lines) if line.endswith(ending))
    i = actions.rows[n]
    assert i is not None and actions.choose_number(i + 1)


async def test_do_not_react_holds_across_a_resume(tmp_path: Path) -> None:
    """Hot-seat: P2 chose `Do not react again this turn`, the game was closed and resumed in P1's
    turn: P1's call of Cinder Hound asked P2 to react again (a hand-over to P2); now the table
    passes for P2, as before the resume, and says so."""
    s = bhm_session(QUIET_TWINS, tmp_path / "s.json", seats=("human", "human"))
    imp = next(u for u, c in s.game.zones.cards.items() if c.zone == "slot:1:1")  # P2's Spark Imp
    s.apply(Action("attack", (uid_of(s, "hollow_wraith"), imp)))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        choose(app, "Do not react again this turn")
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.player == 0
    # P2, turn 4; and the action that was the choice (its 2nd), for the log of a resumed game
    assert read_save(autosave_path())["ui"]["state"] == {"bhm_quiet": [1, 4], "bhm_quiet_chosen": [1]}

    app = resume_app(autosave_path())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the cover of a resumed hot-seat game
        await settle(pilot)
        session = app.session
        choose(app, "End combat")
        await settle(pilot)
        choose(app, "Instant call R2 Cinder Hound")
        await settle(pilot)
        # P2 is not asked: no hand-over, P1 decides on in turn 4
        assert screen_name(app) == "BhmScreen" and session.decision is not None
        assert session.decision.player == 0 and session.game.turn == 4
        log = " ".join(app.screen.query_one(GameLog).plain)
        assert "P2: Do not react (for the rest of this turn)" in " ".join(log.split()), log


def test_the_ui_state_goes_with_the_save(tmp_path: Path) -> None:
    """A session's UI state is saved (`ui.state`) and loaded back; none is no `state` at all."""
    s = bhm_session(QUIET_TWINS, tmp_path / "s.json")
    assert "state" not in read_save(s.save_path)["ui"]
    s.ui_state["bhm_quiet"] = [1, 4]
    s.save()
    assert Session.load(s.save_path).ui_state == {"bhm_quiet": [1, 4]}


async def test_a_resumed_log_tells_the_do_not_react_choice_and_passes_as_they_were_told(
    tmp_path: Path,
) -> None:
    """The save notes which actions were `Do not react again this turn` and the passes the table
    made for it (its optional ui.state; format 1 still): a resumed game's log tells them as the
    live log did (the note under the choice, `P2: Do not react (for the rest of this
    turn)`), not as the player's plain passes."""
    s = bhm_session(QUIET_TWINS, tmp_path / "s.json", seats=("human", "human"))
    imp = next(u for u, c in s.game.zones.cards.items() if c.zone == "slot:1:1")  # P2's Spark Imp
    s.apply(Action("attack", (uid_of(s, "hollow_wraith"), imp)))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        choose(app, "Do not react again this turn")
        await settle(pilot)
        if screen_name(app) == "CoverScreen":  # (back to P1)
            await press(pilot, "enter")
            await settle(pilot)
        choose(app, "End combat")
        await settle(pilot)
        choose(app, "Instant call R2 Cinder Hound")
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.player == 0
        live = list(app.screen.query_one(GameLog).plain)
        n = len(app.session.game.history)
    passes = read_save(autosave_path())["ui"]["state"]["bhm_quiet_passed"]
    assert read_save(autosave_path())["format"] == 1 and passes
    told = " ".join(" ".join(live).split())
    assert "P2 will not be asked to react again until the end of P1's turn" in told
    assert "P2: Do not react (for the rest of this turn)" in told

    again = resume_app(autosave_path())
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = next(screen for screen in again.screen_stack if screen_name_of(screen) == "BhmScreen")
        resumed_log = list(table.query_one(GameLog).plain)
    assert resumed_log == [
        *(line for line in live if line != "(resumed after 1 action)"),
        f"(resumed after {n} actions)",
    ]
