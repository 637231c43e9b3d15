"""The Scars as a new player meets it: what the table says about a card that cannot be
played now, and why."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.app import TriarchApp
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard
from tui.widgets.status import Prompt

from .helpers import engine_ready, game_app, scenario, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def cannot_pay_app() -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario("scars_cannot_pay"), vs="ai", level="scripted")


def hand_uid(app: TriarchApp, name: str) -> int:
    view: dict[str, Any] = app.screen.view_data  # type: ignore[attr-defined]
    me = next(p for p in view["players"] if p["seat"] == 0)
    return int(next(c["uid"] for c in me["hand"] if c["name"] == name))


async def highlight(app: TriarchApp, pilot: Any, name: str) -> str:
    """The card panel's words with the cursor on the hand's `name` (as the arrows put it)."""
    app.screen.query_one(LaneBoard).move_to(hand_uid(app, name))
    await settle(pilot)
    return str(app.screen.query_one(CardDetail).note)


async def test_the_card_panel_says_why_a_card_of_the_hand_cannot_be_played() -> None:
    """Only `Place Tusked Boar as a support` was offered for a Boar (cost 2, 1 energy), with
    no word of why it could not be played: SC-19/SC-20, the engine's reason, in the panel."""
    app = cannot_pay_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        note = await highlight(app, pilot, "Tusked Boar")
        assert "Can't play it now: not enough energy: Tusked Boar costs 2, you have 1" in note, note
        assert "(Move a life to energy: 1 more)" in note, note  # SC-18: lives are energy
        note = await highlight(app, pilot, "Pikeman")
        assert "Can't play it now: Pikeman is a legion card; your hero cannot pay for it (SC-20)" in note, (
            note
        )
        note = await highlight(app, pilot, "Grey Wolf")  # it can be played: nothing against it
        assert "Can't play" not in note, note


async def test_a_click_on_a_card_that_cannot_be_played_says_why_too() -> None:
    app = cannot_pay_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.screen.action_inspect(hand_uid(app, "Tusked Boar"))  # type: ignore[attr-defined]
        await settle(pilot)
        note = str(app.screen.query_one(CardDetail).note)
        assert "Can't play it now: not enough energy: Tusked Boar costs 2, you have 1" in note, note
        assert "not enough energy" in screen_text(app)


