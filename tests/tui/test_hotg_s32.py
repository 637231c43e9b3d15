"""Hand of the Gods at the table, session 32: a new player's first hour. The status line says
the turn as the log counts it and the phase in words; the prompt says what a selection waits
for; `c` shows a card whole."""

from __future__ import annotations

import pytest

from tui.screens.card import CardScreen
from tui.widgets.grid import GridBoard
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt, StatusBar

from .helpers import choose_cell, engine_ready, press, screen_text, settle, skirmish, until

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def status(app: object) -> str:
    return str(app.screen.query_one(StatusBar).render())  # type: ignore[attr-defined]


def card_words(app: object) -> str:
    """The card dialog's words, each line's plain text joined."""
    body = app.screen.body  # type: ignore[attr-defined]
    return "\n".join(getattr(part, "plain", "") for part in body.renderables)


def prompt(app: object) -> str:
    return str(app.screen.query_one(Prompt).render())  # type: ignore[attr-defined]


# -- the status line: the turn and the phase in words ---------------------------------------------
async def test_the_status_line_says_the_turn_and_the_phase_in_words() -> None:
    """It read `Hand of the Gods · action 1 · Player 1 (you) to decide (turn)` while the log
    said `Turn 5`: the count of actions, and the decision's kind in brackets. Now the turn as the
    log counts it, and what the seat does: `to play`, `to choose a target` (Aphrodite's Warcry
    aims at an ally as she is deployed), the next turn's number after `e`."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert status(app) == "Hand of the Gods · round 3 · P1 (you) to play", status(app)
        await press(pilot, "3")  # Aphrodite: deployed on the nearest `+` cell
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen.session.decision.kind == "target"
        assert status(app) == "Hand of the Gods · round 3 · P1 (you) to choose a target", status(app)
        await press(pilot, "enter")  # her Warcry on the nearest ally
        await settle(pilot)
        await press(pilot, "e")  # the AI's turn (6), then yours again: turn 7, round 4
        await settle(pilot)
        log = "\n".join(str(line) for line in app.screen.query_one(GameLog).lines)
        assert "Round 4: P1's turn" in log, log  # (the engine's turn 7: session 35)
        assert status(app) == "Hand of the Gods · round 4 · P1 (you) to play", status(app)
        assert "action" not in status(app) and "(turn)" not in status(app)


async def test_the_status_line_in_hot_seat_names_the_player() -> None:
    """Hot-seat: the seat to play by its name alone (no `(you)`)."""
    app = skirmish(vs="human")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "space")  # the cover
        await settle(pilot)
        assert status(app) == "Hand of the Gods · round 3 · P1 to play", status(app)


# -- the prompt says what the selection waits for --------------------------------------------------
async def test_the_prompt_says_what_a_selection_waits_for() -> None:
    """With a unit, a card or the Leader Ability chosen the prompt still read `your turn — play,
    move, attack or end`: which marks mean what and how to drop the choice were in the help
    only. Now it names the selection and its marks: `● Hoplite: » move, × attack — Enter on a
    cell · Esc drops it`; back to the turn's words when it is dropped."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_cell(pilot, 2, 2)  # your Hoplite
        assert prompt(app) == "● Hoplite: » move, × attack — Enter on a cell · Esc drops it", prompt(app)
        assert "● Hoplite: » move, × attack" in screen_text(app)
        await press(pilot, "escape")
        await settle(pilot)
        turn = "Pick a card (1–4) or a unit on the board · a uses Bolt · e ends the turn"  # (session 36)
        assert prompt(app) == turn, prompt(app)
        await press(pilot, "2")  # Thunder of Olympus
        await settle(pilot)
        assert prompt(app) == "● Thunder of Olympus: ◎ target — Enter on a cell · Esc drops it", prompt(app)
        await press(pilot, "escape", "1")  # Oracle of Delphi, a unit to deploy
        await settle(pilot)
        assert prompt(app).startswith("● Oracle of Delphi: + deploy — Enter on a cell"), prompt(app)
        await press(pilot, "escape", "a")  # Zeus's Bolt
        await settle(pilot)
        assert prompt(app).startswith("● Bolt: ◎ target"), prompt(app)


