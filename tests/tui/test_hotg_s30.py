"""Hand of the Gods at the table, session 30: a newcomer's play-through."""

from __future__ import annotations

import pytest

from .helpers import engine_ready, press, settle, skirmish

needs_hotg = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


# -- the grid: a cell's marker line once per cell ------------------------------------------------
@needs_hotg
async def test_the_marker_line_is_found_once_per_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    """The skirmish at 120 × 40 (three lines a cell), your Hoplite selected: the enemy Hoplite's
    cell bears the attack marker. Where it goes (`marker_line`) was worked out again for each of
    the cell's three lines drawn; once per cell now, and the board reads as before."""
    import tui.widgets.grid as grid

    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(grid.GridBoard)
        board.focus()
        board.cursor = (2, 2)  # your Hoplite
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert board.cell_height() == 3
        marked = [cell for row in board.cells for cell in row if cell.marker and cell.kind != "empty"]
        assert len(marked) == 1, marked  # the enemy Hoplite, to attack
        calls: list[int] = []
        real = grid.marker_line

        def counted(lines: list[str], width: int) -> tuple[int, list[str]]:
            calls.append(width)
            return real(lines, width)

        monkeypatch.setattr(grid, "marker_line", counted)
        drawn = board.render().plain
        assert len(calls) == len(marked), calls
        assert "]◄Hoplite    │" in drawn and "]          × │" in drawn, drawn


# -- the card panel --------------------------------------------------------------------------------
def test_the_card_panel_says_an_immunity_once() -> None:
    """Achilles on the board at 120 × 40 read `Achilles · 5/4 · move 2 · Immune: enemy spells` and
    then his text, `Immune: enemy spells.`: said twice. His stats line leaves it to the text."""
    from rich.console import Console

    from tui.screens.hotg import hotg_card_lines

    achilles = {
        "uid": 9,
        "name": "Achilles",
        "kind": "unit",
        "attack": 5,
        "health": 4,
        "max_health": 4,
        "movement": 2,
        "row": 1,
        "col": 0,
        "immune": ["enemy spells"],
        "text": "Immune: enemy spells.",
    }
    console = Console(width=200)
    with console.capture() as cap:
        console.print(hotg_card_lines(achilles, {}, False))
    lines = cap.get().splitlines()
    assert lines[0].rstrip() == "Achilles · 5/4 · move 2", lines
    assert cap.get().count("Immune: enemy spells") == 1, lines
