"""Hand of the Gods' core (session 40): the rules on ints and masks.

`HotgGame` (`hotg/game.py`) is a facade over it: the game, the screens, the saves and the AI
play this core. What it plays is checked step by step against the old engine, kept as the
reference in `tools/hotg_reference.py`, by `tools/hotg_core_check.py` (the legal actions in
order, the decision, the states, the log's event kinds, the order of deaths and triggers) and,
through the facade, by `tools/hotg_facade_check.py` (state hash, words, views).

The design (session 39's measured prototype, made general; it lived in `tools/hotgcore/` up to
commit 5aebd12, `docs/performance.md`):

* Definitions come from the real card pool (`hotg.cards.card_pool()`, loaded and validated
  there). Their numbers are compiled once by definition (`Row`) and laid out by uid in flat
  lists (`Table`) shared by every copy of a game; a token made during a game (a spawn, a
  transformation, a revealed card) extends a copy of the table (copy on write).
* An instance's numbers are per game in lists by uid; cells are ints 0..44 (`row * 9 +
  col`), every set of cells an int mask; Stealth, Guard and the auras are masks kept up to
  date where units arrive, move, leave or change, so a stat is read from them where needed
  (HG-57: an aura is "recomputed after every change" by being read, not stored).
* An action is a tuple `(verb, a, b)` made once and shared (`notation()` gives the real
  engine's notation: `play 12 2,3`, `attack 7 51`, `target 33`); events are tuples, made into
  words only when read (by the facade, `HotgGame._say`).
* The priority queue (HG-11..14) is the real engine's, `(level, time, seq, entry)`, with the
  same clock, so that equal levels resolve in the same order; the plain verbs (a move, an
  attack or a deployment without triggers, a Leader Ability) resolve in one call without it.
* Set-up is `HotgGame.new`'s: the same uids, the same shuffles through `common.rng.GameRng`,
  so every later random draw (Ginnungagap, a Reveal) is the same draw in the same order.

What it supports is told by `supported(defn)`: every ability's `when` and `do` must be one
the core plays (`core_fx.EFFECTS`, `AURA_KINDS`).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple

from common.decks import DeckList
from common.game import Action
from common.rng import GameRng

from .cards import HotgDef, card_pool, collectible

ROWS, COLS = 5, 9  # HG-01
NCELLS = ROWS * COLS
ALL = (1 << NCELLS) - 1
STONE_CELL = (2 * COLS + 0, 2 * COLS + 8)  # HG-01: row 2, columns 0 and 8
STONE_HEALTH = 25  # HG-02
HAND_LIMIT = 10  # HG-82
MAX_MANA = 10  # HG-06
OPENING = (4, 5)  # HG-04

# HG-12: the priority levels (1 resolves first), as `hotg.game.LEVEL`
L_DEPLOY, L_WARCRY, L_ATTACK_DAMAGE, L_ATTACK_DAMAGE_EFFECT, L_RETURN = 1, 2, 3, 4, 5
L_REINCARNATE, L_DEATH, L_RESURRECT, L_SPAWN, L_AFTERLIFE, L_OTHER = 7, 8, 9, 10, 11, 12
L_STRIKE, L_FINISH, L_TURN = 13, 50, 60

# verbs (an action is `(verb, a, b)`; -1: no argument): HG-10 attack, play a card (a unit `PLAY`, a
# spell `CAST`), move, activate a Warcry, use the Leader Ability, end the turn; and the answers to a
# decision (`TARGET`, `PICK`)
END, PLAY, MOVE, ATTACK, ABILITY, CAST, WARCRY, TARGET, PICK = range(9)

# zones of a card (with `owner` for the players' own): HG-80 deck, hand, battlefield, graveyard,
# holding, banished (kept cell), removed from game (HG-81: nothing reads a removed card again), reveal
Z_DECK, Z_HAND, Z_BOARD, Z_GRAVE, Z_HOLD, Z_BAN, Z_REMOVED, Z_REVEAL = range(1, 9)

# keyword and subtype bits of a definition (HG-51: Structure, Beast, God)
K_GUARD, K_STEALTH = 1, 2
S_STRUCTURE, S_BEAST, S_GOD = 1, 2, 4
SUBTYPE_BIT = {"Structure": S_STRUCTURE, "Beast": S_BEAST, "God": S_GOD}
# Immune kinds (HG-67)
I_SPELLS, I_ENEMY_SPELLS, I_WARCRIES, I_ABILITIES = 1, 2, 4, 8
IMMUNE_BIT = {
    "spells": I_SPELLS,
    "enemy spells": I_ENEMY_SPELLS,
    "warcries": I_WARCRIES,
    "leader abilities": I_ABILITIES,
}
# kinds of definition
D_UNIT, D_SPELL, D_STONE, D_BLESSING, D_OTHER = range(5)

# state flags of an instance
EXHAUSTED, MOVED, ATTACKED, STEALTH_LOST = 1, 2, 4, 8
SILENCED, WARCRY_READY, RESURRECTION, DYING, EXECUTED = 16, 32, 64, 128, 256
DONE = EXHAUSTED | ATTACKED
NOT_EXHAUSTED = ~EXHAUSTED
NOT_MOVED_ATTACKED = ~(MOVED | ATTACKED)
SPENT = ATTACKED | STEALTH_LOST  # after an attack (HG-42)
NOT_WARCRY = ~WARCRY_READY

# triggers of a definition (bits: "has one")
T_WARCRY, T_ACTIVATED, T_AFTERLIFE, T_ATTACK, T_ATTACK_DAMAGE = 1, 2, 4, 8, 16
T_START, T_END, T_GOD_ENTERS, T_REINCARNATE, T_AURA = 32, 64, 128, 256, 512
WHEN_BIT = {
    "warcry": T_WARCRY,
    "activated": T_ACTIVATED,
    "afterlife": T_AFTERLIFE,
    "attack": T_ATTACK,
    "attack_damage": T_ATTACK_DAMAGE,
    "start_turn": T_START,
    "end_turn": T_END,
    "ally_god_enters": T_GOD_ENTERS,
    "reincarnate": T_REINCARNATE,
    "aura": T_AURA,
    "spell": 0,
    "ability": 0,
}
# the auras the core plays (HG-57; `adjacent_allies` of attack 1 and of Protect, Basilisk's
# `global_enemies` of attack, HG-07's `cost_reduction`)
AURA_KINDS = ("adjacent_allies", "global_enemies", "cost_reduction")

NOBODY = -1  # the controller of a neutral unit's abilities (HG-52 ruling)
_FOR_A_PLAYER = frozenset(
    ("draw", "gain_mana", "heal_own_stone", "replace_ability", "reveal_card", "reveal_blessing")
)

NOT_FIRST_COL = sum(1 << (r * COLS + c) for r in range(ROWS) for c in range(1, COLS))
NOT_LAST_COL = sum(1 << (r * COLS + c) for r in range(ROWS) for c in range(COLS - 1))
ROW = (1 << COLS) - 1  # the cells of row 0
HALF = (1 << 3 * COLS) - 1  # rows 0..2 (27 bits: one CPython digit)


def _step(m: int) -> int:
    return m | ((m << 1) & NOT_FIRST_COL) | ((m >> 1) & NOT_LAST_COL) | ((m << COLS) & ALL) | (m >> COLS)


def _ball(n: int, steps: int) -> int:
    m = 1 << n
    for _ in range(steps):
        m = _step(m)
    return m


def _around(n: int) -> int:
    b = 1 << n
    row = b | ((b << 1) & NOT_FIRST_COL) | ((b >> 1) & NOT_LAST_COL)
    return (row | ((row << COLS) & ALL) | (row >> COLS)) ^ b


AROUND = [_around(n) for n in range(NCELLS)]
MAX_STEPS = 12
# REACH[rng][n]: the cells a unit of range `rng` on `n` attacks (HG-40: 1 or less is melee)
REACH = [AROUND, AROUND] + [[_ball(n, r) ^ (1 << n) for n in range(NCELLS)] for r in range(2, MAX_STEPS)]
BALL = [[_ball(n, s) ^ (1 << n) for n in range(NCELLS)] for s in range(MAX_STEPS)]
NEAR = [[_ball(n, s - 1) if s else 1 << n for n in range(NCELLS)] for s in range(MAX_STEPS)]
BIT_INDEX = {1 << n: n for n in range(NCELLS)}
STONE_BIT = (1 << STONE_CELL[0], 1 << STONE_CELL[1])
STONE_AROUND = (AROUND[STONE_CELL[0]], AROUND[STONE_CELL[1]])
_STONE0, _STONE1 = STONE_BIT
_STONES = _STONE0 | _STONE1
_NO_STONES = ~_STONES
CELL_TEXT = [f"{n // COLS},{n % COLS}" for n in range(NCELLS)]
# a bit past the cells: in `chg` and in a unit's zone, its kept actions are made anew (its own
# modifiers changed, `_add_mod`)
STALE = 1 << NCELLS
# the cells an ally's move changed, in `chg` shifted by ALLY_MOVE: they change a unit's moves only
# (allies are passed through, HG-32, and never attacked), not its attacks (but through an aura)
ALLY_MOVE = NCELLS + 1
# ZONE[steps][rng][n]: the cells whose change may change the actions of a unit on `n` (where it
# may walk, what it reaches, the auras around it) and, shifted by ALLY_MOVE, those whose ally's
# move may (where it may walk, its own cell)
ZONE = [
    [
        [(1 << n) | BALL[s][n] | REACH[r][n] | AROUND[n] | _ball(n, s) << ALLY_MOVE for n in range(NCELLS)]
        for r in range(MAX_STEPS)
    ]
    for s in range(MAX_STEPS)
]


def bits(m: int) -> list[int]:
    """The cell numbers of mask `m`, in increasing order."""
    out = []
    while m:
        low = m & -m
        out.append(BIT_INDEX[low])
        m ^= low
    return out


def walk(n: int, steps: int, blocked: int) -> int:
    """HG-30, HG-32: cells up to `steps` orthogonal steps from `n`, never through `blocked` (the
    enemy's cells; allies are passed through, the caller leaves out the taken cells to end on)."""
    if not NEAR[steps][n] & blocked:
        return BALL[steps][n]
    start = f = reached = 1 << n
    free = (ALL ^ blocked) & ~start
    for _ in range(steps):
        f = (((f << 1) & NOT_FIRST_COL) | ((f >> 1) & NOT_LAST_COL) | (f << COLS) | (f >> COLS)) & free
        if not f:
            break
        free ^= f
        reached |= f
    return reached ^ start


# -- actions, made once (process-wide: an action names uids and cells only) -------------------
# by row, the cell numbers of each of its 512 patterns of 9 bits, in increasing order (a
# mask's cells: five look-ups, its rows cut from two one-digit halves)
CELLS_BY_ROW = [
    [tuple(r * COLS + c for c in range(COLS) if pat >> c & 1) for pat in range(1 << COLS)]
    for r in range(ROWS)
]
_R0, _R1, _R2, _R3, _R4 = CELLS_BY_ROW


def mask_cells(m: int) -> tuple[int, ...]:
    """The cell numbers of mask `m`, in increasing order."""
    lo, hi = m & HALF, m >> 27
    return _R0[lo & ROW] + _R1[(lo >> 9) & ROW] + _R2[lo >> 18] + _R3[hi & ROW] + _R4[hi >> 9]


class _ByUid(dict[int, Any]):
    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, uid: int) -> Any:
        v = self[uid] = self.make(uid)
        return v


