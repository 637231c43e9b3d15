"""Boundary cases and conflicts found in the rules audit: each test fails on the engine before
its fix (or on a mutation of the rule it cites)."""

from __future__ import annotations

import dataclasses

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, game_from, kinds, position, uid


def test_bh30_strength_equal_to_res_only_empties_res() -> None:
    """BH-30: "if FUE exceeds RES" — FUE equal to RES takes RES to 0 and nothing from Salud."""
    g = position(
        dict(being=["tide_sentinel"]),
        dict(being=[dict(card="stone_golem", res_lost=400)]),
        active=1,
        phase="combat",
    )
    golem = find(g, "stone_golem")
    assert g.cur(golem, "res") == 200
    events = g.apply(Action("attack", (uid(g, "tide_sentinel"), golem.uid)))  # FUE 200 vs RES 200
    assert g.cur(golem, "res") == 0 and g.cur(golem, "salud") == 700
    hits = [e.text for e in events if e.kind == "hit"]
    assert hits == ["Tide Sentinel's attack on Stone Golem: RES 200 → 0 (RES only)"]
    assert not any("Salud" in e.text for e in events)


def test_bh24_no_optional_draw_with_exactly_seven_cards() -> None:
    """BH-24: 7 cards in hand already forbid the optional draw (and nothing is discarded)."""
    hand = ", ".join(['"spark_imp"'] * 7)
    g = game_from(
        f"""
        [state]
        active = 1
        phase = "strategy2"
        [[player]]
        hand = [{hand}]
        deck = ["war_cry", "war_cry"]
        [[player]]
        deck = ["war_cry", "war_cry"]
        """
    )
    g.apply("next")
    assert g.active == 1 and len(g.zones["hand:0"]) == 7 and len(g.zones["deck:0"]) == 2
    g2 = game_from(
        f"""
        [state]
        active = 1
        phase = "strategy2"
        [[player]]
        hand = [{hand.replace('"spark_imp", ', "", 1)}]
        deck = ["war_cry", "war_cry"]
        [[player]]
        deck = ["war_cry", "war_cry"]
        """
    )
    g2.apply("next")
    assert g2.decision().kind == "draw"  # type: ignore[union-attr]  # 6 cards: the draw is offered


def test_bh71_territory_auras_and_grants_skip_celestial_entities() -> None:
    """BH-71: "Your beings have RES +100" (Citadel of Ages) and a territory's Power Bond grant name
    beings: a celestial entity gets neither, with or without an effect on the same attribute; beings
    get both. Storm Spire grants only LIGHTNING beings and The Pale Watcher has no element, so this
    test's Storm Spire is made elementless: only BH-71 then keeps Power Bond from the entity."""
    g = position(
        dict(
            territories=["citadel_of_ages", "storm_spire"],
            being=["pale_watcher", "tide_sentinel", "thunder_lancer"],
        ),
        dict(),
        active=1,
    )
    spire, citadel = find(g, "storm_spire"), find(g, "citadel_of_ages")
    spire.defn = dataclasses.replace(spire.d, element="")  # grants every being of its side
    watcher, sentinel, lancer = find(g, "pale_watcher"), find(g, "tide_sentinel"), find(g, "thunder_lancer")
    assert watcher.d.element == "" and not watcher.d.is_being
    assert "Power Bond" not in watcher.d.keywords + sentinel.d.keywords + lancer.d.keywords  # none printed
    # the aura: the plain sum (`_flat_bonuses`) ...
    assert g.cur(watcher, "res") == 300  # printed RES, no aura
    assert g.cur(sentinel, "res") == 400  # 300 + 100
    watcher_view = g.view(0)["players"][0]["zones"][0]["being"]
    assert watcher_view["stats"]["res"]["max"] == 300
    # ... and with an effect on RES too (`max_stat` weighs the statics with the modifiers, BH-66)
    g.add_modifier(watcher, "res", 50, "add", citadel.uid)
    g.add_modifier(sentinel, "res", 50, "add", citadel.uid)
    assert g.cur(watcher, "res") == 350  # 300 + 50, still no aura
    assert g.cur(sentinel, "res") == 450  # 300 + 100 + 50
    # the grant
    assert g.has(sentinel, "Power Bond") and g.has(lancer, "Power Bond")
    assert not g.has(watcher, "Power Bond")
    assert "Power Bond" not in g.keywords(watcher)
    assert not g.can_power_attack(watcher)


