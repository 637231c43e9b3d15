"""A fresh rules audit (session 27): each test fails on the engine before its fix."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, position, uid


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


def _fire_bolt_with_all_the_pod(opponent_hand: list[str]) -> tuple[object, ...]:
    """Flame Adept (POD 400, 300 spent) executes Fire Bolt (cost 100: all the POD it has left) on
    an Ember Squire (Salud 300); the opponent answers with the first reaction it holds."""
    g = position(
        dict(
            cll=9,
            hand=["fire_bolt", "mirror_edict"],
            deck=["spark_imp"] * 3,
            being=[dict(card="flame_adept", pod_spent=300)],
        ),
        dict(cll=5, hand=opponent_hand, deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
    )
    adept, squire = find(g, "flame_adept"), find(g, "ember_squire")
    g.apply(Action("power", (uid(g, "fire_bolt"), adept.uid)))
    g.apply(Action("target", (squire.uid,)))
    return g, adept, squire


def test_bh33_bh40_a_power_taking_all_the_pod_resolves_before_its_executor_dies() -> None:
    """BH-40 / BH-33: a being may execute a power that consumes exactly the POD it has left ("más
    POD del que posee" is what it cannot), and it is killed at POD 0 once that power has resolved.
    A reaction answering the power resolves first (BH-67) but does not kill the executor early
    and so cancel the power: the Fire Bolt still hits, with or without the Foresight."""
    for reaction in ([], ["foresight"]):
        g, adept, squire = _fire_bolt_with_all_the_pod(reaction)
        if reaction:
            assert g.decision().kind == "respond"  # type: ignore[union-attr]
            g.apply(Action("react", (uid(g, "foresight"),)))
            # P1 may answer the Foresight (Mirror Edict: a reaction card is a strategy card)
            assert g.decision().kind == "respond"  # type: ignore[union-attr]
            g.apply("pass")  # the Foresight resolves, then the Fire Bolt (nobody holds more)
            assert len(g.zones["hand:1"]) == 1  # the Foresight drew its card first
        assert g.sub == "main"
        assert squire.zone == "dead:1", reaction  # the Fire Bolt hit: 300 Salud, killed
        assert adept.zone == "dead:0", reaction  # then its executor, at POD 0
        assert g.cll == [9 + 2, 5 + 2]


def test_bh33_bh67_a_cancelled_power_that_took_all_the_pod_still_kills_its_executor() -> None:
    """BH-67 ruling: a cancelled action keeps its costs paid; the POD a cancelled power consumed
    is gone, so its executor at POD 0 is killed when the power is cancelled (BH-33), not left on
    the field at POD 0."""
    g, adept, squire = _fire_bolt_with_all_the_pod(["broken_seal"])
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    g.apply("pass")  # P1 does not answer the Broken Seal with its Mirror Edict
    while g.sub == "respond":
        g.apply("pass")
    assert g.sub == "main"
    assert squire.zone.startswith("slot:") and g.cur(squire, "salud") == 300  # cancelled
    assert adept.zone == "dead:0" and g.cll[0] == 9 + 2


def test_bh41_healing_counts_from_the_current_salud_when_the_loss_passed_the_maximum() -> None:
    """Second Wind: "One of your beings recovers up to 400 Salud". An Eternal Vaelor at Salud 0
    under Ancient Forest (Salud 1100, 1100 lost) keeps its loss when the Forest is destroyed (its
    maximum is 900 again, BH-50): healed, it goes from Salud 0 to 400, as the log says, not to 200
    (the loss beyond its maximum is not healed first)."""
    g = position(
        dict(
            cll=9,
            hand=["second_wind"],
            territories=["ancient_forest"],
            deck=["spark_imp"] * 3,
            being=[dict(card="vaelor", wounds=1100)],
        ),
        dict(cll=9, hand=["sunken_temple"], deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=2,
    )
    vaelor = find(g, "vaelor")
    g.apply(Action("territory", (uid(g, "sunken_temple"),)))  # destroys the Ancient Forest
    assert g.max_stat(vaelor, "salud") == 900 and g.cur(vaelor, "salud") == 0 and g.on_field(vaelor)
    end_turn(g)
    g.apply(Action("strategy", (uid(g, "second_wind"),)))
    events = g.apply(Action("target", (vaelor.uid,)))
    assert g.cur(vaelor, "salud") == 400
    assert "Vaelor, Undying Warden recovers 400 Salud" in [e.text for e in events]


def test_bh41_rally_counts_from_the_current_val_when_the_loss_passed_the_maximum() -> None:
    """Forced March: "Each of your beings recovers up to 300 lost VAL". Vaelor (VAL 600, Eternal: it
    does not flee) with Iron Will's +200 lost 800 VAL; when the Iron Will ends its maximum is 600
    again, 800 still lost. Rallied, its VAL goes from 0 to 300, not to 100."""
    g = position(
        dict(
            cll=9,
            hand=["forced_march"],
            deck=["spark_imp"] * 3,
            being=[dict(card="vaelor", val_lost=800)],
        ),
        dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
    )
    vaelor = find(g, "vaelor")
    assert g.cur(vaelor, "val") == 0 and g.on_field(vaelor)
    g.apply(Action("strategy", (uid(g, "forced_march"),)))
    assert g.cur(vaelor, "val") == 300


def test_bh41_bh50_a_lost_aura_leaves_the_loss_a_wounded_being_dies_with_its_territory() -> None:
    """BH-41 / BH-50 (docs/rulings.md): what a being lost stays lost when a bonus ends. A Stone
    Golem (EARTH, Salud 700) under Ancient Forest (+200) with 800 lost is at Salud 100; the Forest
    destroyed, its Salud is 0 and it is killed: its controller gains 1 for the territory and 2 for
    the being (BH-06)."""
    g = position(
        dict(
            cll=9,
            territories=["ancient_forest"],
            deck=["spark_imp"] * 3,
            being=[dict(card="stone_golem", wounds=800)],
        ),
        dict(cll=9, hand=["sunken_temple"], deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=2,
    )
    golem = find(g, "stone_golem")
    assert g.cur(golem, "salud") == 100
    g.apply(Action("territory", (uid(g, "sunken_temple"),)))
    assert golem.zone == "dead:0" and g.cll[0] == 9 + 1 + 2


def test_bh41_bh37_an_iron_will_ending_at_the_end_of_the_turn_can_make_its_being_flee() -> None:
    """BH-41 / BH-37 (docs/rulings.md): Iron Will's +200 VAL lasts until the end of the turn; a
    Tide Sentinel (VAL 300) that kept its courage with it through a Terrify (300 VAL) has lost 300:
    when the Iron Will ends, its VAL is 0 and it flees (its controller's C.LL +1), to come back in
    its controller's initial phase, the next."""
    g = position(
        dict(cll=9, hand=["terrify"], deck=["spark_imp"] * 3, being=["flame_adept"]),
        dict(cll=9, hand=["iron_will"], deck=["spark_imp"] * 3, being=["tide_sentinel"]),
        active=1,
        phase="strategy2",
    )
    sentinel = find(g, "tide_sentinel")
    g.apply(Action("power", (uid(g, "terrify"), uid(g, "flame_adept"))))
    g.apply(Action("target", (sentinel.uid,)))
    g.apply(Action("react", (uid(g, "iron_will"),)))
    while g.sub == "respond":
        g.apply("pass")
    assert g.on_field(sentinel) and g.cur(sentinel, "val") == 200
    cll = g.cll[1]
    end_turn(g)
    # it fled at the end of P1's turn and came back in P2's initial phase, VAL restored (BH-20)
    assert g.cll[1] == cll + 1 and sentinel.returned and g.cur(sentinel, "val") == 300
