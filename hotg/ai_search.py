"""Hand of the Gods for the shared searching levels (`greedy`, `lookahead`, `search`).

`common.search` supplies the agents; this module supplies what they need to
know about this game (`SPEC`):

* `determinize(game, seat, rng)` — a copy in which the opponent's hand, the
  order of both decks and the game's future chance are dealt anew.
* `evaluate(game, seat)` — a score in [-1, 1] from public information and
  the seat's own hand only.
* `candidates(game, actions)` — prunes the many deployment cells and moves.
* `rollout(game, rng)` — a cheap playing policy for the search's rollouts.

and the greedy level's own agent (`HotgGreedyAgent`: a move judged with the moved
unit's attack, and the moves that set one up).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common.agents import Agent
from common.game import Action, Game
from common.rng import GameRng
from common.search import AiSpec, GreedyAgent, LookaheadAgent, SearchAgent, search_levels, value_of

from . import core as C
from .game import in_reach

if TYPE_CHECKING:
    from .game import HotgGame


# ------------------------------------------------------------------ determinization
def _redeal(g: HotgGame, zone_names: tuple[str, ...], rng: random.Random) -> None:
    """Deal the cards of `zone_names` (all of one owner) anew, keeping each zone's count.

    The unknown cards are put in a canonical order first — their uids sorted, their
    definitions sorted by id — so the result depends only on which cards are hidden
    there, never on where they really are: rearranging them between the zones gives
    the same deal for the same `rng` state. The instances keep their uids; each
    hidden uid gets a definition of the pool and the default state (HG-61: cards in
    a hand or a deck carry no modification)."""
    zones = [g.zones[z] for z in zone_names]
    uids = sorted(u for z in zones for u in z.cards)
    if not uids:
        return
    core = g.core
    defs = sorted((core.t.defn[u] for u in uids), key=lambda d: d.id)
    rng.shuffle(defs)
    i = 0
    for name, z in zip(zone_names, zones, strict=True):
        n = len(z.cards)
        word, p = name.split(":")
        core.deal(C.Z_HAND if word == "hand" else C.Z_DECK, int(p), uids[i : i + n], defs[i : i + n])
        i += n


def determinize(game: Game, seat: int, rng: random.Random) -> HotgGame:
    """A copy of `game` with everything `seat` cannot see dealt anew from `rng`:
    the opponent's hand and deck (as one pool), the seat's own deck order, and a
    fresh game RNG so that future chance (reveals, random targets) is not foreseen.
    The opponent's reveal area is left alone (it is only filled during the
    opponent's own decision)."""
    g: HotgGame = game.clone()  # type: ignore[assignment]
    opp = 1 - seat
    _redeal(g, (f"hand:{opp}", f"deck:{opp}"), rng)
    _redeal(g, (f"deck:{seat}",), rng)
    g.rng = GameRng(rng.getrandbits(62))
    return g


# ---------------------------------------------------------------------- evaluation
W = {
    "stone": 2.0,  # per point of stone health (difference)
    "danger": 1.0,  # extra per point of a stone's health below 10
    "unit": 1.0,  # per point of a unit's material value
    "threat": 0.8,  # per point of attack that reaches the enemy stone next turn
    "op_threat": 2.5,  # per point of enemy attack that reaches the own stone next turn
    "hand": 1.2,  # per card in the own hand
    "guard": 3.0,  # own stone guarded
    "risk": 0.3,  # share of a unit's value lost when the side to move can kill it
    "mate": 25.0,  # a stone within reach of enough attack to destroy it next turn
}
PENDING_OPTIONS = 12  # answers of a pending choice tried by the evaluation
SCALE = 50.0  # tanh scale of the weighted sum
FALLOFF = 0.07  # threat lost per cell beyond a unit's reach (movement + range)


