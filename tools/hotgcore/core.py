"""A Hand of the Gods core designed for speed: a measuring prototype (session 39).

NOT product code: nothing in `hotg/`, `common/` or `tui/` imports it (README.md).

It plays HotG's core rules as `hotg/game.py` does, for decks of units without text (plain
units and the keywords Guard, Stealth, Protect, Structure, ranged) and a Leader Ability that
deals damage to an enemy (Zeus's Bolt): board 5×9 and stones (HG-01/02), decks, draw and
fatigue (HG-04), hand limit (HG-82), mana (HG-06), deploy next to the stone or own units
with deploy exhaustion (HG-23/24), orthogonal moves through allies not enemies (HG-30..33),
melee and ranged attacks with Protect and return damage (HG-40..44, HG-68), Guard and
Stealth (HG-63/64), deaths, victory, the turn's start and end (HG-20/21), the Leader
Ability (HG-45).

The design: cells are ints 0..44 (`row * 9 + col`), every set of cells an int bit mask;
cards are indexed by uid in flat lists (the definitions' numbers in lists shared by every
copy of a game, the instances' mutable numbers in lists of their own); an action is a
plain tuple `(verb, a, b)`; events are tuples, turned into words only when read (`words`).
"""

from __future__ import annotations

import heapq
import random
import tomllib
from pathlib import Path

ROWS, COLS = 5, 9  # HG-01
NCELLS = ROWS * COLS
ALL = (1 << NCELLS) - 1
STONE_CELL = (2 * COLS + 0, 2 * COLS + 8)  # HG-01: row 2, columns 0 and 8
STONE_HEALTH = 25  # HG-02
HAND_LIMIT = 10  # HG-82
MAX_MANA = 10  # HG-06
OPENING = (4, 5)  # HG-04
ABILITY_COST = 2  # HG-45 (Zeus's Bolt: 1 damage to an enemy)
ABILITY_DAMAGE = 1

# verbs (an action is `(verb, a, b)`)
END, PLAY, MOVE, ATTACK, ABILITY = 0, 1, 2, 3, 4
END_ACTION = (END, 0, 0)

# keyword flags of a definition (and the one effect family ported: AURA, an aura of adjacent
# allies +1/+0 as Surtr's and Enyo's Banner's, HG-57; AFTERLIFE, damage to each adjacent enemy
# as Draugr's, HG-12..14, HG-71)
GUARD, STEALTH, STRUCTURE, AURA, AFTERLIFE = 1, 2, 4, 8, 16
# state flags of an instance
EXHAUSTED, MOVED, ATTACKED, STEALTH_LOST = 1, 2, 4, 8
# (their combinations as constants: `EXHAUSTED | ATTACKED` in a loop is two global look-ups
# and a `|` at every pass, CPython folds no names)
NOT_EXHAUSTED, NOT_MOVED_ATTACKED = ~EXHAUSTED, ~(MOVED | ATTACKED)
SPENT = ATTACKED | STEALTH_LOST  # after an attack (HG-42)

NOT_FIRST_COL = _NOT_FIRST_COL = sum(1 << (r * COLS + c) for r in range(ROWS) for c in range(1, COLS))
NOT_LAST_COL = _NOT_LAST_COL = sum(1 << (r * COLS + c) for r in range(ROWS) for c in range(COLS - 1))
ROW = (1 << COLS) - 1  # the cells of row 0
HALF = (1 << 3 * COLS) - 1  # the cells of rows 0..2 (a one-digit int: 27 bits)


def _step(m: int) -> int:
    """`m` and the cells one orthogonal step from it."""
    return m | ((m << 1) & _NOT_FIRST_COL) | ((m >> 1) & _NOT_LAST_COL) | ((m << COLS) & ALL) | (m >> COLS)


def _ball(n: int, steps: int) -> int:
    m = 1 << n
    for _ in range(steps):
        m = _step(m)
    return m


