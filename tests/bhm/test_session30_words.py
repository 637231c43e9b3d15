"""Session 30: the log tells an attack's damage in the words of its choice (`attack_outcome`) — what
was dealt, to what, and that it killed — for a physical attack and a power attack alike; and each
POD investment's choice says what it does (BH-30, BH-31, BH-32, BH-97)."""

from __future__ import annotations

import pytest

from bhm.game import BhmGame
from common.game import Action
from tests.bhm.helpers import find, position, uid


def _duel() -> BhmGame:
    """P1's Pyre Warlock (POD 500) and Kalzar (FUE 800) in combat; P2's Thunder Knight (Magic
    Resistance, RES 400, Salud 700), Ember Squire (RES 100, Salud 300), Kalzar (Salud 1300)."""
    return position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock", "kalzar"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=["thunder_knight", "ember_squire", "kalzar"]),
        active=1,
        phase="combat",
    )


def _resolve(g: BhmGame, *actions: Action | str) -> list[str]:
    """The log's lines of `actions`, every reaction passed."""
    mark = len(g.log)
    for a in actions:
        g.apply(a)
        while g.sub == "respond":
            g.apply("pass")
    return [e.text for e in g.log.since(mark) if e.kind in ("hit", "lose", "kill")]


@pytest.mark.parametrize(
    ("kind", "target", "invest", "said"),
    [
        # the choice said `700 to Salud, kills it`; the log `RES 100 → 0, 700 to Salud` then
        # `Ember Squire loses 300 Salud (…): 0 left`
        (
            "attack",
            "ember_squire",
            None,
            "Kalzar, Elder Wyrm (P1 zone 2)'s attack on Ember Squire: RES 100 → 0, 700 to Salud, kills it",
        ),
        (
            "attack",
            "thunder_knight",
            None,
            "Kalzar, Elder Wyrm (P1 zone 2)'s attack on Thunder Knight: RES 400 → 0, 400 to Salud, 300 left",
        ),
        # the choice said `300 to Salud, kills it`; the log `Ember Squire loses 300 Salud (…): 0 left`
        (
            "pattack",
            "ember_squire",
            300,
            "Pyre Warlock's power attack on Ember Squire: 300 to Salud, kills it",
        ),
        (
            "pattack",
            "ember_squire",
            100,
            "Pyre Warlock's power attack on Ember Squire: 100 to Salud, 200 left",
        ),
        (
            "pattack",
            "thunder_knight",
            "all",
            "Pyre Warlock's power attack on Thunder Knight (Magic Resistance): RES 400 → 0, 100 to Salud, 600 left",
        ),
        (
            "pattack",
            "thunder_knight",
            300,
            "Pyre Warlock's power attack on Thunder Knight (Magic Resistance): RES 400 → 100 (RES only)",
        ),
    ],
)
def test_an_attacks_log_line_says_its_damage_in_its_choices_words(
    kind: str, target: str, invest: int | str | None, said: str
) -> None:
    g = _duel()
    attacker = "kalzar" if kind == "attack" else "pyre_warlock"
    attack = Action(kind, (uid(g, attacker, owner=0), uid(g, target, owner=1)))
    chosen = g.attack_outcome(attack)
    actions: list[Action | str] = [attack]
    if invest is not None:
        g.apply(attack)
        step = Action("invest", (invest,))
        chosen = g.describe_action(step).split(": ", 1)[1]  # the investment's choice: what it does
        actions = [step]
    lines = _resolve(g, *actions)
    assert lines[0] == said, lines
    assert chosen.removeprefix("with all 500 POD: ") in said.split(": ", 1)[1], (said, chosen)
    assert not any(" loses " in line for line in lines), lines  # said once, in the choice's words
    killed = find(g, target, owner=1).zone == "dead:1"
    assert killed == said.endswith(", kills it") == any(" is killed " in line for line in lines)


def test_each_investment_says_what_it_does() -> None:
    """BH-32: `Invest 300 POD` said nothing of what it does; only the dialog's summary did."""
    g = _duel()
    g.apply(Action("pattack", (uid(g, "pyre_warlock"), uid(g, "ember_squire"))))
    words = [g.describe_action(a) for a in g.legal_actions() if a.kind == "invest"]
    assert words == [
        "Invest 100 POD: 100 to Salud",
        "Invest 200 POD: 200 to Salud",
        "Invest 300 POD: 300 to Salud, kills it",
        "Invest 400 POD: 400 to Salud, kills it",
        "Invest all 500 POD (POD 1 after): 500 to Salud, kills it",
    ]


def test_an_immortal_being_brought_to_salud_0_says_why_it_stays() -> None:
    """BH-95: an attack that takes an Immortal being's last Salud read `… 200 to Salud, 0 left`, and
    nothing killed it: the line says why (its choice said `200 to Salud`, no kill)."""
    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["kalzar"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=[dict(card="bone_revenant", res_lost=200, wounds=200)]),
        active=1,
        phase="combat",
    )
    attack = Action("attack", (uid(g, "kalzar"), uid(g, "bone_revenant")))
    assert g.attack_outcome(attack).endswith(" to Salud")
    lines = _resolve(g, attack)
    assert lines == [
        "Kalzar, Elder Wyrm's attack on Bone Revenant: no RES left, 800 to Salud, 0 left (Immortal)"
    ], lines
    assert find(g, "bone_revenant").zone.startswith("slot")
