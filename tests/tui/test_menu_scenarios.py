"""The menu's Scenarios (`Ctrl+T`, or its button): the puzzles shipped in `hotg/scenarios/` (and
the other games'), each with its title and description; `Enter` or a click starts one as the
menu's Start does (asking first when a game is in progress); one that does not load says the
loader's error (file, card, field) and cannot be started, instead of taking the menu down. The
menu offered none (only `triarch play hotg --scenario FILE`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from textual.widgets import OptionList

from common.saves import autosave_path, load_game
from tui.app import TriarchApp
from tui.scenarios import scenario_dir
from tui.session import Seats, Session

from .helpers import engine_ready, press, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")

HOTG = Path(__file__).parents[2] / "hotg" / "scenarios"


def header(path: Path) -> dict[str, str]:
    return dict(tomllib.loads(path.read_text(encoding="utf-8"))["scenario"])


@pytest.fixture
def only_hotgs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenarios of HotG alone (whichever game the menu shows first)."""
    monkeypatch.setattr("tui.scenarios.scenario_dir", lambda gid: HOTG if gid == "hotg" else None)


def flat(app: TriarchApp) -> str:
    """The screen's words, a wrapped line joined to the next."""
    return " ".join(line.strip(" │") for line in screen_text(app).splitlines())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_ctrl_t_lists_the_puzzles_and_enter_plays_one(size: tuple[int, int], only_hotgs: None) -> None:
    first, second = sorted(HOTG.glob("*.toml"))[:2]
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert "^t Scenarios" in screen_text(app)
        await press(pilot, "ctrl+t")
        await settle(pilot)
        assert screen_name(app) == "ScenarioScreen"
        text = flat(app)
        for path in (first, second):
            assert f"Hand of the Gods · {header(path)['title']}" in text
            assert header(path)["description"] in text
        assert "You play P1, against the AI" in text
        await press(pilot, "down", "enter")  # the second puzzle
        await settle(pilot)
        assert screen_name(app) == "HotgScreen"
        assert app.session is not None
        assert app.session.game.setup.scenario == second.read_text(encoding="utf-8")
        assert app.session.seats.kinds == ["human", "ai"]


async def test_a_click_plays_a_scenario_and_esc_goes_back(only_hotgs: None) -> None:
    first = sorted(HOTG.glob("*.toml"))[0]
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#scenarios")  # the menu's button
        await settle(pilot)
        assert screen_name(app) == "ScenarioScreen"
        await press(pilot, "escape")
        await settle(pilot)
        assert screen_name(app) == "MenuScreen"
        await press(pilot, "ctrl+t")
        await settle(pilot)
        await pilot.click(OptionList, offset=(4, 1))  # the first scenario's title
        await settle(pilot)
        assert screen_name(app) == "HotgScreen"
        assert app.session is not None
        assert app.session.game.setup.scenario == first.read_text(encoding="utf-8")


async def test_a_scenario_that_does_not_load_says_the_loaders_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card id the game lacks: the list says the file, the card's place and the field, as
    `triarch play --scenario` does; `Enter` on it says `Cannot start: …` and starts nothing."""
    monkeypatch.chdir(tmp_path)  # (a short path: the screen wraps a long one anywhere)
    folder = Path("scenarios")
    folder.mkdir()
    broken = folder / "broken.toml"
    broken.write_text(
        (HOTG / "puzzle_guarded_stone.toml")
        .read_text(encoding="utf-8")
        .replace('"jackal_guard"', '"no_such"'),
        encoding="utf-8",
    )
    (folder / "not_toml.toml").write_text("[scenario\ntitle = ", encoding="utf-8")
    monkeypatch.setattr("tui.scenarios.scenario_dir", lambda gid: folder if gid == "hotg" else None)
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+t")
        await settle(pilot)
        text = flat(app)
        assert "Hand of the Gods · Puzzle: through the guard" in text  # its title still read
        assert (
            f"✗ Cannot be loaded: {broken} (scenario 'Puzzle: through the guard'):" in text
            and "no_such" in text
            and "field" in text
        )
        assert "Hand of the Gods · not toml" in text and "not valid TOML" in text
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "ScenarioScreen" and app.session is None
        assert f"Cannot start: {broken} (scenario 'Puzzle: through the guard'):" in flat(app)


async def test_a_game_in_progress_is_asked_about_and_kept(triarch_home: Path, only_hotgs: None) -> None:
    s = Session.new("hotg", Seats(["human", "ai"]), seed=4)
    s.apply(s.legal()[0])
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+t")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "ConfirmScreen"
        await press(pilot, "y")
        await settle(pilot)
        assert screen_name(app) == "HotgScreen"
        (kept,) = sorted((triarch_home / "saves").glob("*.json"))
        assert len(load_game(kept).history) == 1  # the game in progress, kept
        assert load_game(autosave_path()).setup.scenario is not None


def test_every_shipped_scenario_loads() -> None:
    """The puzzles the menu offers start (none says `Cannot be loaded`)."""
    from tui.scenarios import shipped_scenarios

    found = shipped_scenarios(["hotg", "bhm", "scars"])
    assert scenario_dir("hotg") == HOTG
    assert {s.path for s in found if s.game_id == "hotg"} == set(HOTG.glob("*.toml"))
    assert all(not s.error and s.description for s in found), [s.error for s in found]
