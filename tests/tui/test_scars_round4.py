"""The Scars polish, round 4 (session 27): the damage split at 80 × 24 says which unit each row is
and what its number is (`lethal needs`), whole."""

from __future__ import annotations

import re
from typing import Any

import pytest

from common.game import Action
from tui.app import TriarchApp
from tui.screens.scars import fit_choice, keep_target
from tui.widgets.actions import ActionList, wrapped
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def split_app() -> TriarchApp:
    """P1's Mammoth blocked by two of P2's three Knights of the Oath, one of them hurt."""
    return game_app("scars", seed=3, scenario=scenario("scars_split"), level="scripted")


async def test_the_damage_split_says_which_knight_and_what_lethal_needs_at_80x24() -> None:
    """Its rows read `Knight of the… kills — lethal needs 3` (which Knight?) and, before that,
    `Knight of the Oath… needs 3` (needs for what?): each row is whole now, its value under it,
    the place without the side (whom a unit's damage goes to is always the other side's)."""
    app = split_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        text = screen_text(app)
        assert "1. Knight of the Oath (1st in DEF) 3/3 dmg 1 — lethal needs 3" in text, text
        assert "2. Knight of the Oath (2nd in DEF) 3/3 — lethal needs 4" in text, text
        assert "5 of 5 points assigned" in text and "Enter assign" in text, text


async def test_a_damage_split_the_engine_finishes_itself_is_taken() -> None:
    """Enter on the split (3 to the hurt Knight, 2 to the other) said `✗ the decision ended
    before this choice`: after the 3 lethal points only one place was left for the last 2, which
    the engine assigns itself, and the dialog's 5 points were refused. Now the split is dealt."""
    app = split_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        game = app.session.game
        # the two Knights' rows (then the hero's, for a Trample surplus: none here)
        hurt, other = (int(r.key) for r in app.screen.rows[:2])  # type: ignore[attr-defined]
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "ScarsScreen", screen_text(app)
        assert "the decision ended" not in screen_text(app)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert "Mammoth deals 3 damage to Knight of the Oath" in log, log
        assert "Mammoth deals 2 damage to Knight of the Oath" in log, log
        assert not game.is_unit_in_play(hurt) and game.is_unit_in_play(other)


async def test_a_split_the_rules_would_change_is_refused_with_where_the_rest_goes() -> None:
    """All 5 points on the unhurt Knight: after its 4 lethal points the last one must go to the
    Knight still short of lethal, which the engine does itself; the dialog says so rather than
    deal another split than the one shown."""
    app = split_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        n = len(app.session.game.history)
        await press(pilot, "left", "left", "left", "2", "right", "right", "right", "enter")
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        text = screen_text(app)
        said = "the rules put the rest (SC-70, SC-81): 1 to Knight of the Oath (1st in DEF), 4 to"
        assert said in " ".join(line.strip(" █") for line in text.splitlines()), text
        assert len(app.session.game.history) == n


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_unit_sheltering_its_twin_names_it_without_the_side_again(size: tuple[int, int]) -> None:
    """P2's lane read `Knight of t… 3/3 ↺Knigh… (P2, 1st in ATK)`: the lane is P2's, and a unit
    shelters only one of its own side's. The place says which twin, the side once (the lane's)."""
    app = game_app("scars", seed=3, scenario=scenario("scars_shelter_twins"), level="scripted")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        shelters = [line for line in text.splitlines() if "↺" in line]
        assert len(shelters) == 2, text
        assert not any("(P1, " in line or "(P2, " in line for line in shelters), shelters
        assert all("(1st in" in line for line in shelters), shelters  # (120 × 40 wraps the rest)


