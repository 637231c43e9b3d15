"""BHM: the opponent variants screened in session 39 (docs/ai.md, BHM, session 39), and an A/B
match on the tournament's schedule that plays them against the levels.

    PYTHONPATH=$PWD python tools/bhm_screens.py gre4 greedy --games 200 --seed 1 --log gre4.jsonl

An agent is an AI level of the game (scripted, greedy, lookahead, search) or one of `VARIANTS`.
Game i is dealt with seed SEED + i//2, A sits first in the even games (the schedule of
`triarch tournament bhm --agents A,B --games N --seed SEED`), and each agent is seeded with
`common.tournament.agent_seed(SEED, A, B, i, seat)`, so a level against a level plays the
tournament's very games. `--start`/`--games` play a slice (run slices in parallel, then `--tally`
their logs). Printed: A's W-L-D, score and 95% Wilson interval, wins from each seat, and each
side's CPU time per decision (`time.thread_time`: it does not grow with the machine's load).

The variants change only how a level judges its choices (none is a level of the game):

* `gr4` / `gr4m`: greedy, its own turn's candidates (the scripted choice and the 2 best by one
  ply, each played on to the end of the turn by the scripted player) scored after the opponent's
  whole next turn, both sides scripted, on 4 deals of the hidden cards: the mean evaluation
  (`gr4`), or half that and half the end of its own turn (`gr4m`);
* `grr4`: the same on the evaluation before its tanh (`raw_value`), which does not saturate;
* `gre4`: greedy, outside its own turn (reactions, the opponent's Terror), every candidate
  judged where the opponent's turn ends (played on by `finish_turn`) on 4 deals, raw evaluation;
* `lag`: the lookahead in its own turn, greedy's choice outside it.

Session 40 (docs/ai.md, BHM, session 40):

* `gfit1`: greedy on a logistic evaluation (`fitted_spec(FIT1)`, `features`) fitted on where turns end;
* `grx4`: its own turn's candidates finished on 4 deals, the opponent reacting with the hand dealt;
* `grg1`: its own turn's candidates scored after the opponent's next turn played by greedy (`reply_by`);
* `mc8` / `mc16`: its own turn's candidates judged by 8 / 16 scripted playouts to the game's end;
* `gkeep`: greedy that never sets a card aside in the mulligan;
* `gmul16`: greedy with its mulligan judged by 16 playouts — the `lookahead` level since session 40.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bhm import ai_search as S  # noqa: E402
from bhm.ai_search import (  # noqa: E402
    _SCRIPT,
    SPEC,
    BhmGreedyAgent,
    BhmLookaheadAgent,
    _ply_value,
    candidates,
    finish_turn,
)
from bhm.game import BhmGame  # noqa: E402
from common.agents import Agent, make_agent  # noqa: E402
from common.game import Action, Game  # noqa: E402
from common.search import value_of  # noqa: E402
from common.tournament import agent_seed, wilson_interval  # noqa: E402

RAW_WIN = 20.0  # a won (lost) game on the raw scale


def raw_value(g: BhmGame, seat: int) -> float:
    """The evaluation before its tanh (a won game +RAW_WIN, a lost one -RAW_WIN)."""
    g = S.settle(g, seat)
    if g.won is not None:
        return RAW_WIN if g.won == seat else -RAW_WIN
    v = max(-0.999999999, min(0.999999999, S.static_value(g, seat)))
    return math.atanh(v)


def reply_turn(g: BhmGame, seat: int, rng: random.Random, deals: int, raw: bool, limit: int = 60) -> float:
    """The mean value for `seat` after the opponent's whole next turn (`g`: their turn to come),
    both sides played by the scripted player, on `deals` deals of what `seat` cannot see."""
    if g.won is not None:
        win = RAW_WIN if raw else 1.0
        return win if g.won == seat else -win
    tot = 0.0
    for _ in range(deals):
        h: BhmGame = S.determinize(g, seat, rng)  # type: ignore[assignment]
        turn = h.turn
        n = 0
        while h.won is None and h.turn == turn and n < limit:
            h.apply_legal(_SCRIPT.choose(h))
            n += 1
        tot += raw_value(h, seat) if raw else value_of(SPEC, h, seat)
    return tot / deals


class GreedyReply(BhmGreedyAgent):
    """Greedy whose own turn's candidates are scored after the opponent's reply turn."""

    def __init__(self, seed: int, deals: int = 4, mix: float = 1.0, raw: bool = False) -> None:
        super().__init__(SPEC, seed)
        self.deals, self.mix, self.raw = deals, mix, raw

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        d = game.decision()
        if len(legal) == 1 or d is None or game.active != d.player:  # type: ignore[attr-defined]
            return super().choose(game)
        seat = d.player
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base
        ranked = sorted(
            (a for a in acts if a != base), key=lambda a: _ply_value(self.spec, det, seat, a), reverse=True
        )
        seed = self.rng.getrandbits(32)
        best, best_v = base, -math.inf
        for a in (base, *ranked[: S.TURN_TOP]):
            g = det.clone()
            g.apply_legal(a)
            finish_turn(g, seat)
            if g.won == seat:
                return a
            own = raw_value(g, seat) if self.raw else value_of(self.spec, g, seat)
            after = reply_turn(g, seat, random.Random(seed), self.deals, self.raw)  # the same deals
            v = self.mix * after + (1 - self.mix) * own
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best


class GreedyReact(BhmGreedyAgent):
    """Greedy whose choices outside its own turn are judged where the opponent's turn ends."""

    def __init__(self, seed: int, deals: int = 4) -> None:
        super().__init__(SPEC, seed)
        self.deals = deals

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        d = game.decision()
        if len(legal) == 1 or d is None or game.active == d.player:  # type: ignore[attr-defined]
            return super().choose(game)
        seat = d.player
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base
        seed = self.rng.getrandbits(32)
        best, best_v = base, -math.inf
        for a in (base, *(x for x in acts if x != base)):
            rng = random.Random(seed)  # the same deals for every candidate
            tot = 0.0
            for _ in range(self.deals):
                h: BhmGame = S.determinize(det, seat, rng)  # type: ignore[assignment]
                h.apply_legal(a)
                tot += raw_value(finish_turn(h, seat), seat)
            if tot / self.deals > best_v + 1e-9:
                best, best_v = a, tot / self.deals
        return best


