"""The scripted BHM opponent (AI level "scripted").

A rule-based player that decides from what its seat can see: its own hand and
invocations, both fields, territories, dead zones and the C.LL counters — never
the opponent's hand, invocation zone or either deck order. It does not simulate
(no clone could hide the opponent's reaction cards), so each decision is a
fast scoring of the legal actions (well under a millisecond).

How it plays:
* mulligan: sets aside cards it cannot use in the first turns (high-rank, non-instant);
* strategy phases: territories first, then instant calls and war calls that
  spend the call budget, objects and equipped powers on its best beings,
  harmful powers/strategies/abilities at the target they kill, rout (VAL) or
  hurt most, invocations with its invocation points;
* combat: attacks that kill first (lining up several attackers on one target
  when none kills alone), otherwise attacks that reach Salud; never attacks
  that only scratch RES (it is restored at the end of the turn);
* POD investment: the least amount that kills, else everything;
* reactions: always, when they protect or cancel; Terror on the being it routs.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from common.agents import Agent
from common.game import Action

from .effects import EFFECTS

if TYPE_CHECKING:
    from .cards import BhmCard
    from .game import BhmGame


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    # ------------------------------------------------------------------ entry
    def choose(self, game: Any) -> Action:
        g: BhmGame = game
        legal = g.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = g.decision()
        assert d is not None
        me = d.player
        kind = d.kind
        if kind == "mulligan":
            return self._mulligan(g, me, legal)
        if kind == "target":
            return self._target(g, me, d.context, legal)
        if kind == "invest":
            return self._invest(g, d.context, legal)
        if kind == "respond":
            reacts = [a for a in legal if a.kind == "react"]
            return reacts[0] if reacts else Action("pass")
        if kind == "draw":
            deck = len(g.zones[f"deck:{me}"])
            return Action("draw") if deck > 2 and Action("draw") in legal else Action("nodraw")
        if kind == "discard":
            return self._discard(g, me, legal)
        if kind == "combat":
            return self._combat(g, me, legal)
        return self._main(g, me, legal)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _value(g: BhmGame, c: BhmCard) -> float:
        """How much a card on the field is worth (to kill or to keep)."""
        v = 2.0 + c.d.rank
        if c.d.type in ("god", "demigod"):
            v += 3
        v += (g.cur(c, "fue") + g.cur(c, "pod")) / 300
        return v

    def _mulligan(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        for a in legal:
            if a.kind != "aside":
                continue
            c = g.card(int(a.args[0]))
            # the first turns' budget is small (C.LL starts at 0): look for cheap beings
            if c.d.is_field and not c.d.instant and c.d.rank >= 5:
                return a
            if c.d.type in ("strategy", "power", "object") and c.d.rank >= 4:
                return a
        return Action("keep")

    def _discard(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        def badness(a: Action) -> float:
            c = g.card(int(a.args[0]))
            return c.d.rank - (3 if c.d.instant else 0) - (2 if c.d.reaction else 0)

        return max(legal, key=badness)

    # ------------------------------------------------------------------ effect scoring
    def _effect_target_score(self, g: BhmGame, me: int, src: BhmCard, t: BhmCard) -> float:
        e = EFFECTS.get(src.d.effect)
        if e is None:
            return 0.0
        amt = src.d.amount
        v = self._value(g, t)
        name = e.name
        if t.controller == me:  # helpful effect on one of ours
            if name == "heal":
                return min(t.wounds, amt) / 100
            if name == "buff":
                return v / 2 + (2 if src.d.stat == "fue" and not t.attacked else 0)
            if name == "veil":
                return v / 3
            return 0.5
        if name == "kill":
            return -1 if g.has(t, "Immortal") or g.has(t, "Eternal") else v + 4
        if name == "annihilate":
            return -1 if g.has(t, "Eternal") else v + 8
        if name == "petrify":
            return -1 if g.has(t, "Eternal") else v + 3
        if name == "freeze":
            return v / 2 if not t.frozen else 0
        if name == "nameless":
            return v + 6 if g.has(t, "Eternal") else 0.1
        if name == "set_stat":
            before = g.cur(t, src.d.stat)
            return max(0.0, (before - amt) / 200)
        stat = {"damage": "salud", "drain": "pod", "fear": "val", "shatter": "res"}.get(name)
        if stat is None:
            return 0.5
        cur = g.stat(t, stat)
        if cur is None:
            return 0.0
        if stat == "salud" and (g.has(t, "Immortal") or g.has(t, "Eternal")):
            return 0.1
        if cur <= amt and stat != "res":
            return v + 3  # kills (Salud/POD) or routs (VAL)
        return min(cur, amt) / (cur + 1) * v / 2

    def _effect_worth(self, g: BhmGame, me: int, src: BhmCard) -> tuple[float, int]:
        """Best score of playing `src` now, and its best target (-1: none)."""
        targets = g.targets_for(me, src)
        e = EFFECTS.get(src.d.effect)
        if targets is None:
            if e is None:
                return 1.0, -1
            return self._untargeted_worth(g, me, src), -1
        if not targets:
            return -1.0, -1
        best = max(targets, key=lambda u: self._effect_target_score(g, me, src, g.card(u)))
        return self._effect_target_score(g, me, src, g.card(best)), best

    def _untargeted_worth(self, g: BhmGame, me: int, src: BhmCard) -> float:
        name = src.d.effect
        amt = src.d.amount
        enemies = [t for t in g.field_cards(1 - me) if t.d.is_being and g.affected_by(t, src, me)]
        mine = g.field_cards(me)
        if name == "war_cry":
            routs = sum(self._value(g, t) for t in enemies if (g.stat(t, "val") or 10**6) <= amt)
            return routs + 0.3 * len(enemies)
        if name == "quake":
            return 0.5 * len(enemies)
        if name == "rally":
            return sum(min(c.val_lost, amt) for c in mine) / 200
        if name == "draw":
            return 1.5 if len(g.zones[f"hand:{me}"]) < 6 else 0.2
        if name == "calm":
            return 3.0 if g.cll[me] >= 8 else 0.0
        if name == "empower":
            return 1.0
        return 0.5

    # ------------------------------------------------------------------ strategy phases
    def _main(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        best: tuple[float, Action] = (0.0, Action("next"))

        def consider(score: float, a: Action) -> None:
            nonlocal best
            if score > best[0]:
                best = (score, a)

        opp_terr = len(g.zones[f"territories:{1 - me}"])
        plan = self._call_plan(g, me, legal)
        invs = g.cards_in(f"invocations:{me}")
        inv_bonus: dict[int, float] = {}  # power rank -> bonus, when it would let an invoker invoke (BH-73)
        if invs and g.free_slot(me) is not None:
            lowest = min(i.d.rank for i in invs)
            for b in g.field_cards(me):
                if b.d.is_invoker and not b.inv_gained and not b.frozen:
                    for r in range(0, 11):
                        if r + b.d.rank >= lowest:
                            inv_bonus[r] = max(inv_bonus.get(r, 0.0), 8.0)
        for a in legal:
            k = a.kind
            if k == "territory":
                consider(20 + 5 * opp_terr, a)
            elif k == "call":
                c = g.card(int(a.args[0]))
                if c.d.instant or c.uid in plan:
                    consider(15 + c.d.rank + (5 if c.d.instant else 0), a)
            elif k == "invoke":
                inv = g.card(int(a.args[0]))
                consider(14 + inv.d.rank, a)
            elif k == "equip":
                o, b = g.card(int(a.args[0])), g.card(int(a.args[1]))
                consider(8 + o.d.rank + self._value(g, b) / 10, a)
            elif k == "power":
                c, b = g.card(int(a.args[0])), g.card(int(a.args[1]))
                if c.d.cost and c.d.cost >= g.cur(b, "pod"):
                    continue  # would kill its own executor (BH-33)
                bonus = inv_bonus.get(c.d.rank, 0.0)
                if c.d.equip:
                    score = 9 + c.d.rank + g.cur(b, "pod") / 200 - (3 if b.attacked else 0) + bonus
                else:
                    worth, _ = self._effect_worth(g, me, c)
                    if worth <= 0:
                        continue
                    worth += bonus
                    # prefer an executor with POD to power-attack afterwards, and a small one
                    score = 6 + worth + (0 if b.attacked else g.cur(b, "pod") / 300) - b.d.rank / 20
                    if g.phase == "strategy2" and c.d.effect == "empower":
                        continue
                consider(score, a)
            elif k == "strategy":
                c = g.card(int(a.args[0]))
                worth, _ = self._effect_worth(g, me, c)
                if worth > 0.4:
                    consider(5 + worth, a)
            elif k == "ability":
                b = g.card(int(a.args[0]))
                worth, _ = self._effect_worth(g, me, b)
                if worth > 0.2:
                    consider(4 + worth, a)
        return best[1]

    def _call_plan(self, g: BhmGame, me: int, legal: list[Action]) -> set[int]:
        """The war calls to make with the budget: the set of beings in hand that fits the budget and
        best balances numbers (each being counts for numerical balance, BH-08) and size."""
        cands = [
            g.card(int(a.args[0])) for a in legal if a.kind == "call" and not g.card(int(a.args[0])).d.instant
        ]
        cands.sort(key=lambda c: -c.d.rank)
        cands = cands[:10]
        free = sum(1 for i in range(10) if not g.zones[f"slot:{me}:{i}"].cards)
        best: tuple[float, set[int]] = (0.0, set())
        n = len(cands)
        for mask in range(1, 1 << n):
            chosen = [cands[i] for i in range(n) if mask >> i & 1]
            if len(chosen) > free or sum(c.d.rank for c in chosen) > g.budget:
                continue
            score = 3 * len(chosen) + sum(c.d.rank for c in chosen)
            if score > best[0]:
                best = (score, {c.uid for c in chosen})
        return best[1]

    def _target(self, g: BhmGame, me: int, ctx: dict[str, Any], legal: list[Action]) -> Action:
        targets = [a for a in legal if a.kind == "target"]
        if not targets:
            return legal[0]
        src = g.card(int(ctx["source"]))
        if g.sub == "terror":
            x = g.terror[1] if g.terror else 0

            def terror_score(a: Action) -> float:
                t = g.card(int(a.args[0]))
                v = self._value(g, t)
                return v + 10 if (g.stat(t, "val") or 0) <= x else v

            return max(targets, key=terror_score)
        if src.d.type == "territory":  # destroy the enemy territory that helps them most
            return max(targets, key=lambda a: g.card(int(a.args[0])).d.rank)
        return max(targets, key=lambda a: self._effect_target_score(g, me, src, g.card(int(a.args[0]))))

    # ------------------------------------------------------------------ combat
    def _phys(self, g: BhmGame, a: BhmCard, t: BhmCard, res: int) -> tuple[int, int]:
        """(Salud damage, RES left) of a physical attack against RES `res`."""
        f = g.cur(a, "fue")
        if f > res:
            return f - res, 0
        return 0, res - f

    def _combat(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        attacks = [a for a in legal if a.kind in ("attack", "pattack")]
        calls = [a for a in legal if a.kind == "call"]
        if calls:
            return max(calls, key=lambda a: g.card(int(a.args[0])).d.rank)
        if not attacks:
            return Action("next")
        by_target: dict[int, dict[int, dict[str, Action]]] = {}
        for a in attacks:
            by_target.setdefault(int(a.args[1]), {}).setdefault(int(a.args[0]), {})[a.kind] = a
        best: tuple[float, Action] | None = None
        for tu, attackers in by_target.items():
            plan = self._plan_kill(g, g.card(tu), attackers)
            if plan is not None and (best is None or plan[0] > best[0]):
                best = plan
        if best is None or best[0] <= 0.5:
            return Action("next")
        return best[1]

    def _plan_kill(
        self, g: BhmGame, t: BhmCard, attackers: dict[int, dict[str, Action]]
    ) -> tuple[float, Action] | None:
        """Line up attackers on `t` greedily (RES first, then Salud, BH-30/BH-34): a plan that kills
        scores by how few attackers it needs; otherwise the best single hit that reaches Salud."""
        salud = g.cur(t, "salud")
        res = g.cur(t, "res")
        mres = g.has(t, "Magic Resistance")
        undying = g.has(t, "Immortal") or g.has(t, "Eternal")
        left = dict(attackers)
        steps: list[tuple[int, Action]] = []
        first_single: tuple[int, Action] | None = None
        while left and salud > 0:
            choice: tuple[int, int, int, Action] | None = None  # (salud dmg, res left, -fue, action)
            for au, modes in left.items():
                a = g.card(au)
                for kind, act in modes.items():
                    if kind == "attack":
                        f = g.cur(a, "fue")
                        dmg, rleft = (f - res, 0) if f > res else (0, res - f)
                    else:
                        p = g.cur(a, "pod")
                        if mres:
                            dmg, rleft = (p - res, 0) if p > res else (0, res - p)
                        else:
                            dmg, rleft = p, res
                    cand = (dmg, -rleft, au, act)
                    if choice is None or cand[:2] > choice[:2]:
                        choice = cand  # type: ignore[assignment]
            assert choice is not None
            dmg, neg_rleft, au, act = choice
            if dmg <= 0 and -neg_rleft >= res:
                break  # nothing reaches Salud nor lowers RES
            if first_single is None:
                first_single = (dmg, act)
            steps.append((dmg, act))
            salud -= dmg
            res = -neg_rleft
            del left[au]
        v = self._value(g, t)
        if salud <= 0 and not undying and steps:
            # finish with one blow if a single attacker can; else start the line-up
            single = [s for s in steps if s[0] >= g.cur(t, "salud")]
            act = min(single, key=lambda s: s[0])[1] if single else steps[0][1]
            return 100 - 12 * len(steps) + v, act
        if first_single is None or first_single[0] <= 0:
            return None
        return first_single[0] / 100 + v / 10 - (5 if undying else 0), first_single[1]

    def _invest(self, g: BhmGame, ctx: dict[str, Any], legal: list[Action]) -> Action:
        t = g.card(int(ctx["target"]))
        need = g.cur(t, "salud")
        if g.has(t, "Magic Resistance"):
            need += g.cur(t, "res")
        amounts = sorted(int(a.args[0]) for a in legal if isinstance(a.args[0], int))
        for n in amounts:
            if n >= need:
                return Action("invest", (n,))
        return Action("invest", ("all",))
