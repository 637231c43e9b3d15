"""No game in progress is lost to another: a new game (the menu's Start, `triarch play`, a
rematch, `triarch resume FILE`) keeps the autosave's game in progress in the saves folder instead
of writing over it — the menu asks first —, and while another `triarch` has a game open on the
same save folder (it holds the autosave's lock) this one neither starts nor continues a game
there, and says why. The table holds the lock while a game is open, and gives it back on the
menu."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from common.saves import AutosaveLock, SaveBusy, autosave_path, load_game
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.session import Seats, Session

from .helpers import game_app, press, resume_app, screen_name, screen_text, settle


@pytest.fixture
def in_progress(only_toy: None) -> list[str]:
    """An autosaved game in progress (toy, 2 actions), as an earlier `triarch` left it."""
    s = Session.new("toy", Seats(["human", "human"]), seed=4)
    s.apply(s.legal()[0])
    s.apply(s.legal()[0])
    return [s.game.format_action(a) for a in s.game.history]


@pytest.fixture
def other_window() -> Iterator[AutosaveLock]:
    """Another `triarch` with a game open on this save folder (a lock of its own: flock locks
    of two opens of the file exclude each other, in one process as in two)."""
    lock = AutosaveLock()
    lock.claim()
    yield lock
    lock.release()


def told(app: TriarchApp) -> list[tuple[str, str]]:
    """The notifications `app` will show, as (title, the command in its last line)."""
    said: list[tuple[str, str]] = []

    def notify(message: str, *, title: str = "", **_: object) -> None:
        said.append((title, str(message).splitlines()[-1]))

    app.notify = notify  # type: ignore[method-assign,assignment]
    return said


def kept_saves(home: Path) -> list[Path]:
    return sorted((home / "saves").glob("*.json")) if (home / "saves").exists() else []


def saved_actions(path: Path) -> list[str]:
    return list(json.loads(path.read_text())["actions"])


async def test_start_on_the_menu_asks_before_replacing_a_game_in_progress_and_keeps_it(
    in_progress: list[str], triarch_home: Path
) -> None:
    app = TriarchApp(ai_pace=0)
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert screen_name(app) == "ConfirmScreen"
        text = " ".join(app.screen.question.split())  # (the dialog's words, wrapped on the screen)
        assert "A game is in progress (High Card, 2 actions). Start a new game?" in text
        assert "Yes: the game in progress is kept as a file in the saves folder" in text
        await press(pilot, "n")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"  # nothing started, nothing moved
        assert saved_actions(autosave_path()) == in_progress and not kept_saves(triarch_home)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        await press(pilot, "y")
        await settle(pilot)
        assert screen_name(app) == "GenericGameScreen"
        (kept,) = kept_saves(triarch_home)
        assert saved_actions(kept) == in_progress  # the old game, whole, resumable
        assert len(load_game(kept).history) == 2
        assert app.session is not None
        assert load_game(autosave_path()).state_hash() == app.session.game.state_hash()
        assert said == [("Saved game kept", f"triarch resume {kept}")]


async def test_triarch_play_keeps_the_game_in_progress_and_says_where(
    in_progress: list[str], triarch_home: Path
) -> None:
    app = game_app("toy", seed=9, vs="human")
    said = told(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.session is not None and app.session.game.setup.seed == 9
        (kept,) = kept_saves(triarch_home)
        assert saved_actions(kept) == in_progress
        assert load_game(autosave_path()).setup.seed == 9
        assert said == [("Saved game kept", f"triarch resume {kept}")]


async def test_resuming_a_file_keeps_the_autosaved_game_in_progress(
    in_progress: list[str], triarch_home: Path
) -> None:
    other = Session.new("toy", Seats(["human", "human"]), seed=7, save_path=triarch_home / "mine.json")
    other.apply(other.legal()[0])
    async with resume_app(triarch_home / "mine.json").run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (kept,) = kept_saves(triarch_home)
        assert saved_actions(kept) == in_progress
        assert load_game(autosave_path()).setup.seed == 7


async def test_a_rematch_after_a_finished_saved_game_keeps_the_game_in_progress(
    in_progress: list[str], triarch_home: Path
) -> None:
    """`triarch resume` of a finished game's Ctrl+S save leaves the autosave alone (nothing to
    write); its Rematch starts a new game, which keeps the autosave's game in progress."""
    done = Session.new("toy", Seats(["human", "human"]), seed=3, save_path=triarch_home / "x.json")
    while not done.over:
        done.apply(done.legal()[0])
    finished = triarch_home / "done.json"
    done.save(finished)
    app = resume_app(finished)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert saved_actions(autosave_path()) == in_progress and not kept_saves(triarch_home)
        await press(pilot, "r")
        await settle(pilot)
        (kept,) = kept_saves(triarch_home)
        assert saved_actions(kept) == in_progress
        assert load_game(autosave_path()).setup.seed == 4  # the rematch: seed 3 + 1


async def test_while_another_window_plays_this_one_neither_starts_nor_continues(
    in_progress: list[str], other_window: AutosaveLock, triarch_home: Path
) -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"  # not even the question: nothing to replace
        assert "Cannot start: another Triarch (process" in screen_text(app)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"  # and no offer to discard a save that is fine
        assert "Cannot continue: another Triarch (process" in screen_text(app)
        assert saved_actions(autosave_path()) == in_progress and not kept_saves(triarch_home)
        other_window.release()  # the other window went back to its menu (or was closed)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert screen_name(app) in ("GenericGameScreen", "CoverScreen")
        assert app.session is not None and len(app.session.game.history) == 2


