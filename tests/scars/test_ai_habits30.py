"""Session 30's rules of thumb of the scripted player (docs/ai.md, The Scars): each test is a
constructed position where the old scripted player chose otherwise, and, where it matters, one
where the rule does not apply."""

from __future__ import annotations

from common.game import Action
from scars.game import ScarsGame
from tests.scars.util import P, choice, done_if, hero, make, uid


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


# ------------------------------------------------------------------ gang blocks
def gang_game(second: str) -> ScarsGame:
    """P1's Pack Alpha (3/3) attacks P2's hero; P2 has blocked it with a Stone Golem (2/6), which
    survives it but does not kill it; `second` is P2's other defense-position unit."""
    g = make(
        P("hero_korrag", units=[{"card": "wild_alpha", "position": "attack"}]),
        P(
            units=[
                {"card": "n_golem", "position": "defense"},
                {"card": second, "position": "defense"},
            ]
        ),
        phase="attackers",
    )
    g.apply(f"attack {uid(g, 'wild_alpha')} {hero(g, 2)}")
    done_if(g, "attack")
    d = g.decision()
    if d is not None and d.kind == "respond":
        g.apply("pass")
    g.apply(f"block {uid(g, 'n_golem')} {uid(g, 'wild_alpha')}")
    d = g.decision()
    assert d is not None and d.kind == "block" and d.player == 1, d
    return g


def test_a_second_blocker_joins_to_kill_the_attacker() -> None:
    """A Standard-Bearer (2/3) survives the Alpha's 3 and, with the Golem's 2, kills it (4 > 3,
    SC-70, SC-12). It declared no more blockers: the Alpha went home unhurt."""
    g = gang_game("legion_standard")
    assert choice(g) == Action("block", (uid(g, "legion_standard"), uid(g, "wild_alpha")))


def test_no_second_blocker_that_the_attacker_could_kill() -> None:
    """A Pikeman (2/2) would kill the Alpha with the Golem but could die to it (3 > 2): no block."""
    g = gang_game("legion_pikeman")
    assert choice(g) == Action("done")


# ------------------------------------------------------------------ energy
def energy_game(lives: int) -> ScarsGame:
    """P1 in its first recruitment with 4 energy cards and a Knight of the Oath (3) and a Village
    Militia (1) in hand, its hero at `lives` lives."""
    return make(
        P(energy=4, lives=lives, hand=["legion_knight", "n_militia"]), P("hero_korrag"), phase="recruit1"
    )


def test_the_scripted_player_grows_its_energy_to_six_cards() -> None:
    """With 4 energy cards and a healthy hero it moves a life to energy (SC-18) before casting:
    it used to stop at the cost of the dearest card in hand (here 4 cards: it had never more
    than 3-4, and spent them all every turn)."""
    assert choice(energy_game(15)) == Action("life")


def test_no_life_to_energy_with_few_lives_left() -> None:
    g = energy_game(9)
    a = choice(g)
    assert a.kind == "cast" and a.args[0] == uid(g, "legion_knight"), a
