"""BHM set-up, victory and the call counter (BH-01..BH-08, BH-80)."""

from __future__ import annotations

import pytest

from bhm.game import BhmGame
from common.errors import DataError
from common.game import Action

from .helpers import end_turn, find, game_from, position, uid

ASHEN = next(iter(BhmGame.preset_decks().values()))


def test_bh01_invocations_start_in_their_own_zone_and_deck_size_is_checked() -> None:
    """BH-01: main deck 40–65 cards, up to 10 invocations in the invocation zone."""
    g = BhmGame.new_game(seed=3)
    pool = g.pool
    for p in (0, 1):
        invs = g.cards_in(f"invocations:{p}")
        assert 0 < len(invs) <= 10
        assert all(c.d.type == "invocation" for c in invs)
        main = [
            c for c in g.zones.cards.values() if c.owner == p and c.zone.split(":")[0] in ("deck", "hand")
        ]
        assert 40 <= len(main) <= 65
        assert all(pool[c.defn.id].type != "invocation" for c in main)
    small = {"name": "x", "header": {}, "cards": {"ember_squire": 3, "cinder_hound": 3}}
    with pytest.raises(DataError, match="main deck has 6 cards"):
        BhmGame.check_deck(small)
    big = dict(ASHEN["cards"])
    big.update({"undine": 2, "gnome_warden": 2, "kraken": 1, "treant": 2})
    with pytest.raises(DataError, match="16 invocations"):
        BhmGame.check_deck({"name": "x", "header": {}, "cards": big})


def test_bh02_opening_hand_of_five_and_one_mulligan() -> None:
    """BH-02: draw 5; set aside any number, draw as many, shuffle the set-aside back."""
    g = BhmGame.new_game(seed=5)
    assert [len(g.zones[f"hand:{p}"]) for p in (0, 1)] == [5, 5]
    d = g.decision()
    assert d is not None and d.kind == "mulligan" and d.player == 0
    hand = list(g.zones["hand:0"].cards)
    deck_before = len(g.zones["deck:0"])
    g.apply(Action("aside", (hand[0],)))
    g.apply(Action("aside", (hand[1],)))
    g.apply("keep")
    assert len(g.zones["hand:0"]) == 5
    assert hand[0] not in g.zones["hand:0"] and hand[1] not in g.zones["hand:0"]
    assert hand[0] in g.zones["deck:0"] and hand[1] in g.zones["deck:0"]
    assert len(g.zones["deck:0"]) == deck_before
    # only once: the mulligan passes to P2 and never comes back to P1
    d = g.decision()
    assert d is not None and d.kind == "mulligan" and d.player == 1
    g.apply("keep")
    assert g.decision().kind != "mulligan"  # type: ignore[union-attr]


def test_bh03_a_die_decides_who_starts() -> None:
    """BH-03: both seats start in some games; the roll is logged."""
    firsts = set()
    for seed in range(12):
        g = BhmGame.new_game(seed=seed)
        g.apply("keep")
        g.apply("keep")
        assert any(e.kind == "die" for e in g.log)
        firsts.add(g.active)
        assert g.first == g.active and g.turn == 1
    assert firsts == {0, 1}


def test_bh04_call_counters_start_at_zero() -> None:
    """BH-04: each player's C.LL starts at 0."""
    g = BhmGame.new_game(seed=1)
    assert g.cll == [0, 0]
    assert [p["cll"] for p in g.view(0)["players"]] == [0, 0]


def test_bh05_cll_32_loses() -> None:
    """BH-05: the opponent's C.LL reaching 32 wins the game."""
    g = position(
        dict(cll=6, hand=["death_word"], being=["magma_drake"]),
        dict(cll=30, being=["tide_sentinel"]),
        active=1,
        phase="strategy1",
    )
    g.apply(Action("power", (uid(g, "death_word"), uid(g, "magma_drake"))))
    g.apply(Action("target", (uid(g, "tide_sentinel"),)))
    assert g.cll[1] == 32
    assert g.is_over() and g.winner() == 0
    assert g.decision() is None and g.legal_actions() == []


def test_bh05_mandatory_draw_from_empty_deck_loses() -> None:
    """BH-05: a player who must draw from an empty deck loses."""
    g = position(dict(cll=3, deck=["ember_squire"]), dict(cll=3, deck=[]), active=1, phase="strategy2")
    g.apply("next")  # to the final phase
    g.apply("nodraw")
    assert g.is_over() and g.winner() == 0
    assert "could not draw" in g.reason


