"""The Scars screen, session 28: the card panel's `lethal at` with Valor or Fear (as the damage
split says it), the `last:` line cut between words, and what two played games showed."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp
from tui.screens.scars import fit_choice, keep_target, name_cut
from tui.widgets.actions import wrapped
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import choose_first, engine_ready, game_app, press, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def unit_uid(app: TriarchApp, name: str) -> int:
    """The uid of the (first) unit in play named `name`."""
    view = app.session.game.view(None)
    return next(int(u["uid"]) for p in view["players"] for u in p["units"] if u["name"] == name)


def hand_uid(app: TriarchApp, name: str) -> int:
    """The uid of the card `name` in P1's hand."""
    view = app.session.game.view(0)
    return int(next(c["uid"] for c in view["players"][0]["hand"] if c["name"] == name))


def scars_app(name: str, vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted", vs=vs)


async def test_the_card_panel_says_valor_prevents_the_damage_as_the_split_does() -> None:
    """Valiant Paladin (Valor 4) blocking Mammoth (attack 5): the damage split says `damage
    prevented: Valor 4 (SC-90)`, the card panel said `lethal at: 5`; it says none is lethal
    from the Mammoth, and why. The Knight beside it, whose damage is not prevented, keeps 4."""
    app = scars_app("scars_valor_block")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # the split's dialog: to the choice list
        await settle(pilot)
        board = app.screen.query_one(LaneBoard)
        detail = app.screen.query_one(CardDetail)
        board.move_to(unit_uid(app, "Valiant Paladin"))
        await settle(pilot)
        assert detail.card is not None and detail.card["name"] == "Valiant Paladin"
        said = detail.card["lethal_at"]
        assert said == "none from Mammoth — damage prevented: Valor 4 (SC-90)", said
        board.move_to(unit_uid(app, "Knight of the Oath"))
        await settle(pilot)
        assert detail.card is not None and detail.card["lethal_at"] == 4, detail.card


def test_the_last_line_cuts_names_between_words() -> None:
    """A name cut shorter on the `last:` line lost the middle of a word (`Play Shield Wa…: give
    Crossbow… …`, `Knight of t…`): it is cut between words now, as the shared one-line cut
    does, and a name of one word stays whole."""
    words = "Play Shield Wall (1): give Crossbow Sergeant +0/+3 until end of turn"
    names = ["Shield Wall", "Crossbow Sergeant"]
    assert keep_target(words, 48, names=names) == "Play Shield Wall: give Crossbow… +0/+3 this turn"
    assert keep_target(words, 40, names=names) == "Play Shield… … Crossbow… +0/+3 this turn"
    assert [name_cut("Knight of the Oath", n) for n in (14, 12, 8)] == [
        "Knight of the…",
        "Knight of…",
        "Knight…",
    ]
    assert name_cut("Thunderclap Giant", 8) == "Thunderclap…"  # its first word whole
    assert name_cut("Thunderclap", 8) == "Thunderclap"


def test_the_last_line_keeps_the_target_whole_when_the_words_do_not_fit() -> None:
    """Still too long once the names are cut, the words were cut at the width, in a word and
    before the target (`Field… (2nd in DEF): remove all damage from K…`): the start is cut between
    words, and the card it aims at is whole with its place."""
    words = "Field Medic (P2, 2nd in DEF)'s ability (1): remove all damage from Knight of the Oath (P2, 1st in ATK)"
    told = {"actor_tag": "P2, ", "names": ["Field Medic", "Knight of the Oath"]}
    assert keep_target(words, 60, **told) == "Field… (2nd in DEF): remove all … Knight… (P2, 1st in ATK)"
    assert keep_target(words, 50, **told) == "Field… (2nd in DEF) … Knight… (P2, 1st in ATK)"
    hero = "Knight of the Oath (P2, 1st in ATK) attacks P1's hero Korrag of the Wilds"
    told = {"actor_tag": "P2, ", "heroes": ["Korrag of the Wilds"], "names": ["Knight of the Oath"]}
    assert keep_target(hero, 30, **told) == "Knight… … P1's hero"
    # no card named after the one that acts: its start, between words (`Crossbow S…` before)
    shield = "Play Shield Wall (1): give Crossbow Sergeant +0/+3 until end of turn"
    assert keep_target(shield, 30, names=["Shield Wall"]) == "Play Shield…: give Crossbow…"


def test_a_long_choice_cuts_names_between_words_and_its_cost_first() -> None:
    """With the list's scrollbar (31 columns), `Field Medic's ability (1): remove all damage from
    Field Medic` read `Field Med…'s ability: remove all damage from Field Med…`: the names were
    cut inside a word, and shorter before the cost went. The cost goes first now, and a name is
    cut between words (`Shieldbearer…`, `Village…`)."""
    names = {"Field Medic", "Shieldbearer Recruit", "Village Militia"}

    def fits(t: str) -> bool:
        return len(wrapped(t, 31)) <= 2

    medic = "Field Medic's ability (1): remove all damage from "
    assert (
        fit_choice(medic + "Field Medic", fits, names)
        == "Field Medic's ability: remove all damage from Field Medic"
    )
    said = fit_choice(medic + "Shieldbearer Recruit", fits, names)
    assert said == "Field Medic's ability: remove all damage from Shieldbearer…", said
    said = fit_choice(medic + "Village Militia", fits, names)
    assert said == "Field Medic's ability (1): remove all damage from Village…", said


async def test_the_last_line_keeps_the_attack_of_a_turn_after_your_blocks() -> None:
    """Hot-seat: P2's Grey Wolf attacks, P1's Militia blocks it, P2 ends its turn. On P1's turn
    `★ P2 last: End 4 Second recruitment` hid the attack (P1's block had started P2's words
    anew); the side whose turn it is keeps its words and marks of the turn."""
    app = scars_app("scars_wolf_attacks", vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # P2's cover, its attack; P1's cover, its block; P2's cover, End 4; P1's cover
        for key in ("enter", "1", "enter", "right", "enter", "enter", "2", "enter"):
            await press(pilot, key)
            await settle(pilot)
        text = screen_text(app)
        assert "Turn 7: P1 · Draw" in text, text  # (the middle line, in plain words: session 37)
        assert "» P2 last: Grey Wolf attacks, blocked by Village Militia (+1 more: o)" in text, text
        # its marks too — `⚔` on the Militia that blocked (dead by now), not the hero (round 10)
        assert "★Grey Wolf 2/1" in text and "⚔Aurelia" not in text, text


async def test_the_blockers_dialog_says_the_blocks_declared_already() -> None:
    """A block taken in the choice list, the dialog came back for the other blockers reading
    `No blocks — Enter: done`, with no word of the Militia that blocks already; it lists the
    blocks declared and counts them."""
    app = scars_app("scars_militia_blocks")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # to the choice list; its first choice: the first Militia's block
        await settle(pilot)
        await choose_first(pilot)
        await settle(pilot)
        text = screen_text(app)
        assert screen_name(app) == "RowsDialog", text
        assert "Blocking already:" in text, text
        assert "  Village Militia (1st in DEF) 1/1 dmg 1, 1 more kills ⛨ Wolf (1st in ATK)" in text, text
        assert "No more blocks (1 declared already) — Enter confirms those" in text, text
        assert "No blocks" not in text, text
        await press(pilot, "right")
        await settle(pilot)
        assert "1 blocker more declared — Enter confirms them" in screen_text(app)


async def test_why_not_playable_says_a_life_moved_is_not_enough() -> None:
    """One energy, a Mammoth (cost 5) in the hand: the card panel read `Can't play it now: not
    enough energy: Mammoth costs 5, you have 1 (Move a life to energy: 1 more)`, as if moving a
    life made it playable; it says what is still short. A Tusked Boar (cost 2) keeps the hint
    as it was."""
    app = game_app(
        "scars",
        seed=3,
        scenario=scenario("scars_cannot_pay").replace('"legion_pikeman"', '"wild_mammoth"'),
        level="scripted",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board, detail = app.screen.query_one(LaneBoard), app.screen.query_one(CardDetail)
        for name, said in (
            ("Mammoth", "Mammoth costs 5, you have 1 (Move a life to energy: 1 more, still 3 short)"),
            ("Tusked Boar", "Tusked Boar costs 2, you have 1 (Move a life to energy: 1 more)"),
        ):
            board.move_to(hand_uid(app, name))
            await settle(pilot)
            assert said in " ".join(str(detail.note).split()), detail.note
