"""The Scars, round 10: the turn that ends by itself says so, a pass says what it passes, the ⚔
mark follows the attack, the compact lanes' weapons and shelters, twin choices cut alike."""

from __future__ import annotations

from common.game import Action
from tui.screens.scars import ScarsScreen, turn_ended_for
from tui.widgets.log import GameLog

from .helpers import game_app, scenario, settle, uid_of


def table_of(app: object) -> ScarsScreen:
    return next(s for s in app.screen_stack if isinstance(s, ScarsScreen))  # type: ignore[attr-defined]


# -- a turn the table ends for you says so -------------------------------------------------------
async def test_the_turn_ended_after_the_last_affordable_card_says_so() -> None:
    """After a life to energy and the Pikeman it pays for, nothing is left to play, afford or
    attack with: the engine ends the turn by itself. The log said `Play Pikeman (2) in attack`
    and the other side's turn began, with no word why; now a line under it says so."""
    app = game_app("scars", seed=3, scenario=scenario("scars_last_card"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        pikeman = uid_of(app.session, "legion_pikeman", 0)
        assert table.choose(Action("life"))
        await settle(pilot)
        assert app.session.game.active == 0  # (the Pikeman is still to play: the turn is yours)
        assert table.choose(Action("cast", (pikeman, "attack")))
        await settle(pilot)
        lines = list(table.query_one(GameLog).plain)
        played = next(i for i, line in enumerate(lines) if "Play Pikeman (2) in attack" in line)
        assert lines[played + 1] == "  → nothing left to play or afford, no attack to make: the turn ends", (
            lines
        )
        assert lines[played + 2].startswith("  3A Declare attackers · "), lines
        assert sum("the turn ends" in line for line in lines) == 1, lines  # (not after the life)


def test_a_turn_ended_as_asked_says_nothing() -> None:
    """The end of `4 Second recruitment`, a clean-up's discard, the other side's action, a turn
    that goes on: no line."""

    class G:
        def __init__(self, active: int, phase: str, over: bool = False) -> None:
            self.active, self.phase, self.over = active, phase, over

    assert turn_ended_for(G(0, "recruit1"), G(1, "setup"), Action("cast", (5, "attack")), 0)
    assert turn_ended_for(G(0, "recruit2"), G(1, "setup"), Action("cast", (5, "attack")), 0)
    assert turn_ended_for(G(0, "attackers"), G(1, "setup"), Action("done"), 0)
    assert not turn_ended_for(G(0, "recruit2"), G(1, "setup"), Action("done"), 0)
    assert not turn_ended_for(G(0, "cleanup"), G(1, "setup"), Action("discard", (5,)), 0)
    assert not turn_ended_for(G(0, "recruit1"), G(0, "recruit1"), Action("cast", (5, "attack")), 0)
    assert not turn_ended_for(G(1, "recruit1"), G(0, "setup"), Action("pass"), 0)
    assert not turn_ended_for(G(0, "recruit1"), G(1, "setup", over=True), Action("cast", (5,)), 0)
