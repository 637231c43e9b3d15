"""Session 39c: the menu says what failed in the player's words, never an exception's own text —
a seed that is no number (`Cannot start: invalid literal for int() with base 10: '-'`), a setup
the engine refuses (its DataError's text), a save that cannot be moved aside (the OS's
`Permission denied`)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from common.errors import DataError
from common.saves import autosave_path
from tests.tui.helpers import screen_text, settle
from tui.app import TriarchApp


def said(app: Any) -> str:
    """The screen's words, borders and line ends run together."""
    return " ".join(screen_text(app).replace("│", " ").replace("█", " ").split())


@pytest.mark.usefixtures("only_toy")
async def test_a_seed_that_is_no_number_is_told_in_words() -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#seed", Input).value = "-"  # (the integer field lets a lone sign in)
        await pilot.press("ctrl+n")
        await settle(pilot)
        text = said(app)
        assert type(app.screen).__name__ == "MenuScreen"
        assert "Cannot start: the seed must be a whole number (it reads '-')." in text, text
        assert "invalid literal" not in text and "int()" not in text, text


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(
    ("error", "where"),
    [
        (
            DataError("decks/iron.json", "3 copies of Grunt (at most 2) [raw]", card="grunt"),
            " (in iron.json, card 'grunt')",
        ),
        (ValueError("3 copies of Grunt (at most 2) [raw]"), ""),
    ],
)
async def test_a_setup_the_game_refuses_is_told_in_words(
    error: Exception, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What failed, and where when the error names its file (and card): never the error's text."""

    def refuses(self: Any, spec: Any) -> None:
        raise error

    monkeypatch.setattr(TriarchApp, "start_from_spec", refuses)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        text = said(app)
        refused = "Cannot start High Card: the game could not be set up with these decks and options"
        assert f"{refused}; try the preset decks{where}." in text, text
        assert "[raw]" not in text and "Grunt" not in text, text


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(
    ("code", "advice"),
    [
        (errno.EACCES, "Triarch may not write in"),
        (errno.ENOSPC, "The disk is full"),
        (errno.EIO, "Check that"),
    ],
)
async def test_a_save_that_cannot_be_moved_aside_is_told_in_words(
    code: int, advice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "toy", "setup": {"se')  # truncated mid-write

    def fails(src: Path, dest: Path) -> Path:
        raise OSError(code, "raw OS words")

    monkeypatch.setattr("tui.screens.menu.move_to_new", fails)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        text = said(app)
        assert (
            "The unreadable save could not be moved aside (to autosave.json.bad): it is left as autosave.json."
            in text
        ), text
        assert advice in text and "raw OS words" not in text, text
    assert path.exists()
