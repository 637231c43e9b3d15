"""Copy on read (`CardTable`): a clone shares its parent's cards until it reads one, and a parent
and a clone never see each other's changes.

BHM and The Scars ask for it (`Zones(share_cards=True)`); Hand of the Gods does not. A game played
from its start keeps a plain dict until its first clone, which turns its table into a `CardTable`
too: its cards become the shared part of both, and each copies a card when it reads it. Along random
games: every legal action applied on clones (and clones of clones) leaves the parent's state hash
as it was, an action applied on the parent leaves its clones' hashes as they were, no card object
is held by two games, and `check_invariants()` holds on every copy.
"""

from __future__ import annotations

import random

import pytest

from common.cards import Card, CardDef
from common.game import Game
from common.registry import game_class
from common.zones import CardTable, Zone, Zones

DEF = CardDef("x", "X")


def _zones(n: int = 5, *, share: bool = True) -> Zones[Card]:
    z: Zones[Card] = Zones(share_cards=share)
    z.add_zone(Zone("deck", 0))
    z.add_zone(Zone("hand", 0))
    for _ in range(n):
        z.create(DEF, 0, "deck")
    return z


def _own(cards: dict[int, Card]) -> dict[int, Card]:
    """The cards a table (or a plain dict) holds as its own, without reading any."""
    return dict(dict.items(cards))


def _shared(cards: CardTable[Card]) -> dict[int, Card]:
    """The cards a table sees and does not own (shared with other tables), without reading any."""
    return {u: c for u, c in cards._view.items() if not dict.__contains__(cards, u)}


def test_a_game_keeps_a_plain_dict_until_its_first_clone_which_shares_its_cards() -> None:
    z = _zones()
    assert type(z.cards) is dict  # (a dict subclass would slow every look-up of a random playout)
    cards = dict(z.cards)
    c = z.clone()
    assert type(c.cards) is CardTable and type(z.cards) is CardTable  # the game's too, from now on
    assert _own(c.cards) == {} and _own(z.cards) == {}  # no card copied at the clone
    assert {u: id(x) for u, x in _shared(c.cards).items()} == {u: id(x) for u, x in cards.items()}
    assert {u: id(x) for u, x in _shared(z.cards).items()} == {u: id(x) for u, x in cards.items()}
    assert c.cards._view is not z.cards._view  # (each table's own view: it follows its reads)
    assert len(c.cards) == 5 and list(c.cards) == [1, 2, 3, 4, 5] and 3 in c.cards and 9 not in c.cards
    assert c.canonical() == z.canonical()  # `look`: read without a copy
    assert _own(c.cards) == {}


def test_after_its_first_clone_a_game_reads_copies_and_neither_sees_the_others_changes() -> None:
    z = _zones()
    old = dict(z.cards)
    c = z.clone()
    mine = z.cards[2]  # the game reads a card: a copy of its own, the shared one stays as it was
    assert mine is not old[2] and mine.uid == 2 and _own(z.cards) == {2: mine}
    z.move(2, "hand")
    mine.controller = 1
    assert c.cards[2].zone == "deck" and c.cards[2].controller == 0 and old[2].zone == "deck"
    c.move(3, "hand")  # and the clone's changes are not the game's
    assert z.cards[3].zone == "deck" and c.cards[3] is not z.cards[3]
    assert z.canonical()["zones"] == {"deck": [1, 3, 4, 5], "hand": [2]}
    z.check_conservation()
    c.check_conservation()


def test_a_table_cloned_hands_the_cards_it_read_over_to_the_shared_part() -> None:
    z = _zones()
    a = z.clone()
    a.move(4, "hand")
    read = a.cards[4]
    b = a.clone()
    assert _own(a.cards) == {} and _own(b.cards) == {}  # no card copied at the clone
    assert _shared(a.cards)[4] is read and _shared(b.cards)[4] is read  # shared by both now
    assert _shared(z.cards)[4] is not read and _shared(z.cards)[4].zone == "deck"  # `z`: the one of before
    again = a.cards[4]  # `a` reads it again: a copy, its own
    assert again is not read and again.zone == "hand"
    a.move(4, "deck")
    assert b.cards[4].zone == "hand" and read.zone == "hand" and z.cards[4].zone == "deck"
    assert len(a.cards) == len(b.cards) == 5


