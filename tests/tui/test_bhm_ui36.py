"""Session 36, BHM's table as a first-time player stumbles on it: a mark one meaning (`◆` the power or
invocation a being played, `✦` only what was aimed at), no mark on a card spent in the dead zone,
whose twin the log names in a mirror match, the help's heading, the toasts, the reason a hand card
cannot be played in the final phase, the mulligan's draw in words that fit."""

from __future__ import annotations

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, saved_game_kept_toast, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# both decks the same, each side an Ember Squire in its zone 1: the lanes mark both `Ember Squire z1`
TRUE_MIRROR = '[scenario]\ngame = "bhm"\ntitle = "a mirror match"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire", "mountain_giant"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire", "cinder_hound"]),
    turn=6,
    active=1,
    phase="combat",
    armageddon="off",
)


def test_a_power_played_is_marked_apart_from_what_is_aimed_at() -> None:
    """`✦` marked both the power a being executed (or the invocation it made) and the target the
    power then aimed at: one glyph, two meanings. The power is `◆` now, its being `★`, its target
    `✦`; a card discarded (BH-81) bears no mark (it did not act: `★` on it in the dead zone)."""
    from tui.screens.bhm import MARK_PLAYED, BhmTable
    from tui.screens.lanes import MARK_ACTOR, MARK_AIMED

    table = BhmTable()
    power, being, target, invocation, discarded = 11, 12, 13, 14, 15
    table.note_action(1, Action("power", (power, being)), "Mist Seer executes Stoneskin")
    table.note_action(1, Action("target", (target,)), "Target Flame Adept")
    table.note_action(1, Action("invoke", (invocation, being)), "Mist Seer invokes Sylph")
    table.note_action(1, Action("discard", (discarded,)), "Discard Spark Imp")
    marks = table.marks[1]
    assert marks == {being: MARK_ACTOR, power: MARK_PLAYED, target: MARK_AIMED, invocation: MARK_PLAYED}, (
        marks
    )
    assert MARK_PLAYED not in (MARK_ACTOR, MARK_AIMED, "⚔")


