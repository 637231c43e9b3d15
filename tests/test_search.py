"""The shared search agents (common.search) on the toy game: they pick good
moves, never read hidden cards, and search within their limits."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from common.agents import make_agent
from common.game import Action, Game
from common.rng import GameRng
from common.search import (
    SEARCH_CAP,
    WIN,
    AiSpec,
    GreedyAgent,
    LookaheadAgent,
    SearchAgent,
    search_levels,
    value_of,
)
from tests.toygame import ToyGame


def evaluate(g: Game, seat: int) -> float:
    assert isinstance(g, ToyGame)
    return math.tanh((g.score[seat] - g.score[1 - seat]) / 5)


def determinize(g: Game, seat: int, rng: random.Random) -> Game:
    """Redeal the opponent's hand and both decks from a canonical pool."""
    assert isinstance(g, ToyGame)
    c = g.clone()
    c.rng = GameRng(rng.getrandbits(62))
    for p in (0, 1):
        names = [f"deck:{p}"] + ([f"hand:{p}"] if p != seat else [])
        uids = [u for n in names for u in c.zones[n].cards]
        defs = sorted((c.zones.card(u).defn for u in uids), key=lambda d: d.id)
        rng.shuffle(defs)
        for u, d in zip(uids, defs, strict=True):
            c.zones.card(u).defn = d
    return c


SPEC = AiSpec(evaluate=evaluate, determinize=determinize)


def _position(seed: int) -> ToyGame:
    g = ToyGame.new_game(seed=seed)
    g.apply("draw")
    g.apply("draw")
    return g


def _rearrange_hidden(g: ToyGame, seat: int) -> ToyGame:
    """The same position for `seat`, with the opponent's hand and deck swapped around."""
    c = g.clone()
    opp = 1 - seat
    hand, deck = c.zones[f"hand:{opp}"].cards, c.zones[f"deck:{opp}"].cards
    uids = hand + deck
    defs = [c.zones.card(u).defn for u in uids]
    defs.reverse()
    for u, d in zip(uids, defs, strict=True):
        c.zones.card(u).defn = d
    return c


def test_greedy_plays_the_best_card_in_one_ply():
    g = _position(3)
    best = max(
        (a for a in g.legal_actions() if a.kind == "play"),
        key=lambda a: g.zones.card(int(a.args[0])).stat("value"),
    )
    assert GreedyAgent(SPEC, 1).choose(g) == best


def test_value_of_scores_finished_games_as_won_or_lost():
    g = ToyGame.new_game(seed=2)
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    w = g.winner()
    if w is not None:
        assert value_of(SPEC, g, w) == 1.0
        assert value_of(SPEC, g, 1 - w) == -1.0


@pytest.mark.parametrize("make", ["greedy", "lookahead", "search"])
def test_no_agent_reads_the_opponents_hidden_cards(make):
    for seed in range(6):
        g = _position(seed)
        seat = g.decision().player
        other = _rearrange_hidden(g, seat)
        assert g.state_hash() != other.state_hash() or seed == 0

        def agent():
            if make == "search":
                return SearchAgent(SPEC, 7, iterations=60)
            return {"greedy": GreedyAgent, "lookahead": LookaheadAgent}[make](SPEC, 7)

        assert agent().choose(g) == agent().choose(other)


def test_search_with_fixed_iterations_is_deterministic_and_counts_them():
    g = _position(5)
    a1 = SearchAgent(SPEC, 3, iterations=80)
    a2 = SearchAgent(SPEC, 3, iterations=80)
    assert a1.choose(g) == a2.choose(g)
    assert a1.last_iterations == 80


def test_search_budget_stops_on_the_clock():
    """Not a timing assertion: the agent stops by itself on a small budget and
    has run more than one iteration."""
    g = _position(4)
    a = SearchAgent(SPEC, 1, budget=0.02)
    assert a.choose(g) in g.legal_actions()
    assert a.last_iterations >= 1


def test_lookahead_takes_a_winning_line():
    """Wherever one action wins the game on the spot, the lookahead plays it
    (even where a weaker heuristic would not), and says the line wins."""
    found = 0
    for seed in range(30):
        g = ToyGame.new_game(seed=seed)
        rnd = random.Random(seed)
        while not g.is_over():
            seat = g.decision().player
            winning = []
            for a in g.legal_actions():
                c = g.clone()
                c.apply(a)
                if c.is_over() and c.winner() == seat:
                    winning.append(a)
            if winning:
                found += 1
                look = LookaheadAgent(SPEC, seed)
                assert look.choose(g) in winning
                lines = look.lines(g.clone(), seat)
                assert len(lines) == 1 and lines[0].value == 1.0
            acts = g.legal_actions()
            g.apply(acts[rnd.randrange(len(acts))])
    assert found >= 3


def test_search_beats_random_on_the_toy_game():
    """Most toy games are drawn (both sides play all their cards); the search
    wins the rest far more often than it loses them (random vs random: 7-6)."""
    wins = losses = 0
    for i in range(40):
        g = ToyGame.new_game(seed=100 + i)
        me = i % 2
        agent = SearchAgent(SPEC, i, iterations=60)
        rnd = random.Random(i)
        while not g.is_over():
            d = g.decision()
            acts = g.legal_actions()
            a: Action = agent.choose(g) if d.player == me else acts[rnd.randrange(len(acts))]
            g.apply(a)
        wins += g.winner() == me
        losses += g.winner() == 1 - me
    assert wins >= losses + 4


