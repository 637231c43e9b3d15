"""Hand of the Gods at the table, session 30: a newcomer's play-through."""

from __future__ import annotations

import pytest
from textual.app import App

from .helpers import SKIRMISH, engine_ready, press, screen_text, settle, skirmish

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


MARKSMAN = SKIRMISH.replace('"oracle", "thunder_of_olympus"', '"marksman", "thunder_of_olympus"')


def panel_lines(app: object) -> list[str]:
    """The card panel as the screen shows it: the lines of its box, its bottom edge last."""
    from tui.screens.hotg import CardBox

    assert isinstance(app, App)
    region = app.screen.query_one(CardBox).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return [line[region.x : region.right] for line in lines]


@needs_hotg
async def test_a_cards_words_longer_than_the_panel_are_read_with_pgdn_at_80x24() -> None:
    """Marksman picked at 80 × 24: the panel's four lines ended at `Ranged. Gets +1/+0 whenever
    an`, the rest of his text (`allied God enters the battlefield.`) and the glossary's `God`
    out of sight, with no sign of it and no way to read it. The panel's bottom edge says
    `▼ PgDn`; `PgDn` shows the next lines (the edge then says `▲ PgUp` too), `PgUp` goes back,
    and the next card or cell shows its words from their first line."""
    app = skirmish(scenario=MARKSMAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # Marksman
        await settle(pilot)
        panel = panel_lines(app)
        assert "Ranged. Gets +1/+0 whenever an" in panel[-2], panel
        assert panel[-1].endswith("─ ▼ PgDn ─╯"), panel
        await press(pilot, "pagedown")
        await settle(pilot)
        panel = panel_lines(app)
        assert "allied God enters the battlefield." in panel[1], panel
        assert "• God — " in "".join(panel), panel
        assert panel[-1].endswith("─ ▲ PgUp ▼ PgDn ─╯"), panel
        await press(pilot, "pageup")
        await settle(pilot)
        assert "1,0 — Enter: deploy it here" in panel_lines(app)[1]
        await press(pilot, "pagedown", "right")  # the next cell: its words from the top
        await settle(pilot)
        panel = panel_lines(app)
        assert "1,1 — Enter: deploy it here" in panel[1], panel
        assert panel[-1].endswith("─ ▼ PgDn ─╯"), panel


@needs_hotg
async def test_a_panel_whose_words_fit_says_nothing_on_its_edge() -> None:
    """A card whose words fit the panel (Cyclops at 80 × 24): no `PgDn` on its edge."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "4")  # Cyclops: `A wall of muscle.`
        await settle(pilot)
        panel = panel_lines(app)
        assert "A wall of muscle." in "".join(panel), panel
        assert "Pg" not in panel[-1], panel


@needs_hotg
async def test_pgdn_reads_on_in_the_log_where_it_has_the_panels_place() -> None:
    """At 80 × 24 with the log in the card panel's place (`t`), `PgUp` shows the log's earlier
    lines (it could be read back with the mouse wheel only)."""
    from tui.widgets.log import GameLog

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        for n in range(12):
            log.add_line(f"line {n}")  # more lines than its five rows
        await press(pilot, "t")
        await settle(pilot)
        assert log.display and log.scroll_y > 0
        bottom = log.scroll_y
        await press(pilot, "pageup")
        await settle(pilot)
        assert log.scroll_y < bottom


def test_the_help_says_pgdn_scrolls_the_card_panel() -> None:
    """The keys of the help name `PgDn`/`PgUp` and the panel's `▼ PgDn`."""
    from tui.screens.hotg import HOTG_KEYS

    assert "`PgDn` `PgUp` — scroll the card panel" in HOTG_KEYS
    assert "`▼ PgDn`" in HOTG_KEYS


# -- a puzzle says what it asks --------------------------------------------------------------------
@needs_hotg
async def test_a_puzzle_says_its_goal_in_the_log() -> None:
    """`triarch play hotg --scenario hotg/scenarios/puzzle_afterlife_chain.toml`: the log said
    `Scenario: Puzzle: the dead bite back` and nothing of what to do (it was a comment of the
    file); the scenario's description says it under the title."""
    from pathlib import Path

    from .helpers import game_app

    path = Path(__file__).resolve().parents[2] / "hotg" / "scenarios" / "puzzle_afterlife_chain.toml"
    app = game_app("hotg", seed=1, scenario=path.read_text(encoding="utf-8"), vs="ai")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Scenario: Puzzle: the dead bite back" in text, text
        assert "Clear the Norse line this turn" in text and "stone above 10 health." in text, text


def test_a_scenarios_description_must_be_a_text() -> None:
    from common.errors import DataError
    from hotg.game import HotgGame

    with pytest.raises(DataError) as exc:
        HotgGame.new_game(scenario='[scenario]\ngame = "hotg"\ndescription = 3\n')
    assert exc.value.field == "description"


# -- the log keeps its last line in sight -----------------------------------------------------------
@needs_hotg
async def test_the_log_shows_its_last_line_when_the_hot_seat_cover_lifts() -> None:
    """Hot-seat at 80 × 24, seed 4: Player 1 ends the first turn; under the cover the log had a
    row more than on Player 2's table (P2's hand takes two rows), and its last line, `P2 draws a
    card`, was left under its bottom edge. The log stays at its end as its place shrinks, and
    `PgUp` still reads it back."""
    from tui.widgets.log import GameLog

    from .helpers import game_app

    app = game_app("hotg", seed=4, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "space")  # the cover of Player 1's turn
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        await press(pilot, "space")  # Player 2's cover
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.display and log.scroll_y == log.max_scroll_y > 0
        assert screen_text(app).splitlines()[-2].endswith("P2 draws a card"), screen_text(app)
        await press(pilot, "pageup")
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y


def test_the_help_says_where_the_cursor_goes_on_a_selection() -> None:
    """Choosing a unit put the board cursor on its nearest mark (`cursor_to_mark`): a newcomer's
    `→` from the unit then went on from that mark, not from the unit, and `Enter` did what the
    help had not said. Since session 33 the cursor stays on the unit (`test_hotg_s33`); the keys
    say it."""
    from tui.screens.hotg import HOTG_KEYS

    assert "(the cursor stays on the unit: the arrows go from it to a mark" in HOTG_KEYS


# -- a unit back in a hand, from the reader's side --------------------------------------------------
RECALL = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]', 'hand = ["recall", "cyclops"]'
)