def _unit_value(g: HotgGame, uid: int, atk: int) -> float:
    c = g.card(uid)
    hp = c.hp if c.hp > 0 else 0
    v = 1.0 + 1.5 * atk + 1.0 * hp + 0.6 * atk * hp**0.5
    prot = g.protect(uid)
    if prot:
        v += 1.0 * prot
    if c.abilities("aura"):
        v += 2.0
    if g.range_of(uid) > 1:
        v += 1.0
    return v


def evaluate(game: Game, seat: int, depth: int = 0) -> float:
    """The position for `seat` in [-1, 1]: stone health, the material on the
    battlefield, the attack each side can bring to the other's stone next turn,
    cards in its own hand and a guarded stone. Reads only public state and hand
    counts. A pending choice (a Warcry's target, a revealed card) is worth its
    best answer for the player who makes it, so playing such a card is valued
    with its effect."""
    g: HotgGame = game  # type: ignore[assignment]
    if g.result is not None:
        if g.result == seat:
            return 1.0
        return 0.0 if g.result == -1 else -1.0
    if g.pending is not None and depth < 1:
        chooser = int(g.pending["player"])
        best = -2.0 if chooser == seat else 2.0
        for a in g.legal_actions()[:PENDING_OPTIONS]:
            t = g.clone()
            t.apply_legal(a)
            v = evaluate(t, seat, depth + 1)
            best = max(best, v) if chooser == seat else min(best, v)
        return best
    opp = 1 - seat
    cards = g.zones.cards
    stones = g.stones
    ms, os_ = cards[stones[seat]], cards[stones[opp]]
    my_hp, op_hp = ms.hp, os_.hp
    score = W["stone"] * (my_hp - op_hp)
    if my_hp < 10:
        score -= W["danger"] * (10 - my_hp)
    if op_hp < 10:
        score += W["danger"] * (10 - op_hp)
    mr, mc = ms.cell
    orow, ocol = os_.cell
    my_threat = op_threat = 0.0  # attack coming at the other stone, fading with distance
    my_reach = op_reach = 0  # attack that can reach the other stone next turn
    material = 0.0
    mover = g.active
    strikers: list[tuple[int, int, int, int]] = []  # the side to move: row, col, reach, attack
    exposed: list[tuple[int, int, int, float]] = []  # the other side: row, col, toughness, value
    for uid in g.zones["board"].cards:
        if uid == stones[0] or uid == stones[1]:
            continue
        c = cards[uid]
        ctl = c.controller
        if ctl is None:
            continue
        atk = g.attack_of(uid)
        v = _unit_value(g, uid, atk)
        reach = g.move_of(uid) + g.range_of(uid)
        row, col = c.cell
        if ctl == mover:
            if atk > 0 and not c.attacked and not c.exhausted and c.stunned_by < 0:
                strikers.append((row, col, reach, atk))
        else:
            exposed.append((row, col, c.hp + g.protect(uid), v))
        if ctl == seat:
            material += v
            d = abs(row - orow) + abs(col - ocol)
            if d <= reach:
                my_threat += atk
                my_reach += atk
            else:
                my_threat += atk * max(0.0, 1.0 - (d - reach) * FALLOFF)
        else:
            material -= v
            d = abs(row - mr) + abs(col - mc)
            if d <= reach:
                op_threat += atk
                op_reach += atk
            else:
                op_threat += atk * max(0.0, 1.0 - (d - reach) * FALLOFF)
    # units of the side not to move that the side to move can kill: likely lost
    at_risk = 0.0
    for r, c_, tough, v in exposed:
        incoming = 0
        for sr, sc, reach, atk in strikers:
            if abs(sr - r) + abs(sc - c_) <= reach:
                incoming += atk
        if incoming >= tough:
            at_risk += v
    material += W["risk"] * at_risk if mover == seat else -W["risk"] * at_risk
    score += W["unit"] * material
    if g.guarded(opp):
        my_threat *= 0.3
        my_reach = 0
    if g.guarded(seat):
        op_threat *= 0.3
        op_reach = 0
        score += W["guard"]
    # a stone the other side can destroy next turn
    if op_reach >= my_hp:
        score -= W["mate"]
    if my_reach >= op_hp:
        score += 0.4 * W["mate"]
    score += W["threat"] * my_threat - W["op_threat"] * op_threat
    # own hand only: the opponent's draw at the start of its turn must not make ending
    # the turn look worse than any other action
    score += W["hand"] * len(g.zones[f"hand:{seat}"].cards)
    return math.tanh(score / SCALE)


