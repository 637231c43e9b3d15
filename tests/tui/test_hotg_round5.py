"""Hand of the Gods, round 5 of the polish (session 27, leftovers): the log's event lines say whose
unit each is, as the action's line does; a unit that came and went within one action has its side's
mark; the card panel at a target decision keeps the card's own text in sight at 80 × 24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.registry import game_class
from tui.log_words import step_lines
from tui.screens.hotg import HotgCardDetail
from tui.widgets.detail import CardDetail
from tui.widgets.log import GameLog

from .helpers import (
    SKIRMISH,
    engine_ready,
    press,
    replay_app,
    replay_of,
    screen_name,
    screen_text,
    seeded_replay,
    settle,
    skirmish,
)
from .test_hotg_round4 import VALKYRIE

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def uid_at(view: dict[str, Any], r: int, c: int) -> int:
    return int(view["board"][r][c]["uid"])


# -- 1. the event lines under an attack say whose unit is whose ------------------------------------
@pytest.mark.parametrize(
    ("vs", "mine", "theirs"),
    [
        ("ai", "your Hoplite at 2,2", "P2's Hoplite at 2,3"),
        ("human", "P1's Hoplite at 2,2", "P2's Hoplite at 2,3"),
    ],
)
async def test_an_attacks_event_lines_say_whose_units(vs: str, mine: str, theirs: str) -> None:
    """Your Hoplite attacks the enemy's: the lines under the attack read `Hoplite at 2,2 deals 1
    damage to Hoplite at 2,3 (2 left)`, `Hoplite at 2,3 strikes back at Hoplite at 2,2` — whose
    only in the action's line above them. Now each unit says whose, from the log's reader's side
    (against the AI: `your`; the hot-seat log, read by both: `P1's`)."""
    app = skirmish(vs=vs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if screen_name(app) == "CoverScreen":  # hot-seat: the hand-over
            await press(pilot, "enter")
            await settle(pilot)
        attack = next(a for a in app.screen.legal if a.kind == "attack")
        app.screen.choose(attack)
        await settle(pilot)
        log = list(app.screen.query_one(GameLog).plain)
        first = mine[:1].upper() + mine[1:]
        assert f"  {first} deals 1 damage to {theirs} (2 left)" in log, log
        assert f"  {theirs} strikes back at {mine}" in log, log
        assert f"  {theirs} deals 1 damage to {mine} (2 left)" in log, log


def test_the_replay_says_whose_units_to_the_eyes_it_is_read_by(tmp_path: Path) -> None:
    """The replay's lines (the replay screen's log and `triarch replay --print`) say it to the
    eyes chosen: everybody's `P1's …`/`P2's …`, player 2's `your Hoplite at 2,3`."""
    game = game_class("hotg").new_game(seed=5, scenario=SKIRMISH)
    view = game.view(0)
    game.apply(game.parse_action(f"attack {uid_at(view, 2, 2)} {uid_at(view, 2, 3)}"))
    replay = replay_of(game, tmp_path / "attack.json")
    _, everybody = step_lines(replay, 0, None)
    assert everybody[:2] == [
        "P1's Hoplite at 2,2 deals 1 damage to P2's Hoplite at 2,3 (2 left)",
        "P2's Hoplite at 2,3 strikes back at P1's Hoplite at 2,2",
    ], everybody
    _, p2 = step_lines(replay, 0, 1)
    assert p2[:2] == [
        "P1's Hoplite at 2,2 deals 1 damage to your Hoplite at 2,3 (2 left)",
        "Your Hoplite at 2,3 strikes back at P1's Hoplite at 2,2",
    ], p2


def test_a_spells_target_and_a_stone_say_whose(tmp_path: Path) -> None:
    """Not only an attack's: Thunder of Olympus on the enemy's stone reads `… deals 3 damage to
    your Summoning Stone` to P2; on the enemy's Hoplite, `… to P2's Hoplite` to P1."""
    game = game_class("hotg").new_game(seed=5, scenario=SKIRMISH)
    thunder = next(
        a
        for a in game.legal_actions()
        if "Thunder" in game.describe_action(a) and "Summoning Stone" in game.describe_action(a)
    )
    game.apply(thunder)
    replay = replay_of(game, tmp_path / "thunder.json")
    assert step_lines(replay, 0, 1)[1] == [
        "Thunder of Olympus deals 3 damage to your Summoning Stone (22 left)"
    ]
    assert step_lines(replay, 0, 0)[1] == [
        "Thunder of Olympus deals 3 damage to P2's Summoning Stone (22 left)"
    ]


# -- 2. a unit that comes and goes within one action has its side's mark --------------------------
# Your Draugr attacks the enemy's Mummy (it entered first): both die, the Mummy's Afterlife brings a
# Scarab out in its cell, and the Draugr's Afterlife (1 damage to each adjacent enemy) kills it.
SCARAB = (
    SKIRMISH.split("[[unit]]")[0]
    + '[[unit]]\ncard = "mummy"\nowner = 2\ncell = "2,3"\n\n'
    + '[[unit]]\ncard = "draugr"\nowner = 1\ncell = "2,2"\n'
)


async def test_a_unit_that_appears_and_dies_in_one_action_has_its_side() -> None:
    """The Scarab was on the board neither before the attack nor after it: its death read
    `Scarab dies`, the only unit of the log without its side's mark. Now `◄Scarab dies`, and the
    lines before it say whose it is: `P2's Scarab appears at 2,3`, `Your Draugr deals 1 damage to
    P2's Scarab (0 left)` (the Draugr's, whose Afterlife resolves)."""
    app = skirmish(scenario=SCARAB)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.session.game
        view = game.view(0)
        attack = next(a for a in app.screen.legal if a.kind == "attack" and a.args[1] == uid_at(view, 2, 3))
        app.screen.choose(attack)
        await settle(pilot)
        log = list(app.screen.query_one(GameLog).plain)
        assert "  ◄Scarab dies" in log, log
        assert "  P2's Scarab appears at 2,3" in log, log
        assert "  Your Draugr deals 1 damage to P2's Scarab (0 left)" in log, log
        assert "  ◄Mummy dies" in log and "  ►Draugr dies" in log, log


# -- 3. at a target, the words of what Enter does stay in sight at 80 × 24 -------------------------
async def valkyrie_on_the_terracotta_warrior(size: tuple[int, int]) -> str:
    """The card panel's words with the cursor on the Terracotta Warrior, the target of Valkyrie's
    Warcry (VALKYRIE), at `size`."""
    app = skirmish(scenario=VALKYRIE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        valkyrie = next(a for a in app.screen.legal if a.kind == "play" and a.args[1:] == ("1,0",))
        app.screen.choose(valkyrie)
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "target"
        app.screen.query_one("#board").cursor = (3, 4)
        await settle(pilot)
        return panel_words(app)


def panel_words(app: Any) -> str:
    """The words the card panel shows (the content region of its box, which scrolls it), one line."""
    region = app.screen.query_one(HotgCardDetail).parent.content_region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(line[region.x : region.right].strip() for line in lines).strip()


async def test_a_long_targets_lines_are_cut_not_the_warcry() -> None:
    """The Terracotta Warrior's name and stats took two of the panel's four lines, `3,4 — Enter:
    Target P2's Terracotta Warrior` two more: Valkyrie's Warcry, what Enter does, was out of
    sight. The target's lines are cut to one line each now, the Warcry's words whole; what Enter
    does keeps its target whole without its cell and verb (it read `3,4 — Enter: Target P2's Terracotta…`)."""
    panel = await valkyrie_on_the_terracotta_warrior((80, 24))
    assert panel.startswith("Terracotta Warrior · 1/2 (max 4) · …"), panel
    assert "· … Enter: P2's Terracotta Warrior Valkyrie: Warcry:" in panel, panel
    assert panel.endswith("Valkyrie: Warcry: Execute an enemy unit with 2 or less health."), panel


async def test_a_panel_with_room_cuts_nothing() -> None:
    """At 120 × 40 the panel has the room: every line whole."""
    panel = await valkyrie_on_the_terracotta_warrior((120, 40))
    assert "…" not in panel, panel
    assert "Enter: Target P2's Terracotta Warrior" in panel, panel
    assert "Valkyrie: Warcry: Execute an enemy unit with 2 or less health." in panel, panel


# -- found playing: the replay's card panel in the table's words -----------------------------------
async def test_the_replays_card_panel_reads_as_at_the_table(tmp_path: Path) -> None:
    """`triarch replay` (and Watch again) showed a step's unit in the generic panel's words:
    `Grey Wolf  #27`, `row: 2 · col: 4 · attack: 1 · health: 1 · max health: 2 · movement: 3 ·
    range: 1 · cost: 1 · moved` — its uid and the view's fields. Now as at the table: `Grey Wolf ·
    1/1 (max 2) · move 3`, its text and the glossary's words for it."""
    app = replay_app(seeded_replay("hotg", tmp_path, steps=30))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "end", "t")
        await settle(pilot)
        region = app.screen.query_one(CardDetail).content_region
        lines = screen_text(app).splitlines()[region.y : region.bottom]
        panel = [line[region.x : region.right].strip() for line in lines]
        assert panel[1] == "Grey Wolf · 1/1 (max 2) · move 3", panel
        assert "Beast." in panel and not [line for line in panel if "#27" in line or "row:" in line], panel


# -- found playing: a unit told apart by its cell, then `'s` -------------------------------------
TRANSFUSION = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]', 'hand = ["transfusion"]'
)


def test_what_is_a_unit_told_apart_by_its_cell_reads_whole(tmp_path: Path) -> None:
    """Transfusion on your Hoplite at 2,2 (the enemy has one too) read `Hoplite at 2,2's attack
    is set to 3` — the cell between the name and its `'s`; now `The attack of your Hoplite at 2,2
    is set to 3` (everybody's eyes: `of P1's Hoplite at 2,2`)."""
    game = game_class("hotg").new_game(seed=5, scenario=TRANSFUSION)
    mine = uid_at(game.view(0), 2, 2)
    game.apply(next(a for a in game.legal_actions() if a.kind == "play" and a.args[1:] == (mine,)))
    replay = replay_of(game, tmp_path / "transfusion.json")
    assert step_lines(replay, 0, 0)[1] == ["The attack of your Hoplite at 2,2 is set to 3"]
    assert step_lines(replay, 0, None)[1] == ["The attack of P1's Hoplite at 2,2 is set to 3"]
