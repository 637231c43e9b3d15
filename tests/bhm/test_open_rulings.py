"""Rulings on questions the rulebook leaves open (docs/rulings.md, BHM): a reaction and the one
strategy card of a strategy phase (BH-21, BH-67), the reaction window after a draw (BH-20, BH-24,
BH-67), the hand limit of both players (BH-81) and when Riposte is offered (BH-67, BH-99, BH-102)."""

from __future__ import annotations

from bhm.game import BhmGame
from common.game import Action

from .helpers import find, game_from, position, random_states, uid


def _strategies(g: BhmGame) -> set[int]:
    return {int(a.args[0]) for a in g.legal_actions() if a.kind == "strategy"}


def test_bh21_bh67_a_reaction_in_your_own_strategy_phase_leaves_your_strategy_card() -> None:
    """BH-21 / BH-67 ruling: P2 answers P1's call with Foresight and P1 answers that with its own
    Foresight, in P1's first strategy phase; P1 may still play its one strategy card (War Cry)."""
    g = position(
        dict(cll=5, hand=["ember_squire", "foresight", "war_cry"]),
        dict(cll=5, hand=["foresight"]),
        active=1,
        armageddon="off",
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
    g = position(
        dict(cll=5, hand=["war_cry", "mirror_edict"]),
        dict(cll=5, hand=["mirror_edict"], being=["tide_sentinel"]),
        active=1,
        armageddon="off",
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


def _attack_with_riposte_held(attacker: str, hand: str = '"riposte"') -> BhmGame:
    """P1's `attacker` attacks P2's Tide Sentinel; P2 holds `hand` with C.LL 5."""
    g = game_from(
        f"""
        [state]
        active = 1
        phase = "combat"
        armageddon = "off"
        [[player]]
        cll = 15
        [[player.being]]
        card = "{attacker}"
        [[player]]
        cll = 5
        hand = [{hand}]
        [[player.being]]
        card = "tide_sentinel"
        """
    )
    return g


def _declare(g: BhmGame, attacker: str) -> None:
    g.apply(Action("attack", (uid(g, attacker), uid(g, "tide_sentinel"))))


def test_bh67_riposte_is_offered_against_an_attacker_it_can_hurt() -> None:
    """BH-67: Riposte against Storm Roc (no Immune, Salud 600): offered, and it hurts."""
    g = _attack_with_riposte_held("storm_roc")
    _declare(g, "storm_roc")
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    g.apply(Action("react", (uid(g, "riposte"),)))
    assert g.cur(find(g, "storm_roc"), "salud") == 400


def test_bh67_bh102_riposte_is_not_offered_against_an_immune_attacker() -> None:
    """BH-67 / BH-102 ruling: Abyssal Leviathan is Immune 4, Riposte is rank 2: it could do nothing,
    so no window opens; with Foresight also held the window opens for Foresight only, and Riposte
    is refused with the reason."""
    g = _attack_with_riposte_held("abyssal_leviathan")
    _declare(g, "abyssal_leviathan")
    assert g.decision().kind == "combat"  # type: ignore[union-attr]  # no window: nothing to offer
    assert find(g, "riposte").zone == "hand:1"
    g = _attack_with_riposte_held("abyssal_leviathan", '"riposte", "foresight"')
    _declare(g, "abyssal_leviathan")
    assert {a.args[0] for a in g.legal_actions() if a.kind == "react"} == {uid(g, "foresight")}
    assert "Immune 4 and Riposte is rank 2 (BH-102)" in g.explain_illegal(
        Action("react", (uid(g, "riposte"),))
    )


def test_bh67_bh33_riposte_is_not_offered_against_an_attacker_without_salud() -> None:
    """BH-67 / BH-33 ruling: Thalassa has no Salud (she cannot lose any): no Riposte window."""
    g = _attack_with_riposte_held("thalassa")
    _declare(g, "thalassa")
    assert g.decision().kind == "combat"  # type: ignore[union-attr]
    assert find(g, "riposte").zone == "hand:1"


def test_bh67_bh99_riposte_is_not_offered_against_an_invisible_attacker() -> None:
    """BH-67 / BH-99 ruling: an Invisible attacker (veiled by its controller) cannot be hit by
    Riposte (it would fizzle): no window."""
    g = _attack_with_riposte_held("storm_roc")
    roc = find(g, "storm_roc")
    g.grant(roc, "Invisible", roc.uid, until="eot")
    _declare(g, "storm_roc")
    assert g.decision().kind == "combat"  # type: ignore[union-attr]
    assert find(g, "riposte").zone == "hand:1" and g.cur(roc, "salud") == 600


def _final_phase(p1_hand: int, p2_hand: int) -> BhmGame:
    """P1's final phase, before its optional draw, with hands of the given sizes (Spark Imps)."""
    imps = ", ".join(['"spark_imp"'] * p1_hand)
    theirs = ", ".join(['"ember_squire"'] * p2_hand)
    return game_from(
        f"""
        [state]
        active = 1
        phase = "final"
        armageddon = "off"
        [[player]]
        cll = 5
        hand = [{imps}]
        [[player]]
        cll = 5
        hand = [{theirs}]
        """
    )


def test_bh81_the_non_active_player_discards_down_to_7_at_the_end_of_the_turn() -> None:
    """BH-81 ruling: "al final del turno el máximo de cartas en mano es de 7" holds for both hands:
    at the end of P1's turn P2, holding 9, discards 2 (P2 chooses), then P1's turn ends and P2's
    begins with its mandatory draw (BH-20: whatever the hand size)."""
    g = _final_phase(5, 9)
    g.apply("nodraw")
    d = g.decision()
    assert d is not None and d.kind == "discard" and d.player == 1 and g.active == 0
    assert {int(a.args[0]) for a in g.legal_actions()} == set(g.zones["hand:1"].cards)
    g.apply(g.legal_actions()[0])
    assert g.decision().kind == "discard" and len(g.zones["hand:1"]) == 8  # type: ignore[union-attr]
    g.apply(g.legal_actions()[0])
    assert g.active == 1 and g.phase == "strategy1"
    assert len(g.zones["hand:1"]) == 8 and len(g.zones["dead:1"]) == 2  # 7, then the initial draw
    assert "P2 discards Ember Squire" in [e.text for e in g.log]


def test_bh81_the_active_player_discards_first_then_the_other() -> None:
    """BH-81 ruling: both above the limit: P1 (active) discards down to 7 first, then P2."""
    g = _final_phase(9, 8)
    g.apply("nodraw")
    order = []
    while g.decision().kind == "discard":  # type: ignore[union-attr]
        order.append(g.decision().player)  # type: ignore[union-attr]
        g.apply(g.legal_actions()[0])
    assert order == [0, 0, 1]
    assert len(g.zones["hand:0"]) == 7 and len(g.zones["dead:1"]) == 1


def test_bh81_no_discard_for_a_non_active_hand_at_the_limit() -> None:
    """BH-81: a non-active hand of exactly 7 keeps its cards."""
    g = _final_phase(5, 7)
    g.apply("nodraw")
    assert g.active == 1 and len(g.zones["dead:1"]) == 0


def _log(g: BhmGame) -> list[str]:
    return [e.text for e in g.log]


def _p2_holds_foresight(phase: str, active: int, p1_deck: str = "") -> BhmGame:
    """P1 and P2 with the given active seat and phase; P2 holds Foresight (rank 0)."""
    deck = f"\n        deck = [{p1_deck}]" if p1_deck != "" else ""
    return game_from(
        f"""
        [state]
        active = {active}
        phase = "{phase}"
        armageddon = "off"
        [[player]]
        cll = 5
        hand = ["spark_imp"]{deck}
        [[player]]
        cll = 5
        hand = ["foresight"]
        """
    )


def test_bh20_bh67_the_initial_draw_is_an_action_foresight_answers_first() -> None:
    """BH-20 / BH-67 ruling: the source lists "Robar una carta" among the actions a reaction may
    follow. P2 ends its turn; P1's mandatory draw goes on the stack and P2, holding Foresight, is
    asked; Foresight resolves first (P2 draws), then P1 draws, then the first strategy phase."""
    g = _p2_holds_foresight("final", 2)
    g.apply("nodraw")
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    assert g.active == 0 and g.phase == "initial" and d.context["pending"] == ["draw", -1, "initial"]
    assert d.prompt == "React to: P1's draw (initial phase)?"
    assert len(g.zones["hand:0"]) == 1  # not drawn yet: the reaction resolves first
    n = len(g.log)
    g.apply(Action("react", (uid(g, "foresight"),)))
    assert _log(g)[n:][1:3] == ["P2 draws a card", "P1 draws a card"]
    assert len(g.zones["hand:0"]) == 2 and len(g.zones["hand:1"]) == 1
    d = g.decision()
    assert d is not None and d.kind == "turn" and g.phase == "strategy1" and g.budget == 5


def test_bh24_bh67_the_optional_final_draw_is_an_action_too() -> None:
    """BH-24 / BH-67 ruling: P1's optional draw in its final phase opens a window for P2's
    Foresight; after P2 passes, P1 draws and the turn ends. Not drawing is no action: no window."""
    g = _p2_holds_foresight("final", 1)
    g.apply("draw")
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    assert d.context["pending"] == ["draw", -1, "final"] and g.phase == "final"
    g.apply("pass")
    assert len(g.zones["hand:0"]) == 2 and g.active == 1 and g.phase == "strategy1"
    g = _p2_holds_foresight("final", 1)
    g.apply("nodraw")
    assert g.active == 1 and find(g, "foresight").zone == "hand:1"


def test_bh05_a_mandatory_draw_from_an_empty_deck_loses_at_once_without_a_window() -> None:
    """BH-05: the player must draw from an empty deck and loses at that moment ("en el momento que
    debería robar una carta obligatoria pierde la partida"): no draw to react to."""
    g = _p2_holds_foresight("final", 2, p1_deck="")
    g.zones["deck:0"].cards.clear()
    g.apply("nodraw")
    assert g.is_over() and g.winner() == 1 and find(g, "foresight").zone == "hand:1"


def test_bh67_foresight_is_not_offered_with_an_empty_deck() -> None:
    """BH-67 ruling (as for Riposte): Foresight ("draw 1 card") is offered only when it can draw.
    With P2's deck empty, P1's initial draw opens no window for P2's Foresight (P2 is not asked
    after every action for a card that would do nothing); the reason is said in words."""
    g = _p2_holds_foresight("final", 2)
    g.zones["deck:1"].cards.clear()
    g.apply("nodraw")
    assert g.active == 0 and g.phase == "strategy1" and len(g.zones["hand:0"]) == 2  # P1 drew
    d = g.decision()
    assert d is not None and d.kind == "turn" and d.player == 0
    foresight = find(g, "foresight")
    why = g.reaction_problem(1, foresight, ("draw", -1, "initial"))
    assert why is not None and why[0].format(*why[1:]) == "Foresight would draw nothing: your deck is empty"


def test_bh67_a_draw_inside_an_effect_is_part_of_that_action() -> None:
    """BH-67 ruling: only the turn's own draws (BH-20, BH-24) are actions; the card drawn by Council
    of War is its effect, answered once as the strategy card it is."""
    g = position(
        dict(cll=5, hand=["council_of_war"]), dict(cll=5, hand=["foresight"]), active=1, armageddon="off"
    )
    g.apply(Action("strategy", (uid(g, "council_of_war"),)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.context["pending"][0] == "strategy"
    g.apply("pass")
    assert g.decision().kind == "turn" and len(g.stack) == 0  # type: ignore[union-attr]
    assert "P1 draws a card" in _log(g)


def test_bh20_bh67_clone_and_save_load_in_a_draw_window() -> None:
    """BH-20 / BH-67: a draw waiting on the stack is state: clone and save/load keep it, and the
    copies go on identically to the first strategy phase."""
    g = _p2_holds_foresight("final", 2)
    g.apply("nodraw")
    twin, loaded = g.clone(), BhmGame.from_json(g.to_json())
    assert twin.state_hash() == g.state_hash() == loaded.state_hash()
    for x in (g, twin, loaded):
        x.apply("pass")
        assert x.phase == "strategy1" and len(x.zones["hand:0"]) == 2
    assert twin.state_hash() == g.state_hash() == loaded.state_hash()


def test_bh10_bh12_one_call_check_serves_the_offer_and_the_refusal() -> None:
    """BH-10 / BH-12: `call_problem` is the one statement of what a call needs: in random games a
    being in hand is offered a call exactly when it finds no problem (and a being zone is free),
    and a refused call is explained with its words."""
    seen = 0
    for g in random_states(range(1, 4)):
        if g.sub not in ("main", "combat"):
            continue
        legal = set(g.legal_actions())
        free = g.free_slot(g.active) is not None
        for c in g.cards_in(f"hand:{g.active}"):
            if not c.defn.is_field:
                continue
            why = g.call_problem(c)
            a = Action("call", (c.uid,))
            assert (a in legal) == (why is None and free)
            if why is not None and free:
                assert g.explain_illegal(a) == why[0].format(*why[1:])
                seen += 1
    assert seen > 0
