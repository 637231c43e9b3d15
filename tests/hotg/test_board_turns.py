"""Board, set-up, mana, turns, playing cards, Leader Abilities and zones."""

from __future__ import annotations

import pytest

from common.errors import IllegalAction
from common.game import Action
from hotg.game import HotgGame, parse_cell

from .helpers import at, hand, make, u


def test_hg01_grid_5x9_and_stones_in_middle_row_of_end_columns() -> None:
    """HG-01: 5 rows × 9 columns; stones at 2,0 (first player) and 2,8 (second)."""
    g = HotgGame.new_game(seed=3)
    v = g.view(0)
    assert (v["rows"], v["cols"]) == (5, 9)
    assert len(v["board"]) == 5 and all(len(r) == 9 for r in v["board"])
    s0, s1 = g.card(g.stones[0]), g.card(g.stones[1])
    assert (s0.row, s0.col, s0.owner) == (2, 0, 0)
    assert (s1.row, s1.col, s1.owner) == (2, 8, 1)
    assert parse_cell("4,8") == (4, 8)
    assert parse_cell("5,0") is None and parse_cell("0,9") is None


def test_hg02_stone_25_health_no_attack_no_movement_and_destroying_it_wins() -> None:
    """HG-02: 25 health, never attack or movement, a unit for targeting; its destruction wins."""
    g = make([u("surtr", "2,1", 1), u("fenrir", "2,7", 1)], p2={"stone": 4})
    s0 = g.stones[0]
    assert g.card(s0).hp == 25 and g.max_health(s0) == 25
    # Surtr's aura (+1/+0 to adjacent allies) does not give the stone attack.
    assert g.attack_of(s0) == 0 and g.move_of(s0) == 0
    # ... not even when an effect tries: a +3 attack / +2 movement modifier changes nothing.
    g.core.give(s0, "attack", 3)  # (permanent modifiers of no source)
    g.core.give(s0, "move", 2)
    assert g.card(s0).stat("attack") == 3 and g.card(s0).stat("move") == 2  # (it has them)
    assert g.attack_of(s0) == 0 and g.move_of(s0) == 0
    assert not [a for a in g.legal_actions() if a.args and a.args[0] == s0]
    # The enemy stone is a unit for targeting: Fenrir can attack it.
    fenrir, s1 = at(g, "2,7"), g.stones[1]
    assert Action("attack", (fenrir, s1)) in g.legal_actions()
    g.apply(Action("attack", (fenrir, s1)))
    assert g.is_over() and g.winner() == 0
    assert g.decision() is None and g.legal_actions() == []


def _game_overs(g: HotgGame) -> list[str]:
    return [e.text for e in g.log if e.kind == "game_over"]


def test_hg02_game_over_emitted_once_when_fatigue_destroys_the_stone() -> None:
    """HG-02 / HG-04: a stone destroyed at the start of a turn (fatigue) ends the game
    with exactly one game_over event, in the log and in what apply() returns."""
    g = make([], p1={"deck": []}, p2={"deck": [], "stone": 1})
    events = g.apply("end")  # P2 draws from an empty deck: 1 damage to its 1-health stone
    assert g.is_over() and g.winner() == 0
    assert [e.text for e in events if e.kind == "game_over"] == _game_overs(g)
    assert len(_game_overs(g)) == 1


def test_hg02_game_over_emitted_once_when_an_attack_destroys_the_stone() -> None:
    """HG-02: the attack that destroys a stone ends the game with exactly one game_over."""
    g = make([u("fenrir", "2,7", 1)], p2={"stone": 4})
    g.apply(Action("attack", (at(g, "2,7"), g.stones[1])))
    assert g.is_over() and g.winner() == 0
    assert len(_game_overs(g)) == 1


def test_hg02_game_over_emitted_once_in_whole_games() -> None:
    """HG-02: short whole games between random agents log game_over exactly once."""
    from common.agents import make_agent
    from common.sim import play_game

    for seed in (1, 2, 3):
        g = HotgGame.new_game(seed=seed)
        agents = [make_agent(HotgGame, "random", seed=seed), make_agent(HotgGame, "random", seed=seed + 7)]
        result = play_game(g, agents)
        assert not result.capped and g.is_over()
        assert len(_game_overs(g)) == 1, _game_overs(g)


