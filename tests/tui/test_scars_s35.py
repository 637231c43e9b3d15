"""The Scars, session 35 (the table polished with a newcomer's eyes): the end of a sub-phase and
its prompt said as a player would, costs that say they are energy, the mulligan's Enter key, the
turn that ends by itself (the AI's too), one phase a log line, the first player's smaller hand."""

from __future__ import annotations

from typing import Any

import pytest

from common.events import Event
from common.game import Action
from tui.log_words import LogLines, scars_opening, scars_player_words, told_apart
from tui.screens.scars import MULLIGAN_HINT, ScarsScreen
from tui.widgets.actions import ActionList
from tui.widgets.lanes import LaneBoard
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import engine_ready, game_app, press, scenario, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def table_of(app: Any) -> ScarsScreen:
    return next(s for s in app.screen_stack if isinstance(s, ScarsScreen))


def enter_key(app: Any) -> str:
    """What the key bar says of Enter now."""
    binding = app.screen.active_bindings.get("enter")
    return binding.binding.description if binding is not None else ""


async def first_recruitment(pilot: Any) -> None:
    """Seed 7 (P2 plays first): keep the hand, draw; P1's first recruitment."""
    await settle(pilot)
    await press(pilot, "1")  # keep these 7 cards
    await settle(pilot)
    await press(pilot, "1")  # draw a card (SC-51)
    await settle(pilot)


