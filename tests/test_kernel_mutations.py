"""Tests written by the mutation audit of the shared kernel (`common/`): each one kills a
mutant (a small change to a check in saves, decks, zones, resolution, rng or game) that
no earlier test noticed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from common.decks import DeckList, load_deck
from common.errors import DataError, IllegalAction
from common.game import SAVE_FORMAT, Action, Setup
from common.registry import GAMES, GameInfo
from common.resolution import EffectQueue, Stack
from common.rng import GameRng
from common.saves import (
    NEWEST_FORMAT,
    Replay,
    SaveError,
    checksum,
    game_from_save,
    load_game,
    read_save,
    save_game,
)
from common.zones import Visibility, Zone, ZoneFull, Zones
from tests.toygame import POOL, ToyGame


class CrashyGame(ToyGame):
    """High Card whose engine fails on some setups and actions (as a buggy engine
    or a hand-edited setup might): option "setup" makes `new` raise, "play" makes a play raise."""

    game_id = "crashy"

    @classmethod
    def new(cls, setup: Setup) -> ToyGame:
        failure = setup.options.get("setup")
        if failure == "data":
            raise DataError("<save>", "no such card in the pool", card="zeus")
        if failure == "type":
            raise TypeError("'int' object is not iterable")
        return super().new(setup)

    def _apply(self, action: Action) -> None:
        if action.kind == "play" and self.setup.options.get("play") == "crash":
            self.score = None  # type: ignore[assignment]  # half-done when it fails
            raise RuntimeError("engine bug")
        super()._apply(action)


@pytest.fixture
def toy(toy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game (tests/conftest.py) and the crashy one registered."""
    monkeypatch.setitem(GAMES, "crashy", GameInfo("crashy", "Crashy", f"{__name__}:CrashyGame", "test game"))


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
    data["format"] = NEWEST_FORMAT + 1
    with pytest.raises(SaveError, match="newer Triarch"):
        load(data)


@pytest.mark.parametrize("text", ["42", "null", '"format and game"', "true"])
def test_a_save_file_holding_a_bare_json_value_is_refused(text: str, tmp_path: Path) -> None:
    """A save file that is valid JSON but not an object (a number, null, a text that
    happens to contain "format" and "game") is refused with one line, not a traceback."""
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=r"^not a Triarch save \(a JSON \w+, not an object\)$"):
        load_game(path)


@pytest.mark.parametrize(
    ("failure", "words"),
    [("data", "<save>: card 'zeus': no such card"), ("type", "TypeError: 'int' object is not iterable")],
)
@pytest.mark.parametrize("load", [load_game, Replay.load])
def test_a_save_whose_setup_the_engine_refuses_is_refused(
    load: Callable[[Path], Any], failure: str, words: str, toy: None, tmp_path: Path
) -> None:
    """A save whose setup the engine cannot start (a bad deck: DataError; wrong types deep
    in it: any other exception) is refused as "the game's setup is not valid", even with
    no action to replay (never a game of None)."""
    path = tmp_path / "s.json"
    save_game(CrashyGame.new_game(seed=1), path)
    data = json.loads(path.read_text())
    data["setup"]["options"] = {"setup": failure}
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"^the game's setup is not valid: ") as info:
        load(path)
    assert words in str(info.value)


@pytest.mark.parametrize("load", [load_game, Replay.load])
def test_a_save_whose_action_makes_the_engine_fail_is_refused(
    load: Callable[[Path], Any], toy: None, tmp_path: Path
) -> None:
    """An action the engine fails on (not an IllegalAction: an exception in the middle of
    carrying it out) makes the save refused, naming the action, never a half-played game."""
    g = CrashyGame.new_game(seed=1)
    g.apply("draw")
    g.apply("draw")
    path = tmp_path / "s.json"
    save_game(g, path)
    data = json.loads(path.read_text())
    data["setup"]["options"] = {"play": "crash"}
    data["actions"].append(g.format_action(next(a for a in g.legal_actions() if a.kind == "play")))
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data))
    with pytest.raises(
        SaveError, match=r"^action 3 \('play \d+'\) cannot be replayed: RuntimeError: engine bug$"
    ):
        load(path)


@pytest.mark.parametrize("digest", [5, None, ["abc"]])
def test_a_checksum_that_is_not_a_text_is_refused_by_the_structure_check(
    digest: Any, toy: None, tmp_path: Path
) -> None:
    """`read_save` (the structure check, before any replay) refuses a checksum that is not
    a text; null counts as no checksum (an older save)."""
    path = tmp_path / "s.json"
    data = toy_save(path)
    data["checksum"] = digest
    path.write_text(json.dumps(data))
    if digest is None:
        assert read_save(path)["game"] == "toy"
        return
    with pytest.raises(SaveError, match=r"^'checksum' should be a text, not a "):
        read_save(path)


