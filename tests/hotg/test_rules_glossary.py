"""The keyword glossary of hotg/rules.md, as the UI reads it (HotgGame.rules_text()).

The engine never imports tui; the tests may, to check that the UI's parser finds
every term a player would look up."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from common.cards import keyword_name
from hotg.cards import card_pool
from hotg.game import HotgGame
from tui.screens.game import glossary_from_rules
from tui.widgets.detail import text_terms

HOTG = Path(__file__).resolve().parents[2] / "hotg"

# Mechanics named by card texts and the rules that a player would look up.
EXPECTED = (
    "Ranged",
    "Melee",
    "Aura",
    "Return Damage",
    "Attack Damage",
    "Movement",
    "Exhausted",
    "Deploy",
    "Summoning Stone",
    "Neutral",
    "Holding zone",
    "Fatigue",
    "Fleet",
    "Token",
    "Adjacent",
    "Warcry",
    "Afterlife",
    "Guard",
    "Stealth",
    "Structure",
)


def _glossary() -> dict[str, str]:
    return glossary_from_rules(HotgGame.rules_text())


def _card_texts() -> list[tuple[str, str]]:
    out = []
    for path in sorted((HOTG / "cards").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if card.get("text"):
                out.append((str(card["id"]), str(card["text"])))
    return out


@pytest.mark.parametrize("term", EXPECTED)
def test_glossary_has_the_terms_a_player_looks_up(term: str) -> None:
    """The UI's parser finds each term in the rules reference, with a real meaning."""
    glossary = _glossary()
    assert term in glossary, f"{term!r} missing from the glossary of hotg/rules.md"
    assert len(glossary[term].split()) >= 5


def test_glossary_meanings_match_the_rules() -> None:
    """HG-40, HG-44, HG-43, HG-57, HG-04: the new entries say what the rules say."""
    g = _glossary()
    assert "3" in g["Ranged"] and "orthogonal" in g["Ranged"]
    assert "diagonals included" in g["Melee"]
    assert "range" in g["Return Damage"] and "stunned" in g["Return Damage"]
    assert "lethal" in g["Return Damage"]
    assert "silenced" in g["Aura"] and "after every change" in g["Aura"]
    assert "1 the first time, then 2" in g["Fatigue"]


def test_every_keyword_of_a_card_text_is_explained() -> None:
    """Every capitalised keyword that opens a sentence of a card text (`Ranged.`,
    `Aura: …`, `Fleet: …`, `Guard.`) and every keyword the card loader reads is
    explained by a glossary term the card panel finds in that text."""
    glossary = _glossary()
    missing = []
    for card_id, text in _card_texts():
        found = text_terms(text, glossary, set())
        words = re.findall(r"(?:^|\. )([A-Z][a-z]+)(?=[.:])", text)
        for word in words:
            if not any(t == word or t.startswith((f"{word} ", f"{word}:")) for t in found):
                missing.append(f"{card_id}: {word}")
    for d in card_pool().values():
        for kw in d.keywords:
            base = keyword_name(kw)
            if not ({base, f"{base} X", f"{base}: X"} & glossary.keys()):
                missing.append(f"{d.id}: keyword {base}")
    assert not missing, missing


def test_engine_does_not_import_tui() -> None:
    """The glossary lives in the engine's rules text; the engine never imports tui."""
    for path in HOTG.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import)\s+tui\b", src, re.M), path.name
