"""The game log: one way of wrapping a long line (its wrapped lines go on under its words, in
every game's log and every replay's), and each action said once."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.widgets.log import GameLog, hang, hang_wrap

from .helpers import engine_ready, settle

ACTION = "Player 2 (AI): Play Tusked Boar (2) in attack and then some more words"
EVENT = "  Tusked Boar deals 3 damage to P1's hero: 3 lives lost (16 left)"
CONSEQUENCE = "  ⤷ ►Hoplite -1 (♥2) · ◄Hoplite -1 (♥2) · ◄Summoning Stone -3 (♥22)"


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("Player 1: End the turn", 4),  # an action: not under the events' column (2)
        (" one space in", 3),  # two columns in from its words
        ("  an event", 4),
        ("    deeper", 6),
        ("  ⤷ ►Hoplite -1", 4),  # under the words of a consequence
        ("⤷ at the edge", 4),  # under its words would be the events' column
        (" ⤷ one in", 3),
    ],
)
def test_hang_is_two_columns_in_from_the_words(text: str, column: int) -> None:
    assert hang(text) == column


def test_a_line_that_fits_is_left_alone() -> None:
    assert hang_wrap(EVENT, len(EVENT)) == [EVENT]
    assert hang_wrap(EVENT, 0) == [EVENT]


def test_wrapped_lines_go_on_under_the_words() -> None:
    assert hang_wrap(ACTION, 40) == [
        "Player 2 (AI): Play Tusked Boar (2) in",
        "    attack and then some more words",
    ]
    assert hang_wrap(" one space in, and a line long enough to wrap", 24) == [
        " one space in, and a",
        "   line long enough to",
        "   wrap",
    ]
    assert hang_wrap(CONSEQUENCE, 38) == [
        "  ⤷ ►Hoplite -1 (♥2) · ◄Hoplite -1",
        "    (♥2) · ◄Summoning Stone -3 (♥22)",
    ]


def test_a_narrow_log_keeps_room_for_the_words() -> None:
    """At 12 columns the indent gives way to 8 columns of words (at 10, 2 columns in); no line
    is longer than the width, no word is lost."""
    deep = "      a deeply indented line of words"
    for width in (10, 12, 16):
        lines = hang_wrap(deep, width)
        assert all(len(line) <= width for line in lines), lines
        assert " ".join(line.strip() for line in lines) == deep.strip()
        assert all(len(line) - len(line.lstrip()) <= width - 8 for line in lines[1:])
    assert hang_wrap("Player 1: Play Hoplite at 1,1", 10) == ["Player 1:", "  Play", "  Hoplite", "  at 1,1"]


GAMES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


@pytest.mark.parametrize("game", GAMES)
async def test_every_games_log_hangs_its_lines_alike(game: str) -> None:
    """The same long lines come out the same in the three games' logs (HotG's had a rule of
    its own: a one-space line went on 3 columns in there, 4 in the others)."""
    app = TriarchApp(LaunchSpec(game_id=game, vs="ai", seed=3), ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.hanging
        width = log.scrollable_content_region.width
        lines = [" one space in, " + "and on " * 30, EVENT + " " + "more " * 30, CONSEQUENCE * 3]
        for line in lines:
            log.add_line(line)
        await settle(pilot)
        drawn = [strip.text.rstrip() for strip in log.lines]
        expected = [row for line in lines for row in hang_wrap(line, width)]
        assert drawn[-len(expected) :] == expected
        assert any(row.startswith("   a") for row in expected)  # the one-space line, 3 in
