"""Session 38: a crowded Hand of the Gods bar at 80 × 24 gave P2's `(AI)` away while P1's `(you)`
stayed (`◄ P2 Odin` above `► P1 (you) Zeus`): the seats' labels give way alike, both or neither,
as the word `stone` and the piles' words do (the status line says whose turn is yours)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from .helpers import engine_ready, game_app, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def bar(app: Any, which: str) -> str:
    return str(app.screen.query_one(f"#bar-{which}", Static).render())


async def test_both_seats_labels_give_way_at_80x24() -> None:
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert top.startswith("◄ P2 Odin │") and bottom.startswith("► P1 Zeus │"), (top, bottom)
        assert "…" not in top + bottom
        assert "P1 (you) to play" in screen_text(app)  # still said whose seat is yours


async def test_both_seats_labels_stay_where_there_is_room() -> None:
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert top.startswith("◄ P2 (AI) Odin │") and bottom.startswith("► P1 (you) Zeus │"), (top, bottom)


async def test_a_crowded_own_bar_takes_the_other_seats_label_with_it() -> None:
    """Your bar crowded (10/10 mana, two-digit piles, a guarded stone), P2's roomy at 100
    columns: your `(you)` gives way, and P2's `(AI)` with it."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        players = list(screen.view_data["players"])
        p = {**players[0], "mana": 10, "max_mana": 10, "hand_count": 10, "deck_count": 15}
        p.update(grave_count=12, guarded=True, leader_name="Zeus the Thunderer of Olympus")
        players[0] = p
        screen.update_bars({**screen.view_data, "players": players})
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert "(you)" not in bottom and "(AI)" not in top, (top, bottom)
        assert top.startswith("◄ P2 Odin │") and bottom.startswith("► P1 Zeus the Thunderer"), (top, bottom)


async def test_the_abilitys_not_now_gives_way_in_both_bars_alike() -> None:
    """At 80 × 24 P2's bar said `Allfather's Gift 2 —` (its `not now` gave way) above P1's
    `a:Bolt 2 not now`: one state in two words. Both say the dash (the help says what it is)."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert top.endswith("Allfather's Gift 2 —") and bottom.endswith("a:Bolt 2 —"), (top, bottom)
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert top.endswith("2 not now") and bottom.endswith("2 not now"), (top, bottom)


def test_the_help_says_what_crowded_bars_leave_out() -> None:
    from tui.screens.hotg import HOTG_KEYS

    said = " ".join(HOTG_KEYS.split())
    assert "`P1` in crowded bars: the status line says whose turn is yours" in said
    assert "What a crowded bar leaves out, the other bar leaves out too." in said
