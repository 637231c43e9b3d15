"""BHM AI levels greedy, lookahead and search (common.search with bhm.ai_search):
legal choices, determinization, no cheating, the lethal check; long matches are slow."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bhm.ai import ScriptedAgent
from bhm.ai_search import (
    MULLIGAN_PLAYOUTS,
    SPEC,
    BhmGreedyAgent,
    BhmLookaheadAgent,
    BhmSearchAgent,
    _ply_value,
    candidates,
    determinize,
    evaluate,
    playout_value,
)
from bhm.game import BhmGame
from common.agents import Agent, make_agent
from common.game import Action
from common.search import SearchAgent

from .helpers import position, rearranged

HIDDEN_KINDS = ("hand", "aside", "deck")


def _positions() -> list[BhmGame]:
    """Mid-game positions of scripted-vs-scripted games with a real choice to make,
    of several decision kinds."""
    out: list[BhmGame] = []
    kinds: dict[str, int] = {}
    for seed in (3, 8):
        g = BhmGame.new_game(seed=seed)
        agents = [ScriptedAgent(seed), ScriptedAgent(seed + 1)]
        while not g.is_over() and g.turn < 14:
            d = g.decision()
            assert d is not None
            if g.turn >= 5 and len(g.legal_actions()) > 2 and kinds.get(d.kind, 0) < 2:
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
                out.append(g.clone())
            g.apply(agents[d.player].choose(g))
    assert len(out) >= 4
    return out


POSITIONS = _positions()


def _seat(g: BhmGame) -> int:
    d = g.decision()
    assert d is not None
    return d.player


def _hand(g: BhmGame, p: int) -> list[str]:
    return sorted(g.card(u).defn.id for u in g.zones[f"hand:{p}"].cards)


# ---------------------------------------------------------------------- determinization
def test_determinize_keeps_counts_owners_and_what_the_seat_sees() -> None:
    for g in POSITIONS:
        seat = _seat(g)
        before = g.state_hash()
        det = determinize(g, seat, random.Random(1))
        assert g.state_hash() == before  # the real game is untouched
        det.check_invariants()
        for name, z in g.zones.zones.items():
            dz = det.zones[name]
            assert len(dz) == len(z), name
            assert all(det.zones.cards[u].owner == z.owner for u in dz.cards if z.owner is not None), name
            if not name.startswith(tuple(f"{k}:" for k in HIDDEN_KINDS)) and not name.startswith(
                f"invocations:{1 - seat}"
            ):
                assert dz.cards == z.cards, name  # public zones and the seat's hand stay as they are
        assert det.zones[f"hand:{seat}"].cards == g.zones[f"hand:{seat}"].cards
        assert sorted(det.zones[f"deck:{seat}"].cards) == sorted(g.zones[f"deck:{seat}"].cards)
        # the determinization plays on
        det.apply(det.legal_actions()[0])
        det.check_invariants()


def test_determinize_redeals_the_opponents_hidden_cards() -> None:
    g = POSITIONS[0]
    seat = _seat(g)
    real = _hand(g, 1 - seat)
    dealt = [_hand(determinize(g, seat, random.Random(s)), 1 - seat) for s in range(6)]  # type: ignore[arg-type]
    assert any(h != real for h in dealt)
    assert len({tuple(h) for h in dealt}) > 1
    # and the future random draws are new too
    assert determinize(g, seat, random.Random(1)).rng.digest() != g.rng.digest()


def test_determinize_is_the_same_when_hidden_cards_arerearranged() -> None:
    for k, g in enumerate(POSITIONS):
        seat = _seat(g)
        twin = rearranged(g, seat, k)
        assert _hand(twin, 1 - seat) != _hand(g, 1 - seat) or k > 0 or len(g.zones[f"hand:{1 - seat}"]) == 0
        a = determinize(g, seat, random.Random(7))
        b = determinize(twin, seat, random.Random(7))
        assert a.state_hash() == b.state_hash()


# ---------------------------------------------------------------------- the levels
def _agents(seed: int) -> dict[str, Agent]:
    return {
        "greedy": BhmGreedyAgent(SPEC, seed),
        "lookahead": BhmGreedyAgent(SPEC, seed, mulligan_playouts=MULLIGAN_PLAYOUTS),
        # a fixed iteration count (and a clock that never runs out) makes the search deterministic
        "search": SearchAgent(
            SPEC, seed, budget=1000.0, iterations=3, look=lambda s: BhmLookaheadAgent(SPEC, s)
        ),
    }


def test_levels_are_registered_weakest_first() -> None:
    levels = list(BhmGame.agent_levels())
    assert levels == ["scripted", "greedy", "lookahead", "search"]
    # the menu's default: the strongest level shown within the time limits (docs/ai.md, session 40)
    assert BhmGame.default_agent_level() == "lookahead"
    greedy = make_agent(BhmGame, "greedy", 1)
    assert isinstance(greedy, BhmGreedyAgent) and greedy.mulligan_playouts == 0
    # since session 40 the lookahead is greedy with its mulligan judged by playouts
    look = make_agent(BhmGame, "lookahead", 1)
    assert isinstance(look, BhmGreedyAgent) and look.mulligan_playouts == MULLIGAN_PLAYOUTS == 16
    agent = make_agent(BhmGame, "search", 1, budget=0.05)
    assert isinstance(agent, SearchAgent) and agent.budget == 0.05
    assert isinstance(agent.lookahead(), BhmLookaheadAgent)  # its beam on each deal is BHM's lookahead


@pytest.mark.parametrize("level", ["greedy", "lookahead", "search"])
def test_no_cheating_decision_unchanged_when_hidden_cards_move(level: str) -> None:
    """Each level returns a legal action, and the same one when the opponent's hidden cards are
    shuffled between hand and deck (and its own deck reordered)."""
    for k, g in enumerate(POSITIONS):
        seat = _seat(g)
        twin = rearranged(g, seat, 100 + k)
        a = _agents(k)[level].choose(g.clone())
        b = _agents(k)[level].choose(twin)
        assert a in g.legal_actions()
        assert a == b, (level, k, a, b)


def test_evaluate_is_bounded_and_sees_a_won_game() -> None:
    for g in POSITIONS:
        for p in (0, 1):
            v = evaluate(g, p)
            assert -1.0 <= v <= 1.0
        # the evaluation is symmetric enough: one side's good is the other's bad
        assert evaluate(g, 0) * evaluate(g, 1) <= 0.05


def test_candidates_merge_copies_but_keep_every_distinct_choice() -> None:
    for g in POSITIONS:
        legal = g.legal_actions()
        cands = candidates(g, legal)
        assert set(cands) <= set(legal)
        assert len(cands) <= len(legal)
        kinds = {a.kind for a in legal}
        assert {a.kind for a in cands} == kinds


def combat(mine: list[Any], theirs: list[Any], their_cll: int = 12) -> BhmGame:
    """Turn 9, P1 (C.LL 12) to attack in its combat phase with the beings `mine` (ids, or dicts of
    `[[player.being]]` keys) against `theirs` (C.LL `their_cll`); both hands empty."""
    return position(
        dict(cll=12, hand=[], being=mine),
        dict(cll=their_cll, hand=[], being=theirs),
        turn=9,
        active=1,
        phase="combat",
    )


def test_lookahead_takes_the_lethal_line() -> None:
    """P2 is at C.LL 30: killing the Obsidian Guard (RES 400, Salud 500) takes two attacks
    (Mountain Giant FUE 700 and Storm Roc FUE 500 together); no single attack kills, and the
    end of the turn alone would not reach 32. The lookahead finds the kill this turn."""
    g = combat(
        ["mountain_giant", "storm_roc", "ember_squire"], ["obsidian_guard", "stone_golem"], their_cll=30
    )
    assert not any(evaluate_kill_alone(g, a) for a in g.legal_actions() if a.kind == "attack"), (
        "the scenario must need two attacks"
    )
    ai = BhmLookaheadAgent(SPEC, 1)
    start = g.turn
    while not g.is_over() and g.turn == start:
        assert _seat(g) == 0
        g.apply(ai.choose(g.clone()))
    assert g.winner() == 0, g.reason


def evaluate_kill_alone(g: BhmGame, a: object) -> bool:
    twin = g.clone()
    twin.apply(a)  # type: ignore[arg-type]
    return twin.is_over()


# ---------------------------------------------------------------------- long matches (opt-in)
@pytest.mark.slow
@pytest.mark.parametrize(
    ("a", "b", "games", "floor", "budget"),
    [
        ("greedy", "scripted", 400, 0.58, None),
        ("lookahead", "greedy", 200, 0.43, None),
        ("search", "lookahead", 40, 0.30, 0.1),
    ],
)
def test_level_scores_reached(a: str, b: str, games: int, floor: float, budget: float | None) -> None:
    """The scores measured for docs/ai.md (lower ends of their 95% intervals): the issue's targets
    (75/60/55%) are NOT reached for BHM, so these guard what is, against regressions (greedy
    above scripted since session 31; the lookahead as strong as greedy since session 31b, and
    since session 40 greedy with the mulligan by playouts: 53.2% [50.1-56.3] over 1,000 games of
    seeds 1, 3001 and 4001, 52.0% over the 200 of seed 1, so the old floor still guards it)."""
    from common.tournament import run_tournament

    report = run_tournament(BhmGame, [a, b], games, 1, budget=budget)
    pair = report.pair_results()[0]
    assert pair["score"] >= floor, pair


# ---------------------------------------------------------------------- greedy's rules of thumb


def test_greedy_judges_an_attack_by_the_turn_it_opens() -> None:
    """The Obsidian Guard (RES 400, Salud 500) dies only to both attacks: the Mountain Giant's
    (FUE 700) strips its RES and leaves it at Salud 200, then the Storm Roc's (FUE 500) kills it.
    The scripted player kills the Ember Squire (rank 1) with the Storm Roc instead, and one ply
    sees no kill in the Giant's attack; greedy plays each candidate on to the end of the turn and
    kills the Guard (rank 3)."""
    g = combat(["mountain_giant", "storm_roc"], ["obsidian_guard", "ember_squire"])
    giant, roc = (c.uid for c in g.field_cards(0))
    guard, squire = (c.uid for c in g.field_cards(1))
    assert ScriptedAgent(0).choose(g) == Action("attack", (roc, squire))
    first = Action("attack", (giant, guard))
    twin = g.clone()
    twin.apply(first)
    assert twin.card(guard).zone.startswith("slot:"), "the Giant's attack alone must not kill"
    ai = BhmGreedyAgent(SPEC, 1)
    assert ai.choose(g.clone()) == first
    while not g.is_over() and g.turn == 9:
        g.apply(ai.choose(g.clone()))
    assert g.card(guard).zone == "dead:1"


def test_evaluation_sees_no_loss_in_an_immortal_beings_salud() -> None:
    """Salud lost does not bring an Immortal being (Bone Revenant) nearer its end: it dies only to
    POD 0, Annihilate or losing the keyword. Its worth, and the position, stay the same."""
    whole = combat(["storm_roc"], ["bone_revenant"])
    hurt = combat(["storm_roc"], [{"card": "bone_revenant", "wounds": 300}])
    rev = hurt.field_cards(1)[0]
    assert hurt.has(rev, "Immortal") and hurt.cur(rev, "salud") == 0
    assert evaluate(hurt, 0) == evaluate(whole, 0)


def test_lookahead_judges_its_lines_where_the_turn_ends() -> None:
    """The lookahead (session 31b) scores its lines where the turn ends, with greedy's choice among
    them: in every decision of its own turn (scripted game, seed 1, turns 5-8), its choice played
    on to the end of the turn is worth at least greedy's on the same deal. The shared beam, which
    scores lines cut short in mid-turn, falls short in several (a smaller being called, the phase
    ended with budget left)."""
    g = BhmGame.new_game(seed=1)
    agents = [ScriptedAgent(1), ScriptedAgent(2)]
    checked = 0
    while not g.is_over() and g.turn <= 8:
        d = g.decision()
        assert d is not None
        if g.turn >= 5 and g.active == d.player and len(g.legal_actions()) > 2:
            seat = d.player
            det = determinize(g, seat, random.Random(1))  # the deal both agents see first
            mine = BhmLookaheadAgent(SPEC, 1).choose(g.clone())
            greedy = BhmGreedyAgent(SPEC, 1).choose(g.clone())
            assert (
                _ply_value(SPEC, det, seat, mine, True) >= _ply_value(SPEC, det, seat, greedy, True) - 1e-9
            ), (
                g.turn,
                mine,
                greedy,
            )
            checked += 1
        g.apply(agents[d.player].choose(g))
    assert checked >= 10


def test_lookahead_past_its_clock_finishes_only_greedys_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a search round whose clock has run out, the lookahead still scores greedy's candidates
    (played on to the end of the turn first) but finishes no beam line: the round stays within
    the search's budget."""
    import bhm.ai_search as ai_search

    g = combat(["mountain_giant", "storm_roc"], ["obsidian_guard", "ember_squire"])
    finished: list[int] = []
    real = ai_search.finish_turn

    def counting(game: BhmGame, seat: int, limit: int = ai_search.TURN_PLIES) -> BhmGame:
        finished.append(seat)
        return real(game, seat, limit)

    monkeypatch.setattr(ai_search, "finish_turn", counting)
    ai = BhmLookaheadAgent(SPEC, 1)
    scores = ai.first_scores(g.clone(), 0, g.legal_actions(), deadline=0.0)  # long past
    assert len(finished) == len(scores) == 1 + ai_search.TURN_TOP


