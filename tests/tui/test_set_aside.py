"""A crash right after a new game set the game in progress aside (before the new game's first save,
or before the notification saying where it went was seen): the next start says where the game
set aside is, once — the menu, or `triarch resume` when there is no autosave to resume."""

from __future__ import annotations

import errno
import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common import saves
from common.saves import (
    autosave_path,
    is_set_aside,
    keep_aside,
    load_game,
    read_save,
    save_game,
    set_aside_games,
    set_aside_untold,
    take_back,
    told_set_aside,
)
from tests.toygame import ToyGame
from tui.app import TriarchApp
from tui.session import Seats, Session

from .helpers import press, screen_text, settle

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
            note(app) == f"Your previous game (High Card, 0 actions) was set aside as {kept}. "
            f"Resume it with: triarch resume {kept}"
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
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saves.written_at(kept)))
    assert r.output == (
        f"triarch: no saved game at {autosave_path()}; a game set aside when a new game started "
        f"(newest first):\n  {kept}  (High Card, 0 actions; last played {when})\n"
        "resume one with: triarch resume FILE\n"
    )
    assert set_aside_untold() == []


def set_aside_at(actions: int, hour: int) -> Path:
    """A game of `actions` actions set aside, last played at `hour`:00 (its save's own stamp)."""
    game = ToyGame.new_game(seed=actions)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    save_game(game, autosave_path())
    data = json.loads(autosave_path().read_text())
    data[saves.SAVED] = datetime(2026, 11, 20, hour, 0, tzinfo=UTC).isoformat()
    autosave_path().write_text(json.dumps(data))
    kept = keep_aside(autosave_path())
    assert kept is not None
    told_set_aside(kept)
    return kept


