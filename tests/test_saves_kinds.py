"""Session 40: a save that cannot be loaded is refused with a kind (`SaveError.kind`, a
`SaveTrouble`) as well as its one line — what the menu tells the player by, never the line's
words (which the menu once matched by their start: a rewording turned its words into "damaged").
Each broken save of `tests/test_saves.py` (and a few more) raises the kind it should, whether it
is loaded to be played (`load_game`) or to be watched (`Replay.load`)."""

from __future__ import annotations

import errno
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common import saves
from common.errors import DataError
from common.registry import GAMES, GameInfo
from common.saves import (
    Replay,
    SaveError,
    SaveTrouble,
    checksum,
    load_game,
    open_refused,
    read_save,
    save_game,
)
from tests.test_saves import BROKEN, _edit, played, toy_save
from tests.toygame import ToyGame
from tui.session import Seats

pytestmark = pytest.mark.usefixtures("toy")

# every broken save of tests/test_saves.py, by the kind it is refused with
KINDS: dict[str, SaveTrouble | set[SaveTrouble]] = {
    "empty file": SaveTrouble.EMPTY,
    "truncated at 10%": SaveTrouble.NOT_JSON,
    "truncated at 60%": SaveTrouble.NOT_JSON,
    "truncated by one byte": SaveTrouble.NOT_JSON,
    "binary garbage": SaveTrouble.NOT_TEXT,
    "a JSON list": SaveTrouble.NOT_A_SAVE,
    "no format": SaveTrouble.NOT_A_SAVE,
    "format as text": SaveTrouble.DAMAGED,
    "format 0": SaveTrouble.DAMAGED,
    "future format": SaveTrouble.NEWER,
    "unknown game id": SaveTrouble.UNKNOWN_GAME,
    "game id of the wrong type": SaveTrouble.DAMAGED,
    "setup of the wrong type": SaveTrouble.DAMAGED,
    "seed of the wrong type": SaveTrouble.DAMAGED,
    "options of the wrong type": SaveTrouble.DAMAGED,
    "decks of the wrong type": SaveTrouble.DAMAGED,
    "three decks": SaveTrouble.DAMAGED,
    "scenario of the wrong type": SaveTrouble.DAMAGED,
    "setup for another game": SaveTrouble.DAMAGED,
    "actions of the wrong type": SaveTrouble.DAMAGED,
    "an action of the wrong type": SaveTrouble.DAMAGED,
    "an unparseable action": SaveTrouble.UNREPLAYABLE,
    "an illegal action": SaveTrouble.UNREPLAYABLE,
    "ui of the wrong type": SaveTrouble.DAMAGED,
    "a resignation in a format 1 save": SaveTrouble.DAMAGED,
    "a resignation of the wrong type": SaveTrouble.DAMAGED,
    "a resignation added (stale checksum)": SaveTrouble.CHANGED,
    "rules version as text": SaveTrouble.DAMAGED,
    "rules version 0": SaveTrouble.DAMAGED,
    "newer rules": SaveTrouble.NEWER,
    "a legal edit (stale checksum)": SaveTrouble.CHANGED,
    # (the actions may no longer be legal from the other deal, or the checksum says it)
    "an edited seed (stale checksum)": {SaveTrouble.UNREPLAYABLE, SaveTrouble.CHANGED},
}


def test_every_broken_save_of_the_save_tests_has_its_kind_here() -> None:
    """A broken save added to tests/test_saves.py is given its kind here too."""
    assert set(KINDS) == set(BROKEN)


@pytest.mark.parametrize("load", [load_game, Replay.load])
@pytest.mark.parametrize("name", list(KINDS))
def test_a_broken_save_is_refused_with_its_kind(
    name: str, load: Callable[[Path], Any], tmp_path: Path
) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    BROKEN[name][0](path)
    with pytest.raises(SaveError) as info:
        load(path)
    wanted = KINDS[name]
    assert info.value.kind in (wanted if isinstance(wanted, set) else {wanted}), str(info.value)
    assert BROKEN[name][1] in str(info.value)  # (its message as it was: the CLI prints it)