# a unit's moves and a card's deployments by cell: `MOVES[uid][cell]`
_VERB_WORD = ("end", "play", "move", "attack", "ability", "play", "warcry", "target", "pick")
# An action is `(verb, a, b, its Action)`: the game interface's `Action` (its notation, the real
# engine's: `play 12 2,3`, `attack 7 51`, `target 33`) is made once with it, so that the game
# (`hotg/game.py`) hands it out without a look-up. `ACTION_TUPLE`: the way back, by the
# Action's identity (every action is kept by the tables below: its Action's id is its own).
Act = tuple[int, int, int, Action]
ACTION_TUPLE: dict[int, Act] = {}


def _act(verb: int, x: int, y: int) -> Act:
    word = _VERB_WORD[verb]
    if verb == END:
        args: tuple[int | str, ...] = ()
    elif verb in (PLAY, MOVE):
        args = (x, CELL_TEXT[y])
    elif verb == ATTACK:
        args = (x, y)
    elif verb in (CAST, WARCRY):
        args = (x,) if y < 0 else (x, y)
    elif verb == ABILITY:
        args = () if x < 0 else (x,)
    else:
        args = (x,)
    a = (verb, x, y, Action(word, args))
    ACTION_TUPLE[id(a[3])] = a
    return a


END_ACTION = _act(END, -1, -1)
MOVES = _ByUid(lambda uid: [_act(MOVE, uid, n) for n in range(NCELLS)])
DEPLOYS = _ByUid(lambda uid: [_act(PLAY, uid, n) for n in range(NCELLS)])
ATTACKS = _ByUid(lambda a: _ByUid(lambda t: _act(ATTACK, a, t)))
CASTS = _ByUid(lambda u: _ByUid(lambda t: _act(CAST, u, t)))
WARCRIES = _ByUid(lambda u: _ByUid(lambda t: _act(WARCRY, u, t)))
ABILITIES = _ByUid(lambda t: _act(ABILITY, t, -1))
TARGETS = _ByUid(lambda t: _act(TARGET, t, -1))
PICKS = _ByUid(lambda t: _act(PICK, t, -1))
# the same actions' `Action`s by the same keys: what `Core.legal` hands out (the game,
# `hotg/game.py`, gives that list out as it is; `ACTION_TUPLE` is the way back to the tuple)
END_A = END_ACTION[3]
MOVES_A = _ByUid(lambda uid: [a[3] for a in MOVES[uid]])
DEPLOYS_A = _ByUid(lambda uid: [a[3] for a in DEPLOYS[uid]])
ATTACKS_A = _ByUid(lambda a: _ByUid(lambda t: ATTACKS[a][t][3]))
CASTS_A = _ByUid(lambda u: _ByUid(lambda t: CASTS[u][t][3]))
WARCRIES_A = _ByUid(lambda u: _ByUid(lambda t: WARCRIES[u][t][3]))
ABILITIES_A = _ByUid(lambda t: ABILITIES[t][3])
TARGETS_A = _ByUid(lambda t: TARGETS[t][3])
PICKS_A = _ByUid(lambda t: PICKS[t][3])


def notation(a: Act) -> str:
    """The real engine's notation of action `a` (`Action.notation()`)."""
    return a[3].notation()


# -- definitions -------------------------------------------------------------------------------
class Row(NamedTuple):
    """A definition's numbers, compiled once (definitions are immutable)."""

    defn: HotgDef
    kind: int
    cost: int
    attack: int
    health: int
    move: int
    range: int
    kw: int  # K_GUARD | K_STEALTH of its text
    protect: int  # its text's Protect (-1: none)
    immune: int  # I_* of its text
    sub: int  # S_* bits
    token: bool
    trig: int  # T_* bits
    by_when: Mapping[str, tuple[tuple[int, Mapping[str, Any]], ...]]
    targeted: Mapping[str, tuple[str, Mapping[str, Any]] | None]
    adj_attack: int  # its adjacent_allies aura's attack (HG-57)
    adj_protect: int  # its adjacent_allies aura's Protect
    glob_enemy_attack: int  # its global_enemies aura's attack (Basilisk: -1)
    cost_red: tuple[tuple[int, int], ...]  # (subtype bit or 0, amount) (HG-07)


# HG-50: spells and units (and the stones, blessings: the board's and the Reveal's own)
_KINDS = {"unit": D_UNIT, "spell": D_SPELL, "stone": D_STONE, "blessing": D_BLESSING}


_ROWS: dict[str, Row] = {}


def row_of(defn: HotgDef) -> Row:
    """`defn`'s numbers (worked out once by definition id)."""
    r = _ROWS.get(defn.id)
    if r is None or r.defn is not defn:
        r = _ROWS[defn.id] = _row(defn)
    return r


def _row(defn: HotgDef) -> Row:
    f = defn.facts
    kw = (K_GUARD if f.guard else 0) | (K_STEALTH if f.stealth else 0)
    imm = 0
    for k in f.immune:
        imm |= IMMUNE_BIT[k]
    sub = 0
    for s in defn.subtypes:
        sub |= SUBTYPE_BIT.get(s, 0)
    trig = 0
    for w in f.by_when:
        trig |= WHEN_BIT.get(w, 0)
    adj_a = adj_p = glob = 0
    red = []
    for _, ab in f.auras:
        do = ab.get("do")
        if do == "adjacent_allies":
            adj_a += int(ab.get("attack", 0))
            adj_p += int(ab.get("protect", 0))
        elif do == "global_enemies":
            glob += int(ab.get("attack", 0))
        elif do == "cost_reduction":
            red_sub = ab.get("subtype")
            red.append((SUBTYPE_BIT.get(str(red_sub), 0) if red_sub else 0, int(ab.get("amount", 1))))
    return Row(
        defn,
        _KINDS.get(defn.kind, D_OTHER),
        defn.cost,
        defn.attack,
        defn.health,
        0 if f.structure else defn.move,
        defn.range,
        kw,
        max(f.protect) if f.protect else -1,
        imm,
        sub,
        defn.token,
        trig,
        f.by_when,
        f.targeted,
        adj_a,
        adj_p,
        glob,
        tuple(red),
    )


def supported(defn: HotgDef) -> bool:
    """Whether the core plays `defn`'s text exactly as `hotg/game.py` does."""
    from .core_fx import EFFECTS

    r = row_of(defn)
    if not 0 <= r.move < MAX_STEPS or r.range >= MAX_STEPS:  # (the tables' bounds: `legal_actions`)
        return False
    for ab in defn.abilities:
        when, do = ab.get("when"), ab.get("do")
        if when == "aura":
            if do not in AURA_KINDS:
                return False
            if do == "adjacent_allies" and (int(ab.get("attack", 0)) not in (0, 1) or ab.get("health")):
                return False  # (attack auras of 1 only: a mask's bit count; no health aura)
            if do == "adjacent_allies" and int(ab.get("protect", 0)) not in (0, 1):
                return False
            if do == "global_enemies" and (ab.get("health") or ab.get("protect")):
                return False
            continue
        if when not in WHEN_BIT or do not in EFFECTS:
            return False
    return True


class Table:
    """The definitions' numbers by uid, shared by every copy of a game (never changed: a game
    that makes a token extends a copy, `grown`)."""

    __slots__ = (
        "attack",
        "cost",
        "defn",
        "health",
        "immune",
        "kind",
        "kw",
        "move",
        "mra",
        "name",
        "protect",
        "range",
        "row",
        "sub",
        "trig",
    )

    def __init__(self, rows: list[Row]) -> None:
        self.row = rows
        self.defn = [r.defn for r in rows]
        self.name = [r.defn.name for r in rows]
        self.kind = [r.kind for r in rows]
        self.cost = [r.cost for r in rows]
        self.attack = [r.attack for r in rows]
        self.health = [r.health for r in rows]
        self.move = [r.move for r in rows]
        self.range = [r.range for r in rows]
        self.kw = [r.kw for r in rows]
        self.protect = [r.protect for r in rows]
        self.immune = [r.immune for r in rows]
        self.sub = [r.sub for r in rows]
        self.trig = [r.trig for r in rows]
        self.mra = [(r.move, r.range, r.attack) for r in rows]  # (read together: `legal`)

    def grown(self, defn: HotgDef) -> Table:
        """A copy with one more uid, of definition `defn`."""
        r = row_of(defn)
        new = Table.__new__(Table)
        # (each list written out: no loop of `setattr`/`getattr` by name, ≈ 7 tokens a game)
        new.row = [*self.row, r]
        new.defn = [*self.defn, r.defn]
        new.name = [*self.name, r.defn.name]
        new.kind = [*self.kind, r.kind]
        new.cost = [*self.cost, r.cost]
        new.attack = [*self.attack, r.attack]
        new.health = [*self.health, r.health]
        new.move = [*self.move, r.move]
        new.range = [*self.range, r.range]
        new.kw = [*self.kw, r.kw]
        new.protect = [*self.protect, r.protect]
        new.immune = [*self.immune, r.immune]
        new.sub = [*self.sub, r.sub]
        new.trig = [*self.trig, r.trig]
        new.mra = [*self.mra, (r.move, r.range, r.attack)]
        return new


@cache
def _table(ids: tuple[str, ...]) -> Table:
    pool = card_pool()
    return Table([row_of(pool[i]) for i in ids])


def deck_list(deck: Any, p: int) -> DeckList:
    """A seat's deck as `HotgGame.new` reads it (None: the seat's preset deck, read once)."""
    if deck is None:
        return _preset_deck(p)
    if isinstance(deck, DeckList):  # (read and checked already: the facade's)
        return deck
    from .decks import validate_deck_content

    return validate_deck_content(deck, f"<deck of player {p + 1}>")


@cache
def _preset_deck(p: int) -> DeckList:
    from .decks import preset_decks, validate_deck_content

    return validate_deck_content(list(preset_decks().values())[p], f"<deck of player {p + 1}>")


class Ctx(NamedTuple):
    """Who does what (as the old engine's `Ctx`; `cell`: the source's last cell, -1 none)."""

    source: int
    controller: int
    target: int
    params: Mapping[str, Any]
    kind: str
    cell: int
    defn: HotgDef | None


_NO_PARAMS: Mapping[str, Any] = {}
_ACTING_STATS = frozenset(("attack", "move", "range"))  # (a unit's own moves and attacks)
# a `Ctx` from its seven fields, `tuple.__new__` (one C call, not the namedtuple's `__new__` frame)
_NEW_CTX: Callable[[type[Ctx], tuple[Any, ...]], Ctx] = tuple.__new__


