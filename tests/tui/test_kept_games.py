"""Finished games are kept to be watched again ("nothing lost"): the autosave of a game
the engine ended goes, but the game itself is kept in `finished/` (the newest 20); the
game-over dialog offers to watch it (w), and `triarch replay` with no file opens the last."""

from __future__ import annotations

import itertools
import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common import saves
from common.saves import autosave_path, finished_dir, finished_games, keep_finished, load_game
from tests.toygame import ToyGame
from tui.session import Seats, Session
from tui.widgets.log import GameLog

from .helpers import game_app, play_out, press, resume_app, screen_name, screen_text, settle

pytestmark = pytest.mark.usefixtures("toy")


def finished_toy(seed: int) -> Session:
    s = Session(ToyGame.new_game(seed=seed), Seats(["human", "human"]))
    s.save()
    while not s.over:
        s.apply(s.legal()[0])
    return s


def test_a_finished_game_is_kept_and_its_autosave_goes() -> None:
    s = finished_toy(4)
    assert not autosave_path().exists()  # Continue does not offer a finished game
    assert s.finished_path is not None and s.finished_path.parent == finished_dir()
    kept = load_game(s.finished_path)
    assert kept.is_over() and kept.state_hash() == s.game.state_hash()
    assert finished_games() == [s.finished_path]


def resigned_toy(seed: int) -> Session:
    s = Session(ToyGame.new_game(seed=seed), Seats(["human", "ai"]))
    s.save()
    s.apply(s.legal()[0])
    s.resign(0)
    return s


def test_a_resigned_game_is_kept_as_a_finished_game_with_its_resignation() -> None:
    """A resignation ends the game as the engine's end does: its autosave goes, the game is
    kept in finished/, and its save says who resigned (it replayed to a game in progress)."""
    s = resigned_toy(4)
    assert not autosave_path().exists()
    assert s.finished_path is not None and finished_games() == [s.finished_path]
    again = Session.load(s.finished_path, autosave=False)
    assert again.over and again.resigned == 0 and again.winner() == 1
    assert again.game.state_hash() == s.game.state_hash() and not again.game.is_over()


def test_triarch_replay_without_a_file_says_the_last_game_ended_by_a_resignation() -> None:
    from tui.cli import main

    s = resigned_toy(4)
    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 0, r.output
    final = r.output.strip().splitlines()[-1]
    assert final == f"final: Player 1 resigned: Player 2 wins · hash {s.game.state_hash()[:16]}"


