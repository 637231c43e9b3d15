"""Saving and loading games as JSON replays (setup + action list), atomically.

A save is `Game.to_json()` (format version, game id, setup, action notations)
plus an optional "ui" part (seats, counts) and a checksum of the rest, written
to a temporary file that is renamed over the old save only once it is complete:
a crash, a kill or a full disk mid-write leaves the previous save as it was.

A game that a player resigned also says who ("resigned": the seat), which the
engine's game does not know: a save of format 2 (`RESIGNED_FORMAT`). Every other
save is written in format 1, as before, and both are read.

A save also says when it was written ("saved": UTC, ISO 8601), which orders the finished
games and tells an autosave from a later game of the same seed (`written_at`): a file's own
time changes when a folder is copied. A key an older Triarch ignores (it replays the same
game without it) raises no format, as "rules" did not: it is outside the checksum, and a
save without it (written before it) is dated by its file's time.

Loading refuses, with one clear line (`SaveError`), anything that is not a save
this version can replay: a truncated or corrupted file, wrong types, a game id
that does not exist, a save of a newer format, an action that cannot be parsed
or is illegal where it stands, and an edit the checksum reveals. Each refusal has its kind
(`SaveError.kind`, a `SaveTrouble`): what a caller tells it by, never the line's words.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import importlib
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from .errors import DataError, EngineNotAvailable, IllegalAction
from .events import Event
from .game import SAVE_FORMAT, Action, Game, Setup
from .registry import GAMES, game_class

# The save formats: 1 (`SAVE_FORMAT`, what `Game.to_json` writes), the setup and the actions;
# 2, also the seat that resigned the game ("resigned"). A save is written in format 2 only when it
# holds a resignation, so that a Triarch that reads format 1 only still reads every other save.
RESIGNED_FORMAT = 2
NEWEST_FORMAT = RESIGNED_FORMAT  # the newest format this version reads

STALE_TEMP_SECONDS = 600  # temporary files of a write older than this were left by a crash


class SaveTrouble(StrEnum):
    """What kind of trouble keeps a save from loading (`SaveError.kind`): what the menu and the
    CLI tell by, never by the words of the message (which may be reworded). One per raise site
    of `SaveError`; the value is a short name for logs and tests, not words for the player."""

    MISSING = "missing"  # no file there (removed or moved since it was listed)
    UNREADABLE = "unreadable"  # the file cannot be read at all (permissions, a disk error)
    EMPTY = "empty"  # nothing in it (a write that never happened)
    NOT_TEXT = "not text"  # bytes that are not UTF-8: corrupted
    NOT_JSON = "not JSON"  # text that is not JSON: cut short or corrupted
    NOT_A_SAVE = "not a save"  # JSON, but not a Triarch save (no format or game, not an object)
    NEWER = "newer"  # written by a newer Triarch: its save format, or its game's rules version
    UNKNOWN_GAME = "unknown game"  # a game this Triarch does not know, or whose engine is missing
    DAMAGED = "damaged"  # a save whose part is wrong (a type, a seat, a setup): edited by hand?
    SEATS = "seats"  # both seats the AI's (`tui.session.Seats`): a hand-edit, no player at the table
    CHANGED = "changed"  # its checksum does not match: changed after it was written
    UNREPLAYABLE = "unreplayable"  # an action that no longer replays, under the same rules
    OTHER_RULES = "other rules"  # an action that no longer replays, played under other rules


class SaveError(ValueError):
    """A save that cannot be loaded; the message is one line for the player (the CLI prints it),
    `kind` what is wrong (`SaveTrouble`), which is what a caller tells by."""

    def __init__(self, message: str, kind: SaveTrouble) -> None:
        super().__init__(message)
        self.kind = kind

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled whole: message and kind)
        return (type(self), (str(self), self.kind))


def save_advice(error: int | None, folder: Path) -> str:
    """What a player can do when a save to `folder` failed with `error` (an errno), in one
    sentence: free space on a full disk, a writable folder when it is not."""
    if error in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "The disk is full: free some space."
    if error in (errno.EACCES, errno.EPERM, errno.EROFS):
        return (
            f"Triarch may not write in {folder}: make it writable, or set TRIARCH_HOME to a folder that is."
        )
    return f"Check that {folder} exists and can be written."


def open_refused(error: int | None) -> str:
    """Why a file could not be opened (`error`, an errno), in the player's words — never the
    system's own text (`Permission denied`), which names no file and no remedy."""
    if error in (errno.EACCES, errno.EPERM):
        return "this account may not open it"
    if error == errno.EISDIR:
        return "it is a folder, not a file"
    if error == errno.EIO:
        return "the disk failed to read it"
    return "the system refused to open it"