# ---------------------------------------------------------------------- candidates
DEPLOY_CELLS = 3
MOVE_CELLS = 3
GREEDY_DEPLOY_CELLS = 5  # the greedy level tries more cells per card (docs/ai.md)


def candidates(game: Game, actions: list[Action], deploy: int | None = None) -> list[Action]:
    """Attacks, spells, abilities, warcries, answers to choices first; for each card
    deployed only the few cells nearest the enemy stone (or the own stone for a Guard
    or a Structure: `deploy` of them, default `DEPLOY_CELLS`); for each move, the
    `MOVE_CELLS` cells nearest the enemy stone; then `end`."""
    g: HotgGame = game  # type: ignore[assignment]
    d = g.decision()
    if d is None or d.kind != "turn":
        return actions
    me = d.player
    ms, os_ = g.card(g.stones[me]), g.card(g.stones[1 - me])
    first: list[Action] = []
    plays: dict[int, list[tuple[float, Action]]] = {}
    moves: dict[int, list[tuple[float, Action]]] = {}
    end: list[Action] = []
    for a in actions:
        k = a.kind
        if k == "end":
            end.append(a)
        elif (k == "play" and len(a.args) == 2 and isinstance(a.args[1], str)) or k == "move":
            uid = int(a.args[0])
            r, c = (int(x) for x in str(a.args[1]).split(","))
            to_enemy = abs(r - os_.cell[0]) + abs(c - os_.cell[1])
            to_home = max(abs(r - ms.cell[0]), abs(c - ms.cell[1]))
            hd = g.card(uid).hdef
            defensive = "Structure" in hd.subtypes or "Guard" in hd.keywords
            key = to_home * 3 + to_enemy * 0.1 if defensive else float(to_enemy)
            (plays if k == "play" else moves).setdefault(uid, []).append((key, a))
        else:
            first.append(a)
    out = first
    for group, keep in ((plays, DEPLOY_CELLS if deploy is None else deploy), (moves, MOVE_CELLS)):
        for lst in group.values():
            lst.sort(key=lambda t: t[0])
            out += [a for _, a in lst[:keep]]
    return out + end


STRIKE_CELLS = 2  # greedy: per unit, the most extra move cells from which it strikes


def strike_moves(game: Game, actions: list[Action], kept: list[Action]) -> list[Action]:
    """The moves of `actions` not in `kept` that end where the unit can attack an enemy
    unit (a stone aside: the moves nearest it are kept already), at most `STRIKE_CELLS`
    per unit, one per enemy, nearest the enemy stone first. `candidates` keeps only the
    moves towards the enemy stone; these are the moves that set up an attack on a unit
    elsewhere (an attacker next to the own stone)."""
    g: HotgGame = game  # type: ignore[assignment]
    d = g.decision()
    if d is None or d.kind != "turn":
        return []
    me = d.player
    cards = g.zones.cards
    stones = g.stones
    foes = [  # (their number in this list, their cell): `in_reach` gives the numbers
        (i, cards[u].cell)
        for i, u in enumerate(
            u for u in g.zones["board"].cards if u not in stones and cards[u].controller != me
        )
    ]
    if not foes:
        return []
    oc = cards[stones[1 - me]].cell
    have = set(kept)
    by_unit: dict[int, list[tuple[int, int, Action]]] = {}
    for a in actions:
        if a.kind != "move" or a in have:
            continue
        uid = int(a.args[0])
        r, c = (int(x) for x in str(a.args[1]).split(","))
        struck = in_reach((r, c), g.range_of(uid), foes)  # HG-40, as the engine reads it
        if struck:
            by_unit.setdefault(uid, []).append((abs(r - oc[0]) + abs(c - oc[1]), struck[0], a))
    out: list[Action] = []
    for lst in by_unit.values():
        lst.sort(key=lambda t: t[0])
        seen: set[int] = set()
        for _, i, a in lst:
            if i not in seen and len(seen) < STRIKE_CELLS:
                seen.add(i)
                out.append(a)
    return out


