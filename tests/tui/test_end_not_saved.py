"""A game whose end could not be saved (a full disk as it ended) and which the player left
anyway, or closed: the autosave is the game before its end, all there is. The next start tells
the truth — the menu (and `triarch resume`) say that the game ended and that Continue resumes
it from before its end — instead of showing it as a game simply in progress."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common.saves import EndNotSaved, autosave_path, end_not_saved, finished_games, load_game, save_game
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MenuScreen
from tui.session import Seats, Session

from .helpers import press, resume_app, screen_text, settle
from .test_save_fails import Disk, ended_on_a_full_disk
from .test_survive import act


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


def marks(home: Path) -> list[str]:
    return sorted(p.name for p in home.glob("autosave.json.end-not-saved.*"))


def words(app: Any) -> str:
    """The menu's note line (and what the screen shows, for the Continue button)."""
    note = str(app.screen.query_one("#menu-error").content)
    return f"{note}\n{screen_text(app)}"


@pytest.mark.parametrize("how", ["ended", "resigned"])
def test_an_end_not_saved_is_marked_for_the_next_start(
    disk: Disk, toy: None, triarch_home: Path, how: str
) -> None:
    s = ended_on_a_full_disk(disk, how)
    assert s.end_unkept and autosave_path().exists()
    end = end_not_saved(autosave_path())
    if how == "resigned":
        assert end == EndNotSaved(1, "player 1 resigned", True)
        assert end.words() == (
            "The autosaved game ended (player 1 resigned), but the resignation could not be saved: "
            "Continue resumes it from before the resignation."
        )
    else:
        w = s.game.winner()
        outcome = "a draw" if w is None else f"player {w + 1} won"
        assert end == EndNotSaved(1, outcome, False)
        assert end.words("it resumes") == (
            f"The autosaved game ended ({outcome}), but its last action could not be saved: "
            "it resumes from before that action."
        )
    assert len(marks(triarch_home)) == 1

    disk.full = False  # the end is kept at last: no mark any more
    s.save()
    assert s.finished_path is not None and not autosave_path().exists()
    assert marks(triarch_home) == [] and end_not_saved(autosave_path()) is None


def test_actions_not_saved_before_the_end_are_counted(disk: Disk, toy: None) -> None:
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    s.apply(s.legal()[0])
    disk.full = True
    s.apply(s.legal()[0])
    s.apply(s.legal()[0])
    assert s.resign(1)
    end = end_not_saved(autosave_path())
    assert end == EndNotSaved(3, "player 2 resigned", True)
    assert "its last 2 actions and the resignation could not be saved" in end.words()
    assert end.words().endswith("Continue resumes it from before them.")


def test_a_mark_speaks_for_its_autosave_only(disk: Disk, toy: None, triarch_home: Path) -> None:
    """An autosave written since (another game, or this one continued) makes the mark void: it
    is removed, and nothing is said of the new autosave."""
    ended_on_a_full_disk(disk, "ended")
    disk.full = False
    save_game(ToyGame.new_game(seed=9), autosave_path())
    assert end_not_saved(autosave_path()) is None and marks(triarch_home) == []


def test_no_mark_when_the_autosave_holds_none_of_the_game(disk: Disk, toy: None, triarch_home: Path) -> None:
    """A game never saved (started on a full disk) leaves nothing to tell of."""
    disk.full = True
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    assert s.resign(0) and s.end_unkept
    assert marks(triarch_home) == [] and end_not_saved(autosave_path()) is None


@pytest.mark.usefixtures("only_toy")
async def test_the_menu_tells_the_truth_of_a_game_left_without_its_end(
    disk: Disk, triarch_home: Path
) -> None:
    """'Leave anyway' as the game's last action cannot be saved: the menu said 'Continue: High
    Card, N actions', as of any game in progress; now it says the game ended, which way, and
    that Continue resumes it from before its end — then, and at the next start. Once the game
    is continued and its end kept, the menu says it no more."""
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    game = s.game.clone()
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    for _ in range(len(game.history) - 1):
        s.apply(s.legal()[0])
    s.save()
    before = len(s.game.history)
    outcome = "a draw" if game.winner() is None else f"player {game.winner() + 1} won"
    truth = (
        f"The autosaved game ended ({outcome}), but its last action could not be saved: "
        "Continue resumes it from before that action."
    )

    app = resume_app(autosave_path())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk.full = True
        while app.session is not None and not app.session.over:  # (a hot-seat cover first)
            await act(pilot, app)
        assert app.session is not None and app.session.end_unkept
        await press(pilot, "m")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")  # Leave anyway
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert truth in words(app)
    assert len(load_game(autosave_path()).history) == before and finished_games() == []

    disk.full = False
    app = TriarchApp(ai_pace=0)  # the next start
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert truth in words(app)
        await press(pilot, "ctrl+o")  # Continue: from before the end, as it said
        await settle(pilot)
        assert app.session is not None and len(app.session.game.history) == before
        while not app.session.over:  # the last action again: the game ends, and is kept
            await act(pilot, app)
        assert app.session.over and app.session.finished_path is not None
        await press(pilot, "m")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert "autosaved game ended" not in words(app) and "Continue (no saved game)" in words(app)
    assert marks(triarch_home) == []


