"""Session 31's rules of thumb of the scripted player (docs/ai.md, The Scars): each test is a
constructed position where the scripted player before it chose otherwise, and, where it matters,
one where the rule does not apply."""

from __future__ import annotations

from common.game import Action
from scars.ai import ScriptedAgent
from scars.game import ScarsGame
from tests.scars.test_ai_whole_deck import after_blocks, attack_window
from tests.scars.util import P, choice, uid


def play_turn(g: ScarsGame) -> None:
    """Both players scripted until the turn passes to P2's set-up (or the game ends)."""
    agents = [ScriptedAgent(1), ScriptedAgent(2)]
    for _ in range(200):
        if g.is_over() or g.active == 1:
            return
        d = g.decision()
        assert d is not None
        g.apply(agents[d.player].choose(g))
    raise AssertionError("the turn did not end")


# ------------------------------------------------------------------ pump prayers in the enemy's combat
def test_frenzy_on_a_blocker_kills_the_attacker() -> None:
    """P1's Knight of the Oath (3/3) attacks; P2's Stone Golem (2/6) blocks it and survives, but 2 is
    not lethal to defense 3 (SC-12); Frenzy (+2/+0) on the Golem kills the Knight. It used to pass."""
    g = attack_window(
        P(units=[{"card": "legion_knight", "position": "attack"}]),
        P("hero_korrag", energy=1, hand=["wild_frenzy"], units=[{"card": "n_golem", "position": "defense"}]),
        [("legion_knight", None)],
    )
    g = after_blocks(g, [("n_golem", "legion_knight")], seat=2)
    assert choice(g) == Action("cast", (uid(g, "wild_frenzy"), uid(g, "n_golem")))


def test_no_frenzy_where_the_blocker_kills_anyway_or_still_does_not() -> None:
    """A Road Scout (1/1) dies to the Golem's 2 without Frenzy; a Stone Golem (2/6) survives 4."""
    for attacker in ("n_scout", "n_golem"):
        g = attack_window(
            P(units=[{"card": attacker, "position": "attack"}]),
            P(
                "hero_korrag",
                energy=1,
                hand=["wild_frenzy"],
                units=[{"card": "n_golem", "position": "defense"}],
            ),
            [(attacker, None)],
        )
        g = after_blocks(g, [("n_golem", attacker)], seat=2)
        assert choice(g) == Action("pass"), attacker


def test_rally_the_ranks_on_blockers_turns_a_fight() -> None:
    """P1's Road Scout (1/1) attacks; P2's Village Militia (1/1) blocks it: neither kills the other
    (damage must exceed defense, SC-12); with +1/+1 the Militia's 2 kills the Scout: Rally the
    Ranks. It used to pass."""
    g = attack_window(
        P("hero_korrag", units=[{"card": "n_scout", "position": "attack"}]),
        P(energy=2, hand=["legion_rally"], units=[{"card": "n_militia", "position": "defense"}]),
        [("n_scout", None)],
    )
    g = after_blocks(g, [("n_militia", "n_scout")], seat=2)
    assert choice(g) == Action("cast", (uid(g, "legion_rally"),))


# ------------------------------------------------------------------ blocks a pump prayer makes good
def mammoth_block(energy: int) -> ScarsGame:
    """P1's Mammoth (5/5) attacks P2's hero (12 lives: no danger); P2 has a Knight of the Oath (3/3)
    in defense position and Shield Wall (1) in hand, with `energy` energy cards."""
    g = attack_window(
        P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
        P(
            energy=energy,
            hand=["legion_shield_wall"],
            units=[{"card": "legion_knight", "position": "defense"}],
        ),
        [("wild_mammoth", None)],
    )
    d = g.decision()
    if d is not None and d.kind == "respond":
        g.apply("pass")
    return g


def test_the_scripted_player_blocks_when_shield_wall_saves_the_blocker() -> None:
    """With 1 energy for Shield Wall, the Knight blocks the Mammoth (3/6 then takes 5 and lives) and
    Shield Wall follows; the hero takes nothing. It used to let the Mammoth through."""
    g = mammoth_block(1)
    knight, mammoth = uid(g, "legion_knight"), uid(g, "wild_mammoth")
    assert choice(g) == Action("block", (knight, mammoth))
    play_turn(g)
    assert g.zones.card(knight).zone.startswith("units"), "the Knight lives"
    assert g.lives(1) == 12


def test_no_such_block_without_the_energy_to_cast_it() -> None:
    g = mammoth_block(0)
    assert choice(g).kind == "done"
