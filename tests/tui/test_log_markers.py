"""The log's phase and turn lines: the markers of a quiet stretch share a line (`4 Second
recruitment · 5A Clean-up · 5B End of turn`, then `Turn 4: P1 · 1A Set-up · 1B Draw`: a new
turn opens its own line) in the game's log, the replay screen's and `triarch replay --print`,
so that at 80 × 24 what happened stays in sight."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.app import App, ComposeResult

from common.events import Event
from common.game import Action
from common.saves import save_game
from tui.cli import main
from tui.log_words import MARKER_JOIN, LogLines, MarkerRuns, event_words, fold_key, marker_of, steps, times
from tui.widgets.log import GameLog, hang_wrap

from .helpers import (
    choose_first,
    engine_ready,
    game_app,
    press,
    random_game,
    replay_app,
    replay_of,
    resume_app,
    settle,
)


def ev(kind: str, text: str, **data: object) -> Event:
    return Event(kind, text, dict(data))


def phase(text: str) -> Event:
    return ev("phase", text, phase=text)


def turn(n: int, p: int = 1) -> Event:
    return ev("turn", f"Turn {n}: P{p}", player=p - 1)


QUIET = [
    phase("4 Second recruitment"),
    phase("5A Clean-up"),
    phase("5B End of turn"),
    turn(4),
    phase("1A Set-up"),
    phase("1B Draw"),
]


def test_the_markers_of_a_quiet_stretch_share_a_line_a_turn_opens_its_own() -> None:
    assert event_words(QUIET, None) == [
        "4 Second recruitment · 5A Clean-up · 5B End of turn",
        "Turn 4: P1 · 1A Set-up · 1B Draw",
    ]


def test_what_happens_between_markers_ends_their_line() -> None:
    deals = ev("combat", "Tusked Boar deals 3 damage to Valiant Paladin")
    words = event_words(
        [phase("3B Declare blockers"), phase("3C Damage"), deals, phase("4 Second recruitment")], None
    )
    assert words == ["3B Declare blockers · 3C Damage", deals.text, "4 Second recruitment"]
    # an event hidden from the eyes says nothing between them: the line goes on
    hidden = ev("draw", "P2 draws Grey Wolf", private_to=1)
    assert event_words([turn(2, 2), hidden, phase("1A Set-up")], 0) == ["Turn 2: P2 · 1A Set-up"]
    assert event_words([turn(2, 2), hidden, phase("1A Set-up")], 1) == [
        "Turn 2: P2",
        hidden.text,
        "1A Set-up",
    ]


@pytest.mark.parametrize(
    ("event", "marker"),
    [
        (ev("turn", "Turn 3: P1 (2 mana)", player=0), "turn"),  # Hand of the Gods
        (ev("turn", "P1 ends the turn", player=0), None),
        (ev("turn", "The first player does not draw on the first turn"), None),
        (ev("turn", "Turn 2: P2", player=1, turn=2), "turn"),  # BHM
        (ev("phase", "Combat phase"), "phase"),
        (phase("1A Set-up"), "phase"),  # The Scars
        (ev("draw", "P1 draws a card", player=0), None),
    ],
)
def test_each_games_markers(event: Event, marker: str | None) -> None:
    assert marker_of(event) == marker


def test_a_run_goes_on_across_calls_until_a_line_of_its_own() -> None:
    runs = MarkerRuns()
    assert [runs.joins(m) for m in ("phase", "phase", "turn", "phase", None, "phase")] == [
        False,
        True,
        False,
        True,
        False,
        False,
    ]
    runs.close()  # an action's line
    assert not runs.joins("phase")


# -- the widget: lines added action by action -------------------------------------------------


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        log = GameLog()
        log.hanging = True
        yield log


async def test_the_log_joins_the_markers_of_successive_calls_and_redraws_the_line() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        log.add_line("P1: Play Tusked Boar (2) in attack", "bold")
        log.add_events(QUIET[:2])
        log.add_events(QUIET[2:3])  # the next action's markers, no line between
        log.add_events(QUIET[3:])
        log.add_line("P1: Draw a card", "bold")
        log.add_events(QUIET[4:5])  # after an action's line: a line of its own
        await settle(pilot)
        assert log.plain == [
            "P1: Play Tusked Boar (2) in attack",
            "  4 Second recruitment · 5A Clean-up · 5B End of turn",
            "  Turn 4: P1 · 1A Set-up · 1B Draw",
            "P1: Draw a card",
            "  1A Set-up",
        ]
        width = log.scrollable_content_region.width
        drawn = [strip.text.rstrip() for strip in log.lines]
        # the grown line wraps as any: its drawn lines before it grew are gone
        assert drawn == [row for line in log.plain for row in hang_wrap(line, width)]
        assert "    5B End of turn" in drawn or "    End of turn" in drawn


async def test_markers_joined_while_the_log_is_hidden_are_drawn_at_its_width_when_shown() -> None:
    """At 80 × 24 the log shares its place with the card panel: a line that grew while it was
    hidden is drawn again at the log's width when it comes back, as every line is."""
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        log.add_line("P2: Done", "bold")
        log.add_events(QUIET[:1])
        await settle(pilot)
        log.display = False
        await settle(pilot)
        log.add_events(QUIET[1:3])  # the line grows, no line added
        log.display = True
        await settle(pilot)
        width = log.scrollable_content_region.width
        drawn = [strip.text.rstrip() for strip in log.lines]
        assert drawn == [row for line in log.plain for row in hang_wrap(line, width)]
        assert log.plain[1] == "  4 Second recruitment · 5A Clean-up · 5B End of turn"
        assert log.wrapped_to_width