# ---------------------------------------------------------------------- the mulligan by playouts (session 40)
def _mulligans(count: int = 3) -> list[BhmGame]:
    """Opening positions at P1's mulligan in which the scripted player sets a card aside."""
    out: list[BhmGame] = []
    seed = 1
    while len(out) < count:
        g = BhmGame.new_game(seed=seed)
        d = g.decision()
        assert d is not None and d.kind == "mulligan"
        if ScriptedAgent(0).choose(g) != Action("keep"):
            out.append(g)
        seed += 1
    return out


def test_playouts_are_results_on_the_same_deals() -> None:
    """`playout_value`: the mean result of games played to their end (so within [-1, 1], in steps
    of 2/k), the same for the same seed, the same on a twin whose hidden cards are rearranged (it
    deals them anew), and exactly the result on a game already won."""
    g = POSITIONS[0]
    seat = _seat(g)
    v = playout_value(g, seat, 5, 4)
    assert -1.0 <= v <= 1.0 and (v * 4 / 2) % 1 == 0
    assert playout_value(g.clone(), seat, 5, 4) == v
    assert playout_value(rearranged(g, seat, 9), seat, 5, 4) == v
    won = g.clone()
    won.won = seat
    assert playout_value(won, seat, 5, 4) == 1.0 and playout_value(won, 1 - seat, 5, 4) == -1.0


