"""BHM calls and the five phases (BH-10..BH-13, BH-20..BH-24, BH-81)."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, game_from, kinds, position, uid


def test_bh10_war_call_spends_rank_from_budget() -> None:
    """BH-10: each call spends the being's rank; rank must be ≤ the remaining budget."""
    g = position(dict(cll=7, hand=["storm_roc", "flame_adept", "tide_sentinel"]), dict(), active=1)
    assert g.budget == 7
    g.apply(Action("call", (uid(g, "storm_roc"),)))
    assert g.budget == 2 and g.on_field(find(g, "storm_roc"))
    adept = uid(g, "flame_adept")
    assert Action("call", (adept,)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="not enough call budget: Flame Adept is rank 3, you have 2 left"):
        g.apply(Action("call", (adept,)))
    g.apply(Action("call", (uid(g, "tide_sentinel"),)))
    assert g.budget == 0


def test_bh10_ten_being_zones_limit_calls() -> None:
    """BH-10/BH-80: a call needs a free being zone (10 per player)."""
    beings = "\n".join('[[player.being]]\ncard = "ember_squire"' for _ in range(10))
    g = game_from(
        f"""
        [state]
        active = 1
        [[player]]
        cll = 5
        hand = ["spark_imp"]
        {beings}
        [[player]]
        """.replace("        [[player.being]]", "[[player.being]]")
    )
    assert "call" not in kinds(g)
    with pytest.raises(IllegalAction, match="10 of your being zones"):
        g.apply(Action("call", (uid(g, "spark_imp"),)))


def test_bh11_strategy_rank_up_to_cll_without_spending_budget() -> None:
    """BH-11: a strategy card needs rank ≤ C.LL and leaves the call budget alone."""
    g = position(dict(cll=3, hand=["council_of_war", "war_cry"]), dict(being=["tide_sentinel"]), active=1)
    cry = uid(g, "war_cry")
    with pytest.raises(IllegalAction, match=r"War Cry is rank 4; your C\.LL is 3"):
        g.apply(Action("strategy", (cry,)))
    g.apply(Action("strategy", (uid(g, "council_of_war"),)))
    assert g.budget == 3
    assert len(g.zones["hand:0"]) == 3  # war cry + 2 drawn


def test_bh12_instant_call_in_combat_at_no_cost() -> None:
    """BH-12: an instant being may be called in any phase (here: combat) without budget (its rank
    1 ≤ C.LL 1)."""
    g = position(dict(cll=1, hand=["spark_imp", "ember_squire"]), dict(), active=1, phase="combat", budget=0)
    imp, squire = uid(g, "spark_imp"), uid(g, "ember_squire")
    assert Action("call", (imp,)) in g.legal_actions()
    assert Action("call", (squire,)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="only instant calls now"):
        g.apply(Action("call", (squire,)))
    g.apply(Action("call", (imp,)))
    assert g.on_field(find(g, "spark_imp")) and g.budget == 0


def test_bh13_budget_set_from_cll_and_shared_by_both_strategy_phases() -> None:
    """BH-13: the budget is C.LL at the start of the turn; unspent budget carries to the second phase."""
    g = position(
        dict(
            cll=6,
            hand=["flame_adept", "tide_sentinel", "ember_squire"],
            deck=["spark_imp", "spark_imp", "spark_imp"],
        ),
        dict(cll=2, deck=["spark_imp", "spark_imp"]),
        active=2,
        phase="strategy2",
    )
    end_turn(g)  # P2's turn ends; P1's begins
    assert g.active == 0 and g.budget == 6
    g.apply(Action("call", (uid(g, "flame_adept"),)))  # 3 spent in the first phase
    assert g.budget == 3
    g.apply("next")  # combat
    g.apply("next")  # second strategy phase
    assert g.phase == "strategy2" and g.budget == 3
    g.apply(Action("call", (uid(g, "tide_sentinel"),)))
    g.apply(Action("call", (uid(g, "ember_squire"),)))
    assert g.budget == 0


def test_bh20_initial_phase_draw_is_mandatory_whatever_the_hand() -> None:
    """BH-20: the active player draws 1 in the initial phase even with a full hand."""
    g = position(
        dict(
            hand=[
                "spark_imp",
                "spark_imp",
                "spark_imp",
                "ember_squire",
                "ember_squire",
                "ember_squire",
                "war_cry",
            ],
            deck=["storm_roc", "storm_roc"],
        ),
        dict(deck=["storm_roc", "storm_roc"]),
        active=2,
        phase="strategy2",
    )
    end_turn(g)
    assert g.active == 0 and len(g.zones["hand:0"]) == 8
    assert find(g, "storm_roc", owner=0).zone == "hand:0"


