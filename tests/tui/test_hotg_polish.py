"""Hand of the Gods at 80 × 24 and 120 × 40 as a demanding player reads it: names cut
with "…" (never to their first word), keys offered only when they can do something,
the log's consequences marked by side, wrapped log lines indented."""

from __future__ import annotations

import pytest

from tui.widgets.hand import HandCard, HandRow

from .helpers import (
    LAST_BOLT,
    cell_offset,
    deploy_the_oracle,
    engine_ready,
    press,
    screen_text,
    settle,
    skirmish,
    thunder_on_the_enemy_stone,
)

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def test_a_crowded_hand_cuts_names_with_an_ellipsis() -> None:
    """Nine long names in 78 columns: two lines, each name as long as fits, cut with `…`."""
    row = HandRow()
    names = ["Blessing of the Aegis", "Judgement of Osiris", "Thunder of Olympus"] * 3
    row.cards = [HandCard(i, f"{n} (3) ✦", True, name=n) for i, n in enumerate(names)]
    lines = row._layout(78)
    chunks = [chunk for line in lines for _, chunk in line]
    assert len(lines) <= 3 and len(chunks) == 9
    assert all("…" in c and "(3) ✦" in c for c in chunks)
    assert all(len(c.split("…")[0]) >= 8 for c in chunks)  # more than a first word's worth


async def test_the_logs_consequences_carry_the_side_marks() -> None:
    """Hoplite attacks Hoplite (return damage, HG-31): the `⤷` line said whose unit each is,
    `⤷ ►Hoplite -1 (♥2) · ◄Hoplite -1 (♥2)` (it read `Hoplite -1 … · Hoplite -1 …`). Round 6: the
    event lines say it, whose and what is left (`… to P2's Hoplite at 2,3 (2 left)`): no `⤷` line
    says it again."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        board.cursor = (2, 2)
        await pilot.press("enter")
        board.cursor = (2, 3)
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.game.history[0].kind == "attack"
        log = app.screen.query_one("#log").plain
        assert not [line for line in log if "⤷" in line], log
        assert "  Your Hoplite at 2,2 deals 1 damage to P2's Hoplite at 2,3 (2 left)" in log, log
        assert "  P2's Hoplite at 2,3 deals 1 damage to your Hoplite at 2,2 (2 left)" in log, log


@pytest.mark.parametrize("ability", ["Bolt", "Allfather's Gift", "Sun Disk Radiance"])
@pytest.mark.parametrize("used", [False, True])
def test_a_crowded_player_bar_keeps_the_leader_abilitys_state(ability: str, used: bool) -> None:
    """A guarded stone, 10/10 mana and two-digit piles in the 77 columns of an 80-column bar:
    the Leader Ability's cost and state (`used`, `—`) stay at the end of the bar (they were
    cut off: `… grave 12 │ a:Bol`)."""
    from tui.screens.hotg import HotgTable

    class Table(HotgTable):
        def seat_name(self, p: int) -> str:
            return ["Player 1 (you)", "Player 2 (AI)"][p]

        def shows_keys(self) -> bool:
            return True

        def table_viewer(self) -> int:
            return 0

    table = Table.__new__(Table)
    for seat in (0, 1):
        player = {
            "seat": seat,
            "leader_name": "Zeus",
            "ability": {"name": ability, "cost": 2, "used": used, "usable": False},
            "stone_health": 25,
            "guarded": True,
            "mana": 10,
            "max_mana": 10,
            "hand_count": 7,
            "deck_count": 20,
            "grave_count": 12,
        }
        line = table.player_line(player, 0, 77).plain
        assert len(line) <= 77 and line.endswith(" 2 used" if used else " 2 —"), line
        assert "mana 10/10" in line and "guarded" in line
        # where the bar has room (120 columns) the state is in words: `not now`, not `—`
        line = table.player_line(player, 0, 117).plain
        assert line.endswith(f"{ability} 2 used" if used else f"{ability} 2 not now"), line


def test_a_consequence_wraps_under_its_words() -> None:
    from tui.widgets.log import hang_wrap

    line = "  ⤷ ►Hoplite -1 (♥2) · ◄Hoplite -1 (♥2) · ◄Summoning Stone -3 (♥22)"
    assert hang_wrap(line, 38) == [
        "  ⤷ ►Hoplite -1 (♥2) ·",  # each change whole on a line, the stone's too
        "    ◄Hoplite -1 (♥2) ·",
        "    ◄Summoning Stone -3 (♥22)",
    ]


def test_the_card_panel_says_a_base_stat_and_an_immunity_once() -> None:
    """`max health: 25 · base health: 25` and `immune: spells` under `Immune: spells.`: a
    base stat shows only when it differs, a list the text already says is left out."""
    from rich.console import Console

    from tui.widgets.detail import card_lines

    sphinx = {
        "uid": 7,
        "name": "Sphinx",
        "attack": 3,
        "base_attack": 3,
        "health": 5,
        "max_health": 6,
        "base_health": 4,
        "immune": ["spells"],
        "subtypes": ["Beast"],
        "text": "Beast. Immune: spells.",
        "keywords": ["Immune: spells"],
    }
    console = Console(width=200)
    with console.capture() as cap:
        console.print(card_lines(sphinx))
    text = cap.get()
    assert "attack: 3 · health: 5 · max health: 6 · base health: 4" in text
    assert "base attack" not in text and "immune: spells" not in text
    assert "subtypes: Beast" in text


async def test_the_ais_turn_reads_as_its_own_and_its_thinking_mark_fits_at_80() -> None:
    """While the AI plays its turn, the prompt says `Player 2 (AI) is playing its turn…`
    (it read `Player 2 (AI) is deciding: your turn — play, move, attack or end`) and the
    status line's `⧗ AI is thinking…` is whole at 80 columns (it was cut to `⧗ AI is`)."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.start_ai = lambda: None  # the AI never answers: its turn stays on screen
        await pilot.press("e")
        await settle(pilot)
        lines = screen_text(app).splitlines()
        assert lines[0].rstrip().endswith("⧗ AI is thinking…")
        # (session 36: not `P2 (AI) is playing its turn…` under the status line that says it)
        # (session 41: in plain words what happens — it thinks, then what it did — not `the log tells it`)
        assert any(
            "The opponent's turn: what it does shows here and ★ on the board" in line for line in lines
        )
        # (the status line says it thinks; the prompt does not say it again)
        assert sum("thinking" in line for line in lines) == 1, lines
        assert not any("your turn" in line for line in lines)


