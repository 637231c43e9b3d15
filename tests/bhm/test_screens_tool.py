"""tools/bhm_screens.py: the A/B match of docs/ai.md (BHM, session 39) on the tournament's
schedule, its per-game log and tally, and the screened variants."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from bhm.ai import ScriptedAgent
from bhm.game import BhmGame
from common.tournament import play_one, schedule

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bhm_screens.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("bhm_screens_tool", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_level_against_a_level_plays_the_tournaments_games() -> None:
    """Game i: the deal, the seats and the agents' seeds of `triarch tournament`, so the same
    winner and the same number of actions as the tournament's own game."""
    tool = _tool()
    for spec in schedule(["greedy", "scripted"], 2, 5):
        rec = play_one(BhmGame, spec)
        row = tool.play("greedy", "scripted", 5, spec.index)
        assert row["a_seat"] == spec.a_seat and row["actions"] == rec.actions
        assert row["r"] == ("W" if rec.winner == "greedy" else "L" if rec.winner else "D")


def test_the_same_player_in_both_seats_scores_exactly_even(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scripted player against itself plays each deal's two games alike (it has no chance in
    it), so the same seat wins both: 50% exactly, no deal turned by either side; the log tallies
    as the run printed."""
    tool = _tool()
    log = tmp_path / "s.jsonl"
    assert tool.main(["scripted", "scripted", "--games", "6", "--seed", "3", "--log", str(log)]) == 0
    printed = capsys.readouterr().out
    assert "3-3-0 over 6 games, 50.0%" in printed
    assert "A won both 0, B both 0" in printed
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["i"] for r in rows] == list(range(6))
    assert [r["r"] for r in rows[0::2]] == ["L" if r["r"] == "W" else "W" for r in rows[1::2]]
    assert tool.main(["--tally", str(log)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == printed.splitlines()[:2]


def _positions() -> list[BhmGame]:
    """From a scripted game: decisions with a choice in the mover's own turn (strategy, combat)
    and a reaction to the other side's action (the variants' two branches)."""
    out: dict[str, BhmGame] = {}
    g = BhmGame.new_game(seed=2)
    agents = [ScriptedAgent(1), ScriptedAgent(2)]
    while not g.is_over() and len(out) < 3:
        d = g.decision()
        assert d is not None
        key = "theirs" if g.active != d.player else d.kind
        if g.turn >= 4 and len(g.legal_actions()) > 1 and key in ("turn", "combat", "theirs"):
            out.setdefault(key, g.clone())
        g.apply(agents[d.player].choose(g))
    assert sorted(out) == ["combat", "theirs", "turn"]
    return list(out.values())


@pytest.mark.parametrize(
    "name", ["gr4", "gr4m", "grr4", "gre4", "lag", "gfit1", "grx4", "gkeep", "gmul16", "mc8", "grg1"]
)
def test_every_variant_chooses_a_legal_action(name: str) -> None:
    tool = _tool()
    for k, g in enumerate(_positions()):
        a = tool.make(name, k).choose(g.clone())
        assert a in g.legal_actions(), (name, k, a)


def test_the_fitted_evaluation_reads_what_the_seat_sees() -> None:
    """Session 40's `gfit1`: the logistic evaluation is 2p - 1 of its win chance, within (-1, 1)
    and the same when the opponent's hidden cards are rearranged; a won game is +1."""
    from .helpers import rearranged

    tool = _tool()
    spec = tool.fitted_spec(tool.FIT1)
    for g in _positions():
        d = g.decision()
        assert d is not None
        v = spec.evaluate(g, d.player)
        assert -1.0 < v < 1.0
        assert spec.evaluate(rearranged(g, d.player, 3), d.player) == v
        assert set(tool.features(g, d.player)) == set(tool.FIT_FEATURES)
    won = _positions()[0]
    won.won = 0
    assert spec.evaluate(won, 0) == 1.0 and spec.evaluate(won, 1) == -1.0
