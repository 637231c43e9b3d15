"""Hand of the Gods at the table, session 28: what a player reads whole."""

from __future__ import annotations

from tui.widgets.hanging_list import fit_choice, fit_note

from .helpers import SKIRMISH, game_app, press, screen_text, settle, skirmish
from .test_hotg_round4 import card_panel_text


def test_fit_choice_keeps_the_target_whole() -> None:
    """A choice's words in a narrow place: the mana goes first, then `Summoning Stone` reads
    `Stone`, then the start is cut, never the target."""
    words = "2,8 — Enter: Cast Thunder of Olympus (3 mana) on P2's Summoning Stone"
    assert fit_choice(words, 80) == words
    assert fit_choice(words, 50) == "2,8 — Enter: Cast Thunder of Olympus on P2's Stone"
    assert fit_choice(words, 36) == "2,8 — Enter: Cast… on P2's Stone"


async def test_the_card_panel_keeps_p2s_stone_whole_at_80x24() -> None:
    """Thunder of Olympus chosen, the board cursor on the enemy stone at 80 × 24: the card panel
    said `2,8 — Enter: Cast Thunder of Olympu…` (whose stone cut away); it reads `2,8 — Enter:
    Cast… on P2's Stone`, as the choice list words a choice too long for its line."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "2")  # the second card of the hand: Thunder of Olympus
        await settle(pilot)
        app.screen.query_one("#board").cursor = (2, 8)
        await settle(pilot)
        panel = card_panel_text(app)
        assert "2,8 — Enter: Cast… on P2's Stone" in panel, panel


def test_the_health_line_never_splits_a_stones_change() -> None:
    """The `⤷` line in the 38 columns of the log at 80 × 24: `◄Summoning` at the end of one line
    and `Stone -1 (♥24)` at the start of the next; each change stays whole on a line now."""
    from tui.widgets.log import hang_wrap

    assert hang_wrap("  ⤷ ►Hoplite +3 (♥6) · ◄Summoning Stone -1 (♥24)", 38) == [
        "  ⤷ ►Hoplite +3 (♥6) ·",
        "    ◄Summoning Stone -1 (♥24)",
    ]


async def test_a_targets_own_text_is_named_under_what_enter_does() -> None:
    """Thunder of Olympus chosen, the cursor on the enemy Hoplite (at 120 × 40): the card panel
    read `Thunder of Olympus: Deal 3 damage to an enemy.` and then `Protect 1.`, the Hoplite's
    own text, as if the spell's; it reads `Hoplite: Protect 1.` now."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "2")  # Thunder of Olympus
        await settle(pilot)
        board = app.screen.query_one("#board")
        board.cursor = (0, 0)
        await settle(pilot)
        board.cursor = (2, 3)
        await settle(pilot)
        panel = [
            line.split("││")[1].strip() for line in screen_text(app).splitlines() if line.count("││") == 2
        ]
        words = " ".join(panel)
        assert "Thunder of Olympus: Deal 3 damage to an enemy. Hoplite: Protect 1." in words, panel


async def test_a_units_health_change_is_a_word_apart_where_it_fits() -> None:
    """Your Hoplite attacks the enemy Hoplite (Protect 1 each: 1 damage both ways): from
    120 × 40 the cells read `2/2 -1`, as a stone's `♥24 -1` (they read `2/2-1`, like a range);
    in the narrow cells of 80 × 24 there is no room for the space: `2/2-1`."""
    from tui.widgets.grid import GridBoard

    for size, bottom in (((120, 40), "2/2 -1"), ((80, 24), "2/2-1")):
        app = skirmish()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            attack = next(a for a in app.screen.legal if a.kind == "attack")
            app.screen.choose(attack)
            await settle(pilot)
            cells = app.screen.query_one(GridBoard).cells
            assert (cells[2][2].bottom, cells[2][3].bottom) == (bottom, bottom), size


