"""Property tests (hypothesis) of every engine's robustness:

(a) random action sequences mixing legal actions with illegal and malformed ones
    (random notations, legal verbs with wrong arguments, huge ints, unicode, odd
    argument types): the bad ones are refused with IllegalAction and the state hash
    unchanged, the legal ones applied, the invariants hold;
(b) the action-notation parsers (`game.parse_action`, `Action.parse`) fed arbitrary
    text raise nothing but IllegalAction;
(c) the card, deck and scenario loaders fed broken files (random bytes, truncated
    files, mutated copies of the real files with wrong types, unknown keys,
    missing fields and huge numbers) fail only with a DataError naming the file.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from common.errors import DataError, IllegalAction
from common.game import Action, Game
from common.registry import GAMES
from common.soak import check_decision, check_invariants
from tests.harness import engine

ROOT = Path(__file__).resolve().parent.parent
# TRIARCH_PROPERTY_EXAMPLES=500 explores further than the normal suite's 25 examples per test.
EXAMPLES = int(os.environ.get("TRIARCH_PROPERTY_EXAMPLES", "25"))
FAST = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# -- (a) random action sequences ---------------------------------------------------------

HUGE = [2**31, 2**63, 10**30, -(2**63), -1]
WEIRD_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
    max_size=30,
)
ODD_ARG = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from(HUGE),
    WEIRD_TEXT,
    st.floats(allow_nan=True),
    st.none(),
    st.tuples(st.integers(0, 9), st.integers(0, 9)),
)


def bad_move(data: st.DataObject, game: Game, legal: list[Action]) -> Action | str | object:
    """Something that is not (or very probably not) a legal action now."""
    kind = data.draw(
        st.sampled_from(["text", "verb_args", "extra_arg", "odd_args", "unknown_verb", "object"])
    )
    if kind == "text":
        return data.draw(WEIRD_TEXT)
    base = data.draw(st.sampled_from(legal))
    args = list(base.args)
    if kind == "verb_args" and args:
        i = data.draw(st.integers(0, len(args) - 1))
        args[i] = data.draw(st.one_of(st.sampled_from(HUGE), WEIRD_TEXT, st.integers(-5, 500)))
        return Action(base.kind, tuple(args))
    if kind in ("verb_args", "extra_arg"):
        return Action(base.kind, (*args, data.draw(st.one_of(st.sampled_from(HUGE), WEIRD_TEXT))))
    if kind == "odd_args":
        return Action(base.kind, tuple(data.draw(st.lists(ODD_ARG, min_size=0, max_size=4))))
    if kind == "unknown_verb":
        return Action(data.draw(st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)), tuple(args))
    return data.draw(st.sampled_from([None, 42, b"pass", ("pass",), {"kind": "pass"}]))


@FAST
@given(data=st.data())
@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_action_sequences_refuse_bad_actions_atomically(game_id: str, data: st.DataObject) -> None:
    cls = engine(game_id)
    game = cls.new_game(seed=data.draw(st.integers(0, 10_000), label="seed"))
    steps = data.draw(st.integers(5, 80), label="steps")
    for _ in range(steps):
        legal = check_decision(game)
        if not legal:
            break
        if data.draw(st.booleans(), label="bad?"):
            bad = bad_move(data, game, legal)
            as_text = isinstance(bad, str)
            if (as_text and _parses_to_legal(game, bad, legal)) or bad in legal:
                continue  # a random text can happen to be a legal move: not a refusal test
            h = game.state_hash()
            with pytest.raises(IllegalAction) as info:
                game.apply(bad)  # type: ignore[arg-type]
            assert info.value.reason
            assert game.state_hash() == h, f"refusing {bad!r} changed the state"
        else:
            action = data.draw(st.sampled_from(legal), label="legal")
            game.apply(action)
            check_invariants(game)
    check_decision(game)
    again = cls.from_json(json.loads(json.dumps(game.to_json())))
    assert again.state_hash() == game.state_hash()


def _parses_to_legal(game: Game, text: str, legal: list[Action]) -> bool:
    try:
        return game.parse_action(text) in legal
    except IllegalAction:
        return False


# -- (b) notation parsers ------------------------------------------------------------------

NOTATION_TEXT = st.one_of(
    WEIRD_TEXT,
    st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyz0123456789 ,-_:#+")), max_size=40),
    st.builds(
        lambda verb, args: " ".join([verb, *args]),
        st.sampled_from(["move", "attack", "play", "pass", "deploy", "end", "cast", "block", "call", "draw"]),
        st.lists(
            st.one_of(
                st.integers(-(10**40), 10**40).map(str),
                st.integers(4290, 4400).map(lambda n: "9" * n),  # around Python's int-from-text limit
                WEIRD_TEXT.filter(lambda s: " " not in s),
            ),
            max_size=5,
        ),
    ),
)

_mid_games: dict[str, Game] = {}


def mid_game(cls: type[Game]) -> Game:
    """A seeded game a few dozen random actions in (cached per engine; tests clone it)."""
    if cls.game_id not in _mid_games:
        import random

        g = cls.new_game(seed=3)
        r = random.Random(3)
        for _ in range(30):
            legal = g.legal_actions()
            if not legal:
                break
            g.apply(r.choice(legal))
        _mid_games[cls.game_id] = g
    return _mid_games[cls.game_id].clone()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_number_too_long_for_int_is_an_illegal_action(game_id: str) -> None:
    game = mid_game(engine(game_id))
    h = game.state_hash()
    for text in ("play " + "7" * 5000, "move 1 -" + "9" * 4301):
        with pytest.raises(IllegalAction, match="too long"):
            Action.parse(text)
        with pytest.raises(IllegalAction):
            game.apply(text)
    assert game.state_hash() == h


@settings(max_examples=6 * EXAMPLES, deadline=None)
@given(text=NOTATION_TEXT)
def test_action_parse_raises_only_illegal_action(text: str) -> None:
    try:
        a = Action.parse(text)
    except IllegalAction as exc:
        assert exc.reason
    else:
        assert Action.parse(a.notation()) == a


@settings(max_examples=5 * EXAMPLES, deadline=None)
@given(text=NOTATION_TEXT)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_engine_parse_action_raises_only_illegal_action(game_id: str, text: str) -> None:
    game = mid_game(engine(game_id))
    try:
        a = game.parse_action(text)
    except IllegalAction as exc:
        assert exc.reason
        return
    assert isinstance(a, Action)
    # whatever parses is either legal now or refused without a change
    h = game.state_hash()
    if a in game.legal_actions():
        game.apply(a)
    else:
        with pytest.raises(IllegalAction):
            game.apply(text)
        assert game.state_hash() == h


# -- (c) loaders fed broken files ----------------------------------------------------------------


def toml_dumps(data: dict[str, Any]) -> str:
    """A minimal TOML writer (top-level keys with inline values) for mutated data."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in data.items())