def test_bh06_counter_gains_for_flee_territory_kill_annihilate() -> None:
    """BH-06: flee +1, lost territory +1, killed +2, annihilated +5."""
    g = position(
        dict(cll=12, hand=["terrify", "oblivion", "volcanic_caldera"], being=["kalzar", "storm_roc"]),
        dict(cll=0, territories=["sunken_temple"], being=["ember_squire", "tide_sentinel"]),
        active=1,
    )
    kal = uid(g, "kalzar")
    g.apply(Action("power", (uid(g, "terrify"), uid(g, "storm_roc"))))
    g.apply(Action("target", (uid(g, "ember_squire"),)))  # VAL 200 - 300 → flees
    assert g.cll[1] == 1 and find(g, "ember_squire").zone == "deserters:1"
    g.apply(Action("territory", (uid(g, "volcanic_caldera"),)))
    assert g.cll[1] == 2 and find(g, "sunken_temple").zone == "dead:1"
    g.apply(Action("power", (uid(g, "oblivion"), kal)))
    g.apply(Action("target", (uid(g, "tide_sentinel"),)))
    assert g.cll[1] == 7 and find(g, "tide_sentinel").zone == "dead:1"


def test_bh06_kill_gives_two() -> None:
    """BH-06: killed (Salud to 0) → controller's C.LL +2."""
    g = position(
        dict(cll=5, being=["mountain_giant"]), dict(cll=4, being=["ember_squire"]), active=1, phase="combat"
    )
    g.apply(Action("attack", (uid(g, "mountain_giant"), uid(g, "ember_squire"))))
    assert g.cll == [5, 6]
    assert find(g, "ember_squire").zone == "dead:1"


@pytest.mark.parametrize(("cll", "threshold", "after"), [(20, 20, 21), (21, 20, 21), (5, 5, 6), (6, 5, 6)])
def test_bh07_armageddon_threshold(cll: int, threshold: int, after: int) -> None:
    """BH-07: at the end of your turn, C.LL ≤ threshold gains 1."""
    g = game_from(
        f"""
        [state]
        active = 1
        phase = "strategy2"
        armageddon = {threshold}
        [[player]]
        cll = {cll}
        [[player]]
        cll = 0
        """
    )
    end_turn(g)
    assert g.cll[0] == after


def test_bh07_armageddon_off_and_option_validation() -> None:
    """BH-07: the option can be off; out-of-range values are refused."""
    g = BhmGame.new_game(seed=1, options={"armageddon": "off"})
    assert g.armageddon is None
    g = position(dict(cll=3), dict(), active=1, phase="strategy2", armageddon="off")
    end_turn(g)
    assert g.cll[0] == 3
    with pytest.raises(DataError, match="armageddon"):
        BhmGame.new_game(seed=1, options={"armageddon": 40})
    opt = BhmGame.game_options()[0]
    assert opt["key"] == "armageddon" and opt["default"] == 20 and "off" in opt["choices"]


def test_bh08_numerical_balance_both_ways_invisible_not_counted() -> None:
    """BH-08: fewer beings → that side's C.LL gains the difference; Invisible beings do not count."""
    body = """
        [state]
        active = 1
        phase = "strategy2"
        armageddon = "off"
        [[player]]
        cll = 3
        [[player.being]]
        card = "ember_squire"
        [[player.being]]
        card = "cinder_hound"
        [[player.being]]
        card = "spark_imp"
        [[player]]
        cll = 3
        [[player.being]]
        card = "tide_sentinel"
        """
    g = game_from(body)
    end_turn(g)
    assert g.cll == [3, 5]  # the opponent has 1 vs 3: +2 to them
    g = game_from(
        body + '\n[[player.being]]\ncard = "stone_golem"\n[[player.being]]\ncard = "mist_seer"\n'
        '[[player.being]]\ncard = "root_shaman"\n[[player.being]]\ncard = "burrow_militia"\n'
    )
    end_turn(g)
    assert g.cll == [5, 3]  # they have 5 vs my 3: +2 to me
    g = game_from(body.replace('card = "tide_sentinel"', 'card = "veil_assassin"'))
    end_turn(g)
    assert g.cll == [3, 6]  # the Invisible assassin does not count: 0 vs 3


def test_bh80_zones_of_a_field() -> None:
    """BH-80: dead, deck, territories, invocations, deserters, strategy and 10 being zones each."""
    g = BhmGame.new_game(seed=2)
    for p in (0, 1):
        for z in ("dead", "deck", "territories", "invocations", "deserters", "strategy"):
            assert f"{z}:{p}" in g.zones.zones
        assert sum(1 for n in g.zones.zones if n.startswith(f"slot:{p}:")) == 10
    v = g.view(0)
    assert len(v["players"][0]["zones"]) == 10 and len(v["players"][1]["zones"]) == 10


def test_bh02_the_keep_choice_says_what_it_does() -> None:
    """BH-02: with nothing set aside the choice keeps the hand (it redraws nothing); with cards
    set aside it draws as many, the set-aside cards going back into the deck."""
    g = BhmGame.new_game(seed=5)
    assert g.describe_action(Action("keep")) == "Keep the hand"
    hand = list(g.zones["hand:0"].cards)
    g.apply(Action("aside", (hand[0],)))
    g.apply(Action("aside", (hand[1],)))
    assert g.describe_action(Action("keep")) == "Draw 2 for the 2 set aside (then shuffled into the deck)"
