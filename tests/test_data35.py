"""Scenario files of every game go through one reader and one header check (`common/scenario.py`):
a key given twice, a field of the wrong type, a missing `game` are each one clear `DataError`
naming the scenario (then, through `named_by`, the file), the card or player, and the field."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common.errors import DataError
from common.registry import game_class
from tests.test_properties import toml_dumps
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ("hotg", "bhm", "scars")
# one shipped scenario of each game, which loads
SHIPPED = {gid: sorted((ROOT / gid / "scenarios").glob("*.toml"))[0] for gid in GAME_IDS}


def text_of(game_id: str) -> str:
    return SHIPPED[game_id].read_text(encoding="utf-8")


def refused(game_id: str, text: str) -> DataError:
    with pytest.raises(DataError) as info:
        game_class(game_id).new_game(seed=1, scenario=text)
    return info.value


def with_header(game_id: str, **changes: Any) -> str:
    """The shipped scenario with its `[scenario]` header changed (a value None: the key removed)."""
    doc = tomllib.loads(text_of(game_id))
    for key, value in changes.items():
        if value is None:
            doc["scenario"].pop(key, None)
        else:
            doc["scenario"][key] = value
    return toml_dumps(doc)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_shipped_scenario_loads(game_id: str) -> None:
    """(What the tests below break: the files are good as shipped.)"""
    game_class(game_id).new_game(seed=1, scenario=text_of(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_key_given_twice_is_said_in_our_words(game_id: str) -> None:
    text = text_of(game_id).replace("[scenario]\n", "[scenario]\ntitle = 'a'\n", 1)
    again = 1 + [i for i, line in enumerate(text.splitlines()) if line.startswith("title =")][1]
    e = refused(game_id, text)
    assert e.file == "<scenario>" and f"'title' given twice (line {again})" in e.message, str(e)
    assert "Cannot" not in e.message  # not tomllib's words


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("title", 3, "expected a text, got a number (3)"),
        ("title", ["a"], "expected a text, got a list"),
        ("description", 3, "expected a text, got a number (3)"),
        ("description", True, "expected a text, got true or false"),
        ("seed", "7", "expected a whole number, got a text ('7')"),
        ("seed", True, "expected a whole number, got true or false"),
        ("game", 3, 'expected one of "hotg", "bhm", "scars", got a number (3)'),
        ("game", "chess", 'expected one of "hotg", "bhm", "scars"'),
        ("colour", "red", "unknown key in [scenario]"),
    ],
)
def test_a_header_field_of_the_wrong_type_is_named(game_id: str, key: str, value: Any, words: str) -> None:
    e = refused(game_id, with_header(game_id, **{key: value}))
    assert e.field == key and words in e.message, str(e)
    if key != "title":  # the title read: the scenario is named by it
        title = tomllib.loads(text_of(game_id))["scenario"]["title"]
        assert e.file == f"scenario '{title}'", str(e)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_scenario_without_game_says_game_is_missing_and_its_values(game_id: str) -> None:
    e = refused(game_id, with_header(game_id, game=None))
    assert e.field == "game" and "None" not in e.message, str(e)
    assert f'missing: say which game it is for, game = "{game_id}"' in e.message
    assert '"hotg", "bhm", "scars"' in e.message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_another_games_scenario_and_a_missing_header(game_id: str) -> None:
    other = next(g for g in GAME_IDS if g != game_id)
    e = refused(game_id, with_header(game_id, game=other))
    assert e.field == "game" and f"this scenario is for {other!r}, not {game_id!r}" in e.message
    e = refused(game_id, "[state]\n")
    assert e.field == "scenario" and f'game = "{game_id}"' in e.message
    e = refused(game_id, "scenario = 3\n")
    assert e.field == "scenario" and "must be a table" in e.message


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_unknown_section_is_named(game_id: str) -> None:
    e = refused(game_id, text_of(game_id) + "\n[extras]\nx = 1\n")
    assert e.field == "extras" and "unknown section [extras]" in e.message and "[goal]" in e.message


@pytest.mark.parametrize(
    ("game_id", "path", "value", "field", "words"),
    [
        # a non-list was a TypeError from the loader's `for`
        ("scars", ("player", 0, "structures"), 3, "player 1.structures", "expected [[structures]] tables"),
        ("scars", ("setup", "active"), True, "active", "expected 1 or 2 (a seat), got true or false"),
        ("scars", ("setup", "first"), True, "first", "expected 1 or 2"),
        ("scars", ("player", 0, "units", 0, "label"), 3, "label", "expected a text"),
        ("scars", ("player", 0, "units", 0, "sick"), "yes", "sick", "expected true or false"),
        ("scars", ("player", 0, "units", 0, "damage"), -1, "damage", "a whole number ≥ 0"),
        ("hotg", ("state", "active"), True, "active", "expected 1 or 2"),
        ("hotg", ("state", "first_turn"), 1, "first_turn", "unknown key in [state]"),  # was ignored
        ("hotg", ("player", 0, "hand"), "hoplite", "hand", "expected a list of card ids"),
        ("hotg", ("player", 1, "mana"), 2.5, "mana", "expected a whole number"),
        ("bhm", ("state", "armageddon"), "soon", "armageddon", "from 5 to 30, or off"),
        ("bhm", ("state", "active"), True, "active", "expected 1 or 2"),
        ("bhm", ("state", "phase"), 3, "phase", "phase must be one of"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(
    game_id: str, path: tuple[Any, ...], value: Any, field: str, words: str
) -> None:
    doc = tomllib.loads(text_of(game_id))
    node: Any = doc
    for step in path[:-1]:
        node = node.setdefault(step, {}) if isinstance(step, str) else node[step]
    node[path[-1]] = value
    e = refused(game_id, toml_dumps(doc))
    assert e.field == field and words in e.message, str(e)
    assert e.file == f"scenario '{doc['scenario']['title']}'", str(e)  # not `<options>`


SWAPS: list[Any] = [3, "x", True, 1.5, [], [3], {}, {"a": 1}]


def _leaves(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        out.append((*prefix, key))
        out += _leaves(value, (*prefix, key))
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_field_of_a_scenario_given_every_wrong_type_is_a_data_error(game_id: str) -> None:
    """Each value of a shipped scenario swapped for a number, a text, true, a float, lists and
    tables: the loader refuses it with a DataError or plays it (a value of the right type), never
    another exception; a header text of another type is always refused."""
    doc = tomllib.loads(text_of(game_id))
    cls = game_class(game_id)
    tried = 0
    for path in _leaves(doc):
        for swap in SWAPS:
            broken = copy.deepcopy(doc)
            node: Any = broken
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = swap
            try:
                cls.new_game(seed=1, scenario=toml_dumps(broken))
            except DataError as exc:
                assert exc.file.startswith(("<scenario", "scenario '")) and exc.message, str(exc)
            else:
                header_text = path[0] == "scenario" and path[-1] in ("title", "description", "game")
                assert not (header_text and not isinstance(swap, str)), (path, swap)
            tried += 1
    assert tried > 50


def test_the_cli_names_the_file_scenario_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text(with_header("scars", description=3), encoding="utf-8")
    r = CliRunner().invoke(main, ["play", "scars", "--scenario", str(bad)])
    title = tomllib.loads(text_of("scars"))["scenario"]["title"]
    assert r.exit_code == 2, r.output
    assert f"{bad} (scenario '{title}'), field 'description': expected a text" in r.output, r.output
    missing = tmp_path / "gone.toml"
    r = CliRunner().invoke(main, ["play", "hotg", "--scenario", str(missing)])
    assert r.exit_code == 2 and f"{missing}: file not found" in r.output, r.output


def test_one_reader_for_every_data_file(tmp_path: Path) -> None:
    """Cards, decks and scenarios say an unreadable file alike (`common.cards.read_data_file`)."""
    from common.cards import load_cards
    from common.scenario import read_scenario_file
    from hotg.cards import HotgDef

    binary = tmp_path / "x.toml"
    binary.write_bytes(b"\xff\xfe[scenario]\n")
    said = []
    for load in (
        read_scenario_file,
        lambda p: load_cards(p, HotgDef),
        game_class("bhm").deck_from_file,
    ):
        with pytest.raises(DataError) as info:
            load(binary)
        said.append(str(info.value))
    assert len(set(said)) == 1 and said[0].startswith(f"{binary}: not a text file (UTF-8)"), said


@pytest.mark.parametrize(
    ("check", "extra", "good", "bad", "want"),
    [
        ("whole", {}, 7, 2.5, "expected a whole number, got a number (2.5)"),
        ("whole", {"lo": 0}, 0, -1, "expected a whole number ≥ 0, got a number (-1)"),
        ("whole", {"lo": 1, "hi": 3}, 3, 4, "expected a whole number from 1 to 3, got a number (4)"),
        ("whole", {}, 1, True, "expected a whole number, got true or false (True)"),
        ("seat", {}, 2, 3, "expected 1 or 2 (a seat), got a number (3)"),
        ("seat", {}, 1, True, "expected 1 or 2 (a seat), got true or false (True)"),
        ("flag", {}, False, 0, "expected true or false, got a number (0)"),
        ("text_field", {}, "x", ["x"], "expected a text, got a list (['x'])"),
    ],
)
def test_the_common_field_checks_take_the_good_and_name_the_bad(
    check: str, extra: dict[str, Any], good: Any, bad: Any, want: str
) -> None:
    """`common.scenario`'s checks (one `_checked` behind them): the value (or the default when the
    key is absent) when it is good; else a `DataError` naming the file, the card and the field."""
    import common.scenario as cs

    fn = getattr(cs, check)
    default = {"whole": 2, "seat": 1, "flag": True, "text_field": "d"}[check]
    assert fn({"k": good}, "k", default, "F", **extra) == good
    assert fn({}, "k", default, "F", **extra) == default
    with pytest.raises(DataError) as info:
        fn({"k": bad}, "k", default, "F", card="c", field="p.k", **extra)
    e = info.value
    assert (e.file, e.card, e.field, e.message) == ("F", "c", "p.k", want), str(e)
    with pytest.raises(DataError) as info:
        fn({"k": bad}, "k", default, "F", **extra)
    assert info.value.field == "k" and info.value.card is None


def test_is_whole_takes_whole_numbers_only() -> None:
    """`common.scenario.is_whole` (the scenario checks, the goals and The Scars' loader): TOML's
    true/false are not numbers, though Python's bool is an int."""
    from common.scenario import is_whole

    assert [is_whole(v) for v in (0, -3, 2**62, True, False, 1.0, "1", None)] == [True] * 3 + [False] * 5
