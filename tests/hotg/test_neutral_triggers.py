"""HG-52 ruling (docs/rulings.md): a neutral unit's triggered abilities act for no player.

Every unit is its enemy and none its ally (as for its auras), an effect for "you" does
nothing, a unit it spawns is neutral, "until your next turn" lasts until the next turn,
and a target it needs is chosen by the player whose turn it is. (No bundled card gives
a neutral unit a triggered ability that targets: the states here are constructed.)
"""

from __future__ import annotations

import pytest

from common.game import Action
from hotg.cards import HotgDef, card_pool

from .helpers import at, make, u

# An Afterlife that needs a target, and one for "you", on units no bundled card makes neutral.
HEXER = HotgDef(
    id="hexer",
    name="Hexer",
    cost=1,
    attack=1,
    health=1,
    move=1,
    text="Afterlife: stun an enemy unit.",
    abilities=({"when": "afterlife", "do": "stun", "target": "enemy_unit"},),
)
SCRIBE = HotgDef(
    id="scribe",
    name="Scribe",
    cost=1,
    attack=1,
    health=1,
    move=1,
    text="Afterlife: draw a card.",
    abilities=({"when": "afterlife", "do": "draw", "count": 1},),
)


@pytest.fixture
def extra_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = {**card_pool(), "hexer": HEXER, "scribe": SCRIBE}
    monkeypatch.setattr("hotg.game.card_pool", lambda: pool)


def test_hg52_a_neutral_units_afterlife_hits_both_sides() -> None:
    """A neutral Draugr's Afterlife (1 damage to each adjacent enemy) hits the units of
    both players next to it, not only player 2's."""
    g = make(
        [u("draugr", "2,4", "neutral", health=1), u("cyclops", "1,4", 1), u("cyclops", "3,4", 2)],
        p1={"leader": "zeus", "mana": 5},
    )
    mine, theirs = at(g, "1,4"), at(g, "3,4")
    g.apply(Action("ability", (at(g, "2,4"),)))  # Zeus' bolt: 1 damage kills it
    assert g.card(mine).hp == g.max_health(mine) - 1
    assert g.card(theirs).hp == g.max_health(theirs) - 1


def test_hg52_a_neutral_units_spawn_is_neutral() -> None:
    """A neutral Mummy's Scarab is neutral too (not player 1's)."""
    g = make([u("mummy", "2,4", "neutral", health=1)], p2={"leader": "zeus", "mana": 5}, active=2)
    g.apply(Action("ability", (at(g, "2,4"),)))
    scarab = g.card(at(g, "2,4"))
    assert scarab.defn.id == "scarab" and scarab.owner is None and scarab.controller is None


@pytest.mark.usefixtures("extra_cards")
def test_hg52_the_player_whose_turn_it_is_chooses_a_neutral_units_target() -> None:
    """A neutral unit's Afterlife that needs a target: the player whose turn it is (here
    player 2) chooses among the units of both sides; its stun lasts until the start of
    the next turn (player 1's)."""
    g = make(
        [u("hexer", "2,4", "neutral", health=1), u("cyclops", "1,1", 1), u("cyclops", "3,7", 2)],
        p2={"leader": "zeus", "mana": 5},
        active=2,
    )
    mine, theirs = at(g, "1,1"), at(g, "3,7")
    g.apply(Action("ability", (at(g, "2,4"),)))
    d = g.decision()
    assert d is not None and d.kind == "target" and d.player == 1
    assert set(d.context["targets"]) == {mine, theirs}
    g.apply(Action("target", (theirs,)))  # player 2 stuns its own Cyclops
    assert g.stunned(theirs)
    g.apply("end")  # player 1's turn starts: the stun ends
    assert not g.stunned(theirs)


@pytest.mark.usefixtures("extra_cards")
def test_hg52_a_neutral_units_effect_for_you_does_nothing() -> None:
    """A neutral unit's "draw a card" draws for nobody (not for player 1)."""
    g = make(
        [u("scribe", "2,4", "neutral", health=1)],
        p1={"hand": [], "deck": ["legionary"] * 5},
        p2={"hand": [], "deck": ["legionary"] * 5, "leader": "zeus", "mana": 5},
        active=2,
    )
    ev = g.apply(Action("ability", (at(g, "2,4"),)))
    assert not g.zones["hand:0"].cards and not g.zones["hand:1"].cards
    assert any("acts for no player" in e.text for e in ev)
