"""BHM reactions answered by reactions (BH-67): the stack drawn as a pile in the middle lane, top
first, readable without colour, in both layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from tui.app import TriarchApp

from .helpers import (
    REACTION_CHAIN,
    bhm_session,
    engine_ready,
    fire_bolt_on_tide_sentinel,
    game_app,
    press,
    resumed,
    scenario,
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def stack_app(path: Path) -> TriarchApp:
    """P1's Fire Bolt answered by P2's Broken Seal: P1 (human) may answer the reaction."""
    s = bhm_session(REACTION_CHAIN, path)
    fire_bolt_on_tide_sentinel(s)
    s.apply(Action("react", (uid_of(s, "broken_seal"),)))
    assert s.decision.kind == "respond" and s.decision.player == 0
    return resumed(s)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_bhm_stack_of_two_is_drawn_as_a_pile_top_first(tmp_path: Path, size: tuple[int, int]) -> None:
    """BH-67: the middle lane lists the stack top first, numbered from the bottom, with who played each
    entry and what a reaction answers (words and numbers, not colour)."""
    app = stack_app(tmp_path / "s.json")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "stack of 2, the top resolves first" in text
        lines = text.splitlines()
        top = next(i for i, ln in enumerate(lines) if "2. P2 reaction Broken Seal" in ln)
        bottom = next(i for i, ln in enumerate(lines) if "1. P1 Flame Adept executes Fire" in ln)
        assert top < bottom, "the top of the stack is drawn above the entry it answers"
        assert "→ answers 1" in lines[top] and "◂ top" in lines[top]
        assert "Mirror Edict" in text  # the choice to answer the reaction


async def test_bhm_single_pending_action_keeps_the_waiting_line(tmp_path: Path) -> None:
    """With one entry the middle lane keeps its one line "⚡ waiting: …" (no pile) from 120 × 40
    where no prompt under the lanes asks `React to: …?` (session 39: the game's table says it
    once, in the prompt, test_lanesui39_table): in the replay."""
    from .helpers import replay_app, replay_of

    s = bhm_session(REACTION_CHAIN, seats=("ai", "human"))
    fire_bolt_on_tide_sentinel(s)
    app = replay_app(replay_of(s.game, tmp_path / "one.json"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "end")
        await settle(pilot)
        text = screen_text(app)
        assert "⚡ waiting: Flame Adept executes Fire Bolt on Tide Sentinel" in text
        assert "stack of" not in text


def draw_answered(path: Path) -> TriarchApp:
    """BH-20/BH-67 ruling: P1 draws no card in its initial phase, P2 answers that draw with Foresight;
    P1 (human) may answer in turn (tests/tui/data/bhm_draw_window.toml)."""
    s = bhm_session(scenario("bhm_draw_window"), path)
    s.apply(Action("nodraw", ()))
    s.apply(Action("react", (uid_of(s, "foresight", owner=1),)))
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.player == 0
    return resumed(s)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_bhm_a_draw_on_the_stack_is_drawn_in_words(tmp_path: Path, size: tuple[int, int]) -> None:
    """BH-20/BH-67 ruling: P1's initial draw waits on the stack under P2's Foresight. The draw has
    no card, yet its entry says what it is (it once showed a bare dash)."""
    app = draw_answered(tmp_path / "s.json")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "stack of 2, the top resolves first" in text
        lines = text.splitlines()
        top = next(i for i, ln in enumerate(lines) if "2. P2" in ln and "Foresight" in ln)
        bottom = next(i for i, ln in enumerate(lines) if "1. P1" in ln and "draw" in ln)
        assert top < bottom
        assert not any(ln.strip() in ("└ —", "└—") for ln in lines)


async def test_bhm_the_log_says_whose_draw_a_reaction_answers(tmp_path: Path) -> None:
    """BH-20/BH-67 ruling: the log said "P2 reacts with Foresight to draw (initial phase)", which
    reads as if P2 reacted in order to draw; it names the draw's player, as the stack does (the
    log of the resumed game tells the reaction as the live log did, in the action's line)."""
    app = draw_answered(tmp_path / "s.json")
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        # whose draw in the players' names (session 33: the engine's `P1's draw` under `Player 2 (AI):`;
        # session 34: the viewer's own, `your draw`, not `Player 1 (you)'s draw`)
        assert "P2 (AI): React with Foresight to your draw (initial phase)" in text
        assert "to draw (" not in text


async def test_bhm_hot_seat_cover_says_an_answer_is_asked_in_the_other_players_turn() -> None:
    """Hot-seat: P2 draws in its final phase and P1, holding Foresight, is asked to react. The
    cover said "Player 1, it is your turn." although the turn is P2's; it says whose turn it is."""
    both = scenario("bhm_draw_window").replace('hand = ["foresight"]', 'hand = ["foresight", "riposte"]', 1)
    app = game_app("bhm", seed=1, scenario=both, vs="human", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "P2, it is your turn." in screen_text(app)  # P2's own turn: its draw
        await press(pilot, "enter")
        await settle(pilot)
        await press(pilot, "1")  # Draw a card: P1 may answer with Foresight
        await settle(pilot)
        text = screen_text(app)
        assert type(app.screen).__name__ == "CoverScreen"
        words = " ".join(text.replace("║", " ").split())
        # (whose draw in the players' names, session 33: not the engine's `P2's draw`)
        assert "▶ P1: it is P2's turn — you decide: React to: P2's draw (final phase)?" in words
        assert "it is your turn" not in text