class LookaheadGreedyOutside(BhmLookaheadAgent):
    """The lookahead in its own turn, greedy's choice outside it."""

    def __init__(self, seed: int) -> None:
        super().__init__(SPEC, seed)
        self.greedy = BhmGreedyAgent(SPEC, seed + 1)

    def choose(self, game: Game) -> Action:
        d = game.decision()
        if d is not None and game.active != d.player and len(game.legal_actions()) > 1:  # type: ignore[attr-defined]
            return self.greedy.choose(game)
        return super().choose(game)


# ---------------------------------------------------------------------- session 40
FIT_FEATURES = (
    "cll_me",
    "cll_o",
    "dang_me",
    "dang_o",
    "bal_me",
    "bal_o",
    "mat",
    "hand_me",
    "hand_o",
    "beings_hand",
    "terr",
    "deck_me",
    "deck_o",
    "inv_me",
    "inv_o",
    "turn",
)


def features(g: BhmGame, me: int) -> dict[str, float]:
    """What a player sees of a position, as the numbers the fitted evaluations weigh."""
    o = 1 - me
    z = g.zones
    hand = [z.cards[u] for u in z[f"hand:{me}"].cards]
    return {
        "cll_me": g.cll[me],
        "cll_o": g.cll[o],
        "dang_me": max(0, g.cll[me] - 20) ** 2,
        "dang_o": max(0, g.cll[o] - 20) ** 2,
        "bal_me": g.balance_count(me),
        "bal_o": g.balance_count(o),
        "mat": sum(S._worth(g, c) for c in g.field_cards(me)) - sum(S._worth(g, c) for c in g.field_cards(o)),
        "hand_me": min(len(hand), 7),
        "hand_o": min(len(z[f"hand:{o}"]), 7),
        "beings_hand": sum(1 for c in hand if c.defn.is_being),
        "terr": len(z[f"territories:{me}"]) - len(z[f"territories:{o}"]),
        "deck_me": max(0, 4 - len(z[f"deck:{me}"])),
        "deck_o": max(0, 4 - len(z[f"deck:{o}"])),
        "inv_me": len(z[f"invocations:{me}"]),
        "inv_o": len(z[f"invocations:{o}"]),
        "turn": g.turn,
    }