async def test_a_selected_unit_is_in_the_panel_over_the_cells_it_can_move_to() -> None:
    """On a `»` cell of your Hoplite the panel shows the Hoplite (`1,2 — Enter: move it here`,
    its stats), not an empty cell's `1,2` alone. (The cursor stays on the Hoplite when it is
    chosen, since session 33: the panel says where to go; `↑` is a move.)"""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#board", offset=cell_offset(2, 2))
        await settle(pilot)
        assert "2,2 — chosen: the arrows to a mark" in screen_text(app)
        await press(pilot, "k")
        await settle(pilot)
        text = screen_text(app)
        assert "— Enter: move it here" in text
        assert "Hoplite · 2/3 · move 2" in text


# -- one skirmish app for several checks (an app's start is most of a UI test's cost): each
# check keeps its own paragraph; the table reached by the steps before it is what it reads --


async def test_the_skirmishs_first_position_at_80x24() -> None:
    """The skirmish's first position at 80 × 24, read by one app in turn:

    - The hand: `Thunder of Olympus` and `Oracle of Delphi`, not their first word (`Thunder (3) ✦`).
    - The Summoning Stone under the cursor: its panel's stats no longer end in the flag's word
      `stone`, which read on into its text as `stone 25 health.`
    - The leader abilities: at 80 × 24 the bar says `Allfath… 2 —` only: the Summoning Stone under
      the cursor says its side's leader and Leader Ability, and `a` says what yours does while you
      choose its target (neither was read anywhere on the table).
    - One-line choices: `Use Bolt (2 mana) on P2's Summoning Stone` does not fit its line: the
      choices leave out `(2 mana)` (said in the bar and the card panel), all alike, rather than
      the middle of what they aim at (`Use Bolt (2 mana) on P2's Su… Stone`).
    - A picked card: `1` picks the Oracle: over an empty deploy cell the panel shows the card
      itself (`1,0 — Enter: deploy it here`, its text), not the cell alone; `2` picks Thunder of
      Olympus: over a target the panel says the spell's text before the choice."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(HandRow)
        text = " ".join(chunk for line in hand._layout(hand.size.width) for _, chunk in line)
        assert "Thunder of Olympus (3) ✦" in text and "Oracle of Delphi (2) 1/2" in text
        # the stone's card panel
        board = app.screen.query_one("#board")
        board.cursor = (2, 1)
        board.cursor = (2, 0)
        await settle(pilot)
        text = screen_text(app)
        assert "Summoning Stone · health 25" in text
        assert "· stone" not in text
        assert "base health" not in text  # the same as its max health: said once
        # the leader abilities, on the enemy stone and on `a`
        board.cursor = (2, 7)
        await pilot.press("right")  # the enemy stone, 2,8
        await settle(pilot)
        text = screen_text(app)
        assert "Odin — Leader Ability — Allfather's" in text
        await pilot.press("a")  # Zeus' Bolt: the enemy stone and the enemy Hoplite
        await settle(pilot)
        text = screen_text(app)
        assert "Bolt: Deal 1 damage to an enemy." in text
        assert "Enter: Use Bolt (2 mana) on" in text
        # its choices on one line each, without the mana
        # (round 6: below 120 × 40 under what they do, `Use Bolt on:`, each its target whole)
        assert "Use Bolt on:" in text and "▸ Use Bolt" not in text
        assert "▸ P2's Summoning Stone" in text and "▸ P2's Hoplite at 2,3" in text
        bolt = app.screen.query_one("#actions").actions[0]
        assert app.screen.choice_words(bolt) == "Use Bolt (2 mana) on P2's Summoning Stone"  # the panel's
        await pilot.press("escape")
        await settle(pilot)
        assert app.session.game.history == []
        # a picked card over its cells and targets
        await pilot.press("1")
        await settle(pilot)
        text = screen_text(app)
        assert "Enter: deploy it here" in text and "Warcry: Reveal one of three" in text
        await pilot.press("escape", "2")
        await settle(pilot)
        text = screen_text(app)
        assert "Thunder of Olympus: Deal 3 damage to" in text


async def test_the_oracle_deployed_at_80x24() -> None:
    """The Oracle of Delphi deployed (its Warcry reveals three spells), read by one app in turn:

    - Turn keys: `a` Ability, `w` Warcry, `e` End turn are in the footer (and act) on your own
      turn only: not at a reveal of yours nor while the AI decides; `:` only when the decision
      is yours.
    - The table's key bar is hidden under a dialog and the command palette: a decision dialog
      says its own keys; the table's key bar under it (`? Help`, `m Menu`, `a Ability`…: keys
      that do nothing while the dialog is open) is hidden, as under the command palette, and
      comes back with the table.
    - A revealed card's name is never cut in its title: at 80 × 24 three revealed cards get 24
      columns each: a title read `▶ 1. Hermes' Reca…` (the whole name under it too). Now every
      tile's name opens its text, whole, and the titles only number the tiles (`▶ 1.`).
    - Cell names are cut with an ellipsis and keep the last action's mark: at 80 × 24 (7-column
      cells) `Hoplite` reads `►Hopli…` (it read `►Hoplit`, cut without a sign), and the Oracle
      just deployed `►Orac…★`: its name gives way to the `★` mark (it read `►Oracl★`, `Oracle`
      cut to its first word, then clipped); at 120 × 40 they are whole."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        footer = screen_text(app).splitlines()[-1]
        assert "e End turn" in footer and "a Ability" in footer and "w Warcry" in footer
        # the command palette hides the table's keys
        await pilot.press("ctrl+p")
        await settle(pilot)
        last = screen_text(app).splitlines()[-1]
        assert "Help" not in last and "Ability" not in last and "Choose" not in last
        await pilot.press("escape")
        await settle(pilot)
        assert "e End turn" in screen_text(app).splitlines()[-1]
        await deploy_the_oracle(pilot, close_reveal=False)  # its Warcry reveals three spells
        assert app.session.decision is not None and app.session.decision.kind == "reveal"
        text = screen_text(app)
        # the reveal dialog: its own keys, not the table's; its names whole
        assert "Enter take" in text and "Esc the choice list" in text
        assert "Help" not in text.splitlines()[-1] and "Menu" not in text.splitlines()[-1]
        assert "Reca…" not in text and "┏━ ▶ 1. ━" in text and "╭─ 2. ─" in text
        assert "┃ Hermes' Recall       ┃" in text and "│ Magic Shell" in text and "│ Gaia's Stone" in text
        await pilot.press("escape")  # the choice list: `e` does nothing, says nothing
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "End turn" not in footer and "Ability" not in footer and "Warcry" not in footer
        assert ": Type action" in footer and "? Help" in footer
        before = app.session.game.state_hash()
        await pilot.press("e")
        await settle(pilot)
        assert app.session.game.state_hash() == before and "✗" not in screen_text(app)
        screen.ai_running = True  # as while the AI thinks
        assert not screen.check_action("end_turn", ()) and not screen.check_action("type_action", ())
        screen.ai_running = False
        assert screen.check_action("type_action", ())
        # the cells' names, cut with `…`, the last action's mark kept
        text = screen_text(app)
        assert "│►Orac…★│" in text and "│►Hopli…│" in text and "◄Hopli…│" in text
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = screen_text(app)
        assert "│►Oracle of…★│" in text and "│►Hoplite    │" in text


