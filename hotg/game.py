"""Hand of the Gods: the game (the `Game` interface) over the core.

The rules live in `hotg/core.py` (and `hotg/core_fx.py`, the card effects): this module keeps
what is not rules — the `Action` objects (made once, in the core's order, which is the old
engine's), the words (the events' texts and data made from the core's event tuples,
`describe_action`, `explain_illegal`'s reasons, read from the core's state), the views, the
state hash (`canonical`: the core's own state, `Core.canonical`), scenario set-up and the
class-level data.

Board: 5 rows × 9 columns (HG-01); a cell is written "r,c" (row 0-4, column 0-8), e.g. "2,0"
is the first player's Summoning Stone. Cards are referred to by instance uid.

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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar
from weakref import ref

from common.cards import Modifier
from common.decks import DeckList
from common.errors import DataError, IllegalAction
from common.events import _NEW_EVENT, Event, EventLog
from common.game import Action, Decision, Game, Setup
from common.goals import GoalFacts
from common.rng import GameRng
from common.zones import Visibility

from . import core as C
from .cards import HotgDef, card_pool
from .core import Core

ROWS, COLS = C.ROWS, C.COLS
STONE_CELLS = ((2, 0), (2, 8))  # HG-01
STONE_HEALTH = C.STONE_HEALTH  # HG-02
HAND_LIMIT = C.HAND_LIMIT  # HG-82
MAX_MANA = C.MAX_MANA  # HG-06
OPENING_HAND = C.OPENING  # HG-04
# HG-12: the rulebook's priority levels (1 resolves first)
LEVEL = {
    "deploy": C.L_DEPLOY,
    "warcry": C.L_WARCRY,
    "attack_damage": C.L_ATTACK_DAMAGE,
    "attack_damage_effect": C.L_ATTACK_DAMAGE_EFFECT,
    "return_damage": C.L_RETURN,
    "reincarnate": C.L_REINCARNATE,
    "death": C.L_DEATH,
    "resurrect": C.L_RESURRECT,
    "spawn": C.L_SPAWN,
    "afterlife": C.L_AFTERLIFE,
    "other": C.L_OTHER,
}


def cell_str(cell: tuple[int, int]) -> str:
    return f"{cell[0]},{cell[1]}"


CELLS = tuple(tuple((r, c) for c in range(COLS)) for r in range(ROWS))
CELL_NUMBER = {cell: r * COLS + c for r, row in enumerate(CELLS) for c, cell in enumerate(row)}
CELL_OF_NUMBER = [cell for row in CELLS for cell in row]
CELL_BIT = {cell: 1 << n for cell, n in CELL_NUMBER.items()}
CELL_STR = {cell: cell_str(cell) for cell in CELL_NUMBER}
_CELL_OF = {cell_str(cell): cell for cell in CELL_NUMBER}


def _neighbour_table(diagonal: bool) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    out = {}
    for r in range(ROWS):
        for c in range(COLS):
            near = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and (diagonal or not (dr and dc)):
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < ROWS and 0 <= cc < COLS:
                            near.append(CELLS[rr][cc])
            out[CELLS[r][c]] = tuple(near)
    return out


NEIGHBOURS = _neighbour_table(True)
ORTHOGONAL = _neighbour_table(False)


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


def in_reach(cell: tuple[int, int], rng: int, foes: list[tuple[int, tuple[int, int]]]) -> list[int]:
    """The uids of `foes` (uid, cell) that a unit on `cell` with range `rng` reaches (HG-40), in
    their order (the AI asks it of cells a unit may move to)."""
    reach = C.REACH[min(max(rng, 1), C.MAX_STEPS - 1)][CELL_NUMBER[cell]]
    out = []
    for t, at in foes:
        if reach & CELL_BIT[at]:
            out.append(t)
    return out


def mask_cells(m: int) -> list[tuple[int, int]]:
    return [CELL_OF_NUMBER[n] for n in C.mask_cells(m)]


# -- actions: the core makes each `Action` once with its action (`hotg.core.Act`) --------------
_TUPLE_OF = C.ACTION_TUPLE.get  # an Action's core action, by the Action's identity (None: not one)


_EVENTS: Any = EventLog.__dict__["events"]  # (the slot of `EventLog` holding the events made)


class _Words(EventLog):
    """The game's log. The core's events (tuples) wait in `raw` — the core's own log list, into
    which it appends them — and are made into words (the old engine's texts and data,
    `HotgGame._say`) only when the log is read: a random playout never reads it."""

    __slots__ = ("game", "raw")

    game: ref[HotgGame]  # (its game, weakly: no reference cycle between a game and its log)

    def __init__(self, game: HotgGame, raw: list[tuple[Any, ...]]) -> None:
        _EVENTS.__set__(self, [])
        self.game = ref(game)
        self.raw = raw

    @property
    def events(self) -> list[Event]:
        if self.raw:
            self.flush()
        return _EVENTS.__get__(self)

    @events.setter
    def events(self, value: list[Event]) -> None:
        _EVENTS.__set__(self, value)

    def flush(self) -> None:
        """The waiting events, in words, into the log (in the core's order)."""
        out = _EVENTS.__get__(self)

        def emit(kind: str, text: str, **data: Any) -> None:
            out.append(_NEW_EVENT(Event, (kind, text, data)))

        game = self.game()
        assert game is not None
        say = game._say
        raw = self.raw
        for e in raw:
            say(e, emit)
        raw.clear()  # (in place: the core appends into this very list)

    def mark(self) -> int:
        return len(_EVENTS.__get__(self)) + len(self.raw)

    def __len__(self) -> int:
        return len(_EVENTS.__get__(self)) + len(self.raw)

    def clone(self) -> _Words:
        """A copy of the events made; the clone's game gives it its core's log as `raw`."""
        new = _Words.__new__(_Words)
        _EVENTS.__set__(new, list(_EVENTS.__get__(self)))
        new.game = self.game
        new.raw = []
        return new


_ZONE_WORD = {
    C.Z_DECK: "deck",
    C.Z_HAND: "hand",
    C.Z_GRAVE: "grave",
    C.Z_REVEAL: "reveal",
    C.Z_BOARD: "board",
    C.Z_HOLD: "holding",
    C.Z_BAN: "banished",
    C.Z_REMOVED: "removed",
}
_OWNED = (C.Z_DECK, C.Z_HAND, C.Z_GRAVE, C.Z_REVEAL)
_ZONE_NAMES = (
    "banished",
    "board",
    "deck:0",
    "deck:1",
    "grave:0",
    "grave:1",
    "hand:0",
    "hand:1",
    "holding",
    "removed",
    "reveal:0",
    "reveal:1",
)
_OFF_BOARD = (-1, -1)


def _zone_name(g: Core, uid: int) -> str:
    z = g.zone[uid]
    if z in _OWNED:
        return f"{_ZONE_WORD[z]}:{g.owner[uid]}"
    return _ZONE_WORD.get(z, "")


def _zone_list(g: Core, name: str) -> list[int]:
    if ":" in name:
        word, p = name.split(":")
        return {"deck": g.deck, "hand": g.hand, "grave": g.grave, "reveal": g.reveal}[word][int(p)]
    return {"board": g.board, "banished": g.banished, "holding": g.holding, "removed": g.removed}[name]


_FLAGS = {
    "exhausted": C.EXHAUSTED,
    "moved": C.MOVED,
    "attacked": C.ATTACKED,
    "stealth_lost": C.STEALTH_LOST,
    "silenced": C.SILENCED,
    "warcry_ready": C.WARCRY_READY,
    "resurrection": C.RESURRECTION,
    "dying": C.DYING,
    "executed": C.EXECUTED,
}


class CoreCard:
    """A card of the core read (and, for tests and scenarios, written) as the old engine's
    card instance: `hp`, `cell`, the flags, `modifiers`, `zone`… No rule here."""

    __slots__ = ("g", "uid")

    def __init__(self, g: Core, uid: int) -> None:
        self.g = g
        self.uid = uid

    @property
    def defn(self) -> HotgDef:
        return self.g.t.defn[self.uid]

    hdef = defn

    @property
    def name(self) -> str:
        return self.g.t.name[self.uid]

    @property
    def owner(self) -> int | None:
        o = self.g.owner[self.uid]
        return None if o < 0 else o

    @property
    def controller(self) -> int | None:
        o = self.g.ctrl[self.uid]
        return None if o < 0 else o

    @property
    def zone(self) -> str:
        return _zone_name(self.g, self.uid)

    @property
    def cell(self) -> tuple[int, int]:
        n = self.g.place[self.uid]
        return _OFF_BOARD if n < 0 else CELL_OF_NUMBER[n]

    @property
    def row(self) -> int:
        return self.cell[0]

    @property
    def col(self) -> int:
        return self.cell[1]

    @property
    def hp(self) -> int:
        return self.g.hp[self.uid]

    @hp.setter
    def hp(self, value: int) -> None:
        self.g.hp[self.uid] = value
        if value <= 0:
            self.g.low = True
        _touched(self.g)

    @property
    def entered(self) -> int:
        return self.g.entered[self.uid]

    @property
    def stunned_by(self) -> int:
        return self.g.stun[self.uid]

    @stunned_by.setter
    def stunned_by(self, value: int) -> None:
        self.g.stun[self.uid] = value
        if value >= 0:
            self.g.stunning = True
        _touched(self.g)

    @property
    def banished_by(self) -> int:
        return self.g.banby[self.uid]

    def _flag(self, bit: int) -> bool:
        return bool(self.g.st[self.uid] & bit)

    def _set(self, bit: int, on: bool) -> None:
        g = self.g
        on_board = g.zone[self.uid] == C.Z_BOARD
        if on_board:
            g._mark(self.uid, False)
        g.st[self.uid] = g.st[self.uid] | bit if on else g.st[self.uid] & ~bit
        if bit == C.SILENCED and on:
            g.kw[self.uid] = 0
        if on_board:
            g._mark(self.uid, True)
        _touched(g)

    exhausted = property(lambda self: self._flag(C.EXHAUSTED), lambda self, v: self._set(C.EXHAUSTED, v))
    moved = property(lambda self: self._flag(C.MOVED), lambda self, v: self._set(C.MOVED, v))
    attacked = property(lambda self: self._flag(C.ATTACKED), lambda self, v: self._set(C.ATTACKED, v))
    stealth_lost = property(
        lambda self: self._flag(C.STEALTH_LOST), lambda self, v: self._set(C.STEALTH_LOST, v)
    )
    silenced = property(lambda self: self._flag(C.SILENCED), lambda self, v: self._set(C.SILENCED, v))
    warcry_ready = property(
        lambda self: self._flag(C.WARCRY_READY), lambda self, v: self._set(C.WARCRY_READY, v)
    )
    resurrection = property(
        lambda self: self._flag(C.RESURRECTION), lambda self, v: self._set(C.RESURRECTION, v)
    )
    dying = property(lambda self: self._flag(C.DYING), lambda self, v: self._set(C.DYING, v))
    executed = property(lambda self: self._flag(C.EXECUTED), lambda self, v: self._set(C.EXECUTED, v))

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self.defn.subtypes

    def text_keywords(self) -> tuple[str, ...]:
        return () if self.silenced else self.defn.keywords

    def abilities(self, when: str) -> tuple[tuple[int, Mapping[str, Any]], ...]:
        if self.silenced:
            return ()
        return self.defn.facts.by_when.get(when, ())

    @property
    def modifiers(self) -> list[Modifier]:
        """Its modifiers as the old engine kept them: its own in the order given, then (on the
        battlefield) the aura bonuses it gets (HG-57), by source in board order."""
        g, u = self.g, self.uid
        out = [
            Modifier(stat, v, "set" if is_set else "add", src, until, "set" if is_set else "buff", time)
            for stat, v, is_set, until, src, time in g.mods[u] or ()
        ]
        if g.zone[u] == C.Z_BOARD:
            out += _aura_modifiers(g, u)
        return out

    def stat(self, stat: str) -> int:
        """Base value, then its modifiers in order ('set' replaces, 'add' adds): `Card.stat`."""
        value = int(getattr(self.defn, stat, 0) or 0)
        for m in self.modifiers:
            if m.stat == stat:
                value = m.value if m.op == "set" else value + m.value
        return value

    def __repr__(self) -> str:
        return f"<CoreCard #{self.uid} {self.defn.id} p{self.owner} @{self.zone}>"


def _touched(g: Core) -> None:
    """A state changed by hand (a test, a scenario): whatever the core keeps is worked out anew."""
    g.touched()


_AURA_MODS: dict[tuple[str, int, int], Modifier] = {}


def _aura_mod(stat: str, value: int, src: int) -> Modifier:
    m = _AURA_MODS.get((stat, value, src))
    if m is None:
        m = _AURA_MODS[stat, value, src] = Modifier(stat, value, "add", src, "aura", "aura")
    return m


def _aura_modifiers(g: Core, u: int) -> list[Modifier]:
    """The aura bonuses unit `u` gets now (HG-57, the core's `aura_bonuses_of`), as modifiers."""
    return [_aura_mod(stat, v, src) for stat, v, src in g.aura_bonuses_of(u)]


class _CardsView(Mapping[int, CoreCard]):
    __slots__ = ("g",)

    def __init__(self, g: Core) -> None:
        self.g = g

    def __getitem__(self, uid: int) -> CoreCard:
        if not isinstance(uid, int) or not 0 < uid < len(self.g.zone):
            raise KeyError(uid)
        return CoreCard(self.g, uid)

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, len(self.g.zone)))

    def __len__(self) -> int:
        return len(self.g.zone) - 1


