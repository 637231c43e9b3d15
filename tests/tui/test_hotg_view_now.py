"""Hand of the Gods, what the table says can be done now (session 27 audit): the Leader
Ability's `ready` only when it can be used (`no target` when only a target is missing), a
guarded stone's cell on a tall terminal, and an Ares deployed this turn not `Warcry ready`."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.widgets.detail import CardDetail
from tui.widgets.grid import GridBoard

from .helpers import SKIRMISH, engine_ready, press, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def panel_text(app: Any) -> str:
    """The card panel's lines as the screen shows them, joined (its first line wraps)."""
    region = app.screen.query_one(CardDetail).content_region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(line[region.x : region.right].strip() for line in lines).strip()


YOUR_HOPLITE = '[[unit]]\ncard = "hoplite"\nowner = 1\ncell = "2,2"\n'
# P1 led by Odin (Allfather's Gift: give an allied unit +1/+1), no unit of P1's on the board
ODIN_ALONE = (
    SKIRMISH.replace('leader = "zeus"', 'leader = "odin"')
    .replace(YOUR_HOPLITE, "")
    .replace('hand = ["oracle"', 'hand = ["hoplite", "oracle"')
)
# a Guard unit of P2's next to P2's stone (2,8); P2's stone at 1, its deck empty (its next
# draw's fatigue destroys it)
GUARDED_LAST = (
    SKIRMISH.replace(
        'max_mana = 5\ndeck = ["hoplite", "spartan", "hoplite", "spartan"]',
        "max_mana = 5\nstone = 1\ndeck = []",
    )
    + '\n[[unit]]\ncard = "jackal_guard"\nowner = 2\ncell = "1,8"\n'
)
# Ares in your hand, and an Ares of yours already on the board (deployed before this turn)
TWO_ARES = SKIRMISH.replace('hand = ["oracle"', 'hand = ["ares", "oracle"') + (
    '\n[[unit]]\ncard = "ares"\nowner = 1\ncell = "3,1"\n'
)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_ability_with_no_target_is_not_ready_but_says_no_target(size: tuple[int, int]) -> None:
    """Allfather's Gift, 10 mana, no allied unit: your bar read `ready`, and `a` then said it had
    no valid target; it reads `no target` (whole at 80 × 24), and `ready` once a unit of yours
    stands."""
    app = skirmish(scenario=ODIN_ALONE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        bar = str(app.screen.query_one("#bar-bottom").render())
        assert bar.endswith(" 2 no target") and "ready" not in bar, bar
        await press(pilot, "a")
        await settle(pilot)
        assert "no valid target now" in screen_text(app)
        game = app.session.game
        deploy = next(
            a
            for a in app.screen.legal
            if a.kind == "play" and a.args[1:] == ("1,0",) and "Hoplite" in game.describe_action(a)
        )
        app.screen.choose(deploy)
        await settle(pilot)
        bar = str(app.screen.query_one("#bar-bottom").render())
        assert bar.endswith(" 2 ready"), bar


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


async def test_an_ares_deployed_this_turn_is_not_warcry_ready() -> None:
    """HG-23 / HG-72: the Ares you deploy now is exhausted and cannot use its Warcry before your
    next turn (no Warcry choice): its card panel says `Warcry later` (it said `Warcry ready`).
    Your Ares deployed before says `Warcry ready`, and has the Warcry choice."""
    app = skirmish(scenario=TWO_ARES)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.session.game
        old = game.view(0)["board"][3][1]["uid"]
        deploy = next(
            a
            for a in app.screen.legal
            if a.kind == "play" and a.args[1:] == ("1,0",) and "Ares" in game.describe_action(a)
        )
        app.screen.choose(deploy)
        await settle(pilot)
        new = game.view(0)["board"][1][0]["uid"]
        assert [a for a in app.screen.legal if a.kind == "warcry"] == [Action("warcry", (old,))]
        board = app.screen.query_one(GridBoard)
        board.focus()
        for cell, word in (((1, 0), "Warcry later"), ((3, 1), "Warcry ready")):
            board.cursor = cell
            await settle(pilot)
            said = panel_text(app)
            other = "Warcry ready" if word == "Warcry later" else "Warcry later"
            assert "Ares · 3/4 · move 2 · " in said and word in said and other not in said, said
            assert ("· exhausted ·" in said) == (cell == (1, 0)), said
        assert new != old
