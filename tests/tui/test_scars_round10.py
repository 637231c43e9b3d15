"""The Scars, round 10: the turn that ends by itself says so, a pass says what it passes, the ⚔
mark follows the attack, the compact lanes' weapons and shelters, twin choices cut alike."""

from __future__ import annotations

import pytest

from common.game import Action
from tui.log_words import card_places, entry_brief, entry_namer, passed, times
from tui.screens.scars import ScarsScreen, ScarsTable, fit_choice, fit_choices, keep_target, turn_ended_for
from tui.widgets.actions import wrapped
from tui.widgets.log import GameLog

from .helpers import game_app, press, scenario, screen_text, settle, uid_of


def table_of(app: object) -> ScarsScreen:
    return next(s for s in app.screen_stack if isinstance(s, ScarsScreen))  # type: ignore[attr-defined]


# -- a turn the table ends for you says so -------------------------------------------------------
async def test_the_turn_ended_after_the_last_affordable_card_says_so() -> None:
    """After a life to energy and the Pikeman it pays for, nothing is left to play, afford or
    attack with: the engine ends the turn by itself. The log said `Play Pikeman (2) in attack`
    and the other side's turn began, with no word why; now a line under it says so."""
    app = game_app("scars", seed=3, scenario=scenario("scars_last_card"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        pikeman = uid_of(app.session, "legion_pikeman", 0)
        assert table.choose(Action("life"))
        await settle(pilot)
        assert app.session.game.active == 0  # (the Pikeman is still to play: the turn is yours)
        assert table.choose(Action("cast", (pikeman, "attack")))
        await settle(pilot)
        lines = list(table.query_one(GameLog).plain)
        played = next(i for i, line in enumerate(lines) if "Play Pikeman (2 energy) in attack" in line)
        assert lines[played + 1] == "  → nothing left to play or afford, no attack to make: the turn ends", (
            lines
        )
        assert lines[played + 2] == "  3A Declare attackers", lines  # (one phase a line, session 35)
        assert sum("the turn ends" in line for line in lines) == 1, lines  # (not after the life)


def test_a_turn_ended_as_asked_says_nothing() -> None:
    """The end of `4 Second recruitment`, a clean-up's discard, the other side's action, a turn
    that goes on: no line."""

    class G:
        def __init__(self, active: int, phase: str, over: bool = False) -> None:
            self.active, self.phase, self.over = active, phase, over

    assert turn_ended_for(G(0, "recruit1"), G(1, "setup"), Action("cast", (5, "attack")), 0)
    assert turn_ended_for(G(0, "recruit2"), G(1, "setup"), Action("cast", (5, "attack")), 0)
    assert turn_ended_for(G(0, "attackers"), G(1, "setup"), Action("done"), 0)
    assert not turn_ended_for(G(0, "recruit2"), G(1, "setup"), Action("done"), 0)
    assert not turn_ended_for(G(0, "cleanup"), G(1, "setup"), Action("discard", (5,)), 0)
    assert not turn_ended_for(G(0, "recruit1"), G(0, "recruit1"), Action("cast", (5, "attack")), 0)
    assert not turn_ended_for(G(1, "recruit1"), G(0, "setup"), Action("pass"), 0)
    assert not turn_ended_for(G(0, "recruit1"), G(1, "setup", over=True), Action("cast", (5,)), 0)


# -- a pass says what it passes -----------------------------------------------------------------
def test_a_pass_says_what_it_lets_go_by() -> None:
    """`Player 2 (AI): Pass` in your set-up said nothing of what was passed: the card on top of
    the zone (the other side's, or the passer's own; an entry without its data, by its card), else
    the phase whose window it ends; a run of passes on one line says how many, its phases under
    it."""
    boar = {"uid": 86, "name": "Tusked Boar"}
    shaman = {"uid": 12, "name": "Ember Shaman", "position": "attack"}
    twin = {"uid": 13, "name": "Ember Shaman", "position": "attack"}
    players = [
        {"seat": 0, "hero": {"uid": 1, "name": "Aurelia, Iron Marshal"}, "units": []},
        {"seat": 1, "hero": {"uid": 2, "name": "Korrag of the Wilds"}, "units": [shaman, twin]},
    ]
    card = {"controller": 0, "kind": "card", "source": 86, "target": None, "text": "…"}
    view = {"players": players, "resolution": [boar], "stack": [card], "phase_name": "2 First recruitment"}
    places = card_places(view, 0, hand=False)
    assert passed(view, places, 1) == "Pass (no answer to Tusked Boar)"
    assert passed(view, places, 0) == "Pass (lets Tusked Boar resolve)"
    ability = {"controller": 1, "kind": "ability", "source": 13, "target": 1, "text": "…"}
    hero = {"controller": 1, "kind": "hero", "source": 2, "target": None, "text": "…"}
    assert passed({**view, "stack": [card, ability]}, places, 0) == (
        "Pass (no answer to Ember Shaman (P2, 2nd in ATK)'s ability)"
    )
    assert (
        passed({**view, "stack": [hero]}, places, 0)
        == "Pass (no answer to Korrag of the Wilds' hero ability)"
    )
    assert passed({**view, "stack": []}, places, 1) == "Pass (lets first recruitment end)"
    assert times("Pass (no answer to Ember Shaman (P2, 2nd in ATK)'s ability)", 3) == "Pass ×3"
    assert times("Player 1 (you) has nothing to respond with — passes automatically", 2).endswith(" ×2")


def test_a_pass_names_the_entry_as_the_zone_row_does() -> None:
    """An entry with its data (the view's `stack`, the engine's `entry_data`): the pass named it
    `Korrag of the Wilds' hero ability` while the zone's row said `P1's hero ability`; now both
    say the row's words (`entry_brief`), whose entry it is first."""
    shaman = {"uid": 12, "name": "Ember Shaman", "position": "attack"}
    twin = {"uid": 13, "name": "Ember Shaman", "position": "attack"}
    players = [
        {"seat": 0, "hero": {"uid": 2, "name": "Korrag of the Wilds"}, "units": []},
        {"seat": 1, "hero": {"uid": 1, "name": "Aurelia, Iron Marshal"}, "units": [shaman, twin]},
    ]
    hero = {
        "controller": 0, "kind": "hero", "source": 2, "name": "Korrag of the Wilds", "target": None,
        "does": "create 1 Wolf token in defense position", "text": "…",
    }  # fmt: skip
    ability = {
        "controller": 1, "kind": "ability", "source": 13, "name": "Ember Shaman", "target": 2,
        "target_name": "Korrag of the Wilds", "does": "deal 1 damage to {target}", "text": "…",
    }  # fmt: skip
    view = {"players": players, "stack": [hero]}
    places = card_places(view, 0, hand=False)
    row = entry_brief(hero, entry_namer(places))[0]
    assert row == "P1's hero ability"
    assert passed(view, places, 1) == f"Pass (no answer to {row})"
    assert passed(view, places, 0) == f"Pass (lets {row} resolve)"
    assert passed({**view, "stack": [hero, ability]}, places, 0) == (
        "Pass (no answer to P2's Ember Shaman (2nd in ATK) ability)"
    )


async def test_the_ai_s_passes_in_your_turn_say_what_they_pass() -> None:
    """Seed 5, against the scripted AI: your first card waits in the zone (Smite) and P2 passes
    it, P2 passes the windows of your phases — each line says which."""
    app = game_app("scars", seed=5, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        game = app.session.game
        while not (game.active == 0 and any(a.kind == "cast" for a in game.legal_actions())):
            legal = game.legal_actions()
            kinds = [a.kind for a in legal]
            pick = next(
                (legal[kinds.index(k)] for k in ("keep", "done", "pass", "skip") if k in kinds), legal[0]
            )
            assert table.choose(pick)
            await settle(pilot)
        cast = next(a for a in game.legal_actions() if a.kind == "cast")
        assert table.choose(cast)
        await settle(pilot)
        lines = list(table.query_one(GameLog).plain)
        said = [line for line in lines if line.startswith("P2 (AI): Pass")]
        assert "P2 (AI): Pass (lets set-up end)" in said, lines
        name = game.zones.card(int(cast.args[0])).name
        assert f"P2 (AI): Pass (no answer to P1's {name})" in said, lines
        assert "P2 (AI): Pass" not in said, lines


# -- ⚔ follows what is attacked ----------------------------------------------------------------
async def test_the_hit_mark_follows_the_block() -> None:
    """P2's Grey Wolf attacks your hero, your Village Militia blocks it: `⚔` stayed on your
    hero, as if the attack still went there; it is on the Militia now (in the discard by the
    end of the combat), the hero unmarked."""
    app = game_app("scars", seed=3, scenario=scenario("scars_wolf_attacks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        hero = app.session.game.hero_uid(0)
        assert table.marks[1].get(hero) == "⚔", table.marks[1]  # (the attack, before the block)
        await press(pilot, "right", "enter")  # the Militia blocks the Wolf (and dies of it)
        await settle(pilot)
        militia = next(a.args[0] for a in app.session.game.history if a.kind == "block")
        assert hero not in table.marks[1] and table.marks[1].get(militia) == "⚔", table.marks[1]
        assert "⚔Aurelia" not in screen_text(app), screen_text(app)


def test_the_hit_mark_stays_where_another_attack_still_goes() -> None:
    """Two attackers on your hero, one blocked: the other still attacks the hero, `⚔` stays."""

    class Table(ScarsTable):
        def table_game(self) -> object:
            return None

        def seat_name(self, p: int) -> str:
            return f"Player {p + 1}"

    table = Table.__new__(Table)
    ScarsTable.__init__(table)
    table.reset_marks()
    table.note_action(1, Action("attack", (20, 1)), "Grey Wolf attacks P1's hero")
    table.note_action(1, Action("attack", (21, 1)), "Tusked Boar attacks P1's hero")
    table.note_action(0, Action("block", (5, 20)), "Village Militia blocks Grey Wolf")
    assert table.marks[1].get(1) == "⚔" and table.marks[1].get(5) == "⚔", table.marks[1]
    table.note_action(0, Action("block", (6, 21)), "Pikeman blocks Tusked Boar")
    assert 1 not in table.marks[1] and table.marks[1].get(6) == "⚔", table.marks[1]


# -- the compact lanes: weapons in words, two shelterers of a name told apart -------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_two_shelterers_of_a_name_and_two_weapons_read_apart(size: tuple[int, int]) -> None:
    """Two Shieldbearer Recruits both shelter the Knight: `Shieldbeare… 1/2 ↺Knigh…` twice, which
    is which? Their place in the row, as the choices say (`(2nd in DEF)`). The Knight's two
    weapons read `+2`, like a bonus to its stats: `2 weapons`. The Wolf that shelters its twin,
    alone of its name to shelter, is as it was."""
    app = game_app("scars", seed=3, scenario=scenario("scars_two_shelter"), level="scripted")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        if size == (80, 24):
            assert "Shieldbeare… (1st) 1/2 ↺Knigh… ▸Shieldbeare… (2nd) 1/2 ↺Knigh…" in text, text
            # (session 34: a row whose names fit whole keeps them whole, see `unit_row`)
            assert "ATK ▶Knight of the Oath 5/5 2 weapons " in text and "+2" not in text, text
            assert "DEF  Grey Wolf 2/1 ↺Grey… (1st in ATK)  Grey Wolf 2/1" in text, text
        else:
            assert "Shieldbearer Recruit (1st) 1/2 (↺ shelters Knight of the Oath)" in text, text
            assert "Shieldbearer Recruit (2nd) 1/2" in text, text
            assert "Grey Wolf 2/1 (↺ shelters Grey Wolf (1st in ATK))" in text, text


# -- twin choices cut alike; `last:` keeps `blocked by` --------------------------------------
def test_twin_choices_are_cut_alike() -> None:
    """Smite on your Knight (`(1st in DEF)`) fits whole, on theirs (`(P2, 1st in DEF)`) it does
    not: one read `… Knight of the Oath (1st in DEF)`, its twin `… Knight of the… (P2, 1st in
    DEF)`, as if two different cards. Twins are cut as far as the one cut furthest."""
    names = {"Knight of the Oath", "Smite"}
    texts = [
        "Smite (2): destroy Knight of the Oath (1st in DEF)",
        "Smite (2): destroy Knight of the Oath (P2, 1st in DEF)",
        "Move a life to energy",
    ]
    fits = lambda x: len(x) <= 52  # noqa: E731
    assert [fit_choice(t, fits, names) for t in texts][:2] == [
        "Smite (2): destroy Knight of the Oath (1st in DEF)",
        "Smite (2): destroy Knight of the… (P2, 1st in DEF)",
    ]
    assert fit_choices(texts, fits, names) == [
        "Smite (2): destroy Knight of the… (1st in DEF)",
        "Smite (2): destroy Knight of the… (P2, 1st in DEF)",
        "Move a life to energy",
    ]


def test_a_hero_ability_on_twins_keeps_their_places() -> None:
    """`Hero ability (2): give Shieldbearer Recruit (1st in DEF) +1/+1 this turn` in two lines of
    25: the list's own cut left out the middle (`Hero ability (2): give / Shieldbearer … this
    turn`, the same for the 2nd in DEF); now `Hero: give Shieldbearer… / (1st in DEF) +1/+1 this…`."""
    names = {"Shieldbearer Recruit"}
    texts = [
        f"Hero ability (2): give Shieldbearer Recruit ({n} in DEF) +1/+1 this turn" for n in ("1st", "2nd")
    ]
    shown = [wrapped(t, 25, 2) for t in fit_choices(texts, lambda x: len(wrapped(x, 25)) <= 2, names)]
    assert shown == [
        ["Hero: give Shieldbearer…", "(1st in DEF) +1/+1 this…"],
        ["Hero: give Shieldbearer…", "(2nd in DEF) +1/+1 this…"],
    ], shown


@pytest.mark.parametrize(
    ("width", "said"),
    [
        (60, "Knight… (2nd in ATK) blocked by Shieldbearer… (1st in DEF)"),
        (45, "Knigh… blocked by Shiel… (1st in DEF)"),
        (30, "Knigh… blocked by Shiel…"),
    ],
)
def test_the_last_line_keeps_blocked_by(width: int, said: str) -> None:
    """At 80 × 24 `last:` read `Knight… … Shieldbearer… (1st in DEF)`: blocked or attacked? The
    names are cut first, then `attacks,`, the places; `blocked by` stays."""
    names = {"Knight of the Oath", "Shieldbearer Recruit"}
    words = "Knight of the Oath (2nd in ATK) attacks, blocked by Shieldbearer Recruit (1st in DEF)"
    assert keep_target(words, width, actor_tag="P2, ", names=names) == said
    assert keep_target("Tusked Boar attacks, blocked by Village Militia", 45, names={"Village Militia"}) == (
        "Tusked Boar attacks, blocked by Village…"
    )
