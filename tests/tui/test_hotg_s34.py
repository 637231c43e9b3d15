"""Hand of the Gods at the table, session 34: a newcomer's read of the two players' bars. At
80 columns one bar gave up the word `stone` (its Leader Ability `ready` is longer than `—`)
while the other kept it: `stone ♥25` above, `♥25` below, and the word came and went with
every turn. Both bars now say their stone alike. The Oracle's reveal said "choose one of the
revealed cards" and not where the card goes (HG-60: to the hand, unless stated)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from .helpers import deploy_the_oracle, engine_ready, screen_text, settle, shows, skirmish

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def bar(app: object, which: str) -> str:
    return str(app.screen.query_one(f"#bar-{which}", Static).render())  # type: ignore[attr-defined]


@HOTG
async def test_both_bars_say_their_stone_alike_at_80_columns() -> None:
    """The skirmish at 80 × 24: Zeus's Bolt is `ready` (a longer tail than Odin's `2 —`), so
    his bar has no room for `stone ♥25`; Odin's bar leaves the word out too, and the room it
    frees goes to his ability's name. At 120 columns both keep the word."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert "Bolt 2 ready" in bottom, bottom
        assert "│ ♥25 │" in top and "│ ♥25 │" in bottom, (top, bottom)
        assert "stone" not in top and "stone" not in bottom, (top, bottom)
        assert "Allfather's" in top, top  # the name, no longer cut to 8 columns
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "│ stone ♥25 │" in bar(app, "top") and "│ stone ♥25 │" in bar(app, "bottom")


@HOTG
async def test_the_reveal_says_where_the_picked_card_goes() -> None:
    """HG-60: the Oracle of Delphi reveals three spells; the one picked goes to the hand (the
    engine's decision says so in its context, `into`). The dialog says it under its prompt."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await deploy_the_oracle(pilot, close_reveal=False)
        decision = app.session.game.decision()
        assert decision is not None and decision.kind == "reveal" and decision.context["into"] == "hand"
        assert await shows(pilot, "— it goes to your hand"), screen_text(app)
