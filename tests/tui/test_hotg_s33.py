"""Hand of the Gods at the table, session 33: what a new player trips on. A quick `Enter` after
choosing a unit does nothing the player has not seen; `c` after a refused number key shows the
card the number named; the replay's status line says whose decision it is by the players' names
(every game's), never "your turn"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.screens.card import CardScreen
from tui.screens.hotg import HotgCardDetail
from tui.widgets.grid import GridBoard
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import (
    SKIRMISH,
    choose_cell,
    deploy_the_oracle,
    engine_ready,
    press,
    replay_app,
    seeded_replay,
    settle,
    skirmish,
)

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")

# The skirmish with 5 mana: the Cyclops (cost 6, key 4) cannot be played.
SHORT_OF_MANA = SKIRMISH.replace("mana = 10\nmax_mana = 10\n", "mana = 5\nmax_mana = 10\n")


def card_words(app: object) -> str:
    body = app.screen.body  # type: ignore[attr-defined]
    return "\n".join(getattr(part, "plain", "") for part in body.renderables)


# -- a quick Enter after choosing a unit ---------------------------------------------------------------
@HOTG
async def test_choosing_a_unit_leaves_the_cursor_on_it() -> None:
    """Your Hoplite at 2,2 can move to 1,2 and attack the enemy Hoplite at 2,3, both one step
    away: the cursor went to the nearest mark, and on that tie to the move above (the upper
    cell first), so a player who pressed Enter twice to attack moved instead. The cursor stays
    on the chosen unit: the arrows go from it to a mark (`→` onto the enemy), and a second quick
    Enter drops the selection, doing nothing on the board."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_cell(pilot, 2, 2)
        screen, board = app.screen, app.screen.query_one(GridBoard)
        kinds = {rc: a.kind for rc, a in screen.cell_actions.items()}
        assert kinds[(1, 2)] == "move" and kinds[(2, 3)] == "attack"
        assert board.cursor == (2, 2)
        await press(pilot, "enter")  # a quick second Enter: nothing played
        await settle(pilot)
        assert not app.session.game.history and screen.selected is None
        await press(pilot, "enter")  # chosen again, then `→` onto the enemy and Enter: the attack
        await settle(pilot)
        await press(pilot, "l")
        await settle(pilot)
        assert board.cursor == (2, 3)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.game.history[0].kind == "attack"


# -- `c` after a refused number key ---------------------------------------------------------------------
@HOTG
async def test_c_after_a_refused_number_shows_the_card_the_number_named() -> None:
    """`4` names the Cyclops (cost 6) with 5 mana: refused (`✗ … mana`), the hand's cursor on it.
        Once the board's cursor moved, the same key again left the hand's cursor where it was (no
    highlight, no panel): `c` then showed the card under the board's cursor, not the Cyclops."""
    app = skirmish(scenario=SHORT_OF_MANA)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "4")
        await settle(pilot)
        assert app.screen.query_one(Prompt).error, "the Cyclops was not refused"
        await press(pilot, "l", "4")  # the board's cursor moved on, then the same key again
        await settle(pilot)
        assert app.screen.query_one(Prompt).error, "the Cyclops was not refused"
        await press(pilot, "c")
        await settle(pilot)
        assert isinstance(app.screen, CardScreen)
        shown = card_words(app)
        assert "Cyclops · cost 6" in shown and "In your hand" in shown, shown


# -- the replay's line of the decision pending: no "you" -------------------------------------------------
@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
async def test_the_replays_pending_decision_names_the_players_never_you(game_id: str, tmp_path: Path) -> None:
    """The replay's status line ended with the engine's prompt to its player: HotG's `Turn 5 ·
    Player 1 to play · your turn — play, move, attack or end`, The Scars' `Respond to Grove
    Druid's upkeep trigger: add 1 energy to your pool` (whose pool?), BHM's `Player 1 to declare
    attacks · Combat phase: declare attacks (P1)` (the seat twice). A replay has no "you": each
    step's line says whose it is by the players' names, as the table's status does."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    replay = seeded_replay(game_id, tmp_path, steps=300)
    async with replay_app(replay).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        lines = []
        for step in range(len(replay) + 1):  # each step's status as `show_step` says it, undrawn
            screen.step, screen.view_data = step, replay.state(step).view(screen.viewer)
            lines.append(screen.status_text().splitlines()[-1])
    said = "\n".join(lines)
    assert not re.search(r"\byour?\b", said, re.IGNORECASE), [
        ln for ln in lines if re.search(r"\byour?\b", ln)
    ]
    assert not re.search(r"\(P\d\)$", said, re.MULTILINE), said
    if game_id == "hotg":
        assert re.search(r"^Round \d+ · P\d to play$", said, re.MULTILINE), said
    if game_id == "scars":  # (seed 7 meets a Grove Druid's upkeep trigger)
        assert re.search(r"Respond to P\d's Grove Druid upkeep trigger: add 1 energy to P\d's pool", said), (
            said
        )


# -- the keys go back to the board ------------------------------------------------------------------------
@HOTG
@pytest.mark.parametrize("in_the_list", [False, True])
async def test_after_a_revealed_card_is_picked_the_board_has_the_keys_again(in_the_list: bool) -> None:
    """The Oracle's reveal put the keys in the choice list (or its dialog); once the card was
    picked, the turn went on with the keys still in the list: the arrows moved its highlight, not
    the board's cursor, and a quick `Enter` played the list's first choice (`Move Hoplite to
    0,3`) that the board did not show. The board has the keys again, its cursor where it was.
    And the pick is said in the log's person: against the AI the log says `You draw Achilles`,
    then the Oracle's pick read `P1 picks Healing Spring into their hand`, of the same player; it
    reads `You pick … into your hand` (checked here since session 38: it was a test of its own
    that made the same pick in an app of its own)."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(GridBoard)
        await deploy_the_oracle(pilot, close_reveal=in_the_list)
        where = board.cursor
        await press(pilot, "1" if not in_the_list else "enter")
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "turn"
        assert app.focused is board, app.focused
        assert board.cursor == where
        log = "\n".join(app.screen.query_one(GameLog).plain)
        picked = [line.strip() for line in log.splitlines() if " pick" in line]
        assert picked and picked[-1].startswith("You pick "), log
        assert "into your hand" in log and "P1 picks" not in log, log


# -- a Warcry aimed at its own unit ---------------------------------------------------------------------
@HOTG
async def test_a_warcry_on_its_own_unit_says_its_text_once() -> None:
    """Aphrodite's Warcry may aim at herself: with the cursor on her the card panel said
    `Aphrodite: Warcry: give an allied unit Protect 1.` twice, once as what Enter does and once
    as the target's own text. It says it once."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "3", "enter")  # Aphrodite deployed: her Warcry's target
        await settle(pilot)
        screen = app.screen
        source = screen.session.decision.context.get("source")
        board = screen.query_one(GridBoard)
        here = next(rc for rc, a in screen.cell_actions.items() if a.args[0] == source)
        board.cursor = here
        await settle(pilot)
        detail = screen.query_one(HotgCardDetail)
        said = "\n".join(line.text for line in detail.render_lines(detail.region.reset_offset))
        said = " ".join(said.split())
        assert said.count("give an allied unit Protect 1.") == 1, said
        assert "Enter: Target your Aphrodite" in said, said
