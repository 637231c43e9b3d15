"""An autosave that cannot be written (issue 8, "nothing lost"): a full disk never stops
the game or shows a traceback. The game goes on in memory, the player is told once, the
status bar counts the actions not saved, each action tries again, and leaving the game
while actions would be lost asks first. The save on disk stays the last good one."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from common import saves
from common.saves import autosave_path, finished_games, load_game
from tests.toygame import ToyGame
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.session import Seats, Session

from .helpers import game_app, press, screen_name, screen_text, settle, shows
from .test_survive import act

REAL_FSYNC = os.fsync


class Disk:
    """The save folder's disk; `full` makes every write fail as a full disk does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        monkeypatch.setattr(saves.os, "fsync", self.fsync)

    def fsync(self, fd: int) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        REAL_FSYNC(fd)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


def toy_session(steps: int = 0) -> Session:
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    for _ in range(steps):
        s.apply(s.legal()[0])
    return s


def test_a_full_disk_is_kept_in_the_session_and_the_game_goes_on(disk: Disk, toy: None) -> None:
    s = toy_session(steps=2)
    disk.full = True
    s.apply(s.legal()[0])  # no OSError out of apply
    s.apply(s.legal()[0])
    assert s.save_error == os.strerror(errno.ENOSPC)
    assert (s.saved_actions, s.unsaved) == (2, 2)
    assert len(load_game(autosave_path()).history) == 2  # the last good save, untouched
    assert [p.name for p in autosave_path().parent.iterdir()] == ["autosave.json"]  # no temporary left

    disk.full = False
    s.apply(s.legal()[0])  # the next action saves everything
    assert (s.save_error, s.unsaved, s.saved_actions) == (None, 0, 5)
    assert load_game(autosave_path()).state_hash() == s.game.state_hash()


def test_what_the_autosave_keeps_is_said_before_the_first_action(disk: Disk) -> None:
    """Saved at the start, then a full disk: the autosave keeps the game `as it was before the
    first action` (it said `after action 0`); once an action is saved, `after action 1`."""
    s = Session.new("bhm", Seats(["human", "ai"]), seed=3)
    disk.full = True
    s.apply(s.legal()[0])
    assert s.kept_words() == "Continue would resume it as it was before the first action."
    disk.full = False
    s.apply(s.legal()[0])
    disk.full = True
    s.apply(s.legal()[0])
    assert s.kept_words() == "Continue would resume it as it was after action 2."


def test_a_game_started_on_a_full_disk_is_played_all_the_same(disk: Disk) -> None:
    disk.full = True
    s = Session.new("bhm", Seats(["human", "ai"]), seed=3)
    assert s.save_error is not None and not autosave_path().exists()
    assert s.legal()  # playable
    s.apply(s.legal()[0])
    assert s.unsaved == 1 and s.kept_words() == "Nothing of this game is saved yet."
    failure = s.fail(RuntimeError("boom"), "while testing")
    assert failure.save is None  # not another game's autosave


def test_an_engine_error_after_failed_saves_says_which_action_the_save_holds(disk: Disk, toy: None) -> None:
    from tui.screens.error import failure_lines

    s = toy_session(steps=3)
    disk.full = True
    s.apply(s.legal()[0])
    failure = s.fail(RuntimeError("boom"), "while testing")
    assert failure.actions == 3
    assert "after 3 actions" in failure_lines(failure)[1]


async def test_the_table_tells_of_a_full_disk_and_asks_before_a_game_is_lost(disk: Disk) -> None:
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await act(pilot, app)
        saved = app.session.saved_actions
        disk.full = True
        await act(pilot, app)
        assert isinstance(app.screen, GameScreen)  # no crash, no error screen
        assert f"⚠ {app.session.unsaved} not saved ·" in screen_text(app).splitlines()[0]
        assert await shows(pilot, "This game could not be saved")
        assert "No space left on device" in screen_text(app)

        await press(pilot, "m")  # leaving would lose those actions: asked first
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Leave anyway?" in screen_text(app)
        question = app.screen.question
        assert "If you leave now, the last action is lost." in question and app.session.unsaved == 1
        assert f"Continue would resume it as it was after action {saved}." in question
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)

        disk.full = False
        await act(pilot, app)
        assert app.session.unsaved == 0
        assert "not saved" not in screen_text(app).splitlines()[0]
        assert await shows(pilot, "The autosave works again")
        assert load_game(autosave_path()).state_hash() == app.session.game.state_hash()
        await press(pilot, "m")  # nothing to lose: straight to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_leaving_tries_the_save_once_more_before_asking(disk: Disk) -> None:
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        await act(pilot, app)
        assert app.session.unsaved
        disk.full = False  # space was freed meanwhile
        await press(pilot, "m")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert load_game(autosave_path()).state_hash() == app.session.game.state_hash()