async def test_a_resigned_game_offers_to_watch_it_again_and_the_replay_ends_with_the_resignation() -> None:
    app = game_app("toy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (Ctrl+P: Resign)
        app.screen.action_resign()  # type: ignore[attr-defined]
        await settle(pilot)
        await press(pilot, "y")
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        text = screen_text(app)
        assert "resigned" in text and "Watch again (w)" in text
        await press(pilot, "w")
        await settle(pilot)
        assert "Replay" in screen_name(app)
        await press(pilot, "end")
        await settle(pilot)
        assert "game over: P1 resigned: P2 wins" in screen_text(app)  # (the seats as the replay names them)


async def test_resuming_a_resigned_game_shows_its_end_by_the_resignation() -> None:
    s = resigned_toy(4)
    assert s.finished_path is not None
    app = resume_app(s.finished_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert "Player 1 (you) resigned — Player 2 (AI) wins." in screen_text(app)
        await press(pilot, "b")
        await settle(pilot)
        assert "Player 1 (you) resigns." in screen_text(app)  # and the log says it


def test_only_the_newest_finished_games_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "KEPT_FINISHED", 3)
    game = finished_toy(4).game
    paths = [keep_finished(game) for _ in range(4)]  # within one second: names told apart
    assert len(set(paths)) == 4
    for i, p in enumerate(paths):
        if p.exists():
            os.utime(p, (1_000 + i, 1_000 + i))
    assert finished_games() == paths[-3:]
    newest = keep_finished(game)
    assert finished_games() == [*paths[-2:], newest]


def test_an_old_game_that_cannot_be_removed_does_not_fail_keeping_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keeping only the newest is tidying: a game kept is kept even when an older one cannot be
    removed (no error, which the table would take for a game not kept and keep again)."""
    monkeypatch.setattr(saves, "KEPT_FINISHED", 1)
    game = finished_toy(4).game

    def refused(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", refused)
    newest = keep_finished(game)
    assert newest.exists() and len(finished_games()) == 2


async def test_no_watch_offer_for_a_game_that_is_not_kept() -> None:
    app = game_app("toy", seed=3)
    app.autosave = False  # e.g. a game that is not being saved
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_out(pilot)
        await settle(pilot)
        assert "Watch again" not in screen_text(app)
        await press(pilot, "w")  # does nothing
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"


def test_triarch_replay_without_a_file_plays_the_last_finished_game(triarch_home: Path) -> None:
    from tui.cli import main

    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 2 and "no finished game is kept yet" in r.output
    finished_toy(4)
    last = finished_toy(5)
    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 0, r.output
    final = r.output.strip().splitlines()[-1]
    assert final.startswith("final: ") and final.endswith(f"· hash {last.game.state_hash()[:16]}")


async def test_enter_pressed_on_through_the_end_then_watch_again_then_a_rematch() -> None:
    """One app in turn (the toy played to its end by Enter):

    - Enter, pressed again and again through the last actions, lands on the game-over dialog:
      it must not choose a button there (no button has the focus until Tab gives it one).
    - The game-over dialog offers to watch the game again (w): the replay of all its actions;
      `q` leaves it for the dialog, where the player was.
    - The first button, chosen on purpose (Tab, Enter): Rematch."""
    app = game_app("toy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while screen_name(app) != "GameOverScreen":
            await press(pilot, "enter")
            await settle(pilot, look=False)
        first = app.session
        await press(pilot, "enter", "enter")
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen" and app.session is first
        # watch it again
        text = screen_text(app)
        assert "Watch again (w)" in text
        await press(pilot, "w")
        await settle(pilot)
        assert "Replay" in screen_name(app)
        replay_screen = app.screen
        assert len(replay_screen.replay) == len(app.session.game.history)  # type: ignore[attr-defined]
        await press(pilot, "q")
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"  # back where the player was
        assert app.session is first
        await press(pilot, "tab", "enter")  # the first button, chosen on purpose: Rematch
        await settle(pilot)
        assert app.session is not first and not app.session.over


@pytest.mark.parametrize("ended", ["by its end", "by a resignation"])
async def test_a_resumed_finished_game_offers_to_watch_it_again(ended: str) -> None:
    """`triarch resume FILE` of a finished game shows its end; Watch again (w) replays that
    file (it is not kept a second time in finished/)."""
    s = finished_toy(4) if ended == "by its end" else resigned_toy(4)
    assert s.finished_path is not None
    app = resume_app(s.finished_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen" and "Watch again (w)" in screen_text(app)
        await press(pilot, "w")
        await settle(pilot)
        assert "Replay" in screen_name(app)
        assert len(app.screen.replay) == len(s.game.history)  # type: ignore[attr-defined]
    assert finished_games() == [s.finished_path]


def test_triarch_replay_skips_a_kept_game_deleted_while_it_lists_them(
    triarch_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept game deleted (by another `triarch` keeping its 20 newest) between the listing of
    finished/ and the look at its date is left out, no crash."""
    from tui.cli import main

    last = finished_toy(5)
    listed = Path.glob

    def with_a_gone_one(folder: Path, pattern: str) -> object:
        yield from listed(folder, pattern)
        yield folder / "toy-20000101-000000.json"  # listed, then deleted

    monkeypatch.setattr(Path, "glob", with_a_gone_one)
    assert finished_games() == [last.finished_path]
    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().splitlines()[-1].endswith(f"· hash {last.game.state_hash()[:16]}")


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        ('{"format": 1, "game": "toy", "act', "not valid JSON at line 1"),
        ('{"format": 99, "game": "toy", "setup": {}}', "written by a newer Triarch (save format 99"),
    ],
)
def test_triarch_replay_falls_back_from_a_newest_game_that_no_longer_replays(
    triarch_home: Path, broken: str, why: str
) -> None:
    """The newest kept game is damaged, or of a newer Triarch: `triarch replay` replays the one
    before it, and says on stderr which it skipped and why, and which it replays."""
    from tui.cli import main

    older = finished_toy(5)
    newest = finished_dir() / "toy-29991231-235959.json"
    newest.write_text(broken, encoding="utf-8")
    later = os.stat(older.finished_path).st_mtime + 60  # type: ignore[arg-type]
    os.utime(newest, (later, later))
    assert finished_games()[-1] == newest
    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 0, r.output
    assert r.stdout.strip().splitlines()[-1].endswith(f"· hash {older.game.state_hash()[:16]}")
    skipped, replaying = r.stderr.splitlines()
    assert skipped.startswith(f"triarch: skipped {newest}: {why}")
    assert replaying == f"triarch: replaying {older.finished_path}, the newest kept game that replays"

    older.finished_path.unlink()  # type: ignore[union-attr]
    r = CliRunner().invoke(main, ["replay", "--print"])
    assert r.exit_code == 2 and "no kept game replays (1 tried" in r.stderr


