"""Deck files and the preconstructed decks (HG-03: 25 cards, at most 2 copies, one leader).

A deck file (TOML, the shared format of `common.decks`)::

    [deck]
    name = "Thunder of Olympus"
    leader = "zeus"

    [cards]
    hoplite = 2
    medusa = 1
    ...

Problems are reported as `DataError` naming the file, the card and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from common.decks import DeckList, load_deck, parse_deck
from common.errors import DataError

from .cards import card_pool

DECK_DIR = Path(__file__).parent / "decks"
DECK_SIZE = 25  # HG-03
MAX_COPIES = 2  # HG-03


def check_rules(dl: DeckList) -> DeckList:
    """HG-03: exactly 25 cards, at most 2 copies of a card, a leader (a god with a Leader Ability)."""
    pool = card_pool()
    leader = dl.get("leader")
    if leader not in pool or pool[leader].kind != "leader":
        leaders = ", ".join(sorted(d.id for d in pool.values() if d.kind == "leader"))
        raise DataError(dl.file, f"{leader!r} is not a leader (leaders: {leaders})", field="leader")
    for cid, n in dl.cards:
        d = pool[cid]
        if d.kind not in ("unit", "spell") or d.token:
            raise DataError(dl.file, f"{d.name} ({d.kind}) cannot be put in a deck", card=cid)
        if n > MAX_COPIES:
            raise DataError(
                dl.file, f"{n} copies of {d.name}: at most {MAX_COPIES} allowed", card=cid, field="count"
            )
    if dl.size != DECK_SIZE:
        raise DataError(
            dl.file, f"a deck has exactly {DECK_SIZE} cards, this one has {dl.size}", field="cards"
        )
    return dl


def load_deck_file(path: str | Path) -> DeckList:
    dl = load_deck(path, header_fields={"leader": str}, pool=card_pool())
    return check_rules(dl)


def validate_deck_content(deck: Any, file: str) -> DeckList:
    """A deck as a Setup holds it (DeckList.to_json()) → a checked DeckList."""
    if isinstance(deck, DeckList):
        return check_rules(deck)
    if not isinstance(deck, Mapping):
        raise DataError(file, f"a deck must be a table, got {type(deck).__name__}")
    header = deck.get("header") or {}
    cards = deck.get("cards") or {}
    if not isinstance(header, Mapping) or not all(isinstance(k, str) for k in header):
        raise DataError(file, "the deck header must be a table", field="header")
    if not isinstance(cards, Mapping):
        raise DataError(file, "the deck's cards must be a table of id = count", field="cards")
    data = {"deck": {"name": deck.get("name", "deck"), **header}, "cards": dict(cards)}
    dl = parse_deck(data, file=file, header_fields={"leader": str}, pool=card_pool())
    return check_rules(dl)


@cache
def _presets() -> tuple[tuple[str, dict[str, Any]], ...]:
    out = []
    for path in sorted(DECK_DIR.glob("*.toml")):
        dl = load_deck_file(path)
        out.append((dl.name, dl.to_json()))
    order = {"Thunder of Olympus": 0, "Fimbulwinter": 1}
    out.sort(key=lambda kv: order.get(kv[0], 9))
    return tuple(out)


def preset_decks() -> dict[str, Any]:
    """Label → deck content; the first two are the default decks of seats 1 and 2."""
    return {name: {**content, "cards": dict(content["cards"])} for name, content in _presets()}
