"""Session 39, Hand of the Gods as a first-time player: the turn's prompt at 80 × 24.

It said `· a Bolt ·` (read as a bolt) and, for Odin, `Pick a card (1–6) or a unit on the board ·
a Allfather's Gift · e ends the` with `turn` alone on the next row. The key says its verb (`a uses
Allfather's Gift`, as `e ends the turn`), and `on the board` goes where the line is too long."""

from __future__ import annotations

from tests.tui.helpers import game_app, press, screen_text, settle

ODIN = "Pick a card (1–6) or a unit · a uses Allfather's Gift · e ends the turn"


async def test_the_turns_prompt_fits_one_row_with_a_long_ability() -> None:
    app = game_app("hotg", seed=3, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # P1 ends round 1's turn, P2 deploys a Grey Wolf (card 3) and ends, P1 ends round 2's:
        # each hand-over's cover is lifted by a key
        for keys in (["space", "e"], ["space", "3", "enter", "e"], ["space", "e"], ["space"]):
            await press(pilot, *keys)
            await settle(pilot)
        lines = [line.strip() for line in screen_text(app).splitlines()]
        assert ODIN in lines, lines
        assert "turn" not in lines