def test_hand_of_the_gods_keeps_a_plain_dict_in_its_clones() -> None:
    """A table made without sharing clones to a plain dict; Hand of the Gods keeps no card
    table at all now (its core's state is lists by uid, copied at a clone): a clone's card
    changes are never its game's."""
    z = _zones(share=False)
    assert type(z.clone().cards) is dict
    g = game_class("hotg").new_game(seed=1)
    c = g.clone()
    stone = g.stones[0]
    c.card(stone).hp = 3  # type: ignore[attr-defined]
    assert g.card(stone).hp == 25 and c.card(stone).hp == 3  # type: ignore[attr-defined]


def test_a_card_read_in_a_clone_is_its_own_copy() -> None:
    z = _zones()
    c = z.clone()
    card = c.cards[2]
    assert card is not z.cards[2] and card.uid == 2 and _own(c.cards) == {2: card}
    assert c.cards[2] is card  # read once: the same card after
    card.zone, card.controller = "hand", 1
    assert z.cards[2].zone == "deck" and z.cards[2].controller == 0
    z.cards[3].controller = 1  # the parent's change, after the clone
    assert c.cards[3].controller == 0


def test_a_clone_of_a_clone_shares_what_was_read_and_the_rest() -> None:
    z = _zones()
    a = z.clone()
    a.move(4, "hand")  # (reads card 4)
    b = a.clone()
    assert _own(b.cards) == {}
    assert _shared(b.cards)[4] is not a.cards[4]  # `a` reads it again: a copy, which it may write
    assert _shared(b.cards)[1] is _shared(a.cards)[1]  # never read: one object for both
    assert b.cards[4].zone == "hand" and b.canonical() == a.canonical()
    a.move(4, "deck")
    assert b.cards[4].zone == "hand"
    b.move(1, "hand")
    assert a.cards[1].zone == "deck" and z.cards[1].zone == "deck"


def test_a_card_made_in_a_clone_is_its_own_and_the_uids_stay_in_order() -> None:
    z = _zones(3)
    c = z.clone()
    c.cards[2]
    made = c.create(DEF, 1, "hand")
    assert made.uid == 4 and 4 in c.cards and 4 not in z.cards and len(c.cards) == 4
    assert list(c.cards) == [1, 2, 3, 4]
    d = c.clone()
    assert list(d.cards) == [1, 2, 3, 4] and d.cards[4] is not made and d.cards[4].owner == 1


def test_get_values_and_items_give_own_cards() -> None:
    z = _zones(4)
    c = z.clone()
    assert c.cards.get(99) is None and c.cards.get(99, "none") == "none"
    got = c.cards.get(3)
    assert got is not None and got is c.cards[3] and got is not z.cards[3]
    values = list(c.cards.values())
    assert [v.uid for v in values] == [1, 2, 3, 4] and values[2] is got
    assert not {id(v) for v in values} & {id(v) for v in z.cards.values()}
    assert [u for u, _ in c.cards.items()] == [1, 2, 3, 4] and _shared(c.cards) == {}
    assert c.cards._view == _own(c.cards) and all(c.cards.look(u) is c.cards[u] for u in c.cards)
    c.check_conservation()


