"""Saves survive a power loss: after a save is renamed into place (a finished game kept, a game
set aside, a mark of an end not saved), its folder is synced, or the old name may come back."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from common import saves
from common.saves import (
    autosave_path,
    finished_dir,
    keep_aside,
    keep_finished,
    load_game,
    mark_end_not_saved,
    save_game,
)
from tests.toygame import ToyGame

REAL_FSYNC = os.fsync


pytestmark = pytest.mark.usefixtures("toy")


class Syncs:
    """The folders synced (by inode), and whether syncing a folder fails as on odd systems."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folders: list[tuple[int, int]] = []
        self.folder_error: int | None = None
        monkeypatch.setattr(saves.os, "fsync", self.fsync)

    def fsync(self, fd: int) -> None:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            self.folders.append((st.st_dev, st.st_ino))
            if self.folder_error is not None:
                raise OSError(self.folder_error, os.strerror(self.folder_error))
        REAL_FSYNC(fd)

    def synced(self, folder: Path) -> bool:
        st = folder.stat()
        return (st.st_dev, st.st_ino) in self.folders


@pytest.fixture
def syncs(monkeypatch: pytest.MonkeyPatch) -> Syncs:
    return Syncs(monkeypatch)


def finished_toy() -> ToyGame:
    game = ToyGame.new_game(seed=4)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot sync a folder")
def test_the_autosave_folder_is_synced_after_the_rename(syncs: Syncs) -> None:
    save_game(ToyGame.new_game(seed=4), autosave_path())
    assert syncs.synced(autosave_path().parent)


@pytest.mark.skipif(os.name == "nt", reason="Windows cannot sync a folder")
def test_a_finished_game_a_game_set_aside_and_a_mark_are_synced(
    syncs: Syncs, private_triarch_home: Path
) -> None:
    keep_finished(finished_toy())
    assert syncs.synced(finished_dir())
    save_game(ToyGame.new_game(seed=4), autosave_path())
    syncs.folders.clear()
    kept = keep_aside(autosave_path())
    assert kept is not None and syncs.synced(kept.parent) and syncs.synced(private_triarch_home)
    save_game(ToyGame.new_game(seed=5), autosave_path())
    syncs.folders.clear()
    mark_end_not_saved(autosave_path(), 1, "draw")
    assert syncs.synced(private_triarch_home)


@pytest.mark.parametrize("error", [errno.EINVAL, errno.EIO, errno.EBADF])
def test_a_folder_that_cannot_be_synced_is_no_failed_save(syncs: Syncs, error: int) -> None:
    """Some file systems refuse to sync a folder (EINVAL…): the save is in place all the same, and
    saying it failed would keep a finished game twice (in finished/ and in the autosave)."""
    syncs.folder_error = error
    game = ToyGame.new_game(seed=4)
    save_game(game, autosave_path())
    assert load_game(autosave_path()).state_hash() == game.state_hash()
    keep_finished(finished_toy())
    assert len(list(finished_dir().glob("*.json"))) == 1


def test_a_folder_that_cannot_be_opened_is_no_failed_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Windows and some network file systems cannot open a folder at all.)"""
    real_open = os.open

    def no_folders(path: object, flags: int, *args: int) -> int:
        if os.path.isdir(str(path)):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(saves.os, "open", no_folders)
    save_game(ToyGame.new_game(seed=4), autosave_path())
    assert load_game(autosave_path()).setup.seed == 4
