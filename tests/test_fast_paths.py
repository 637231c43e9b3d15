"""The performance shortcuts keep behaviour: hand-written card clones copy every
field, the copy-on-write generator clone draws the same numbers and stays
independent, cached keyword names equal the computed ones."""

from __future__ import annotations

import pytest

from common.bench import mid_game_states
from common.cards import keyword_name
from common.registry import game_class
from common.rng import GameRng


def _slots(obj: object) -> list[str]:
    return [s for k in type(obj).__mro__ for s in getattr(k, "__slots__", ())]


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
def test_card_clone_copies_every_field(game_id: str) -> None:
    for game in mid_game_states(game_class(game_id), 2, seed=3):
        for card in game.zones.cards.values():
            twin = card.clone()
            assert type(twin) is type(card)
            for name in _slots(card):
                assert getattr(twin, name) == getattr(card, name), (game_id, card, name)
            if isinstance(card.modifiers, tuple):  # BHM: immutable, so shared
                assert twin.modifiers is card.modifiers
            else:
                assert twin.modifiers is not card.modifiers


def test_hotg_core_clone_copies_every_field() -> None:
    """Hand of the Gods has no card instances (its core keeps lists by uid): `Core.clone`
    copies every field, sharing only the immutable ones (the definitions' table, the stones,
    a pending decision's tuple) and starting with nothing kept for `legal_actions`."""
    from hotg.core import Core

    shared = ("t", "stones", "pending")
    for game in mid_game_states(game_class("hotg"), 2, seed=3):
        core = game.core  # type: ignore[attr-defined]
        twin = core.clone()
        for name in Core.__slots__:
            a, b = getattr(core, name), getattr(twin, name)
            if name == "kept":
                assert b == {}
                continue
            if name == "rng":
                assert a.digest() == b.digest() and a is not b
                continue
            assert a == b, name
            if isinstance(a, (list, dict)) and name not in shared:
                assert a is not b, name
                for x, y in zip(a, b, strict=True) if isinstance(a, list) else ():
                    if isinstance(x, list):
                        assert x is not y, name


def test_rng_clone_is_copy_on_write() -> None:
    a = GameRng(11)
    a.random()
    b = a.clone()
    c = b.clone()
    assert a.digest() == b.digest() == c.digest()
    seq = [a.random() for _ in range(5)]
    assert [b.random() for _ in range(5)] == seq  # a's draws did not move b
    assert [c.random() for _ in range(5)] == seq
    d = a.clone()
    assert d.digest() == a.digest()
    d.shuffle(lst := list(range(20)))
    assert d.digest() != a.digest()  # a draw changes the fingerprint
    e = a.clone()
    e.shuffle(lst2 := list(range(20)))
    assert lst2 == lst and e.digest() == d.digest()


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 40, 65, 300])
def test_rng_shuffle_is_random_shuffle(length: int) -> None:
    """`GameRng.shuffle` (Python's Fisher-Yates written out) gives the order `random.Random.shuffle`
    gives and leaves the generator where it leaves it, for many seeds, lengths (sizes just past a
    power of two draw again most often) and both list types a game shuffles."""
    import random

    for seed in range(60):
        ours, theirs = GameRng(seed), random.Random(seed)
        for _ in range(3):  # several shuffles in a row: the state after each must agree too
            a, b = list(range(length)), list(range(length))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b, (seed, length)
        assert ours.random() == theirs.random()


def test_rng_digest_depends_on_the_state_only() -> None:
    a, b = GameRng(5), GameRng(5)
    a.randint(1, 6)
    b.randint(1, 6)
    assert a.digest() == b.digest()
    assert GameRng(6).digest() != GameRng(5).digest()


@pytest.mark.parametrize(
    ("kw", "name"), [("Protect 2", "Protect"), ("Immune: enemy spells", "Immune"), ("Guard", "Guard")]
)
def test_keyword_name_cached_result(kw: str, name: str) -> None:
    assert keyword_name(kw) == name
    assert keyword_name(kw) == name  # second time from the cache


def test_bhm_card_canonical_lists_every_field_in_slot_order() -> None:
    from bhm.cards import BhmCard

    for game in mid_game_states(game_class("bhm"), 1, seed=2):
        for card in game.zones.cards.values():
            assert isinstance(card, BhmCard)
            assert card.canonical()[-1] == [getattr(card, s) for s in BhmCard.__slots__]


