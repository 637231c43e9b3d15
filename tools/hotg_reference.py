"""Hand of the Gods: the old engine (sessions 1..39), kept as the reference of the differential
checks only (`tools/hotg_facade_check.py`, `tools/hotg_core_check.py`): the game plays the core
(`hotg/core.py`) through `hotg/game.py`. Never imported by product code; no scenario set-up.
Run from `tools/` on the path (its effects are `tools/hotg_reference_effects.py`).

(What follows is the engine's docstring as it was.)

Board: 5 rows × 9 columns (HG-01); a cell is written "r,c" (row 0-4, column
0-8), e.g. "2,0" is the first player's Summoning Stone. Cards are referred to
by instance uid.

Actions (notation — meaning):

* `play <uid> <r,c>`   — deploy a unit card from your hand on a cell
* `play <uid> [<target uid>]` — play a spell (with its target if it has one)
* `move <uid> <r,c>`   — move a unit
* `attack <uid> <target uid>` — attack
* `warcry <uid> [<target uid>]` — activate a unit's activated Warcry
* `ability [<target uid>]` — use your Leader Ability
* `end`                — end your turn
* `target <uid>`       — answer a "target" decision (a Warcry's target)
* `pick <uid>`         — answer a "reveal" decision (one of the revealed cards)

Effects resolve through a priority queue (HG-12/HG-13): the numbers of
`LEVEL` are the rulebook's priority levels, time order breaks ties.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from operator import attrgetter
from typing import Any, ClassVar, Self, TypeVar

import hotg_reference_effects as fx

from common.cards import Modifier
from common.decks import DeckList
from common.errors import DataError, IllegalAction
from common.game import Action, ActionTable, ActionTables, Decision, Game, Setup
from common.goals import GoalFacts
from common.resolution import EffectQueue
from common.zones import Visibility, Zone, Zones
from hotg.cards import DefFacts, HotgCard, HotgDef, card_pool, collectible
from hotg.game import HotgGame as Product

ROWS, COLS = 5, 9
STONE_CELLS = ((2, 0), (2, 8))  # HG-01
STONE_HEALTH = 25  # HG-02
HAND_LIMIT = 10  # HG-82
MAX_MANA = 10  # HG-06
OPENING_HAND = (4, 5)  # HG-04

# HG-12: the priority levels (1 resolves first).
LEVEL = {
    "deploy": 1,
    "warcry": 2,
    "attack_damage": 3,
    "attack_damage_effect": 4,
    "return_damage": 5,
    "return_damage_effect": 6,
    "reincarnate": 7,
    "death": 8,
    "resurrect": 9,
    "spawn": 10,
    "afterlife": 11,
    "other": 12,
}
STRIKE_LEVEL = 13  # an attack goes on once the effects triggered by it have resolved (HG-42)
FINISH_LEVEL = 50  # a spell goes to the graveyard after all its effects (HG-22)
TURN_LEVEL = 60  # end of turn, after the end-of-turn effects (HG-21)

_T = TypeVar("_T")

CHOOSE = -2  # "target not chosen yet" in a queued ability
# The controller of a neutral unit's triggered ability (HG-52 ruling, docs/rulings.md): no
# player. Every unit is its enemy, none its ally; an effect for "you" does nothing; a target
# it needs is chosen by the player whose turn it is.
NOBODY = -1
# The effects that act for a player ("you" draw, gain mana, heal your stone, change your
# Leader Ability, reveal into your hand): a neutral unit's do nothing.
_FOR_A_PLAYER = frozenset(
    ("draw", "gain_mana", "heal_own_stone", "replace_ability", "reveal_card", "reveal_blessing")
)
# The players' hand zones by seat (`f"hand:{p}"`), for the hot paths: no string to format
# (and hash) at every call.
_HAND_ZONES = ("hand:0", "hand:1")


def cell_str(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


# Every cell as one shared tuple, `CELLS[row][col]`: the tables below and the loops over
# the battlefield use these, so a dict or set finds the very tuple it holds (no comparison).
CELLS = tuple(tuple((r, c) for c in range(COLS)) for r in range(ROWS))


def _neighbour_table(diagonal: bool) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    table = {}
    for r in range(ROWS):
        for c in range(COLS):
            out = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                        continue
                    if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
                        out.append(CELLS[r + dr][c + dc])
            table[CELLS[r][c]] = tuple(out)
    return table


# The neighbours of every cell, made once: 8 around (diagonals too) and 4 orthogonal.
NEIGHBOURS = _neighbour_table(True)
ORTHOGONAL = _neighbour_table(False)
CELL_STR = {cell: cell_str(cell) for cell in NEIGHBOURS}
# Each cell's place in sorted order: sorting by it (ints) is cheaper than comparing tuples.
CELL_NUMBER = {cell: r * COLS + c for r, row in enumerate(CELLS) for c, cell in enumerate(row)}
# (keyed by text, and asked with any action argument: an int finds nothing)
_CELL_OF: dict[int | str, tuple[int, int]] = {text: cell for cell, text in CELL_STR.items()}
_SHARED_CELL = {cell: cell for cell in NEIGHBOURS}  # a (row, col) tuple -> the shared one


# Actions are immutable values: the move, attack and deployment actions are made once
# and shared (uid -> cell or target -> action), and so are the spells, Warcries and
# Leader Abilities with or without a target (verb -> arguments -> action).
# (moves and deployments by the cell's bit, `CELL_BIT`: see the masks below)
class _UnitActions(ActionTable):
    """One unit's (card's) actions of one verb by key, `verb uid key`, each made when first
    asked for: an `ActionTable` of `ActionTables`, without its two calls of the arguments'
    functions an action (a random game meets hundreds of new ones). When `cells`, the key
    is a cell's bit (`CELL_BIT`), told by the cell's text."""

    __slots__ = ("cells", "uid")

    def __init__(self, verb: str, uid: int, cells: bool) -> None:
        super().__init__(verb)
        self.uid = uid
        self.cells = cells

    def __missing__(self, key: int) -> Action:
        a = self[key] = Action(self.verb, (self.uid, _BIT_STR[key] if self.cells else key))
        return a


class _UnitActionTables(ActionTables):
    """`_UnitActions` of one verb by uid."""

    __slots__ = ("cells",)

    def __init__(self, verb: str, cells: bool = False) -> None:
        super().__init__(verb, lambda uid, key: (uid, _BIT_STR[key] if cells else key))
        self.cells = cells

    def __missing__(self, uid: int) -> _UnitActions:
        t = self[uid] = _UnitActions(self.verb, uid, self.cells)
        return t


_MOVES = _UnitActionTables("move", cells=True)  # uid -> cell bit -> action
_ATTACKS = _UnitActionTables("attack")  # uid -> target -> action
_DEPLOYS = _UnitActionTables("play", cells=True)  # uid -> cell bit -> action
_ACTIONS = {verb: ActionTable(verb) for verb in ("play", "warcry", "ability")}
# (those with a target: verb -> arguments before the target -> target -> action)
_TARGETED = {verb: ActionTables(verb, lambda args, t: (*args, t)) for verb in ("play", "warcry", "ability")}


_END = Action("end")


def parse_cell(token: Any) -> tuple[int, int] | None:
    if not isinstance(token, str):
        return None
    cell = _CELL_OF.get(token)  # the usual spelling, as the actions write it
    if cell is not None:
        return cell
    if token.count(",") != 1:
        return None
    a, b = token.split(",")
    if not (a.isdigit() and b.isdigit()):
        return None
    r, c = int(a), int(b)
    if 0 <= r < ROWS and 0 <= c < COLS:
        return CELLS[r][c]
    return None


@cache
def _preset_decks() -> list[DeckList]:
    """The decks of the seats that bring none (the first two of `HotgGame.preset_decks()`,
    seat by seat), read and checked once: a DeckList is immutable, every game shares it."""
    presets = list(HotgGame.preset_decks().values())[:2]
    return [HotgGame.validate_deck(deck, f"<deck of player {p + 1}>") for p, deck in enumerate(presets)]


class PlayerState:
    __slots__ = ("ability", "ability_used", "fatigue", "leader", "mana", "max_mana", "name")

    def __init__(self, name: str, leader: str, ability: str) -> None:
        self.name = name
        self.leader = leader
        self.ability = ability
        self.ability_used = False
        self.mana = 0
        self.max_mana = 0
        self.fatigue = 0

    def clone(self) -> PlayerState:
        new = PlayerState.__new__(PlayerState)
        new.name = self.name
        new.leader = self.leader
        new.ability = self.ability
        new.ability_used = self.ability_used
        new.mana = self.mana
        new.max_mana = self.max_mana
        new.fatigue = self.fatigue
        return new

    def canonical(self) -> list[Any]:
        return [
            self.name,
            self.leader,
            self.ability,
            int(self.ability_used),
            self.mana,
            self.max_mana,
            self.fatigue,
        ]


# Sets of cells as ints on the hot paths: cell number n (`CELL_NUMBER`) is bit `1 << n`, so
# a union or an intersection is one operation on ints, and the bits in increasing order are
# the cells in sorted order.
CELL_BIT = {cell: 1 << n for cell, n in CELL_NUMBER.items()}
_BIT_CELL: dict[int, tuple[int, int]] = {b: cell for cell, b in CELL_BIT.items()}
_BIT_STR = {b: CELL_STR[cell] for b, cell in _BIT_CELL.items()}  # a cell's bit -> its text
ALL_CELLS = (1 << ROWS * COLS) - 1
_NOT_FIRST_COL = sum(CELL_BIT[row[c]] for row in CELLS for c in range(1, COLS))
_NOT_LAST_COL = sum(CELL_BIT[row[c]] for row in CELLS for c in range(COLS - 1))


def cells_mask(cells: Iterable[tuple[int, int]]) -> int:
    """The mask of `cells`."""
    m = 0
    for cell in cells:
        m |= CELL_BIT[cell]
    return m


def _row_bits(shift: int) -> tuple[tuple[int, ...], ...]:
    """The bits of each pattern of a row (the pattern's bits moved up by `shift`), in
    increasing order: a pattern's lowest bit, then those of the rest."""
    out: list[tuple[int, ...]] = [()]
    for p in range(1, 1 << COLS):
        low = p & -p
        out.append((low << shift, *out[p ^ low]))
    return tuple(out)


# By row, the bits of each of its 512 patterns: a mask's bits by row, five look-ups (five
# rows, HG-01: the unpacking fails otherwise).
_ROW0, _ROW1, _ROW2, _ROW3, _ROW4 = (_row_bits(r * COLS) for r in range(ROWS))
_ROW = (1 << COLS) - 1  # the cells of row 0


def mask_bits(m: int) -> list[int]:
    """The bits of mask `m`, in increasing order (its cells in sorted order)."""
    return [  # (the five rows written out: no loop)
        *_ROW0[m & _ROW],
        *_ROW1[(m >> COLS) & _ROW],
        *_ROW2[(m >> 2 * COLS) & _ROW],
        *_ROW3[(m >> 3 * COLS) & _ROW],
        *_ROW4[m >> 4 * COLS],
    ]


def mask_cells(m: int) -> list[tuple[int, int]]:
    """The cells of mask `m`, in sorted order."""
    return list(map(_BIT_CELL.__getitem__, mask_bits(m)))


def _sideways(m: int) -> int:
    """The cells of `m` and those one column left or right of them (none across a side)."""
    return m | ((m << 1) & _NOT_FIRST_COL) | ((m >> 1) & _NOT_LAST_COL)


def _step(m: int) -> int:
    """The cells of `m` and those one orthogonal step from them."""
    return _sideways(m) | ((m << COLS) & ALL_CELLS) | (m >> COLS)


class _MasksByNumber(dict[int, list[_T]]):
    """A table of pure cell geometry by cell number: `table[k][n]` is `make(1 << n, k)`,
    worked out for every cell when `k` is first asked for."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int, int], _T]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, k: int) -> list[_T]:
        t = self[k] = [self.make(1 << n, k) for n in range(ROWS * COLS)]
        return t


def _ball(start: int, steps: int) -> int:
    """The cells up to `steps` orthogonal steps from the cell of bit `start` (it too)."""
    m = start
    for _ in range(steps):
        m = _step(m)
    return m


def _move_masks(start: int, steps: int) -> tuple[int, int]:
    """(the cells fewer than `steps` orthogonal steps from the cell of bit `start`, it too;
    the cells 1 to `steps` steps from it) (`_MOVE_MASKS[steps][n]`)."""
    return (_ball(start, steps - 1) if steps > 0 else start), _ball(start, steps) ^ start


def _reach(start: int, rng: int) -> int:
    """The cells a unit on the cell of bit `start` with range `rng` reaches (HG-40, as
    `in_range`): melee the 8 neighbours, a range > 1 counts orthogonal steps
    (`_REACH_MASKS[rng][n]`; a range of 1 or less is melee, as `range_of` has it)."""
    if rng <= 1:
        row = _sideways(start)
        return (row | ((row << COLS) & ALL_CELLS) | (row >> COLS)) ^ start
    return _ball(start, rng) ^ start


_MOVE_MASKS = _MasksByNumber(_move_masks)
_REACH_MASKS = _MasksByNumber(_reach)
# the 8 cells around each cell by its bit
_AROUND_BY_BIT = {1 << n: around for n, around in enumerate(_REACH_MASKS[1])}


def _walk(n: int, steps: int, blocked: int) -> int:
    """HG-30/32: the cells (a mask) up to `steps` orthogonal steps from cell number `n`,
    never through a `blocked` cell (start left out; the caller leaves out where no unit
    may stop)."""
    nearer, within = _MOVE_MASKS[steps][n]
    if not nearer & blocked:
        return within  # nothing blocks closer than `steps`: every cell that near is reached
    # Step by step, on masks.
    start = reached = f = 1 << n
    free = (ALL_CELLS ^ blocked) & ~start  # the cells not reached yet, where a unit may pass
    for _ in range(steps):
        # the new cells one step further, never through a blocked one (`_step`, written out)
        f = (((f << 1) & _NOT_FIRST_COL) | ((f >> 1) & _NOT_LAST_COL) | (f << COLS) | (f >> COLS)) & free
        if not f:
            break
        free ^= f
        reached |= f
    return reached ^ start


class _ActionLists(dict[int, tuple[Action, ...]]):
    """One unit's moves (or one card's deployments) to the cells of a mask, in sorted order,
    by mask: `table[mask]`, made from `cells` (its actions by cell bit) when first asked
    for. A pure function of the unit (card) and the mask, so kept process-wide, from one
    call and one game to the next; emptied when it holds `_ACTION_LISTS_MAX` masks (a
    unit meets about ten masks a game: `legal_actions()` finds most of them here)."""

    __slots__ = ("cells",)

    def __init__(self, cells: ActionTable) -> None:
        super().__init__()
        self.cells = cells

    def __missing__(self, m: int) -> tuple[Action, ...]:
        if len(self) >= _ACTION_LISTS_MAX:
            self.clear()
        acts = self[m] = tuple(map(self.cells.__getitem__, mask_bits(m)))
        return acts


_ACTION_LISTS_MAX = 256


class _ActionListsBy(dict[int, _ActionLists]):
    """`_ActionLists` by unit (card) uid, over its actions by cell bit in `tables`."""

    __slots__ = ("tables",)

    def __init__(self, tables: ActionTables) -> None:
        super().__init__()
        self.tables = tables

    def __missing__(self, uid: int) -> _ActionLists:
        t = self[uid] = _ActionLists(self.tables[uid])
        return t


_MOVE_LISTS = _ActionListsBy(_MOVES)  # uid -> mask of cells -> its moves there
_DEPLOY_LISTS = _ActionListsBy(_DEPLOYS)  # uid -> mask of cells -> its deployments there


def in_reach(cell: tuple[int, int], rng: int, foes: list[tuple[int, tuple[int, int]]]) -> list[int]:
    """The uids of `foes` (uid, cell) that a unit on `cell` with range `rng` reaches
    (HG-40), in their order (the AI asks it of cells a unit may move to)."""
    reach = _REACH_MASKS[rng][CELL_NUMBER[cell]]
    out = []  # (a loop: in Python 3.11 a comprehension is a frame of its own)
    for t, at in foes:
        if reach & CELL_BIT[at]:
            out.append(t)
    return out


class _Layout:
    """Where the units are: what `legal_actions()` reads of the battlefield, kept from one
    action to the next instead of worked out by a pass over the battlefield at every call.

    `HotgZones.move` follows every card that enters or leaves the battlefield or the
    banished units (HG-62: a banished unit keeps its cell), and `HotgGame._move` every
    move on the battlefield; whatever it cannot follow (a card put on the battlefield
    without its cell, as `Zones.create` does) makes the layout unknown (`HotgZones.layout`
    None), worked out again when next asked for (`HotgGame.layout()`). A unit's controller
    never changes on the battlefield. `HotgGame.check_invariants` compares it with
    `worked_out()`.

    `occ`, `banned` and the lists of `mine` are replaced or changed only between two
    calls of `legal_actions()`: a caller reads them, it never changes them."""

    __slots__ = ("ban", "banned", "mine", "occ", "own", "stones", "taken")

    occ: dict[tuple[int, int], int]  # `occupancy()`
    taken: int  # its cells, as a mask (`CELL_BIT`)
    own: list[int]  # by player, the cells of the units it controls (its stone's too)
    mine: list[list[int]]  # by player, the units it controls but its stone, in board order
    banned: dict[tuple[int, int], int]  # `banished_cells()`
    ban: int  # its cells, as a mask
    stones: tuple[int, int]  # the Summoning Stones (`HotgGame.stones`: never in `mine`)

    @classmethod
    def worked_out(cls, game: HotgGame) -> _Layout:
        """The layout of `game`'s battlefield now: one pass over it and the banished units."""
        lay = cls.__new__(cls)
        cards = game.zones.cards
        lay.stones = stone0, stone1 = game.stones[0], game.stones[1]
        lay.occ = occ = {}
        lay.own = own = [0, 0]
        mine: list[list[int]] = [[], []]
        lay.mine = mine
        taken = 0
        for u in game.zones.zones["board"].cards:
            c: HotgCard = cards[u]
            cell = c.cell
            occ[cell] = u
            bit = CELL_BIT[cell]
            taken |= bit
            p = c.controller
            if p is not None:  # (a neutral unit is no player's, HG-52)
                own[p] |= bit
                if u != stone0 and u != stone1:  # not a Summoning Stone
                    mine[p].append(u)
        lay.taken = taken
        lay.banned = banned = {}
        ban = 0
        for u in game.zones.zones["banished"].cards:
            cell = cards[u].cell
            banned[cell] = u
            ban |= CELL_BIT[cell]
        lay.ban = ban
        return lay

    def clone(self) -> _Layout:
        new = _Layout.__new__(_Layout)
        new.occ = self.occ.copy()
        new.taken = self.taken
        new.own = self.own.copy()
        new.mine = self.mine.copy()  # (the lists are replaced, never changed: shared)
        new.banned = self.banned.copy()
        new.ban = self.ban
        new.stones = self.stones
        return new

    def fields(self) -> tuple[Any, ...]:
        """Everything it says, to compare (`HotgGame.check_invariants`)."""
        return self.occ, self.taken, self.own, self.mine, self.banned, self.ban, self.stones

    def follow(self, c: HotgCard, frm: str, to: str, cell: tuple[int, int] | None) -> bool:
        """`c` went from zone `frm` to zone `to`, one of them the battlefield or the banished
        units (`cell`: the cell it takes on the battlefield, if the mover said it, and it was
        put last in board order). False when this cannot be followed: the layout is then
        unknown."""
        uid = c.uid
        if frm == "board":  # it leaves the battlefield from its cell
            at = c.cell
            if self.occ.get(at) != uid:
                return False  # (its cell was changed before it left: not followed)
            del self.occ[at]
            bit = CELL_BIT[at]
            self.taken ^= bit
            own = self.own
            own[0] &= ~bit  # (one unit a cell, HG-05: the cell is no player's now)
            own[1] &= ~bit
            mine = self.mine
            for p in (0, 1):
                if uid in mine[p]:
                    mine[p] = [u for u in mine[p] if u != uid]
            if to == "banished":  # HG-62: it keeps its cell
                self.banned[at] = uid
                self.ban |= bit
                return True
        elif frm == "banished":  # it comes back, or leaves the game
            at = c.cell
            if self.banned.get(at) != uid:
                return False
            del self.banned[at]
            self.ban ^= CELL_BIT[at]
        elif to == "banished":
            return False  # (banished from elsewhere than the battlefield: made so by hand)
        if to != "board":
            return True
        if cell is None or cell in self.occ:
            return False  # (put there without its cell, as `Zones.create` does)
        self.occ[cell] = uid
        bit = CELL_BIT[cell]
        self.taken |= bit
        ally = c.controller
        if ally is not None:
            self.own[ally] |= bit
            if uid != self.stones[0] and uid != self.stones[1]:
                self.mine[ally] = [*self.mine[ally], uid]  # (last in board order, as in the zone)
        return True

    def shift(self, c: HotgCard, old: tuple[int, int], new: tuple[int, int]) -> bool:
        """`c`, on the battlefield, moved from cell `old` to cell `new` (HG-30); False when
        this cannot be followed."""
        occ = self.occ
        if occ.get(old) != c.uid or new in occ:
            return False
        del occ[old]
        occ[new] = c.uid
        both = CELL_BIT[old] | CELL_BIT[new]
        self.taken ^= both
        if c.controller is not None:
            self.own[c.controller] ^= both
        return True


