"""`triarch bench` runs and prints every figure (figures only: nothing here is timed)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from common import bench
from common.registry import game_class
from tests.toygame import ToyGame
from tui.cli import main

OPS = ("clone", "legal_actions", "apply", "apply_legal", "state_hash", "clone_played", "apply_after_clone")


def _invoke(*args: str) -> dict:
    r = CliRunner().invoke(main, ["bench", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.output.strip().splitlines()[-1])


def _check_game(g: dict, game_id: str, levels: list[str]) -> None:
    assert g["game"] == game_id
    p = g["playouts"]
    assert p["games"] == 2 and p["playouts_per_s"] > 0 and p["actions_per_game"] > 0 and p["capped"] == 0
    assert p["playouts_per_cpu_s"] > 0
    assert g["mid_game_states"] >= 1
    for op in OPS:
        figs = g["ops"][op]
        assert figs["n"] >= 1
        assert 0 < figs["p50_us"] <= figs["p95_us"] <= figs["max_us"]
    assert list(g["ai"]) == levels
    for a in g["ai"].values():
        assert a["decisions"] >= 1 and 0 < a["p50_ms"] <= a["p95_ms"] <= a["max_ms"]


def test_bench_json_prints_every_figure_for_a_real_game() -> None:
    data = _invoke(
        "scars", "--playouts", "2", "--states", "2", "--repeat", "2", "--levels", "scripted",
        "--decisions", "5", "--json",
    )  # fmt: skip
    assert data["help_s"] > 0
    (g,) = data["games"]
    _check_game(g, "scars", ["scripted"])
    assert g["first_frame_s"] > 0 and g["first_frame_screen"]  # the table drew its first frame
    assert g["first_frame_cold_s"] > 0


def test_bench_on_the_toy_game_without_startup(toy: None) -> None:
    data = _invoke("toy", "--games-per", "2", "--states", "2", "--repeat", "3", "--no-startup", "--json")
    assert "help_s" not in data
    (g,) = data["games"]
    _check_game(g, "toy", [])  # the toy game has no AI level beyond random
    assert "first_frame_s" not in g


def test_bench_refuses_an_unknown_level() -> None:
    r = CliRunner().invoke(main, ["bench", "scars", "--levels", "genius", "--no-startup"])
    assert r.exit_code == 2 and "genius" in r.output


def test_mid_game_states_are_in_play_and_reproducible() -> None:
    a = bench.mid_game_states(ToyGame, 3, seed=4)
    b = bench.mid_game_states(ToyGame, 3, seed=4)
    assert len(a) == 3 and not any(s.is_over() for s in a)
    assert [s.state_hash() for s in a] == [s.state_hash() for s in b]
    assert len({len(s.history) for s in a}) > 1  # taken at different points of a game


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
def test_played_game_states_are_the_mid_game_states_played_from_the_start(game_id: str) -> None:
    """`clone_played` times the first clone of the very states `clone` times as clones."""
    cls = game_class(game_id)
    mids = bench.mid_game_states(cls, 3, seed=2)
    played = bench.played_game_states(cls, 3, seed=2)
    hashes = []
    for game_seed, acts in played:
        game = cls.new_game(seed=game_seed)
        for a in acts:
            game.apply_legal(a)
        hashes.append(game.state_hash())
    assert hashes == [s.state_hash() for s in mids]


def test_percentile_is_nearest_rank() -> None:
    s = [float(i) for i in range(1, 101)]
    assert bench._pct(s, 50) == 50.0 and bench._pct(s, 95) == 95.0 and bench._pct(s, 100) == 100.0
    assert bench._pct([3.0], 95) == 3.0 and bench._pct([], 95) == 0.0


def test_help_path_imports_no_ui_no_engine_and_no_game_interface() -> None:
    """`triarch --help` stays fast: importing the CLI loads neither Textual nor Rich,
    nor any engine, nor the game interface (they load when a command runs)."""
    import subprocess
    import sys

    code = (
        "import sys; from tui.cli import main\n"
        "heavy = ('textual', 'rich', 'hotg', 'bhm', 'scars', 'common.game')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m in heavy))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=bench.ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]", out


def test_the_timed_states_have_their_logs_read_as_the_table_has() -> None:
    """Session 41: the bench's mid-game states come with their log read (as the table reads it after
    every action), so a timed `apply` does not make a whole game's words of Hand of the Gods' lazy
    log; without `_read_log` the states' logs still hold the core's events waiting for words."""
    from common.bench import mid_game_states
    from hotg.game import HotgGame

    states = mid_game_states(HotgGame, count=2)
    assert states
    for state in states:
        assert len(state.log) > 0
        assert not state.core.log  # nothing waits for words: the log was read
