"""Player-facing words: refusals name the exact reason, actions and events name the cards."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action

from .helpers import at, hand, make, u


def reason(g, text: str) -> str:  # type: ignore[no-untyped-def]
    before = g.state_hash()
    with pytest.raises(IllegalAction) as exc:
        g.apply(text)
    assert g.state_hash() == before
    return exc.value.reason


@pytest.fixture
def g():  # type: ignore[no-untyped-def]
    return make(
        [
            u("hoplite", "2,1"),
            u("enyo_banner", "1,1"),
            u("legionary", "2,5", 2),
            u("shade_of_set", "3,4", 2),
            u("einherjar", "1,7", 2),
            u("cretan_archer", "0,0"),
            u("sphinx", "4,4", 2),
        ],
        p1={"hand": ["cyclops", "thunder_of_olympus", "legionary", "judgement"], "mana": 3, "leader": "zeus"},
    )


def test_refusals_of_moves_and_attacks_say_why(g) -> None:  # type: ignore[no-untyped-def]
    hop, banner, leg = at(g, "2,1"), at(g, "1,1"), at(g, "2,5")
    shade, archer, stone = at(g, "3,4"), at(g, "0,0"), g.stones[1]
    assert reason(g, f"move {hop} 2,9") == "2,9 is off the battlefield (rows 0-4, columns 0-8)"
    assert reason(g, f"move {hop} 1,1") == "1,1 is occupied by Enyo's Banner"
    assert reason(g, f"move {hop} 4,4").startswith("4,4 is occupied")
    assert reason(g, f"move {hop} 0,4").startswith("Hoplite cannot reach 0,4 (movement 2")
    assert reason(g, f"move {banner} 1,2") == "Enyo's Banner cannot move (Structure)"
    assert reason(g, f"attack {hop} {leg}") == "Legionary is out of Hoplite's range (adjacent cells)"
    assert (
        reason(g, f"attack {archer} {leg}")
        == "Legionary is out of Cretan Archer's range (3 orthogonal steps)"
    )
    assert (
        reason(g, f"attack {hop} {stone}")
        == "P2's Summoning Stone is guarded by a unit with Guard next to it"
    )
    assert reason(g, f"attack {hop} {shade}") == "Shade of Set has Stealth: enemies cannot target it"
    assert reason(g, f"attack {hop} {banner}") == "Enyo's Banner is not an enemy"
    assert reason(g, f"attack {leg} {hop}") == "Legionary is not yours"
    assert reason(g, f"attack {g.stones[0]} {leg}") == "a Summoning Stone never moves or attacks"
    assert reason(g, f"attack {hop}") == "choose what Hoplite attacks"
    assert reason(g, "move") == "'move' needs a unit: move <unit uid> ..."


def test_refusals_of_cards_and_abilities_say_why(g) -> None:  # type: ignore[no-untyped-def]
    hop, shade, stone, sphinx = at(g, "2,1"), at(g, "3,4"), g.stones[1], at(g, "4,4")
    bolt_card = hand(g, 0, "thunder_of_olympus")
    assert reason(g, f"play {hand(g, 0, 'cyclops')} 2,2") == "not enough mana: Cyclops costs 6, you have 3"
    assert reason(g, f"play {hand(g, 0, 'legionary')} 4,0") == (
        "4,0 is not next to your Summoning Stone or one of your units"
    )
    assert reason(g, f"play {hand(g, 0, 'legionary')} 1,1") == "1,1 is not empty"
    assert reason(g, f"play {bolt_card}") == "choose a target for Thunder of Olympus"
    assert reason(g, f"play {bolt_card} {hop}") == "Thunder of Olympus needs an enemy; Hoplite is yours"
    assert reason(g, f"play {bolt_card} {shade}") == "Shade of Set has Stealth: enemies cannot target it"
    assert reason(g, f"play {bolt_card} {stone}").endswith("is guarded by a unit with Guard next to it")
    assert reason(g, f"play {bolt_card} {sphinx}") == "Sphinx is immune (spells)"
    assert reason(g, f"play {hand(g, 0, 'judgement')} {sphinx}") == (
        "Judgement of Osiris needs a unit with 3 or less health; Sphinx has 5"
    )
    assert reason(g, f"ability {hop}") == "Bolt needs an enemy; Hoplite is yours"
    assert reason(g, f"play {at(g, '2,5')} 2,2") == f"#{at(g, '2,5')} is not a card in your hand"
    assert reason(g, "end 3") == "'end' takes no arguments"
    assert reason(g, "pick 3") == "there is nothing to pick now: it is your turn"
    g.apply(Action("ability", (at(g, "2,5"),)))
    assert reason(g, "ability") == "your Leader Ability is exhausted until your next turn"


def test_refusals_while_a_target_or_a_pick_is_pending() -> None:
    g = make([u("legionary", "2,3", 2), u("hoplite", "2,1")], p1={"hand": ["vulcan", "oracle"], "mana": 9})
    g.apply(Action("play", (hand(g, 0, "vulcan"), "1,1")))
    assert g.decision().kind == "target"  # type: ignore[union-attr]
    assert reason(g, "end") == "first answer: Choose a target for Vulcan"
    assert reason(g, f"target {at(g, '2,1')}") == "Vulcan needs an enemy; Hoplite is yours"
    assert reason(g, f"target {g.stones[1]}") == "Vulcan needs a unit, not a Summoning Stone"
    g.apply(Action("target", (at(g, "2,3"),)))
    g.apply(Action("play", (hand(g, 0, "oracle"), "3,1")))
    assert reason(g, "pick 999").startswith("pick one of the revealed cards: ")


def test_describe_action_and_events_name_the_cards() -> None:
    g = make([u("fenrir", "2,7"), u("legionary", "2,5", 2)], p1={"hand": ["thunder_of_olympus"], "mana": 5})
    fen, leg, stone = at(g, "2,7"), at(g, "2,5"), g.stones[1]
    spell = hand(g, 0, "thunder_of_olympus")
    assert g.describe_action(Action("attack", (fen, stone))) == "Fenrir attacks P2's Summoning Stone"
    assert g.describe_action(Action("play", (spell, leg))) == "Cast Thunder of Olympus (3 mana) on Legionary"
    assert g.describe_action(Action("move", (fen, "1,7"))) == "Move Fenrir to 1,7"
    assert g.describe_action(Action("end")) == "End the turn"
    ev = g.apply(Action("attack", (fen, stone)))
    assert [e.text for e in ev] == [
        "Fenrir attacks P2's Summoning Stone",
        "Fenrir deals 5 damage to P2's Summoning Stone (20 left)",
    ]
    ev = g.apply(Action("play", (spell, leg)))
    assert [e.text for e in ev] == [
        "P1 casts Thunder of Olympus (3 mana) on Legionary",
        "Thunder of Olympus deals 3 damage to Legionary (0 left)",
        "Legionary dies",
    ]


def test_same_named_units_are_told_apart_by_their_cell() -> None:
    g = make([u("hoplite", "2,3"), u("legionary", "2,4", 2), u("legionary", "1,4", 2)])
    hop = at(g, "2,3")
    assert g.describe_action(Action("attack", (hop, at(g, "1,4")))) == "Hoplite attacks Legionary at 1,4"
    assert g.describe_action(Action("move", (hop, "3,3"))) == "Move Hoplite to 3,3"


def test_status_words_protect_until_whose_turn_and_fizzles() -> None:
    g = make([u("hoplite", "2,1")], p1={"hand": ["magic_shell", "oracle", "vulcan"], "mana": 10})
    ev = g.apply(Action("play", (hand(g, 0, "magic_shell"), at(g, "2,1"))))
    assert "Hoplite gets Protect 2 until P1's next turn" in [e.text for e in ev]
    ev = g.apply(Action("play", (hand(g, 0, "vulcan"), "1,1")))  # no enemy unit to hit
    assert "Vulcan's Warcry has no valid target: nothing happens" in [e.text for e in ev]
    g.apply(Action("play", (hand(g, 0, "oracle"), "3,1")))
    assert g.decision().prompt == "Oracle of Delphi: choose one of the revealed cards"  # type: ignore[union-attr]


def test_a_card_or_ability_without_any_valid_target_says_so() -> None:
    g = make([u("hoplite", "2,1")], p1={"hand": ["thunder_of_olympus", "judgement"], "mana": 9})
    g.apply(Action("ability", (g.stones[1],)))  # Bolt on the stone: no enemy unit anywhere
    assert reason(g, f"play {hand(g, 0, 'judgement')}") == "Judgement of Osiris has no valid target now"
    assert reason(g, f"play {hand(g, 0, 'judgement')} {at(g, '2,1')}") == (
        "Judgement of Osiris has no valid target now"
    )
    assert reason(g, f"play {hand(g, 0, 'thunder_of_olympus')}") == "choose a target for Thunder of Olympus"