_WITH_CELLS = ("board", "banished")  # the zones whose units have a cell (HG-62)


class HotgZones(Zones[HotgCard]):
    """The zones of a Hand of the Gods game: `Zones`, keeping besides where the units are
    (`layout`, see `_Layout`; None: unknown) up to date at every move that takes a card onto
    or off the battlefield or the banished units."""

    __slots__ = ("layout",)

    def __init__(self) -> None:
        super().__init__()
        self.layout: _Layout | None = None

    def move(
        self, uid: int, to: str, position: int | None = None, cell: tuple[int, int] | None = None
    ) -> str:
        """`Zones.move`, following the layout. `cell`: the cell a unit takes on the
        battlefield (HG-05: a free one; its `cell` is set here), so that the layout can
        follow it there."""
        c: HotgCard = self.cards[uid]
        frm = c.zone
        if cell is not None:
            c.cell = cell
        where = Zones.move(self, uid, to, position)
        lay = self.layout
        if lay is not None and (frm in _WITH_CELLS or where in _WITH_CELLS):
            if not lay.follow(c, frm, where, cell if position is None else None):
                self.layout = None
        return where

    def clone(self) -> Self:
        new = Zones.clone(self)
        new.layout = None if self.layout is None else self.layout.clone()
        return new


class _Scan:
    """What the active player's cards and units share within one `legal_actions()`,
    worked out once (the deployment cells when first asked for). It lives only as long
    as that call: the state may change right after."""

    __slots__ = ("ban", "blocked", "deploy", "game", "mine", "occ", "open", "own", "player")

    occ: dict[tuple[int, int], int]
    mine: list[int]
    blocked: int
    own: int
    open: int

    def __init__(self, game: HotgGame, player: int) -> None:
        self.game = game
        self.player = player
        # From the kept layout: `occupancy()`, the player's units (no stone) in board order,
        # and as masks (`CELL_BIT`) the cells that block its moves: those of the units it
        # does not control (one unit a cell, HG-05), and those of its own.
        lay = game.layout()
        self.occ = lay.occ
        self.mine = lay.mine[player]
        self.own = own = lay.own[player]
        self.blocked = lay.taken ^ own
        self.ban = lay.banned
        # The cells where a unit may stop: not occupied, nor kept by a banished unit.
        self.open = ALL_CELLS ^ (lay.taken | lay.ban)
        self.deploy: int | None = None

    def deploy_cells(self) -> int:
        """`deploy_cells(player)`, as a mask."""
        if self.deploy is None:
            self.deploy = _deploy_mask(self.own, self.open)
        return self.deploy

    def attack_targets(self, reach: int) -> list[int]:
        """`attack_targets()` of the player's unit that reaches the cells of mask `reach`:
        the units there (HG-40), and of those the ones `attackable()` (asked only about
        them). (`_unit_actions` asks only when another unit is in reach.)"""
        cells = reach & self.blocked  # the cells of the other units in reach
        if not cells:
            return []
        near = []  # (most of the time one: a loop over the bits)
        while cells:
            low = cells & -cells  # the lowest bit
            near.append(self.occ[_BIT_CELL[low]])
            cells ^= low
        if len(near) > 1:  # in board order
            near.sort(key=self.game.zones.zones["board"].cards.index)
        return self.game.attackable(self.player, self.occ, near)


def _deploy_mask(own: int, open_cells: int) -> int:
    """HG-24: the cells of `open_cells` next to (diagonals too) a cell of `own` (masks)."""
    near = 0
    for b in mask_bits(own):
        near |= _AROUND_BY_BIT[b]
    return near & open_cells


