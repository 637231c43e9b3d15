"""The Scars, session 36 (what a player stumbles on at the table): a replay says why the first
hand is one card short (SC-03) and `triarch replay --print` runs in a fresh process; a cost in
brackets is never broken at the end of a line."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from common.game import Action
from tui.log_words import passed, scars_phase_words
from tui.screens.scars import ScarsReplayScreen, ScarsScreen, combat_keys, scars_prompt
from tui.widgets.actions import ActionList, wrapped
from tui.widgets.detail import CardDetail, note_text
from tui.widgets.lanes import LaneBoard, Seg, words
from tui.widgets.log import GameLog, hang_wrap
from tui.widgets.status import Prompt
from tui.wording import UNBROKEN, costs_whole

from .helpers import (
    ROOT,
    engine_ready,
    game_app,
    press,
    replay_app,
    scenario,
    screen_name,
    screen_text,
    seeded_replay,
    settle,
)
from .test_scars_newcomer import shorter_rules

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

SC03 = "(plays first: one card fewer, SC-03)"


def table_of(app: Any) -> ScarsScreen:
    return next(s for s in app.screen_stack if isinstance(s, ScarsScreen))


# -- 1. a replay's opening: the first player's 6 cards (SC-03) -----------------------------------------
async def test_the_replay_screen_says_why_the_first_hand_is_one_card_short(tmp_path: Path) -> None:
    """SC-03: the first player draws 6, the other 7. The game's log said why; the replay of the
    same game (`triarch replay FILE`) said `P2 draws 6 cards` and nothing more."""
    replay = seeded_replay("scars", tmp_path, steps=6)
    first = next(ev.data.get("player") for ev in replay.opening if ev.kind == "coin")
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, ScarsReplayScreen))
        log = screen.query_one(GameLog).plain
        assert f"  P{first + 1} draws 6 cards {SC03}" in log, log
        assert f"  P{2 - first} draws 7 cards" in log, log


def test_replay_print_says_it_too_in_a_fresh_process(tmp_path: Path) -> None:
    """`triarch replay FILE --print` in a process of its own (as a player runs it) failed on a
    circular import (`tui.replay_goal` → `tui.screens.puzzle` → `tui.screens` → the replay screen →
    `tui.replay_goal`) before it printed a line; now it prints the opening as the game's log says it."""
    replay = seeded_replay("scars", tmp_path, steps=6)
    first = next(ev.data.get("player") for ev in replay.opening if ev.kind == "coin")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRIARCH_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", "--print", str(tmp_path / "scars.json")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert f"  P{first + 1} draws 6 cards {SC03}" in lines, lines[:6]
    assert f"  P{2 - first} draws 7 cards" in lines, lines[:6]


# -- 2. a cost in brackets is never broken at the end of a line ----------------------------------------
CHOICE = "Play Standard-Bearer (3 energy) sheltering Crossbow Sergeant"  # 80 × 24: `(3` | `energy)`


def test_a_choice_keeps_its_cost_whole_on_a_line() -> None:
    """The choice list at 80 × 24 (33 columns of words) read `Play Standard-Bearer (3` over
    `energy) sheltering Crossbow Sergeant`; the cost goes to the next line whole."""
    lines = wrapped(CHOICE, 23)
    assert lines[0] == "Play Standard-Bearer", lines
    assert lines[1].startswith("(3 energy)"), lines
    shelter = wrapped("Field Medic shelters Shieldbearer Recruit (pay 1 life)", 48)
    assert shelter == ["Field Medic shelters Shieldbearer Recruit", "(pay 1 life)"], shelter
    # a place and a cost in one bracket: the cost whole
    placed = wrapped("Play Grey Wolf (2nd in hand, 1 energy) sheltering Grey Wolf (1st in ATK)", 38)
    assert not [line for line in placed if line.endswith(" 1") or line.startswith("energy)")], placed


