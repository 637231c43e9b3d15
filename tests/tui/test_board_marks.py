"""The table's marks and refusals as a player reads them: BHM's dead zones bear the marks of the
last actions in both layouts; a refusal (`✗`) goes when the cursor moves on; a HotG cell's
third line beside a move or attack marker."""

from __future__ import annotations

import random

import pytest

from common.registry import game_class
from tui.session import only_pass

from .helpers import (
    SKIRMISH,
    choose_cell,
    engine_ready,
    game_app,
    into_first_turn,
    press,
    screen_text,
    settle,
    skirmish,
)

needs_bhm = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def bhm_table_after(seed: int, steps: int) -> tuple[object, dict[str, object]]:
    """A BHM table that noted the actions of a seeded random game as the game screen notes them
    (the passes the table makes left out), `steps` actions in, and P1's view then."""
    from tui.screens.bhm import BhmTable

    table = BhmTable()
    rng = random.Random(seed)
    game = game_class("bhm").new_game(seed=seed)
    while len(game.history) < steps:
        d = game.decision()
        assert d is not None
        action = rng.choice(game.legal_actions())
        auto = only_pass(game) == action
        game.apply(action)
        if not auto:
            table.note_action(d.player, action, str(action), after=game)
    return table, game.view(0)


def dead_words(table: object, view: dict[str, object], seat: int) -> dict[str, str]:
    """P`seat + 1`'s dead zone as the dense and the roomy lanes say it: `{layout: its line}`."""
    from tui.screens.bhm import BhmTable

    assert isinstance(table, BhmTable)
    players = view["players"]
    assert isinstance(players, list)
    said = {}
    for layout, render in (("dense", table.render_player_dense), ("roomy", table.render_player_roomy)):
        lines = render(view, players[seat], seat == 0)
        text = ["".join(seg.text for seg in segs) for _, segs in lines]
        said[layout] = next(line for line in text if "dead" in line)
    return said


@needs_bhm
def test_a_being_that_died_of_the_last_actions_bears_its_mark_in_both_layouts() -> None:
    """Seed 1, 95 actions in: P2's attack killed P1's Cinder Hound (`⚔`) in that turn. Both layouts
    mark it in P1's dead zone (the roomy ones named it with no mark once)."""
    table, view = bhm_table_after(1, 95)
    said = dead_words(table, view, 0)
    assert all("⚔Cinder Hound" in line for line in said.values()), said


@needs_bhm
def test_a_card_spent_in_the_dead_zone_bears_no_mark() -> None:
    """Seed 1, 38 actions in: P2 played Equalize (a strategy: it acted, `★`, and went to the dead
    zone in that turn). The dead zone said `dead 4: ★Equalize,★Second Wind`, marks on cards that no
    longer do anything (session 36): no layout marks them now (the dense one counts it, the roomy one
    names it; `last:` says it was played). Terrify, a power P2 played a turn before, neither."""
    table, view = bhm_table_after(1, 38)
    said = dead_words(table, view, 1)
    assert "Equalize" in said["roomy"] and said["dense"].endswith(" dead 4 des 0"), said
    assert not any(mark in line for line in said.values() for mark in "★⚔✦◆"), said


@needs_bhm
def test_an_old_mark_does_not_stay_on_a_dead_card() -> None:
    """Seed 1, 13 actions in: P2 played Sunken Temple in its turn (`★`), and P1's Volcanic Caldera
    destroyed it in the next. The dense lanes said `dead 1: ★Sunken Temple`, as if it had just
    acted and died; no layout marks it (the dense one counts it, the roomy one names it)."""
    table, view = bhm_table_after(1, 13)
    said = dead_words(table, view, 1)
    assert "★" not in said["dense"] and "dead 1" in said["dense"], said
    assert "Sunken Temple" in said["roomy"] and "★" not in said["roomy"], said


