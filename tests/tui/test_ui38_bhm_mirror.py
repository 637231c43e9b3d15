"""Session 38, BHM's mirror match beside the lanes: `last:` for an attack kept the lanes' bare marks
(`» P1 last: -100 Salud: Ember Squire z1 attacks Ember Squire z1`: whose was which?) while the
prompt and the log on the same screen said `Ember Squire z1 of P1 attacks Ember Squire z1 of P2`;
the middle's `⚡ waiting:` (from 120 × 40) said the engine's `Ember Squire (P1 zone 1)`."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.screens.bhm import lane_words

from .helpers import engine_ready, game_app, press, screen_text, settle
from .test_bhm_ui37 import mirror

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

SAID = "Ember Squire z1 of P1 attacks Ember Squire z1 of P2"


async def attacked(pilot: Any) -> None:
    """Hot-seat: P1's Ember Squire z1 attacks P2's; P2 takes the table."""
    app = pilot.app
    await settle(pilot)
    await press(pilot, "enter")  # P1 takes the table
    await settle(pilot)
    squires = {c.owner: c.uid for c in app.session.game.zones.cards.values() if c.defn.id == "ember_squire"}
    attack = Action("attack", (squires[0], squires[1]))
    await press(pilot, str(app.screen.query_one("ActionList").actions.index(attack) + 1))
    await settle(pilot)
    await press(pilot, "enter")  # P2 takes the table
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_last_says_whose_squire_attacked_whose(size: tuple[int, int]) -> None:
    app = game_app("bhm", seed=1, scenario=mirror("combat", [], ["iron_will"]), vs="human")
    async with app.run_test(size=size) as pilot:
        await attacked(pilot)
        lines = [" ".join(line.replace("│", " ").split()) for line in screen_text(app).splitlines()]
        last = next(line for line in lines if line.startswith("» P1 last:"))
        assert SAID in last, last
        assert "z1 attacks Ember Squire z1 (" not in last and not last.endswith("z1 attacks Ember Squire z1")
        assert not any("zone 1)" in line for line in lines), lines  # (the engine's words nowhere)


def test_one_sides_twin_keeps_the_lanes_mark() -> None:
    """Away from a mirror the lanes' mark alone (`Undine z5`): `last:` keeps its room."""
    assert lane_words("Fire Bolt on Undine z5 of P2") == "Fire Bolt on Undine z5"
    assert lane_words("Undine z5 of P2 attacks Spark Imp z1 of P1") == "Undine z5 attacks Spark Imp z1"
    assert lane_words(f"-100 Salud: {SAID}") == f"-100 Salud: {SAID}"
    # a mark both sides have on the table says whose though the words name one side's
    assert lane_words("Fire Bolt on Ember Squire z1 of P2", {"Ember Squire z1"}) == (
        "Fire Bolt on Ember Squire z1 of P2"
    )
