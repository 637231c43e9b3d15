"""The Scars, round 9: what a player reads — a card that resolves unanswered on one log line, a
token's position said once, `last:` after a block, the Keywords tab, the roomy lanes' spare rows."""

from __future__ import annotations

from textual.widgets import Markdown

from .helpers import game_app, screen_name, settle


async def test_the_keywords_tab_names_a_keyword_once() -> None:
    """The Keywords tab read `Haste | Haste: ignores summoning sickness …` (the engine's glossary
    names the keyword first): the meaning alone, a sentence of its own."""
    app = game_app("scars", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        table = app.screen.query_one("#help-keywords Markdown", Markdown).source
        assert "| **Haste** | Ignores summoning sickness (can attack the turn it enters). |" in table, table
        assert "| **Valor X** | Cannot be blocked by units with attack X or more;" in table, table
        assert "Haste: " not in table and "Valor X: " not in table, table
