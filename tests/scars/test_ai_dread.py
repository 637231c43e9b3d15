"""The AI and Whispered Dread ("Turn target enemy unit to defense position"): on a unit in
defense position already it does nothing (SC-61, docs/rulings.md), so the AI does not aim it there."""

from __future__ import annotations

from scars.ai import ScriptedAgent
from scars.ai_search import candidates
from tests.scars.util import make, uid


def dread_game():
    """P1 (Nyx) holds Whispered Dread in its recruitment; P2 has a Stone Golem (2/6) in defense
    position and a Grey Wolf (2/1) in attack position."""
    return make(
        {"hero": "hero_nyx", "lives": 12, "supports": 2, "energy": 3, "hand": ["umb_dread"]},
        {
            "hero": "hero_korrag",
            "lives": 12,
            "supports": 2,
            "units": [
                {"card": "n_golem", "position": "defense"},
                {"card": "wild_wolf", "position": "attack"},
            ],
        },
        phase="recruit1",
    )


def test_the_scripted_ai_aims_whispered_dread_at_a_unit_in_attack_position() -> None:
    """Its target for a harmful card was the enemy unit of most attack + defense: the Golem, in
    defense position already, where the Dread does nothing; now the Wolf, and with only units in
    defense position, none."""
    g = dread_game()
    dread, golem, wolf = uid(g, "umb_dread"), uid(g, "n_golem"), uid(g, "wild_wolf")
    ai = ScriptedAgent(0)
    ai.me = 0
    spec = g.card(dread).defn.effect
    assert ai._best_target(g, spec, [golem, wolf]) == wolf
    assert ai._best_target(g, spec, [golem]) is None


def test_the_searching_levels_do_not_weigh_whispered_dread_on_a_unit_in_defense() -> None:
    """greedy/lookahead/search try each candidate: the Dread on the Golem (in defense position)
    was one, a card spent for nothing; it is left out, the Dread on the Wolf stays."""
    g = dread_game()
    dread, golem, wolf = uid(g, "umb_dread"), uid(g, "n_golem"), uid(g, "wild_wolf")
    legal = g.legal_actions()
    casts = {a.args[1] for a in legal if a.kind == "cast" and a.args[0] == dread}
    assert casts == {golem, wolf}, legal
    kept = {a.args[1] for a in candidates(g, legal) if a.kind == "cast" and a.args[0] == dread}
    assert kept == {wolf}
