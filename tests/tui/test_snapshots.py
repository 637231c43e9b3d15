"""Snapshots (pytest-textual-snapshot) of the menu, the game screens and a
decision prompt at 80 × 24 and 120 × 40. Fixed seeds, no AI pause, a private
save folder: the pictures are deterministic. Update with `--snapshot-update`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tui.app import TriarchApp

from .helpers import (
    deploy_the_oracle,
    engine_ready,
    game_app,
    into_first_turn,
    keys_for,
    press,
    replay_app,
    seeded_replay,
    settle,
    skirmish,
)

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def toy_app(vs: str = "ai", seed: int = 3) -> TriarchApp:
    return game_app("toy", seed=seed, vs=vs)


async def _settle(pilot: Any) -> None:
    await settle(pilot)


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_menu(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(TriarchApp(ai_pace=0), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_menu_scenarios(
    snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's Scenarios (`Ctrl+T`): HotG's shipped puzzles, the first highlighted."""
    if not engine_ready("hotg"):
        pytest.skip("the hotg engine is not available")
    hotg = Path(__file__).parents[2] / "hotg" / "scenarios"
    monkeypatch.setattr("tui.scenarios.scenario_dir", lambda gid: hotg if gid == "hotg" else None)
    assert snap_compare(TriarchApp(ai_pace=0), terminal_size=size, run_before=_settle, press=["ctrl+t"])


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_generic_game_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    """After the first card and the AI's answer: the AI thinks in a thread, which snap_compare's
    own `press` does not wait for (its pauses end when the process looks idle)."""

    async def before(pilot: Any) -> None:
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)

    assert snap_compare(toy_app(), terminal_size=size, run_before=before)


@pytest.mark.usefixtures("toy")
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_decision_prompt_with_refusal(snap_compare: Any, size: tuple[int, int]) -> None:
    """A decision prompt after an illegal typed action: the engine's reason shows."""

    async def before(pilot: Any) -> None:
        await settle(pilot)
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press(*keys_for("play 999"), "enter")
        await settle(pilot)

    assert snap_compare(toy_app(), terminal_size=size, run_before=before)


@pytest.mark.usefixtures("toy")
def test_snapshot_hotseat_cover(snap_compare: Any) -> None:
    assert snap_compare(toy_app(vs="human"), terminal_size=(80, 24), run_before=_settle)


@pytest.mark.usefixtures("toy")
def test_snapshot_game_over(snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await settle(pilot)
        for _ in range(40):
            if type(pilot.app.screen).__name__ == "GameOverScreen":
                break
            await press(pilot, "enter")
            await settle(pilot, look=False)
        await settle(pilot)

    assert snap_compare(toy_app(), terminal_size=(80, 24), run_before=before)


@pytest.mark.usefixtures("toy")
def test_snapshot_too_small(snap_compare: Any) -> None:
    assert snap_compare(toy_app(), terminal_size=(60, 20), run_before=_settle)


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_hotg_board_with_a_selected_unit(snap_compare: Any, size: tuple[int, int]) -> None:
    """The grid with the Hoplite at 2,2 selected: move (») and attack (×) marks."""

    async def before(pilot: Any) -> None:
        await settle(pilot)
        pilot.app.screen.query_one("#board").cursor = (2, 2)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(skirmish(), terminal_size=size, run_before=before)


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_hotg_decision_prompt_reveal(snap_compare: Any, size: tuple[int, int]) -> None:
    """A reveal decision (Oracle of Delphi): the revealed cards side by side in their dialog."""

    async def before(pilot: Any) -> None:
        await settle(pilot)
        await deploy_the_oracle(pilot, close_reveal=False)

    assert snap_compare(skirmish(), terminal_size=size, run_before=before)


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_lane_screens(snap_compare: Any, game_id: str, size: tuple[int, int]) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    # The random AI: these pictures should not change whenever the scripted AI improves.
    app = game_app(game_id, seed=1)
    assert snap_compare(app, terminal_size=size, run_before=into_first_turn)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_bhm_reaction_stack(snap_compare: Any, size: tuple[int, int], tmp_path: Path) -> None:
    """BH-67: a reaction answered by a reaction — the stack drawn as a pile in the middle lane."""
    if not engine_ready("bhm"):
        pytest.skip("the bhm engine is not available")
    from .test_bhm_stack import stack_app

    assert snap_compare(stack_app(tmp_path / "stack.json"), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
def test_snapshot_replay_on_the_games_table(snap_compare: Any, game_id: str, tmp_path: Path) -> None:
    """`triarch replay` on the game's own table (a seeded random game, 30 actions in, at 80 × 24)."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    app = replay_app(seeded_replay(game_id, tmp_path, steps=30))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settle, press=["end"])


@pytest.mark.parametrize(("game_id", "size", "steps"), [("hotg", (80, 24), 30), ("bhm", (120, 40), 60)])
def test_snapshot_replay_card_panel(
    snap_compare: Any, game_id: str, size: tuple[int, int], steps: int, tmp_path: Path
) -> None:
    """`triarch replay`'s card panel: the cards of the action just replayed (the last one of a
    seeded random game), in the log's place at 80 × 24 (`t`), under the log from 120 × 40."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    app = replay_app(seeded_replay(game_id, tmp_path, steps=steps))
    keys = ["end", "t"] if size[0] < 120 else ["end"]
    assert snap_compare(app, terminal_size=size, run_before=_settle, press=keys)
