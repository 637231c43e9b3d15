"""One engine predicate for a card or ability aimed where it changes nothing
(`ScarsGame.has_no_effect`, `ScarsGame.changes_nothing`), and both AIs asking it: the scripted
player's targets (`ScriptedAgent._best_target`) and the searching levels' candidates
(`scars.ai_search.candidates`)."""

from __future__ import annotations

import pytest

from common.game import Action
from scars.ai import ScriptedAgent
from scars.ai_search import candidates
from scars.game import ScarsGame
from tests.scars.util import P, make, uid


def korrag_game() -> ScarsGame:
    """P1 (Korrag) in its first recruitment with Bandage, Stampede and Smite in hand, a Boar
    (Trample) and a hurt Grey Wolf; P2 a Stone Golem in defense position and a Mercenary (3/2)
    in attack position."""
    return make(
        P(
            "hero_korrag",
            energy=5,
            hand=["n_bandage", "wild_stampede", "n_smite"],
            units=[
                {"card": "wild_boar", "position": "attack"},
                {"card": "wild_wolf", "position": "attack", "damage": 1},
            ],
        ),
        P(
            "hero_nyx",
            units=[
                {"card": "n_golem", "position": "defense"},
                {"card": "n_mercenary", "position": "attack"},
            ],
        ),
        phase="recruit1",
    )


def test_the_engine_tells_where_an_effect_changes_nothing() -> None:
    """Exact no-ops only, by the effects' own rules: to defense position a unit there already
    (SC-61 ⚖), a heal on an unhurt unit, Smite ("attack 2 or less") on a unit of attack 3 (it
    fizzles), Trample until end of turn to a unit whose card has it; the same effects elsewhere
    do something."""
    g = korrag_game()
    boar, wolf = uid(g, "wild_boar"), uid(g, "wild_wolf")
    golem, merc = uid(g, "n_golem"), uid(g, "n_mercenary")
    dread = g.pool_defs["umb_dread"].effect
    heal = g.pool_defs["n_bandage"].effect
    smite = g.pool_defs["n_smite"].effect
    trample = g.pool_defs["wild_stampede"].effect
    assert g.has_no_effect(dread, golem) and not g.has_no_effect(dread, merc)
    assert g.has_no_effect(heal, boar) and not g.has_no_effect(heal, wolf)
    assert g.has_no_effect(smite, merc) and not g.has_no_effect(smite, wolf)
    assert g.has_no_effect(trample, boar) and not g.has_no_effect(trample, wolf)
    # other effects, and heroes, are never told to change nothing
    assert not g.has_no_effect(g.pool_defs["umb_bolt"].effect, golem)
    assert not g.has_no_effect(heal, g.hero_uid(0))


def test_changes_nothing_reads_the_action() -> None:
    """The actions: a prayer cast on such a target, not one on a target where it works, nor a
    unit cast (its `args[1]` is a position), nor an action of another kind."""
    g = korrag_game()
    boar, wolf = uid(g, "wild_boar"), uid(g, "wild_wolf")
    bandage, stampede = uid(g, "n_bandage"), uid(g, "wild_stampede")
    legal = g.legal_actions()
    # (a heal where there is no damage is not even offered, docs/rulings.md; a keyword is)
    assert Action("cast", (bandage, boar)) not in legal and Action("cast", (stampede, boar)) in legal
    assert g.changes_nothing(Action("cast", (bandage, boar)))
    assert g.changes_nothing(Action("cast", (stampede, boar)))
    assert not g.changes_nothing(Action("cast", (bandage, wolf)))
    assert not g.changes_nothing(Action("cast", (stampede, wolf)))
    assert not g.changes_nothing(Action("done"))
    assert not any(g.changes_nothing(a) for a in legal if a.kind in ("support", "life", "hero"))


def test_an_ability_aimed_where_it_changes_nothing() -> None:
    """A Field Medic's ability (1 energy: remove all damage from an own unit) on an unhurt unit
    changes nothing; on the hurt one it heals."""
    g = make(
        P(
            "hero_aurelia",
            energy=3,
            units=[
                {"card": "legion_medic", "position": "defense"},
                {"card": "legion_knight", "position": "attack", "damage": 2},
            ],
        ),
        P("hero_nyx"),
        phase="recruit1",
    )
    medic, knight = uid(g, "legion_medic"), uid(g, "legion_knight")
    legal = g.legal_actions()
    # (the heal that changes nothing is not offered, docs/rulings.md)
    assert Action("ability", (medic, medic)) not in legal and Action("ability", (medic, knight)) in legal
    assert g.changes_nothing(Action("ability", (medic, medic)))
    assert not g.changes_nothing(Action("ability", (medic, knight)))
    kept = {a.args[1] for a in candidates(g, legal) if a.kind == "ability" and a.args[0] == medic}
    assert kept == {knight}


def test_the_searching_levels_leave_out_a_heal_or_a_keyword_that_changes_nothing() -> None:
    """greedy/lookahead/search used to weigh Bandage on the unhurt Boar and Stampede (Trample)
    on the Boar, which has Trample: cards spent for nothing; now only the useful targets stay."""
    g = korrag_game()
    boar, wolf = uid(g, "wild_boar"), uid(g, "wild_wolf")
    bandage, stampede = uid(g, "n_bandage"), uid(g, "wild_stampede")
    kept = candidates(g, g.legal_actions())
    assert Action("cast", (bandage, boar)) not in kept and Action("cast", (stampede, boar)) not in kept
    assert Action("cast", (bandage, wolf)) in kept and Action("cast", (stampede, wolf)) in kept


def test_both_ais_ask_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scripted player's targets and the searching levels' candidates both come from the
    engine's predicate: where the engine says the Dread on the Mercenary changes nothing, neither
    AI aims it there (no copy of the rule of their own)."""
    g = korrag_game()
    merc = uid(g, "n_mercenary")
    real = ScarsGame.has_no_effect

    def says(self: ScarsGame, spec: dict, target: int) -> bool:
        return target == merc or real(self, spec, target)

    monkeypatch.setattr(ScarsGame, "has_no_effect", says)
    dread = g.pool_defs["umb_dread"].effect
    ai = ScriptedAgent(0)
    ai.me = 0
    assert ai._best_target(g, dread, [merc]) is None
    smite = uid(g, "n_smite")
    assert Action("cast", (smite, merc)) not in g.legal_actions()  # (attack 3: Smite's limit)
    wolf, stampede = uid(g, "wild_wolf"), uid(g, "wild_stampede")
    real_says = says

    def says_wolf(self: ScarsGame, spec: dict, target: int) -> bool:
        return target == wolf or real_says(self, spec, target)

    monkeypatch.setattr(ScarsGame, "has_no_effect", says_wolf)
    legal = g.legal_actions()
    assert Action("cast", (stampede, wolf)) in legal
    assert Action("cast", (stampede, wolf)) not in candidates(g, legal)