@pytest.mark.parametrize("launch", ["play", "resume"])
async def test_a_launch_while_another_window_plays_stays_on_the_menu_and_says_why(
    launch: str, in_progress: list[str], other_window: AutosaveLock, triarch_home: Path
) -> None:
    spec = LaunchSpec(game_id="toy", vs="human", seed=1)
    if launch == "resume":
        spec = LaunchSpec(game_id="toy", resume=autosave_path())
    app = TriarchApp(spec, ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        assert "another Triarch (process" in screen_text(app)
    assert saved_actions(autosave_path()) == in_progress and not kept_saves(triarch_home)


async def test_the_table_holds_the_autosave_while_a_game_is_open_and_not_on_the_menu(
    only_toy: None,
) -> None:
    app = game_app("toy", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        with pytest.raises(SaveBusy):
            AutosaveLock().claim()
        await press(pilot, "m")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        free = AutosaveLock()
        free.claim()  # another window may continue the game now
        free.release()
        await press(pilot, "ctrl+o")  # and this one again
        await settle(pilot)
        with pytest.raises(SaveBusy):
            AutosaveLock().claim()
    free = AutosaveLock()
    free.claim()  # the table closed: the lock with it
    free.release()


async def test_a_game_in_progress_that_cannot_be_kept_is_not_replaced(
    in_progress: list[str], triarch_home: Path
) -> None:
    """`saves` is a file, not a folder: the game in progress cannot be kept there, so no new
    game starts over it (said on the menu), and the lock is not kept either."""
    (triarch_home / "saves").write_text("not a folder")
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        await press(pilot, "y")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        assert "Cannot start: the game in progress in" in screen_text(app)
        assert saved_actions(autosave_path()) == in_progress
        free = AutosaveLock()
        free.claim()
        free.release()
    app = game_app("toy", seed=9, vs="human")  # `triarch play`
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        assert "Cannot start: the game in progress in" in screen_text(app)
    assert saved_actions(autosave_path()) == in_progress


@pytest.mark.parametrize("ended", ["by its end", "by a resignation"])
async def test_a_finished_game_resumes_while_another_window_plays_and_writes_nothing(
    ended: str, in_progress: list[str], other_window: AutosaveLock, triarch_home: Path
) -> None:
    """`triarch resume FILE` of a finished game only shows it (its end, the table): it is not
    refused while another `triarch` plays the autosaved game, and it never writes the autosave
    (a rematch from it is what asks for the autosave, and is refused, saying why)."""
    from click.testing import CliRunner

    import tui.cli

    done = Session.new("toy", Seats(["human", "human"]), seed=3, save_path=triarch_home / "x.json")
    if ended == "by a resignation":
        done.apply(done.legal()[0])
        done.resign(1)
    while not done.over:
        done.apply(done.legal()[0])
    finished = triarch_home / "done.json"
    done.save(finished)
    before = autosave_path().read_bytes()
    launched: list[LaunchSpec] = []
    cli_app = tui.cli._run_app
    tui.cli._run_app = launched.append  # type: ignore[assignment]
    try:
        r = CliRunner().invoke(tui.cli.main, ["resume", str(finished)])
        assert r.exit_code == 0, r.output
        assert [spec.resume for spec in launched] == [finished]
        r = CliRunner().invoke(tui.cli.main, ["resume", str(autosave_path())])  # a game in progress
        assert r.exit_code == 2 and "another Triarch (process" in r.output
    finally:
        tui.cli._run_app = cli_app
    app = resume_app(finished)
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert app.session is not None and app.session.over and not app.lock.claimed
        await press(pilot, "r")
        await settle(pilot)
        assert said and said[0][0] == "Cannot start" and "another Triarch (process" in said[0][1]
    assert autosave_path().read_bytes() == before and not kept_saves(triarch_home)


async def test_the_table_locks_the_autosave_again_after_its_save_folder_was_deleted(
    only_toy: None, triarch_home: Path
) -> None:
    """The save folder deleted mid-game: the next action saves the game there again and the
    table holds the autosave again (another window cannot start a game over it)."""
    import shutil

    app = game_app("toy", seed=5, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shutil.rmtree(triarch_home)
        assert app.session is not None
        app.session.apply(app.session.legal()[0])
        assert saved_actions(autosave_path()) == [
            app.session.game.format_action(a) for a in app.session.game.history
        ]
        with pytest.raises(SaveBusy):
            AutosaveLock().claim()


async def test_a_look_at_the_menu_makes_no_data_folder_and_no_lock(
    only_toy: None, triarch_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player who opens the menu, looks (Continue refreshed, the window focused again) and quits
    leaves nothing behind: the data folder and `autosave.lock` are made when a game starts."""
    home = triarch_home / "not-yet"
    monkeypatch.setenv("TRIARCH_HOME", str(home))
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        menu: Any = app.screen
        menu.refresh_continue()
        menu.check_autosave()
        assert app.autosave_busy() is None
        await settle(pilot)
        assert not home.exists()
        await press(pilot, "ctrl+n")  # a game starts: now the autosave and its lock are there
        await settle(pilot)
        assert (home / "autosave.lock").exists() and autosave_path().exists()


def test_a_look_at_the_lock_still_sees_the_window_that_holds_it(
    other_window: AutosaveLock, triarch_home: Path
) -> None:
    assert "another Triarch (process" in (AutosaveLock().taken() or "")
    other_window.release()
    assert AutosaveLock().taken() is None