def test_hg03_presets_are_25_cards_at_most_2_copies_with_a_leader() -> None:
    """HG-03: every preconstructed deck is exactly 25 cards, ≤ 2 copies, led by a leader."""
    presets = HotgGame.preset_decks()
    assert len(presets) >= 3
    leaders = set()
    for deck in presets.values():
        assert sum(deck["cards"].values()) == 25
        assert max(deck["cards"].values()) <= 2
        leaders.add(deck["header"]["leader"])
    assert len(leaders) >= 3


def test_hg04_opening_hands_4_and_5() -> None:
    """HG-04: the first player draws 4, the second 5 (⚖ no draw on the game's first turn)."""
    g = HotgGame.new_game(seed=2)
    assert len(g.zones["hand:0"]) == 4 and len(g.zones["hand:1"]) == 5
    assert len(g.zones["deck:0"]) == 21 and len(g.zones["deck:1"]) == 20
    g.apply("end")
    assert len(g.zones["hand:1"]) == 6  # the second player draws at the start of its turn


def test_hg04_fatigue_grows_by_one_each_time() -> None:
    """HG-04 ⚖: drawing from an empty deck deals 1, then 2, then 3 to your own stone."""
    g = make([], p1={"deck": []}, p2={"deck": []})
    g.apply("end")  # P2 draws from an empty deck: 1
    assert g.card(g.stones[1]).hp == 24 and g.pl[1].fatigue == 1
    g.apply("end")  # P1: 1
    g.apply("end")  # P2: 2
    assert g.card(g.stones[1]).hp == 22 and g.card(g.stones[0]).hp == 24
    g.apply("end")
    g.apply("end")  # P2: 3
    assert g.card(g.stones[1]).hp == 19


def test_hg05_one_unit_per_cell_second_arrival_does_not_take_it() -> None:
    """HG-05: if two units would take one cell, the first to resolve takes it, the other
    does not die (a token leaves the game)."""
    g = make([])
    g.core.queue_spawn("scarab", 0, 1 * 9 + 4)  # (the core's cell numbers: row * 9 + column)
    g.core.queue_spawn("sapling", 0, 1 * 9 + 4)
    g.core.run()
    g.tell()
    occupant = g.card(at(g, "1,4"))
    assert occupant.defn.id == "scarab"
    removed = [g.card(x).defn.id for x in g.zones["removed"].cards]
    assert removed == ["sapling"]
    g.check_invariants()


def test_hg06_mana_refills_and_grows_to_10_first_turn_has_1() -> None:
    """HG-06: mana refills at the start of your turn, +1 maximum, capped at 10; first turn 1 mana."""
    g = HotgGame.new_game(seed=4)
    assert g.pl[0].mana == 1 and g.pl[0].max_mana == 1
    g.apply("end")
    assert g.pl[1].mana == 1
    g.apply("end")
    assert g.pl[0].max_mana == 2 and g.pl[0].mana == 2
    g2 = make([], p1={"max_mana": 10, "mana": 3}, p2={"max_mana": 9, "mana": 0})
    g2.apply("end")
    assert g2.pl[1].mana == 10
    g2.apply("end")
    assert g2.pl[0].max_mana == 10 and g2.pl[0].mana == 10


def test_hg07_cost_reductions_never_below_zero() -> None:
    """HG-07: two Skadi (Beasts cost 1 less each) make a 1-mana Grey Wolf cost 0, not -1."""
    g = make(
        [u("skadi", "1,1"), u("skadi", "3,1")], p1={"hand": ["grey_wolf", "fenrir", "hoplite"], "mana": 0}
    )
    wolf, fenrir, hoplite = hand(g, 0, "grey_wolf"), hand(g, 0, "fenrir"), hand(g, 0, "hoplite")
    assert g.cost(wolf, 0) == 0
    assert g.cost(fenrir, 0) == 3  # 5 - 2
    assert g.cost(hoplite, 0) == 2  # not a Beast
    assert any(a.kind == "play" and a.args[0] == wolf for a in g.legal_actions())
    g.apply(Action("play", (wolf, "2,1")))
    assert g.pl[0].mana == 0