async def test_long_two_line_choices_keep_what_they_do_which_card_and_to_which_at_80x24() -> None:
    """Two Field Medics and two hurt Knights of the Oath: a choice read `Field Medic (2nd in DEF)'s
    ability (1): remove all … (1st in DEF)` (remove what, from which card?), and two `Hero ability
    (2): give Knight of the Oath … +1/+1 this turn` read the same. Now the names are cut shorter
    first, then the costs, `'s ability` and words before the target: each choice keeps what it
    does, the acting card and its target with their places, and no two read the same; the card
    panel has the whole words of the choice under the cursor."""
    app = game_app("scars", seed=3, scenario=scenario("scars_medics"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        shown = [" ".join(str(o.prompt).split()) for o in choices.options]
        assert len(set(shown)) == len(shown), shown
        medic = [s for s in shown if "remove all damage" in s]  # what it does
        assert len(medic) == 8, shown
        assert all(re.match(r"\d+\. Field\S* \((2nd|3rd) in DEF\): ", s) for s in medic), medic
        target = r" (Knight\S*|Field…) \(\S+ in (ATK|DEF)\)$"  # its name (cut between words) and place
        assert all(re.search(target, s) for s in medic), medic
        hero = [s for s in shown if "Hero ability" in s]
        assert len(hero) == 4 and all(re.search(r"give \S+.* \(\S+ in (ATK|DEF)\) \+1/\+1", s) for s in hero)
        assert all(len(str(o.prompt).splitlines()) <= 2 for o in choices.options)
        choices.focus()
        n = next(i for i, w in enumerate(choices.words) if "remove all damage" in w)
        for _ in range(n):
            await press(pilot, "down")
        await settle(pilot)
        panel = " ".join(screen_text(app).split())
        whole = choices.words[n]  # the engine's words with the places
        assert whole.startswith("Field Medic (2nd in DEF)'s ability (1 energy): remove all damage from")
        assert " ".join(whole.split()[:6]) in panel, panel


def test_a_choice_with_no_card_after_the_one_it_plays_keeps_the_lists_own_cut() -> None:
    """`Play Oath of Return (2): return up to 2 life cards from your discard to your hero` (no
    card aimed at) lost its cost and its name (`Play Oath of…: return up to 2 life …`) to the
    shortening that is for the choices aimed at a card: it is left to the list's own cut."""
    words = "Play Oath of Return (2): return up to 2 life cards from your discard to your hero"
    names = {"Oath of Return", "Pikeman", "Aurelia, Iron Marshal"}
    assert fit_choice(words, lambda t: len(wrapped(t, 31)) <= 2, names) == words
    aimed = "Field Medic (2nd in DEF)'s ability (1): remove all damage from Knight of the Oath (1st in ATK)"
    shown = fit_choice(aimed, lambda t: len(wrapped(t, 31)) <= 2, {"Field Medic", "Knight of the Oath"})
    assert shown == "Field… (2nd in DEF): remove all damage … Knight… (1st in ATK)"


async def test_the_last_line_keeps_whom_an_ability_aimed_at() -> None:
    """`★ P2 (AI) last: Ember S…'s ability: deal 1 damage to P1's he… (+6 in the log)`: the
    target was cut. `'s ability` goes before it: `Ember Shaman: deal 1 damage to P1's hero`."""
    words = "Ember Shaman's ability (tap): deal 1 damage to P1's hero Aurelia, Iron Marshal"
    told = {"actor_tag": "P2, ", "heroes": ["Aurelia, Iron Marshal"], "names": ["Ember Shaman"]}
    assert keep_target(words, 44, **told) == "Ember Shaman: deal 1 damage to P1's hero"
    app = game_app("scars", seed=3, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        for w in ("Play Grove Druid (3) in defense", "Pass", words):
            screen.note_action(1, Action("done"), w)
        screen.refresh_view()
        await settle(pilot)
        last = next(line for line in screen_text(app).split("\n") if " last: " in line)
        assert "last: Ember Shaman: deal 1 damage to P1's hero (+2 more: o)" in last, last


def test_the_last_line_keeps_what_a_prayer_gives_this_turn() -> None:
    """`★ P1 last: Play Shield… give Crossbo… +0/+3 until end of tu… (+4 in the log)`: the end was
    cut. `until end of turn` reads `this turn`, as in the choices, before the names are cut."""
    words = "Play Shield Wall (1): give Crossbow Sergeant +0/+3 until end of turn"
    names = ["Shield Wall", "Crossbow Sergeant"]
    assert keep_target(words, 48, names=names) == "Play Shield Wall: give Crossbow… +0/+3 this turn"
