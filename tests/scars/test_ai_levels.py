"""The Scars: the searching AI levels (greedy, lookahead, search), their
determinization of hidden cards (SC-22, SC-30: the opponent's hand, face-down
supports and every deck's order are hidden) and the proof that they do not peek."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from common.agents import agent_level_names, make_agent
from common.search import SearchAgent
from scars.ai import ScriptedAgent
from scars.ai_search import KINDS, SPEC, ScarsLookahead, candidates, determinize, evaluate
from scars.game import ScarsGame

from .test_ai_hidden import rearranged
from .util import scenario_text

LEVELS = ("greedy", "lookahead", "search", "beam", "beam-search")


def _agent(level: str, seed: int = 5):
    """The level as the menu makes it (since session 39 none of them reads a clock); `beam` and
    `beam-search`: the anchored beam of sessions 31–38 and the shared search on it (no longer
    levels, still checked), deterministic with a fixed number of rounds and no clock cap."""
    if level == "beam-search":
        return SearchAgent(
            SPEC,
            seed,
            budget=600.0,
            iterations=3,
            look=lambda s: ScarsLookahead(SPEC, s, cap=600.0, anchored=True, kinds=KINDS),
        )
    if level == "beam":
        return ScarsLookahead(SPEC, seed, cap=600.0, anchored=True, kinds=KINDS)
    return make_agent(ScarsGame, level, seed)


def positions(n: int = 4, seed: int = 11) -> list[ScarsGame]:
    """Mid-game positions of scripted games where the player to move has a real choice."""
    out: list[ScarsGame] = []
    for game_seed in range(seed, seed + 20):
        g = ScarsGame.new_game(seed=game_seed)
        agents = [ScriptedAgent(1), ScriptedAgent(2)]
        steps = 0
        want = 25 + 17 * len(out)
        while not g.is_over() and steps < 400:
            d = g.decision()
            assert d is not None
            if (
                steps >= want
                and len(g.legal_actions()) > 2
                and d.kind in ("recruit", "setup", "attack", "block")
            ):
                out.append(g.clone())
                break
            g.apply(agents[d.player].choose(g))
            steps += 1
        if len(out) >= n:
            return out
    return out


@pytest.fixture(scope="module")
def mid_games() -> list[ScarsGame]:
    found = positions()
    assert len(found) == 4
    return found


def test_levels_in_strength_order() -> None:
    assert agent_level_names(ScarsGame) == ["random", "scripted", "greedy", "lookahead", "search"]


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_returns_a_legal_action(level: str, mid_games: list[ScarsGame]) -> None:
    for g in mid_games:
        before = g.state_hash()
        a = _agent(level).choose(g)
        assert a in g.legal_actions()
        assert g.state_hash() == before  # the agent searched copies only


def test_lookahead_out_of_time_still_plays_a_legal_action(mid_games: list[ScarsGame]) -> None:
    """With its clock already run out the beam stops at once and the best line found (or the
    scripted choice) is played."""
    for g in mid_games:
        a = ScarsLookahead(SPEC, 3, cap=0.0).choose(g)
        assert a in g.legal_actions()


def test_greedy_and_lookahead_knobs_are_parameters(mid_games: list[ScarsGame]) -> None:
    """Outside its decision kinds (`kinds` one ply, `turn_kinds` its own turn judged where the
    turn ends) the greedy plays the scripted choice; with kinds=None the evaluation may decide
    everywhere (no environment switch)."""
    from scars.ai_search import ScarsGreedyAgent

    for g in mid_games:
        d = g.decision()
        assert d is not None
        scripted = ScriptedAgent(2).choose(determinize(g, d.player, random.Random(2)))
        none = frozenset()
        assert ScarsGreedyAgent(SPEC, 2, kinds=none, turn_kinds=none).choose(g) == scripted
        assert ScarsGreedyAgent(SPEC, 2, kinds=None).choose(g) in g.legal_actions()
        assert ScarsLookahead(SPEC, 2, kinds=frozenset()).choose(g) == scripted


def _zone_counts(g: ScarsGame) -> dict[str, int]:
    return {name: len(z.cards) for name, z in g.zones.zones.items()}


def _owners(g: ScarsGame) -> Counter[tuple[str, int | None]]:
    return Counter((c.zone, c.owner) for c in g.zones.cards.values())


def test_sc30_determinize_keeps_zones_and_what_the_seat_sees(mid_games: list[ScarsGame]) -> None:
    for g in mid_games:
        seat = g.decision().player  # type: ignore[union-attr]
        opp = 1 - seat
        for k in range(3):
            det = determinize(g, seat, random.Random(k))
            det.check_invariants()
            assert _zone_counts(det) == _zone_counts(g)
            assert _owners(det) == _owners(g)
            # what the seat sees is untouched: its view (and its legal actions) are the same
            assert det.view(seat) == g.view(seat)
            assert det.legal_actions() == g.legal_actions()
            # the hidden cards keep their multiset: the opponent's hand + supports + deck, our deck
            pool = (f"hand:{opp}", f"supports:{opp}", f"deck:{opp}")
            ids = lambda game, zones: sorted(game.card(u).defn.id for z in zones for u in game.zones[z].cards)  # noqa: E731
            assert ids(det, pool) == ids(g, pool)
            assert ids(det, (f"deck:{seat}",)) == ids(g, (f"deck:{seat}",))
            assert all(det.card(u).face_down for u in det.zones[f"supports:{opp}"].cards)
        # the game's own random generator is replaced (future chance is not foreseen)
        assert determinize(g, seat, random.Random(1)).rng.digest() != g.rng.digest()


def test_sc30_determinize_redeals_the_hidden_cards(mid_games: list[ScarsGame]) -> None:
    changed = 0
    for g in mid_games:
        seat = g.decision().player  # type: ignore[union-attr]
        real = [g.card(u).defn.id for u in g.zones[f"hand:{1 - seat}"].cards]
        for k in range(5):
            det = determinize(g, seat, random.Random(k))
            if sorted(det.card(u).defn.id for u in det.zones[f"hand:{1 - seat}"].cards) != sorted(real):
                changed += 1
    assert changed >= 10


def test_sc30_determinize_is_blind_to_where_hidden_cards_lie(mid_games: list[ScarsGame]) -> None:
    for g in mid_games:
        seat = g.decision().player  # type: ignore[union-attr]
        for k in range(3):
            twin = rearranged(g, seat, 100 + k)
            assert twin.state_hash() != g.state_hash()
            a = determinize(g, seat, random.Random(k))
            b = determinize(twin, seat, random.Random(k))
            assert a.state_hash() == b.state_hash()


@pytest.mark.parametrize("level", LEVELS)
def test_sc30_no_cheating_decision_unchanged_when_hidden_cards_move(
    level: str, mid_games: list[ScarsGame]
) -> None:
    """Shuffle the opponent's hand, supports and deck together (and our deck): same choice."""
    for i, g in enumerate(mid_games):
        mine = _agent(level, seed=i).choose(g)
        for k in range(2):
            twin = rearranged(g, g.decision().player, 7 * i + k)  # type: ignore[union-attr]
            assert _agent(level, seed=i).choose(twin) == mine, f"position {i}, rearrangement {k}"


