"""Hand of the Gods at the table, session 35: a newcomer's read at 80 × 24. The help said the
game's name twice (its title, then the keys' heading); the log named the players `Player 1 (you)`
on one line and `P2` on the next, the bars `P1`; the status line counted both players' turns
(`turn 7`: P1's 4th); the hot-seat puzzle's goal wrapped at 80 columns."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from common.events import Event
from tui.log_words import hotg_round, hotg_turn, seat_names
from tui.widgets.log import GameLog

from .helpers import (
    engine_ready,
    game_app,
    press,
    refreshed,
    screen_name,
    screen_text,
    settle,
    shows,
    skirmish,
)
from .test_puzzle_verdicts import puzzle

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def bar(app: object, which: str) -> str:
    return str(app.screen.query_one(f"#bar-{which}", Static).render())  # type: ignore[attr-defined]


def status(app: object) -> str:
    return screen_text(app).splitlines()[0].strip()


# -- 1. the help's title once ------------------------------------------------------------------------
@HOTG
async def test_the_help_names_the_game_once() -> None:
    """The Keys tab opens with `Hand of the Gods — press Esc to close`; the keys under it are
    headed by where they act (`At the table`), not by the game's name again: at 80 × 24, and the
    same help at 120 × 40 (one app and one help, resized: the help's Markdown is the costly part)."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (no `settle` while the help is open: it waits for the rules to be laid out, which this
        # test does not read; what it reads is waited for, `shows`)
        await press(pilot, "question_mark")
        assert screen_name(app) == "HelpScreen"
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await refreshed(pilot)
            assert app.size == size
            assert await shows(pilot, "At the table"), screen_text(app)
            text = screen_text(app)
            below_status = text.splitlines()[1:]  # (the table's status line shows above the dialog)
            assert sum(line.count("Hand of the Gods") for line in below_status) == 1, (size, text)
            assert "Hand of the Gods — press Esc to close" in text


# -- 2. the players named one way: as their bars name them ------------------------------------------
@HOTG
async def test_the_log_and_status_name_the_players_as_their_bars() -> None:
    """The bars say `► P1 (you) Zeus`, `◄ P2 (AI) Odin`, the engine's events `P2's Hoplite`,
    `P2 draws a card`; the log's action lines and the status line said `Player 1 (you)`,
    `Player 2 (AI)`. Now every line says `P1 (you)`, `P2 (AI)`."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e")  # the AI's turn, then yours again
        await settle(pilot)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        bars = bar(app, "top") + bar(app, "bottom")
        assert "◄ P2 (AI) Odin" in bars and "► P1 (you) Zeus" in bars, bars
        assert "P1 (you): End the turn" in log and "P2 (AI): End the turn" in log, log
        assert "P2 draws a card" in log, log
        assert "Player" not in log, log
        assert "P1 (you) to play" in status(app) and "Player" not in status(app), status(app)


@HOTG
def test_a_hotg_replay_names_the_puzzles_player_as_the_table() -> None:
    """The replay's goal (and `triarch replay --print`'s) names the seats as the game's table:
    `P1's goal` in Hand of the Gods — and, since session 39, in BHM and The Scars too, whose lane
    tables name the seats `P1`/`P2` (they said `Player 1` before); a game the table does not know
    keeps the long name."""
    assert seat_names("hotg") == ("P1", "P2")
    assert seat_names("bhm") == ("P1", "P2") and seat_names("scars") == ("P1", "P2")
    assert seat_names("chess") == ("Player 1", "Player 2")


# -- 4. the turns counted in rounds ------------------------------------------------------------------
@HOTG
async def test_the_turn_is_counted_in_rounds_in_the_status_and_the_log() -> None:
    """The skirmish starts on the engine's turn 5, P1's (its 3rd): the status said `turn 5`, and
    after one turn each `turn 7`, as if P1 had had 7 turns. The rules count one player's turn
    ("until your next turn", HG-65; HG-06: a player's first turn has 1 mana): now `round 3`,
    then `round 4` for both P2's turn and P1's, the log's `Round 4: P1's turn` too."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.game.view(0)["turn"] == 5
        assert status(app) == "Hand of the Gods · round 3 · P1 (you) to play", status(app)
        await pilot.press("e")
        await settle(pilot)
        assert app.session.game.view(0)["turn"] == 7
        assert status(app) == "Hand of the Gods · round 4 · P1 (you) to play", status(app)
        log = app.screen.query_one(GameLog).plain
        assert "  Round 3: P2's turn (6 mana)" in log and "  Round 4: P1's turn (10 mana)" in log, log
        assert not any(line.lstrip().startswith("Turn ") for line in log), log


def test_a_turn_event_in_rounds() -> None:
    assert [hotg_round(t, (t - 1) % 2) for t in (1, 2, 3, 4, 7, 8)] == [1, 1, 2, 2, 4, 4]
    said = hotg_turn(Event("turn", "Turn 7: P1 (4 mana)", {"player": 0}))
    assert said.text == "Round 4: P1's turn (4 mana)" and said.data == {"player": 0}
    other = Event("turn", "P1 ends the turn", {"player": 0})
    assert hotg_turn(other) is other


# -- 5. the hot-seat puzzle's goal on one line at 80 columns -----------------------------------------
@HOTG
async def test_the_hot_seat_goal_fits_one_line_at_80_columns() -> None:
    """`◎ Player 1's goal: Clear every enemy unit this turn; keep their stone's health above 10`
    was 87 columns: it wrapped, and `their` read as the enemy's. Now it names whose goal and
    whose stone, on one line."""
    app = game_app("hotg", seed=3, scenario=puzzle("hotg", "puzzle_afterlife_chain"), vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "space")  # P1 looks
        await settle(pilot)
        lines = screen_text(app).splitlines()
        goal = "◎ P1's goal: Clear every enemy unit this turn; keep P1's stone health above 10"
        assert lines[1].strip() == goal, lines[:3]
        assert lines[2].startswith("▌ ◄ P2 Odin"), lines[:3]  # the bar right under it: no wrap


# -- 3. every mark of the board and the bars in the help's legend ------------------------------------
# what draws the board's lines and the bar's coloured edge (no meaning of their own), a cut name,
# the punctuation of words (`Allfather's`, `(you)`) and the `/` of `attack/health`, `mana 4/5`
FRAME = set("│├┼─┤▌[]…'()/")


def shown_marks(app: object) -> set[str]:
    """The marks the board and the bars show now: every character but letters, digits, spaces
    and the frame; and the bars' `a:` (the Leader Ability's key)."""
    board = str(app.screen.query_one("#board").render())  # type: ignore[attr-defined]
    bars = bar(app, "top") + "\n" + bar(app, "bottom")
    marks = {c for c in board + bars if not c.isalnum() and not c.isspace() and c not in FRAME}
    return marks | ({"a:"} if "a:" in bars else set())


@HOTG
async def test_every_mark_of_the_board_and_bars_is_in_the_helps_legend() -> None:
    """The table at the start, a unit selected (`»`, `×`), a unit card and a spell picked (`+`,
    `◎`), after the AI's turn (`★`, `◇`): each mark shown is explained in the help (`` `♥` ``,
    `` `·` ``, `` `a:` `` were not), and the help's Keys tab says so."""
    from tests.tui.helpers import choose_cell

    app = skirmish()
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen |= shown_marks(app)
        await choose_cell(pilot, 2, 2)  # your Hoplite: `» move`, `×`
        seen |= shown_marks(app)
        for keys in (("escape", "1"), ("escape", "2")):  # Oracle of Delphi: `+`; Thunder: `◎`
            await press(pilot, *keys)
            await settle(pilot)
            seen |= shown_marks(app)
        await press(pilot, "escape", "e")  # the AI moves or plays: `★`, `◇`
        await settle(pilot)
        seen |= shown_marks(app)
        assert {"►", "◄", "♥", "»", "×", "+", "◎", "·", "a:"} <= seen, seen
        legend = type(app.screen).help_keys()  # what `?` shows (test_hotg_s32: F1 opens it)
    unexplained = sorted(m for m in seen if f"`{m}" not in legend)
    assert unexplained == [], unexplained
    for word in ("STONE", "guarded", "banished", "row,column", "`attack/health`", "`[ ]`"):
        assert word in legend, word


# -- the worst other thing: a blank card panel on an empty cell ----------------------------------------
@HOTG
async def test_the_card_panel_says_an_empty_cell_is_empty_and_what_its_mark_means() -> None:
    """At 80 × 24 the cursor on an empty cell left the card panel blank but for `2,3`: a newcomer
    could not tell a broken panel from an empty cell, nor read the `◇` the AI's move left there.
    Now `2,3 — an empty cell; ◇ a unit left it` (P2's Hoplite moved from 2,3 in its turn)."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "e")  # the AI's turn: its Hoplite leaves 2,3
        await settle(pilot)
        if app.screen.has_class("-show-log"):  # the card panel back in the log's place
            await press(pilot, "t")
            await settle(pilot)
        assert app.screen.last_cells.get((2, 3)) == "◇", app.screen.last_cells  # type: ignore[attr-defined]
        board = app.screen.query_one("#board")
        board.focus()
        board.cursor = (2, 3)  # type: ignore[attr-defined]
        await settle(pilot)
        assert await shows(pilot, "2,3 — an empty cell; ◇ a unit left"), screen_text(app)
        board.cursor = (0, 0)  # type: ignore[attr-defined]
        await settle(pilot)
        assert await shows(pilot, "0,0 — an empty cell"), screen_text(app)
        assert "◇ a unit" not in screen_text(app)