class _ZoneView:
    """A zone of the core as the old `Zone`: `cards` (the core's own list, read it only)."""

    __slots__ = ("cards", "name", "owner")

    def __init__(self, g: Core, name: str) -> None:
        self.name = name
        self.cards = _zone_list(g, name)
        self.owner = int(name.split(":")[1]) if ":" in name else None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards)

    @property
    def visibility(self) -> Visibility:
        word = self.name.split(":")[0]
        if word == "deck":
            return Visibility.HIDDEN
        return Visibility.OWNER if word in ("hand", "reveal") else Visibility.PUBLIC

    def visible_to(self, player: int | None) -> bool:
        word = self.name.split(":")[0]
        if word == "deck":
            return False
        if word in ("hand", "reveal"):
            return player == self.owner
        return True


class _ZonesView:
    """The zones of the core as the old `Zones`: `zones[name]`, `zones.cards`, `zones.zones`."""

    __slots__ = ("g",)

    def __init__(self, g: Core) -> None:
        self.g = g

    def __getitem__(self, name: str) -> _ZoneView:
        return _ZoneView(self.g, name)

    @property
    def zones(self) -> dict[str, _ZoneView]:
        return {n: _ZoneView(self.g, n) for n in _ZONE_NAMES}

    @property
    def cards(self) -> _CardsView:
        return _CardsView(self.g)

    def seen_by(self, uid: int, player: int | None) -> bool:
        name = _zone_name(self.g, uid)
        return name == "" or _ZoneView(self.g, name).visible_to(player)


