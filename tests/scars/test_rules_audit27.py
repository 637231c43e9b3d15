"""Rule tests for The Scars from the rules audit of session 27: each one reproduces a place where
the engine differed from the rulebook (shared/seeds/scars-rules-es.txt), a card's text or a
ruling (shared/rules/scars.md ⚖, docs/rulings.md), and fails on the code before its fix."""

from __future__ import annotations

from tests.scars.util import make, play, resolve, uid, until


def P(hero_id: str = "hero_aurelia", **kw):
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def _window(g, seat: int) -> None:
    """Pass until `seat` (1/2) has a response decision."""
    until(g, lambda g: g.decision().kind == "respond" and g.decision().player == seat - 1)


# ------------------------------------------------------------ SC-61, SC-32: Whispered Dread
def test_sc61_sc32_whispered_dread_on_a_sheltering_unit_leaves_its_shelter() -> None:
    """SC-61 / SC-32: a sheltering unit is "en posición defensiva amparando a otra unidad
    atacante". Whispered Dread ("Turn target enemy unit to defense position") on it finds it in
    defense position already and changes nothing: the Golem still shelters the Knight (it used to
    stop sheltering, which the card does not say)."""
    g = make(
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_golem", "shelter": 1}]),
        P("hero_nyx", energy=1, hand=["umb_dread"]),
    )
    kn, gol = uid(g, "legion_knight"), uid(g, "n_golem")
    assert g.card(gol).shelter == kn
    _window(g, 2)
    play(g, f"cast {uid(g, 'umb_dread')} {gol}")
    resolve(g)
    assert g.card(gol).position == "defense"
    assert g.card(gol).shelter == kn