def _refused(path: Path, load: Callable[[Path], Any] = load_game) -> SaveError:
    with pytest.raises(SaveError) as info:
        load(path)
    return info.value


def test_a_file_that_is_not_there_is_missing_and_one_not_to_be_read_unreadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = _refused(tmp_path / "nope.json")
    assert gone.kind is SaveTrouble.MISSING and str(gone).startswith("cannot read the file")
    path = tmp_path / "s.json"
    toy_save(path)

    def refused(self: Path) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refused)
    locked = _refused(path)
    assert locked.kind is SaveTrouble.UNREADABLE and str(locked) == "cannot read the file (Permission denied)"


def test_a_save_nested_too_deeply_is_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    assert _refused(path).kind is SaveTrouble.NOT_A_SAVE


def test_a_game_whose_engine_is_not_installed_is_an_unknown_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    monkeypatch.setitem(GAMES, "toy", GameInfo("toy", "High Card", "tests.no_such_engine:Game", "gone"))
    refused = _refused(path, Replay.load)
    assert refused.kind is SaveTrouble.UNKNOWN_GAME and "engine is not implemented" in str(refused)


@pytest.mark.parametrize(
    "failure", [DataError("<save>", "no such card"), TypeError("'int' object is not iterable")]
)
def test_a_setup_the_engine_refuses_is_damaged(
    failure: Exception, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    toy_save(path)

    def refuses(*args: Any) -> ToyGame:
        raise failure

    monkeypatch.setattr(ToyGame, "new", classmethod(refuses))
    refused = _refused(path)
    assert refused.kind is SaveTrouble.DAMAGED and str(refused).startswith("the game's setup is not valid")


@pytest.mark.parametrize("load", [load_game, Replay.load])
def test_an_action_that_no_longer_replays_under_other_rules_is_its_own_kind(
    load: Callable[[Path], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    _edit(lambda d: d["actions"].append("play 9999"))(path)
    assert _refused(path, load).kind is SaveTrouble.UNREPLAYABLE  # (the same rules)
    monkeypatch.setattr(ToyGame, "RULES_VERSION", 2)
    assert _refused(path, load).kind is SaveTrouble.OTHER_RULES  # (played under version 1)
    _edit(lambda d: d.pop("rules"))(path)
    assert _refused(path, load).kind is SaveTrouble.OTHER_RULES  # (saved before rules were recorded)


def test_a_resignation_of_a_game_already_over_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    g, _ = played(ToyGame, 4, 10_000)
    save_game(g, path, resigned=0)
    assert _refused(path).kind is SaveTrouble.DAMAGED


def test_seats_both_the_ais_are_their_own_kind() -> None:
    with pytest.raises(SaveError) as info:
        Seats.from_json({"kinds": ["ai", "ai"]})
    assert info.value.kind is SaveTrouble.SEATS


def test_read_save_gives_the_kind_without_replaying(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    data = toy_save(path)
    data["format"] = saves.NEWEST_FORMAT + 1
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as info:
        read_save(path)
    assert info.value.kind is SaveTrouble.NEWER


def test_a_save_error_keeps_its_kind_when_pickled() -> None:
    """(An error sent across processes, a pool's worker to its parent, is still told by kind.)"""
    again = pickle.loads(pickle.dumps(SaveError("the file is empty", SaveTrouble.EMPTY)))
    assert isinstance(again, SaveError) and again.kind is SaveTrouble.EMPTY
    assert str(again) == "the file is empty"


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (errno.EACCES, "this account may not open it"),
        (errno.EPERM, "this account may not open it"),
        (errno.EISDIR, "it is a folder, not a file"),
        (errno.EIO, "the disk failed to read it"),
        (errno.ELOOP, "the system refused to open it"),
        (None, "the system refused to open it"),
    ],
)
def test_a_file_that_cannot_be_opened_is_said_in_words(error: int | None, words: str) -> None:
    assert open_refused(error) == words