def fitted_spec(weights: dict[str, float]) -> S.AiSpec:
    """SPEC with a logistic evaluation: tanh(z/2) = 2p-1 of the fitted win chance p (no clip needed)."""

    def evaluate(game: Game, seat: int) -> float:
        g: BhmGame = S.settle(game, seat)  # type: ignore[arg-type]
        if g.won is not None:
            return 1.0 if g.won == seat else -1.0
        f = features(g, seat)
        z = weights.get("bias", 0.0) + sum(w * f[k] for k, w in weights.items() if k != "bias")
        return math.tanh(z / 2)

    from dataclasses import replace

    return replace(SPEC, evaluate=evaluate)


def reply_by(
    g: BhmGame, seat: int, rng: random.Random, deals: int, spec: S.AiSpec, top: int, limit: int = 80
) -> float:
    """The mean value for `seat` after the opponent's whole next turn (`g`: their turn to come), the
    opponent played by greedy (its own turn's `top` best finished), `seat`'s reactions by the scripted
    player, on `deals` deals of what `seat` cannot see."""
    if g.won is not None:
        return 1.0 if g.won == seat else -1.0
    tot = 0.0
    for _ in range(deals):
        h: BhmGame = S.determinize(g, seat, rng)  # type: ignore[assignment]
        opp = GreedyTop(spec, rng.getrandbits(32), top)
        turn = h.turn
        n = 0
        while h.won is None and h.turn == turn and n < limit:
            d = h.decision()
            assert d is not None
            h.apply_legal(_SCRIPT.choose(h) if d.player == seat else opp.choose(h))
            n += 1
        tot += value_of(spec, h, seat)
    return tot / deals


class GreedyTop(BhmGreedyAgent):
    """Greedy finishing `top` candidates besides the scripted choice (TURN_TOP = 2 in the level)."""

    def __init__(self, spec: S.AiSpec, seed: int, top: int) -> None:
        super().__init__(spec, seed)
        self.top = top

    def choose(self, game: Game) -> Action:
        old = S.TURN_TOP
        S.TURN_TOP = self.top
        try:
            return super().choose(game)
        finally:
            S.TURN_TOP = old


class GreedyReplyGreedy(BhmGreedyAgent):
    """Greedy whose own turn's candidates (finished) are scored after the opponent's turn played by
    greedy (`reply_by`), the same deals for each; `mix` of that and (1 - mix) of the end of its own turn."""

    def __init__(
        self, seed: int, spec: S.AiSpec = SPEC, deals: int = 1, mix: float = 1.0, top: int = 1
    ) -> None:
        super().__init__(spec, seed)
        self.deals, self.mix, self.top = deals, mix, top

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        d = game.decision()
        if len(legal) == 1 or d is None or game.active != d.player:  # type: ignore[attr-defined]
            return super().choose(game)
        seat = d.player
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base
        ranked = sorted(
            (a for a in acts if a != base), key=lambda a: _ply_value(self.spec, det, seat, a), reverse=True
        )
        seed = self.rng.getrandbits(32)
        ends: dict[str, tuple[Action, BhmGame]] = {}
        for a in (base, *ranked[: S.TURN_TOP]):
            g = det.clone()
            g.apply_legal(a)
            finish_turn(g, seat)
            if g.won == seat:
                return a
            ends.setdefault(g.state_hash(), (a, g))
        if len(ends) == 1:
            return base
        best, best_v = base, -math.inf
        for a, g in ends.values():
            own = value_of(self.spec, g, seat)
            after = reply_by(g, seat, random.Random(seed), self.deals, self.spec, self.top)
            v = self.mix * after + (1 - self.mix) * own
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best