def test_bh37_until_your_next_turn_effects_end_on_a_fled_being_too() -> None:
    """BH-37 with Vanish: "Invisible until your next turn" ends at that turn's start even if the being
    fled meanwhile; it comes back from the deserters zone visible."""
    g = position(
        dict(cll=5, hand=["vanish"], deck=["spark_imp", "spark_imp", "spark_imp"], being=["ember_squire"]),
        dict(cll=5, hand=["war_cry"], deck=["spark_imp", "spark_imp", "spark_imp"]),
        active=1,
        armageddon="off",
    )
    squire = find(g, "ember_squire")
    g.apply(Action("strategy", (uid(g, "vanish"),)))
    g.apply(Action("target", (squire.uid,)))
    assert g.has(squire, "Invisible")
    end_turn(g)
    g.apply(Action("strategy", (uid(g, "war_cry"),)))  # mass effect: VAL 200 - 200, it flees
    assert squire.zone == "deserters:0"
    end_turn(g)
    assert g.active == 0 and g.on_field(squire)
    assert not g.has(squire, "Invisible") and g.balance_count(0) == 1
    assert not squire.modifiers


def test_bh66_a_lower_ranked_change_does_not_undo_a_higher_ranked_set() -> None:
    """BH-66: Equalize (rank 4) sets an enemy's FUE to 100 until its caster's next turn; the victim's
    Battle Trance (rank 2, FUE +300) contradicts it and loses — the attack hits with FUE 100."""
    g = position(
        dict(cll=4, hand=["equalize"], deck=["spark_imp", "spark_imp", "spark_imp"], being=["tide_sentinel"]),
        dict(
            cll=4,
            hand=["battle_trance"],
            deck=["spark_imp", "spark_imp", "spark_imp"],
            being=["mountain_giant"],
        ),
        active=1,
        armageddon="off",
    )
    giant, sentinel = find(g, "mountain_giant"), find(g, "tide_sentinel")
    g.apply(Action("strategy", (uid(g, "equalize"),)))
    g.apply(Action("target", (giant.uid,)))
    end_turn(g)
    g.apply(Action("power", (uid(g, "battle_trance"), giant.uid)))
    assert g.cur(giant, "fue") == 100
    g.apply("next")
    g.apply(Action("attack", (giant.uid, sentinel.uid)))
    assert g.cur(sentinel, "res") == 200 and g.cur(sentinel, "salud") == 400


def test_bh66_a_higher_ranked_or_later_equal_change_applies_over_a_set() -> None:
    """BH-66: against a set, a change from a higher-ranked card still counts, and so does a later one of
    the same rank; an object of lower rank is overridden by the set."""
    g = position(
        dict(
            cll=9,
            hand=["equalize"],
            dead=["titan_form", "battle_trance"],
            being=[dict(card="magma_drake", attached=["runed_greatsword"])],
        ),
        dict(),
        active=1,
    )
    drake = find(g, "magma_drake")
    assert g.cur(drake, "fue") == 900  # 600 + sword 300
    g.apply(Action("strategy", (uid(g, "equalize"),)))  # rank 4 > sword rank 3
    g.apply(Action("target", (drake.uid,)))
    assert g.cur(drake, "fue") == 100
    titan, trance = find(g, "titan_form", owner=0), find(g, "battle_trance", owner=0)
    g.add_modifier(drake, "fue", 200, "add", titan.uid)  # rank 6 > 4: counts
    assert g.cur(drake, "fue") == 300
    g.add_modifier(drake, "fue", 300, "add", trance.uid)  # rank 2 < 4: overridden
    assert g.cur(drake, "fue") == 300
    eq = find(g, "equalize")
    g.add_modifier(drake, "fue", 50, "add", eq.uid)  # same rank, later: counts
    assert g.cur(drake, "fue") == 350