# -- 1. the end of a sub-phase, and its prompt ------------------------------------------------------
async def test_the_end_of_the_first_recruitment_says_what_comes_next() -> None:
    """`End 2 First recruitment` (the rulebook's number before the name) and a prompt `… play
    cards, then done` with no choice called `Done`: the choice says what it ends and what comes
    next, the prompt names it, the log says the choice's words (SC-52, SC-53)."""
    app = game_app("scars", seed=7, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await first_recruitment(pilot)
        table = table_of(app)
        assert app.session.game.view(0)["phase"] == "recruit1"
        words = table.query_one(ActionList).words
        assert "End first recruitment, go to combat" in words, words
        assert not any("End 2" in w for w in words), words
        assert table.choose(Action("done"))
        await settle(pilot)
        log = table.query_one(GameLog).plain
        assert "P1 (you): End first recruitment, go to combat" in log, log


def test_each_end_of_a_sub_phase_is_said_in_words() -> None:
    """SC-50, SC-52, SC-56, SC-57: the engine's `End <number> <name>` of each sub-phase a player
    ends; other words are left as they are."""
    said = {
        "End 1A Set-up": "End set-up, go to the draw",
        "End 2 First recruitment": "End first recruitment, go to combat",
        "End 4 Second recruitment": "End second recruitment and the turn",
        "End 5A Clean-up": "End clean-up",
        "Declare no attackers": "Declare no attackers",
    }
    for engine, player in said.items():
        assert scars_player_words(None, Action("done"), engine) == player  # type: ignore[arg-type]


# -- 3. a cost says it is energy ------------------------------------------------------------------------
def test_a_cost_says_it_is_energy() -> None:
    """SC-19, SC-95: `Play Tusked Boar (2) in attack` — a bare `(2)`; the cost says energy, for a
    card, the hero's ability and a card's energy ability; a tap ability and a bracket later in
    the words are left alone."""

    def said(kind: str, text: str) -> str:
        return scars_player_words(None, Action(kind, (1,)), text)  # type: ignore[arg-type]

    assert said("cast", "Play Tusked Boar (2) in attack") == "Play Tusked Boar (2 energy) in attack"
    assert said("cast", "Play Smite (2): destroy Grey Wolf (1st in DEF)") == (
        "Play Smite (2 energy): destroy Grey Wolf (1st in DEF)"
    )
    assert (
        said("hero", "Hero ability (3): create 1 Wolf token")
        == "Hero ability (3 energy): create 1 Wolf token"
    )
    assert said("ability", "Field Medic's ability (1): remove all damage from Pikeman") == (
        "Field Medic's ability (1 energy): remove all damage from Pikeman"
    )
    assert (
        said("ability", "Korrag of the Wilds' ability (1): x") == "Korrag of the Wilds' ability (1 energy): x"
    )
    assert (
        said("ability", "Ember Shaman's ability (tap): deal 1 damage")
        == "Ember Shaman's ability (tap): deal 1 damage"
    )
    # a card of the hand told apart from its namesake: the place goes in the cost's bracket
    text = said("cast", "Play Grey Wolf (1) sheltering Grey Wolf")
    placed = told_apart(
        text,
        Action("cast", (7, "shelter", 8)),
        {7: ("Grey Wolf", "2nd in hand"), 8: ("Grey Wolf", "1st in ATK")},
    )
    assert placed == "Play Grey Wolf (2nd in hand, 1 energy) sheltering Grey Wolf (1st in ATK)"


async def test_the_choices_say_the_cost_in_energy() -> None:
    """At 80 × 24 a life moved to energy pays for the Pikeman: its choices say `(2 energy)`."""
    app = game_app("scars", seed=3, scenario=scenario("scars_last_card"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.choose(Action("life"))  # SC-18
        await settle(pilot)
        words = table.query_one(ActionList).words
        assert "Play Pikeman (2 energy) in attack" in words, words
        assert not [w for w in words if w.startswith("Play ") and " energy" not in w], words


# -- 2. the mulligan's Enter key ----------------------------------------------------------------------
async def test_the_mulligans_enter_key_says_it_reads_the_card() -> None:
    """SC-04: the mulligan puts the whole hand back or keeps it. On the table the key bar said
    `⏎ Choose card` and Enter on a card rang the bell with `… is not a choice: ▸ marks the cards
    that are` (none had a ▸); now it says `Read card`, and Enter shows the card and what the
    mulligan does. After the mulligan Enter chooses again."""
    app = game_app("scars", seed=7, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert app.session.decision is not None and app.session.decision.kind == "mulligan"
        board = table.query_one(LaneBoard)
        board.focus()
        await settle(pilot)
        assert enter_key(app) == "Read card", app.screen.active_bindings
        await press(pilot, "enter")
        await settle(pilot)
        prompt = table.query_one(Prompt)
        assert prompt.error == "" and prompt.hint == MULLIGAN_HINT, (prompt.error, prompt.hint)
        assert "SC-04" in MULLIGAN_HINT
        assert app.session.decision is not None and app.session.decision.kind == "mulligan"  # nothing chosen
        table.query_one(ActionList).focus()
        await press(pilot, "1")  # keep
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "draw"
        assert (
            not board.whole_hand and board.check_action("choose", ()) and not board.check_action("read", ())
        )


# -- 4. and 5. the turn that ends by itself; one phase a line ------------------------------------------
async def test_the_ais_turn_that_ends_by_itself_says_so_and_each_phase_has_a_line() -> None:
    """P2 (AI) plays first, moves lives to energy and plays Tusked Boar: nothing is left to do and
    the engine ends its turn (docs/rulings.md): the log says so under its card. The phases that go
    by are one a line (`3A Declare attackers · 4 Second recruitment …` read as one heading)."""
    app = game_app("scars", seed=7, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # keep
        await settle(pilot)
        log = table_of(app).query_one(GameLog).plain
        boar = next(i for i, line in enumerate(log) if "Play Tusked Boar" in line)
        assert (
            log[boar + 1] == "  → P2 has nothing left to play or afford, no attack to make: its turn ends"
        ), log
        assert log[boar + 2 : boar + 6] == [
            "  3A Declare attackers",
            "  4 Second recruitment",
            "  5A Clean-up",
            "  5B End of turn",
        ], log
        assert "  Turn 2: P1 · 1A Set-up" in log, log  # a turn's line names its first phase only
        phases = ("1A ", "1B ", "2 First", "3A ", "3B ", "3C ", "4 Second", "5A ", "5B ")
        assert not [line for line in log if sum(p in line for p in phases) > 1], log


def test_a_log_of_another_game_keeps_its_phases_on_one_line() -> None:
    """Only The Scars' log gives each phase a line (`PHASES_APART`): BHM's quiet stretch keeps one."""
    marks = [Event("turn", "Turn 4: P1"), Event("phase", "1A Set-up"), Event("phase", "1B Draw")]
    apart, joined = LogLines(game_id="scars"), LogLines(game_id="bhm")
    apart.add_events(marks)
    joined.add_events(marks)
    assert apart.plain == ["  Turn 4: P1 · 1A Set-up", "  1B Draw"]
    assert joined.plain == ["  Turn 4: P1 · 1A Set-up · 1B Draw"]


# -- 6. the first player's smaller hand -------------------------------------------------------------
async def test_the_opening_log_says_why_the_first_player_has_one_card_fewer() -> None:
    """SC-03: the first player draws 6, the other 7. The hands read 6 and 7 with nothing to say
    why; the opening's draw of the first player says it."""
    app = game_app("scars", seed=7, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = table_of(app).query_one(GameLog).plain
        assert "  A coin decides: P2 plays first" in log, log
        assert "  P2 draws 6 cards (plays first: one card fewer, SC-03)" in log, log
        assert "  P1 draws 7 cards" in log, log
    events = [
        Event("coin", "A coin decides: P1 plays first", {"player": 0}),
        Event("draw", "P1 draws 6 cards", {"player": 0}),
    ]
    assert scars_opening(events)[1].text == "P1 draws 6 cards (plays first: one card fewer, SC-03)"


# -- the worst other thing: no energy, nothing said of it -------------------------------------------
async def test_a_recruitment_with_nothing_to_pay_for_says_how_to_get_energy() -> None:
    """At 80 × 24 with no energy the list opened on `Place … as a support` choices and
    `Move a life to energy` (SC-18, the way to pay: SC-19) was out of sight under them; the
    prompt said `play cards`. It says there is nothing to pay for and the way to energy, on one
    line; with energy and a card to pay for, the usual prompt."""
    app = game_app("scars", seed=11, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # keep
        await settle(pilot)
        await press(pilot, "1")  # draw
        await settle(pilot)
        table = table_of(app)
        assert app.session.game.view(0)["phase"] == "recruit1"
        prompt = table.query_one(Prompt)
        # (the keys of the two choices, session 36)
        assert (
            prompt.prompt == "You: 0 energy, nothing to pay for: 8 moves a life to energy, 9 ends the phase"
        )
        words = table.query_one(ActionList).words
        assert words[7] == "Move a life to energy" and words[8].startswith("End first recruitment"), words
        assert len(prompt.prompt) <= 78
    app = game_app("scars", seed=3, scenario=scenario("scars_last_card"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.choose(Action("life"))  # now the Pikeman can be paid for
        await settle(pilot)
        prompt = table.query_one(Prompt).prompt
        assert prompt == "You: First recruitment: play cards, then end it to go to combat", prompt