def test_make_agent_passes_a_budget_to_levels_that_take_one():
    class WithLevels(ToyGame):
        @classmethod
        def agent_levels(cls):
            return {**search_levels(SPEC), "plain": lambda seed: GreedyAgent(SPEC, seed)}

    s = make_agent(WithLevels, "search", 1, budget=0.25)
    assert isinstance(s, SearchAgent) and s.budget == 0.25
    assert isinstance(make_agent(WithLevels, "plain", 1, budget=0.25), GreedyAgent)
    assert make_agent(WithLevels, "search", 1).budget == SEARCH_CAP


# ------------------------------------------------------------- long turns (macro)
MACRO = dataclasses.replace(SPEC, macro=True)


class _Scripted(LookaheadAgent):
    """A lookahead whose rounds return fixed scores (to test how `search` adds them up)."""

    def __init__(self, rounds: list[dict[Action, float]]) -> None:
        super().__init__(MACRO, 0)
        self.rounds = rounds

    def first_scores(self, game, seat, legal, deadline=None):  # type: ignore[no-untyped-def]
        return self.rounds.pop(0)


def test_long_turn_search_keeps_the_action_kept_most_often_then_best_on_average():
    g = _position(3)
    a, b, c = g.legal_actions()[:3]
    rounds = [{a: 0.9}, {b: 0.2, c: 0.95}, {b: 0.3, a: -0.5}]
    agent = SearchAgent(MACRO, 1, iterations=3, look=lambda s: _Scripted(list(rounds)))
    # a and b are each kept by two rounds' beams; b has the better mean (0.25 > 0.2);
    # c has the best single score but was kept only once
    assert agent.choose(g) == b
    assert agent.last_iterations == 3
    rounds = [{a: 0.9}, {b: 0.3, c: 0.1}, {a: 0.8}]
    assert SearchAgent(MACRO, 1, iterations=3, look=lambda s: _Scripted(list(rounds))).choose(g) == a


def test_long_turn_search_takes_a_winning_line_at_once():
    g = _position(3)
    a, b = g.legal_actions()[:2]
    rounds = [{a: 0.5, b: 0.1}, {b: WIN}, {a: 0.9}]
    agent = SearchAgent(MACRO, 1, iterations=3, look=lambda s: _Scripted(list(rounds)))
    assert agent.choose(g) == b
    assert agent.last_iterations == 2  # it stopped at the round that found the win


def test_long_turn_search_decides_on_determinizations_only():
    """The real lookahead under `search`: same choice whatever the opponent's hidden
    cards are, and a legal one, in many positions."""
    for seed in range(6):
        g = _position(seed)
        seat = g.decision().player
        twin = _rearrange_hidden(g, seat)
        pick = SearchAgent(MACRO, 4, iterations=3).choose(g)
        assert pick in g.legal_actions()
        assert SearchAgent(MACRO, 4, iterations=3).choose(twin) == pick


def test_lookahead_hint_gets_its_head_start():
    """A default choice (`hint`) is kept unless another line beats it by `prior`."""
    g = _position(3)
    seat = g.decision().player
    plain = LookaheadAgent(MACRO, 2)
    best = plain.choose(g)
    scores = LookaheadAgent(MACRO, 2).first_scores(g, seat, g.legal_actions())
    worse = min((a for a in scores if a != best), key=scores.__getitem__)
    gap = scores[best] - scores[worse]
    assert gap > 0

    def hint(game: Game, rng: random.Random) -> Action:
        return worse

    assert LookaheadAgent(MACRO, 2, hint=hint, prior=gap + 0.01).choose(g) == worse
    assert LookaheadAgent(MACRO, 2, hint=hint, prior=gap / 2).choose(g) == best


def test_long_turn_search_stops_once_rounds_agree_on_the_leader():
    """Two rounds in a row preferring the action that leads end the search early."""
    g = _position(3)
    a, b = g.legal_actions()[:2]
    rounds = [{a: 0.5, b: 0.1}, {a: 0.6, b: 0.2}, {b: 0.9}, {b: 0.9}]
    agent = SearchAgent(MACRO, 1, iterations=4, look=lambda s: _Scripted(list(rounds)))
    assert agent.choose(g) == a
    assert agent.last_iterations == 2
    # rounds that disagree go on to the end of the budget (here: the round count)
    rounds = [{a: 0.5, b: 0.1}, {b: 0.6, a: 0.2}, {a: 0.5, b: 0.4}, {b: 0.9, a: 0.1}]
    agent = SearchAgent(MACRO, 1, iterations=4, look=lambda s: _Scripted(list(rounds)))
    agent.choose(g)
    assert agent.last_iterations == 4
    # agree=None: always the whole budget
    rounds = [{a: 0.5, b: 0.1}, {a: 0.6, b: 0.2}, {a: 0.9}]
    agent = SearchAgent(MACRO, 1, iterations=3, agree=None, look=lambda s: _Scripted(list(rounds)))
    assert agent.choose(g) == a
    assert agent.last_iterations == 3


def test_long_turn_search_rounds_are_deeper_than_the_lookahead_level():
    look = lambda s: LookaheadAgent(MACRO, s, nodes=100, cap=0.1)  # noqa: E731
    r = SearchAgent(MACRO, 1, budget=1.0, look=look, deepen=3.0).lookahead()
    assert r.nodes == 300
    # the safety cap is the decision's, not a share of it per round (the rounds' work is the limit)
    assert r.cap == pytest.approx(0.1)
    r = SearchAgent(MACRO, 1, budget=1.0, look=look, deepen=1.0, finish=4).lookahead()
    assert (r.nodes, r.cap, r.finish) == (100, 0.1, 4)
