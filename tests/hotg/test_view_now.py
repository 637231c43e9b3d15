"""What the view says can be done now agrees with the legal actions (session 27 audit of
what the table shows): the Leader Ability's `usable` (and `no_target` when only a target is
missing) and a unit's `warcry_usable` (HG-72: not on the turn it is deployed)."""

from __future__ import annotations

import random

from common.game import Action
from hotg.game import HotgGame, cell_str

from .helpers import at, hand, make, u


def _ability(g: HotgGame, seat: int) -> dict[str, object]:
    return dict(g.view(seat)["players"][seat]["ability"])


def test_hg45_allfathers_gift_with_no_allied_unit_is_not_usable_and_says_no_target() -> None:
    """Odin's Allfather's Gift (2 mana: give an allied unit +1/+1) with 5 mana and no allied
    unit on the battlefield: no legal action uses it, so the view does not call it usable
    (it did: it looked at the mana alone), and says that a target is what is missing. Once
    an allied unit stands, it is usable, as the legal actions have it."""
    g = make(p1={"leader": "odin", "mana": 5, "hand": ["legionary"]})
    assert [a for a in g.legal_actions() if a.kind == "ability"] == []
    ab = _ability(g, 0)
    assert ab["usable"] is False and ab["no_target"] is True and ab["used"] is False
    g.apply(Action("play", (hand(g, 0, "legionary"), cell_str(g.deploy_cells(0)[0]))))
    assert [a for a in g.legal_actions() if a.kind == "ability"]
    ab = _ability(g, 0)
    assert ab["usable"] is True and ab["no_target"] is False


def test_no_target_is_said_only_when_a_target_is_all_that_is_missing() -> None:
    """Not `no_target`: an ability with no target to find but too dear (1 mana), one used
    this turn, the other side's ability on your turn, and any ability once the game is over."""
    g = make([u("legionary", "2,3")], p1={"leader": "odin", "mana": 1}, p2={"leader": "odin"})
    ab = _ability(g, 0)
    assert ab["usable"] is False and ab["no_target"] is False  # 1 mana: too dear
    assert _ability(g, 1)["no_target"] is False  # not P2's turn
    g = make([u("legionary", "2,3")], p1={"leader": "odin", "mana": 5})
    g.apply(Action("ability", (at(g, "2,3"),)))
    ab = _ability(g, 0)
    assert ab["used"] is True and ab["usable"] is False and ab["no_target"] is False


def test_hg72_a_just_deployed_ares_has_its_warcry_unused_but_not_usable_until_its_next_turn() -> None:
    """HG-23 / HG-72: Ares deployed from the hand has its activated Warcry (`warcry_ready`),
    but it is exhausted: no Warcry action now, and the view's `warcry_usable` says so (the
    card panel read `Warcry ready`). On P2's turn it is not usable either; on P1's next turn
    it is, as the legal actions have it."""
    g = make(p1={"hand": ["ares"], "mana": 10})
    g.apply(Action("play", (hand(g, 0, "ares"), cell_str(g.deploy_cells(0)[0]))))
    ares = next(x for x in g.board_units(stones=False) if g.card(x).defn.id == "ares")
    warcries = [a for a in g.legal_actions() if a.kind == "warcry"]
    view = g.unit_view(ares)
    assert warcries == [] and view["warcry_ready"] is True and view["warcry_usable"] is False
    g.apply("end")
    assert g.unit_view(ares)["warcry_usable"] is False
    g.apply("end")
    assert [a for a in g.legal_actions() if a.kind == "warcry"] == [Action("warcry", (ares,))]
    assert g.unit_view(ares)["warcry_usable"] is True


def test_the_views_usable_flags_agree_with_the_legal_actions_in_random_games() -> None:
    """In seeded random games, at every step: a seat's Leader Ability is `usable` exactly
    when a legal action uses it, `no_target` never with it; a unit's `warcry_usable`
    exactly when a legal action is its Warcry."""
    for seed in range(6):
        g = HotgGame.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if g.is_over():
                break
            legal = g.legal_actions()
            view = g.view(g.active)
            for p in view["players"]:
                mine = g.active == p["seat"] and any(a.kind == "ability" for a in legal)
                assert p["ability"]["usable"] is mine, (seed, p)
                assert not (p["ability"]["usable"] and p["ability"]["no_target"])
            warcries = {a.args[0] for a in legal if a.kind == "warcry"}
            assert {x["uid"] for x in view["units"] if x["warcry_usable"]} == warcries, seed
            g.apply(legal[rng.randrange(len(legal))])