class GreedyPlayout(BhmGreedyAgent):
    """Greedy whose own turn's candidates (the scripted choice and the `top` best by one ply, each
    finished) are judged by `k` scripted playouts to the end of the game from where the turn ends;
    the end of its own turn breaks ties (weight `tie`)."""

    def __init__(self, seed: int, k: int = 16, top: int = 2, tie: float = 0.05) -> None:
        super().__init__(SPEC, seed)
        self.k, self.top, self.tie = k, top, tie

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        d = game.decision()
        if len(legal) == 1 or d is None or game.active != d.player:  # type: ignore[attr-defined]
            return super().choose(game)
        seat = d.player
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base
        ranked = sorted(
            (a for a in acts if a != base), key=lambda a: _ply_value(self.spec, det, seat, a), reverse=True
        )
        seed = self.rng.getrandbits(32)
        ends: dict[str, tuple[Action, BhmGame]] = {}
        for a in (base, *ranked[: self.top]):
            g = det.clone()
            g.apply_legal(a)
            finish_turn(g, seat)
            if g.won == seat:
                return a
            ends.setdefault(g.state_hash(), (a, g))
        if len(ends) == 1:
            return base
        best, best_v = base, -math.inf
        for a, g in ends.values():
            v = S.playout_value(g, seat, seed, self.k) + self.tie * value_of(self.spec, g, seat)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best


def finish_reacting(g: BhmGame, seat: int, limit: int = S.TURN_PLIES) -> BhmGame:
    """`finish_turn`, but the opponent's reaction windows answered by the scripted player on
    the hand `g` deals them (a determinization), not passed."""
    turn = g.turn
    n = 0
    while g.won is None and g.turn == turn and n < limit:
        g.apply_legal(_SCRIPT.choose(g))
        n += 1
    return g


class GreedyReacted(BhmGreedyAgent):
    """Greedy whose own turn's candidates are each played to the end of the turn on `deals` deals
    of the hidden cards, the opponent reacting (scripted) with the hand dealt; the mean value there
    (the same deals for each candidate; the scripted choice wins ties)."""

    def __init__(self, seed: int, deals: int = 4) -> None:
        super().__init__(SPEC, seed)
        self.deals = deals

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        d = game.decision()
        if len(legal) == 1 or d is None or game.active != d.player:  # type: ignore[attr-defined]
            return super().choose(game)
        seat = d.player
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base
        ranked = sorted(
            (a for a in acts if a != base), key=lambda a: _ply_value(self.spec, det, seat, a), reverse=True
        )
        seed = self.rng.getrandbits(32)
        best, best_v = base, -math.inf
        for a in (base, *ranked[: S.TURN_TOP]):
            rng = random.Random(seed)
            tot = 0.0
            for _ in range(self.deals):
                h: BhmGame = S.determinize(det, seat, rng)  # type: ignore[assignment]
                h.apply_legal(a)
                tot += value_of(self.spec, finish_reacting(h, seat), seat)
            if tot / self.deals > best_v + 1e-9:
                best, best_v = a, tot / self.deals
        return best


class GreedyKeeps(BhmGreedyAgent):
    """Greedy that never sets a card aside in the mulligan (it keeps the dealt hand)."""

    def choose(self, game: Game) -> Action:
        d = game.decision()
        if d is not None and d.kind == "mulligan":
            return Action("keep")
        return super().choose(game)