class PlayerState:
    """A seat as the old engine's `PlayerState` (read from the core)."""

    __slots__ = ("g", "leader", "name", "p")

    def __init__(self, g: Core, p: int, leader: str, name: str) -> None:
        self.g = g
        self.p = p
        self.leader = leader
        self.name = name

    @property
    def ability(self) -> str:
        return self.g.ability[self.p]

    @property
    def ability_used(self) -> bool:
        return self.g.used[self.p]

    @property
    def mana(self) -> int:
        return self.g.mana[self.p]

    @property
    def max_mana(self) -> int:
        return self.g.max_mana[self.p]

    @property
    def fatigue(self) -> int:
        return self.g.fatigue[self.p]


def _until_words(until: str) -> str:
    if until == "eot":
        return " this turn"
    if until.startswith("sont:"):
        return f" until P{int(until[5:]) + 1}'s next turn"
    return ""


_FIZZLE_WORD = {"warcry": "'s Warcry", "afterlife": "'s Afterlife"}
_RESOLVES_WORD = {"warcry": "Warcry", "afterlife": "Afterlife", "reincarnate": "Reincarnate"}


@cache
def _preset_decks() -> list[DeckList]:
    from .decks import preset_decks, validate_deck_content

    presets = list(preset_decks().values())[:2]
    return [validate_deck_content(deck, f"<deck of player {p + 1}>") for p, deck in enumerate(presets)]


