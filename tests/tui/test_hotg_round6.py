"""Hand of the Gods, round 6 of the polish (session 27): a choice cut at 80 × 24 keeps whose unit
it aims at; the log says each health change once; the help explains `Warcry ready`/`Warcry
later` and `no target`; a refusal under the prompt is a sentence (every game's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from common.registry import game_class
from tui.log_words import step_lines
from tui.widgets.actions import ActionList
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import SKIRMISH, engine_ready, press, replay_of, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


# -- 4. a refusal under the prompt starts with a capital -----------------------------------------
async def test_a_refusal_is_a_sentence() -> None:
    """No mana, Cyclops (key 4): the engine's `not enough mana: Cyclops costs 6, you have 0` read
    `✗ not enough mana: …` under the prompt; now `✗ Not enough mana: …` (the engine's words are
    unchanged: the prompt's display gives every game's refusal its capital)."""
    app = skirmish(scenario=SKIRMISH.replace("mana = 10\n", "mana = 0\n", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "4")
        await settle(pilot)
        prompt = app.screen.query_one(Prompt)
        assert prompt.error == "not enough mana: Cyclops costs 6, you have 0"  # the engine's
        assert "✗ Not enough mana: Cyclops costs 6, you have 0" in screen_text(app)
        assert "✗ not enough" not in screen_text(app)


# -- 3. the help explains the card panel's Warcry words and the bar's `no target` -----------------
def test_the_help_explains_warcry_ready_later_and_no_target() -> None:
    """The card panel reads `Warcry ready` / `Warcry later` on a unit with an unused activated
    Warcry and the player bar `no target` after the Leader Ability: the help's keys say what
    each means (when a Warcry can be used, that moving or attacking loses it; that `no target`
    is your turn, with the mana, but nothing to aim at)."""
    from tui.screens.hotg import HotgScreen

    keys = " ".join(HotgScreen.help_keys().split())  # what `?` shows (test_hotg_s32), its lines joined
    assert "`Warcry ready` (`w` uses it now)" in keys, keys
    assert (
        "`Warcry later` (not now: deployed this turn, stunned, nothing to aim at, or not its side's turn)"
        in keys
    ), keys
    assert "moving or attacking loses it" in keys
    assert "`no target` (your turn and mana enough, but nothing it may aim at now)" in keys, keys


# -- 1. a choice aimed at a unit keeps whose unit and which, at 80 × 24 ---------------------------
# Two spells for an ally (Transfusion, Magic Shell) and an enemy Oracle of Delphi beside yours.
ORACLES = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]',
    'hand = ["transfusion", "magic_shell", "thunder_of_olympus"]',
) + (
    '[[unit]]\ncard = "oracle"\nowner = 1\ncell = "1,1"\n\n[[unit]]\ncard = "oracle"\nowner = 2\ncell = "1,5"\n'
)


def listed(app: object) -> list[tuple[Action | None, str]]:
    """The choice list as drawn: each line with its choice (None: a group's header)."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    return [
        (actions.actions[i] if i is not None else None, str(o.prompt))
        for i, o in zip(actions.rows, actions.options, strict=True)
    ]


async def test_a_choice_aimed_at_a_unit_keeps_whose_unit_and_which() -> None:
    """80 × 24: `Cast Transfusion (2 mana) on your Oracle of Delphi at 1,1` was cut to `Cast
    Transfusion on your… at 1,1`, and a spell with the Oracle alone of its name to `Cast
    Transfusion on… of Delphi`: whose unit and which were lost. Below 120 × 40 a choice aimed at
    a unit is now listed under what it does (`Cast Transfusion on:`, `Use Bolt on:`, `Hoplite at
    2,2 attacks:`), as its target whole (`your Oracle of Delphi at 1,1`, `P2's Oracle of Delphi
    at 1,5`); the card panel says the whole choice, and from 120 × 40 the list is as before."""
    app = skirmish(scenario=ORACLES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line for _, line in listed(app)]
        at = lines.index("Cast Transfusion on:")
        assert lines[at + 1 : at + 3] == [" ▸ your Hoplite at 2,2", " ▸ your Oracle of Delphi at 1,1"], lines
        at = lines.index("Cast Magic Shell on:")
        assert lines[at + 1 : at + 3] == [" ▸ your Hoplite at 2,2", " ▸ your Oracle of Delphi at 1,1"], lines
        at = lines.index("Use Bolt on:")
        assert " ▸ P2's Oracle of Delphi at 1,5" in lines[at + 1 : at + 4], lines
        at = lines.index("Hoplite at 2,2 attacks:")
        assert lines[at + 1] == " ▸ P2's Hoplite at 2,3", lines
        assert not any("…" in line for line in lines if "Delphi" in line and "Move" not in line), lines
        # the card panel: the whole choice
        transfusion = next(a for a, line in listed(app) if a is not None and "Oracle" in line)
        assert (
            app.screen.choice_words(transfusion)
            == "Cast Transfusion (2 mana) on your Oracle of Delphi at 1,1"
        )
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        assert "Cast Transfusion (2 mana) on your Oracle of Delphi at 1,1" in words, words
        assert all(a is not None for a, _ in listed(app))  # no header lines there
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Cast Transfusion on:" in [line for _, line in listed(app)]