def test_a_read_without_copy_sees_its_own_games_writes_and_never_the_others() -> None:
    """`Zones.look` (and `look`, `read_only()`): a card for reading, no copy taken. A game's first
    clone keeps `look` the same dict (the view of its table); after a write through `cards` (a
    copy) the writer's `look` gives its copy, and the other game's `look` still the card as it was."""
    z = _zones()
    before = z.look
    assert before is z.cards  # a plain dict: `look` is the cards themselves
    c = z.clone()
    assert z.look is before and z.look is z.cards._view and c.look is c.cards._view
    assert z.look is not c.look and z.read_only() is z.look and _own(z.cards) == _own(c.cards) == {}
    assert z.look[2] is c.look[2]  # shared: read by both, copied by neither
    z.cards[2].controller = 1  # the game writes (a copy of its own)
    z.move(3, "hand")
    assert z.look[2].controller == 1 and z.cards.look(2) is z.cards[2] and z.look[3].zone == "hand"
    assert c.look[2].controller == 0 and c.cards.look(2).controller == 0 and c.look[3].zone == "deck"
    c.cards[4].controller = 1  # and the clone's write is not the game's
    assert c.look[4].controller == 1 and z.look[4].controller == 0
    d = c.clone()  # a clone of a clone: its own view, the cards `c` wrote shared by both
    assert d.look is not c.look and d.look[4] is c.look[4] and _own(c.cards) == {}
    c.cards[4].controller = 0
    assert c.look[4].controller == 0 and d.look[4].controller == 1 and z.look[4].controller == 0
    d.move(1, "hand")
    assert [x.look[1].zone for x in (z, c, d)] == ["deck", "deck", "hand"]
    assert z.canonical() != c.canonical() != d.canonical()


def test_a_walk_of_the_cards_keeps_the_view_the_same_dict() -> None:
    """`values()` reads every card (copies the shared ones): `Zones.look` then gives those copies
    (the view is the same dict, changed in place), the other game's look the cards of before."""
    z = _zones(3)
    c = z.clone()
    view = c.look
    for card in list(c.cards.values()):
        card.controller = 1
    assert c.look is view and [x.controller for x in c.look.values()] == [1, 1, 1]
    assert [x.controller for x in z.look.values()] == [0, 0, 0]
    assert all(c.look[u] is dict.__getitem__(c.cards, u) for u in c.cards)


def test_a_card_kept_at_a_clone_stays_the_games_own_and_the_clone_gets_a_copy() -> None:
    """`CardTable.clone(keep)` (BHM's field, `Zones.kept`): the cards kept stay the table's own, the
    same objects; the clone owns a copy of each; a write to either is not the other's."""
    z = _zones()
    a = z.clone()
    mine = a.cards[2]
    a.cards[3]
    b_table = a.cards.clone([2])
    assert _own(a.cards) == {2: mine} and a.look[2] is mine  # (3: shared by both now)
    theirs = dict.__getitem__(b_table, 2)
    assert _own(b_table) == {2: theirs} and b_table._view[2] is theirs and theirs is not mine
    mine.controller = 1
    assert theirs.controller == 0 and b_table.look(2).controller == 0
    theirs.zone = "hand"
    assert mine.zone == "deck" and a.look[2].zone == "deck"
    assert _shared(a.cards)[3] is _shared(b_table)[3]


def test_bhm_keeps_its_field_across_a_clone() -> None:
    """BHM's kept field (`BhmZones.field`) is not read again at a clone: the game's field cards stay
    its own, the same objects (no copy, no walk of the being zones); the clone's are copies of them."""
    cls = game_class("bhm")
    g = cls.new_game(seed=2)
    rng = random.Random(2)
    while not (g.zones.field[0] and g.zones.field[1]):
        g.apply_legal(rng.choice(g.legal_actions()))
    for _ in range(3):  # the first clone (a plain dict), then clones of a table
        field = list(g.zones.field)
        c = g.clone()
        assert all(g.zones.field[p] is field[p] for p in (0, 1)), "the field was read again"
        _field_is_own(g)
        _field_is_own(c)
        for p in (0, 1):
            assert [x.uid for x in c.zones.field[p]] == [x.uid for x in field[p]]
            assert not {id(x) for x in c.zones.field[p]} & {id(x) for x in field[p]}
        _apart(g, c)
        h = c.state_hash()
        g.apply_legal(rng.choice(g.legal_actions()))
        assert c.state_hash() == h
        _field_is_own(g)


