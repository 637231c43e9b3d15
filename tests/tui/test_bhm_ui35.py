"""Session 35, BHM's table polished: one wording for a being's zone, the stats' key in words, the
card panel on the target under the cursor, a toast that hides neither the card panel nor the log,
`★` for the card that acted only, and the phase steps with no choice taken for the player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import engine_ready, game_app, press, saved_game_kept_toast, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


async def test_the_saved_game_toast_hides_neither_the_card_panel_nor_the_log() -> None:
    """A new game over a game in progress keeps that game and says so (`Saved game kept`, 15 s): at
    80 × 24 the toast stood over the card panel and the log (Textual's place, bottom right); it
    stands over the right of the opponent's lane now, under its head line, clear of the prompt."""
    from tui.widgets.detail import CardDetail
    from tui.widgets.log import GameLog
    from tui.widgets.status import Prompt

    async with saved_game_kept_toast("bhm", (80, 24)) as (screen, toast):
        for widget in (screen.query_one(CardDetail), screen.query_one(GameLog), screen.query_one(Prompt)):
            assert not toast.overlaps(widget.region), (toast, widget, widget.region)
        assert toast.y >= 2  # (the title and the opponent's head line stay in sight)


def lane_text(app: Any) -> str:
    """The lanes' lines as drawn, joined (all of them: those scrolled out of sight too)."""
    from tui.widgets.lanes import LaneBoard

    board = app.screen.query_one(LaneBoard)
    return "\n".join("".join(seg.text for seg in segs) for segs in board.lines)


async def test_a_being_is_named_the_same_on_the_lanes_in_the_choices_and_in_the_log() -> None:
    """A mirror of names (an Ember Squire on each side): the engine's label is `Ember Squire (P2
    zone 1)` (another Ember Squire in play), the lanes said `Ember Squire`, the choices `Ember
    Squire` and the log `Ember Squire (P2 zone 1)`. One wording now, `Ember Squire z1`, the lanes
    marking each being the engine's label places (BH-80: the being zones)."""
    from common.game import Action
    from tui.widgets.log import GameLog

    from .helpers import uid_of
    from .test_bhm_ui31 import choice_lines
    from .test_bhm_ui33 import MIRROR

    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        theirs = next(c for c in s.game.zones.cards.values() if c.defn.id == "ember_squire" and c.owner == 1)
        mine = next(c for c in s.game.zones.cards.values() if c.defn.id == "ember_squire" and c.owner == 0)
        assert s.game.label(theirs) == "Ember Squire (P2 zone 1)"  # type: ignore[attr-defined]
        lanes = lane_text(app)
        assert "Ember Squire z1" in lanes and "Ember Squire z2" in lanes, lanes
        lines = choice_lines(app)
        assert any(line.endswith(": Ember Squire z1") for line in lines), lines
        assert "Ember Squire z2 attacks:" in lines, lines
        attack = Action("attack", (mine.uid, theirs.uid))
        assert attack in s.legal()
        await press(pilot, str(app.screen.query_one("ActionList").actions.index(attack) + 1))
        await settle(pilot)
        log = " ".join(" ".join(app.screen.query_one(GameLog).plain).split())
        # (session 36: the log, read away from the lanes, says whose each is: `of P1`, `of P2`)
        assert "Ember Squire z2 of P1 attacks Ember Squire z1 of P2" in log, log
        assert "zone 1)" not in log and "zone 2)" not in log, log
    del uid_of
    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(120, 40)) as pilot:  # the roomy lanes and the engine's words
        await settle(pilot)
        lanes = lane_text(app)
        assert " 1Ember Squire z1 R1" in lanes and " 2Ember Squire z2 R1" in lanes, lanes  # (marks aside)
        words = " ".join(app.screen.query_one("ActionList").words)  # type: ignore[attr-defined]
        assert "Mountain Giant attacks Ember Squire z1 (" in words and "(P2 zone" not in words, words


async def test_the_beings_numbers_are_said_in_words_on_the_middle_line() -> None:
    """`beings P/F/R/V/S ÷100` on the middle line could not be read: the numbers of `Magma Drake
    5/6/4/5/9` are said in words that fit the line (`POD/FUE/RES/VAL/Salud in 100s`), and not at
    all while no being is on the table; the help says them whole."""
    from tui.screens.bhm import BHM_KEYS

    from .test_bhm_ui33 import MIRROR

    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        middle = next(line for line in lane_text(app).splitlines() if line.startswith(" Turn "))
        assert "÷" not in middle and "POD/FUE/RES/VAL/Salud in " in middle, middle
        assert len(middle) <= 80, middle
    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)  # (the mulligan: no being on the table)
        middle = next(line for line in lane_text(app).splitlines() if line.startswith(" Turn "))
        assert "100s" not in middle and "÷" not in middle, middle
    assert "POD/FUE/RES/VAL/Salud in 100s" in BHM_KEYS