async def test_two_spells_on_the_one_oracle_keep_their_side() -> None:
    """Your Oracle of Delphi alone of its name: Transfusion and Magic Shell on it read `Cast
    Transfusion on… of Delphi` and `Cast Magic Shell on… of Delphi` (whose unit lost); now each
    spell's header over `your Oracle of Delphi`."""
    app = skirmish(scenario=ORACLES.split('[[unit]]\ncard = "oracle"\nowner = 2')[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line for _, line in listed(app)]
        for spell in ("Cast Transfusion on:", "Cast Magic Shell on:"):
            at = lines.index(spell)
            assert " ▸ your Oracle of Delphi" in lines[at + 1 : at + 3], lines
        assert not any("on… of Delphi" in line for line in lines), lines


# -- 2. each health change said once: the `⤷` line keeps what no event line says ------------------
GAIA = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]', 'hand = ["gaia_stone", "cyclops"]'
)


def bolt_gaia_attack(game: Any) -> list[Action]:
    """Bolt on P2's stone, Gaia's Stone (+0/+3) on your Hoplite, your Hoplite attacks theirs."""
    view = game.view(0)
    mine, theirs = (int(view["board"][2][c]["uid"]) for c in (2, 3))
    gaia = next(c["uid"] for c in view["players"][0]["hand"] if c["id"] == "gaia_stone")
    return [
        Action("ability", (view["players"][1]["stone"],)),
        Action("play", (gaia, mine)),
        Action("attack", (mine, theirs)),
    ]


EVENTS = [
    ["Bolt deals 1 damage to P2's Summoning Stone (24 left)"],  # no `⤷ ◄Summoning Stone -1 (♥24)`
    ["Your Hoplite at 2,2 gets +0/+3", "⤷ ►Hoplite +3 (♥6)"],  # the buff says not what is left
    [
        "Your Hoplite at 2,2 deals 1 damage to P2's Hoplite at 2,3 (2 left)",
        "P2's Hoplite at 2,3 strikes back at your Hoplite at 2,2",
        "P2's Hoplite at 2,3 deals 1 damage to your Hoplite at 2,2 (5 left)",
    ],  # no `⤷ ►Hoplite -1 (♥5) · ◄Hoplite -1 (♥2)`
]


def test_the_replay_says_each_health_change_once(tmp_path: Path) -> None:
    """`triarch replay --print` and the replay screen (`step_lines`): a damage says what its unit
    has left (`(24 left)`): no `⤷` line repeats it; a buff's `gets +0/+3` does not, and the `⤷`
    line says it (the replay had no `⤷` line: the live log's only)."""
    game = game_class("hotg").new_game(seed=5, scenario=GAIA)
    for action in bolt_gaia_attack(game):
        game.apply(action)
    replay = replay_of(game, tmp_path / "gaia.json")
    assert [step_lines(replay, i, 0)[1] for i in range(3)] == EVENTS


async def test_the_live_log_says_each_health_change_once() -> None:
    """At the table the same lines as in the replay: `Bolt deals 1 damage to your Summoning Stone`
    was followed by `⤷ ◄Summoning Stone -1 (♥24)`, an attack's damage by `⤷ ►Hoplite -1 (♥5) ·
    ◄Hoplite -1 (♥2)`: each change said twice."""
    app = skirmish(scenario=GAIA)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for action in bolt_gaia_attack(app.session.game):
            app.screen.choose(action)
            await settle(pilot)
        log = list(app.screen.query_one(GameLog).plain)
        starts = [i for i, line in enumerate(log) if line.startswith("P1 (you): ")][-3:]
        told = [log[a + 1 : b] for a, b in zip(starts, [*starts[1:], len(log)], strict=True)]
        assert told == [["  " + line for line in lines] for lines in EVENTS], log