FIT1 = {
    "cll_me": -0.0947,
    "cll_o": 0.0265,
    "dang_me": -0.0550,
    "dang_o": 0.0389,
    "bal_me": -0.3167,
    "bal_o": 0.0828,
    "mat": 0.2484,
    "hand_me": 0.0814,
    "hand_o": -0.3454,
    "beings_hand": 0.3017,
    "terr": 0.0262,
    "inv_me": 0.0312,
    "inv_o": -0.0369,
    "turn": 0.0380,
    "bias": 0.6337,
}


VARIANTS: dict[str, Callable[[int], Agent]] = {
    "gfit1": lambda s: BhmGreedyAgent(fitted_spec(FIT1), s),
    "grx4": lambda s: GreedyReacted(s, 4),
    "gkeep": lambda s: GreedyKeeps(SPEC, s),
    "gmul16": lambda s: BhmGreedyAgent(SPEC, s, mulligan_playouts=16),  # = `lookahead` since session 40
    "mc8": lambda s: GreedyPlayout(s, 8),
    "mc16": lambda s: GreedyPlayout(s, 16),
    "grg1": lambda s: GreedyReplyGreedy(s, deals=1, top=1),
    "gr4": lambda s: GreedyReply(s, 4),
    "gr4m": lambda s: GreedyReply(s, 4, mix=0.5),
    "grr4": lambda s: GreedyReply(s, 4, raw=True),
    "gre4": lambda s: GreedyReact(s, 4),
    "lag": LookaheadGreedyOutside,
    # session 41: the search with the lookahead's mulligan by playouts (16 or 32 a choice)
    "smul16": lambda s: S.BhmSearchAgent(SPEC, s, mulligan_playouts=16),
    "smul32": lambda s: S.BhmSearchAgent(SPEC, s, mulligan_playouts=32),
}


def make(name: str, seed: int) -> Agent:
    return VARIANTS[name](seed) if name in VARIANTS else make_agent(BhmGame, name, seed)