def test_hg20_start_of_turn_exhaustion_mana_draw_then_effects() -> None:
    """HG-20: deploy exhaustion removed, mana restored, a card drawn, start-of-turn effects (Obelisk)."""
    g = make(
        [u("obelisk", "1,0"), u("hoplite", "2,1", exhausted=True)],
        p1={"stone": 20, "mana": 0, "max_mana": 3},
        active=2,
    )
    hand_before = len(g.zones["hand:0"])
    ev = g.apply("end")
    assert g.active == 0
    assert not g.card(at(g, "2,1")).exhausted
    assert g.pl[0].mana == 4
    assert len(g.zones["hand:0"]) == hand_before + 1
    assert g.card(g.stones[0]).hp == 22  # Obelisk of Ra
    kinds = [e.kind for e in ev]
    assert kinds.index("draw") < kinds.index("heal")


def test_hg21_end_of_turn_effects_end_and_exhaustion_is_removed() -> None:
    """HG-21: 'this turn' effects end; the ending player's units are ready again next turn."""
    g = make([u("hoplite", "2,1"), u("legionary", "2,4", 2)], p1={"hand": ["battle_fury"]})
    hop = at(g, "2,1")
    g.apply(Action("play", (hand(g, 0, "battle_fury"), hop)))
    assert g.attack_of(hop) == 3
    g.apply(Action("move", (hop, "2,3")))
    g.apply(Action("attack", (hop, at(g, "2,4"))))
    assert g.card(hop).moved and g.card(hop).attacked
    g.apply("end")
    assert g.attack_of(hop) == 2
    assert not g.card(hop).moved and not g.card(hop).attacked
    assert g.active == 1


def test_hg22_spell_pays_mana_waits_in_holding_then_graveyard(monkeypatch: pytest.MonkeyPatch) -> None:
    """HG-22: mana paid, the spell leaves the hand into holding while its effects resolve,
    then goes to the graveyard."""
    from hotg import core as C
    from hotg import core_fx as fx

    seen = []
    orig = fx.EFFECTS["damage"]

    def spy(core, ctx):  # type: ignore[no-untyped-def]
        seen.append({C.Z_HOLD: "holding"}.get(core.zone[ctx.source], core.zone[ctx.source]))
        orig(core, ctx)

    monkeypatch.setitem(fx.EFFECTS, "damage", spy)
    g = make([u("cyclops", "2,6", 2)], p1={"hand": ["thunder_of_olympus"], "mana": 5})
    spell = hand(g, 0, "thunder_of_olympus")
    g.apply(Action("play", (spell, at(g, "2,6"))))
    assert seen == ["holding"]
    assert g.card(spell).zone == "grave:0"
    assert g.pl[0].mana == 2
    assert g.card(at(g, "2,6")).hp == 4


def test_hg23_unit_is_deployed_exhausted_and_its_warcry_resolves() -> None:
    """HG-23: pay mana, deploy, deploy exhaustion, then its text (Vulcan's Warcry)."""
    g = make([u("legionary", "2,3", 2, health=2)], p1={"hand": ["vulcan"], "mana": 4})
    vulcan = hand(g, 0, "vulcan")
    g.apply(Action("play", (vulcan, "2,1")))
    assert g.pl[0].mana == 0
    assert g.card(vulcan).zone == "board" and g.card(vulcan).exhausted
    d = g.decision()
    assert d is not None and d.kind == "target"
    g.apply(Action("target", (at(g, "2,3"),)))
    assert g.card(vulcan).zone == "board"
    assert not any(a.kind in ("move", "attack") and a.args[0] == vulcan for a in g.legal_actions())