def test_bh67_a_reaction_takes_precedence_whatever_the_ranks() -> None:
    """BH-67 over BH-66: a reaction "has preference" over the action it answers, so Broken Seal
    (rank 4) cancels Oblivion (rank 9)."""
    g = position(
        dict(cll=9, hand=["oblivion"], being=["kalzar"]),
        dict(cll=4, hand=["broken_seal"], being=["mountain_giant"]),
        active=1,
    )
    giant = find(g, "mountain_giant")
    g.apply(Action("power", (uid(g, "oblivion"), uid(g, "kalzar"))))
    g.apply(Action("target", (giant.uid,)))
    g.apply(Action("react", (uid(g, "broken_seal"),)))
    assert g.on_field(giant) and g.cll[1] == 4 and find(g, "oblivion").zone == "dead:0"


def test_refusals_name_the_card_and_the_reason() -> None:
    """Illegal equips, territories, reactions and discards are refused with a specific reason and no
    change (BH-50, BH-60, BH-67)."""
    g = position(
        dict(cll=5, hand=["fire_bolt", "iron_sword", "volcanic_caldera"], being=["flame_adept"]),
        dict(cll=1, hand=["war_cry", "broken_seal", "iron_will", "foresight"], being=["tide_sentinel"]),
        active=1,
    )
    fa, ts = uid(g, "flame_adept"), uid(g, "tide_sentinel")

    def refused(text: str, why: str) -> None:
        h = g.state_hash()
        with pytest.raises(IllegalAction, match=why):
            g.apply(text)
        assert g.state_hash() == h

    refused(f"equip {uid(g, 'iron_sword')} {ts}", "Tide Sentinel is not one of your beings on the field")
    refused(f"territory {uid(g, 'fire_bolt')}", "Fire Bolt is not a territory card in your hand")
    g.apply("next")
    refused(f"equip {uid(g, 'iron_sword')} {fa}", "objects are attached in the strategy phases")
    g.apply(Action("attack", (fa, ts)))
    assert g.decision().kind == "respond"  # type: ignore[union-attr]  # Foresight answers anything
    refused(f"react {uid(g, 'war_cry')}", r"War Cry is not a reaction card \(BH-67\)")
    refused(f"react {uid(g, 'broken_seal')}", r"Broken Seal is rank 4; your C\.LL is 1")
    g.cll[1] = 4
    refused(f"react {uid(g, 'broken_seal')}", "Broken Seal does not answer Flame Adept attacks Tide Sentinel")
    # the other player's hand is hidden: its card is not named (BH-01)
    refused(f"react {uid(g, 'fire_bolt')}", f"there is no card #{uid(g, 'fire_bolt')}")
    assert "react" in kinds(g)


def test_bh95_bh37_an_immortal_at_salud_0_still_flees_when_its_val_runs_out() -> None:
    """BH-95 keeps an Immortal alive at Salud 0, but BH-37 still applies: VAL 0 sends it to the deserters
    zone (C.LL +1). An Eternal being with VAL 0 stays (BH-101)."""
    g = position(
        dict(cll=5, hand=["terrify", "terrify"], being=["storm_roc", "mountain_giant"]),
        dict(being=[dict(card="bone_revenant", wounds=300), dict(card="vaelor", val_lost=500)]),
        active=1,
    )
    rev, vaelor = find(g, "bone_revenant"), find(g, "vaelor")
    assert g.on_field(rev) and g.cur(rev, "salud") == 0
    g.apply(Action("power", (uid(g, "terrify"), uid(g, "storm_roc"))))
    g.apply(Action("target", (rev.uid,)))  # VAL 300 - 300
    assert rev.zone == "deserters:1" and g.cll[1] == 1
    g.apply(Action("power", (uid(g, "terrify", zone="hand"), uid(g, "mountain_giant"))))
    g.apply(Action("target", (vaelor.uid,)))  # VAL 100 - 300 → 0: Eternal, it stays
    assert g.on_field(vaelor) and g.cur(vaelor, "val") == 0 and g.cll[1] == 1