def test_triarch_resume_says_it_too(disk: Disk, toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    ended_on_a_full_disk(disk, "resigned")
    disk.full = False
    from tui import cli

    opened: list[Any] = []
    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: opened.append(spec))
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 0, r.output
    assert (
        "The autosaved game ended (player 1 resigned), but the resignation could not be saved: "
        "it resumes from before the resignation." in " ".join(r.output.split())
    )
    assert [spec.resume for spec in opened] == [autosave_path()]


# -- finished/ cannot be written, the autosave can: the end is kept there --------------------


def toy_to_its_end(how: str) -> Session:
    """A hot-seat toy game played to its end (`how` "ended": its last action; "resigned")."""
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    game = s.game.clone()
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    for _ in range(len(game.history) - 1):
        s.apply(s.legal()[0])
    if how == "resigned":
        assert s.resign(1)
    else:
        s.apply(s.legal()[0])
    assert s.over
    return s


@pytest.mark.parametrize("how", ["ended", "resigned"])
def test_an_end_that_finished_cannot_take_is_kept_in_the_autosave(
    toy: None, triarch_home: Path, how: str
) -> None:
    """`finished` is not a folder that can be written (here a file of that name): the end was not
    kept anywhere, the autosave stayed the game before its end; now the autosave keeps the
    finished game (nothing is lost by leaving: no '⚠ not saved', no question), and the next start
    moves it into finished/, to watch again."""
    (triarch_home / "finished").write_text("not a folder")
    s = toy_to_its_end(how)
    assert s.end_unkept and s.save_error is not None and s.end_in_autosave
    assert s.unsaved == 0 and "keeps the game with its end" in s.kept_words()
    saved = Session.load(autosave_path(), autosave=False)
    assert saved.game.state_hash() == s.game.state_hash() and saved.over and saved.resigned == s.resigned
    assert marks(triarch_home) == []

    (triarch_home / "finished").unlink()  # the next start, once finished/ can be written
    from common.saves import drop_ended_autosave

    kept = drop_ended_autosave()
    assert kept is not None and finished_games() == [kept] and not autosave_path().exists()
    again = Session.load(kept, autosave=False)
    assert again.game.state_hash() == s.game.state_hash() and again.resigned == s.resigned


def test_the_session_keeps_its_end_in_finished_when_it_can_at_last(toy: None, triarch_home: Path) -> None:
    (triarch_home / "finished").write_text("not a folder")
    s = toy_to_its_end("ended")
    (triarch_home / "finished").unlink()
    s.save()
    assert s.finished_path is not None and finished_games() == [s.finished_path]
    assert not autosave_path().exists() and (s.save_error, s.unsaved, s.end_unkept) == (None, 0, False)


@pytest.mark.usefixtures("only_toy")
async def test_the_menu_keeps_an_ended_autosave_to_watch_again(triarch_home: Path) -> None:
    (triarch_home / "finished").write_text("not a folder")
    toy_to_its_end("ended")
    app = TriarchApp(ai_pace=0)  # finished/ still cannot be written: the game is shown as ended
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Continue: High Card, 20 actions, ended" in words(app)
    (triarch_home / "finished").unlink()
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "The autosaved game had ended: it is kept to watch again" in words(app)
        assert "Continue (no saved game)" in words(app)
    assert len(finished_games()) == 1 and not autosave_path().exists()


@pytest.mark.usefixtures("only_toy")
async def test_start_over_a_game_left_without_its_end_says_so(disk: Disk) -> None:
    """Start asked 'A game is in progress (High Card, 19 actions)': it says the game ended and
    that Yes keeps it as it was before its end."""
    ended_on_a_full_disk(disk, "resigned")
    disk.full = False
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = " ".join(app.screen.question.split())
        assert "in progress" not in question
        assert question.startswith(
            "The autosaved game ended (player 1 resigned), but the resignation could not be saved: "
            "Continue resumes it from before the resignation. Start a new game? Yes: the game is kept "
            "as it was before its end, as a file in the saves folder"
        )
