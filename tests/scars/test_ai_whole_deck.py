"""The scripted player plays its whole deck: Judgement, Shield Wall, Recall, Veil of Night,
Stampede, Second Wind, Energy Surge and Bandage each have a use (docs/ai.md, The Scars), never
where the engine says the card changes nothing; Insight and Oath of Return in set-up only when
they do not starve the recruitment. Each test is a constructed position where the card helps (the
scripted player used to pass or do something else there) and, where it matters, one where it
does not."""

from __future__ import annotations

from typing import Any

from common.game import Action
from scars.game import ScarsGame
from tests.scars.util import P, choice, done_if, hero, make, uid


def attack_window(p1: dict[str, Any], p2: dict[str, Any], attacks: list[tuple[str, str | None]]) -> ScarsGame:
    """P1 declares `attacks` ((attacker card id, P2 unit card id, or None for P2's hero)); P2 has
    its end-of-3A window (SC-59), if it has anything to play there: the attackers are declared,
    its blocks are still to come."""
    g = make(p1, p2, phase="attackers")
    seen: list[str] = []
    for a, t in attacks:
        tgt = uid(g, t, seat=2) if t else hero(g, 2)
        g.apply(f"attack {uid(g, a, seat=1, nth=seen.count(a))} {tgt}")
        seen.append(a)
    done_if(g, "attack")
    d = g.decision()
    # (with no prayer or ability to play, P2's window passes by itself)
    assert d is not None and d.player == 1 and d.kind in ("respond", "block"), d
    return g


def after_blocks(g: ScarsGame, blocks: list[tuple[str, str]], seat: int) -> ScarsGame:
    """From P2's end-of-3A window: P2 passes and declares `blocks` ((P2 blocker, P1 attacker));
    then the windows after blocks (SC-59) pass until `seat` (1 or 2) is to answer."""
    d = g.decision()
    if d is not None and d.kind == "respond":
        g.apply("pass")
    for b, a in blocks:
        g.apply(f"block {uid(g, b, seat=2)} {uid(g, a, seat=1)}")
    done_if(g, "block")
    for _ in range(3):
        d = g.decision()
        assert d is not None and g.phase == "blockers" and d.kind == "respond", d
        if d.player == seat - 1:
            return g
        g.apply("pass")
    raise AssertionError(g.decision())


# ------------------------------------------------------------------ Judgement
def test_judgement_destroys_the_attacker_worth_most_that_no_block_answers() -> None:
    """A Tusked Boar (3/2) and a Pack Alpha (3/3) attack; P2's Valiant Paladin (3/4) can block
    the Boar, survive and kill it, not the Alpha (3 is not lethal to defense 3, SC-12): Judgement
    goes to the Alpha. It took the first attacker of attack 3+ it found (the Boar)."""
    g = attack_window(
        P(
            "hero_korrag",
            units=[{"card": "wild_boar", "position": "attack"}, {"card": "wild_alpha", "position": "attack"}],
        ),
        P(energy=3, hand=["legion_judgement"], units=[{"card": "legion_paladin", "position": "defense"}]),
        [("wild_boar", None), ("wild_alpha", None)],
    )
    assert choice(g) == Action("cast", (uid(g, "legion_judgement"), uid(g, "wild_alpha")))


def test_judgement_is_kept_when_a_block_answers_every_attacker() -> None:
    g = attack_window(
        P("hero_korrag", units=[{"card": "wild_boar", "position": "attack"}]),
        P(energy=3, hand=["legion_judgement"], units=[{"card": "legion_paladin", "position": "defense"}]),
        [("wild_boar", None)],
    )
    assert choice(g) == Action("pass")


def reserve_game(enemy: str) -> ScarsGame:
    """P1 (Aurelia) in its first recruitment with 4 energy cards, holding Judgement, a Knight of
    the Oath (3) and a Village Militia (1); P2 has `enemy` in attack position."""
    return make(
        P(energy=4, hand=["legion_judgement", "legion_knight", "n_militia"], lives=8),
        P("hero_korrag", units=[{"card": enemy, "position": "attack"}]),
        phase="recruit1",
    )


def test_the_scripted_player_keeps_energy_for_judgement_in_its_own_turn() -> None:
    """With an enemy unit of attack 3 (a Boar) it keeps Judgement's 3 energy: it casts the Militia,
    not the Knight (which would leave 1, and Judgement could never be cast in the enemy's turn: the
    energy cards untap only in one's own set-up, SC-50). Against a Grey Wolf (attack 2) it keeps
    nothing back."""
    g = reserve_game("wild_boar")
    a = choice(g)
    assert a.kind == "cast" and a.args[0] == uid(g, "n_militia"), a
    g = reserve_game("wild_wolf")
    a = choice(g)
    assert a.kind == "cast" and a.args[0] == uid(g, "legion_knight"), a


