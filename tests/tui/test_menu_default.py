"""The menu opens on the first game of the registry (`MenuScreen`: the launch's game, else the
first whose engine loads), in every test as for a player: a combined run once opened it on The
Scars, because a test that let the menu know only the toy game (`only_toy`, by
`monkeypatch.delitem`) gave the games back at the end of the registry, Scars first. Every test
now finds the registry as registered and leaves it so (`games_as_registered` in tests/conftest.py
fails one that does not), and each test's data folder is its own (`private_triarch_home`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Select

from common.registry import GAMES
from common.saves import data_dir
from tests.registry_guard import only_games, registry_now
from tui.app import TriarchApp
from tui.launch import LaunchSpec

from .helpers import engine_ready, screen_text, settle

REGISTERED = ["hotg", "bhm", "scars"]
ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_is_in_its_order_for_every_test() -> None:
    """(What a test run before this one may have changed: the guard gave it back.)"""
    assert [g for g in GAMES if g in REGISTERED] == REGISTERED


@pytest.mark.usefixtures("toy")
def test_a_registry_of_the_toy_game_only_is_given_back_in_its_order() -> None:
    before = registry_now()
    with only_games("toy"):
        assert list(GAMES) == ["toy"]
    assert registry_now() == before


def test_each_test_has_its_own_data_folder(tmp_path: Path) -> None:
    assert os.environ["TRIARCH_HOME"] == str(tmp_path) and data_dir() == tmp_path


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
@pytest.mark.parametrize("earlier", ["nothing", "only the toy game"])
async def test_the_menu_opens_on_the_first_game_of_the_registry(earlier: str, toy: None) -> None:
    """Whatever a test before did to the registry within the rules (`only_games`, as `only_toy`
    does), the menu opens on Hand of the Gods, the first game registered."""
    if earlier != "nothing":
        with only_games("toy"):
            pass
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#game", Select).value == "hotg"
        assert GAMES["hotg"].blurb in str(app.screen.query_one("#blurb").content)


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_the_menu_opens_on_the_game_the_launch_names() -> None:
    app = TriarchApp(LaunchSpec(game_id="scars", resume=Path("missing.json")), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen_stack[1].query_one("#game", Select).value == "scars"


def test_the_toy_game_only(only_toy: None) -> None:
    """(Run before the tests of the menu's default by the next test, as a combined run may.)"""
    assert list(GAMES) == ["toy"]


def test_a_test_of_the_toy_game_only_leaves_the_next_ones_the_registry_in_its_order() -> None:
    """The combined run that opened the menu on The Scars, in order and in one process: a test
    with `only_toy`, then the registry's order and the menu's default game."""
    here = "tests/tui/test_menu_default.py"
    tests = [
        "test_the_toy_game_only",
        "test_the_registry_is_in_its_order_for_every_test",
        "test_the_menu_opens_on_the_first_game_of_the_registry[nothing]",
    ]
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            *[f"{here}::{t}" for t in tests],
        ],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0 and "3 passed" in run.stdout, run.stdout[-4000:]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_scenarios_button_starts_in_the_column_of_the_values(
    size: tuple[int, int], toy: None
) -> None:
    """The Scenarios row's button words start where the game's title, the mode and the seed's
    placeholder do (they sat one column to the right: a button pads its label)."""
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()

        def column(label: str, value: str) -> int:
            line = next(line for line in lines if f"{label} " in line and value in line)
            return line.index(value)

        title = GAMES[app.screen.query_one("#game", Select).value].title  # type: ignore[index]
        values = {column("Game", title), column("Mode", "Against the AI"), column("Seed", "random")}
        assert values == {column("Scenarios", "Puzzles and positions")}
