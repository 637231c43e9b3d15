"""One autosave, one writer: while a `triarch` process has a game open on a save folder, a second
`triarch` on the same folder cannot start or resume a game there (it would write its own game
over the other's, and whichever acted last would be the only game left); the lock goes with the
process, even one killed with SIGKILL. A game in progress that a new game replaces is kept in the
saves folder (`keep_aside`), never deleted."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from common import saves
from common.registry import game_class
from common.saves import AutosaveLock, SaveBusy, autosave_path, keep_aside, load_game, save_game, unused_path
from tests.toygame import ToyGame

ROOT = Path(__file__).resolve().parent.parent

HOLDER = (
    "import sys, time\n"
    "from common.saves import AutosaveLock\n"
    "AutosaveLock().claim()\n"
    "print('held', flush=True)\n"
    "time.sleep(60)\n"
)


def env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")


@pytest.fixture
def holder() -> Iterator[subprocess.Popen[str]]:
    """Another process holding the autosave's lock (as a `triarch` with a game open does)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER], cwd=ROOT, env=env(), stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    yield proc
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


def toy_save(path: Path, actions: int) -> None:
    g = ToyGame.new_game(seed=2)
    for _ in range(actions):
        g.apply(g.legal_actions()[0])
    save_game(g, path)


def triarch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", *args],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_second_triarch_refuses_to_play_over_the_game_another_one_has_open(
    holder: subprocess.Popen[str],
) -> None:
    game = game_class("hotg").new_game(seed=1)
    game.apply(game.legal_actions()[0])
    save_game(game, autosave_path())  # the other window's game
    before = autosave_path().read_bytes()
    with pytest.raises(SaveBusy, match=rf"another Triarch \(process {holder.pid}\) is playing the game"):
        AutosaveLock().claim()
    for args in (["play", "hotg", "--vs", "human", "--seed", "1"], ["resume"]):
        r = triarch(*args)
        assert r.returncode == 2, r.stderr
        assert f"another Triarch (process {holder.pid})" in r.stderr and "TRIARCH_HOME" in r.stderr
        assert "Traceback" not in r.stderr
    assert autosave_path().read_bytes() == before  # the other window's game, untouched


def test_the_lock_goes_with_a_process_killed_with_sigkill(holder: subprocess.Popen[str]) -> None:
    with pytest.raises(SaveBusy):
        AutosaveLock().claim()
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=10)
    lock = AutosaveLock()
    lock.claim()  # no stale lock left behind
    assert lock.claimed
    lock.release()


def test_keep_aside_moves_a_save_into_the_saves_folder_under_a_name_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toy: None
) -> None:
    path = autosave_path()
    assert keep_aside(path) is None  # nothing there: nothing to keep
    kept = []
    for actions in (1, 2):  # twice in the same second: the second does not replace the first
        toy_save(path, actions)
        target = keep_aside(path)
        assert target is not None and target.parent == tmp_path / "saves" and not path.exists()
        assert target.name.startswith("toy-") and target.name.endswith(("-kept.json", "-kept-2.json"))
        kept.append(target)
    assert kept[0] != kept[1]
    assert [len(load_game(k).history) for k in kept] == [1, 2]  # each resumable as it was


