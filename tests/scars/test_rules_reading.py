"""Rule tests from a reading audit of The Scars: the original rulebook
(shared/seeds/scars-rules-es.txt), the numbered items (shared/rules/scars.md) and the
printed card texts, checked against what the engine does."""

from __future__ import annotations

from common.game import Action
from tests.scars.util import P, attack, block, has, hero, make, play, resolve, uid, until


def test_sc32_smite_can_only_target_a_unit_with_attack_2_or_less() -> None:
    """SC-32 (card text): Smite reads "Destroy target unit with attack 2 or less": a unit with
    attack 3 is no legal target, so Smite is not offered against it (it used to be, and then
    did nothing on resolution)."""
    g = make(
        P(energy=3, hand=["n_smite"]),
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_militia"}]),
    )
    sm, kn, mil = uid(g, "n_smite"), uid(g, "legion_knight"), uid(g, "n_militia")
    assert has(g, f"cast {sm} {mil}")
    assert not has(g, f"cast {sm} {kn}")  # attack 3 > 2
    play(g, f"cast {sm} {mil}")
    resolve(g)
    assert not g.is_unit_in_play(mil)
    g2 = make(P(energy=3, hand=["n_smite"]), P(units=[{"card": "legion_knight", "position": "attack"}]))
    sm2, kn2 = uid(g2, "n_smite"), uid(g2, "legion_knight")
    assert "attack 2 or less" in g2.explain_illegal(Action.parse(f"cast {sm2} {kn2}"))


def test_sc61_the_sheltered_unit_stays_out_when_its_shelter_is_gone() -> None:
    """SC-61: choosing that the shelter fights means "your attacked unit takes no damage"
    ("Tu unidad que esta en posición atacante que ha sido atacada no sufrirá daños"), and a
    choice made stands (docs/rulings.md). If the attacker kills the only shelterer before
    damage, the sheltered Knight still does not fight: it neither takes nor deals damage."""
    g = make(
        P(
            "hero_korrag",
            energy=2,
            hand=["wild_wildfire"],
            units=[{"card": "n_mercenary", "position": "attack"}],
        ),
        P(units=[{"card": "legion_knight", "position": "attack"}, {"card": "n_militia", "shelter": 1}]),
        phase="attackers",
    )
    merc, kn, mil = uid(g, "n_mercenary"), uid(g, "legion_knight"), uid(g, "n_militia")
    attack(g, (merc, kn))
    until(g, lambda g: g.decision().kind == "shelter")
    play(g, f"choose {kn} shelter")
    assert g.decision().kind == "respond" and g.decision().player == 0  # P1's combat tricks
    play(g, f"cast {uid(g, 'wild_wildfire')} {mil}")
    resolve(g)
    assert not g.is_unit_in_play(mil)
    until(g, lambda g: g.phase not in ("blockers", "damage"))
    assert g.card(kn).damage == 0  # sheltered: no damage, as chosen
    assert g.is_unit_in_play(merc) and g.card(merc).damage == 0  # the Knight did not fight


def _mammoth_blocked_by_militias(n: int):
    g = make(
        P("hero_korrag", units=[{"card": "wild_mammoth", "position": "attack"}]),
        P(units=[{"card": "n_militia"}] * n),
        phase="attackers",
    )
    mam = uid(g, "wild_mammoth")
    mils = [uid(g, "n_militia", nth=i) for i in range(n)]
    attack(g, (mam, hero(g, 2)))
    block(g, *((m, mam) for m in mils))
    return g, mam, mils


def test_sc81_trample_surplus_must_go_to_the_hero_past_several_blockers() -> None:
    """SC-81: "el jugador defensor recibirá los puntos de daño restantes que no sean necesarios
    para que la unidad bloqueadora sea destruida": the surplus goes to the hero, it is no
    choice. Mammoth (5, Trample) blocked by two Militias (lethal 2 each): once the first has
    lethal, the second gets its lethal 2 and the last point goes to the hero (it used to be
    possible to pile the surplus on the Militias instead)."""
    g, mam, (m1, m2) = _mammoth_blocked_by_militias(2)
    assert {str(a) for a in g.legal_actions()} == {f"assign {mam} {m1}", f"assign {mam} {m2}"}
    play(g, f"assign {mam} {m1}", f"assign {mam} {m1}")
    d = g.decision()
    assert not (d.kind == "damage" and d.context.get("source") == mam)  # nothing left to choose
    assert sorted((t, n) for s, t, n in g.assign if s == mam) == sorted(
        [(m1, 1), (m1, 1), (m2, 2), (hero(g, 2), 1)]
    )
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 12 - 1
    assert not g.is_unit_in_play(m1) and not g.is_unit_in_play(m2)


def test_sc81_trample_assigns_no_more_than_lethal_to_a_blocker() -> None:
    """SC-81: with Trample, damage beyond what a blocker's lethal needs is surplus (it goes on to
    the other blockers, then the hero), so a blocker that has lethal is no longer offered."""
    g, mam, (m1, m2, m3) = _mammoth_blocked_by_militias(3)
    play(g, f"assign {mam} {m1}", f"assign {mam} {m1}")
    assert {str(a) for a in g.legal_actions()} == {f"assign {mam} {m2}", f"assign {mam} {m3}"}
    play(g, f"assign {mam} {m2}", f"assign {mam} {m2}")
    # 1 point left, only m3 lacks lethal: it gets it; no surplus for the hero
    until(g, lambda g: g.phase == "recruit2")
    assert g.lives(1) == 12
    assert not g.is_unit_in_play(m1) and not g.is_unit_in_play(m2) and g.card(m3).damage == 1


def test_sc02_a_choice_that_takes_your_last_life_says_you_lose() -> None:
    """SC-02: a player whose hero has no lives left loses. Skipping the draw (SC-16/SC-17) or
    moving a life to energy (SC-18) with one life left loses at once: the choice says so, and
    with two lives it says nothing more."""
    g = make(P(lives=1), P(), phase="draw")
    words = {a.kind: g.describe_action(a) for a in g.legal_actions()}
    assert words["skip"] == "Skip the draw: move a life to energy — your last life: you lose"
    assert words["draw"] == "Draw a card"
    play(g, "skip")
    assert g.is_over() and g.winner() == 1
    g = make(P(lives=2), P(), phase="draw")
    assert {g.describe_action(a) for a in g.legal_actions() if a.kind == "skip"} == {
        "Skip the draw: move a life to energy"
    }
    g = make(P(lives=1, hand=["n_militia"]), P())
    assert [g.describe_action(a) for a in g.legal_actions() if a.kind == "life"] == [
        "Move a life to energy — your last life: you lose"
    ]
