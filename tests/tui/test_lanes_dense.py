"""The lane screens at 80 × 24 (dense layout) and cursor targeting (issue 4,
items 3-5 and 10): both sides' units, the own hand, the prompt and the choices
fit without scrolling; a target is chosen by Enter on its card, a source then
its target by two Enters, a refused card is explained with the engine's reason;
the other side's last actions are marked on the lanes and told in one line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from common.agents import make_agent
from common.errors import IllegalAction
from common.game import Action
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.session import Seats, Session
from tui.widgets.detail import find_cards

from .helpers import engine_ready, press, resume_app, screen_text, settle
from .test_dialogs import reach


def needs(game_id: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not engine_ready(game_id), reason=f"the {game_id} engine is not available")


def mid_game(game_id: str, path: Path, actions: int, seed: int = 5) -> Session:
    """Scripted play on both sides for `actions` actions, then on until player 1 decides."""
    s = Session.new(game_id, Seats.make("ai", "scripted"), seed=seed, save_path=path)
    agents = [make_agent(s.cls, "scripted", 11), make_agent(s.cls, "scripted", 12)]
    n = 0
    while not s.over and (n < actions or s.decision.player != 0):
        s.apply(agents[s.decision.player].choose(s.game.clone()))
        n += 1
    assert not s.over
    s.save()
    return s


def assert_fits_without_scrolling(app: Any) -> None:
    screen = app.screen
    board = screen.query_one("#lane-board")
    lanes = screen.query_one("#lanes")
    assert screen.dense
    assert board.virtual_size.height <= lanes.size.height, "the lanes scroll at 80 × 24"
    assert lanes.size.width == 80  # the lanes have the whole width
    text = screen_text(app)
    view = screen.view_data
    me = app.session.viewer()
    for card in view["players"][me]["hand"]:  # the own hand, by (short) name
        assert card["name"][:8] in text
    assert screen.query_one("#prompt").shown().split(":")[0] in text  # (its words as drawn)
    assert screen.query_one("#actions").option_count >= 1 and screen.query_one("#actions").size.height >= 3


@needs("bhm")
async def test_bhm_dense_layout_shows_both_sides_hand_prompt_and_choices_at_80x24(tmp_path: Path) -> None:
    s = mid_game("bhm", tmp_path / "s.json", 80)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_fits_without_scrolling(app)
        text = screen_text(app)
        view = s.game.view(0)
        assert len(re.findall(r"C\.LL \d+/", text)) == 2 and "in 100s" in text  # (the heads; the stats' key)
        for p in view["players"]:  # every being of both sides, as a short chip
            for z in p["zones"]:
                if z["being"]:
                    assert z["being"]["name"][:8] in text
        # The card under the cursor is told in full in the card panel.
        board = app.screen.query_one("#lane-board")
        board.focus()
        await press(pilot, "right")
        await settle(pilot)
        card = find_cards(app.screen.view_data)[board.cursor_uid]
        assert app.screen.query_one("#detail").card["uid"] == card["uid"]


@needs("scars")
async def test_scars_dense_layout_shows_both_sides_hand_prompt_and_choices_at_80x24(tmp_path: Path) -> None:
    s = mid_game("scars", tmp_path / "s.json", 60)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_fits_without_scrolling(app)
        text = screen_text(app)
        assert text.count(" ATK ") >= 2 and text.count(" DEF ") >= 2
        for p in s.game.view(0)["players"]:
            assert f"♥{p['lives']}" in text
            for u in p["units"]:
                assert f"{u['attack']}/{u['defense']}" in text


@needs("scars")
async def test_scars_roomy_layout_from_120x40_and_back_to_dense_on_resize(tmp_path: Path) -> None:
    mid_game("scars", tmp_path / "s.json", 40)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not app.screen.dense and "energy" in screen_text(app)  # the roomy words
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert app.screen.dense and "⚡" in screen_text(app)


@needs("bhm")
async def test_bhm_enter_on_a_target_card_applies_it_and_a_refused_card_is_explained(tmp_path: Path) -> None:
    """A target decision (BH target): the cursor starts on a target; Enter on a
    card that is no target says the engine's reason and changes nothing; Enter
    on a target applies `target <uid>` at once."""
    reach("bhm", "target", tmp_path / "s.json")
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one("#lane-board")
        game = app.session.game
        targets = {a.args[0] for a in game.legal_actions() if a.kind == "target"}
        assert board.has_focus and board.cursor_uid in targets
        other = next(u for u in board.chip_uids() if u not in targets)
        before, n = game.state_hash(), len(game.history)
        board.move_to(other)
        await press(pilot, "enter")
        await settle(pilot)
        assert game.state_hash() == before and len(game.history) == n
        error = screen.query_one("#prompt").error
        with pytest.raises(IllegalAction) as refused:
            game.check(Action("target", (other,)))
        assert refused.value.reason in error  # the engine's own words
        assert "✗" in screen_text(app)
        target = next(u for u in board.chip_uids() if u in targets)
        board.move_to(target)
        await press(pilot, "enter")
        await settle(pilot)
        assert Action("target", (target,)) in app.session.game.history


@needs("bhm")
async def test_bhm_attack_by_cursor_attacker_then_target(tmp_path: Path) -> None:
    """Two Enters: the attacker (its targets get ▸, it gets ●), then the being it attacks."""
    reach(
        "bhm", "combat", tmp_path / "s.json", lambda g, d: any(a.kind == "attack" for a in g.legal_actions())
    )
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one("#lane-board")
        attack = next(a for a in app.session.game.legal_actions() if a.kind == "attack")
        attacker, target = attack.args[0], attack.args[1]
        board.focus()
        n = len(app.session.game.history)
        board.move_to(attacker)
        await press(pilot, "enter")
        await settle(pilot)
        assert board.selected == attacker and board.has_focus
        assert target in board.actionable and attacker not in board.actionable
        assert "●" in screen_text(app)
        board.move_to(target)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.game.history[n] == attack


@needs("scars")
async def test_scars_other_sides_last_actions_are_marked_and_told(tmp_path: Path) -> None:
    """After the AI's stretch of actions its cards bear ★/⚔/✦ and a line says what it did last."""
    app = TriarchApp(LaunchSpec(game_id="scars", vs="ai", ai_level="scripted", seed=5), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(80):
            if screen.marks[1] and app.session.decision.player == 0:
                break
            await press(pilot, "enter" if type(app.screen).__name__ != "ScarsScreen" else "1")
            await settle(pilot, look=False)
            screen = app.screen if type(app.screen).__name__ == "ScarsScreen" else screen
        await settle(pilot)
        assert screen.marks[1], "the AI acted on cards"
        text = screen_text(app)
        assert "P2 (AI) last:" in text
        assert any(m in text for m in ("★", "⚔", "✦"))
        log = screen.query_one("#log").plain
        assert any(line.startswith("P2 (AI): ") for line in log)  # one line per AI action


@needs("scars")
async def test_scars_attack_marks_only_in_combat_and_never_a_uid(tmp_path: Path) -> None:
    """SC-53..SC-55 (docs/rulings.md: a unit is attacking only from 3A to the end of 3C). In 4
    Second recruitment the lanes still read `Knight of th… 3/3 ⇒#119`: the view keeps whom a
    unit attacked until the end of the turn, and the unit it killed, in the discard, was named
    by its uid. (The position: scripted play, 38 actions of seed 5 since session 30's scripted
    player; 32 of seed 3 before.)"""
    s = mid_game("scars", tmp_path / "s.json", 38, seed=5)
    view = s.game.view(0)
    assert view["phase"] == "recruit2"
    units = {u["uid"]: u for p in view["players"] for u in p["units"]}
    heroes = {p["hero"]["uid"] for p in view["players"]}
    gone = [u["attacking"] for u in units.values() if u.get("attacking") not in (None, *units, *heroes)]
    assert gone, "a unit attacked a unit that is in the discard now"
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for size in ((80, 24), (120, 40)):  # dense, then roomy (one app, resized)
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.screen.dense == (size[0] == 80)  # type: ignore[attr-defined]
            text = screen_text(app)
            assert "⇒" not in text and "⛨" not in text, text
            # in combat, whom a unit attacks is named even when it has left play
            assert app.screen.all_cards(view)[gone[0]]["name"]


@needs("scars")
async def test_scars_dense_lane_calls_a_structure_a_structure(tmp_path: Path) -> None:
    """At 80 × 24 P2's War Totem (a structure) was listed as ` weapons War Totem`."""
    s = mid_game("scars", tmp_path / "s.json", 42, seed=3)
    p2 = s.game.view(0)["players"][1]
    assert [c["name"] for c in p2["structures"]] == ["War Totem"] and not p2["weapons"]
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "weapons" not in text, text
        assert any(line.startswith(" structures") and "War Totem" in line for line in text.splitlines())


@needs("scars")
async def test_scars_resolution_zone_names_a_card_once(tmp_path: Path) -> None:
    """The entry of the resolution zone read `⧉1 P1: Wildfire Wildfire: deal 2 damage to …`:
    the card's chip, then the entry's words, which begin with the card's name."""
    scenario = Path(__file__).parents[2] / "scars" / "scenarios" / "puzzle_last_stand.toml"
    s = Session.new(
        "scars",
        Seats.make("ai", "scripted"),
        seed=1,
        save_path=tmp_path / "s.json",
        scenario=scenario.read_text(),
    )
    view = s.game.view(0)
    wildfire = next(c["uid"] for c in view["players"][0]["hand"] if c["name"] == "Wildfire")
    hero = view["players"][1]["hero"]["uid"]
    s.apply(Action("cast", (wildfire, hero)))
    while s.decision.player != 0:
        s.apply("pass")
    s.save()
    for size in ((80, 24), (120, 40)):
        app = resume_app(tmp_path / "s.json")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert "Wildfire: deal 2 damage to P2's hero" in text
            assert "Wildfire Wildfire" not in text


@needs("scars")
async def test_tab_goes_between_the_table_and_the_choice_list_only(tmp_path: Path) -> None:
    """`Tab — between the table and the choice list` (the help): a third, invisible stop (the
    lanes' scroll region) came between them, where the arrows scrolled instead of walking."""
    mid_game("scars", tmp_path / "s.json", 40)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for size in ((80, 24), (120, 40)):  # dense, then roomy (one app, resized)
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.screen.dense == (size[0] == 80)  # type: ignore[attr-defined]
            stops = set()
            for _ in range(4):
                await press(pilot, "tab")
                await settle(pilot)
                stops.add(app.focused.id if app.focused else None)
            assert stops == {"lane-board", "actions"}
