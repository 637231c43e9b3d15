"""Rule tests written by the reading audit of the HotG engine: the rulebook and the rule
items read against the engine, and the rulebook's worked examples not reproduced before."""

from __future__ import annotations

from common.game import Action

from .helpers import at, hand, make, u


def _acts(g, kind: str, uid: int) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in g.legal_actions() if a.kind == kind and a.args[0] == uid]


def test_hg62_hg31_hg41_a_unit_banished_after_it_moved_and_attacked_acts_again_when_it_comes_back() -> None:
    """HG-31 / HG-41 / HG-32 ⚖: "has not attacked this turn", one move and one attack a
    turn; HG-21: the ending player's units are ready again. HG-62 ruling: time keeps
    running for a banished unit. A Cyclops moves and attacks, then its owner banishes it
    (Gate of the Duat); it comes back at the start of its owner's next turn, a new turn:
    it may move and attack again."""
    g = make([u("cyclops", "2,3"), u("cyclops", "2,4", 2)], p1={"hand": ["duat_gate"], "mana": 10})
    cyc, foe = at(g, "2,3"), at(g, "2,4")
    g.apply(Action("move", (cyc, "1,3")))
    g.apply(Action("attack", (cyc, foe)))
    g.apply(Action("play", (hand(g, 0, "duat_gate"), cyc)))
    assert g.card(cyc).zone == "banished"
    g.apply("end")
    g.apply("end")
    assert g.active == 0 and g.card(cyc).zone == "board" and g.card(cyc).cell == (1, 3)
    assert _acts(g, "move", cyc)
    assert Action("attack", (cyc, foe)) in g.legal_actions()
