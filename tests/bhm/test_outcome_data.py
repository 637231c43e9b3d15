"""Session 31: an attack's outcome as data (`BhmGame.outcome`, a `Hit`) — what its choice's words
and its log line are made of, and what the screens read instead of those words (BH-30, BH-31,
BH-32, BH-95, BH-97, BH-101)."""

from __future__ import annotations

import random

from bhm.game import BhmGame, Hit
from common.game import Action

from .helpers import find, position


def combat() -> BhmGame:
    """P1's Mountain Giant (FUE 700) and Pyre Warlock (POD 500) against P2's Bone Revenant
    (Immortal, RES 200, Salud 300), Ember Squire (RES 100, Salud 300), Thunder Knight (Magic
    Resistance, RES 400, Salud 700) and Kalzar (RES 500, Salud 1300)."""
    return position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["mountain_giant", "pyre_warlock"]),
        dict(
            cll=9, deck=["spark_imp"] * 3, being=["bone_revenant", "ember_squire", "thunder_knight", "kalzar"]
        ),
        active=1,
        phase="combat",
    )


def test_an_attacks_outcome_as_data() -> None:
    g = combat()
    giant, warlock = find(g, "mountain_giant").uid, find(g, "pyre_warlock").uid
    revenant, squire = find(g, "bone_revenant").uid, find(g, "ember_squire").uid
    knight, kalzar = find(g, "thunder_knight").uid, find(g, "kalzar").uid
    hit = g.outcome(Action("attack", (giant, revenant)))
    assert hit == Hit(700, True, 200, 300, "Immortal", False)
    assert (hit.to_salud, hit.kills, hit.survives, hit.no_effect, hit.res_only) == (
        500,
        False,
        "Immortal",
        False,
        False,
    )
    hit = g.outcome(Action("attack", (giant, squire)))
    assert hit is not None and hit.kills and hit.to_salud == 600 and hit.survives is None
    hit = g.outcome(Action("attack", (giant, kalzar)))
    assert hit is not None and not hit.kills and hit.to_salud == 200
    # a power attack: all the POD, to Salud (BH-31), RES first on Magic Resistance (BH-97)
    hit = g.outcome(Action("pattack", (warlock, squire)))
    assert hit is not None and (hit.res_first, hit.to_salud, hit.kills) == (False, 500, True)
    hit = g.outcome(Action("pattack", (warlock, knight)))
    assert hit is not None and (hit.res_first, hit.res, hit.to_salud, hit.kills) == (True, 400, 100, False)
    assert g.outcome(Action("next")) is None
    assert g.outcome(Action("invest", ("all",))) is None  # no power attack waits for one
    g.apply(Action("pattack", (warlock, revenant)))
    hit = g.outcome(Action("invest", ("300",)))
    assert hit is not None and (hit.to_salud, hit.survives) == (300, "Immortal")
    hit = g.outcome(Action("invest", ("100",)))
    assert hit is not None and (hit.to_salud, hit.survives) == (100, None)


def test_at_salud_0_an_immortal_takes_nothing() -> None:
    g = combat()
    giant, revenant = find(g, "mountain_giant").uid, find(g, "bone_revenant")
    revenant.wounds = 300
    hit = g.outcome(Action("attack", (giant, revenant.uid)))
    assert hit is not None and hit.no_effect and not hit.kills and hit.survives == "Immortal"


def test_the_words_are_the_datas() -> None:
    """Every attack's, power attack's and investment's words in random games are its data's: the
    choice's outcome (`attack_outcome`, `invest_outcome`) says a kill, RES only, no effect exactly
    when the data does."""
    seen = set()
    for seed in range(1, 9):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 1500:
            legal = g.legal_actions()
            for a in legal:
                hit = g.outcome(a)
                if hit is None:
                    continue
                said = g.attack_outcome(a) if a.kind != "invest" else g.invest_outcome(a)
                assert said.endswith(", kills it") == hit.kills, (a, said, hit)
                if a.kind == "attack":  # (a physical attack's words leave out the RES's numbers)
                    assert said.startswith("RES only") == (hit.res_only or (hit.no_effect and hit.res > 0)), (
                        a,
                        said,
                    )
                assert ("no effect" in said) == (hit.no_effect and not hit.res), (a, said, hit)
                seen.add((a.kind, hit.kills, hit.res_only, hit.no_effect))
            g.apply(legal[rng.randrange(len(legal))])
    assert {k for k, *_ in seen} == {"attack", "pattack", "invest"}


def test_a_hits_event_carries_its_facts_and_hit_words_says_all_of_it() -> None:
    """Session 32: `attack_hit` wrote its own tail of words (`, 1000 left`, `, 0 left (Immortal)`)
    after `_hit_words`'. Its event carries the `Hit` (the target's RES and Salud before it), and
    its line is that hit's words with what is left (`Hit.words(left=True)`): one place words hits
    (BH-30, BH-95)."""
    from common.game import Action

    for target, said in [
        ("kalzar", "RES 500 → 0, 200 to Salud, 1100 left"),
        ("bone_revenant", "RES 200 → 0, 500 to Salud, 0 left (Immortal)"),
        ("ember_squire", "RES 100 → 0, 600 to Salud, kills it"),
    ]:
        g = combat()
        giant, t = find(g, "mountain_giant").uid, find(g, target).uid
        expected = g.outcome(Action("attack", (giant, t)))
        mark = len(g.log)
        g.apply(Action("attack", (giant, t)))
        while g.decision() is not None and g.decision().kind == "respond":  # type: ignore[union-attr]
            g.apply(Action("pass"))
        hits = [e for e in g.log.events[mark:] if e.kind == "hit"]
        assert len(hits) == 1, hits
        hit = hits[0].data["hit"]
        assert hit == expected and hits[0].data["uid"] == t
        assert hits[0].text.endswith(f": {said}") and hit.words(left=True) == said, hits[0].text
    assert Hit(300, True, 400, 700, None, False).words(left=True) == "RES 400 → 100 (RES only)"


def test_an_investment_says_its_facts_as_data() -> None:
    """Session 32: the log's line of an investment is made of its event's data (`tui.log_words`:
    the being, the POD invested and what it keeps), not read back from the engine's words (BH-32)."""
    g = combat()
    warlock, kalzar = find(g, "pyre_warlock").uid, find(g, "kalzar").uid
    g.apply(Action("pattack", (warlock, kalzar)))
    mark = len(g.log)
    g.apply(Action("invest", (300,)))
    invest = next(e for e in g.log.events[mark:] if e.kind == "invest")
    assert invest.data == {"uid": warlock, "name": g.label(g.card(warlock)), "amount": 300, "pod": 200}


def test_a_card_set_aside_already_says_so() -> None:
    """Session 32: Enter on a card set aside in the mulligan read `'aside 24' is not legal now: P1:
    set aside cards to redraw (1 set aside), or keep` (a notation, a seat name); BH-02."""
    g = BhmGame.new_game(seed=3)
    c = next(x for x in g.legal_actions() if x.kind == "aside")
    g.apply(c)
    name = g.card(int(c.args[0])).name
    assert (
        g.explain_illegal(c)
        == f"{name} is set aside already: it goes back into the deck when you keep the hand"
    )
