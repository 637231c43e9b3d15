"""Session 37: every choice of a list has a key. Choices past the 9th had none (the number keys
went 1…9): in a list of 10 or more, a digit that starts a number of the list waits for a second
one (`1` `2` takes choice 12), `Enter` takes the first digit's choice, another key drops it."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.widgets.actions import ActionList
from tui.widgets.status import Prompt

from .helpers import game_app, press, screen_text, settle


def twelve_choices(app: Any) -> list[tuple[Action, str]]:
    """BHM's table at its first decision (the mulligan) lists 12 choices (`choice 1`…`choice 12`); what is chosen is recorded."""
    screen = app.screen
    items = [(Action("test", (i,)), f"choice {i + 1}") for i in range(12)]
    screen.query_one(ActionList).show(items)
    chosen: list[str] = []
    choices = screen.query_one(ActionList)

    def record(action: Action) -> None:  # (the table's `choose`: the game is left as it is)
        chosen.append(choices.words[choices.actions.index(action)])

    screen.choose = record
    screen.chosen = chosen
    return items


@pytest.mark.parametrize(("keys", "taken"), [(("1", "2"), "choice 12"), (("1", "0"), "choice 10")])
async def test_two_digits_take_a_choice_past_the_ninth(keys: tuple[str, ...], taken: str) -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        twelve_choices(app)
        await press(pilot, keys[0])
        await settle(pilot)
        assert app.screen.chosen == []  # `1` waits: it may start 10, 11 or 12
        assert "a 2nd digit takes 10–12, Enter takes 1" in " ".join(screen_text(app).split())
        await press(pilot, keys[1])
        await settle(pilot)
        assert app.screen.chosen == [taken]
        assert app.screen.query_one(Prompt).typed == ""


async def test_enter_takes_the_first_digit_and_other_keys_drop_it() -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        twelve_choices(app)
        await press(pilot, "2")  # no choice 20 or more: at once
        await settle(pilot)
        assert app.screen.chosen == ["choice 2"]
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert app.screen.chosen == ["choice 2", "choice 1"]
        await press(pilot, "1", "down", "2")  # `↓` dropped the `1`: `2` is choice 2
        await settle(pilot)
        assert app.screen.chosen == ["choice 2", "choice 1", "choice 2"]


async def test_the_help_says_how_to_take_a_choice_past_nine() -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "two digits" in app.screen.help_keys()
