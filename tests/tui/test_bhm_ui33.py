"""Session 33, BHM's screen: the log's events in the players' names, worded from the events' data;
a being told by its zone from the table's data, not from the engine's label; the cost of a power
said in one place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt

from .helpers import engine_ready, game_app, press, resumed, screen_text, settle, uid_of
from .test_bhm_ui31 import choice_lines
from .test_bhm_ui32 import BOLT

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


async def test_a_powers_cost_is_worded_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """`(consumes 100 POD: all it has, it dies)` was written twice, in the engine's choice words and
    in the screen's words below 120 × 40: both are the engine's `power_cost_words` now (BH-33,
    BH-40)."""
    from bhm.game import BhmGame

    monkeypatch.setattr(BhmGame, "power_cost_words", lambda self, action: " (costs all, BH-33)")
    app = game_app("bhm", seed=1, scenario=BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        s = app.session
        power = Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "cinder_hound")))
        assert power in s.legal()
        assert screen.choice_words(power) == "Cinder Hound executes Fire Bolt (costs all, BH-33)"
        assert s.game.describe_action(power).startswith(
            "Cinder Hound executes Fire Bolt (costs all, BH-33) — "
        )


# a mirror of names: each side has an Ember Squire, P2 two Cinder Hounds (twins of one side)
MIRROR = '[scenario]\ngame = "bhm"\ntitle = "names on both sides"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, being=["mountain_giant", "ember_squire"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire", "cinder_hound", "cinder_hound"]),
    turn=6,
    active=1,
    phase="combat",
    armageddon="off",
)


@pytest.mark.parametrize("other_label", [False, True])
async def test_a_being_is_told_by_its_zone_as_the_lanes_mark_it(
    monkeypatch: pytest.MonkeyPatch, other_label: bool
) -> None:
    """The choices marked a being's zone where the engine's label names a place (`Ember Squire
    (P2 zone 1)`: another Ember Squire anywhere in play), the lanes where its side has another of
    its name: `kills: Ember Squire z1` under `Ember Squire z1 attacks:` named two Ember Squires
    the lanes show without a zone. From the table's data now (`being_names`): only P2's two Cinder
    Hounds are. (`zone_mark` read `(P2 zone 3)` out of the label by regex: other words for the
    label lost the marks.) Session 35: the lanes mark what the engine's label places, on either
    side (the log said `Ember Squire (P2 zone 1)` of a being the lanes called `Ember Squire`): the
    two Ember Squires are `z1` (P2's) and `z2` (P1's), from the table's data still."""
    from bhm.game import BhmGame

    if other_label:
        monkeypatch.setattr(BhmGame, "label", lambda self, c: f"the card {c.uid}")
    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert "Ember Squire z2 attacks:" in lines and "Mountain Giant attacks:" in lines, lines
        assert any(line.endswith(": Ember Squire z1") for line in lines), lines
        assert any(line.endswith(": Cinder Hound z2") for line in lines), lines
        assert any(line.endswith(": Cinder Hound z3") for line in lines), lines
        assert not any(line.endswith(": Ember Squire") for line in lines), lines
        view = app.screen.view_data  # type: ignore[attr-defined]
        drawn = app.screen.render_player_dense(view, view["players"][1], False)  # type: ignore[attr-defined]
        board = " ".join(seg.text for _, segs in drawn for seg in segs)
        assert "Cinder Hound z2" in board and "Ember Squire z1" in board, board
        # `last:` at 80 columns: the attack's brief words from the same data (`fit_last`)
        screen: Any = app.screen
        s = app.session
        giant = uid_of(s, "mountain_giant")
        hounds = sorted(c.uid for c in s.game.zones.cards.values() if c.defn.id == "cinder_hound")
        attack = Action("attack", (giant, hounds[1]))
        game = s.game.clone()
        words = screen.words_for(game, attack, 0)
        game.apply(attack)
        screen.note_action(0, attack, words, after=game)
        assert screen.fit_last(words, 60) == "kills: Mountain Giant attacks Cinder Hound z3", words


def test_the_seated_words_are_the_engines_own_from_its_data() -> None:
    """Each BHM event that names a seat is worded from its data (`bhm_seated`): in the engine's
    names of the seats (`P1`) the words are the engine's own, for every such event of a few seeded
    random games — new words in the engine and none in its data would drift apart here."""
    import random

    from common.registry import game_class
    from tui.log_words import BHM_SEATED, bhm_seated

    seen: set[str] = set()
    for seed in range(1, 9):
        g = game_class("bhm").new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 400:
            g.apply(rng.choice(g.legal_actions()))
        for ev, told in zip(g.log.events, bhm_seated(g.log.events, lambda p: f"P{p + 1}"), strict=True):
            if ev.kind in BHM_SEATED:
                assert told.text == ev.text, (ev.kind, ev.data)
                seen.add(ev.kind)
    # the seats' names of the log's lines, in what each event says
    named = bhm_seated(g.log.events, lambda p: ("Ann", "Bob")[p])
    assert any(ev.text.startswith("Turn ") and ev.text.endswith(": Ann") for ev in named)
    # (a reaction says the entry it answers in the engine's words: `… to P1's draw (final phase)`)
    assert not any(
        " P1" in ev.text or ev.text.startswith("P1")
        for ev in named
        if ev.kind in BHM_SEATED and ev.kind != "react"
    )
    assert {"turn", "draw", "cll", "enter", "die", "first", "win"} <= seen, seen