def test_hg24_deploy_only_next_to_own_stone_or_units() -> None:
    """HG-24 ⚖: deployment cells are empty cells adjacent (diagonals too) to your stone or units."""
    g = make([u("hoplite", "0,4"), u("legionary", "2,5", 2)], p1={"hand": ["legionary"], "mana": 3})
    card = hand(g, 0, "legionary")
    cells = {a.args[1] for a in g.legal_actions() if a.kind == "play"}
    expected = {"1,0", "3,0", "1,1", "2,1", "3,1", "0,3", "1,3", "1,4", "1,5", "0,5"}
    assert cells == expected
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("play", (card, "4,4")))
    assert exc.value.reason == "4,4 is not next to your Summoning Stone or one of your units"


def test_hg45_leader_ability_costs_2_once_per_turn_and_refreshes() -> None:
    """HG-45: the Leader Ability costs 2, is exhausted after use, refreshes next turn or when replaced."""
    g = make([u("legionary", "2,5", 2)], p1={"leader": "zeus", "mana": 5, "hand": ["mjolnir"]})
    leg = at(g, "2,5")
    g.apply(Action("ability", (leg,)))
    assert g.pl[0].mana == 3 and g.card(leg).hp == 1
    assert not any(a.kind == "ability" for a in g.legal_actions())
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("ability", (leg,)))
    assert "exhausted" in exc.value.reason
    # Mjolnir's Call replaces it with Thunderstrike, ready to use at once.
    g.apply(Action("play", (hand(g, 0, "mjolnir"),)))
    assert g.pl[0].ability == "thunderstrike" and not g.pl[0].ability_used
    assert g.pl[0].mana == 1
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("ability", (leg,)))
    assert "not enough mana" in exc.value.reason
    g.apply("end")
    g.apply("end")
    assert Action("ability", (leg,)) in g.legal_actions()
    g.apply(Action("ability", (leg,)))
    assert g.card(leg).zone == "grave:1"  # 2 damage
    # Used, then refreshed at the start of its player's next turn (not by the opponent's).
    assert g.pl[0].ability_used
    g.apply("end")
    assert g.pl[0].ability_used
    g.apply("end")
    assert not g.pl[0].ability_used and g.view(0)["players"][0]["ability"]["used"] is False


def test_hg80_zones_of_the_game() -> None:
    """HG-80: deck, hand, battlefield, holding, graveyard, removed from game, reveal."""
    g = HotgGame.new_game(seed=1)
    names = set(g.zones.zones)
    for z in ("deck:0", "hand:0", "board", "holding", "grave:0", "removed", "reveal:0", "deck:1", "hand:1"):
        assert z in names
    g.check_invariants()


def test_hg82_full_hand_sends_the_card_to_the_graveyard() -> None:
    """HG-82: hand limit 10; a card drawn into a full hand goes to the graveyard."""
    g = make([], p2={"hand": ["legionary"] * 10, "deck": ["cyclops"]})
    g.apply("end")
    assert len(g.zones["hand:1"]) == 10
    assert [g.card(x).defn.id for x in g.zones["grave:1"].cards] == ["cyclops"]


def test_hg10_the_actions_a_player_has() -> None:
    """HG-10: attack, play a card, move, activate a Warcry, use the Leader Ability, end the turn."""
    g = make(
        [u("ares", "2,1"), u("legionary", "2,2", 2)],
        p1={"hand": ["legionary"], "mana": 5},
    )
    kinds = {a.kind for a in g.legal_actions()}
    assert kinds == {"attack", "play", "move", "warcry", "ability", "end"}


def test_hg21_end_of_turn_effects_resolve_before_the_turn_passes() -> None:
    """HG-21: at the end of P1's turn its Brazier of Sekhmet hits the adjacent enemies
    (a 1-health Legionary dies) before P2's turn starts; P2's own Brazier does nothing
    at the end of P1's turn."""
    g = make(
        [
            u("sekhmet_brazier", "2,3"),
            u("legionary", "2,4", 2, health=1),
            u("cyclops", "1,3", 2),
            u("sekhmet_brazier", "3,3", 2),
            u("hoplite", "3,2"),
        ]
    )
    leg, cyc, hop = at(g, "2,4"), at(g, "1,3"), at(g, "3,2")
    ev = g.apply("end")
    texts = [e.text for e in ev]
    ends = next(i for i, t in enumerate(texts) if "ends the turn" in t)
    starts = next(i for i, t in enumerate(texts) if t.startswith("Turn "))
    hits = [i for i, e in enumerate(ev) if e.kind == "damage"]
    assert hits and all(ends < i < starts for i in hits)
    assert g.card(leg).zone == "grave:1" and g.card(cyc).hp == 6
    assert texts.index("Legionary dies") < starts
    assert g.card(hop).hp == 3  # P2's Brazier waits for the end of P2's turn
    g.apply("end")
    assert g.card(hop).hp == 2


