"""BH-31 / BH-97: a power attack's choice says what all its POD does where the numbers do not —
against Magic Resistance (its RES first), a kill — at 80 × 24 in a line's few words too; the log
says what was done (the investment, next), not what all the POD would have done."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.widgets.actions import ActionList
from tui.widgets.log import GameLog

from .helpers import (
    POD500_INVEST,
    bhm_session,
    engine_ready,
    game_app,
    press,
    resumed,
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Pyre Warlock (POD 500) in combat; P2: Thunder Knight (Magic Resistance, RES 400, Salud 700),
# Ember Squire (Salud 300: all the POD kills it), Kalzar (Salud 1300: all of it does not)
KNIGHT = '[scenario]\ngame = "bhm"\ntitle = "power attacks"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["thunder_knight", "ember_squire", "kalzar"]),
    turn=6,
    active=1,
    phase="combat",
    armageddon="off",
)


def power_lines(app: object) -> dict[str, str]:
    """The power attacks' lines as drawn, by their target's card id."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    game = app.session.game  # type: ignore[attr-defined]
    out = {}
    for i, o in zip(actions.rows, actions.options, strict=True):
        a = actions.actions[i] if i is not None else None
        if a is not None and a.kind == "pattack":
            out[game.card(int(a.args[1])).defn.id] = " ".join(str(o.prompt).split())
    return out


async def test_a_power_attacks_choice_says_what_all_its_pod_does() -> None:
    """80 × 24: each power attack read `power attack: Thunder Knight`, as if all 500 POD went to
    its Salud (Magic Resistance: its RES 400 takes it first), and the one that kills the Ember
    Squire read like the one that does not kill Kalzar; now the engine's outcome in fewer words
    (`all POD: -100 Salud`, `all POD kills`), cut between words with the target's end kept. From
    120 × 40 the engine's whole words."""
    app = game_app("bhm", seed=1, scenario=KNIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = power_lines(app)
        knight, squire, kalzar = lines["thunder_knight"], lines["ember_squire"], lines["kalzar"]
        assert knight.split(". ", 1)[1].startswith("all POD: -100 Salud") and knight.endswith("Knight"), lines
        assert squire.endswith(". all POD kills: Ember Squire"), lines
        assert "power attack" in kalzar and kalzar.endswith("Elder Wyrm"), lines  # as before
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        lines = power_lines(app)
        assert lines["thunder_knight"].endswith(
            "(POD 500 vs Salud 700, Magic Resistance: RES first; with all 500 POD: RES 400 → 0, 100 to Salud)"
        ), lines
        assert lines["ember_squire"].endswith(
            "(POD 500 vs Salud 300; with all 500 POD: 500 to Salud, kills it)"
        )
        assert lines["kalzar"].endswith("(POD 500 vs Salud 1300)"), lines


async def test_the_log_says_the_power_attack_without_what_all_its_pod_would_do() -> None:
    """The log tells the power attack, then the POD invested and what it did: `with all 500 POD:
    500 to Salud, kills it` there, followed by an investment of 100, would read as a kill."""
    app = game_app("bhm", seed=1, scenario=KNIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        attack = Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "ember_squire")))
        await press(pilot, str(app.screen.query_one(ActionList).actions.index(attack) + 1))
        await settle(pilot)
        await press(pilot, "escape")  # the investment dialog: the choice list instead
        await settle(pilot)
        log = " ".join(" ".join(app.screen.query_one(GameLog).plain).split())
        assert "Pyre Warlock power-attacks Ember Squire (POD 500 vs Salud 300)" in log, log
        assert "with all" not in log, log


def test_dense_power_outcome() -> None:
    """What all the POD does, read from the engine's data (`Hit`), not its words."""
    from bhm.game import Hit
    from tests.bhm.helpers import game_from
    from tui.screens.bhm import dense_power_outcome, outcome_first

    assert dense_power_outcome(Hit(500, False, 0, 300, None, False)) == "all POD kills"
    assert dense_power_outcome(Hit(500, True, 400, 100, None, False)) == "all POD kills"  # RES first
    assert dense_power_outcome(Hit(500, True, 400, 700, None, False)) == "all POD: -100 Salud"
    assert dense_power_outcome(Hit(500, True, 0, 700, None, True)) == "all POD: -500 Salud"  # no RES left
    assert dense_power_outcome(Hit(300, True, 400, 700, None, False)) == "all POD: RES only"
    assert dense_power_outcome(Hit(500, False, 0, 900, None, False)) is None  # the numbers say it
    assert dense_power_outcome(Hit(500, False, 0, 300, "Immortal", False)) == "all POD: lives (Immortal)"
    # the one-line `last:`: what all the POD would do is no outcome (the investment decides)
    g = game_from(KNIGHT.split("\n\n", 1)[1])
    warlock, squire = (
        next(c.uid for c in g.zones.cards.values() if c.defn.id == i)
        for i in ("pyre_warlock", "ember_squire")
    )
    assert outcome_first(g, Action("pattack", (warlock, squire))) == "Pyre Warlock power-attacks Ember Squire"


async def test_the_investment_summary_says_when_it_kills(tmp_path: Path) -> None:
    """BH-32 / BH-33: the POD investment dialog read `Ember Squire takes 500` (Salud 300) as it
    reads `takes 100`; it says when the engine kills it, read from the engine's own events."""
    text = POD500_INVEST.replace('card = "kalzar"         # Salud 1300', 'card = "ember_squire"')
    s = bhm_session(text, tmp_path / "s.json")
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "ember_squire"))))
    assert s.decision is not None and s.decision.kind == "invest"
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Ember Squire: 100 to Salud; Pyre Warlock at POD 400 after" in text, text
        await press(pilot, "end")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Ember Squire: 500 to Salud, kills it; Pyre Warlock at POD 1 after" in text, text
