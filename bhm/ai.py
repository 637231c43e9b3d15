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
* reactions: always, when they protect or cancel; an enemy reaction is answered
  (Mirror Edict, Smoke Bomb against a Riposte) when it cancels or hurts one of
  its own actions or beings (BH-67); Terror on the being it routs.
"""

from __future__ import annotations

import random
from itertools import combinations
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
            return self._respond(g, me, legal)
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
        if not c.d.is_being:
            v /= 3  # BH-71: an entity's loss gives no C.LL and it does not count for balance
        return v

    def _mulligan(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        """BH-02: the first turns' budget is small (C.LL starts at 0, BH-04): look for cheap beings.
        With fewer than two in hand, set aside everything else but territories."""
        hand = [g.card(int(a.args[0])) for a in legal if a.kind == "aside"]
        kept = [g.card(u) for u in g.zones[f"hand:{me}"].cards]
        cheap = sum(1 for c in kept if c.d.is_field and (c.d.instant or c.d.rank <= 3))
        for c in hand:
            if (c.d.is_field and (c.d.instant or c.d.rank <= 3)) or c.d.type == "territory":
                continue
            if cheap < 3 or (c.d.is_field and c.d.rank >= 5) or c.d.rank >= 4:
                return Action("aside", (c.uid,))
        return Action("keep")

    def _respond(self, g: BhmGame, me: int, legal: list[Action]) -> Action:
        """React (BH-67) when it matters: save protective reactions for attacks and powers that hurt."""
        found = g.answerable(me)
        assert found is not None
        _, pa = found
        threat = 0.0
        tgt = g.pending_target(pa)
        if tgt >= 0 and g.card(tgt).controller == me:
            t = g.card(tgt)
            salud = g.cur(t, "salud")
            if pa[0] == "react":  # an enemy reaction aimed at one of ours (Riposte at our attacker)
                r = g.card(int(pa[1]))
                dmg = r.d.amount if r.d.effect == "riposte" else 0
            elif pa[0] == "attack":
                dmg = max(0, g.cur(g.card(int(pa[1])), "fue") - g.cur(t, "res"))
            elif pa[0] == "pattack":
                amount = int(pa[3])
                dmg = max(0, amount - g.cur(t, "res")) if g.has(t, "Magic Resistance") else amount
            elif pa[0] == "terror":  # BH-100: it flees when the Terror takes all its VAL
                dmg = salud if int(pa[3]) >= g.cur(t, "val") else 0
            else:
                src = g.card(int(pa[1]))
                e = EFFECTS.get(src.d.effect)
                dmg = salud if e is not None and e.harmful else 0
            threat = 10.0 if dmg >= salud else dmg / 100
        best: tuple[float, Action] = (0.5, Action("pass"))
        for a in legal:
            if a.kind != "react":
                continue
            r = g.card(int(a.args[0]))
            name = r.d.effect
            if name == "foresight":
                score = 2.0
            elif name in ("cancel_power", "cancel_strategy"):
                score = 2.0 if pa[0] != "react" else self._reaction_hurts(g, me, pa)
            elif name == "riposte":
                att = g.card(int(pa[1]))
                score = 10.0 if g.cur(att, "salud") <= r.d.amount else 1.0 + threat
            else:  # cancel_attack, smoke, steel: protect the target
                score = threat
            if score > best[0]:
                best = (score, a)
        return best[1]

    @staticmethod
    def _reaction_hurts(g: BhmGame, me: int, pa: tuple[Any, ...]) -> float:
        """How much cancelling an enemy reaction (BH-67) is worth: it cancels or blunts one of our
        actions, or hits one of our beings; Foresight (a card drawn) is not worth a card."""
        name = g.card(int(pa[1])).d.effect
        if name == "foresight":
            return 0.0
        if name == "riposte":
            t = g.card(int(pa[3]))
            return 10.0 if g.cur(t, "salud") <= g.card(int(pa[1])).d.amount else 1.5
        return 3.0  # a cancel, Steel or Smoke Bomb against our action

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
            if name == "set_stat":
                gain = amt - g.cur(t, src.d.stat)
                return gain / 200 if gain > 0 and not t.attacked else 0.0
            if name == "veil":
                return 0.3  # hides it, but an Invisible being does not count for balance (BH-08)
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
                if b.d.is_invoker and not b.inv_gained and not b.frozen and not b.attacked:  # BH-74
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
            counted = sum(1 for c in chosen if "Invisible" not in c.d.keywords)  # BH-08
            score = 3 * counted + sum(c.d.rank for c in chosen)
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
                if g.has(t, "Eternal"):  # BH-101: it never flees, lost VAL is wasted
                    return 0.0
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
        """The cheapest set of attackers (up to 4) that kills `t`: physical attacks add up against RES,
        then Salud (BH-30, BH-34); power attacks go to Salud (to RES first with Magic Resistance).
        Without a kill, the single attack that takes most Salud."""
        salud = g.cur(t, "salud")
        res = g.cur(t, "res")
        mres = g.has(t, "Magic Resistance")
        undying = g.has(t, "Immortal") or g.has(t, "Eternal")
        v = self._value(g, t)
        # each attacker: (physical strength, power amount, action for each)
        opts = []
        for au, modes in attackers.items():
            a = g.card(au)
            f = g.cur(a, "fue") if "attack" in modes else 0
            p = g.cur(a, "pod") if "pattack" in modes else 0
            opts.append((au, f, p, modes))
        if not undying and salud > 0:
            # each attacker's blow in a kill set: its power attack when that is at least as strong
            blows = [
                (au, "pattack", p) if p >= f and p > 0 else (au, "attack", f) for au, f, p, _modes in opts
            ]
            # the cheapest set of up to 4 that kills; among equal costs, the lowest bit mask (the set
            # an enumeration of the masks in increasing order meets first)
            best_set: tuple[int, int, tuple[int, ...]] | None = None
            for size in range(1, min(4, len(blows)) + 1):
                for chosen in combinations(range(len(blows)), size):
                    phys = direct = cost = 0
                    for i in chosen:
                        _au, kind, amount = blows[i]
                        if kind == "attack" or mres:
                            phys += amount
                        else:
                            direct += amount
                        cost += amount
                    if max(0, phys - res) + direct >= salud:
                        mask = sum(1 << i for i in chosen)
                        if best_set is None or (cost, mask) < best_set[:2]:
                            best_set = (cost, mask, chosen)
            if best_set is not None:
                cost, _mask, chosen = best_set
                plan = [blows[i] for i in chosen]
                # physical blows first (strongest first) to strip RES, power attacks last
                plan.sort(key=lambda x: (x[1] != "attack", -x[2]))
                au, kind, _ = plan[0]
                base = 100 if t.d.is_being else 20  # killing a being: C.LL +2 and one fewer for balance
                return base + v - cost / 100 - 3 * len(plan), attackers[au][kind]
        best_hit: tuple[int, Action] | None = None
        for _au, f, p, modes in opts:
            for kind, amount in (("attack", f), ("pattack", p)):
                if kind not in modes:
                    continue
                dmg = max(0, amount - res) if (kind == "attack" or mres) else amount
                if best_hit is None or dmg > best_hit[0]:
                    best_hit = (dmg, modes[kind])
        if best_hit is None or best_hit[0] <= 0:
            return None
        wounded = 1 if t.wounds else 0
        return best_hit[0] / 100 + v / 10 + wounded - (5 if undying else 0), best_hit[1]

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


# The level the menu and `triarch play` offer first: the strongest one within the time limits
# (docs/ai.md, BHM section): since session 40 `lookahead` (greedy with its mulligan judged by
# playouts): 53.2% [50.1-56.3] against greedy over 1,000 games, the strongest level measured.
# Session 41: `search` (scripted mulligan) against it over the 400 games of seed 9001 is not
# shown stronger, so `lookahead` stays.
DEFAULT_LEVEL = "lookahead"


def agent_levels() -> dict[str, Any]:
    """The AI levels of this game, weakest first ('random' is added by common.agents)."""
    from .ai_search import SPEC, bhm_levels

    return {"scripted": lambda seed=0, **kw: ScriptedAgent(seed), **bhm_levels(SPEC)}
