"""Hand of the Gods, round 6 of the polish (session 27): a choice cut at 80 × 24 keeps whose unit
it aims at; the log says each health change once; the help explains `Warcry ready`/`Warcry
later` and `no target`; a refusal under the prompt is a sentence (every game's)."""

from __future__ import annotations

import pytest

from tui.widgets.status import Prompt

from .helpers import SKIRMISH, engine_ready, press, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


# -- 4. a refusal under the prompt starts with a capital -----------------------------------------
async def test_a_refusal_is_a_sentence() -> None:
    """No mana, Cyclops (key 4): the engine's `not enough mana: Cyclops costs 6, you have 0` read
    `✗ not enough mana: …` under the prompt; now `✗ Not enough mana: …` (the engine's words are
    unchanged: the prompt's display gives every game's refusal its capital)."""
    app = skirmish(scenario=SKIRMISH.replace("mana = 10\n", "mana = 0\n", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "4")
        await settle(pilot)
        prompt = app.screen.query_one(Prompt)
        assert prompt.error == "not enough mana: Cyclops costs 6, you have 0"  # the engine's
        assert "✗ Not enough mana: Cyclops costs 6, you have 0" in screen_text(app)
        assert "✗ not enough" not in screen_text(app)
