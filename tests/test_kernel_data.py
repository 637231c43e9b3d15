"""Deck files, saves and setups of the kernel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from common.decks import DeckList, load_deck
from common.errors import DataError
from common.game import Setup
from common.saves import autosave_path, load_game, read_save, save_game, write_json_atomic
from tests.toygame import POOL, ToyGame


def deck(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "deck.toml"
    p.write_text(text)
    return p


def test_load_deck_ok(tmp_path: Path) -> None:
    d = load_deck(
        deck(tmp_path, '[deck]\nname = "Mine"\nleader = "zeus"\n[cards]\nc1 = 2\nc2 = 1\n'),
        header_fields={"leader": str},
        pool=POOL,
    )
    assert d.name == "Mine" and d.get("leader") == "zeus" and d.size == 3
    assert d.expanded() == ["c1", "c1", "c2"]
    assert DeckList.from_json(d.to_json()).cards == d.cards


@pytest.mark.parametrize(
    ("text", "card", "field", "words"),
    [
        ('[deck]\nleader = "z"\n[cards]\nnope = 1\n', "nope", None, "no such card"),
        ('[deck]\nleader = "z"\n[cards]\nc1 = 0\n', "c1", "count", "≥ 1"),
        ('[deck]\nleader = "z"\n[cards]\nc1 = "two"\n', "c1", "count", "whole number"),
        ("[deck]\n[cards]\nc1 = 1\n", None, "leader", "missing required"),
        ("[deck]\nleader = 3\n[cards]\nc1 = 1\n", None, "leader", "expected str"),
        ('[deck]\nleader = "z"\nhero = "h"\n[cards]\nc1 = 1\n', None, "hero", "unknown key"),
        ('[deck]\nleader = "z"\n', None, "cards", "missing or empty"),
        ('[deck]\nleader = "z"\n[cards]\nc1 = 1\n[extra]\n', None, None, "unknown section"),
        ("[deck\n", None, None, "not valid TOML"),
        ('[deck]\nleader = "z"\n[cards]\nc1 = 1\nc1 = 2\n', None, None, "'c1' given twice (line 5)"),
        ('[deck]\nleader = "z"\n[deck]\n', None, None, "'deck' given twice (line 3)"),
        ("", None, "deck", "missing [deck] section"),
    ],
)
def test_deck_errors_name_the_problem(
    tmp_path: Path, text: str, card: str | None, field: str | None, words: str
) -> None:
    p = deck(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_deck(p, header_fields={"leader": str}, pool=POOL)
    assert info.value.file == str(p) and info.value.card == card and info.value.field == field
    assert words in str(info.value)


def test_setup_json_round_trip() -> None:
    s = Setup("toy", 9, {"armageddon": 20}, [None, {"name": "x"}], "[scenario]\n")
    assert Setup.from_json(json.loads(json.dumps(s.to_json()))) == s


def test_save_and_load_resume_exactly(tmp_path: Path, toy: None) -> None:
    g = ToyGame.new_game(seed=11)
    for _ in range(5):
        g.apply(g.legal_actions()[-1])
    path = autosave_path()
    assert path.parent == tmp_path
    save_game(g, path, extra={"vs": "ai"})
    assert read_save(path)["ui"] == {"vs": "ai"}
    again = load_game(path)
    assert again.state_hash() == g.state_hash() and again.history == g.history


def test_atomic_write_leaves_old_save_when_serialising_fails(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    write_json_atomic(path, {"ok": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"bad": object()})
    assert json.loads(path.read_text()) == {"ok": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_scenario_error_is_named_by_its_file_and_title() -> None:
    titled = DataError("<scenario 'Mine'>", "no such card", card="x", field="card")
    assert titled.named_by("my.toml") == "my.toml (scenario 'Mine'): card 'x', field 'card': no such card"
    assert DataError("<scenario>", "not valid TOML: …").named_by("my.toml") == "my.toml: not valid TOML: …"
    other = DataError("deck.toml", "no such card", card="x")
    assert other.named_by("my.toml") == str(other)
