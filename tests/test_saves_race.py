"""Two windows on one save folder never lose a game to a name they both chose: the dated names
of games set aside (`keep_aside`), finished games kept (`keep_finished`) and Ctrl+S saves are
claimed atomically as the file is put in place (`move_to_new`: a rename that refuses to replace,
else a hard link, which refuses a name taken, else an exclusive create — each raced here), never
checked first and then renamed over — two claims in the same second get `NAME` and `NAME-2`,
whatever their timing. (The check-then-rename these replace kept 34 games of 75 in the race of
three processes.)"""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common import saves
from common.saves import keep_aside, keep_finished, load_game, move_to_new, save_game, saves_dir
from tests.toygame import ToyGame

CLAIMS = ["rename", "link", "exclusive create"]
HAS_NOREPLACE = saves.RENAME_NOREPLACE is not None


def claim_by(how: str) -> None:
    """Make `move_to_new` claim names as a system with only `how` does: a rename that refuses to
    replace (Linux, Windows), else a hard link, else an exclusive create. (In the child
    processes too: `python -c`, from the test's words.)"""
    if how != "rename":
        saves.RENAME_NOREPLACE = None
    if how == "exclusive create":

        def no_links(src: Any, dst: Any, **kwargs: Any) -> None:
            raise OSError(errno.EPERM, "Operation not permitted")

        os.link = no_links  # type: ignore[assignment]


