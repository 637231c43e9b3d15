"""A puzzle at the table: its goal in sight under the status bar while it is played, then its
verdict — `✓ Puzzle solved …` or `✗ Puzzle failed: …why…` — in a dialog with Retry (the scenario
again from its start), the menu and the table, by keyboard and mouse; a saved puzzle, resumed,
keeps its goal (and a verdict already reached). The puzzles said their goal in words only and the
game played on: nothing ever said solved or failed."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Game
from tui.app import TriarchApp
from tui.screens.puzzle import PuzzleScreen
from tui.session import Seats, Session

from .helpers import engine_ready, game_app, press, resume_app, screen_name, screen_text, settle, until

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not all(engine_ready(g) for g in ("hotg", "bhm")), reason="an engine is not available"
)

AFTERLIFE = [
    "Move Sobek to 0,3",
    "Use Sun's Mercy (2 mana) on P1's Summoning Stone",
    "Cast Wrath of Sekhmet (5 mana)",
]
GUARDED = [
    "Cast Thunder of Olympus (3 mana) on Jackal Guardian",
    "Use Bolt (2 mana) on Jackal Guardian",
    "Cast Battle Fury (1 mana) on Bull Demon King",
    "Move Bull Demon King to 2,7",
    "Bull Demon King attacks P2's Summoning Stone",
]


def puzzle(game_id: str, name: str) -> str:
    return (ROOT / game_id / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")


def puzzle_app(game_id: str, name: str) -> TriarchApp:
    return game_app(game_id, seed=3, scenario=puzzle(game_id, name), level="scripted")


def flat(app: TriarchApp) -> str:
    """The screen's words, a wrapped line joined to the next."""
    return " ".join(line.strip(" │█▌") for line in screen_text(app).splitlines())


def choice(game: Game, words: str):  # -> Action
    found = [a for a in game.legal_actions() if game.describe_action(a) == words]
    assert found, f"{words!r} is no choice now"
    return found[0]


async def play(pilot, app: TriarchApp, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The player's choices, as the choice list gives them to the table (`choose`)."""
    for w in words:
        assert app.session is not None
        app.screen.choose(choice(app.session.game, w))  # type: ignore[attr-defined]
        await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_goal_is_in_sight_and_a_solution_reads_solved_then_retry(size: tuple[int, int]) -> None:
    app = puzzle_app("hotg", "puzzle_afterlife_chain")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        goal = "◎ Goal: Clear every enemy unit this turn; keep your stone health above 10"
        assert goal in screen_text(app).splitlines()[1], screen_text(app)  # one line, under the status
        await play(pilot, app, AFTERLIFE)
        assert isinstance(app.screen, PuzzleScreen)
        text = flat(app)
        assert "✓ Puzzle solved: no enemy unit is left on the field" in text
        assert "Puzzle: the dead bite back" in text and "Retry (r)" in text and "Menu (m)" in text
        assert "Play on (b)" in text  # the turn is not over: the game goes on under it
        old = app.session
        await press(pilot, "r")
        await settle(pilot)
        assert screen_name(app) == "HotgScreen" and app.session is not old and app.session is not None
        assert app.session.game.history == [] and app.session.game.setup == old.game.setup  # from its start
        assert goal in screen_text(app)


async def test_a_wrong_line_reads_failed_and_the_game_waits_until_play_on() -> None:
    """The turn ends without the win: `✗ Puzzle failed: …`, the AI's turn waiting under the
    dialog; a click on Play on lets it play, the goal's line still says failed; `m` at the table
    goes to the menu."""
    app = puzzle_app("hotg", "puzzle_guarded_stone")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session is not None
        await play(pilot, app, ["End the turn"])
        assert isinstance(app.screen, PuzzleScreen)
        assert "✗ Puzzle failed: the turn ended without the win" in flat(app)
        assert "Goal: Win this turn" in flat(app)
        waiting = len(app.session.game.history)
        await settle(pilot)
        assert len(app.session.game.history) == waiting  # the AI waits for the player to read it
        await pilot.click("#board")  # Play on
        await settle(pilot)
        assert screen_name(app) == "HotgScreen"
        assert await until(pilot, lambda: len(app.session.game.history) > waiting)  # type: ignore[union-attr]
        assert "✗ Puzzle failed: the turn ended without the win" in screen_text(app).splitlines()[1]
        await settle(pilot)
        assert not isinstance(app.screen, PuzzleScreen)  # told once
        await press(pilot, "m")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"


async def test_a_win_is_the_puzzle_solved_with_the_games_end_and_a_click_retries() -> None:
    app = puzzle_app("hotg", "puzzle_guarded_stone")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(pilot, app, GUARDED)
        assert await until(pilot, lambda: isinstance(app.screen, PuzzleScreen))
        text = flat(app)
        assert "✓ Puzzle solved: you won the game" in text and "P1 (you) wins!" in text
        assert "Table (b)" in text and "Quit (q)" in text and "Game over" not in text  # one dialog
        old = app.session
        await pilot.click("#rematch")  # Retry
        await settle(pilot)
        assert screen_name(app) == "HotgScreen" and app.session is not old
        assert app.session is not None and app.session.game.history == []
        assert "◎ Goal: Win this turn" in screen_text(app)


async def test_a_game_without_a_goal_shows_no_goal_line() -> None:
    app = game_app("hotg", seed=3, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Goal:" not in screen_text(app) and app.session is not None and app.session.puzzle is None


async def test_a_saved_puzzle_resumed_keeps_its_goal_and_its_verdict(triarch_home: Path) -> None:
    """BHM's frozen court saved half-way: resumed, its goal; saved once solved and played on,
    resumed, the verdict on the goal's line, and no dialog again."""
    s = Session.new("bhm", Seats(["human", "ai"], "scripted"), seed=3, scenario=puzzle("bhm", "frozen_court"))
    steps = [
        "Play strategy Nameless Curse — a being loses its name (and with it Eternal)",
        "Target Vaelor, Undying Warden",
        "Kalzar, Elder Wyrm executes Thunderclap (consumes 100 POD) — an enemy being loses 500 Salud",
        "Target (nameless)",
    ]
    s.apply(choice(s.game, steps[0]))
    app = resume_app(s.save_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "◎ Goal: Remove Vaelor, Undying Warden from the field this turn" in screen_text(app)
    for w in steps[1:]:
        s.apply(choice(s.game, w))
    assert s.verdict() is not None and s.verdict().state == "solved"  # type: ignore[union-attr]
    s.apply(choice(s.game, "Go to combat"))  # played on
    app = resume_app(s.save_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "✓ Puzzle solved: Vaelor, Undying Warden is off the field" in screen_text(app)
        assert screen_name(app) == "BhmScreen"


def test_resigning_a_puzzle_fails_it(triarch_home: Path) -> None:
    s = Session.new(
        "hotg", Seats(["human", "ai"], "scripted"), seed=3, scenario=puzzle("hotg", "puzzle_guarded_stone")
    )
    assert s.verdict() is not None and not s.verdict().decided  # type: ignore[union-attr]
    s.resign(0)
    assert s.verdict() is not None and (s.verdict().state, s.verdict().why) == ("failed", "you resigned")  # type: ignore[union-attr]