def test_a_resignation_after_the_end_changes_nothing_and_the_kept_game_still_loads(tmp_path: Path) -> None:
    """The AI's last action can end the game while the player is asked `resign this game?`: a
    `yes` then leaves the game as the engine ended it (a save saying a player resigned a game
    the engine had ended is refused on loading: the kept game, a Ctrl+S save, would be lost)."""
    s = finished_toy(4)
    refused = s.resign(0)
    s.save(tmp_path / "after.json")  # (Ctrl+S)
    assert load_game(tmp_path / "after.json").state_hash() == s.game.state_hash()
    assert Session.load(s.finished_path, autosave=False).resigned is None  # type: ignore[arg-type]
    assert s.resigned is None and s.winner() == s.game.winner() and refused is False


async def test_yes_to_resign_after_the_game_ended_meanwhile_keeps_the_engines_end() -> None:
    app = game_app("toy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table: Any = app.screen
        table.action_resign()
        await settle(pilot)
        assert screen_name(app) == "ConfirmScreen"
        while not app.session.over:  # the AI's answers, arriving while the question is open
            table.play(app.session.legal()[0])
        table.advance()
        await settle(pilot)
        app.pop_screen()  # (the game-over dialog, over the question)
        await settle(pilot)
        assert screen_name(app) == "ConfirmScreen"
        await press(pilot, "y")
        await settle(pilot)
        assert app.session.resigned is None and "resigns" not in " ".join(table.query_one(GameLog).plain)
        assert app.session.finished_path is not None
        assert load_game(app.session.finished_path).is_over()


def killed_as_it_ended(seed: int) -> Session:
    """A toy game played to its end whose `triarch` was killed after it kept the game in
    finished/ but before it removed the autosave: the autosave before the last action is back."""
    s = Session(ToyGame.new_game(seed=seed), Seats(["human", "human"]))
    s.save()
    before = b""
    while not s.over:
        before = autosave_path().read_bytes()
        s.apply(s.legal()[0])
    assert s.finished_path is not None and not autosave_path().exists()
    autosave_path().write_bytes(before)
    kept_at = s.finished_path.stat().st_mtime
    os.utime(autosave_path(), (kept_at - 5, kept_at - 5))  # (written before the end was kept)
    return s


def test_an_autosave_of_a_kept_finished_game_is_no_game_to_continue() -> None:
    """The autosave the same game as a kept finished one (its setup, its actions the first of the
    kept game's, written before it): it is removed, not offered to continue (the game twice)."""
    s = killed_as_it_ended(4)
    assert saves.ended_game(autosave_path()) == s.finished_path
    assert saves.drop_ended_autosave() == s.finished_path
    assert not autosave_path().exists() and finished_games() == [s.finished_path]


def test_a_new_game_of_the_same_seed_is_its_own_game() -> None:
    """The same seed started again after that game ended: its autosave (written after the kept
    game) is a game to continue, even while its actions are the first of the kept game's."""
    finished_toy(4)
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    later = time_after(finished_games()[-1])
    os.utime(autosave_path(), (later, later))
    assert saves.ended_game(autosave_path()) is None
    assert saves.drop_ended_autosave() is None and autosave_path().exists()


def time_after(path: Path) -> float:
    return path.stat().st_mtime + 5


async def test_the_menu_does_not_offer_an_ended_game_to_continue() -> None:
    """The menu over such an autosave: `Continue (no saved game)`, and it says the game ended and
    is kept to watch again (Continue offered the game as it was before its last action)."""
    s = killed_as_it_ended(4)
    from tui.app import TriarchApp

    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Continue (no saved game)" in text, text
        assert "The autosaved game had ended" in text, text
        assert not autosave_path().exists()
    assert s.finished_path is not None and s.finished_path.exists()


def test_triarch_resume_shows_an_ended_game_at_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """`triarch resume` over such an autosave opens the kept game (its end), not the game before it."""
    s = killed_as_it_ended(4)
    from tui import cli

    opened: list[Any] = []
    monkeypatch.setattr(cli, "_run_app", lambda spec, *a, **k: opened.append(spec))
    r = CliRunner().invoke(cli.main, ["resume"])
    assert r.exit_code == 0, r.output
    assert "The autosaved game had ended" in r.output
    assert [spec.resume for spec in opened] == [s.finished_path]
    assert not autosave_path().exists()


# -- dated by the stamp a save holds, not by its file's time (which a copied folder changes) --


@pytest.fixture
def ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each save stamped a second after the one before (a clock that only goes on)."""
    seconds = itertools.count()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(
        saves,
        "_stamp_now",
        lambda: (start + timedelta(seconds=next(seconds))).isoformat(timespec="microseconds"),
    )


def copied(*paths: Path) -> None:
    """The save folder copied (`cp -r`): every file's time is when it was copied, in the order
    given, whatever the order in which they were written."""
    for i, path in enumerate(paths):
        os.utime(path, (2_000_000_000 + i, 2_000_000_000 + i))


def without_stamp(path: Path) -> None:
    """The save as a Triarch that did not stamp its saves wrote it (the checksum is the same)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["saved"]
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_save_says_when_it_was_written_outside_its_checksum_and_format() -> None:
    s = finished_toy(4)
    data = saves.read_save(s.finished_path)  # type: ignore[arg-type]
    stamp = saves.saved_at(data)
    assert stamp is not None and abs(stamp - time.time()) < 3600 and data["format"] == 1
    assert saves.checksum(data) == saves.checksum({k: v for k, v in data.items() if k != "saved"})
    assert saves.saved_at({**data, "saved": "yesterday"}) is None  # (a hand-edit: the file's time)


@pytest.mark.usefixtures("ticking")
def test_the_finished_games_of_a_copied_folder_keep_their_order() -> None:
    game = finished_toy(4).game
    for old in finished_games():
        old.unlink()
    paths = [keep_finished(game) for _ in range(3)]
    copied(*reversed(paths))  # (the newest copied first)
    assert finished_games() == paths


@pytest.mark.usefixtures("ticking")
def test_an_autosave_copied_after_its_kept_game_is_still_no_game_to_continue() -> None:
    """The start of a kept finished game (a `triarch` killed between the two), its folder
    copied: the autosave's file is now younger than the kept game's, but it was written
    before — still no game to continue (it would be the game twice)."""
    s = killed_as_it_ended(4)
    copied(s.finished_path, autosave_path())  # type: ignore[arg-type]
    assert saves.ended_game(autosave_path()) == s.finished_path


@pytest.mark.usefixtures("ticking")
def test_a_new_game_of_the_same_seed_copied_before_the_kept_one_is_still_its_own() -> None:
    """The same seed played again after that game ended, the folder copied with the autosave
    first: its file is now older than the kept game's — it is still a game to continue, never
    removed as the start of the kept one (which lost the player's game)."""
    finished_toy(4)
    s = Session(ToyGame.new_game(seed=4), Seats(["human", "human"]))
    s.save()
    copied(autosave_path(), finished_games()[-1])
    assert saves.ended_game(autosave_path()) is None
    assert saves.drop_ended_autosave() is None and autosave_path().exists()


@pytest.mark.usefixtures("ticking")
def test_saves_from_before_the_stamp_are_dated_by_their_files() -> None:
    s = killed_as_it_ended(4)
    assert s.finished_path is not None
    without_stamp(s.finished_path)
    without_stamp(autosave_path())
    copied(autosave_path(), s.finished_path)  # (the autosave's file the older: the start of it)
    assert saves.ended_game(autosave_path()) == s.finished_path
    copied(s.finished_path, autosave_path())  # (the autosave's file the younger: its own game)
    assert saves.ended_game(autosave_path()) is None