def _around(n: int) -> int:
    """The 8 cells around cell `n`."""
    b = 1 << n
    row = b | ((b << 1) & _NOT_FIRST_COL) | ((b >> 1) & _NOT_LAST_COL)
    return (row | ((row << COLS) & ALL) | (row >> COLS)) ^ b


AROUND = [_around(n) for n in range(NCELLS)]
# REACH[rng][n]: the cells a unit of range `rng` on `n` attacks (HG-40: melee the 8
# neighbours, a range above 1 counted in orthogonal steps)
REACH = [AROUND] + [AROUND] + [[_ball(n, r) ^ (1 << n) for n in range(NCELLS)] for r in range(2, 6)]
# BALL[steps][n]: the cells within `steps` orthogonal steps of `n`, `n` left out
BALL = [[_ball(n, s) ^ (1 << n) for n in range(NCELLS)] for s in range(0, 8)]
NEAR = [[_ball(n, s - 1) if s else 1 << n for n in range(NCELLS)] for s in range(0, 8)]
BIT_INDEX = {1 << n: n for n in range(NCELLS)}
STONE_BIT = (1 << STONE_CELL[0], 1 << STONE_CELL[1])
STONE_AROUND = (AROUND[STONE_CELL[0]], AROUND[STONE_CELL[1]])
# ZONE[steps][rng][n]: the cells whose change may change the actions of a unit on `n` with
# that move and range (its cell, where it may walk, what it may attack, the auras around it)
ZONE = [
    [[(1 << n) | BALL[s][n] | REACH[r][n] | AROUND[n] for n in range(NCELLS)] for r in range(6)]
    for s in range(8)
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
    """HG-30/32: cells up to `steps` orthogonal steps from `n`, never through `blocked`."""
    if not NEAR[steps][n] & blocked:
        return BALL[steps][n]
    start = f = reached = 1 << n
    free = (ALL ^ blocked) & ~start
    for _ in range(steps):
        f = (((f << 1) & _NOT_FIRST_COL) | ((f >> 1) & _NOT_LAST_COL) | (f << COLS) | (f >> COLS)) & free
        if not f:
            break
        free ^= f
        reached |= f
    return reached ^ start


# -- card definitions ----------------------------------------------------------------------
_CARD_FILES = Path(__file__).resolve().parents[2] / "hotg" / "cards"
_KEYWORD_FLAGS = {"Guard": GUARD, "Stealth": STEALTH}
# the abilities the prototype plays (one family): as the card files write them, and its flag
_FAMILY = {
    repr([{"when": "aura", "do": "adjacent_allies", "attack": 1}]): AURA,  # Surtr, Enyo's Banner
    repr([{"when": "afterlife", "do": "damage_adjacent_enemies", "amount": 1}]): AFTERLIFE,  # Draugr
}


def load_pool() -> dict[str, tuple[int, int, int, int, int, int, int]]:
    """id -> (cost, attack, health, move, range, flags, protect) of every unit without text or
    with only an ability of the family the prototype plays (`_FAMILY`)."""
    out: dict[str, tuple[int, int, int, int, int, int, int]] = {}
    for path in sorted(_CARD_FILES.glob("*.toml")):
        for d in tomllib.loads(path.read_text())["card"]:
            family = _FAMILY.get(repr(d["abilities"]), -1) if d.get("abilities") else 0
            if d.get("kind", "unit") != "unit" or family < 0:
                continue
            flags, protect = family, 0
            for kw in d.get("keywords", []):
                if kw in _KEYWORD_FLAGS:
                    flags |= _KEYWORD_FLAGS[kw]
                elif kw.startswith("Protect "):
                    protect = int(kw.split()[1])
                else:
                    continue  # (Immune: no card of the prototype's deck)
            if "Structure" in d.get("subtypes", []):
                flags |= STRUCTURE
            move = 0 if flags & STRUCTURE else int(d.get("move", 1))  # HG-33
            out[d["id"]] = (
                int(d.get("cost", 0)),
                int(d.get("attack", 0)),
                int(d["health"]),
                move,
                max(1, int(d.get("range", 1))),
                flags,
                protect,
            )
    return out


def load_deck(path: str | Path) -> tuple[str, list[str]]:
    """(leader, the cards in the file's order, each as many times as its count)."""
    data = tomllib.loads(Path(path).read_text())
    return data["deck"]["leader"], [cid for cid, n in data["cards"].items() for _ in range(n)]


DECK = Path(__file__).with_name("plain_deck.toml")
FX_DECK = Path(__file__).with_name("fx_deck.toml")  # the plain deck with the family's cards


class Defs:
    """The definitions' numbers by uid (shared by every copy of a game; never changed)."""

    __slots__ = (
        "acts",
        "attack",
        "cost",
        "decks",
        "flags",
        "health",
        "move",
        "name",
        "protect",
        "range",
        "zone",
    )

    def __init__(self, decks: list[list[str]]) -> None:
        self.decks = decks
        pool = load_pool()
        ids = ["-"]  # uid 0 unused (the real engine's uids start at 1)
        for deck in decks:
            ids += deck
        ids += ["summoning_stone", "summoning_stone"]
        stone = (0, 0, STONE_HEALTH, 0, 1, STRUCTURE, 0)
        rows = [stone if cid in ("-", "summoning_stone") else pool[cid] for cid in ids]
        self.name = ids
        self.cost = [r[0] for r in rows]
        self.attack = [r[1] for r in rows]
        self.health = [r[2] for r in rows]
        self.move = [r[3] for r in rows]
        self.range = [r[4] for r in rows]
        self.flags = [r[5] for r in rows]
        self.protect = [r[6] for r in rows]
        self.zone = [ZONE[r[3]][r[4]] for r in rows]  # uid -> cell -> the unit's zone
        self.acts = Acts(len(ids))


class Acts:
    """The actions, made once and shared by every game on these decks: by uid, and for the
    moves and deployments by row and row pattern, `moves[uid][r][pattern]` the tuple of the
    unit's moves to the cells of `pattern` (9 bits) in row `r` (a mask's actions: five
    look-ups, no loop over its bits, nothing made)."""

    __slots__ = ("abilities", "attacks", "deploys", "moves", "seen")

    def __init__(self, n: int) -> None:
        self.moves = [self.by_row(MOVE, uid) for uid in range(n)]
        self.deploys = [self.by_row(PLAY, uid) for uid in range(n)]
        self.attacks = [[(ATTACK, a, t) for t in range(n)] for a in range(n)]
        self.abilities = [(ABILITY, t, 0) for t in range(n)]
        # a unit's moves by mask, as met (a dict look-up instead of five when met again)
        self.seen: list[dict[int, tuple[tuple[int, int, int], ...]]] = [{} for _ in range(n)]

    @staticmethod
    def by_row(verb: int, uid: int) -> list[list[tuple[tuple[int, int, int], ...]]]:
        out = []
        for r in range(ROWS):
            cell_acts = [(verb, uid, r * COLS + c) for c in range(COLS)]
            out.append([tuple(cell_acts[c] for c in range(COLS) if pat >> c & 1) for pat in range(1 << COLS)])
        return out


class Core:
    """One game: every field a number, a list of numbers or a list of lists."""

    __slots__ = (
        "active",
        "auras",
        "bolt_acts",
        "bolt_foes",
        "bolt_turn",
        "chg",
        "d",
        "deck",
        "entered",
        "fatigue",
        "grave",
        "guards",
        "hand",
        "hidden",
        "hp",
        "log",
        "mana",
        "max_mana",
        "occ",
        "own",
        "place",
        "ready",
        "result",
        "seg",
        "st",
        "stone",
        "tick",
        "turn",
        "units",
        "used",
    )

    d: Defs
    place: list[int]  # uid -> cell, -1 off the battlefield
    hp: list[int]  # uid -> health
    st: list[int]  # uid -> EXHAUSTED | MOVED | ATTACKED | STEALTH_LOST
    occ: list[int]  # cell -> uid, 0 empty
    own: list[int]  # player -> mask of the cells of its units and stone
    hidden: list[int]  # player -> mask of the cells of its units in Stealth (HG-64)
    guards: list[int]  # player -> mask of the cells of its units with Guard, not in Stealth (HG-63)
    auras: list[int]  # player -> mask of the cells of its units with an aura of adjacent allies (HG-57)
    entered: list[int]  # uid -> when it entered the battlefield (HG-13: the order of deaths, Afterlifes)
    tick: int
    units: list[list[int]]  # player -> its units on the battlefield (no stone), in board order
    ready: list[list[int]]  # player -> those that may still act in its turn (HG-31/41: neither
    # exhausted nor having attacked), in board order: made at the turn's start
    deck: list[list[int]]  # player -> its deck, the top last
    hand: list[list[int]]
    grave: list[int]  # player -> cards in its graveyard
    stone: tuple[int, int]
    mana: list[int]
    max_mana: list[int]
    fatigue: list[int]
    used: list[bool]  # the Leader Ability used this turn (HG-45)
    turn: int
    active: int
    result: int  # -2 playing; 0/1 winner; -1 draw
    log: list[tuple[int, ...]]  # events as tuples (`words` makes their text)
    bolt_turn: int  # the Leader Ability's actions, kept for the turn (`legal_actions`)
    bolt_foes: int
    bolt_acts: list[tuple[int, int, int]]
    # the legal list kept from one call to the next: each unit's moves and attacks (`seg`,
    # uid -> its tuple, None not made), remade only for the units whose zone meets `chg`, the
    # cells changed since the last call (ALL after a death or a turn's end; an attack or a Bolt
    # that kills nothing changes no other unit's actions, and the attacker has none left)
    seg: list[tuple[tuple[int, int, int], ...] | None]
    chg: int

    @classmethod
    def new(cls, seed: int, defs: Defs | None = None, deck_path: str | Path = DECK) -> Core:
        if defs is None:
            cards = load_deck(deck_path)[1]
            defs = Defs([cards, cards])
        d = defs
        g = cls()  # (not `cls.__new__(cls)`: mypyc compiles this, README)
        g.d = d
        n = len(d.name)
        g.place = [-1] * n
        g.hp = list(d.health)
        g.st = [0] * n
        g.occ = [0] * NCELLS
        g.own = [0, 0]
        g.hidden = [0, 0]
        g.guards = [0, 0]
        g.auras = [0, 0]
        g.entered = [0] * n
        g.tick = 0
        g.units = [[], []]
        g.ready = [[], []]
        g.grave = [0, 0]
        g.mana = [0, 0]
        g.max_mana = [0, 0]
        g.fatigue = [0, 0]
        g.used = [False, False]
        g.turn = 0
        g.active = 0
        g.result = -2
        g.log = []
        g.bolt_turn = g.bolt_foes = -1
        g.bolt_acts = []
        g.seg = [None] * n
        g.chg = ALL
        # the decks: uids 1..25 and 26..50 in the file's order, shuffled as `GameRng.shuffle`
        getrandbits = random.Random(seed).getrandbits
        g.deck = []
        first = 1
        for p in (0, 1):
            size = len(d.decks[p])
            deck = list(range(first, first + size))
            first += size
            for i in range(size - 1, 0, -1):
                k = (i + 1).bit_length()
                j = getrandbits(k)
                while j > i:
                    j = getrandbits(k)
                deck[i], deck[j] = deck[j], deck[i]
            g.deck.append(deck)
        g.stone = (n - 2, n - 1)
        for p in (0, 1):  # HG-01/02
            s, cell = g.stone[p], STONE_CELL[p]
            g.place[s] = cell
            g.occ[cell] = s
            g.own[p] = 1 << cell
        g.hand = [[], []]
        for p in (0, 1):  # HG-04
            for _ in range(OPENING[p]):
                g.draw(p)
        g.start_turn(0, first=True)
        return g

    def clone(self) -> Core:
        g = Core()
        g.d = self.d
        g.place = self.place.copy()
        g.hp = self.hp.copy()
        g.st = self.st.copy()
        g.occ = self.occ.copy()
        g.own = self.own.copy()
        g.hidden = self.hidden.copy()
        g.guards = self.guards.copy()
        g.auras = self.auras.copy()
        g.entered = self.entered.copy()
        g.tick = self.tick
        g.units = [self.units[0].copy(), self.units[1].copy()]
        g.ready = [self.ready[0].copy(), self.ready[1].copy()]
        g.deck = [self.deck[0].copy(), self.deck[1].copy()]
        g.hand = [self.hand[0].copy(), self.hand[1].copy()]
        g.grave = self.grave.copy()
        g.stone = self.stone
        g.mana = self.mana.copy()
        g.max_mana = self.max_mana.copy()
        g.fatigue = self.fatigue.copy()
        g.used = self.used.copy()
        g.turn = self.turn
        g.active = self.active
        g.result = self.result
        g.log = self.log.copy()
        g.bolt_turn, g.bolt_foes, g.bolt_acts = self.bolt_turn, self.bolt_foes, self.bolt_acts
        g.seg = self.seg.copy()
        g.chg = self.chg
        return g

    # -- turn ------------------------------------------------------------------------------
    def draw(self, p: int) -> None:
        deck = self.deck[p]
        if not deck:  # HG-04: fatigue
            self.fatigue[p] += 1
            self.hp[self.stone[p]] -= self.fatigue[p]
            self.log.append((5, p, self.fatigue[p]))
            return
        uid = deck.pop()
        if len(self.hand[p]) >= HAND_LIMIT:  # HG-82
            self.grave[p] += 1
            self.log.append((6, p, uid))
        else:
            self.hand[p].append(uid)
            self.log.append((7, p))

    def start_turn(self, p: int, first: bool = False) -> None:
        """HG-20 (HG-06: 1 more mana up to 10; HG-45: the ability refreshes)."""
        self.active = p
        self.turn += 1
        m = self.max_mana[p] + 1
        self.max_mana[p] = m if m < MAX_MANA else MAX_MANA
        self.mana[p] = self.max_mana[p]
        self.used[p] = False
        self.log.append((8, p, self.turn))
        st = self.st
        for u in self.units[p]:
            st[u] &= NOT_EXHAUSTED  # deploy exhaustion removed
        self.ready[p] = self.units[p].copy()  # (none has attacked: cleared at its last turn's end)
        if not first:  # (the first player does not draw on the first turn)
            self.draw(p)
            if self.hp[self.stone[p]] <= 0:  # fatigue destroyed it (HG-02)
                self.result = 1 - p
                self.log.append((9, self.result))

    def end_turn(self) -> None:
        """HG-21."""
        p = self.active
        st = self.st
        for u in self.units[p]:
            st[u] &= NOT_MOVED_ATTACKED
        self.log.append((10, p))
        self.start_turn(1 - p)

    # -- legal actions ---------------------------------------------------------------------
    def foes(self, p: int) -> int:
        """The cells of what `p` may attack or target (HG-63/64): the enemy's units but those
        in Stealth, and its stone unless a unit with Guard (not in Stealth) stands next to it."""
        q = 1 - p
        mask = self.own[q] ^ self.hidden[q]
        if self.guards[q] & STONE_AROUND[q]:
            mask ^= STONE_BIT[q]
        return mask

    def legal_actions(self) -> list[tuple[int, int, int]]:
        if self.result != -2:
            return []
        p = self.active
        mana = self.mana[p]
        d = self.d
        cost = d.cost
        own = self.own[p]
        taken = own | self.own[1 - p]
        open_cells = ALL ^ taken
        acts: list[tuple[int, int, int]] = []
        d_acts = d.acts
        deploy = -1  # the mask of the deployment cells, worked out once
        for uid in self.hand[p]:  # HG-23/24
            if cost[uid] > mana:
                continue
            if deploy < 0:  # the cells around p's (diagonals too), free
                row = own | ((own << 1) & NOT_FIRST_COL) | ((own >> 1) & NOT_LAST_COL)
                deploy = (row | (row << COLS) | (row >> COLS)) & open_cells
                # rows 0..2 and 3..4 as two one-digit ints (27 and 18 bits, CPython's digit
                # 30) before the rows are cut (the shifts as literals: `2 * COLS` is a
                # multiplication at every pass, names are not folded)
                lo, hi = deploy & HALF, deploy >> 27
                r0, r1, r2, r3, r4 = lo & ROW, (lo >> 9) & ROW, lo >> 18, hi & ROW, hi >> 9
            t0, t1, t2, t3, t4 = d_acts.deploys[uid]
            acts += t0[r0]
            acts += t1[r1]
            acts += t2[r2]
            acts += t3[r3]
            acts += t4[r4]
        blocked = taken ^ own  # the enemy's cells
        foes = -1
        st, place, move, rng, attack = self.st, self.place, d.move, d.range, d.attack
        auras = self.auras[p]
        occ = self.occ
        moves, attacks, seen = d_acts.moves, d_acts.attacks, d_acts.seen
        chg, segs, zone = self.chg, self.seg, d.zone
        self.chg = 0
        for uid in self.ready[p]:  # (HG-31/41: the others have no action)
            s = st[uid]
            n = place[uid]
            seg = segs[uid]
            if seg is not None and not chg & zone[uid][n]:
                acts += seg  # nothing in its zone changed
                continue
            seg = ()
            steps = move[uid]
            if steps and not s & MOVED:  # HG-30/32/33
                if NEAR[steps][n] & blocked:
                    m = walk(n, steps, blocked) & open_cells
                else:
                    m = BALL[steps][n] & open_cells
                known = seen[uid]
                got = known.get(m)
                if got is None:
                    t0, t1, t2, t3, t4 = moves[uid]
                    lo, hi = m & HALF, m >> 27
                    got = t0[lo & ROW] + t1[(lo >> 9) & ROW] + t2[lo >> 18] + t3[hi & ROW] + t4[hi >> 9]
                    if len(known) >= 1024:
                        known.clear()
                    known[m] = got
                seg = got
            reach = REACH[rng[uid]][n] & blocked
            if reach and (attack[uid] > 0 or auras & AROUND[n]):  # HG-40 (HG-57: +1/+0 an aura)
                if foes < 0:
                    foes = self.foes(p)
                reach &= foes
                mine = attacks[uid]
                hits = []
                while reach:
                    low = reach & -reach
                    hits.append(mine[occ[BIT_INDEX[low]]])
                    reach ^= low
                if hits:
                    seg += tuple(hits)
            segs[uid] = seg
            acts += seg
        if not self.used[p] and mana >= ABILITY_COST:  # HG-45
            if foes < 0:
                foes = self.foes(p)
            # (kept for the turn: during p's turn the enemy's units neither arrive nor move,
            # they only die, which changes `foes`: the turn and `foes` tell the targets)
            if self.bolt_turn == self.turn and self.bolt_foes == foes:
                acts += self.bolt_acts
            else:
                self.bolt_turn, self.bolt_foes = self.turn, foes
                bolts = d_acts.abilities
                targets: list[tuple[int, int, int]] = []
                while foes:
                    low = foes & -foes
                    targets.append(bolts[occ[BIT_INDEX[low]]])
                    foes ^= low
                self.bolt_acts = targets
                acts += targets
        acts.append(END_ACTION)
        return acts

    # -- actions ---------------------------------------------------------------------------
    def apply(self, a: tuple[int, int, int]) -> None:
        verb, x, y = a
        if verb == MOVE:
            self.move(x, y)
        elif verb == ATTACK:
            self.attack(x, y)
        elif verb == PLAY:
            self.play(x, y)
        elif verb == ABILITY:
            self.ability(x)
        else:
            self.chg = ALL  # (a turn's end: every unit's actions remade)
            self.end_turn()

    def play(self, uid: int, cell: int) -> None:
        """HG-23: pay, deploy on `cell`, exhausted."""
        p = self.active
        self.mana[p] -= self.d.cost[uid]
        self.hand[p].remove(uid)
        self.place[uid] = cell
        self.occ[cell] = uid
        bit = 1 << cell
        self.own[p] |= bit
        f = self.d.flags[uid]
        if f & STEALTH:  # HG-64 (and HG-63: no Guard while in Stealth)
            self.hidden[p] |= bit
        elif f & GUARD:
            self.guards[p] |= bit
        if f & AURA:
            self.auras[p] |= bit
        self.tick += 1
        self.entered[uid] = self.tick
        self.units[p].append(uid)
        self.st[uid] = EXHAUSTED
        self.seg[uid] = None
        self.chg |= bit
        self.log.append((1, uid, cell))

    def move(self, uid: int, cell: int) -> None:
        p = self.active
        old = self.place[uid]
        self.place[uid] = cell
        self.occ[old] = 0
        self.occ[cell] = uid
        both = (1 << old) | (1 << cell)
        self.own[p] ^= both
        if self.hidden[p] >> old & 1:
            self.hidden[p] ^= both
        elif self.guards[p] >> old & 1:
            self.guards[p] ^= both
        if self.auras[p] >> old & 1:
            self.auras[p] ^= both
        self.st[uid] |= MOVED
        self.chg |= both
        self.log.append((2, uid, old, cell))

    def _hit(self, t: int, amount: int, source: int) -> None:
        self.hp[t] -= amount
        self.log.append((3, source, t, amount))

    def attack(self, a: int, t: int) -> None:
        """HG-41..44, HG-68: attack damage, then (unless a stone fell) return damage, then deaths."""
        d = self.d
        self.st[a] |= SPENT  # HG-42 (1)
        p = self.active
        self.ready[p].remove(a)
        bit = 1 << self.place[a]
        if self.hidden[p] & bit:  # it leaves Stealth (and has Guard again, HG-63)
            self.hidden[p] ^= bit
            if d.flags[a] & GUARD:
                self.guards[p] |= bit
        self.log.append((4, a, t))
        amount = d.attack[a]
        mine = self.auras[p]
        if mine:  # HG-57: +1/+0 by each allied aura source next to it
            amount += (AROUND[self.place[a]] & mine).bit_count()
        amount -= d.protect[t]
        if amount > 0:
            self._hit(t, amount, a)
            if self.hp[t] <= 0 and t in self.stone:  # HG-02
                self.result = self.active
                self.log.append((9, self.result))
                return
        back = d.attack[t]  # HG-44: in the target's own range, attack above 0
        nt = self.place[t]
        theirs = self.auras[1 - p]
        if theirs and t not in self.stone:  # (HG-02: a stone never gains attack)
            back += (AROUND[nt] & theirs).bit_count()
        if back > 0:
            na = self.place[a]
            if REACH[d.range[t]][nt] >> na & 1:
                amount = back - d.protect[a]
                if amount > 0:
                    self._hit(a, amount, t)
        self._deaths()

    def ability(self, t: int) -> None:
        """HG-45: Bolt, 1 damage to an enemy (no Protect: not an attack, HG-68)."""
        p = self.active
        self.mana[p] -= ABILITY_COST
        self.used[p] = True
        self.log.append((11, p, t))
        self._hit(t, ABILITY_DAMAGE, -1)
        if self.hp[t] <= 0:
            if t in self.stone:
                self.result = p
                self.log.append((9, p))
            else:
                self._deaths()

    def _deaths(self) -> None:
        """The units at 0 health or less die (HG-12 level 8), in the order they entered the
        battlefield (HG-13). When one of them has an Afterlife (the only trigger the prototype
        plays), `_queue` resolves what follows, HG-11..14."""
        hp = self.hp
        dead = [(p, u) for p in (0, 1) for u in self.units[p] if hp[u] <= 0]
        if len(dead) > 1:
            entered = self.entered
            dead.sort(key=lambda pu: entered[pu[1]])
        flags = self.d.flags
        later: list[tuple[int, int, int, int]] = []
        for p, u in dead:
            cell = self._die(p, u)
            if flags[u] & AFTERLIFE:
                later.append((self.entered[u], u, p, cell))
        if later:
            self._queue(later)

    def _die(self, p: int, u: int) -> int:
        """`u` of player `p` leaves the battlefield for the graveyard; its cell."""
        self.units[p].remove(u)
        if u in self.ready[p]:
            self.ready[p].remove(u)
        cell = self.place[u]
        self.place[u] = -1
        self.occ[cell] = 0
        bit = 1 << cell
        self.own[p] ^= bit
        self.hidden[p] &= ~bit
        self.guards[p] &= ~bit
        self.auras[p] &= ~bit
        self.st[u] = 0
        self.hp[u] = self.d.health[u]
        self.grave[p] += 1
        self.chg = ALL  # (a death: every unit's actions remade)
        self.log.append((12, u))
        return cell

    def _queue(self, later: list[tuple[int, int, int, int]]) -> None:
        """HG-11..14, HG-71: the Afterlifes `(entered, uid, controller, cell)`, in the order their
        units entered the battlefield; the deaths each one causes (HG-12 level 8) before the next
        Afterlife (level 11), theirs joining the queue; a stone destroyed ends the game (HG-02).
        (Draugr's: 1 damage to each enemy unit and stone around its cell, HG-68 not applying.)"""
        hp, occ, entered, flags = self.hp, self.occ, self.entered, self.d.flags
        heapq.heapify(later)
        while later:
            _, u, p, cell = heapq.heappop(later)
            self.log.append((13, u))
            q = 1 - p
            hit = AROUND[cell] & self.own[q]
            if not hit:
                continue
            while hit:
                low = hit & -hit
                self._hit(occ[BIT_INDEX[low]], 1, u)
                hit ^= low
            if hp[self.stone[q]] <= 0:  # HG-02
                self.result = p
                self.log.append((9, p))
                return
            dead = [v for v in self.units[q] if hp[v] <= 0]
            dead.sort(key=entered.__getitem__)  # HG-13
            for v in dead:
                c = self._die(q, v)
                if flags[v] & AFTERLIFE:
                    heapq.heappush(later, (entered[v], v, q, c))

    def attack_of(self, uid: int) -> int:
        """A unit's attack with the auras (HG-57; not on the hot path: the checks read it)."""
        n = self.place[uid]
        if n < 0 or uid in self.stone:
            return self.d.attack[uid] if n < 0 else 0
        p = 0 if self.own[0] >> n & 1 else 1
        return self.d.attack[uid] + (AROUND[n] & self.auras[p]).bit_count()

    # -- words (only when read) ---------------------------------------------------------------
    def words(self, e: tuple[int, ...]) -> str:
        name = self.d.name
        k = e[0]
        if k == 1:
            return f"{name[e[1]]} is deployed at {cell_str(e[2])}"
        if k == 2:
            return f"{name[e[1]]} moves from {cell_str(e[2])} to {cell_str(e[3])}"
        if k == 3:
            return f"{'Bolt' if e[1] < 0 else name[e[1]]} deals {e[3]} damage to {name[e[2]]}"
        if k == 4:
            return f"{name[e[1]]} attacks {name[e[2]]}"
        if k == 12:
            return f"{name[e[1]]} dies"
        if k == 13:
            return f"{name[e[1]]}'s Afterlife resolves"
        return repr(e)


def cell_str(n: int) -> str:
    return f"{n // COLS},{n % COLS}"


def random_game(seed: int, defs: Defs | None = None) -> tuple[Core, int]:
    """A uniformly random game as `common.bench.random_playout` plays one: (final state, actions)."""
    g = Core.new(seed, defs)
    getrandbits = random.Random(seed).getrandbits
    count = 0
    while g.result == -2:
        legal = g.legal_actions()
        n = len(legal)
        k = n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
        g.apply(legal[i])
        count += 1
    return g, count
