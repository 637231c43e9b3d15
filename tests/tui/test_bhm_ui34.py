"""Session 34, BHM's screen read by a newcomer: the log says the viewer's own things as `your`
(`Flame Adept enters your being zone 3`), as HotG's log does, not `Player 1 (you)'s`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.events import Event
from common.game import Action
from tui.log_words import bhm_ending, bhm_seated

from .helpers import engine_ready, resumed, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def against_ai(seat: int) -> str:
    return f"Player {seat + 1} (you)" if seat == 0 else f"Player {seat + 1} (AI)"


def hotseat(seat: int) -> str:
    return f"Player {seat + 1}"


@pytest.mark.parametrize(
    ("kind", "data", "yours", "theirs"),
    [
        (
            "enter",
            {"player": 0, "name": "Flame Adept", "zone": 3, "how": "war call"},
            "Flame Adept enters your being zone 3 (war call)",
            "Flame Adept enters Player 1's being zone 3 (war call)",
        ),
        (
            "flee",
            {"player": 0, "label": "Ember Squire"},
            "Ember Squire flees again and goes back to your deck",
            "Ember Squire flees again and goes back to Player 1's deck",
        ),
        (
            "rally",
            {"player": 0, "amount": 100},
            "Your beings take heart: each recovers up to 100 lost VAL",
            "Player 1's beings take heart: each recovers up to 100 lost VAL",
        ),
    ],
)
def test_the_log_says_your_own_things_as_yours(
    kind: str, data: dict[str, Any], yours: str, theirs: str
) -> None:
    """BH-80 (the being zones, the deck): `… enters your being zone 3`, at the start of a line
    `Your beings …`; hot-seat, whose log both players read, keeps the seat's name."""
    event = Event(kind, "engine words", data)
    assert [ev.text for ev in bhm_seated([event], against_ai)] == [yours]
    assert [ev.text for ev in bhm_seated([event], hotseat)] == [theirs]


def test_the_other_sides_things_keep_its_name() -> None:
    """`Player 2 (AI)'s being zone 1`: only the viewer's own seat becomes `your` (BH-05 ending too)."""
    event = Event("enter", "engine words", {"player": 1, "name": "Sylph", "zone": 1, "how": "invocation"})
    assert [ev.text for ev in bhm_seated([event], against_ai)] == [
        "Sylph enters Player 2 (AI)'s being zone 1 (invocation)"
    ]
    assert bhm_ending({"winner": 1, "cause": "cll", "loss_at": 32}, against_ai) == "your C.LL reached 32"
    assert (
        bhm_ending({"winner": 0, "cause": "cll", "loss_at": 32}, against_ai)
        == "Player 2 (AI)'s C.LL reached 32"
    )


async def test_a_war_call_enters_your_being_zone_in_the_log(tmp_path: Path) -> None:
    """Played against the AI at 80 × 24: the call's line says `enters your being zone`, and no line
    of the log says `Player 1 (you)'s` (BH-10)."""
    from tui.session import Seats, Session
    from tui.widgets.log import GameLog

    s = Session.new("bhm", Seats(["human", "ai"], "random"), seed=4, save_path=tmp_path / "s.json")
    for _ in range(400):
        d = s.game.decision()
        if d is None or any(ev.kind == "enter" and ev.data.get("player") == 0 for ev in s.game.log):
            break
        legal = s.legal()
        call = next((a for a in legal if a.kind == "call"), None)
        s.apply(call or legal[-1] if d.kind != "mulligan" else Action("keep"))
    assert any(ev.kind == "enter" and ev.data.get("player") == 0 for ev in s.game.log)
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = " ".join(line.strip() for line in app.screen.query_one(GameLog).plain)
        assert "enters your being zone" in log, log
        assert "(you)'s" not in log, log


async def test_a_reaction_window_is_said_once_below_120_by_40(tmp_path: Path) -> None:
    """At 80 × 24 the middle's `⚡ P2's draw (initial phase)` said again what the prompt under it asks
    (`React to: Player 2's draw (initial phase)?`, BH-67), its second row taking one of the table's:
    the prompt says it alone now; a stack of two or more is still drawn in the middle."""
    from tui.widgets.status import Prompt

    from .helpers import press, screen_text
    from .test_bhm_ui33 import reaction_window_on_a_draw

    s = reaction_window_on_a_draw(tmp_path)
    assert len(s.game.view(None)["stack"]) == 1 and s.game.view(None)["pending"]
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # (the cover between the players' turns)
        await settle(pilot)
        screen: Any = app.screen
        assert "React to: " in screen.query_one(Prompt).prompt, screen_text(app)
        assert "⚡" not in screen_text(app), screen_text(app)


def test_a_reaction_card_is_explained_as_one_in_the_combat_phase() -> None:
    """Enter on Riposte in your own combat phase said `strategy cards are played in the strategy
    phases`, which sent a newcomer to a phase where it cannot be played either: it is a reaction
    card, played right after an enemy action (BH-67), in any phase."""
    from tests.bhm.helpers import find, position
    from tui.screens.bhm import BhmScreen

    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, hand=["riposte"], being=["ember_squire"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=["hollow_wraith"]),
        turn=6,
        active=1,
        phase="strategy1",
        armageddon="off",
    )
    g.apply(Action("next"))
    assert g.decision().kind == "combat"
    riposte = find(g, "riposte").uid

    class Seen:  # what `hand_refusal` reads of its screen
        session = type("S", (), {"game": g, "decision": g.decision()})()

    why = BhmScreen.hand_refusal(Seen(), riposte)  # type: ignore[arg-type]
    assert why is not None and "reaction card" in why and "BH-67" in why, why
