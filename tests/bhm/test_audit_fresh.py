"""A fresh rules audit (session 27): each test fails on the engine before its fix."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import find, position, uid


def test_bh74_an_invoker_that_attacked_this_turn_does_not_invoke_that_turn() -> None:
    """BH-74: "los invocadores de dichas cartas no declaran ataques ese turno" — an invoker that
    invokes declares no attack in that turn, so one that attacked in the combat phase does not
    invoke in the second strategy phase (nor gains points it cannot spend); another invoker that
    did not attack still may."""
    g = position(
        dict(
            cll=5,
            hand=["inner_fire"],
            invocations=["salamander"],
            deck=["spark_imp"] * 3,
            being=["mist_seer", "flame_adept"],
        ),
        dict(deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
        phase="combat",
    )
    seer, adept = find(g, "mist_seer"), find(g, "flame_adept")
    g.apply(Action("attack", (seer.uid, uid(g, "ember_squire"))))
    g.apply("next")
    assert g.phase == "strategy2"
    g.apply(Action("power", (uid(g, "inner_fire"), adept.uid)))
    assert seer.inv_points == 0  # it attacked: no points to spend this turn
    assert adept.inv_points == 4  # rank 1 + rank 3
    sal = uid(g, "salamander")
    legal = g.legal_actions()
    assert Action("invoke", (sal, seer.uid)) not in legal
    assert Action("invoke", (sal, adept.uid)) in legal
    seer.inv_points = 4  # as if it had points: still refused, with the reason
    with pytest.raises(IllegalAction, match=r"Mist Seer attacked this turn.*\(BH-74\)"):
        g.apply(Action("invoke", (sal, seer.uid)))
    g.apply(Action("invoke", (sal, adept.uid)))
    assert g.on_field(g.card(sal))
