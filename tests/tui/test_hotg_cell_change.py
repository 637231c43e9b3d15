"""Hand of the Gods' two-line cell (80 × 24) keeps a unit's health change beside its stats when
the unit has a state mark: it read `2/1G` and lost the `-3`; the marks give way, the last
first, to the change (the card panel and `c` still say the states)."""

from __future__ import annotations

import pytest

from tui.screens.hotg import unit_cell_lines
from tui.widgets.grid import MARKER_W


def test_the_change_stays_beside_the_stats_where_a_mark_would_push_it_out() -> None:
    bottom, tall, extra = unit_cell_lines("2/1", "G", "guard", "-3", 7)
    assert bottom == "2/1-3", bottom  # was `2/1G`: the change lost
    assert (tall, extra) == ("2/1-3", "guard")  # three lines: the state said in words below


def test_the_marks_give_way_the_last_first_and_only_as_far_as_needed() -> None:
    assert unit_cell_lines("2/1", "zG", "exhausted guard", "-3", 8)[0] == "2/1z-3"
    assert unit_cell_lines("2/1", "zG", "exhausted guard", "-3", 9)[0] == "2/1zG-3"
    assert unit_cell_lines("2/1", "zG", "exhausted guard", "-3", 10)[0] == "2/1zG -3"


def test_without_a_change_the_marks_stay() -> None:
    assert unit_cell_lines("2/1", "G", "guard", "", 7)[0] == "2/1G"


@pytest.mark.parametrize("width", range(7, 13))
@pytest.mark.parametrize(
    ("stats", "marks", "change"), [("2/1", "G", "-3"), ("3/4", "z!G", "+2"), ("1/1", "~", "-1")]
)
def test_stats_and_change_whole_within_the_markers_room(
    width: int, stats: str, marks: str, change: str
) -> None:
    """Whatever the width from 80 × 24's, the health and its change are on the line, whole, and
    the line leaves the room of a selection's marker (`»`, `×`) at its end."""
    bottom = unit_cell_lines(stats, marks, "", change, width)[0]
    assert bottom.startswith(stats) and bottom.endswith(change), bottom
    assert len(bottom) <= width - MARKER_W, bottom
