"""The searching AI levels of Hand of the Gods (greedy, lookahead, search): legal
choices, a determinization that hides what the seat cannot see, no cheating, and
a lethal line found. Fast: the search runs a fixed number of iterations."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from common.agents import Agent, agent_level_names, make_agent
from common.game import Action
from common.search import GreedyAgent, SearchAgent, best_ply, value_of
from hotg import core as C
from hotg.ai import ScriptedAgent
from hotg.ai_search import (
    DEPLOY_CELLS,
    GREEDY_DEPLOY_CELLS,
    SEARCH_FINISH,
    SEARCH_REPLY_TURN,
    SPEC,
    HotgGreedyAgent,
    HotgLookahead,
    candidates,
    determinize,
    evaluate,
    greedy_candidates,
    strike_moves,
)
from hotg.game import HotgGame

from .helpers import at, make, u

LEVELS = ("greedy", "lookahead", "search")


def midgame(seed: int, actions: int) -> HotgGame:
    """A position reached by two scripted players, stopped at a turn decision with choices."""
    g = HotgGame.new_game(seed=seed)
    agents = [ScriptedAgent(seed), ScriptedAgent(seed + 1)]
    n = 0
    while not g.is_over():
        d = g.decision()
        assert d is not None
        if n >= actions and d.kind == "turn" and len(g.legal_actions()) > 3:
            return g
        g.apply(agents[d.player].choose(g))
        n += 1
    raise AssertionError("the game ended before the position was reached")


POSITIONS = [(3, 25), (7, 40), (11, 55), (19, 30)]


@pytest.fixture(scope="module")
def positions() -> list[HotgGame]:
    return [midgame(s, n) for s, n in POSITIONS]


def rearranged(g: HotgGame, seat: int, seed: int) -> HotgGame:
    """The same position with the opponent's hidden cards shuffled between its hand and
    its deck (counts kept), and the seat's own deck reordered: what the seat sees is
    unchanged, what it cannot see is different."""
    t = g.clone()
    opp = 1 - seat
    r = random.Random(seed)
    hand, deck = t.zones[f"hand:{opp}"], t.zones[f"deck:{opp}"]
    pool = hand.cards + deck.cards
    r.shuffle(pool)
    core = t.core  # (the cards keep their definitions: dealt into the other zone)
    kept = len(hand.cards)
    for zone, uids in ((C.Z_HAND, pool[:kept]), (C.Z_DECK, pool[kept:])):
        core.deal(zone, opp, uids, [core.t.defn[x] for x in uids])
    r.shuffle(t.zones[f"deck:{seat}"].cards)
    t.check_invariants()
    assert t.view(seat) == g.view(seat)
    return t


def hidden_ids(g: HotgGame, seat: int) -> tuple[list[str], list[str]]:
    opp = 1 - seat
    return (
        [g.card(x).defn.id for x in g.zones[f"hand:{opp}"].cards],
        [g.card(x).defn.id for x in g.zones[f"deck:{opp}"].cards],
    )


def agents_for(level: str, seed: int) -> Agent:
    if level == "greedy":
        return HotgGreedyAgent(SPEC, seed)
    if level == "lookahead":  # a node budget only (no clock): deterministic
        return HotgLookahead(SPEC, seed, nodes=120, cap=1000.0)
    # a fixed number of rounds (deals) instead of a clock, and the lookahead's node
    # budget only: the choice is deterministic; the level's finishing and turn replies
    return SearchAgent(
        SPEC,
        seed,
        budget=1000.0,
        iterations=3,
        look=lambda s: HotgLookahead(SPEC, s, nodes=120, cap=1000.0),
        finish=SEARCH_FINISH,
        reply_turn=SEARCH_REPLY_TURN,
    )


def test_levels_are_registered_weakest_first() -> None:
    assert agent_level_names(HotgGame) == ["random", "scripted", "greedy", "lookahead", "search"]
    # the menu's default: the strongest level within the time limits (docs/ai.md)
    assert HotgGame.default_agent_level() == "search"
    assert isinstance(make_agent(HotgGame, "greedy", 1), HotgGreedyAgent)
    assert isinstance(make_agent(HotgGame, "lookahead", 1), HotgLookahead)
    assert isinstance(make_agent(HotgGame, "search", 1, budget=0.05), SearchAgent)
    assert make_agent(HotgGame, "search", 1, budget=0.05).budget == 0.05  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_chooses_a_legal_action_in_mid_game_positions(
    level: str, positions: list[HotgGame]
) -> None:
    for g in positions:
        before = g.state_hash()
        a = agents_for(level, 5).choose(g)
        assert a in g.legal_actions()
        assert g.state_hash() == before  # the agent searched copies only


def test_search_on_the_clock_stays_within_its_budget(positions: list[HotgGame]) -> None:
    """Iterations stop early enough (the budget is generous here so a loaded machine
    cannot fail it; `triarch bench` measures the real overrun)."""
    agent = SearchAgent(SPEC, 1, budget=0.2)
    a = agent.choose(positions[1])
    assert a in positions[1].legal_actions()
    assert agent.last_iterations >= 1


def test_determinization_keeps_counts_owners_and_invariants(positions: list[HotgGame]) -> None:
    for g in positions:
        seat = g.active
        det = determinize(g, seat, random.Random(3))
        det.check_invariants()
        for name, z in g.zones.zones.items():
            assert len(det.zones[name].cards) == len(z.cards), name
            assert all(
                det.card(x).owner == det.zones[name].owner
                for x in det.zones[name].cards
                if z.owner is not None
            )
        # the opponent's hand + deck hold the same cards as a multiset, and so does the own deck
        opp = 1 - seat
        for names in ((f"hand:{opp}", f"deck:{opp}"), (f"deck:{seat}",)):
            real = Counter(g.card(x).defn.id for n in names for x in g.zones[n].cards)
            dealt = Counter(det.card(x).defn.id for n in names for x in det.zones[n].cards)
            assert real == dealt
        # what the seat sees is untouched
        assert det.view(seat)["players"][seat] == g.view(seat)["players"][seat]
        assert det.view(seat)["board"] == g.view(seat)["board"]
        # the game's future chance is dealt anew
        assert det.rng.digest() != g.rng.digest()


def test_determinization_redeals_the_hidden_cards_for_some_seed(positions: list[HotgGame]) -> None:
    g = positions[2]
    seat = g.active
    real = hidden_ids(g, seat)
    dealt = [hidden_ids(determinize(g, seat, random.Random(s)), seat) for s in range(6)]
    assert any(d != real for d in dealt)
    assert len({repr(d) for d in dealt}) > 1


def test_determinization_is_the_same_when_hidden_cards_are_rearranged(positions: list[HotgGame]) -> None:
    for i, g in enumerate(positions):
        seat = g.active
        t = rearranged(g, seat, 100 + i)
        assert hidden_ids(t, seat) != hidden_ids(g, seat) or not g.zones[f"deck:{1 - seat}"].cards
        for s in (1, 2):
            assert determinize(g, seat, random.Random(s)).state_hash() == (
                determinize(t, seat, random.Random(s)).state_hash()
            )


@pytest.mark.parametrize("level", LEVELS)
def test_no_cheating_the_choice_ignores_where_hidden_cards_are(level: str, positions: list[HotgGame]) -> None:
    """The decision is unchanged when the opponent's hidden cards are shuffled between
    its hand and deck (and the own deck is reordered), in several positions."""
    for i, g in enumerate(positions):
        seat = g.active
        t = rearranged(g, seat, 7 + i)
        assert agents_for(level, 11).choose(g) == agents_for(level, 11).choose(t)


def test_evaluation_reads_no_hidden_card() -> None:
    g1 = make([u("hoplite", "2,2")], p2={"hand": ["legionary"], "deck": ["cyclops"]})
    g2 = make([u("hoplite", "2,2")], p2={"hand": ["surtr"], "deck": ["thor", "thor"]})
    assert evaluate(g1, 0) == evaluate(g2, 0)
    assert -1.0 <= evaluate(g1, 0) <= 1.0


def test_evaluation_prefers_a_healthier_stone_and_more_units() -> None:
    base = make([u("hoplite", "2,2")])
    hurt = make([u("hoplite", "2,2")], p2={"stone": 10})
    more = make([u("hoplite", "2,2"), u("fenrir", "1,1")])
    assert evaluate(hurt, 0) > evaluate(base, 0)
    assert evaluate(more, 0) > evaluate(base, 0)
    assert evaluate(base, 1) < 0 < evaluate(base, 0)


def test_candidates_prune_cells_but_keep_attacks_and_end(positions: list[HotgGame]) -> None:
    for g in positions:
        legal = g.legal_actions()
        kept = candidates(g, legal)
        assert set(kept) <= set(legal)
        assert [a for a in legal if a.kind in ("attack", "end")] == [
            a for a in kept if a.kind in ("attack", "end")
        ]


def test_lookahead_takes_a_lethal_line() -> None:
    """P2's stone has 6 health: Fenrir (5) must first walk next to it (three steps),
    then both it and the Grey Wolf (1) attack — four actions in the right order."""
    g = make(
        [u("fenrir", "2,5"), u("grey_wolf", "1,7"), u("legionary", "0,3", 2)],
        p1={"mana": 0, "max_mana": 0},
        p2={"stone": 6},
    )
    agent = HotgLookahead(SPEC, 1, cap=1000.0)
    for _ in range(8):
        if g.is_over():
            break
        d = g.decision()
        assert d is not None and d.player == 0, "the turn passed without the lethal line"
        g.apply(agent.choose(g))
    assert g.winner() == 0


def test_greedy_moves_a_unit_to_strike_the_attacker_at_its_stone() -> None:
    """P2's Valkyrie (3/3) stands next to P1's stone; P1's Thor (5/5, 2 steps) is two
    cells from reach of it. A move alone changes nothing the evaluation sees, so the
    one-ply greedy walks Thor towards the enemy stone; the level's greedy values a move
    with the moved unit's best attack from there (move, then attack: two actions, HG-31)
    and kills the Valkyrie."""
    g = make([u("thor", "2,4"), u("valkyrie", "1,1", 2)], p1={"mana": 0, "max_mana": 0})
    thor, valkyrie = at(g, "2,4"), at(g, "1,1")
    plain = GreedyAgent(SPEC, 1).choose(g)  # the shared one-ply greedy, as before
    assert plain.kind == "move" and plain.args[1] == "2,6"
    agent = HotgGreedyAgent(SPEC, 1)
    move = agent.choose(g)
    assert move.kind == "move" and move.args[0] == thor
    g.apply(move)
    attack = agent.choose(g)
    assert attack == Action("attack", (thor, valkyrie))
    g.apply(attack)
    assert g.card(valkyrie).zone != "board" and g.card(thor).zone == "board"


def test_greedy_tries_the_moves_that_set_up_an_attack_on_a_unit() -> None:
    """`candidates` keeps each unit's 3 moves nearest the enemy stone; `strike_moves`
    adds the moves from which the unit reaches an enemy unit elsewhere, one per enemy."""
    g = make([u("thor", "2,4"), u("valkyrie", "1,1", 2)], p1={"mana": 0, "max_mana": 0})
    legal = g.legal_actions()
    kept = candidates(g, legal)
    extra = strike_moves(g, legal, kept)

    def next_to_valkyrie(a: Action) -> bool:  # HG-40: melee reaches the 8 cells around
        r, c = (int(x) for x in str(a.args[1]).split(","))
        return max(abs(r - 1), abs(c - 1)) == 1

    assert not any(next_to_valkyrie(a) for a in kept if a.kind == "move")
    assert len(extra) == 1 and extra[0].kind == "move" and next_to_valkyrie(extra[0])


def test_lookahead_moves_a_unit_to_strike_the_attacker_at_its_stone() -> None:
    """The greedy test's position for the lookahead (HG-31: move, then attack). Its beam
    tried only `candidates`' moves towards the enemy stone and ranked a move by the
    position alone, so it walked Thor away (session 32's lookahead, `strike=False`); it
    now tries the strike moves and ranks a move with the unit's attack from there, and
    plays the line move-then-attack that kills the Valkyrie."""
    g = make([u("thor", "2,4"), u("valkyrie", "1,1", 2)], p1={"mana": 0, "max_mana": 0})
    thor, valkyrie = at(g, "2,4"), at(g, "1,1")
    old = HotgLookahead(SPEC, 1, cap=1000.0, strike=False).choose(g)
    assert old.kind == "move" and old.args[1] == "2,6"
    agent = HotgLookahead(SPEC, 1, cap=1000.0)
    move = agent.choose(g)
    assert move.kind == "move" and move.args[0] == thor
    g.apply(move)
    assert agent.choose(g) == Action("attack", (thor, valkyrie))


def test_lookahead_ranks_a_move_with_the_attack_it_sets_up() -> None:
    """In its own turn the beam tries the strike moves besides `candidates`, and a line
    that ends with a move is worth the best of the position and of the moved unit's best
    attack from there (`move_value`); other actions are worth their position."""
    g = make([u("thor", "2,4"), u("valkyrie", "1,1", 2)], p1={"mana": 0, "max_mana": 0})
    thor, valkyrie = at(g, "2,4"), at(g, "1,1")
    look, plain = HotgLookahead(SPEC, 1), HotgLookahead(SPEC, 1, strike=False)
    legal = g.legal_actions()
    extra = strike_moves(g, legal, candidates(g, legal))
    assert extra and set(look.own_actions(g)) == set(plain.own_actions(g)) | set(extra)
    move = extra[0]
    t = g.clone()
    t.apply_legal(move)
    hit = t.clone()
    hit.apply_legal(Action("attack", (thor, valkyrie)))
    assert value_of(SPEC, hit, 0) > value_of(SPEC, t, 0)
    assert look.line_value(t, 0, move) == value_of(SPEC, hit, 0)
    assert plain.line_value(t, 0, move) == value_of(SPEC, t, 0)


def _deploys(acts: list[Action]) -> set[Action]:
    """The actions of `acts` that deploy a card to a cell (HG-20's play of a unit)."""
    return {a for a in acts if a.kind == "play" and len(a.args) == 2 and isinstance(a.args[1], str)}


def test_lookahead_tries_the_deployment_cells_greedy_ranks_best(positions: list[HotgGame]) -> None:
    """In its own turn the beam tries, for each card to deploy, the 5 cells greedy tries
    (`greedy_candidates`), not only the 3 of `candidates` (session 35); `deploy=3` is the
    lookahead of before."""
    seen_more = False
    for g in [*positions, midgame(1, 10)]:
        legal = g.legal_actions()
        greedy_cells = _deploys(greedy_candidates(g, legal))
        look = _deploys(HotgLookahead(SPEC, 1).own_actions(g))
        old = _deploys(HotgLookahead(SPEC, 1, deploy=DEPLOY_CELLS).own_actions(g))
        assert look == greedy_cells
        assert old == _deploys(candidates(g, legal)) and old <= look
        seen_more |= len(look) > len(old)
    assert GREEDY_DEPLOY_CELLS > DEPLOY_CELLS and seen_more


def test_lookahead_deploys_to_a_cell_only_greedys_ranking_offers() -> None:
    """A scripted game's position (seed 1, 10 actions in) where the lookahead deploys a
    card to a cell outside `candidates`' 3 — one of greedy's 5 — and the lookahead of
    before (`deploy=3`) could not: it plays elsewhere. Node budget only: deterministic."""
    g = midgame(1, 10)
    legal = g.legal_actions()
    choice = HotgLookahead(SPEC, 1, cap=1000.0).choose(g)
    assert choice in _deploys(greedy_candidates(g, legal)) - _deploys(candidates(g, legal))
    assert HotgLookahead(SPEC, 1, cap=1000.0, deploy=DEPLOY_CELLS).choose(g) != choice


# -- the measured matches (long: `pytest -m slow`) -------------------------------------
@pytest.mark.slow
def test_greedy_beats_scripted_over_200_seat_swapped_games() -> None:
    """`triarch tournament hotg --agents scripted,greedy --games 200 --seed 1`: both
    levels are deterministic, so this replays the figure of docs/ai.md (greedy 129–71
    since session 32, 112–88 before). The issue's 75% target is not reached; the test
    holds the level to what it reaches."""
    from common.tournament import run_tournament

    report = run_tournament(HotgGame, ["scripted", "greedy"], 200, 1)
    pair = report.to_json(per_game=False)["pairs"][0]
    assert pair["errors"] == [] and pair["capped"] == 0
    assert pair["losses"] >= 125, pair  # greedy's wins: ≥ 62.5%


def test_lookahead_finishes_the_lines_cut_short(positions: list[HotgGame]) -> None:
    """With `finish`, the best lines the node budget cut short are played on to the end
    of the turn and scored by the reply: none of them is left in the middle of the turn."""
    g = positions[1]
    seat = g.decision().player
    plain = HotgLookahead(SPEC, 3, nodes=8, cap=1000.0)
    cut = plain.lines(plain._det(g, seat), seat)
    assert any(not ln.game.is_over() and ln.game.decision().player == seat for ln in cut[:3])
    look = HotgLookahead(SPEC, 3, nodes=8, cap=1000.0, finish=3)
    found = look.lines(look._det(g, seat), seat)
    assert found == sorted(found, key=lambda ln: ln.value, reverse=True)
    finished = [ln for ln in found if ln.game.is_over() or ln.game.decision().player != seat]
    assert len(finished) >= 3


def test_lookahead_scores_its_best_lines_after_the_opponents_whole_turn(positions: list[HotgGame]) -> None:
    """With `reply_turn`, the best lines are kept, each scored where the opponent's turn
    (their one-ply choices) hands the game back; a line scored after one reply only differs."""
    g = positions[0]  # a position whose best lines end the turn
    seat = g.decision().player
    look = HotgLookahead(SPEC, 4, nodes=60, cap=1000.0, reply_turn=3)
    found = look.lines(look._det(g, seat), seat)
    assert 1 <= len(found) <= 3
    assert found == sorted(found, key=lambda ln: ln.value, reverse=True)
    plain = HotgLookahead(SPEC, 4, nodes=60, cap=1000.0)
    one_ply = plain.lines(plain._det(g, seat), seat)
    changed = 0
    for ln in found:
        if ln.game.is_over() or ln.game.decision().player == seat:
            continue
        t = ln.game.clone()  # the line's position when the turn passed: play the opponent's turn
        while not t.is_over() and t.decision().player != seat:
            t.apply_legal(best_ply(SPEC, t, t.decision().player))
        assert ln.value == value_of(SPEC, t, seat)
        match = [o for o in one_ply if o.actions == ln.actions]
        changed += bool(match) and match[0].value != ln.value
    assert changed >= 1
