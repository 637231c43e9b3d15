"""Session 39, BHM's and The Scars' tables: what was said two ways on one screen.

- the seats: the status line and the log said `Player 1 (you)` over the lanes' heads' `P1 (you)`;
  now `P1 (you)`, `P2 (AI)` (`P1` in hot-seat) on the whole screen, as Hand of the Gods and the
  replay name them (`LaneScreen.seat_name`, `seat_names`);
- the other side's last actions in words: The Scars' line began with `★` (the mark of the card
  that acted), BHM's with `»`: `» P2 (AI) last: …` in both, and in the help of both;
- BHM from 120 × 40: `⚡ waiting: …` in the middle over the prompt's `React to: …?`: once, in the
  prompt (as below 120 × 40);
- the screen's digit that waits for a second one is read one way, `tui.digits.TwoDigits`
  (`screen.digits`), not through a `number_typed` property of the table and of the dialogs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tui.screens.decide import NumberedDialog
from tui.screens.game import GameScreen
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import (
    REACTION_CHAIN,
    bhm_session,
    engine_ready,
    fire_bolt_on_tide_sentinel,
    game_app,
    into_first_turn,
    press,
    resumed,
    screen_text,
    settle,
)

LANE_GAMES = [g for g in ("bhm", "scars") if engine_ready(g)]


def table_of(app: Any) -> Any:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


# -- 1. one name for a seat on the screen -------------------------------------------------------------
@pytest.mark.parametrize("vs", ["ai", "human"])
@pytest.mark.parametrize("game_id", LANE_GAMES)
async def test_the_status_line_and_the_log_name_the_seats_as_the_heads_do(game_id: str, vs: str) -> None:
    app = game_app(game_id, seed=1, vs=vs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(8):  # (mulligans, set-up, the first turn; a hot-seat's covers: Enter)
            await press(pilot, "enter" if type(app.screen).__name__ == "CoverScreen" else "1")
            await settle(pilot, look=False)
        await settle(pilot)
        if type(app.screen).__name__ == "CoverScreen":
            await press(pilot, "enter")
            await settle(pilot)
        text = screen_text(app)
        log = table_of(app).query_one(GameLog).plain  # (its lines)
        status = text.splitlines()[0]
        names = r"P[12]" if vs == "human" else r"P[12] \((you|AI)\)"
        assert re.search(rf"· {names} (to|is) ", status), status
        assert "Player" not in text, text
        assert not [line for line in log if "Player" in line], log
        me = "P1" if vs == "human" else "P1 (you)"
        assert [line for line in log if line.startswith(f"{me}: ")], log  # an action, by the heads' name


# -- 2. one glyph leads `last:` in both games -------------------------------------------------------------
@pytest.mark.parametrize("game_id", LANE_GAMES)
async def test_the_other_sides_last_actions_are_led_by_one_glyph(game_id: str) -> None:
    app = game_app(game_id, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        for _ in range(12):
            if " last: " in screen_text(app):
                break
            await press(pilot, "1")
            await settle(pilot)
        lines = [line for line in screen_text(app).splitlines() if " last: " in line]
        assert lines, screen_text(app)
        assert lines[0].lstrip().startswith("» P2 (AI) last: "), lines
        assert "★ P" not in screen_text(app)
        keys = table_of(app).help_keys()
        assert "`» P2 (AI) last: …`" in keys, keys  # the help says the glyph, in both games


# -- 3. BHM from 120 × 40: the action waiting for a reaction said once ---------------------------------
@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_bhm_the_action_waiting_for_your_reaction_is_said_once(
    size: tuple[int, int], tmp_path: Path
) -> None:
    """P1 (AI)'s Fire Bolt on your Tide Sentinel waits for your reaction (BH-67): the prompt asks
    `React to: Flame Adept executes Fire Bolt on Tide Sentinel?`; from 120 × 40 the middle said
    `⚡ waiting: Flame Adept executes Fire Bolt on Tide Sentinel` above it too."""
    s = bhm_session(REACTION_CHAIN, tmp_path / "s.json", seats=("ai", "human"))
    fire_bolt_on_tide_sentinel(s)
    app = resumed(s)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        said = "Flame Adept executes Fire Bolt on Tide Sentinel"
        prompt = table_of(app).query_one(Prompt).prompt
        assert f"React to: {said}?" in prompt, prompt
        text = screen_text(app)
        assert "⚡" not in text and "waiting:" not in text, text


# -- 4. a waiting digit: one way to read it ---------------------------------------------------------------
def test_a_waiting_digit_is_read_from_the_shared_two_digits() -> None:
    """`number_typed` was a second name, on the table and on the dialogs, for `digits.waiting`
    (`tui.digits.TwoDigits`, which both keep as `digits`)."""
    assert not hasattr(GameScreen, "number_typed") and not hasattr(NumberedDialog, "number_typed")


# -- 5. BHM's final table says how the game ended as the log and the game-over dialog do --------------
@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
async def test_bhm_the_final_table_says_the_end_in_the_players_names(tmp_path: Path) -> None:
    """`b` (look at the table) after the game: the middle line said the engine's `P1's C.LL reached
    32` under the log's `P2 (AI) wins: your C.LL reached 32` and the dialog's `Ended: your C.LL …`."""
    import random

    from tui.session import Seats, Session

    for seed in range(5, 40):  # (a seeded random game, told to its last action: the human's)
        s = Session.new("bhm", Seats(["human", "ai"], "random"), seed=seed, save_path=tmp_path / "s.json")
        rng = random.Random(seed)
        while True:
            action = rng.choice(s.legal())
            trial = s.game.clone()
            trial.apply(action)
            if trial.is_over() or len(s.game.history) > 600:
                break
            s.apply(action)
        if trial.is_over() and s.decision is not None and s.decision.player == 0:
            break
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.choose(action)
        await settle(pilot)
        assert type(app.screen).__name__ == "GameOverScreen"
        ended = table.ending()
        assert ended.startswith("Ended: "), ended
        await press(pilot, "b")  # the game-over dialog gone: the final table
        await settle(pilot)
        text = screen_text(app)
        assert f" {ended.removeprefix('Ended: ')}" in text.splitlines(), text
        assert not re.search(r"\bP[12]'s C\.LL reached", text), text  # (the engine's bare seat)


# -- 6. The Scars: a choice's last-life warning is not told as what was done -------------------------
@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_the_log_and_last_tell_a_last_life_paid_without_the_choices_warning() -> None:
    """Hot-seat at 120 × 40: `» P2 last: Tusked Boar shelters Ember Shaman (pay 1 life — your last
    life: you lose)` over P1's side, and the same in the log: the choice's warning (SC-02), told
    after the fact to the other player as `your`. The log and `last:` say `(pay 1 life)`."""
    from tests.tui.helpers import scenario

    toml = scenario("scars_no_support").replace("lives = 19\nenergy = 3", "lives = 1\nenergy = 0")
    app = game_app("scars", seed=3, scenario=toml, vs="human")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "CoverScreen":
            await press(pilot, "enter")
            await settle(pilot)
        table = table_of(app)
        warned = [a for a in app.session.legal() if "your last life" in app.session.game.describe_action(a)]
        assert warned, [app.session.game.describe_action(a) for a in app.session.legal()]
        assert table.choose(warned[0])
        await settle(pilot)
        log = table.query_one(GameLog).plain
        assert not [line for line in log if "your last life" in line], log
        assert "your last life" not in screen_text(app), screen_text(app)