def play(a: str, b: str, seed: int, i: int) -> dict[str, object]:
    """Game i of the schedule: its result for A and each side's CPU time per decision."""
    a_seat = i % 2
    names = (a, b) if a_seat == 0 else (b, a)
    agents = [make(names[s], agent_seed(seed, a, b, i, s)) for s in (0, 1)]
    game = BhmGame.new_game(seed=seed + i // 2)
    times: dict[str, list[float]] = {"a": [], "b": []}
    n = 0
    while not game.is_over() and n < 20_000:
        d = game.decision()
        assert d is not None
        t0 = time.thread_time()
        act = agents[d.player].choose(game)
        times["a" if d.player == a_seat else "b"].append(time.thread_time() - t0)
        game.apply(act)
        n += 1
    w = game.winner()
    r = "D" if w is None else "W" if w == a_seat else "L"  # (A sits in seat `a_seat`)
    return {"a": a, "b": b, "seed": seed, "i": i, "a_seat": a_seat, "r": r, "actions": n, "times": times}


def tally(rows: list[dict[str, object]]) -> str:
    w = sum(r["r"] == "W" for r in rows)
    lost = sum(r["r"] == "L" for r in rows)
    dr = len(rows) - w - lost
    n = len(rows)
    lo, hi = wilson_interval(w + dr / 2, n)
    first = sum(r["r"] == "W" and r["a_seat"] == 0 for r in rows)
    out = [
        f"{rows[0]['a']} vs {rows[0]['b']}: {w}-{lost}-{dr} over {n} games, {100 * (w + dr / 2) / n:.1f}% "
        f"[{100 * lo:.1f}-{100 * hi:.1f}], wins from the 1st seat {first}, from the 2nd {w - first}"
    ]
    deals: dict[int, dict[int, object]] = {}
    for r in rows:
        deals.setdefault(int(r["seed"]) * 100_000 + int(r["i"]) // 2, {})[int(r["a_seat"])] = r["r"]  # type: ignore[call-overload]
    kinds = {("W", "W"): "A both", ("L", "L"): "B both", ("W", "L"): "the 1st seat both"}
    both = Counter(kinds.get((d[0], d[1]), "the 2nd seat both") for d in deals.values() if len(d) == 2)
    out.append(
        f"  deals played twice: A won both {both['A both']}, B both {both['B both']}, "
        f"the 1st seat both {both['the 1st seat both']}, the 2nd seat both {both['the 2nd seat both']}"
    )
    for side in ("a", "b"):
        xs = sorted(x for r in rows for x in r["times"][side])  # type: ignore[index]
        if xs:
            p95 = xs[max(1, math.ceil(0.95 * len(xs))) - 1]
            out.append(
                f"  {rows[0][side]}: CPU per decision mean {1000 * sum(xs) / len(xs):.1f} ms, "
                f"p95 {1000 * p95:.1f} ms, max {1000 * xs[-1]:.1f} ms ({len(xs)} decisions)"
            )
    return "\n".join(out)


def overrules(games: int, seed: int) -> str:
    """Where the lookahead chooses otherwise than greedy: in the games of `lookahead` against
    `greedy` (the schedule above), at every lookahead decision with a choice, greedy's choice on the
    same state (an agent of its own); each own-turn overrule is played, with greedy's choice, on to
    the end of the turn on one independent deal (seeded 7) and both are scored there."""
    count: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    ends = Counter[str]()
    for i in range(games):
        a_seat = i % 2
        names = ("lookahead", "greedy") if a_seat == 0 else ("greedy", "lookahead")
        agents = [make(names[s], agent_seed(seed, "lookahead", "greedy", i, s)) for s in (0, 1)]
        shadow = BhmGreedyAgent(SPEC, 12345 + i)
        game = BhmGame.new_game(seed=seed + i // 2)
        while not game.is_over():
            d = game.decision()
            assert d is not None
            act = agents[d.player].choose(game)
            if names[d.player] == "lookahead" and len(game.legal_actions()) > 1:
                own = game.active == d.player
                key = f"{'own turn' if own else 'their turn'} {d.kind}"
                count[key] += 1
                other = shadow.choose(game)
                if other != act:
                    differ[key] += 1
                    if own:
                        det: BhmGame = S.determinize(game, d.player, random.Random(7))  # type: ignore[assignment]
                        mine = _ply_value(SPEC, det, d.player, act, True)
                        theirs = _ply_value(SPEC, det, d.player, other, True)
                        ends[
                            "same end of turn" if mine == theirs else "better" if mine > theirs else "worse"
                        ] += 1
            game.apply(act)
    out = [
        f"{k}: {count[k]} decisions, the lookahead otherwise than greedy in {differ[k]}"
        for k in sorted(count)
    ]
    out.append(f"own-turn overrules, the lookahead's turn end against greedy's on another deal: {dict(ends)}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", nargs="?", help="agent A: a level or a variant")
    ap.add_argument("b", nargs="?", help="agent B")
    ap.add_argument("--games", type=int, default=200, help="play games START..GAMES-1")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", help="append one JSON line per game here")
    ap.add_argument("--tally", nargs="+", metavar="LOG", help="only sum up these logs")
    ap.add_argument("--overrules", action="store_true", help="where the lookahead overrules greedy")
    args = ap.parse_args(argv)
    if args.overrules:
        print(overrules(args.games, args.seed))
        return 0
    if args.tally:
        rows = [json.loads(line) for p in args.tally for line in Path(p).read_text().splitlines() if line]
        print(tally(rows))
        return 0
    if not (args.a and args.b):
        ap.error("give agents A and B (or --tally)")
    rows = []
    for i in range(args.start, args.games):
        row = play(args.a, args.b, args.seed, i)
        rows.append(row)
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps(row) + "\n")
    print(tally(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