def _key(k: str) -> str:
    return _string(k)


def _string(s: str) -> str:
    out = json.dumps(s, ensure_ascii=False)
    return "".join(c if c not in "\x7f" else "\\u007f" for c in out)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    return _string(str(v))


SCALAR = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, -1, 10**18, 2**63 - 1, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["", "none", "self", "enemy", "warcry", "Guard", "unit", "life", "being", "x" * 300]),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def mutate(data: st.DataObject, doc: dict[str, Any], rounds: int) -> dict[str, Any]:
    """Replace, delete or add values at random places of a parsed TOML document."""
    doc = json.loads(json.dumps(doc, default=str))
    for _ in range(rounds):
        paths = _paths(doc)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths), label="path")
        parent: Any = doc
        for p in path[:-1]:
            parent = parent[p]
        last = path[-1]
        op = data.draw(st.sampled_from(["replace", "delete", "add", "huge"]), label="op")
        if op == "replace":
            parent[last] = data.draw(VALUE, label="value")
        elif op == "huge":
            parent[last] = data.draw(st.sampled_from([2**63 - 1, -(2**63), 10**15, 1e308, -1]))
        elif op == "delete":
            if isinstance(parent, dict):
                del parent[last]
            elif len(parent) > 0:
                parent.pop(last)
        else:
            target = parent[last] if isinstance(parent[last], dict) else parent
            if isinstance(target, dict):
                target[data.draw(st.text(min_size=1, max_size=10), label="key")] = data.draw(VALUE)
            else:
                target.append(data.draw(VALUE))
    return doc


