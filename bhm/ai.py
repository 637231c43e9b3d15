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
            return Action("draw") if deck > 8 and Action("draw") in legal else Action("nodraw")
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
        if g.zones[f"aside:{me}"].cards:
            return Action("keep")  # one pass: set aside, then keep
        for a in legal:
            if a.kind != "aside":
                continue
            c = g.card(int(a.args[0]))
            if c.d.is_field and not c.d.instant and c.d.rank >= 6:
                return a
            if c.d.type == "strategy" and c.d.rank >= 6:
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
        for a in legal:
            k = a.kind
            if k == "territory":
                consider(20 + 5 * opp_terr, a)
            elif k == "call":
                c = g.card(int(a.args[0]))
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
                if c.d.equip:
                    score = 9 + c.d.rank + g.cur(b, "pod") / 200 - (3 if b.attacked else 0)
                else:
                    worth, _ = self._effect_worth(g, me, c)
                    if worth <= 0:
                        continue
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
        by_attacker: dict[int, list[Action]] = {}
        for a in attacks:
            by_attacker.setdefault(int(a.args[0]), []).append(a)
        best_plan: tuple[float, Action] | None = None
        targets = {int(a.args[1]) for a in attacks}
        for tu in targets:
            t = g.card(tu)
            salud = g.cur(t, "salud")
            res = g.cur(t, "res")
            immortal = g.has(t, "Immortal") or g.has(t, "Eternal")
            mres = g.has(t, "Magic Resistance")
            options = []  # (salud damage, action) per attacker, best option each
            for au, acts in by_attacker.items():
                a = g.card(au)
                best_opt: tuple[int, Action] | None = None
                for act in acts:
                    if int(act.args[1]) != tu:
                        continue
                    if act.kind == "attack":
                        dmg, _ = self._phys(g, a, t, res)
                    else:
                        pod = g.cur(a, "pod")
                        dmg = max(0, pod - res) if mres else pod
                    if best_opt is None or dmg > best_opt[0]:
                        best_opt = (dmg, act)
                if best_opt is not None:
                    options.append(best_opt)
            if not options:
                continue
            options.sort(key=lambda o: -o[0])
            total = 0
            used = 0
            for dmg, _ in options:
                total += dmg
                used += 1
                if total >= salud:
                    break
            v = self._value(g, t)
            if total >= salud and not immortal and salud > 0:
                score = 100 + v * 3 - used
            else:
                top = options[0][0]
                if top <= 0:
                    continue
                score = top / 100 + v / 10 - (5 if immortal else 0)
            # with a kill line-up, the first attack is the strongest single option
            first = options[0][1]
            if total >= salud and not immortal:
                # use the smallest single attack that finishes it, if one exists
                finishers = [o for o in options if o[0] >= salud]
                if finishers:
                    first = min(finishers, key=lambda o: o[0])[1]
            if best_plan is None or score > best_plan[0]:
                best_plan = (score, first)
        if best_plan is None or best_plan[0] <= 0.5:
            return Action("next")
        return best_plan[1]

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
