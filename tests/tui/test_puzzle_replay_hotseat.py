"""A puzzle replayed, and a puzzle in hot-seat. `triarch replay` of a puzzle showed no goal and no
verdict; in hot-seat, the goal and the verdicts said "you" to two players at once. Now the replay
(its screen and `--print`) shows the goal, then the verdict from the step the table reached it,
the table's own (one judge, a resignation counted as the table counts it); and both, and the
table in hot-seat, name the puzzle's player."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from common.saves import Replay
from tui.cli_replay import replay as replay_command
from tui.screens.puzzle import PuzzleScreen
from tui.session import Seats, Session

from .helpers import engine_ready, game_app, press, replay_app, screen_name, screen_text, settle
from .test_puzzle_verdicts import GUARDED, choice, flat, play, puzzle

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def guarded(seats: Seats, words: list[str]) -> Session:
    s = Session.new("hotg", seats, seed=3, scenario=puzzle("hotg", "puzzle_guarded_stone"))
    for w in words:
        s.apply(choice(s.game, w))
    return s


def printed(s: Session) -> list[str]:
    """`triarch replay --print` of the session's save (a finished game's: where it is kept)."""
    path = s.finished_path or s.save_path
    result = CliRunner().invoke(replay_command, [str(path), "--print"])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_replay_print_says_the_goal_first_and_the_tables_verdict_last(triarch_home: Path) -> None:
    s = guarded(Seats(["human", "ai"], "scripted"), GUARDED)
    assert s.verdict() is not None and s.verdict().state == "solved"  # type: ignore[union-attr]
    lines = printed(s)
    assert lines[0] == "◎ P1's goal: Win this turn"
    assert lines[-2].startswith("final: P1 wins")  # as the table names the seats
    assert lines[-1] == "✓ Puzzle solved: P1 won the game"


def test_replay_print_of_a_failed_and_of_a_resigned_puzzle(triarch_home: Path) -> None:
    s = guarded(Seats(["human", "ai"], "scripted"), ["End the turn"])
    assert printed(s)[-1] == "✗ Puzzle failed: the turn ended without the win"
    s = guarded(Seats(["human", "ai"], "scripted"), GUARDED[:2])
    s.resign(0)
    assert s.verdict().state == "failed"  # type: ignore[union-attr]
    assert printed(s)[-1] == "✗ Puzzle failed: P1 resigned"


def test_a_replay_without_a_goal_prints_none(triarch_home: Path) -> None:
    s = Session.new("hotg", Seats(["human", "ai"], "scripted"), seed=3)
    assert not any("Goal" in line or "Puzzle" in line for line in printed(s))


async def test_the_replay_screen_shows_the_goal_then_the_verdict_from_its_step(triarch_home: Path) -> None:
    s = guarded(Seats(["human", "ai"], "scripted"), GUARDED)
    at = s.verdict().at  # type: ignore[union-attr]
    r = Replay.load(s.finished_path or s.save_path)
    app = replay_app(r)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert "◎ P1's goal: Win this turn" in screen_text(app)
        screen.action_goto(at - 1)  # type: ignore[attr-defined]
        await settle(pilot)
        assert "◎ P1's goal: Win this turn" in screen_text(app)
        screen.action_goto(-1)  # type: ignore[attr-defined]
        await settle(pilot)
        assert screen.step == len(r) and at == len(r)  # type: ignore[attr-defined]
        assert "✓ Puzzle solved: P1 won the game" in screen_text(app)


def test_in_hot_seat_the_puzzle_names_its_player() -> None:
    """Both players read the goal and the verdicts: they name Player 1, never "you"."""
    s = guarded(Seats(["human", "human"], "scripted"), [])
    assert s.puzzle is not None and s.puzzle.label() == "P1's goal"
    s.resign(0)
    assert s.verdict().why == "P1 resigned"  # type: ignore[union-attr]
    s = guarded(Seats(["human", "human"], "scripted"), GUARDED)
    assert s.verdict().why == "P1 won the game"  # type: ignore[union-attr]
    s = guarded(Seats(["human", "ai"], "scripted"), GUARDED)  # against the AI: "you"
    assert s.verdict().why == "you won the game" and s.puzzle.label() == "Goal"  # type: ignore[union-attr]


def test_in_hot_seat_a_kept_counters_failure_names_its_player() -> None:
    s = Session.new(
        "hotg",
        Seats(["human", "human"], "scripted"),
        seed=3,
        scenario=puzzle("hotg", "puzzle_afterlife_chain"),
    )
    assert s.puzzle is not None
    words = s.puzzle.words()
    assert words == "Clear every enemy unit this turn; keep P1's stone health above 10"
    assert "you" not in words


async def test_the_hot_seat_table_and_dialog_name_the_puzzles_player() -> None:
    app = game_app("hotg", seed=3, scenario=puzzle("hotg", "puzzle_guarded_stone"), vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CoverScreen"
        await press(pilot, "space")  # Player 1 looks
        await settle(pilot)
        assert "◎ P1's goal: Win this turn" in screen_text(app)
        await play(pilot, app, ["End the turn"])
        assert isinstance(app.screen, PuzzleScreen)
        text = flat(app)
        assert "✗ Puzzle failed: the turn ended without the win" in text
        assert "P1's goal: Win this turn" in text and "you" not in text.lower().split()
