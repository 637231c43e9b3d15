"""Session 39, Hand of the Gods as a first-time player: the replay of a finished game.

`?` did nothing in a replay, where the table opens its help: it opens the help, its Keys tab
the replay's keys (the rules and keywords of the game as at the table); `Esc` goes back."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import press, replay_app, screen_name, screen_text, seeded_replay, settle


async def test_question_mark_opens_the_replays_help(tmp_path: Path) -> None:
    app = replay_app(seeded_replay("hotg", tmp_path, steps=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = screen_name(app)
        await press(pilot, "question_mark")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        text = screen_text(app)
        assert "Replay · Hand of the Gods — press Esc to close" in text
        assert "v — whose eyes" in text
        await press(pilot, "escape")
        await settle(pilot)
        assert screen_name(app) == replay