# ------------------------------------------------------------------ Shield Wall
def test_shield_wall_saves_a_blocker_that_would_die() -> None:
    """P2's Knight (3/3) blocks a Mammoth (5/5): it would die; +0/+3 makes it 3/6 and it lives.
    It used to pass (Shield Wall went face down as a support)."""
    g = attack_window(
        P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
        P(energy=1, hand=["legion_shield_wall"], units=[{"card": "legion_knight", "position": "defense"}]),
        [("wild_mammoth", None)],
    )
    g = after_blocks(g, [("legion_knight", "wild_mammoth")], seat=2)
    assert choice(g) == Action("cast", (uid(g, "legion_shield_wall"), uid(g, "legion_knight")))


def test_shield_wall_is_kept_when_the_blocker_survives_or_dies_anyway() -> None:
    """A Stone Golem (2/6) survives the Mammoth (5) without it; a Militia (1/1) dies with it."""
    for blocker in ("n_golem", "n_militia"):
        g = attack_window(
            P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
            P(energy=1, hand=["legion_shield_wall"], units=[{"card": blocker, "position": "defense"}]),
            [("wild_mammoth", None)],
        )
        g = after_blocks(g, [(blocker, "wild_mammoth")], seat=2)
        assert choice(g) == Action("pass"), blocker


# ------------------------------------------------------------------ Bandage
def test_bandage_heals_a_hurt_blocker_that_would_die_of_it() -> None:
    """P2's Pikeman (2/2) carries 1 damage and blocks a Grey Wolf (2): 2 is lethal with the damage
    on it (2 + 1 > 2, SC-12), not without: Bandage (0 energy) removes it. On an unhurt blocker the
    engine does not offer Bandage at all (a heal on a unit with no damage, docs/rulings.md SC-41),
    so no window opens for P2 and Bandage stays in hand."""
    for damage in (1, 0):
        g = attack_window(
            P("hero_korrag", units=[{"card": "wild_wolf", "position": "attack"}]),
            P(
                hand=["n_bandage"],
                units=[{"card": "legion_pikeman", "position": "defense", "damage": damage}],
            ),
            [("wild_wolf", None)],
        )
        if damage == 0:
            d = g.decision()
            if d is not None and d.kind == "respond":
                g.apply("pass")
            g.apply(f"block {uid(g, 'legion_pikeman', seat=2)} {uid(g, 'wild_wolf', seat=1)}")
            done_if(g, "block")
            assert g.phase != "blockers", g.decision()
            assert g.zones.card(uid(g, "n_bandage")).zone.startswith("hand"), "Bandage kept"
            continue
        g = after_blocks(g, [("legion_pikeman", "wild_wolf")], seat=2)
        assert choice(g) == Action("cast", (uid(g, "n_bandage"), uid(g, "legion_pikeman")))


# ------------------------------------------------------------------ Veil of Night, Recall
def enemy_cast(p1: dict[str, Any], p2: dict[str, Any], card: str, target: str) -> ScarsGame:
    """P1 casts `card` on P2's unit `target` in its first recruitment; P2 is to respond."""
    g = make(p1, p2, phase="recruit1")
    g.apply(f"cast {uid(g, card, seat=1)} {uid(g, target, seat=2)}")
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1, d
    return g


def test_veil_of_night_makes_a_removal_target_illegal() -> None:
    """Wildfire (2 damage) on P2's Soul Harvester (2/1) would kill it; Veil of Night gives it
    Stealth first, so Wildfire's target is no longer legal (SC-86) and it does nothing. Against
    1 damage on a Stone Golem (2/6) it is kept."""
    g = enemy_cast(
        P("hero_korrag", energy=2, hand=["wild_wildfire"]),
        P("hero_nyx", energy=1, hand=["umb_veil"], units=[{"card": "umb_harvester", "position": "defense"}]),
        "wild_wildfire",
        "umb_harvester",
    )
    veil = Action("cast", (uid(g, "umb_veil"), uid(g, "umb_harvester")))
    assert choice(g) == veil
    g.apply(veil)
    while g.stack:
        g.apply("pass")
    assert g.is_unit_in_play(uid(g, "umb_harvester", seat=2))
    g = enemy_cast(
        P("hero_korrag", energy=2, hand=["wild_wildfire"]),
        P("hero_nyx", energy=1, hand=["umb_veil"], units=[{"card": "n_golem", "position": "defense"}]),
        "wild_wildfire",
        "n_golem",
    )
    assert choice(g) == Action("pass")


def test_recall_returns_a_unit_worth_keeping_from_removal_to_hand() -> None:
    """Banish on P2's Wraith (cost 4): Recall (2) returns it to hand first. On a Blood Cultist
    (cost 1) it is kept: Recall is not worth a cheap unit."""
    for unit, expected in (("umb_wraith", "cast"), ("umb_cultist", "pass")):
        g = enemy_cast(
            P("hero_nyx", energy=4, hand=["n_banish"]),
            P("hero_nyx", energy=2, hand=["n_recall"], units=[{"card": unit, "position": "defense"}]),
            "n_banish",
            unit,
        )
        a = choice(g)
        assert a.kind == expected, (unit, a)
        if expected == "cast":
            assert a == Action("cast", (uid(g, "n_recall"), uid(g, unit, seat=2)))


