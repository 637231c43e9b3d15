"""The game log: one way of wrapping a long line (its wrapped lines go on under its words, in
every game's log and every replay's), and each action said once."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from common.events import Event
from common.game import Action
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.log_words import hotg_said_once, said_once, said_once_by_kinds, with_echo
from tui.widgets.log import GameLog, hang, hang_wrap

from .helpers import engine_ready, settle

ACTION = "Player 2 (AI): Play Tusked Boar (2) in attack and then some more words"
EVENT = "  Tusked Boar deals 3 damage to P1's hero: 3 lives lost (16 left)"
CONSEQUENCE = "  ⤷ ►Hoplite -1 (♥2) · ◄Hoplite -1 (♥2) · ◄Summoning Stone -3 (♥22)"


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("Player 1: End the turn", 4),  # an action: not under the events' column (2)
        (" one space in", 3),  # two columns in from its words
        ("  an event", 4),
        ("    deeper", 6),
        ("  ⤷ ►Hoplite -1", 4),  # under the words of a consequence
        ("⤷ at the edge", 4),  # under its words would be the events' column
        (" ⤷ one in", 3),
    ],
)
def test_hang_is_two_columns_in_from_the_words(text: str, column: int) -> None:
    assert hang(text) == column


def test_a_line_that_fits_is_left_alone() -> None:
    assert hang_wrap(EVENT, len(EVENT)) == [EVENT]
    assert hang_wrap(EVENT, 0) == [EVENT]


def test_wrapped_lines_go_on_under_the_words() -> None:
    assert hang_wrap(ACTION, 40) == [
        "Player 2 (AI): Play Tusked Boar (2) in",
        "    attack and then some more words",
    ]
    assert hang_wrap(" one space in, and a line long enough to wrap", 24) == [
        " one space in, and a",
        "   line long enough to",
        "   wrap",
    ]
    assert hang_wrap(CONSEQUENCE, 38) == [
        "  ⤷ ►Hoplite -1 (♥2) ·",  # each change whole on a line, the stone's too
        "    ◄Hoplite -1 (♥2) ·",
        "    ◄Summoning Stone -3 (♥22)",
    ]


def test_a_narrow_log_keeps_room_for_the_words() -> None:
    """At 12 columns the indent gives way to 8 columns of words (at 10, 2 columns in); no line
    is longer than the width, no word is lost."""
    deep = "      a deeply indented line of words"
    for width in (10, 12, 16):
        lines = hang_wrap(deep, width)
        assert all(len(line) <= width for line in lines), lines
        assert " ".join(line.strip() for line in lines) == deep.strip()
        assert all(len(line) - len(line.lstrip()) <= width - 8 for line in lines[1:])
    assert hang_wrap("Player 1: Play Hoplite at 1,1", 10) == ["Player 1:", "  Play", "  Hoplite", "  at 1,1"]


GAMES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


@pytest.mark.parametrize("game", GAMES)
async def test_every_games_log_hangs_its_lines_alike(game: str) -> None:
    """The same long lines come out the same in the three games' logs (HotG's had a rule of
    its own: a one-space line went on 3 columns in there, 4 in the others)."""
    app = TriarchApp(LaunchSpec(game_id=game, vs="ai", seed=3), ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.hanging
        width = log.scrollable_content_region.width
        lines = [" one space in, " + "and on " * 30, EVENT + " " + "more " * 30, CONSEQUENCE * 3]
        for line in lines:
            log.add_line(line)
        await settle(pilot)
        drawn = [strip.text.rstrip() for strip in log.lines]
        expected = [row for line in lines for row in hang_wrap(line, width)]
        assert drawn[-len(expected) :] == expected
        assert any(row.startswith("   a") for row in expected)  # the one-space line, 3 in


# -- each action said once (Hand of the Gods) ----------------------------------------------------


def ev(kind: str, text: str, **data: object) -> Event:
    return Event(kind, text, dict(data))


DEPLOYED = ev("deploy", "Hoplite is deployed at 3,1")


@pytest.mark.parametrize(
    ("action", "words", "echo"),
    [
        (Action("end", ()), "End the turn", ev("turn", "P1 ends the turn", player=0)),
        (
            Action("play", (7, "3,1")),
            "Play Hoplite (2 mana) at 3,1",
            ev("play", "P1 plays Hoplite (2 mana) at 3,1", player=0),
        ),
        (
            Action("attack", (7, 9)),
            "Hoplite attacks Draugr",
            ev("attack", "Hoplite attacks Draugr", attacker=7, target=9),
        ),
        (
            Action("warcry", (7,)),
            "Activate Vulcan's Warcry",
            ev("warcry", "Vulcan activates its Warcry", target=7),
        ),
        (
            Action("ability", (9,)),
            "Use Allfather's Gift (2 mana) on Grey Wolf",
            ev("ability", "P2 uses Allfather's Gift (2 mana) on Grey Wolf", player=1),
        ),
    ],
)
def test_the_engines_echo_of_an_action_is_left_out(action: Action, words: str, echo: Event) -> None:
    assert hotg_said_once(action, words, [echo, DEPLOYED]) == (words, [DEPLOYED])


def test_a_move_says_the_cell_the_unit_left() -> None:
    moved = ev("move", "Grey Wolf moves from 2,7 to 2,4", target=7)
    assert hotg_said_once(Action("move", (7, "2,4")), "Move Grey Wolf to 2,4", [moved]) == (
        "Move Grey Wolf from 2,7 to 2,4",
        [],
    )
    # two Hoplites: the line names the one at 2,1 already
    moved = ev("move", "Hoplite moves from 2,1 to 1,1", target=7)
    assert hotg_said_once(Action("move", (7, "1,1")), "Move Hoplite at 2,1 to 1,1", [moved]) == (
        "Move Hoplite at 2,1 to 1,1",
        [],
    )


def test_only_the_echo_goes() -> None:
    """A unit leaving Stealth before its attack stays, as do the damage and the results; the
    ends of other things (`Turn 3: P1`, an ability of another unit's attack) are no echo."""
    stealth = ev("stealth", "Wolf leaves Stealth")
    attack = ev("attack", "Wolf attacks Hoplite", attacker=7, target=9)
    deals = ev("damage", "Wolf deals 2 damage to Hoplite (1 left)")
    other = ev("attack", "Bear attacks Hoplite", attacker=8, target=9)
    assert hotg_said_once(Action("attack", (7, 9)), "Wolf attacks Hoplite", [stealth, attack, deals]) == (
        "Wolf attacks Hoplite",
        [stealth, deals],
    )
    assert hotg_said_once(Action("attack", (7, 9)), "w", [other, deals])[1] == [other, deals]
    turn = ev("turn", "Turn 3: P1 (2 mana)", player=0)
    assert hotg_said_once(Action("end", ()), "End the turn", [turn])[1] == [turn]
    becomes = ev("ability", "P1's Leader Ability becomes Chaos")
    assert hotg_said_once(Action("ability", ()), "Use Chaos (1 mana)", [becomes])[1] == [becomes]
    target = ev("warcry", "Vulcan's Warcry resolves")
    assert hotg_said_once(Action("target", (9,)), "Target Spartan", [target])[1] == [target]


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_the_hotg_log_says_each_action_once() -> None:
    """A card played and the turn ended: `Player 1 (you): Play Oracle of Delphi (2 mana) at
    1,0` was followed by `P1 plays Oracle of Delphi (2 mana) at 1,0`, `End the turn` by `P1
    ends the turn`; the AI's actions too."""
    from .test_hotg import skirmish

    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)  # the AI's turn
        await pilot.press("1", "enter")  # Oracle of Delphi at 1,0 (its Warcry: a dialog)
        await settle(pilot)
        told = next(s for s in app.screen_stack if s.query(GameLog)).query_one(GameLog).plain
        assert "P1 (you): Play Oracle of Delphi (2 mana) at 1,0" in told
        assert "P1 (you): End the turn" in told
        assert not [line for line in told if " plays " in line or " ends the turn" in line], told
        assert any(line.startswith("P2 (AI): ") for line in told)
        assert not [line for line in told if " casts " in line or " moves from " in line], told
        # the play says where the unit goes: not again `Oracle of Delphi is deployed at 1,0`
        assert not [line for line in told if " is deployed at 1,0" in line], told


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_the_hotg_replay_says_each_action_once(tmp_path: Path) -> None:
    from .test_replay import seeded_replay

    replay = seeded_replay("hotg", tmp_path)
    app = TriarchApp(replay=replay, ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        told = app.screen.query_one(GameLog).plain
        assert any(". P1: End the turn" in line for line in told)
        assert any(" from " in line and ": Move " in line for line in told), told
        assert not [
            line
            for line in told
            if line.startswith("  ")
            and (" plays " in line or " ends the turn" in line or " moves from " in line)
        ]


# -- BHM and The Scars: the same fault ------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "echo", "said"),
    [
        ("Draw a card", "P1 draws a card", "Draw a card"),
        (
            "Move a life to energy",
            "P2 moves a life to energy (17 lives left)",
            "Move a life to energy (17 lives left)",
        ),
        (
            "Call War Herald (rank 2)",
            "P1 calls War Herald (rank 2, budget 1 left)",
            "Call War Herald (rank 2, budget 1 left)",
        ),
        (
            "Play Grey Wolf (1) in attack",
            "P2 plays Grey Wolf (1 energy)",
            "Play Grey Wolf (1) in attack",
        ),
        (
            "Play strategy Council of War — draw 2 cards",
            "P1 plays Council of War (rank 2)",
            "Play strategy Council of War (rank 2) — draw 2 cards",
        ),
        (
            "Wolf shelters Grey Wolf (pay 1 life)",
            "Wolf shelters Grey Wolf (1 life)",
            "Wolf shelters Grey Wolf (pay 1 life)",
        ),
        (
            "Instant call Burrow Militia (rank 1)",
            "P2 calls Burrow Militia (instant call)",
            "Instant call Burrow Militia (rank 1)",
        ),
    ],
)
def test_the_echo_adds_what_the_words_lack(words: str, echo: str, said: str) -> None:
    assert with_echo(words, echo) == said


