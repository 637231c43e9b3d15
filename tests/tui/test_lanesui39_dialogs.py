"""Session 39: a decision dialog keeps no blank line for words it has not to say. The line under
its entries (a refusal, `✗ There is no choice 9`, or what a waiting digit takes next) and a rows
dialog's total line (the total, the rows out of sight) each took a row when empty: at 80 × 24
every row counts. They come when there is something to say; the keys' line and the dialog's bottom
edge stay where they were (the dialog grows upwards by the line)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import engine_ready, game_app, press, screen_text, settle
from .test_ui38_dialog_digits import rows_dialog, tile_dialog

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def dialog_lines(app: Any) -> list[str]:
    """The dialog's lines, edges included, between its thick side edges `█` (the table around it
    left out), stripped."""
    return [
        line[line.index("█") : line.rindex("█") + 1].strip("█ ")
        for line in screen_text(app).splitlines()
        if line.count("█") >= 2
    ]


def bottom_edge(app: Any) -> int:
    """The screen row of the dialog's bottom edge."""
    return max(i for i, line in enumerate(screen_text(app).splitlines()) if "█▄▄" in line)


async def test_a_tile_dialog_says_a_refusal_only_when_there_is_one() -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        tile_dialog(app, 3, [])
        await settle(pilot)
        lines = dialog_lines(app)
        keys = next(i for i, line in enumerate(lines) if line.startswith("←→ choose"))
        assert lines[keys - 1].startswith("┗━"), lines  # the tiles' bottom, then the keys: no blank
        edge = bottom_edge(app)
        await press(pilot, "9")  # no tile 9
        await settle(pilot)
        lines = dialog_lines(app)
        keys = next(i for i, line in enumerate(lines) if line.startswith("←→ choose"))
        assert lines[keys - 1] == "✗ There is no choice 9", lines
        assert bottom_edge(app) == edge  # the keys and the edge stay in place


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_rows_dialog_keeps_no_blank_line_for_its_total_or_a_waiting_digit(
    size: tuple[int, int],
) -> None:
    app = game_app("bhm", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rows_dialog(app, 12, [])  # (no total: the rows fit from 120 × 40; at 80 × 24 too, just)
        await settle(pilot)
        lines = dialog_lines(app)
        keys = next(i for i, line in enumerate(lines) if line.startswith("↑↓ or 1…12"))
        assert lines[keys - 1].endswith("12. unit 12  ◀ none ▶"), lines
        await press(pilot, "1")  # waits for a second digit: the dialog says so, over the keys
        await settle(pilot)
        lines = dialog_lines(app)
        keys = next(i for i, line in enumerate(lines) if line.startswith("↑↓ or 1…12"))
        assert lines[keys - 1] == "1… a 2nd digit takes row 10–12, Enter row 1", lines
        assert "12. unit 12" in lines[keys - 2], lines  # every row still in sight
        await press(pilot, "2")
        await settle(pilot)
        lines = dialog_lines(app)
        keys = next(i for i, line in enumerate(lines) if line.startswith("↑↓ or 1…12"))
        assert lines[keys - 1].startswith("▶ 12. unit 12"), lines