def greedy_candidates(game: Game, legal: list[Action]) -> list[Action]:
    """The greedy level's candidates: `candidates` with `GREEDY_DEPLOY_CELLS` cells per card
    to deploy and, before `end` (which stays last), the moves that set up an attack on a
    unit (`strike_moves`)."""
    acts = candidates(game, legal, GREEDY_DEPLOY_CELLS)
    if acts[-1].kind == "end":
        acts = acts[:-1] + strike_moves(game, legal, acts) + acts[-1:]
    return acts


def strike_after(spec: AiSpec, g: Game, seat: int, uid: int) -> float:
    """The value for `seat` of the best position after an attack by `uid` in `g`
    (`seat`'s turn, `uid` just moved); -inf if it has none to make."""
    best = -math.inf
    d = g.decision()
    if d is None or d.player != seat or d.kind != "turn":
        return best
    for b in g.legal_actions():
        if b.kind == "attack" and b.args[0] == uid:
            t = g.clone()
            t.apply_legal(b)
            v = value_of(spec, t, seat)
            if v > best:
                best = v
    return best


def move_value(spec: AiSpec, g: Game, seat: int, a: Action) -> float:
    """The position `g` after `a` for `seat`; after a move, the best of it and of the
    moved unit's best attack from its new cell (HG-31: moving and attacking are two
    actions, and a move alone changes nothing the evaluation sees)."""
    v = value_of(spec, g, seat)
    if a.kind == "move":
        v = max(v, strike_after(spec, g, seat, int(a.args[0])))
    return v