def data_dir() -> Path:
    """Where autosaves live: $TRIARCH_HOME, else $XDG_DATA_HOME/triarch, else ~/.local/share/triarch."""
    home = os.environ.get("TRIARCH_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "triarch"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


KEPT_FINISHED = 20  # finished games kept for watching again, the newest


def finished_dir() -> Path:
    """Where finished games are kept (`keep_finished`)."""
    return data_dir() / "finished"


def finished_games() -> list[Path]:
    """The kept finished games, oldest first (one deleted while the folder is read is left out)."""
    return _oldest_first(finished_dir(), "*.json")


def _oldest_first(folder: Path, pattern: str) -> list[Path]:
    """The files of `folder` matching `pattern`, oldest first (by time written, `written_at`,
    then name); one deleted while the folder is read is left out, and a folder that is not
    there has none."""
    if not folder.is_dir():
        return []
    dated: list[tuple[float, str, Path]] = []
    for path in folder.glob(pattern):
        try:
            dated.append((written_at(path), path.name, path))
        except OSError:  # (gone since it was listed)
            continue
    return [path for _, _, path in sorted(dated)]


SAVED = "saved"  # the key of the time a save was written (UTC, ISO 8601)


def _stamp_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def saved_at(data: Any) -> float | None:
    """When the save data `data` was written, as a POSIX time, by the stamp it holds; None for a
    save written before saves held one (or a stamp that is not one: a hand-edit)."""
    stamp = data.get(SAVED) if isinstance(data, dict) else None
    if not isinstance(stamp, str):
        return None
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    return when.timestamp()


def written_at(path: Path, data: Any = None) -> float:
    """When the save at `path` (read already as `data`, or read here) was written: its stamp
    (`saved_at`), which copying a folder keeps, or for a save without one (older, damaged) the
    file's time. OSError if the file is gone."""
    if data is None:
        try:
            data = json.loads(path.read_bytes().decode("utf-8-sig"))
        except (ValueError, RecursionError):
            data = None
    when = saved_at(data)
    return when if when is not None else path.stat().st_mtime


def keep_finished(game: Game, extra: dict[str, Any] | None = None, *, resigned: int | None = None) -> Path:
    """Keep a finished game's save for watching again (`triarch replay` with no file):
    `finished/GAME-DATE-TIME.json`, the newest `KEPT_FINISHED` of them. A game that ended by
    a resignation (`resigned`: the seat) is kept with it."""
    # (`-2`: a rematch ended in the same second, or another window kept one then: never replaced)
    path = save_game(game, dated_path(finished_dir(), game.game_id), extra, resigned=resigned, new=True)
    _prune_finished(path)
    return path


def _prune_finished(kept: Path) -> None:
    """Remove the oldest kept finished games but the newest `KEPT_FINISHED` (`kept` among them)."""
    older = [p for p in finished_games() if p != kept]
    for old in older[: max(0, len(older) - (KEPT_FINISHED - 1))]:
        with contextlib.suppress(OSError):  # (the game is kept: an older one left is no loss)
            old.unlink(missing_ok=True)


def ended_game(autosave: Path) -> Path | None:
    """The kept finished game (in `finished/`) that the save at `autosave` is the start of, or
    None: a `triarch` killed after it kept a finished game but before it removed the game's
    autosave leaves the game as it was before its end, which Continue would bring back, the game
    then twice. The same game: its game and setup (seed, decks, options, scenario) and its seats,
    its actions the first of the kept game's, and its autosave written no later than the kept
    game (a new game of the same seed, started after that one ended, is its own game)."""
    try:
        saved = json.loads(autosave.read_text(encoding="utf-8"))
        written = written_at(autosave, saved)
    except (OSError, ValueError):
        return None
    if not isinstance(saved, dict) or not isinstance(saved.get("actions"), list):
        return None
    actions = saved["actions"]
    for kept in reversed(finished_games()):
        try:
            data = json.loads(kept.read_text(encoding="utf-8"))
            if written_at(kept, data) < written:
                continue
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            continue
        same = all(data.get(key) == saved.get(key) for key in ("game", "setup"))
        if same and _seats(data) == _seats(saved) and data["actions"][: len(actions)] == actions:
            return kept
    return None


def kept_already(data: dict[str, Any]) -> Path | None:
    """The kept finished game (in `finished/`) that is the game of save data `data`, or None: the
    same game, setup, seats, actions and resignation. (Two windows on one save folder: one keeps
    a finished game that the other's autosave held; the other then keeps it no second time.)"""
    for kept in reversed(finished_games()):
        try:
            other = json.loads(kept.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(other, dict):
            continue
        if all(other.get(key) == data.get(key) for key in ("game", "setup", "actions", "resigned")) and (
            _seats(other) == _seats(data)
        ):
            return kept
    return None


def _seats(data: dict[str, Any]) -> Any:
    ui = data.get("ui")
    return ui.get("seats") if isinstance(ui, dict) else None


# In a save's "ui" part: the save is a finished game that could not be kept in finished/ when it
# ended, kept in the autosave instead (`keep_ended_autosave` moves it there at the next start).
ENDED = "ended"


def holds_ended(path: Path) -> bool:
    """The save at `path` is a finished game kept with its end in the autosave (`ENDED`)."""
    try:
        ui = read_save(path).get("ui")
    except SaveError:
        return False
    return isinstance(ui, dict) and ui.get(ENDED) is True


def keep_ended_autosave() -> Path | None:
    """Move the autosave into `finished/` when it holds a finished game (its end could not be kept
    there as it was played, and the autosave kept it instead: `ENDED`), where it is kept to watch
    again, never a game to continue: where it is now, or None (nothing moved)."""
    path = autosave_path()
    try:
        data = read_save(path)
    except SaveError:
        return None
    ui = data.get("ui")
    if not isinstance(ui, dict) or ui.get(ENDED) is not True:
        return None
    try:
        over = resigned_seat(data) is not None or game_from_save(data).is_over()
    except SaveError:
        return None
    if not over:
        return None
    kept = kept_already(data)
    if kept is not None:  # (kept by the window that played it, after all: not a second time)
        try:
            path.unlink()
        except OSError:
            return None
        sync_dir(path.parent)
        return kept
    try:
        wanted = dated_path(finished_dir(), str(data["game"]))
        wanted.parent.mkdir(parents=True, exist_ok=True)
        target = move_to_new(path, wanted)
    except OSError:
        return None
    _prune_finished(target)
    return target


def drop_ended_autosave() -> Path | None:
    """Remove the autosave when it is the start of a kept finished game (`ended_game`), or move it
    into `finished/` when it is a finished game itself (`keep_ended_autosave`): the kept game, or
    None (nothing removed)."""
    path = autosave_path()
    kept = ended_game(path)
    if kept is None:
        return keep_ended_autosave()
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
        sync_dir(path.parent)
    return kept if not path.exists() else None


# -- an end that could not be saved ---------------------------------------------------------

# the mark of an end not saved is named `autosave.json.end-not-saved.DIGEST.LOST.OUTCOME`
END_NOT_SAVED = ".end-not-saved."
END_OUTCOMES = {
    "p1-wins": "player 1 won",
    "p2-wins": "player 2 won",
    "draw": "a draw",
    "p1-resigned": "player 1 resigned",
    "p2-resigned": "player 2 resigned",
}


@dataclass(frozen=True, slots=True)
class EndNotSaved:
    """The autosave is a game as it was before its end, which could not be saved (a full disk,
    and the player left the game, or it was closed): `lost` actions after the autosave's (a
    resignation counted as one), and how the game ended (`outcome`, in words)."""

    lost: int
    outcome: str
    resigned: bool

    def words(self, then: str = "Continue resumes it") -> str:
        """What the menu says of it (`then`: what resumes the game, before its end: that is all
        there is)."""
        if self.resigned and self.lost == 1:
            what, them = "the resignation", "the resignation"
        elif self.resigned:
            actions = "its last action" if self.lost == 2 else f"its last {self.lost - 1} actions"
            what, them = f"{actions} and the resignation", "them"
        elif self.lost == 1:
            what, them = "its last action", "that action"
        else:
            what, them = f"its last {self.lost} actions", "them"
        return (
            f"The autosaved game ended ({self.outcome}), but {what} could not be saved: "
            f"{then} from before {them}."
        )


def _digest_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _end_marks(autosave: Path) -> list[Path]:
    return sorted(autosave.parent.glob(f"{autosave.name}{END_NOT_SAVED}*"))


def mark_end_not_saved(autosave: Path, lost: int, outcome: str) -> None:
    """Say, for the next start, that the game in `autosave` (as it is now) ended `lost` actions
    later (`outcome`: a key of `END_OUTCOMES`) but its end could not be saved. The mark is an
    empty file whose name says it all (made when nothing else can be written: a full disk still
    makes an empty file), and it speaks for this autosave only (its digest is in the name): an
    autosave written since makes it void. Best effort: nothing if it cannot be made either."""
    if outcome not in END_OUTCOMES or lost < 1:
        return
    try:
        digest = _digest_of(autosave)
        forget_end_not_saved(autosave)
        autosave.with_name(f"{autosave.name}{END_NOT_SAVED}{digest}.{lost}.{outcome}").touch()
    except OSError:
        return
    sync_dir(autosave.parent)


def end_not_saved(autosave: Path) -> EndNotSaved | None:
    """The end of the game in `autosave` that could not be saved (`mark_end_not_saved`), or None:
    no mark, or none for this autosave (a mark of an autosave since replaced or removed is
    removed)."""
    marks = _end_marks(autosave)
    if not marks:
        return None
    try:
        digest = _digest_of(autosave)
    except OSError:
        digest = None
    found: EndNotSaved | None = None
    for mark in marks:
        parts = mark.name[len(autosave.name) + len(END_NOT_SAVED) :].split(".")
        if (
            found is None
            and len(parts) == 3
            and parts[0] == digest
            and parts[1].isdigit()
            and int(parts[1]) >= 1
            and parts[2] in END_OUTCOMES
        ):
            found = EndNotSaved(int(parts[1]), END_OUTCOMES[parts[2]], parts[2].endswith("-resigned"))
            continue
        with contextlib.suppress(OSError):
            mark.unlink()
    return found


def forget_end_not_saved(autosave: Path) -> None:
    """Remove the marks of an end not saved (the end is kept at last, or the autosave is gone)."""
    for mark in _end_marks(autosave):
        with contextlib.suppress(OSError):
            mark.unlink()


class SaveBusy(Exception):
    """The autosave cannot be given to a new game: another running Triarch is playing it (or the
    game in progress in it cannot be kept aside, or its lock cannot be opened); the message is one
    line for the player."""


try:  # POSIX: `flock`
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]
try:  # Windows: `msvcrt.locking` (imported by name: its functions exist on Windows only)
    msvcrt: Any = importlib.import_module("msvcrt")
except ImportError:
    msvcrt = None

# msvcrt locks a range of bytes, which no other process may then read: the lock is on a byte
# far past the holder's process id at the start of the file (a byte past the end of a file
# can be locked), so that the refused process can still read whose it is.
MSVCRT_LOCK_AT = 1 << 20
HOLDER_WIDTH = 32  # the bytes the holder's process id is written in (and read from)


def _running(pid: str) -> bool:
    """`pid` (read from a lock file) is a process that runs: one that holds the lock through a
    file it may not write (`AutosaveLock._open`) left the id of an earlier holder there, which
    then names no process. (Windows: not asked — `os.kill` would end it.)"""
    if not pid.isdigit():
        return False
    if os.name == "nt":
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's: it runs)
        return True
    return True


def locking() -> str | None:
    """How this system locks the autosave: "flock" (POSIX), "msvcrt" (Windows) or None: a
    system with neither has no lock, and two windows on one save folder are not kept apart."""
    if fcntl is not None:
        return "flock"
    return "msvcrt" if msvcrt is not None else None


class AutosaveLock:
    """The right to write the autosave, for one process at a time (two `triarch` windows on one
    save folder would otherwise each write their own game over the other's).

    An exclusive lock on `autosave.lock` next to the autosave (`flock`; on Windows, one byte of
    it locked with `msvcrt.locking`), taken with `claim` and given back with `release` (or by
    the process ending: the system drops it even after `kill -9`, so a lock is never left
    stale). The file holds the holder's process id, for the message. Where the system has
    neither (`locking()` is None), every claim succeeds."""

    def __init__(self) -> None:
        self.fd: int | None = None
        self.claimed = False

    @staticmethod
    def path() -> Path:
        return data_dir() / "autosave.lock"

    @staticmethod
    def _lock(fd: int) -> None:
        """Lock the open lock file without waiting; OSError if another process holds it."""
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        os.lseek(fd, MSVCRT_LOCK_AT, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    @staticmethod
    def _unlock(fd: int) -> None:
        """Unlock before closing (closing drops an `flock`; Windows asks for the unlock first)."""
        if fcntl is None and msvcrt is not None:
            os.lseek(fd, MSVCRT_LOCK_AT, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def claim(self) -> None:
        """Hold the lock (nothing if this process holds it); SaveBusy if another process does,
        or if the lock file is there but cannot be opened at all (`_open`). A lock file that
        cannot be written (another user's, a read-only folder) is locked all the same, opened
        for reading (a lock needs no more; its holder then is not named). A lock file that
        cannot be made (a folder that cannot be written, where no lock file is yet) does not
        stop the game: no autosave can be written there either, and its save fails on its own,
        with its own message."""
        if self.claimed or locking() is None:
            self.claimed = True
            return
        path = self.path()
        with contextlib.suppress(OSError):  # (one that cannot be made: `_open` says what follows)
            path.parent.mkdir(parents=True, exist_ok=True)
        fd = self._open(path, create=True)
        if fd is None:
            self.claimed = True
            return
        self._lock_or_busy(fd)
        try:  # (written over, not truncated: on Windows the locked byte lies past the end)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".ljust(HOLDER_WIDTH).encode())
        except OSError:  # (opened for reading only: the lock holds, without its holder's name)
            pass
        self.fd = fd
        self.claimed = True

    @staticmethod
    def _open(path: Path, *, create: bool) -> int | None:
        """The lock file opened to be locked: for writing (to say whose it is), else for reading
        (a lock file this user may not write: `flock` and `msvcrt.locking` lock it all the same);
        None when there is none (and, with `create`, none can be made: a folder that cannot be
        written). SaveBusy when it is there but cannot be opened at all: going on without it
        would let another window write over this game."""
        binary = getattr(os, "O_BINARY", 0)
        try:
            return os.open(path, os.O_RDWR | (os.O_CREAT if create else 0) | binary, 0o600)
        except OSError:
            pass
        try:
            return os.open(path, os.O_RDONLY | binary)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if not os.path.lexists(path):
                return None
            raise SaveBusy(
                f"the autosave's lock {path} cannot be opened: {open_refused(exc.errno)}, and "
                "without it another Triarch could write over this game: make it readable, or "
                "remove it while no Triarch is running, or give this window a save folder of its "
                "own (TRIARCH_HOME)"
            ) from None

    def _lock_or_busy(self, fd: int) -> None:
        """Lock the open lock file `fd`; if another process holds it, close `fd` and raise
        SaveBusy saying whose it is."""
        try:
            self._lock(fd)
        except OSError:
            try:
                os.lseek(fd, 0, os.SEEK_SET)
                holder = os.read(fd, HOLDER_WIDTH).decode("ascii", "replace").strip()
            except OSError:
                holder = ""
            os.close(fd)
            who = f"process {holder}" if _running(holder) else "another process"
            raise SaveBusy(
                f"another Triarch ({who}) is playing the game saved in {autosave_path()}; "
                "finish that game or go back to its menu (m) first, "
                "or give this window a save folder of its own (TRIARCH_HOME)"
            ) from None

    def keep(self) -> None:
        """Before a write of the autosave: hold the lock still, on the file now at `path()`.
        A lock file removed while it was held (the save folder deleted mid-game) locks nothing
        any more — another process could claim a new one and write over this game —, so it is
        made and locked again; SaveBusy if another process has claimed the new one since."""
        if locking() is None:
            return
        if self.fd is not None:
            try:
                if os.path.samestat(os.fstat(self.fd), os.stat(self.path())):
                    return
            except OSError:  # (no lock file there any more)
                pass
            self.release()
        self.claim()

    def taken(self) -> str | None:
        """Why the autosave is not free (another process holds the lock, or its lock file
        cannot be opened: `claim` would refuse), or None: a look,
        the lock is not kept (None too when this lock holds it). A look makes nothing: a
        player who opens the menu and quits leaves no data folder and no lock file behind.
        No lock file is no holder (one whose file was removed makes and locks a new one before
        it writes the autosave again: `keep`)."""
        if self.claimed or locking() is None:
            return None
        try:
            fd = self._open(self.path(), create=False)
        except SaveBusy as exc:  # (there, but not to be opened: `claim` would refuse)
            return str(exc)
        if fd is None:  # (not there: nobody holds it)
            return None
        try:
            self._lock_or_busy(fd)
        except SaveBusy as exc:
            return str(exc)
        with contextlib.suppress(OSError):
            self._unlock(fd)
        os.close(fd)
        return None

    def release(self) -> None:
        """Give the lock back (closing the file drops it)."""
        fd, self.fd, self.claimed = self.fd, None, False
        if fd is not None:
            with contextlib.suppress(OSError):
                self._unlock(fd)
            os.close(fd)


def saves_dir() -> Path:
    """Where Ctrl+S saves and the games set aside (`keep_aside`) go."""
    return data_dir() / "saves"


# the mark of a game set aside that the player may not have been told of: an empty file in the
# data folder named `autosave.json.set-aside.NAME`, NAME the set-aside file's in `saves_dir()`
SET_ASIDE = ".set-aside."


def _set_aside_mark(kept: Path) -> Path:
    return autosave_path().with_name(f"{autosave_path().name}{SET_ASIDE}{kept.name}")


def keep_aside(path: Path) -> Path | None:
    """Move the save at `path` (the autosave of a game in progress, which a new game is about to
    replace) into the saves folder under a name of its own, `GAME-YYYYmmdd-HHMMSS-kept.json`
    (`-kept-2`… when taken; never a name Ctrl+S gives a save, which could replace it), for
    `triarch resume FILE`; None if there is no save there. An unreadable save is named
    `autosave-…` instead. A mark says it was set aside until the player is told
    (`set_aside_untold`, `told_set_aside`): a crash before the new game's first save would
    otherwise leave no word of where the game went."""
    if not path.exists():
        return None
    try:
        game = str(read_save(path)["game"])
    except SaveError:
        game = "autosave"
    game = "".join(c for c in game if c.isalnum() or c in "-_") or "autosave"
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    marks: list[Path] = []

    def mark(target: Path) -> None:
        """(Once the name is claimed: where the claim is a link, before the autosave goes — a mark
        without its file is forgotten; where it is the move, just after: a crash in between leaves
        a game the menu does not tell of, which `triarch resume` still lists.)"""
        with contextlib.suppress(OSError):
            _set_aside_mark(target).touch()
            marks.append(_set_aside_mark(target))

    try:
        return move_to_new(path, dated_path(folder, game, "-kept"), claimed=mark)
    except OSError:
        for made in marks:
            with contextlib.suppress(OSError):
                made.unlink(missing_ok=True)
        raise


# the names `keep_aside` gives: GAME-YYYYmmdd-HHMMSS-kept.json, -kept-2.json when taken
_SET_ASIDE_NAME = re.compile(r"[A-Za-z0-9_-]+-\d{8}-\d{6}-kept(?:-\d+)?\.json")


def is_set_aside(path: Path) -> bool:
    """`path` is a game set aside by `keep_aside` (its name, in the saves folder), not a save
    the player made (Ctrl+S) or one kept anywhere else."""
    if not _SET_ASIDE_NAME.fullmatch(path.name):
        return False
    try:
        return path.parent.resolve() == saves_dir().resolve()
    except OSError:
        return False


def take_back(kept: Path) -> bool:
    """Move the game set aside as `kept` (`is_set_aside`) back into place as the autosave, whose
    game the caller has set aside first (`keep_aside`): resumed, it is the game in progress
    again, in one place only — left in the saves folder, it could be resumed a second time and
    the game go on twice from the same point. A rename (a full disk allows it), the folders
    synced; False, nothing moved, when it cannot be (the file then stays where it is)."""
    if not is_set_aside(kept):
        return False
    try:
        move_durably(kept, autosave_path())
    except OSError:
        return False
    told_set_aside(kept)
    return True


def set_aside_untold() -> list[Path]:
    """The games set aside (`keep_aside`) that the player may not have been told of, oldest
    first (a mark whose file is gone is removed)."""
    home = autosave_path()
    found: list[Path] = []
    for mark in sorted(home.parent.glob(f"{home.name}{SET_ASIDE}*")):
        kept = saves_dir() / mark.name[len(home.name) + len(SET_ASIDE) :]
        if kept.is_file():
            found.append(kept)
        else:
            with contextlib.suppress(OSError):
                mark.unlink()
    return sorted(found, key=lambda p: p.name)


def told_set_aside(kept: Path) -> None:
    """The player was told where the game set aside as `kept` is (or resumed it)."""
    with contextlib.suppress(OSError):
        _set_aside_mark(kept).unlink(missing_ok=True)


def set_aside_games() -> list[Path]:
    """The games set aside in the saves folder (`keep_aside`), newest first (by the time each
    was last saved, `written_at`)."""
    return [p for p in _oldest_first(saves_dir(), "*-kept*.json")[::-1] if _SET_ASIDE_NAME.fullmatch(p.name)]


def save_summary(path: Path) -> str:
    """The game saved at `path` in words, how far it got: `BHM, 23 actions` (`…, ended` for a
    finished game kept with its end: `ENDED`); "" when it cannot be read."""
    try:
        data = read_save(path)
    except SaveError:
        return ""
    info = GAMES.get(str(data["game"]))
    title = info.title if info is not None else str(data["game"])
    n = len(data.get("actions", []))
    ui = data.get("ui")
    ended = ", ended" if isinstance(ui, dict) and ui.get(ENDED) is True else ""
    return f"{title}, {n} action{'' if n == 1 else 's'}{ended}"


def last_saved(path: Path) -> str:
    """When the save at `path` was written, in the player's local time (`2026-11-28 04:10`);
    "" if the file is gone."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(written_at(path)))
    except OSError:
        return ""


def dated_path(folder: Path, name: str, tail: str = "") -> Path:
    """`folder/NAME-YYYYmmdd-HHMMSSTAIL.json`, the name every save the table writes is given
    (Ctrl+S, a game kept aside with `-kept`, a finished game): the name wanted, which the write
    or the move claims (`save_game(new=True)`, `move_to_new`), `-2`, `-3`… when it is taken."""
    return folder / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}{tail}.json"


def numbered(path: Path, n: int) -> Path:
    """`path` (n = 1), else `NAME-n.EXT`: the names tried in turn for a new file."""
    return path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")


def unused_path(path: Path) -> Path:
    """`path`, or when a file is there already the first of `NAME-2.EXT`, `NAME-3.EXT`… that is
    free now: a look only, for words; the name is claimed by `move_to_new` or `save_game(new=True)`,
    which never replace a file another process put there since."""
    n = 1
    while numbered(path, n).exists():
        n += 1
    return numbered(path, n)


def _rename_noreplace_function() -> Callable[[Path, Path], None] | None:
    """A rename that refuses to replace a file (FileExistsError), where the system has one: Linux's
    `renameat2(RENAME_NOREPLACE)` (through the C library), Windows' own `os.rename`; None
    elsewhere (`move_to_new` then links)."""
    if os.name == "nt":
        return os.rename
    if not sys.platform.startswith("linux"):
        return None
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # (a C library without it: older than glibc 2.28)
        return None
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    renameat2.restype = ctypes.c_int
    at_fdcwd, rename_noreplace = -100, 1

    def rename(source: Path, target: Path) -> None:
        if renameat2(at_fdcwd, os.fsencode(source), at_fdcwd, os.fsencode(target), rename_noreplace):
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code), str(source), None, str(target))

    return rename


RENAME_NOREPLACE = _rename_noreplace_function()
# what a file system that cannot rename without replacing says (`move_to_new` then links)
_NO_NOREPLACE = {errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, getattr(errno, "EOPNOTSUPP", errno.ENOTSUP)}


def move_to_new(
    source: Path, wanted: Path, claimed: Callable[[Path], None] | None = None, *, temporary: bool = False
) -> Path:
    """Move the file `source` to the first free name of `wanted`, `wanted-2`…, and return it: a
    name is claimed atomically, so that two processes keeping a game under the same name in the
    same second (two windows on one save folder) never replace one another's file. The claim is
    the move itself where the system renames without replacing (`RENAME_NOREPLACE`); else a hard
    link (which refuses a name taken), then `source` unlinked; where the file system has no hard
    links either, the name is created exclusively (`O_EXCL`) and `source` renamed over that empty
    claim. `claimed(name)` runs once the name is the mover's (before `source` goes, where it goes
    after the claim). The folders are synced after (`sync_dir`). OSError, nothing moved, when it
    cannot be. A `temporary` source (a write's temporary file) that cannot be removed once linked
    stays for the next write to clean up (`_remove_stale_temps`): the file is in place all the
    same."""
    n = 1
    while True:
        target = numbered(wanted, n)
        try:
            _move_unless_taken(source, target, claimed, temporary)
        except FileExistsError:
            n += 1
            continue
        _sync_both(source, target)
        return target


def _move_unless_taken(
    source: Path, target: Path, claimed: Callable[[Path], None] | None, temporary: bool
) -> None:
    """`move_to_new` to the one name `target`; FileExistsError, nothing moved, if it is taken."""
    if RENAME_NOREPLACE is not None:
        try:
            RENAME_NOREPLACE(source, target)
        except OSError as exc:
            if isinstance(exc, FileExistsError) or exc.errno not in _NO_NOREPLACE:
                raise
        else:
            if claimed is not None:
                claimed(target)
            return
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:  # (no hard links here: FAT, some network or FUSE systems)
        if not source.exists():
            raise
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        _rename_over_claim(source, target, claimed)
        return
    if claimed is not None:
        claimed(target)
    try:
        source.unlink()
    except OSError:  # (never the game in two places: the new name goes again)
        if not temporary:
            with contextlib.suppress(OSError):
                target.unlink()
            raise


def _rename_over_claim(source: Path, target: Path, claimed: Callable[[Path], None] | None) -> None:
    """`move_to_new` without hard links: `source` renamed over `target`, the empty file that
    claimed the name (removed again if the rename fails)."""
    if claimed is not None:
        claimed(target)
    try:
        os.replace(source, target)
    except OSError:
        with contextlib.suppress(OSError):
            target.unlink()
        raise


def _sync_both(source: Path, target: Path) -> None:
    sync_dir(target.parent)
    if source.parent != target.parent:
        sync_dir(source.parent)


def _remove_stale_temps(path: Path) -> None:
    """Temporary files a killed process left behind (never a write in progress)."""
    now = time.time()
    for tmp in path.parent.glob(f"{path.name}*.tmp"):
        try:
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
        except OSError:
            pass


def sync_dir(folder: Path) -> None:
    """Make the names in `folder` durable (a rename, a new file, a removal), so that after a power
    loss the folder holds the new save, not the old one. Best effort: a system that cannot open or
    sync a folder (Windows, some network or FUSE file systems) keeps what it keeps, and an error
    here is never a failed save (the file is in place already; saying it failed would keep it
    twice: a finished game kept again, or in the autosave as well)."""
    if os.name == "nt":  # (a folder cannot be opened for fsync there; NTFS journals its names)
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def move_durably(source: Path, target: Path) -> None:
    """Rename `source` to `target` (OSError if it cannot be), the folders synced after."""
    source.replace(target)
    _sync_both(source, target)


def write_json_atomic(path: Path, data: Any, *, new: bool = False) -> Path:
    """Write-then-rename, so a crash mid-write never leaves a broken save; the folder is synced
    after the rename (`sync_dir`), so a power loss does not bring the older save back. `new`: a
    new file, never one there already — at `path` or the first free of `path-2`… (`move_to_new`).
    The path written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        if new:
            return move_to_new(Path(tmp), path, temporary=True)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    sync_dir(path.parent)
    return path


def checksum(data: dict[str, Any]) -> str:
    """A digest of what a save replays (format, game, setup, actions, and who resigned if a
    player did): a hand-edit that stays legal still changes it."""
    core = [data.get("format"), data.get("game"), data.get("setup"), data.get("actions")]
    if "resigned" in data:  # (not in a save without: the digests of older saves stay as they were)
        core.append(data["resigned"])
    blob = json.dumps(core, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def save_game(
    game: Game,
    path: Path,
    extra: dict[str, Any] | None = None,
    *,
    resigned: int | None = None,
    new: bool = False,
) -> Path:
    """`game` saved at `path` (atomically), with the table's `extra` ("ui") and the seat that
    resigned it, if one did (format 2); `new`: as a new file, at `path` or `path-2`… when a file
    is there (`write_json_atomic`). The path written."""
    data = game.to_json()
    if resigned is not None:
        data["format"] = max(int(data["format"]), RESIGNED_FORMAT)
        data["resigned"] = resigned
    data[SAVED] = _stamp_now()  # (not under the checksum: an older Triarch reads the save as before)
    if extra:
        data["ui"] = extra
    data["checksum"] = checksum(data)
    return write_json_atomic(path, data, new=new)


# -- reading -------------------------------------------------------------------------------


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _is_int(value: Any) -> bool:
    """A JSON integer (`true` is an int to Python, not to a save)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_save_data(data: Any) -> dict[str, Any]:
    """The save's structure and types, or SaveError saying what is wrong."""
    if not isinstance(data, dict):
        raise SaveError(f"not a Triarch save (a JSON {_kind(data)}, not an object)", SaveTrouble.NOT_A_SAVE)
    if "format" not in data or "game" not in data:
        raise SaveError("not a Triarch save (no 'format' or 'game')", SaveTrouble.NOT_A_SAVE)
    fmt = data["format"]
    if not _is_int(fmt) or fmt < 1:
        raise SaveError(f"unknown save format {fmt!r}", SaveTrouble.DAMAGED)
    if fmt > NEWEST_FORMAT:
        raise SaveError(
            f"written by a newer Triarch (save format {fmt}; this version reads formats "
            f"{SAVE_FORMAT} to {NEWEST_FORMAT})",
            SaveTrouble.NEWER,
        )
    game_id = data["game"]
    if not isinstance(game_id, str):
        raise SaveError(f"'game' should be a game id, not a {_kind(game_id)}", SaveTrouble.DAMAGED)
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveError(f"'setup' should be an object, not a {_kind(setup)}", SaveTrouble.DAMAGED)
    if setup.get("game", game_id) != game_id:
        raise SaveError(
            f"the setup is for {setup.get('game')!r} but the save for {game_id!r}", SaveTrouble.DAMAGED
        )
    seed = setup.get("seed", 0)
    if not _is_int(seed):
        raise SaveError(f"setup 'seed' should be an integer, not a {_kind(seed)}", SaveTrouble.DAMAGED)
    for key, types, words in (
        ("options", (dict,), "an object"),
        ("decks", (list,), "a list"),
        ("scenario", (str,), "a text"),
    ):
        value = setup.get(key)
        if value is not None and not isinstance(value, types):
            raise SaveError(f"setup '{key}' should be {words}, not a {_kind(value)}", SaveTrouble.DAMAGED)
    decks = setup.get("decks")
    if decks is not None and len(decks) != 2:
        raise SaveError(f"setup 'decks' should hold 2 decks, not {len(decks)}", SaveTrouble.DAMAGED)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise SaveError(f"'actions' should be a list, not a {_kind(actions)}", SaveTrouble.DAMAGED)
    for i, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise SaveError(f"action {i} should be a text, not a {_kind(text)}", SaveTrouble.DAMAGED)
    rules = data.get("rules")
    if rules is not None and (not _is_int(rules) or rules < 1):
        raise SaveError(f"'rules' should be a version number, not {rules!r}", SaveTrouble.DAMAGED)
    resigned = data.get("resigned")
    if resigned is not None and (not _is_int(resigned) or resigned not in (0, 1)):
        raise SaveError(f"'resigned' should be a seat (0 or 1), not {resigned!r}", SaveTrouble.DAMAGED)
    if resigned is not None and fmt < RESIGNED_FORMAT:
        raise SaveError(
            f"'resigned' is not part of save format {fmt} (format {RESIGNED_FORMAT} has it)",
            SaveTrouble.DAMAGED,
        )
    ui = data.get("ui")
    if ui is not None and not isinstance(ui, dict):
        raise SaveError(f"'ui' should be an object, not a {_kind(ui)}", SaveTrouble.DAMAGED)
    digest = data.get("checksum")
    if digest is not None and not isinstance(digest, str):
        raise SaveError(f"'checksum' should be a text, not a {_kind(digest)}", SaveTrouble.DAMAGED)
    return data


def read_save(path: Path) -> dict[str, Any]:
    """The save at `path`, checked for structure (not yet replayed)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        kind = SaveTrouble.MISSING if isinstance(exc, FileNotFoundError) else SaveTrouble.UNREADABLE
        raise SaveError(f"cannot read the file ({exc.strerror or exc})", kind) from None
    if not raw.strip():
        raise SaveError("the file is empty", SaveTrouble.EMPTY)
    try:
        # (a byte-order mark, which an editor or a Windows shell may put before UTF-8, is no damage)
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise SaveError("the file is not text (corrupted?)", SaveTrouble.NOT_TEXT) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"not valid JSON at line {exc.lineno}, column {exc.colno} (truncated or corrupted?)",
            SaveTrouble.NOT_JSON,
        ) from None
    except RecursionError:
        raise SaveError("not a Triarch save (nested too deeply)", SaveTrouble.NOT_A_SAVE) from None
    return check_save_data(data)


def engine_of(data: dict[str, Any]) -> type[Game]:
    try:
        return game_class(data["game"])
    except EngineNotAvailable as exc:
        raise SaveError(str(exc), SaveTrouble.UNKNOWN_GAME) from None


def _rules_title(cls: type[Game]) -> str:
    return cls.title or cls.game_id


def check_rules(cls: type[Game], data: dict[str, Any]) -> None:
    """SaveError (`SaveTrouble.NEWER`) when the save (checked by `check_save_data`) was played
    under a newer version of its game's rules than `cls` plays: the one reader of the save's
    `rules` against the engine's, for `_start` and for the menu's short reason (which reads the
    save without replaying it), so the two cannot disagree."""
    rules = data.get("rules")
    if rules is not None and rules > cls.RULES_VERSION:
        raise SaveError(
            f"written by a newer Triarch (its {_rules_title(cls)} rules are version {rules}; "
            f"this version plays version {cls.RULES_VERSION})",
            SaveTrouble.NEWER,
        )


def _start(data: dict[str, Any]) -> Game:
    cls = engine_of(data)
    check_rules(cls, data)
    try:
        return cls.new(Setup.from_json(data["setup"]))
    except DataError as exc:
        raise SaveError(f"the game's setup is not valid: {exc}", SaveTrouble.DAMAGED) from None
    except Exception as exc:  # wrong types deep in a deck or an option: the save's fault
        raise SaveError(
            f"the game's setup is not valid: {type(exc).__name__}: {exc}", SaveTrouble.DAMAGED
        ) from None


def _rules_changed(game: Game, data: dict[str, Any]) -> str:
    """Why an action may no longer replay: the save was played under other rules ('' if not)."""
    saved, now, title = data.get("rules"), game.RULES_VERSION, _rules_title(type(game))
    if saved == now:
        return ""
    if saved is None:  # a save from before saves recorded it
        return f" (saved by an earlier Triarch, whose {title} rules may differ from these)"
    return f" (played under {title} rules version {saved}; this Triarch plays version {now}: the rules changed since)"


def _replay_one(game: Game, i: int, text: str, data: dict[str, Any]) -> list[Event]:
    try:
        return game.apply(text)
    except IllegalAction as exc:
        why = exc.reason
    except Exception as exc:  # the engine failed on it: still a save this version cannot replay
        why = f"{type(exc).__name__}: {exc}"
    changed = _rules_changed(game, data)
    kind = SaveTrouble.OTHER_RULES if changed else SaveTrouble.UNREPLAYABLE
    raise SaveError(f"action {i} ({text!r}) cannot be replayed: {why}{changed}", kind)


def verify_checksum(data: dict[str, Any]) -> None:
    digest = data.get("checksum")
    if digest is not None and digest != checksum(data):
        raise SaveError(
            "the save was changed after it was written (its checksum does not match)", SaveTrouble.CHANGED
        )


def resigned_seat(data: dict[str, Any]) -> int | None:
    """The seat that resigned the game of checked save data (None: nobody did)."""
    seat = data.get("resigned")
    return seat if _is_int(seat) else None


def _check_resigned(game: Game, data: dict[str, Any]) -> None:
    """A resignation ends a game in progress, never one the engine had already ended."""
    seat = resigned_seat(data)
    if seat is not None and game.is_over():
        raise SaveError(
            f"the save says player {seat + 1} resigned a game that had already ended", SaveTrouble.DAMAGED
        )


def game_from_save(data: dict[str, Any]) -> Game:
    """Replay checked save data into a game; SaveError if it cannot be. (Who resigned it, if a
    player did, is `resigned_seat(data)`: the engine's game does not know.)"""
    check_save_data(data)
    game = _start(data)
    for i, text in enumerate(data.get("actions", []), 1):
        _replay_one(game, i, text, data)
    verify_checksum(data)
    _check_resigned(game, data)
    return game


def load_game(path: Path) -> Game:
    return game_from_save(read_save(path))


# -- stepping through a save ---------------------------------------------------------------


@dataclass(slots=True)
class Replay:
    """A save replayed once, kept step by step: `state(i)` is the game after
    `i` actions (0: the start), `events[i]` what action i+1 made happen; `resigned` the seat
    that resigned after the last action (None: nobody did)."""

    game_id: str
    setup: Setup
    states: list[Game] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    players: list[int | None] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)
    resigned: int | None = None

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> Replay:
        check_save_data(data)
        game = _start(data)
        out = cls(data["game"], game.setup, opening=list(game.log))
        out.states.append(game.clone())
        for i, text in enumerate(data.get("actions", []), 1):
            d = game.decision()
            events = _replay_one(game, i, text, data)
            out.actions.append(game.history[-1])
            out.players.append(d.player if d is not None else None)
            out.events.append(events)
            out.states.append(game.clone())
        verify_checksum(data)
        _check_resigned(game, data)
        out.resigned = resigned_seat(data)
        return out

    @classmethod
    def load(cls, path: Path) -> Replay:
        return cls.from_save(read_save(path))

    def __len__(self) -> int:
        return len(self.actions)

    def state(self, step: int) -> Game:
        return self.states[step]

    def hashes(self) -> list[str]:
        return [g.state_hash() for g in self.states]

    def outcome(self, step: int, names: tuple[str, str] = ("player 1", "player 2")) -> str | None:
        """How the game had ended after `step` actions (`player 2 wins`, `draw`, `player 1
        resigned: player 2 wins` at the last step of a resigned game), None while it goes on;
        the seats by `names` (a table's own: `P1 wins` in Hand of the Gods)."""
        if self.resigned is not None and step == len(self):
            return f"{names[self.resigned]} resigned: {names[1 - self.resigned]} wins"
        game = self.states[step]
        if not game.is_over():
            return None
        w = game.winner()
        return f"{names[w]} wins" if w is not None else "draw"
