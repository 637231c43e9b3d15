"""`one_line` cuts a choice too long for its line between words, head and tail (`Cast Battle
Fury… on Achilles`, not `Cast Battle Fury (1… Achilles`), with real choices of the three games."""

from __future__ import annotations

import pytest

from tui.widgets.actions import _places_line, one_line

CUTS = [
    # HotG: not the start of a bracket (`(1`), and the columns it leaves go to the end
    ("Cast Battle Fury (1 mana) on Achilles", 30, "Cast Battle Fury… on Achilles"),
    ("Cretan Archer attacks Einherjar at 1,3", 30, "Cretan Archer attacks… at 1,3"),
    # BHM: `Battl…` was half a word
    (
        "Cinder Hound executes Battle Trance — the being executing it gains 300 FUE until end of turn",
        40,
        "Cinder Hound executes… until end of turn",
    ),
    # The Scars: `(ta…`, `sh…`; no `(tap):…` (a word's colon before the `…`)
    (
        "Ember Shaman's ability (tap): deal 1 damage to Ember Shaman",
        40,
        "Ember Shaman's ability… to Ember Shaman",
    ),
    (
        "Ember Shaman's ability (tap): deal 1 damage to Ember Shaman",
        46,
        "Ember Shaman's ability (tap)… to Ember Shaman",
    ),
    ("Play Field Medic (2) sheltering Griffin Rider", 30, "Play Field Medic (2)… Rider"),
    ("Griffin Rider attacks P2's hero Korrag of the Wilds", 40, "Griffin Rider attacks P2's… of the Wilds"),
]


@pytest.mark.parametrize(("text", "width", "line"), CUTS)
def test_one_line_cuts_between_words(text: str, width: int, line: str) -> None:
    assert one_line(text, width) == line
    assert len(line) <= width


@pytest.mark.parametrize(("text", "_width", "_line"), CUTS)
def test_one_line_keeps_whole_words_at_every_width(text: str, _width: int, _line: str) -> None:
    """At any width from 24 columns, what is left of the start is whole words of the text."""
    for width in range(24, len(text)):
        line = one_line(text, width)
        head = line.split("…")[0]
        assert len(line) <= width and text.startswith(head), (width, line)
        assert text[len(head)] in " ,:—", (width, line)


def test_a_places_line_too_long_ends_on_a_whole_word() -> None:
    """BHM: which attack of two alike, cut at the end (`800 to Sa…`)."""
    text = "Abyssal Leviathan attacks Ember Squire (FUE 800 vs RES 0: 800 to Salud)"
    assert _places_line(text, [44], 30) == "…(FUE 800 vs RES 0: 800 to…"


STUBS = [
    # a bracket cut to a stub said nothing (`(S…`, `(F…`, `(pay…`, `(2…`, `(rank…`, `mana)`)
    ("Magma Drake executes Fire Bolt (consumes 100 POD)", 34, "Magma Drake executes Fire Bolt…"),
    (
        "Wind Dancer attacks Gnome Warden (FUE 300 vs RES 100: 200 to Salud)",
        36,
        "Wind Dancer attacks Gnome Warden…",
    ),
    ("Instant call Burrow Militia (rank 1)", 34, "Instant call Burrow Militia…"),
    ("Mimic Cub shelters Wolf (pay 1 energy)", 28, "Mimic Cub shelters Wolf…"),
    ("Cast Mjolnir's Call (2 mana)", 24, "Cast Mjolnir's Call…"),
    ("Cast Battle Fury (1 mana) on Achilles", 35, "Cast Battle Fury… on Achilles"),
    (
        "Sylph (P1 zone 9) attacks Grave Summoner (FUE 200 vs RES 0: 200 to Salud)",
        25,
        "Sylph… Grave Summoner…",
    ),
]


@pytest.mark.parametrize(("text", "width", "line"), STUBS)
def test_a_bracket_is_kept_whole_or_left_out(text: str, width: int, line: str) -> None:
    assert one_line(text, width) == line


@pytest.mark.parametrize("text", [t for t, _, _ in STUBS + CUTS])
def test_no_width_leaves_a_bracket_cut(text: str) -> None:
    """At every width, each part of the line (between the `…`) has its brackets whole."""
    for width in range(12, len(text)):
        line = one_line(text, width)
        assert len(line) <= width, (width, line)
        for part in line.split("…"):
            assert part.count("(") == part.count(")"), (width, line)
            assert part.find(")") >= part.find("("), (width, line)
