"""An `autosave.lock` that this user may not write (another user's, a read-only folder) is
locked all the same, opened for reading (`flock`/`msvcrt.locking` need no more): two windows
stay apart. One that cannot be opened at all refuses a game with a clear line — `triarch
play`/`resume` exit with code 2, the menu says why it cannot start or continue — instead of
going on without a lock, where a second window could write over the game. (As root the
permission bits do not refuse anything: the system's refusals are made by `os.open` here.)"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common import saves
from common.saves import AutosaveLock, SaveBusy, autosave_path, load_game
from tui.app import TriarchApp
from tui.cli import main
from tui.session import Seats, Session

from .helpers import press, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(saves.locking() != "flock", reason="the flock lock")


def refuse_lock_opens(monkeypatch: pytest.MonkeyPatch, *, reading_too: bool) -> None:
    """Opening `autosave.lock` for writing is refused (EACCES), and for reading too if asked."""
    real = os.open

    def guarded(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(path).name == "autosave.lock" and (reading_too or flags & (os.O_RDWR | os.O_WRONLY)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


@pytest.fixture
def lock_file(triarch_home: Path) -> Path:
    """The lock file a window left (the lock itself went with it), with its process id."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(timeout=60)
    path = AutosaveLock.path()
    path.write_text(f"{gone.pid}\n")
    return path


def test_a_lock_file_that_cannot_be_written_is_locked_for_reading(
    lock_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_lock_opens(monkeypatch, reading_too=False)
    first = AutosaveLock()
    first.claim()
    assert first.fd is not None  # a lock held, not a game without one
    second = AutosaveLock()
    assert "another Triarch (another process)" in (second.taken() or "")
    with pytest.raises(SaveBusy, match="another Triarch"):
        second.claim()
    first.release()
    assert second.taken() is None
    second.claim()
    second.release()


def test_a_lock_file_that_cannot_be_opened_refuses_the_game_and_says_why(
    lock_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_lock_opens(monkeypatch, reading_too=True)
    lock = AutosaveLock()
    # (session 40: what happened in the player's words, not the system's `(Permission denied)`)
    with pytest.raises(
        SaveBusy, match=r"autosave's lock .*autosave.lock cannot be opened: this account may not open it, "
    ) as told:
        lock.claim()
    assert "Permission denied" not in str(told.value)
    assert not lock.claimed
    assert "cannot be opened" in (AutosaveLock().taken() or "")


def test_no_lock_file_and_none_to_be_made_is_no_refusal(
    triarch_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that cannot be written has no lock file and none can be made: no autosave can
    be written there either (its save fails on its own, with its own message), so the game is
    not refused for it."""
    refuse_lock_opens(monkeypatch, reading_too=True)
    monkeypatch.setattr(os, "open", _no_such_file(os.open))
    lock = AutosaveLock()
    lock.claim()
    assert lock.claimed and lock.fd is None
    assert AutosaveLock().taken() is None


def _no_such_file(guarded: Any) -> Any:
    def opener(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(path).name == "autosave.lock" and not flags & os.O_CREAT:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(path))
        return guarded(path, flags, *args, **kwargs)

    return opener


@pytest.mark.parametrize("args", [["play", "toy", "--vs", "human", "--seed", "1"], ["resume"]])
def test_triarch_play_and_resume_exit_2_when_the_lock_cannot_be_opened(
    args: list[str], lock_file: Path, monkeypatch: pytest.MonkeyPatch, only_toy: None
) -> None:
    s = Session.new("toy", Seats(["human", "human"]), seed=4)
    s.apply(s.legal()[0])  # (an autosaved game in progress)
    before = autosave_path().read_bytes()
    refuse_lock_opens(monkeypatch, reading_too=True)
    monkeypatch.setattr("tui.cli._run_app", _no_table)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "autosave.lock cannot be opened: this account may not open it" in result.output
    assert "Permission denied" not in result.output
    assert "TRIARCH_HOME" in result.output and "Traceback" not in result.output
    assert autosave_path().read_bytes() == before


def _no_table(spec: Any) -> None:
    raise AssertionError("the table opened: the game was not refused")


async def test_the_menu_says_why_it_cannot_start_or_continue(
    lock_file: Path, monkeypatch: pytest.MonkeyPatch, only_toy: None
) -> None:
    s = Session.new("toy", Seats(["human", "human"]), seed=4)
    s.apply(s.legal()[0])
    refuse_lock_opens(monkeypatch, reading_too=True)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        assert "Cannot start: the autosave's lock" in screen_text(app)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        assert "Cannot continue: the autosave's lock" in screen_text(app)
    assert len(load_game(autosave_path()).history) == 1  # the game there, as it was