# ------------------------------------------------------------------ Stampede
def stampede_game(attacker: str, lives: int = 12) -> ScarsGame:
    """P1 (Korrag, 2 energy, Stampede in hand) attacks P2's hero with `attacker`; P2's Village
    Militia (1/1) blocks it; P1 has its window after blocks."""
    g = attack_window(
        P("hero_korrag", energy=2, hand=["wild_stampede"], units=[{"card": attacker, "position": "attack"}]),
        P(lives=lives, units=[{"card": "n_militia", "position": "defense"}]),
        [(attacker, None)],
    )
    return after_blocks(g, [("n_militia", attacker)], seat=1)


def test_stampede_gives_trample_where_the_surplus_is_worth_it() -> None:
    """A Mammoth-sized surplus is rare: a Pack Alpha (3) blocked by a Militia (lethal needs 2)
    tramples 1 over — worth the card only when it is the enemy hero's last life; a Tusked Boar
    has Trample already (the engine: Stampede changes nothing), it is never given it."""
    g = stampede_game("wild_alpha", lives=1)
    assert choice(g) == Action("cast", (uid(g, "wild_stampede"), uid(g, "wild_alpha")))
    assert choice(stampede_game("wild_alpha", lives=12)) == Action("pass")
    assert choice(stampede_game("wild_boar", lives=1)) == Action("pass")


def test_stampede_on_an_attacker_with_two_to_spare() -> None:
    """A Pack Alpha (3/3) with War Totem's +1 attack (4) blocked by a Militia (1/1, lethal needs
    2) tramples 2 over: Stampede, with 12 enemy lives."""
    g = attack_window(
        P(
            "hero_korrag",
            energy=2,
            hand=["wild_stampede"],
            units=[{"card": "wild_alpha", "position": "attack"}],
            structures=[{"card": "wild_totem"}],
        ),
        P(units=[{"card": "n_militia", "position": "defense"}]),
        [("wild_alpha", None)],
    )
    g = after_blocks(g, [("n_militia", "wild_alpha")], seat=1)
    assert choice(g) == Action("cast", (uid(g, "wild_stampede"), uid(g, "wild_alpha")))


# ------------------------------------------------------------------ Energy Surge, Second Wind
def test_energy_surge_when_it_pays_for_a_bigger_permanent() -> None:
    """3 energy, a Mammoth (5) in hand: Energy Surge (+2) pays for it. With only a Grey Wolf (1)
    to cast, the energy would change nothing: no Surge."""
    g = make(
        P("hero_korrag", energy=3, hand=["n_surge", "wild_mammoth"], lives=8), P("hero_nyx"), phase="recruit1"
    )
    assert choice(g) == Action("cast", (uid(g, "n_surge"),))
    g = make(
        P("hero_korrag", energy=3, hand=["n_surge", "wild_wolf"], lives=8), P("hero_nyx"), phase="recruit1"
    )
    a = choice(g)
    assert a.kind == "cast" and a.args[0] == uid(g, "wild_wolf"), a


def test_second_wind_untaps_energy_for_a_permanent() -> None:
    """1 untapped and 3 tapped energy cards, a Gloom Sentinel (2) in hand: Second Wind (1) untaps
    two, leaving 2. With no tapped energy card it would untap nothing (no Second Wind)."""
    g = make(
        P("hero_nyx", energy=1, tapped_energy=3, hand=["n_second_wind", "umb_sentinel"], lives=8),
        P("hero_korrag"),
        phase="recruit1",
    )
    assert choice(g) == Action("cast", (uid(g, "n_second_wind"),))
    g = make(
        P("hero_nyx", energy=1, hand=["n_second_wind", "umb_sentinel"], lives=8),
        P("hero_korrag"),
        phase="recruit1",
    )
    assert choice(g).kind != "cast" or choice(g).args[0] != uid(g, "n_second_wind")


# ------------------------------------------------------------------ Insight, Oath in set-up
def test_insight_in_set_up_only_when_the_recruitment_keeps_enough() -> None:
    """Set-up with 3 energy and a Knight of the Oath (3) in hand: Insight (2) would leave 1, too
    little for the Knight: it waits (the Knight is cast first in recruitment). With 5 energy it
    draws in set-up."""
    for energy, expected in ((3, "done"), (5, "cast")):
        g = make(
            P(energy=energy, hand=["n_insight", "legion_knight"], lives=8), P("hero_korrag"), phase="setup"
        )
        a = choice(g)
        assert a.kind == expected, (energy, a)
