"""The `triarch` command line (engine-independent parts, on the toy game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from common import __version__
from common.registry import GAMES, GameInfo
from common.saves import save_game
from tests.toygame import ToyGame
from tui.cli import main


def run(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.output


def test_version_and_help() -> None:
    code, out = run("--version")
    assert code == 0 and __version__ in out
    code, out = run("--help")
    assert code == 0
    for sub in ("play", "simulate", "bench", "cards", "rules", "replay", "resume"):
        assert sub in out


def test_missing_engine_says_so_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "ghost", GameInfo("ghost", "Ghost", "ghost_engine.game:GhostGame", "-"))
    for args in (
        ["cards", "ghost"],
        ["rules", "ghost"],
        ["simulate", "ghost"],
        ["bench", "ghost"],
        ["play", "ghost"],
    ):
        code, out = run(*args)
        assert code == 2, args
        assert "not implemented yet" in out


def test_unknown_game_exits_2() -> None:
    code, out = run("cards", "chess")
    assert code == 2 and "unknown game" in out


def test_simulate_json_counts_wins_per_agent(toy: None) -> None:
    code, out = run(
        "simulate", "toy", "--p1", "random", "--p2", "random", "--games", "6", "--seed", "4", "--json"
    )
    assert code == 0, out
    data = json.loads(out.strip().splitlines()[-1])
    assert set(data) == {"game", "games", "wins", "draws", "seconds"}
    assert data["game"] == "toy" and data["games"] == 6 and sum(data["wins"]) + data["draws"] == 6


def test_simulate_unknown_agent(toy: None) -> None:
    code, out = run("simulate", "toy", "--p1", "genius")
    assert code == 2 and "unknown agent" in out


def test_replay_prints_the_game_in_words(toy: None, tmp_path: Path) -> None:
    g = ToyGame.new_game(seed=5)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    save_game(g, tmp_path / "s.json")
    code, out = run("replay", str(tmp_path / "s.json"))
    assert code == 0, out
    assert "P1 plays" in out and g.state_hash()[:16] in out


def test_replay_print_names_each_action_in_words_with_its_notation(tmp_path: Path) -> None:
    """`triarch replay --print`: 'P1: Set aside Battle Trance  [aside 38]', not the bare
    notation: the words say what happened, the brackets what `apply` reads. In the eyes the
    replay screen opens with (everybody's) a card set aside face down is not named; player 1's
    eyes (`--eyes 1`) name it."""
    from bhm.game import BhmGame

    g = BhmGame.new_game(seed=3)
    first = g.legal_actions()[0]
    assert first.kind == "aside"
    g.apply(first)
    save_game(g, tmp_path / "s.json")
    code, out = run("replay", "--print", "--eyes", "1", str(tmp_path / "s.json"))
    assert code == 0, out
    name = g.card(int(first.args[0])).name
    assert f"   1. P1: Set aside {name}  [{g.format_action(first)}]" in out.splitlines()
    code, out = run("replay", "--print", str(tmp_path / "s.json"))
    assert code == 0 and f"   1. P1: Set aside a card  [{g.format_action(first)}]" in out.splitlines()
    assert name not in out
    code, out = run("replay", "--print", "--no-actions", str(tmp_path / "s.json"))
    assert code == 0 and "Set aside" not in out


def test_resume_without_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRIARCH_HOME", str(tmp_path))
    code, out = run("resume")
    assert code == 2 and "no saved game" in out
