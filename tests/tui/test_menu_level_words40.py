"""Session 40: an AI level's words are its engine's. BHM's `lookahead` became greedy with its
opening hand judged by playouts (docs/ai.md, session 40): the menu still said the common
`plans its turn, weighs the reply` of every game's lookahead."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from bhm.game import BhmGame
from common.game import Game
from hotg.game import HotgGame
from tests.tui.helpers import screen_text, settle
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.screens.menu import level_label

BHM_LOOKAHEAD = "lookahead · best-looking move, tests its first hand"


def test_a_level_is_said_in_its_engines_words() -> None:
    assert level_label("lookahead", BhmGame.LEVEL_WORDS) == BHM_LOOKAHEAD
    assert level_label("lookahead", HotgGame.LEVEL_WORDS) == "lookahead · plans its turn, weighs the reply"
    assert level_label("greedy", BhmGame.LEVEL_WORDS) == level_label("greedy")  # (the common words)
    assert level_label("expert", Game.LEVEL_WORDS) == "expert"  # (a level without words: its name)


async def test_the_menu_says_bhms_lookahead_as_bhm_plays_it() -> None:
    app = TriarchApp(LaunchSpec(game_id="bhm", resume=Path("missing.json")), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen_stack[1].query_one("#level", Select).value == "lookahead"  # (BHM's default)
        text = screen_text(app)
        assert f"AI level      {BHM_LOOKAHEAD}" in text, text
        assert "weighs the reply" not in text
