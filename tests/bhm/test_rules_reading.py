"""Deviations found by reading the original rulebook and the card texts against the engine
(a reading audit: what the engine did the same way its tests did)."""

from __future__ import annotations

from common.game import Action

from .helpers import find, game_from, uid


def _terror_game(their_hand: str, their_cll: int = 5) -> object:
    """P1 calls Magma Drake (Terror 200) at P2's Tide Sentinel (VAL 300) and Ember Squire (VAL 200)."""
    return game_from(
        f"""
        [state]
        active = 1
        armageddon = "off"
        [[player]]
        cll = 10
        hand = ["magma_drake"]
        deck = ["spark_imp", "spark_imp"]
        [[player]]
        cll = {their_cll}
        hand = [{their_hand}]
        deck = ["spark_imp", "spark_imp"]
        [[player.being]]
        card = "ember_squire"
        [[player.being]]
        card = "tide_sentinel"
        """
    )


def test_bh67_bh100_smoke_bomb_answers_a_terror_aimed_at_your_being() -> None:
    """BH-67: reactions may be played right after any action, and the source names "activar una
    habilidad de carta" among them; BH-100 Terror is the entering card's ability choosing one of
    your beings. Smoke Bomb ("the targeted being of yours becomes Invisible ... the action loses its
    target") is offered, and the Terror then takes no VAL (BH-99)."""
    g = _terror_game('"smoke_bomb"')
    squire = find(g, "ember_squire")
    g.apply(Action("call", (uid(g, "magma_drake"),)))
    g.apply(Action("target", (squire.uid,)))  # Terror 200 at VAL 200: it would flee
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    assert Action("react", (uid(g, "smoke_bomb"),)) in g.legal_actions()
    g.apply(Action("react", (uid(g, "smoke_bomb"),)))
    assert g.on_field(squire) and g.cur(squire, "val") == 200 and g.cll[1] == 5
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]


def test_bh67_bh100_iron_will_answers_a_terror_and_resolves_first() -> None:
    """BH-67: Iron Will ("the targeted being of yours gains 200 RES and 200 VAL until end of turn")
    answers a Terror aimed at your being and resolves before it: Tide Sentinel (VAL 300 + 200)
    keeps 300 VAL after Terror 200."""
    g = _terror_game('"iron_will"')
    sentinel = find(g, "tide_sentinel")
    g.apply(Action("call", (uid(g, "magma_drake"),)))
    g.apply(Action("target", (sentinel.uid,)))
    assert g.decision() is not None and g.decision().kind == "respond"  # type: ignore[union-attr]
    g.apply(Action("react", (uid(g, "iron_will"),)))
    assert g.cur(sentinel, "val") == 300


def test_bh67_bh100_a_terror_without_an_answer_resolves_at_once() -> None:
    """BH-100: with no reaction to play, the Terror takes its VAL at once (no window is asked)."""
    g = _terror_game("")
    squire = find(g, "ember_squire")
    g.apply(Action("call", (uid(g, "magma_drake"),)))
    g.apply(Action("target", (squire.uid,)))
    assert squire.zone == "deserters:1" and g.cll[1] == 6
    assert g.decision() is not None and g.decision().kind == "turn"  # type: ignore[union-attr]
