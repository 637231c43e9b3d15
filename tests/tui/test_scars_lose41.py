"""A move that loses at once says so where it is chosen (SC-05 ⚖, docs/rulings.md, session 41):
the words come from the engine (`describe_action`), the widget only shows them."""

from __future__ import annotations

import pytest

from tui.widgets.actions import ActionList

from .helpers import engine_ready, game_app, scenario, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


async def test_insight_on_an_empty_deck_says_it_loses() -> None:
    """At 80 × 24, P1's deck empty: Insight's choice ends `(you lose: your deck is empty)`; the
    other choices say nothing of the kind."""
    app = game_app("scars", seed=3, scenario=scenario("scars_empty_deck"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        insight = [w for w in words if w.startswith("Play Insight")]
        assert insight == ["Play Insight (2 energy): draw 2 cards (you lose: your deck is empty)"], words
        assert [w for w in words if "you lose" in w] == insight, words
