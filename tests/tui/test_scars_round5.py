"""The Scars leftovers of session 27 (a rules audit and a UI pass): the damage split with a
Trample surplus and with Valor, the over-limit note with Barracks, the words of a set-up choice
on a sheltering unit, an attack that lost its target, the `last:` line's side."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.app import TriarchApp
from tui.screens.scars import own_side_dropped
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def scars_app(name: str) -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted")


async def test_a_trample_surplus_past_two_blockers_goes_to_the_hero_row() -> None:
    """Mammoth (5, Trample) blocked by two Militias (lethal needs 2 each): the dialog asked for
    all 5 points among the Militias, and every split was refused (the engine sends the surplus
    to the hero itself, SC-81). Now the hero has a row for the surplus and Enter deals 2, 2, 1."""
    app = scars_app("scars_trample_two")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        text = screen_text(app)
        assert "3. Aurelia, Iron Marshal (hero) — the surplus beyond lethal (SC-81)" in text, text
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "ScarsScreen", screen_text(app)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert log.count("Mammoth deals 2 damage to Village Militia") == 2, log
        assert "Mammoth deals 1 damage to P2's hero" in log, log
        game = app.session.game
        assert game.lives(1) == 8


async def test_the_damage_split_says_valor_prevents_the_damage() -> None:
    """Valiant Paladin (Valor 4) blocking Mammoth (attack 5): its row said `lethal needs 5`,
    but no amount is lethal (SC-90); it says so, and the points go to the Knight by default."""
    app = scars_app("scars_valor_block")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "1. Valiant Paladin 3/4 — damage prevented: Valor 4 (SC-90)" in text, text
        assert "lethal needs 5" not in text, text
        assert "2. Knight of the Oath 3/3 — lethal needs 4" in text, text
        assert "surplus" not in text, text  # damage a blocker prevents is never lethal (SC-81)


async def test_the_over_limit_note_counts_the_barracks() -> None:
    """4 units in play, 1 support card and Barracks (limit 4): the note on `Play Crossbow Sergeant …
    (over the unit limit)` said `You keep 2 units a support card` (2, not 4); it says the limit
    as the status does."""
    app = scars_app("scars_barracks_full")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        actions = app.screen.query_one(ActionList)
        at = next(i for i, w in enumerate(actions.words) if w.startswith("Play Crossbow Sergeant"))
        assert actions.words[at].endswith("(over the unit limit)"), actions.words
        app.screen.show_action_detail(actions.actions[at])  # type: ignore[attr-defined]
        note = " ".join(str(app.screen.query_one(CardDetail).note).split())
        assert "Your unit limit is 4 (2 a support, +2 by Barracks): at clean-up you discard" in note, note
        assert "2 units a support card" not in note, note


async def recall_the_sellsword(pilot: Any) -> None:
    """Hot-seat, `scars_lost_target`: no blocks, P1 recalls the Sellsword its Tusked Boar attacks
    (SC-63: the Boar's attack finds no target), and P2 lets it resolve; P2's window is next."""
    app = pilot.app
    game = app.session.game

    async def uncover() -> None:
        while screen_name(app) in ("CoverScreen", "RowsDialog"):  # the next seat; `No blocks`
            await press(pilot, "enter")
            await settle(pilot)

    for _ in range(6):
        await uncover()
        recall = next(
            (
                a
                for a in game.legal_actions()
                if a.kind == "cast"
                and game.describe_action(a).endswith("return Sellsword to its owner's hand")
            ),
            None,
        )
        app.screen.choose(recall or next(a for a in game.legal_actions() if a.kind in ("pass", "done")))
        await settle(pilot)
        if recall:
            break
    await uncover()
    app.screen.choose(next(a for a in game.legal_actions() if a.kind == "pass"))
    await settle(pilot)
    await uncover()


async def test_an_attacker_whose_target_left_says_it_has_none() -> None:
    """The Tusked Boar's target, the Sellsword, went back to the hand in 3B: the Boar showed
    `Tusked Boar 3/2` as if it did not attack, next to `Grey Wolf 2/1 ⇒Aurel…`. It says `⇒no
    target` at 80 × 24 and `(⇒ no target)` at 120 × 40."""
    for size, said in (
        ((80, 24), "Tusked Boar 3/2 ⇒no target"),
        ((120, 40), "Tusked Boar 3/2 (⇒ no target)"),
    ):
        app = game_app("scars", seed=3, scenario=scenario("scars_lost_target"), vs="human")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await recall_the_sellsword(pilot)
            game = app.session.game
            assert game.phase == "blockers" and game.attackers, game.phase
            text = screen_text(app)
            assert said in text, text
            assert "Grey Wolf 2/1 ⇒Aurel" in text or "Grey Wolf 2/1 (⇒ Aurelia" in text, text


async def test_the_last_line_does_not_say_the_acting_cards_side_again() -> None:
    """`★ P2 (AI) last: Knight of the Oath (P2, 1st in ATK) attacks P1's hero` (when it fits):
    the line says whose action it is; the acting Knight's place keeps `1st in ATK` (which
    Knight), not the side. A place of the other side's card keeps its side."""
    for size in ((80, 24), (120, 40)):
        app = game_app("scars", seed=3, scenario=scenario("scars_twins"), vs="ai", level="scripted")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            screen: Any = app.screen
            game = app.session.game
            knight = game.view(1)["players"][1]["units"][0]["uid"]
            hero = game.view(0)["players"][0]["hero"]["uid"]
            said = "Knight of the Oath (P2, 1st in ATK) attacks P1's hero"
            screen.note_action(1, Action("attack", (knight, hero)), said)
            screen.refresh_view()
            await settle(pilot)
            last = next(line for line in screen_text(app).split("\n") if " last: " in line)
            assert "» P2 (AI) last: Knight of the Oath (1st in ATK) attacks P1's hero" in last, last
    assert own_side_dropped("Grove Druid (P2, 1st in DEF) blocks Pikeman", 1) == (
        "Grove Druid (1st in DEF) blocks Pikeman"
    )
    assert own_side_dropped("Grove Druid (P2, 1st in DEF) blocks Pikeman", 0) == (
        "Grove Druid (P2, 1st in DEF) blocks Pikeman"
    )
    assert own_side_dropped("Play Shield Wall (1): give Knight (P2, 1st in ATK) +0/+3", 1).endswith(
        "(P2, 1st in ATK) +0/+3"
    )