TWICE_ABLE = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_-]*\s*=")
# what tomllib says of a key given twice: the loaders say it in their own words (`parse_toml`)
PARSER_WORDS = ("Cannot overwrite", "Cannot declare", "Cannot mutate")


def broken_text(data: st.DataObject, original: str) -> bytes:
    how = data.draw(
        st.sampled_from(["bytes", "truncate", "mutate", "mutate", "mutate", "splice", "longint", "twice"]),
        label="how",
    )
    if how == "twice":  # a `key = value` line given again (a card listed twice, a field twice)
        lines = original.splitlines()
        keyed = [i for i, line in enumerate(lines) if TWICE_ABLE.match(line)]
        assume(keyed)
        i = data.draw(st.sampled_from(keyed), label="line")
        return "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]]).encode()
    if how == "longint":  # more digits than Python's int() converts
        return (original + f"\nzz_long = {'9' * data.draw(st.integers(4200, 5000))}\n").encode()
    if how == "bytes":
        return data.draw(st.binary(max_size=400), label="bytes")
    if how == "truncate":
        cut = data.draw(st.integers(0, len(original)), label="cut")
        return original[:cut].encode()
    if how == "splice":
        cut = data.draw(st.integers(0, len(original)), label="at")
        junk = data.draw(st.text(max_size=20), label="junk")
        return (original[:cut] + junk + original[cut:]).encode("utf-8", "surrogatepass")
    doc = tomllib.loads(original)
    return toml_dumps(mutate(data, doc, data.draw(st.integers(1, 4), label="rounds"))).encode(
        "utf-8", "surrogatepass"
    )


def _card_loader(game_id: str) -> Callable[[Path], Any]:
    if game_id == "hotg":
        from hotg.cards import load_pool_files

        return lambda d: load_pool_files(sorted(d.glob("*.toml")))
    if game_id == "bhm":
        from bhm.cards import load_pool

        return load_pool
    from scars.cards import load_pool as scars_pool

    return scars_pool


def _expect_data_error(load: Callable[[], Any], where: Path) -> None:
    try:
        load()
    except DataError as exc:
        assert str(where) in exc.file, f"the error does not name the file: {exc}"
        assert str(exc).startswith(exc.file) and exc.message
        assert not any(w in exc.message for w in PARSER_WORDS), str(exc)
    # success is fine: a mutation may leave a valid file


@FAST
@given(data=st.data())
@pytest.mark.parametrize("game_id", list(GAMES))
def test_card_loader_broken_files_give_data_errors(game_id: str, data: st.DataObject) -> None:
    engine(game_id)
    src = ROOT / game_id / "cards"
    files = sorted(src.glob("*.toml"))
    victim = data.draw(st.sampled_from(files), label="file")
    broken = broken_text(data, victim.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp) / "cards"
        shutil.copytree(src, d)
        (d / victim.name).write_bytes(broken)
        _expect_data_error(lambda: _card_loader(game_id)(d), d)


