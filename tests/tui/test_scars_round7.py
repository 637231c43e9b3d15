"""The Scars screen, session 28 (second round): what the last play-through showed — a refused
blocker counted as declared, the card panel's `blocking:` after the combat, a hero ability
left off the `last:` line, and the log's damage lines that did not tell two same-named units
apart."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def scars_app(name: str, vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted", vs=vs)


async def test_a_refused_block_is_not_counted_as_declared() -> None:
    """Stone Golem on the Griffin Rider (Flying, SC-83): the row says the refusal, and the total
    read `1 blocker declared — Enter confirms`; a refusal changes nothing, the count neither,
    and Enter does not send it."""
    app = scars_app("scars_nine_blockers")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        await press(pilot, "3", "left")  # the last attacker: the Griffin Rider
        await settle(pilot)
        text = screen_text(app)
        assert "✗ Griffin Rider has Flying" in text, text
        assert "No blocks — Enter: done" in text, text
        assert "declared" not in text, text
        await press(pilot, "4", "right")  # a block the engine takes: counted
        await settle(pilot)
        assert "1 blocker declared — Enter confirms (then done)" in screen_text(app)
        plan = app.screen.build(app.screen.rows)  # type: ignore[attr-defined]
        assert isinstance(plan, list) and [a.kind for a in plan] == ["block", "done"], plan