async def test_the_log_of_a_mirror_match_says_whose_twin_each_is() -> None:
    """Both sides with an Ember Squire in zone 1: the log said `Ember Squire z1 attacks Ember Squire
    z1` (the engine's `(P1 zone 1)` and `(P2 zone 1)` in the lanes' words), whose card each was lost.
    The log says `… z1 of P1 attacks … z1 of P2`; the lanes, where each side has its own lane, and the
    choices keep `Ember Squire z1`."""
    from .test_bhm_ui31 import choice_lines

    app = game_app("bhm", seed=1, scenario=TRUE_MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        squires = {c.owner: c.uid for c in s.game.zones.cards.values() if c.defn.id == "ember_squire"}
        lines = choice_lines(app)
        assert "Ember Squire z1 attacks:" in lines, lines
        attack = Action("attack", (squires[0], squires[1]))
        await press(pilot, str(app.screen.query_one("ActionList").actions.index(attack) + 1))
        await settle(pilot)
        log = " ".join(" ".join(app.screen.query_one(GameLog).plain).split())
        assert "Ember Squire z1 of P1 attacks Ember Squire z1 of P2" in log, log
        assert "Ember Squire z1 attacks Ember Squire z1" not in log, log


async def test_the_help_does_not_say_the_games_name_again() -> None:
    """The help opens `BHM — press Esc to close`; BHM's own keys were headed `**BHM**` again (and in
    the menu's help, under `At the table of BHM`). Their heading says what they are about; the
    marks are said once, in BHM's words (the lanes' line of marks said them a second time)."""
    from tui.screens.bhm import BHM_KEYS, BhmScreen

    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        keys: str = app.screen.keys_md  # type: ignore[attr-defined]
        assert app.screen.title_text == "BHM"  # type: ignore[attr-defined]
        assert "**BHM**" not in keys and "**Calls, beings and marks**" in keys, keys
        assert "BHM — press Esc to close" in screen_text(app)
        assert keys == BhmScreen.help_keys()  # (what the other help tests read alone)
    assert "**BHM" not in BhmScreen.help_keys()
    assert BhmScreen.help_keys().count("`⚔`") == 1 and BhmScreen.help_keys().count("`✦`") == 1
    assert "`◆` the power or invocation" in " ".join(BHM_KEYS.split())


async def test_the_saved_game_toast_hides_no_log_line_at_120x40() -> None:
    """120 × 40, a new game over a game in progress (`Saved game kept`, 15 s): the toast stood over
    the right half of the log, its latest lines hidden. It stands over the bottom of the lanes now,
    above the log, clear of the choices, the card panel and the prompt; its path whole."""
    from tui.widgets.actions import ActionList
    from tui.widgets.detail import CardDetail
    from tui.widgets.status import Prompt

    async with saved_game_kept_toast("bhm", (120, 40)) as (screen, toast):
        for kind in (GameLog, CardDetail, ActionList, Prompt):
            widget = screen.query_one(kind)
            assert not toast.overlaps(widget.region), (toast, kind, widget.region)
        assert "-kept.json" in screen_text(screen.app)  # (the path to resume it, not cut)


async def test_enter_on_a_hand_card_in_the_final_phase_says_why_it_cannot_be_played() -> None:
    """Seed 4, 80 × 24: P2 plays first; on P1's first turn (C.LL 0) the table takes the strategy and
    combat phases for it (nothing to play) and it lands on the final phase's draw. Enter on Magma
    Drake said `No choice with Magma Drake now: choose in the list`, no reason, where the first
    strategy phase said `not enough call budget`. It says both now, whole on two rows (BH-24,
    BH-10), and the same for a strategy card (BH-11)."""
    from tui.widgets.lanes import LaneBoard
    from tui.widgets.status import Prompt

    app = game_app("bhm", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "6")  # keep the opening hand
        await settle(pilot)
        s = app.session
        assert s is not None and s.decision is not None and s.decision.kind == "draw", s.decision
        board = app.screen.query_one(LaneBoard)
        said = {}
        for cid in ("magma_drake", "council_of_war"):
            card = next(c for c in s.game.zones.cards.values() if c.defn.id == cid and c.zone == "hand:0")
            board.focus()
            board.move_to(card.uid)
            await settle(pilot)
            await press(pilot, "enter")
            await settle(pilot)
            said[cid] = app.screen.query_one(Prompt).error
            rows = " ".join(line.strip() for line in screen_text(app).splitlines())
            assert said[cid] and said[cid] in rows, (said, screen_text(app))  # (not cut)
        assert said["magma_drake"] == (
            "The final phase only draws (BH-24); before it, not enough call budget: Magma Drake is rank 6,"
            " you have 0 left (BH-10) (Tab: the list)"
        ), said
        assert said["council_of_war"].startswith(
            "The final phase only draws (BH-24); before it, Council of War"
        )
        assert s.decision.kind == "draw"  # (nothing chosen)


async def test_the_mulligan_choices_fit_one_line_at_80x24() -> None:
    """Seed 10, 80 × 24, the opening hand (BH-02): `Set aside Ignaros… of Cinders` and, once a card
    is set aside, `Draw 1 for the 1 set aside…` were cut. A long name goes before its epithet
    (`Set aside Ignaros`: the card panel shows it whole), the draw says what it draws, and its
    whole words (`then shuffled into the deck`) are in the card panel while it is highlighted."""
    from tui.widgets.actions import ActionList
    from tui.widgets.detail import CardDetail

    from .test_bhm_ui31 import choice_lines

    app = game_app("bhm", seed=10)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert "Set aside Ignaros" in lines and not any("…" in line for line in lines), lines
        assert "│ 3. Set aside Ignaros " in screen_text(app)
        await press(pilot, "1")  # set aside the first card
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[-1] == "Draw 1 for the 1 set aside" and not any("…" in line for line in lines), lines
        listing = app.screen.query_one(ActionList)
        listing.highlighted = len(lines) - 1
        await settle(pilot)
        panel = " ".join(" ".join(str(app.screen.query_one(CardDetail).render()).split()).split())
        assert "Draw 1 for the 1 set aside (then shuffled into the deck)" in panel, panel
    app = game_app("bhm", seed=10)
    async with app.run_test(size=(120, 40)) as pilot:  # roomy: the engine's words whole
        await settle(pilot)
        assert "Set aside Ignaros, Lord of Cinders" in choice_lines(app)


def test_last_names_a_twin_as_the_lanes_mark_it() -> None:
    """The log says whose a twin is (`Wind Dancer z1 of P1`); `last:`, one line beside the lanes,
    keeps the lanes' `Wind Dancer z1`: `React with Iron Will to Wind Dancer z1 of P1 attacks Stone…`
    lost its target at 80 columns."""
    from tui.screens.bhm import BhmTable

    table = BhmTable()
    said = "React with Iron Will to Wind Dancer z1 of P1 attacks Stone Golem (physical)"
    table.note_action(1, Action("react", (7,)), said)
    assert (
        table.last_words[1][-1][0] == "React with Iron Will to Wind Dancer z1 attacks Stone Golem (physical)"
    )
    cut = table.fit_last(said, 63)
    assert cut.startswith("React with Iron Will to Wind Dancer z1 attacks Stone Golem"), cut


@pytest.mark.parametrize("width", range(20, 40))
def test_a_wrapped_head_line_keeps_a_piles_count_with_its_label_and_colon(width: int) -> None:
    """From 120 × 40, a crowded table's dense head line wrapped as `… inv 9 dead 9` / `: ⚔Cinder
    Hound · des 0`: the colon, or the count, began a row. A pile's label, count and colon stay on
    one row, whatever the width."""
    from tui.screens.lanes import pile
    from tui.widgets.lanes import LaneBoard, words

    dead = [{"uid": 5, "name": "Cinder Hound"}, {"uid": 6, "name": "Spark Imp"}]
    segs = words(" ► P1 (you) C.LL 15/32 budget 10 · hand 1 deck 39 inv 9") + pile(
        "dead", dead, set(), {5: "⚔"}
    )
    board = LaneBoard()
    board.show([("", segs)], set())
    placed, _, _ = board._layout(width)
    rows: dict[int, str] = {}
    for p in placed:
        rows[p.row] = rows.get(p.row, "") + p.seg.text
    assert any("dead 2:" in row for row in rows.values()), rows
    assert not any(row.startswith((":", "2")) for row in rows.values()), rows