def test_bh40_power_cost_is_paid_and_a_cost_equal_to_pod_is_allowed() -> None:
    """BH-40: executing a power consumes its POD cost from the executor until the end of the turn; only a
    cost *above* the being's POD is refused (equal is allowed — and POD 0 then kills it, BH-33)."""
    g = position(
        dict(
            cll=5,
            hand=["fire_bolt", "fire_bolt"],
            deck=["spark_imp", "spark_imp"],
            being=["flame_adept", dict(card="thunder_lancer", pod_spent=100)],
        ),
        dict(deck=["spark_imp", "spark_imp"], being=["mountain_giant"]),
        active=1,
        armageddon="off",
    )
    adept, lancer = find(g, "flame_adept"), find(g, "thunder_lancer")
    g.apply(Action("power", (uid(g, "fire_bolt"), adept.uid)))  # cost 100
    g.apply(Action("target", (uid(g, "mountain_giant"),)))
    assert g.cur(adept, "pod") == 300
    bolt = uid(g, "fire_bolt", zone="hand")
    assert g.cur(lancer, "pod") == 100 and Action("power", (bolt, lancer.uid)) in g.legal_actions()
    g.apply(Action("power", (bolt, lancer.uid)))
    g.apply(Action("target", (uid(g, "mountain_giant"),)))
    assert lancer.zone == "dead:0" and g.cll[0] == 7  # 5 + 2
    end_turn(g)
    assert g.cur(adept, "pod") == 400


def test_bh71_a_lost_celestial_entity_does_not_change_the_cll() -> None:
    """BH-71 (ruling): killing a celestial entity gives its controller no C.LL."""
    g = position(
        dict(being=["kalzar"]),
        dict(cll=3, being=[dict(card="pale_watcher", wounds=500)]),
        active=1,
        phase="combat",
    )
    watcher = find(g, "pale_watcher")
    g.apply(Action("attack", (uid(g, "kalzar"), watcher.uid)))
    assert watcher.zone == "dead:1" and g.cll[1] == 3


def test_bh82_rare_cards_two_copies() -> None:
    """BH-82: a RARE card (no special attribute) is limited to the normal 2 copies."""
    from bhm.game import BhmGame
    from common.errors import DataError

    base = dict(next(iter(BhmGame.preset_decks().values()))["cards"])
    base["magma_drake"] = 2
    BhmGame.check_deck({"name": "t", "header": {}, "cards": base})
    base["magma_drake"] = 3
    with pytest.raises(DataError, match="3 copies of a RARE card; at most 2"):
        BhmGame.check_deck({"name": "t", "header": {}, "cards": base})


def test_bh92_a_petrified_being_cannot_attack() -> None:
    """BH-92: a petrified being has no function: it declares no attack."""
    g = position(
        dict(being=[dict(card="storm_roc", petrified=True), "ember_squire"]),
        dict(being=["tide_sentinel"]),
        active=1,
        phase="combat",
    )
    roc = uid(g, "storm_roc")
    assert not any(a.args and a.args[0] == roc for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="Storm Roc is petrified"):
        g.apply(Action("attack", (roc, uid(g, "tide_sentinel"))))


def test_bh93_freeze_never_takes_on_a_fire_being_and_a_frozen_invoker_keeps_its_points_unused() -> None:
    """BH-93: a FIRE being is not frozen even when Freeze reaches it; an invoker frozen after gaining
    invocation points cannot invoke with them."""
    g = position(
        dict(cll=5, invocations=["salamander"], being=[dict(card="mist_seer", inv_points=5, frozen=True)]),
        dict(being=["ember_squire"]),
        active=1,
    )
    squire = find(g, "ember_squire")
    g.freeze(squire, "test")
    assert not squire.frozen
    seer = find(g, "mist_seer")
    assert seer.inv_points == 5 and "invoke" not in kinds(g)
    seer.frozen = False
    assert "invoke" in kinds(g)


def test_bh102_immune_does_not_stop_your_own_cards() -> None:
    """BH-102: Immune X protects only from *enemy* abilities: your own Second Wind (rank 3) heals your
    Immune 3 Treant."""
    g = position(dict(cll=5, hand=["second_wind"], being=[dict(card="treant", wounds=500)]), dict(), active=1)
    treant = find(g, "treant")
    g.apply(Action("strategy", (uid(g, "second_wind"),)))
    g.apply(Action("target", (treant.uid,)))
    assert treant.wounds == 100


