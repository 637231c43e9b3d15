"""Session 39c: the menu's last raw words. Continue's button says in a few words what is wrong
with the autosave — from a newer version, for a game not installed — not `save unreadable` for
all (the long message, on pressing it, said the reason already: `save_trouble`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common.saves import autosave_path
from tests.tui.helpers import edited_save, menu_over_autosave, screen_words, settle, toy_save, truncated_save
from tui.app import TriarchApp


def other_game(data: dict[str, Any]) -> None:
    data["game"] = "chess"
    data["setup"]["game"] = "chess"


# (how the save is broken, what Continue's button says, what pressing it then says)
BROKEN = [
    (edited_save(lambda d: d.update(format=99)), "newer version's save", "is from a newer version"),
    (edited_save(lambda d: d.update(rules=99)), "newer version's save", "is from a newer version"),
    (edited_save(other_game), "game not installed", "is a game of chess this version of Triarch cannot play"),
    (truncated_save, "save unreadable", "is unreadable: it is cut short"),
]


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(("broken", "button", "pressed"), BROKEN)
async def test_continue_says_the_short_reason(
    broken: Callable[[Path], None], button: str, pressed: str
) -> None:
    async with menu_over_autosave(broken) as pilot:
        app = pilot.app
        label = f"Continue ({button}: see why)"
        assert str(app.screen.query_one("#continue").label) == label
        assert f"{label} Quit" in screen_words(app), screen_words(
            app
        )  # read whole at 80 columns, Quit beside
        await pilot.press("ctrl+o")
        await settle(pilot)
        question = " ".join(app.screen.question.split())  # type: ignore[attr-defined]
        assert pressed in question, question


@pytest.mark.usefixtures("only_toy")
async def test_a_sound_save_is_still_named_with_how_far_it_got() -> None:
    toy_save(autosave_path())
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Continue: High Card, 1 action" in screen_words(app), screen_words(app)
