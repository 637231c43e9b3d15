"""Kernel tests: cards, zones, RNG, resolution mechanisms, the game interface."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path

import pytest

from common.cards import Card, CardDef, Modifier, keyword_name, keyword_value, load_cards
from common.errors import DataError, IllegalAction
from common.events import Event, EventLog
from common.game import Action, Decision
from common.resolution import EffectQueue, Stack
from common.rng import GameRng
from common.zones import Visibility, Zone, ZoneFull, Zones
from tests.harness import exercise_game
from tests.toygame import POOL, ToyGame


@dataclass(frozen=True, slots=True)
class UnitDef(CardDef):
    cost: int = 0
    attack: int = 0
    health: int = 1
    kind: str = "unit"
    tags: tuple[str, ...] = field(default=())
    derived: int = field(default=0, init=False)  # worked out by the definition, not a key


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "cards.toml"
    p.write_text(text)
    return p


def test_load_cards_ok(tmp_path: Path) -> None:
    p = write(tmp_path, '[[card]]\nid = "a"\nname = "Alpha"\nattack = 2\nkeywords = ["Guard", "Protect 2"]\n')
    pool = load_cards(p, UnitDef, keywords={"Guard", "Protect"})
    assert pool["a"].attack == 2 and pool["a"].keywords == ("Guard", "Protect 2")
    with pytest.raises(AttributeError):
        pool["a"].attack = 3  # type: ignore[misc]  # definitions are immutable


@pytest.mark.parametrize(
    ("body", "field_name", "words"),
    [
        ('id = "a"\nname = "A"\nattak = 2\n', "attak", "unknown key"),
        ('id = "a"\nname = "A"\nderived = 2\n', "derived", "unknown key"),
        ('id = "a"\nname = "A"\nattack = "two"\n', "attack", "expected int"),
        ('id = "a"\nattack = 2\n', "name", "missing required"),
        ('id = "a"\nname = "A"\nkeywords = ["Flying"]\n', "keywords", "unknown keyword"),
        ('id = "a"\nname = "A"\ntags = [1]\n', "tags", "expected list of str"),
        ('id = "a"\nname = "A"\nattack = true\n', "attack", "expected int"),
    ],
)
def test_load_cards_errors_name_file_card_field(
    tmp_path: Path, body: str, field_name: str, words: str
) -> None:
    p = write(tmp_path, "[[card]]\n" + body)
    with pytest.raises(DataError) as info:
        load_cards(p, UnitDef, keywords={"Guard", "Protect"})
    err = info.value
    assert err.file == str(p) and err.card == "a" and err.field == field_name
    assert words in str(err) and str(p) in str(err) and "'a'" in str(err)


def test_load_cards_bad_toml_and_duplicates(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not valid TOML"):
        load_cards(write(tmp_path, "[[card]\n"), UnitDef)
    with pytest.raises(DataError, match="duplicate"):
        load_cards(write(tmp_path, '[[card]]\nid="a"\nname="A"\n[[card]]\nid="a"\nname="B"\n'), UnitDef)


def test_keyword_parsing() -> None:
    assert keyword_name("Protect 2") == "Protect" and keyword_value("Protect 2") == "2"
    assert (
        keyword_name("Immune: enemy spells") == "Immune"
        and keyword_value("Immune: enemy spells") == "enemy spells"
    )
    assert keyword_name("Guard") == "Guard" and keyword_value("Guard") is None


def test_card_stats_from_base_plus_modifiers_and_clone() -> None:
    d = UnitDef(id="u", name="U", attack=3, health=5)
    c = Card(1, d, 0, "hand:0")
    c.modifiers.append(Modifier("attack", 1))
    assert c.stat("attack") == 4 and d.attack == 3  # the base is never written over
    c.modifiers.append(Modifier("attack", 5, op="set"))
    c.modifiers.append(Modifier("attack", 1))
    assert c.stat("attack") == 6
    twin = c.clone()
    twin.modifiers.clear()
    assert c.stat("attack") == 6 and twin.stat("attack") == 3


def test_zones_move_capacity_overflow_visibility_conservation() -> None:
    z = Zones()
    z.add_zone(Zone("deck", 0, Visibility.HIDDEN))
    z.add_zone(Zone("grave", 0))
    z.add_zone(Zone("hand", 0, Visibility.OWNER, capacity=2, overflow="grave"))
    z.add_zone(Zone("tiny", 0, capacity=1))
    cards = [z.create(d, 0, "deck") for d in POOL.values()]
    assert [c.zone for c in cards] == ["deck"] * 6
    assert z.move(cards[0].uid, "hand") == "hand"
    assert z.move(cards[1].uid, "hand") == "hand"
    assert z.move(cards[2].uid, "hand") == "grave"  # full hand overflows
    z.move(cards[3].uid, "tiny")
    with pytest.raises(ZoneFull):
        z.move(cards[4].uid, "tiny")
    z.check_conservation()
    assert (
        "cards" not in z.view("hand", 1, lambda c: c.uid) and z.view("hand", 1, lambda c: c.uid)["count"] == 2
    )
    assert z.view("hand", 0, lambda c: c.uid)["cards"] == [cards[0].uid, cards[1].uid]
    assert "cards" not in z.view("deck", 0, lambda c: c.uid)
    # a card as each seat sees it where it is: a hand's by its owner, a deck's by nobody
    assert z.seen_by(cards[0].uid, 0) and not z.seen_by(cards[0].uid, 1)
    assert not z.seen_by(cards[5].uid, 0) and z.seen_by(cards[2].uid, 1)
    z2 = z.clone()
    z2.move(cards[0].uid, "grave")
    assert cards[0].zone == "hand" and z2.card(cards[0].uid).zone == "grave"
    z.zones["grave"].cards.append(cards[0].uid)  # corrupt on purpose
    with pytest.raises(AssertionError, match="both"):
        z.check_conservation()


def test_rng_is_seeded_and_clonable() -> None:
    a, b = GameRng(7), GameRng(7)
    assert [a.randint(1, 100) for _ in range(5)] == [b.randint(1, 100) for _ in range(5)]
    c = a.clone()
    assert a.digest() == c.digest()
    assert [a.random() for _ in range(3)] == [c.random() for _ in range(3)]


def test_effect_queue_priority_then_time_order() -> None:
    q: EffectQueue[str] = EffectQueue()
    q.push("afterlife-late", level=11, time=5)
    q.push("death", level=8, time=9)
    q.push("afterlife-early", level=11, time=2)
    q.push("attack-damage", level=3, time=9)
    q.push("return-damage", level=5, time=9)
    c = q.clone()
    assert [q.pop() for _ in range(len(q))] == [
        "attack-damage",
        "return-damage",
        "death",
        "afterlife-early",
        "afterlife-late",
    ]
    assert len(c) == 5  # clone independent
    with pytest.raises(ValueError):
        q.push("x", time=0)


def test_stack_lifo_with_priority_passing() -> None:
    s: Stack[str] = Stack(active=0)
    s.push("prayer A", 0)
    assert s.priority == 1
    s.push("prayer B", 1)  # response
    assert s.priority == 0
    assert s.pass_priority(0) is False
    assert s.pass_priority(1) is True  # both passed in a row
    assert s.pop() == (1, "prayer B")  # last in, first out
    assert s.priority == 0
    with pytest.raises(ValueError):
        s.pass_priority(1)
    s.pass_priority(0)
    assert s.pass_priority(1) is True and s.pop() == (0, "prayer A") and not s


def test_action_notation_and_errors() -> None:
    a = Action("move", (12, "2,3"))
    assert a.notation() == "move 12 2,3" and Action.parse("move 12 2,3") == a
    for bad in ["", "  ", "9x", "Mo$ve 1"]:
        with pytest.raises(IllegalAction):
            Action.parse(bad)


def test_actions_decisions_and_events_are_frozen_values() -> None:
    # their `__init__`s set the slots directly (a hot path): they must still be frozen values
    a = Action("move", (12, "2,3"))
    assert a == Action(kind="move", args=(12, "2,3")) and hash(a) == hash(Action("move", (12, "2,3")))
    assert Action("pass").args == () and Action("pass") != Action("done")
    d1, d2 = Decision(0, "turn", "Your turn"), Decision(player=0, kind="turn", prompt="Your turn")
    assert d1 == d2 and d1.context == {} and d1.context is not d2.context  # a fresh dict each
    assert Decision(1, "target", "Choose", {"targets": [3]}) == Decision(
        1, "target", "Choose"
    )  # context not compared
    e = Event("draw", "P1 draws", {"player": 0})
    assert e.data == {"player": 0} and Event("draw", "x").data == {} and e == Event("draw", "P1 draws")
    # `EventLog.emit` makes its event without `Event.__init__` (a hot path): the same value
    log = EventLog()
    logged, bare = log.emit("draw", "P1 draws", player=0), log.emit("draw", "x")
    assert type(logged) is Event and (logged.kind, logged.text, logged.data) == (
        "draw",
        "P1 draws",
        {"player": 0},
    )
    assert logged == e and hash(logged) == hash(e) and bare.data == {} and log.events == [logged, bare]
    # an event is a tuple underneath (session 37): still compared by kind and text only, never
    # equal to a bare tuple, its `data` a fresh dict each, and it survives a pickle and a deep copy
    assert Event("draw", "P1 draws", {"player": 1}) == e
    assert (Event("draw", "P1 draws", {"x": 2}) != e) is False  # `!=` too (a tuple's would compare `data`)
    assert (
        Event("draw", "P2 draws") != e
        and Event("dra", "P1 draws") != e
        and e != ("draw", "P1 draws", {"player": 0})
    )
    assert Event("x", "y").data is not Event("x", "y").data
    assert repr(e) == "Event(kind='draw', text='P1 draws', data={'player': 0})" and str(e) == "P1 draws"
    for twin in (pickle.loads(pickle.dumps(logged)), copy.deepcopy(logged)):
        assert type(twin) is Event and twin == logged and twin.data == logged.data
    for obj, name in (
        (a, "kind"),
        (a, "args"),
        (d1, "prompt"),
        (d1, "context"),
        (e, "text"),
        (logged, "data"),
    ):
        with pytest.raises(FrozenInstanceError):
            setattr(obj, name, None)


def test_illegal_action_leaves_state_unchanged() -> None:
    g = ToyGame.new_game(seed=3)
    h = g.state_hash()
    with pytest.raises(IllegalAction, match="not possible now"):
        g.apply("attack 1")
    with pytest.raises(IllegalAction):
        g.apply("play 9999")
    assert g.state_hash() == h and g.history == []


def test_view_hides_what_a_player_cannot_see() -> None:
    g = ToyGame.new_game(seed=3)
    v0, v1 = g.view(0), g.view(1)
    assert "cards" in v0["zones"]["hand:0"] and "cards" not in v0["zones"]["hand:1"]
    assert "cards" in v1["zones"]["hand:1"] and "cards" not in v1["zones"]["deck:1"]
    assert v0["zones"]["hand:1"]["count"] == 2


def test_harness_on_toy_game() -> None:
    for seed in range(3):
        r = exercise_game(ToyGame, seed)
        assert r.over


def test_harness_catches_a_broken_clone() -> None:
    class Broken(ToyGame):
        def clone(self) -> ToyGame:  # shares the zones: a classic bug
            new = super().clone()
            new.zones = self.zones
            return new

    with pytest.raises(AssertionError):
        exercise_game(Broken, 1)


def test_event_private_text_is_read_only_by_its_seat() -> None:
    from common.events import Event

    secret = Event("reveal", "P1 picks Zeus' Bolt", {"private_to": 0, "public_text": "P1 picks a card"})
    assert secret.text_for(0) == "P1 picks Zeus' Bolt"
    assert secret.text_for(1) == "P1 picks a card" and secret.text_for(None) == "P1 picks a card"
    hidden = Event("draw", "P2 draws Medusa", {"private_to": 1})
    assert hidden.text_for(0) is None and hidden.text_for(1) == "P2 draws Medusa"
    assert Event("move", "Hoplite moves").text_for(1) == "Hoplite moves"


def test_keyword_checker_numbers_and_names() -> None:
    from common.cards import keyword_checker

    check = keyword_checker(["Valor", "Flying"], ["Valor"], min_value=1)
    assert check("Valor 2") is None and check("Flying") is None
    assert "unknown keyword" in (check("Swift") or "")
    assert "needs a number X ≥ 1" in (check("Valor") or "") and "needs a number" in (check("Valor 0") or "")
    assert "takes no number" in (check("Flying 2") or "")
    assert keyword_checker(["Terror"], ["Terror"])("Terror -100") is None  # no bound unless asked


def test_action_tables_hand_out_one_action_per_key() -> None:
    """`ActionTable`: the action a key stands for, made once and the same object after that;
    `ActionTables`: the same per first key, with `args(first, key)` as the arguments."""
    from common.game import ActionTable, ActionTables

    table = ActionTable("target")
    a = table[(7,)]
    assert a == Action("target", (7,)) and table[(7,)] is a
    assert ActionTable("play", lambda uid: (uid, "x"))[3] == Action("play", (3, "x"))
    moves = ActionTables("move", lambda uid, cell: (uid, *cell))
    m = moves[12][(2, 3)]
    assert m == Action("move", (12, 2, 3)) and moves[12][(2, 3)] is m
    assert moves[13][(2, 3)] == Action("move", (13, 2, 3))  # each first key its own table