@pytest.mark.parametrize("count", [4, 13])
def test_triarch_resume_lists_every_game_set_aside_with_how_far_it_got(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not the newest three only: each game set aside, newest first, with its game, how many
    actions it had and when it was last played — past ten, the newest ten and how many more the
    saves folder holds."""
    from tui import cli, cli_resume

    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: pytest.fail("nothing to open"))
    kept = [set_aside_at(actions=n, hour=n) for n in range(1, count + 1)]
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 2
    lines = r.output.splitlines()
    assert lines[0].endswith(f"; {count} games set aside when a new game started (newest first):")
    shown = min(count, cli_resume.SET_ASIDE_LISTED)
    newest = kept[::-1][:shown]
    for line, path in zip(lines[1 : shown + 1], newest, strict=True):
        n = len(load_game(path).history)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saves.written_at(path)))
        assert line == f"  {path}  (High Card, {n} action{'s' if n != 1 else ''}; last played {when})"
    more = [f"  and {count - shown} more in {saves.saves_dir()}"] if count > shown else []
    assert lines[shown + 1 :] == [*more, "resume one with: triarch resume FILE"]


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


# -- a game set aside, resumed, is the game in progress again: in one place ----------------


def set_aside_with_actions(actions: int = 2) -> Path:
    """A toy game of `actions` actions, set aside in the saves folder as a new game started."""
    s = Session(ToyGame.new_game(seed=6), Seats(["human", "human"]))
    s.save()
    for _ in range(actions):
        s.apply(s.legal()[0])
    kept = keep_aside(autosave_path())
    assert kept is not None and not autosave_path().exists()
    told_set_aside(kept)
    return kept


async def test_a_set_aside_game_resumed_moves_into_place_as_the_autosave() -> None:
    """`triarch resume FILE` of a game set aside: the file is moved into place as the autosave —
    left in the saves folder, it could be resumed a second time and the game go on twice."""
    kept = set_aside_with_actions()
    before = read_save(kept)["actions"]
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
        assert not kept.exists() and set_aside_games() == []
        assert read_save(autosave_path())["actions"] == before
        app.session.apply(app.session.legal()[0])  # (played on: the autosave follows)
        assert len(read_save(autosave_path())["actions"]) == len(before) + 1


async def test_resuming_a_set_aside_game_sets_the_game_in_progress_aside_in_its_place() -> None:
    kept = set_aside_with_actions(2)
    other = Session(ToyGame.new_game(seed=8), Seats(["human", "human"]))
    other.save()  # (the game in progress now)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
    [aside] = set_aside_games()
    assert aside != kept and not kept.exists()
    assert read_save(aside)["setup"]["seed"] == 8
    assert read_save(autosave_path())["setup"]["seed"] == 6


async def test_a_set_aside_game_resumed_on_a_full_disk_is_moved_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full disk: the autosave cannot be written, but a rename needs no space — the game set
    aside is the autosave all the same, and nothing of it is counted as not saved."""
    kept = set_aside_with_actions(3)
    before = read_save(kept)["actions"]

    def full(*_: Any, **__: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "write_json_atomic", full)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
        assert app.session.save_error is not None and app.session.unsaved == 0
    assert not kept.exists() and read_save(autosave_path())["actions"] == before


async def test_a_set_aside_game_that_cannot_be_moved_is_removed_once_the_autosave_holds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = set_aside_with_actions()
    before = read_save(kept)["actions"]

    def refused(*_: Any, **__: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(saves, "move_durably", refused)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
        assert not kept.exists() and [n.title for n in app._notifications] == []
    assert read_save(autosave_path())["actions"] == before


async def test_a_set_aside_file_that_cannot_be_removed_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A saves folder that cannot be written: the file stays, and the player is told that
    resuming it again would go back in this game (the game goes on in the autosave)."""
    kept = set_aside_with_actions()

    def refused(*_: Any, **__: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    real_unlink = Path.unlink

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if path == kept:
            refused()
        real_unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(saves, "move_durably", refused)
    monkeypatch.setattr(Path, "unlink", unlink)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        app.resume(kept)
        await settle(pilot)
        said = [(n.title, n.message) for n in app._notifications]
    assert kept.exists() and autosave_path().exists()
    assert said == [
        (
            "Set-aside file left",
            f"{kept} could not be removed: it is this game as it was when resumed. The game goes on "
            "in the autosave (Continue); resuming that file again would go back to where it was.",
        )
    ]


def test_a_ctrl_s_save_resumed_stays_where_it_is(tmp_path: Path) -> None:
    """A save the player made (Ctrl+S) is theirs to go back to: only a game set aside moves."""
    s = Session(ToyGame.new_game(seed=6), Seats(["human", "human"]), autosave=False)
    mine = s.save(saves.dated_path(saves.saves_dir(), "toy"))
    assert mine is not None and not is_set_aside(mine) and not take_back(mine) and mine.exists()
    assert is_set_aside(set_aside_with_actions())


def test_triarch_resume_of_a_set_aside_file_resumed_already_says_where_it_went() -> None:
    from tui import cli

    kept = set_aside_with_actions()
    assert take_back(kept)
    r = CliRunner().invoke(cli.main, ["resume", str(kept)])
    assert r.exit_code == 2
    assert r.output == (
        f"triarch: no saved game at {kept}: a game set aside is moved back into place as the "
        "autosave when it is resumed; continue it with: triarch resume\n"
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_with_no_autosave_continue_says_where_the_games_set_aside_are(size: tuple[int, int]) -> None:
    """Nothing to continue, but games set aside: Continue says how many (Quit still in sight at 80
    columns), and pressed, where they are and how to resume one."""
    for hour in (1, 2, 3):
        set_aside_at(actions=hour, hour=hour)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        buttons = next(line for line in screen_text(app).splitlines() if "Start ▶" in line)
        assert "Continue (none · 3 set aside)" in buttons and "Quit" in buttons
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert note(app) == (
            "There is no autosaved game to continue. 3 games were set aside when a new game "
            f"started, in {saves.saves_dir()}: triarch resume lists them, triarch resume FILE "
            "continues one."
        )