def test_only_a_cost_is_kept_whole() -> None:
    """What is not a cost wraps as before: `(12 lives left)`, `your last life: you lose`."""
    for text in (
        "Move a life to energy (12 lives left)",
        "Turn Wolf to attack (pay 1 life — your last life: you lose)",
    ):
        assert costs_whole(text) == text
    assert costs_whole("Hero ability (2 energy): give") == f"Hero ability (2{UNBROKEN}energy): give"


def test_the_log_keeps_a_cost_whole() -> None:
    """The log at 80 × 24 (36 columns): `Player 1 (you): Hero ability (2` over `    energy)`."""
    lines = hang_wrap("Player 1 (you): Hero ability (2 energy)", 36)
    assert lines == ["Player 1 (you): Hero ability", "    (2 energy)"], lines


async def test_the_log_on_screen_keeps_the_hero_abilitys_cost_whole() -> None:
    """At 80 × 24 against the AI the hero ability's line in the log broke its cost."""
    app = game_app("scars", seed=3, scenario=scenario("scars_hero_ability"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.choose(next(a for a in app.session.legal() if a.kind == "hero"))
        await settle(pilot)
        drawn = [strip.text.rstrip() for strip in table.query_one(GameLog).lines]
        assert any(line.endswith("Hero ability (3 energy):") for line in drawn), drawn
        assert not [line for line in drawn if line.endswith("(3")], drawn


def test_the_lanes_keep_a_cost_whole() -> None:
    """The `last:` line of the lanes (120 × 40) read `… Play Tusked Boar (2` over `energy) in attack`:
    `words` gives the cost as one segment, its spaces as they were, and the board wraps before it."""
    text = " ★ P2 (AI) last: Play Tusked Boar (2 energy) in attack"
    segs = words(text)
    assert Seg("(2 energy) ") in segs, segs
    assert "".join(s.text for s in segs) == text
    board = LaneBoard()
    board.lines, board.line_styles = [segs], [""]
    placed, rows, _ = board._layout(36)
    said = ["".join(p.seg.text for p in placed if p.row == r).rstrip() for r in range(rows)]
    assert said == [" ★ P2 (AI) last: Play Tusked Boar", "(2 energy) in attack"], said


def test_the_card_panel_keeps_a_cost_whole() -> None:
    """The card panel's first line is the choice's words: `Turn Shieldbearer Recruit to attack
    (pay 1` over `energy)` at 120 × 40; a note without a cost is the `Text` it was."""
    note = note_text("Turn Shieldbearer Recruit to attack (pay 1 energy)", "italic")
    console = Console(width=44, record=True, file=io.StringIO())
    console.print(note)
    drawn = [line.rstrip() for line in console.export_text().splitlines()]
    assert drawn == ["Turn Shieldbearer Recruit to attack", "(pay 1 energy)"], drawn
    assert isinstance(note_text("Enter: the 3 choices with this card", "dim"), Text)


# -- 3. the attack and block prompts say their keys ----------------------------------------------------
# `scars_lost_target` before any attack is declared: P1's Tusked Boar and Grey Wolf in attack position
ATTACKS = scenario("scars_lost_target").replace(", attacking = 1", "").replace(', attacking = "hero"', "")


async def test_the_attack_prompt_says_which_key_does_what() -> None:
    """SC-53: `You: Declare attackers, then done` — then done how? No choice is called `Done`. The
    prompt says the keys: the numbers of the attacks, and the last choice's, in its words."""
    app = game_app("scars", seed=3, scenario=ATTACKS, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert app.session.decision is not None and app.session.decision.kind == "attack"
        words = table.query_one(ActionList).words
        last = len(words)
        assert words[-1] == "Declare no attackers", words
        prompt = table.query_one(Prompt).prompt
        assert prompt == f"You: Declare attackers: 1–{last - 1} picks an attack, {last} declares no attackers"
        assert len(prompt) <= 78 and "then done" not in screen_text(app)
        assert table.choose(table.query_one(ActionList).actions[0])  # the Boar attacks
        await settle(pilot)
        words = table.query_one(ActionList).words
        assert words[-1] == "Confirm 1 attacker", words
        prompt = table.query_one(Prompt).prompt
        assert prompt.endswith(f", {len(words)} confirms 1 attacker"), prompt
        await press(pilot, str(len(words)))  # the key the prompt names does it
        await settle(pilot)
        assert app.session.game.view(0)["phase"] != "attackers"


def test_the_combat_keys_in_words() -> None:
    """One attack to pick and the last key; more than nine choices: `the last choice`."""
    assert combat_keys("attack", ["Wolf attacks P2's hero", "Confirm 1 attacker"], "Confirm 1 attacker") == (
        "Declare attackers: 1 picks an attack, 2 confirms 1 attacker"
    )
    said = [f"Wolf {i} blocks Boar" for i in range(10)] + ["Declare no blockers"]
    assert combat_keys("block", said, "Declare no blockers") == (
        "Declare blockers: 1–9 picks a block, the last choice declares no blockers"
    )


async def test_the_blockers_dialog_says_what_enter_does() -> None:
    """SC-54: the blockers dialog's total line read `No blocks — Enter: done`; Enter declares no
    blockers, and says so. The AI's attack and the replay keep the words with no key in them."""
    app = game_app("scars", seed=3, scenario=scenario("scars_wolf_attacks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "No blocks — Enter: declare no blockers" in text, text
        assert "Enter: done" not in text
    assert (
        scars_prompt("Declare blockers, then done")
        == "Declare blockers: choose each block, then confirm them"
    )


# -- 4. a pass at the end of a sub-phase, in words -----------------------------------------------------
def test_a_pass_in_a_window_says_the_phase_in_words() -> None:
    """SC-59: `Pass (no response in 2 First recruitment)`, the rulebook's number and title inside
    a sentence, now `Pass (lets first recruitment end)`; every sub-phase with a window has words."""
    from scars.game import PHASE_NAMES, WINDOW_PHASES

    view = {"phase_name": "2 First recruitment", "stack": []}
    assert passed(view, {}, 1) == "Pass (lets first recruitment end)"
    for phase in WINDOW_PHASES:
        name = PHASE_NAMES[phase]
        words = scars_phase_words(name)
        assert words != name and not words[:1].isdigit(), (phase, words)
    assert passed({**view, "phase_name": "5B End of turn"}, {}, 1) == "Pass (lets the turn end)"


async def test_the_window_prompt_and_the_log_say_the_phase_in_words() -> None:
    """Your window at the end of a sub-phase of the AI's turn (SC-59): the prompt read `End of 2
    First recruitment: play a prayer or ability, or pass`; your pass's line in the log said
    `Pass (no response in 2 First recruitment)`."""
    app = game_app("scars", seed=3, scenario=scenario("scars_windows"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        d = app.session.decision
        assert d is not None and d.player == 0 and d.kind == "respond", d
        prompt = table.query_one(Prompt).prompt
        assert re.fullmatch(r"You: End of [a-z][a-z ]+: play a prayer or ability, or pass", prompt), prompt
        phase = app.session.game.view(0)["phase_name"]
        assert table.choose(Action("pass"))
        await settle(pilot)
        log = table.query_one(GameLog).plain
        assert f"P1 (you): Pass (lets {scars_phase_words(phase)} end)" in log, log
        assert not [line for line in log if "no response in" in line], log


# -- 5. a unit over the limit that a support keeps -----------------------------------------------------
async def test_a_unit_a_support_would_keep_says_so() -> None:
    """SC-22, SC-23: with no support card yet (`units 0/0`) each unit read `(over the unit limit)`,
    as if it were lost — but a support card placed this turn keeps it (2 units a support), and any
    card of the hand is one. The choice says `(place a support too)`, its card panel how; once the
    turn's support is placed, or with no other card to place, the unit is over the limit."""
    app = game_app("scars", seed=3, scenario=scenario("scars_no_support"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        actions = table.query_one(ActionList)
        assert "Play Grey Wolf (1 energy) in attack (place a support too)" in actions.words, actions.words
        assert not [w for w in actions.words if "over the unit limit" in w], actions.words
        assert "│    attack (place a support too)" in screen_text(app)  # whole at 80 × 24
        wolf = actions.actions[
            actions.words.index("Play Grey Wolf (1 energy) in attack (place a support too)")
        ]
        table.show_action_detail(wolf)
        note = " ".join(str(table.query_one(CardDetail).note).split())
        assert "unless you place a support card this turn: any card of your hand, face down (SC-22)" in note
        assert table.choose(wolf)
        await settle(pilot)
        # the Boar is the last card: played, nothing is left to place as a support
        words = table.query_one(ActionList).words
        assert "Play Tusked Boar (2 energy) in attack (over the unit limit)" in words, words
        assert table.choose(next(a for a in app.session.legal() if a.kind == "support"))
        await settle(pilot)
        assert not [w for w in table.query_one(ActionList).words if "(place a support too)" in w]


async def test_a_second_support_is_not_offered_by_the_label() -> None:
    """One support a turn (SC-22): after it, a unit beyond the new limit is `(over the unit limit)`."""
    toml = scenario("scars_no_support").replace(
        'hand = ["wild_wolf", "wild_boar"]', 'hand = ["wild_wolf", "wild_boar", "wild_wolf", "wild_boar"]'
    )
    toml = toml.replace("energy = 3\nsupports = 0", "energy = 6\nsupports = 0")
    app = game_app("scars", seed=3, scenario=toml, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        support = next(a for a in app.session.legal() if a.kind == "support")
        assert table.choose(support)  # limit 2
        await settle(pilot)
        for _ in range(2):
            cast = next(a for a in app.session.legal() if a.kind == "cast")
            assert table.choose(cast)
            await settle(pilot)
        words = table.query_one(ActionList).words
        plays = [w for w in words if w.startswith("Play ")]
        assert plays and all(w.endswith("(over the unit limit)") for w in plays), words


# -- 6. the help's Keys tab names the game once ----------------------------------------------------------
async def test_the_help_names_the_scars_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`?` → Keys: `The Scars — press Esc to close`, then a heading `The Scars` over the table's
    keys; the heading says what the section is about."""
    shorter_rules(monkeypatch)  # (the Rules tab, laid out as the help opens, is not looked at)
    app = game_app("scars", seed=3, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        await settle(pilot)
        keys = ScarsScreen.help_keys()
        assert app.screen.keys_md == keys  # type: ignore[attr-defined]  # (what the other help tests read alone)
        assert keys.count("The Scars") == 0, keys[:200]
        assert "**Reading the table**" in keys
        tab = " ".join(str(w.render()) for w in app.screen.query("#help-keys Static, #help-keys Markdown *"))
        assert tab.count("The Scars") == 1, tab[:300]


# -- found at the table: the prompt with nothing to pay for names no key ---------------------------------------
async def test_the_prompt_with_nothing_to_pay_for_says_the_keys() -> None:
    """At 80 × 24 with no energy the list shows the `Place … as a support` choices, and `Move a
    life to energy` is out of sight under them: a player who pressed a number for it ended the
    phase. The prompt says the key of each (SC-18); hot-seat, with the seat's name before it, it
    keeps to one line (`Player 2: 0 energy, nothing to pay for: move a life to energy, or end the`
    and `phase` alone under it): `Nothing to pay for: …` (the energy is on the lane's head)."""
    app = game_app("scars", seed=11, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(12):
            d = app.session.decision
            if screen_name(app) == "CoverScreen":
                await press(pilot, "enter")
            elif d is not None and d.kind == "recruit":
                break
            else:
                await press(pilot, "1")  # keep, draw
            await settle(pilot)
        table = table_of(app)
        prompt = table.query_one(Prompt)
        m = re.fullmatch(
            r"P2: 0 energy, nothing to pay for: (\d) moves a life to energy, (\d) ends the phase",
            prompt.prompt,
        )
        assert m, prompt.prompt
        words = table.query_one(ActionList).words
        assert words[int(m[1]) - 1] == "Move a life to energy", words
        assert words[int(m[2]) - 1] == "End first recruitment, go to combat", words
        lines = [line for line in screen_text(app).split("\n") if "to pay for" in line]
        # (one line: `P2: ` leaves room for the whole, session 39; `Player 2: ` took the short form)
        assert lines == [
            f" P2: 0 energy, nothing to pay for: {m[1]} moves a life to energy, {m[2]} ends the phase"
        ], lines
        await press(pilot, m[1])  # the key it names
        await settle(pilot)
        assert app.session.game.view(1)["players"][1]["life_moved"]


async def test_with_the_last_life_it_offers_a_support_instead() -> None:
    """A life moved that is the last one loses the game (SC-02): the prompt does not offer it."""
    toml = scenario("scars_no_support").replace("lives = 19\nenergy = 3", "lives = 1\nenergy = 0")
    app = game_app("scars", seed=3, scenario=toml, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        words = table.query_one(ActionList).words
        assert any("your last life" in w for w in words), words
        prompt = table.query_one(Prompt).prompt
        assert re.fullmatch(
            r"You: 0 energy, nothing to pay for: 1–2 places a support, \d ends the phase", prompt
        ), prompt


async def test_the_ais_recruitment_is_not_said_to_have_nothing_to_pay_for() -> None:
    """`Player 2 (AI) is deciding: 3 energy, nothing to pay for: end the phase` was said of every
    AI recruitment: while the AI thinks the table has no choices of its, and `nothing to pay for`
    came of an empty list (and would tell what its hidden hand holds). The engine's words stay."""
    app = game_app("scars", seed=3, scenario=scenario("scars_no_support"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        d = app.session.decision
        assert d is not None and d.kind == "recruit"
        table.legal = []  # as while the AI thinks
        assert table.own_words(d) == "First recruitment: play cards, then end it to go to combat"


async def test_the_second_recruitment_with_nothing_to_pay_for_ends_the_turn() -> None:
    """Its last choice is `End second recruitment and the turn`: the prompt says `ends the turn`."""
    toml = scenario("scars_no_support").replace('phase = "recruit1"', 'phase = "recruit2"')
    toml = toml.replace("energy = 3\nsupports = 0", "energy = 0\nsupports = 0")
    app = game_app("scars", seed=3, scenario=toml, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        prompt = table.query_one(Prompt).prompt
        words = table.query_one(ActionList).words
        m = re.fullmatch(
            r"You: 0 energy, nothing to pay for: (\d) moves a life to energy, (\d) ends the turn", prompt
        )
        assert m, prompt
        assert words[int(m[2]) - 1] == "End second recruitment and the turn", words


async def test_the_roomy_lane_says_a_side_is_over_its_unit_limit() -> None:
    """At 120 × 40 the head said `supports 0 (2 units each: limit 0)` and no line counted the units:
    a unit played with no support went at clean-up with no word before (SC-23). A side over its
    limit has a line that says it; at 80 × 24 the head's `units 1/0` does."""
    app = game_app("scars", seed=3, scenario=scenario("scars_no_support"), level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert "over the limit" not in screen_text(app)
        wolf = next(a for a in app.session.legal() if a.kind == "cast")
        assert table.choose(wolf)
        await settle(pilot)
        text = screen_text(app)
        assert "│  units 1 of 0: 1 over the limit, discarded at clean-up (SC-23)" in text, text
