"""The scripted player plays its whole deck: Judgement, Shield Wall, Recall, Veil of Night,
Stampede, Second Wind, Energy Surge and Bandage each have a use (docs/ai.md, The Scars), never
where the engine says the card changes nothing; Insight and Oath of Return in set-up only when
they do not starve the recruitment. Each test is a constructed position where the card helps (the
scripted player used to pass or do something else there) and, where it matters, one where it
does not."""

from __future__ import annotations

from typing import Any

from common.game import Action
from scars.ai import ScriptedAgent
from scars.game import ScarsGame
from tests.scars.util import done_if, hero, make, uid


def P(hero_id: str = "hero_aurelia", **kw: Any) -> dict[str, Any]:
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def choice(g: ScarsGame) -> Action:
    return ScriptedAgent(0).choose(g)


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
