"""`HotgGame` (`hotg/game.py`, the facade over the core) is what the old engine was, seen from
outside: the differential check `tools/hotg_facade_check.py` against the old engine kept as the
reference (`tools/hotg_reference.py`) on a few seeds — the state hash (in the old engine's
form, rebuilt from the facade by the check's `old_canonical`: the product hashes the core's own
state since session 41), the decision with its prompt and context, the legal actions in order,
every event's kind, text and data, both views, a clone — and the check fails when the facade's
words, views or aura bonuses are broken on purpose.

Rules the games go through: HG-02, HG-04, HG-12, HG-13, HG-42, HG-57 (the auras as the old
engine's modifiers in the state hash), HG-60, HG-62, HG-66 (a transformed unit's kept bonuses).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import hotg.game as hg


def _check_module() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "hotg_facade_check.py"
    spec = importlib.util.spec_from_file_location("hotg_facade_check", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("hotg_facade_check", mod)
    spec.loader.exec_module(mod)
    return mod


CHECK = _check_module()


@pytest.mark.parametrize(("games", "seed", "decks"), [(2, 1, "default"), (2, 2, "preset"), (2, 1, "random")])
def test_the_facade_plays_the_old_engines_games_step_by_step(games: int, seed: int, decks: str) -> None:
    assert CHECK.main([str(games), str(seed), "--decks", decks]) == 0


def test_hg66_hg57_a_transformed_units_aura_bonuses_stay_in_the_state_hash() -> None:
    """Default decks, seed 6: Circe's Curse turns a Sleipnir that Surtr's aura gave +1 attack into
    a Pig; the old engine kept that bonus on the removed card (its state hash says so, and so
    does the check's old form of the facade's state: `track_kept`)."""
    assert CHECK.main(["1", "6"]) == 0


def _broken(monkeypatch: pytest.MonkeyPatch, what: str) -> None:
    if what == "words":  # a damage's health left said wrong
        real = hg.HotgGame._say

        def say(self: hg.HotgGame, e: tuple[object, ...], emit: object) -> None:
            if e[0] == "damage":
                e = (*e[:4], 99, *e[5:])
            real(self, e, emit)

        monkeypatch.setattr(hg.HotgGame, "_say", say)
    elif what == "auras":  # HG-57: the aura bonuses left out of a card's modifiers (the old form)
        monkeypatch.setattr(hg, "_aura_modifiers", lambda g, u: [])
    elif what == "view":  # a unit's view without its Protect
        real_view = hg.HotgGame.unit_view

        def unit_view(self: hg.HotgGame, uid: int) -> dict[str, object]:
            return {**real_view(self, uid), "protect": 0}

        monkeypatch.setattr(hg.HotgGame, "unit_view", unit_view)


@pytest.mark.parametrize("what", ["words", "auras", "view"])
def test_the_check_fails_when_the_facade_is_broken(
    what: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _broken(monkeypatch, what)
    assert CHECK.main(["6", "1"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("seed ") and " step " in out