def test_hg21_end_of_turn_effects_come_before_this_turn_bonuses_end() -> None:
    """HG-21: end-of-turn effects resolve first, then 'this turn' bonuses end: Idun heals
    a 3/4 Hoplite (2/3 hurt, +1/+1 from Battle Fury) to 4/4, then it drops back to 3/3."""
    g = make([u("idun", "2,1"), u("hoplite", "2,2", health=2)], p1={"hand": ["battle_fury"]})
    hop = at(g, "2,2")
    g.apply(Action("play", (hand(g, 0, "battle_fury"), hop)))
    assert (g.card(hop).hp, g.max_health(hop)) == (3, 4)
    ev = g.apply("end")
    assert "Hoplite is healed by 1 (4/4)" in [e.text for e in ev]
    assert (g.attack_of(hop), g.card(hop).hp, g.max_health(hop)) == (2, 3, 3)


def test_hg21_hg13_end_of_turn_effects_in_the_order_the_cards_were_played() -> None:
    """HG-21 / HG-13: two end-of-turn effects resolve in the order their units entered."""
    for first, second in (("idun", "sekhmet_brazier"), ("sekhmet_brazier", "idun")):
        g = make([u(first, "2,2"), u(second, "2,3"), u("legionary", "1,3", 2), u("hoplite", "3,2", health=1)])
        ev = g.apply("end")
        order = [e.kind for e in ev if e.kind in ("heal", "damage")]
        expected = {"idun": "heal", "sekhmet_brazier": "damage"}
        assert order[0] == expected[first] and order[-1] == expected[second]


def test_hg05_a_unit_arriving_on_a_taken_cell_goes_to_the_graveyard_without_dying() -> None:
    """HG-05: a Mummy whose deployment finds its cell taken goes straight to the graveyard:
    it does not die (no Death, no Afterlife Scarab). A resurrection onto a taken cell fails."""
    from hotg import core as C

    g = make([u("legionary", "2,1")], p1={"hand": ["mummy"], "graveyard": ["hoplite"]})
    mummy = hand(g, 0, "mummy")
    core = g.core
    core.hand[0].remove(mummy)
    core._to(mummy, C.Z_HOLD, 0)
    core.push(("deploy", mummy, 2 * 9 + 1), C.L_DEPLOY)
    core.run()
    g.tell()
    ev = g.log.since(0)
    assert g.card(mummy).zone == "grave:0"
    assert not any(e.kind in ("death", "afterlife", "spawn") for e in ev)
    assert g.card(at(g, "2,1")).defn.id == "legionary"
    hop = g.zones["grave:0"].cards[0]
    core.push(("resurrect", hop, 2 * 9 + 1), C.L_RESURRECT)
    core.run()
    g.tell()
    assert g.card(hop).zone == "grave:0" and g.card(at(g, "2,1")).defn.id == "legionary"
    g.check_invariants()


def test_hg02_both_stones_destroyed_together_is_a_draw() -> None:
    """HG-02 (docs/rulings.md): when the same action leaves both Summoning Stones destroyed,
    neither player wins: the game is a draw. (No card of the pool reaches both stones at
    once today, so both are brought to 0 health and the death check runs once.)"""
    g = make([])
    s0, s1 = g.stones
    g.card(s0).hp = 0
    g.card(s1).hp = 0
    g.core.check_deaths()
    g.tell()
    assert g.is_over() and g.result == -1 and g.winner() is None
    assert "draw" in g.log.events[-1].text
