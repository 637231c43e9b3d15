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


# -- 3. the help explains the card panel's Warcry words and the bar's `no target` -----------------
async def test_the_help_explains_warcry_ready_later_and_no_target() -> None:
    """The card panel reads `Warcry ready` / `Warcry later` on a unit with an unused activated
    Warcry and the player bar `no target` after the Leader Ability: the help's keys say what
    each means (when a Warcry can be used, that moving or attacking loses it; that `no target`
    is your turn, with the mana, but nothing to aim at)."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        keys = " ".join(app.screen.keys_md.split())  # its lines joined
        assert "`Warcry ready` (`w` uses it now)" in keys, keys
        assert (
            "`Warcry later` (not now: deployed this turn, stunned, nothing to aim at, or not its side's turn)"
            in keys
        ), keys
        assert "moving or attacking loses it" in keys
        assert "`no target` (your turn and mana enough, but nothing it may aim at now)" in keys, keys
