"""Session 39, Hand of the Gods as a first-time player: the menu.

Back from a game (`m`), the menu's Continue said `Continue: Hand of the` — the button kept
the width of its label before (`Continue (no saved game)`), the new label wrapped in its one
row and lost its end."""

from __future__ import annotations

from textual.widgets import Select

from common.saves import autosave_path, save_game
from hotg.game import HotgGame
from tests.tui.helpers import press, screen_text, settle
from tui.app import TriarchApp


async def test_continue_says_the_whole_game_when_a_save_appears() -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Continue (no saved game)" in screen_text(app)
        game = HotgGame.new_game(seed=3)
        for _ in range(3):
            game.apply(game.legal_actions()[0])
        save_game(game, autosave_path())  # (as a game played and left with `m`)
        app.screen.refresh_continue()  # (what the menu does when it is back in sight)
        await settle(pilot)
        assert "Continue: Hand of the Gods, 3 actions" in screen_text(app)


async def test_the_ai_levels_say_what_they_are() -> None:
    """`random`, `scripted`, `greedy`, `lookahead`, `search`: no word said which is easy. Each
    level now says in a few words how it plays, the weakest first."""
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "AI level      search · plans on many guesses of your hand" in screen_text(app)
        level = app.screen.query_one("#level", Select)
        level.focus()
        await press(pilot, "enter")  # the list opens
        await settle(pilot)
        text = screen_text(app)
        for words in ("random · weakest: any legal move", "greedy · the best-looking move now"):
            assert words in text, text
        await press(pilot, "escape")
        await settle(pilot)
        assert level.value == "search"  # (the values are the levels' names, as before)


async def test_quit_stays_whole_beside_a_long_games_continue() -> None:
    """At 80 columns `Continue: Hand of the Gods, 120 actions` pushed Quit out of the box: `Qui`."""
    import random
    import re

    game, rng = HotgGame.new_game(seed=3), random.Random(1)
    while len(game.history) < 120 and not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    assert len(game.history) >= 100
    save_game(game, autosave_path())
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = next(line for line in screen_text(app).splitlines() if "Start ▶" in line)
        assert f"{len(game.history)} actions" in row, row
        assert re.search(r"Quit\s*│$", row), row
