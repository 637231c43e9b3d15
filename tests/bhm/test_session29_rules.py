"""Session 29: BHM rule leftovers — the rank of a cancelled equipped power (BH-55 / BH-67), and
the words that tell a power attack's outcome (BH-31 / BH-97)."""

from __future__ import annotations

import pytest

from bhm.cards import BhmCard
from bhm.game import BhmGame
from common.game import Action
from tests.bhm.helpers import find, position, uid


def _frost_witch_equips(reaction: str | None) -> tuple[BhmGame, BhmCard]:
    """P1's Frost Witch (rank 4) executes Arcane Channel (equipped, rank 3); P2 answers with
    `reaction` (or holds nothing)."""
    g = position(
        dict(cll=5, hand=["arcane_channel", "fire_bolt"], deck=["spark_imp"] * 3, being=["frost_witch"]),
        dict(cll=4, hand=[reaction] if reaction else [], deck=["spark_imp"] * 3, being=["ember_squire"]),
        active=1,
    )
    witch = find(g, "frost_witch")
    g.apply(Action("power", (uid(g, "arcane_channel"), witch.uid)))
    return g, witch


@pytest.mark.parametrize("reaction", ["broken_seal", None])
def test_bh55_bh67_a_cancelled_equipped_power_keeps_its_rank_used(reaction: str | None) -> None:
    """BH-55 / BH-56 / BH-67 (docs/rulings.md): a cancelled action keeps its costs paid, the power
    rank used too. Arcane Channel (rank 3, equipped) cancelled by Broken Seal left Frost Witch's
    budget at 4, as if it had never been executed, and she could execute a Fire Bolt (rank 2);
    an executed power's rank stayed used when cancelled. Now its 3 ranks are used this turn either
    way: equipped (channelled, BH-56) or cancelled (spent, BH-55), and the budget says so while it
    waits on the stack."""
    g, witch = _frost_witch_equips(reaction)
    assert g.power_budget(witch) == 1  # declared: its rank is used already
    if reaction:
        assert g.sub == "respond"
        assert g.card_view(witch)["power_rank_left"] == 1  # what the table shows meanwhile
        g.apply(Action("react", (uid(g, reaction),)))
        while g.sub == "respond":
            g.apply("pass")
        assert find(g, "arcane_channel").zone == "dead:0"  # not equipped
        assert g.channelled(witch) == 0
    else:
        assert find(g, "arcane_channel").zone == witch.zone  # equipped
        assert g.channelled(witch) == 3
    assert g.sub == "main" and g.power_budget(witch) == 1
    bolt = Action("power", (uid(g, "fire_bolt"), witch.uid))
    assert bolt not in g.legal_actions()
    assert "can execute power ranks up to 1 more this turn" in g.explain_illegal(bolt)