def test_only_a_public_first_event_of_the_actions_kind_is_an_echo() -> None:
    kinds = {"draw": "draw", "life": "life"}
    phase = ev("phase", "2 First recruitment")
    drew = ev("draw", "P1 draws a card", player=0)
    assert said_once_by_kinds(kinds, Action("draw", ()), "Draw a card", [drew, phase]) == (
        "Draw a card",
        [phase],
    )
    assert said_once_by_kinds(kinds, Action("draw", ()), "Draw a card", [phase, drew])[1] == [phase, drew]
    hidden = ev("draw", "P1 draws Pikeman", player=0, private_to=0, public_text="P1 draws a card")
    assert said_once_by_kinds(kinds, Action("draw", ()), "Draw a card", [hidden])[1] == [hidden]
    assert said_once_by_kinds(kinds, Action("life", ()), "Move a life to energy", [drew])[1] == [drew]


LANE_ECHOES = {
    "bhm": (" calls ", " plays the territory ", " draws a card"),
    "scars": (" moves a life to energy", " plays "),
}


@pytest.mark.parametrize("game", [g for g in ("bhm", "scars") if engine_ready(g)])
async def test_the_lane_games_say_each_action_once(game: str) -> None:
    """Ten turns against the AI: no action line is followed by the engine saying it again
    (`Player 2 (AI): Move a life to energy` / `P2 moves a life to energy (18 lives left)`)."""
    import random

    app = TriarchApp(LaunchSpec(game_id=game, vs="ai", ai_level="greedy", seed=7), ai_pace=0)
    rng = random.Random(1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(60):
            if app.session.over or not hasattr(app.screen, "choose"):
                break
            app.screen.choose(rng.choice(app.session.game.legal_actions()))
            await settle(pilot, look=False)
        told = next(s for s in app.screen_stack if s.query(GameLog)).query_one(GameLog).plain
        echoes = [
            (action, line)
            for action, line in pairwise(told)
            if action.startswith(("P1", "P2"))
            and line.startswith("  P")
            and any(e in line for e in LANE_ECHOES[game])
        ]
        assert not echoes, echoes
        assert any("left)" in line for line in told if line.startswith(("P1", "P2"))), told


def test_a_units_deployment_is_not_said_again_under_its_play() -> None:
    """`Play Grey Wolf (1 mana) at 2,7` says where it goes: not again `Grey Wolf is deployed at
    2,7` under it (a deployment elsewhere, or of another unit, still is)."""
    play = Action("play", (26, "2,7"))
    echo = ev("play", "P2 plays Grey Wolf (1 mana) at 2,7", player=1)
    deployed = ev("deploy", "Grey Wolf is deployed at 2,7", target=26)
    other = ev("deploy", "Wolf token is deployed at 2,6", target=40)
    words = "Play Grey Wolf (1 mana) at 2,7"
    assert hotg_said_once(play, words, [echo, deployed, other]) == (words, [other])
    assert hotg_said_once(play, "P2: " + words, [echo, deployed]) == ("P2: " + words, [])
    moved = ev("deploy", "Grey Wolf is deployed at 2,6", target=26)
    assert hotg_said_once(play, words, [echo, moved]) == (words, [moved])


@pytest.mark.parametrize(
    ("game", "action", "words", "echo", "said"),
    [
        (
            "bhm",
            Action("keep", ()),
            "P1: Draw 3 for the 3 set aside (then shuffled into the deck)",
            ev("mulligan", "P1 sets aside 3 cards, draws as many and shuffles"),
            "P1: Draw 3 for the 3 set aside (then shuffled into the deck)",
        ),
        (
            "bhm",
            Action("keep", ()),
            "Keep the hand",
            ev("mulligan", "P2 keeps the opening hand"),
            "Keep the hand",
        ),
        (
            "bhm",
            Action("react", (116,)),
            "P2: React with Broken Seal — cancel a power card as it is executed",
            ev(
                "react",
                "P2 reacts with Broken Seal to Pyre Warlock executes Fire Bolt on Hollow Wraith",
                uid=116,
                name="Broken Seal",
                player=1,
                answers=0,
                answered="Pyre Warlock executes Fire Bolt on Hollow Wraith",
            ),
            "P2: React with Broken Seal to Pyre Warlock executes Fire Bolt on Hollow Wraith"
            " — cancel a power card as it is executed",
        ),
        (
            "bhm",
            Action("invest", (300,)),
            "Invest 300 POD",
            ev(
                "invest",
                "Pyre Warlock (P1 zone 1) invests 300 POD (POD 100 for the rest of the turn)",
                uid=7,
                name="Pyre Warlock (P1 zone 1)",
                amount=300,
                pod=100,
            ),
            # (the engine's place in the table's words: `Pyre Warlock z1`, as the lanes mark it; the
            # log says whose besides, session 36)
            "Pyre Warlock z1 of P1 invests 300 POD (POD 100 for the rest of the turn)",
        ),
        (
            "bhm",
            Action("invest", ("all",)),
            "P1: Invest all POD (POD 1 for the rest of the turn)",
            ev(
                "invest",
                "Pyre Warlock invests 500 POD (POD 1 for the rest of the turn)",
                uid=7,
                name="Pyre Warlock",
                amount=500,
                pod=1,
            ),
            "P1: Pyre Warlock invests 500 POD (POD 1 for the rest of the turn)",
        ),
        (
            "scars",
            Action("keep", ()),
            "Keep this hand",
            ev("keep", "P1 keeps 6 cards"),
            "Keep this hand (6 cards)",
        ),
        (
            "scars",
            Action("mulligan", ()),
            "P2: Mulligan (draw one card fewer)",
            ev("mulligan", "P2 mulligans to 5 cards"),
            "P2: Mulligan to 5 cards",
        ),
    ],
)
def test_an_echo_that_adds_something_goes_into_the_actions_line(
    game: str, action: Action, words: str, echo: Event, said: str
) -> None:
    """BHM's keeping of a hand, reactions and investments, The Scars' keeping and mulligans:
    said once, with what the engine's echo adds (whom a reaction answers, the being that invests
    and the POD it keeps, the cards kept)."""
    phase = ev("phase", "Combat phase")
    assert said_once(game, action, words, [echo, phase]) == (said, [phase])


@pytest.mark.parametrize(
    ("action", "words", "echo", "said"),
    [
        (
            Action("react", (116,)),
            "React with Broken Seal — cancel a power card as it is executed",
            ev(
                "react",
                "other words",
                uid=116,
                name="Broken Seal",
                answered="Storm Roc attacks Kalzar (physical)",
            ),
            "React with Broken Seal to Storm Roc attacks Kalzar (physical) — cancel a power card as it is executed",
        ),
        (
            Action("invest", (300,)),
            "P1: Invest 300 POD: 300 to Salud",
            ev("invest", "other words", uid=7, name="Pyre Warlock", amount=300, pod=200),
            "P1: Pyre Warlock invests 300 POD (POD 200 for the rest of the turn)",
        ),
    ],
)
def test_bhm_reactions_and_investments_are_said_from_the_echos_data(
    action: Action, words: str, echo: Event, said: str
) -> None:
    """BHM's reaction and investment lines are made of the engine's data (the card, the entry it
    answers; the being, the POD invested and kept), not of its words: read by regex from the
    words, `other words` kept the echo on a line of its own. An echo without the data stays."""
    assert said_once("bhm", action, words, [echo]) == (said, [])
    bare = ev(echo.kind, echo.text)
    assert said_once("bhm", action, words, [bare]) == (words, [bare])
