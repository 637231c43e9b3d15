"""The Scars, session 37 (what a player stumbles on at the table): `t` at 120 × 40 did nothing and
said nothing; the middle line named the phase by the rulebook's number and title (`2 First
recruitment`, read as a count) where a player reads plain words; the replay said `eyes: player 1`
where every table says `P1`, and its `t` from 120 columns said nothing either."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from common.game import Decision
from tui.screens.lanes import ROOMY_T
from tui.screens.replay import ROOMY_T as REPLAY_ROOMY_T
from tui.screens.scars import SCARS_KEYS
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import engine_ready, game_app, press, replay_app, screen_text, seeded_replay, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def middle_line(app: object) -> str:
    """The lanes' line between the two sides (`Turn 1: P1 (you) · Draw`), in its box's edges from
    120 × 40 (the log's `Turn 1: P1 · 1A Set-up` says no `(you)`)."""
    return next(m[0] for m in re.finditer(r"Turn \d+: P\d \(you\)[^│\n]*", screen_text(app)))


# -- 1. `t` from 120 × 40 ----------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "seed"), [("scars", 1), ("bhm", 3)])
async def test_t_at_120x40_says_why_it_does_nothing_and_still_switches_below(game: str, seed: int) -> None:
    """From 120 × 40 the card panel and the log are both in sight and `t` (off there, not in the key
    bar) did nothing, silently: it says why, until the next key. Below that size it switches. (One
    message for both lane games, `LaneScreen.on_key`: BHM's was a test of its own, test_bhm_ui36.)"""
    app = game_app(game, seed=seed)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "t")
        await settle(pilot)
        prompt = app.screen.query_one(Prompt)
        assert prompt.error == ROOMY_T
        assert "✗ The card panel and the log are both in sight" in " ".join(screen_text(app).split())
        await press(pilot, "down")
        await settle(pilot)
        assert not prompt.error
        await pilot.resize_terminal(80, 24)  # (the same app, resized)
        await settle(pilot)
        shown = app.screen.has_class("-show-log")
        await press(pilot, "t")
        await settle(pilot)
        assert app.screen.has_class("-show-log") != shown
        assert not app.screen.query_one(Prompt).error


# -- 2. the phase on the middle line in plain words ----------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_middle_line_names_the_phase_in_plain_words(size: tuple[int, int]) -> None:
    """Seed 1: P1 keeps, draws, and is in its first recruitment. The middle line said `1B Draw`,
    `2 First recruitment`; it says `Draw`, `Recruitment (first)`. The log keeps the rulebook's
    number and title (SC-51, SC-52), as the rules in the help do."""
    app = game_app("scars", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # keep the hand
        await settle(pilot)
        assert middle_line(app).strip() == "Turn 1: P1 (you) · Draw", middle_line(app)
        await press(pilot, "1")  # draw
        await settle(pilot)
        assert middle_line(app).strip() == "Turn 1: P1 (you) · Recruitment (first)", middle_line(app)
        log = app.screen.query_one(GameLog).plain
        assert "  1B Draw" in log and "  2 First recruitment" in log, log


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_response_window_is_said_once_on_the_middle_line(size: tuple[int, int]) -> None:
    """In a response window the middle line read `· response window · ▶ you may respond` (below
    120 × 40; from there `· response window` above `▶ Player 1 (you) may respond (or pass)`): the
    window said twice. Whose window it is says it; a window without that (no decision to show)
    still says `response window`."""
    app = game_app("scars", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        view = {**screen.view_data, "step": "window", "phase_name": "4 Second recruitment"}
        respond = Decision(0, "respond", "End of 4 Second recruitment: play a prayer or ability, or pass")
        said = ["".join(seg.text for seg in segs) for _, segs in screen.render_middle(view, respond)]
        head = said[0].strip()
        assert "response window" not in " ".join(said), said
        assert head.startswith("Turn 1: P1 (you) · Recruitment (second)"), said
        assert sum("may respond" in line for line in said) == 1, said
        quiet = ["".join(seg.text for seg in segs) for _, segs in screen.render_middle(view, None)]
        assert quiet[0].strip() == "Turn 1: P1 (you) · Recruitment (second) · response window", quiet


def test_the_help_says_the_middle_line_and_the_log_name_a_phase_two_ways() -> None:
    said = " ".join(SCARS_KEYS.split())
    assert "the phase in plain words (`Turn 3: P1 (you) · Recruitment (first)`" in said
    assert "the log and the rules name it by the rulebook's number and title (`2 First recruitment`" in said


# -- 3. the replay: whose eyes as the tables say it, `t` from 120 columns ----------------------------------
async def test_the_replay_says_whose_eyes_as_p1(tmp_path: Path) -> None:
    """`v` the first time: player 1's eyes. The head said `eyes: player 1`; the tables, the logs and
    the replay's own lines say `P1`."""
    app = replay_app(seeded_replay("scars", tmp_path, steps=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "eyes: everybody (public)" in screen_text(app).splitlines()[0]
        await press(pilot, "v")
        await settle(pilot)
        head = screen_text(app).splitlines()[0]
        assert head.endswith("· eyes: P1") and "player" not in head, head
        await press(pilot, "v")
        await settle(pilot)
        assert screen_text(app).splitlines()[0].endswith("· eyes: P2")


async def test_the_replays_t_from_120_columns_says_why_it_does_nothing(tmp_path: Path) -> None:
    """From 120 columns the replay's card panel and log are both in sight: `t` (off, not in the
    key bar) said nothing; it says why in a notice. Below 120 columns it switches, and says nothing."""
    app = replay_app(seeded_replay("scars", tmp_path, steps=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "t")
        await settle(pilot)
        assert [n.message for n in app._notifications] == [REPLAY_ROOMY_T]
    app = replay_app(seeded_replay("scars", tmp_path, steps=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = app.screen.has_class("-show-card")
        await press(pilot, "t")
        await settle(pilot)
        assert app.screen.has_class("-show-card") != shown and not list(app._notifications)
