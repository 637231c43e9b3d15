"""The Scars' `last:` line said `★ P2 (AI) last: Done` when the other side's last action
ended a part of its turn without a card: it says what it ended, in the engine's words for
`done` (`End 2 First recruitment`, `Declare no blockers`), which the choice and the log say too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import game_app, press, replay_app, screen_name, screen_text, seeded_replay, settle

TOLD = ("End ", "Declare no ", "Confirm ", "Deal combat damage", "Learn no more")


def said_of_dones(screen: Any, seat: int) -> list[str]:
    return [w for w, _ in screen.last_words[seat]]


async def test_scars_last_line_says_what_the_ai_ended_not_done() -> None:
    app = game_app("scars", seed=3, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen: list[str] = []
        for _ in range(120):
            if screen_name(app) == "GameOverScreen":
                break
            screen = app.screen if screen_name(app) == "ScarsScreen" else None
            if screen is not None:
                words = said_of_dones(screen, 1)
                seen += [w for w in words if w.startswith(TOLD)]
                assert "Done" not in words, words
                last = [line for line in screen_text(app).split("\n") if " last: " in line]
                assert not any("last: Done" in line for line in last), last
                if seen:
                    break
            await press(pilot, "enter" if screen_name(app) != "ScarsScreen" else "1")
            await settle(pilot, look=False)
        assert seen, "the AI ended no part of its turn"
        assert any(w.startswith("End ") for w in seen), seen


async def test_scars_replay_last_line_says_what_was_ended(tmp_path: Path) -> None:
    # 40 steps of the seeded game hold 8 of its dones (steps 6 to 39): the
    # check reads the same words as over 80 steps, in half the replay (it was the suite's
    # slowest test, 13 s of CPU)
    app = replay_app(seeded_replay("scars", tmp_path, steps=40))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        said: list[str] = []
        for _ in range(40):
            said += [w for seat in (0, 1) for w in said_of_dones(screen, seat)]
            await press(pilot, "right")
            await settle(pilot, look=False)
        assert "Done" not in said
        assert any(w.startswith(TOLD) for w in said), said
