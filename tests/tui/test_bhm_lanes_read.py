"""BHM's lanes read by a new player in a dense late game (tests/tui/data/bhm_dense_late.toml) and
in a reaction window, at 80 × 24 and 120 × 40."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import (
    REACTION_CHAIN,
    bhm_session,
    dense_late_app,
    engine_ready,
    fire_bolt_on_tide_sentinel,
    press,
    resumed,
    screen_text,
    settle,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
async def test_the_middle_says_whose_turn_it_is(size: tuple[int, int]) -> None:
    """`Turn 14 · First strategy phase` did not say whose turn it is (only the call budget, on one
    side's head, told it): now `Turn 14: P1 (you)` as the lanes' heads name the side (session 33),
    lanes drawn dense (below 120 × 40, and this crowded table from there) `Turn 14: P1`, which keeps
    the line to one row."""
    app = dense_late_app("bhm")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        whose = "P1" if app.screen.lanes_dense() else "P1 (you)"  # type: ignore[attr-defined]
        assert f"Turn 14: {whose} · First strategy phase" in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_a_reaction_window_says_whose_turn_it_is(tmp_path: Path, size: tuple[int, int]) -> None:
    """Hot-seat, P2 asked to react in P1's turn: the table is P2's, the turn P1's."""
    s = bhm_session(REACTION_CHAIN, tmp_path / "s.json", seats=("human", "human"))
    fire_bolt_on_tide_sentinel(s)
    app = resumed(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.player == 1
        assert "Turn 6: P1 · First strategy phase" in screen_text(app)


async def test_dense_lanes_name_beings_in_full_up_to_14_letters() -> None:
    """80 × 24: `Mountain Gi…`, `Thunder Kni…`, `Thunder Lan…` were cut two letters short (12), though
    the hand's chips keep 14; a being's name now keeps 14 too, and the lanes take no more rows."""
    from tui.widgets.lanes import LaneBoard

    app = dense_late_app("bhm")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(LaneBoard)
        text = " ".join(seg.text for line in board.lines for seg in line)
        for name in ("Mountain Giant 2/7/8/5/12", "Thunder Knight 3/5/4/5/7", "Thunder Lancer 2/3/2/3/4"):
            assert name in text, text
        # session 35: the lanes scroll whole or cut (17 rows or 16): the names stay whole
        assert "Abyssal Leviathan 6/11/8/7/14" in text and board.rows_for(78) == 17
        screen: Any = app.screen
        screen.dense_room = 0  # cut where cutting spares the scrolling: 17 letters cut to 14
        view = screen.view_data
        cut = " ".join(
            seg.text
            for _, segs in screen.render_player_dense(view, view["players"][1], False)
            for seg in segs
        )
        assert "Abyssal Levia… 6/11/8/7/14" in cut, cut


async def test_the_hot_seat_strategy_prompt_keeps_to_one_line() -> None:
    """Hot-seat at 80 × 24: `Player 1: First strategy phase: calls (budget 21), cards, abilities — or
    combat` took two lines (`You: ` is shorter); it said `First strategy:` then (the middle line has
    the phase's name). Since session 39 the seat is `P1: `, shorter than `You: `: the phase whole on
    the one line, and from 120 × 40 too."""
    from tui.widgets.status import Prompt

    from .helpers import game_app, scenario

    app = game_app("bhm", seed=1, scenario=scenario("bhm_dense_late"), vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        lines = screen_text(app).splitlines()
        assert " P1: First strategy phase: calls (C.LL budget 21), cards, abilities — or combat" in lines, (
            lines
        )
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        prompt = app.screen.query_one(Prompt).shown(200)  # (whole, as on one line)
        assert (
            prompt == "P1: First strategy phase: calls (C.LL budget 21), cards, abilities — or go to combat"
        )
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert " P1: First strategy phase: calls (C.LL budget 21), cards, abilities — or combat" in (
            screen_text(app).splitlines()
        )