# -- `c`: a card whole -------------------------------------------------------------------------------
async def test_c_shows_the_card_under_the_cursor_whole() -> None:
    """At 80 × 24 the card panel has four lines: the Hoplite's `Protect 1.` explained went on out
    of sight (`▼ PgDn`). `c` shows the card under the board's cursor whole in a dialog, with its
    terms explained and whose it is and where; Esc goes back to the table. A card of the hand
    likewise; on an empty cell `c` says what to do."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        board.focus()
        board.cursor = (2, 3)  # the enemy Hoplite
        await settle(pilot)
        await press(pilot, "c")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        shown = card_words(app)
        assert "Hoplite · 2/3 · move 2" in shown and "Hoplite · 2/3" in screen_text(app)
        assert "• Protect X — attack damage and Return Damage dealt to the unit are reduced by X" in shown
        assert "◄ P2's unit at 2,3" in shown, shown
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, CardScreen)
        await press(pilot, "tab")  # the hand: Oracle of Delphi
        await settle(pilot)
        await press(pilot, "c")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        shown = card_words(app)
        assert "Oracle of Delphi · cost 2 · 1/2 · move 2" in shown and "In your hand" in shown, shown
        await press(pilot, "c")  # `c` closes it too
        await settle(pilot)
        board.focus()
        await settle(pilot)
        board.cursor = (0, 5)  # an empty cell
        await settle(pilot)
        await press(pilot, "c")
        await settle(pilot)
        assert not isinstance(app.screen, CardScreen)
        assert app.screen.query_one(Prompt).error.startswith("No card here"), app.screen.query_one(
            Prompt
        ).error


# -- the help: F1 as well as `?`, and on the menu for the game chosen --------------------------------
async def test_f1_opens_the_help_at_the_table() -> None:
    """`F1`, the help key of many programs, did nothing at the table: it opens the help as `?`
    does (and closes it), whose keys name `c`; and `c Card` is in the key bar at 80 columns
    (Ctrl+Q gives way: it is in the help; the same app, session 38, not one of its own)."""
    from tui.screens.help import HelpScreen

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "c Card" in footer, footer
        # (no `settle` while the help is open: it would wait for its rules to be laid out, ~2 s
        # CPU, which this test does not read; `test_help_has_the_board_keys_and_the_keyword_glossary`
        # does, and closing the help before they are is `test_help_closed_early`'s)
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        assert "`c` — the card under the cursor" in app.screen.keys_md
        # (the help's Keys tab is the table's `help_keys()`: the other help tests read that alone)
        assert app.screen.keys_md == app.screen_stack[-2].help_keys()
        await press(pilot, "f1")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


async def test_the_menu_has_the_help_of_the_game_chosen() -> None:
    """The menu had no help: its keys were one line, and a game's rules were `triarch rules GAME`
    only, outside the app. `F1` (or `?`) there opens the help of the game the form names: the
    menu's keys, then that game's table keys, its rules and keywords; the key bar offers it."""
    from common.registry import game_class
    from tui.app import TriarchApp
    from tui.screens.help import HelpScreen

    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "F1 Help" in screen_text(app).splitlines()[-1]
        # (no `settle` while the help is open: it would wait for its rules to be laid out, ~2 s
        # CPU each time, which this test does not read)
        await press(pilot, "f1")
        assert isinstance(app.screen, HelpScreen)
        game = game_class(app.screen_stack[-2].game_id)
        assert app.screen.rules_md == game.rules_text()
        assert "**The menu**" in app.screen.keys_md and "`Ctrl+T`" in app.screen.keys_md
        assert "**At the table**" in app.screen.keys_md and game.title not in app.screen.keys_md
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


# -- a puzzle: its goal in sight as it starts, its title at its end -------------------------------
async def test_a_puzzle_starts_with_its_goal_in_sight_and_ends_with_its_title() -> None:
    """At 80 × 24 the card panel has the log's place: a puzzle from the menu's Scenarios started
    with its goal (`Win this turn: …`, the log's last lines) out of sight, and the game-over
    dialog named it `Hand of the Gods, seed 5`. Now a scenario with a description starts with the
    log in sight (the arrows bring the card panel back) and the dialog names it by its title."""
    from tui.screens.gameover import GameOverScreen

    from .helpers import LAST_BOLT, thunder_on_the_enemy_stone

    puzzle = LAST_BOLT.replace(
        'title = "UI test: skirmish"\n', 'title = "UI test: skirmish"\ndescription = "Win this turn."\n', 1
    )
    app = skirmish(scenario=puzzle)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Scenario: UI test: skirmish" in screen_text(app) and "Win this turn." in screen_text(app)
        await press(pilot, "right")
        await settle(pilot)
        assert "Win this turn." not in screen_text(app)  # the card panel again
        await thunder_on_the_enemy_stone(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.stats[0] == "Hand of the Gods · UI test: skirmish (seed 5)", app.screen.stats


async def test_a_position_without_a_goal_starts_with_the_card_panel() -> None:
    """A scenario without a description (a position, not a puzzle: the UI tests' skirmish) starts
    with the card panel as a new game does; its game-over line names it all the same."""
    from tui.screens.gameover import GameOverScreen

    from .helpers import LAST_BOLT, thunder_on_the_enemy_stone

    app = skirmish(scenario=LAST_BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.screen.has_class("-show-log")
        await thunder_on_the_enemy_stone(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.stats[0] == "Hand of the Gods · UI test: skirmish (seed 5)", app.screen.stats


# -- below 40 lines the card panel says the key to the log ----------------------------------------
async def test_the_card_panel_says_the_key_to_the_log_where_they_share_a_place() -> None:
    """At 80 × 24 the card panel and the log share a place; once the cursor moved, the log with
    the other side's last actions was gone, and its key `t` was in the help only (the key bar has
    no room for it). The panel's top edge says it: `card · t: the log`; at 120 × 40, where both
    are in sight, it says nothing."""
    from textual.containers import VerticalScroll

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#info", VerticalScroll).border_title == "card · t: the log"
        assert "card · t: the log" in screen_text(app)
        await press(pilot, "t")
        await settle(pilot)
        assert app.screen.has_class("-show-log")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert await until(pilot, lambda: not app.screen.query_one("#info", VerticalScroll).border_title)
