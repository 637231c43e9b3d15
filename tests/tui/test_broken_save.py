"""A save that cannot be replayed is explained, never a crash (nothing is lost:
the file stays where it is, or is moved aside to autosave.json.bad on request)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common.saves import autosave_path, save_game
from tests.toygame import ToyGame
from tests.tui.helpers import screen_text, settle
from tui.app import TriarchApp
from tui.cli import main
from tui.launch import LaunchSpec


def broken_save(path: Path) -> None:
    g = ToyGame.new_game(seed=2)
    g.apply(g.legal_actions()[0])
    save_game(g, path)
    data = json.loads(path.read_text())
    data["actions"].append("play 9999")  # not a card of this game
    path.write_text(json.dumps(data))


def test_cli_resume_of_a_broken_save_exits_2_with_the_reason(toy: None, triarch_home: Path) -> None:
    path = triarch_home / "broken.json"
    broken_save(path)
    r = CliRunner().invoke(main, ["resume", str(path)])
    assert r.exit_code == 2 and "cannot resume" in r.output and "Traceback" not in r.output
    assert path.exists()


async def test_continue_with_a_broken_autosave_is_explained_on_the_menu(only_toy: None) -> None:
    broken_save(autosave_path())
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        # The reason, and the offer to discard the save (kept aside, not deleted).
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "cannot be continued" in screen_text(app) and "autosave.json.bad" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        assert "Cannot continue the saved game" in screen_text(app)
    assert autosave_path().exists()


async def test_continue_can_move_an_unreadable_autosave_aside(only_toy: None) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "game": "toy", "setup": {"se')  # truncated mid-write
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "save unreadable" in screen_text(app)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert "autosave.json is unreadable: it is cut short or corrupted" in " ".join(
            screen_text(app).replace("│", " ").replace("█", " ").split()
        )
        await pilot.press("y")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        assert "moved to" in screen_text(app) and "no saved game" in screen_text(app)
    assert not path.exists()
    assert path.with_name("autosave.json.bad").read_text().startswith('{"format": 1')


async def test_a_second_unreadable_autosave_set_aside_never_replaces_the_first(only_toy: None) -> None:
    """'Discard it? (it is kept as …)': kept, also the second time (autosave.json-2.bad), where
    it replaced the first autosave.json.bad."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    first = path.with_name("autosave.json.bad")
    first.write_text("the first broken save")
    broken_save(path)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert "it is kept as autosave.json-2.bad" in " ".join(app.screen.question.split())
        await pilot.press("y")
        await settle(pilot)
        assert "moved to" in screen_text(app)
    assert first.read_text() == "the first broken save"
    assert '"play 9999"' in path.with_name("autosave.json-2.bad").read_text()


async def test_launching_straight_into_a_broken_save_stays_on_the_menu(only_toy: None) -> None:
    path = autosave_path()
    broken_save(path)
    app = TriarchApp(launch=LaunchSpec(game_id="toy", resume=path), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"  # the offer to discard it
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        assert "Cannot continue the saved game" in screen_text(app)
    assert path.exists()


@pytest.mark.parametrize(
    "ui",
    [{"seats": 5}, {"seats": {"kinds": 7}}, {"seats": "human"}, {"seats": {"kinds": [["human"], "ai"]}}],
)
async def test_a_save_whose_seats_are_damaged_resumes_against_the_ai(
    only_toy: None, triarch_home: Path, ui: dict[str, Any]
) -> None:
    """The "ui" part (seats, counts) is outside the checksum: a damaged one crashed the table
    with a traceback (`'int' object has no attribute 'get'`) on `triarch resume` and Continue;
    now its seats are the default, you against the AI, the game as saved."""
    path = triarch_home / "edited.json"
    g = ToyGame.new_game(seed=2)
    g.apply(g.legal_actions()[0])
    save_game(g, path, ui)
    app = TriarchApp(launch=LaunchSpec(game_id="toy", resume=path), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "GenericGameScreen"
        assert app.session is not None and app.session.seats.kinds == ["human", "ai"]
        assert len(app.session.game.history) >= 1


def save_with_no_player(path: Path) -> None:
    """A toy game whose save was hand-edited to give both seats to the AI (its "ui" part is
    outside the checksum: the save is otherwise sound)."""
    g = ToyGame.new_game(seed=2)
    g.apply(g.legal_actions()[0])
    save_game(g, path, {"seats": {"kinds": ["human", "ai"], "ai_level": "random"}, "counts": [1, 0]})
    data = json.loads(path.read_text())
    data["ui"]["seats"]["kinds"] = ["ai", "ai"]
    path.write_text(json.dumps(data))


def test_cli_resume_of_a_save_whose_seats_are_both_the_ais_exits_2(toy: None, triarch_home: Path) -> None:
    """Both seats the AI's (the table never saves that: a hand-edit) played the game by itself
    on `triarch resume`; now it is refused like any bad save, with the reason and exit code 2."""
    path = triarch_home / "edited.json"
    save_with_no_player(path)
    r = CliRunner().invoke(main, ["resume", str(path)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "cannot resume" in r.output and "seats are both the AI's" in r.output
    assert path.exists()


async def test_continue_of_an_autosave_whose_seats_are_both_the_ais_offers_to_discard_it(
    only_toy: None,
) -> None:
    """Continue refuses it on the menu and offers to set it aside (autosave.json.bad), as any
    save that cannot be continued; no game opens."""
    path = autosave_path()
    save_with_no_player(path)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        question = " ".join(app.screen.question.split())  # type: ignore[attr-defined]
        assert "seats are both the AI's" in question and "autosave.json.bad" in question
        await pilot.press("y")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen" and app.session is None
        assert "moved to" in screen_text(app) and "no saved game" in screen_text(app)
    assert not path.exists() and path.with_name("autosave.json.bad").exists()


async def test_launching_straight_into_a_save_with_no_player_stays_on_the_menu(only_toy: None) -> None:
    path = autosave_path()
    save_with_no_player(path)
    app = TriarchApp(launch=LaunchSpec(game_id="toy", resume=path), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen" and app.session is None
        await pilot.press("escape")
        await settle(pilot)
        assert (
            "Cannot continue the saved game: autosave.json is damaged: its seats are both the AI's"
            in " ".join(screen_text(app).replace("│", " ").split())
        )
    assert path.exists()


@pytest.mark.parametrize("still_open", [True, False])
async def test_an_autosave_another_window_replaced_while_asked_is_not_moved_aside(
    only_toy: None, still_open: bool
) -> None:
    """'Discard it?' is about the unreadable save; while it was asked, another window on the save
    folder started a game (the unreadable save set aside, its own autosave written): 'yes' then
    moves nothing — it moved the other window's game in progress to autosave.json.bad."""
    from common.saves import AutosaveLock, keep_aside, read_save

    broken_save(autosave_path())
    other = AutosaveLock()
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        other.claim()  # the other window's Start
        keep_aside(autosave_path())
        save_game(ToyGame.new_game(seed=7), autosave_path())
        if not still_open:
            other.release()  # (and back to its menu)
        await pilot.press("y")
        await settle(pilot)
        assert "The autosave changed meanwhile (another window?): nothing was moved." in screen_text(app)
    other.release()
    assert read_save(autosave_path())["setup"]["seed"] == 7
    assert not autosave_path().with_name("autosave.json.bad").exists()
