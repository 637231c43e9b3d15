"""Hand of the Gods, what the table says (session 27 audit): a guarded stone's cell on a tall
terminal."""

from __future__ import annotations

import pytest

from tui.widgets.grid import GridBoard

from .helpers import SKIRMISH, engine_ready, press, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


# a Guard unit of P2's next to P2's stone (2,8); P2's stone at 1, its deck empty (its next
# draw's fatigue destroys it)
GUARDED_LAST = (
    SKIRMISH.replace(
        'max_mana = 5\ndeck = ["hoplite", "spartan", "hoplite", "spartan"]',
        "max_mana = 5\nstone = 1\ndeck = []",
    )
    + '\n[[unit]]\ncard = "jackal_guard"\nowner = 2\ncell = "1,8"\n'
)


async def test_a_guarded_stone_says_guarded_in_its_cell_on_a_tall_terminal() -> None:
    """120 × 40 (a third line in each cell): the enemy stone with a Guard unit next to it says
    `guarded` in its cell, as its player's bar does (the cell never said it); once the stone is
    destroyed, neither says it."""
    app = skirmish(scenario=GUARDED_LAST)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        assert board.cell_height() == 3
        assert board.cells[2][8].extra == "guarded"
        assert board.cells[2][0].extra == ""  # your stone: no Guard unit next to it
        assert "guarded" in str(app.screen.query_one("#bar-top").render())
        await press(pilot, "e")  # P2's draw from an empty deck: fatigue destroys its stone
        await settle(pilot)
        assert app.session.game.is_over()
        await press(pilot, "b")
        await settle(pilot)
        assert app.screen.query_one(GridBoard).cells[2][8].extra == ""
        assert "guarded" not in str(app.screen.query_one("#bar-top").render())