async def test_markers_added_before_the_log_has_a_size_join_too() -> None:
    class Early(LogApp):
        def on_mount(self) -> None:
            log = self.query_one(GameLog)
            log.add_events(QUIET[:2])
            log.add_events(QUIET[2:])

    app = Early()
    async with app.run_test(size=(80, 12)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        drawn = [strip.text.rstrip() for strip in log.lines]
        assert drawn == [
            "  4 Second recruitment · 5A Clean-up · 5B End of turn",
            "  Turn 4: P1 · 1A Set-up · 1B Draw",
        ]


# -- the games' logs -------------------------------------------------------------------------------


def flat(lines: list[str]) -> list[str]:
    """Each marker of a shared line on a line of its own again, as it was."""
    return [
        piece if k == 0 else "  " + piece for line in lines for k, piece in enumerate(line.split(MARKER_JOIN))
    ]


def unjoined(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(MarkerRuns, "joins", lambda self, marker: False)


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_a_scars_game_at_80x24_says_the_same_in_fewer_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty choices against the AI, the log as it was played; the log without the joining is
    the same game's autosave resumed with the markers never joined and every action told again
    (`RESUMED_ACTIONS`): a resumed log reads as the live log (tests/tui/test_resume_log.py), so
    this is what the game said live without the joining — not a second game played to it."""
    from tui.screens import game as game_screen

    app = game_app("scars", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(30):
            await choose_first(pilot)
            await settle(pilot, look=False)
        await settle(pilot)
        joined = list(app.screen.query_one(GameLog).plain)
        n, path = len(app.session.game.history), app.session.save_path
    assert not app.session.over and n > 30
    with monkeypatch.context() as m:
        unjoined(m)
        m.setattr(game_screen, "RESUMED_ACTIONS", 10 * n)
        again = resume_app(path)
        async with again.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            told = next(s for s in again.screen_stack if s.query(GameLog)).query_one(GameLog).plain
            apart = list(told)
    assert apart[-1] == f"(resumed after {n} actions)"
    apart = apart[:-1]
    assert flat(joined) == apart  # the same words, in the same order
    assert len(joined) <= len(apart) - 5, (len(joined), len(apart))
    assert any(line.startswith("  Turn ") and " · 1A Set-up" in line for line in joined), joined


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_the_scars_replay_and_its_print_say_the_same_in_fewer_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from common.registry import game_class

    game, _ = random_game(game_class("scars"), 7, 60)
    replay = replay_of(game, tmp_path / "scars.json")

    def printed(*args: str) -> list[str]:
        r = CliRunner().invoke(main, ["replay", "--print", *args, str(tmp_path / "scars.json")])
        assert r.exit_code == 0, r.output
        return [line.strip() for line in r.output.splitlines()[:-1]]  # not the final line

    app = replay_app(replay)  # (one replay app: each step it shows tells its log afresh)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "end")
        await settle(pilot)
        joined = list(app.screen.query_one(GameLog).plain)
        with monkeypatch.context() as m:
            unjoined(m)
            await press(pilot, "home", "end")
            await settle(pilot)
            apart = list(app.screen.query_one(GameLog).plain)
    joined_print, quiet_print = printed(), printed("--no-actions")
    with monkeypatch.context() as m:
        unjoined(m)
        apart_print, quiet_apart = printed(), printed("--no-actions")
    assert flat(joined) == apart
    assert len(joined) < len(apart)
    for short, long in ((joined_print, apart_print), (quiet_print, quiet_apart)):
        assert [p.strip() for line in short for p in line.split(MARKER_JOIN)] == long
        assert len(short) < len(long)
    # without the actions' lines, the markers of successive actions share a line too
    assert any(MARKER_JOIN in line and line.startswith("Turn ") for line in quiet_print)


def test_print_keeps_bhm_and_hotg_as_they_were(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No two markers come one after the other there (a turn's start is followed by its draw):
    their print is what it was without the joining."""
    from common.registry import game_class

    for game_id in [g for g in ("hotg", "bhm") if engine_ready(g)]:
        game, _ = random_game(game_class(game_id), 7, 80)
        path = tmp_path / f"{game_id}.json"
        save_game(game, path)
        joined = CliRunner().invoke(main, ["replay", "--print", str(path)]).output
        with monkeypatch.context() as m:
            unjoined(m)
            apart = CliRunner().invoke(main, ["replay", "--print", str(path)]).output
        assert joined == apart
        assert ("Round 1: P2's turn" if game_id == "hotg" else "Turn 2: P2") in joined


# -- The Scars' passes: a run that says nothing but markers is one line ------------------------------

PASS = (1, "pass")  # the fold key of P2's passes (`fold_key`)


def said(log: LogLines, first: int, events: list[Event], *, player: int = 1, words: str = "Pass") -> None:
    """A replay's step `first` of P`player + 1` (`10. P2: Pass`, a run: `10–13. P2: Pass ×4`)."""

    def line(n: int) -> str:
        return f"{steps(first, n)}. P{player + 1}: {times(words, n)}"

    log.add_action(line, events, None, fold=(player, "pass") if words == "Pass" else None)


def test_a_run_of_passes_that_say_nothing_but_markers_is_one_line() -> None:
    log = LogLines()
    said(log, 9, [ev("resolve", "Resolves: Pikeman (unit, in attack position)")])  # says more: its own
    said(log, 10, [phase("3A Declare attackers")])
    said(log, 11, [phase("4 Second recruitment")])
    said(log, 12, [])
    said(log, 13, [phase("5B End of turn"), turn(2, 2), phase("1A Set-up")])
    said(log, 14, [phase("1B Draw")])  # after a new turn: a run of its own
    said(log, 15, [phase("2 First recruitment")], player=0)  # the other side's
    said(log, 16, [], words="Done")
    assert log.plain == [
        "9. P2: Pass",
        "  Resolves: Pikeman (unit, in attack position)",
        "10–13. P2: Pass ×4",
        "  3A Declare attackers · 4 Second recruitment · 5B End of turn",
        "  Turn 2: P2 · 1A Set-up",
        "14. P2: Pass",
        "  1B Draw",
        "15. P1: Pass",
        "  2 First recruitment",
        "16. P2: Done",
    ]


def test_a_pass_that_says_more_than_markers_ends_the_run_and_keeps_its_line() -> None:
    log = LogLines()
    said(log, 1, [phase("3A Declare attackers")])
    said(log, 2, [ev("resolve", "Resolves: Grey Wolf"), phase("3B Declare blockers")])
    said(log, 3, [phase("3C Damage")])
    log.add_line("(a note)")
    said(log, 4, [])
    assert log.plain == [
        "1. P2: Pass",
        "  3A Declare attackers",
        "2. P2: Pass",
        "  Resolves: Grey Wolf",
        "  3B Declare blockers",
        "3. P2: Pass",
        "  3C Damage",
        "(a note)",
        "4. P2: Pass",
    ]
    assert fold_key("scars", Action("pass", ()), 1) == PASS
    assert fold_key("bhm", Action("pass", ()), 1) is None  # `Do not react to …` says what it answers
    assert fold_key("scars", Action("done", ()), 1) is None


async def test_the_log_draws_a_run_of_passes_again_as_one_line() -> None:
    app = LogApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        log.add_line("P1: Play Tusked Boar (2) in attack", "bold")
        for events in (
            [phase("3A Declare attackers")],
            [phase("4 Second recruitment")],
            [phase("5A Clean-up")],
        ):
            log.add_action(lambda n: f"Player 2 (AI): {times('Pass', n)}", events, None, fold=PASS)
        await settle(pilot)
        assert log.plain == [
            "P1: Play Tusked Boar (2) in attack",
            "Player 2 (AI): Pass ×3",
            "  3A Declare attackers · 4 Second recruitment · 5A Clean-up",
        ]
        width = log.scrollable_content_region.width
        drawn = [strip.text.rstrip() for strip in log.lines]
        assert drawn == [row for line in log.plain for row in hang_wrap(line, width)]


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_the_ais_passes_through_a_quiet_turn_are_one_line_of_the_game_log() -> None:
    """P2 (AI)'s passes through the phases of the first turn were a line each (`P2
    (AI): Pass` / `3A Declare attackers` / `P2 (AI): Pass` / `4 Second recruitment` …)."""
    app = game_app("scars", seed=1, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(6):
            await press(pilot, "1")
            await settle(pilot, look=False)
        told = app.screen.query_one(GameLog).plain
        assert "P2 (AI): Pass ×5" in told, told
        i = told.index("P2 (AI): Pass ×5")
        # one phase a line under it (session 35: `3A Declare attackers · 4 Second recruitment …`
        # read as one heading naming two phases)
        assert told[i + 1 : i + 5] == [
            "  3A Declare attackers",
            "  4 Second recruitment",
            "  5A Clean-up",
            "  5B End of turn",
        ], told
        assert not [a for a, b in pairwise(told) if a == b == "P2 (AI): Pass"], told


async def test_passes_folded_before_the_log_has_a_size_are_drawn_once() -> None:
    class Early(LogApp):
        def on_mount(self) -> None:
            log = self.query_one(GameLog)
            for events in ([phase("3A Declare attackers")], [phase("4 Second recruitment")], []):
                log.add_action(lambda n: f"Player 2 (AI): {times('Pass', n)}", events, None, fold=PASS)

    app = Early()
    async with app.run_test(size=(80, 12)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        drawn = [strip.text.rstrip() for strip in log.lines]
        assert drawn == ["Player 2 (AI): Pass ×3", "  3A Declare attackers · 4 Second recruitment"]
