"""The Scars polish, round 2: the help's rules read as one text, the replay's card panel at a
shelter decision, the blockers dialog at 80 × 24, the unit limit explained, automatic passes
folded, and draws of card effects named to the drawer."""

from __future__ import annotations

import pytest

from .helpers import engine_ready, game_app, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def blanks_before(lines: list[str], heading: str) -> int:
    """How many blank lines come right before the line that reads `heading`."""
    at = next(i for i, line in enumerate(lines) if line.strip(" │┃▌▐█▊▎") == heading)
    n = 0
    while at - n - 1 >= 0 and not lines[at - n - 1].strip(" │┃▌▐█▊▎"):
        n += 1
    return n


async def test_the_rules_tab_has_no_extra_blank_line_where_its_two_halves_join() -> None:
    """The rules are laid out in two parts (the first section, then the rest): where they
    joined there was one blank line more than between any other two sections."""
    app = game_app("scars", seed=1)
    async with app.run_test(size=(120, 80)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        app.screen.query_one("#help").active = "help-rules"
        await settle(pilot)
        lines = screen_text(app).splitlines()
        # the second part starts at the second section; both headings come after a list
        joined = blanks_before(lines, "Starting the game")
        inside = blanks_before(lines, "The six card types")
        assert joined == inside, "\n".join(lines[:30])
