"""The scripted opponent ("scripted" level).

A greedy one-step planner: for every legal action it plays the action on a
clone of the game, answers any follow-up choice of its own greedily, and
scores the result with `evaluate()`, which only reads what its seat may see
(the battlefield, both stones, its own hand size; never the opponent's hand
or any deck order). It ends its turn when nothing improves the position.
Deployment cells are pre-filtered to keep each decision well under 100 ms.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from common.agents import Agent
from common.game import Action, Game

if TYPE_CHECKING:
    from .game import HotgGame

WIN = 100_000.0


def evaluate(g: HotgGame, me: int) -> float:
    """Score the position for seat `me` from public information and its own hand."""
    if g.result is not None:
        if g.result == me:
            return WIN
        if g.result == -1:
            return 0.0
        return -WIN
    opp = 1 - me
    my_stone, op_stone = g.card(g.stones[me]), g.card(g.stones[opp])
    score = 4.0 * my_stone.hp - 5.0 * op_stone.hp
    if my_stone.hp <= 8:
        score -= (9 - my_stone.hp) * 6.0
    op_cell = op_stone.cell
    my_cell = my_stone.cell
    for uid in g.board_units(stones=False):
        c = g.card(uid)
        if c.controller is None:
            continue
        atk = g.attack_of(uid)
        hp = max(c.hp, 0)
        value = 2.0 * atk + 1.5 * hp + 0.8 * g.protect(uid) + 1.0
        if g.range_of(uid) > 1:
            value += 1.0
        if g.stealthed(uid):
            value += 1.0
        if g.has_guard(uid):
            value += 1.0
        if c.abilities("aura"):
            value += 2.0
        if c.controller == me:
            row, col = c.cell
            dist = abs(row - op_cell[0]) + abs(col - op_cell[1])
            value += max(0, 10 - dist) * 0.25 * max(atk, 1)
            if max(abs(row - op_cell[0]), abs(col - op_cell[1])) == 1:
                value += 1.5 * atk
            score += value
        else:
            row, col = c.cell
            dist = abs(row - my_cell[0]) + abs(col - my_cell[1])
            threat = max(0, 10 - dist) * 0.3 * atk
            score -= value + threat
    score += 1.5 * len(g.zones[f"hand:{me}"])
    if g.guarded(me):
        score += 3.0
    return score


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        g: HotgGame = game  # type: ignore[assignment]
        d = g.decision()
        assert d is not None
        me = d.player
        legal = g.legal_actions()
        if len(legal) == 1:
            return legal[0]
        candidates = self._prune(g, legal, me)
        base = evaluate(g, me) if d.kind == "turn" else -float("inf")
        best: Action | None = None
        best_score = base + 0.5 if d.kind == "turn" else -float("inf")
        for a in candidates:
            if a.kind == "end":
                continue
            twin = g.clone()
            twin.apply(a)
            self._finish_own_choices(twin, me)
            s = evaluate(twin, me) + self._rng.random() * 0.01
            if s > best_score:
                best, best_score = a, s
        if best is None:
            if d.kind == "turn":
                return Action("end")
            return candidates[0]
        return best

    def _finish_own_choices(self, g: HotgGame, me: int, depth: int = 0) -> None:
        """Answer this seat's own follow-up decisions (targets, reveals) greedily."""
        while depth < 3:
            d = g.decision()
            if d is None or d.player != me or d.kind == "turn":
                return
            options = g.legal_actions()
            best, best_s = options[0], -float("inf")
            for a in options:
                t = g.clone()
                t.apply(a)
                s = evaluate(t, me)
                if s > best_s:
                    best, best_s = a, s
            g.apply(best)
            depth += 1

    def _prune(self, g: HotgGame, legal: list[Action], me: int) -> list[Action]:
        """Keep every action but deployments: for those, only the few most useful cells."""
        op_stone = g.card(g.stones[1 - me])
        my_stone = g.card(g.stones[me])
        out: list[Action] = []
        plays: dict[int, list[Action]] = {}
        for a in legal:
            if a.kind == "play" and len(a.args) == 2 and isinstance(a.args[1], str):
                plays.setdefault(int(a.args[0]), []).append(a)
            else:
                out.append(a)
        for uid, acts in plays.items():
            d = g.card(uid).hdef

            def key(a: Action, d=d) -> float:
                r, c = (int(x) for x in str(a.args[1]).split(","))
                to_enemy = abs(r - op_stone.row) + abs(c - op_stone.col)
                to_home = max(abs(r - my_stone.row), abs(c - my_stone.col))
                if "Structure" in d.subtypes or "Guard" in d.keywords:
                    return to_home * 3 + to_enemy * 0.1
                return float(to_enemy)

            acts.sort(key=key)
            out += acts[:3]
        return out


# The strongest level that keeps to the time limits (docs/ai.md): the menu's default.
# `search` beat `lookahead` 112-88 over 200 seat-swapped games at its 1 s budget (round 3), and
# 35-23 over 58 of 200 on its work budget (session 36).
DEFAULT_LEVEL = "search"


def agent_levels() -> dict[str, Any]:
    """The AI levels of this game, weakest first ('random' is added by common.agents):
    the scripted planner above, then the shared searching levels of `common.search`
    with this game's evaluation and determinization (`hotg.ai_search`)."""
    from .ai_search import levels

    return {"scripted": lambda seed=0, **kw: ScriptedAgent(seed), **levels()}
