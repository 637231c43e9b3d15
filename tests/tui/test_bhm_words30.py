"""Session 30, BHM's words: each POD investment's choice says what it does (at 80 × 24 in a line's
few words), and the log's line of the power attack says it in the same words (BH-31, BH-32)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from tui.screens.lanes import Seg
from tui.widgets.actions import ActionList
from tui.widgets.log import GameLog

from .helpers import POD500_INVEST, bhm_session, engine_ready, press, resumed, settle, uid_of

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Pyre Warlock (POD 500) power-attacks P2's Ember Squire (Salud 300)
SQUIRE = POD500_INVEST.replace('card = "kalzar"         # Salud 1300', 'card = "ember_squire"')


def choice_lines(app: object) -> list[str]:
    """The choice list's lines as drawn, without their numbers."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    return [" ".join(str(o.prompt).split()).split(". ", 1)[1] for o in actions.options]


async def test_each_investment_choice_says_what_it_does(tmp_path: Path) -> None:
    """`Invest 300 POD` and `Invest 100 POD` read alike, though one kills the Ember Squire: only
    the dialog's summary said it. 80 × 24: in a line's few words, as the attacks' (`kills`,
    `-100 Salud`), and uncut; from 120 × 40 the engine's words."""
    s = bhm_session(SQUIRE, tmp_path / "s.json")
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "ember_squire"))))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # the dialog: the choice list instead
        await settle(pilot)
        assert choice_lines(app) == [
            "100 POD: -100 Salud",
            "200 POD: -200 Salud",
            "300 POD: kills",
            "400 POD: kills",
            "all 500 (POD 1 after): kills",
        ]
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[0] == "Invest 100 POD: 100 to Salud", lines
        assert lines[2] == "Invest 300 POD: 300 to Salud, kills it", lines
        assert lines[4] == "Invest all 500 POD (POD 1 after): 500 to Salud, kills it", lines
        await press(pilot, "3")
        await settle(pilot)
        log = [" ".join(line.split()) for line in app.screen.query_one(GameLog).plain]
        # it read `Ember Squire loses 300 Salud (Pyre Warlock's power attack): 0 left`
        assert "Pyre Warlock's power attack on Ember Squire: 300 to Salud, kills it" in log, log
        assert not any(" loses " in line for line in log), log


def roomy_dead(dead: list[str], marks: dict[int, str], width: int = 70) -> list[str]:
    """The roomy lanes' deserters-and-dead line of a side whose dead zone holds `dead` (uids 1, 2,
    …), drawn `width` columns wide, as rows of text."""
    from tui.screens.bhm import dead_line
    from tui.screens.lanes import words
    from tui.widgets.lanes import LaneBoard

    cards = [{"uid": i + 1, "name": name, "type": "being"} for i, name in enumerate(dead)]
    board = LaneBoard()
    board.lines = [dead_line([*words("  deserters:"), Seg(" —")], cards, marks, width)]
    board.line_styles = [""]
    placed, rows, _ = board._layout(width)
    text = [[" "] * width for _ in range(rows)]
    for p in placed:
        label = p.seg.text if p.seg.uid is None else " " + p.seg.text  # a chip: its cursor column
        for k, ch in enumerate(label):
            text[p.row][p.x + k] = ch
    return ["".join(row).rstrip() for row in text]


DEAD = [
    *("Spark Imp", "Ember Squire", "Wind Dancer", "Iron Sword", "Fire Bolt", "Storm Roc"),
    *("Tide Sentinel", "Hollow Wraith", "Stone Golem", "Mist Seer", "Kalzar, Elder Wyrm", "Thunder Knight"),
]


def test_the_roomy_dead_zone_shows_every_marked_card_and_fills_its_rows() -> None:
    """120 × 40: the dead zone named its latest four (`dead (12): … Stone Golem, Mist Seer, Kalzar,
    Elder Wyrm, Thunder Knight`): the Wind Dancer your attack killed (`⚔`) before a wipe of eight
    was out of sight, and the rows it took had room for more. Now every marked card and the
    latest four, `…` for each run left out, then as many before those as its rows hold."""
    assert roomy_dead(DEAD, {3: "⚔"}) == [
        "  deserters: — · dead (12): … ⚔Wind Dancer, … Hollow Wraith,",
        "       Stone Golem, Mist Seer, Kalzar, Elder Wyrm, Thunder Knight",
    ]
    assert roomy_dead(DEAD, {3: "⚔", 1: "★"}) == [
        "  deserters: — · dead (12): ★Spark Imp, … ⚔Wind Dancer, … Stone Golem,",
        "       Mist Seer, Kalzar, Elder Wyrm, Thunder Knight",
    ]
    # no mark: the rows the latest four took, filled
    assert roomy_dead(DEAD, {}) == [
        "  deserters: — · dead (12): … Storm Roc, Tide Sentinel, Hollow Wraith,",
        "       Stone Golem, Mist Seer, Kalzar, Elder Wyrm, Thunder Knight",
    ]
    # room for all of it: whole, as a zone of four or fewer reads
    assert " ".join(roomy_dead(DEAD, {3: "⚔"}, 100)).startswith(
        "  deserters: — · dead: Spark Imp, Ember Squire, ⚔Wind Dancer, Iron Sword,"
    )
    assert roomy_dead(DEAD[:3], {}) == ["  deserters: — · dead: Spark Imp, Ember Squire, Wind Dancer"]


async def test_a_refused_number_goes_at_the_next_key(tmp_path: Path) -> None:
    """`There is no choice 7: …` stayed under the prompt until the table's cursor moved, over the
    list's own keys and a choice: it goes at the next key, as the other refusals go when the
    player moves on; a number past the end again says so again."""
    from tui.widgets.status import Prompt

    s = bhm_session(SQUIRE, tmp_path / "s.json")
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one(Prompt)
        app.screen.query_one(ActionList).focus()  # the list's keys, not the table's cursor
        await settle(pilot)
        for key in ("down", "up", "9"):
            await press(pilot, "7")
            await settle(pilot)
            assert prompt.error.startswith("There is no choice 7: the list has "), prompt.error
            await press(pilot, key)
            await settle(pilot)
            said = prompt.error
            assert said == ("" if key != "9" else said) and "choice 7" not in said, (key, said)
        assert prompt.error.startswith("There is no choice 9"), prompt.error
        await press(pilot, "enter")  # the choice list's Enter: the card's choices (no action yet)
        await settle(pilot)
        assert prompt.error == "", prompt.error


async def test_last_names_the_card_a_target_was_chosen_for(tmp_path: Path) -> None:
    """The one-line `last:` told `★ P2 (AI) last: Target Storm Roc (+5 in the log)`: which card
    aimed at it was out of sight (its line before, and the stack once it resolved). It names it."""
    from .helpers import REACTION_CHAIN

    s = bhm_session(REACTION_CHAIN, tmp_path / "s.json")
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        assert screen.choose(Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "flame_adept"))))
        await settle(pilot)
        assert screen.choose(Action("target", (uid_of(s, "tide_sentinel"),)))
        await settle(pilot)
        said = [w for w, _ in screen.last_words[0]]  # (what P2's `last:` tells of P1, the AI's too)
        assert "Target Tide Sentinel with Fire Bolt" in said, said