def test_a_save_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    """A (malicious or corrupted) save of deeply nested JSON is refused with one line,
    not a RecursionError traceback."""
    path = tmp_path / "s.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(SaveError, match="nested too deeply"):
        load_game(path)


# -- decks -----------------------------------------------------------------------------------


def test_a_deck_in_a_save_keeps_its_name_header_and_cards() -> None:
    """A deck's content in a Setup (a save) comes back whole: name, header and cards."""
    d = DeckList("Mine", (("leader", "zeus"), ("hero", "ares")), (("c1", 2), ("c2", 1)), "x.toml")
    back = DeckList.from_json(json.loads(json.dumps(d.to_json())))
    assert (back.name, back.header, back.cards) == (d.name, d.header, d.cards)
    assert back.get("leader") == "zeus" and back.size == 3


@pytest.mark.parametrize(
    ("content", "field", "words"),
    [
        ({"cards": {"c1": True}}, "count", "whole number"),
        ({"cards": {"c1": 0}}, "count", "≥ 1"),
        ({"cards": {"c1": -2}}, "count", "≥ 1"),
        ({"cards": {"c1": "2"}}, "count", "whole number"),
        ({"cards": {"c1": 1.5}}, "count", "whole number"),
        ({"cards": {"c1": 1, "c2": 0}}, "count", "≥ 1"),
        ({"cards": ["c1"]}, "cards", "table of id = count"),
        ({"name": 5, "cards": {"c1": 1}}, "name", "expected a string"),
        ({"header": {"leader": "z", 3: "x"}, "cards": {"c1": 1}}, "header", "must be a table"),
        ({"header": ["leader"], "cards": {"c1": 1}}, "header", "must be a table"),
        ("c1 c2", None, "must be a table"),
    ],
)
def test_a_deck_in_a_save_with_a_bad_part_is_a_data_error(
    content: Any, field: str | None, words: str
) -> None:
    """A hand-edited deck in a save (a count that is not a whole number ≥ 1, not a table,
    a name or header of the wrong type) is a DataError naming the field, never a deck."""
    with pytest.raises(DataError) as info:
        DeckList.from_json(content, "s.json")
    assert info.value.file == "s.json" and info.value.field == field and words in str(info.value)


def _deck(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text)
    return p


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('[deck]\nleader = "z"\nlevel = true\n[cards]\nc1 = 1\n', "level", "expected int, got bool"),
        ('[deck]\nleader = "z"\nlevel = 2\nfoil = 1\n[cards]\nc1 = 1\n', "foil", "expected bool, got int"),
        ('[deck]\nname = 5\nleader = "z"\n[cards]\nc1 = 1\n', "name", "expected a string"),
        ('[deck]\nleader = "z"\n[cards]\n', "cards", "missing or empty"),
        ('cards = 3\n[deck]\nleader = "z"\n', "cards", "missing or empty"),
        ('[deck]\nleader = "z"\n[cards]\nc1 = true\n', "count", "whole number"),
    ],
)
def test_a_deck_file_with_a_value_of_the_wrong_type_is_refused(
    tmp_path: Path, text: str, field: str, words: str
) -> None:
    """A deck file's header values must have their types (true is not a number; a number
    is not true/false), its name must be a text and its [cards] a non-empty table."""
    p = _deck(tmp_path, text)
    with pytest.raises(DataError) as info:
        load_deck(p, header_fields={"leader": str}, optional_header={"level": int, "foil": bool}, pool=POOL)
    assert info.value.field == field and words in str(info.value)


def test_a_deck_file_may_leave_out_optional_header_keys_and_be_named_by_a_text_path(tmp_path: Path) -> None:
    """Optional header keys may be left out (and then are not in the header), a bool key
    takes true/false, and `load_deck` takes the path as a text too."""
    p = _deck(tmp_path, '[deck]\nleader = "z"\nfoil = true\n[cards]\nc1 = 2\n')
    d = load_deck(
        str(p), header_fields={"leader": str}, optional_header={"level": int, "foil": bool}, pool=POOL
    )
    assert d.header == (("leader", "z"), ("foil", True)) and d.get("level") is None
    assert d.name == "mine" and d.file == str(p) and d.size == 2


def test_a_deck_file_that_cannot_be_read_is_a_data_error(tmp_path: Path) -> None:
    """A missing deck file, or a directory given as one, is a DataError naming the path."""
    for path, words in ((tmp_path / "nope.toml", "file not found"), (tmp_path, "cannot read the file")):
        with pytest.raises(DataError, match=words) as info:
            load_deck(path, header_fields={"leader": str}, pool=POOL)
        assert info.value.file == str(path)