def test_unused_path_numbers_a_name_that_is_taken(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json.bad"
    assert unused_path(path) == path
    path.write_text("x")
    assert unused_path(path) == tmp_path / "autosave.json-2.bad"
    (tmp_path / "autosave.json-2.bad").write_text("y")
    assert unused_path(path) == tmp_path / "autosave.json-3.bad"


class FakeMsvcrt:
    """`msvcrt.locking` as Windows has it, within one process: a byte of a file locked through
    one open file refuses a lock through another (OSError) until it is unlocked."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}  # (file, byte) -> the open file locking it

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        at = os.lseek(fd, 0, os.SEEK_CUR)
        keys = [(os.fstat(fd).st_ino, at + i) for i in range(nbytes)]
        if mode == self.LK_UNLCK:
            for key in keys:
                if self.held.get(key) != fd:
                    raise PermissionError(13, "Permission denied")
                del self.held[key]
            return
        assert mode == self.LK_NBLCK  # (never a lock that waits: LK_LOCK tries for 10 seconds)
        if any(key in self.held for key in keys):
            raise PermissionError(13, "Permission denied")
        self.held.update(dict.fromkeys(keys, fd))


def test_on_windows_the_autosave_is_locked_with_msvcrt(monkeypatch: pytest.MonkeyPatch) -> None:
    """No `fcntl` (Windows): the same lock with `msvcrt.locking`, on a byte past the holder's
    process id (Windows' locked bytes cannot be read by another process), unlocked on release.
    (That the system drops it when the process dies is Windows' to keep: not tested here.)"""
    fake = FakeMsvcrt()
    monkeypatch.setattr(saves, "fcntl", None)
    monkeypatch.setattr(saves, "msvcrt", fake)
    assert saves.locking() == "msvcrt"
    first = AutosaveLock()
    first.claim()
    assert fake.held and all(at >= saves.HOLDER_WIDTH for _, at in fake.held)
    with pytest.raises(SaveBusy, match=rf"another Triarch \(process {os.getpid()}\) is playing"):
        AutosaveLock().claim()
    assert "another Triarch" in (AutosaveLock().taken() or "")
    first.release()
    assert not fake.held
    second = AutosaveLock()
    second.claim()
    assert second.claimed and second.taken() is None
    second.release()


def test_a_system_with_no_lock_at_all_says_so_and_lets_every_claim_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(saves, "fcntl", None)
    monkeypatch.setattr(saves, "msvcrt", None)
    assert saves.locking() is None
    one, two = AutosaveLock(), AutosaveLock()
    one.claim()
    two.claim()  # nothing keeps two windows apart there (README: "One autosave")
    assert one.claimed and two.claimed and not AutosaveLock.path().exists()


def test_a_lock_whose_save_folder_was_deleted_is_made_again_before_the_next_save(tmp_path: Path) -> None:
    """The save folder deleted mid-game takes the lock file with it: a second window could then
    claim a new one and write over this game. The holder makes and locks it again before its
    next save (`keep`), and refuses to write when another process claimed it first."""
    mine = AutosaveLock()
    mine.claim()
    shutil.rmtree(tmp_path)
    mine.keep()
    with pytest.raises(SaveBusy):
        AutosaveLock().claim()
    mine.keep()  # (nothing to do: it holds the lock file there)
    mine.release()
    shutil.rmtree(tmp_path)  # and when another window claimed the new lock file first:
    mine.claim()
    shutil.rmtree(tmp_path)
    other = AutosaveLock()
    other.claim()
    with pytest.raises(SaveBusy):
        mine.keep()
    other.release()


def test_a_session_never_writes_over_the_game_of_a_window_that_claimed_the_new_save_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toy: None
) -> None:
    from tui.session import Seats, Session

    mine = AutosaveLock()
    mine.claim()
    s = Session.new("toy", Seats(["human", "human"]), seed=4)
    s.before_save = mine.keep
    s.apply(s.legal()[0])
    shutil.rmtree(tmp_path)  # deleted mid-game; then another window starts a game there
    other = AutosaveLock()
    other.claim()
    toy_save(autosave_path(), 3)
    theirs = autosave_path().read_bytes()
    s.apply(s.legal()[0])
    assert autosave_path().read_bytes() == theirs
    assert s.save_error is not None and "another Triarch" in s.save_error
    assert (
        s.unsaved == 2 and "none of this one: Ctrl+S saves this one to a file" in s.kept_words()
    )  # its first action too
    while not s.over:  # its end keeps it in finished/, and leaves their autosave alone
        s.apply(s.legal()[0])
    assert s.finished_path is not None and s.finished_path.exists()
    assert autosave_path().read_bytes() == theirs
    other.release()