def test_only_the_lookaheads_mulligan_differs_from_greedys() -> None:
    """Greedy sets aside what the scripted player does; the lookahead judges that step against
    keeping by playouts, and decides alike when the opponent's hidden cards are rearranged. Its
    play after the mulligan is greedy's (the same agent seed, the same choice)."""
    for k, g in enumerate(_mulligans()):
        seat = _seat(g)
        scripted = ScriptedAgent(0).choose(g)
        assert BhmGreedyAgent(SPEC, k).choose(g.clone()) == scripted
        mine = _agents(k)["lookahead"].choose(g.clone())
        assert mine in (scripted, Action("keep"))
        assert _agents(k)["lookahead"].choose(rearranged(g, seat, 50 + k)) == mine
    for k, g in enumerate(POSITIONS):
        assert _agents(k)["lookahead"].choose(g.clone()) == _agents(k)["greedy"].choose(g.clone())


def test_the_search_with_playouts_mulligans_as_the_lookahead_and_searches_after() -> None:
    """`BhmSearchAgent` (session 41's screen `smul16`/`smul32`): with `mulligan_playouts` its
    mulligan is the lookahead's (the same agent seed draws the same playout deals), without it the
    search's scripted step; after the mulligan it is the shared search (the same choice as the
    `SearchAgent` built as the level is)."""
    for k, g in enumerate(_mulligans()):
        scripted = ScriptedAgent(0).choose(g)
        assert BhmSearchAgent(SPEC, k, budget=1000.0).choose(g.clone()) == scripted
        look = _agents(k)["lookahead"].choose(g.clone())
        assert BhmSearchAgent(SPEC, k, mulligan_playouts=MULLIGAN_PLAYOUTS).choose(g.clone()) == look
    keep = BhmGame.new_game(seed=KEEP_SEED)  # (the hand the playouts keep, below)
    assert BhmSearchAgent(SPEC, 5, mulligan_playouts=MULLIGAN_PLAYOUTS).choose(keep) == Action("keep")
    for k, g in enumerate(POSITIONS[:2]):
        mine = BhmSearchAgent(SPEC, k, budget=1000.0, mulligan_playouts=16)
        mine.iterations = 3
        assert mine.choose(g.clone()) == _agents(k)["search"].choose(g.clone())