def test_a_deck_in_a_save_with_a_card_id_that_is_not_a_text_is_a_data_error() -> None:
    """Deck content handed over as a mapping with a non-text card id is refused."""
    with pytest.raises(DataError, match="a card id must be a string"):
        DeckList.from_json({"cards": {"c1": 1, 3: 1}})


# -- zones -----------------------------------------------------------------------------------


def _zones() -> tuple[Zones, list[int]]:
    z = Zones()
    z.add_zone(Zone("deck", 0, Visibility.HIDDEN))
    z.add_zone(Zone("table"))
    z.add_zone(Zone("hand", 0, Visibility.OWNER, capacity=2, overflow="grave"))
    z.add_zone(Zone("grave", 0))
    return z, [z.create(d, 0, "deck").uid for d in POOL.values()]


def test_public_zones_are_seen_by_everyone_and_a_clone_sees_the_same() -> None:
    """A public zone's cards are seen by both players and spectators; a hand by its owner
    only; a cloned zone keeps its owner, visibility, capacity and overflow."""
    z, uids = _zones()
    z.move(uids[0], "table")
    z.move(uids[1], "hand")
    for who in (0, 1, None):
        assert z.view("table", who, lambda c: c.uid)["cards"] == [uids[0]]
        assert ("cards" in z.view("hand", who, lambda c: c.uid)) is (who == 0)
    twin = z.clone()
    for name in ("deck", "table", "hand"):
        for who in (0, 1, None):
            assert twin.view(name, who, lambda c: c.uid) == z.view(name, who, lambda c: c.uid)
    h = twin["hand"]
    assert (h.owner, h.visibility, h.capacity, h.overflow) == (0, Visibility.OWNER, 2, "grave")


def test_a_zone_name_cannot_be_added_twice() -> None:
    """Adding a second zone with a taken name is refused (the first, and its cards, stay)."""
    z, uids = _zones()
    with pytest.raises(ValueError, match="exists"):
        z.add_zone(Zone("deck", 1))
    assert z["deck"].cards == uids


def test_a_card_sent_to_a_given_place_in_a_full_zone_lands_on_top_of_the_overflow() -> None:
    """A card moved to a position in a full zone goes to the overflow zone's top (its
    end), wherever the position would have put it."""
    z, uids = _zones()
    z.move(uids[0], "grave")
    z.move(uids[1], "hand")
    z.move(uids[2], "hand")
    assert z.move(uids[3], "hand", position=0) == "grave"
    assert z["grave"].cards == [uids[0], uids[3]]


def test_an_overflow_loop_is_refused_not_followed_forever() -> None:
    """Full zones whose overflows loop back (a -> b -> c -> b) refuse the card with ZoneFull."""
    z = Zones()
    for name, nxt in (("a", "b"), ("b", "c"), ("c", "b")):
        z.add_zone(Zone(name, capacity=0, overflow=nxt))
    z.add_zone(Zone("deck"))
    uid = z.create(POOL["c1"], 0, "deck").uid
    with pytest.raises(ZoneFull, match="overflow loop"):
        z.move(uid, "a")
    assert z.card(uid).zone == "deck"


@pytest.mark.parametrize(
    ("corrupt", "words"),
    [
        (lambda z, u: z["deck"].cards.remove(u[0]), "in no zone"),
        (lambda z, u: z["table"].cards.append(999), "unknown uids"),
        (lambda z, u: setattr(z.card(u[0]), "zone", "table"), "says zone table but is in deck"),
        (lambda z, u: z["table"].cards.append(u[1]), "is in both"),
    ],
)
def test_the_conservation_check_catches_every_kind_of_lost_card(
    corrupt: Callable[[Zones, list[int]], None], words: str
) -> None:
    """`check_conservation` notices a card in no zone, an unknown uid in a zone, a card
    whose `zone` disagrees with where it is, and a card in two zones."""
    z, uids = _zones()
    z.check_conservation()
    corrupt(z, uids)
    with pytest.raises(AssertionError, match=words):
        z.check_conservation()


# -- resolution ------------------------------------------------------------------------------


def test_effects_with_the_same_priority_and_time_keep_the_order_they_were_pushed_in() -> None:
    """Equal (priority, time) keys resolve in push order, whatever the entries are."""
    q: EffectQueue[str] = EffectQueue()
    for item in ("zeta", "alpha", "mid"):
        q.push(item, priority=2, time=1)
    q.push("first", priority=3, time=1)
    assert [q.pop() for _ in range(4)] == ["first", "zeta", "alpha", "mid"]