# -- 2. a refusal goes when the player moves on -----------------------------------------------------
@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_a_lane_refusal_goes_when_the_card_cursor_moves_on(game_id: str) -> None:
    """Enter on a card with no choice now says why (`✗ No choice with … now`); the refusal stayed
    under the prompt with the cursor on other cards. It stays while the cursor is on that card (the
    board taking the keyboard back, Enter again), and goes when the cursor moves on or a dialog opens
    over the table (`:`, the typed action's: any dialog suspends the table, `on_screen_suspend`; the
    help, which did the same, cost ~2 s CPU to lay out its Markdown each time)."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    from tui.widgets.lanes import LaneBoard
    from tui.widgets.status import Prompt

    app = game_app(game_id, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await into_first_turn(pilot)
        screen = app.screen
        board = screen.query_one(LaneBoard)
        prompt = screen.query_one(Prompt)
        named = {u for a in screen.legal for u in screen.card_args(a)}
        idle = [u for u in board.chip_uids() if u not in named]
        assert len(idle) >= 2, board.chip_uids()

        async def refuse(uid: int) -> None:
            board.focus()
            board.move_to(uid)
            await settle(pilot)
            await press(pilot, "enter")
            await settle(pilot)
            assert prompt.error and "✗" in screen_text(app), screen_text(app)

        await refuse(idle[0])
        await press(pilot, "enter")  # the same card again: said again
        await press(pilot, "tab", "tab")  # to the list and back: the cursor on the same card
        await settle(pilot)
        assert board.cursor_uid == idle[0] and board.has_focus
        assert prompt.error and "✗" in screen_text(app)
        board.move_to(idle[1])  # (as the arrows move it)
        await settle(pilot)
        assert not prompt.error and "✗" not in screen_text(app), screen_text(app)

        await refuse(idle[1])
        await press(pilot, "colon")  # a dialog over the table
        await settle(pilot)
        assert app.screen is not screen, screen_text(app)
        await press(pilot, "escape")
        await settle(pilot)
        assert app.screen is screen
        assert not prompt.error and "✗" not in screen_text(app), screen_text(app)


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_a_grid_refusal_goes_when_the_cell_cursor_moves_on() -> None:
    """Hand of the Gods: Enter on the enemy's stone with nothing selected says it is not yours; the
    refusal stayed as the cursor walked the board. It stays on that cell, and goes on the next."""
    from tui.widgets.grid import GridBoard
    from tui.widgets.status import Prompt

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(GridBoard)
        prompt = screen.query_one(Prompt)
        board.focus()
        board.cursor = (2, 8)  # P2's Summoning Stone
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert "not yours" in prompt.error and "✗" in screen_text(app), screen_text(app)
        await press(pilot, "enter")
        await settle(pilot)
        assert "not yours" in prompt.error
        await press(pilot, "left")
        await settle(pilot)
        assert board.cursor == (2, 7)
        assert not prompt.error and "✗" not in screen_text(app), screen_text(app)


# -- 3. a HotG cell's third line beside a marker ---------------------------------------------------
def test_a_third_line_keeps_its_text_beside_a_marker() -> None:
    """From 120 × 40 (three lines a cell, 12 columns): the marker took the last two columns of the
    third line (`resurrecti× `, `exhausted × ` of `exhausted s…`). A third line that fits the cell
    stays whole and the marker ends the stats line above; with no room there either, it is cut
    with `…` before the marker. A line that fits beside it keeps it; two lines are as they were."""
    from tui.widgets.grid import marker_line

    assert marker_line(["◄Hoplite", "2/3", "exhausted"], 12) == (2, ["◄Hoplite", "2/3", "exhausted"])
    assert marker_line(["◄Hoplite", "2/3", "resurrection"], 12) == (1, ["◄Hoplite", "2/3", "resurrection"])
    assert marker_line(["◄Hoplite", "2/3z! -1", "exhausted s…"], 12) == (
        1,
        ["◄Hoplite", "2/3z! -1", "exhausted s…"],
    )
    assert marker_line(["◄Hoplite", "10/10zS! -10", "exhausted s…"], 12) == (
        2,
        ["◄Hoplite", "10/10zS! -10", "exhausted…"],
    )
    assert marker_line(["◄Hoplite", "2/3z!"], 7) == (1, ["◄Hoplite", "2/3z!"])


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_an_enemy_cells_third_line_is_whole_beside_its_attack_marker() -> None:
    """The skirmish at 120 × 40, the enemy Hoplite with a resurrection, your Hoplite selected: its
    cell read `resurrecti× `; it reads `resurrection`, the `×` at the end of its stats."""
    risen = SKIRMISH.replace('owner = 2\ncell = "2,3"', 'owner = 2\ncell = "2,3"\nresurrection = true')
    assert risen != SKIRMISH
    app = skirmish(scenario=risen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await choose_cell(pilot, 2, 2)  # your Hoplite
        text = screen_text(app)
        assert "]2/3       × │" in text, text
        assert "]resurrection│" in text, text


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_a_card_refused_by_its_number_key_stays_said() -> None:
    """A number key takes a card of the hand: the cursor goes to it and its refusal is said
    (`✗ Not enough mana…`); the cursor's move to it is not a move away from it."""
    from tui.widgets.hand import HandRow
    from tui.widgets.status import Prompt

    poor = SKIRMISH.replace("mana = 10\n", "mana = 1\n", 1)
    assert poor != SKIRMISH
    app = skirmish(scenario=poor)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "4")  # Cyclops (6)
        await settle(pilot)
        assert app.screen.query_one(HandRow).index == 3
        assert "mana" in app.screen.query_one(Prompt).error, screen_text(app)
        assert "✗" in screen_text(app)
