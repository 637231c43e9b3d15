"""Rule tests written in the BHM mutation audit: each kills a mutant of the rule it cites that
survived the other tests (see the audit report on branch bh-audit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bhm.cards import load_card_file
from bhm.effects import EFFECTS, Ctx
from bhm.game import BhmGame
from common.errors import DataError
from common.game import Action

from .helpers import find, game_from, kinds, position, uid

ASHEN = next(iter(BhmGame.preset_decks().values()))


def _deck(**changes: int) -> dict[str, object]:
    cards = dict(ASHEN["cards"])
    cards.update(changes)
    return {"name": "x", "header": {}, "cards": cards}


def test_bh01_ten_invocations_are_allowed_eleven_are_not() -> None:
    """BH-01: an invocation zone holds up to 10 invocation cards: 10 is legal, 11 is refused."""
    assert (
        sum(
            n
            for c, n in ASHEN["cards"].items()
            if c in ("salamander", "thunderbird", "ifrit", "sylph", "shade")
        )
        == 9
    )
    BhmGame.check_deck(_deck(undine=1))  # 10 invocations
    with pytest.raises(DataError, match="11 invocations"):
        BhmGame.check_deck(_deck(undine=2))


def test_bh02_set_aside_cards_are_shuffled_back_not_put_on_top() -> None:
    """BH-02: the set-aside cards are shuffled back into the deck, not left on its top (where
    the next draws would bring them straight back)."""
    on_top = 0
    for seed in range(1, 6):
        g = BhmGame.new_game(seed=seed)
        hand = list(g.zones["hand:0"].cards)
        g.apply(Action("aside", (hand[0],)))
        g.apply(Action("aside", (hand[1],)))
        g.apply("keep")
        top = set(g.zones["deck:0"].cards[-2:])
        on_top += top == {hand[0], hand[1]}
    assert on_top == 0


def test_bh07_armageddon_threshold_option_is_5_to_30() -> None:
    """BH-07: the Armageddon threshold is a game option from 5 to 30 (or off)."""
    for ok in (5, 30):
        assert BhmGame.new_game(seed=1, options={"armageddon": ok}).armageddon == ok
    for bad in (4, 31):
        with pytest.raises(DataError, match="5 to 30"):
            BhmGame.new_game(seed=1, options={"armageddon": bad})


def test_bh24_no_optional_draw_offered_from_an_empty_deck() -> None:
    """BH-24 (docs/rulings.md): the optional draw is not offered when the deck is empty; the
    turn simply goes on to the opponent."""
    g = position(
        dict(hand=["spark_imp"], deck=[]), dict(deck=["war_cry", "war_cry"]), active=1, phase="strategy2"
    )
    assert len(g.zones["deck:0"]) == 0
    g.apply("next")
    assert not g.is_over()
    assert g.active == 1 and g.decision().kind != "draw"  # type: ignore[union-attr]


def test_bh92_a_petrified_being_cannot_use_its_ability() -> None:
    """BH-92: a petrified being stays on the field "with no function" (and has lost its
    abilities, BH-33): its ability is not offered, while an unpetrified one's is."""
    body = """
        [state]
        active = 1
        [[player]]
        cll = 10
        [[player.being]]
        card = "flame_adept"
        petrified = {petrified}
        [[player]]
        [[player.being]]
        card = "stone_golem"
        """
    assert "ability" in kinds(game_from(body.replace("{petrified}", "false")))
    g = game_from(body.replace("{petrified}", "true"))
    assert "ability" not in kinds(g)
    assert g.can_use_ability(find(g, "flame_adept")) is not None


def test_bh37_a_returned_invocation_that_flees_again_goes_to_the_invocation_zone() -> None:
    """BH-37 (docs/rulings.md): a returned being that flees again goes back to its owner's deck;
    an invocation goes to its invocation zone instead (face down), never into the deck."""
    g = position(
        dict(cll=5, hand=["terrify"], being=["storm_roc"]),
        dict(deck=["spark_imp", "spark_imp"], being=[dict(card="salamander", returned=True)]),
        active=1,
        armageddon="off",
    )
    sal = find(g, "salamander")
    g.apply(Action("power", (uid(g, "terrify"), uid(g, "storm_roc"))))
    g.apply(Action("target", (sal.uid,)))
    assert sal.zone == "invocations:1" and g.cll[1] == 1
    assert len(g.zones["deck:1"]) == 2