def test_bhm_modifiers_are_never_changed_in_place() -> None:
    """BHM cards share their modifiers with their clones (a tuple): adding one to a
    clone must leave the original alone, and an in-place change is impossible."""
    for game in mid_game_states(game_class("bhm"), 2, seed=5):
        card = next(iter(game.zones.cards.values()))
        before = card.modifiers
        twin = game.clone()
        tc = twin.zones.cards[card.uid]
        twin.add_modifier(tc, "val", 1, "add", tc.uid)  # type: ignore[attr-defined]
        assert card.modifiers == before and len(tc.modifiers) == len(before) + 1
        with pytest.raises(AttributeError):
            card.modifiers.append(tc.modifiers[-1])  # type: ignore[attr-defined]


@pytest.mark.parametrize("length", [1, 2, 3, 5, 8, 13, 17, 33, 64, 65, 129])
def test_rng_choice_is_randrange_index(length: int) -> None:
    """`random_playout` draws `rng.choice(legal)`: on this Python it consumes the same bits and picks
    the same index as `legal[rng.randrange(len(legal))]` (the draw before session 36), so the bench
    plays the same games. Many seeds, draws in a row, lengths just past a power of two (most
    re-draws)."""
    import random

    seq = list(range(length))
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [ours.choice(seq) for _ in range(30)] == [seq[theirs.randrange(length)] for _ in range(30)]
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
def test_random_playout_plays_the_long_way_games(game_id: str) -> None:
    """`random_playout` plays, action for action, the games the long way's draw plays."""
    import random

    from common.bench import random_playout

    cls = game_class(game_id)
    for seed in (1, 2):
        game, actions, _ = random_playout(cls, seed)
        long = cls.new_game(seed=seed)
        rng = random.Random(seed)
        played = []
        while not long.is_over():
            legal = long.legal_actions()
            a = legal[rng.randrange(len(legal))]
            long.apply_legal(a)
            played.append(a)
        assert [a.notation() for a in actions] == [a.notation() for a in played], (game_id, seed)
        assert game.state_hash() == long.state_hash()


def test_random_playout_refuses_an_empty_list_of_actions() -> None:
    """`random_playout` draws `rng.choice`'s index itself (session 37): with no legal action in a
    game not over it raises as `choice` did, where its draw of 0 bits would loop for ever."""
    from common.bench import random_playout

    class Stuck:
        @classmethod
        def new_game(cls, seed: int) -> Stuck:
            return cls()

        def is_over(self) -> bool:
            return False

        def legal_actions(self) -> list[object]:
            return []

    with pytest.raises(IndexError):
        random_playout(Stuck, 1)  # type: ignore[arg-type]


def test_action_tables_make_the_actions_action_makes() -> None:
    """`ActionTable`/`ActionTables` build their actions without `Action.__init__` (session 36): each
    is an `Action` equal to `Action(verb, args)` (hash, notation), frozen, and handed out again."""
    import dataclasses

    from common.game import Action, ActionTable, ActionTables

    one = ActionTable("call", lambda key: (key,))
    two = ActionTables("attack", lambda first, key: (first, key))
    for key in (1, 7, 130):
        for table, want in ((one, Action("call", (key,))), (two[3], Action("attack", (3, key)))):
            a = table[key]
            assert (
                type(a) is Action and a == want and hash(a) == hash(want) and a.notation() == want.notation()
            )
            assert (a.kind, a.args) == (want.kind, want.args)
            assert table[key] is a
            with pytest.raises(dataclasses.FrozenInstanceError):
                a.kind = "x"  # type: ignore[misc]
    assert two[3] is two[3] and two[4][1] == Action("attack", (4, 1))


@pytest.mark.parametrize("capacity", [None, 3])
def test_zones_create_many_is_create_card_by_card(capacity: int | None) -> None:
    """`Zones.create_many` (a deck's cards in one frame) against `create` for each card in turn:
    the same uids, cards, zones and order, the next uid after them; a zone with a capacity takes
    the long way (its overflow)."""
    from common.cards import Card
    from common.zones import Zone, Zones
    from scars.cards import ScarsCard, card_pool

    defs = sorted(card_pool().values(), key=lambda d: d.id)[:9]
    made: list[Zones[Card]] = []
    for many in (False, True):
        z: Zones[Card] = Zones()
        z.add_zone(Zone("pile", 0, capacity=capacity, overflow="rest" if capacity else None))
        z.add_zone(Zone("rest", 0))
        z.create(defs[0], 1, "rest")  # a card made before: uids go on from it
        if many:
            z.create_many(iter(defs), 0, "pile", ScarsCard)
        else:
            for d in defs:
                z.create(d, 0, "pile", ScarsCard)
        z.create(defs[1], 1, "rest")  # and after
        made.append(z)
    slow, fast = made
    assert fast.canonical() == slow.canonical()
    assert [type(c) for c in fast.cards.values()] == [type(c) for c in slow.cards.values()]
    assert list(fast.cards) == list(range(1, len(defs) + 3))
    assert len(fast["pile"].cards) == (capacity or len(defs))
    fast.check_conservation()