async def test_ctrl_q_asks_before_unsaved_actions_are_lost(disk: Disk) -> None:
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        await act(pilot, app)
        await press(pilot, "ctrl+q")
        await settle(pilot)
        assert screen_name(app) == "ConfirmScreen"
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running
        await press(pilot, "ctrl+q", "y")
        await settle(pilot)
    assert app.return_code == 0


async def test_save_as_on_a_full_disk_says_so(disk: Disk, tmp_path: Path) -> None:
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert await shows(pilot, "The game could not be saved")
        assert "Game saved" not in screen_text(app)
        assert isinstance(app.screen, GameScreen)
        assert not list((tmp_path / "saves").glob("*.json"))


async def test_the_palettes_quit_and_new_game_ask_too(disk: Disk) -> None:
    from tui.commands import TriarchCommands

    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        await act(pilot, app)
        commands = {name: run for name, _, run in TriarchCommands(app.screen).commands()}
        for name in ("Quit", "New game"):
            app.call_later(commands[name])
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen), name
            await press(pilot, "n")
            await settle(pilot)
            assert isinstance(app.screen, GameScreen) and app.is_running


async def test_two_saves_within_one_second_are_two_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+S names its file by the second: a second Ctrl+S within it makes `-2`, never
    replaces the first (which may be another moment of the game)."""
    real = saves.time.strftime

    def frozen(fmt: str, *when: object) -> str:  # the file names' clock, stopped at 12:00:00
        return "20261127-120000" if fmt == "%Y%m%d-%H%M%S" else real(fmt, *when)  # type: ignore[arg-type]

    monkeypatch.setattr(saves.time, "strftime", frozen)
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await act(pilot, app)
        await press(pilot, "ctrl+s")
        await settle(pilot)
    written = sorted((tmp_path / "saves").glob("*.json"))
    assert [p.name for p in written] == ["bhm-20261127-120000-2.json", "bhm-20261127-120000.json"]
    assert len(load_game(written[1]).history) + 1 == len(load_game(written[0]).history)


def ended_on_a_full_disk(disk: Disk, how: str) -> Session:
    """A toy game whose last action (`how` "ended") or resignation ("resigned") is made while
    the disk is full."""
    s = toy_session()
    game = s.game.clone()
    while not game.is_over():  # (the toy game's length: one action before its end)
        game.apply(game.legal_actions()[0])
    for _ in range(len(game.history) - 1):
        s.apply(s.legal()[0])
    disk.full = True
    if how == "resigned":
        s.resign(0)
    else:
        s.apply(s.legal()[0])
    assert s.over
    return s


@pytest.mark.parametrize("how", ["ended", "resigned"])
def test_an_end_made_on_a_full_disk_is_kept_at_the_next_save(disk: Disk, toy: None, how: str) -> None:
    """The game's end could not be kept in finished/: the autosave (the game before its end)
    stays, the status bar counts what is not saved, and the next save keeps the game then."""
    s = ended_on_a_full_disk(disk, how)
    assert finished_games() == [] and s.finished_path is None and s.end_unkept
    assert s.save_error == os.strerror(errno.ENOSPC) and s.unsaved == 1
    before = load_game(autosave_path())  # never lost: the game as it was before its end
    assert len(before.history) == len(s.game.history) - (how == "ended")

    s.save()  # still full: nothing lost, nothing changed
    assert finished_games() == [] and autosave_path().exists() and s.unsaved == 1

    disk.full = False
    s.save()
    assert s.finished_path is not None and finished_games() == [s.finished_path]
    assert (s.save_error, s.unsaved, s.end_unkept) == (None, 0, False)
    assert not autosave_path().exists()  # the finished game is kept: its autosave goes
    kept = Session.load(s.finished_path, autosave=False)
    assert kept.game.state_hash() == s.game.state_hash() and kept.resigned == s.resigned


@pytest.mark.usefixtures("toy")
async def test_leaving_a_game_whose_resignation_was_not_kept_tries_again_and_asks(disk: Disk) -> None:
    """Resigned on a full disk: `⚠ 1 not saved`; Menu on the game-over dialog asks before the
    resignation is lost (the autosave as it was `before the first action`, not `after action 0`);
    once there is room, Menu keeps the game in finished/ and leaves."""
    app = game_app("toy", seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        app.screen.action_resign()  # type: ignore[attr-defined]
        await settle(pilot)
        await press(pilot, "y")
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen" and "Watch again" not in screen_text(app)
        assert await shows(pilot, "The end could not be saved")
        await press(pilot, "m")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith(
            "The resignation could not be saved (No space left on device). If you leave now, the resignation"
            " is not kept. Continue would resume it as it was before the first action."
        )
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and "⚠ 1 not saved" in screen_text(app)
        assert finished_games() == [] and autosave_path().exists()

        disk.full = False
        await press(pilot, "m")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
    assert app.session is not None and finished_games() == [app.session.finished_path]
    assert not autosave_path().exists()
    assert Session.load(finished_games()[0], autosave=False).resigned == 0
