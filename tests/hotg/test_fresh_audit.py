"""Rule tests of the fresh rules audit (session 27): the seed rulebook, the rule items and
their rulings read again against the engine and the card texts."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
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


# -- cases the originals leave open, decided in docs/rulings.md ----------------------------


def test_hg62_hg13_a_unit_back_from_banishment_does_not_enter_anew() -> None:
    """HG-62 / HG-13 ruling: a unit that comes back from banishment is the same unit back
    on its kept cell, not a new arrival: an allied God coming back does not grow the
    Marksman ("whenever an allied God enters the battlefield"), and the unit keeps its
    place in the time order (the order units entered, HG-13)."""
    g = make([u("marksman", "0,1"), u("surtr", "4,4")], p1={"hand": ["duat_gate"], "mana": 10})
    mm, surtr = at(g, "0,1"), at(g, "4,4")
    entered = g.card(surtr).entered
    g.apply(Action("play", (hand(g, 0, "duat_gate"), surtr)))
    g.apply("end")
    g.apply("end")
    assert g.card(surtr).zone == "board" and g.card(surtr).cell == (4, 4)
    assert g.attack_of(mm) == 1
    assert g.card(surtr).entered == entered


def test_hg66_hg52_a_transformed_neutral_unit_stays_neutral() -> None:
    """HG-66 / HG-52 ruling: a transformation keeps the unit's side; a neutral unit turns
    into a neutral unit. Circe's Curse on a Stone Statue makes a neutral Pig: either player
    may attack it, and it leaves the game rather than go to a graveyard."""
    g = make(
        [u("stone_statue", "2,4", "neutral"), u("cyclops", "2,5", 2)],
        p1={"hand": ["circe_curse"], "mana": 10},
    )
    g.apply(Action("play", (hand(g, 0, "circe_curse"), at(g, "2,4"))))
    pig = at(g, "2,4")
    assert g.card(pig).defn.id == "pig" and g.card(pig).owner is None and g.card(pig).controller is None
    g.apply("end")
    assert Action("attack", (at(g, "2,5"), pig)) in g.legal_actions()
    g.apply(Action("attack", (at(g, "2,5"), pig)))
    assert g.card(pig).zone == "removed"


def test_hg66_hg12_medusa_petrifies_a_unit_her_attack_would_kill() -> None:
    """HG-66 / HG-12 ruling: the petrification is an Attack Damage effect (priority 4) and
    Death comes at 8, so a non-God unit that Medusa's attack brings to 0 health turns into
    a Stone Statue before it would die: it does not die, its Afterlife does not happen (a
    Mummy: no Scarab), and the statue has its full 3 health."""
    g = make([u("medusa", "2,2"), u("mummy", "2,5", 2, health=1)])
    mummy = at(g, "2,5")
    ev = g.apply(Action("attack", (at(g, "2,2"), mummy)))
    statue = at(g, "2,5")
    assert g.card(mummy).zone == "removed" and g.card(statue).defn.id == "stone_statue"
    assert g.card(statue).hp == 3 and g.card(statue).owner is None
    assert not [e for e in ev if e.kind in ("death", "afterlife", "spawn")]


def test_hg63_hg02_the_bull_demon_king_splashes_around_a_stone_it_attacks() -> None:
    """HG-63 / HG-02 ruling: a Summoning Stone is a unit for targeting purposes, so the Bull
    Demon King's attack on it "damages a unit": every other enemy next to the stone takes 2
    (indirect damage, HG-63). An ally of the King next to the stone takes nothing."""
    g = make(
        [
            u("bull_demon_king", "2,7"),
            u("legionary", "1,8", 2),
            u("terracotta", "3,7", 2),
            u("legionary", "3,8"),
        ],
    )
    leg, terra, mine = at(g, "1,8"), at(g, "3,7"), at(g, "3,8")
    g.apply(Action("attack", (at(g, "2,7"), g.stones[1])))
    assert g.card(g.stones[1]).hp == 21
    assert g.card(leg).zone == "grave:1" and g.card(terra).hp == 2 and g.card(mine).hp == 2


def test_hg62_deploying_on_a_banished_units_kept_cell_is_refused_with_that_reason() -> None:
    """HG-62: units may pass through a banished unit's cell but not occupy it. The board
    shows that cell without a unit (only the ✗ of the banished one), so the refusal to
    deploy there says why, as the refusal to move there does, instead of "is not empty"."""
    g = make([u("legionary", "1,1", banished=True)], p1={"hand": ["hoplite"], "mana": 5})
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("play", (hand(g, 0, "hoplite"), "1,1")))
    assert exc.value.reason == "1,1 is kept by a banished unit: nobody may deploy there"
