"""`triarch replay`: the card panel scrolls a card's words longer than its place with `↑`/`↓`
(the help says so), and its bottom edge says it in words (`▼ ↓`, `▲ ↑`), in the replays of
the three games (it was a Static: `↓` did nothing and the end of a long card was out of sight)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from tui.widgets.detail import CardBox

from .helpers import engine_ready, press, replay_app, screen_text, seeded_replay, settle

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


def panel_lines(app: App[object]) -> list[str]:
    """The card panel as the screen shows it: the lines of its box, its bottom edge last."""
    region = app.screen.query_one(CardBox).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return [line[region.x : region.right] for line in lines]


@pytest.mark.parametrize("game_id", ENGINES)
async def test_down_scrolls_a_long_card_in_the_replay_and_its_edge_says_so(
    game_id: str, tmp_path: Path
) -> None:
    app = replay_app(seeded_replay(game_id, tmp_path, steps=60))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        box = screen.query_one(CardBox)
        await press(pilot, "end", "t")  # the card panel in the log's place
        await settle(pilot)
        # a card whose words go on out of sight whatever the game's panel (hotg: five lines,
        # the lanes' ten), as the step's card
        words = " ".join(f"Word{n}" for n in range(200))
        screen.step_cards = [{"uid": 999, "name": "Long Card", "text": words}]  # type: ignore[attr-defined]
        screen.show_card()  # type: ignore[attr-defined]
        await settle(pilot)
        assert box.max_scroll_y > 0
        panel = panel_lines(app)
        first, second = panel[0].strip(), panel[1].strip()
        assert panel[-1].endswith("─ ▼ ↓ ─"), panel
        await press(pilot, "down")
        await settle(pilot)
        panel = panel_lines(app)
        assert box.scroll_y == 1
        assert panel[0].strip() == second, panel
        assert "▲ ↑" in panel[-1], panel
        await press(pilot, "up")
        await settle(pilot)
        assert panel_lines(app)[0].strip() == first
        await press(pilot, "down", "left")  # another step: its card from its first line
        await settle(pilot)
        assert box.scroll_y == 0
        assert "▲" not in panel_lines(app)[-1]


@pytest.mark.skipif("hotg" not in ENGINES, reason="the hotg engine is not available")
async def test_a_card_that_fits_the_replays_panel_has_no_edge(tmp_path: Path) -> None:
    """The Grey Wolf (step 30 of seed 7) fits the panel's five lines at 80 × 24: no line of
    them is given to an edge that would say nothing."""
    app = replay_app(seeded_replay("hotg", tmp_path, steps=30))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "end", "t")
        await settle(pilot)
        panel = panel_lines(app)
        assert len(panel) == 5 and "Grey Wolf" in panel[1], panel
        assert "▼" not in "".join(panel), panel