@pytest.mark.parametrize("op", ["pop", "popitem", "clear", "update", "setdefault", "__delitem__"])
def test_a_card_table_never_drops_a_card(op: str) -> None:
    c = _zones(2).clone()
    with pytest.raises(TypeError):
        getattr(c.cards, op)(*([1] if op in ("pop", "setdefault", "__delitem__") else []))
    assert len(c.cards) == 2


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
def test_a_new_game_owns_its_cards_until_its_first_clone_shares_them(game_id: str) -> None:
    """A new game keeps a plain dict, so its own look-ups stay as fast as a dict's (a random playout
    never clones); but BHM's, a clone of the zones kept for its decks, shares their cards (a
    `CardTable`: copying the 132 cards cost more than its dearer look-ups, session 36). Its first
    clone shares its cards with it (both tables `CardTable`s), and neither reads one at the clone."""
    cls = game_class(game_id)
    for seed in (1, 2):  # (BHM: the second game of the same decks is dealt from the kept zones)
        g = cls.new_game(seed=seed)
        table = CardTable if game_id == "bhm" else dict
        assert type(g.zones.cards) is table and g.zones.share_cards
        c = g.clone()
        assert type(c.zones.cards) is CardTable and type(g.zones.cards) is CardTable
        assert len(c.zones.cards) == len(g.zones.cards) and c.state_hash() == g.state_hash()
        _apart(g, c)
        g.check_invariants()
        c.check_invariants()


# ------------------------------------------------------------------ along random games
def _ids(g: Game) -> tuple[set[int], set[int]]:
    """The ids of the cards `g` owns, and of those it shares (not read yet)."""
    cards = g.zones.cards
    shared = _shared(cards) if type(cards) is CardTable else {}
    return {id(c) for c in dict.values(cards)}, {id(c) for c in shared.values()}


def _apart(*games: Game) -> None:
    """No card object is the own of two games, nor the own of one and shared by another (seen by
    another through its view: `Zones.look`); each game's view gives its own cards."""
    seen: set[int] = set()
    shared: set[int] = set()
    for g in games:
        cards = g.zones.cards
        if type(cards) is CardTable:
            assert g.zones.look is cards._view, "the game reads without a copy from another dict"
            assert all(cards._view[u] is c for u, c in dict.items(cards)), "its view is not its own"
        else:
            assert g.zones.look is cards
        own, sh = _ids(g)
        assert not own & seen, "two games hold the same card"
        seen |= own
        shared |= sh
    assert not seen & shared, "a game writes a card that another shares"


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_parent_and_its_clones_never_see_each_others_changes(game_id: str, seed: int) -> None:
    cls = game_class(game_id)
    rng = random.Random(seed)
    g = cls.new_game(seed=seed)
    step = 0
    while not g.is_over() and step < 400:
        legal = g.legal_actions()
        if step % 7 == 0:
            h = g.clone()  # the clone of a game (a table sharing a copy of every card)
            h.legal_actions()  # (reads some cards, as the search's root does)
            k = h.clone()  # the clone of a clone: shares what `h` shares, a copy of what it read
            g_hash, h_hash, k_hash = g.state_hash(), h.state_hash(), k.state_hash()
            assert g_hash == h_hash == k_hash
            for a in h.legal_actions():  # every legal action, on clones of both
                for parent in (h, k):
                    t = parent.clone()
                    t.apply_legal(a)
                    t.check_invariants()
                    if not t.is_over():
                        t.clone().apply_legal(rng.choice(t.legal_actions()))  # a clone of it too
                    _apart(g, h, k, t)
            assert (g.state_hash(), h.state_hash(), k.state_hash()) == (g_hash, h_hash, k_hash)
            a = rng.choice(h.legal_actions())
            h.apply_legal(a)  # the parent changes: its clone does not
            h.check_invariants()
            k.check_invariants()
            assert k.state_hash() == k_hash and g.state_hash() == g_hash
            _apart(g, h, k)
            before = g.clone()
            g.apply_legal(a)  # the game itself changes: nor do its clones
            assert before.state_hash() == g_hash and k.state_hash() == k_hash
            g.check_invariants()
            step += 1
            continue
        g.apply_legal(legal[rng.randrange(len(legal))])
        step += 1


