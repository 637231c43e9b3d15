"""What the shared searching AI levels (common.search) need to know about BHM.

* `determinize(game, seat, rng)`: a copy of the game in which everything `seat`
  cannot see is dealt anew: the opponent's hand, set-aside cards and deck are
  pooled (in a canonical order: by card id, then uid) and dealt back at random
  with the same count per zone; the seat's own deck is reordered the same way;
  the opponent's face-down invocations are put in canonical order; the game
  gets a fresh random generator (future draws and shuffles are not foreseen).
  Card instances move between zones (their uid goes with them), so nothing
  that refers to a uid in play is touched. Rearranging the opponent's hidden
  cards between hand and deck gives the very same determinization.
* `evaluate(game, seat)`: tanh of a weighted sum of features a player sees:
  the call counters (the loss track, steeper near 32), numerical balance (it
  moves the C.LL at every end of turn), the beings on each field (rank and
  Salud left, attack strength), cards in hand, territories, deck size near
  deck-out. A position that waits on a pending sub-decision (a target, a POD
  investment, a reaction window) is first *settled*: the sub-decisions are
  played out with the scripted AI's choices for the seat and "pass" for the
  opponent's reaction windows, so that an action is scored by its effect.
* `candidates(game, actions)`: identical actions (two copies of the same card in
  hand) are merged, and the POD investments are cut to the few that matter.
* `rollout(game, rng)`: the scripted AI's choice (fast, no simulation).
* `playout_value(game, seat, seed, k)`: the mean result of `k` games played out to their end by
  the scripted player on both sides, each on a fresh deal of the hidden cards; the `lookahead`
  level (session 40: `BhmGreedyAgent` with `mulligan_playouts`) judges its mulligan with it
  (`mulligan_by_playouts`), where the evaluation cannot tell hands apart.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from common.game import Action, Game
from common.rng import GameRng
from common.search import WIN, AiSpec, GreedyAgent, LookaheadAgent, SearchAgent, now, value_of

from .ai import ScriptedAgent

if TYPE_CHECKING:
    from .cards import BhmCard
    from .game import BhmGame

LOSS_AT = 32
PENDING = frozenset(("target", "invest", "respond", "terror"))

# evaluation weights (tuned by tournaments, see docs/ai.md)
W: dict[str, float] = {
    "cll": 0.10,  # per point of C.LL difference
    "danger": 0.04,  # extra per point above 20 (squared-ish near the loss)
    "balance": 0.12,  # per being of numerical advantage
    "material": 0.05,  # per unit of field worth
    "hand": 0.03,  # per card in hand
    "territory": 0.05,
    "deck": 0.15,  # per card missing below DECK_SAFE
    "scale": 1.0,
}
DECK_SAFE = 4

_SCRIPT = ScriptedAgent(0)
# decisions the evaluation cannot tell apart (hand quality, deck-out risk): the scripted choice
SCRIPTED_ONLY = frozenset(("mulligan", "discard", "draw"))
SCRIPT_FIRST = True


# ---------------------------------------------------------------------- determinization
def _redeal(g: BhmGame, names: list[str], rng: random.Random) -> None:
    zones = [g.zones[n] for n in names]
    cards = g.zones.cards
    pool = sorted((u for z in zones for u in z.cards), key=lambda u: (cards[u].defn.id, u))
    rng.shuffle(pool)
    i = 0
    for z in zones:
        n = len(z.cards)
        z.cards = pool[i : i + n]
        for u in z.cards:
            cards[u].zone = z.name
        i += n


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy in which everything `seat` cannot see is dealt anew (see the module docstring)."""
    g: BhmGame = game.clone()  # type: ignore[assignment]
    o = 1 - seat
    _redeal(g, [f"hand:{o}", f"aside:{o}", f"deck:{o}"], rng)
    _redeal(g, [f"deck:{seat}"], rng)
    inv = g.zones[f"invocations:{o}"]
    inv.cards.sort(key=lambda u: (g.zones.cards[u].defn.id, u))
    g.rng = GameRng(rng.getrandbits(62))
    return g


