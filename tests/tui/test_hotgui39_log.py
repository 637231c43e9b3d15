"""Session 39, Hand of the Gods as a first-time player: the log's words.

The log opened with the engine's `Turn 1: P1 (1 mana)`, the next turns in rounds (`Round 1:
P2's turn (1 mana)`, as the status line and the help count them): the first turn now reads
as the others, at the table and in the replay."""

from __future__ import annotations

from pathlib import Path

from common.events import Event
from common.game import Action
from tests.tui.helpers import game_app, replay_app, seeded_replay, settle
from tui.log_words import hotg_events
from tui.widgets.log import GameLog


def log_text(app: object) -> str:
    return "\n".join(app.screen.query_one(GameLog).plain)  # type: ignore[attr-defined]


async def test_the_first_turn_is_counted_in_rounds_at_the_table() -> None:
    app = game_app("hotg", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = log_text(app)
        assert "Round 1: P1's turn (1 mana)" in text
        assert "Turn 1:" not in text


async def test_the_first_turn_is_counted_in_rounds_in_the_replay(tmp_path: Path) -> None:
    app = replay_app(seeded_replay("hotg", tmp_path, steps=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = log_text(app)
        assert "Round 1: P1's turn (1 mana)" in text
        assert "Turn 1:" not in text


def test_your_stone_is_yours_in_the_last_line_too() -> None:
    """`P2's Fenrir deals 5 damage to your Summoning Stone (0 left)`, then `P1's Summoning Stone
    is destroyed: P2 wins!` to P1's eyes: the end says `Your Summoning Stone` as the line before
    it; to the other seat and to the public (a replay, hot-seat) it names the seat as before."""
    end = Event("game_over", "P1's Summoning Stone is destroyed: P2 wins!", {"winner": 1})
    attack, views = Action("attack", (3, 1)), {"units": []}

    def told(viewer: int | None) -> str:
        return hotg_events(attack, [end], views, views, viewer)[0].text

    assert told(0) == "Your Summoning Stone is destroyed: P2 wins!"
    assert told(1) == told(None) == "P1's Summoning Stone is destroyed: P2 wins!"
