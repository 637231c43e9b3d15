"""Tests written by the mutation audit of the shared kernel (`common/`): each one kills a
mutant (a small change to a check in saves, decks, zones, resolution, rng or game) that
no earlier test noticed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common.game import SAVE_FORMAT
from common.registry import GAMES, GameInfo
from common.saves import Replay, SaveError, checksum, game_from_save, load_game, save_game
from tests.toygame import ToyGame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(GAMES, "toy", GameInfo("toy", "High Card", "tests.toygame:ToyGame", "test game"))
    monkeypatch.setenv("TRIARCH_HOME", str(tmp_path))


def toy_game(steps: int) -> ToyGame:
    g = ToyGame.new_game(seed=4)
    while not g.is_over() and len(g.history) < steps:
        g.apply(g.legal_actions()[0])
    return g


def toy_save(path: Path, steps: int = 5) -> dict[str, Any]:
    save_game(toy_game(steps), path)
    return json.loads(path.read_text())


# -- saves ---------------------------------------------------------------------------------


def test_a_save_into_a_directory_that_does_not_exist_yet_creates_it(toy: None, tmp_path: Path) -> None:
    """The first autosave on a fresh machine (no ~/.local/share/triarch, maybe no
    ~/.local/share either) creates the missing directories instead of failing."""
    path = tmp_path / "new" / "deeper" / "autosave.json"
    save_game(toy_game(3), path)
    assert len(load_game(path).history) == 3


def test_the_checksum_of_a_save_is_the_same_in_every_version() -> None:
    """A save written by an earlier Triarch still passes its checksum: the digest (what it
    covers, how it is serialised, non-ASCII text kept as is, its length) never changes."""
    data = {
        "format": 1,
        "game": "hotg",
        "setup": {
            "game": "hotg",
            "seed": 7,
            "options": {},
            "decks": [{"name": "Tonnerre d’Olympe", "header": {}, "cards": {"hoplite": 2}}, None],
            "scenario": None,
        },
        "actions": ["move 12 2,3", "pass"],
        "ui": {"x": 1},
    }
    assert checksum(data) == "258c8d4016a9da9fb3e3b7161c67cc48"
    assert checksum({**data, "ui": {"y": 2}, "checksum": "x"}) == checksum(data)  # ui is not covered


def test_a_replay_names_the_action_it_cannot_replay_like_load_does(toy: None, tmp_path: Path) -> None:
    """`triarch replay` of a save whose 6th action is illegal says "action 6", as resume does."""
    path = tmp_path / "s.json"
    data = toy_save(path)
    data["actions"].append("play 9999")
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data))
    for load in (load_game, Replay.load):
        with pytest.raises(SaveError, match=r"^action 6 \('play 9999'\) cannot be replayed"):
            load(path)


def test_a_replay_keeps_every_action_in_order_with_its_player(toy: None, tmp_path: Path) -> None:
    """Stepping through a replay shows each action of the save at its own step (and who
    played it), with the game state after each one."""
    path = tmp_path / "s.json"
    data = toy_save(path, steps=6)
    r = Replay.load(path)
    assert [a.notation() for a in r.actions] == data["actions"]
    assert r.players == [0, 1, 0, 1, 0, 1]
    g = ToyGame.new_game(seed=4)
    assert r.state(0).state_hash() == g.state_hash()
    for i, text in enumerate(data["actions"], 1):
        g.apply(text)
        assert r.state(i).state_hash() == g.state_hash()
    assert len(r) == 6 and len(r.events) == 6


@pytest.mark.parametrize("load", [game_from_save, Replay.from_save])
def test_save_data_handed_over_directly_is_checked_before_it_is_replayed(
    load: Callable[[dict[str, Any]], Any], toy: None, tmp_path: Path
) -> None:
    """`game_from_save` / `Replay.from_save` given save data (not a path) still refuse a
    save of a newer format with the one clear line, before replaying anything."""
    data = toy_save(tmp_path / "s.json")
    data["format"] = SAVE_FORMAT + 1
    with pytest.raises(SaveError, match="newer Triarch"):
        load(data)