def test_after_both_players_passed_the_count_of_passes_starts_again() -> None:
    """Once two passes in a row resolved the top entry, one more pass is not yet a
    second "both passed" (even if the caller took the entry out itself, a counter)."""
    s: Stack[str] = Stack(active=0)
    s.push("a", 0)
    s.push("b", 1)
    assert s.pass_priority(0) is False and s.pass_priority(1) is True
    s.items.pop()  # countered: taken out without pop()
    assert s.pass_priority(0) is False


def test_a_response_starts_the_count_of_passes_again() -> None:
    """A pass, then a new entry on the stack: the new entry needs two passes of its own."""
    s: Stack[str] = Stack(active=0)
    s.push("a", 0)
    assert s.pass_priority(1) is False
    s.push("b", 0)
    assert s.priority == 1 and s.pass_priority(1) is False
    assert s.pass_priority(0) is True and s.pop() == (0, "b")


def test_after_the_top_resolves_priority_goes_back_to_the_active_player() -> None:
    """After `pop()` the active player has priority, whoever passed last, and the count
    of passes starts again."""
    s: Stack[str] = Stack(active=0)
    s.push("a", 0)
    s.push("b", 1)
    assert s.pass_priority(0) is False
    assert s.pop() == (1, "b")  # resolved (or fizzled) before the second pass
    assert s.priority == 0 and s.passes == 0
    assert s.pass_priority(0) is False
    s2: Stack[str] = Stack(active=0)
    s2.push("a", 0)
    assert s2.pass_priority(1) is False and s2.pass_priority(0) is True
    s2.pop()
    assert s2.priority == 0


# -- rng -----------------------------------------------------------------------------------


def test_the_rng_digest_follows_the_generator_state_and_is_the_same_in_every_version() -> None:
    """The digest (part of every state hash) changes with each draw and with the seed, is
    the same for a clone until one of them draws, and keeps its value across versions
    (behaviour fingerprints compare state hashes of old and new code)."""
    a = GameRng(7)
    assert a.digest() == "127919f42822d6cf"
    assert GameRng(8).digest() != a.digest()
    b = a.clone()
    a.random()
    assert a.digest() == "6b37b75d18dd0552" != b.digest() == "127919f42822d6cf"
    b.random()
    assert b.digest() == a.digest()


def test_a_clone_of_a_clone_that_already_drew_never_shares_its_generator() -> None:
    """Copy on write: b (a clone of a) draws, c is cloned from b, a draws. b and c then
    draw the same numbers independently (neither draws from the other's generator); a
    clone keeps the seed."""
    a = GameRng(3)
    b = a.clone()
    b.random()
    c = b.clone()
    a.random()
    assert [c.random() for _ in range(3)] == [b.random() for _ in range(3)]
    assert b.digest() == c.digest() and c.seed == b.seed == 3


# -- game ----------------------------------------------------------------------------------


def test_a_setup_read_back_with_parts_left_out_has_the_defaults_of_a_new_setup() -> None:
    """A save's setup with no seed, options, decks or scenario starts the same game as
    `Setup(game)`: seed 0, no options, default decks."""
    assert Setup.from_json({"game": "toy"}) == Setup("toy")


def test_an_action_on_a_finished_game_is_refused_because_the_game_is_over() -> None:
    """Once the game is over every action is refused, saying so, and nothing changes."""
    g = toy_game(1000)
    assert g.is_over()
    h, n = g.state_hash(), len(g.history)
    for text in ("draw", "pass", "play 1"):
        with pytest.raises(IllegalAction, match=r"^the game is over$"):
            g.apply(text)
    assert g.state_hash() == h and len(g.history) == n


def test_a_clone_keeps_the_setup_and_the_history_of_its_game() -> None:
    """A clone saves to the same replay as its game (setup and actions), and playing on
    the clone leaves the game's history alone."""
    g = toy_game(4)
    twin = g.clone()
    assert twin.to_json() == g.to_json() and twin.state_hash() == g.state_hash()
    twin.apply(twin.legal_actions()[0])
    assert len(g.history) == 4 and len(twin.history) == 5


def test_the_invariant_check_of_a_game_notices_a_lost_card() -> None:
    """`Game.check_invariants` (what the harness calls after every action) checks that no
    card of the game's zones was lost or duplicated."""
    g = toy_game(2)
    g.check_invariants()
    g.zones["table"].cards.append(g.zones["deck:0"].cards[0])
    with pytest.raises(AssertionError, match="is in both"):
        g.check_invariants()


@pytest.mark.parametrize(
    ("change", "words"),
    [({"format": SAVE_FORMAT + 1}, "unknown save format"), ({"game": "hotg"}, "save is for")],
)
def test_game_from_json_refuses_another_format_or_another_game(change: dict[str, Any], words: str) -> None:
    """`Game.from_json` replays only its own game's saves of this format."""
    data = {**toy_game(2).to_json(), **change}
    with pytest.raises(ValueError, match=words):
        ToyGame.from_json(data)
