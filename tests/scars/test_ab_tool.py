"""tools/scars_ab.py: the A/B match of docs/ai.md (The Scars), with a player from another revision."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "scars_ab.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("scars_ab_tool", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # (its dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod


def test_same_player_from_head_scores_exactly_even(capsys: pytest.CaptureFixture[str]) -> None:
    """This checkout's scripted player against scars/ai.py at HEAD loaded from git: 18 games of a
    deal (9 deck pairings, seats swapped); when the two are the same code every game is played
    once from each seat, so the score is exactly 50%."""
    root = TOOL.parent.parent
    if subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "scars/ai.py"], cwd=root).returncode != 0:
        pytest.skip("scars/ai.py differs from HEAD in this checkout")
    tool = _tool()
    assert (
        tool.main(
            ["--a", "scripted", "--b", "scripted@HEAD", "--deals", "1", "--seed", "7", "--json", "--cards"]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 18 and data["draws"] == 0
    assert data["wins"] == data["losses"] == 9
    lo, hi = data["wilson95"]  # Wilson's 95% interval, as the tournament gives it
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9 and 0.25 < lo < 0.3
    assert data["a_first"][1] == data["a_second"][1] == 9
    assert data["cards"]["a"] == data["cards"]["b"]
    assert type(tool.make("scripted@HEAD", 1)).__module__.startswith("scars._ab_")


def test_only_scripted_comes_from_a_revision() -> None:
    with pytest.raises(SystemExit):
        _tool().make("greedy@HEAD", 1)
