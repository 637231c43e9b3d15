"""The Scars polish, round 2: the help's rules read as one text, the replay's card panel at a
shelter decision, the blockers dialog at 80 × 24, the unit limit explained, automatic passes
folded, and draws of card effects named to the drawer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from common.registry import game_class
from common.saves import Replay, save_game
from tui.app import TriarchApp
from tui.widgets.detail import CardDetail

from .helpers import ROOT, engine_ready, game_app, press, scenario, screen_name, screen_text, settle
from .test_scars_newcomer import shorter_rules

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

SHELTER = (ROOT / "tests/scenarios/scars/shelter.toml").read_text(encoding="utf-8")


def blanks_before(lines: list[str], heading: str) -> int:
    """How many blank lines come right before the line that reads `heading`."""
    at = next(i for i, line in enumerate(lines) if line.strip(" │┃▌▐█▊▎") == heading)
    n = 0
    while at - n - 1 >= 0 and not lines[at - n - 1].strip(" │┃▌▐█▊▎"):
        n += 1
    return n


async def test_the_rules_tab_has_no_extra_blank_line_where_its_two_halves_join(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules are laid out in two parts (the first section, then the rest): where they
    joined there was one blank line more than between any other two sections."""
    shorter_rules(monkeypatch)  # (the sections on screen, not the later ones)
    app = game_app("scars", seed=1)
    async with app.run_test(size=(120, 80)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        app.screen.query_one("#help").active = "help-rules"
        await settle(pilot)
        lines = screen_text(app).splitlines()
        # the second part starts at the second section; both headings come after a list
        joined = blanks_before(lines, "Starting the game")
        inside = blanks_before(lines, "The six card types")
        assert joined == inside, "\n".join(lines[:30])


async def test_the_replays_card_panel_shows_the_cards_of_a_shelter_choice(tmp_path: Path) -> None:
    """At a step whose pending decision is a shelter choice (the blockers' `done` names no
    card) the replay's card panel read `No card to show at step 2`: it shows the unit
    attacked, then the units that shelter it (`c` the next)."""
    g = game_class("scars").new_game(seed=3, scenario=SHELTER)
    g.apply(Action("attack", (18, 36)))
    g.apply(Action("done"))  # no blocker
    d = g.decision()
    assert d is not None and d.kind == "shelter"
    path = tmp_path / "shelter.json"
    save_game(g, path)
    app = TriarchApp(replay=Replay.load(path), ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "end")
        await settle(pilot)
        screen: Any = app.screen
        detail = screen.query_one(CardDetail)
        assert detail.card is not None, screen_text(app)
        assert detail.card.get("name") == "Knight of the Oath"
        assert [c.get("uid") for c in screen.step_cards] == [36, 37]


async def test_the_unit_limit_says_what_it_counts() -> None:
    """SC-22: each support card lets a player keep 2 units. Before any support the lane read
    `supports 0 (unit limit 0)` (120 × 40) or `units 0/0` (80 × 24), correct but puzzling:
    the roomy lane reads `supports 0 (2 units each: limit 0)`, the help's legend what `units 0/0` means."""
    app = game_app("scars", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "  energy 0 untapped / 0 tapped · supports 0 (2 units each: limit 0)  " in screen_text(app)
    app = game_app("scars", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "units 0/0" in screen_text(app)
        keys = type(app.screen).help_keys()  # the Keys tab `?` shows (test_scars_s36 opens it by key)
        assert "2 units per support card, so\n  `units 0/0` before the first support (SC-22)" in keys


async def test_the_blockers_dialog_at_80x24_shows_each_pairing_whole() -> None:
    """At 80 × 24 a blocker's row cut its label (`Village Militia… dmg 1, 1 more kills`: which
    Militia?) and a long value lost its end: a row too long for its line takes two, the
    blocker whole (its place, stats, damage), then whom it blocks with that one's place."""
    app = game_app("scars", seed=3, scenario=scenario("scars_militia_blocks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        await press(pilot, "right", "right", "down", "right", "down", "right", "right", "right")
        lines = [line.strip(" █") for line in screen_text(app).splitlines()]
        assert "1. Village Militia (1st in DEF) 1/1 dmg 1, 1 more kills" in lines, "\n".join(lines)
        assert "◀ blocks Wolf (2nd in ATK) ▶" in lines
        assert "2. Village Militia (2nd in DEF) 1/1" in lines
        assert "◀ blocks Wolf (1st in ATK) ▶" in lines
        assert "▶ 3. Stone Golem 2/6 dmg 2, 5 more kills" in lines
        assert "◀ blocks Knight of the Oath 3/3 ▶" in lines


async def test_a_draw_by_a_cards_effect_is_named_to_the_drawer(tmp_path: Path) -> None:
    """Insight's `P1 draws a card` twice said which cards to nobody: the drawer's log names
    them (`P1 draws Captain Varro`), in the order they came into the hand, as the action
    `draw` is; the hot-seat log, the replay with everybody's eyes and the other side's still
    read `P1 draws a card` (found from the hands before and after: no engine change)."""
    from tui.log_words import step_lines
    from tui.widgets.log import GameLog

    app = game_app("scars", seed=3, scenario=scenario("scars_insight"), level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        session = app.session
        assert session is not None
        cast = next(a for a in session.legal() if a.kind == "cast")
        screen: Any = app.screen
        screen.choose(cast)
        await settle(pilot)
        hand = [c["name"] for c in session.game.view(0)["players"][0]["hand"]]
        told = screen.query_one(GameLog).plain
        assert [f"  P1 draws {name}" for name in hand] == [t for t in told if "P1 draws" in t], told
        path = tmp_path / "insight.json"
        save_game(session.game, path)
    replay = Replay.load(path)
    i = next(i for i, a in enumerate(replay.actions) if a.kind == "cast")
    mine = [line for line in step_lines(replay, i, 0)[1] if "draws" in line]
    assert mine == [f"P1 draws {name}" for name in hand]
    for eyes in (None, 1):
        assert [line for line in step_lines(replay, i, eyes)[1] if "draws" in line] == ["P1 draws a card"] * 2

    app = game_app("scars", seed=3, scenario=scenario("scars_insight"), vs="human")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the hand-over's cover
        await settle(pilot)
        session = app.session
        assert session is not None
        screen = next(s for s in app.screen_stack if s.query(GameLog))
        screen.choose(next(a for a in session.legal() if a.kind == "cast"))
        await settle(pilot)
        told = screen.query_one(GameLog).plain
        assert [t for t in told if "P1 draws" in t] == ["  P1 draws a card"] * 2, told


def test_a_keyword_learnt_is_said_once() -> None:
    """`Player 2 (AI): Beast Sage learns Trample` had the engine's `Beast Sage learns Trample
    for this combat` under it, the same thing twice: one line says it, with how long."""
    from common.events import Event
    from tui.log_words import said_once

    echo = Event("learn", "Beast Sage learns Trample for this combat", {"uid": 30})
    learn = Action("learn", (30, "Trample"))
    assert said_once("scars", learn, "Beast Sage learns Trample", [echo]) == (
        "Beast Sage learns Trample for this combat",
        [],
    )
    assert said_once("scars", learn, "P2: Beast Sage (P2, 1st in ATK) learns Flying", [echo])[1] == [echo]


async def test_automatic_passes_fold_as_the_players_passes_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of the table's automatic passes (`P1 (you) has nothing to respond with —
    passes automatically`) that say nothing but markers is one line, `… ×3`, with the markers
    under it, as a run of the player's own passes is (one mechanism: `LogLines.add_action`).
    The Scars' engine passes itself for a seat whose only answer is `pass`, so the table's
    automatic pass is forced here: the windows P1 could answer with Insight pass by themselves."""
    from tui.session import Session
    from tui.widgets.log import GameLog

    def auto_pass(self: Session) -> Action | None:
        d = self.game.decision()
        if d is not None and d.player == 0 and d.kind == "respond" and not self.game.view(0).get("stack"):
            return Action("pass")
        return None

    monkeypatch.setattr(Session, "auto_pass", auto_pass)
    app = game_app("scars", seed=3, scenario=scenario("scars_windows"), level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen: Any = next(s for s in app.screen_stack if s.query(GameLog))
        told = screen.query_one(GameLog).plain
        auto = [i for i, line in enumerate(told) if "passes automatically" in line]
        assert auto, told
        assert len(auto) < sum(1 for a in app.session.game.history if a.kind == "pass"), told
        first = told[auto[0]]
        assert first.startswith("P1 (you) has nothing to respond with — passes automatically ×"), told
        assert "P1 passes" not in "\n".join(told)  # the engine's echo is not said again


def test_a_discard_to_the_hand_limit_is_said_once() -> None:
    """`Player 1 (you): Discard Rally the Ranks` had the engine's `P1 discards Rally the Ranks
    (hand limit)` under it: one line says it, with why (`Discard Rally the Ranks (hand limit)`)."""
    from common.events import Event
    from tui.log_words import said_once

    echo = Event("discard", "P1 discards Rally the Ranks (hand limit)", {"uid": 12})
    assert said_once("scars", Action("discard", (12,)), "Discard Rally the Ranks", [echo]) == (
        "Discard Rally the Ranks (hand limit)",
        [],
    )
