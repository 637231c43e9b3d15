"""A deck file format shared by the games (TOML), validated on load.

    [deck]
    name = "Thunder of Olympus"
    leader = "zeus"          # or hero = "..." — the header keys an engine asks for

    [cards]
    hoplite = 2
    medusa = 1

Engines check their own construction rules (sizes, copy limits) on the result;
`DeckList.to_json()` is what goes into a `Setup` so a save never depends on the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cards import CardDef, load_toml_file
from .errors import DataError


@dataclass(frozen=True, slots=True)
class DeckList:
    name: str
    header: tuple[tuple[str, Any], ...]
    cards: tuple[tuple[str, int], ...]  # (card id, count), in file order
    file: str = "<deck>"

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.header).get(key, default)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def expanded(self) -> list[str]:
        return [cid for cid, n in self.cards for _ in range(n)]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "header": dict(self.header), "cards": dict(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], file: str = "<save>") -> DeckList:
        """The deck a `Setup` (a save) holds; a malformed one is a DataError naming `file`."""
        if not isinstance(data, Mapping):
            raise DataError(file, f"a deck must be a table, got {type(data).__name__}")
        name = data.get("name", "deck")
        header = data.get("header") or {}
        cards = data.get("cards") or {}
        if not isinstance(name, str):
            raise DataError(file, f"expected a string, got {type(name).__name__}", field="name")
        if not isinstance(header, Mapping) or not all(isinstance(k, str) for k in header):
            raise DataError(file, "the deck header must be a table", field="header")
        if not isinstance(cards, Mapping):
            raise DataError(file, "the deck's cards must be a table of id = count", field="cards")
        entries: list[tuple[str, int]] = []
        for cid, n in cards.items():
            if not isinstance(cid, str):
                raise DataError(file, f"a card id must be a string, got {cid!r}", field="cards")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise DataError(file, f"count must be a whole number ≥ 1, got {n!r}", card=cid, field="count")
            entries.append((cid, n))
        return cls(name, tuple(header.items()), tuple(entries), file)


def parse_deck(
    data: dict[str, Any],
    *,
    file: str,
    header_fields: Mapping[str, type],
    pool: Mapping[str, CardDef],
    optional_header: Mapping[str, type] | None = None,
) -> DeckList:
    optional_header = optional_header or {}
    for key in data:
        if key not in ("deck", "cards"):
            raise DataError(file, f"unknown section [{key}] (expected [deck] and [cards])")
    head = data.get("deck")
    if not isinstance(head, dict):
        raise DataError(file, "missing [deck] section", field="deck")
    allowed = {"name", *header_fields, *optional_header}
    for key in head:
        if key not in allowed:
            raise DataError(file, f"unknown key in [deck] (allowed: {', '.join(sorted(allowed))})", field=key)
    name = head.get("name", Path(file).stem)
    if not isinstance(name, str):
        raise DataError(file, "expected a string", field="name")
    header: list[tuple[str, Any]] = []
    for key, tp in {**header_fields, **optional_header}.items():
        if key not in head:
            if key in header_fields:
                raise DataError(file, "missing required field in [deck]", field=key)
            continue
        if not isinstance(head[key], tp) or (isinstance(head[key], bool) and tp is not bool):
            raise DataError(file, f"expected {tp.__name__}, got {type(head[key]).__name__}", field=key)
        header.append((key, head[key]))
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise DataError(file, "missing or empty [cards] section", field="cards")
    entries: list[tuple[str, int]] = []
    for cid, count in cards.items():
        if cid not in pool:
            raise DataError(file, "no such card in the pool", card=cid)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise DataError(file, f"count must be a whole number ≥ 1, got {count!r}", card=cid, field="count")
        entries.append((cid, count))
    return DeckList(name, tuple(header), tuple(entries), file)


def load_deck(
    path: str | Path,
    *,
    header_fields: Mapping[str, type],
    pool: Mapping[str, CardDef],
    optional_header: Mapping[str, type] | None = None,
) -> DeckList:
    data = load_toml_file(path)
    return parse_deck(
        data, file=str(path), header_fields=header_fields, pool=pool, optional_header=optional_header
    )
