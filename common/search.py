"""The searching AI levels every game shares: `greedy`, `lookahead` and `search`.

Each game supplies an `AiSpec`: an evaluation of a position for a seat, and a
*determinization* — a copy of the game in which everything the seat cannot
see (the opponent's hand, the order of every deck, the game's future random
draws) is dealt anew at random, consistent with what the seat does see. Every
agent here searches only such copies, so it never reads hidden cards: shuffle
the opponent's hand into their deck and the agent's choice stays the same.

* `GreedyAgent` (one ply): tries each candidate action on a copy and keeps the
  best evaluation.
* `LookaheadAgent`: a beam search over sequences of its own actions until the
  turn passes, with a node budget that lets it go deeper when the turn has few
  options (adaptive depth); it takes a winning line at once (lethal check),
  and scores each line that passes the turn by the opponent's best one-ply
  reply.
* `SearchAgent`: information-set Monte Carlo tree search (single observer):
  every iteration samples a determinization, walks the tree with UCB1 over the
  actions available in that sample, expands one node, plays a short rollout
  and cuts it off with the evaluation, within a time budget (default 1 s).
  Where a game has long turns (`AiSpec.macro`), the moves searched are
  whole-turn plans found by the lookahead's beam (in 40% of the budget); every
  round of the rest deals one determinization and scores each plan on it by
  the opponent's best reply (or, with `plan_eval="rollout"`, a bandit of
  rollouts), and the agent plays the chosen plan out across the turn.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent
from .game import Action, Game

Evaluate = Callable[[Game, int], float]
Determinize = Callable[[Game, int, random.Random], Game]
Policy = Callable[[Game, random.Random], Action]
Candidates = Callable[[Game, list[Action]], list[Action]]


@dataclass(frozen=True)
class AiSpec:
    """What a game tells the shared search agents.

    `evaluate(game, seat)` scores a position for `seat` in [-1, 1] (terminal
    positions are scored here, not by the game). `determinize(game, seat, rng)`
    returns a new game as described in the module docstring. `rollout` is a
    cheap playing policy for rollouts (default: uniform random). `candidates`
    may prune or order the legal actions the agents try (default: all).
    `macro`: the game has long turns; search over whole-turn plans.
    """

    evaluate: Evaluate
    determinize: Determinize
    rollout: Policy | None = None
    candidates: Candidates | None = None
    macro: bool = False
    # how `search` scores a whole-turn plan: "reply" (the opponent's best one-ply
    # reply on each determinization) or "rollout" (a rollout from the plan's end)
    plan_eval: str = "reply"
    # tuning knobs per game
    greedy_max_actions: int = 400
    lookahead_nodes: int = 400
    lookahead_width: int = 6
    lookahead_depth: int = 12
    reply_actions: int = 16
    rollout_plies: int = 8
    plans: int = 8
    extra: dict[str, Any] = field(default_factory=dict)


def outcome(game: Game, seat: int) -> float:
    """+1 won, -1 lost, 0 drawn (for a finished game)."""
    w = game.winner()
    if w is None:
        return 0.0
    return 1.0 if w == seat else -1.0


def value_of(spec: AiSpec, game: Game, seat: int) -> float:
    if game.is_over():
        return outcome(game, seat)
    v = spec.evaluate(game, seat)
    return -0.999 if v < -0.999 else 0.999 if v > 0.999 else v


def _candidates(spec: AiSpec, game: Game, legal: list[Action] | None = None) -> list[Action]:
    acts = legal if legal is not None else game.legal_actions()
    if spec.candidates is not None and len(acts) > 1:
        acts = spec.candidates(game, acts) or acts
    return acts


def _mover(game: Game) -> int | None:
    d = game.decision()
    return d.player if d is not None else None


class _SpecAgent(Agent):
    def __init__(self, spec: AiSpec, seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def _det(self, game: Game, seat: int) -> Game:
        return self.spec.determinize(game, seat, self.rng)


class GreedyAgent(_SpecAgent):
    """One ply: the candidate whose resulting position evaluates best."""

    name = "greedy"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = _mover(game)
        assert seat is not None
        det = self._det(game, seat)
        acts = _candidates(self.spec, det, legal)[: self.spec.greedy_max_actions]
        best: Action = acts[0]
        best_v = -math.inf
        for a in acts:
            g = det.clone()
            g.apply_legal(a)
            v = value_of(self.spec, g, seat)
            if v > best_v:
                best, best_v = a, v
        return best


@dataclass(slots=True)
class _Line:
    value: float
    game: Game
    actions: tuple[Action, ...]


class LookaheadAgent(_SpecAgent):
    """Beam search over its own actions within the turn (see module docstring)."""

    name = "lookahead"

    def __init__(self, spec: AiSpec, seed: int = 0, nodes: int | None = None) -> None:
        super().__init__(spec, seed)
        self.nodes = nodes or spec.lookahead_nodes

    def reply_value(self, game: Game, seat: int) -> float:
        """The position after the opponent's best one-ply reply (by our evaluation)."""
        mover = _mover(game)
        if mover is None:
            return outcome(game, seat)
        if mover == seat:
            return value_of(self.spec, game, seat)
        acts = _candidates(self.spec, game)[: self.spec.reply_actions]
        worst = math.inf
        for b in acts:
            g = game.clone()
            g.apply_legal(b)
            v = value_of(self.spec, g, seat)
            if v < worst:
                worst = v
                if v <= -1.0:
                    break
        return worst

    def lines(
        self, det: Game, seat: int, nodes: int | None = None, deadline: float | None = None
    ) -> list[_Line]:
        """Complete lines of this turn (ending when the turn passes, the game
        ends, or the budget runs out), best first. A winning line comes alone."""
        spec = self.spec
        budget = nodes if nodes is not None else self.nodes
        frontier: list[_Line] = [_Line(0.0, det, ())]
        done: list[_Line] = []
        used = 0
        depth = 0
        while frontier and depth < spec.lookahead_depth:
            children: list[_Line] = []
            for line in frontier:
                acts = _candidates(spec, line.game)
                for a in acts:
                    g = line.game.clone()
                    g.apply_legal(a)
                    used += 1
                    seq = (*line.actions, a)
                    if g.is_over():
                        v = outcome(g, seat)
                        if v > 0:  # lethal: take it
                            return [_Line(1.0, g, seq)]
                        done.append(_Line(v, g, seq))
                    elif _mover(g) != seat:
                        done.append(_Line(self.reply_value(g, seat), g, seq))
                        used += spec.reply_actions // 2
                    else:
                        children.append(_Line(value_of(spec, g, seat), g, seq))
                    if deadline is not None and time.perf_counter() > deadline:
                        used = max(used, budget)
                        break
                if used >= budget:
                    break
            children.sort(key=lambda ln: ln.value, reverse=True)
            # adaptive depth: spend what is left of the budget on the best lines
            frontier = children[: spec.lookahead_width] if used < budget else []
            if used >= budget:
                done.extend(children[: spec.lookahead_width])
            depth += 1
        done.extend(frontier)
        done.sort(key=lambda ln: ln.value, reverse=True)
        return done

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = _mover(game)
        assert seat is not None
        found = self.lines(self._det(game, seat), seat)
        if not found:
            return legal[0]
        a = found[0].actions[0]
        return a if a in legal else legal[0]