async def test_tab_goes_round_board_hand_and_list_and_the_card_panel_shows_a_cards_text() -> None:
    """One app in turn:

    - `Tab` goes from the board to the hand, then to the list of choices (where `Enter` does the
      highlighted choice), then back to the board; the help said only `Tab — go to your hand`,
      and a second `Tab` then `Enter` played the list's first choice unawares.
    - At 80 × 24 the card panel has four lines: a hand card reads `Oracle of Delphi · cost 2 ·
      1/2 · move 2` and then its text in sight (it read `kind: unit · cost: 2 · attack: 1 ·
      health: 2 · movement: 2 · range: 1 · pantheon…`, and the text was out of sight); a unit on
      the board says its state in words (`exhausted`) before its text."""
    from tui.screens.hotg import HOTG_KEYS

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen = [type(app.focused).__name__]
        for _ in range(3):
            await pilot.press("tab")
            await settle(pilot)
            seen.append(type(app.focused).__name__)
            if len(seen) == 2:  # the hand: its first card in the panel
                assert app.focused is app.screen.query_one(HandRow)
                text = screen_text(app)
                assert "Oracle of Delphi · cost 2 · 1/2 ·" in text
                assert "Warcry: Reveal one of three" in text
        assert seen == ["GridBoard", "HandRow", "HangingActionList", "GridBoard"]
        await deploy_the_oracle(pilot)
        await pilot.press("1")  # its Warcry's revealed spell
        await settle(pilot)
        app.screen.query_one("#board").focus()
        board = app.screen.query_one("#board")
        board.cursor = (2, 0)
        await pilot.press("up")  # onto the Oracle just deployed; the panel comes back
        await settle(pilot)
        text = screen_text(app)
        assert "Oracle of Delphi · 1/2 · move 2 ·" in text and "exhausted" in text
        assert "Warcry: Reveal one of three" in text
    assert "`Tab` again — the list of choices at the bottom" in HOTG_KEYS
    assert "then back to the board" in HOTG_KEYS
    assert "a Summoning Stone: its side's leader and\nLeader Ability" in HOTG_KEYS


