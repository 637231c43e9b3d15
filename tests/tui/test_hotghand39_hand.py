"""Session 39, Hand of the Gods as a first-time player: the hand row without colour.

At 80 × 24 the hand read `1 Enyo's Banner (2) 0/4 2 Magic Shell (1) ✦`: a card not playable
has no `▸` after its number key, and the key `2` sat after the stats `0/4` with only colour
(muted against bold) to tell where one card ends and the next begins. Two cards of a line are
now apart by `│`, each its number key, its name, its cost in brackets and its stats."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.tui.helpers import engine_ready, game_app, screen_text, settle
from tui.widgets.hand import SEP, HandCard, HandRow

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")

# a card of the row as it reads: `2 Magic Shell (1) ✦`, `1▸Marksman (2) 1/2`
CARD = re.compile(r"(?P<key>\d+)(?P<mark>[▸ ])(?P<name>.+?) \((?P<cost>\d+)\) (?P<stats>\d+/\d+|✦)")


def hand_lines(app: Any) -> list[str]:
    """The hand row's lines as the screen shows them (its padding and title cut off)."""
    region = app.screen.query_one(HandRow).content_region
    rows = screen_text(app).split("\n")[region.y : region.y + region.height]
    lines = [row[region.x : region.x + region.width].rstrip() for row in rows]
    assert lines and lines[0].startswith("► Hand: "), lines
    return [lines[0].removeprefix("► Hand: "), *lines[1:]]


def expected(card: dict[str, Any]) -> tuple[str, str, str]:
    stats = "✦" if card.get("kind") == "spell" else f"{card['attack']}/{card['health']}"
    return str(card["name"]), str(card["cost"]), stats


async def test_each_hand_card_reads_key_name_cost_and_stats_apart_at_80x24() -> None:
    """Seed 1's first hand: `… (2) 0/4 │ 2 Magic Shell (1) ✦ │ 3 Spartan …`, each card of the
    screen's row by itself its key, name, cost and stats (they ran together: `0/4 2 Magic Shell`)."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        hand = screen.view_data["players"][0]["hand"]
        lines = hand_lines(app)
        assert 1 < len(lines) <= 2 and all(len(line) <= 78 for line in lines), lines
        read = [part for line in lines for part in line.split(SEP)]
        assert len(read) == len(hand), read
        for n, (part, card) in enumerate(zip(read, hand, strict=True), start=1):
            m = CARD.fullmatch(part)
            assert m is not None, part
            assert int(m["key"]) == n and (m["name"], m["cost"], m["stats"]) == expected(card), part
        assert "0/4 │ 2 Magic Shell (1) ✦" in lines[0], lines


async def test_a_click_on_a_card_past_the_separators_picks_that_card() -> None:
    """The row's spans count the `│` between cards: a click on `Spartan` picks card 3."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = app.screen.query_one(HandRow)
        text = screen_text(app).split("\n")[row.region.y]
        await pilot.click(offset=(text.index("Spartan") + 2, row.region.y))
        await settle(pilot)
        assert row.index == 2


def test_a_hand_of_ten_keeps_its_separators_within_the_rows_three_lines() -> None:
    """The most cards a hand holds (HG-82), long names, in 78 columns: the `│` between them
    took a 4th line, past the row's `max-height` (the 10th card out of sight); the names are
    cut shorter until it fits in 3, every card still its key, name, cost and stats."""
    row = HandRow()
    names = ["Blessing of the Aegis", "Judgement of Osiris", "Thunder of Olympus", "Marksman", "Spartan"] * 2
    row.cards = [HandCard(i, f"{n} (3) 2/4", i % 2 == 0, name=n) for i, n in enumerate(names)]
    lines = row._layout(78)
    assert len(lines) == 3
    texts = [SEP.join(chunk for _, chunk in line) for line in lines]
    assert len(row.title) + 2 + len(texts[0]) < 78 and all(len(t) < 78 for t in texts), texts
    parts = [part for text in texts for part in text.split(SEP)]
    assert [int(m["key"]) for m in map(CARD.fullmatch, parts) if m] == list(range(1, 11)), parts
    assert all("…" in part for part in parts[:3]), parts  # (the long names cut, not left out)


def test_a_hand_that_fits_three_lines_keeps_its_names_as_long_as_before() -> None:
    """Eight cards: three lines at the 10-column cut, not shorter (the shorter cuts are only
    for a hand that would not fit the row's three lines)."""
    row = HandRow()
    names = ["Blessing of the Aegis", "Judgement of Osiris", "Thunder of Olympus", "Marksman"] * 2
    row.cards = [HandCard(i, f"{n} (3) 2/4", True, name=n) for i, n in enumerate(names)]
    lines = row._layout(78)
    chunks = [chunk for line in lines for _, chunk in line]
    assert len(lines) == 3 and "1▸Blessing… (3) 2/4" in chunks, chunks
