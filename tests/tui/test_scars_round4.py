"""The Scars polish, round 4 (session 27): the damage split at 80 × 24 says which unit each row is
and what its number is (`lethal needs`), whole."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp

from .helpers import engine_ready, game_app, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def split_app() -> TriarchApp:
    """P1's Mammoth blocked by two of P2's three Knights of the Oath, one of them hurt."""
    return game_app("scars", seed=3, scenario=scenario("scars_split"), level="scripted")


async def test_the_damage_split_says_which_knight_and_what_lethal_needs_at_80x24() -> None:
    """Its rows read `Knight of the… kills — lethal needs 3` (which Knight?) and, before that,
    `Knight of the Oath… needs 3` (needs for what?): each row is whole now, its value under it,
    the place without the side (whom a unit's damage goes to is always the other side's)."""
    app = split_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        text = screen_text(app)
        assert "1. Knight of the Oath (1st in DEF) 3/3 dmg 1 — lethal needs 3" in text, text
        assert "2. Knight of the Oath (2nd in DEF) 3/3 — lethal needs 4" in text, text
        assert "5 of 5 points assigned" in text and "Enter assign" in text, text