@pytest.fixture(params=CLAIMS)
def claim(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each way of claiming a name, raced."""
    how = str(request.param)
    if how == "rename" and not HAS_NOREPLACE:
        pytest.skip("no rename that refuses to replace on this system")
    monkeypatch.setattr(saves, "RENAME_NOREPLACE", saves.RENAME_NOREPLACE)
    monkeypatch.setattr(os, "link", os.link)
    claim_by(how)
    return how


@pytest.fixture(autouse=True)
def same_second(monkeypatch: pytest.MonkeyPatch, toy: None) -> None:
    """Every dated name is the same one (both windows in the same second), the toy game known."""
    monkeypatch.setattr(saves.time, "strftime", lambda fmt, *a: "20261128-040000")


def finished(seed: int) -> ToyGame:
    game = ToyGame.new_game(seed=seed)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    return game


def race(*claims: Callable[[], Path]) -> list[Path]:
    """Run the claims at once, one thread each (started together), and return their paths."""
    start = threading.Barrier(len(claims), timeout=30)
    out: list[Any] = [None] * len(claims)

    def run(i: int) -> None:
        start.wait()
        try:
            out[i] = claims[i]()
        except BaseException as exc:  # (told by the assertion below)
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(claims))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(isinstance(p, Path) for p in out), out
    return out


def slow_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each write's fsync takes a while (a slow disk), between the choice of a name and the file
    put in place: both windows write at the same time."""
    real = os.fsync

    def slow(fd: int) -> None:
        time.sleep(0.05)
        real(fd)

    monkeypatch.setattr(os, "fsync", slow)


def test_two_windows_keeping_a_finished_game_in_the_same_second_keep_both(
    claim: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_writes(monkeypatch)
    games = [finished(1), finished(2)]
    assert games[0].state_hash() != games[1].state_hash()
    paths = race(lambda: keep_finished(games[0]), lambda: keep_finished(games[1]))
    assert sorted(p.name for p in paths) == ["toy-20261128-040000-2.json", "toy-20261128-040000.json"]
    assert sorted(load_game(p).state_hash() for p in paths) == sorted(g.state_hash() for g in games)


def test_two_saves_as_a_new_file_under_one_name_are_both_kept(
    claim: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+S in two windows at once (`save_game(new=True)`, what the table's Save as writes)."""
    slow_writes(monkeypatch)
    wanted = tmp_path / "saves" / "toy-20261128-040000.json"
    games = [ToyGame.new_game(seed=s) for s in (1, 2)]
    paths = race(*[lambda g=g: save_game(g, wanted, new=True) for g in games])
    assert len(set(paths)) == 2
    assert sorted(load_game(p).setup.seed for p in paths) == [1, 2]
    assert not list(wanted.parent.glob("*.tmp"))  # (no temporary file left)


def test_two_games_set_aside_in_the_same_second_are_both_kept(
    claim: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two autosaves set aside at once: each claims its name before its mark is made, and both
    marks are there when both claims are (`Path.touch` of the marks waits for the other)."""
    sources = []
    for seed in (1, 2):
        folder = tmp_path / f"window{seed}"
        folder.mkdir()
        save_game(ToyGame.new_game(seed=seed), folder / "autosave.json")
        sources.append(folder / "autosave.json")
    both_named = threading.Barrier(2, timeout=10)
    real_touch = Path.touch

    def touch(self: Path, *args: Any, **kwargs: Any) -> None:
        if saves.SET_ASIDE in self.name:
            both_named.wait()
        real_touch(self, *args, **kwargs)

    monkeypatch.setattr(Path, "touch", touch)
    paths = race(*[lambda s=s: keep_aside(s) for s in sources])
    assert len(set(paths)) == 2 and all(p.parent == saves_dir() for p in paths)
    assert sorted(load_game(p).setup.seed for p in paths) == [1, 2]
    assert not any(s.exists() for s in sources)  # moved, not copied
    assert sorted(saves.set_aside_untold()) == sorted(paths)


@pytest.mark.parametrize("how", CLAIMS)
def test_many_processes_keeping_games_under_one_name_lose_none(how: str, tmp_path: Path) -> None:
    """Real processes (two windows are two processes), each keeping games as fast as it can
    under one dated name: every game is there, each under a name of its own."""
    import subprocess
    import sys

    if how == "rename" and not HAS_NOREPLACE:
        pytest.skip("no rename that refuses to replace on this system")
    root = Path(__file__).resolve().parent.parent
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from common.saves import write_json_atomic\n"
        "from tests.test_saves_race import claim_by\n"
        "wanted, who = Path(sys.argv[1]), sys.argv[2]\n"
        "claim_by(sys.argv[3])\n"
        "for i in range(25):\n"
        "    write_json_atomic(wanted, {'who': who, 'i': i}, new=True)\n"
    )
    wanted = tmp_path / "finished" / "toy-20261128-040000.json"
    env = dict(os.environ, PYTHONPATH=str(root))
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(wanted), who, how], cwd=root, env=env)
        for who in ("a", "b", "c")
    ]
    for p in procs:
        assert p.wait(timeout=120) == 0
    written = {(d["who"], d["i"]) for d in (json.loads(f.read_text()) for f in wanted.parent.glob("*.json"))}
    assert len(written) == 75 and len(list(wanted.parent.glob("*.json"))) == 75


def test_a_file_system_that_cannot_rename_without_replacing_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`renameat2` there, but not on this file system (EINVAL: some network ones): the name is
    claimed by a hard link instead."""

    def unsupported(source: Path, target: Path) -> None:
        raise OSError(errno.EINVAL, "Invalid argument")

    monkeypatch.setattr(saves, "RENAME_NOREPLACE", unsupported)
    wanted = tmp_path / "x.json"
    wanted.write_text("first")
    source = tmp_path / "source"
    source.write_text("second")
    assert move_to_new(source, wanted) == tmp_path / "x-2.json"
    assert wanted.read_text() == "first" and not source.exists()


def test_without_hard_links_the_name_is_claimed_by_an_exclusive_create(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system with no hard links (FAT, some network ones): the name is still never one
    taken, and the move leaves no empty claim behind."""
    monkeypatch.setattr(saves, "RENAME_NOREPLACE", saves.RENAME_NOREPLACE)
    monkeypatch.setattr(os, "link", os.link)
    claim_by("exclusive create")
    wanted = tmp_path / "x.json"
    wanted.write_text("first")
    for text in ("second", "third"):
        source = tmp_path / "source"
        source.write_text(text)
        moved = move_to_new(source, wanted)
        assert moved.read_text() == text and not source.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-2.json", "x-3.json", "x.json"]
    assert wanted.read_text() == "first"


def test_a_move_that_cannot_finish_leaves_the_game_in_one_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The source cannot be removed once linked: the new name goes again (the game is never in
    two places, to be resumed twice), and the error is the caller's to tell."""
    monkeypatch.setattr(saves, "RENAME_NOREPLACE", None)
    source = tmp_path / "autosave.json"
    source.write_text("game")
    real_unlink = Path.unlink

    def refused(self: Path, missing_ok: bool = False) -> None:
        if self == source:
            raise PermissionError(errno.EACCES, "Permission denied")
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", refused)
    with pytest.raises(PermissionError):
        move_to_new(source, tmp_path / "saves.json")
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
