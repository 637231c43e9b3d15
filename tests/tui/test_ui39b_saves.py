"""Session 39b: a save the menu cannot continue is told in the player's words — the file, that it
is unreadable, from a newer version or damaged, and what the menu offers — never an exception's
own text (the menu once said `Cannot continue the saved game: substring not found`; it said the
reader's `not valid JSON at line 1, column 43 (truncated or corrupted?)` and `action 2 ('play
9999') cannot be replayed: …`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common.saves import autosave_path
from tests.tui.helpers import menu_over_autosave, screen_words, settle, toy_save, truncated_save
from tui.app import TriarchApp
from tui.launch import LaunchSpec


def edited(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        data = toy_save(path)
        change(data)
        path.write_text(json.dumps(data))

    return write


def not_json(path: Path) -> None:
    path.write_text("these are notes, not a saved game\n")


# (how the save is broken, what the menu says is wrong, what it must not say: the reader's words)
BROKEN = [
    (truncated_save, "is unreadable: it is cut short or corrupted", "JSON"),
    (not_json, "is unreadable: it is cut short or corrupted", "column"),
    (edited(lambda d: d.update(format=99)), "is from a newer version of Triarch", "format 99"),
    (
        edited(lambda d: d.update(checksum="0" * 16)),
        "is damaged: it was changed after it was saved",
        "checksum",
    ),
    (edited(lambda d: d.update(actions="play 1")), "is damaged: a part of it is missing", "should be a list"),
    (
        edited(lambda d: (d["actions"].append("play 9999"), d.pop("checksum"))),
        "is damaged: its moves no longer replay",
        "play 9999",
    ),
]


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(("broken", "words", "not_said"), BROKEN)
async def test_continue_tells_what_is_wrong_with_the_autosave(
    broken: Callable[[Path], None], words: str, not_said: str
) -> None:
    async with menu_over_autosave(broken) as pilot:
        app = pilot.app
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        question = " ".join(app.screen.question.split())  # type: ignore[attr-defined]
        assert f"autosave.json {words}" in question and not_said not in question, question
        await pilot.press("n")
        await settle(pilot)
        text = screen_words(app)
        assert f"Cannot continue the saved game: autosave.json {words}" in text, text
        # what the menu offers: the autosave set aside (nothing deleted), or a new game
        assert "Continue offers again to set it aside (kept as autosave.json.bad)" in text, text
        assert "Start plays a new game" in text and not_said not in text, text
    assert autosave_path().exists()


@pytest.mark.usefixtures("only_toy")
async def test_an_unexpected_failure_is_not_told_in_its_own_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the save's reader does not foresee (an exception's text, `substring not found`) is
    told as a damaged save, never as that text."""

    def fails(*args: Any, **kwargs: Any) -> Any:
        return "a b".index("c")  # ValueError: substring not found

    monkeypatch.setattr("tui.session.Session.load", fails)
    async with menu_over_autosave(toy_save) as pilot:
        app = pilot.app
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        text = screen_words(app)
        assert "Cannot continue the saved game: autosave.json is damaged" in text, text
        assert "substring" not in text, text


@pytest.mark.usefixtures("only_toy")
async def test_a_save_launched_from_elsewhere_is_told_and_left_as_it_is(tmp_path: Path) -> None:
    """`triarch resume FILE` of a broken file that is not the autosave: the file named, what is
    wrong, and that it is left where it is (no offer to set it aside: it is not in the way)."""
    path = tmp_path / "kept-game.json"
    truncated_save(path)
    app = TriarchApp(launch=LaunchSpec(game_id="toy", resume=path), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_words(app)
        assert "Cannot continue the saved game: kept-game.json is unreadable: it is cut short" in text, text
        assert "The file is left as it is; Start plays a new game." in text, text
        assert "JSON" not in text and "column" not in text, text
    assert path.exists()