class HotgGame(Game):
    game_id = "hotg"
    RULES_VERSION = 2  # 2: Ginnungagap deals 1 damage for each unit you control (the rulebook's Chaos, HG-62)
    title = "Hand of the Gods"
    players = 2
    rows: ClassVar[int] = ROWS
    cols: ClassVar[int] = COLS
    cells: ClassVar[tuple[tuple[tuple[int, int], ...], ...]] = CELLS  # `CELLS`, for the effects
    neighbour_cells: ClassVar[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = NEIGHBOURS  # and these

    zones: HotgZones
    pool: dict[str, HotgDef]
    pl: list[PlayerState]
    stones: list[int]
    turn: int
    active: int
    clock: int
    queue: EffectQueue[tuple[Any, ...]]
    pending: dict[str, Any] | None
    result: int | None  # None playing; 0/1 winner; -1 draw
    # The battlefield is settled (see `refresh_auras`) and its deaths are found: kept from
    # one action to the next by the queue loop (`_run`) and the verbs that change the
    # battlefield before it (`_move`, the answers to a decision), so that the effects of
    # the next action are settled only after they change the battlefield. False when not
    # known (a new game, a scenario).
    _settled: bool
    # A unit on the battlefield or banished may have a bonus that ends ('eot' or 'sont:…',
    # see `_expire`): set where such a bonus is given (`add_modifier`, `buff`), worked out
    # again by `_expire`. False: none has one (no loop needed to end them).
    _ending: bool
    # `_aura_units()` and the battlefield's units it was worked out for (None: not yet).
    _aura_units_of: tuple[int, ...] | None
    _aura_units_now: tuple[int, ...]

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, setup: Setup) -> HotgGame:
        g = cls(setup)
        g.pool = card_pool()
        g.zones = HotgZones()
        g.turn = 0
        g.active = 0
        g.clock = 0
        g.queue = EffectQueue()
        g.pending = None
        g.result = None
        g._settled = False
        g._ending = False  # (a scenario gives permanent bonuses only)
        g._aura_units_of = None
        g._aura_units_now = ()
        g.stones = [0, 0]
        g.pl = []
        g._make_zones()
        if setup.scenario is not None:
            raise DataError("<scenario>", "the reference engine sets up no scenario")
        for p in (0, 1):
            given = setup.decks[p] if p < len(setup.decks) else None
            # (a seat without a deck plays its preset deck, checked once: `_preset_decks`)
            dl = (
                _preset_decks()[p] if given is None else cls.validate_deck(given, f"<deck of player {p + 1}>")
            )
            leader = str(dl.get("leader"))
            g.pl.append(PlayerState(f"P{p + 1}", leader, g.pool[leader].ability))
            for cid in dl.expanded():
                g.zones.create(g.pool[cid], p, f"deck:{p}", factory=HotgCard)
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        for p in (0, 1):
            g._place_stone(p, STONE_HEALTH)
        for p in (0, 1):
            g.log.emit("setup", f"P{p + 1} leads with {g.pool[g.pl[p].leader].name}")
            for _ in range(OPENING_HAND[p]):  # HG-04
                g.draw(p, log=False)
            g.log.emit("setup", f"P{p + 1} draws {OPENING_HAND[p]} cards")
        g._start_turn(0, first=True)
        g._run()
        return g

    def _make_zones(self) -> None:
        # HG-80: deck, hand, battlefield, holding, graveyard, removed from game, reveal.
        for p in (0, 1):
            self.zones.add_zone(Zone(f"deck:{p}", p, Visibility.HIDDEN))
            self.zones.add_zone(Zone(f"grave:{p}", p, Visibility.PUBLIC))
            # HG-82: a card added to a full hand goes to the graveyard.
            self.zones.add_zone(
                Zone(f"hand:{p}", p, Visibility.OWNER, capacity=HAND_LIMIT, overflow=f"grave:{p}")
            )
            self.zones.add_zone(Zone(f"reveal:{p}", p, Visibility.OWNER))
        self.zones.add_zone(Zone("board", None, Visibility.PUBLIC))
        self.zones.add_zone(Zone("holding", None, Visibility.PUBLIC))
        self.zones.add_zone(Zone("banished", None, Visibility.PUBLIC))
        self.zones.add_zone(Zone("removed", None, Visibility.PUBLIC))

    def _place_stone(self, p: int, hp: int) -> HotgCard:
        stone = self.zones.create(self.pool["summoning_stone"], p, "board", factory=HotgCard)
        assert isinstance(stone, HotgCard)
        stone.cell = _SHARED_CELL[STONE_CELLS[p]]
        stone.hp = hp
        stone.entered = self._tick()
        self.stones[p] = stone.uid
        return stone

    # ----------------------------------------------------------------- helpers
    def _tick(self) -> int:
        self.clock += 1
        return self.clock

    def card(self, uid: int) -> HotgCard:
        return self.zones.cards[uid]

    def layout(self) -> _Layout:
        """Where the units are (`_Layout`): the kept one, worked out when unknown."""
        lay = self.zones.layout
        if lay is None:
            lay = self.zones.layout = _Layout.worked_out(self)
        return lay

    def name(self, uid: int) -> str:
        """A card's name for messages; a stone is "P1's Summoning Stone"."""
        c = self.zones.cards.get(uid)
        if c is None:
            return f"#{uid}"
        if uid in self.stones:
            return f"P{self.stones.index(uid) + 1}'s Summoning Stone"
        return c.defn.name

    def goal_facts(self) -> GoalFacts:
        """What a puzzle's goal reads (`common.goals`): each side's units on the board (not the
        stones, nor a neutral statue) and each Summoning Stone's health."""
        units: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
        for uid in self.board_units(stones=False):
            c = self.card(uid)
            if c.controller is not None:
                units[c.controller].append((c.defn.id, c.defn.name))
        stones = (self.card(self.stones[0]).hp, self.card(self.stones[1]).hp)
        return GoalFacts(
            self.turn,
            self.active,
            (tuple(units[0]), tuple(units[1])),
            {"stone": stones},
            {"stone": "stone health"},  # (short: the hot-seat goal line fits 80 columns)
        )

    def board_units(self, stones: bool = True) -> list[int]:
        units = self.zones.zones["board"].cards
        if stones:
            return list(units)
        out = []  # (a loop: in Python 3.11 a comprehension is a frame of its own)
        stone0, stone1 = self.stones  # (two comparisons a unit: no set made at every call)
        for u in units:
            if u != stone0 and u != stone1:
                out.append(u)
        return out

    def on_board(self, uid: int) -> bool:
        c = self.zones.cards.get(uid)
        return c is not None and c.zone == "board"

    def alive(self, uid: int) -> bool:
        return self.on_board(uid) and self.card(uid).hp > 0

    def occupancy(self) -> dict[tuple[int, int], int]:
        cards = self.zones.cards
        out: dict[tuple[int, int], int] = {}
        for uid in self.zones.zones["board"].cards:
            out[cards[uid].cell] = uid
        return out

    def banished_cells(self) -> dict[tuple[int, int], int]:
        cards = self.zones.cards
        out: dict[tuple[int, int], int] = {}
        for uid in self.zones.zones["banished"].cards:
            out[cards[uid].cell] = uid
        return out

    def cell_free(self, cell: tuple[int, int]) -> bool:
        """No unit on `cell`, and no banished unit keeps it (HG-05, HG-62)."""
        cards = self.zones.cards
        zones = self.zones.zones
        for zone in (zones["board"], zones["banished"]):  # (no `occupancy()` dict made)
            for uid in zone.cards:
                if cards[uid].cell == cell:
                    return False
        return True

    def cell_of(self, uid: int) -> tuple[int, int] | None:
        c: HotgCard | None = self.zones.cards.get(uid)
        if c is None or c.zone != "board":  # `on_board`
            return None
        return c.cell

    @staticmethod
    def neighbours(cell: tuple[int, int], diagonal: bool = True) -> list[tuple[int, int]]:
        return list((NEIGHBOURS if diagonal else ORTHOGONAL)[cell])

    def units_adjacent(
        self, cell: tuple[int, int], occ: dict[tuple[int, int], int] | None = None
    ) -> list[int]:
        """The units around `cell` (`occ`: the current `occupancy()`, when the caller has it)."""
        if occ is None:
            occ = self.occupancy()
        out = []  # (a loop: in Python 3.11 a comprehension is a frame of its own)
        for n in NEIGHBOURS[cell]:
            u = occ.get(n)
            if u is not None:
                out.append(u)
        return out

    def free_cells_around(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        occ, ban = self.occupancy(), self.banished_cells()
        return [n for n in NEIGHBOURS[cell] if n not in occ and n not in ban]

    def is_ally(self, uid: int, player: int | None) -> bool:
        return player is not None and self.zones.cards[uid].controller == player

    def is_enemy(self, uid: int, player: int | None) -> bool:
        """Enemy of `player`: anything it does not control (neutral units included, HG-52)."""
        return self.zones.cards[uid].controller != player

    # -- derived stats -----------------------------------------------------------
    def is_stone(self, uid: int) -> bool:
        return uid in self.stones

    # (Without modifiers a stat is the definition's value: `stat()` is not needed.)
    def attack_of(self, uid: int) -> int:
        if uid in self.stones:  # HG-02: a stone never gains attack
            return 0
        c = self.card(uid)
        attack = c.stat("attack") if c.modifiers else c.defn.attack
        return attack if attack > 0 else 0  # never below 0 (a comparison: max() is slow)

    def max_health(self, uid: int) -> int:
        return self.card(uid).stat("health")

    def move_of(self, uid: int) -> int:
        c = self.card(uid)
        if uid in self.stones or c.defn.facts.structure:  # HG-02, HG-33
            return 0
        move = c.stat("move") if c.modifiers else c.defn.move
        return move if move > 0 else 0  # (comparisons here and below: max() is a slow builtin call)

    def range_of(self, uid: int) -> int:
        c = self.card(uid)
        rng = c.stat("range") if c.modifiers else c.defn.range
        return rng if rng > 1 else 1

    def protect(self, uid: int) -> int:
        """HG-68: the highest Protect value applies; they never add up."""
        c = self.card(uid)
        best: int | None = None  # the highest value so far (loops: no list, no max())
        if not c.silenced:
            for value in c.defn.facts.protect:  # its text's Protect (HG-73)
                if best is None or value > best:
                    best = value
        for m in c.modifiers:
            if m.stat == "protect" and (best is None or m.value > best):
                best = m.value
        return 0 if best is None else best

    def immune_to(self, uid: int) -> list[str]:
        c: HotgCard = self.zones.cards[uid]
        return [] if c.silenced else list(c.defn.facts.immune)  # from its text (HG-73)

    def stealthed(self, uid: int) -> bool:
        """HG-64: Stealth (from its text) until the unit attacks."""
        c: HotgCard = self.zones.cards[uid]
        return not c.silenced and c.defn.facts.stealth and not c.stealth_lost

    def has_guard(self, uid: int) -> bool:
        """HG-63: a unit with Guard loses it while it has Stealth."""
        c: HotgCard = self.zones.cards[uid]
        return not c.silenced and c.defn.facts.guard and not self.stealthed(uid)

    def guarded(self, player: int, occ: dict[tuple[int, int], int] | None = None) -> bool:
        """HG-63: a stone is guarded while a friendly Guard unit stands next to it.
        (`occ`: the current `occupancy()`, when the caller has it.)"""
        cell = self.cell_of(self.stones[player])
        if cell is None:
            return False
        if occ is None:
            occ = self.occupancy()
        cards = self.zones.cards
        for n in NEIGHBOURS[cell]:  # `units_adjacent`, written out (no list made)
            u = occ.get(n)
            # (`has_guard` asked only of a unit with Guard in its text: most have none)
            if u is not None and cards[u].defn.facts.guard and self.has_guard(u) and self.is_ally(u, player):
                return True
        return False

    def stunned(self, uid: int) -> bool:
        return self.card(uid).stunned_by >= 0

    def in_range(self, attacker: int, target: int) -> bool:
        """HG-40: melee reaches the 8 neighbours; range > 1 counts orthogonal steps."""
        a, t = self.card(attacker), self.card(target)
        (ar, ac), (tr, tc) = a.cell, t.cell
        dr, dc = abs(ar - tr), abs(ac - tc)
        rng = self.range_of(attacker)
        if rng <= 1:
            return (dr if dr > dc else dc) == 1  # (max() is a slow builtin call)
        return 0 < dr + dc <= rng

    def cost(self, uid: int, player: int, reductions: list[tuple[Any, int]] | None = None) -> int:
        """HG-07: costs can be reduced, never below 0 (`reductions`: `cost_reductions(player)`,
        if the caller has them)."""
        c: HotgCard = self.zones.cards[uid]
        if reductions is None:
            reductions = self.cost_reductions(player)
        cost = c.defn.cost
        for sub, amount in reductions:  # (a loop: a generator is a frame of its own)
            if not sub or sub in c.subtypes:
                cost -= amount
        return cost if cost > 0 else 0  # never below 0 (a comparison: max() is slow)

    def cost_reductions(self, player: int, units: list[int] | None = None) -> list[tuple[Any, int]]:
        """(subtype or nothing, amount) of each cost reduction aura `player` has in play
        (`units`: `player`'s units on the battlefield in board order, when the caller has them;
        else the kept layout's, `_Layout.mine`)."""
        out: list[tuple[Any, int]] = []
        cards = self.zones.cards
        for src in self.layout().mine[player] if units is None else units:
            s = cards[src]
            found = s.defn.facts.cost_reductions  # its cost reduction auras (most units have none)
            if not found or s.controller != player or s.silenced:  # HG-73: a silenced unit has no aura
                continue
            out += found
        return out

    def immune_blocks(self, uid: int, kind: str, controller: int | None) -> bool:
        """HG-67: Immune X — neither targeted nor affected by X, area included."""
        imm = self.immune_to(uid)
        if not imm:
            return False
        enemy = self.card(uid).controller != controller
        if kind == "spell" and ("spells" in imm or ("enemy spells" in imm and enemy)):
            return True
        if kind == "warcry" and "warcries" in imm:
            return True
        return kind == "ability" and "leader abilities" in imm

    def affectable(self, uid: int, ctx: fx.Ctx) -> bool:
        return not self.immune_blocks(uid, ctx.kind, ctx.controller)

    def can_target(
        self, uid: int, kind: str, controller: int | None, occ: dict[tuple[int, int], int] | None = None
    ) -> bool:
        """May an effect of `kind` controlled by `controller` target `uid` directly?
        (`occ`: the current `occupancy()`, when the caller has it.)"""
        c: HotgCard | None = self.zones.cards.get(uid)
        if c is None or c.zone != "board":  # HG-62: banished units are no valid target
            return False
        return self._can_target_on_board(c, uid in self.stones, kind, controller, occ)

    def _can_target_on_board(
        self,
        c: HotgCard,
        stone: bool,
        kind: str,
        controller: int | None,
        occ: dict[tuple[int, int], int] | None,
    ) -> bool:
        """`can_target()` of `c`, a unit on the battlefield (`stone`: a Summoning Stone); for
        the loops over the battlefield, which have the card and know where it is."""
        f = c.defn.facts
        shields = not c.silenced and _old(c.defn).shields  # Stealth or Immune in its text (HG-73)
        if not shields and not stone:
            return True  # no Stealth, no Immune, no stone that Guard protects: the common case
        uid = c.uid
        enemy = c.controller != controller  # `is_enemy`
        if enemy and self.stealthed(uid):  # HG-64
            return False
        if enemy and stone and self.guarded(self.stones.index(uid), occ):  # HG-63
            return False
        return not (shields and f.immune and self.immune_blocks(uid, kind, controller))  # HG-67

    def targets_for(
        self,
        spec: str,
        controller: int,
        kind: str,
        source: int,
        params: Mapping[str, Any],
        occ: dict[tuple[int, int], int] | None = None,
        mine: list[int] | None = None,
    ) -> list[int]:
        """The units an ability of `kind` with target `spec` (and `params`) may target, in
        board order. (`occ`: the current `occupancy()`, when the caller has it; `mine`:
        `controller`'s units on the battlefield, no stone, in board order, when it has them.)"""
        if spec == "none":
            return []
        if spec == "self":
            return [source] if self.on_board(source) else []
        enemies_only = spec in ("enemy", "enemy_unit")
        allies_only = spec in ("ally", "ally_unit", "other_ally_unit")
        units_only = spec in ("enemy_unit", "ally_unit", "unit", "other_ally_unit")
        not_source = spec == "other_ally_unit"
        max_health = int(params["max_health"]) if "max_health" in params else None
        subtype = "subtype" in params
        cards = self.zones.cards
        stone0, stone1 = self.stones  # (two comparisons a unit: no set made at every call)
        out = []
        if enemies_only and max_health is None and not subtype:
            # The most asked (Leader Abilities that damage): the loop below with only the
            # tests that can fail for an enemy or an enemy unit without parameters.
            board = self.zones.zones["board"].cards
            lay = self.zones.layout
            if mine is not None and lay is not None and lay.own[0] | lay.own[1] == lay.taken:
                # In a `legal_actions()` (the layout known) with no neutral unit (HG-52) and
                # the other stone first on the battlefield, or second after the player's own
                # (as `new` puts them there), the enemies in board order are that stone and
                # the other player's units (`_Layout.mine`): no controller or stone test a unit.
                ours, theirs = (stone0, stone1) if controller == 0 else (stone1, stone0)
                if len(board) > 1 and (board[0] == theirs or (board[0] == ours and board[1] == theirs)):
                    if not units_only and self._can_target_on_board(
                        cards[theirs], True, kind, controller, occ
                    ):
                        out.append(theirs)
                    for uid in lay.mine[1 - controller]:
                        c: HotgCard = cards[uid]
                        if not (
                            _old(c.defn).shields
                            and not c.silenced
                            and not self._can_target_on_board(c, False, kind, controller, occ)
                        ):
                            out.append(uid)
                    return out
            for uid in board:
                c = cards[uid]
                if c.controller == controller:  # `is_enemy`
                    continue
                if uid == stone0 or uid == stone1:  # noqa: SIM109 (no tuple made a unit)
                    if units_only or not self._can_target_on_board(c, True, kind, controller, occ):
                        continue
                elif (
                    _old(c.defn).shields
                    and not c.silenced
                    and not self._can_target_on_board(c, False, kind, controller, occ)
                ):
                    continue
                out.append(uid)
            return out
        # (one of the controller's units: they are all in `mine`, when given)
        among = mine if allies_only and units_only and mine is not None else self.zones.zones["board"].cards
        for uid in among:
            c = cards[uid]
            if enemies_only and c.controller == controller:  # `is_enemy`
                continue
            if allies_only and (controller is None or c.controller != controller):  # `is_ally`
                continue
            stone = uid == stone0 or uid == stone1  # (no tuple made a unit)
            if units_only and stone:
                continue
            if not_source and uid == source:
                continue
            if max_health is not None and c.hp > max_health:
                continue
            if subtype and params["subtype"] not in c.subtypes:
                continue
            # `can_target`: asked only about a stone or a unit with Stealth or Immune in its
            # text (the others may be targeted, see `_can_target_on_board`: no call for them)
            if (stone or (_old(c.defn).shields and not c.silenced)) and not self._can_target_on_board(
                c, stone, kind, controller, occ
            ):
                continue
            out.append(uid)
        return out

    # ------------------------------------------------------------ the queue
    def _push(self, entry: tuple[Any, ...], level: int, time: int | None = None) -> None:
        self.queue.push(entry, time=self._tick() if time is None else time, level=level)

    def _push_ability(
        self,
        card_def: HotgDef,
        idx: int,
        source: int,
        controller: int,
        target: int,
        kind: str,
        level: int,
        time: int | None = None,
        cell: tuple[int, int] | None = None,
    ) -> None:
        r, c = cell if cell is not None else (-1, -1)
        self._push(("ab", card_def.id, idx, source, controller, target, kind, r, c), level, time)

    def _run(self) -> None:
        """HG-11: resolve effects one by one until none is left (or a player must choose)."""
        # Settled: the last `_settle` left a state that another one would not change (see
        # `refresh_auras`), its deaths found: `_settled`, from the action before (the verbs
        # change the battlefield only through `_settle`, see `_apply`). An entry that keeps
        # it settled (`_change`) is not followed by a refresh; one that only lowers health
        # keeps it settled too, but deaths are looked for.
        settled = self._settled
        while self.queue and self.pending is None and self.result is None:
            entry = self.queue.pop()
            if self._resolve(entry, settled):
                settled = True  # the entry ended settling the battlefield itself
            elif not settled:
                settled = self._settle()
            else:
                change = self._change(entry)
                if change == _LOWERS:
                    self._check_deaths()
                elif change == _CHANGES:
                    settled = self._settle()
                elif change == _CHANGES_ONE:  # only the unit it brought is looked at again
                    settled = self._settle(self.zones.cards[entry[1]])
        self._settled = settled
        if self.result is not None:
            self.queue = EffectQueue()
            self.pending = None

    def _change(self, e: tuple[Any, ...]) -> int:
        """What the entry `e`, just resolved on a settled battlefield, did to it (HG-57):
        `_KEEPS` (a refresh would still change nothing, no death to look for), `_LOWERS`
        (only health lowered: deaths to look for) or `_CHANGES` (settle it again)."""
        kind = e[0]
        if kind == "ab":  # by the effect it carried out (`_EFFECT_CHANGE`; any other: changes)
            ab = self.pool[e[1]].abilities[e[2]]
            change = _EFFECT_CHANGE.get(ab["do"], _CHANGES)
            if change != _ADDS_MODIFIER:
                return change
            # (its target, as `_resolve_ability` reads it: the source for "self")
            c: HotgCard | None = self.zones.cards.get(e[3] if ab.get("target") == "self" else e[5])
            # a refresh puts a unit's aura bonuses after its other modifiers
            return _CHANGES if c is not None and c.modifiers and "aura" in map(_TAG, c.modifiers) else _KEEPS
        if kind in _ONLY_LOWERS_HEALTH:
            # (an attack's damage lowers its target's health, Return Damage the attacker's:
            # while that unit is above 0 health, there is no death to find)
            hit: HotgCard = self.zones.cards[e[2] if kind == "attack_damage" else e[1]]
            return _LOWERS if hit.hp <= 0 else _KEEPS
        if kind in _LEAVES_BOARD_AS_IT_IS:
            return _KEEPS
        if kind == "deploy" or kind == "resurrect":  # a unit came onto the battlefield, or not
            c = self.zones.cards[e[1]]
            if c.zone != "board" or not self._arrival_changes_auras(c):
                return _KEEPS
            # (what the auras give the others changes only by an aura of its own)
            return _CHANGES if not c.silenced and _gives_aura_bonus(c.defn) else _CHANGES_ONE
        if kind == "death":  # a unit left the battlefield (or was not there): only an aura of
            # its own changes what the others get (its definition's: it is reset now)
            return _CHANGES if _gives_aura_bonus(self.zones.cards[e[1]].defn) else _KEEPS
        return _CHANGES

    def _arrival_changes_auras(self, c: HotgCard) -> bool:
        """Whether `c`, a unit that has just come onto a settled battlefield, may change what
        a refresh does (HG-57): when it has a modifier or health out of its printed bounds,
        an aura, or may get a bonus: from an aura of adjacent allies of one of its
        controller's units next to it, or any other aura."""
        if c.modifiers or not 0 < c.hp <= c.defn.health:
            return True
        if not c.silenced and _gives_aura_bonus(c.defn):
            return True
        cards = self.zones.cards
        ally = c.controller
        cell = c.cell
        for u in self._aura_units():
            s: HotgCard = cards[u]
            if s.silenced or s is c:  # HG-73: a silenced unit has no aura
                continue
            for ab, bonus in _old(s.defn).aura_bonuses:
                if not bonus:
                    continue  # it gives nothing (a cost reduction, HG-07)
                if ab["do"] != "adjacent_allies":
                    return True
                if ally is not None and s.controller == ally and cell in NEIGHBOURS[s.cell]:
                    return True
        return False

    def _aura_units(self) -> tuple[int, ...]:
        """The units on the battlefield whose definition has an aura that gives a bonus
        (silenced or not), in board order; their definitions' `aura_bonuses` are worked
        out. Worked out again only when the battlefield's units are not those it was
        worked out for (a unit's definition never changes on the battlefield)."""
        board = tuple(self.zones.zones["board"].cards)
        if board == self._aura_units_of:
            return self._aura_units_now
        cards = self.zones.cards
        gives = _GIVES_AURA_BONUS  # (`_gives_aura_bonus`, without a call)
        out = []
        for u in board:
            if gives[cards[u].defn.facts]:
                out.append(u)
        self._aura_units_of = board
        self._aura_units_now = units = tuple(out)
        return units

    def _settle(self, only: HotgCard | None = None) -> bool:
        """After every effect: auras are recomputed (HG-57), then deaths are found.
        True when a second `_settle` right after would change nothing (see `refresh_auras`).
        (`only`: the one unit whose aura bonuses may have changed, see `_refresh_auras`.)"""
        settled, at_zero = self._refresh_auras(only)
        cards = self.zones.cards
        stone0, stone1 = self.stones
        # (no unit and no stone at 0 health or less: `_check_deaths` would find no death)
        if at_zero or cards[stone0].hp <= 0 or cards[stone1].hp <= 0:
            self._check_deaths()
        return settled

    def _check_deaths(self) -> None:
        if self.result is not None:  # HG-02: the game ended already; game_over is emitted once
            return
        cards = self.zones.cards
        stones = self.stones
        # (two flags, not a list made at every call: this runs after every effect)
        first_dead = cards[stones[0]].hp <= 0
        second_dead = cards[stones[1]].hp <= 0
        if first_dead or second_dead:  # HG-02
            if first_dead and second_dead:
                self.result = -1
                self.log.emit("game_over", "Both Summoning Stones are destroyed: the game is a draw")
            else:
                loser = 0 if first_dead else 1
                self.result = 1 - loser
                self.log.emit(
                    "game_over",
                    f"P{loser + 1}'s Summoning Stone is destroyed: P{self.result + 1} wins!",
                    winner=self.result,
                )
            return
        for uid in self.zones.zones["board"].cards:  # (pushing entries leaves the board as it is)
            c: HotgCard = cards[uid]
            if c.hp <= 0 and not c.dying and uid not in stones:
                c.dying = True
                if not c.executed:  # HG-12 level 7: Reincarnate comes before Death
                    for idx, _ab in c.abilities("reincarnate"):
                        self._push_ability(
                            c.hdef,
                            idx,
                            uid,
                            _acting(c),
                            uid,
                            "reincarnate",
                            LEVEL["reincarnate"],
                            c.entered,
                        )
                # HG-13: deaths (and what follows them) in the order the units entered.
                self._push(("death", uid), LEVEL["death"], c.entered)

    def _resolve(self, e: tuple[Any, ...], settled: bool = False) -> bool:
        """Resolve one queue entry; True when it ended settling the battlefield (`_settle`).
        (`settled`: the battlefield is settled before it, see `_run`.)"""
        kind = e[0]
        if kind == "ab":
            self._resolve_ability(e)
        elif kind == "deploy":
            cell = (e[2], e[3])
            self._resolve_deploy(e[1], _SHARED_CELL.get(cell, cell), bool(e[4]))
        elif kind == "strike":
            self._resolve_strike(e[1], e[2])
        elif kind == "attack_damage":
            self._resolve_attack_damage(e[1], e[2])
        elif kind == "return_damage":
            self._resolve_return_damage(e[1], e[2])
        elif kind == "death":
            self._resolve_death(e[1])
        elif kind == "resurrect":
            cell = (e[2], e[3])
            self._resolve_resurrect(e[1], _SHARED_CELL.get(cell, cell))
        elif kind == "spawn":
            cell = (e[3], e[4])
            self._resolve_spawn(e[1], None if e[2] < 0 else e[2], _SHARED_CELL.get(cell, cell))
        elif kind == "spell_done":
            self._resolve_spell_done(e[1])
        elif kind == "turn_end":
            return self._finish_turn(e[1], settled)
        else:  # pragma: no cover - entries are made here only
            raise AssertionError(f"unknown queue entry {e!r}")
        return False

    def _resolve_ability(self, e: tuple[Any, ...]) -> None:
        _, def_id, idx, source, controller, target, kind, r, c = e
        d = self.pool[def_id]
        ab = d.abilities[idx]
        spec = str(ab.get("target", "none"))
        if spec == "self":
            target = source
            if not self.on_board(source):
                return
        elif target == CHOOSE:
            choices = self.targets_for(spec, controller, kind, source, ab)
            if not choices:
                word = {"warcry": "'s Warcry", "afterlife": "'s Afterlife"}.get(kind, "")
                self.log.emit("fizzle", f"{d.name}{word} has no valid target: nothing happens")
                return
            self.pending = {
                "type": "target",
                # (a neutral unit's: the player whose turn it is chooses, HG-52 ruling)
                "player": controller if controller >= 0 else self.active,
                "entry": [def_id, idx, source, controller, kind, r, c],
                "targets": choices,
            }
            return
        elif spec != "none" and target >= 0 and not self.on_board(target):
            self.log.emit("fizzle", f"{d.name}: its target is gone, nothing happens")
            return
        if controller < 0 and ab["do"] in _FOR_A_PLAYER:  # (a neutral unit's, HG-52 ruling)
            self.log.emit("fizzle", f"{d.name} is neutral: it acts for no player, nothing happens")
            return
        ctx = fx.Ctx(source, controller, target, ab, kind, (r, c) if r >= 0 else None, def_id)
        if kind in ("warcry", "afterlife", "reincarnate"):
            word = {"warcry": "Warcry", "afterlife": "Afterlife", "reincarnate": "Reincarnate"}[kind]
            self.log.emit(kind, f"{d.name}'s {word} resolves", source=source)
        fx.EFFECTS[str(ab["do"])](self, ctx)

    # -------------------------------------------------------- primitive verbs
    def damage(self, uid: int, amount: int, ctx: fx.Ctx, area: bool = False) -> int:
        if not self.on_board(uid) or amount <= 0:
            return 0
        c = self.card(uid)
        if self.immune_blocks(uid, ctx.kind, ctx.controller):  # HG-67
            self.log.emit("immune", f"{c.name} is immune: no damage", target=uid)
            return 0
        if ctx.kind in ("attack", "return"):  # HG-68: Protect reduces attack and Return Damage only
            amount -= self.protect(uid)  # (not below 0: nothing is dealt then, below)
        src = (
            self.name(ctx.source) if ctx.source >= 0 else (self.pool[ctx.defn_id].name if ctx.defn_id else "")
        )
        if amount <= 0:
            self.log.emit("damage", f"{src} deals 0 damage to {c.name} (Protect)", target=uid, amount=0)
            return 0
        c.hp -= amount
        self.log.emit(
            "damage",
            f"{src} deals {amount} damage to {self.name(uid)} ({c.hp if c.hp > 0 else 0} left)",
            target=uid,
            amount=amount,
        )
        return amount

    def heal(self, uid: int, amount: int, ctx: fx.Ctx) -> None:
        """HG-55: healing never exceeds the maximum."""
        if not self.on_board(uid) or not self.affectable(uid, ctx):
            return
        c = self.card(uid)
        top = STONE_HEALTH if uid in self.stones else self.max_health(uid)
        gained = top - c.hp  # up to `amount`, not below 0 (comparisons: min() and max() are slow)
        if amount < gained:
            gained = amount
        if gained < 0:
            gained = 0
        if gained == 0:
            return  # already at its maximum: nothing to tell
        c.hp += gained
        self.log.emit(
            "heal", f"{self.name(uid)} is healed by {gained} ({c.hp}/{top})", target=uid, amount=gained
        )

    def add_modifier(self, uid: int, stat: str, value: int, until: str, ctx: fx.Ctx) -> None:
        if not self.on_board(uid) or not self.affectable(uid, ctx):
            return
        c = self.card(uid)
        c.modifiers.append(Modifier(stat, value, "add", ctx.source, until, "buff", self._tick()))
        if until != "permanent":
            self._ending = True  # (for `_expire`)
        if stat == "health" and value > 0:  # HG-55: +X health raises the maximum and heals X
            c.hp += value
        what = f"Protect {value}" if stat == "protect" else f"{stat} {value:+d}"
        self.log.emit("buff", f"{c.name} gets {what}" + _until_words(until), target=uid)

    def buff(self, uid: int, attack: int, health: int, until: str, ctx: fx.Ctx) -> None:
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        if until != "permanent" and (attack or health):
            self._ending = True  # (for `_expire`)
        if attack:
            c.modifiers.append(Modifier("attack", attack, "add", ctx.source, until, "buff", self._tick()))
        if health:
            c.modifiers.append(Modifier("health", health, "add", ctx.source, until, "buff", self._tick()))
            if health > 0:
                c.hp += health  # HG-55
            else:
                c.hp = min(c.hp, self.max_health(uid))
        self.log.emit("buff", f"{c.name} gets {attack:+d}/{health:+d}" + _until_words(until), target=uid)

    def set_attack_to_health(self, uid: int, ctx: fx.Ctx) -> None:
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        c.modifiers.append(Modifier("attack", c.hp, "set", ctx.source, "permanent", "set", self._tick()))
        self.log.emit("buff", f"{c.name}'s attack is set to {c.hp}", target=uid)

    def ready(self, uid: int, ctx: fx.Ctx) -> None:
        if not self.on_board(uid):
            return
        c = self.card(uid)
        c.exhausted = False
        self.log.emit("ready", f"{c.name} is no longer exhausted", target=uid)

    def whose_next_turn(self, controller: int) -> int:
        """The player at the start of whose turn an effect of `controller` lasting "until
        your next turn" (a stun, a banishment) ends: `controller`; for a neutral unit's
        (NOBODY), the next turn's player (HG-52 ruling)."""
        return controller if controller >= 0 else 1 - self.active

    def stun(self, uid: int, ctx: fx.Ctx) -> None:
        """HG-65: until the start of the stunning player's next turn."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        self.card(uid).stunned_by = self.whose_next_turn(ctx.controller)
        self.log.emit("stun", f"{self.name(uid)} is stunned", target=uid)

    def silence(self, uid: int, ctx: fx.Ctx) -> None:
        """HG-73: its text abilities, auras and keywords are gone."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        c.silenced = True
        c.warcry_ready = False
        self.log.emit("silence", f"{c.name} is silenced", target=uid)

    def give_resurrection(self, uid: int, ctx: fx.Ctx) -> None:
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        self.card(uid).resurrection = True
        self.log.emit("status", f"{self.name(uid)} gains Resurrection", target=uid)

    def banish(self, uid: int, ctx: fx.Ctx) -> None:
        """HG-62: out of the game until the start of the banisher's next turn; its cell is kept."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        c.banished_by = self.whose_next_turn(ctx.controller)
        self.zones.move(uid, "banished")
        if any(m.tag == "aura" for m in c.modifiers):  # HG-62: out of the game, out of every aura
            c.modifiers = [m for m in c.modifiers if m.tag != "aura"]
            c.hp = min(c.hp, self.max_health(uid))
        self.log.emit("banish", f"{c.name} is banished from {cell_str(c.cell)}", target=uid)

    def _leave_to(self, c: HotgCard, zone_for_owner: str) -> str:
        """Where a card leaving the battlefield goes: neutral units and tokens leave the game (HG-52)."""
        if c.owner is None or c.hdef.token:
            return "removed"
        return f"{zone_for_owner}:{c.owner}"

    def return_to_hand(self, uid: int, ctx: fx.Ctx) -> None:
        """HG-61: back to its owner's hand in its default state."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        dest = self._leave_to(c, "hand")
        where = self.zones.move(uid, dest)  # (from its cell: the layout follows it)
        c.reset()
        c.controller = c.owner
        extra = " (hand full: to the graveyard)" if where.startswith("grave") else ""
        if where == "removed":
            extra = " (it leaves the game)"
        self.log.emit("bounce", f"{c.name} returns to its owner's hand{extra}", target=uid)

    def execute(self, uid: int, ctx: fx.Ctx) -> None:
        """HG-70: it dies without resurrecting; its Afterlife still happens."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        c = self.card(uid)
        c.executed = True
        self.log.emit("execute", f"{c.name} is executed", target=uid)
        if not c.dying:
            c.dying = True
            self._push(("death", uid), LEVEL["death"], c.entered)

    def transform(self, uid: int, into: str, ctx: fx.Ctx, neutral: bool = False) -> None:
        """HG-66: the original is removed from the game at once (it does not die)."""
        if not self.on_board(uid) or not self.affectable(uid, ctx) or uid in self.stones:
            return
        old = self.card(uid)
        cell = old.cell
        owner = None if neutral else old.controller
        self.zones.move(uid, "removed")
        new = self.zones.create(self.pool[into], owner, "board", factory=HotgCard)
        assert isinstance(new, HotgCard)
        new.cell = cell
        new.entered = self._tick()
        new.exhausted = True
        who = "a neutral " if neutral else ""
        self.log.emit("transform", f"{old.name} turns into {who}{new.name}", target=new.uid)

    def draw(self, p: int, log: bool = True) -> None:
        deck = self.zones.zones[f"deck:{p}"]
        if not deck.cards:  # HG-04: fatigue
            self.pl[p].fatigue += 1
            n = self.pl[p].fatigue
            stone = self.card(self.stones[p])
            stone.hp -= n
            self.log.emit("fatigue", f"P{p + 1}'s deck is empty: fatigue deals {n} to their Summoning Stone")
            return
        uid = deck.cards[-1]
        where = self.zones.move(uid, f"hand:{p}")
        if where.startswith("grave"):  # HG-82
            self.log.emit("burn", f"P{p + 1}'s hand is full: {self.name(uid)} goes to the graveyard")
        elif log:
            self.log.emit("draw", f"P{p + 1} draws a card", player=p)

    def queue_spawn(self, into: str, owner: int | None, cell: tuple[int, int]) -> None:
        self._push(("spawn", into, -1 if owner is None else owner, cell[0], cell[1]), LEVEL["spawn"])

    def replace_ability(self, p: int, ability: str, ctx: fx.Ctx) -> None:
        """HG-45: a new Leader Ability replaces the old one, ready to use."""
        self.pl[p].ability = ability
        self.pl[p].ability_used = False
        self.log.emit("ability", f"P{p + 1}'s Leader Ability becomes {self.pool[ability].name}")

    def gain_mana(self, p: int, amount: int) -> None:
        self.pl[p].mana = min(MAX_MANA, self.pl[p].mana + amount)

    def start_reveal(self, ctx: fx.Ctx, resolve: bool) -> None:
        """HG-60: cards generated from a list (not from hand, deck or graveyard)."""
        p = ctx.controller
        opts = [o.strip() for o in str(ctx.params.get("options", "")).split(",") if o.strip()]
        if not opts:
            sub = ctx.params.get("subtype")
            opts = [d.id for d in collectible(self.pool) if not sub or sub in d.subtypes]
        picks = self.rng.sample(opts, min(3, len(opts)))
        uids = []
        for cid in picks:
            card = self.zones.create(self.pool[cid], p, f"reveal:{p}", factory=HotgCard)
            uids.append(card.uid)
        self.pending = {
            "type": "reveal",
            "player": p,
            "cards": uids,
            "resolve": int(resolve),
            "source": ctx.source,
        }
        self.log.emit("reveal", f"P{p + 1} reveals {len(uids)} cards to choose from")

    # ---------------------------------------------------------------- auras
    def refresh_auras(self) -> bool:
        """HG-57: strip every aura bonus and apply all auras again, on top of other stats.

        Auras read positions, controllers and subtypes, never stats, so the new aura
        bonuses are worked out first and a unit whose bonuses stay the same keeps
        its modifiers as they are.

        True when the result is settled: another call, with no unit moved, added,
        removed, silenced or given modifiers or health in between, would change nothing
        (every unit has its bonuses, and no more health than its maximum)."""
        return self._refresh_auras()[0]

    def _refresh_auras(self, only: HotgCard | None = None) -> tuple[bool, bool]:
        """`refresh_auras()`, and whether a unit (not a stone) may be at 0 health or less
        after it: when none is, `_settle` need not look for deaths (but at the stones).

        `only`: a unit on the battlefield, not a stone, the one unit whose aura bonuses
        may have changed since the battlefield was settled (it moved, or came onto it with
        no aura of its own: see `_move_change`, `_change`): only it is looked at again, the
        others keeping what they have."""
        cards = self.zones.cards
        stone0, stone1 = self.stones  # (two comparisons a unit: no set made at every call)
        # The units (no stone) that need a look below whatever the auras give: those with
        # modifiers, those at 0 health or less (for `_settle`), and (never in play, set by
        # hand at most) those above their printed health. The others only change if they
        # get a bonus (listed by `new`).
        check: list[HotgCard] = []
        sources: list[HotgCard] = []
        occ: dict[tuple[int, int], int] = {}  # `occupancy()`, made on the way
        if only is not None:  # (`occ` holds only it: an aura of adjacent allies finds only it)
            occ[only.cell] = only.uid
            if only.modifiers or only.hp > only.defn.health or only.hp <= 0:
                check.append(only)
            for u in self._aura_units():  # (in board order, as below)
                s = cards[u]
                if not s.silenced:
                    sources.append(s)
        else:
            for u in self.zones.zones["board"].cards:
                s = cards[u]
                occ[s.cell] = u
                if s.modifiers or s.hp > s.defn.health or s.hp <= 0:
                    if u != stone0 and u != stone1:  # not a Summoning Stone
                        check.append(s)
                # (a Summoning Stone has no ability, so no aura: no stone test for every unit here)
                if s.defn.facts.auras and not s.silenced:  # HG-73: a silenced unit has no aura
                    sources.append(s)
        if not sources:  # (a loop, not any() of a generator: that is a frame of its own)
            for c in check:
                if c.modifiers and "aura" in map(_TAG, c.modifiers):
                    break  # an aura bonus to remove
            else:  # no aura on the battlefield, none to remove
                for c in check:  # (a loop: any() of a generator is a frame of its own)
                    if c.hp <= 0:
                        return True, True
                return True, False
        settled = True
        new: dict[int, list[Modifier]] = {}
        lowers_health = False  # whether an aura bonus given below lowers health
        for s in sources:
            src = s.uid
            for ab, bonus in _old(s.defn).aura_bonuses:
                if not bonus:
                    continue  # it raises no stat (a cost reduction, HG-07): it gives nothing here
                affected = fx.AURAS[ab["do"]](self, s, ab, occ)
                if only is not None:  # (of the units it affects, only `only` is looked at)
                    affected = [only.uid] if only.uid in affected else []
                if not affected:
                    continue
                gives = []  # its bonus (`fx.aura_bonus`) as this source's aura modifiers
                for stat, value in bonus:
                    gives.append(_AURA_MODIFIERS[stat, value, src])
                    if value < 0 and stat == "health":
                        lowers_health = True
                for uid in affected:
                    got = new.get(uid)
                    # (a new list each time: `gives` is shared by the units it affects)
                    new[uid] = gives if got is None else got + gives
        for uid in new:  # the units not in `check` that get a bonus
            c = cards[uid]
            if not c.modifiers and 0 < c.hp <= c.defn.health and c.zone == "board" and uid not in self.stones:
                check.append(c)  # (the opposite of the test above, for a unit)
        # Each unit on its own (the order does not matter): a unit not in `check` that gets
        # nothing has no modifier and no more health than its maximum, its printed health.
        for c in check:
            mods = c.modifiers
            gets = new.pop(c.uid, None)
            if not mods and gets is None:
                top = c.defn.health  # its maximum health (`max_health`)
                if c.hp > top:
                    c.hp = top
                continue
            if mods == gets:  # exactly the aura bonuses it had: nothing changes (see below)
                # Its maximum health (`max_health`) is the printed one with its aura bonuses
                # added, so no lower unless one lowers health: `stat()` is asked only then,
                # or when its health is above the printed one.
                if c.hp > c.defn.health or lowers_health:
                    top = c.stat("health")
                    if c.hp > top:
                        c.hp = top
                continue
            had = False  # any aura bonus; `kept`: the other modifiers (one plain loop: no
            kept = []  # frame of a comprehension, no attrgetter call a modifier)
            for m in mods:
                if m.tag == "aura":
                    had = True
                else:
                    kept.append(m)
            if had:
                if gets:
                    kept += gets
                changed = kept != mods  # fast: equal aura bonuses are the same objects
            else:
                changed = gets is not None
            top = c.stat("health")  # its maximum health (`max_health`)
            if not changed:
                if c.hp > top:
                    c.hp = top
                continue
            if had:
                c.modifiers = kept
            else:
                mods += gets  # type: ignore[arg-type]
            now = c.stat("health")
            if now > top:
                c.hp += now - top
            elif c.hp > now:
                c.hp = now  # HG-56: lowered only as far as needed
            if c.hp > now:
                settled = False  # it had more health than its maximum: the next call lowers it
        for uid, gets in new.items():  # not a unit on the battlefield: no health to adjust
            cards[uid].modifiers += gets
            settled = False  # (the next call would add them again)
        for c in check:  # the units whose health may be 0 or less now (the others' is above)
            if c.hp <= 0:
                return settled, True
        return settled, False

    def _expire(self, until: str, settled: bool = False) -> bool:
        """Bonuses `until` end, then the auras are refreshed and deaths found (`_settle`,
        skipped when the battlefield was `settled` and no bonus ended). True when settled
        (see `refresh_auras`), its deaths found."""
        ended = False
        if self._ending:  # (else no unit has a bonus that ends: no loop)
            ending = False  # whether a bonus that ends later is left
            cards: dict[int, HotgCard] = self.zones.cards
            # HG-56, HG-62: a banished unit's temporary bonuses end on time too; HG-02: so do a
            # Summoning Stone's (a unit for targeting purposes: an effect may give it Protect).
            zones = self.zones.zones
            for zone in (zones["board"], zones["banished"]):  # (the loop changes no zone)
                for uid in zone.cards:
                    c = cards[uid]
                    if not c.modifiers:  # (most have none: no map())
                        continue
                    if until in map(_UNTIL, c.modifiers):
                        c.modifiers = [m for m in c.modifiers if m.until != until]
                        top = self.max_health(uid)
                        if c.hp > top:  # HG-56 (a comparison, not min(): a builtin call is slow)
                            c.hp = top
                        ended = True
                    if not ending:
                        for m in c.modifiers:
                            if m.until != "permanent" and m.until != "aura":
                                ending = True
                                break
            self._ending = ending
        if settled and not ended:
            return True  # a refresh would change nothing
        return self._settle()

    # -------------------------------------------------------------- resolution
    def _resolve_deploy(self, uid: int, cell: tuple[int, int], from_hand: bool) -> None:
        c = self.card(uid)
        if not self.cell_free(cell):  # HG-05
            self.zones.move(uid, self._leave_to(c, "grave"))
            self.log.emit(
                "blocked", f"{c.name} cannot take {cell_str(cell)}: it goes straight to the graveyard"
            )
            return
        c.controller = c.owner
        self.zones.move(uid, "board", cell=cell)
        c.entered = self._tick()
        c.exhausted = True  # HG-23: deploy exhaustion
        self.log.emit("deploy", f"{c.defn.name} is deployed at {CELL_STR[cell]}", target=uid)
        if from_hand:  # HG-72 / HG-83: Warcries only from the hand
            for idx, ab in c.abilities("warcry"):
                spec = str(ab.get("target", "none"))
                tgt = CHOOSE if spec not in ("none", "self") else -1
                self._push_ability(c.hdef, idx, uid, c.owner or 0, tgt, "warcry", LEVEL["warcry"])
            if c.abilities("activated"):
                c.warcry_ready = True
        self._entered(uid)

    def _entered(self, uid: int) -> None:
        c: HotgCard = self.zones.cards[uid]
        if "God" in c.defn.subtypes and c.controller is not None:  # (`subtypes`)
            for other in self.board_units(stones=False):
                o = self.card(other)
                if other != uid and o.controller == c.controller:
                    for idx, ab in o.abilities("ally_god_enters"):
                        self._push_ability(
                            o.hdef, idx, other, o.controller, _chosen(ab), "effect", LEVEL["other"]
                        )

    def _resolve_strike(self, a: int, t: int) -> None:
        if not self.on_board(a) or not self.on_board(t):  # HG-42 (3)
            self.log.emit("attack", f"{self.name(a)}'s attack on {self.name(t)} does not happen")
            return
        self._push(("attack_damage", a, t), LEVEL["attack_damage"])
        self._push(("return_damage", a, t), LEVEL["return_damage"])

    def _resolve_attack_damage(self, a: int, t: int) -> None:
        ac = self.card(a)
        ctx = fx.Ctx(a, ac.controller if ac.controller is not None else -1, t, {}, "attack")
        dealt = self.damage(t, self.attack_of(a), ctx)
        if dealt <= 0:
            return
        for idx, _ab in ac.abilities("attack_damage"):  # HG-12 level 4
            self._push_ability(ac.hdef, idx, a, _acting(ac), t, "effect", LEVEL["attack_damage_effect"])

    def _resolve_return_damage(self, a: int, t: int) -> None:
        # HG-42 (7), HG-44: only if the target is still there, can hit back, and reaches the attacker.
        if not self.on_board(t) or not self.on_board(a):
            return
        if self.attack_of(t) <= 0 or self.stunned(t) or not self.in_range(t, a):
            return
        tc = self.card(t)
        ctx = fx.Ctx(t, tc.controller if tc.controller is not None else -1, a, {}, "return")
        self.log.emit("return", f"{tc.name} strikes back at {self.name(a)}")
        self.damage(a, self.attack_of(t), ctx)

    def _resolve_death(self, uid: int) -> None:
        if not self.on_board(uid):
            return
        c = self.card(uid)
        cell = c.cell
        controller = c.controller
        if controller is None:  # `_acting`, without a call (every death)
            controller = NOBODY
        dest = self._leave_to(c, "grave")
        self.log.emit("death", f"{c.name} dies", target=uid)
        resurrect = c.resurrection and not c.executed  # HG-70
        afterlife = c.abilities("afterlife")
        entered = c.entered
        d = c.hdef
        self.zones.move(uid, dest)
        c.reset()
        c.controller = c.owner
        c.cell = cell  # remembered for Resurrection
        if resurrect:  # HG-69
            self._push(("resurrect", uid, cell[0], cell[1]), LEVEL["resurrect"], entered)
        for idx, ab in afterlife:  # HG-71: in the order the units entered the battlefield
            self._push_ability(
                d, idx, uid, controller, _chosen(ab), "afterlife", LEVEL["afterlife"], entered, cell
            )

    def _resolve_resurrect(self, uid: int, cell: tuple[int, int]) -> None:
        c = self.card(uid)
        if c.owner is None or c.zone != f"grave:{c.owner}":  # HG-69
            self.log.emit("fizzle", f"{c.name} cannot resurrect: it is not in the graveyard")
            return
        if not self.cell_free(cell):  # HG-05
            self.log.emit("fizzle", f"{c.name} cannot resurrect: {cell_str(cell)} is taken")
            return
        c.reset()
        c.controller = c.owner
        self.zones.move(uid, "board", cell=cell)
        c.entered = self._tick()
        c.exhausted = True
        self.log.emit("resurrect", f"{c.name} resurrects at {cell_str(cell)}", target=uid)
        self._entered(uid)  # HG-83: no Warcry from the graveyard

    def _resolve_spawn(self, into: str, owner: int | None, cell: tuple[int, int]) -> None:
        d = self.pool[into]
        if not self.cell_free(cell):  # HG-05 / HG-71
            self.zones.create(d, owner, "removed", factory=HotgCard)
            self.log.emit("fizzle", f"{d.name} cannot appear: {cell_str(cell)} is taken")
            return
        c = self.zones.create(d, owner, "board", factory=HotgCard)
        assert isinstance(c, HotgCard)
        c.cell = cell
        c.entered = self._tick()
        c.exhausted = True
        self.log.emit("spawn", f"{d.name} appears at {cell_str(cell)}", target=c.uid)
        self._entered(c.uid)

    def _resolve_spell_done(self, uid: int) -> None:
        c = self.card(uid)
        if c.zone == "holding":
            self.zones.move(uid, self._leave_to(c, "grave"))

    # --------------------------------------------------------------- turns
    def _start_turn(self, p: int, first: bool = False, settled: bool = False) -> bool:
        """HG-20. (`settled`: the battlefield is settled, see `refresh_auras`, its deaths
        found; the result: the battlefield is settled at the end, its deaths found.)"""
        self.active = p
        self.turn += 1
        pl = self.pl[p]
        grown = pl.max_mana + 1
        pl.max_mana = grown if grown < MAX_MANA else MAX_MANA  # HG-06 (min() is a slow builtin call)
        pl.mana = pl.max_mana
        pl.ability_used = False  # HG-45
        # the turn's line first: what comes back or ends at its start is told in this turn
        self.log.emit("turn", f"Turn {self.turn}: P{p + 1} ({pl.mana} mana)", player=p)
        for uid in list(self.zones.zones["banished"].cards):  # HG-62: the banishment ends
            c = self.card(uid)
            if c.banished_by == p:
                c.banished_by = -1
                self.zones.move(uid, "board", cell=c.cell)  # (back on its cell, HG-62)
                self.log.emit("banish", f"{c.name} comes back to {cell_str(c.cell)}", target=uid)
                settled = False
        settled = self._expire(f"sont:{p}", settled)
        cards: dict[int, HotgCard] = self.zones.cards
        for uid in self.zones.zones["banished"].cards:
            if cards[uid].stunned_by == p:  # HG-65: the stun ends even while banished
                cards[uid].stunned_by = -1
        stone0, stone1 = self.stones
        # (the loops over the battlefield here change no zone: no copy of it, `board_units()`;
        # a stone is told by two comparisons)
        for uid in self.zones.zones["board"].cards:
            if cards[uid].stunned_by == p and uid != stone0 and uid != stone1:  # HG-65
                cards[uid].stunned_by = -1
        for uid in self.layout().mine[p]:  # p's units (no stone) in board order
            c = cards[uid]
            c.exhausted = False  # deploy exhaustion removed
            # Start-of-turn effects, in the order their cards were played (their time).
            # (Queued in this loop: the draw, refresh and death checks below change no
            # unit's place, controller or text, and queue nothing at that level.)
            # (most definitions have no such effect: no call of `abilities()` then)
            if "start_turn" in c.defn.facts.by_when:
                for idx, ab in c.abilities("start_turn"):
                    self._push_ability(c.hdef, idx, uid, p, _chosen(ab), "effect", LEVEL["other"], c.entered)
        if not first:
            self.draw(p)
        else:
            self.log.emit("turn", "The first player does not draw on the first turn")
        if not settled:  # (stuns, exhaustion, mana and the draw change no aura)
            settled = self._settle()
        else:  # its deaths found (see `_run`, `_expire`), but the draw's fatigue (HG-04)
            cards = self.zones.cards
            if cards[self.stones[0]].hp <= 0 or cards[self.stones[1]].hp <= 0:
                self._check_deaths()
        return settled

    def _end_turn(self, p: int) -> None:
        """HG-21: end-of-turn effects, then the turn passes."""
        self.log.emit("turn", f"P{p + 1} ends the turn", player=p)
        cards: dict[int, HotgCard] = self.zones.cards
        for uid in self.layout().mine[p]:  # (as in `_start_turn`)
            c = cards[uid]
            if "end_turn" in c.defn.facts.by_when:  # (as in `_start_turn`)
                for idx, ab in c.abilities("end_turn"):
                    self._push_ability(c.hdef, idx, uid, p, _chosen(ab), "effect", LEVEL["other"], c.entered)
        if self.queue:  # the end-of-turn effects resolve first (HG-21)
            self._push(("turn_end", p), TURN_LEVEL)
            self._run()
            return
        # (none: the turn passes at once, as the queue loop would pass it with the turn_end
        # entry, settling the battlefield after it unless it says settled; no entry made)
        self._tick()  # (the time the entry would take)
        self._settled = self._finish_turn(p, self._settled) or self._settle()
        self._run()

    def _finish_turn(self, p: int, settled: bool = False) -> bool:
        """The turn passes; True when the battlefield is settled (see `_start_turn`).
        (`settled`: it is settled now, e.g. after the end-of-turn effects, see `_run`.)"""
        settled = self._expire("eot", settled)
        cards: dict[int, HotgCard] = self.zones.cards
        for uid in self.layout().mine[p]:  # (as in `_start_turn`)
            c = cards[uid]
            c.moved = False
            c.attacked = False
        # HG-31/41, HG-62: time keeps running for a banished unit, its move and attack of
        # this turn too (it comes back with a new turn's move and attack).
        for uid in self.zones.zones["banished"].cards:  # (most of the time none)
            c = cards[uid]
            if c.controller == p:
                c.moved = False
                c.attacked = False
        return self._start_turn(1 - p, settled=settled)

    # ------------------------------------------------------------ interface
    def is_over(self) -> bool:
        return self.result is not None

    def winner(self) -> int | None:
        return self.result if self.result is not None and self.result >= 0 else None

    def decision(self) -> Decision | None:
        if self.result is not None:
            return None
        if self.pending is not None:
            p = int(self.pending["player"])
            if self.pending["type"] == "target":
                def_id, _idx, source = self.pending["entry"][:3]
                return Decision(
                    p,
                    "target",
                    f"Choose a target for {self.pool[def_id].name}",
                    {"source": source, "card": def_id, "targets": list(self.pending["targets"])},
                )
            return Decision(
                p,
                "reveal",
                f"{self.name(int(self.pending['source']))}: choose one of the revealed cards",
                {
                    "source": self.pending["source"],
                    "cards": list(self.pending["cards"]),
                    # HG-60: where the pick goes: into the hand, or its effect resolves at once
                    "into": "effect" if self.pending["resolve"] else "hand",
                },
            )
        return Decision(self.active, "turn", f"P{self.active + 1}: your turn — play, move, attack or end")

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.pending is not None:
            return self._pending_actions()
        p = self.active
        scan = _Scan(self, p)  # what all of p's cards and units share, worked out once
        hand = self.zones.zones[_HAND_ZONES[p]].cards
        acts: list[Action] = self._card_play_actions(hand, p, scan) if hand else []
        acts += self._unit_actions(scan.mine, p, scan)
        acts += self._ability_actions(p, scan.occ, scan.mine)
        acts.append(_END)
        return acts

    def _pending_actions(self) -> list[Action]:
        assert self.pending is not None
        if self.pending["type"] == "target":
            return [Action("target", (t,)) for t in self.pending["targets"]]
        return [Action("pick", (u,)) for u in self.pending["cards"]]

    def _unit_actions(self, units: list[int], p: int, scan: _Scan | None = None) -> list[Action]:
        """Moves, attacks and the activated Warcry of each of `units`, `p`'s units, in order
        (`scan`: what `p`'s units share within one `legal_actions()`). One frame for all
        of them: a call a unit would cost more than most units' work."""
        if scan is None:
            scan = _Scan(self, p)
        cards = self.zones.cards
        blocked, open_cells = scan.blocked, scan.open
        acts: list[Action] = []
        for uid in units:
            c: HotgCard = cards[uid]
            if c.exhausted or c.stunned_by >= 0:
                continue  # an exhausted or stunned unit does none of the three (see `_can_move` & co.)
            d = c.defn
            # The remaining checks of `_can_move`, `_can_attack` and `_can_warcry`, with
            # `move_of`, `attack_of` and `range_of` written out for a unit (not a stone; the
            # first two are max(0, stat): above 0 when the stat is; the last max(1, stat),
            # without a call of max(), which is slow):
            if not c.attacked:
                # `stat()` of move, range and attack in one pass over its modifiers (as
                # `Card.stat`: the printed value, then each modifier of it in order, "set"
                # replacing, "add" adding; most units have none: no loop, the others one or two)
                steps, rng, attack = d.move, d.range, d.attack
                if c.modifiers:
                    for m in c.modifiers:
                        s = m.stat
                        if s == "attack":
                            attack = m.value if m.op == "set" else attack + m.value
                        elif s == "move":
                            steps = m.value if m.op == "set" else steps + m.value
                        elif s == "range":
                            rng = m.value if m.op == "set" else rng + m.value
                n = CELL_NUMBER[c.cell]
                if not c.moved and not d.facts.structure:  # HG-33
                    if steps > 0:  # `reachable`, with what p's units share (HG-30/32):
                        # `_walk`'s shortcut written out (nothing blocks closer than `steps`)
                        nearer, within = _MOVE_MASKS[steps][n]
                        if nearer & blocked:
                            within = _walk(n, steps, blocked)
                        acts += _MOVE_LISTS[uid][within & open_cells]
                # (no call when no other unit is in reach, most of the time: `blocked` holds
                # their cells; a range below 1 is melee's, 1, in the table: no comparison)
                reach = _REACH_MASKS[rng][n]
                if reach & blocked and attack > 0:
                    targets = scan.attack_targets(reach)
                    acts += map(_ATTACKS[uid].__getitem__, targets)  # (in their order)
            if c.warcry_ready and not c.silenced and _old(d).activated:  # `c.abilities("activated")`
                acts += self._with_targets(
                    "warcry", (uid,), d, "activated", p, uid, "warcry", scan.occ, scan.mine
                )
        return acts

    def _ability_actions(
        self, p: int, occ: dict[tuple[int, int], int] | None = None, mine: list[int] | None = None
    ) -> list[Action]:
        """The ways to use `p`'s Leader Ability (`occ`, `mine`: the current `occupancy()` and
        `p`'s units, no stone, in board order, if known)."""
        pl = self.pl[p]
        if pl.ability_used:  # `_can_ability`, without its messages
            return []
        ab_def = self.pool[pl.ability]
        if ab_def.cost > pl.mana:
            return []
        return self._with_targets("ability", (), ab_def, "ability", p, -1, "ability", occ, mine)

    def _legal_like(self, a: Action) -> list[Action]:
        """The legal actions `a` could be one of (same verb and, for cards and units,
        same first argument): `legal_actions()` narrowed down, built by the same code."""
        if self.pending is not None:
            return self._pending_actions()
        p = self.active
        first = a.args[0] if a.args else None
        if a.kind == "end":
            return [Action("end")]
        if a.kind == "ability":
            return self._ability_actions(p)
        if not isinstance(first, int) or first not in self.zones.cards:
            return []
        if a.kind == "play":
            if self.card(first).zone != f"hand:{p}":
                return []
            return self._card_play_actions([first], p, None)
        if a.kind in ("move", "attack", "warcry"):
            if not self.on_board(first) or first in self.stones or self.card(first).controller != p:
                return []
            return [x for x in self._unit_actions([first], p) if x.kind == a.kind]
        return []

    def check(self, action: Action) -> None:
        """As `Game.check`, without building every legal action (the AI applies thousands)."""
        if self.is_over():
            raise IllegalAction("the game is over")
        if action not in self._legal_like(action):
            raise IllegalAction(self.explain_illegal(action))

    def _with_targets(
        self,
        verb: str,
        args: tuple[int | str, ...],
        d: HotgDef,
        when: str,
        p: int,
        source: int,
        kind: str,
        occ: dict[tuple[int, int], int] | None = None,
        mine: list[int] | None = None,
    ) -> list[Action]:
        """One action without a target, or one per target of the first `when` ability of
        `d` that takes one (`occ`, `mine`: the current `occupancy()` and `p`'s units, no
        stone, in board order, when the caller has them)."""
        targeted = d.facts.targeted.get(when)
        if targeted is None:
            return [_ACTIONS[verb][args]]
        spec, ab = targeted
        targets = self.targets_for(spec, p, kind, source, ab, occ, mine)
        return list(map(_TARGETED[verb][args].__getitem__, targets))  # (no comprehension frame)

    def _card_play_actions(self, uids: list[int], p: int, scan: _Scan | None) -> list[Action]:
        """The ways to play each of `uids`, cards of `p`'s hand, in order (`scan` keeps the
        deployment cells). One frame for all of them."""
        cards = self.zones.cards
        mana = self.pl[p].mana
        reductions: list[tuple[Any, int]] | None = None  # `cost_reductions(p)`, once needed
        acts: list[Action] = []
        for uid in uids:
            c: HotgCard = cards[uid]
            d = c.defn
            # `cost()` (HG-07): a reduction only lowers a cost (its amount is 1 or more, see
            # `validate_def`), so a card whose printed cost (0 or more) is within the mana is
            # played whatever reductions there are: they are looked for only when one is not
            if d.cost > mana:
                if reductions is None:
                    reductions = self.cost_reductions(p, None if scan is None else scan.mine)
                if not reductions or self.cost(uid, p, reductions) > mana:
                    continue
            if d.kind == "unit":
                if scan is None:
                    scan = _Scan(self, p)
                acts += _DEPLOY_LISTS[uid][scan.deploy_cells()]
            elif d.kind == "spell":
                if scan is None:
                    acts += self._with_targets("play", (uid,), d, "spell", p, uid, "spell")
                else:
                    acts += self._with_targets(
                        "play", (uid,), d, "spell", p, uid, "spell", scan.occ, scan.mine
                    )
        return acts

    def deploy_cells(
        self,
        p: int,
        occ: dict[tuple[int, int], int] | None = None,
        ban: dict[tuple[int, int], int] | None = None,
    ) -> list[tuple[int, int]]:
        """HG-24: empty cells next to (diagonals too) your Summoning Stone or one of your units.
        (`occ`/`ban`: the current `occupancy()` and `banished_cells()`, when the caller has them.)"""
        if occ is None:
            occ = self.occupancy()
        if ban is None:
            ban = self.banished_cells()
        cards = self.zones.cards
        own = 0
        for cell, uid in occ.items():
            if cards[uid].controller == p:
                own |= CELL_BIT[cell]
        return mask_cells(_deploy_mask(own, ALL_CELLS ^ (cells_mask(occ) | cells_mask(ban))))

    def reachable(
        self,
        uid: int,
        occ: dict[tuple[int, int], int] | None = None,
        ban: dict[tuple[int, int], int] | None = None,
    ) -> list[tuple[int, int]]:
        """HG-30/32: orthogonal steps, through allies and banished cells, never through
        enemies, ending on an empty cell. (`occ`/`ban`: the current `occupancy()` and
        `banished_cells()`, when the caller has them.)"""
        c = self.card(uid)
        cards = self.zones.cards
        if occ is None:
            occ = self.occupancy()
        if ban is None:
            ban = self.banished_cells()
        blocked = cells_mask([cell for cell, u in occ.items() if cards[u].controller != c.controller])
        within = _walk(CELL_NUMBER[c.cell], self.move_of(uid), blocked)
        return mask_cells(within & ~(cells_mask(occ) | cells_mask(ban)))

    def attackable(
        self,
        player: int | None,
        occ: dict[tuple[int, int], int] | None = None,
        among: list[int] | None = None,
    ) -> list[int]:
        """The units `player`'s units may attack where in range (HG-40 aside), in board order.
        (`occ`: the current `occupancy()`, when the caller has it; `among`: only these
        units of the battlefield, in board order.)"""
        cards = self.zones.cards
        stones = self.stones
        out = []
        for t in self.zones.zones["board"].cards if among is None else among:
            c: HotgCard = cards[t]
            if c.controller == player:  # `is_enemy`
                continue
            # `can_target`, asked only about a stone or a unit with Stealth or Immune (as above)
            stone = t in stones
            if (stone or (_old(c.defn).shields and not c.silenced)) and not self._can_target_on_board(
                c, stone, "attack", player, occ
            ):
                continue
            out.append(t)
        return out

    def attack_targets(self, uid: int, foes: list[int] | None = None) -> list[int]:
        """What `uid` may attack (`foes`: `attackable()` of its controller, if known)."""
        if foes is None:
            foes = self.attackable(self.card(uid).controller)
        cards = self.zones.cards
        c = self.card(uid)
        foes_at = [(t, cards[t].cell) for t in foes]
        return in_reach(c.cell, self.range_of(uid), foes_at)

    # -- why not (specific refusal reasons) -------------------------------------
    def _can_move(self, uid: int) -> str | None:
        c = self.card(uid)
        if self.move_of(uid) <= 0:
            return f"{c.name} cannot move" + (" (Structure)" if "Structure" in c.subtypes else "")
        if c.exhausted:
            return f"{c.name} is exhausted"
        if c.attacked:
            return f"{c.name} has attacked this turn"
        if c.moved:
            return f"{c.name} has already moved this turn"
        if self.stunned(uid):
            return f"{c.name} is stunned"
        return None

    def _can_attack(self, uid: int) -> str | None:
        c = self.card(uid)
        if self.attack_of(uid) <= 0:
            return f"{c.name} has no attack"
        if c.exhausted:
            return f"{c.name} is exhausted"
        if c.attacked:
            return f"{c.name} has already attacked this turn"
        if self.stunned(uid):
            return f"{c.name} is stunned"
        return None

    def _can_warcry(self, uid: int) -> str | None:
        c = self.card(uid)
        if not c.abilities("activated"):
            return f"{c.name} has no activated Warcry"
        if not c.warcry_ready:
            return f"{c.name}'s Warcry is used or lost"
        if c.exhausted:
            return f"{c.name} is exhausted (deployed this turn)"
        if self.stunned(uid):
            return f"{c.name} is stunned"
        return None

    def _can_ability(self, p: int) -> str | None:
        pl = self.pl[p]
        if pl.ability_used:
            return "your Leader Ability is exhausted until your next turn"
        cost = self.pool[pl.ability].cost
        if cost > pl.mana:
            return f"not enough mana: the Leader Ability costs {cost}, you have {pl.mana}"
        return None

    def explain_illegal(self, action: Action) -> str:
        try:
            reason = self._explain(action)
        except (KeyError, IndexError, ValueError, TypeError, AssertionError):
            reason = None
        return reason or super().explain_illegal(action)

    def _cell_reason(self, token: Any, what: str) -> tuple[tuple[int, int] | None, str]:
        cell = parse_cell(token)
        if cell is not None:
            return cell, ""
        if isinstance(token, str) and token.count(",") == 1 and all(x.isdigit() for x in token.split(",")):
            return None, f"{token} is off the battlefield (rows 0-4, columns 0-8)"
        return None, f"give {what} as row,col (e.g. 2,3)"

    def _why_not_target(
        self,
        what: str,
        d: HotgDef,
        when: str,
        p: int,
        source: int,
        kind: str,
        t: Any,
        ability: Mapping[str, Any] | None = None,
    ) -> str:
        """Why `t` is no valid target for the targeted ability of `d` (a spell, Warcry,
        Leader Ability or trigger called `what`): its first targeted `when` ability, or
        `ability` if given."""
        targeted = [
            ab for _, ab in d.abilities_when(when) if ab.get("target", "none") not in ("none", "self")
        ]
        if ability is not None:
            targeted = [ability]
        if not targeted:
            return f"{what} takes no target" if t is not None else f"{what} cannot be used now"
        ab = targeted[0]
        spec = str(ab["target"])
        if not self.targets_for(spec, p, kind, source, ab):
            return f"{what} has no valid target now"
        if t is None:
            return f"choose a target for {what}"
        if not isinstance(t, int) or t not in self.zones.cards:
            return f"{t} is not a unit on the battlefield"
        if not self.zones.seen_by(t, p):
            return f"#{t} is not a unit on the battlefield"  # a card `p` cannot see: never its name
        name = self.name(t)
        if self.card(t).zone == "banished":
            return f"{name} is banished: it cannot be targeted"
        if not self.on_board(t):
            return f"{name} is not on the battlefield"
        if spec in ("enemy", "enemy_unit") and not self.is_enemy(t, p):
            return f"{what} needs an enemy; {name} is yours"
        if spec in ("ally", "ally_unit", "other_ally_unit") and not self.is_ally(t, p):
            return f"{what} needs one of your units; {name} is not yours"
        if spec in ("enemy_unit", "ally_unit", "unit", "other_ally_unit") and t in self.stones:
            return f"{what} needs a unit, not a Summoning Stone"
        if spec == "other_ally_unit" and t == source:
            return f"{what} cannot target its own unit"
        if "max_health" in ab and self.card(t).hp > int(ab["max_health"]):
            return f"{what} needs a unit with {ab['max_health']} or less health; {name} has {self.card(t).hp}"
        if "subtype" in ab and ab["subtype"] not in self.card(t).subtypes:
            return f"{what} needs a {ab['subtype']}; {name} is not one"
        enemy = self.is_enemy(t, p)
        if enemy and self.stealthed(t):
            return f"{name} has Stealth: enemies cannot target it"
        if enemy and t in self.stones and self.guarded(self.stones.index(t)):
            return f"{name} is guarded by a unit with Guard next to it"
        if self.immune_blocks(t, kind, p):
            return f"{name} is immune ({', '.join(self.immune_to(t))})"
        return f"{name} is not a valid target for {what}"

    def _explain(self, a: Action) -> str | None:
        d = self.decision()
        if d is None:
            return "the game is over"
        args = a.args
        if self.pending is not None:
            if a.kind not in ("target", "pick"):
                return f"first answer: {d.prompt}"
            if a.kind != ("target" if self.pending["type"] == "target" else "pick"):
                return f"first answer: {d.prompt}"
            t = args[0] if args else None
            if a.kind == "pick":
                return f"pick one of the revealed cards: {', '.join(self.name(x) for x in self.pending['cards'])}"
            def_id, idx, source, controller, kind = self.pending["entry"][:5]
            dd = self.pool[def_id]
            return self._why_not_target(dd.name, dd, "", controller, source, kind, t, dd.abilities[idx])
        if a.kind in ("target", "pick"):
            return f"there is nothing to {'target' if a.kind == 'target' else 'pick'} now: it is your turn"
        if a.kind == "end" and args:
            return "'end' takes no arguments"
        if a.kind in ("move", "attack", "warcry") and not args:
            return f"'{a.kind}' needs a unit: {a.kind} <unit uid> ..."
        if a.kind in ("move", "attack", "warcry") and isinstance(args[0], int):
            uid = int(args[0])
            if uid not in self.zones.cards or not self.on_board(uid):
                return f"#{uid} is not a unit on the battlefield"
            c = self.card(uid)
            if uid in self.stones:
                return "a Summoning Stone never moves or attacks"
            if c.controller != self.active:
                return f"{c.name} is not yours"
            if a.kind == "move":
                why = self._can_move(uid)
                if why:
                    return why
                cell, bad = self._cell_reason(args[1] if len(args) > 1 else None, "the destination")
                if cell is None:
                    return bad
                occ = self.occupancy().get(cell)
                if occ is not None:
                    return f"{cell_str(cell)} is occupied by {self.name(occ)}"
                if cell in self.banished_cells():
                    return f"{cell_str(cell)} is kept by a banished unit: pass through, do not stop"
                return f"{c.name} cannot reach {cell_str(cell)} (movement {self.move_of(uid)}, orthogonal steps, not through enemies)"
            if a.kind == "attack":
                why = self._can_attack(uid)
                if why:
                    return why
                t = args[1] if len(args) > 1 else None
                if t is None:
                    return f"choose what {c.name} attacks"
                if not isinstance(t, int) or not self.on_board(t):
                    return f"{t} is not a unit on the battlefield"
                if not self.is_enemy(t, c.controller):
                    return f"{self.name(t)} is not an enemy"
                if self.stealthed(t):
                    return f"{self.name(t)} has Stealth: enemies cannot target it"
                if t in self.stones and self.guarded(self.stones.index(t)):
                    return f"{self.name(t)} is guarded by a unit with Guard next to it"
                if not self.in_range(uid, t):
                    reach = (
                        "adjacent cells"
                        if self.range_of(uid) <= 1
                        else f"{self.range_of(uid)} orthogonal steps"
                    )
                    return f"{self.name(t)} is out of {c.name}'s range ({reach})"
            if a.kind == "warcry":
                why = self._can_warcry(uid)
                if why:
                    return why
                t = args[1] if len(args) > 1 else None
                return self._why_not_target(
                    f"{c.name}'s Warcry", c.hdef, "activated", self.active, uid, "warcry", t
                )
        if a.kind == "play" and not args:
            return "'play' needs a card from your hand: play <card uid> ..."
        if a.kind == "play" and isinstance(args[0], int):
            uid = int(args[0])
            if uid not in self.zones.cards or self.card(uid).zone != f"hand:{self.active}":
                return f"#{uid} is not a card in your hand"
            need, have = self.cost(uid, self.active), self.pl[self.active].mana
            if need > have:
                return f"not enough mana: {self.name(uid)} costs {need}, you have {have}"
            hd = self.card(uid).hdef
            if hd.kind == "unit":
                cell, bad = self._cell_reason(args[1] if len(args) > 1 else None, "the cell")
                if cell is None:
                    return bad
                if cell in self.banished_cells():  # HG-62: its cell is kept, nobody deploys there
                    return f"{cell_str(cell)} is kept by a banished unit: nobody may deploy there"
                if not self.cell_free(cell):
                    return f"{cell_str(cell)} is not empty"
                return f"{cell_str(cell)} is not next to your Summoning Stone or one of your units"
            t = args[1] if len(args) > 1 else None
            return self._why_not_target(hd.name, hd, "spell", self.active, uid, "spell", t)
        if a.kind == "ability":
            why = self._can_ability(self.active)
            if why:
                return why
            ab = self.pool[self.pl[self.active].ability]
            return self._why_not_target(
                ab.name, ab, "ability", self.active, -1, "ability", args[0] if args else None
            )
        return None

    # ------------------------------------------------------------- applying
    def _apply(self, action: Action) -> None:
        # (A verb that changes a unit on the battlefield settles it and says so in
        # `_settled`: moving, answering a decision. Playing a card (to the holding zone),
        # attacking, a Warcry, the Leader Ability and ending the turn only queue effects and
        # set flags that no aura reads: the battlefield stays as settled as it was.)
        k, args = action.kind, action.args
        if k == "move":  # (the most common action: tested first)
            cell = _CELL_OF.get(args[1])  # (`parse_cell`'s first look-up, without a call)
            self._move(int(args[0]), cell if cell is not None else parse_cell(args[1]))  # type: ignore[arg-type]
            if not self.queue:  # it queued nothing (a death, at most): no queue loop to run
                return
        elif k == "end":
            self._end_turn(self.active)
            return  # (it ran the queue loop: until the queue is empty, a decision or the end)
        elif k == "target":
            self._answer_target(int(args[0]))
        elif k == "pick":
            self._answer_pick(int(args[0]))
        elif k == "play":
            self._play(int(args[0]), args[1:])
        elif k == "attack":
            self._attack(int(args[0]), int(args[1]))
        elif k == "warcry":
            self._warcry(int(args[0]), int(args[1]) if len(args) > 1 else -1)
        elif k == "ability":
            self._ability(int(args[0]) if args else -1)
        self._run()

    def _answer_target(self, t: int) -> None:
        assert self.pending is not None
        def_id, idx, source, controller, kind, r, c = self.pending["entry"]
        self.pending = None
        entry = ("ab", def_id, idx, source, controller, t, kind, r, c)
        self._resolve_ability(entry)
        # (settled before, when the queue loop stopped for the answer: as in `_run`)
        change = self._change(entry) if self._settled else _CHANGES
        if change == _LOWERS:
            self._check_deaths()
        elif change == _CHANGES:
            self._settled = self._settle()

    def _answer_pick(self, uid: int) -> None:
        assert self.pending is not None
        pend = self.pending
        self.pending = None
        p = int(pend["player"])
        for other in pend["cards"]:
            if other != uid:
                self.zones.move(other, "removed")
        card = self.card(uid)
        if pend["resolve"]:  # a revealed effect resolves right away on its source (HG-60)
            self.zones.move(uid, "removed")
            self.log.emit("reveal", f"P{p + 1} picks {card.name}")
            source = int(pend["source"])
            for idx, _ab in card.hdef.abilities_when("spell"):
                self._resolve_ability(("ab", card.defn.id, idx, source, p, source, "warcry", -1, -1))
        else:
            where = self.zones.move(uid, f"hand:{p}")
            extra = " (hand full: to the graveyard)" if where.startswith("grave") else ""
            # HG-60: the pick goes to a hidden hand: only its owner reads which card
            self.log.emit(
                "reveal",
                f"P{p + 1} picks {card.name} into their hand{extra}",
                private_to=p,
                public_text=f"P{p + 1} picks one of the revealed cards into their hand{extra}",
            )
        self._settled = self._settle()

    def _play(self, uid: int, rest: tuple[int | str, ...]) -> None:
        p = self.active
        c = self.card(uid)
        cost = self.cost(uid, p)
        self.pl[p].mana -= cost
        if c.hdef.kind == "unit":  # HG-23
            cell = parse_cell(rest[0])
            assert cell is not None
            self.zones.move(uid, "holding")
            self.log.emit("play", f"P{p + 1} plays {c.defn.name} ({cost} mana) at {CELL_STR[cell]}", player=p)
            self._push(("deploy", uid, cell[0], cell[1], 1), LEVEL["deploy"])
        else:  # HG-22
            target = int(rest[0]) if rest else -1
            self.zones.move(uid, "holding")
            on = f" on {self.name(target)}" if target >= 0 else ""
            self.log.emit("play", f"P{p + 1} casts {c.name} ({cost} mana){on}", player=p)
            for idx, _ab in c.hdef.abilities_when("spell"):
                self._push_ability(c.hdef, idx, uid, p, target, "spell", LEVEL["other"])
            self._push(("spell_done", uid), FINISH_LEVEL)

    def _move(self, uid: int, cell: tuple[int, int]) -> None:
        c: HotgCard = self.zones.cards[uid]
        old = c.cell
        c.cell = cell
        lay = self.zones.layout
        if lay is not None and not lay.shift(c, old, cell):
            self.zones.layout = None
        c.moved = True
        c.warcry_ready = False  # HG-72: an unused activated Warcry is lost by moving
        # (`c.name`, `cell_str()`: the names and cells written out once, read here)
        self.log.emit("move", f"{c.defn.name} moves from {CELL_STR[old]} to {CELL_STR[cell]}", target=uid)
        if self._settled:
            change = self._move_change(c, old, cell)
            if change == _KEEPS:
                return  # HG-57: a refresh would change nothing (and no health changed: no death)
            if change == _CHANGES_ONE:  # only its own aura bonuses are looked at again
                self._settled = self._settle(c)
                return
        self._settled = self._settle()

    def _move_change(self, c: HotgCard, old: tuple[int, int], new: tuple[int, int]) -> int:
        """What `c` moving from `old` to `new` may change of what the auras give (HG-57):
        a move changes only places, and of the auras only those of adjacent allies read
        places: each gives to its controller's units next to it. So only such an aura of one
        of `c`'s controller's units next to one of `old` and `new` but not the other (next
        to both, it gives `c` the same) may change, and only what it gives `c`
        (`_CHANGES_ONE`), or such an aura of `c` itself (`_CHANGES`). `_KEEPS` when none
        may. (Any other aura that may read places: `_CHANGES`.)"""
        cards = self.zones.cards
        change = _KEEPS
        for u in self._aura_units():
            s: HotgCard = cards[u]
            if s.silenced:  # HG-73: a silenced unit has no aura
                continue
            for ab, bonus in _old(s.defn).aura_bonuses:
                if not bonus:
                    continue  # it gives nothing (a cost reduction, HG-07)
                do = ab["do"]
                if do in _PLACE_FREE_AURAS:
                    continue
                if do != "adjacent_allies" or s is c:
                    return _CHANGES
                if s.controller == c.controller and (s.cell in NEIGHBOURS[old]) != (
                    s.cell in NEIGHBOURS[new]
                ):
                    change = _CHANGES_ONE
        return change

    def _attack(self, a: int, t: int) -> None:
        """HG-41/42."""
        ac = self.card(a)
        ac.attacked = True
        ac.warcry_ready = False
        if self.stealthed(a):
            self.log.emit("stealth", f"{ac.name} leaves Stealth")
        ac.stealth_lost = True  # HG-42 (1)
        self.log.emit("attack", f"{ac.name} attacks {self.name(t)}", attacker=a, target=t)
        for idx, _ab in ac.abilities("attack"):  # HG-42 (2)
            self._push_ability(ac.hdef, idx, a, _acting(ac), t, "effect", LEVEL["other"])
        self._push(("strike", a, t), STRIKE_LEVEL)

    def _warcry(self, uid: int, target: int) -> None:
        c = self.card(uid)
        c.warcry_ready = False
        self.log.emit("warcry", f"{c.name} activates its Warcry", target=uid)
        for idx, _ab in c.abilities("activated"):
            self._push_ability(c.hdef, idx, uid, _acting(c), target, "warcry", LEVEL["warcry"])

    def _ability(self, target: int) -> None:
        p = self.active
        pl = self.pl[p]
        d = self.pool[pl.ability]
        pl.mana -= d.cost
        pl.ability_used = True  # HG-45
        on = f" on {self.name(target)}" if target >= 0 else ""
        self.log.emit("ability", f"P{p + 1} uses {d.name} ({d.cost} mana){on}", player=p)
        for idx, _ab in d.abilities_when("ability"):
            self._push_ability(d, idx, -1, p, target, "ability", LEVEL["other"])

    # ---------------------------------------------------------------- words
    def label(self, uid: int) -> str:
        """A unit's name, with its cell when another unit on the battlefield has the same name."""
        name = self.name(uid)
        if uid in self.stones or not self.on_board(uid):
            return name
        c = self.card(uid)
        if any(o != uid and self.card(o).defn.name == c.defn.name for o in self.zones["board"].cards):
            return f"{name} at {cell_str(c.cell)}"
        return name

    def describe_action(self, action: Action) -> str:
        k, a = action.kind, action.args
        try:
            if k == "play":
                c = self.card(int(a[0]))
                cost = self.cost(c.uid, self.active)
                if c.hdef.kind == "unit":
                    return f"Play {c.name} ({cost} mana) at {a[1]}"
                return f"Cast {c.name} ({cost} mana)" + (f" on {self.label(int(a[1]))}" if len(a) > 1 else "")
            if k == "move":
                return f"Move {self.label(int(a[0]))} to {a[1]}"
            if k == "attack":
                return f"{self.label(int(a[0]))} attacks {self.label(int(a[1]))}"
            if k == "warcry":
                return f"Activate {self.label(int(a[0]))}'s Warcry" + (
                    f" on {self.label(int(a[1]))}" if len(a) > 1 else ""
                )
            if k == "ability":
                d = self.pool[self.pl[self.active].ability]
                return f"Use {d.name} ({d.cost} mana)" + (f" on {self.label(int(a[0]))}" if a else "")
            if k == "target":
                return f"Target {self.label(int(a[0]))}"
            if k == "pick":
                return f"Pick {self.label(int(a[0]))}"
            if k == "end":
                return "End the turn"
        except (KeyError, IndexError, ValueError, TypeError):
            pass
        return self.format_action(action)

    def describe_action_for(self, action: Action, seat: int | None) -> str:
        """A pick into the hand (HG-60) is named only to the player who picks."""
        d = self.decision()
        if (
            action.kind == "pick"
            and self.pending is not None
            and not self.pending.get("resolve")
            and d is not None
            and seat != d.player
        ):
            return "Pick one of the revealed cards"
        return self.describe_action(action)

    # ----------------------------------------------------------------- views
    def unit_view(self, uid: int) -> dict[str, Any]:
        c = self.card(uid)
        d = c.hdef
        is_stone = uid in self.stones
        kws = list(c.text_keywords())
        for when, word in (
            ("warcry", "Warcry"),
            ("activated", "Activated Warcry"),
            ("afterlife", "Afterlife"),
            ("aura", "Aura"),
        ):
            if c.abilities(when):
                kws.append(word)
        if c.resurrection:
            kws.append("Resurrection")
        # its unused activated Warcry (HG-72) among the legal actions now (its controller's
        # turn, not exhausted by its deployment, not stunned, a target if it takes one)
        warcry_now = False
        if (
            c.warcry_ready
            and c.zone == "board"
            and c.controller == self.active
            and self.pending is None
            and self.result is None
            and self._can_warcry(uid) is None
        ):
            warcry_now = any(a.kind == "warcry" for a in self._unit_actions([uid], self.active))
        return {
            "uid": uid,
            "id": d.id,
            "name": d.name,
            "owner": c.owner,
            "controller": c.controller,
            "row": c.row,
            "col": c.col,
            "attack": self.attack_of(uid),
            "health": c.hp,
            "max_health": STONE_HEALTH if is_stone else self.max_health(uid),
            "base_attack": d.attack,
            "base_health": d.health,
            "movement": self.move_of(uid),
            "range": None if is_stone else self.range_of(uid),  # a stone never attacks (HG-02)
            "protect": self.protect(uid),
            "cost": d.cost,
            "subtypes": list(d.subtypes),
            "stone": is_stone,
            "neutral": c.owner is None,
            "exhausted": c.exhausted,
            "moved": c.moved,
            "attacked": c.attacked,
            "stunned": self.stunned(uid),
            "stealth": self.stealthed(uid),
            "guard": self.has_guard(uid),
            "silenced": c.silenced,
            "warcry_ready": c.warcry_ready,
            "warcry_usable": warcry_now,
            "resurrection": c.resurrection,
            "banished": c.zone == "banished",
            "immune": self.immune_to(uid),
            "text": d.text,
            "keywords": kws,
        }

    def card_view(self, uid: int, player: int | None = None) -> dict[str, Any]:
        c = self.card(uid)
        d = c.hdef
        return {
            "uid": uid,
            "id": d.id,
            "name": d.name,
            "kind": d.kind,
            "owner": c.owner,
            "cost": self.cost(uid, player) if player is not None else d.cost,
            "attack": d.attack,
            "health": d.health,
            "movement": d.move,
            "range": d.range if d.kind == "unit" else None,  # a spell has no range to speak of
            "subtypes": list(d.subtypes),
            "pantheon": d.pantheon,
            "rarity": d.rarity,
            "text": d.text,
            "keywords": list(d.keywords),
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """The state as `player` sees it (None: a spectator).

        Keys:
        * "game": "hotg"; "turn": turn number (1 = first player's first turn);
          "active": seat whose turn it is; "phase": "turn" | "target" | "reveal"
          (what the pending decision is about); "winner": seat, None, or "draw" when drawn.
        * "decision": {"player", "kind", "prompt", "context"} or None when over.
          "context" for "target": {"source", "card", "targets": [uids]};
          for "reveal": {"source", "cards": [uids], "into": "hand" | "effect"}.
        * "rows", "cols": 5 and 9. Cells are written "r,c" in actions.
        * "players": per seat {"seat", "name", "leader", "leader_name", "leader_text",
          "ability": {"id", "name", "cost", "text", "used", "usable", "no_target"}
          ("usable": among the legal actions now; "no_target": it would be, but for a
          target: none now),
          "mana", "max_mana", "fatigue", "stone": uid, "stone_health", "guarded",
          "hand_count", "deck_count", "grave_count", "hand": [card dicts] (only your own)}.
        * "units": every unit on the battlefield (stones included) as a dict
          {"uid","id","name","owner" (None = neutral),"controller","row","col",
          "attack","health","max_health","base_attack","base_health","movement",
          "range","protect","cost","subtypes","stone","neutral","exhausted",
          "moved","attacked","stunned","stealth","guard","silenced","warcry_ready",
          "warcry_usable","resurrection","banished","immune","text","keywords"}
          ("warcry_ready": its activated Warcry is not used or lost yet; "warcry_usable":
          it is among the legal actions now).
        * "board": 5 lists of 9 cells: None, or {"uid": …} of the unit there,
          or {"banished": uid} for a cell kept by a banished unit.
        * "banished": unit dicts of banished units (at their kept cell).
        * "graveyards": per seat the list of card dicts (public).
        * "reveal": the revealed cards you may pick from (your own reveal only).
        * "deploy_cells": cells where the active player may deploy (if it is your view).
        """
        d = self.decision()
        units = [self.unit_view(u) for u in self.board_units()]
        board: list[list[dict[str, Any] | None]] = [[None] * COLS for _ in range(ROWS)]
        for u in units:
            board[u["row"]][u["col"]] = {"uid": u["uid"]}
        banished = []
        for uid in self.zones["banished"].cards:
            c = self.card(uid)
            board[c.row][c.col] = {"banished": uid}
            banished.append(self.unit_view(uid))
        players = []
        for p in (0, 1):
            pl = self.pl[p]
            ab = self.pool[pl.ability]
            leader = self.pool[pl.leader]
            # the Leader Ability now: True among the legal actions, False held back by its
            # targets alone (none: Allfather's Gift with no allied unit), None used, too dear
            # or not p's decision now
            ability_now: bool | None = None
            if (
                self.active == p
                and self.pending is None
                and self.result is None
                and self._can_ability(p) is None
            ):
                ability_now = bool(self._ability_actions(p))
            entry: dict[str, Any] = {
                "seat": p,
                "name": pl.name,
                "leader": pl.leader,
                "leader_name": leader.name,
                "leader_text": leader.text,
                "ability": {
                    "id": ab.id,
                    "name": ab.name,
                    "cost": ab.cost,
                    "text": ab.text,
                    "used": pl.ability_used,
                    "usable": ability_now is True,
                    "no_target": ability_now is False,
                },
                "mana": pl.mana,
                "max_mana": pl.max_mana,
                "fatigue": pl.fatigue,
                "stone": self.stones[p],
                "stone_health": self.card(self.stones[p]).hp,
                "guarded": self.guarded(p),
                "hand_count": len(self.zones[f"hand:{p}"]),
                "deck_count": len(self.zones[f"deck:{p}"]),
                "grave_count": len(self.zones[f"grave:{p}"]),
            }
            if player == p:
                entry["hand"] = [self.card_view(u, p) for u in self.zones[f"hand:{p}"].cards]
            players.append(entry)
        out: dict[str, Any] = {
            "game": self.game_id,
            "turn": self.turn,
            "active": self.active,
            "phase": d.kind if d else "over",
            "decision": (
                {"player": d.player, "kind": d.kind, "prompt": d.prompt, "context": dict(d.context)}
                if d
                else None
            ),
            "rows": ROWS,
            "cols": COLS,
            "players": players,
            "units": units,
            "board": board,
            "banished": banished,
            "graveyards": [[self.card_view(u) for u in self.zones[f"grave:{p}"].cards] for p in (0, 1)],
            "reveal": [],
            "winner": "draw" if self.result == -1 else self.winner(),
        }
        if self.pending is not None and self.pending["type"] == "reveal" and player == self.pending["player"]:
            out["reveal"] = [self.card_view(u) for u in self.pending["cards"]]
        if player == self.active and self.pending is None and self.result is None:
            out["deploy_cells"] = [cell_str(c) for c in self.deploy_cells(player)]
        return out

    # ------------------------------------------------------- copies, hashing
    def clone(self) -> HotgGame:
        new = HotgGame.__new__(HotgGame)
        self._clone_base(new)
        new.pool = self.pool
        new.zones = self.zones.clone()
        new.pl = [p.clone() for p in self.pl]
        new.stones = list(self.stones)
        new.turn = self.turn
        new.active = self.active
        new.clock = self.clock
        new.queue = self.queue.clone()
        new.pending = _copy_pending(self.pending)
        new.result = self.result
        new._settled = self._settled
        new._ending = self._ending
        new._aura_units_of = self._aura_units_of  # (tuples: shared)
        new._aura_units_now = self._aura_units_now
        return new

    def canonical(self) -> Any:
        return {
            "zones": self.zones.canonical(),
            "players": [p.canonical() for p in self.pl],
            "stones": list(self.stones),
            "turn": self.turn,
            "active": self.active,
            "clock": self.clock,
            "queue": self.queue.canonical(),
            "pending": self.pending,
            "result": self.result,
        }

    def check_invariants(self) -> None:
        super().check_invariants()
        occ: dict[tuple[int, int], int] = {}
        for uid in self.zones["board"].cards + self.zones["banished"].cards:
            c = self.card(uid)
            cell = (c.row, c.col)
            assert 0 <= c.row < ROWS and 0 <= c.col < COLS, f"{c!r} is off the board"
            assert cell not in occ, f"two units on {cell}: #{occ[cell]} and #{uid}"  # HG-05
            occ[cell] = uid
        # The kept layout is the battlefield's (see `_Layout`).
        if self.zones.layout is not None:
            assert self.zones.layout.fields() == _Layout.worked_out(self).fields(), "the kept layout is wrong"
        for p in (0, 1):
            assert len(self.zones[f"hand:{p}"]) <= HAND_LIMIT
            assert 0 <= self.pl[p].mana <= MAX_MANA
        # What the engine keeps from one action to the next says true (HG-57, HG-56): a
        # battlefield said to be settled is one a refresh would not change, with no death
        # left to find; no bonus that ends is left when `_ending` says none is.
        if self._settled and self.result is None:
            probe = self.clone()
            before = probe.canonical()
            assert probe.refresh_auras() and probe.canonical() == before, (
                "said settled, but a refresh changes it"
            )
            for uid in self.zones["board"].cards:
                c = self.card(uid)
                assert c.hp > 0 or c.dying, f"said settled, but {c!r} is at {c.hp} health"
        if not self._ending:
            for uid in self.zones["board"].cards + self.zones["banished"].cards:
                for m in self.card(uid).modifiers:
                    assert m.until in ("permanent", "aura"), f"a bonus until {m.until} left unseen on #{uid}"

    # ------------------------------------------------------------- catalogue
    # (not rules: the product's, `hotg.game.HotgGame`'s)
    CARD_LEGEND = Product.CARD_LEGEND

    @classmethod
    def card_rows(cls, text: bool = True) -> tuple[list[str], list[list[str]]]:
        return Product.card_rows(text)

    @classmethod
    def rules_text(cls) -> str:
        return Product.rules_text()

    @classmethod
    def preset_decks(cls) -> dict[str, Any]:
        return Product.preset_decks()

    @classmethod
    def deck_from_file(cls, path: Any) -> Any:
        return Product.deck_from_file(path)

    @classmethod
    def validate_deck(cls, deck: Any, file: str) -> DeckList:
        return Product.validate_deck(deck, file)

    @classmethod
    def game_options(cls) -> list[dict[str, Any]]:
        return Product.game_options()

    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        return Product.agent_levels()

    @classmethod
    def default_agent_level(cls) -> str:
        return Product.default_agent_level()


# Queue entries that change no unit on the battlefield (they queue others, or move a
# spell card to the graveyard): a settled battlefield stays settled after them.
_LEAVES_BOARD_AS_IT_IS = ("strike", "spell_done")
# Queue entries that change the battlefield only by lowering health (damage): auras read
# positions, controllers and subtypes, and no unit gets more health than its maximum, so
# a settled battlefield stays settled after them (HG-57); some units may have died.
_ONLY_LOWERS_HEALTH = ("attack_damage", "return_damage")
# What an entry resolved on a settled battlefield did to it (`_change`).
_KEEPS, _LOWERS, _CHANGES = 0, 1, 2
_ADDS_MODIFIER = 3  # (an effect that adds a modifier to its target, see below)
# (an entry or a move that may change only what the auras give one unit, the one it brought
# onto the battlefield or moved: only that unit is looked at again, `_refresh_auras(only=...)`)
_CHANGES_ONE = 4
# The effects (`effects.EFFECTS`) that, carried out on a settled battlefield, keep it
# settled: they only lower health (damage; a draw's fatigue lowers a stone's), or change
# no unit's place, controller, text, modifiers or health but by healing (never above the
# maximum, HG-55), or only queue entries, set flags no aura reads or reveal cards. And those
# that add a modifier to their target, within its maximum health (+X health heals X, and
# `buff` lowers health to a lowered maximum, HG-55): they keep it settled unless the target
# has an aura bonus, which a refresh would put after the new modifier (HG-57).
_EFFECT_CHANGE = {
    **dict.fromkeys(
        (
            "damage",
            "damage_adjacent_enemies",
            "damage_all_units",
            "random_damage",
            "random_damage_per_ally",
            "splash",
            "draw",
        ),
        _LOWERS,
    ),
    **dict.fromkeys(
        (
            "heal",
            "heal_own_stone",
            "heal_adjacent_allies",
            "ready",
            "stun",
            "give_resurrection",
            "execute",
            "spawn",
            "spawn_adjacent",
            "reveal_card",
            "reveal_blessing",
            "replace_ability",
            "gain_mana",
        ),
        _KEEPS,
    ),
    **dict.fromkeys(("buff", "give_protect", "set_attack_to_health"), _ADDS_MODIFIER),
}
# The auras whose units do not depend on places (`effects.AURAS`): a move changes none.
_PLACE_FREE_AURAS = ("global_enemies", "global_allies", "cost_reduction")

_TAG = attrgetter("tag")  # a modifier's tag
_UNTIL = attrgetter("until")  # when a modifier ends


class _AuraModifiers(dict[tuple[str, int, int], Modifier]):
    """The aura bonuses by (stat, value, source uid), each made when first asked for."""

    __slots__ = ()

    def __missing__(self, key: tuple[str, int, int]) -> Modifier:
        stat, value, source = key
        m = self[key] = Modifier(stat, value, "add", source, "aura", "aura")
        return m


# Aura bonuses are immutable values: equal ones are made once and shared, so that
# `refresh_auras` finds an unchanged bonus by identity.
_AURA_MODIFIERS = _AuraModifiers()


def _gives_aura_bonus(d: HotgDef) -> bool:
    """Whether `d` has an aura that gives a bonus (not only a cost reduction, HG-07)."""
    return _GIVES_AURA_BONUS[d.facts]


class _GivesAuraBonus(dict[DefFacts, bool]):
    """`_gives_aura_bonus` by a definition's facts (one object a definition), worked out
    when first asked for (their `aura_bonuses` with it): a look-up, no call."""

    __slots__ = ()

    def __missing__(self, facts: DefFacts) -> bool:
        if not facts.auras:
            self[facts] = False
            return False
        gives = self[facts] = any(bonus for _ab, bonus in _OLD_FACTS[facts].aura_bonuses)
        return gives


_GIVES_AURA_BONUS = _GivesAuraBonus()


class OldFacts:
    """What only this engine read of a definition, kept here since session 41 (no longer in
    `hotg.cards.DefFacts`): whether it has an activated Warcry, each aura ability with the
    (stat, bonus) it raises, and whether Stealth or Immune may keep it from being targeted
    (HG-64, HG-67)."""

    __slots__ = ("activated", "aura_bonuses", "shields")

    def __init__(self, facts: DefFacts) -> None:
        self.activated = bool(facts.by_when.get("activated"))
        self.aura_bonuses = tuple((ab, fx.aura_bonus(ab)) for _, ab in facts.auras)
        self.shields = facts.stealth or bool(facts.immune)


class _OldFactsByFacts(dict[DefFacts, OldFacts]):
    """`OldFacts` by a definition's facts (one object a definition), worked out when first
    asked for."""

    __slots__ = ()

    def __missing__(self, facts: DefFacts) -> OldFacts:
        old = self[facts] = OldFacts(facts)
        return old


_OLD_FACTS = _OldFactsByFacts()


def _old(d: HotgDef) -> OldFacts:
    return _OLD_FACTS[d.facts]


def _acting(c: HotgCard) -> int:
    """The controller of `c`'s triggered abilities: its controller's seat, NOBODY for a
    neutral unit (HG-52 ruling)."""
    return c.controller if c.controller is not None else NOBODY


def _chosen(ab: Mapping[str, Any]) -> int:
    """A triggered ability with a target (an Afterlife, a start- or end-of-turn effect…)
    asks its controller to choose it when it resolves."""
    return CHOOSE if str(ab.get("target", "none")) not in ("none", "self") else -1


def _copy_pending(p: dict[str, Any] | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}


def _until_words(until: str) -> str:
    if until == "eot":
        return " this turn"
    if until.startswith("sont:"):
        return f" until P{int(until[5:]) + 1}'s next turn"
    return ""


__all__ = ["COLS", "LEVEL", "ROWS", "DataError", "HotgGame", "IllegalAction", "cell_str", "parse_cell"]
