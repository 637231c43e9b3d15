"""Session 39b: the menu names the seats as the tables do. Its seat list said `Player 1 (moves
first)` beside the form's own `Deck P1`, while the three games' tables, logs and replays name
the seats `P1` / `P2` (`log_words.SEAT_NAMES`) since session 39."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tui.app import TriarchApp

from .helpers import engine_ready, press, screen_text, settle


@pytest.mark.parametrize("game", ["hotg", "bhm", "scars"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_seat_list_names_the_seats_as_the_tables_do(game: str, size: tuple[int, int]) -> None:
    if not engine_ready(game):
        pytest.skip(f"the {game} engine is not available")
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.screen.query_one("#game", Select).value = game
        await settle(pilot)
        text = screen_text(app)
        seat = next(line for line in text.splitlines() if "Your seat" in line)
        deck = next(line for line in text.splitlines() if "Deck P1" in line)
        assert "Player" not in seat, seat
        # The Scars: a coin decides who moves first (SC-03), its seat is only `P1`
        assert ("P1" if game == "scars" else "P1 (moves first)") in seat, seat
        assert "P1" in deck  # one name for the seat on the form
        app.screen.query_one("#seat", Select).focus()
        await press(pilot, "enter")  # the list open: both seats
        await settle(pilot)
        text = screen_text(app)
        assert "P2" in text and "Player 2" not in text and "Player 1" not in text, text
