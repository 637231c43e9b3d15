"""Session 40: the menu tells what is wrong with a save by its kind (`SaveError.kind`), not by
matching the start of the reader's message — one rewording in common/saves.py turned the menu's
words into "damaged". Its words for every kind (the long message and Continue's few words), the
same words with every message of the reader reworded, and a kept game that cannot be watched
again said in words, not in the reader's or the system's text."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common import saves
from common.errors import EngineNotAvailable
from common.saves import SaveError, SaveTrouble, autosave_path, save_game
from tests.toygame import ToyGame
from tests.tui.helpers import edited_save, screen_words, settle, toy_save, truncated_save
from tui.app import TriarchApp
from tui.screens.menu import SAVE_WORDS, SHORT_WORDS, save_trouble, save_trouble_short, trouble_kind
from tui.session import Session

# (each kind, what the menu says of a save `s.json` of that kind after `Cannot continue the saved
# game:`, and what Continue's button says in a few words)
WORDS = {
    SaveTrouble.MISSING: ("s.json is gone: it was removed or moved since", "save gone"),
    SaveTrouble.UNREADABLE: (
        "s.json cannot be opened: this account may not read it, or the disk failed",
        "save cannot be opened",
    ),
    SaveTrouble.EMPTY: ("s.json is unreadable: it is empty, nothing was saved in it", "save unreadable"),
    SaveTrouble.NOT_TEXT: ("s.json is unreadable: it is corrupted", "save unreadable"),
    SaveTrouble.NOT_JSON: ("s.json is unreadable: it is cut short or corrupted", "save unreadable"),
    SaveTrouble.NOT_A_SAVE: ("s.json is unreadable: it is not a Triarch save", "save unreadable"),
    SaveTrouble.NEWER: (
        "s.json is from a newer version of Triarch: this version cannot play it",
        "newer version's save",
    ),
    SaveTrouble.UNKNOWN_GAME: (
        "s.json is a game of High Card this version of Triarch cannot play",
        "game not installed",
    ),
    SaveTrouble.DAMAGED: ("s.json is damaged: a part of it is missing or was changed", "save damaged"),
    SaveTrouble.SEATS: ("s.json is damaged: its seats are both the AI's (edited by hand?)", "save damaged"),
    SaveTrouble.CHANGED: ("s.json is damaged: it was changed after it was saved", "save damaged"),
    SaveTrouble.UNREPLAYABLE: ("s.json is damaged: its moves no longer replay", "save damaged"),
    SaveTrouble.OTHER_RULES: (
        "s.json is damaged: its moves no longer replay (it was played under other rules of its game)",
        "save damaged",
    ),
}


def test_every_kind_has_the_menus_words() -> None:
    assert set(WORDS) == set(SaveTrouble) == set(SAVE_WORDS) == set(SHORT_WORDS)


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("kind", list(SaveTrouble))
def test_the_menu_says_each_kind_in_its_words_whatever_the_message(kind: SaveTrouble, tmp_path: Path) -> None:
    """The message is anything at all (here one that would have matched another kind's start,
    and one that matches none): the words are the kind's."""
    path = tmp_path / "s.json"
    toy_save(path)  # (a High Card save: the unknown game's title is read from it)
    for message in ("the file is empty", "written by a newer Triarch", "cannot read the file", "?"):
        assert save_trouble(path, SaveError(message, kind)) == WORDS[kind][0]