@needs_hotg
async def test_a_unit_back_in_the_hand_says_whose_hand() -> None:
    """Hermes' Recall on your own Hoplite read `►Hoplite at 2,2 returns to its owner's hand` (the
    engine's words) in a log that says `your Hoplite` everywhere else: it reads `returns to your
    hand` now, and the everybody replay's words `to P1's hand`."""
    from .helpers import cell_offset

    app = skirmish(scenario=RECALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")  # Hermes' Recall
        await pilot.pause()
        await pilot.click("#board", offset=cell_offset(2, 2))  # your Hoplite
        await settle(pilot)
        log = "\n".join(app.screen.query_one("#log").plain)
        assert "  ►Hoplite at 2,2 returns to your hand" in log, log


def test_whose_hand_to_each_reader() -> None:
    from tui.log_words import hand_of

    assert hand_of({"owner": 0}, 0) == "your hand"
    assert hand_of({"owner": 1}, 0) == "P2's hand"
    assert hand_of({"owner": 0}, None) == "P1's hand"  # the everybody replay, a hot-seat's log
    assert hand_of({"owner": None}, 0) == "its owner's hand"


# -- the second seat against the AI starts at its own stone ------------------------------------------
@needs_hotg
async def test_the_second_seat_starts_at_its_own_stone() -> None:
    """`triarch play hotg --vs ai --seat 2`: the board cursor stood on the enemy stone (2,0) at
    your first turn, the card panel telling P1's; it starts on your stone (2,8), as a hot-seat
    turn does."""
    from tui.widgets.grid import GridBoard

    from .helpers import game_app

    app = game_app("hotg", seed=11, vs="ai", seat=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        d = app.session.decision
        assert d is not None and d.player == 1 and d.kind == "turn"
        assert app.screen.query_one(GridBoard).cursor == (2, 8)
