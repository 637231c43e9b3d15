"""Hand of the Gods read by a new player at 80 × 24 and 120 × 40: the choices keep whom they
aim at, the target cursor starts on the likely target, the card panel keeps the target's
stats in sight, the enemy's stone is told from the viewer's side, the help names only this
game's dialogs."""

from __future__ import annotations

import pytest

from tui.widgets.grid import GridBoard
from tui.widgets.hanging_list import keep_target, keep_targets

from .helpers import SKIRMISH, engine_ready, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")

# Hermes' Recall returns any unit (yours too) to its owner's hand.
RECALL = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]', 'hand = ["recall", "cyclops"]'
)


async def test_a_cut_spell_choice_keeps_whose_stone_it_aims_at() -> None:
    """80 × 24, Thunder of Olympus picked: the choices read `Cast Thunder of… on P2's Stone`
    and `Cast Thund… on P2's Hoplite at 2,3`; they read `Cast Thunder of Olympus on… Stone`,
    whose stone left out."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        text = screen_text(app)
        # (round 6: below 120 × 40 under what they do, each its target whole)
        assert "Cast Thunder of Olympus on:" in text
        assert "▸ P2's Summoning Stone" in text and "▸ P2's Hoplite at 2,3" in text
        assert "on… Stone" not in text
        thunder = app.screen.query_one("#actions").actions[0]
        assert app.screen.choice_words(thunder) == "Cast Thunder of Olympus (3 mana) on P2's Summoning Stone"


def test_keep_target_cuts_the_start_of_other_choices_too() -> None:
    """An attack and a move keep what they aim at (`…attacks P2's Stone`, `… to 2,4`), a
    choice without a target or with too long a target is left to the list's own cut."""
    assert keep_target("Oracle of Delphi attacks P2's Stone", 30) == "Oracle of… attacks P2's Stone"
    assert keep_target("Move Terracotta Warrior at 2,2 to 2,4", 30) == "Move Terracotta… to 2,4"
    assert (
        keep_target("Activate Oracle of Delphi's Warcry on Hoplite", 33) == "Activate Oracle of… on Hoplite"
    )
    assert keep_target("End the turn", 8) == "End the turn"
    assert keep_target("Use Bolt on Blessing of the Aegis Guardian", 30) == (
        "Use Bolt on Blessing of the Aegis Guardian"
    )
    assert keep_target("Use Bolt on Hoplite", 30) == "Use Bolt on Hoplite"
    # two Terracotta Warriors to one cell would read the same: left to the list's own cut
    moves = ["Move Terracotta Warrior at 2,2 to 2,4", "Move Terracotta Warrior at 3,3 to 2,4"]
    assert keep_targets(moves, 30) == moves
    assert keep_targets([moves[0], "End the turn"], 30) == ["Move Terracotta… to 2,4", "End the turn"]


async def test_the_target_cursor_starts_on_the_enemy_of_a_spell_that_may_hit_either_side() -> None:
    """Hermes' Recall may return either Hoplite: the cursor starts on the enemy's (2,3), not on
    your own (2,2), which was nearer your stone and the cursor."""
    app = skirmish(scenario=RECALL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        board.cursor = (2, 1)
        await pilot.press("1")  # Hermes' Recall
        await settle(pilot)
        assert {(2, 2), (2, 3)} <= set(app.screen.cell_actions)
        assert board.cursor == (2, 3)
        board.cursor = (2, 2)  # on your own Hoplite: the cursor goes to the enemy's all the same
        await pilot.press("escape", "1")
        await settle(pilot)
        assert board.cursor == (2, 3)


async def test_the_target_cursor_starts_on_your_unit_for_a_spell_for_your_units() -> None:
    """Healing Spring (yours only: your units and your stone) starts on your Hoplite (2,2),
    not on your stone (2,0)."""
    app = skirmish(scenario=RECALL.replace('hand = ["recall", "cyclops"]', 'hand = ["healing_spring"]'))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        board.cursor = (2, 1)  # as near your stone as your Hoplite: it went to the stone
        await pilot.press("1")
        await settle(pilot)
        assert set(app.screen.cell_actions) == {(2, 0), (2, 2)}
        assert board.cursor == (2, 2)


async def test_the_targets_stats_stay_in_sight_under_a_spells_text_at_80x24() -> None:
    """80 × 24, Thunder of Olympus over the enemy Hoplite: the panel's four lines start with
    `Hoplite · 2/3 · move 2` (what will be hit), then the spell's words; the spell's text and
    the choice filled them and pushed the Hoplite out of sight."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert app.screen.query_one(GridBoard).cursor == (2, 3)
        text = screen_text(app)
        assert "│ Hoplite · 2/3 · move 2" in text
        assert "Thunder of Olympus: Deal 3 damage to" in text


async def test_the_enemy_stones_panel_says_whose_gods_power() -> None:
    """120 × 40, the cursor on the enemy stone: `Leader Ability — P2's god's power`, not
    `your god's power`; your own stone still says `your`."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        board.cursor = (2, 7)
        await pilot.press("right")  # the enemy stone
        await settle(pilot)
        text = screen_text(app)
        assert "Leader Ability — P2's god's power" in text and "your god's power" not in text
        board.cursor = (2, 1)
        await pilot.press("left")  # your stone
        await settle(pilot)
        assert "Leader Ability — your god's power" in screen_text(app)


def test_the_help_names_only_this_games_dialogs() -> None:
    """The help's `Everywhere` lines in HotG: `d` opens the revealed cards again; no BHM or
    Scars dialogs (`blockers`, `damage split`, `amount to invest`), `:` takes `end`, not
    `pass`."""
    from tui.screens.hotg import HotgScreen

    keys = HotgScreen.help_keys()  # what `?` shows (test_hotg_s32: F1 opens it)
    assert "**Everywhere**" in keys and "open the revealed cards again" in keys
    for word in ("blockers", "damage split", "invest", "`pass`"):
        assert word not in keys
    assert "(e.g. `end`)" in keys and "Ctrl+S" in keys


async def test_a_warcrys_target_decision_says_what_the_warcry_does_at_80x24() -> None:
    """Aphrodite deployed (keys 3, Enter): `Choose a target for Aphrodite` — the card panel
    comes up over the log and says `Aphrodite: Warcry: give an allied unit Protect 1.` under
    the target's line; it showed the log, and over a target only the target, the Warcry's
    words nowhere on the table."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3", "enter")
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "target"
        assert not app.screen.has_class("-show-log")
        text = screen_text(app)
        assert "│ Aphrodite · 2/5 · move 2 · exhausted" in text
        assert "Aphrodite: Warcry: give an allied" in text


async def test_a_hand_cards_text_is_in_sight_before_in_your_hand_at_80x24() -> None:
    """A new game at 80 × 24 (seed 3), `2` on Magic Shell, which has no target yet: the panel
    (three lines under the refusal) reads the card and its whole text, `in your hand` after
    them; it read `in your hand` first and its text was cut at `…Protect 2 until`."""
    from .helpers import game_app

    app = game_app("hotg", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        text = screen_text(app)
        assert "✗ Magic Shell has no valid target now" in text
        assert "│ Magic Shell · spell · cost 1" in text and "your next turn." in text