def test_menu_and_log_words_say_what_happens_and_tell_same_named_beings_apart() -> None:
    """describe_action says what a card does and what an attack will do (BH-30); two beings of the same
    name are told apart by seat and zone, in menus and in the log."""
    g = position(
        dict(
            cll=9,
            hand=["fire_bolt", "arcane_channel", "volcanic_caldera"],
            being=["ember_squire", "ember_squire", "flame_adept"],
        ),
        dict(territories=["sunken_temple"], being=["ember_squire"]),
        active=1,
    )
    words = {g.describe_action(a) for a in g.legal_actions()}
    assert "Flame Adept executes Fire Bolt (consumes 100 POD) — an enemy being loses 300 Salud" in words
    assert "Flame Adept executes Arcane Channel — POD +200; stays equipped, channels rank 3" in words
    assert (
        "Play territory Volcanic Caldera — your FIRE beings have FUE +100; destroys an enemy territory"
        in words
    )
    g.apply("next")
    mine, theirs = uid(g, "ember_squire", owner=0), uid(g, "ember_squire", owner=1)
    assert (
        g.describe_action(Action("attack", (mine, theirs)))
        == "Ember Squire (P1 zone 1) attacks Ember Squire (P2 zone 1) (FUE 200 vs RES 100: 100 to Salud)"
    )
    texts = [e.text for e in g.apply(Action("attack", (mine, theirs)))]
    assert "Ember Squire (P1 zone 1) attacks Ember Squire (P2 zone 1) (FUE 200)" in texts
    assert (
        "Ember Squire (P1 zone 1)'s attack on Ember Squire (P2 zone 1): RES 100 → 0, 100 to Salud, 200 left"
        in texts
    )


def test_bh71_an_entity_executes_powers_and_carries_objects_but_own_being_effects_skip_it() -> None:
    """BH-71 (ruling): The Pale Watcher (rank 5) may execute Fire Bolt and carry an Iron Sword; your own
    Second Wind, which names beings, cannot target it."""
    g = position(
        dict(
            cll=5,
            hand=["fire_bolt", "iron_sword", "second_wind"],
            being=[dict(card="pale_watcher", wounds=300), dict(card="tide_sentinel", wounds=100)],
        ),
        dict(being=["ember_squire"]),
        active=1,
    )
    pw = uid(g, "pale_watcher")
    legal = g.legal_actions()
    assert Action("power", (uid(g, "fire_bolt"), pw)) in legal
    assert Action("equip", (uid(g, "iron_sword"), pw)) in legal
    assert g.targets_for(0, find(g, "second_wind")) == [uid(g, "tide_sentinel")]


def test_a_power_that_takes_all_a_beings_pod_says_it_dies_and_it_does() -> None:
    """BH-33 with BH-40: a being may execute a power that consumes exactly the POD it has left,
    and then it is killed at POD 0; the choice says so before it is made. With more POD left
    the words are the plain cost."""
    g = position(
        dict(cll=9, hand=["fire_bolt"], being=[dict(card="flame_adept", pod_spent=300)]),
        dict(being=["ember_squire"]),
        active=1,
    )
    adept = find(g, "flame_adept")
    power = next(a for a in g.legal_actions() if a.kind == "power")
    assert g.describe_action(power).startswith(
        "Flame Adept executes Fire Bolt (consumes 100 POD: all it has, it dies) — "
    )
    g.apply(power)
    while g.decision() is not None and adept.zone.startswith("being") and g.legal_actions():
        g.apply(g.legal_actions()[0])  # the target, the opponent's reaction window…
    assert not adept.zone.startswith("being")  # killed (BH-33)

    g = position(
        dict(cll=9, hand=["fire_bolt"], being=[dict(card="flame_adept", pod_spent=200)]),
        dict(being=["ember_squire"]),
        active=1,
    )
    power = next(a for a in g.legal_actions() if a.kind == "power")
    assert "(consumes 100 POD) — " in g.describe_action(power)