# ---------------------------------------------------------------------- evaluation
def _pending_choice(g: BhmGame, seat: int) -> Action:
    d = g.decision()
    assert d is not None
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if d.kind == "respond":
        if d.player != seat:
            return Action("pass")  # the opponent's hand is not ours to read
        return _SCRIPT._respond(g, seat, legal)
    if d.kind == "invest":
        return _SCRIPT._invest(g, d.context, legal)
    return _SCRIPT._target(g, d.player, d.context, legal)


def settle(game: BhmGame, seat: int, limit: int = 16) -> BhmGame:
    """The position once the pending sub-decisions are played out (a copy when any are)."""
    if game.sub not in PENDING or game.won is not None:
        return game
    g = game.clone()
    n = 0
    while g.won is None and g.sub in PENDING and n < limit:
        g.apply_legal(_pending_choice(g, seat))
        n += 1
    return g


def _worth(g: BhmGame, c: BhmCard) -> float:
    """What a card on the field is worth: rank, Salud left, attack strength."""
    d = c.d
    w = 1.0 + 0.3 * d.rank
    if d.type in ("god", "demigod"):
        w += 1.0
    if d.salud and not (c.wounds and (g.has(c, "Immortal") or g.has(c, "Eternal"))):
        # (Salud lost does not bring an Immortal or Eternal being nearer its end)
        mx = g.max_stat(c, "salud") or 1
        w *= 0.4 + 0.6 * min(1.0, (mx - c.wounds) / mx)
    w += ((g.max_stat(c, "fue") or 0) + (g.max_stat(c, "pod") or 0)) / 800
    if not d.is_being:
        w /= 3  # BH-71 an entity's loss gives no C.LL and it does not count for balance
    if c.petrified:
        w = 0.0
    elif c.frozen:
        w *= 0.85
    return w


def _danger(cll: int) -> float:
    over = cll - 20
    return cll * W["cll"] + (over * over * W["danger"] / 4 if over > 0 else 0.0)


def static_value(g: BhmGame, seat: int) -> float:
    o = 1 - seat
    x = _danger(g.cll[o]) - _danger(g.cll[seat])
    x += W["balance"] * (g.balance_count(seat) - g.balance_count(o))
    mat = 0.0
    for c in g.field_cards(seat):
        mat += _worth(g, c)
    for c in g.field_cards(o):
        mat -= _worth(g, c)
    x += W["material"] * mat
    z = g.zones
    x += W["hand"] * (min(len(z[f"hand:{seat}"]), 7) - min(len(z[f"hand:{o}"]), 7))
    x += W["territory"] * (len(z[f"territories:{seat}"]) - len(z[f"territories:{o}"]))
    x -= W["deck"] * max(0, DECK_SAFE - len(z[f"deck:{seat}"]))
    x += W["deck"] * max(0, DECK_SAFE - len(z[f"deck:{o}"]))
    return math.tanh(W["scale"] * x)


def evaluate(game: Game, seat: int) -> float:
    """The position for `seat` in [-1, 1] (see the module docstring)."""
    g: BhmGame = settle(game, seat)  # type: ignore[arg-type]
    if g.won is not None:
        return 1.0 if g.won == seat else -1.0
    return static_value(g, seat)


# ---------------------------------------------------------------------- candidates, rollout
def candidates(game: Game, actions: list[Action]) -> list[Action]:
    """Merge actions that differ only by which copy of a card in hand they use; keep
    the investments that matter (the least that kills, some steps, all)."""
    g: BhmGame = game  # type: ignore[assignment]
    sub = g.sub
    if sub in SCRIPTED_ONLY:
        return [_SCRIPT.choose(g)]
    if sub == "invest":
        return _investments(g, actions)
    first = _SCRIPT.choose(g) if SCRIPT_FIRST else None
    cards = g.zones.cards
    seen: set[tuple[Any, ...]] = set()
    out: list[Action] = []
    if first is not None:  # the scripted choice first: it wins ties
        actions = [first, *(a for a in actions if a != first)]
    for a in actions:
        key: list[Any] = [a.kind]
        for x in a.args:
            c = cards.get(x) if isinstance(x, int) else None
            if c is not None and c.zone.startswith(("hand:", "invocations:")):
                key.append(c.defn.id)
            else:
                key.append(x)
        k = tuple(key)
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