async def test_wrapped_choices_and_log_lines_are_indented_under_their_words_at_120x40() -> None:
    """At 120 × 40, one app in turn:

    - A long choice wraps: its second line goes on under its words, not at the list's edge
      under its `▸` (`on P2's Hoplite at 2,3` read as a choice of its own).
    - The log is 38 columns wide: a line that wraps goes on two columns in from its words (it
      came back to the edge: `(2 mana) at 1,0` read as an action of its own, `at 1,0` as the
      start of an event)."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # Thunder of Olympus: its two targets in the list
        await settle(pilot)
        lines = [line[:38].rstrip() for line in screen_text(app).splitlines()]
        i = lines.index("│ ▸ Cast Thunder of Olympus (3 mana)")
        assert lines[i + 1] == "│   on P2's Summoning Stone"
        assert lines[i + 3] == "│   on P2's Hoplite at 2,3"
        await pilot.press("escape")
        await settle(pilot)
        assert app.session.game.history == []
        await deploy_the_oracle(pilot)
        drawn = [strip.text.rstrip() for strip in app.screen.query_one("#log").lines]
        i = drawn.index("P1 (you): Play Oracle of Delphi (2")
        assert drawn[i + 1] == "    mana) at 1,0"
        assert drawn[i + 2] == "  Oracle of Delphi's Warcry resolves"  # (its deployment: the play's)


async def test_the_game_won_on_the_first_action_at_80x24() -> None:
    """The enemy stone's last 2 health taken by the first action (LAST_BOLT), one app in turn:

    - The log under the game-over dialog is wrapped at its width: at 80 × 24 the log comes back
      in place of the card panel at the end; its last lines were written while it was hidden (at
      the minimum width). The dialog waits for them to be wrapped at the log's width: not
      `Stone is / destroyed: P1 / wins!` under it.
    - No Leader Ability is ready once the game is over: back at the table, the winner's bar says
      `Bolt 2 —`, not `Bolt 2 ready` (there is no turn left to use it in).
    - No choose key after the game is over: back at the table, the key bar no longer offers
      `⏎ Choose` on the board (there is nothing to choose), nor the turn keys."""
    app = skirmish(scenario=LAST_BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "⏎ Choose" in text.splitlines()[-1] and "Bolt 2 ready" in text
        await thunder_on_the_enemy_stone(pilot)  # the last 2 health of the enemy stone: game over
        assert app.session.game.is_over()
        assert type(app.screen).__name__ == "GameOverScreen"
        text = screen_text(app)
        assert "Thunder of Olympus deals 3 damage to" in text
        assert not any(line.endswith("│Stone is") for line in text.splitlines())
        await pilot.press("b")  # from the game-over dialog back to the table
        await settle(pilot)
        text = screen_text(app)
        assert "Bolt 2 —" in text and "ready" not in text
        app.screen.query_one("#board").focus()
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "Choose" not in footer and "End turn" not in footer and "? Help" in footer