def test_bh21_one_strategy_per_strategy_phase_and_bh23_one_more_in_the_second() -> None:
    """BH-21: at most one strategy card per strategy phase; BH-23: the second phase allows another."""
    g = position(
        dict(
            cll=5,
            hand=["council_of_war", "council_of_war", "forced_march"],
            deck=["spark_imp", "spark_imp", "spark_imp", "spark_imp", "spark_imp"],
        ),
        dict(),
        active=1,
    )
    c1 = uid(g, "council_of_war")
    c2 = uid(g, "council_of_war", nth=1)
    g.apply(Action("strategy", (c1,)))
    assert Action("strategy", (c2,)) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="already played a strategy card"):
        g.apply(Action("strategy", (c2,)))
    g.apply("next")
    g.apply("next")
    assert g.phase == "strategy2"
    g.apply(Action("strategy", (c2,)))
    assert find(g, "council_of_war", nth=1).zone == "dead:0"


def test_bh22_attacks_only_in_the_combat_phase() -> None:
    """BH-22: attacks are declared in the combat phase, not in a strategy phase."""
    g = position(dict(cll=5, being=["storm_roc"]), dict(being=["tide_sentinel"]), active=1)
    atk = Action("attack", (uid(g, "storm_roc"), uid(g, "tide_sentinel")))
    assert atk not in g.legal_actions()
    with pytest.raises(IllegalAction, match="combat phase"):
        g.apply(atk)
    g.apply("next")
    assert g.phase == "combat" and atk in g.legal_actions()


def test_bh24_final_phase_optional_draw_balance_restore_powers_to_dead() -> None:
    """BH-24: optional draw; discard to 7; balance; POD/RES restored; non-equipped powers to the dead zone."""
    g = position(
        dict(
            cll=2,
            hand=["spark_imp"],
            deck=["war_cry", "war_cry"],
            being=[
                dict(card="storm_roc", pod_spent=200, res_lost=150, attached=["battle_trance", "stoneskin"])
            ],
        ),
        dict(cll=2, deck=["war_cry"]),
        active=1,
        phase="strategy2",
        armageddon="off",
    )
    roc = find(g, "storm_roc")
    g.apply("next")
    d = g.decision()
    assert d is not None and d.kind == "draw"
    g.apply("draw")
    assert g.active == 1  # the turn passed
    assert len(g.zones["hand:0"]) == 2
    assert g.cur(roc, "pod") == 300 and g.cur(roc, "res") == 200 + 300
    assert find(g, "battle_trance").zone == "dead:0"  # BH-56 non-equipped
    assert find(g, "stoneskin").zone == roc.zone  # equipped stays
    assert g.cll == [2, 3]  # numerical balance: 0 vs 1


def test_bh24_no_optional_draw_with_seven_cards_and_bh81_discard_to_seven() -> None:
    """BH-24: no optional draw with 7+ cards; BH-81: discard down to 7 at the end of the turn."""
    hand = ", ".join(['"spark_imp"'] * 9)
    g = game_from(
        f"""
        [state]
        active = 1
        phase = "strategy2"
        [[player]]
        hand = [{hand}]
        [[player]]
        """
    )
    g.apply("next")
    d = g.decision()
    assert d is not None and d.kind == "discard"  # no draw offered
    assert "draw" not in kinds(g)
    g.apply(g.legal_actions()[0])
    assert g.decision().kind == "discard"  # type: ignore[union-attr]
    g.apply(g.legal_actions()[0])
    assert len(g.zones["hand:0"]) == 7 and g.active == 1
    assert len(g.zones["dead:0"]) == 2


def test_bh12_an_instant_call_needs_rank_at_most_your_cll() -> None:
    """BH-12 (docs/rulings.md): an instant call costs no budget ("sin coste de estos puntos"), but,
    like any call to a being and like a strategy card (BH-11), it needs rank ≤ your C.LL ("su rango
    debe ser igual o menor a tus puntos de llamada"): at C.LL 1 the rank-1 Spark Imp may be called
    in combat, the rank-2 Cinder Hound may not, and is refused with the reason."""
    g = position(dict(cll=1, hand=["spark_imp", "cinder_hound"]), dict(), active=1, phase="combat", budget=0)
    imp, hound = uid(g, "spark_imp"), uid(g, "cinder_hound")
    calls = {a.args[0] for a in g.legal_actions() if a.kind == "call"}
    assert calls == {imp}
    before = g.state_hash()
    with pytest.raises(
        IllegalAction, match=r"Cinder Hound is rank 2; an instant call needs rank ≤ your C\.LL \(1\)"
    ):
        g.apply(Action("call", (hound,)))
    assert g.state_hash() == before
    g.apply(Action("call", (imp,)))
    assert g.on_field(find(g, "spark_imp")) and g.budget == 0
