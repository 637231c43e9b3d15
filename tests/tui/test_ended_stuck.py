"""A data folder that is not writable, with a game already kept in `finished/`: its autosave (the
game as it was before its end: a `triarch` killed between keeping the game and removing the
autosave) cannot be removed. It is still no game to continue: the menu says the game ended and
is kept to watch again, Continue offers nothing, and `triarch resume` opens the kept game."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from textual.widgets import Button

from common.saves import autosave_path, ended_game, finished_games, load_game
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.screens.game import GameScreen
from tui.session import Seats, Session

from .helpers import press, screen_text, settle, until
from .test_kept_games import killed_as_it_ended

pytestmark = pytest.mark.usefixtures("toy")


@pytest.fixture
def stuck(monkeypatch: pytest.MonkeyPatch) -> Session:
    """The autosave of a kept finished game, which cannot be removed nor moved."""
    s = killed_as_it_ended(4)
    real_unlink, real_replace = Path.unlink, Path.replace

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == autosave_path():
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        real_unlink(self, missing_ok=missing_ok)

    def replace(self: Path, target: Any) -> Path:
        if self == autosave_path():
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_replace(self, target)

    monkeypatch.setattr(Path, "unlink", unlink)
    monkeypatch.setattr(Path, "replace", replace)
    return s


async def test_the_menu_does_not_offer_to_continue_a_game_kept_as_finished(stuck: Session) -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Continue (no game in progress: it ended)" in text, text
        assert app.screen.query_one("#continue", Button).disabled
        assert stuck.finished_path is not None
        note = str(app.screen.query_one("#menu-error").content)
        assert note.startswith(
            f"The autosaved game has ended and is kept to watch again ({stuck.finished_path.name}; "
            "triarch replay). Its autosave could not be removed"
        )
        await press(pilot, "ctrl+o")  # nothing continued
        await settle(pilot)
        assert not isinstance(app.screen, GameScreen) and app.session is None
    assert autosave_path().exists() and finished_games() == [stuck.finished_path]


async def test_a_new_game_replaces_that_autosave_without_keeping_it_aside(stuck: Session) -> None:
    """Start asks nothing (no game is in progress) and sets nothing aside (it is kept already)."""
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen), tries=300)
        assert app.session is not None
        seed = app.session.game.setup.seed
    assert not (autosave_path().parent / "saves").exists()
    assert load_game(autosave_path()).setup.seed == seed and ended_game(autosave_path()) is None


def test_triarch_resume_opens_the_kept_game(stuck: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui import cli

    opened: list[Any] = []
    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: opened.append(spec))
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 0, r.output
    assert "The autosaved game had ended" in r.output
    assert [spec.resume for spec in opened] == [stuck.finished_path]


def test_a_game_kept_whose_autosave_cannot_be_removed_is_no_failed_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The game ended and is kept in finished/; only its autosave could not be removed: no
    'This game could not be saved' (nothing is lost, the next start knows the autosave for the
    start of the kept game)."""
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self == autosave_path():
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    while not s.over:
        s.apply(s.legal()[0])
    assert s.finished_path is not None and finished_games() == [s.finished_path]
    assert (s.save_error, s.unsaved) == (None, 0)
    assert autosave_path().exists()