# Deal 41, P1's opening hand: the scripted player (so greedy, and the lookahead before session 40)
# sets a card aside; the playouts keep the hand (test below), and games played on from there by
# greedy on both sides win more often after keeping it (the slow test)
KEEP_SEED = 41


def test_the_lookahead_keeps_a_hand_the_scripted_mulligan_breaks_up() -> None:
    g = BhmGame.new_game(seed=KEEP_SEED)
    scripted = ScriptedAgent(0).choose(g)
    assert scripted.kind == "aside"
    assert BhmGreedyAgent(SPEC, 5).choose(g.clone()) == scripted
    assert make_agent(BhmGame, "lookahead", 5).choose(g.clone()) == Action("keep")


@pytest.mark.slow
def test_keeping_that_hand_wins_more_games_of_greedy() -> None:
    """The ground truth of the test above, judged otherwise than by the level: from each choice,
    40 games played to their end by greedy on both sides (P1's mulligan then scripted), on the same
    40 deals of what P1 cannot see. Keeping wins more of them (in session 40: 31 against 27)."""

    def wins(a: Action) -> int:
        g = BhmGame.new_game(seed=KEEP_SEED)
        g.apply_legal(a)
        n = 0
        for j in range(40):
            h: BhmGame = determinize(g, 0, random.Random(99 + j))  # type: ignore[assignment]
            agents = [make_agent(BhmGame, "greedy", 1000 + j), make_agent(BhmGame, "greedy", 2000 + j)]
            while not h.is_over():
                d = h.decision()
                assert d is not None
                h.apply(agents[d.player].choose(h))
            n += h.winner() == 0
        return n

    assert wins(Action("keep")) > wins(ScriptedAgent(0).choose(BhmGame.new_game(seed=KEEP_SEED)))
