"""HG-02 / HG-56: a Summoning Stone is a unit for targeting purposes, so a temporary bonus
an effect gives it (Protect from a card whose target includes the stone: a custom card
pool may have one) ends on time like any unit's. The bundled cards never give a stone a
temporary bonus, so only a direct effect call shows it."""

from __future__ import annotations

import pytest

from hotg import core as C
from hotg import core_fx as fx

from .helpers import make


@pytest.mark.parametrize(("until", "ends_after"), [("end_of_turn", 1), ("your_next_turn", 2)])
def test_hg02_hg56_a_stones_temporary_protect_ends_on_time(until: str, ends_after: int) -> None:
    g = make()
    stone = g.stones[0]
    ctx = C.Ctx(
        source=stone, controller=0, target=stone, params={"until": until}, kind="spell", cell=-1, defn=None
    )
    fx.EFFECTS["give_protect"](g.core, ctx)
    g.tell()
    assert g.protect(stone) == 1
    for _ in range(ends_after - 1):
        g.apply("end")
        assert g.protect(stone) == 1  # not yet
    g.apply("end")
    assert g.protect(stone) == 0
    assert not g.card(stone).modifiers


def test_hg02_a_stones_permanent_protect_stays() -> None:
    g = make()
    stone = g.stones[0]
    ctx = C.Ctx(source=stone, controller=0, target=stone, params={}, kind="spell", cell=-1, defn=None)
    fx.EFFECTS["give_protect"](g.core, ctx)
    g.tell()
    g.apply("end")
    g.apply("end")
    assert g.protect(stone) == 1