def test_evaluate_is_bounded_and_symmetric(mid_games: list[ScarsGame]) -> None:
    for g in mid_games:
        v0, v1 = evaluate(g, 0), evaluate(g, 1)
        assert -1.0 <= v0 <= 1.0 and -1.0 <= v1 <= 1.0
        assert (v0 > 0) != (v1 > 0) or v0 == v1 == 0


def test_evaluate_prefers_more_lives() -> None:
    base = {"supports": 2, "units": [{"card": "n_mercenary", "position": "defense"}]}
    hurt = scenario_text({**base, "lives": 6}, {**base, "lives": 15})
    fine = scenario_text({**base, "lives": 15}, {**base, "lives": 15})
    assert evaluate(ScarsGame.new_game(seed=1, scenario=fine), 0) > evaluate(
        ScarsGame.new_game(seed=1, scenario=hurt), 0
    )


def test_candidates_drop_duplicate_cards_and_life_payments(mid_games: list[ScarsGame]) -> None:
    g = ScarsGame.new_game(
        seed=1,
        scenario=scenario_text(
            {
                "energy": 3,
                "supports": 2,
                "hand": ["n_militia", "n_militia"],
                "units": [{"card": "n_mercenary", "position": "defense"}],
            },
            {"supports": 1},
            phase="setup",
        ),
    )
    acts = g.legal_actions()
    cands = candidates(g, acts)
    assert set(cands) <= set(acts)
    # a position change paid with a life is dropped when energy would pay it
    assert any(a.kind == "pos" and a.args[-1] == "l" for a in acts)
    assert not any(a.kind == "pos" and a.args[-1] == "l" for a in cands)
    g2 = ScarsGame.new_game(
        seed=1,
        scenario=scenario_text({"energy": 3, "supports": 2, "hand": ["n_militia", "n_militia"]}, {}),
    )
    casts = [a for a in candidates(g2, g2.legal_actions()) if a.kind == "cast"]
    all_casts = [a for a in g2.legal_actions() if a.kind == "cast"]
    assert len(all_casts) == 2 * len(casts)  # the second Militia adds nothing new