def test_what_is_not_a_save_error_is_told_by_its_type(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert trouble_kind(FileNotFoundError(errno.ENOENT, "No such file")) is SaveTrouble.MISSING
    assert trouble_kind(PermissionError(errno.EACCES, "Permission denied")) is SaveTrouble.UNREADABLE
    assert (
        trouble_kind(EngineNotAvailable("the Chess engine is not implemented yet"))
        is SaveTrouble.UNKNOWN_GAME
    )
    # (an unknown game whose save cannot be read names no game)
    assert (
        save_trouble(path, EngineNotAvailable("x"))
        == "s.json is a game of a kind this version of Triarch cannot play"
    )
    # anything the reader does not foresee is a damaged save, never its own text
    assert save_trouble(path, ValueError("substring not found")) == WORDS[SaveTrouble.DAMAGED][0]
    assert save_trouble(path, KeyError("game")) == WORDS[SaveTrouble.DAMAGED][0]


def _other_game(data: dict[str, Any]) -> None:
    data["game"] = data["setup"]["game"] = "chess"


# (a broken autosave, and what the menu says on pressing Continue, on its button)
BROKEN = [
    (lambda p: p.write_text(""), "is unreadable: it is empty", "save unreadable"),
    (truncated_save, "is unreadable: it is cut short or corrupted", "save unreadable"),
    (
        edited_save(lambda d: d.update(format=99)),
        "is from a newer version of Triarch",
        "newer version's save",
    ),
    (edited_save(lambda d: d.update(rules=99)), "is from a newer version of Triarch", "newer version's save"),
    (
        edited_save(_other_game),
        "is a game of chess this version of Triarch cannot play",
        "game not installed",
    ),
    (
        edited_save(lambda d: d.update(actions="play 1")),
        "is damaged: a part of it is missing",
        "save damaged",
    ),
    (edited_save(lambda d: d["actions"].append("play 9999")), "is damaged: its moves no longer replay", ""),
    (
        edited_save(lambda d: d.update(ui={"seats": {"kinds": ["ai", "ai"]}})),
        "is damaged: its seats are both the AI's",
        "",
    ),
]


class Reworded(SaveError):
    """Every message of the save's reader reworded: what the old menu matched is gone."""

    def __init__(self, message: str, kind: SaveTrouble) -> None:
        super().__init__(f"reworded: {message[::-1]}", kind)


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize("reworded", [False, True], ids=["as written", "reworded"])
@pytest.mark.parametrize(("broken", "pressed", "button"), BROKEN)
async def test_rewording_the_readers_messages_changes_none_of_the_menus_words(
    broken: Callable[[Path], None], pressed: str, button: str, reworded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the old design broke: the menu matched the start of the messages (`written by a newer
    Triarch`, `action … cannot be replayed`); reworded, a save from a newer version was `damaged`.
    By kind, the menu says the same of each broken autosave, its messages reworded or not."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    broken(path)
    if reworded:
        monkeypatch.setattr(saves, "SaveError", Reworded)
        monkeypatch.setattr("tui.session.SaveError", Reworded)
        with pytest.raises(Reworded, match=r"^reworded: "):  # (the reader says it otherwise now)
            Session.load(path, autosave=False)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        label = str(app.screen.query_one("#continue").label)
        if button:
            assert label == f"Continue ({button}: see why)", label
        await pilot.press("ctrl+o")
        await settle(pilot)
        question = " ".join(app.screen.question.split())  # type: ignore[attr-defined]
        assert f"autosave.json {pressed}" in question and "reworded" not in question, question
        await pilot.press("n")
        await settle(pilot)
        text = screen_words(app)
        assert f"Cannot continue the saved game: autosave.json {pressed}" in text, text


@pytest.mark.usefixtures("only_toy")
def test_continues_few_words_for_a_save_that_cannot_be_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    path = autosave_path()
    toy_save(path)

    def refused(self: Path) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refused)
    assert save_trouble_short(path, {"toy": ToyGame}) == "save cannot be opened"


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(
    ("broken", "words", "not_said"),
    [
        (truncated_save, "is unreadable: it is cut short or corrupted", "JSON"),
        (
            edited_save(lambda d: d["actions"].append("play 9999")),
            "is damaged: its moves no longer replay",
            "9999",
        ),
        (lambda p: None, "is gone: it was removed or moved since", "No such file"),
    ],
)
async def test_a_kept_game_that_cannot_be_watched_again_is_said_in_words(
    broken: Callable[[Path], None], words: str, not_said: str, triarch_home: Path
) -> None:
    """`Cannot watch this game again`: what is wrong with the kept game, in the menu's words —
    not the reader's message (`not valid JSON at line 1, column 41`) nor the system's text."""
    kept = triarch_home / "finished" / "toy-20261129-172600.json"
    kept.parent.mkdir(parents=True)
    broken(kept)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.watch_again(kept)
        await settle(pilot)
        said = [n.message for n in app._notifications if n.title == "Cannot watch this game again"]
        assert said == [f"{kept.name} {words} (in {kept.parent})."], said
        assert not_said not in said[0]


@pytest.mark.usefixtures("only_toy")
async def test_a_kept_game_that_replays_is_watched_again(triarch_home: Path) -> None:
    """(The other side of the test above: a sound kept game opens its replay, no notification.)"""
    kept = triarch_home / "finished" / "toy.json"
    g = ToyGame.new_game(seed=2)
    g.apply(g.legal_actions()[0])
    save_game(g, kept)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.watch_again(kept)
        await settle(pilot)
        assert "Replay" in type(app.screen).__name__
        assert not [n for n in app._notifications if n.title == "Cannot watch this game again"]


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize("ahead", [None, -1, 0, 1, 7])
def test_continues_few_words_and_the_replay_read_the_rules_version_alike(
    ahead: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 41: Continue's short reason reads the save's `rules` against the engine's with
    the check continuing the save makes (`saves.check_rules`), so the two cannot disagree: the
    button says `newer version's save` exactly when continuing is refused as NEWER, and the
    engine's version, not the save's, decides (an engine at rules 3 plays a save at 2)."""
    monkeypatch.setattr(ToyGame, "RULES_VERSION", 3)
    path = autosave_path()
    data = toy_save(path)
    if ahead is None:
        data.pop("rules", None)
    else:
        data["rules"] = 3 + ahead
    data.pop("checksum", None)
    path.write_text(json.dumps(data))
    try:
        saves.load_game(path)
        refused = ""
    except SaveError as exc:
        refused = SHORT_WORDS[exc.kind]
    short = save_trouble_short(path, {"toy": ToyGame})
    assert short == refused
    assert (short == "newer version's save") == (ahead is not None and ahead > 0), short
