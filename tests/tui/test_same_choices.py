"""Two copies of a card in the hand give choices of the same words (`Cast Ginnungagap (3 mana)`
twice): the engines keep both, the list shows them once (the first), and every way of choosing
still works — number keys, the mouse, the card panel, HotG's grid, typed notation (either copy)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from common.game import Action
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail

from .helpers import engine_ready, press, screen_text, settle

HOTG = """
[scenario]
game = "hotg"
title = "two copies in the hand"
[state]
active = 1
[[player]]
leader = "odin"
mana = 5
hand = ["chaos", "chaos", "marksman", "marksman"]
[[player]]
leader = "zeus"
"""

BHM = """
[scenario]
game = "bhm"
title = "two copies in the hand"
[state]
turn = 6
active = 1
phase = "strategy1"
[[player]]
cll = 5
hand = ["obsidian_guard", "obsidian_guard"]
[[player]]
cll = 5
"""

SCARS = """
[scenario]
game = "scars"
title = "two copies in the hand"
[setup]
active = 1
phase = "recruit1"
[[player]]
hero = "hero_korrag"
lives = 12
supports = 2
hand = ["wild_hawk", "wild_hawk"]
deck = ["n_militia", "n_militia"]
[[player]]
hero = "hero_aurelia"
lives = 12
supports = 2
deck = ["n_militia", "n_militia"]
"""


def app_for(game_id: str, scenario: str) -> TriarchApp:
    spec = LaunchSpec(game_id=game_id, vs="ai", ai_level="random", seed=1, scenario=scenario)
    return TriarchApp(spec, ai_pace=0)


def needs(game_id: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not engine_ready(game_id), reason=f"the {game_id} engine is not available")


def listed(app: TriarchApp) -> list[str]:
    return list(app.screen.query_one(ActionList).words)


def test_show_lists_choices_of_the_same_words_once_as_the_first() -> None:
    choices = ActionList()
    a, b, c = Action("play", (1,)), Action("play", (2,)), Action("end")
    choices.fit_options = lambda: None  # type: ignore[method-assign]  # no app: the words only
    choices.show([(a, "Cast Ginnungagap (3 mana)"), (b, "Cast Ginnungagap (3 mana)"), (c, "End the turn")])
    assert choices.words == ["Cast Ginnungagap (3 mana)", "End the turn"]
    assert choices.actions == [a, c]


@needs("hotg")
async def test_hotg_two_copies_listed_once_and_either_still_chosen() -> None:
    app = app_for("hotg", HOTG)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        legal = [app.session.game.describe_action(a) for a in app.session.legal()]
        assert legal.count("Cast Ginnungagap (3 mana)") == 2  # the engine keeps both
        words = listed(app)
        # (session 37: the one choice says it takes either copy, the same card)
        assert words.count("Cast either Ginnungagap (3 mana)") == 1
        # (session 36: a card's cells are one choice, the board marks them: both copies once)
        assert words.count("Play either Marksman: 5 cells") == 1
        assert len(words) == len(set(words))
        screen: Any = app.screen
        # the grid: the second Marksman of the hand selected, then a cell
        second = [a.args[0] for a in app.session.legal() if a.kind == "play" and len(a.args) == 2][-1]
        screen.pick_card(second)
        await settle(pilot)
        assert listed(app) and all(re.fullmatch(r"\d,\d", w) for w in listed(app)), listed(app)
        assert "Play Marksman at:" in screen_text(app)  # the cells named under the card
        screen.choose_cell(1, 0)
        await settle(pilot)
        assert app.session.game.history[-1] == Action("play", (second, "1,0"))
        # typed: the notation of the second Ginnungagap
        casts = [a for a in app.session.legal() if a.kind == "play" and len(a.args) == 1]
        assert len(casts) == 2
        screen.choose_text(app.session.game.format_action(casts[1]))
        await settle(pilot)
        assert app.session.game.history[-1] == casts[1]


@needs("bhm")
async def test_bhm_two_copies_listed_once_and_the_numbers_follow_the_list() -> None:
    app = app_for("bhm", BHM)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        calls = [a for a in app.session.legal() if a.kind == "call"]
        assert len(calls) == 2
        assert listed(app) == ["Call R3 Obsidian Guard", "Go to combat"]  # (dense: kind and rank first)
        choices = app.screen.query_one(ActionList)
        assert [str(o.prompt).split(". ", 1)[0].strip() for o in choices._options] == ["1", "2"]
        choices.focus()
        await press(pilot, "1")
        await settle(pilot)
        # (then the steps with no choice left, which BHM's table takes for the player: `next`)
        assert [a for a in app.session.game.history if a.kind != "next"][-1] == calls[0]


@needs("scars")
async def test_scars_two_copies_listed_once_with_the_card_panel_and_the_mouse() -> None:
    app = app_for("scars", SCARS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        supports = [a for a in app.session.legal() if a.kind == "support"]
        assert len(supports) == 2
        words = listed(app)
        assert words.count("Place Storm Hawk as a support") == 1 and len(words) == 3
        choices = app.screen.query_one(ActionList)
        choices.focus()
        await press(pilot, "down")
        await settle(pilot)
        assert "Move a life to energy" in app.screen.query_one(CardDetail).note
        await press(pilot, "up")
        await settle(pilot)
        assert "Storm Hawk" in app.screen.query_one(CardDetail).note
        # the mouse: the list's first row is the (one) support choice
        await pilot.click(ActionList, offset=(6, choices.content_region.y - choices.region.y))
        await settle(pilot)
        assert app.session.game.history[-1] == supports[0]