async def test_a_long_refusal_is_read_whole_at_80x24() -> None:
    """Enter on your own stone at 80 × 24: the refusal under the decision was cut at the end of
    its row (`✗ Your Summoning Stone does not move or attack: choose one of your units (or a`);
    a refusal too long for that row takes both rows of the prompt now, whole."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        board.focus()
        board.cursor = (2, 0)
        await press(pilot, "enter")
        await settle(pilot)
        words = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "(or a card of your hand: Tab) first." in words, screen_text(app)
        await press(pilot, "escape")  # the decision's words come back
        await settle(pilot)
        assert "Pick a card (1–4) or a unit on the board" in screen_text(app)  # (session 36)


def test_the_health_line_tells_two_changed_units_of_a_side_apart() -> None:
    """Bastet's Afterlife (+1/+1 to adjacent allies) on two Hoplites of player 1: the `⤷` line
    names each by its cell, as the event lines do (already so since round 2; both twins change
    here, not one)."""
    from common.game import Action
    from tests.hotg.helpers import at, make, u
    from tui.log_words import hotg_events

    g = make(
        [u("hoplite", "1,1", 1), u("hoplite", "1,3", 1), u("bastet", "1,2", 1, health=1)],
        p2={"leader": "zeus", "mana": 5},
        active=2,
    )
    bolt = Action("ability", (at(g, "1,2"),))
    before = g.view(None)
    events = g.apply(bolt)
    told = [e.text for e in hotg_events(bolt, events, before, g.view(None), 1)]
    assert told[-1] == "⤷ ►Hoplite at 1,1 +1 (♥4) · ►Hoplite at 1,3 +1 (♥4)", told


def test_a_cells_states_are_said_once() -> None:
    """A unit's states in a cell: in two lines as marks (`2/3z`); in three lines once, in words
    (`2/3`, then `exhausted`: it read `2/3z` and `zz`); the marks stay only when the words are cut."""
    from tui.screens.hotg import unit_cell_lines

    assert unit_cell_lines("2/3", "z", "exhausted", "", 12) == ("2/3z", "2/3", "exhausted")
    assert unit_cell_lines("2/3", "z", "exhausted", "-1", 12) == ("2/3z -1", "2/3 -1", "exhausted")
    assert unit_cell_lines("2/3", "z!", "exhausted stunned", "", 12) == ("2/3z!", "2/3z!", "exhausted s…")
    assert unit_cell_lines("2/3", "", "", "", 7) == ("2/3", "2/3", "")


async def test_an_exhausted_unit_reads_exhausted_at_120x40() -> None:
    """The skirmish with your Hoplite exhausted, at 120 × 40: its cell read `2/3z` over `zz`; it
    reads `2/3` over `exhausted`; at 80 × 24 (two lines a cell) it keeps the mark, `2/3z`."""
    exhausted = SKIRMISH.replace('owner = 1\ncell = "2,2"', 'owner = 1\ncell = "2,2"\nexhausted = true')
    assert exhausted != SKIRMISH
    for size, lines in (
        ((120, 40), ["│►Hoplite    │", "│2/3         │", "│exhausted   │"]),
        ((80, 24), ["│2/3z   │"]),
    ):
        app = game_app("hotg", seed=5, scenario=exhausted, vs="ai")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
            for line in lines:
                assert line in text, text
            assert "zz" not in text


def test_fit_note_keeps_a_long_target_whole() -> None:
    """What Enter does in the card panel at 80 × 24: `3,4 — Enter: Target P2's Terracotta…` lost
    the target's end; the cell goes first (the cursor is on it), the target stays whole."""
    words = "3,4 — Enter: Target P2's Terracotta Warrior"
    assert fit_note(words, 60) == words
    assert fit_note(words, 38) == "Enter: Target P2's Terracotta Warrior"
    assert fit_note(words, 36) == "Enter: P2's Terracotta Warrior"
    stone = "2,8 — Enter: Cast Thunder of Olympus (3 mana) on P2's Summoning Stone"
    assert fit_note(stone, 36) == "2,8 — Enter: Cast… on P2's Stone"
