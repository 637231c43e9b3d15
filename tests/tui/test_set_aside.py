"""A crash right after a new game set the game in progress aside (before the new game's first save,
or before the notification saying where it went was seen): the next start says where the game
set aside is, once — the menu, or `triarch resume` when there is no autosave to resume."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from common.saves import autosave_path, keep_aside, save_game, set_aside_untold
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.session import Seats, Session

from .helpers import settle

pytestmark = pytest.mark.usefixtures("only_toy")


def crashed_after_set_aside() -> Any:
    """`triarch play` set the game in progress aside, then died before its own first save."""
    save_game(ToyGame.new_game(seed=4), autosave_path())
    kept = keep_aside(autosave_path())
    assert kept is not None and not autosave_path().exists()
    return kept


def note(app: TriarchApp) -> str:
    return str(app.screen.query_one("#menu-error").content)


async def test_the_next_menu_says_where_the_game_set_aside_is_once() -> None:
    kept = crashed_after_set_aside()
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert (
            note(app) == f"Your previous game was set aside as {kept}. Resume it with: triarch resume {kept}"
        )
    assert set_aside_untold() == []
    again = TriarchApp(ai_pace=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "set aside" not in note(again)


async def test_a_set_aside_told_at_the_table_is_not_told_again() -> None:
    save_game(ToyGame.new_game(seed=4), autosave_path())
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        app.take_autosave(Session(ToyGame.new_game(seed=5), Seats(["human", "human"]), autosave=False))
        await settle(pilot)
        assert [n.title for n in app._notifications] == ["Saved game kept"]
    assert set_aside_untold() == []


async def test_resuming_the_game_set_aside_is_telling_enough() -> None:
    kept = crashed_after_set_aside()
    assert set_aside_untold() == [kept]
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
    assert set_aside_untold() == []


def test_triarch_resume_without_an_autosave_lists_the_games_set_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = crashed_after_set_aside()
    from tui import cli

    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: pytest.fail("nothing to open"))
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 2
    assert r.output == (
        f"triarch: no saved game at {autosave_path()}; games set aside when a new game started "
        f"(newest first):\n  {kept}\nresume one with: triarch resume FILE\n"
    )
    assert set_aside_untold() == []


async def test_a_finished_game_set_aside_is_told_as_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave holds a finished game with its end (finished/ could not take it) and still
    cannot be moved there: Start asks about a finished game, not 'a game in progress', and the
    game is set aside as a file to watch again (triarch replay), said so."""
    from tui.screens.confirm import ConfirmScreen

    from .helpers import press
    from .test_two_windows import ended_in_the_autosave

    ended_in_the_autosave(monkeypatch)
    monkeypatch.setattr("tui.app.drop_ended_autosave", lambda: None)
    monkeypatch.setattr("tui.screens.menu.drop_ended_autosave", lambda: None)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith(
            "The autosaved game has ended (High Card, 1 action), but it could not be kept in finished/"
        )
        await press(pilot, "y")
        await settle(pilot)
        said = [(n.title, n.message) for n in app._notifications]
    assert [title for title, _ in said] == ["Finished game kept"]
    assert said[0][1].splitlines()[-1].startswith("triarch replay ")