def test_bh67_a_cancelled_action_cannot_be_answered_again() -> None:
    """BH-67 (docs/rulings.md): once a reaction has cancelled an action, that doomed entry cannot be
    answered any more: its window passes without asking the player who still holds a reaction."""
    g = position(
        dict(cll=5, hand=["war_cry"], being=["storm_roc"]),
        dict(cll=5, hand=["mirror_edict", "mirror_edict"], being=["stone_golem"]),
        active=1,
    )
    g.apply(Action("strategy", (uid(g, "war_cry"),)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    g.apply(Action("react", (uid(g, "mirror_edict", zone="hand"),)))
    d = g.decision()  # P1 holds nothing: P2 may still add a reaction to War Cry, not yet cancelled
    assert d is not None and d.kind == "respond" and d.player == 1
    g.apply("pass")  # Mirror Edict resolves and cancels War Cry: no window on the doomed War Cry
    d = g.decision()
    assert d is not None and d.kind == "turn" and len(g.stack) == 0
    assert find(g, "mirror_edict", zone="hand").zone == "hand:1"
    assert find(g, "war_cry").zone == "dead:0"


def test_bh73_an_invocation_needs_points_at_least_its_rank() -> None:
    """BH-73: invocation points are spent on invocations whose rank ≤ the points: one point short
    is not enough."""
    body = """
        [state]
        active = 1
        [[player]]
        invocations = ["salamander"]
        [[player.being]]
        card = "mist_seer"
        inv_points = {points}
        [[player]]
        [[player.being]]
        card = "stone_golem"
        """
    g = game_from(body.replace("{points}", "1"))  # Salamander is rank 2
    assert "invoke" not in kinds(g)
    g = game_from(body.replace("{points}", "2"))
    assert Action("invoke", (uid(g, "salamander"), uid(g, "mist_seer"))) in g.legal_actions()


def test_bh99_your_own_cards_may_target_your_invisible_being() -> None:
    """BH-99 (docs/rulings.md): Invisible only stops enemy targeting: Second Wind may heal your own
    Invisible Veil Assassin."""
    g = position(
        dict(cll=3, hand=["second_wind"], being=[dict(card="veil_assassin", wounds=200)]),
        dict(being=["stone_golem"]),
        active=1,
    )
    va = find(g, "veil_assassin")
    salud = g.cur(va, "salud")
    g.apply(Action("strategy", (uid(g, "second_wind"),)))
    if g.decision().kind == "target":  # type: ignore[union-attr]
        g.apply(Action("target", (va.uid,)))
    assert g.cur(va, "salud") == salud + 200


def test_bh67_sidestep_cancels_a_power_attack_too() -> None:
    """BH-67: Sidestep cancels "an attack declared against one of your beings": a power attack is
    one (BH-31), so it may answer it, and the target loses nothing."""
    g = position(
        dict(cll=5, being=[dict(card="flame_adept", executed_power=True)]),
        dict(cll=5, hand=["sidestep"], being=["stone_golem"]),
        active=1,
        phase="combat",
    )
    golem = find(g, "stone_golem")
    salud = g.cur(golem, "salud")
    g.apply(Action("pattack", (uid(g, "flame_adept"), golem.uid)))
    g.apply(Action("invest", ("all",)))
    d = g.decision()
    assert d is not None and d.kind == "respond" and d.player == 1
    g.apply(Action("react", (uid(g, "sidestep"),)))
    assert len(g.stack) == 0 and g.cur(golem, "salud") == salud
    assert find(g, "sidestep").zone == "dead:1"


def test_bh50_an_indestructible_enemy_territory_is_not_a_choice() -> None:
    """BH-50/BH-94: playing a territory destroys an enemy territory of your choice when they hold
    two, unless it is Indestructible: with one of the two Indestructible there is no choice, the
    other one is destroyed."""
    g = position(
        dict(cll=5, hand=["volcanic_caldera"]),
        dict(territories=["citadel_of_ages", "sunken_temple"]),
        active=1,
    )
    g.apply(Action("territory", (uid(g, "volcanic_caldera"),)))
    assert g.decision().kind == "turn"  # type: ignore[union-attr]
    assert find(g, "sunken_temple").zone == "dead:1"
    assert find(g, "citadel_of_ages").zone == "territories:1" and g.cll[1] == 1


def test_bh37_a_fled_beings_zone_and_attachments_stay_reserved() -> None:
    """BH-37 (docs/rulings.md): while a being is in the deserters zone its being zone stays
    reserved and its attachments stay there: a new being does not take such a zone (even an empty
    one) and the object left there cannot be attached to another being."""
    g = position(
        dict(
            cll=5,
            hand=["ember_squire"],
            being=[
                dict(card="stone_golem", fled=True, attached=["iron_sword"]),
                dict(card="war_herald", fled=True),
                "storm_roc",
            ],
        ),
        dict(being=["tide_sentinel"]),
        active=1,
    )
    golem, sword = find(g, "stone_golem"), find(g, "iron_sword")
    assert golem.zone == "deserters:0" and sword.zone == "slot:0:0"
    assert "equip" not in kinds(g)
    assert find(g, "war_herald").zone == "deserters:0" and len(g.zones["slot:0:1"]) == 0
    assert g.free_slot(0) == "slot:0:3"
    g.apply(Action("call", (uid(g, "ember_squire"),)))
    assert find(g, "ember_squire").zone == "slot:0:3" and sword.zone == "slot:0:0"


def test_bh94_a_lone_indestructible_object_needs_room_in_its_new_bearers_object_ranks() -> None:
    """BH-94/BH-60: an Indestructible object left alone in a being zone may be attached again, but
    only to a being whose rank leaves room for it: Adamant Aegis (rank 4) not on Mist Seer (3)."""
    g = position(
        dict(cll=5, being=[dict(card="storm_roc", attached=["adamant_aegis"]), "mist_seer", "stone_golem"]),
        dict(being=["tide_sentinel"]),
        active=1,
    )
    aegis = find(g, "adamant_aegis")
    g.card(uid(g, "storm_roc")).wounds = 900
    g.state_checks()
    assert aegis.zone == "slot:0:0" and find(g, "storm_roc").zone == "dead:0"
    equips = {a.args for a in g.legal_actions() if a.kind == "equip"}
    assert equips == {(aegis.uid, uid(g, "stone_golem"))}


def test_bh102_riposte_does_not_hurt_an_attacker_immune_to_its_rank() -> None:
    """BH-102: Immune X: unaffected by enemy abilities from cards of rank ≤ X: a Riposte (rank 2)
    against Abyssal Leviathan (Immune 4) takes none of its Salud. It is not even offered (BH-67
    ruling: an offer that could do nothing is a trap), and its effect run anyway does nothing."""
    g = position(
        dict(cll=5, being=["abyssal_leviathan"]),
        dict(cll=5, hand=["riposte"], being=["stone_golem"]),
        active=1,
        phase="combat",
    )
    lev = find(g, "abyssal_leviathan")
    salud = g.cur(lev, "salud")
    pa = ("attack", lev.uid, uid(g, "stone_golem"))
    assert g.reactions_for(1, pa) == []
    EFFECTS["riposte"].run(g, Ctx(1, uid(g, "riposte"), pending=pa))
    assert g.cur(lev, "salud") == salud
    assert "Riposte has no effect: Abyssal Leviathan is Immune to it" in [e.text for e in g.log]


def test_bh101_an_eternal_being_cannot_be_petrified() -> None:
    """BH-101 (docs/rulings.md BH-33/BH-101): Eternal beings cannot be petrified: Gorgon Gaze leaves
    Vaelor as it was and its controller's C.LL unchanged."""
    g = position(dict(cll=12, hand=["gorgon_gaze"], being=["kalzar"]), dict(being=["vaelor"]), active=1)
    v = find(g, "vaelor")
    g.apply(Action("power", (uid(g, "gorgon_gaze"), uid(g, "kalzar"))))
    if g.decision().kind == "target":  # type: ignore[union-attr]
        g.apply(Action("target", (v.uid,)))
    assert not v.petrified and g.cll[1] == 0 and g.balance_count(1) == 1


def test_bh73_a_petrified_invoker_gains_no_invocation_points() -> None:
    """BH-73/BH-92: a petrified INVOKER has no function: another being's power card gives it no
    invocation points, and it cannot invoke."""
    g = position(
        dict(
            cll=5,
            hand=["inner_fire"],
            invocations=["salamander"],
            being=[dict(card="mist_seer", petrified=True), "storm_roc"],
        ),
        dict(being=["tide_sentinel"]),
        active=1,
    )
    g.apply(Action("power", (uid(g, "inner_fire"), uid(g, "storm_roc"))))
    assert find(g, "mist_seer").inv_points == 0
    assert "invoke" not in kinds(g)


def test_bh33_a_card_printed_with_pod_0_is_refused(tmp_path: Path) -> None:
    """BH-33: a being with POD (or Salud) at 0 is killed at once, so a card file may not print
    POD 0 (it must leave the attribute out); POD 100 loads."""
    text = '[[card]]\nid = "t"\nname = "T"\ntype = "being"\nrank = 1\npod = {pod}\nsalud = 100\n'
    ok = tmp_path / "ok.toml"
    ok.write_text(text.replace("{pod}", "100"), encoding="utf-8")
    assert load_card_file(ok)["t"].pod == 100
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("{pod}", "0"), encoding="utf-8")
    with pytest.raises(DataError, match="would kill it") as info:
        load_card_file(bad)
    assert info.value.field == "pod"


def test_bh50_a_scenario_cannot_give_a_player_three_territories() -> None:
    """BH-50: each player holds up to 2 territories, in a scenario position too."""
    body = """
        [[player]]
        territories = [{t}]
        [[player]]
        """
    assert len(game_from(body.replace("{t}", '"sunken_temple", "storm_spire"')).zones["territories:0"]) == 2
    with pytest.raises(DataError, match="at most 2 territories"):
        game_from(body.replace("{t}", '"sunken_temple", "storm_spire", "ancient_forest"'))
