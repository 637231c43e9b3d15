"""Rulings on questions the rulebook leaves open (docs/rulings.md, BHM): a reaction and the one
strategy card of a strategy phase (BH-21, BH-67), the reaction window after a draw (BH-20, BH-24,
BH-67), the hand limit of both players (BH-81) and when Riposte is offered (BH-67, BH-99, BH-102)."""

from __future__ import annotations

from bhm.game import BhmGame
from common.game import Action

from .helpers import find, game_from, uid


def _strategies(g: BhmGame) -> set[int]:
    return {int(a.args[0]) for a in g.legal_actions() if a.kind == "strategy"}


def test_bh21_bh67_a_reaction_in_your_own_strategy_phase_leaves_your_strategy_card() -> None:
    """BH-21 / BH-67 ruling: P2 answers P1's call with Foresight and P1 answers that with its own
    Foresight, in P1's first strategy phase; P1 may still play its one strategy card (War Cry)."""
    g = game_from(
        """
        [state]
        active = 1
        armageddon = "off"
        [[player]]
        cll = 5
        hand = ["ember_squire", "foresight", "war_cry"]
        [[player]]
        cll = 5
        hand = ["foresight"]
        """
    )
    g.apply(Action("call", (uid(g, "ember_squire"),)))
    g.apply(Action("react", (uid(g, "foresight", owner=1),)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0
    g.apply(Action("react", (uid(g, "foresight", owner=0),)))
    d = g.decision()
    assert d is not None and d.kind == "turn" and g.phase == "strategy1"
    assert not g.strat_played
    assert _strategies(g) == {uid(g, "war_cry")}
    g.apply(Action("strategy", (uid(g, "war_cry"),)))
    assert find(g, "war_cry").zone == "dead:0"


def test_bh21_bh67_your_strategy_card_played_leaves_your_reactions() -> None:
    """BH-21 / BH-67 ruling: after P1's strategy card of the phase (War Cry), P2 answers it with
    Mirror Edict and P1 may still answer the Edict with a Mirror Edict of its own, which resolves
    first and saves the War Cry."""
    g = game_from(
        """
        [state]
        active = 1
        armageddon = "off"
        [[player]]
        cll = 5
        hand = ["war_cry", "mirror_edict"]
        [[player]]
        cll = 5
        hand = ["mirror_edict"]
        [[player.being]]
        card = "tide_sentinel"
        """
    )
    ts = find(g, "tide_sentinel")
    g.apply(Action("strategy", (uid(g, "war_cry"),)))
    assert g.strat_played
    g.apply(Action("react", (uid(g, "mirror_edict", owner=1),)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 0
    assert Action("react", (uid(g, "mirror_edict", owner=0),)) in g.legal_actions()
    g.apply(Action("react", (uid(g, "mirror_edict", owner=0),)))
    assert len(g.stack) == 0
    assert g.cur(ts, "val") < g.max_stat(ts, "val")  # type: ignore[operator]  # War Cry resolved
