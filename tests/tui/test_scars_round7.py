"""The Scars screen, session 28 (second round): what the last play-through showed — a refused
blocker counted as declared, the card panel's `blocking:` after the combat, a hero ability
left off the `last:` line, the log's damage lines that did not tell two same-named units
apart, and the replay's `last:` line that lost the attack after the blocks."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.events import Event
from common.game import Action
from tui.app import TriarchApp
from tui.log_words import scars_events
from tui.screens.scars import ScarsScreen
from tui.session import Seats, Session
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard
from tui.widgets.log import GameLog

from .helpers import (
    engine_ready,
    game_app,
    press,
    replay_app,
    replay_of,
    scenario,
    screen_name,
    screen_text,
    settle,
)

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def scars_app(name: str, vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted", vs=vs)


async def test_a_refused_block_is_not_counted_as_declared() -> None:
    """Stone Golem on the Griffin Rider (Flying, SC-83): the row says the refusal, and the total
    read `1 blocker declared — Enter confirms`; a refusal is not counted, and the total says
    it is there (Enter still says the engine's reason, and the dialog stays)."""
    app = scars_app("scars_nine_blockers")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        await press(pilot, "3", "left")  # the last attacker: the Griffin Rider
        await settle(pilot)
        text = screen_text(app)
        assert "✗ Griffin Rider has Flying" in text, text
        assert "No blocks · 1 refused (✗) — change it to confirm" in text, text
        assert "declared" not in text, text
        await press(pilot, "4", "right")  # a block the engine takes: counted
        await settle(pilot)
        assert "1 blocker declared · 1 refused (✗) — change it to confirm" in screen_text(app)
        await press(pilot, "3", "right")  # the Golem's row back to `no block`
        await settle(pilot)
        assert "1 blocker declared — Enter confirms them" in screen_text(app)


def unit_uid(app: TriarchApp, name: str) -> int:
    """The uid of the (first) unit in play named `name`."""
    view = app.session.game.view(None)
    return next(int(u["uid"]) for p in view["players"] for u in p["units"] if u["name"] == name)


async def test_the_card_panel_says_blocking_only_while_the_combat_lasts() -> None:
    """Hot-seat: P1's Stone Golem blocks P2's Grey Wolf, which dies. In P2's second recruitment
    the card panel still read `blocking: Grey Wolf` on the Golem (and `attacking: Aurelia…`
    on nothing alive): as the lanes, it says whom a unit blocks or attacks only in the combat."""
    golem = scenario("scars_wolf_attacks").replace('"n_militia"', '"n_golem"')
    app = game_app("scars", seed=3, scenario=golem, level="scripted", vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # P2's cover, its attack; P1's cover, the blockers dialog: the Golem blocks, confirmed
        for key in ("enter", "1", "enter", "right"):
            await press(pilot, key)
            await settle(pilot)
        golem_uid = unit_uid(app, "Stone Golem")
        table = next(s for s in app.screen_stack if isinstance(s, ScarsScreen))
        blocking = table.named_card({"uid": golem_uid, "blocking": unit_uid(app, "Grey Wolf")})
        assert blocking["blocking"] == "Grey Wolf", blocking  # in the combat: said (by name, session 41)
        for key in ("enter", "enter"):  # the blocks confirmed, combat damage, P2's cover
            await press(pilot, key)
            await settle(pilot)
        assert app.session.game.view(None)["phase"] == "recruit2"
        board, detail = app.screen.query_one(LaneBoard), app.screen.query_one(CardDetail)
        board.move_to(golem_uid)
        await settle(pilot)
        assert detail.card is not None and detail.card["name"] == "Stone Golem", detail.card
        assert detail.card.get("blocking") is None, detail.card
        assert "blocking" not in screen_text(app), screen_text(app)


async def test_a_hero_ability_is_told_on_the_last_line() -> None:
    """Hot-seat: P1 plays a Grey Wolf, moves a life, then Korrag's hero ability (a Wolf token,
    no card named). P2's window read `★ P1 last: Play Grey Wolf (1) in defense (+2 in the
    log)`: the hero ability counts as a card's action, and the hero is the card that acted."""
    app = scars_app("scars_hero_ability", vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # P1's cover, the Wolf; P2's cover, pass; P1's cover, a life, the hero ability; P2's cover
        for key in ("enter", "2", "enter", "1", "enter", "4", "enter", "1", "enter"):
            await press(pilot, key)
            await settle(pilot)
        assert app.session.game.history[-1].kind == "hero"
        text = screen_text(app)
        assert "» P1 last: Hero ability: create 1 Wolf token in defense position (+2 more: o)" in text, text
        assert "★Korrag" in text, text


async def test_the_log_tells_two_same_named_units_apart_in_its_damage_lines() -> None:
    """Two Grey Wolves block two Knights of the Oath: the log read `Knight of the Oath deals 4
    damage to Grey Wolf` twice, and `Grey Wolf dies …` twice (which one?); each unit has its
    place now, as the action's line above says it."""
    app = scars_app("scars_twin_blocks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("right", "down", "right", "right", "enter"):  # 1st Wolf on 1st Knight, 2nd on 2nd
            await press(pilot, key)
            await settle(pilot)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        for lines in (
            "  Knight of the Oath (P2, 1st in ATK) deals 4 damage to Grey Wolf (1st in DEF)",
            "  Grey Wolf (1st in DEF) deals 2 damage to Knight of the Oath (P2, 1st in ATK)",
            "  Knight of the Oath (P2, 2nd in ATK) deals 4 damage to Grey Wolf (2nd in DEF)",
            "  Grey Wolf (2nd in DEF) deals 2 damage to Knight of the Oath (P2, 2nd in ATK)",
            "  Grey Wolf (1st in DEF) dies (4 damage > defense 1)",
            "  Grey Wolf (2nd in DEF) dies (4 damage > defense 1)",
        ):
            assert lines in log, log


def test_a_unit_dealing_damage_to_one_of_its_name_is_told_apart() -> None:
    """`Grove Druid deals 2 damage to Grove Druid`: the source first, the target last."""
    view = {
        "players": [
            {"seat": 0, "units": [{"uid": 5, "name": "Grove Druid", "position": "attack"}]},
            {"seat": 1, "units": [{"uid": 9, "name": "Grove Druid", "position": "defense"}]},
        ]
    }
    ev = Event("combat", "Grove Druid deals 2 damage to Grove Druid", {"uid": 9, "source": 5})
    hero = Event("damage", "Grove Druid deals 2 damage to P2's hero: 2 lives lost (7 left)", {"player": 1})
    told = scars_events(Action("done"), [ev, hero], view, view, 0)
    assert [e.text for e in told] == [
        "Grove Druid (1st in ATK) deals 2 damage to Grove Druid (P2, 1st in DEF)",
        hero.text,
    ]


async def test_the_replay_keeps_the_attack_of_a_turn_after_the_blocks(tmp_path: Path) -> None:
    """The replay's `last:` line after P2's Grey Wolf attacks, P1's Militia blocks and P2 ends
    its turn read `★ P2 last: End 4 Second recruitment`, where the game screen shows the attack
    (`test_the_last_line_keeps_the_attack_of_a_turn_after_your_blocks`): the same rule now."""
    session = Session.new(
        "scars", Seats(["human", "human"], "random"), seed=3, scenario=scenario("scars_wolf_attacks")
    )
    for kind in ("attack", "block", "done"):  # the attack, the block, `End 4 Second recruitment`
        session.apply(next(a for a in session.game.legal_actions() if a.kind == kind))
    assert session.game.turn == 7
    replay = replay_of(session.game, tmp_path / "wolf.json")
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_goto(len(replay))  # type: ignore[attr-defined]
        await settle(pilot)
        text = screen_text(app)
        assert "» P2 last: Grey Wolf attacks, blocked by Village Militia (+1 in the log)" in text, text
        # (`⚔` follows the block: on the Militia, dead by now, no longer on the hero, round 10)
        assert "★Grey Wolf 2/1" in text and "⚔Aurelia" not in text, text


async def test_the_replay_does_not_note_a_pass_as_the_game_screen_does_not(tmp_path: Path) -> None:
    """A pass (the window to respond after the other side's action) is not noted on the game
    screen's `last:` line (`ScarsScreen` said so); the replay's table noted it: a pass of the side
    that had not acted last wiped its marks and words (`★ P1 last: Pass`). The rule now lives on
    the table both screens share."""
    session = Session.new(
        "scars", Seats(["human", "human"], "random"), seed=3, scenario=scenario("scars_wolf_attacks")
    )
    session.apply(next(a for a in session.game.legal_actions() if a.kind == "attack"))  # P2's Wolf
    replay = replay_of(session.game, tmp_path / "wolf.json")
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_goto(len(replay))  # type: ignore[attr-defined]
        await settle(pilot)
        table = app.screen
        before = (table.last_actor, dict(table.marks[0]), list(table.last_words[0]))  # type: ignore[attr-defined]
        assert before[0] == 1, before
        table.note_action(0, Action("pass"), "Pass")  # type: ignore[attr-defined]
        after = (table.last_actor, dict(table.marks[0]), list(table.last_words[0]))  # type: ignore[attr-defined]
        assert after == before
