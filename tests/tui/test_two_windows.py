"""Two windows on one save folder: the menu's Continue says what the autosave holds when it is
shown (not only when the menu comes back to the front), and a finished game is kept once, never
twice, whichever window keeps it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual import events
from textual.widgets import Button

from common.saves import AutosaveLock, autosave_path, finished_games, keep_ended_autosave, save_game
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.screens.menu import MenuScreen
from tui.session import Seats, Session

from .helpers import settle, until

pytestmark = pytest.mark.usefixtures("only_toy")


@pytest.fixture
def other_window() -> Iterator[AutosaveLock]:
    """Another `triarch` with a game open on this save folder (its own lock)."""
    lock = AutosaveLock()
    lock.claim()
    yield lock
    lock.release()


def label(app: TriarchApp) -> str:
    return str(app.screen.query_one("#continue", Button).label)


async def test_continue_follows_the_autosave_another_window_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MenuScreen, "AUTOSAVE_CHECK_SECONDS", 0.05)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert label(app) == "Continue (no saved game)"
        game = ToyGame.new_game(seed=4)
        game.apply(game.legal_actions()[0])
        save_game(game, autosave_path())  # the other window plays
        assert await until(pilot, lambda: label(app) == "Continue: High Card, 1 action", tries=300)
        assert not app.screen.query_one("#continue", Button).disabled
        autosave_path().unlink()  # … and its game ended
        assert await until(pilot, lambda: label(app) == "Continue (no saved game)", tries=300)
        assert app.screen.query_one("#continue", Button).disabled


async def test_back_in_the_window_the_menu_looks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MenuScreen, "AUTOSAVE_CHECK_SECONDS", 3600)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        save_game(ToyGame.new_game(seed=4), autosave_path())
        app.post_message(events.AppFocus())
        assert await until(pilot, lambda: label(app) == "Continue: High Card, 0 actions", tries=300)


def ended_in_the_autosave(monkeypatch: pytest.MonkeyPatch) -> Session:
    """A game whose end could not be kept in finished/ (that folder could not be written), kept
    in the autosave with its end instead; its window still open."""
    import tui.session

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    with monkeypatch.context() as m:
        m.setattr(tui.session, "keep_finished", refuse)
        s.apply(s.legal()[0])
        assert s.resign(0)
    assert s.end_in_autosave and s.finished_path is None and finished_games() == []
    return s


def test_a_game_kept_by_another_window_is_not_kept_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second window moved the autosave (the game with its end) into finished/; the first,
    trying again, finds it there and keeps it no second time."""
    s = ended_in_the_autosave(monkeypatch)
    kept = keep_ended_autosave()  # the other window's menu
    assert kept is not None and finished_games() == [kept]
    s.save()  # the first window tries again
    assert finished_games() == [kept] and s.finished_path == kept
    assert (s.save_error, s.end_unkept) == (None, False)


def test_an_autosave_kept_already_is_only_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other way round: the first window kept the game in finished/ after all; the second's
    menu then removes the autosave (its end in it) rather than keep the game a second time."""
    s = ended_in_the_autosave(monkeypatch)
    ended = autosave_path().read_bytes()
    s.save()  # finished/ can be written now
    assert s.finished_path is not None and finished_games() == [s.finished_path]
    autosave_path().write_bytes(ended)  # (its removal was lost: a kill, a power loss)
    assert keep_ended_autosave() == s.finished_path
    assert finished_games() == [s.finished_path] and not autosave_path().exists()


async def test_the_menu_leaves_alone_the_autosave_another_window_plays(
    monkeypatch: pytest.MonkeyPatch, other_window: AutosaveLock
) -> None:
    """While the other window holds the autosave (its game over dialog still open), this menu does
    not move the game out from under it."""
    ended_in_the_autosave(monkeypatch)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert label(app) == "Continue: High Card, 1 action, ended"
    assert autosave_path().exists() and finished_games() == []


def test_triarch_resume_leaves_alone_the_autosave_another_window_has_open(
    monkeypatch: pytest.MonkeyPatch, other_window: AutosaveLock
) -> None:
    """The other window's game ended and its autosave keeps it with its end (finished/ could not
    take it), its game-over dialog still open: `triarch resume` here shows that game, and moves
    nothing into finished/ (the menu already left it alone; the command line moved it)."""
    from click.testing import CliRunner

    from tui import cli

    ended_in_the_autosave(monkeypatch)
    opened: list[object] = []
    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: opened.append(spec.resume))
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 0, r.output
    assert opened == [autosave_path()] and autosave_path().exists() and finished_games() == []
