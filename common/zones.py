"""Zones: ordered lists of card uids with capacity, overflow and visibility.

`Zones` owns every card instance of a game (`cards`, by uid) and every zone.
A card is always in exactly one zone; `move()` is the only way to change that,
and keeps `card.zone` in step. `check_conservation()` proves no card was lost
or duplicated (the generic test harness calls it after every action).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


class Zones(Generic[C]):
    """All zones and all card instances of one game (all of them `C`s: see `create`)."""

    __slots__ = ("_next_uid", "cards", "zones")

    def __init__(self) -> None:
        self.zones: dict[str, Zone] = {}
        self.cards: dict[int, C] = {}
        self._next_uid = 1

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
        missing = set(self.cards) - set(seen)
        if missing:
            raise AssertionError(f"cards in no zone: {sorted(missing)}")
        extra = set(seen) - set(self.cards)
        if extra:
            raise AssertionError(f"unknown uids in zones: {sorted(extra)}")
        for uid, zname in seen.items():
            if self.cards[uid].zone != zname:
                raise AssertionError(f"card #{uid} says zone {self.cards[uid].zone} but is in {zname}")

    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)  # (an engine's subclass stays one)
        new.zones = {n: z.clone() for n, z in self.zones.items()}
        new.cards = {u: c.clone() for u, c in self.cards.items()}
        new._next_uid = self._next_uid
        return new

    def canonical(self) -> dict[str, Any]:
        return {
            "zones": {n: list(z.cards) for n, z in sorted(self.zones.items())},
            "cards": [self.cards[u].canonical() for u in sorted(self.cards)],
            "next": self._next_uid,
        }

    def seen_by(self, uid: int, player: int | None) -> bool:
        """Whether `player` sees card `uid` where it is (its zone's visibility: a deck's cards
        nobody, a hand's its owner); a card in no zone is seen."""
        z = self.zones.get(self.cards[uid].zone)
        return z is None or z.visible_to(player)

    def view(self, name: str, player: int | None, card_view: Callable[[C], Any]) -> dict[str, Any]:
        """A zone as `player` may see it: its count always, its cards if visible."""
        z = self.zones[name]
        out: dict[str, Any] = {"name": name, "owner": z.owner, "count": len(z.cards)}
        if z.visible_to(player):
            out["cards"] = [card_view(self.cards[u]) for u in z.cards]
        return out
