"""Session 33, BHM's screen: the log's events in the players' names, worded from the events' data;
a being told by its zone from the table's data, not from the engine's label; the cost of a power
said in one place."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action

from .helpers import engine_ready, game_app, settle, uid_of
from .test_bhm_ui32 import BOLT

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


async def test_a_powers_cost_is_worded_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """`(consumes 100 POD: all it has, it dies)` was written twice, in the engine's choice words and
    in the screen's words below 120 × 40: both are the engine's `power_cost_words` now (BH-33,
    BH-40)."""
    from bhm.game import BhmGame

    monkeypatch.setattr(BhmGame, "power_cost_words", lambda self, action: " (costs all, BH-33)")
    app = game_app("bhm", seed=1, scenario=BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        s = app.session
        power = Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "cinder_hound")))
        assert power in s.legal()
        assert screen.choice_words(power) == "Cinder Hound executes Fire Bolt (costs all, BH-33)"
        assert s.game.describe_action(power).startswith(
            "Cinder Hound executes Fire Bolt (costs all, BH-33) — "
        )