class HotgGame(Game):
    game_id = "hotg"
    RULES_VERSION = 2  # 2: Ginnungagap deals 1 damage for each unit you control (the rulebook's Chaos, HG-62)
    title = "Hand of the Gods"
    players = 2
    rows: ClassVar[int] = ROWS
    cols: ClassVar[int] = COLS
    cells: ClassVar[tuple[tuple[tuple[int, int], ...], ...]] = CELLS
    neighbour_cells: ClassVar[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = NEIGHBOURS

    core: Core
    pool: dict[str, HotgDef]
    leaders: tuple[str, str]
    names: tuple[str, str]  # the seats' names (a scenario may give others)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, setup: Setup) -> HotgGame:
        g = cls.__new__(cls)  # (not `Game.__init__`: the RNG is the core's, the log `_Words`)
        g.setup = setup
        g.history = []
        g.pool = card_pool()
        g.log = _Words(g, [])
        g.names = ("P1", "P2")
        if setup.scenario is not None:
            from .scenario import apply_scenario

            apply_scenario(g, setup.scenario)
            return g
        decks = []
        for p in (0, 1):
            given = setup.decks[p] if p < len(setup.decks) else None
            decks.append(
                _preset_decks()[p] if given is None else cls.validate_deck(given, f"<deck of player {p + 1}>")
            )
        g.leaders = (str(decks[0].get("leader")), str(decks[1].get("leader")))
        g.core = Core.new(setup.seed, decks)
        said = [0, 0]
        emit = g.log.emit
        for e in g.core.log:  # the set-up's words (HG-04)
            if e[0] == "setup":
                p = e[1]
                if said[p] == 0:
                    emit("setup", f"P{p + 1} leads with {g.pool[g.leaders[p]].name}")
                else:
                    emit("setup", f"P{p + 1} draws {OPENING_HAND[p]} cards")
                said[p] += 1
            else:
                g._say(e, emit)
        g.core.log.clear()
        g.tell()
        return g

    # ----------------------------------------------------------------- reading
    # (Not through `self.__dict__`: reading an instance's `__dict__` makes it a dict of its own,
    # after which every `self.core` of the interface's calls is a slow, generic look-up. A game
    # has no RNG of its own before its core is set up: `new` does not run `Game.__init__`.)
    @property
    def rng(self) -> GameRng:
        """The game's RNG: the core's (every draw of the rules is the core's)."""
        return self.core.rng

    @rng.setter
    def rng(self, value: GameRng) -> None:
        self.core.rng = value

    def _words(self) -> None:
        """The events waiting for words, made into words now."""
        log = self.log
        if isinstance(log, _Words) and log.raw:
            log.flush()

    @property
    def zones(self) -> _ZonesView:
        self._words()
        return _ZonesView(self.core)

    @property
    def pl(self) -> list[PlayerState]:
        return [PlayerState(self.core, p, self.leaders[p], self.names[p]) for p in (0, 1)]

    @property
    def stones(self) -> list[int]:
        return list(self.core.stones)

    @property
    def turn(self) -> int:
        return self.core.turn

    @property
    def active(self) -> int:
        return self.core.active

    @property
    def clock(self) -> int:
        return self.core.clock

    @property
    def result(self) -> int | None:
        r = self.core.result
        return None if r == -2 else r

    @property
    def pending(self) -> dict[str, Any] | None:
        """The decision a player owes, in the old engine's form."""
        pend = self.core.pending
        if pend is None:
            return None
        if pend[0] == "target":
            e = pend[2]
            _, d, idx, source, controller, _target, kind, cell = e
            r, c = CELL_OF_NUMBER[cell] if cell >= 0 else _OFF_BOARD
            return {
                "type": "target",
                "player": pend[1],
                "entry": [d.id, idx, source, controller, kind, r, c],
                "targets": list(pend[3]),
            }
        _, p, uids, resolve, source = pend
        return {"type": "reveal", "player": p, "cards": list(uids), "resolve": int(resolve), "source": source}

    def card(self, uid: int) -> CoreCard:
        if not isinstance(uid, int) or not 0 < uid < len(self.core.zone):
            raise KeyError(uid)
        self._words()
        return CoreCard(self.core, uid)

    def name(self, uid: int) -> str:
        """A card's name for messages; a stone is "P1's Summoning Stone"."""
        g = self.core
        if not isinstance(uid, int) or not 0 < uid < len(g.zone):
            return f"#{uid}"
        if uid in g.stones:
            return f"P{g.stones.index(uid) + 1}'s Summoning Stone"
        return g.t.name[uid]

    def goal_facts(self) -> GoalFacts:
        """What a puzzle's goal reads (`common.goals`): each side's units on the board (not the
        stones, nor a neutral statue) and each Summoning Stone's health."""
        g = self.core
        units: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
        for uid in self.board_units(stones=False):
            c = g.ctrl[uid]
            if c >= 0:
                d = g.t.defn[uid]
                units[c].append((d.id, d.name))
        return GoalFacts(
            self.turn,
            self.active,
            (tuple(units[0]), tuple(units[1])),
            {"stone": (g.hp[g.stones[0]], g.hp[g.stones[1]])},
            {"stone": "stone health"},
        )

    def board_units(self, stones: bool = True) -> list[int]:
        g = self.core
        if stones:
            return list(g.board)
        s0, s1 = g.stones
        return [u for u in g.board if u != s0 and u != s1]

    def on_board(self, uid: int) -> bool:
        return self.core.on_board(uid) if isinstance(uid, int) else False

    def alive(self, uid: int) -> bool:
        return self.on_board(uid) and self.core.hp[uid] > 0

    def occupancy(self) -> dict[tuple[int, int], int]:
        g = self.core
        return {CELL_OF_NUMBER[g.place[u]]: u for u in g.board}

    def banished_cells(self) -> dict[tuple[int, int], int]:
        g = self.core
        return {CELL_OF_NUMBER[g.place[u]]: u for u in g.banished}

    def cell_free(self, cell: tuple[int, int]) -> bool:
        """No unit on `cell`, and no banished unit keeps it (HG-05, HG-62)."""
        return self.core.free(CELL_NUMBER[cell])

    def cell_of(self, uid: int) -> tuple[int, int] | None:
        if not self.on_board(uid):
            return None
        return CELL_OF_NUMBER[self.core.place[uid]]

    @staticmethod
    def neighbours(cell: tuple[int, int], diagonal: bool = True) -> list[tuple[int, int]]:
        return list((NEIGHBOURS if diagonal else ORTHOGONAL)[cell])

    def units_adjacent(
        self, cell: tuple[int, int], occ: dict[tuple[int, int], int] | None = None
    ) -> list[int]:
        g = self.core
        return [g.occ[n] for n in C.mask_cells(C.AROUND[CELL_NUMBER[cell]]) if g.occ[n]]

    def free_cells_around(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        g = self.core
        return [CELL_OF_NUMBER[n] for n in C.mask_cells(C.AROUND[CELL_NUMBER[cell]]) if g.free(n)]

    def is_ally(self, uid: int, player: int | None) -> bool:
        return player is not None and self.core.ctrl[uid] == player

    def is_enemy(self, uid: int, player: int | None) -> bool:
        """Enemy of `player`: anything it does not control (neutral units included, HG-52)."""
        c = self.core.ctrl[uid]
        return (None if c < 0 else c) != player

    def is_stone(self, uid: int) -> bool:
        return uid in self.core.stones

    # -- derived stats (the core's readers) ----------------------------------------
    def attack_of(self, uid: int) -> int:
        return self.core.attack_of(uid)

    def max_health(self, uid: int) -> int:
        return self.core.max_health(uid)

    def move_of(self, uid: int) -> int:
        return self.core.move_of(uid)

    def range_of(self, uid: int) -> int:
        return self.core.range_of(uid)

    def protect(self, uid: int) -> int:
        return self.core.protect(uid)

    def immune_to(self, uid: int) -> list[str]:
        c = self.card(uid)
        return [] if c.silenced else list(c.defn.facts.immune)

    def stealthed(self, uid: int) -> bool:
        return self.core.stealthed(uid)

    def has_guard(self, uid: int) -> bool:
        return self.core.has_guard(uid)

    def guarded(self, player: int, occ: dict[tuple[int, int], int] | None = None) -> bool:
        return self.core.guarded(player)

    def stunned(self, uid: int) -> bool:
        return self.core.stun[uid] >= 0

    def in_range(self, attacker: int, target: int) -> bool:
        """HG-40: melee reaches the 8 neighbours; range > 1 counts orthogonal steps."""
        g = self.core
        rng = min(self.range_of(attacker), C.MAX_STEPS - 1)
        return bool(C.REACH[rng][g.place[attacker]] >> g.place[target] & 1)

    def cost(self, uid: int, player: int, reductions: list[tuple[Any, int]] | None = None) -> int:
        return self.core.cost(uid, player)

    def immune_blocks(self, uid: int, kind: str, controller: int | None) -> bool:
        return self.core.immune_blocks(uid, kind, -1 if controller is None else controller)

    def targets_for(
        self,
        spec: str,
        controller: int,
        kind: str,
        source: int,
        params: Mapping[str, Any],
        occ: Any = None,
        mine: Any = None,
    ) -> list[int]:
        return self.core.targets_for(spec, controller, kind, source, params)

    def can_target(self, uid: int, kind: str, controller: int | None, occ: Any = None) -> bool:
        """May an effect of `kind` controlled by `controller` target `uid` directly?"""
        if not self.on_board(uid):
            return False
        p = -1 if controller is None else controller
        return uid in self.core.targets_for("any", p, kind, -1, {})

    def deploy_cells(self, p: int, occ: Any = None, ban: Any = None) -> list[tuple[int, int]]:
        """HG-24: empty cells next to (diagonals too) your Summoning Stone or one of your units."""
        g = self.core
        near = 0
        for n in C.mask_cells(g.own[p]):
            near |= C.AROUND[n]
        return mask_cells(near & ~(g.taken | g.ban) & C.ALL)

    def reachable(self, uid: int, occ: Any = None, ban: Any = None) -> list[tuple[int, int]]:
        """HG-30/32: orthogonal steps, through allies and banished cells, never through enemies,
        ending on an empty cell."""
        g = self.core
        c = g.ctrl[uid]
        blocked = g.taken & ~(g.own[c] if c >= 0 else 0)
        within = C.walk(g.place[uid], min(self.move_of(uid), C.MAX_STEPS - 1), blocked)
        return mask_cells(within & ~(g.taken | g.ban))

    def attackable(self, player: int | None, occ: Any = None, among: list[int] | None = None) -> list[int]:
        """The units `player`'s units may attack where in range (HG-40 aside), in board order."""
        g = self.core
        foes = g.foes(player) if player is not None else g.taken & ~g.hidden
        out = []
        for t in g.board if among is None else among:
            if foes >> g.place[t] & 1 and (player is None or g.ctrl[t] != player):
                out.append(t)
        return out

    def attack_targets(self, uid: int, foes: list[int] | None = None) -> list[int]:
        """What `uid` may attack (`foes`: `attackable()` of its controller, if known)."""
        if foes is None:
            foes = self.attackable(self.card(uid).controller)
        g = self.core
        return in_reach(
            CELL_OF_NUMBER[g.place[uid]], self.range_of(uid), [(t, CELL_OF_NUMBER[g.place[t]]) for t in foes]
        )

    # ------------------------------------------------------------ interface
    def is_over(self) -> bool:
        return self.core.result != -2

    def winner(self) -> int | None:
        r = self.core.result
        return r if r >= 0 else None

    def decision(self) -> Decision | None:
        g = self.core
        if g.result != -2:
            return None
        pend = g.pending
        if pend is not None:
            if pend[0] == "target":
                e = pend[2]
                d = e[1]
                return Decision(
                    pend[1],
                    "target",
                    f"Choose a target for {d.name}",
                    {"source": e[3], "card": d.id, "targets": list(pend[3])},
                )
            _, p, uids, resolve, source = pend
            return Decision(
                p,
                "reveal",
                f"{self.name(source)}: choose one of the revealed cards",
                # HG-60: where the pick goes: into the hand, or its effect resolves at once
                {"source": source, "cards": list(uids), "into": "effect" if resolve else "hand"},
            )
        return Decision(g.active, "turn", f"P{g.active + 1}: your turn — play, move, attack or end")

    def legal_actions(self) -> list[Action]:
        # (the core makes each `Action` once with its action, `hotg.core.Act`, and lists them)
        return self.core.legal()

    def _core_action(self, a: Action) -> C.Act | None:
        """The core's action that is `a` (None: none such; from the core's tables, which make
        each action once)."""
        got = C.ACTION_TUPLE.get(id(a))
        if got is not None and got[3] is a:
            return got
        k, args = a.kind, a.args
        n = len(self.core.zone)

        def uid(x: Any) -> bool:
            return isinstance(x, int) and 0 < x < n

        if k == "end":
            return None if args else C.END_ACTION
        if k in ("target", "pick"):
            if len(args) != 1 or not uid(args[0]):
                return None
            return (C.TARGETS if k == "target" else C.PICKS)[int(args[0])]
        if k == "ability":
            if len(args) > 1 or (args and not uid(args[0])):
                return None
            return C.ABILITIES[int(args[0]) if args else -1]
        if not args or not uid(args[0]):
            return None
        x = int(args[0])
        kind = self.core.t.kind[x]
        if k in ("move", "play") and len(args) == 2 and isinstance(args[1], str):
            cell = parse_cell(args[1])
            if cell is None or (k == "play" and kind != C.D_UNIT):
                return None
            return (C.MOVES if k == "move" else C.DEPLOYS)[x][CELL_NUMBER[cell]]
        if k in ("attack", "warcry", "play") and len(args) <= 2:
            if len(args) == 2 and not uid(args[1]):
                return None
            y = int(args[1]) if len(args) == 2 else -1
            if k == "attack":
                return None if y < 0 else C.ATTACKS[x][y]
            if k == "play" and kind != C.D_SPELL:
                return None
            return (C.CASTS if k == "play" else C.WARCRIES)[x][y]
        return None

    def check(self, action: Action) -> None:
        if self.is_over():
            raise IllegalAction("the game is over")
        t = self._core_action(action)
        if t is None or t not in self.core.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def _apply(self, action: Action) -> None:
        t = _TUPLE_OF(id(action))
        if t is None or t[3] is not action:
            t = self._core_action(action)
            assert t is not None
        self.core.apply(t)  # (its events go into the log's `raw`: the core's log list)

    def apply_legal(self, action: Action) -> None:
        """`Game.apply_legal` (a legal action, not checked again) in one frame: `_apply`'s body
        and the history (a random playout's every action)."""
        t = _TUPLE_OF(id(action))
        if t is None or t[3] is not action:
            t = self._core_action(action)
            assert t is not None
        self.core.apply(t)
        self.history.append(action)

    def tell(self) -> None:
        """The core's log list is the log's list of events waiting for words (`_Words.raw`): for
        a core set up or changed by hand (a scenario, a test)."""
        log = self.log
        assert isinstance(log, _Words)
        if self.core.log is not log.raw:
            log.raw += self.core.log
            self.core.log = log.raw

    # ---------------------------------------------------------------- words
    def _say(self, e: tuple[Any, ...], emit: Any) -> None:
        """Emit the core's event `e` in words (the old engine's texts and data) through `emit`
        (`EventLog.emit`'s signature)."""
        g = self.core
        name = g.t.name
        k = e[0]
        if k == "move":
            emit("move", f"{name[e[1]]} moves from {C.CELL_TEXT[e[2]]} to {C.CELL_TEXT[e[3]]}", target=e[1])
        elif k == "damage":
            src, u, amount, hp, d = e[1], e[2], e[3], e[4], e[5]
            who = self.name(src) if src >= 0 else (d.name if d is not None else "")
            if amount <= 0:
                emit("damage", f"{who} deals 0 damage to {name[u]} (Protect)", target=u, amount=0)
            else:
                left = hp if hp > 0 else 0
                emit(
                    "damage",
                    f"{who} deals {amount} damage to {self.name(u)} ({left} left)",
                    target=u,
                    amount=amount,
                )
        elif k == "attack":
            a, t = e[1], e[2]
            if len(e) == 3:
                emit("attack", f"{name[a]} attacks {self.name(t)}", attacker=a, target=t)
            else:
                emit("attack", f"{self.name(a)}'s attack on {self.name(t)} does not happen")
        elif k == "deploy":
            emit("deploy", f"{name[e[1]]} is deployed at {C.CELL_TEXT[e[2]]}", target=e[1])
        elif k == "play":
            p, u, cost, y = e[1], e[2], e[3], e[4]
            if g.t.kind[u] == C.D_UNIT:
                emit("play", f"P{p + 1} plays {name[u]} ({cost} mana) at {C.CELL_TEXT[y]}", player=p)
            else:
                on = f" on {self.name(y)}" if y >= 0 else ""
                emit("play", f"P{p + 1} casts {name[u]} ({cost} mana){on}", player=p)
        elif k == "turn":
            if len(e) == 4:
                p = e[1]
                emit("turn", f"Turn {e[2]}: P{p + 1} ({e[3]} mana)", player=p)
            elif len(e) == 2:
                emit("turn", f"P{e[1] + 1} ends the turn", player=e[1])
            else:
                emit("turn", "The first player does not draw on the first turn")
        elif k == "draw":
            emit("draw", f"P{e[1] + 1} draws a card", player=e[1])
        elif k == "death":
            emit("death", f"{name[e[1]]} dies", target=e[1])
        elif k == "return":
            emit("return", f"{name[e[1]]} strikes back at {self.name(e[2])}")
        elif k == "stealth":
            emit("stealth", f"{name[e[1]]} leaves Stealth")
        elif k in _RESOLVES_WORD and len(e) == 3:
            emit(k, f"{e[2]}'s {_RESOLVES_WORD[k]} resolves", source=e[1])
        elif k == "warcry":
            emit("warcry", f"{name[e[1]]} activates its Warcry", target=e[1])
        elif k == "fizzle":
            if isinstance(e[1], str):
                why = e[2]
                if why == "none":
                    emit("fizzle", f"{e[1]}{_FIZZLE_WORD.get(e[3], '')} has no valid target: nothing happens")
                elif why == "gone":
                    emit("fizzle", f"{e[1]}: its target is gone, nothing happens")
                else:
                    emit("fizzle", f"{e[1]} is neutral: it acts for no player, nothing happens")
            else:
                u, why, cell = e[1], e[2], C.CELL_TEXT[e[3]]
                if why == "grave":
                    emit("fizzle", f"{name[u]} cannot resurrect: it is not in the graveyard")
                elif why == "taken":
                    emit("fizzle", f"{name[u]} cannot resurrect: {cell} is taken")
                else:
                    emit("fizzle", f"{name[u]} cannot appear: {cell} is taken")
        elif k == "immune":
            emit("immune", f"{name[e[1]]} is immune: no damage", target=e[1])
        elif k == "heal":
            emit("heal", f"{self.name(e[1])} is healed by {e[2]} ({e[3]}/{e[4]})", target=e[1], amount=e[2])
        elif k == "buff":
            u = e[1]
            if len(e) == 3:
                emit("buff", f"{name[u]}'s attack is set to {e[2]}", target=u)
            elif len(e) == 5:
                stat, value = e[2], e[3]
                what = f"Protect {value}" if stat == "protect" else f"{stat} {value:+d}"
                emit("buff", f"{name[u]} gets {what}" + _until_words(e[4]), target=u)
            else:
                emit("buff", f"{name[u]} gets {e[3]:+d}/{e[4]:+d}" + _until_words(e[5]), target=u)
        elif k == "ready":
            emit("ready", f"{name[e[1]]} is no longer exhausted", target=e[1])
        elif k == "stun":
            emit("stun", f"{self.name(e[1])} is stunned", target=e[1])
        elif k == "silence":
            emit("silence", f"{name[e[1]]} is silenced", target=e[1])
        elif k == "status":
            emit("status", f"{self.name(e[1])} gains Resurrection", target=e[1])
        elif k == "banish":
            u = e[1]
            cell = C.CELL_TEXT[e[2]]
            if len(e) == 3:
                emit("banish", f"{name[u]} is banished from {cell}", target=u)
            else:
                emit("banish", f"{name[u]} comes back to {cell}", target=u)
        elif k == "bounce":
            u = e[1]
            z = e[2]
            extra = (
                " (hand full: to the graveyard)"
                if z == C.Z_GRAVE
                else " (it leaves the game)"
                if z == C.Z_REMOVED
                else ""
            )
            emit("bounce", f"{name[u]} returns to its owner's hand{extra}", target=u)
        elif k == "execute":
            emit("execute", f"{name[e[1]]} is executed", target=e[1])
        elif k == "transform":
            who = "a neutral " if e[3] else ""
            emit("transform", f"{name[e[1]]} turns into {who}{name[e[2]]}", target=e[2])
        elif k == "fatigue":
            emit("fatigue", f"P{e[1] + 1}'s deck is empty: fatigue deals {e[2]} to their Summoning Stone")
        elif k == "burn":
            emit("burn", f"P{e[1] + 1}'s hand is full: {self.name(e[2])} goes to the graveyard")
        elif k == "ability":
            p = e[1]
            if len(e) == 3:
                emit("ability", f"P{p + 1}'s Leader Ability becomes {self.pool[e[2]].name}")
            else:
                d = self.pool[e[3]]
                on = f" on {self.name(e[2])}" if e[2] >= 0 else ""
                emit("ability", f"P{p + 1} uses {d.name} ({d.cost} mana){on}", player=p)
        elif k == "reveal":
            p = e[1]
            if len(e) == 3:
                emit("reveal", f"P{p + 1} reveals {e[2]} cards to choose from")
            elif e[3]:
                emit("reveal", f"P{p + 1} picks {name[e[2]]}")
            else:
                extra = " (hand full: to the graveyard)" if e[4] == C.Z_GRAVE else ""
                # HG-60: the pick goes to a hidden hand: only its owner reads which card
                emit(
                    "reveal",
                    f"P{p + 1} picks {name[e[2]]} into their hand{extra}",
                    private_to=p,
                    public_text=f"P{p + 1} picks one of the revealed cards into their hand{extra}",
                )
        elif k == "blocked":
            emit(
                "blocked", f"{name[e[1]]} cannot take {C.CELL_TEXT[e[2]]}: it goes straight to the graveyard"
            )
        elif k == "resurrect":
            emit("resurrect", f"{name[e[1]]} resurrects at {C.CELL_TEXT[e[2]]}", target=e[1])
        elif k == "spawn":
            emit("spawn", f"{name[e[1]]} appears at {C.CELL_TEXT[e[2]]}", target=e[1])
        elif k == "game_over":
            r = e[1]
            if r == -1:
                emit("game_over", "Both Summoning Stones are destroyed: the game is a draw")
            else:
                emit("game_over", f"P{2 - r}'s Summoning Stone is destroyed: P{r + 1} wins!", winner=r)
        else:  # pragma: no cover - every kind the core logs is told above
            raise AssertionError(f"no words for the core's event {e!r}")

    def label(self, uid: int) -> str:
        """A unit's name, with its cell when another unit on the battlefield has the same name."""
        name = self.name(uid)
        if uid in self.core.stones or not self.on_board(uid):
            return name
        g = self.core
        mine = g.t.name[uid]
        if any(o != uid and g.t.name[o] == mine for o in g.board):
            return f"{name} at {C.CELL_TEXT[g.place[uid]]}"
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
                d = self.pool[self.core.ability[self.active]]
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
        pend = self.core.pending
        if (
            action.kind == "pick"
            and pend is not None
            and pend[0] == "reveal"
            and not pend[3]
            and d is not None
            and seat != d.player
        ):
            return "Pick one of the revealed cards"
        return self.describe_action(action)

    # -- why not (specific refusal reasons, read from the core's state) ------------------
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
        g = self.core
        if g.used[p]:
            return "your Leader Ability is exhausted until your next turn"
        cost = self.pool[g.ability[p]].cost
        if cost > g.mana[p]:
            return f"not enough mana: the Leader Ability costs {cost}, you have {g.mana[p]}"
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
        """Why `t` is no valid target for the targeted ability of `d` (a spell, Warcry, Leader
        Ability or trigger called `what`): its first targeted `when` ability, or `ability`."""
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
        if not isinstance(t, int) or not 0 < t < len(self.core.zone):
            return f"{t} is not a unit on the battlefield"
        if not self.zones.seen_by(t, p):
            return f"#{t} is not a unit on the battlefield"  # a card `p` cannot see: never its name
        name = self.name(t)
        if self.core.zone[t] == C.Z_BAN:
            return f"{name} is banished: it cannot be targeted"
        if not self.on_board(t):
            return f"{name} is not on the battlefield"
        if spec in ("enemy", "enemy_unit") and not self.is_enemy(t, p):
            return f"{what} needs an enemy; {name} is yours"
        if spec in ("ally", "ally_unit", "other_ally_unit") and not self.is_ally(t, p):
            return f"{what} needs one of your units; {name} is not yours"
        if spec in ("enemy_unit", "ally_unit", "unit", "other_ally_unit") and t in self.core.stones:
            return f"{what} needs a unit, not a Summoning Stone"
        if spec == "other_ally_unit" and t == source:
            return f"{what} cannot target its own unit"
        hp = self.core.hp[t]
        if "max_health" in ab and hp > int(ab["max_health"]):
            return f"{what} needs a unit with {ab['max_health']} or less health; {name} has {hp}"
        if "subtype" in ab and ab["subtype"] not in self.card(t).subtypes:
            return f"{what} needs a {ab['subtype']}; {name} is not one"
        enemy = self.is_enemy(t, p)
        if enemy and self.stealthed(t):
            return f"{name} has Stealth: enemies cannot target it"
        if enemy and t in self.core.stones and self.guarded(self.core.stones.index(t)):
            return f"{name} is guarded by a unit with Guard next to it"
        if self.immune_blocks(t, kind, p):
            return f"{name} is immune ({', '.join(self.immune_to(t))})"
        return f"{name} is not a valid target for {what}"

    def _explain(self, a: Action) -> str | None:
        d = self.decision()
        if d is None:
            return "the game is over"
        args = a.args
        pend = self.pending
        if pend is not None:
            if a.kind not in ("target", "pick"):
                return f"first answer: {d.prompt}"
            if a.kind != ("target" if pend["type"] == "target" else "pick"):
                return f"first answer: {d.prompt}"
            t = args[0] if args else None
            if a.kind == "pick":
                return f"pick one of the revealed cards: {', '.join(self.name(x) for x in pend['cards'])}"
            def_id, idx, source, controller, kind = pend["entry"][:5]
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
            if not self.on_board(uid):
                return f"#{uid} is not a unit on the battlefield"
            c = self.card(uid)
            if uid in self.core.stones:
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
                if t in self.core.stones and self.guarded(self.core.stones.index(t)):
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
            g = self.core
            if not 0 < uid < len(g.zone) or g.zone[uid] != C.Z_HAND or g.owner[uid] != self.active:
                return f"#{uid} is not a card in your hand"
            need, have = self.cost(uid, self.active), g.mana[self.active]
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
            ab = self.pool[self.core.ability[self.active]]
            return self._why_not_target(
                ab.name, ab, "ability", self.active, -1, "ability", args[0] if args else None
            )
        return None

    # ----------------------------------------------------------------- views
    def _usable_now(self, verb: int, x: int | None = None) -> bool:
        """Whether an action of `verb` (of unit `x`) is among the legal actions now."""
        return any(a[0] == verb and (x is None or a[1] == x) for a in self.core.legal_actions())

    def unit_view(self, uid: int) -> dict[str, Any]:
        c = self.card(uid)
        d = c.hdef
        g = self.core
        is_stone = uid in g.stones
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
        # its unused activated Warcry (HG-72) among the legal actions now
        warcry_now = False
        if (
            c.warcry_ready
            and g.zone[uid] == C.Z_BOARD
            and g.ctrl[uid] == g.active
            and g.pending is None
            and g.result == -2
            and self._can_warcry(uid) is None
        ):
            warcry_now = self._usable_now(C.WARCRY, uid)
        row, col = c.cell
        return {
            "uid": uid,
            "id": d.id,
            "name": d.name,
            "owner": c.owner,
            "controller": c.controller,
            "row": row,
            "col": col,
            "attack": self.attack_of(uid),
            "health": g.hp[uid],
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
            "banished": g.zone[uid] == C.Z_BAN,
            "immune": self.immune_to(uid),
            "text": d.text,
            "keywords": kws,
        }

    def card_view(self, uid: int, player: int | None = None) -> dict[str, Any]:
        d = self.core.t.defn[uid]
        o = self.core.owner[uid]
        return {
            "uid": uid,
            "id": d.id,
            "name": d.name,
            "kind": d.kind,
            "owner": None if o < 0 else o,
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
          "ability": {"id","name","cost","text","used","usable","no_target"}, "mana",
          "max_mana", "fatigue", "stone", "stone_health", "guarded", "hand_count", "deck_count",
          "grave_count", "hand": [card dicts] (only your own)}.
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
        g = self.core
        d = self.decision()
        units = [self.unit_view(u) for u in self.board_units()]
        board: list[list[dict[str, Any] | None]] = [[None] * COLS for _ in range(ROWS)]
        for u in units:
            board[u["row"]][u["col"]] = {"uid": u["uid"]}
        banished = []
        for uid in g.banished:
            r, c = CELL_OF_NUMBER[g.place[uid]]
            board[r][c] = {"banished": uid}
            banished.append(self.unit_view(uid))
        players = []
        for p in (0, 1):
            ab = self.pool[g.ability[p]]
            leader = self.pool[self.leaders[p]]
            # the Leader Ability now: True among the legal actions, False held back by its
            # targets alone, None used, too dear or not p's decision now
            ability_now: bool | None = None
            if g.active == p and g.pending is None and g.result == -2 and self._can_ability(p) is None:
                ability_now = self._usable_now(C.ABILITY)
            entry: dict[str, Any] = {
                "seat": p,
                "name": self.names[p],
                "leader": self.leaders[p],
                "leader_name": leader.name,
                "leader_text": leader.text,
                "ability": {
                    "id": ab.id,
                    "name": ab.name,
                    "cost": ab.cost,
                    "text": ab.text,
                    "used": g.used[p],
                    "usable": ability_now is True,
                    "no_target": ability_now is False,
                },
                "mana": g.mana[p],
                "max_mana": g.max_mana[p],
                "fatigue": g.fatigue[p],
                "stone": g.stones[p],
                "stone_health": g.hp[g.stones[p]],
                "guarded": self.guarded(p),
                "hand_count": len(g.hand[p]),
                "deck_count": len(g.deck[p]),
                "grave_count": len(g.grave[p]),
            }
            if player == p:
                entry["hand"] = [self.card_view(u, p) for u in g.hand[p]]
            players.append(entry)
        out: dict[str, Any] = {
            "game": self.game_id,
            "turn": g.turn,
            "active": g.active,
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
            "graveyards": [[self.card_view(u) for u in g.grave[p]] for p in (0, 1)],
            "reveal": [],
            "winner": "draw" if g.result == -1 else self.winner(),
        }
        pend = g.pending
        if pend is not None and pend[0] == "reveal" and player == pend[1]:
            out["reveal"] = [self.card_view(u) for u in pend[2]]
        if player == g.active and pend is None and g.result == -2:
            out["deploy_cells"] = [cell_str(c) for c in self.deploy_cells(player)]
        return out

    # ------------------------------------------------------- copies, hashing
    def clone(self) -> HotgGame:
        new = HotgGame.__new__(HotgGame)
        new.setup = self.setup
        log = self.log.clone()
        assert isinstance(log, _Words)
        log.game = ref(new)
        new.log = log
        new.history = list(self.history)
        new.pool = self.pool
        new.leaders = self.leaders
        new.names = self.names
        new.core = self.core.clone()
        log.raw = new.core.log  # (its copy of the events still waiting for words)
        return new

    def canonical(self) -> Any:
        """The core's own state (`Core.canonical`: what decides the game's future, nothing kept
        only to go faster) and the seats' leaders and names. (The old engine's form, which
        the differential check compares, is `tools/hotg_facade_check.py`'s `old_canonical`.)"""
        return [self.core.canonical(), self.leaders, self.names]

    def check_invariants(self) -> None:
        g = self.core
        seen: dict[int, str] = {}
        for name in _ZONE_NAMES:
            for u in _zone_list(g, name):
                assert u not in seen, f"#{u} is in {seen[u]} and {name}"
                seen[u] = name
                assert _zone_name(g, u) == name, f"#{u} is in {name} but says {_zone_name(g, u)}"
        assert len(seen) == len(g.zone) - 1, "a card is in no zone"
        occ: dict[int, int] = {}
        for uid in g.board + g.banished:
            n = g.place[uid]
            assert 0 <= n < C.NCELLS, f"#{uid} is off the board"
            assert n not in occ, f"two units on {C.CELL_TEXT[n]}: #{occ[n]} and #{uid}"  # HG-05
            occ[n] = uid
        for p in (0, 1):
            assert len(g.hand[p]) <= HAND_LIMIT
            assert 0 <= g.mana[p] <= MAX_MANA

    # ------------------------------------------------------------- catalogue
    CARD_LEGEND = "stats = attack/health, m = movement, r = range (1 when not given)"

    @classmethod
    def card_rows(cls, text: bool = True) -> tuple[list[str], list[list[str]]]:
        """The card pool for `triarch cards hotg`, sorted by kind, pantheon, cost and name:
        id, name, cost, stats (attack/health, m = movement, r = range), type (pantheon,
        subtypes, token), and with `text` the rarity and the card text (the CLI decides
        when the terminal has room for them)."""
        order = {"leader": 0, "ability": 1, "unit": 2, "spell": 3, "blessing": 4}
        defs = [d for d in card_pool().values() if d.kind != "stone"]
        defs.sort(key=lambda d: (order.get(d.kind, 9), d.token, d.pantheon, d.cost, d.name))
        rows = []
        for d in defs:
            if d.kind == "unit":
                stats = f"{d.attack}/{d.health} m{d.move}" + (f" r{d.range}" if d.range > 1 else "")
            else:
                stats = d.kind
            cost = str(d.cost) if d.kind in ("unit", "spell", "ability") else ""
            kind_words = " ".join([d.pantheon, *d.subtypes]) + (", token" if d.token else "")
            if text:
                rows.append([d.id, d.name, cost, stats, kind_words, d.rarity, d.text])
            else:
                rows.append([d.id, d.name, cost, stats, kind_words])
        cols = ["id", "name", "cost", "stats", "type"]
        return ([*cols, "rarity", "text"], rows) if text else (cols, rows)

    @classmethod
    def rules_text(cls) -> str:
        return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")

    @classmethod
    def preset_decks(cls) -> dict[str, Any]:
        from .decks import preset_decks

        return preset_decks()

    @classmethod
    def deck_from_file(cls, path: Any) -> Any:
        from .decks import load_deck_file

        return load_deck_file(path).to_json()

    @classmethod
    def validate_deck(cls, deck: Any, file: str) -> DeckList:
        from .decks import validate_deck_content

        return validate_deck_content(deck, file)

    @classmethod
    def game_options(cls) -> list[dict[str, Any]]:
        return []

    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        from .ai import agent_levels

        return agent_levels()

    @classmethod
    def default_agent_level(cls) -> str:
        from .ai import DEFAULT_LEVEL

        return DEFAULT_LEVEL


__all__ = ["COLS", "LEVEL", "ROWS", "DataError", "HotgGame", "IllegalAction", "cell_str", "parse_cell"]
