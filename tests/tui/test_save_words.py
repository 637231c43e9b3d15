"""Every failed save a player can see says plainly what happened and what to do: where the save
failed and why, free space on a full disk, a writable folder when it is not, and what the
autosave still keeps (never 'until one is saved, this game was never saved')."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from common import saves
from common.saves import autosave_path, save_game
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.session import Seats, Session

from .helpers import game_app, press, settle, shows

REAL_FSYNC = os.fsync


class Refusing:
    """Every write of a save fails with `error` (EACCES: a data folder that is not writable)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.error: int | None = None
        monkeypatch.setattr(saves.os, "fsync", self.fsync)

    def fsync(self, fd: int) -> None:
        if self.error is not None:
            raise OSError(self.error, os.strerror(self.error))
        REAL_FSYNC(fd)


@pytest.fixture
def refusing(monkeypatch: pytest.MonkeyPatch) -> Refusing:
    return Refusing(monkeypatch)


def test_a_folder_not_writable_says_what_to_do(refusing: Refusing, toy: None, triarch_home: Path) -> None:
    refusing.error = errno.EACCES
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    title, words = s.save_failure()
    assert title == "This game could not be saved"
    assert words == (
        f"Saving it in {triarch_home} failed (Permission denied). Triarch may not write in "
        f"{triarch_home}: make it writable, or set TRIARCH_HOME to a folder that is. You can play "
        "on: every action tries to save again. Nothing of this game is saved yet."
    )
    s.apply(s.legal()[0])
    assert "If you leave now, this game is lost." in s.leave_question()


def test_a_full_disk_says_to_free_space(refusing: Refusing, toy: None) -> None:
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    s.apply(s.legal()[0])
    refusing.error = errno.ENOSPC
    s.apply(s.legal()[0])
    s.apply(s.legal()[0])
    _title, words = s.save_failure()
    assert "(No space left on device). The disk is full: free some space." in words
    assert words.endswith("Continue would resume it as it was after action 1.")
    assert s.leave_question().startswith(
        "This game could not be saved (No space left on device). If you leave now, the last 2 "
        "actions are lost. Continue would resume it as it was after action 1."
    )


def test_an_end_not_saved_says_where_and_what_to_do(
    refusing: Refusing, toy: None, triarch_home: Path
) -> None:
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    s.apply(s.legal()[0])
    refusing.error = errno.EROFS
    assert s.resign(0)
    title, words = s.save_failure()
    assert title == "The end could not be saved"
    assert words.startswith(
        f"Saving the finished game in {triarch_home / 'finished'} failed (Read-only file system). "
        f"Triarch may not write in {triarch_home / 'finished'}: make it writable"
    )
    assert words.endswith(
        "Leaving the game tries again. Continue would resume it as it was after action 1, before its end."
    )


@pytest.mark.usefixtures("toy")
async def test_a_new_game_over_a_game_that_cannot_be_set_aside_says_why(
    monkeypatch: pytest.MonkeyPatch, triarch_home: Path
) -> None:
    save_game(ToyGame.new_game(seed=4), autosave_path())

    def refuse(path: Path) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("tui.app.keep_aside", refuse)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        s = Session(ToyGame.new_game(seed=5), Seats(["human", "human"]), autosave=False)
        with pytest.raises(saves.SaveBusy) as told:
            app.take_autosave(s)
    # (session 40: what to do, `save_advice`, says it; the system's `(Permission denied)` is gone)
    assert str(told.value) == (
        f"the game in progress in {autosave_path()} could not be moved into the saves folder, "
        "and a new game would replace it, so none was started. Triarch may "
        f"not write in {triarch_home}: make it writable, or set TRIARCH_HOME to a folder that is."
    )


async def test_save_as_that_fails_says_what_to_do(refusing: Refusing) -> None:
    app = game_app("bhm", seed=5)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        refusing.error = errno.ENOSPC
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert await shows(pilot, "The game could not be saved")
        said = [n.message for n in app._notifications if n.title == "The game could not be saved"]
        assert said and said[-1].endswith("(No space left on device). The disk is full: free some space.")