@pytest.mark.parametrize("hotseat", [False, True])
async def test_the_log_and_the_table_name_the_players_as_the_logs_lines_do(
    hotseat: bool, tmp_path: Path
) -> None:
    """`Player 1 (you): Go to combat` over `Turn 2: P1`, `P1 draws Wind Dancer`, `Flame Adept enters
    P1's being zone 3`: the engine's seats under the players' names. The log's events say them as
    its lines do (`Turn 2: P1 (you)`, `P1 (you) draws …`, session 39's names; hot-seat `P1 draws a
    card`, its public words), and the table's middle line as the lanes' heads (`Turn 2: P1 (you)`)."""
    import re

    from tui.session import Seats, Session

    from .helpers import resumed, screen_text

    kinds = ["human", "human"] if hotseat else ["human", "ai"]
    s = Session.new("bhm", Seats(kinds, "random"), seed=4, save_path=tmp_path / "s.json")
    while s.game.decision() is not None and s.game.decision().kind == "mulligan":  # type: ignore[union-attr]
        s.apply(Action("keep"))
    app = resumed(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if hotseat:
            await press(pilot, "enter")  # (the cover between the players' turns)
            await settle(pilot)
        screen: Any = app.screen
        log = screen.query_one(GameLog).plain
        events = [line.strip() for line in log if line.startswith("  ")]
        you, ai = ("P1", "P2") if hotseat else ("P1 (you)", "P2 (AI)")
        said = " | ".join(events)
        assert f"Die: {you} rolls " in said and f", {ai} rolls " in said, log
        turn = next(line for line in events if line.startswith("Turn "))
        assert turn.endswith((f": {you}", f": {ai}")), log
        assert f"{turn.partition(': ')[2]} draws " in said, log
        # (the engine's bare seat, `P1`, where the log's lines say `P1 (you)`; hot-seat's are bare)
        bare = re.compile(r"\bP[12]\b(?! \((?:you|AI)\))")
        assert hotseat or not [e for e in events if bare.search(e)], log
        seat = r"P[12]" if hotseat else r"P1 \(you\)|P2 \(AI\)"
        middle = re.compile(rf"Turn \d+: (?:{seat}) · ")
        assert middle.search(screen_text(app)), screen_text(app)


async def test_the_game_over_says_how_it_ended_in_the_players_names(tmp_path: Path) -> None:
    """`Ended: P1's C.LL reached 32` under `Player 2 wins!`: the engine's seat. From the `win`
    event's data now, in the players' names (BH-05). (A seeded random hot-seat game, told to its
    last action.)"""
    import random

    from tui.session import Seats, Session

    from .helpers import resumed

    s = Session.new("bhm", Seats(["human", "human"], "random"), seed=5, save_path=tmp_path / "s.json")
    rng = random.Random(5)
    while True:
        action = rng.choice(s.legal())
        trial = s.game.clone()
        trial.apply(action)
        if trial.is_over():
            break
        s.apply(action)
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = next(x for x in app.screen_stack if hasattr(x, "ending"))  # (under the cover)
        app.session.apply(action)
        win = next(ev for ev in reversed(list(app.session.game.log)) if ev.kind == "win")
        assert win.text.startswith("P")  # (the engine's words: `P2 wins: P1's C.LL reached 32`)
        loser = f"P{2 - int(win.data['winner'])}"
        assert screen.ending() in (f"Ended: {loser}'s C.LL reached 32", f"Ended: {loser} could not draw")


def reaction_window_on_a_draw(tmp_path: Path) -> Any:
    """A hot-seat game (seeded random moves) stopped at a reaction window on the other side's draw
    (Foresight answers any enemy action, BH-67)."""
    import random

    from tui.session import Seats, Session

    for seed in range(1, 40):
        s = Session.new("bhm", Seats(["human", "human"], "random"), seed=seed, save_path=tmp_path / "s.json")
        rng = random.Random(seed)
        while not s.game.is_over() and len(s.game.history) < 300:
            d = s.game.decision()
            stack = s.game.view(None)["stack"]
            if d is not None and d.kind == "respond" and stack[d.context["entry"]]["kind"] == "draw":
                return s
            s.apply(rng.choice(s.legal()))
    raise AssertionError("no reaction window on a draw")


async def test_a_reaction_window_names_whose_draw_it_answers_as_the_log_does(tmp_path: Path) -> None:
    """`P1: React to: P2's draw (initial phase)?`, `P1: Do not react to P2's draw (initial
    phase)`: the engine's seat in the players' names, from the stack entry's data (`controller`)."""
    s = reaction_window_on_a_draw(tmp_path)
    d = s.game.decision()
    assert d is not None
    me, other = f"P{d.player + 1}", f"P{2 - d.player}"
    app = resumed(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # (the cover between the players' turns)
        await settle(pilot)
        screen: Any = app.screen
        assert screen.query_one(Prompt).prompt.startswith(f"{me}: React to: {other}'s draw ("), screen_text(
            app
        )
        assert f"Do not react to {other}'s draw (" in " ".join(choice_lines(app)), choice_lines(app)
        assert screen.choose(Action("pass"))
        await settle(pilot)
        log = screen.query_one(GameLog).plain
        assert any(line.startswith(f"{me}: Do not react to {other}'s draw (") for line in log), log


def test_a_skipped_terror_is_said_once() -> None:
    """`Player 1 (you): Skip (no Terror target)`, then `Terror: no being chosen`: the skip said twice
    (BH-100). The engine's line is the action's echo, left out (`said_once`)."""
    from tests.bhm.helpers import find, position
    from tui.log_words import said_once

    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, hand=["magma_drake"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=["hollow_wraith"]),
        turn=6,
        active=1,
        phase="strategy1",
        armageddon="off",
    )
    g.apply(Action("call", (find(g, "magma_drake").uid,)))  # Terror 200: a target, or none
    skip = Action("skip")
    words = g.describe_action(skip)
    events = g.apply(skip)
    assert [ev.kind for ev in events] == ["terror"]
    assert said_once("bhm", skip, words, events) == (words, [])