class _Node:
    __slots__ = ("action", "avail", "children", "player", "total", "visits")

    def __init__(self, player: int, action: Any) -> None:
        self.player = player  # who chose the move leading here
        self.action = action
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[Any, _Node] = {}


class SearchAgent(_SpecAgent):
    """Single-observer ISMCTS with evaluation cut-off rollouts (see module docstring)."""

    name = "search"
    C = 0.7

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        budget: float | None = None,
        iterations: int | None = None,
    ) -> None:
        super().__init__(spec, seed)
        self.budget = 1.0 if budget is None else budget
        self.iterations = iterations
        self._plan: list[Action] = []
        self._plan_at = -1
        self.last_iterations = 0
        self._slowest = 0.0
        self._last = 0.0

    # -- the budget ------------------------------------------------------------
    def _go_on(self, start: float, n: int) -> bool:
        if self.iterations is not None:
            return n < self.iterations
        now = time.perf_counter()
        if n:
            self._slowest = max(self._slowest, now - self._last)
        self._last = now
        if n == 0:
            self._slowest = 0.0
            return True
        # stop early enough that even the slowest iteration so far, twice
        # over, cannot overrun the budget (the machine may be busy)
        return now - start + 2 * self._slowest < self.budget * 0.97

    def _rollout(self, g: Game, seat: int) -> float:
        pol = self.spec.rollout
        for _ in range(self.spec.rollout_plies):
            if g.is_over():
                break
            if pol is not None:
                a = pol(g, self.rng)
            else:
                acts = g.legal_actions()
                a = acts[self.rng.randrange(len(acts))]
            g.apply_legal(a)
        return value_of(self.spec, g, seat)

    @staticmethod
    def _ucb_pick(node: _Node, keys: list[Any], c: float) -> _Node:
        best = None
        best_u = -math.inf
        for k in keys:
            ch = node.children[k]
            u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if u > best_u:
                best, best_u = ch, u
        assert best is not None
        return best

    # -- single actions ----------------------------------------------------------------
    def _search_actions(self, game: Game, seat: int) -> Action:
        root = _Node(-1, None)
        start = time.perf_counter()
        n = 0
        while self._go_on(start, n):
            g = self._det(game, seat)
            node = root
            path = [root]
            while not g.is_over():
                mover = _mover(g)
                assert mover is not None
                acts = _candidates(self.spec, g)
                for a in acts:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                untried = [a for a in acts if a not in node.children]
                if untried:
                    a = untried[self.rng.randrange(len(untried))]
                    ch = node.children[a] = _Node(mover, a)
                    g.apply_legal(a)
                    path.append(ch)
                    break
                ch = self._ucb_pick(node, acts, self.C)
                g.apply_legal(ch.action)
                path.append(ch)
                node = ch
            v = self._rollout(g, seat)
            for nd in path[1:]:
                nd.visits += 1
                nd.total += v if nd.player == seat else -v
            n += 1
        self.last_iterations = n
        legal = game.legal_actions()
        ranked = sorted(root.children.values(), key=lambda c: (c.visits, c.total), reverse=True)
        for ch in ranked:
            if ch.action in legal:
                return ch.action
        return legal[0]

    # -- whole-turn plans --------------------------------------------------------------
    def plan_lines(self, game: Game, seat: int, start: float) -> list[_Line]:
        """The candidate whole-turn plans, best first: the lookahead's beam on one
        determinization, in 40% of the budget. Games may override."""
        look = LookaheadAgent(self.spec, self.rng.randrange(1 << 30))
        return look.lines(self._det(game, seat), seat, deadline=start + 0.4 * self.budget)

    def replier(self) -> LookaheadAgent:
        """Whose `reply_value` scores a plan (games with their own lookahead override)."""
        return LookaheadAgent(self.spec, 0)

    def _search_plans(self, game: Game, seat: int) -> list[Action]:
        start = time.perf_counter()
        lines = self.plan_lines(game, seat, start)
        if not lines:
            return []
        if lines[0].value >= 1.0:  # a winning line needs no sampling
            return list(lines[0].actions)
        top = lines[: self.spec.plans]
        plans = [list(ln.actions) for ln in top]
        if self.spec.plan_eval == "rollout":
            return plans[self._bandit_rollouts(game, seat, plans, start)]
        # "reply": every round deals one determinization and scores every plan on
        # it by the opponent's best reply (common random numbers); the beam's own
        # estimate counts as one sample, so the search refines the lookahead.
        look = self.replier()
        sums = [ln.value for ln in top]
        counts = [1] * len(plans)
        n = i = 0
        base: Game | None = None
        while self._go_on(start, n):
            if i == 0 or base is None:
                base = self._det(game, seat)
            g = base.clone()
            for a in plans[i]:
                if g.is_over() or _mover(g) != seat or a not in g.legal_actions():
                    break
                g.apply_legal(a)
            sums[i] += outcome(g, seat) if g.is_over() else look.reply_value(g, seat)
            counts[i] += 1
            i = (i + 1) % len(plans)
            n += 1
        self.last_iterations = n
        return plans[max(range(len(plans)), key=lambda j: sums[j] / counts[j])]

    def _bandit_rollouts(self, game: Game, seat: int, plans: list[list[Action]], start: float) -> int:
        """UCB1 over the plans, each try on a fresh determinization with a rollout."""
        stats = [[0, 0.0] for _ in plans]
        n = 0
        while self._go_on(start, n):
            total = sum(s[0] for s in stats) + 1
            if n < len(plans):
                i = n
            else:
                i = max(
                    range(len(plans)),
                    key=lambda j: (
                        stats[j][1] / stats[j][0] + self.C * math.sqrt(math.log(total) / stats[j][0])
                    ),
                )
            g = self._det(game, seat)
            for a in plans[i]:
                if g.is_over() or _mover(g) != seat or a not in g.legal_actions():
                    break
                g.apply_legal(a)
            v = self._rollout(g, seat)
            stats[i][0] += 1
            stats[i][1] += v
            n += 1
        self.last_iterations = n
        return max(range(len(plans)), key=lambda j: (stats[j][0], stats[j][1]))

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = _mover(game)
        assert seat is not None
        if not self.spec.macro:
            return self._search_actions(game, seat)
        # go on with the plan chosen earlier this turn while it still applies
        if self._plan and self._plan_at == len(game.history) and self._plan[0] in legal:
            a = self._plan.pop(0)
            self._plan_at += 1
            return a
        plan = self._search_plans(game, seat)
        if not plan or plan[0] not in legal:
            self._plan = []
            return legal[0]
        self._plan = plan[1:]
        self._plan_at = len(game.history) + 1
        return plan[0]


def search_levels(spec: AiSpec) -> dict[str, Callable[..., Agent]]:
    """The three shared levels for a game's `agent_levels()`."""
    return {
        "greedy": lambda seed=0, **kw: GreedyAgent(spec, seed),
        "lookahead": lambda seed=0, **kw: LookaheadAgent(spec, seed),
        "search": lambda seed=0, budget=None, **kw: SearchAgent(spec, seed, budget=budget),
    }