async def test_the_other_sides_pass_keeps_its_last_line_and_marks() -> None:
    """P2 (AI) passes after each of your actions: `★ P2 (AI) last: Pass` took the place of its
    attack, and the `★`/`⚔` marks of its cards went."""
    app = game_app("scars", seed=3, scenario=scenario("scars_twins"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        game = app.session.game
        knight = game.view(1)["players"][1]["units"][0]["uid"]
        hero = game.view(0)["players"][0]["hero"]["uid"]
        wolf = game.view(0)["players"][0]["units"][0]["uid"]
        screen.note_action(1, Action("attack", (knight, hero)), "Knight of the Oath attacks P1's hero Korrag")
        screen.note_action(0, Action("position", (wolf,)), "Turn Grey Wolf to defense")
        screen.note_action(1, Action("pass"), "Pass")
        screen.refresh_view()
        await settle(pilot)
        text = screen_text(app)
        last = next(line for line in text.split("\n") if " last: " in line)
        assert "last: Knight of the Oath attacks" in last, last
        assert "★Knight" in text


async def test_a_unit_played_over_the_unit_limit_says_so_before_it_is_discarded() -> None:
    """With no support card (unit limit 0) `Play Grey Wolf (1) in attack` was offered as any
    other choice, and at clean-up the Wolf was discarded (SC-22, SC-23): the choice says so."""
    app = game_app("scars", seed=3, scenario=scenario("scars_no_support"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        # (a support placed this turn keeps it: session 36)
        assert "Play Grey Wolf (1 energy) in attack (place a support too)" in words, words
        assert "Place Grey Wolf as a support" in words  # not a unit played: nothing added
        play = app.screen.query_one(ActionList).actions[
            words.index("Play Grey Wolf (1 energy) in attack (place a support too)")
        ]
        app.screen.show_action_detail(play)  # type: ignore[attr-defined]
        note = str(app.screen.query_one(CardDetail).note)
        assert "at clean-up you discard units down to it (SC-23)" in note, note
        await pilot.press("1")  # take it: the Boar too would be over the limit
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        assert "Play Tusked Boar (2 energy) in attack (over the unit limit)" in words, words


async def test_the_keywords_of_the_help_are_each_listed_once() -> None:
    """`?` → Keywords listed `Fear` and `Fear X` (the engine's words and the rules'), `Valor`
    and `Valor X`, `Learning` and `Learning X`."""
    app = cannot_pay_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        glossary: dict[str, str] = app.screen.glossary  # type: ignore[attr-defined]
        for word in ("Fear", "Valor", "Learning"):
            assert word not in glossary and f"{word} X" in glossary, sorted(glossary)
        assert glossary["Fear X"].startswith("Fear X:")  # the engine's words (they say what X is)
        assert {"Alert", "Bond", "Cover", "Flying", "Stealth", "Trample"} <= set(glossary)


async def test_the_prompt_says_when_the_card_to_answer_is_your_own() -> None:
    """After you play Pikeman, with a Field Medic's ability at hand, the prompt read `Respond to
    Pikeman (unit, in attack position), or pass`, as if the other side had played it."""
    app = game_app("scars", seed=3, scenario=scenario("scars_own_stack"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        await pilot.press(str(words.index("Play Pikeman (2 energy) in attack") + 1))
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "respond"
        text = screen_text(app)
        # (in short from the entry's data: round 11)
        assert "You: Your Pikeman waits to resolve (enters in attack position): add a prayer" in text, text
        assert "Respond to Pikeman" not in text


async def test_the_card_panel_names_the_unit_a_unit_shelters() -> None:
    """A sheltering Stone Golem read `sheltering: 36` (a card number) in the card panel."""
    app = game_app(
        "scars", seed=3, scenario=scenario("tests/scenarios/scars/shelter.toml"), vs="ai", level="scripted"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view: dict[str, Any] = app.screen.view_data  # type: ignore[attr-defined]
        units = {u["name"]: u["uid"] for p in view["players"] for u in p["units"]}
        app.screen.query_one(LaneBoard).move_to(units["Stone Golem"])
        await settle(pilot)
        text = screen_text(app)
        # (by its name: session 41 took the card numbers out of the panel, `Knight of the Oath #36`)
        assert "sheltering: Knight of the Oath ·" in text, text
        assert f"#{units['Knight of the Oath']}" not in text, text


async def test_the_middle_line_says_whose_turn_it_is() -> None:
    """`Turn 5 · 2 First recruitment · ▶ you may respond` did not say whose turn it was (the
    status line says who decides, the other side in a response window): now `Turn 5: P1 (you)`,
    as the log's `Turn 5: P1`. (The phase in a player's words since session 37.)"""
    app = game_app("scars", seed=3, scenario=scenario("scars_own_stack"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert " Turn 5: P1 (you) · Recruitment (first)" in screen_text(app)
    app = game_app("scars", seed=3, scenario=scenario("scars_own_stack"), vs="human", level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-over's cover
        await settle(pilot)
        assert " Turn 5: P1 · Recruitment (first)" in screen_text(app)


async def test_a_card_with_no_choice_at_a_list_only_decision_keeps_the_keyboard_on_the_table() -> None:
    """At the draw (no choice names a card), Enter on a hand card sent the keyboard to the
    list, so a second Enter, meant for another card, drew the card unasked."""
    app = game_app("scars", seed=3, vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(20):  # keep the hand, then on to the first draw decision of ours
            d = app.session.decision
            if d is not None and d.kind == "draw" and d.player == 0:
                break
            if d is not None and d.player == 0:
                app.screen.choose(app.session.legal()[0])  # type: ignore[attr-defined]
            await settle(pilot)
        d = app.session.decision
        assert d is not None and d.kind == "draw"
        assert d is not None and not any(isinstance(x, int) for a in app.session.legal() for x in a.args)
        view: dict[str, Any] = app.screen.view_data  # type: ignore[attr-defined]
        me = next(p for p in view["players"] if p.get("hand"))
        board = app.screen.query_one(LaneBoard)
        board.focus()
        played = len(app.session.game.history)
        app.screen.action_inspect(int(me["hand"][0]["uid"]))  # type: ignore[attr-defined]
        await settle(pilot)
        assert app.focused is board
        assert not isinstance(app.focused, ActionList)
        assert app.screen.query_one(Prompt).error.endswith("(Tab: the list).")
        assert len(app.session.game.history) == played  # nothing chosen
