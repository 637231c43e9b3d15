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
* `SearchAgent`: information-set search over determinizations, within a work
  budget (a number of iterations or rounds). For a game with short decisions it is single-observer
  ISMCTS: every iteration samples a determinization, walks the tree with UCB1
  over the actions available in that sample, expands one node, plays a short
  rollout and cuts it off with the evaluation. Where a game has long turns
  (`AiSpec.macro`) the moves it weighs are whole-turn lines: every round samples
  a determinization and runs the game's lookahead over the rest of the turn on
  it (its lines scored by the opponent's best reply there); the first action
  kept by the most rounds, then best on average, is played, and the next
  decision searches again with what has been revealed since. Each round's beam
  is `DEEPEN` times the lookahead level's, and the search stops as soon as
  `AGREE` rounds in a row prefer the leading action (a clear decision takes two
  rounds; a close one uses the budget). This is the lookahead's choice made
  deeper and on many deals of the hidden cards instead of one (measured
  stronger than searching a few whole-turn plans; docs/ai.md).

**Work, not time.** Every level stops on a count of work (the lookahead's nodes, the
search's rounds or iterations), so the same seed and the same state give the same choice
whatever the machine's load. A clock only guards against a runaway: each searching level
has a safety cap in seconds of this thread's CPU time (`clock`, `time.thread_time`: the
time other processes take does not count), set well above what the work budget costs, so
that it is not reached in play (docs/ai.md).

The lookahead can also rescore its best lines (`finish`: play the lines the
budget cut short on to the end of the turn; `reply_turn`: score lines after the
opponent's whole turn rather than their single best action); the levels of a
game choose which of these their rounds use.
"""

from __future__ import annotations

import math
import random
import threading
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
    `macro`: the game has long turns; `search` runs the lookahead on many deals.
    """

    evaluate: Evaluate
    determinize: Determinize
    rollout: Policy | None = None
    candidates: Candidates | None = None
    macro: bool = False
    # tuning knobs per game
    greedy_max_actions: int = 400
    lookahead_nodes: int = 400
    lookahead_width: int = 6
    lookahead_depth: int = 12
    reply_actions: int = 16
    rollout_plies: int = 8
    # `search` on long turns: the most positions a decision evaluates (its work budget)
    search_work: int = 20_000
    extra: dict[str, Any] = field(default_factory=dict)


def clock() -> float:
    """The safety caps' clock: this thread's CPU time in seconds (a test may replace it)."""
    return time.thread_time()


def now() -> float:
    """`clock()` as it stands (looked up at each call, so a replaced `clock` is used)."""
    return clock()


WIN = math.inf  # the score `first_scores` gives the first action of a winning line
# `search` on long turns: each round's beam is this many times the lookahead level's
# nodes, and the search stops when this many rounds in a row prefer the leading action
# (docs/ai.md)
DEEPEN = 3.0
AGREE = 2
# the search's work budget on short decisions (iterations; on long turns its limit is
# `AiSpec.search_work`, positions evaluated), and its safety cap in seconds of CPU time
# (`clock`), above what the work budget costs, so that it is not reached in play
ITERATIONS = 2000
SEARCH_CAP = 3.0
FINISH_PLIES = 12  # the most actions a finished line adds to a line cut short
TURN_PLIES = 30  # the most actions of the opponent's turn `LookaheadAgent.reply_turn` plays


def outcome(game: Game, seat: int) -> float:
    """+1 won, -1 lost, 0 drawn (for a finished game)."""
    w = game.winner()
    if w is None:
        return 0.0
    return 1.0 if w == seat else -1.0


class _Work(threading.local):
    """The evaluations this thread has made (`value_of`): the search's unit of work."""

    n = 0


_WORK = _Work()


def work_done() -> int:
    """How many positions this thread has evaluated so far (`value_of`): the search measures
    its work budget in these, so that it does the same work whatever the machine's load."""
    return _WORK.n


def value_of(spec: AiSpec, game: Game, seat: int) -> float:
    _WORK.n += 1
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


def best_ply(spec: AiSpec, game: Game, seat: int, legal: list[Action] | None = None) -> Action:
    """The candidate (of `legal`, default the legal actions) whose result `seat`
    evaluates best, one ply on `game` itself; the first one wins ties."""
    acts = _candidates(spec, game, legal)[: spec.greedy_max_actions]
    best: Action = acts[0]
    best_v = -math.inf
    for a in acts:
        g = game.clone()
        g.apply_legal(a)
        v = value_of(spec, g, seat)
        if v > best_v:
            best, best_v = a, v
    return best


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
        return self.pick(self._det(game, seat), seat, legal)

    def pick(self, det: Game, seat: int, legal: list[Action]) -> Action:
        """The choice on the determinization `det` (a game's greedy may judge otherwise)."""
        return best_ply(self.spec, det, seat, legal)


@dataclass(slots=True)
class _Line:
    value: float
    game: Game
    actions: tuple[Action, ...]


class LookaheadAgent(_SpecAgent):
    """Beam search over its own actions within the turn (see module docstring)."""

    name = "lookahead"

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        nodes: int | None = None,
        cap: float | None = None,
        hint: Policy | None = None,
        prior: float = 0.0,
        finish: int = 0,
        reply_turn: int = 0,
    ) -> None:
        super().__init__(spec, seed)
        self.nodes = nodes or spec.lookahead_nodes
        # the best `reply_turn` lines are scored after the opponent's whole next turn,
        # played one ply at a time by the evaluation from their side (0: their best
        # single action only); the choice is then made among those lines
        self.reply_turn = reply_turn
        # the best `finish` lines the budget cut short (still this seat's turn) are played
        # on one ply at a time by the evaluation until the turn passes, then scored by the
        # opponent's best reply like the lines that pass the turn (0: scored as they stand)
        self.finish = finish
        # a safety cap on top of the node budget (the limit): the beam stops widening
        # after `cap` seconds of CPU time (`clock`) and the best line found is played;
        # set well above what the nodes cost, so that it is not reached in play (None:
        # nodes only)
        self.cap = cap
        # a default choice (e.g. the scripted player's) whose lines get a head start
        # of `prior`: the beam overrules it only where it sees a clear gain
        self.hint = hint
        self.prior = prior

    def own_actions(self, game: Game) -> list[Action]:
        """The actions the beam tries in `game`, the seat's own turn: the game's candidates."""
        return _candidates(self.spec, game)

    def line_value(self, game: Game, seat: int, action: Action) -> float:
        """How the beam ranks a line whose last action `action` led to `game`, the seat's
        turn going on: its evaluation (a game may count what the action sets up)."""
        return value_of(self.spec, game, seat)

    def replies(self, game: Game) -> list[Action]:
        """The opponent's replies `reply_value` tries: its first `reply_actions` candidates."""
        return _candidates(self.spec, game)[: self.spec.reply_actions]

    def reply_value(self, game: Game, seat: int) -> float:
        """The position after the opponent's best one-ply reply (by our evaluation), among
        `replies`."""
        mover = _mover(game)
        if mover is None:
            return outcome(game, seat)
        if mover == seat:
            return value_of(self.spec, game, seat)
        worst = math.inf
        for b in self.replies(game):
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
        """The beam's lines (`beam`), best first, then rescored: the lines cut short
        finished (`finish`) and the best scored after the opponent's turn (`reply_turn`).
        A winning line comes alone."""
        done = self.beam(det, seat, nodes, deadline)
        if done and done[0].value >= 1.0:
            return done
        return self.rescore(done, seat, deadline)

    def rescore(self, done: list[_Line], seat: int, deadline: float | None) -> list[_Line]:
        """`finish` and `reply_turn` applied to the lines `done` (best first)."""
        if self.finish:
            self._finish_lines(done, seat, deadline, self.finish, lambda g: best_ply(self.spec, g, seat))
        if self.reply_turn:
            self._reply_turns(done, seat, deadline)
        return done

    def beam(
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
                acts = self.own_actions(line.game)
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
                        children.append(_Line(self.line_value(g, seat, a), g, seq))
                    if deadline is not None and now() > deadline:
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

    def _reply_turns(self, done: list[_Line], seat: int, deadline: float | None) -> None:
        """Score the best lines after the opponent's whole turn (their one-ply choices),
        and keep only the lines so scored (all scored alike), best first."""
        kept: list[_Line] = []
        for ln in done[: self.reply_turn]:
            if deadline is not None and kept and now() > deadline:
                break
            g = ln.game
            mover = _mover(g)
            if mover is not None and mover != seat:
                g = g.clone()
                for _ in range(TURN_PLIES):
                    mover = _mover(g)
                    if mover is None or mover == seat:
                        break
                    g.apply_legal(best_ply(self.spec, g, mover))
                ln.value = value_of(self.spec, g, seat)
            kept.append(ln)
        kept.sort(key=lambda ln: ln.value, reverse=True)
        done[:] = kept

    def _finish_lines(
        self,
        done: list[_Line],
        seat: int,
        deadline: float | None,
        count: int,
        step: Callable[[Game], Action],
    ) -> None:
        """Play the best `count` lines cut short on to the end of the turn (each action
        chosen by `step`), score them by the reply, and sort the lines again."""
        changed = False
        for ln in done[:count]:
            if deadline is not None and now() > deadline:
                break
            g = ln.game
            if g.is_over() or _mover(g) != seat:
                continue
            g = g.clone()
            for _ in range(FINISH_PLIES):
                if g.is_over() or _mover(g) != seat:
                    break
                g.apply_legal(step(g))
            ln.value = self.reply_value(g, seat) if not g.is_over() else outcome(g, seat)
            ln.game = g  # the finished position (the line's actions stay the beam's prefix)
            changed = True
        if changed:
            done.sort(key=lambda ln: ln.value, reverse=True)

    def first_scores(
        self, game: Game, seat: int, legal: list[Action], deadline: float | None = None
    ) -> dict[Action, float]:
        """On one determinization of `game`: for each first action of a line the beam
        kept, the value of the best such line; a winning line comes alone, scored
        `WIN`. Games whose lookahead weighs its lines otherwise override this."""
        return self.scores_on(self._det(game, seat), seat, deadline)

    def scores_on(self, det: Game, seat: int, deadline: float | None = None) -> dict[Action, float]:
        """`first_scores` on the determinization `det` itself."""
        hint = self.hint(det, self.rng) if self.hint is not None else None
        found = self.lines(det, seat, deadline=deadline)
        if found and found[0].value >= 1.0:
            return {found[0].actions[0]: WIN}
        best: dict[Action, float] = {}
        for ln in found:
            a = ln.actions[0]
            v = ln.value + (self.prior if a == hint else 0.0)
            if v > best.get(a, -math.inf):
                best[a] = v
        return best

    def choose(self, game: Game) -> Action:
        start = now()
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = _mover(game)
        assert seat is not None
        deadline = None if self.cap is None else start + self.cap
        scores = self.first_scores(game, seat, legal, deadline)
        legal_set = set(legal)
        ranked = [a for a in scores if a in legal_set]
        return max(ranked, key=scores.__getitem__) if ranked else legal[0]


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
    """Single-observer ISMCTS with evaluation cut-off rollouts, or on long turns the
    lookahead on many deals (see module docstring); within a work budget."""

    name = "search"
    C = 0.7

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        budget: float | None = None,
        iterations: int | None = None,
        look: Callable[[int], LookaheadAgent] | None = None,
        work: int | None = None,
        deepen: float = DEEPEN,
        agree: int | None = AGREE,
        finish: int = 0,
        reply_turn: int = 0,
    ) -> None:
        super().__init__(spec, seed)
        # the work budget, the limit: on long turns the positions a decision may evaluate
        # (`work`, default `spec.search_work`), and at most `iterations` rounds if given;
        # on short decisions `iterations` iterations (default `ITERATIONS`)
        self.work = spec.search_work if work is None else work
        self.iterations = iterations
        # the safety cap: seconds of CPU time (`clock`) per decision, set well above what the
        # work budget costs; a round or iteration that would not fit is not started
        self.budget = SEARCH_CAP if budget is None else budget
        self.look = look  # makes the game's lookahead from a seed (long turns)
        # long turns: each round's beam gets `deepen` times the lookahead level's nodes,
        # and the search stops once `agree` rounds in a row preferred the action that
        # leads (None: it uses its whole work budget)
        self.deepen = deepen
        self.agree = agree
        self.finish = finish  # if > 0: each round's beam finishes this many lines cut short
        self.reply_turn = reply_turn  # if > 0: and scores this many after the opponent's turn
        self.last_iterations = 0
        self.last_work = 0  # the positions the last search on a long turn evaluated
        self._slowest = 0.0
        self._last = 0.0

    # -- the budget ------------------------------------------------------------
    def _go_on(self, start: float, n: int) -> bool:
        if n >= (ITERATIONS if self.iterations is None else self.iterations):
            return False
        t = now()
        if n:
            self._slowest = max(self._slowest, t - self._last)
        self._last = t
        if n == 0:
            self._slowest = 0.0
            return True
        # the safety cap: stop early enough that even the slowest iteration so far,
        # twice over, cannot overrun it
        return t - start + 2 * self._slowest < self.budget * 0.97

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
        start = now()
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

    # -- long turns: the lookahead over many determinizations --------------------------
    def lookahead(self) -> LookaheadAgent:
        """The beam `search` runs on each determinization: the game's `lookahead` level
        (`look` given to the constructor), drawing its deals from this agent's RNG."""
        look = self.look(self.rng.randrange(1 << 30)) if self.look else LookaheadAgent(self.spec)
        look.rng = self.rng
        if self.deepen != 1.0:
            look.nodes = max(1, round(look.nodes * self.deepen))
        if self.finish:
            look.finish = self.finish
        if self.reply_turn:
            look.reply_turn = self.reply_turn
        return look

    def _search_turn(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """Every round deals a determinization and runs the lookahead's beam over the
        rest of the turn on it (each line that passes the turn scored by the opponent's
        best reply there); each first action keeps how many rounds' beams kept it and
        the mean value of its best line. The choice is the first action kept most
        often, then best on average: the lookahead's choice, made on many deals of
        the hidden cards instead of one. A winning line is taken at once."""
        start = now()
        look = self.lookahead()
        end = start + self.budget * 0.97
        rounds = self.iterations
        work0 = work_done()
        largest = 0  # the most work a round has taken
        sums: dict[Action, float] = {}
        counts: dict[Action, int] = {}
        picks: list[Action] = []  # each round's own best first action
        legal_set = set(legal)
        n = 0
        slowest = 0.0  # the longest round so far
        over = 0.0  # the most a round has run past its deadline (work after the beam)
        while rounds is None or n < rounds:
            t = now()
            w = work_done()
            # the work budget, the limit: a round is started only if half the largest round's
            # work still fits in it (the same work at every load)
            if n and w - work0 + 0.5 * largest > self.work:
                break
            # the safety cap (not reached in play): every round's beam stops at the end of the
            # cap, less the overrun seen so far; a round that would have less than half the
            # time of the longest one is not started
            stop = end - over
            if n and stop - t < 0.5 * slowest:
                break
            deadline = stop
            scores = look.first_scores(game, seat, legal, deadline)
            largest = max(largest, work_done() - w)
            done = now()
            slowest = max(slowest, done - t)
            over = max(over, done - deadline)
            for a, v in scores.items():
                if v == WIN and a in legal_set:
                    self.last_iterations, self.last_work = n + 1, work_done() - work0
                    return a
                sums[a] = sums.get(a, 0.0) + v
                counts[a] = counts.get(a, 0) + 1
            n += 1
            mine = [a for a in scores if a in legal_set]
            if mine:
                picks.append(max(mine, key=scores.__getitem__))
            # the deals agree: the last `agree` rounds preferred the action that leads
            if self.agree and len(picks) >= self.agree and len(set(picks[-self.agree :])) == 1:
                if picks[-1] == self._leader(sums, counts, legal_set):
                    break
        self.last_iterations, self.last_work = n, work_done() - work0
        return self._leader(sums, counts, legal_set) or legal[0]

    @staticmethod
    def _leader(sums: dict[Action, float], counts: dict[Action, int], legal: set[Action]) -> Action | None:
        """The first action kept by the most rounds, then best on average."""
        ranked = [a for a in sums if a in legal]
        if not ranked:
            return None
        return max(ranked, key=lambda a: (counts[a], sums[a] / counts[a]))

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = _mover(game)
        assert seat is not None
        if self.spec.macro:
            return self._search_turn(game, seat, legal)
        return self._search_actions(game, seat)


def search_levels(spec: AiSpec) -> dict[str, Callable[..., Agent]]:
    """The three shared levels for a game's `agent_levels()`."""
    return {
        "greedy": lambda seed=0, **kw: GreedyAgent(spec, seed),
        "lookahead": lambda seed=0, **kw: LookaheadAgent(spec, seed),
        "search": lambda seed=0, budget=None, **kw: SearchAgent(spec, seed, budget=budget),
    }