def _investments(g: BhmGame, actions: list[Action]) -> list[Action]:
    if len(actions) <= 4:
        return actions
    assert g.pending is not None
    t = g.card(int(g.pending[2]))
    need = g.cur(t, "salud") + (g.cur(t, "res") if g.has(t, "Magic Resistance") else 0)
    nums = sorted(int(a.args[0]) for a in actions if isinstance(a.args[0], int))
    keep = {nums[0], nums[len(nums) // 2]}
    kills = [n for n in nums if n >= need]
    if kills:
        keep.add(kills[0])
    out = [Action("invest", (n,)) for n in sorted(keep)]
    out.append(Action("invest", ("all",)))
    return out


def rollout(game: Game, rng: random.Random) -> Action:
    return _SCRIPT.choose(game)


SPEC = AiSpec(
    evaluate=evaluate,
    determinize=determinize,
    rollout=rollout,
    candidates=candidates,
    macro=True,
    greedy_max_actions=60,
    lookahead_nodes=120,
    lookahead_width=4,
    lookahead_depth=14,
    reply_actions=6,
    rollout_plies=10,
    search_work=4500,  # `search`: about 1 s of CPU time here (docs/ai.md); seldom reached
)


# `greedy` plays each of its own turn's candidates on to the end of the turn (`finish_turn`):
# the scripted choice and the `TURN_TOP` others the one-ply evaluation ranks best (docs/ai.md)
TURN_TOP = 2
TURN_PLIES = 40  # the most actions `finish_turn` plays


def finish_turn(g: BhmGame, seat: int, limit: int = TURN_PLIES) -> BhmGame:
    """`g` (changed in place) once the turn in progress has passed: `seat`'s decisions get the
    scripted player's choices, the opponent's reaction windows are passed (their hand is not read),
    their other decisions (a discard down to 7) get the scripted choice."""
    turn = g.turn
    n = 0
    while g.won is None and g.turn == turn and n < limit:
        d = g.decision()
        assert d is not None
        if d.player != seat and d.kind == "respond":
            g.apply_legal(Action("pass"))
        else:
            g.apply_legal(_SCRIPT.choose(g))
        n += 1
    return g


def _ply_value(spec: AiSpec, det: BhmGame, seat: int, a: Action, finish: bool = False) -> float:
    """The position after `a` on `det` (played on to the end of the turn with `finish`)."""
    g = det.clone()
    g.apply_legal(a)
    if finish:
        finish_turn(g, seat)
    return value_of(spec, g, seat)


def turn_scores(
    spec: AiSpec, det: BhmGame, seat: int, acts: list[Action], base: Action
) -> dict[Action, float]:
    """Greedy's own-turn judgement on `det`: the scripted choice `base` and the `TURN_TOP` other
    candidates the one-ply evaluation ranks best, each scored where the turn ends (`finish_turn`);
    `base` comes first (it wins ties)."""
    ranked = sorted(
        (a for a in acts if a != base), key=lambda a: _ply_value(spec, det, seat, a), reverse=True
    )
    return {a: _ply_value(spec, det, seat, a, True) for a in (base, *ranked[:TURN_TOP])}


# `lookahead` (session 40) judges its mulligan by playing the game out: `MULLIGAN_PLAYOUTS` games
# from each choice, both sides played by the scripted player, on deals of the hidden cards
MULLIGAN_PLAYOUTS = 16
PLAYOUT_PLIES = 600  # the most actions a playout plays (a game lasts about 125); then the evaluation


def playout_value(g: BhmGame, seat: int, seed: int, k: int, limit: int = PLAYOUT_PLIES) -> float:
    """The mean result for `seat` (+1 a win, -1 a loss) of `k` games played out from `g` to their
    end by the scripted player on both sides, each on a fresh deal of what `seat` cannot see
    (`determinize`). The deals come from `seed`: two positions compared with the same seed are
    played out on the same deals (common random numbers)."""
    if g.won is not None:
        return 1.0 if g.won == seat else -1.0
    rng = random.Random(seed)
    tot = 0.0
    for _ in range(k):
        h: BhmGame = determinize(g, seat, rng)  # type: ignore[assignment]
        n = 0
        while h.won is None and n < limit:
            h.apply_legal(_SCRIPT.choose(h))
            n += 1
        tot += value_of(SPEC, h, seat)  # (the result once over, else the evaluation)
    return tot / k


def mulligan_by_playouts(game: BhmGame, seat: int, seed: int, k: int) -> Action:
    """BH-02 one step of the mulligan, judged by playouts: keeping the hand as it stands against
    the scripted player's step (set aside one more card; the rest of the mulligan then scripted),
    each played out `k` times (`playout_value`, the same deals for both); the scripted step wins
    ties. When the scripted player keeps, so does this."""
    keep = Action("keep")
    base = _SCRIPT.choose(game)
    if base == keep or keep not in game.legal_actions():
        return base
    best, best_v = base, -math.inf
    for a in (base, keep):
        g = game.clone()
        g.apply_legal(a)
        v = playout_value(g, seat, seed, k)
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def playout_mulligan(game: Game, seat: int, rng: random.Random, k: int) -> Action:
    """A mulligan decision of a level that judges it by `k` playouts (`mulligan_by_playouts`): when
    the scripted player keeps, keep (no playout, and nothing drawn from `rng`)."""
    g: BhmGame = game  # type: ignore[assignment]
    if _SCRIPT.choose(g) == Action("keep"):
        return Action("keep")
    return mulligan_by_playouts(g, seat, rng.getrandbits(32), k)


class BhmGreedyAgent(GreedyAgent):
    """One ply, with the scripted player's choice as the default.

    In its own turn, each candidate is judged where the turn ends: the scripted choice and the
    `TURN_TOP` others the one-ply evaluation ranks best are each played on to the end of the turn
    by the scripted player (`finish_turn`), and the one whose turn ends best is played (the
    scripted choice wins ties). A position in mid-turn misjudges what the turn will still do: an
    attack that strips RES for the next attacker's kill, the call budget left, a being at Salud 0
    that is Immortal. Outside its turn (reactions to the opponent's actions, their Terror) the
    one-ply evaluation decides, and another candidate must evaluate better by `PRIOR` (evaluation
    units) to overrule the scripted choice."""

    PRIOR = 0.03

    def __init__(self, spec: AiSpec, seed: int = 0, mulligan_playouts: int = 0) -> None:
        super().__init__(spec, seed)
        # > 0 (the `lookahead` level, session 40): the mulligan judged by that many playouts
        # (`mulligan_by_playouts`); 0 (`greedy`): the scripted mulligan
        self.mulligan_playouts = mulligan_playouts

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = game.decision()
        assert d is not None
        seat = d.player
        if d.kind == "mulligan" and self.mulligan_playouts:
            return playout_mulligan(game, seat, self.rng, self.mulligan_playouts)
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if len(acts) == 1 or base not in legal:
            return acts[0] if base not in legal else base

        if det.active == seat:  # its own turn: the best few played on to the end of the turn
            scores = turn_scores(self.spec, det, seat, acts, base)
            return max(scores, key=scores.__getitem__)  # the scripted choice first: it wins ties
        best, best_v = base, _ply_value(self.spec, det, seat, base) + self.PRIOR
        for a in acts:
            if a == base:
                continue
            v = _ply_value(self.spec, det, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best


class BhmLookaheadAgent(LookaheadAgent):
    """The shared beam, judged where the turn ends as greedy judges (session 31b).

    In its own turn, every line the beam returns that has not yet reached the end of the turn (cut
    short by the node budget, or stopped at the opponent's reaction window) is played on to the end
    of the turn by the scripted player (`finish_turn`) and scored there; a line that passed the
    turn is scored where it passed it (the beam's best `FINISH_LINES` lines). Greedy's own candidates (`turn_scores`) are lines too, and
    greedy's choice gets a head start of `ANCHOR` (evaluation units): the beam overrules it only
    with a line whose turn ends clearly better. Outside its turn the shared lookahead decides."""

    ANCHOR = 0.02
    FINISH_LINES = 16  # the most beam lines played on to the end of the turn (the beam's best)

    def first_scores(
        self, game: Game, seat: int, legal: list[Action], deadline: float | None = None
    ) -> dict[Action, float]:
        det: BhmGame = self._det(game, seat)  # type: ignore[assignment]
        acts = candidates(det, legal)[: self.spec.greedy_max_actions]
        base = _SCRIPT.choose(det)
        if det.active != seat or base not in legal or len(acts) == 1:
            return self.scores_on(det, seat, deadline)  # (the shared lookahead's, outside its turn)
        turn = det.turn
        greedy = turn_scores(self.spec, det, seat, acts, base)  # first: the safety cap may run out
        pick = max(greedy, key=greedy.__getitem__)
        found = self.beam(det, seat, deadline=deadline)
        if found and found[0].value >= 1.0:
            return {found[0].actions[0]: WIN}
        best = dict(greedy)
        best[pick] += self.ANCHOR
        for ln in found[: self.FINISH_LINES]:
            if deadline is not None and now() > deadline:
                break  # (search's rounds) past the round's safety cap: the lines finished so far
            g: BhmGame = ln.game  # type: ignore[assignment]
            if not g.is_over() and g.turn == turn:
                g = finish_turn(g.clone(), seat)
            v = value_of(self.spec, g, seat)
            a = ln.actions[0]
            if v > best.get(a, -math.inf):
                best[a] = v
        return best


class BhmSearchAgent(SearchAgent):
    """The shared search (`BhmLookaheadAgent`'s beam on many deals), its mulligan judged by
    `mulligan_playouts` playouts (`mulligan_by_playouts`, as the `lookahead` level judges its own)
    when > 0; its other decisions are the shared search's."""

    def __init__(
        self, spec: AiSpec, seed: int = 0, budget: float | None = None, mulligan_playouts: int = 0
    ) -> None:
        super().__init__(spec, seed, budget=budget, look=lambda s: BhmLookaheadAgent(spec, s))
        self.mulligan_playouts = mulligan_playouts

    def choose(self, game: Game) -> Action:
        d = game.decision()
        if (
            d is not None
            and d.kind == "mulligan"
            and self.mulligan_playouts
            and len(game.legal_actions()) > 1
        ):
            return playout_mulligan(game, d.player, self.rng, self.mulligan_playouts)
        return super().choose(game)


def bhm_levels(spec: AiSpec) -> dict[str, Any]:
    """BHM's greedy, lookahead and search. Since session 40 `lookahead` is greedy with its mulligan
    judged by playouts (`mulligan_by_playouts`): 53.2% against greedy over 1,000 games, where the
    beam (`BhmLookaheadAgent`) scored 50.5%; the search still runs the beam on many deals (docs/ai.md)."""
    return {
        "greedy": lambda seed=0, **kw: BhmGreedyAgent(spec, seed),
        "lookahead": lambda seed=0, **kw: BhmGreedyAgent(spec, seed, mulligan_playouts=MULLIGAN_PLAYOUTS),
        "search": lambda seed=0, budget=None, **kw: SearchAgent(
            spec, seed, budget=budget, look=lambda s: BhmLookaheadAgent(spec, s)
        ),
    }