def _field_is_own(g: Game) -> None:
    """BHM keeps its field cards (`BhmZones.field`): those must be the game's own cards."""
    if g.game_id == "bhm":
        table = g.zones.cards
        for p in (0, 1):
            for c in g.zones.field[p]:
                assert dict.get(table, c.uid) is c, "the kept field holds a card the game does not own"


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
@pytest.mark.parametrize("seed", [3, 4])
def test_a_game_cloned_then_played_on_and_its_clones_never_see_each_others_changes(
    game_id: str, seed: int
) -> None:
    """The table's path: the game played from its start is cloned (its copy before an action, an
    agent's view), then played on. After its first clone its table is a `CardTable`; each later
    clone hands the cards it read over to the part it shares with the clone. Actions applied on the
    game leave every clone (and clone of a clone) as it was, and the other way round."""
    cls = game_class(game_id)
    rng = random.Random(seed)
    g = cls.new_game(seed=seed)
    kept: list[tuple[Game, str]] = []  # clones left alone, with their hash when made
    step = 0
    while not g.is_over() and step < 300:
        if step % 5 == 0:
            c = g.clone()
            assert type(g.zones.cards) is CardTable and c.state_hash() == g.state_hash()
            _field_is_own(g)
            g.check_invariants()
            kept.append((c, c.state_hash()))
            if step % 15 == 0:  # a clone played on, and its clone left alone
                d = c.clone()
                d_hash = d.state_hash()
                for _ in range(6):
                    if c.is_over():
                        break
                    c.apply_legal(rng.choice(c.legal_actions()))
                    c.check_invariants()
                    _field_is_own(c)
                kept[-1] = (c, c.state_hash())  # (played on: its hash from now on)
                kept.append((d, d_hash))
                d.check_invariants()
                _field_is_own(d)
        g.apply_legal(rng.choice(g.legal_actions()))  # the game played on, after its clone
        g.check_invariants()
        _field_is_own(g)
        for k, h in kept:
            assert k.state_hash() == h, "a clone saw its parent's change"
        _apart(g, *(k for k, _ in kept))
        step += 1


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
def test_the_legal_actions_after_a_clone_copy_no_card_and_an_action_leaks_nothing(game_id: str) -> None:
    """The live game of the table, just cloned: its legal actions read its cards without a copy
    (`Zones.look`: a copy is for a card written), and the action applied after writes its own
    copies only: the clone keeps its hash, no card object is the own of one and seen by the other."""
    from common.bench import played_game_states

    cls = game_class(game_id)
    rng = random.Random(5)
    for seed, acts in played_game_states(cls, count=6, seed=3):
        g = cls.new_game(seed=seed)
        for a in acts:
            g.apply_legal(a)
        c = g.clone()
        h = c.state_hash()
        own = _own(g.zones.cards)  # (BHM: its kept field, read again at the clone)
        if game_id == "scars":
            g._cache = None  # type: ignore[attr-defined]  # (worked out again, not the cached list)
        legal = g.legal_actions()
        g.decision()
        assert _own(g.zones.cards) == own, "a read of the legal actions copied a card"
        g.apply(rng.choice(legal))
        g.check_invariants()
        assert c.state_hash() == h
        _apart(g, c)
        played = g.state_hash()
        c.apply(rng.choice(c.legal_actions()))  # and the clone's action is not the game's
        assert g.state_hash() == played
        _apart(g, c)
