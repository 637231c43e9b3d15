"""The searching AI levels of The Scars: `greedy`, `lookahead` and `search`.

The search itself is shared (`common.search`); this module gives it what is
particular to The Scars:

* `determinize(game, seat, rng)` — a copy in which everything `seat` cannot
  see is dealt anew: the opponent's hand, face-down supports (SC-22) and deck,
  and the order of the seat's own deck, plus a fresh random generator. The
  hidden cards are pooled in a canonical order before they are dealt, so that
  two positions differing only in where the opponent's hidden cards lie give
  the same copy for the same generator state (the agents cannot peek).
* `evaluate(game, seat)` — a score in [-1, 1] from lives (concave: the last
  lives count most), energy, the units on the table (attack, defense,
  keywords, up to the unit limit), structures and weapons, cards in hand,
  supports, the damage both sides threaten next turn, and a projection of the
  combat under way (the blocks the defender would make, the units that die,
  the lives lost).
* `candidates(game, actions)` — drops actions that are the same as another
  (two copies of a card in hand; paying a life where energy would do) and
  those that change nothing (the engine's `changes_nothing`).
* `rollout` — the scripted player (cheap) plays the rollouts.

The levels (weakest first): `greedy` is `ScarsGreedyAgent` (the scripted choice as default;
in its own turn the best candidates played on to the end of the turn by the scripted player,
`finish_turn`, and judged there; outside it one ply). Since session 39 `lookahead` is the same
agent with `reply=True` (each candidate played on through the opponent's whole next turn,
`play_turn`, and judged there) and `search` that on `SEARCH_DEALS` deals of the hidden cards
with `SEARCH_TOP` candidates. `ScarsLookahead` (the shared beam anchored on greedy's choice,
the lookahead of sessions 31–38, which the shared `SearchAgent` ran on many deals) is kept and
tested but no level uses it: it overruled greedy in about 3% of decisions. Measured in docs/ai.md.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from common import search as _search
from common.game import Action, Game
from common.rng import GameRng
from common.search import (
    WIN,
    AiSpec,
    GreedyAgent,
    LookaheadAgent,
    search_levels,
    value_of,
    work_done,
)

if TYPE_CHECKING:
    from .cards import ScarsCard
    from .game import ScarsGame

# -- evaluation weights (tuned by tournaments, see docs/ai.md) --------------------
W = {
    "life": 0.7,  # per life, plus LIFE_CURVE × log(1 + lives / 3): the last lives weigh most
    "untapped": 0.15,  # per untapped energy card (do not waste energy for nothing)
    "unit_base": 1.0,
    "attack": 1.0,
    "defense": 0.7,
    "keyword": 0.4,
    "perm": 0.8,  # structures and weapons: × (1 + cost)
    "hand": 0.9,  # per card in hand (own dead faction cards 0.3)
    "support": 1.5,  # per support needed for the units on the table and in hand
    "threat": 0.5,  # per point of damage that would get through next turn
    "exposed": 0.5,  # × value of an attack-position unit an enemy attacker kills
    "scale": 14.0,  # tanh(score / scale)
}
ENERGY = (1.5, 1.5, 1.5, 0.7, 0.7, 0.3)  # the worth of the 1st, 2nd, … energy card
ENERGY_MORE = 0.1
LIFE_CURVE = 6.0
HAND_CAP = 7
# unit uid → (attack, defense left, lasting attack, lasting defense): the first two for this
# turn's fights, the last two (without damage and until-end-of-turn boosts) for its worth
Stats = dict[int, tuple[int, int, int, int]]


def _life_value(lives: int) -> float:
    lives = max(0, lives)
    return W["life"] * lives + LIFE_CURVE * math.log1p(lives / 3.0)


def _energy_value(n: int) -> float:
    return sum(ENERGY[:n]) + ENERGY_MORE * max(0, n - len(ENERGY))


def _stats(g: ScarsGame) -> Stats:
    """Attack and defense left of every unit in play, with weapons and auras (one pass;
    `attack_of` would scan the table for every unit). Honor is left to the combat."""
    z = g.zones
    cards = z.cards
    aura = [[0, 0, 0, 0], [0, 0, 0, 0]]  # own atk, own def, enemy atk, enemy def
    others: list[tuple[int, int, int, int]] = []  # (controller, source uid, atk, def)
    for p in (0, 1):
        for zn in ("units", "structures"):
            for u in z[f"{zn}:{p}"].cards:
                st = cards[u].defn.static
                if st and st.get("effect") == "aura":
                    a, d = int(st.get("attack", 0)), int(st.get("defense", 0))
                    sc = st.get("scope")
                    if sc == "own_units":
                        aura[p][0] += a
                        aura[p][1] += d
                    elif sc == "enemy_units":
                        aura[1 - p][2] += a
                        aura[1 - p][3] += d
                    elif sc == "other_own_units":
                        others.append((p, u, a, d))
    weap: dict[int, list[int]] = {}
    for p in (0, 1):
        for w in z[f"weapons:{p}"].cards:
            wc: Any = cards[w]
            if wc.attached:
                x = weap.setdefault(wc.attached, [0, 0])
                x[0] += wc.defn.attack
                x[1] += wc.defn.defense
    out: Stats = {}
    for p in (0, 1):
        ap = aura[p]
        for u in z[f"units:{p}"].cards:
            c: Any = cards[u]
            a = c.stat("attack") + ap[0] + ap[2]
            d = c.stat("defense") + ap[1] + ap[3]
            wa = weap.get(u)
            if wa:
                a += wa[0]
                d += wa[1]
            for q, src, oa, od in others:
                if q == p and src != u:
                    a += oa
                    d += od
            ta = td = 0
            for m in c.modifiers:
                if m.until == "eot" and m.op == "add":
                    if m.stat == "attack":
                        ta += m.value
                    elif m.stat == "defense":
                        td += m.value
            out[u] = (max(0, a), d - c.damage, max(0, a - ta), d - td)
    return out


def _unit_value(c: ScarsCard, _atk: int, _left: int, atk: int, dfn: int) -> float:
    """What a unit is worth: lasting stats (damage and boosts wear off at the end of the turn)."""
    d = c.defn
    v = W["unit_base"] + W["attack"] * atk + W["defense"] * max(0, dfn) + W["keyword"] * len(d.keywords)
    if d.ability or d.static or d.trigger:
        v += 0.5 + 0.3 * d.cost
    return v


def _block_plan(g: ScarsGame, st: Stats, defender: int, attackers: list[ScarsCard]) -> dict[int, ScarsCard]:
    """The blocks a sensible defender would make (a cheap model of the reply)."""
    free = [u for u in g.units(defender) if u.position == "defense" and u.uid not in g.blocks]
    plan: dict[int, ScarsCard] = {}
    for a in sorted(attackers, key=lambda c: -st[c.uid][0]):
        atk, aleft, _, _ = st[a.uid]
        if atk <= 0 or a.uid in g.was_blocked:
            continue
        able = [b for b in free if g.can_block(b, a)]
        if not able:
            continue
        survive = [b for b in able if atk <= st[b.uid][1]]
        kill = [b for b in able if st[b.uid][0] > aleft]
        both = [b for b in survive if b in kill]
        pick = None
        if both:
            pick = min(both, key=lambda b: st[b.uid][0])
        elif survive:
            pick = min(survive, key=lambda b: st[b.uid][0])
        elif kill:
            va = _unit_value(a, *st[a.uid])
            cheap = [b for b in kill if _unit_value(b, *st[b.uid]) <= va]
            pick = min(cheap, key=lambda b: _unit_value(b, *st[b.uid])) if cheap else None
        if pick is not None:
            plan[a.uid] = pick
            free.remove(pick)
    return plan


def _combat(g: ScarsGame, st: Stats) -> tuple[int, set[int]]:
    """Project the combat under way: (damage to the defending hero, uids that die)."""
    dfd = 1 - g.active
    hero = g.hero_uid(dfd)
    atts = [g.card(a) for a in g.attackers if a in st]
    dead: set[int] = set()
    if not atts:
        return 0, dead
    hero_dmg = 0
    blocked: dict[int, list[ScarsCard]] = {}
    for bu, au in g.blocks.items():
        if bu in st:
            blocked.setdefault(au, []).append(g.card(bu))
    if g.phase == "attackers" or (g.phase == "blockers" and g.step != "window" and not g.combat_stage):
        # the blocks still to come: those a sensible defender would make
        open_ = [a for a in atts if g.attackers.get(a.uid) == hero and a.uid not in blocked]
        for a_uid, b in _block_plan(g, st, dfd, open_).items():
            blocked.setdefault(a_uid, []).append(b)
    for a in atts:
        atk = g.attack_of(a)  # with Honor
        aleft = st[a.uid][1]
        tgt = g.attackers[a.uid]
        bl = blocked.get(a.uid)
        if bl or a.uid in g.was_blocked:
            bl = bl or []
            left = atk
            for b in sorted(bl, key=lambda c: st[c.uid][1]):
                need = st[b.uid][1] + 1
                if left >= need and not g._prevented(a, b, atk):
                    dead.add(b.uid)
                    left -= need
            if left > 0 and all(b.uid in dead for b in bl) and g.has_kw(a, "Trample"):
                hero_dmg += left
            if sum(st[b.uid][0] for b in bl) > aleft:
                dead.add(a.uid)
        elif tgt == hero:
            hero_dmg += atk
        elif tgt in st:
            t = g.card(tgt)
            if atk > st[tgt][1] and not g._prevented(a, t, atk):
                dead.add(tgt)
            if st[tgt][0] > aleft and not g._prevented(t, a):
                dead.add(a.uid)
    return hero_dmg, dead


def _side(g: ScarsGame, st: Stats, p: int, me: int, dead: set[int], lives: int) -> float:
    z = g.zones
    cards = z.cards
    v = _life_value(lives)
    energy = z[f"energy:{p}"].cards
    v += _energy_value(len(energy))
    v += W["untapped"] * sum(1 for u in energy if not cards[u].tapped)
    vals = []
    n_units = 0
    for u in z[f"units:{p}"].cards:
        if u in dead:
            continue
        n_units += 1
        vals.append(_unit_value(cards[u], *st[u]))
    vals.sort(reverse=True)
    limit = g.unit_limit(p)
    v += sum(vals[:limit]) + 0.25 * sum(vals[limit:])
    for zn in ("structures", "weapons"):
        for u in z[f"{zn}:{p}"].cards:
            v += W["perm"] * (1 + cards[u].defn.cost)
    hand = z[f"hand:{p}"].cards
    want = n_units
    if p == me:
        hv = 0.0
        for u in hand:
            d: Any = cards[u].defn
            if g.can_cast_faction(p, d):
                hv += W["hand"]
                want += d.type == "unit"
            else:
                hv += 0.3
        v += min(hv, W["hand"] * HAND_CAP)
    else:
        v += W["hand"] * min(len(hand), HAND_CAP)
        want += 1 + len(hand) // 3
    # supports matter while they let units stay on the table (SC-23)
    v += W["support"] * min(len(z[f"supports:{p}"]), (want + 1) // 2)
    return v


def _threat(g: ScarsGame, st: Stats, p: int, dead: set[int]) -> tuple[int, float]:
    """What `p`'s attackers could do next turn against the other side's guard:
    (damage that gets through, value of the other side's exposed units)."""
    q = 1 - p
    atks = sorted(
        (
            st[c.uid][2]  # lasting attack: boosts until the end of this turn are gone by then
            for c in g.units(p)
            if c.uid not in dead and (c.position == "attack" or "Alert" in c.defn.keywords)
        ),
        reverse=True,
    )
    if not atks:
        return 0, 0.0
    guards = sum(1 for c in g.units(q) if c.uid not in dead and c.position == "defense")
    through = sum(atks[guards:])
    top = atks[0]
    exposed = 0.0
    for c in g.units(q):
        if c.uid in dead or c.position != "attack":
            continue
        if top > st[c.uid][3]:
            exposed += _unit_value(c, *st[c.uid])
    return through, exposed


def _resolved(g: ScarsGame) -> ScarsGame:
    """A copy in which what waits in the resolution zone resolves (both players pass)."""
    g = g.clone()
    for _ in range(12):
        d = g.decision()
        if d is None or d.kind != "respond" or not g.stack:
            break
        g.apply_legal(PASS)
    return g


PASS = Action("pass")
DONE = Action("done")


def evaluate(game: Game, seat: int) -> float:
    """A score of the position for `seat` in [-1, 1] (public information and its own hand)."""
    g: ScarsGame = game  # type: ignore[assignment]
    if g.stack and not g.over:
        g = _resolved(g)
    if g.over:
        w = g.win
        return 0.0 if w is None else (0.99 if w == seat else -0.99)
    opp = 1 - seat
    st = _stats(g)
    hero_dmg, dead = _combat(g, st) if g.attackers else (0, set())
    lives = [g.lives(0), g.lives(1)]
    lives[1 - g.active] -= hero_dmg
    if lives[opp] <= 0 < lives[seat]:
        return 0.98
    if lives[seat] <= 0 < lives[opp]:
        return -0.98
    score = _side(g, st, seat, seat, dead, lives[seat]) - _side(g, st, opp, seat, dead, lives[opp])
    mine, my_exp = _threat(g, st, seat, dead)
    theirs, their_exp = _threat(g, st, opp, dead)
    score += W["threat"] * (min(mine, lives[opp]) - min(theirs, lives[seat]))
    score += W["exposed"] * (my_exp - their_exp)
    if theirs >= lives[seat]:
        score -= 6.0
    if mine >= lives[opp]:
        score += 4.0
    return math.tanh(score / W["scale"])


# -- hidden information -----------------------------------------------------------
def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` with everything `seat` cannot see dealt anew from `rng`."""
    g: ScarsGame = game.clone()  # type: ignore[assignment]
    z = g.zones
    opp = 1 - seat
    # The opponent's hand, supports and deck form one pool; our deck another.
    for zones in ((f"hand:{opp}", f"supports:{opp}", f"deck:{opp}"), (f"deck:{seat}",)):
        counts = [len(z[n].cards) for n in zones]
        uids = sorted(u for n in zones for u in z[n].cards)
        if not uids:
            continue
        defs = sorted((z.cards[u].defn for u in uids), key=lambda d: d.id)
        rng.shuffle(defs)
        i = 0
        for n, k in zip(zones, counts, strict=True):
            part = uids[i : i + k]
            i += k
            z[n].cards = part
            face_down = n.startswith("supports:")
            for u, d in zip(part, defs[i - k : i], strict=True):
                c: Any = z.cards[u]
                c.reset()
                c.defn = d
                c.zone = n
                c.controller = c.owner
                c.face_down = face_down
    g.rng = GameRng(rng.getrandbits(62))
    # a private copy for searching: no need to carry the log and the history along
    g.log = type(g.log)()
    g.history = []
    g._invalidate()
    return g


# -- candidates and rollouts -------------------------------------------------------
def _signature(g: ScarsGame, a: Action) -> tuple[Any, ...]:
    out: list[Any] = [a.kind]
    cards = g.zones.cards
    for x in a.args:
        if isinstance(x, int) and x in cards:
            c = cards[x]
            if c.zone.startswith(("hand:", "deck:", "discard:")):
                out.append(c.defn.id)
                continue
        out.append(x)
    return tuple(out)


def candidates(game: Game, actions: list[Action]) -> list[Action]:
    """The legal actions without duplicates: the same card twice in hand gives the
    same choices; a position change or shelter paid with a life where energy would do; a
    prayer or an ability aimed where it changes nothing (the engine's `changes_nothing`)."""
    g: ScarsGame = game  # type: ignore[assignment]
    seen: set[tuple[Any, ...]] = set()
    with_energy = {a.args[:-1] for a in actions if a.kind in ("pos", "shelter") and a.args[-1] == "e"}
    out: list[Action] = []
    for a in actions:
        if a.kind in ("pos", "shelter") and a.args[-1] == "l" and a.args[:-1] in with_energy:
            continue
        if a.kind in ("cast", "ability", "hero") and a.args and g.changes_nothing(a):
            continue
        if a.kind in ("cast", "support", "discard"):
            s = _signature(g, a)
            if s in seen:
                continue
            seen.add(s)
        out.append(a)
    return out


_ROLLOUT_AGENTS: dict[int, Any] = {}


def rollout(game: Game, rng: random.Random) -> Action:
    """The scripted player's choice (cheap, sensible)."""
    from .ai import ScriptedAgent

    ag = _ROLLOUT_AGENTS.get(0)
    if ag is None:
        ag = _ROLLOUT_AGENTS[0] = ScriptedAgent(0)
    return ag.choose(game)


SPEC = AiSpec(
    evaluate=evaluate,
    determinize=determinize,
    rollout=rollout,
    candidates=candidates,
    macro=True,
    greedy_max_actions=60,
    lookahead_nodes=90,
    lookahead_width=4,
    lookahead_depth=10,
    reply_actions=6,
    rollout_plies=12,
    search_work=4000,  # `search`: about 1 s of CPU time here (docs/ai.md); seldom reached
)


PRIOR = 0.05  # the scripted choice's head start, in evaluation units
# The decisions where the evaluation may overrule the scripted choice. In recruitment and
# set-up it lost to the scripted heuristics in our matches (docs/ai.md), so they stay scripted.
KINDS = frozenset(
    ("block", "attack", "respond", "draw", "cleanup", "mulligan", "damage", "shelter", "target", "learn")
)
LOOKAHEAD_CAP = 1.0  # the safety cap (CPU seconds, `common.search.clock`): far above what its nodes cost
MARGIN = 0.08  # how much better a line must score to overrule the anchored greedy choice
COMPLETE = 6  # the best lines cut short by the budget that the lookahead plays on to the turn's end
# `search` (session 39): greedy's candidates judged after the opponent's next turn (as
# `lookahead`), the scripted choice and SEARCH_TOP others, on SEARCH_DEALS deals of the hidden cards
# (session 39b: 5 deals and 5 candidates scored the same against the lookahead over the same
# 200 games, 113-87, at more work: not kept; docs/ai.md)
SEARCH_DEALS = 3
SEARCH_TOP = 3


# In its own turn greedy plays its best candidates on to the end of the turn (`finish_turn`):
# the scripted choice and the `TURN_TOP` others the one-ply evaluation ranks best (docs/ai.md)
TURN_TOP = 2
TURN_PLIES = 60  # the most actions `finish_turn` plays
REPLY_PLIES = 80  # the most actions `play_turn` plays in the opponent's reply turn
# the decision kinds of its own turn judged where the turn ends
TURN_KINDS = frozenset(
    ("setup", "draw", "recruit", "attack", "respond", "damage", "target", "learn", "cleanup")
)


def finish_turn(g: ScarsGame, seat: int, script: Any, limit: int = TURN_PLIES) -> ScarsGame:
    """`g` (changed in place) once the turn in progress has passed: every decision gets the
    scripted player's choice (`script`), except the opponent's response windows, which are
    passed (their hand is not read)."""
    turn = g.turn
    n = 0
    while not g.over and g.turn == turn and n < limit:
        d = g.decision()
        if d is None:
            break
        if d.player != seat and d.kind == "respond":
            g.apply_legal(PASS)
        else:
            g.apply_legal(script.choose(g))
        n += 1
    return g


def play_turn(g: ScarsGame, script: Any, limit: int = REPLY_PLIES) -> ScarsGame:
    """`g` (changed in place) once the turn in progress has passed, every decision of both
    sides the scripted player's (`script`): on a determinization, so the side whose hand is
    hidden plays a hand dealt at random."""
    turn = g.turn
    n = 0
    while not g.over and g.turn == turn and n < limit:
        d = g.decision()
        if d is None:
            break
        g.apply_legal(script.choose(g))
        n += 1
    return g


class ScarsGreedyAgent(GreedyAgent):
    """The scripted player's choice as the default, on a determinization.

    In its own turn (the decision kinds `turn_kinds`: set-up and recruitment included) each
    candidate is judged where the turn ends: the scripted choice and the `turn_top` others the
    one-ply evaluation ranks best are each played on to the end of the turn by the scripted
    player (`finish_turn`), and the one whose turn ends best is played. A position in mid-turn
    misjudges what the turn will still do: the unit turned to attack in set-up for a lethal
    attack, the energy a permanent leaves for a prayer, an equip that wins a fight.

    Outside its turn, one ply: every candidate is tried and evaluated, only in the decision
    kinds `kinds` (None: all). The scripted choice gets a small head start (`prior`) everywhere,
    so that the evaluation overrules it only where it sees a clear gain."""

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        prior: float = PRIOR,
        kinds: frozenset[str] | None = KINDS,
        turn_kinds: frozenset[str] = TURN_KINDS,
        turn_top: int = TURN_TOP,
        reply: bool = False,
        deals: int = 1,
        budget: float | None = None,
    ) -> None:
        super().__init__(spec, seed)
        from .ai import ScriptedAgent

        self.hint = ScriptedAgent(seed)
        self.script = ScriptedAgent(seed)  # plays the candidates on to the end of the turn
        self.prior = prior
        self.kinds = kinds
        self.turn_kinds = turn_kinds
        self.turn_top = turn_top
        # `reply`: a candidate of its own turn is judged where the opponent's next turn ends
        # (played by the scripted player for both sides, `play_turn`), not where its own ends
        self.reply = reply
        # `deals`: in its own turn the candidates are judged on this many determinizations
        # and the best on average is played (1: greedy's single deal)
        self.deals = deals
        # `budget`: a safety cap in seconds of this thread's CPU time (`common.search.clock`) per
        # decision judged on several deals: a deal that would not fit is not started (the first
        # always is). None: no cap, the clock is never read (the level as the menu makes it)
        self.budget = budget
        self.last_iterations = 0  # the deals the last decision of its own turn judged on
        self.last_work = 0  # the positions it evaluated (`work_done`)

    def choose(self, game: Game) -> Action:
        # never a move that loses at once (an Insight on an empty deck), unless every one does
        legal = game.not_losing(game.legal_actions())
        if len(legal) == 1:
            return legal[0]
        d = game.decision()
        assert d is not None
        seat = d.player
        if self.deals <= 1 or game.active != seat or d.kind not in self.turn_kinds:  # type: ignore[attr-defined]
            return self.pick(self._det(game, seat), seat, legal)
        work0 = work_done()
        start = _search.now() if self.budget is not None else 0.0
        det: ScarsGame = self._det(game, seat)  # type: ignore[assignment]
        hint = self.hint.choose(det)
        cands = self._turn_candidates(det, legal, seat, hint)
        if len(cands) == 1:
            return hint
        total = [self.prior * self.deals] + [0.0] * (len(cands) - 1)
        used = 0
        for k in range(self.deals):
            if k and self.budget is not None:
                spent = _search.now() - start
                if spent + spent / k > self.budget:
                    # the safety cap: another deal (as dear as the average so far) would not fit;
                    # the head start counts for the deals judged only
                    total[0] -= self.prior * (self.deals - k)
                    break
            dk: ScarsGame = det if k == 0 else self._det(game, seat)  # type: ignore[assignment]
            if k and not set(cands) <= set(dk.legal_actions()):
                continue  # (a deal of our own deck that changes our choices: left out)
            used += 1
            for j, a in enumerate(cands):
                total[j] += self._judge(self._after(dk, a), seat)
        self.last_iterations, self.last_work = used, work_done() - work0
        j = max(range(len(cands)), key=total.__getitem__)
        return cands[j] if cands[j] in legal else legal[0]

    def pick(self, det: Game, seat: int, legal: list[Action]) -> Action:
        """The greedy choice on the determinization `det` (`GreedyAgent.choose` deals it)."""
        d = det.decision()
        assert d is not None
        kind = d.kind
        hint = self.hint.choose(det)
        g0: ScarsGame = det  # type: ignore[assignment]
        if g0.active == seat and kind in self.turn_kinds:
            return self._turn_pick(g0, legal, seat, hint)
        if self.kinds is not None and kind not in self.kinds:
            return hint
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        if hint not in acts:
            acts.append(hint)
        best, best_v = hint, -math.inf
        for a in acts:
            g = det.clone()
            g.apply_legal(a)
            v = value_of(self.spec, g, seat) + (self.prior if a == hint else 0.0)
            if v > best_v:
                best, best_v = a, v
        return best if best in legal else legal[0]

    def _after(self, det: ScarsGame, a: Action) -> ScarsGame:
        g = det.clone()
        g.apply_legal(a)
        return g

    def _judge(self, g: ScarsGame, seat: int) -> float:
        """`g` (a copy after a candidate, changed in place) scored where this turn ends, or with
        `reply` where the opponent's next turn ends."""
        finish_turn(g, seat, self.script)
        if self.reply and not g.over and g.active != seat:
            play_turn(g, self.script)
        return value_of(self.spec, g, seat)

    def _turn_candidates(self, det: ScarsGame, legal: list[Action], seat: int, hint: Action) -> list[Action]:
        """The scripted choice `hint` first, then the `turn_top` candidates the one-ply
        evaluation ranks best."""
        acts = [a for a in candidates(det, legal)[: self.spec.greedy_max_actions] if a != hint]
        ply = [value_of(self.spec, self._after(det, a), seat) for a in acts]
        order = sorted(range(len(acts)), key=lambda i: ply[i], reverse=True)[: self.turn_top]
        return [hint, *(acts[i] for i in order)]

    def _turn_pick(self, det: ScarsGame, legal: list[Action], seat: int, hint: Action) -> Action:
        """In its own turn: the scripted choice `hint` and the `turn_top` candidates the one-ply
        evaluation ranks best, each played on to the end of the turn (`finish_turn`; with
        `reply`, and through the opponent's next turn) and scored there; the best (the scripted
        choice wins ties, with its head start `prior`)."""
        acts = [a for a in candidates(det, legal)[: self.spec.greedy_max_actions] if a != hint]
        if not acts:
            return hint
        after = [(a, self._after(det, a)) for a in acts]
        ply = [value_of(self.spec, g, seat) for _, g in after]
        order = sorted(range(len(acts)), key=lambda i: ply[i], reverse=True)[: self.turn_top]
        best, best_v = hint, self._judge(self._after(det, hint), seat) + self.prior
        for i in order:  # (the copies after one ply are played on in place)
            v = self._judge(after[i][1], seat)
            if v > best_v:
                best, best_v = acts[i], v
        return best if best in legal else legal[0]


class ScarsLookahead(LookaheadAgent):
    """The shared beam search over its own actions within the turn (lethal check, the
    opponent's best one-ply reply) on its node budget, with a safety cap (`cap` seconds of
    CPU time, far above what the nodes cost: the beam would stop and play the best line
    found). Not `anchored`: the scripted choice gets the head
    start `prior` in the lines that begin with it. `anchored` (the `lookahead` level): the
    greedy level's choice is the default and the beam's best line overrules it only when
    it scores `margin` better. A winning line is taken in any decision; otherwise the
    beam decides only in the decision kinds `kinds` (None: everywhere)."""

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        nodes: int | None = None,
        cap: float = LOOKAHEAD_CAP,
        prior: float = PRIOR,
        kinds: frozenset[str] | None = None,
        complete: int = COMPLETE,
        anchored: bool = False,
        margin: float = MARGIN,
        reply_turn: int = 0,
    ) -> None:
        super().__init__(spec, seed, nodes, cap, prior=prior, reply_turn=reply_turn)
        self.complete = complete
        # anchored: the greedy level's choice is the default, and a line found by the
        # beam overrules it only when it scores `margin` better (or wins at once)
        self.anchor = ScarsGreedyAgent(spec, seed) if anchored else None
        self.margin = margin
        from .ai import ScriptedAgent

        # the scripted player: its choice is the default when not anchored, it completes
        # the lines cut short and it is one of the opponent's replies (an agent, not the
        # shared lookahead's `hint` policy, which this class does not use)
        self.script = ScriptedAgent(seed)
        self.kinds = kinds

    def replies(self, game: Game) -> list[Action]:
        """The opponent's replies `reply_value` tries: the first `reply_actions` candidates,
        the scripted reply and passing/done."""
        legal = game.legal_actions()
        acts = candidates(game, legal)[: self.spec.reply_actions]
        for extra in (self.script.choose(game), PASS, DONE):
            if extra not in acts and extra in legal:
                acts.append(extra)
        return acts

    def lines(
        self, det: Game, seat: int, nodes: int | None = None, deadline: float | None = None
    ) -> list[Any]:
        """The shared beam's lines; with `complete`, a line cut short by the budget (the turn
        not over yet) is played on by the scripted player until the turn passes and then
        scored by the opponent's best reply, like the lines that pass the turn."""
        found = self.beam(det, seat, nodes, deadline)
        if not found or found[0].value >= 1.0:
            return found
        if self.complete:  # no clock here: every line asked for is completed
            self._finish_lines(found, seat, None, self.complete, self.script.choose)
        return self.rescore(found, seat, deadline)

    def first_scores(
        self, game: Game, seat: int, legal: list[Action], deadline: float | None = None
    ) -> dict[Action, float]:
        """On one determinization: the first actions this lookahead weighs and their
        scores, the head start of the anchor (or the scripted choice) included. Where
        the beam does not decide (another kind of decision, no line of the anchor) the
        anchor's choice comes alone; a winning line comes alone, scored `WIN`."""
        d = game.decision()
        assert d is not None
        det = self._det(game, seat)
        if self.anchor is not None:
            hint = self.anchor.pick(det, seat, legal)
            prior = self.margin
        else:
            hint = self.script.choose(det)
            prior = self.prior
        found = self.lines(det, seat, deadline=deadline)
        if found and found[0].value >= 1.0:  # lethal, in any kind of decision
            return {found[0].actions[0]: WIN}
        if not found or (self.kinds is not None and d.kind not in self.kinds):
            return {hint: 0.0}
        if self.anchor is not None and all(ln.actions[0] != hint for ln in found):
            return {hint: 0.0}  # no line of the anchor to compare with
        best: dict[Action, float] = {}
        for ln in found:
            a = ln.actions[0]
            v = ln.value + (prior if a == hint else 0.0)
            if v > best.get(a, -math.inf):
                best[a] = v
        return best


def search_agent_levels() -> dict[str, Any]:
    """greedy, lookahead and search for The Scars."""
    levels = search_levels(SPEC)
    levels["greedy"] = lambda seed=0, **kw: ScarsGreedyAgent(SPEC, seed)
    levels["lookahead"] = lambda seed=0, **kw: ScarsGreedyAgent(SPEC, seed, reply=True)
    levels["search"] = lambda seed=0, budget=None, **kw: ScarsGreedyAgent(
        SPEC, seed, reply=True, deals=SEARCH_DEALS, turn_top=SEARCH_TOP, budget=budget
    )
    return levels