async def test_the_card_panel_shows_the_target_of_the_attack_under_the_cursor() -> None:
    """80 × 24, the combat's list `Mountain Giant attacks: / kills: Ember Squire z1`: the card panel
    showed the Mountain Giant, not the being the highlighted line names; it shows the target now,
    under the attack's whole words (BH-30)."""
    from tui.widgets.actions import ActionList
    from tui.widgets.detail import CardDetail

    from .test_bhm_ui33 import MIRROR

    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        actions = app.screen.query_one(ActionList)
        await press(pilot, "tab")  # (the keyboard on the list)
        await settle(pilot)
        assert actions.has_focus
        seen = 0
        for _ in range(len(actions.actions)):
            attack = actions.highlighted_action
            if attack is None or attack.kind != "attack":
                await press(pilot, "down")
                await settle(pilot)
                continue
            seen += 1
            panel = app.screen.query_one(CardDetail)
            assert panel.card is not None and panel.card["uid"] == attack.args[1], panel.card
            attacker = app.screen.being_names()[attack.args[0]]  # type: ignore[attr-defined]
            assert panel.note.startswith(f"{attacker} attacks"), panel.note
            await press(pilot, "down")
            await settle(pilot)
        assert seen >= 2


async def test_the_last_actions_line_has_its_own_mark_and_the_star_one_meaning() -> None:
    """`★ P2 (AI) last: Draw a card` and `dead 1: ★Hollow Wraith` on one table: `★` said two things.
    The line of the other side's last actions is led by `»` now; `★` marks the card that acted, and
    the help says both."""
    from tests.tui.helpers import screen_text
    from tui.screens.bhm import BHM_KEYS

    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "6")  # keep the opening hand
        await settle(pilot)
        text = screen_text(app)
        assert " » P2 (AI) last: " in text, text
        assert "★ P2" not in text, text
    assert "`» P2 (AI) last: …`" in BHM_KEYS and "`★` the card that acted" in BHM_KEYS


async def test_the_steps_with_no_choice_are_taken_for_the_player_and_told(tmp_path: Path) -> None:
    """An early turn (C.LL 0: no call, no being to attack with) asked four keys, three of which did
    nothing (`Go to combat`, `End combat`, `End the turn`: BH-21, BH-22, BH-23 with nothing to do):
    the table takes those and the log says why, on one line (three took most of the log's rows at
    80 × 24); the optional draw (BH-24) is still asked. A resumed game tells them again alike."""
    from tests.tui.helpers import resume_app
    from tui.widgets.log import GameLog

    said = (
        "P1 (you): Go to combat · End combat · End the turn — nothing left to play, no being"
        " can attack (call budget 0) Combat phase · Second strategy phase · Final phase",
    )
    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "6")  # keep the opening hand
        await settle(pilot)
        s = app.session
        assert s is not None and s.decision is not None
        assert s.decision.kind == "draw" and s.decision.player == 0, s.decision  # BH-24: the player's
        kinds = [a.kind for a in s.game.history[-3:]]
        assert kinds == ["next", "next", "next"], s.game.history
        log = " ".join(" ".join(app.screen.query_one(GameLog).plain).split())
        for words in said:
            assert words in log, log
        path = s.save_path
    async with resume_app(path).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = " ".join(" ".join(pilot.app.screen.query_one(GameLog).plain).split())
        for words in said:
            assert words in log, log


async def test_the_names_stay_whole_when_cutting_them_would_not_spare_the_scrolling() -> None:
    """80 × 24, the dense late board: the lanes scroll with the names whole or cut (17 rows or 16
    in 11), and they were cut to a few letters (`+Iron Sw…`, `+Arcane…`, `+War Ban…`), which
    saved one row. Whole now; cut only where that makes the lanes fit (or spares 3 rows)."""
    from tests.tui.helpers import dense_late_app

    app = dense_late_app("bhm")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lanes = lane_text(app)
        for name in ("+Iron Sword", "+Arcane Channel", "+War Banner", "+Tower Shield"):
            assert name in lanes, lanes
        assert "…" not in lanes.replace("(+", ""), lanes


async def test_a_piles_cards_are_set_apart_from_the_next_pile_count() -> None:
    """Seen playing at 80 × 24: `dead 2: ✦Obsidian Guard des 0` read as a card `Obsidian Guard des 0`;
    a dot sets the next count apart after a pile's cards (`dead 1: ✦Spark Imp · des 0`), and the
    counts without cards read as before (`inv 0 dead 0 des 0`)."""
    import copy

    from .helpers import uid_of
    from .test_bhm_ui33 import MIRROR

    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        view = copy.deepcopy(screen.view_data)
        mine = next(p for p in view["players"] if p["seat"] == 0)
        imp = uid_of(app.session, "spark_imp", 0)  # type: ignore[arg-type]
        mine["dead"] = [{"uid": imp, "name": "Spark Imp", "type": "being"}]
        screen.pile_uids = {imp}  # (a card of a choice now: drawn as a chip)

        def head(p: dict[str, Any]) -> str:
            return "".join(seg.text for seg in screen.render_player_dense(view, p, p["seat"] == 0)[0][1])

        assert "dead 1:Spark Imp · des 0" in head(mine).replace(": ", ":"), head(mine)
        theirs = next(p for p in view["players"] if p["seat"] == 1)
        assert "dead 0 des 0" in head(theirs), head(theirs)


def test_a_single_step_taken_says_its_phase() -> None:
    """One step taken alone says which phase had nothing to play (`no_choice_words`)."""
    from tui.screens.bhm import no_choice_words

    assert (
        no_choice_words("You", [("Go to combat", "strategy1", 3)])
        == "You: Go to combat — nothing left to play in the first strategy phase (call budget 3)"
    )
    assert (
        no_choice_words("You", [("End combat", "combat", None)])
        == "You: End combat — no being can attack now"
    )
    assert (
        no_choice_words("You", [("End combat", "combat", None), ("End the turn", "strategy2", 0)])
        == "You: End combat · End the turn — no being can attack, nothing left to play (call budget 0)"
    )