LETHAL = scenario_text(
    {
        "hero": "hero_korrag",
        "lives": 10,
        "energy": 1,
        "supports": 2,
        "hand": ["n_militia", "wild_wildfire"],
        "deck": ["n_militia", "n_militia", "n_militia"],
    },
    {
        "hero": "hero_aurelia",
        "lives": 2,
        "supports": 1,
        "units": [{"card": "n_militia", "position": "defense"}],
        "deck": ["n_militia", "n_militia", "n_militia"],
    },
    phase="recruit1",
)


@pytest.mark.parametrize("level", ("lookahead", "search", "beam", "beam-search"))
def test_takes_the_lethal_line(level: str) -> None:
    """Two lives left on the enemy hero: move a life to energy (SC-18), then Wildfire (2
    damage, cost 2) at the hero. Playing the Militia first would leave too little energy."""
    g = ScarsGame.new_game(seed=1, scenario=LETHAL)
    agent = _agent(level)
    for _ in range(4):
        if g.is_over() or g.decision().player != 0:  # type: ignore[union-attr]
            break
        g.apply(agent.choose(g))
    assert g.winner() == 0


def test_scripted_misses_the_lethal_line() -> None:
    """The position is a real test: the scripted level moves the life too, then spends the
    energy on the Militia and misses the lethal Wildfire."""
    g = ScarsGame.new_game(seed=1, scenario=LETHAL)
    agent = ScriptedAgent(1)
    for _ in range(6):
        if g.is_over() or g.decision().player != 0:  # type: ignore[union-attr]
            break
        g.apply(agent.choose(g))
    assert g.winner() is None


# -- long runs: `pytest -m slow` ----------------------------------------------------------
@pytest.mark.slow
def test_greedy_against_scripted_400_games() -> None:
    """The measured figure (docs/ai.md, session 32): greedy beats scripted 266–134 over 400
    seat-swapped games (66.5%, 95% Wilson 61.7–71.0%; session 31: 57.2%). Both levels are
    deterministic, so the same command gives the same games; the test asserts what the figure
    shows — greedy is stronger than session 31's greedy was: its whole 95% interval lies above
    57.2% (the measured margin is 4.5 points)."""
    from common.tournament import run_tournament

    rep = run_tournament(ScarsGame, ["greedy", "scripted"], games=400, seed=1)
    (pair,) = rep.pair_results()
    assert not pair["errors"] and pair["capped"] == 0
    assert pair["wilson95"][0] > 0.572, pair


@pytest.mark.slow
def test_lookahead_and_search_play_clean_games() -> None:
    from common.tournament import run_tournament

    rep = run_tournament(ScarsGame, ["lookahead", "search", "scripted"], games=4, seed=3, budget=0.05)
    for pair in rep.pair_results():
        assert not pair["errors"] and pair["capped"] == 0, pair
