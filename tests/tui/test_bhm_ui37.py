"""Session 37, BHM's table: whose card a mirror match's prompt and choices name, `last:` at 80
columns, the replay's opening in the table's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.widgets.status import Prompt

from .helpers import (
    bhm_session,
    engine_ready,
    game_app,
    press,
    resumed,
    scenario,
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def mirror(phase: str, p1_hand: list[str], p2_hand: list[str]) -> str:
    """Both sides with an Ember Squire in zone 1 (the lanes mark both `Ember Squire z1`), P1's turn."""
    return '[scenario]\ngame = "bhm"\ntitle = "a mirror match"\n\n' + scenario_body(
        dict(cll=9, deck=["spark_imp"] * 3, hand=p1_hand, being=["ember_squire", "mountain_giant"]),
        dict(cll=9, deck=["spark_imp"] * 3, hand=p2_hand, being=["ember_squire", "cinder_hound"]),
        turn=6,
        active=1,
        phase=phase,
        armageddon="off",
    )


def one_line(text: str) -> str:
    """The screen's words on one line, without a dialog's borders."""
    return " ".join(text.replace("║", " ").split())


async def test_react_to_in_a_mirror_match_says_whose_each_being_is() -> None:
    """Hot-seat, P1's Ember Squire z1 attacks P2's: P2's prompt (and the cover before it) read `React
    to: Ember Squire z1 attacks Ember Squire z1 (physical)?`. They say whose each is; at 80 columns
    the prompt keeps its one line whole, without `(physical)` (it was cut there)."""
    app = game_app("bhm", seed=1, scenario=mirror("combat", [], ["iron_will"]), vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # P1 takes the table
        await settle(pilot)
        s = app.session
        squires = {c.owner: c.uid for c in s.game.zones.cards.values() if c.defn.id == "ember_squire"}
        attack = Action("attack", (squires[0], squires[1]))
        await press(pilot, str(app.screen.query_one("ActionList").actions.index(attack) + 1))
        await settle(pilot)
        said = "React to: Ember Squire z1 of P1 attacks Ember Squire z1 of P2"
        assert said in one_line(screen_text(app)), screen_text(app)  # the cover
        await press(pilot, "enter")  # P2 takes the table
        await settle(pilot)
        assert s.decision is not None and s.decision.kind == "respond"
        lines = screen_text(app).splitlines()
        assert [line for line in lines if line.strip().startswith(f"P2: {said}") and line.endswith("?")], (
            lines
        )
        assert app.screen.query_one(Prompt).prompt.endswith("(physical)?")  # (whole from 120 × 40)


async def test_a_target_of_a_mirror_match_says_whose_it_is() -> None:
    """Fire Bolt's targets in a mirror match: `Target Ember Squire z1` was either side's twin."""
    from .test_bhm_ui31 import choice_lines

    app = game_app("bhm", seed=1, scenario=mirror("strategy1", ["fire_bolt"], []))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # Mountain Giant executes Fire Bolt
        await settle(pilot)
        d = app.session.decision
        assert d is not None and d.kind == "target"
        assert "Target Ember Squire z1 of P2" in choice_lines(app), choice_lines(app)
        # the attacks, whose sides the attack says, keep the lanes' words
        assert "of P1" not in choice_lines(app)


async def test_last_says_a_reaction_whole_at_80_columns_in_hot_seat(tmp_path: Path) -> None:
    """Hot-seat, P2 reacts with Foresight to P1's attack: P1's `last:` read `React with Foresight to
    Hollow Wraith attacks Spark Imp…`, the card's summary (`— after any enemy action, draw 1 card`)
    pushing the end of what it answers out. It leaves the summary to the card panel and the log."""
    s = bhm_session(scenario("bhm_twins"), tmp_path / "s.json", seats=("human", "human"))
    imp = next(u for u, c in s.game.zones.cards.items() if c.zone == "slot:1:1")  # P2's Spark Imp
    s.apply(Action("attack", (uid_of(s, "hollow_wraith"), imp)))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "1")  # P2 takes the table, reacts with Foresight
        await settle(pilot)
        await press(pilot, "enter")  # P1 takes the table
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert last.strip() == "» P2 last: React with Foresight to Hollow Wraith attacks Spark Imp (physical)"


@pytest.mark.parametrize(
    ("width", "said"),
    [
        (80, "React with Foresight to Player 1's draw (initial phase)"),
        (50, "React with Foresight to Player 1's draw"),
        (36, "React with Foresight to P1's draw"),
        (30, "React with Foresight to P1's…"),
    ],
)
def test_a_reaction_in_last_gives_way_from_its_summary_on(width: int, said: str) -> None:
    from tui.screens.bhm import BhmTable

    words = "React with Foresight to Player 1's draw (initial phase) — after any enemy action, draw 1 card"
    assert BhmTable().fit_last(words, width) == said


@pytest.mark.parametrize("eyes", ["everybody", "1"])
async def test_the_replay_tells_the_opening_hands_as_the_table(eyes: str, tmp_path: Path) -> None:
    """`triarch replay --print` and the replay screen opened BHM's game with the engine's `P1 draws 5
    cards`, `P2 draws 5 cards`, where the table's log says the draw once (`… draw 5 cards each`,
    session 32): in the replay's names of the seats, `P1 and P2 draw 5 cards each`."""
    from common.saves import save_game

    from .test_replay_words import log_lines, printed, random_game

    path = tmp_path / "s.json"
    save_game(random_game("bhm", steps=6), path)
    lines = printed(path, eyes)
    assert lines[0].strip() == "P1 and P2 draw 5 cards each", lines
    assert not any("draws 5 cards" in line for line in lines), lines
    assert (await log_lines(path, eyes))[: len(lines)][0].strip() == "P1 and P2 draw 5 cards each"


def test_a_lane_line_with_a_wide_mark_wraps_by_its_cells() -> None:
    """`⚡` (the stack's line, The Scars' energy) takes two columns as drawn, and the lanes counted
    it as one: a line that fit by its characters lost its last column. `★`, `◆` and `✦` take one
    (East Asian "ambiguous" or neutral, as the box lines: one column in Rich and Textual)."""
    from rich.cells import cell_len

    from tui.widgets.lanes import LaneBoard, seg_width, words

    text = " ⚡ stack of 2, the top resolves first:"
    board = LaneBoard()
    board.show([("", words(text))], set())
    assert board.rows_for(len(text)) == 2  # one column short: `first:` on a second row
    assert board.rows_for(cell_len(text)) == 1
    assert [seg_width(s) for s in words("★ ◆ ✦")] == [2, 2, 1]
