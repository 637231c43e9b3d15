"""Session 30's rules of thumb of the scripted player (docs/ai.md, The Scars): each test is a
constructed position where the old scripted player chose otherwise, and, where it matters, one
where the rule does not apply."""

from __future__ import annotations

from typing import Any

from common.game import Action
from scars.ai import ScriptedAgent
from scars.game import ScarsGame
from tests.scars.util import hero, make, uid


def P(hero_id: str = "hero_aurelia", **kw: Any) -> dict[str, Any]:
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def choice(g: ScarsGame) -> Action:
    return ScriptedAgent(0).choose(g)


# ------------------------------------------------------------------ attacking a unit
def prey_game(enemy: str) -> ScarsGame:
    """P1 (Korrag) declares attackers with a Pack Alpha (3/3); P2 has `enemy` in attack position
    and a Field Medic (1/3) in defense position, which can block the Alpha but not kill it."""
    return make(
        P("hero_korrag", units=[{"card": "wild_alpha", "position": "attack"}]),
        P(
            units=[
                {"card": enemy, "position": "attack"},
                {"card": "legion_medic", "position": "defense"},
            ]
        ),
        phase="attackers",
    )


def test_the_scripted_player_attacks_an_enemy_attacker_it_kills_and_survives() -> None:
    """A Sellsword (3/2) in attack position would hit P1's hero next turn: the Alpha kills it and
    survives (3 damage on defense 3 is not lethal, SC-12; SC-63). It attacked the hero, because a
    blocker could block the Alpha."""
    g = prey_game("n_mercenary")
    assert choice(g) == Action("attack", (uid(g, "wild_alpha"), uid(g, "n_mercenary", seat=2)))


def test_a_unit_of_attack_1_is_not_worth_the_hero_s_damage() -> None:
    """A Road Scout (1/1) hits for 1: the Alpha goes for the hero."""
    g = prey_game("n_scout")
    assert choice(g) == Action("attack", (uid(g, "wild_alpha"), hero(g, 2)))


def test_no_attack_on_a_unit_that_would_kill_the_attacker() -> None:
    """A Pack Alpha of P2's (3/3) is not killed by P1's (3 is not lethal to defense 3): hero."""
    g = prey_game("wild_alpha")
    assert choice(g) == Action("attack", (uid(g, "wild_alpha", seat=1), hero(g, 2)))
