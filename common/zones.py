"""Zones: ordered lists of card uids with capacity, overflow and visibility.

`Zones` owns every card instance of a game (`cards`, by uid) and every zone.
A card is always in exactly one zone; `move()` is the only way to change that,
and keeps `card.zone` in step. `check_conservation()` proves no card was lost
or duplicated (the generic test harness calls it after every action).

An engine may ask for its clones' cards in a `CardTable` (`Zones(share_cards=True)`): a clone
then shares the cards and copies one only when it reads it (copy on read), instead of copying
every card at every clone. A game played from its start keeps a plain dict until it is first
cloned: a dict subclass costs about 200 more instructions a look-up (Python 3.11 specialises
`d[k]` for a `dict` only), which a random playout (never cloned) would pay at every card it reads.
Its first clone turns its table into a `CardTable` too, its cards shared by both. `Zones.look`
reads a card without a copy, at a plain dict's speed, for code that does not write it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import StrEnum
from typing import Any, Generic, Self, TypeVar, overload

from .cards import Card, CardDef


class Visibility(StrEnum):
    PUBLIC = "public"  # everyone sees the cards
    OWNER = "owner"  # only the zone's owner sees them (a hand)
    HIDDEN = "hidden"  # nobody sees them (a deck); counts are always public


class Zone:
    __slots__ = ("cards", "capacity", "name", "overflow", "owner", "visibility")

    def __init__(
        self,
        name: str,
        owner: int | None = None,
        visibility: Visibility = Visibility.PUBLIC,
        capacity: int | None = None,
        overflow: str | None = None,
    ) -> None:
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self.capacity = capacity
        # Where a card goes when this zone is full (e.g. a full hand sends it to
        # the graveyard, HG-82). None: moving into a full zone is refused.
        self.overflow = overflow
        self.cards: list[int] = []

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    def __contains__(self, uid: object) -> bool:
        return uid in self.cards

    @property
    def full(self) -> bool:
        return self.capacity is not None and len(self.cards) >= self.capacity

    def visible_to(self, player: int | None) -> bool:
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return player is not None and player == self.owner
        return False

    def clone(self) -> Zone:
        new = Zone.__new__(Zone)
        new.name = self.name
        new.owner = self.owner
        new.visibility = self.visibility
        new.capacity = self.capacity
        new.overflow = self.overflow
        new.cards = self.cards.copy()
        return new


class ZoneFull(Exception):
    pass


# The card class of a game's `Zones` (an engine's `Card` subclass): `Zones[HotgCard]` hands out
# HotgCards, so the engines need no cast (nor a call) to read their cards' own fields.
C = TypeVar("C", bound=Card)


class CardTable(dict[int, C]):
    """The card instances of a game that has been cloned, or of a clone, by uid (`Zones.cards`): a
    dict that shares the cards of the games it was cloned from or into until it reads them (copy on read).

    **The rule: a card got from the table is this table's own.** `table[uid]`, `get`, `values()`,
    `items()` give a card no other table or game has, so an engine may write its fields, as it does
    with a plain dict. The table's own cards are its dict's entries; `_view` is a plain dict of
    every card by uid as this table sees it now: its own card where it has read one, else the card
    it shares (an instance nobody writes, common to tables cloned from one another). The first read
    of a shared card (`__missing__`, called by `dict` for a uid it lacks) puts a copy of it in the
    table and in its `_view`. `over(cards)` makes a table whose view is `cards`: at a game's first
    clone (`Zones.clone` of a game whose table is still a plain dict) the game's table takes its
    dict as its view and the clone's a copy of it, so no card is copied at the clone; `clone()`
    hands the cards the table has read over to what both tables share (it owns none after; its view
    stays as it is) and gives the clone a copy of its view: a clone copies no card, and the cards a
    table reads after it are copied then (each table pays for the cards it reads). A parent and its
    clone never hold the same card as their own.

    **Reads without a copy**: `look(uid)`, `read_only()` (the view itself) and `Zones.look` (the
    same dict: `Zones.cards` itself while that is a plain dict) give a card for reading only: never
    write it, nor keep it across a write of the game (a write through `cards[uid]` copies a shared
    card: the view then gives the copy, a card read before is the shared one). The key tests (`in`,
    `len`, a walk of the uids) take no copy either. A walk of the cards (`values()`, `items()`,
    `copy()`) takes every card first (`_whole`). Cards are never removed: `Zones.create` is the
    only writer (`__setitem__`, for a new uid). Nothing outside the table may hold a card it
    shares: what a game keeps of its cards (BHM's field) stays its own at a clone (`Zones.kept`,
    `clone(keep)`: the clone gets a copy of each, its own). **Any other card got before a clone is
    not the game's after it** (it is shared): read the table again; nothing may write it.

    Only games that have been cloned, and their clones, have one (`Zones.clone`): a look-up in a
    dict subclass costs about 200 instructions more than in a dict (Python 3.11 specialises `d[k]`
    for a `dict` only), so a game played from its start keeps a plain dict until its first clone
    (and the reads without a copy, through the view, are a plain dict's). (A new BHM game is a
    clone too, of the zones kept for its decks, `bhm.game._dealt`: it reads a third of its cards.)
    """

    __slots__ = ("_view",)

    def __init__(self) -> None:
        super().__init__()
        self._view: dict[int, C] = {}  # every card as this table sees it: its own, else shared

    def __missing__(self, uid: int) -> C:
        card = self._view[uid].clone()  # (KeyError, as a dict: no such card)
        dict.__setitem__(self, uid, card)
        self._view[uid] = card
        return card

    def __setitem__(self, uid: int, card: C) -> None:
        dict.__setitem__(self, uid, card)
        self._view[uid] = card

    def look(self, uid: int) -> C:
        """Card `uid` for reading only: never write its fields (it may be a shared one)."""
        return self._view[uid]

    def read_only(self) -> dict[int, C]:
        """Every card by uid, in the order of the uids, for reading only: never write the dict nor
        a card (some are shared). The table's view itself (it follows the table's reads): look-ups
        at a dict's speed."""
        return self._view

    @staticmethod
    def over(cards: dict[int, C]) -> CardTable[C]:
        """A table that owns no card and sees `cards` (a dict it takes as its view, which it then
        changes: no one else may hold it but as this table's view; its cards nobody writes from now
        on: the caller hands them over)."""
        new: CardTable[C] = CardTable()
        new._view = cards
        return new

    def clone(self, keep: Sequence[int] = ()) -> CardTable[C]:
        """A table sharing this one's cards. The cards this table has read are shared by both from
        now on (it owns none after: it copies a card again when it reads it; its view is the same
        dict, with the same cards); the clone sees them through a copy of the view. No card is
        copied here, but for `keep`: uids of cards this table owns and keeps as its own (what the
        game keeps of its cards, BHM's field), of which the clone gets a copy each, its own."""
        new = CardTable.over(self._view.copy())
        if keep:
            kept = [(u, dict.__getitem__(self, u)) for u in keep]  # (KeyError: a card not its own)
            dict.clear(self)
            view = new._view
            for u, card in kept:
                dict.__setitem__(self, u, card)
                view[u] = copy = card.clone()
                dict.__setitem__(new, u, copy)
        elif dict.__len__(self):
            dict.clear(self)
        return new

    def _whole(self) -> None:
        """Read every card (a copy of each one not read yet), the table in the order of the uids
        (as a plain dict of cards made one after the other)."""
        view = self._view
        if dict.__len__(self) == len(view):
            return
        merged: dict[int, C] = {}
        for u, c in view.items():
            own = dict.get(self, u)
            merged[u] = c.clone() if own is None else own
        dict.clear(self)
        dict.update(self, merged)
        view.update(merged)  # (the same keys: the view stays the same dict, `Zones.look`)

    # -- the rest of `dict`, over both parts --------------------------------
    def __contains__(self, uid: object) -> bool:
        return uid in self._view

    def __len__(self) -> int:
        return len(self._view)

    def __iter__(self) -> Iterator[int]:
        return iter(self._view)

    def keys(self) -> Any:
        return self._view.keys()

    def get(self, uid: int, default: Any = None) -> Any:
        card = dict.get(self, uid)
        if card is None:
            return self[uid] if uid in self._view else default
        return card

    def values(self) -> Any:
        self._whole()
        return dict.values(self)

    def items(self) -> Any:
        self._whole()
        return dict.items(self)

    def copy(self) -> dict[int, C]:
        self._whole()
        return dict.copy(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardTable):
            other._whole()
        self._whole()
        return dict.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"<CardTable: {dict.__len__(self)} read, {len(self._view) - dict.__len__(self)} shared>"

    def _never(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a card table never drops or replaces a card (Zones.create adds them)")

    __delitem__ = pop = popitem = clear = update = setdefault = __ior__ = _never
    __or__ = __ror__ = __reversed__ = _never  # (not needed: not written for both parts)


class Zones(Generic[C]):
    """All zones and all card instances of one game (all of them `C`s: see `create`)."""

    __slots__ = ("_next_uid", "cards", "look", "share_cards", "zones")

    def __init__(self, *, share_cards: bool = False) -> None:
        """`share_cards`: a clone keeps its cards in a `CardTable`, which shares them with the
        game it was cloned from until it reads one (copy on read), instead of copying them all.

        `look`: every card by uid for reading only, at a plain dict's speed and without a copy:
        `cards` itself while that is a plain dict, a `CardTable`'s view after (`read_only()`).
        Never write a card got from it, nor keep one across a write of the game: write through
        `cards` (which copies a shared card first)."""
        self.zones: dict[str, Zone] = {}
        self.cards: dict[int, C] = {}
        self.look: dict[int, C] = self.cards
        self._next_uid = 1
        self.share_cards = share_cards

    # -- set-up ------------------------------------------------------------
    def add_zone(self, zone: Zone) -> Zone:
        if zone.name in self.zones:
            raise ValueError(f"zone {zone.name!r} exists")
        self.zones[zone.name] = zone
        return zone

    @overload
    def create(
        self: Zones[Card],
        defn: CardDef,
        owner: int | None,
        zone: str,
        factory: None = None,
        position: int | None = None,
    ) -> Card: ...

    @overload
    def create(
        self,
        defn: CardDef,
        owner: int | None,
        zone: str,
        factory: Callable[[int, CardDef, int | None], C],
        position: int | None = None,
    ) -> C: ...

    def create(
        self: Zones[Any],
        defn: CardDef,
        owner: int | None,
        zone: str,
        factory: Callable[[int, CardDef, int | None], Any] | None = None,
        position: int | None = None,
    ) -> Any:
        """Make a new card instance (deck building, tokens, revealed cards) in `zone`."""
        uid = self._next_uid
        self._next_uid += 1
        card = factory(uid, defn, owner) if factory else Card(uid, defn, owner)
        self.cards[uid] = card
        card.zone = ""
        self.move(uid, zone, position)
        return card

    def create_many(
        self: Zones[Any],
        defns: Iterable[CardDef],
        owner: int | None,
        zone: str,
        factory: Callable[[int, CardDef, int | None], Any],
    ) -> None:
        """`create(defn, owner, zone, factory)` for each of `defns` in turn (a deck: the same
        uids, cards and order), in one frame: no `create` and `move` call a card."""
        dest = self.zones[zone]
        if dest.capacity is not None:  # a zone that may fill up: the long way, card by card
            for defn in defns:
                self.create(defn, owner, zone, factory)
            return
        cards, held, name, uid = self.cards, dest.cards, dest.name, self._next_uid
        for defn in defns:
            card = factory(uid, defn, owner)
            cards[uid] = card
            card.zone = name
            held.append(uid)
            uid += 1
        self._next_uid = uid

    # -- access ------------------------------------------------------------
    def __getitem__(self, name: str) -> Zone:
        return self.zones[name]

    def card(self, uid: int) -> C:
        return self.cards[uid]

    def in_zone(self, name: str) -> list[C]:
        return [self.cards[u] for u in self.zones[name].cards]

    # -- movement ----------------------------------------------------------
    def move(self, uid: int, to: str, position: int | None = None) -> str:
        """Move a card to zone `to` (at `position`, default the end/top).

        A full destination sends the card to its overflow zone instead (and on,
        if that is full too). Returns the name of the zone the card landed in.
        """
        card = self.cards[uid]
        dest = self.zones[to]
        cap = dest.capacity  # (`dest.full` written out: every move asks it, most zones have no capacity)
        if cap is not None and len(dest.cards) >= cap:
            dest = self._overflow(dest)
            position = None
        if card.zone:
            self.zones[card.zone].cards.remove(uid)
        if position is None:
            dest.cards.append(uid)
        else:
            dest.cards.insert(position, uid)
        card.zone = dest.name
        return dest.name

    def _overflow(self, full: Zone) -> Zone:
        """Where a card sent to the full zone `full` lands: its overflow zone, and on."""
        dest, seen = full, {full.name}
        while dest.full:
            if dest.overflow is None:
                raise ZoneFull(f"zone {dest.name} is full")
            dest = self.zones[dest.overflow]
            if dest.name in seen:
                raise ZoneFull(f"overflow loop at {dest.name}")
            seen.add(dest.name)
        return dest

    # -- checks, copies, hashes ---------------------------------------------
    def check_conservation(self) -> None:
        """Every card instance is in exactly one zone, and its `zone` says which."""
        seen: dict[int, str] = {}
        for z in self.zones.values():
            for uid in z.cards:
                if uid in seen:
                    raise AssertionError(f"card #{uid} is in both {seen[uid]} and {z.name}")
                seen[uid] = z.name
        cards = self.read_only()
        missing = set(cards) - set(seen)
        if missing:
            raise AssertionError(f"cards in no zone: {sorted(missing)}")
        extra = set(seen) - set(cards)
        if extra:
            raise AssertionError(f"unknown uids in zones: {sorted(extra)}")
        for uid, zname in seen.items():
            if cards[uid].zone != zname:
                raise AssertionError(f"card #{uid} says zone {cards[uid].zone} but is in {zname}")

    def clone(self) -> Self:
        """An independent copy. Its cards: a `CardTable` (copy on read) when `share_cards`, else a
        plain dict of copies of every card. With `share_cards`, this game's table becomes a
        `CardTable` too (its cards now shared: a card got from it before is no longer its own)."""
        new = self.__class__.__new__(self.__class__)  # (an engine's subclass stays one)
        new.zones = {n: z.clone() for n, z in self.zones.items()}
        cards = self.cards
        if not self.share_cards:
            new.cards = new.look = {u: c.clone() for u, c in cards.items()}
        else:
            keep = self.kept()
            if type(cards) is not CardTable:
                # a plain dict (the game played from its start): its cards become shared by both,
                # but those it keeps (its own, copied for the clone)
                own = self.cards = CardTable.over(cards)  # (its view is the dict: `look` stays)
                for u in keep:
                    dict.__setitem__(own, u, cards[u])
                cards = own
            table = cards.clone(keep)
            new.cards, new.look = table, table._view
        new._next_uid = self._next_uid
        new.share_cards = self.share_cards
        return new

    def kept(self) -> Sequence[int]:
        """The uids of the cards that the game keeps besides its table (an engine's `Zones`: BHM's
        field), which a clone of a `share_cards` game leaves its own: a copy each for the clone."""
        return ()

    def read_only(self) -> dict[int, C]:
        """Every card by uid, for reading only (never write one): `look` (the cards, or a
        `CardTable`'s view, which takes no copy of the cards it shares)."""
        return self.look

    def canonical(self) -> dict[str, Any]:
        cards = self.read_only()
        return {
            "zones": {n: list(z.cards) for n, z in sorted(self.zones.items())},
            "cards": [cards[u].canonical() for u in sorted(cards)],
            "next": self._next_uid,
        }

    def seen_by(self, uid: int, player: int | None) -> bool:
        """Whether `player` sees card `uid` where it is (its zone's visibility: a deck's cards
        nobody, a hand's its owner); a card in no zone is seen."""
        z = self.zones.get(self.look[uid].zone)
        return z is None or z.visible_to(player)

    def view(self, name: str, player: int | None, card_view: Callable[[C], Any]) -> dict[str, Any]:
        """A zone as `player` may see it: its count always, its cards if visible."""
        z = self.zones[name]
        out: dict[str, Any] = {"name": name, "owner": z.owner, "count": len(z.cards)}
        if z.visible_to(player):
            out["cards"] = [card_view(self.cards[u]) for u in z.cards]
        return out