@FAST
@given(data=st.data())
@pytest.mark.parametrize("game_id", list(GAMES))
def test_deck_loader_broken_files_give_data_errors(game_id: str, data: st.DataObject) -> None:
    cls = engine(game_id)
    files = sorted((ROOT / game_id / "decks").glob("*.toml"))
    assume(files)
    victim = data.draw(st.sampled_from(files), label="file")
    broken = broken_text(data, victim.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deck.toml"
        path.write_bytes(broken)
        _expect_data_error(lambda: cls.deck_from_file(path), path)


def _scenario_files(game_id: str) -> list[Path]:
    return sorted((ROOT / game_id / "scenarios").glob("*.toml")) + sorted(
        (ROOT / "tests" / "scenarios" / game_id).glob("*.toml")
    )


@FAST
@given(data=st.data())
@pytest.mark.parametrize("game_id", list(GAMES))
def test_scenario_loader_broken_files_give_data_errors(game_id: str, data: st.DataObject) -> None:
    cls = engine(game_id)
    files = _scenario_files(game_id)
    assume(files)
    victim = data.draw(st.sampled_from(files), label="file")
    raw = broken_text(data, victim.read_text(encoding="utf-8"))
    text = raw.decode("utf-8", "replace")
    try:
        game = cls.new_game(seed=1, scenario=text)
    except DataError as exc:
        assert exc.message and exc.file, str(exc)
        # the engines see only the text: they name the scenario, `named_by` puts the file in
        assert exc.file.startswith(("<scenario", "scenario '")), str(exc)
        assert exc.named_by(victim).startswith(str(victim)), exc.named_by(victim)
        assert not any(w in exc.message for w in PARSER_WORDS), str(exc)
    else:  # a scenario that loads gives a playable game
        pick = data.draw(st.randoms(use_true_random=False), label="picks")
        for _ in range(15):
            check_invariants(game)
            legal = check_decision(game)
            if not legal:
                break
            game.apply(pick.choice(legal))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_undecodable_card_and_deck_files_are_data_errors(game_id: str, tmp_path: Path) -> None:
    cls = engine(game_id)
    d = tmp_path / "cards"
    shutil.copytree(ROOT / game_id / "cards", d)
    victim = sorted(d.glob("*.toml"))[0]
    victim.write_bytes(b"\xff\xfe[[card]]\nid = 'x'\n")
    with pytest.raises(DataError) as info:
        _card_loader(game_id)(d)
    assert str(victim) in str(info.value)
    deck = tmp_path / "deck.toml"
    deck.write_bytes(b"[deck]\nname = '\xc3\x28'\n")
    with pytest.raises(DataError) as info:
        cls.deck_from_file(deck)
    assert str(deck) in str(info.value)


def test_undecodable_scenario_file_is_a_data_error(tmp_path: Path) -> None:
    from common.scenario import read_scenario_file

    path = tmp_path / "scenario.toml"
    path.write_bytes(b"\xff\xfe[scenario]\n")
    with pytest.raises(DataError) as info:
        read_scenario_file(path)
    assert str(path) in str(info.value) and "UTF-8" in str(info.value)


@FAST
@given(data=st.data())
@pytest.mark.parametrize("game_id", list(GAMES))
def test_deck_contents_in_a_setup_give_data_errors(game_id: str, data: st.DataObject) -> None:
    """A deck as a save holds it (a hand-edited save) is validated like a deck file."""
    cls = engine(game_id)
    presets = list(cls.preset_decks().values())
    assume(presets)
    deck = data.draw(st.sampled_from(presets), label="deck")
    broken = mutate(data, {"deck": deck}, data.draw(st.integers(1, 3), label="rounds")).get("deck")
    seat = data.draw(st.integers(0, 1), label="seat")
    decks: list[Any] = [None, None]
    decks[seat] = broken
    try:
        game = cls.new_game(seed=1, decks=decks)
    except DataError as exc:
        assert exc.message and exc.file
    else:
        check_invariants(game)
        check_decision(game)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_an_integer_too_long_for_python_is_a_data_error(game_id: str, tmp_path: Path) -> None:
    cls = engine(game_id)
    long_int = "9" * 5000
    d = tmp_path / "cards"
    shutil.copytree(ROOT / game_id / "cards", d)
    victim = sorted(d.glob("*.toml"))[0]
    victim.write_text(victim.read_text(encoding="utf-8") + f"\nzz = {long_int}\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML") as info:
        _card_loader(game_id)(d)
    assert str(victim) in str(info.value)
    deck = tmp_path / "deck.toml"
    deck.write_text(f"[deck]\nname = 'x'\n[cards]\nfoo = {long_int}\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML") as info:
        cls.deck_from_file(deck)
    assert str(deck) in str(info.value)
    scenario = _scenario_files(game_id)[0].read_text(encoding="utf-8") + f"\nzz = {long_int}\n"
    with pytest.raises(DataError, match="not valid TOML"):
        cls.new_game(seed=1, scenario=scenario)