class HotgGreedyAgent(GreedyAgent):
    """One ply, as the shared greedy, but a move is worth the best of where it stands and
    of the moved unit's best attack from there (`move_value`). A move and an attack are
    two actions (HG-31: a unit may move, then attack), and a move alone changes nothing
    the evaluation sees, so one ply alone never moves a unit into reach of an enemy unit
    to hit it. The moves that set up such an attack (`strike_moves`) are tried besides the
    moves towards the enemy stone, and more deployment cells (`greedy_candidates`)."""

    def pick(self, det: Game, seat: int, legal: list[Action]) -> Action:
        acts = greedy_candidates(det, legal)
        best, best_v = acts[0], -math.inf
        for a in acts[: self.spec.greedy_max_actions]:
            g = det.clone()
            g.apply_legal(a)
            v = move_value(self.spec, g, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best


# ------------------------------------------------------------------------- rollout
_KIND_WEIGHT = {"attack": 8.0, "play": 4.0, "ability": 2.0, "warcry": 3.0, "move": 1.0, "end": 0.6}


def rollout(game: Game, rng: random.Random) -> Action:
    """A cheap policy: attacks the enemy stone when it can, otherwise draws an action
    weighted by its kind (attacks and plays before moves; moves towards the enemy)."""
    acts = candidates(game, game.legal_actions())
    g: HotgGame = game  # type: ignore[assignment]
    d = g.decision()
    if d is not None and d.kind == "turn":
        enemy_stone = g.stones[1 - d.player]
        for a in acts:
            if a.kind == "attack" and a.args[1] == enemy_stone:
                return a
        total = 0.0
        weights = []
        for a in acts:
            total += _KIND_WEIGHT.get(a.kind, 1.0)
            weights.append(total)
        x = rng.random() * total
        for a, w in zip(acts, weights, strict=True):
            if x < w:
                return a
    return acts[rng.randrange(len(acts))]


SPEC = AiSpec(
    evaluate=evaluate,
    determinize=determinize,
    rollout=rollout,
    candidates=candidates,
    macro=True,
    lookahead_nodes=200,
    # `search`: what 1 s of CPU time holds on this engine (about 6,000 evaluations a second,
    # 4,000-9,000 by position; docs/ai.md): its rounds stop there whatever the load
    search_work=6000,
)

LOOKAHEAD_CAP = 1.0  # the safety cap (CPU seconds, `common.search.clock`): far above what its nodes cost
# the search level's rounds: the 4 best lines cut short are played on to the end of the
# turn, and the 4 best lines are scored after the opponent's whole turn (docs/ai.md)
SEARCH_FINISH = 4
SEARCH_REPLY_TURN = 4


class HotgLookahead(LookaheadAgent):
    """The shared lookahead on its node budget (200 nodes: at most about 65 ms of CPU),
    with a safety cap of `cap` seconds of CPU time (`LOOKAHEAD_CAP`, far above that: the
    beam would stop there and play the best line found). Until session 36 the cap was
    0.12 s of wall clock, which cut the beam short on a loaded machine.

    With `strike` (the level's default) its beam sees greedy's move-then-attack: in its
    own turn it also tries the moves that set up an attack on a unit (`strike_moves`),
    and it ranks a line that ends with a move by `move_value` (the best of where the
    unit stands and of its best attack from there), so that a move which only sets up
    an attack is not cut from the beam before the attack is seen.

    In its own turn it tries, for each card to deploy, the `deploy` cells `candidates`
    ranks best (default `GREEDY_DEPLOY_CELLS`, the cells greedy tries: since session 35;
    before, `DEPLOY_CELLS`); the opponent's replies keep `DEPLOY_CELLS`."""

    def __init__(
        self,
        spec: AiSpec,
        seed: int = 0,
        nodes: int | None = None,
        cap: float | None = None,
        finish: int = 0,
        reply_turn: int = 0,
        strike: bool = True,
        deploy: int = GREEDY_DEPLOY_CELLS,
    ) -> None:
        cap = LOOKAHEAD_CAP if cap is None else cap
        super().__init__(spec, seed, nodes, cap, finish=finish, reply_turn=reply_turn)
        self.strike = strike
        self.deploy = deploy

    def own_actions(self, game: Game) -> list[Action]:
        legal = game.legal_actions()
        acts = (candidates(game, legal, self.deploy) or legal) if len(legal) > 1 else legal
        if self.strike and acts and acts[-1].kind == "end":
            acts = acts[:-1] + strike_moves(game, legal, acts) + acts[-1:]
        return acts

    def line_value(self, game: Game, seat: int, action: Action) -> float:
        if self.strike:
            return move_value(self.spec, game, seat, action)
        return super().line_value(game, seat, action)


def levels() -> dict[str, Callable[..., Agent]]:
    """greedy, lookahead (on its node budget) and search (that lookahead on many deals
    of the hidden cards), weakest first."""
    out: dict[str, Callable[..., Any]] = dict(search_levels(SPEC))
    out["greedy"] = lambda seed=0, **kw: HotgGreedyAgent(SPEC, seed)
    out["lookahead"] = lambda seed=0, **kw: HotgLookahead(SPEC, seed)
    out["search"] = lambda seed=0, budget=None, **kw: SearchAgent(
        SPEC,
        seed,
        budget=budget,
        look=lambda s: HotgLookahead(SPEC, s),
        finish=SEARCH_FINISH,
        reply_turn=SEARCH_REPLY_TURN,
    )
    return out
