"""Hand of the Gods at the table, session 35: a newcomer's read at 80 × 24. The help said the
game's name twice (its title, then the keys' heading)."""

from __future__ import annotations

import pytest

from .helpers import engine_ready, screen_name, screen_text, settle, shows, skirmish

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


# -- 1. the help's title once ------------------------------------------------------------------------
@HOTG
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_help_names_the_game_once(size: tuple[int, int]) -> None:
    """The Keys tab opens with `Hand of the Gods — press Esc to close`; the keys under it are
    headed by where they act (`At the table`), not by the game's name again."""
    app = skirmish()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        assert await shows(pilot, "At the table"), screen_text(app)
        text = screen_text(app)
        below_status = text.splitlines()[1:]  # (the table's status line shows above the dialog)
        assert sum(line.count("Hand of the Gods") for line in below_status) == 1, text
        assert "Hand of the Gods — press Esc to close" in text
