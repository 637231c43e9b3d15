"""The AI and Whispered Dread ("Turn target enemy unit to defense position"): on a unit in
defense position already it does nothing (SC-61, docs/rulings.md), so the AI does not aim it there;
an attacker turned to defense position stops attacking (SC-60), so the scripted player casts it
in its end-of-3A window on an attacker it cannot block safely when that is worth a card."""

from __future__ import annotations

from common.game import Action
from scars.ai import ScriptedAgent
from scars.ai_search import candidates
from tests.scars.util import P, done_if, hero, make, uid


def dread_game():
    """P1 (Nyx) holds Whispered Dread in its recruitment; P2 has a Stone Golem (2/6) in defense
    position and a Grey Wolf (2/1) in attack position."""
    return make(
        P("hero_nyx", energy=3, hand=["umb_dread"]),
        P(
            "hero_korrag",
            units=[
                {"card": "n_golem", "position": "defense"},
                {"card": "wild_wolf", "position": "attack"},
            ],
        ),
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


# ------------------------------------------------------------ the scripted player casts it


def defender_window(attackers: list[str], defender: dict, targets: list[str] | None = None):
    """P1 declares `attackers` (card ids, in attack position) on P2's hero (or on the P2 units
    `targets` name); P2 (Nyx, scripted) holds Whispered Dread with 1 energy and has its
    end-of-3A window (SC-59): the attackers are declared, its blocks are still to come."""
    g = make(
        P(units=[{"card": c, "position": "attack"} for c in attackers]),
        P("hero_nyx", energy=1, hand=["umb_dread"], **defender),
        phase="attackers",
    )
    for i, c in enumerate(attackers):
        tgt = uid(g, targets[i], seat=2) if targets else hero(g, 2)
        g.apply(f"attack {uid(g, c, seat=1, nth=attackers[:i].count(c))} {tgt}")
    done_if(g, "attack")
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1 and g.phase == "attackers", d
    return g


def scripted_choice(g) -> Action:
    return ScriptedAgent(0).choose(g)


def test_the_scripted_ai_stops_an_attacker_it_cannot_block_with_whispered_dread() -> None:
    """A Knight (3/3) attacks; P2's only blocker, a Militia (1/1), would die blocking it: the
    scripted player turns the Knight to defense position (it stops attacking, SC-60) and keeps its
    3 lives. It used to hold the Dread for ever."""
    g = defender_window(["legion_knight"], {"units": [{"card": "n_militia", "position": "defense"}]})
    kn = uid(g, "legion_knight")
    assert scripted_choice(g) == Action("cast", (uid(g, "umb_dread"), kn))


def test_the_scripted_ai_stops_the_biggest_attacker_when_the_attack_is_lethal() -> None:
    """With 3 lives left, two Grey Wolves (2 each) and a Mercenary (3) attacking: it stops the
    Mercenary (small attackers are worth the card when the hero is in danger)."""
    g = defender_window(["wild_wolf", "wild_wolf", "n_mercenary"], {"lives": 3})
    assert scripted_choice(g) == Action("cast", (uid(g, "umb_dread"), uid(g, "n_mercenary")))
    g = defender_window(["wild_wolf"], {"lives": 4})
    assert scripted_choice(g) == Action("cast", (uid(g, "umb_dread"), uid(g, "wild_wolf")))


def test_the_scripted_ai_saves_a_unit_an_attacker_would_kill() -> None:
    """The Knight (3/3) attacks P2's Gloom Stalker (3/2, in attack position): the Stalker would
    die, and its 3 damage is not lethal to the Knight's defense 3 (SC-12): the Dread saves it."""
    g = defender_window(
        ["legion_knight"], {"units": [{"card": "umb_stalker", "position": "attack"}]}, ["umb_stalker"]
    )
    assert scripted_choice(g) == Action("cast", (uid(g, "umb_dread"), uid(g, "legion_knight")))


def test_the_scripted_ai_keeps_whispered_dread_when_a_block_will_do_or_little_is_at_stake() -> None:
    """No Dread when a blocker survives the attacker (the Stone Golem, 2/6, blocks the Knight:
    that costs no card), nor on a Grey Wolf (2) with 12 lives, nor on an Alert attacker (the
    Gloom Sentinel keeps attacking from defense position, SC-85)."""
    g = defender_window(["legion_knight"], {"units": [{"card": "n_golem", "position": "defense"}]})
    assert scripted_choice(g) == Action("pass")
    g = defender_window(["wild_wolf"], {})
    assert scripted_choice(g) == Action("pass")
    g = make(
        P("hero_nyx", units=[{"card": "umb_sentinel", "position": "attack"}] * 2),
        P("hero_nyx", energy=1, hand=["umb_dread"], lives=2),
        phase="attackers",
    )
    for i in range(2):
        g.apply(f"attack {uid(g, 'umb_sentinel', seat=1, nth=i)} {hero(g, 2)}")
    done_if(g, "attack")
    assert g.decision().player == 1
    assert scripted_choice(g) == Action("pass")