class Core:
    """One game of Hand of the Gods on ints and masks.

    `new(seed, decks)` sets it up as `HotgGame.new_game(seed=seed, decks=decks)`; then
    `decision()` (player, kind), `legal_actions()` (tuples, in the engine's order; `notation()`
    writes them as the engine does) and `apply(action)` (a legal one: not checked). `log` holds
    the events as tuples whose first item is the engine's event kind (the facade words them)."""

    __slots__ = (
        "ability",
        "active",
        "aprot",
        "aatk",
        "ban",
        "banby",
        "banished",
        "board",
        "clock",
        "ctrl",
        "deck",
        "entered",
        "fatigue",
        "gneg",
        "grave",
        "guards",
        "hand",
        "hidden",
        "holding",
        "hp",
        "kw",
        "log",
        "mana",
        "max_mana",
        "mods",
        "occ",
        "own",
        "owner",
        "pending",
        "place",
        "queue",
        "qseq",
        "removed",
        "result",
        "reveal",
        "rng",
        "st",
        "stones",
        "stun",
        "t",
        "taken",
        "low",
        "ver",
        "kept",
        "segs",
        "zones",
        "chg",
        "epoch",
        "rdy",
        "rdy_wr",
        "reds",
        "stunning",
        "bpos",
        "bseq",
        "turn",
        "units",
        "used",
        "zone",
        "ending",
    )

    t: Table
    rng: GameRng
    zone: list[int]
    owner: list[int]
    ctrl: list[int]
    place: list[int]
    hp: list[int]
    st: list[int]
    kw: list[int]
    entered: list[int]
    stun: list[int]
    banby: list[int]
    mods: list[list[tuple[str, int, bool, str, int, int]] | None]  # (stat, value, set?, until, source, time)
    occ: list[int]
    own: list[int]
    hidden: int
    guards: int
    aatk: list[int]
    aprot: list[int]
    gneg: list[int]
    ban: int
    board: list[int]
    units: list[list[int]]
    deck: list[list[int]]
    hand: list[list[int]]
    grave: list[list[int]]
    banished: list[int]
    holding: list[int]
    removed: list[int]
    reveal: list[list[int]]
    stones: tuple[int, int]
    mana: list[int]
    max_mana: list[int]
    fatigue: list[int]
    used: list[bool]
    ability: list[str]
    turn: int
    active: int
    clock: int
    result: int  # -2 playing, 0/1 the winner, -1 a draw
    queue: list[tuple[int, int, int, tuple[Any, ...]]]
    qseq: int
    pending: tuple[Any, ...] | None
    log: list[tuple[Any, ...]]
    ending: bool
    taken: int  # the cells of every unit on the battlefield (the stones', neutral units' too)
    low: bool  # a unit or stone may be at 0 health or less, not yet dying (`check_deaths`)
    # counts the changes of who may be targeted (units arriving, leaving, a Guard unit moving,
    # Stealth lost, silence, a turn): what `kept` is worked out for
    ver: int
    # key -> (ver, actions, the candidates' cells, bseq): targets worked out at that ver
    kept: dict[Any, tuple[int, Any, int, int]]
    # by uid, (its zone, its moves and attacks) as `legal` last made them: kept until a cell of
    # `chg` (the cells changed since, ALL after anything but a move or an attack that killed
    # nothing) meets the zone (its cell, where it may walk, what it reaches, the auras around
    # it); an ally's move or deployment, shifted by ALLY_MOVE, only the cells where it may walk
    # and its own; its own modifiers, STALE
    segs: list[tuple[Action, ...]]
    zones: list[int]  # (by uid, the zone of its kept actions; -1: none kept)
    chg: int
    # counts the changes that may change a unit's moves and attacks (but moves, and a unit's own
    # modifiers: `STALE`)
    epoch: int
    # the active player's units that may still act (not exhausted, not stunned, not attacked
    # or with an activated Warcry ready), in board order; None: worked out when next asked for
    rdy: list[int] | None
    rdy_wr: bool  # whether one of them had its activated Warcry ready when it was made
    stunning: bool  # a unit may be stunned (HG-65)
    bpos: list[int]  # by uid, when it last came onto the battlefield (its place in board order)
    bseq: int  # (the last of them)
    reds: list[int]  # by controller, its units on the battlefield with a cost reduction (HG-07)

    # -- set-up (HotgGame.new) -------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, decks: Sequence[Any] | None = None) -> Core:
        decks = list(decks or [None, None])
        dls = [deck_list(decks[p] if p < len(decks) else None, p) for p in (0, 1)]
        cards = [dl.expanded() for dl in dls]
        # uid 0 unused (uids start at 1), the decks, the stones
        ids = ["summoning_stone", *cards[0], *cards[1], "summoning_stone", "summoning_stone"]
        t = _table(tuple(ids))
        g = cls._blank(seed, t, [str(card_pool()[str(dl.get("leader"))].ability) for dl in dls])
        n = len(ids)
        uid = 1
        for p in (0, 1):
            k = len(cards[p])  # (uids uid..uid+k-1: p's deck, in its order before the shuffle)
            end = uid + k
            g.zone[uid:end] = [Z_DECK] * k
            g.owner[uid:end] = g.ctrl[uid:end] = [p] * k
            deck = g.deck[p]
            deck += range(uid, end)
            uid = end
            g.rng.shuffle(deck)
        g.stones = (n - 2, n - 1)
        g.segs = [()] * n
        g.zones = [-1] * n
        g.board = []
        for p in (0, 1):  # HG-01/02
            s, cell = g.stones[p], STONE_CELL[p]
            g.zone[s] = Z_BOARD
            g.owner[s] = g.ctrl[s] = p
            g.place[s] = cell
            g.occ[cell] = s
            g.own[p] = 1 << cell
            g.taken |= 1 << cell
            g.board.append(s)
            g.bpos[s] = p + 1
            g.clock += 1
            g.entered[s] = g.clock
        for p in (0, 1):
            g.log.append(("setup", p))
            for _ in range(OPENING[p]):  # HG-04
                g.draw(p, False)
            g.log.append(("setup", p))
        g.start_turn(0, True)
        g.run()
        return g

    @classmethod
    def _blank(cls, seed: int, t: Table, abilities: list[str]) -> Core:
        """A game of the cards of table `t` (uid i: `t.row[i]`), each in no zone, no stone placed,
        turn 0 (what `new` and a scenario's set-up, `set_up`, start from)."""
        g = cls()
        g.t = t
        n = len(t.row)
        g.rng = GameRng(seed)
        g.zone = [0] * n
        g.owner = [-1] * n
        g.ctrl = [-1] * n
        g.place = [-1] * n
        g.hp = t.health.copy()
        g.st = [0] * n
        g.kw = [0] * n
        g.entered = [0] * n
        g.stun = [-1] * n
        g.banby = [-1] * n
        g.mods = [None] * n
        g.occ = [0] * NCELLS
        g.own = [0, 0]
        g.hidden = g.guards = 0
        g.aatk = [0, 0]
        g.aprot = [0, 0]
        g.gneg = [0, 0, 0]
        g.ban = 0
        g.units = [[], []]
        g.deck = [[], []]
        g.hand = [[], []]
        g.grave = [[], []]
        g.banished = []
        g.holding = []
        g.removed = []
        g.reveal = [[], []]
        g.mana = [0, 0]
        g.max_mana = [0, 0]
        g.fatigue = [0, 0]
        g.used = [False, False]
        g.ability = list(abilities)
        g.turn = 0
        g.active = 0
        g.clock = 0
        g.result = -2
        g.queue = []
        g.qseq = 0
        g.pending = None
        g.log = []
        g.ending = False
        g.taken = 0
        g.low = False
        g.ver = 0
        g.kept = {}
        g.chg = ALL
        g.epoch = 0
        g.rdy = None
        g.rdy_wr = False
        g.reds = [0, 0, 0]
        g.stunning = False
        g.bpos = [0] * n
        g.bseq = 2  # (the stones first)
        g.stones = (-1, -1)
        g.segs = [()] * n
        g.zones = [-1] * n
        g.board = []
        return g

    def clone(self) -> Core:
        g = Core.__new__(Core)
        g.t = self.t
        g.rng = self.rng.clone()
        g.zone = self.zone.copy()
        g.owner = self.owner.copy()
        g.ctrl = self.ctrl.copy()
        g.place = self.place.copy()
        g.hp = self.hp.copy()
        g.st = self.st.copy()
        g.kw = self.kw.copy()
        g.entered = self.entered.copy()
        g.stun = self.stun.copy()
        g.banby = self.banby.copy()
        g.mods = [None if m is None else m.copy() for m in self.mods]
        g.occ = self.occ.copy()
        g.own = self.own.copy()
        g.hidden, g.guards = self.hidden, self.guards
        g.aatk = self.aatk.copy()
        g.aprot = self.aprot.copy()
        g.gneg = self.gneg.copy()
        g.ban = self.ban
        g.board = self.board.copy()
        g.units = [self.units[0].copy(), self.units[1].copy()]
        g.deck = [self.deck[0].copy(), self.deck[1].copy()]
        g.hand = [self.hand[0].copy(), self.hand[1].copy()]
        g.grave = [self.grave[0].copy(), self.grave[1].copy()]
        g.banished = self.banished.copy()
        g.holding = self.holding.copy()
        g.removed = self.removed.copy()
        g.reveal = [self.reveal[0].copy(), self.reveal[1].copy()]
        g.stones = self.stones
        g.mana = self.mana.copy()
        g.max_mana = self.max_mana.copy()
        g.fatigue = self.fatigue.copy()
        g.used = self.used.copy()
        g.ability = self.ability.copy()
        g.turn, g.active, g.clock, g.result = self.turn, self.active, self.clock, self.result
        g.queue = self.queue.copy()
        g.qseq = self.qseq
        g.pending = self.pending
        g.log = self.log.copy()
        g.ending = self.ending
        g.taken, g.low, g.ver = self.taken, self.low, self.ver
        g.kept = {}  # (a clone's changes are counted from here on: nothing kept)
        g.segs = self.segs.copy()
        g.zones = self.zones.copy()
        g.chg, g.epoch = self.chg, self.epoch
        g.rdy = None if self.rdy is None else self.rdy.copy()
        g.rdy_wr = self.rdy_wr
        g.reds = self.reds.copy()
        g.stunning = self.stunning
        g.bpos = self.bpos.copy()
        g.bseq = self.bseq
        return g

    # -- cards made during a game (tokens, revealed cards: Zones.create) --------------------------
    def create(self, defn: HotgDef, owner: int, zone: int) -> int:
        uid = len(self.t.row)
        self.t = self.t.grown(defn)
        self.zone.append(zone)
        self.owner.append(owner)
        self.ctrl.append(owner)
        self.place.append(-1)
        self.hp.append(defn.health)
        self.st.append(0)
        self.kw.append(0)
        self.entered.append(0)
        self.stun.append(-1)
        self.banby.append(-1)
        self.mods.append(None)
        self.segs.append(())
        self.zones.append(-1)
        self.bpos.append(0)
        return uid

    # -- reading ---------------------------------------------------------------------------------
    def attack_of(self, u: int) -> int:
        """HG-57: the stat with its modifiers, the auras on top; never below 0 (a stone: 0)."""
        if u in self.stones:
            return 0
        a = self.t.attack[u]
        m = self.mods[u]
        if m:
            for stat, v, is_set, _, _, _ in m:
                if stat == "attack":
                    a = v if is_set else a + v
        if self.zone[u] == Z_BOARD:
            a += self.aura_attack(u)
        return a if a > 0 else 0

    def aura_attack(self, u: int) -> int:
        n = self.place[u]
        c = self.ctrl[u]
        g = self.gneg
        if c >= 0:
            bonus = (AROUND[n] & self.aatk[c]).bit_count() + g[0] + g[1] + g[2] - g[c]
        else:
            bonus = g[0] + g[1] + g[2]
        return bonus

    def _stat(self, u: int, stat: str, base: int) -> int:
        m = self.mods[u]
        if m:
            for s, v, is_set, _, _, _ in m:
                if s == stat:
                    base = v if is_set else base + v
        return base

    def max_health(self, u: int) -> int:
        return self._stat(u, "health", self.t.health[u])

    def move_of(self, u: int) -> int:
        if u in self.stones or self.t.sub[u] & S_STRUCTURE:  # HG-02, HG-33
            return 0
        v = self._stat(u, "move", self.t.move[u])
        return v if v > 0 else 0

    def range_of(self, u: int) -> int:
        v = self._stat(u, "range", self.t.range[u])
        return v if v > 1 else 1

    def protect(self, u: int) -> int:
        """HG-68: the highest Protect applies (its text's unless silenced, its modifiers', the
        auras')."""
        best = -1 if self.st[u] & SILENCED else self.t.protect[u]
        m = self.mods[u]
        if m:
            for s, v, _, _, _, _ in m:
                if s == "protect" and v > best:
                    best = v
        if self.zone[u] == Z_BOARD and self.ctrl[u] >= 0 and u not in self.stones:
            if AROUND[self.place[u]] & self.aprot[self.ctrl[u]] and best < 1:
                best = 1
        return best if best > 0 else 0

    def stealthed(self, u: int) -> bool:
        return bool(self.kw[u] & K_STEALTH) and not self.st[u] & STEALTH_LOST

    def has_guard(self, u: int) -> bool:
        return bool(self.kw[u] & K_GUARD) and not self.stealthed(u)

    def guarded(self, p: int) -> bool:
        """HG-63: p's stone, with one of p's units with Guard (not in Stealth) next to it."""
        return bool(self.guards & self.own[p] & STONE_AROUND[p])

    def immune_blocks(self, u: int, kind: str, controller: int) -> bool:
        """HG-67."""
        imm = self.t.immune[u]
        if not imm or self.st[u] & SILENCED:
            return False
        if kind == "spell":
            return bool(imm & I_SPELLS or (imm & I_ENEMY_SPELLS and self.ctrl[u] != controller))
        if kind == "warcry":
            return bool(imm & I_WARCRIES)
        return kind == "ability" and bool(imm & I_ABILITIES)

    def on_board(self, u: int) -> bool:
        return 0 <= u < len(self.zone) and self.zone[u] == Z_BOARD

    def cost_reductions(self, p: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        row = self.t.row
        for u in self.units[p]:
            r = row[u].cost_red
            if r and not self.st[u] & SILENCED and self.ctrl[u] == p:
                out += r
        return out

    def cost(self, u: int, p: int, red: list[tuple[int, int]] | None = None) -> int:
        """HG-07."""
        if red is None:
            red = self.cost_reductions(p)
        c = self.t.cost[u]
        sub = self.t.sub[u]
        for s, amount in red:
            if not s or s & sub:
                c -= amount
        return c if c > 0 else 0

    # -- masks (Stealth, Guard, auras) of a unit arriving, leaving, changing ------------------------
    def _mark(self, u: int, sign: bool) -> None:
        """Put `u` (on the battlefield, at its cell) into the keyword and aura masks, or take
        it out of them."""
        kw = self.kw[u]
        if not kw and not self.t.trig[u] & T_AURA:  # (no keyword, no aura: in none of them)
            return
        bit = 1 << self.place[u]
        c = self.ctrl[u]
        stealth = kw & K_STEALTH and not self.st[u] & STEALTH_LOST
        if sign:
            if stealth:
                self.hidden |= bit
            elif kw & K_GUARD:
                self.guards |= bit
        else:
            self.hidden &= ~bit
            self.guards &= ~bit
        if self.st[u] & SILENCED or not self.t.trig[u] & T_AURA:
            return
        r = self.t.row[u]
        if c >= 0:
            if r.adj_attack:
                self.aatk[c] = self.aatk[c] | bit if sign else self.aatk[c] & ~bit
            if r.adj_protect:
                self.aprot[c] = self.aprot[c] | bit if sign else self.aprot[c] & ~bit
        if r.glob_enemy_attack:
            self.gneg[c if c >= 0 else 2] += r.glob_enemy_attack if sign else -r.glob_enemy_attack
        if r.cost_red:
            self.reds[c] += 1 if sign else -1

    def _enter(self, u: int, cell: int) -> None:
        """`u` comes onto the battlefield at `cell` (last in board order)."""
        self.zone[u] = Z_BOARD
        self.place[u] = cell
        self.occ[cell] = u
        self.taken |= 1 << cell
        self.ver += 1
        self.epoch += 1
        c = self.ctrl[u]
        if c >= 0:
            self.own[c] |= 1 << cell
            self.units[c].append(u)
        self.board.append(u)
        self.bseq += 1
        self.bpos[u] = self.bseq
        if not self.st[u] & SILENCED:
            self.kw[u] = self.t.kw[u]
        self._mark(u, True)

    def _leave(self, u: int, zone: int) -> None:
        """`u` leaves the battlefield for `zone` (its cell left as it was)."""
        self._mark(u, False)
        cell = self.place[u]
        self.occ[cell] = 0
        self.taken &= ~(1 << cell)
        self.ver += 1
        self.bseq += 1  # (kept targets: the same cells may hold other units from now on)
        self.chg |= 1 << cell  # (the kept actions of the units whose zone meets its cell)
        if self.kw[u] & K_GUARD:  # (the stone it guarded: the attacks of the units reaching it)
            self.chg |= STONE_BIT[0] | STONE_BIT[1]
        if self.t.trig[u] & T_AURA and not self.st[u] & SILENCED and self.t.row[u].glob_enemy_attack:
            self.epoch += 1  # (a global aura: any unit's attack may change; an adjacent one, those
            # around its cell, in `chg`)
        c = self.ctrl[u]
        if c >= 0:
            self.own[c] &= ~(1 << cell)
            self.units[c].remove(u)
        self.board.remove(u)
        self.zone[u] = zone

    def _reset(self, u: int) -> None:
        """HG-61: the default state."""
        self.mods[u] = None
        self.hp[u] = self.t.health[u]
        self.entered[u] = 0
        self.st[u] = 0
        self.kw[u] = 0
        self.stun[u] = -1
        self.banby[u] = -1

    def _to(self, u: int, zone: int, p: int) -> int:
        """`u` (off the battlefield) to zone `zone` of player `p` (the hand overflowing into the
        graveyard, HG-82); the zone it lands in."""
        if zone == Z_HAND:
            if len(self.hand[p]) >= HAND_LIMIT:
                zone = Z_GRAVE
            else:
                self.hand[p].append(u)
        if zone == Z_GRAVE:
            self.grave[p].append(u)
        elif zone == Z_REMOVED:
            self.removed.append(u)
        elif zone == Z_HOLD:
            self.holding.append(u)
        elif zone == Z_REVEAL:
            self.reveal[p].append(u)
        self.zone[u] = zone
        return zone

    def _leave_dest(self, u: int, zone: int) -> int:
        """HG-52: a neutral unit or a token leaves the game instead."""
        return Z_REMOVED if self.owner[u] < 0 or self.t.row[u].token else zone

    # -- the queue (HG-11..14) ------------------------------------------------------------------
    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def push(self, entry: tuple[Any, ...], level: int, time: int = -1) -> None:
        if time < 0:
            self.clock += 1
            time = self.clock
        self.qseq += 1
        heapq.heappush(self.queue, (level, time, self.qseq, entry))

    def push_ability(
        self,
        defn: HotgDef,
        idx: int,
        source: int,
        controller: int,
        target: int,
        kind: str,
        level: int,
        time: int = -1,
        cell: int = -1,
    ) -> None:
        self.push(("ab", defn, idx, source, controller, target, kind, cell), level, time)

    def run(self) -> None:
        """HG-11: resolve entries until none is left, a player must choose, or the game ends;
        the deaths looked for after each (HG-12 level 8). HG-14: equal levels by time, so two
        Afterlifes of units that killed each other resolve the earlier-deployed one's first."""
        q = self.queue
        while q and self.pending is None and self.result == -2:
            e = heapq.heappop(q)[3]
            self.resolve(e)
            if self.low:  # (`check_deaths` has nothing to do otherwise)
                self.check_deaths()
        if self.result != -2:
            self.queue = []
            self.pending = None

    def check_deaths(self) -> None:
        if not self.low or self.result != -2:
            return
        self.low = False
        hp = self.hp
        s0, s1 = self.stones
        a, b = hp[s0] <= 0, hp[s1] <= 0
        if a or b:  # HG-02
            self.result = -1 if a and b else (1 if a else 0)
            self.log.append(("game_over", self.result))
            return
        st = self.st
        for u in self.board:
            if hp[u] <= 0 and not st[u] & DYING and u != s0 and u != s1:
                st[u] |= DYING
                if not st[u] & EXECUTED and not st[u] & SILENCED and self.t.trig[u] & T_REINCARNATE:
                    d = self.t.defn[u]
                    for idx, _ab in d.facts.by_when.get("reincarnate", ()):
                        self.push_ability(
                            d, idx, u, self._acting(u), u, "reincarnate", L_REINCARNATE, self.entered[u]
                        )
                self.push(("death", u), L_DEATH, self.entered[u])

    def _acting(self, u: int) -> int:
        c = self.ctrl[u]
        return c if c >= 0 else NOBODY

    def resolve(self, e: tuple[Any, ...]) -> None:
        k = e[0]
        if k == "ab":
            self.resolve_ability(e)
        elif k == "deploy":
            self.resolve_deploy(e[1], e[2])
        elif k == "strike":
            self.resolve_strike(e[1], e[2])
        elif k == "attack_damage":
            self.resolve_attack_damage(e[1], e[2])
        elif k == "return_damage":
            self.resolve_return_damage(e[1], e[2])
        elif k == "death":
            self.resolve_death(e[1])
        elif k == "resurrect":
            self.resolve_resurrect(e[1], e[2])
        elif k == "spawn":
            self.resolve_spawn(e[1], e[2], e[3])
        elif k == "spell_done":
            u = e[1]
            if self.zone[u] == Z_HOLD:
                self.holding.remove(u)
                self._to(u, self._leave_dest(u, Z_GRAVE), self.owner[u])
        elif k == "turn_end":
            self.finish_turn(e[1])
        else:  # pragma: no cover
            raise AssertionError(e)

    def resolve_ability(self, e: tuple[Any, ...]) -> None:
        _, d, idx, source, controller, target, kind, cell = e
        ab = d.abilities[idx]
        spec = str(ab.get("target", "none"))
        if spec == "self":
            target = source
            if not self.on_board(source):
                return
        elif target == -2:  # CHOOSE
            choices = self.targets_for(spec, controller, kind, source, ab)
            if not choices:
                self.log.append(("fizzle", d.name, "none", kind))
                return
            self.pending = ("target", controller if controller >= 0 else self.active, e, choices)
            return
        elif spec != "none" and target >= 0 and not self.on_board(target):
            self.log.append(("fizzle", d.name, "gone", kind))
            return
        if controller < 0 and ab["do"] in _FOR_A_PLAYER:
            self.log.append(("fizzle", d.name, "neutral", kind))
            return
        if kind in ("warcry", "afterlife", "reincarnate"):
            self.log.append((kind, source, d.name))
        _fx.EFFECTS[str(ab["do"])](self, _NEW_CTX(Ctx, (source, controller, target, ab, kind, cell, d)))

    def targets_for(
        self, spec: str, controller: int, kind: str, source: int, params: Mapping[str, Any]
    ) -> list[int]:
        """The units an ability may target, in board order (`HotgGame.targets_for`)."""
        if spec == "none":
            return []
        if spec == "self":
            return [source] if self.on_board(source) else []
        return self.targets_in(self.target_mask(spec, controller, source), controller, kind, params)

    def target_mask(self, spec: str, controller: int, source: int) -> int:
        """The cells of the units an ability of `controller` with target `spec` may target,
        but for its parameters and Immune (`targets_for`)."""
        own = self.own[controller] if controller >= 0 else 0
        if spec == "enemy" or spec == "enemy_unit":
            m = self.taken & ~own
        elif spec == "ally" or spec == "ally_unit" or spec == "other_ally_unit":
            m = own
        else:  # unit, any
            m = self.taken
        m &= ~(self.hidden & ~own)  # HG-64: an enemy in Stealth (HG-52: a neutral unit is everybody's)
        if spec != "enemy" and spec != "ally" and spec != "any":  # units only
            m &= _NO_STONES
            if spec == "other_ally_unit" and self.on_board(source):
                m &= ~(1 << self.place[source])
        elif m & _STONES:  # HG-63: a guarded stone but its owner's
            if controller != 0 and m & _STONE0 and self.guarded(0):
                m &= ~_STONE0
            if controller != 1 and m & _STONE1 and self.guarded(1):
                m &= ~_STONE1
        return m

    def targets_in(self, m: int, controller: int, kind: str, params: Mapping[str, Any]) -> list[int]:
        """The units on the cells of `m` an ability of `kind` may target, in board order."""
        if not m:
            return []
        if m & (m - 1):
            out = list(map(self.occ.__getitem__, mask_cells(m)))
            out.sort(key=self.bpos.__getitem__)  # (board order)
        else:
            out = [self.occ[BIT_INDEX[m]]]
        if "max_health" in params:
            top = int(params["max_health"])
            out = [u for u in out if self.hp[u] <= top]
        if "subtype" in params:
            sub = SUBTYPE_BIT.get(str(params["subtype"]), 0)
            out = [u for u in out if self.t.sub[u] & sub]
        imm = self.t.immune
        for u in out:
            if imm[u]:  # HG-67 (a rare keyword: the list made again only then)
                return [v for v in out if not self.immune_blocks(v, kind, controller)]
        return out

    # -- primitive verbs (`HotgGame.damage` & co.) ----------------------------------------------
    def affectable(self, u: int, ctx: Ctx) -> bool:
        return not self.immune_blocks(u, ctx.kind, ctx.controller)

    def damage(self, u: int, amount: int, ctx: Ctx) -> int:
        zone = self.zone
        if amount <= 0 or not 0 <= u < len(zone) or zone[u] != Z_BOARD:  # (`on_board` inlined)
            return 0
        if self.t.immune[u] and self.immune_blocks(u, ctx.kind, ctx.controller):  # HG-67
            self.log.append(("immune", u))
            return 0
        if ctx.kind == "attack" or ctx.kind == "return":  # HG-68
            amount -= self.protect(u)
        if amount <= 0:
            self.log.append(("damage", ctx.source, u, 0, self.hp[u], ctx.defn))
            return 0
        hp = self.hp[u] = self.hp[u] - amount
        if hp <= 0:
            self.low = True
        self.log.append(("damage", ctx.source, u, amount, hp, ctx.defn))
        return amount

    def heal(self, u: int, amount: int, ctx: Ctx) -> None:
        """HG-55."""
        if not self.on_board(u) or (self.t.immune[u] and not self.affectable(u, ctx)):
            return
        top = STONE_HEALTH if u in self.stones else self.max_health(u)
        gained = top - self.hp[u]
        if amount < gained:
            gained = amount
        if gained <= 0:
            return
        self.hp[u] += gained
        self.log.append(("heal", u, gained, self.hp[u], top))

    def _add_mod(self, u: int, stat: str, value: int, is_set: bool, until: str, source: int) -> None:
        m = self.mods[u]
        if m is None:
            m = self.mods[u] = []
        self.clock += 1  # (the modifier's time, `_tick`)
        m.append((stat, value, is_set, until, source, self.clock))
        self.ver += 1
        if stat in _ACTING_STATS:  # (its own moves and attacks may change, no other unit's)
            self.chg |= STALE
            self.zones[u] |= STALE
        if until != "permanent":
            self.ending = True

    def add_modifier(self, u: int, stat: str, value: int, until: str, ctx: Ctx) -> None:
        if not self.on_board(u) or not self.affectable(u, ctx):
            return
        self._add_mod(u, stat, value, False, until, ctx.source)
        if stat == "health" and value > 0:  # HG-55
            self.hp[u] += value
        self.log.append(("buff", u, stat, value, until))

    def buff(self, u: int, attack: int, health: int, until: str, ctx: Ctx) -> None:
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        if attack:
            self._add_mod(u, "attack", attack, False, until, ctx.source)
        if health:
            self._add_mod(u, "health", health, False, until, ctx.source)
            if health > 0:
                self.hp[u] += health  # HG-55
            else:
                self.hp[u] = min(self.hp[u], self.max_health(u))
                if self.hp[u] <= 0:
                    self.low = True
        self.log.append(("buff", u, None, attack, health, until))

    def set_attack_to_health(self, u: int, ctx: Ctx) -> None:
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self._add_mod(u, "attack", self.hp[u], True, "permanent", ctx.source)
        self.log.append(("buff", u, self.hp[u]))

    def ready(self, u: int, ctx: Ctx) -> None:
        if not self.on_board(u):
            return
        self.epoch += 1
        self.st[u] &= NOT_EXHAUSTED
        self.log.append(("ready", u))

    def whose_next_turn(self, controller: int) -> int:
        return controller if controller >= 0 else 1 - self.active

    def stun_unit(self, u: int, ctx: Ctx) -> None:
        """HG-65."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self.epoch += 1
        self.stunning = True
        self.stun[u] = self.whose_next_turn(ctx.controller)
        self.log.append(("stun", u))

    def silence(self, u: int, ctx: Ctx) -> None:
        """HG-73: its text's abilities, auras and keywords are gone."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self._mark(u, False)
        self.st[u] = (self.st[u] | SILENCED) & NOT_WARCRY
        self.kw[u] = 0
        self.epoch += 1
        self.ver += 1  # (no Stealth, Guard nor Immune now: HG-63, HG-64, HG-67)
        self.bseq += 1  # (the same cells may hold other targets now: Immune gone)
        self._mark(u, True)
        self.log.append(("silence", u))

    def give_resurrection(self, u: int, ctx: Ctx) -> None:
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self.st[u] |= RESURRECTION
        self.log.append(("status", u))

    def banish(self, u: int, ctx: Ctx) -> None:
        """HG-62: out of the game until the start of the banisher's next turn; its cell kept."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self.banby[u] = self.whose_next_turn(ctx.controller)
        self._leave(u, Z_BAN)
        self.banished.append(u)
        self.ban |= 1 << self.place[u]
        self.log.append(("banish", u, self.place[u]))

    def return_to_hand(self, u: int, ctx: Ctx) -> None:
        """HG-61."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self._leave(u, 0)
        dest = self._leave_dest(u, Z_HAND)
        self._reset(u)
        self.ctrl[u] = self.owner[u]
        self.place[u] = -1
        where = self._to(u, dest, self.owner[u])
        self.log.append(("bounce", u, where))

    def execute(self, u: int, ctx: Ctx) -> None:
        """HG-70."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        self.st[u] |= EXECUTED
        self.log.append(("execute", u))
        if not self.st[u] & DYING:
            self.st[u] |= DYING
            self.push(("death", u), L_DEATH, self.entered[u])

    def transform(self, u: int, into: str, ctx: Ctx, neutral: bool = False) -> None:
        """HG-66: the original is removed from the game at once (it does not die)."""
        if not self.on_board(u) or not self.affectable(u, ctx) or u in self.stones:
            return
        cell = self.place[u]
        owner = -1 if neutral else self.ctrl[u]
        kept = tuple(self.aura_bonuses_of(u))  # (what the auras gave it, as it left: its words' facts)
        self._leave(u, Z_REMOVED)
        self.removed.append(u)
        new = self.create(card_pool()[into], owner, 0)
        self.st[new] = EXHAUSTED
        self._enter(new, cell)
        self.entered[new] = self.tick()
        self.log.append(("transform", u, new, neutral, kept))

    def draw(self, p: int, log: bool = True) -> None:
        deck = self.deck[p]
        if not deck:  # HG-04: fatigue
            self.fatigue[p] += 1
            self.hp[self.stones[p]] -= self.fatigue[p]
            self.low = True
            self.log.append(("fatigue", p, self.fatigue[p]))
            return
        u = deck.pop()
        hand = self.hand[p]
        if len(hand) >= HAND_LIMIT:  # HG-82
            self._to(u, Z_GRAVE, p)
            self.log.append(("burn", p, u))
            return
        hand.append(u)  # (`_to(u, Z_HAND, p)` inlined)
        self.zone[u] = Z_HAND
        if log:
            self.log.append(("draw", p))

    def queue_spawn(self, into: str, owner: int, cell: int) -> None:
        self.push(("spawn", into, owner, cell), L_SPAWN)

    def replace_ability(self, p: int, ability: str) -> None:
        """HG-45."""
        self.ability[p] = ability
        self.used[p] = False
        self.ver += 1  # (its targets are another ability's)
        self.log.append(("ability", p, ability))

    def gain_mana(self, p: int, amount: int) -> None:
        self.mana[p] = min(MAX_MANA, self.mana[p] + amount)

    def start_reveal(self, ctx: Ctx, resolve: bool) -> None:
        """HG-60."""
        p = ctx.controller
        pool = card_pool()
        opts = [o.strip() for o in str(ctx.params.get("options", "")).split(",") if o.strip()]
        if not opts:
            sub = ctx.params.get("subtype")
            opts = [d.id for d in collectible(pool) if not sub or sub in d.subtypes]
        picks = self.rng.sample(opts, min(3, len(opts)))
        uids = []
        for cid in picks:
            u = self.create(pool[cid], p, 0)
            self._to(u, Z_REVEAL, p)
            uids.append(u)
        self.pending = ("reveal", p, uids, resolve, ctx.source)
        self.log.append(("reveal", p, len(uids)))

    # -- resolution -----------------------------------------------------------------------------
    def free(self, cell: int) -> bool:
        return not self.occ[cell] and not self.ban >> cell & 1

    def resolve_deploy(self, u: int, cell: int) -> None:
        p = self.owner[u]
        self.holding.remove(u)
        if self.occ[cell] or self.ban >> cell & 1:  # HG-05 (`free` inlined)
            self._to(u, self._leave_dest(u, Z_GRAVE), p)
            self.log.append(("blocked", u, cell))
            return
        self.ctrl[u] = p
        self.st[u] |= EXHAUSTED  # HG-23
        self._enter(u, cell)
        self.clock += 1  # (`tick` inlined)
        self.entered[u] = self.clock
        self.log.append(("deploy", u, cell))
        trig = self.t.trig[u]
        if trig & (T_WARCRY | T_ACTIVATED) and not self.st[u] & SILENCED:  # HG-72 / HG-83
            d = self.t.defn[u]
            for idx, ab in d.facts.by_when.get("warcry", ()):
                spec = str(ab.get("target", "none"))
                self.push_ability(
                    d, idx, u, p, -2 if spec not in ("none", "self") else -1, "warcry", L_WARCRY
                )
            if trig & T_ACTIVATED:
                self.st[u] |= WARCRY_READY
        if self.t.sub[u] & S_GOD:  # (an allied God's arrival: `entered_board`)
            self.entered_board(u)

    def entered_board(self, u: int) -> None:
        """`HotgGame._entered`: an allied God's arrival (Marksman)."""
        c = self.ctrl[u]
        if self.t.sub[u] & S_GOD and c >= 0:
            trig, st = self.t.trig, self.st
            for o in self.board:
                if o != u and self.ctrl[o] == c and trig[o] & T_GOD_ENTERS and not st[o] & SILENCED:
                    d = self.t.defn[o]
                    for idx, ab in d.facts.by_when.get("ally_god_enters", ()):
                        self.push_ability(d, idx, o, c, _chosen(ab), "effect", L_OTHER)

    def resolve_strike(self, a: int, t: int) -> None:
        if not self.on_board(a) or not self.on_board(t):  # HG-42 (3)
            self.log.append(("attack", a, t, 0))
            return
        self.push(("attack_damage", a, t), L_ATTACK_DAMAGE)
        self.push(("return_damage", a, t), L_RETURN)

    def resolve_attack_damage(self, a: int, t: int) -> None:
        ctx = _NEW_CTX(Ctx, (a, self._acting(a), t, _NO_PARAMS, "attack", -1, None))
        if self.damage(t, self.attack_of(a), ctx) <= 0:
            return
        if self.t.trig[a] & T_ATTACK_DAMAGE and not self.st[a] & SILENCED:  # HG-12 level 4
            d = self.t.defn[a]
            for idx, _ab in d.facts.by_when.get("attack_damage", ()):
                self.push_ability(d, idx, a, self._acting(a), t, "effect", L_ATTACK_DAMAGE_EFFECT)

    def resolve_return_damage(self, a: int, t: int) -> None:
        """HG-42 (7), HG-44."""
        if not self.on_board(t) or not self.on_board(a):
            return
        back = self.attack_of(t)
        if (
            back <= 0
            or self.stun[t] >= 0
            or not REACH[min(self.range_of(t), MAX_STEPS - 1)][self.place[t]] >> self.place[a] & 1
        ):
            return
        self.log.append(("return", t, a))
        self.damage(a, back, _NEW_CTX(Ctx, (t, self._acting(t), a, _NO_PARAMS, "return", -1, None)))

    def resolve_death(self, u: int) -> None:
        if not self.on_board(u):
            return
        cell = self.place[u]
        controller = self._acting(u)
        p = self.owner[u]
        dest = self._leave_dest(u, Z_GRAVE)
        self.log.append(("death", u))
        st = self.st[u]
        resurrect = st & RESURRECTION and not st & EXECUTED  # HG-70
        afterlife = self.t.trig[u] & T_AFTERLIFE and not st & SILENCED
        entered = self.entered[u]
        self._leave(u, dest)
        self._reset(u)
        self.ctrl[u] = self.owner[u]
        self.zone[u] = 0
        self._to(u, dest, p)
        if resurrect:  # HG-69
            self.push(("resurrect", u, cell), L_RESURRECT, entered)
        if afterlife:  # HG-71
            d = self.t.defn[u]
            for idx, ab in d.facts.by_when.get("afterlife", ()):
                self.push_ability(d, idx, u, controller, _chosen(ab), "afterlife", L_AFTERLIFE, entered, cell)

    def resolve_resurrect(self, u: int, cell: int) -> None:
        p = self.owner[u]
        if p < 0 or self.zone[u] != Z_GRAVE:  # HG-69
            self.log.append(("fizzle", u, "grave", cell))
            return
        if not self.free(cell):  # HG-05
            self.log.append(("fizzle", u, "taken", cell))
            return
        self._reset(u)
        self.ctrl[u] = p
        self.grave[p].remove(u)
        self.st[u] = EXHAUSTED
        self._enter(u, cell)
        self.entered[u] = self.tick()
        self.log.append(("resurrect", u, cell))
        self.entered_board(u)  # HG-83: no Warcry from the graveyard

    def resolve_spawn(self, into: str, owner: int, cell: int) -> None:
        d = card_pool()[into]
        if not self.free(cell):  # HG-05 / HG-71
            u = self.create(d, owner, 0)
            self._to(u, Z_REMOVED, owner)
            self.log.append(("fizzle", u, "spawn", cell))
            return
        u = self.create(d, owner, 0)
        self.st[u] = EXHAUSTED
        self._enter(u, cell)
        self.entered[u] = self.tick()
        self.log.append(("spawn", u, cell))
        self.entered_board(u)

    # -- turns ------------------------------------------------------------------------------------
    def expire(self, until: str) -> None:
        """Bonuses `until` end (HG-56: health lowered only as far as needed)."""
        if not self.ending:
            return
        ending = False
        mods = self.mods
        for zone in (self.board, self.banished):
            for u in zone:
                m = mods[u]
                if not m:
                    continue
                if any(x[3] == until for x in m):
                    mods[u] = m = [x for x in m if x[3] != until]
                    top = self.max_health(u)
                    if self.hp[u] > top:
                        self.hp[u] = top
                        self.low = True
                if not ending:
                    for x in m:
                        if x[3] != "permanent":
                            ending = True
                            break
        self.ending = ending

    def start_turn(self, p: int, first: bool = False) -> None:
        """HG-20."""
        self.active = p
        self.turn += 1
        self.ver += 1
        m = self.max_mana[p] + 1
        self.max_mana[p] = m if m < MAX_MANA else MAX_MANA  # HG-06
        self.mana[p] = self.max_mana[p]
        self.used[p] = False  # HG-45
        self.log.append(("turn", p, self.turn, self.mana[p]))
        if self.banished:
            for u in list(self.banished):  # HG-62: the banishment ends
                if self.banby[u] == p:
                    self.banby[u] = -1
                    self.banished.remove(u)
                    cell = self.place[u]
                    self.ban &= ~(1 << cell)
                    self._enter(u, cell)
                    self.log.append(("banish", u, cell, 1))
        if self.ending:
            self.expire(SONT[p])
        if self.stunning:  # (a unit may be stunned: most of the time none is)
            stun = self.stun
            for u in self.banished:
                if stun[u] == p:  # HG-65
                    stun[u] = -1
            s0, s1 = self.stones
            left = False
            for u in self.board:
                if stun[u] >= 0:
                    if stun[u] == p and u != s0 and u != s1:  # HG-65
                        stun[u] = -1
                    else:
                        left = True
            self.stunning = left or any(stun[u] >= 0 for u in self.banished)
        st, trig = self.st, self.t.trig
        for u in self.units[p]:
            st[u] &= NOT_EXHAUSTED
            if trig[u] & T_START and not st[u] & SILENCED:
                d = self.t.defn[u]
                for idx, ab in d.facts.by_when.get("start_turn", ()):
                    self.push_ability(d, idx, u, p, _chosen(ab), "effect", L_OTHER, self.entered[u])
        if not first:
            self.draw(p)
        else:
            self.log.append(("turn",))  # (the first player draws no card)
        if self.low:  # (a fatigue, a bonus ended)
            self.check_deaths()

    def end_turn(self) -> None:
        """HG-21: end-of-turn effects, then the turn passes."""
        p = self.active
        self.log.append(("turn", p))
        st, trig = self.st, self.t.trig
        for u in self.units[p]:
            if trig[u] & T_END and not st[u] & SILENCED:
                d = self.t.defn[u]
                for idx, ab in d.facts.by_when.get("end_turn", ()):
                    self.push_ability(d, idx, u, p, _chosen(ab), "effect", L_OTHER, self.entered[u])
        if self.queue:
            self.push(("turn_end", p), L_TURN)
            self.run()
            return
        self.clock += 1  # (the time the entry would take)
        self.finish_turn(p)
        if self.low:
            self.check_deaths()
        if self.queue:  # (the start of the turn's triggers)
            self.run()

    def finish_turn(self, p: int) -> None:
        if self.ending:
            self.expire("eot")
        st = self.st
        for u in self.units[p]:
            st[u] &= NOT_MOVED_ATTACKED
        for u in self.banished:  # HG-31/41, HG-62
            if self.ctrl[u] == p:
                st[u] &= NOT_MOVED_ATTACKED
        self.start_turn(1 - p)

    # -- decisions and legal actions ----------------------------------------------------------------
    def decision(self) -> tuple[int, str] | None:
        """(player, kind) of the decision now: "turn", "target", "reveal"; None when over."""
        if self.result != -2:
            return None
        pend = self.pending
        if pend is not None:
            return (pend[1], pend[0])
        return (self.active, "turn")

    def is_over(self) -> bool:
        return self.result != -2

    def foes(self, p: int) -> int:
        """The cells of what `p` may attack (HG-63/64): the others' units but those in
        Stealth, and the enemy stone unless guarded."""
        q = 1 - p
        m = (self.taken ^ self.own[p]) & ~self.hidden
        if self.guards & self.own[q] & STONE_AROUND[q]:
            m &= ~STONE_BIT[q]
        return m

    def with_targets(
        self, table: Any, row: Row, when: str, p: int, source: int, kind: str, key: Any
    ) -> list[Action]:
        tg = row.targeted.get(when)
        if tg is None:
            return [table[-1]]
        # (kept while nothing but moves changed the battlefield, `ver`: `key` tells them)
        # (not when the targets depend on health: Judgement's "3 or less health"); and when
        # `ver` changed, kept while the candidates' cells and board order did not (`bseq`)
        got = self.kept.get(key)
        if got is not None and got[0] == self.ver:
            return got[1]
        spec, ab = tg
        if spec == "self" or "max_health" in ab:
            return [table[t] for t in self.targets_for(spec, p, kind, source, ab)]
        m = self.target_mask(spec, p, source)
        if got is not None and got[2] == m and got[3] == self.bseq:
            self.kept[key] = (self.ver, got[1], m, self.bseq)
            return got[1]
        acts = list(map(table.__getitem__, self.targets_in(m, p, kind, ab)))
        self.kept[key] = (self.ver, acts, m, self.bseq)
        return acts

    def legal_actions(self) -> list[Act]:
        """The legal actions as the core's tuples (`legal()`'s, each its Action's)."""
        return list(map(ACTION_TUPLE.__getitem__, map(id, self.legal())))

    def legal(self) -> list[Action]:
        """The legal actions in the engine's order, as the game interface's `Action`s (a new
        list; `ACTION_TUPLE[id(a)]` is the core's tuple of `a`, the one `apply` takes)."""
        if self.result != -2:
            return []
        pend = self.pending
        if pend is not None:
            if pend[0] == "target":
                return [TARGETS_A[t] for t in pend[3]]
            return [PICKS_A[u] for u in pend[2]]
        p = self.active
        mana = self.mana[p]
        t = self.t
        own = self.own[p]
        taken = self.taken
        open_cells = ALL ^ (taken | self.ban)
        acts: list[Action] = []
        deploy = -1
        red: list[tuple[int, int]] | None = None
        for uid in self.hand[p]:
            if t.cost[uid] > mana:
                if not self.reds[p]:
                    continue
                if red is None:
                    red = self.cost_reductions(p)
                if not red or self.cost(uid, p, red) > mana:
                    continue
            k = t.kind[uid]
            if k == D_UNIT:  # HG-23/24
                if deploy < 0:  # the free cells around p's (diagonals too)
                    row = own | ((own << 1) & NOT_FIRST_COL) | ((own >> 1) & NOT_LAST_COL)
                    deploy = (row | (row << 9) | (row >> 9)) & open_cells
                    lo, hi = deploy & HALF, deploy >> 27
                    cells = (
                        _R0[lo & ROW] + _R1[(lo >> 9) & ROW] + _R2[lo >> 18] + _R3[hi & ROW] + _R4[hi >> 9]
                    )
                acts += map(DEPLOYS_A[uid].__getitem__, cells)
            elif k == D_SPELL:  # (`with_targets`' first two tests in line)
                r = t.row[uid]
                if r.targeted.get("spell") is None:
                    acts.append(CASTS_A[uid][-1])
                    continue
                kept = self.kept.get(uid)
                if kept is not None and kept[0] == self.ver:
                    acts += kept[1]
                else:
                    acts += self.with_targets(CASTS_A[uid], r, "spell", p, uid, "spell", uid)
        blocked = taken ^ own
        foes = -1
        st, place, mods = self.st, self.place, self.mods
        segs, zones, chg = self.segs, self.zones, self.chg
        mra = t.mra
        self.chg = 0
        aatk = gsum = -1  # (the auras read when a unit first has another in reach)
        rdy = self.rdy
        if rdy is None:  # (an attack takes away the activated Warcry too, HG-72: an attacked
            # unit has no action left)
            rdy = self.rdy = []
            wr = False
            stun = self.stun
            for uid in self.units[p]:
                s = st[uid]
                if not s & DONE and stun[uid] < 0:
                    rdy.append(uid)
                    if s & WARCRY_READY:
                        wr = True
            self.rdy_wr = wr
        wr = self.rdy_wr  # (one of them may have its activated Warcry: none gets one meanwhile)
        for uid in rdy:
            if not chg & zones[uid]:  # (a unit never made has zone -1: it is in `rdy` only
                # after a remake of the list, which comes with `chg = ALL`)
                acts += segs[uid]  # nothing changed in its zone since they were made
            else:
                s = st[uid]
                n = place[uid]
                # its move, range and attack (HG-57: the auras on top)
                steps, rng, attack = mra[uid]
                mine = mods[uid]
                if mine:  # (`Card.stat` of the three in one pass: "set" replaces, "add" adds)
                    for stat, v, is_set, _, _, _ in mine:
                        if stat == "attack":
                            attack = v if is_set else attack + v
                        elif stat == "move":
                            steps = v if is_set else steps + v
                        elif stat == "range":
                            rng = v if is_set else rng + v
                    if t.sub[uid] & S_STRUCTURE:  # HG-33
                        steps = 0
                    if rng < 1:
                        rng = 1
                    elif rng >= MAX_STEPS:  # (a definition's own are below: `supported`)
                        rng = MAX_STEPS - 1
                    if steps >= MAX_STEPS:
                        steps = MAX_STEPS - 1
                    elif steps < 0:
                        steps = 0
                got: tuple[Action, ...] = ()
                # (its zone: the cells it may walk to only while it may still move)
                if steps and not s & MOVED:  # HG-30/32/33
                    zones[uid] = ZONE[steps][rng][n]
                    if NEAR[steps][n] & blocked:
                        m = walk(n, steps, blocked) & open_cells
                    else:
                        m = BALL[steps][n] & open_cells
                    # (made anew: kept by mask, ≈ 84 % of the masks met were new, session 41)
                    lo, hi = m & HALF, m >> 27
                    got = tuple(
                        map(
                            MOVES_A[uid].__getitem__,
                            _R0[lo & ROW]
                            + _R1[(lo >> 9) & ROW]
                            + _R2[lo >> 18]
                            + _R3[hi & ROW]
                            + _R4[hi >> 9],
                        )
                    )
                else:
                    zones[uid] = ZONE[0][rng][n]
                reach = REACH[rng][n] & blocked
                if reach:  # (its attack, the auras on top, only when another unit is in reach)
                    if aatk < 0:
                        aatk = self.aatk[p]
                        g = self.gneg  # (HG-57: the enemies' global auras on p's units)
                        gsum = g[0] + g[1] + g[2] - g[p]
                    attack += gsum
                    if aatk:
                        attack += (AROUND[n] & aatk).bit_count()
                if reach and attack > 0:  # HG-40
                    if foes < 0:
                        foes = self.foes(p)
                    reach &= foes
                    if reach:
                        mine = ATTACKS_A[uid]
                        occ = self.occ
                        low = reach & -reach
                        if low == reach:
                            got += (mine[occ[BIT_INDEX[low]]],)
                        else:  # in board order
                            hits = list(map(occ.__getitem__, mask_cells(reach)))
                            hits.sort(key=self.bpos.__getitem__)
                            got += tuple(map(mine.__getitem__, hits))
                segs[uid] = got
                acts += got
            if wr and st[uid] & WARCRY_READY and not st[uid] & SILENCED and t.trig[uid] & T_ACTIVATED:
                acts += self.with_targets(WARCRIES_A[uid], t.row[uid], "activated", p, uid, "warcry", -uid)
        if not self.used[p]:
            r = _ABILITY_ROWS.get(self.ability[p]) or _ability_row(self.ability[p])
            if r.cost <= mana:
                kept = self.kept.get(-10_000 - p)  # (`with_targets`' first test, in line)
                if kept is not None and kept[0] == self.ver:
                    acts += kept[1]
                else:
                    acts += self.with_targets(ABILITIES_A, r, "ability", p, -1, "ability", -10_000 - p)
        acts.append(END_A)
        return acts

    # -- actions --------------------------------------------------------------------------------
    def apply(self, a: Act) -> None:
        """Apply a legal action (not checked: `legal_actions()` gives them)."""
        verb, x, y, _ = a
        if verb == MOVE:
            self.move(x, y)
            return
        if verb == END:
            self.chg = ALL
            self.rdy = None
            self.end_turn()
            return
        e, b = self.epoch, self.bseq
        if verb == TARGET:
            self.answer_target(x)
        elif verb == PICK:
            self.answer_pick(x)
        elif verb == PLAY:
            self.play_unit(x, y)
        elif verb == CAST:
            self.cast(x, y)
        elif verb == ATTACK:
            self.attack(x, y)
        elif verb == WARCRY:
            self.warcry(x, y)
        elif verb == ABILITY:
            self.use_ability(x)
        if self.queue:
            self.run()
        if self.epoch != e:  # (units arrived or changed: every unit's actions made anew but
            # after a deployment alone, which changed only its cell; units that left without
            # a Guard or an aura changed only theirs, `_leave`)
            if verb == PLAY and self.epoch == e + 1 and self.zone[x] == Z_BOARD:
                # (the new unit is exhausted: not one that may act; an ally, it changes the
                # others' moves only, but through an aura)
                self.chg |= 1 << y if self.t.trig[x] & T_AURA else 1 << y << ALLY_MOVE
                b += 1  # (its arrival)
            else:
                self.chg = ALL
                self.rdy = None
        rdy = self.rdy
        if rdy is not None:
            if verb == ATTACK:
                rdy.remove(x)  # (it has attacked, its activated Warcry lost: HG-41, HG-72)
            if self.bseq != b:  # (the units that left are no longer among those that may act)
                zone = self.zone
                self.rdy = [u for u in rdy if zone[u] == Z_BOARD]

    def move(self, u: int, cell: int) -> None:
        p = self.active
        place, occ = self.place, self.occ
        old = place[u]
        place[u] = cell
        occ[old] = 0
        occ[cell] = u
        was = 1 << old
        both = was | (1 << cell)
        self.own[p] ^= both
        self.taken ^= both
        if self.hidden & was:  # its keywords' and auras' masks follow it
            self.hidden ^= both
        elif self.guards & was:
            self.guards ^= both
        if self.t.trig[u] & T_AURA:  # (only a unit with an aura is in the auras' masks, `_mark`)
            if self.aatk[p] & was:
                self.aatk[p] ^= both
                self.chg |= both  # (its aura moved: the attacks of the units around both cells)
            if self.aprot[p] & was:
                self.aprot[p] ^= both
        self.chg |= both << ALLY_MOVE  # (the moves of the units that may walk there, its own)
        if self.kw[u] & K_GUARD:  # (it may guard its stone now, or no more: HG-63)
            self.ver += 1
        st = self.st
        st[u] = (st[u] | MOVED) & NOT_WARCRY  # HG-72
        self.log.append(("move", u, old, cell))

    def play_unit(self, u: int, cell: int) -> None:
        p = self.active
        cost = self.cost(u, p) if self.reds[p] else self.t.cost[u]  # HG-07
        self.mana[p] -= cost
        self.hand[p].remove(u)
        self.holding.append(u)  # (`_to(u, Z_HOLD, p)` inlined)
        self.zone[u] = Z_HOLD
        self.log.append(("play", p, u, cost, cell))
        # (the queue is empty at a turn's decision: the deployment resolves at once, HG-12
        # level 1, at the time its entry would take)
        self.clock += 1
        self.resolve_deploy(u, cell)

    def cast(self, u: int, target: int) -> None:
        """HG-22."""
        p = self.active
        cost = self.cost(u, p)
        self.mana[p] -= cost
        self.hand[p].remove(u)
        self._to(u, Z_HOLD, p)
        self.log.append(("play", p, u, cost, target))
        d = self.t.defn[u]
        for idx, _ab in d.facts.by_when.get("spell", ()):
            self.push_ability(d, idx, u, p, target, "spell", L_OTHER)
        self.push(("spell_done", u), L_FINISH)

    def attack(self, a: int, t: int) -> None:
        """HG-41/42."""
        if self.stealthed(a):
            self.log.append(("stealth", a))
        if self.kw[a] & K_STEALTH and not self.st[a] & STEALTH_LOST:
            self._mark(a, False)
            self.st[a] |= STEALTH_LOST  # HG-42 (1)
            self._mark(a, True)
            self.ver += 1
        self.st[a] = (self.st[a] | SPENT) & NOT_WARCRY
        self.log.append(("attack", a, t))
        if not self.t.trig[a] & (T_ATTACK | T_ATTACK_DAMAGE) or self.st[a] & SILENCED:
            # No trigger of the attack (the queue is empty): HG-42 in one call, at the times
            # the strike, attack damage and return damage entries would take; the deaths after
            # return damage (HG-43), by the queue
            self.clock += 3
            self.damage(
                t, self.attack_of(a), _NEW_CTX(Ctx, (a, self._acting(a), t, _NO_PARAMS, "attack", -1, None))
            )
            if self.low:
                self.check_deaths()
                if self.result != -2:
                    return
            self.resolve_return_damage(a, t)
            self.check_deaths()
            return
        if self.t.trig[a] & T_ATTACK and not self.st[a] & SILENCED:  # HG-42 (2)
            d = self.t.defn[a]
            for idx, _ab in d.facts.by_when.get("attack", ()):
                self.push_ability(d, idx, a, self._acting(a), t, "effect", L_OTHER)
        self.push(("strike", a, t), L_STRIKE)

    def warcry(self, u: int, target: int) -> None:
        self.st[u] &= NOT_WARCRY
        self.log.append(("warcry", u))
        d = self.t.defn[u]
        for idx, _ab in d.facts.by_when.get("activated", ()):
            self.push_ability(d, idx, u, self._acting(u), target, "warcry", L_WARCRY)

    def use_ability(self, target: int) -> None:
        p = self.active
        d = card_pool()[self.ability[p]]
        self.mana[p] -= d.cost
        self.used[p] = True  # HG-45
        self.log.append(("ability", p, target, d.id))
        abilities = d.facts.by_when.get("ability", ())
        if len(abilities) == 1:  # (the queue is empty: it resolves at once, at its entry's time)
            self.clock += 1
            self.resolve_ability(("ab", d, abilities[0][0], -1, p, target, "ability", -1))
            if self.low:
                self.check_deaths()
            return
        for idx, _ab in abilities:
            self.push_ability(d, idx, -1, p, target, "ability", L_OTHER)

    def answer_target(self, t: int) -> None:
        assert self.pending is not None
        e = self.pending[2]
        self.pending = None
        self.resolve_ability((*e[:5], t, *e[6:]))
        self.check_deaths()

    def answer_pick(self, u: int) -> None:
        assert self.pending is not None
        _, p, uids, resolve, source = self.pending
        self.pending = None
        for o in uids:
            if o != u:
                self.reveal[p].remove(o)
                self._to(o, Z_REMOVED, p)
        self.reveal[p].remove(u)
        if resolve:  # HG-60: a revealed effect resolves at once on its source
            self._to(u, Z_REMOVED, p)
            self.log.append(("reveal", p, u, 1))
            d = self.t.defn[u]
            for idx, _ab in d.facts.by_when.get("spell", ()):
                self.resolve_ability(("ab", d, idx, source, p, source, "warcry", -1))
        else:
            where = self._to(u, Z_HAND, p)
            self.log.append(("reveal", p, u, 0, where))
        self.check_deaths()

    # -- readers for the facade (`hotg/game.py`: views, the state hash) ----------------------------
    def aura_bonuses_of(self, u: int) -> list[tuple[str, int, int]]:
        """HG-57: what the auras give unit `u` on the battlefield now, as (stat, value, source):
        by source in board order, each aura of its text in order (a stone gets none)."""
        out: list[tuple[str, int, int]] = []
        if self.zone[u] != Z_BOARD or u in self.stones:
            return out
        trig, st, ctrl = self.t.trig, self.st, self.ctrl
        c = ctrl[u]
        near = AROUND[self.place[u]]
        for s in self.board:
            if not trig[s] & T_AURA or st[s] & SILENCED:
                continue
            for _, ab in self.t.defn[s].facts.auras:
                do = ab.get("do")
                if do == "adjacent_allies":  # its controller's units next to it
                    if s == u or c < 0 or ctrl[s] != c or not near >> self.place[s] & 1:
                        continue
                elif do == "global_enemies":  # every unit its controller does not control
                    if c >= 0 and ctrl[s] == c:
                        continue
                else:
                    continue
                for stat in ("attack", "health", "protect"):
                    if ab.get(stat):
                        out.append((stat, int(ab[stat]), s))
        return out

    def canonical(self) -> list[Any]:
        """The state as JSON-able lists (copies), for `HotgGame.state_hash`: what decides the
        game's future, as the core keeps it. By uid: the definition's id, zone, owner,
        controller, cell, health, state flags, keywords, entry time, who stunned and who
        banished it, its modifiers (each with its expiry, source and time); every zone in
        order (the battlefield in board order); the stones, the players' abilities, their use,
        mana, maximum and fatigue; turn, active player, clock, result; the queue in the order
        it resolves and a pending decision (definitions by id). Left out, as worked out from
        these or kept only to go faster: the masks (`occ`, `own`, `taken`, `hidden`, `guards`,
        the auras', `ban`), `units`, `reds`, `bpos`/`bseq` (board order is `board`'s), `qseq`
        (the queue's order is kept), the hints `low`, `ending`, `stunning`, what
        `legal_actions` keeps (`ver`, `kept`, `segs`, `zones`, `chg`, `epoch`, `rdy`, `rdy_wr`)
        and the log. The RNG's digest is added by `Game.state_hash`."""
        q = [[lv, time, *map(_plain, e)] for lv, time, _, e in sorted(self.queue)] if self.queue else []
        p = self.pending
        pend: list[Any] | None = None
        if p is not None:
            if p[0] == "target":  # (player, the ability's entry, the targets)
                pend = ["target", p[1], [*map(_plain, p[2])], list(p[3])]
            else:  # (player, the cards revealed, whether to resolve, the source)
                pend = ["reveal", p[1], list(p[2]), p[3], p[4]]
        return [
            [d.id for d in self.t.defn],
            self.zone.copy(),
            self.owner.copy(),
            self.ctrl.copy(),
            self.place.copy(),
            self.hp.copy(),
            self.st.copy(),
            self.kw.copy(),
            self.entered.copy(),
            self.stun.copy(),
            self.banby.copy(),
            [m.copy() if m else None for m in self.mods],  # (no modifier left: as none given)
            [self.deck[0].copy(), self.deck[1].copy()],
            [self.hand[0].copy(), self.hand[1].copy()],
            [self.grave[0].copy(), self.grave[1].copy()],
            [self.reveal[0].copy(), self.reveal[1].copy()],
            self.board.copy(),
            self.banished.copy(),
            self.holding.copy(),
            self.removed.copy(),
            list(self.stones),
            self.ability.copy(),
            self.used.copy(),
            self.mana.copy(),
            self.max_mana.copy(),
            self.fatigue.copy(),
            [self.turn, self.active, self.clock, self.result],
            q,
            pend,
        ]

    # -- set-up by hand (a scenario, `hotg/scenario.py`; a test): no rule, the masks kept right --
    @classmethod
    def set_up(cls, seed: int, defs: Sequence[HotgDef], abilities: list[str]) -> Core:
        """A game of the cards `defs` (uid i is `defs[i]`; `defs[0]` unused), each in no zone
        yet, no stone placed, turn 0: `put`, `place_stone` and `place_unit` lay it out,
        `settle` starts it."""
        return cls._blank(seed, Table([row_of(d) for d in defs]), abilities)

    def put(self, u: int, zone: int, p: int) -> None:
        """Card `u` of player `p` last into its deck (the top), hand or graveyard."""
        self.owner[u] = self.ctrl[u] = p
        self.zone[u] = zone
        {Z_DECK: self.deck, Z_HAND: self.hand, Z_GRAVE: self.grave}[zone][p].append(u)

    def place_stone(self, u: int, p: int, hp: int) -> None:
        """`u`, player `p`'s Summoning Stone, onto its cell (HG-01) with `hp` health."""
        cell = STONE_CELL[p]
        stones = list(self.stones)
        stones[p] = u
        self.stones = (stones[0], stones[1])
        self.zone[u] = Z_BOARD
        self.owner[u] = self.ctrl[u] = p
        self.place[u] = cell
        self.occ[cell] = u
        self.own[p] |= 1 << cell
        self.taken |= 1 << cell
        self.board.append(u)
        self.bpos[u] = p + 1
        self.hp[u] = hp
        self.entered[u] = self.tick()

    def place_unit(self, u: int, cell: int, owner: int, banished_by: int = -1) -> None:
        """Unit `u` of `owner` (-1: neutral) onto the battlefield at `cell`, entered now; or
        banished from there (by `banished_by`'s effect, HG-62)."""
        self.owner[u] = self.ctrl[u] = owner
        self.entered[u] = self.tick()
        if banished_by < 0:
            self._enter(u, cell)
            return
        self.zone[u] = Z_BAN
        self.place[u] = cell
        self.banished.append(u)
        self.ban |= 1 << cell
        self.banby[u] = banished_by
        self.kw[u] = self.t.kw[u]

    def give(self, u: int, stat: str, value: int) -> None:
        """A permanent modifier of `stat` for unit `u` (no source), given now."""
        self._add_mod(u, stat, value, False, "permanent", -1)

    def set_flags(self, u: int, flags: int, stunned_by: int = -1) -> None:
        """Unit `u`'s state flags (EXHAUSTED, SILENCED, …) and stun, as given."""
        on = self.zone[u] == Z_BOARD
        if on:
            self._mark(u, False)
        self.st[u] = flags
        self.kw[u] = 0 if flags & SILENCED else self.t.kw[u]
        if on:
            self._mark(u, True)
        self.stun[u] = stunned_by
        if stunned_by >= 0:
            self.stunning = True
        self.touched()

    def deal(self, zone: int, p: int, uids: list[int], defns: Sequence[HotgDef]) -> None:
        """(The AI's determinization) player `p`'s deck or hand (`zone`) holds `uids` now, in
        that order, of definitions `defns`, each card in its default state (HG-61)."""
        lists = self.deck if zone == Z_DECK else self.hand
        lists[p][:] = uids
        changed = dict(zip(uids, map(row_of, defns), strict=True))
        self.t = Table([changed.get(u, r) for u, r in enumerate(self.t.row)])
        for u in uids:
            self.zone[u] = zone
            self.owner[u] = self.ctrl[u] = p
            self.place[u] = -1
            self._reset(u)
        self.touched()

    def touched(self) -> None:
        """The state was changed by hand: what is kept for `legal_actions` is worked out anew."""
        self.ver += 1
        self.epoch += 1
        self.chg = ALL
        self.rdy = None
        self.kept = {}

    def settle(self) -> None:
        """After a set-up by hand: the deaths found (HG-02: a stone at 0 ends the game), the
        queue run."""
        self.low = True
        self.touched()
        self.check_deaths()
        self.run()


@cache
def _ability_row(ability: str) -> Row:
    """A Leader Ability's numbers (kept by id in `_ABILITY_ROWS`: `card_pool()` is loaded once)."""
    r = _ABILITY_ROWS[ability] = row_of(card_pool()[ability])
    return r


_ABILITY_ROWS: dict[str, Row] = {}


SONT = ("sont:0", "sont:1")  # "until the start of P's next turn", by player


def _chosen(ab: Mapping[str, Any]) -> int:
    """A triggered ability with a target asks its controller when it resolves (-2: CHOOSE)."""
    return -2 if str(ab.get("target", "none")) not in ("none", "self") else -1


def _plain(x: Any) -> Any:
    """A queue entry's item as JSON-able data (a definition by its id: `Core.canonical`)."""
    return x.id if isinstance(x, HotgDef) else x


# The card effects (`core_fx.EFFECTS`, which imports this module): imported once here, at the end,
# not in `resolve_ability` (an import statement there ran the import machinery at every ability,
# ≈ 12K instructions each: its `from` looks for the module's `__path__`, whose absence is an error
# made and dropped)
from . import core_fx as _fx  # noqa: E402
