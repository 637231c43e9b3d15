"""Rule tests of the fresh rules audit (session 27): the seed rulebook, the rule items and
their rulings read again against the engine and the card texts."""

from __future__ import annotations

from common.game import Action

from .helpers import at, hand, make, u


def _acts(g, uid: int) -> list[Action]:  # type: ignore[no-untyped-def]
    return [a for a in g.legal_actions() if a.kind in ("move", "attack") and a.args[0] == uid]


def test_hg41_hg31_war_horn_readies_a_unit_that_arrived_this_turn_not_one_that_acted() -> None:
    """HG-41 ⚖ (one attack a turn) / HG-31 / HG-32 ⚖ (one move a turn): War Horn takes a
    unit's exhaustion away, so a unit deployed this turn may move and attack at once; a
    unit that has already attacked this turn gets no second move or attack from it. Its
    text says so: it used to promise "it can move and attack this turn" to any allied unit."""
    g = make(
        [u("cyclops", "2,3"), u("legionary", "2,4", 2, health=1), u("legionary", "1,4", 2)],
        p1={"hand": ["war_horn", "war_horn", "grey_wolf"], "mana": 10},
    )
    cyc = at(g, "2,3")
    g.apply(Action("attack", (cyc, at(g, "2,4"))))
    assert not _acts(g, cyc)
    g.apply(Action("play", (hand(g, 0, "war_horn"), cyc)))
    assert not _acts(g, cyc)  # it attacked this turn: no new move nor attack
    wolf = hand(g, 0, "grey_wolf")
    g.apply(Action("play", (wolf, "3,1")))
    assert not _acts(g, wolf)  # deploy-exhausted
    g.apply(Action("play", (hand(g, 0, "war_horn"), wolf)))
    assert any(a.kind == "move" for a in _acts(g, wolf))
    text = g.pool["war_horn"].text
    assert "arrived this turn" in text and "it can move and attack this turn" not in text
