"""The BHM engine: beings, powers, objects, strategies, territories and the call counter.

Rule items of ../shared/rules/bhm.md are cited as `# BH-nn` where they are
implemented. Every player choice is a Decision whose legal Actions are listed
by `legal_actions()`; see `view()` for what the UI gets.

Action notation (uids are card instance ids):

    aside <card> | keep                 mulligan (BH-02)
    call <being>                        war call / instant call (BH-10, BH-12)
    power <card> <being>                execute a power card with a being (BH-55)
    equip <object> <being>              attach an object (BH-60)
    strategy <card>                     play a strategy card (BH-65)
    territory <card>                    play a territory (BH-50)
    ability <being>                     use a being's own ability (once per turn)
    invoke <invocation> <invoker>       invoke with invocation points (BH-73)
    next                                end the phase
    attack <being> <target>             physical attack (BH-30)
    pattack <being> <target>            power attack (BH-31), then: invest <n> | invest all (BH-32)
    target <uid> | skip                 choose a target (Terror may be skipped)
    react <card> | pass                 answer the most recent enemy action on the stack with a
                                        reaction card, or pass priority (BH-67)
    draw | nodraw | discard <card>      final phase (BH-24, BH-81)

Reactions (BH-67) use the kernel's `common.resolution.Stack`. A declared action
that can be answered is pushed as an entry (the action tuple, e.g.
("attack", attacker, target)); the opponent gets priority. Playing a reaction is
itself an action: it is pushed on top as ("react", card, answered index, target)
and the other player gets priority. When both players pass in a row the top
entry resolves (last in, first out) and priority goes to the active player for
the next one down, until the stack is empty. A player who holds no reaction they
may play passes automatically (no decision is asked). Cancelled entries are
recorded by their stack index in `cancelled`; a cancelled entry, and a reaction
whose answered entry was cancelled, resolve to nothing with a log line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Self

from common.cards import Modifier, keyword_name, keyword_value
from common.decks import DeckList, load_deck
from common.errors import DataError, IllegalAction
from common.game import Action, ActionTable, ActionTables, Decision, Game, Setup
from common.goals import GoalFacts
from common.resolution import Stack
from common.zones import Visibility, Zone, Zones

from .cards import (
    COPY_LIMIT,
    NAMELESS,
    STAT_LABEL,
    STATS,
    BhmCard,
    BhmDef,
    card_pool,
    name_of,
    pool_grants,
    pool_lowers,
    pool_territory_grants,
)
from .effects import EFFECTS, Ctx, describe

LOSS_AT = 32  # BH-05
HAND_LIMIT = 7  # BH-81
SLOTS = 10  # BH-80
# What a card has lost of a stat, by stat: wounds, spent POD, lost RES and VAL (`stat`).
_LOST = {"salud": "wounds", "res": "res_lost", "pod": "pod_spent", "val": "val_lost"}
# The names of each player's being zones, made once. `new()` names the zones with these very
# strings (and those of the other zones below), so that a dict or set look-up by one of them finds
# the key by identity, without comparing the characters of two equal strings; the engine's busy
# paths name a zone by them rather than making a new f-string each time.
_SLOT_ZONES = tuple(tuple(f"slot:{p}:{i}" for i in range(SLOTS)) for p in (0, 1))
# Each player's territories, deserters, hand, deck, dead and strategy zones, by seat.
_TERRITORIES = {0: "territories:0", 1: "territories:1"}
_DESERTERS = {0: "deserters:0", 1: "deserters:1"}
_HANDS = {0: "hand:0", 1: "hand:1"}
_DECKS = {0: "deck:0", 1: "deck:1"}
# (`_DEAD` is read with a card's owner, `int | None` on `Card`: in BHM every card has a seat)
_DEAD: dict[int | None, str] = {0: "dead:0", 1: "dead:1"}
_STRATEGY = {0: "strategy:0", 1: "strategy:1"}
# Where a card's zone name tells it is: in a being zone, or on or near the field (a being zone or
# the deserters, BH-37). A set lookup, quicker than asking the name how it starts.
_BEING_ZONES = frozenset(_SLOT_ZONES[0] + _SLOT_ZONES[1])
_DESERTER_ZONES = frozenset(_DESERTERS.values())
_NEAR_FIELD_ZONES = _BEING_ZONES | _DESERTER_ZONES
# The attributes the state checks look at (BH-33, BH-37), as `_flat_bonuses` takes them.
_CHECKED = ("pod", "salud", "val")
# The attributes a hit reads (BH-30: RES first, then Salud), as `_flat_bonuses` takes them.
_RES_SALUD = ("res", "salud")
# The stack entries of the turn's draws (BH-20, BH-24), actions a reaction may answer (BH-67);
# the drawing player is the entry's controller
_INITIAL_DRAW = ("draw", -1, "initial")
_FINAL_DRAW = ("draw", -1, "final")
DECK_MIN, DECK_MAX = 40, 65  # BH-01, BH-82
MAX_INVOCATIONS = 10  # BH-01
DEFAULT_ARMAGEDDON = 20  # BH-07

PHASE_NAMES = {
    "mulligan": "Mulligan",
    "initial": "Initial phase",
    "strategy1": "First strategy phase",
    "combat": "Combat phase",
    "strategy2": "Second strategy phase",
    "final": "Final phase",
    "over": "Game over",
}

DECK_DIR = Path(__file__).parent / "decks"


def _make(uid: int, defn: Any, owner: int | None) -> BhmCard:
    return BhmCard(uid, defn, owner)


@cache
def _preset_decks() -> list[DeckList]:
    """The decks a new game without decks plays (the first two of `BhmGame.preset_decks()`, seat by
    seat), read from their files and checked once: a DeckList is immutable, every game shares it."""
    presets = list(BhmGame.preset_decks().values())[:2]
    return [BhmGame.check_deck(content, file=f"<deck of {_p(p)}>") for p, content in enumerate(presets)]


# Why a check refuses: a message template and what fills it in ("{0.name}": the name of the first
# card given), worked into words by `_say` only when someone reads them. `legal_actions()` only asks
# whether there is a refusal, and most of the refusals it meets would be thrown away unread.
Why = tuple[Any, ...]


# Two refusals of the attack checks, each in two parts: the card is not on the field (asked first,
# where the checks do not know it is), or not the attacker's / an enemy of the attacker's.
# `targets_for`'s memo: (player, kind of target) -> (the field cards found to pass the part of
# `target_problem` that does not depend on the source, the field cards not looked at yet)
TargetsMemo = dict[tuple[int, str], tuple[list[BhmCard], Iterator[BhmCard]]]

_NOT_YOURS = "{0.name} is not one of your beings on the field"
_NOT_ENEMY = "{0.name} is not an enemy on the field"


def _say(why: Why | None) -> str | None:
    """The words of a refusal (None: there is none)."""
    return None if why is None else why[0].format(*why[1:])


# A seat's name ("P1", "P2"): a builtin method (a function of ours is a frame of its own)
_p: Callable[[int], str] = ("P1", "P2").__getitem__


def _alone(arg: int | str) -> tuple[int | str, ...]:
    return (arg,)


def _pair(first: int, second: int) -> tuple[int | str, ...]:
    return (first, second)


# the actions of one argument (a card's uid; the POD invested) by it: verb -> argument -> action
_ONE = {
    verb: ActionTable(verb, _alone)
    for verb in ("aside", "target", "invest", "react", "discard", "call", "strategy", "territory", "ability")
}


# the actions of two cards (the card played or the attacker, then the being or the target):
# verb -> first uid -> second uid -> action (no call when both are known)
_TWO = {verb: ActionTables(verb, _pair) for verb in ("attack", "pattack", "power", "equip", "invoke")}
_KEEP, _SKIP, _PASS, _DRAW, _NODRAW, _NEXT = map(Action, ("keep", "skip", "pass", "draw", "nodraw", "next"))


class Hit(NamedTuple):
    """What an attack's strength does to its target, as data (BH-30 a physical attack: its RES
    first; BH-31 a power attack: all of it to its Salud, BH-97 its RES first on Magic Resistance;
    BH-95, BH-101 an Immortal or Eternal being not killed at Salud 0): its choice's and its log
    line's words are made of it (`words`), and a screen reads it rather than the words
    (`BhmGame.outcome`)."""

    strength: int
    res_first: bool  # its RES takes the strength first
    res: int  # the RES it meets first (0: none, or not RES first)
    salud: int  # its Salud before
    tough: str | None  # Immortal/Eternal, when the hit reaches Salud 0 (not asked otherwise)
    res_gone: bool  # RES first, and none left of a RES it had (`no RES left`)

    @property
    def res_only(self) -> bool:
        """All of it to its RES (BH-30)."""
        return self.res_first and self.strength <= self.res

    @property
    def to_salud(self) -> int:
        """What goes on to its Salud, past its RES (0: none)."""
        return 0 if self.res_only else self.strength - self.res

    @property
    def no_effect(self) -> bool:
        """It is at Salud 0 already and stays (Immortal, Eternal): its Salud loses nothing."""
        return not self.res_only and self.tough is not None and self.salud <= 0

    @property
    def kills(self) -> bool:
        return not self.res_only and self.tough is None and self.strength - self.res >= self.salud

    @property
    def survives(self) -> str | None:
        """The keyword that keeps it alive when the hit takes all its Salud (Immortal, Eternal)."""
        return None if self.res_only or self.strength - self.res < self.salud else self.tough

    def words(self, left: bool = False) -> str:
        """Its words (`hit_words`): `500 to Salud`, `500 to Salud, kills it`, …; `left`: with the
        Salud it leaves, as the log's line of the hit says it (`, 1000 left`, `, 0 left (Immortal)`)."""
        return _hit_words(self, left)


def _hit_words(hit: Hit, left: bool = False) -> str:
    """A `Hit`'s words, from its fields: `500 to Salud`, `500 to Salud, kills it`, with its RES first
    `RES 400 → 0, 100 to Salud`, `no RES left, 500 to Salud`, `RES 400 → 300 (RES only)`; at Salud 0
    already `no effect: Immortal at Salud 0` (`RES 200 → 0, RES only: Immortal at Salud 0`). With
    `left`, what its Salud keeps when it takes some but is not killed: `300 to Salud, 1000 left`,
    BH-95, BH-101 `500 to Salud, 0 left (Immortal)` (the log's line of the hit, `attack_hit`).
    The one place where a hit is put in words: the choices', the log's and the dialog's."""
    strength, res_first, res, salud, tough, res_gone = hit
    if res_first and strength <= res:
        return f"RES {res} → {res - strength} (RES only)"
    first = f"RES {res} → 0, " if res else ""
    if tough and salud <= 0:  # BH-95, BH-101
        return f"{first}RES only: {tough} at Salud 0" if res else f"no effect: {tough} at Salud 0"
    if res_gone:
        first = "no RES left, "
    deal = strength - res
    kills = deal >= salud and not tough
    words = f"{first}{deal} to Salud" + (", kills it" if kills else "")
    if left and salud > 0 and deal > 0:  # what is left, but of a kill
        if deal < salud:
            words += f", {salud - deal} left"
        elif tough:  # BH-95, BH-101: not killed at Salud 0
            words += f", 0 left ({tough})"
    return words


class BhmZones(Zones[BhmCard]):
    """The zones of a BHM game: `Zones`, keeping besides, for each player, what the walks over the
    10 being zones look for (most of those zones are empty), up to date at every move that takes a
    card into or out of a being zone (`move`; `create` moves too):

    * `field[p]`: the cards on p's field, in zone order: `field_cards(p)`, as a tuple;
    * `held[p]`: p's being zones that hold a card, in order;
    * `slots[p]`: p's 10 being zones, the very Zone objects (`BhmGame.slot_zones()`).

    `field[p]` and `held[p]` are tuples, replaced, never changed in place: one read before a move
    stays the list of then. What they hold changes only when a card enters or leaves a being zone
    (a card's definition never changes), and nothing writes a being zone's `cards` but `move` (the
    AI's re-deal writes hands and decks only; `BhmGame.check_invariants` compares them)."""

    __slots__ = ("field", "held", "slots")

    def __init__(self) -> None:
        super().__init__(share_cards=True)  # (a clone copies a card when it reads it)
        self.slots: tuple[tuple[Zone, ...], ...] = ((), ())
        self.field: list[tuple[BhmCard, ...]] = [(), ()]
        self.held: list[tuple[Zone, ...]] = [(), ()]

    def track(self) -> None:
        """Start keeping `slots`, `field` and `held`, once the being zones are made (`new`,
        `clone`)."""
        zones = self.zones
        self.slots = tuple(tuple(zones[name] for name in _SLOT_ZONES[p]) for p in (0, 1))
        self.refresh(0)
        self.refresh(1)

    def refresh(self, p: int) -> None:
        """Set `field[p]` and `held[p]` to what p's being zones hold now."""
        self.field[p], self.held[p] = self.worked_out(p)

    def worked_out(self, p: int) -> tuple[tuple[BhmCard, ...], tuple[Zone, ...]]:
        """What `field[p]` and `held[p]` should be, from p's being zones."""
        cards = self.cards
        field: list[BhmCard] = []
        held = []
        for z in self.slots[p]:
            uids = z.cards
            if uids:
                held.append(z)
                c: BhmCard = cards[uids[0]]
                if c.defn.is_field:
                    field.append(c)
        return tuple(field), tuple(held)

    def move(self, uid: int, to: str, position: int | None = None) -> str:
        """`Zones.move`, keeping `field` and `held` up to date when a card enters or leaves a being
        zone as its first card: only then do they change (a card joining the cards of a being zone,
        an object or a power attached, or leaving one whose first card stays, changes neither)."""
        zones = self.zones
        card = self.cards[uid]
        frm = card.zone
        was_first = frm in _BEING_ZONES and zones[frm].cards[0] == uid
        # `Zones.move(self, uid, to, position)` written out (a frame fewer at each of the ≈ 260
        # moves of a game; `test_bhm_zones_move_as_the_kernel_does` compares)
        dest = zones[to]
        cap = dest.capacity
        if cap is not None and len(dest.cards) >= cap:
            dest = self._overflow(dest)
            position = None
        if frm:
            zones[frm].cards.remove(uid)
        if position is None:
            dest.cards.append(uid)
        else:
            dest.cards.insert(position, uid)
        to = card.zone = dest.name
        if to in _BEING_ZONES and zones[to].cards[0] == uid:
            p: int = zones[to].owner  # type: ignore[assignment]
            self.refresh(p)
            if was_first and zones[frm].owner != p:
                self.refresh(1 - p)
        elif was_first:
            self.refresh(zones[frm].owner)  # type: ignore[arg-type]
        return to

    def kept(self) -> list[int]:
        """Its field cards: the game keeps them, its own, at a clone (`Zones.clone`), and the clone
        gets a copy of each, its own (read by its `track`)."""
        return [c.uid for c in (*self.field[0], *self.field[1])]

    def clone(self) -> BhmZones:
        new = super().clone()  # (a BhmZones: `Zones.clone` makes one of the same class)
        new.field, new.held = [(), ()], [(), ()]
        new.track()
        return new


def _new_zones() -> BhmZones:
    """A new game's zones, every one empty, kept from the start (`BhmZones.track`)."""
    zones = BhmZones()
    for p in (0, 1):
        zones.add_zone(Zone(_DECKS[p], p, Visibility.HIDDEN))
        zones.add_zone(Zone(_HANDS[p], p, Visibility.OWNER))
        zones.add_zone(Zone(f"aside:{p}", p, Visibility.OWNER))
        zones.add_zone(Zone(_DEAD[p], p, Visibility.PUBLIC))
        zones.add_zone(Zone(_TERRITORIES[p], p, Visibility.PUBLIC))
        zones.add_zone(Zone(f"invocations:{p}", p, Visibility.OWNER))  # face down (BH-72)
        zones.add_zone(Zone(_DESERTERS[p], p, Visibility.PUBLIC))
        zones.add_zone(Zone(_STRATEGY[p], p, Visibility.PUBLIC))
        for name in _SLOT_ZONES[p]:
            zones.add_zone(Zone(name, p, Visibility.PUBLIC))
    zones.track()
    return zones


def _namesakes_of(cards: dict[int, BhmCard]) -> dict[int, tuple[int, ...]]:
    """Each card's namesakes (see `BhmGame._namesakes`): the other cards printed with its name."""
    by_name: dict[str, list[int]] = {}
    for u, c in cards.items():
        same = by_name.get(c.defn.name)
        if same is None:
            by_name[c.defn.name] = [u]
        else:
            same.append(u)
    out = {}
    for same in by_name.values():  # loops, not a generator per card (a frame of its own)
        for u in same:
            others = same.copy()
            others.remove(u)
            out[u] = tuple(others)
    return out


# What a new game makes of its two decks before they are shuffled (`_dealt`), by the decks' cards:
# the pool the cards are of, the zones with each deck's cards made in the deck's order (the
# invocations in their zone, the others in the deck) and the cards' namesakes table. Two decks
# make the same cards with the same uids in every game, and the games of a process mostly play the
# same decks (a bench's or a soak's random games): a new game takes a clone of those zones
# (`BhmZones.clone`, the search's hot path) instead of making its 132 cards one `create` at a time,
# and shares the table (never changed in place). Never changed: only cloned.
_DEALT: dict[
    tuple[tuple[tuple[str, int], ...], ...],
    tuple[Mapping[str, BhmDef], BhmZones, dict[int, tuple[int, ...]]],
] = {}
_DEALT_KEPT = 32  # pairs of decks at most: past that, those kept are forgotten


def _dealt(
    pool: Mapping[str, BhmDef], decks: Sequence[DeckList]
) -> tuple[BhmZones, dict[int, tuple[int, ...]]]:
    """The zones of a new game of `decks` (of cards of `pool`) before the shuffle, each deck's cards
    made in its order, and the cards' namesakes table (`_DEALT`: made once a pair of decks)."""
    key = (decks[0].cards, decks[1].cards)  # (not the DeckLists: their names make no card)
    kept = _DEALT.get(key)
    if kept is None or kept[0] is not pool:
        zones = _new_zones()
        for p in (0, 1):
            invocations, main = f"invocations:{p}", _DECKS[p]
            for cid in decks[p].expanded():
                d = pool[cid]
                zones.create(d, p, invocations if d.type == "invocation" else main, factory=BhmCard)
        if len(_DEALT) >= _DEALT_KEPT:
            _DEALT.clear()
        zones.share_cards = True  # (its clones, new games, share its cards: copy on read)
        kept = _DEALT[key] = (pool, zones, _namesakes_of(zones.cards))
    # A new game's cards: a `CardTable` over the kept zones' cards, which copies a card when the game
    # first reads it through `cards` (a random game of 140 actions reads 30 to 50 of its 132 cards; the
    # kept zones' cards nobody writes: `test_games_of_the_same_decks_are_dealt_from_…`). A copy of
    # each (a plain dict) cost more than the CardTable's dearer look-ups (session 36: −0.9 %).
    return kept[1].clone(), kept[2]


def _end_effects(c: BhmCard, until: str) -> bool:
    """End `c`'s effects that last `until` (`eot`, the start of a player's turn): whether one
    ended, which may leave a being at Salud 0 or VAL 0 (BH-41 ruling: killed, or fled, then and
    there)."""
    kept = tuple(m for m in c.modifiers if m.until != until)
    if len(kept) == len(c.modifiers):
        return False
    c.modifiers = kept
    return True


class BhmGame(Game):
    game_id = "bhm"
    RULES_VERSION = 2  # 2: a cancelled equipped power's rank stays used that turn (BH-55 / BH-67)
    title = "BHM"

    zones: BhmZones
    cll: list[int]
    turn: int
    active: int
    first: int
    phase: str
    sub: str
    budget: int
    strat_played: bool
    mull_player: int
    pending: tuple[Any, ...] | None  # an action being declared: waiting for its target or POD investment
    stack: Stack[tuple[Any, ...]]  # BH-67: declared actions and the reactions answering them
    terror: tuple[int, int] | None
    cancelled: tuple[int, ...]  # stack indices of cancelled entries
    won: int | None
    reason: str
    seq: int
    armageddon: int | None
    pool: Any
    # Each card's namesakes: the other cards of the game printed with its name, by uid (`namesakes`;
    # `label` reads it; a new game's decks share theirs, `_dealt`). Cards are only ever added to a
    # game, never taken out: the table is made again whenever it does not hold every card. Never
    # changed in place: a clone shares it.
    _namesakes: dict[int, tuple[int, ...]]
    # Each player's territories zone, the very Zone objects of `zones` (`territory_zones()`): the
    # busy look at a player's territories does not look the zone up by name. Made where `zones` is
    # (`new`, `clone`): the zones of a game are all made at its set-up and never replaced. (The
    # being zones: `zones.slots`, see `BhmZones`.)
    _territories: tuple[Zone, Zone]
    # Each player's field cards, kept by `zones` at every move (`BhmZones.field`: the same list,
    # whose two tuples are replaced, never changed): the busy walks look only at these, not at the
    # 10 being zones (most empty).
    _field: list[tuple[BhmCard, ...]]
    # (A game has 29 attributes: the 4 of `Game` and these. Python 3.11 keeps an object's
    # attributes the quick way (its class's shared dict keys) only up to about 30 names: measured,
    # a 30th attribute makes every `self.x` and `self.f()` of the engine a slower look-up, +7 %
    # instructions per random game. A test keeps the count.)
    # Facts of the pool the game's cards come from (`pool`), read on busy paths: `pool_lowers()`
    # (whether a card takes from an attribute by a static), `pool_grants()` (the keywords a card
    # grants) and `pool_territory_grants()` (those a territory grants). Set in `new` from the
    # pool, shared by a clone: a cached function's call costs more than reading an attribute.
    _lowers: bool
    _grants: frozenset[str]
    _land_grants: frozenset[str]

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(cls, setup: Setup) -> Self:
        g = cls(setup)
        g.pool = card_pool()
        g._lowers = pool_lowers()
        g._grants = pool_grants()
        g._land_grants = pool_territory_grants()
        g.cll = [0, 0]  # BH-04
        g.turn = 0
        g.active = 0
        g.first = 0
        g.phase = "mulligan"
        g.sub = "mulligan"
        g.budget = 0
        g.strat_played = False
        g.mull_player = 0
        g.pending = None
        g.stack = Stack(0)
        g.terror = None
        g.cancelled = ()
        g.won = None
        g.reason = ""
        g.seq = 0
        g.armageddon = cls._armageddon_option(setup.options)
        if setup.scenario is not None:
            from .scenario import load_scenario

            g.zones = _new_zones()
            g._namesakes = {}  # (no card yet: the first `label` makes it)
            g._field = g.zones.field
            g._territories = g.territory_zones()
            load_scenario(g, setup.scenario)
            return g
        presets = _preset_decks()
        decks = [
            presets[p] if content is None else cls.check_deck(content, file=f"<deck of {_p(p)}>")
            for p, content in enumerate((*setup.decks, None, None)[:2])
        ]
        g.zones, g._namesakes = _dealt(g.pool, decks)
        g._field = g.zones.field
        g._territories = g.territory_zones()
        for p in (0, 1):
            g.rng.shuffle(g.zones[_DECKS[p]].cards)
        for p in (0, 1):  # BH-02
            for _ in range(5):
                g.draw(p, mandatory=False, quiet=True)
            g.log.emit("draw", f"{_p(p)} draws 5 cards", player=p, cards=5)
        return g

    @staticmethod
    def _armageddon_option(options: dict[str, Any]) -> int | None:
        value = options.get("armageddon", DEFAULT_ARMAGEDDON)
        if value in (None, False, "off", 0):
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 5 <= value <= 30:
            raise DataError(
                "<options>", "armageddon must be a number from 5 to 30, or off", field="armageddon"
            )
        return value

    # ------------------------------------------------------------------ decks
    @classmethod
    def check_deck(cls, content: Any, file: str = "<deck>") -> DeckList:
        """Validate deck content (BH-01, BH-82); DataError names the problem."""
        pool = card_pool()
        if isinstance(content, DeckList):
            deck = content
        elif isinstance(content, dict):
            deck = DeckList.from_json(content, file)
        else:
            raise DataError(file, f"not a deck: {content!r}")
        main = inv = 0
        for cid, n in deck.cards:
            d = pool.get(cid)
            if d is None:
                raise DataError(deck.file, "no such card in the pool", card=cid)
            limit = COPY_LIMIT[d.rarity]
            if n > limit:
                raise DataError(
                    deck.file,
                    f"{n} copies of a {d.rarity} card; at most {limit} allowed (BH-82)",
                    cid,
                    "count",
                )
            if d.type == "invocation":
                inv += n
            else:
                main += n
        if not DECK_MIN <= main <= DECK_MAX:
            raise DataError(
                deck.file,
                f"the main deck has {main} cards; it must have {DECK_MIN} to {DECK_MAX}",
                field="cards",
            )
        if inv > MAX_INVOCATIONS:
            raise DataError(deck.file, f"{inv} invocations; at most {MAX_INVOCATIONS}", field="cards")
        return deck

    @classmethod
    def deck_from_file(cls, path: Any) -> Any:
        deck = load_deck(path, header_fields={}, pool=card_pool(), optional_header={"description": str})
        return cls.check_deck(deck, str(path)).to_json()

    @classmethod
    def preset_decks(cls) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for p in sorted(DECK_DIR.glob("*.toml")):
            deck = load_deck(p, header_fields={}, pool=card_pool(), optional_header={"description": str})
            out[deck.name] = cls.check_deck(deck, str(p)).to_json()
        return out

    @classmethod
    def game_options(cls) -> list[dict[str, Any]]:
        return [
            {
                "key": "armageddon",
                "label": "Armageddon",
                "default": DEFAULT_ARMAGEDDON,
                "choices": [*range(5, 31), "off"],
                "help": "At the end of your turn, if your C.LL is at most this, it gains 1 (BH-07).",
            }
        ]

    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        from .ai import agent_levels

        return agent_levels()

    # (BHM's lookahead plays greedy's moves and judges its opening hand by playouts, docs/ai.md
    # session 40: not the common "plans its turn, weighs the reply")
    LEVEL_WORDS = {**Game.LEVEL_WORDS, "lookahead": "best-looking move, tests its first hand"}

    @classmethod
    def default_agent_level(cls) -> str:
        from .ai import DEFAULT_LEVEL

        return DEFAULT_LEVEL

    # ------------------------------------------------------------------ card queries
    def card(self, uid: int) -> BhmCard:
        return self.zones.cards[uid]

    def cards_in(self, zone: str) -> list[BhmCard]:
        cards = self.zones.cards
        out = []  # a loop: a comprehension is a function call of its own in Python 3.11
        for u in self.zones.zones[zone].cards:
            out.append(cards[u])
        return out

    def cards_seen(self, zone: str) -> list[BhmCard]:
        """`cards_in(zone)` for reading only (`Zones.look`: no copy of a card the game shares with
        a clone or its parent): never write one, nor keep one across a write of the game."""
        cards = self.zones.look
        out = []
        for u in self.zones.zones[zone].cards:
            out.append(cards[u])
        return out

    def slot_of(self, c: BhmCard) -> str | None:
        if c.zone in _BEING_ZONES:
            return c.zone
        if c.zone in _DESERTER_ZONES and c.home >= 0:
            return f"slot:{c.controller}:{c.home}"
        return None

    def occupant(self, zone: str) -> BhmCard | None:
        cards = self.zones.zones[zone].cards
        if cards:
            c = self.zones.cards[cards[0]]
            if c.defn.is_field:
                return c
        return None

    def on_field(self, c: BhmCard) -> bool:
        zone = c.zone
        return zone in _BEING_ZONES and c.defn.is_field and self.zones.zones[zone].cards[0] == c.uid

    def slot_zones(self) -> tuple[tuple[Zone, ...], tuple[Zone, ...]]:
        """Each player's being zones, in order (`zones.slots`, worked out from `zones`)."""
        zones = self.zones.zones
        return tuple(zones[_SLOT_ZONES[0][i]] for i in range(SLOTS)), tuple(
            zones[_SLOT_ZONES[1][i]] for i in range(SLOTS)
        )

    def territory_zones(self) -> tuple[Zone, Zone]:
        """Each player's territories zone (`_territories`, worked out from `zones`)."""
        return self.zones.zones[_TERRITORIES[0]], self.zones.zones[_TERRITORIES[1]]

    def field_cards(self, p: int) -> list[BhmCard]:
        """The beings and entities player p has in their 10 being zones, the `occupant` of each that
        has one, in zone order (a new list of `_field[p]`, which `zones` keeps)."""
        return list(self._field[p])

    def goal_facts(self) -> GoalFacts:
        """What a puzzle's goal reads (`common.goals`): each side's beings and entities in its
        being zones (a fled being is off the field) and each side's C.LL."""
        units = tuple(tuple((c.defn.id, c.defn.name) for c in self._field[p]) for p in (0, 1))
        return GoalFacts(
            self.turn, self.active, (units[0], units[1]), {"cll": (self.cll[0], self.cll[1])}, {"cll": "C.LL"}
        )

    def fled_cards(self) -> list[BhmCard]:
        """Both players' beings waiting in the deserters zones (BH-37)."""
        return self.cards_in("deserters:0") + self.cards_in("deserters:1")

    def attachments(self, c: BhmCard) -> list[BhmCard]:
        """The cards attached to `c`, for reading only (`Zones.look`: no copy of a card the game
        shares with a clone or its parent): never write one, nor keep one across a write."""
        zone = c.zone
        if zone in _BEING_ZONES:  # its own zone: the other cards there
            uids = self.zones.zones[zone].cards
            if len(uids) == 1:
                return []  # alone (most beings): no loop
        else:
            slot = self.slot_of(c)  # a fled being's zone (BH-37)
            if slot is None:
                return []
            uids = self.zones.zones[slot].cards
        cards, uid = self.zones.look, c.uid
        out = []  # a loop, as in `cards_in`
        for u in uids:
            if u != uid:
                out.append(cards[u])
        return out

    def free_slot(self, p: int) -> str | None:
        fled = self.zones.zones[_DESERTERS[p]].cards  # a fled being's zone waits for it
        homes = {c.home for c in self.cards_in(_DESERTERS[p])} if fled else ()
        for i, z in enumerate(self.zones.slots[p]):
            if not z.cards and i not in homes:
                return z.name
        return None

    def label(self, c: BhmCard) -> str:
        """The card's name, with its seat and being zone when another card in play has the same name
        (two Ember Squires, or a mirror match)."""
        nameless = c.nameless  # BH-101 (`name_of(c)`, without its call: ~140 labels a game)
        name = NAMELESS if nameless else c.defn.name
        zone = c.zone
        slot = zone if zone in _BEING_ZONES else self.slot_of(c)  # `slot_of(c)`, called only out of them
        if slot is None:
            return name
        cards, zones = self.zones.look, self.zones.zones  # (read only)
        uid = c.uid
        if not nameless:
            # A card not nameless has its printed name; another card has that name only if it is
            # printed with it too: its namesakes are all to look at (not the 20 being zones).
            namesakes = self._namesakes
            if len(namesakes) != len(cards):  # a card was added (set-up, scenario)
                namesakes = self._namesakes = self.namesakes()
            for u in namesakes[uid]:
                o: BhmCard = cards[u]
                where = o.zone  # (most are in a deck, hand or dead zone: no call for them)
                if (
                    where in _NEAR_FIELD_ZONES
                    and (where in _DESERTER_ZONES or self.on_field(o))
                    and name_of(o) == name
                ):
                    return self._zone_label(c, name, slot)
            return name
        for p in (0, 1):  # `field_cards(p)` and the deserters, without making the lists
            for o in self._field[p]:
                if o.uid != uid and name_of(o) == name:
                    return self._zone_label(c, name, slot)
            for u in zones[_DESERTERS[p]].cards:
                if u != uid and name_of(cards[u]) == name:
                    return self._zone_label(c, name, slot)
        return name

    def namesakes(self) -> dict[int, tuple[int, ...]]:
        """Each card's namesakes (see `_namesakes`), worked out from the cards of the game."""
        return _namesakes_of(self.zones.cards)

    @staticmethod
    def _zone_label(c: BhmCard, name: str, slot: str) -> str:
        return f"{name} ({_p(c.controller or 0)} zone {int(slot.rsplit(':', 1)[1]) + 1})"

    def rank_of(self, uid: int) -> int:
        return self.card(uid).defn.rank if uid in self.zones.cards else 0

    # ------------------------------------------------------------------ attributes
    def max_stat(self, c: BhmCard, stat: str) -> int | None:
        """Base + territory auras + attachments + modifiers.

        BH-66 precedence: an effect that *sets* the attribute contradicts every
        other change of it. Among 'set' effects the higher-ranked source wins, on
        equal rank the later one. Against the winning set, another change counts
        only if its card has a higher rank, or the same rank and came later (an
        object or territory of the same rank was in play before it: it loses)."""
        d = c.defn
        base = getattr(d, stat)
        if base is None:
            return None
        # the effects that change this stat: BH-66 weighs no others (the lists made only for a card
        # with modifiers: most have none)
        mods: list[Modifier] | tuple[()] = ()
        if c.modifiers:  # loops: a comprehension is a function call of its own in Python 3.11
            mods, sets = [], []  # (`sets`: those that set it)
            for m in c.modifiers:
                if m.stat == stat:
                    mods.append(m)
                    if m.op == "set":
                        sets.append(m)
        zone = c.zone
        near = zone in _NEAR_FIELD_ZONES  # `on_or_near_field(c)`
        if not mods:  # the common case: no effect changes it, the statics simply add up
            value = base + self._flat_bonuses(c, (stat,), [0])[0] if near else base
            return value if value > 0 else 0
        win = max(sets, key=lambda m: (self.rank_of(m.source), m.order)) if sets else None  # BH-66
        win_rank = self.rank_of(win.source) if win is not None else -1
        statics: list[tuple[int, int]] = []  # (rank of the card, bonus)
        if near:
            cards, zones = self.zones.look, self.zones.zones  # (read only: the definitions)
            slot = self.slot_of(c)
            if slot is not None:  # its attachments (as `attachments(c)`)
                for u in zones[slot].cards:
                    ad = cards[u].defn
                    if u != c.uid and ad.bonus.get(stat):
                        statics.append((ad.rank, ad.bonus[stat]))
            if d.is_being:  # BH-71: auras name beings; celestial entities are not
                for u in self._territories[c.controller].cards:  # type: ignore[index]
                    td = cards[u].defn
                    if td.effect == "aura" and td.stat == stat and td.element in ("", d.element):
                        statics.append((td.rank, td.amount))
        if win is None:
            value = base
            for _, v in statics:
                value += v
        else:
            value = win.value
            for r, v in statics:
                if r > win_rank:
                    value += v
        for m in mods:
            if m.op != "add":
                continue
            if win is None or (self.rank_of(m.source), m.order) > (win_rank, win.order):  # BH-66
                value += m.value
        return max(0, value)

    def stat(self, c: BhmCard, stat: str) -> int | None:
        """Current value: maximum minus what was lost (wounds, spent POD, lost RES/VAL)."""
        m = self.max_stat(c, stat)
        if m is None:
            return None
        field = _LOST.get(stat)
        if field is None:
            return m
        lost = getattr(c, field)
        return m - lost if m > lost else 0  # never below 0 (a comparison: `max()` is a builtin call)

    def cur(self, c: BhmCard, stat: str) -> int:
        """`stat(c, stat)`, 0 when the card has no such attribute."""
        if not c.modifiers and c.zone in _NEAR_FIELD_ZONES:
            # (most: an unmodified card in play) `stat` and `max_stat` without their frames: no
            # BH-66 precedence applies, the statics simply add up, less what was lost, never below
            # 0; `test_fast_paths` compares
            base = getattr(c.defn, stat)
            if base is None:
                return 0
            top = base + self._flat_bonuses(c, (stat,), [0])[0]
            field = _LOST.get(stat)
            lost = 0 if field is None else getattr(c, field)
            return top - lost if top > lost else 0
        v = self.stat(c, stat)
        return 0 if v is None else v

    def abilities_off(self, c: BhmCard) -> bool:
        """BH-33: a being whose POD is 0 loses all its abilities; BH-92 petrified: no function."""
        if c.petrified:
            return True
        if c.zone not in _NEAR_FIELD_ZONES:  # `on_or_near_field(c)` read as it is: the zone name in a set
            return False
        if not (c.pod_spent or c.modifiers or self._lowers):
            return False  # its POD, if any, is at least the printed one, above 0 (`pool_lowers`)
        pod = self.stat(c, "pod")  # None: it has no POD (`stat`, not `cur`: one call fewer)
        return pod is not None and pod <= 0

    def on_or_near_field(self, c: BhmCard) -> bool:
        return c.zone in _NEAR_FIELD_ZONES

    def keywords(self, c: BhmCard) -> list[str]:
        """Effective keywords: printed, granted by attachments, own territories and effects, less
        those `c` does not keep (`_keeps`)."""
        near = c.zone in _NEAR_FIELD_ZONES  # `on_or_near_field(c)`
        d = c.defn
        kws = list(d.keywords)
        if near:
            for a in self.attachments(c):
                kws.extend(a.defn.grants)
            cards = self.zones.look  # (read only: the definitions)
            for u in self._territories[c.controller].cards:  # type: ignore[index]
                td = cards[u].defn
                if d.is_being and td.element in ("", d.element):  # BH-71: beings only
                    kws.extend(td.grants)
            if c.modifiers:
                kws.extend(m.stat[3:] for m in c.modifiers if m.stat.startswith("kw:"))
        out = []  # a loop: a comprehension is a function call of its own in Python 3.11
        for k in kws:
            if self._keeps(c, keyword_name(k)):
                out.append(k)
        return out

    def _keeps(self, c: BhmCard, name: str) -> bool:
        """Whether `c` keeps a keyword named `name` that it has from any source (printed, granted):
        not when, on or near the field, it lost its abilities (BH-33), nor Eternal once it lost its
        name (BH-101). `keywords` and `has` drop keywords only through it."""
        if c.nameless and name == "Eternal":  # BH-101: Eternal goes with the name
            return False
        return c.zone not in _NEAR_FIELD_ZONES or not self.abilities_off(c)

    def has(self, c: BhmCard, name: str) -> bool:
        """Whether `keywords(c)` names `name`. A quick look first at the places `keywords(c)` takes
        keywords from: printed, granted by an attachment or an own territory (looked at only for
        a keyword a card, a territory, of the pool grants: `_grants`, `_land_grants`), or an
        effect. When none names it, `c`
        lacks it (`keywords(c)` can only drop keywords) and the list is not worked out; a printed
        one is named unless `_keeps` drops it (what `keywords(c)` drops it by); for another,
        `keywords(c)` tells (element of the territory, ...)."""
        d = c.defn
        if name in d.kw_names:  # printed: `keywords(c)` names it unless `c` does not keep it
            return self._keeps(c, name)
        zone = c.zone
        if name in self._grants:  # a card of the pool grants it: look at those `c` has it from
            uids: list[int] | tuple[()]
            if zone in _BEING_ZONES:  # its attachments (see `_flat_bonuses`)
                uids = self.zones.zones[zone].cards
                if len(uids) == 1:
                    uids = ()
            elif zone in _DESERTER_ZONES:
                slot = self.slot_of(c)
                uids = () if slot is None else self.zones.zones[slot].cards
            else:  # not `on_or_near_field(c)`
                return False
            if uids:
                cards, uid = self.zones.look, c.uid  # (read only)
                for u in uids:
                    if u != uid and name in cards[u].defn.grant_names:
                        return self._in_keywords(c, name)
            # (the loops behind a test: most cards have no modifier, some sides no territory, and
            # a loop over nothing still makes an iterator)
            if name in self._land_grants:  # (no territory grants "Invisible", "Immune", ...)
                territories = self._territories[c.controller].cards  # type: ignore[index]
                if territories:
                    cards = self.zones.look  # (read only)
                    for u in territories:
                        if name in cards[u].defn.grant_names:
                            return self._in_keywords(c, name)
        elif zone not in _NEAR_FIELD_ZONES:  # (no card grants it, "Intangible" most often asked)
            return False
        if c.modifiers:
            for m in c.modifiers:
                if m.stat.startswith("kw:") and keyword_name(m.stat[3:]) == name:
                    return self._in_keywords(c, name)
        return False

    def _in_keywords(self, c: BhmCard, name: str) -> bool:
        """Whether `keywords(c)` names `name` (`has`, once its quick look has found it somewhere)."""
        # a loop: `any()` of a generator is a function call of its own in Python 3.11
        for k in self.keywords(c):  # noqa: SIM110
            if keyword_name(k) == name:
                return True
        return False

    def kw_value(self, c: BhmCard, name: str) -> int:
        best = 0
        for k in self.keywords(c):
            if keyword_name(k) == name:
                v = keyword_value(k)
                best = max(best, int(v) if v else 0)
        return best

    def add_modifier(
        self, c: BhmCard, stat: str, value: int, op: str, source: int, until: str = "eot"
    ) -> None:
        """A modifier on `c` (BH-66); the state checks run last."""
        self.seq += 1
        c.modifiers = (*c.modifiers, Modifier(stat, value, op, source, until, "", self.seq))  # type: ignore[arg-type]
        if not stat.startswith("kw:"):
            verb = f"becomes {value}" if op == "set" else f"{'+' if value >= 0 else ''}{value}"
            self.log.emit("modify", f"{self.label(c)}: {STAT_LABEL.get(stat, stat)} {verb}", uid=c.uid)
        self.state_checks()

    def grant(self, c: BhmCard, keyword: str, source: int, until: str) -> None:
        self.add_modifier(c, f"kw:{keyword}", 1, "add", source, until)
        self.log.emit("grant", f"{self.label(c)} becomes {keyword}", uid=c.uid)

    # ------------------------------------------------------------------ targeting
    def affected_by(self, t: BhmCard, source: BhmCard, player: int) -> bool:
        """BH-102 Immune X: enemy abilities from cards of rank ≤ X do not affect it."""
        if t.controller == player:
            return True
        x = self.kw_value(t, "Immune") if self.has(t, "Immune") else -1
        return source.defn.rank > x

    def target_problem(self, kind: str, player: int, source: BhmCard, t: BhmCard) -> str | None:
        """Why `t` cannot be the target of `source`'s effect (None: it can)."""
        if kind == "dead_being":
            if t.zone != f"dead:{player}" or t.defn.type not in ("being", "god", "demigod"):
                return f"{t.name} is not a being in your dead zone"
            return None
        if not self.on_field(t):
            return f"{t.name} is not on the field"
        why = self._open_target_problem(kind, player, t)
        if why is not None:
            return _say(why)
        return _say(self._source_target_problem(player, source, t))

    def _open_target_problem(self, kind: str, player: int, t: BhmCard) -> Why | None:
        """The part of `target_problem` that does not depend on the source, for a card on the field
        (`on_field(t)`: `target_problem` asks it first; `targets_for` looks only at `field_cards`)."""
        if not t.defn.is_being:
            return "{0.name} is a celestial entity, not a being (BH-71)", t
        if t.petrified:
            return "{0.name} is petrified", t
        enemy = t.controller != player
        if kind == "own_being" and enemy:
            return "{0.name} is not yours", t
        if kind == "enemy_being" and not enemy:
            return "{0.name} is not an enemy being", t
        if enemy and self.has(t, "Invisible"):  # BH-99
            return "{0.name} is Invisible", t
        return None

    def _source_target_problem(self, player: int, source: BhmCard, t: BhmCard) -> Why | None:
        """The rest of `target_problem`: what depends on the source."""
        if not self.affected_by(t, source, player):
            return (
                "{0.name} is Immune {1} to {2.name} (rank {2.defn.rank})",
                t,
                self.kw_value(t, "Immune"),
                source,
            )
        if source.defn.effect == "freeze" and t.defn.element == "FIRE":  # BH-93
            return "{0.name} is a FIRE being and cannot be frozen", t
        return None

    @staticmethod
    def target_kind(source: BhmCard) -> str | None:
        """The kind of target a card's effect takes (see `target_problem`); None: it needs none."""
        e = EFFECTS.get(source.defn.effect)
        return None if e is None else e.target

    def targets_for(
        self,
        player: int,
        source: BhmCard,
        memo: TargetsMemo | None = None,
        first: bool = False,
    ) -> list[int] | None:
        """Legal targets of a card's effect; None when it needs no target.

        `memo` (a dict that lives only during one `legal_actions()`, state unchanged) keeps, by
        player and kind of target, the field cards found so far to pass the part of
        `target_problem` that does not depend on the source, and the field cards not looked at yet.
        `first`: only whether there is one: the list stops at the first target found (the cards
        after it are looked at only when a later call needs them)."""
        e = EFFECTS.get(source.defn.effect)  # `target_kind(source)`, without its frame
        if e is None:
            return None
        kind = e.target
        if kind is None:
            return None
        if kind == "dead_being":
            cands = self.cards_in(f"dead:{player}")
            found = [t.uid for t in cands if self.target_problem(kind, player, source, t) is None]
            return found[:1] if first else found
        key = (player, kind)
        seen = None if memo is None else memo.get(key)
        if seen is None:
            fields = self._field  # (`field_cards(0) + field_cards(1)`, without the lists)
            seen = ([], iter(fields[0] + fields[1]))
            if memo is not None:
                memo[key] = seen
        open_targets, unseen = seen
        out = []
        if open_targets:  # (a new memo has none yet: a loop over nothing still makes an iterator)
            for t in open_targets:
                if self._source_target_problem(player, source, t) is None:
                    out.append(t.uid)
                    if first:
                        return out
        for t in unseen:  # (the memo's iterator: a card looked at here is not looked at again)
            if self._open_target_problem(kind, player, t) is None:
                open_targets.append(t)
                if self._source_target_problem(player, source, t) is None:
                    out.append(t.uid)
                    if first:
                        return out
        return out

    def attack_problem(self, a: BhmCard, t: BhmCard, physical: bool) -> str | None:
        """BH-30..BH-36: why `a` cannot attack `t` now (None: it can)."""
        why = self._attacker_problem(a, physical)
        if why is None:  # the attacked card: on the field (asked here), then `_attacked_problem`
            why = self._attacked_problem(a.controller, t, physical) if self.on_field(t) else (_NOT_ENEMY, t)
        return _say(why)

    def _attacker_problem(self, a: BhmCard, physical: bool) -> Why | None:
        """The part of `attack_problem` about the attacker."""
        if not self.on_field(a):  # (`_attacker_ready_problem` takes a card on the field)
            return _NOT_YOURS, a
        return self._attacker_ready_problem(a) or self._attack_means_problem(a, physical)

    def _attacker_ready_problem(self, a: BhmCard) -> Why | None:
        """The part of `_attacker_problem` that is the same for both kinds of attack: whether `a`,
        on the field (`_attacker_problem` asks; `legal_actions()` looks only at `field_cards`), may
        attack at all now."""
        if a.controller != self.active:
            return _NOT_YOURS, a
        if a.petrified:
            return "{0.name} is petrified", a
        if a.frozen:
            return "{0.name} is frozen", a  # BH-93
        if a.attacked:
            return "{0.name} has already attacked this turn", a  # BH-35
        if a.invoked:
            return "{0.name} made an invocation this turn and cannot attack", a  # BH-74
        return None

    def _attack_means_problem(self, a: BhmCard, physical: bool) -> Why | None:
        """The rest of `_attacker_problem`: what the kind of attack takes of `a`."""
        # `stat`, not `cur`: one call fewer; None when the card has no such attribute. Not asked
        # when the attribute is at least its printed value, above 0: no effect modifies the card,
        # it lost none of it (FUE is never lost) and no card lowers one by a static (`pool_lowers`)
        d = a.defn
        if physical:
            if not d.fue or a.modifiers or self._lowers:
                fue = self.stat(a, "fue")
                if fue is None or fue <= 0:
                    return "{0.name} has no FUE", a  # BH-30
        else:
            if d.pod is None or a.pod_spent or a.modifiers or self._lowers:
                pod = self.stat(a, "pod")
                if pod is None or pod <= 0:
                    return "{0.name} has no POD", a
            if not self.can_power_attack(a):
                return "{0.name} has executed no power card this turn, has none equipped and no Power Bond", a
        return None

    def _attacked_problem(self, p: int | None, t: BhmCard, physical: bool) -> Why | None:
        """The part of `attack_problem` about the attacked card `t`, on the field (`attack_problem`
        asks; `legal_actions()` looks only at `field_cards`); `p`: the attacker's controller."""
        if t.controller == p:
            return _NOT_ENEMY, t
        if t.defn.salud is None:
            return "{0.name} has no Salud and cannot be attacked", t  # BH-36, BH-70, BH-71
        if t.petrified:
            return "{0.name} is petrified", t
        if self.has(t, "Invisible"):
            return "{0.name} is Invisible", t  # BH-99
        if physical and self.has(t, "Intangible"):
            return "{0.name} is Intangible: physical attacks do not affect it", t  # BH-98
        return None

    def can_power_attack(self, a: BhmCard) -> bool:
        """BH-31, BH-56, BH-96."""
        if a.executed_power:
            return True
        attached = self.attachments(a)
        if attached:  # (most beings have none: a loop over nothing still makes an iterator)
            for x in attached:  # a loop: `any()` of a generator is a call of its own
                if x.defn.type == "power" and x.defn.equip:
                    return True
        return self.has(a, "Power Bond")

    def channelled(self, b: BhmCard) -> int:
        ranks = 0  # a loop: `sum()` of a generator is a function call of its own in Python 3.11
        attached = self.attachments(b)
        if attached:  # (as in `can_power_attack`)
            for x in attached:
                if x.defn.type == "power" and x.defn.equip:
                    ranks += x.defn.rank
        return ranks

    def power_budget(self, b: BhmCard) -> int:
        """BH-55/BH-56: rank left for power cards this turn."""
        zone = b.zone
        if zone in _BEING_ZONES and len(self.zones.zones[zone].cards) == 1:
            return b.defn.rank - b.powers_used  # alone in its zone (most): nothing channelled, no call
        return b.defn.rank - self.channelled(b) - b.powers_used

    def object_budget(self, b: BhmCard) -> int:
        """BH-60: rank left for objects."""
        used = 0  # a loop, as in `channelled`
        attached = self.attachments(b)
        if attached:  # (as in `can_power_attack`)
            for x in attached:
                if x.defn.type == "object":
                    used += x.defn.rank
        return b.defn.rank - used

    def executor_problem(self, card: BhmCard, b: BhmCard) -> Why | None:
        """Why being `b` cannot execute power card `card` now (None: it can; `_say` words it)."""
        if not self.on_field(b) or b.controller != self.active or not b.defn.is_field:
            return "{0.name} is not one of your beings on the field", b
        return self._executor_ready_problem(card, b)

    def _executor_ready_problem(self, card: BhmCard, b: BhmCard) -> Why | None:
        """The rest of `executor_problem`, for one of the active player's beings on the field
        (`executor_problem` asks; `legal_actions()` looks only at the player's `field_cards`)."""
        if b.petrified:
            return "{0.name} is petrified", b
        budget = self.power_budget(b)
        if card.defn.rank > budget:  # BH-55, BH-56
            return (
                "{0.name} (rank {0.defn.rank}) can execute power ranks up to {1} more "
                "this turn; {2.name} is rank {2.defn.rank}",
                b,
                budget,
                card,
            )
        if card.defn.cost and card.defn.cost > self.cur(b, "pod"):  # BH-40
            return "{0.name} consumes {0.defn.cost} POD; {1.name} has {2}", card, b, self.cur(b, "pod")
        return None

    def can_use_ability(self, b: BhmCard) -> Why | None:
        """Why being `b` cannot use its own ability now (None: it can; `_say` words it)."""
        if not self.on_field(b) or b.controller != self.active:
            return "{0.name} is not one of your beings on the field", b
        return self._ability_ready_problem(b)

    def _ability_ready_problem(self, b: BhmCard) -> Why | None:
        """The rest of `can_use_ability`, for one of the active player's beings on the field
        (`can_use_ability` asks; `legal_actions()` looks only at the player's `field_cards`)."""
        if not b.defn.effect:
            return "{0.name} has no ability to use", b
        if b.ability_used:
            return "{0.name} already used its ability this turn", b
        if b.frozen:
            return "{0.name} is frozen", b  # BH-93
        if self.abilities_off(b):
            return "{0.name} has lost its abilities", b  # BH-33
        return None

    # ------------------------------------------------------------------ changes
    def draw(self, p: int, mandatory: bool, quiet: bool = False) -> bool:
        deck = self.zones.zones[_DECKS[p]]
        if not deck.cards:
            if mandatory:  # BH-05
                self.log.emit("deckout", f"{_p(p)} must draw from an empty deck and loses", player=p)
                self._end(1 - p, f"{_p(p)} could not draw", "deck")
            return False
        uid = deck.cards[-1]
        self.zones.move(uid, _HANDS[p])
        if not quiet:
            self.log.emit("draw", f"{_p(p)} draws a card", player=p)
        return True

    def change_cll(self, p: int, delta: int, why: str) -> None:
        before = self.cll[p]
        self.cll[p] = max(0, self.cll[p] + delta)
        if self.cll[p] != before:
            sign = "+" if delta > 0 else ""
            change = self.cll[p] - before
            cll = self.cll[p]
            self.log.emit(
                "cll",
                f"{_p(p)} C.LL {sign}{change} ({why}): {cll}",
                player=p,
                change=change,
                why=why,
                cll=cll,
            )
        self._check_victory()

    def _check_victory(self) -> None:
        if self.won is not None:
            return
        for p in (self.active, 1 - self.active):
            if self.cll[p] >= LOSS_AT:  # BH-05
                self._end(1 - p, f"{_p(p)}'s C.LL reached {LOSS_AT}", "cll")
                return

    def _end(self, winner: int, reason: str, cause: str) -> None:
        """`winner` wins; `reason` in words, `cause` in data (the loser's `deck` empty, BH-05, or its
        `cll` at `LOSS_AT`), for the table's words of it."""
        if self.won is not None:
            return
        self.won = winner
        self.reason = reason
        self.phase = "over"
        self.sub = "over"
        self.pending = None
        self.stack = Stack(self.active)
        self.cancelled = ()
        self.terror = None
        self.log.emit("win", f"{_p(winner)} wins: {reason}", winner=winner, cause=cause, loss_at=LOSS_AT)

    def lose(self, t: BhmCard, stat: str, amount: int, cause: str, label: str | None = None) -> bool:
        """`t` loses `amount` of an attribute (not below 0). True: it did, and the state checks
        ran last (a caller that would run them next can leave them out: nothing changed since).
        `label`: `label(t)`, when the caller has just worked it out (no card has moved since)."""
        cur = self.stat(t, stat)
        if cur is None or amount <= 0:
            return False
        take = min(cur, amount)
        if stat == "salud":
            t.wounds += take
        elif stat == "res":
            t.res_lost += take
        elif stat == "pod":
            t.pod_spent += take
        elif stat == "val":
            t.val_lost += take
        if label is None:
            label = self.label(t)
        self.log.emit(  # what is left: `cur(t, stat)` now, the maximum being as it was
            "lose",
            f"{label} loses {take} {STAT_LABEL[stat]} ({cause}): {cur - take} left",
            uid=t.uid,
        )
        self.state_checks()
        return True

    def recover(self, t: BhmCard, stat: str, amount: int) -> int:
        """`t` regains up to `amount` of an attribute it lost (Salud, VAL), counted from its current
        value and never beyond its maximum; how much it regained. BH-41: a loss beyond the maximum
        (left when a bonus ended: an Ancient Forest destroyed under an Eternal Vaelor at Salud 0)
        is not healed first: "recovers up to 400 Salud" raises its Salud by up to 400."""
        top = self.max_stat(t, stat)
        if top is None:
            return 0
        now = self.cur(t, stat)
        gain = min(amount, top - now)
        setattr(t, _LOST[stat], top - now - gain)
        return gain

    def physical_hit(self, t: BhmCard, strength: int, cause: str) -> bool:
        """BH-30: RES is reduced by the strength; the excess is taken from Salud.
        True: the state checks ran last (see `lose`)."""
        return self.attack_hit(t, strength, cause, res_first=True)

    def attack_hit(self, t: BhmCard, strength: int, cause: str, res_first: bool, note: str = "") -> bool:
        """An attack's `strength` dealt to `t`: its RES first (BH-30: a physical attack, BH-97: a
        power attack on Magic Resistance), the rest to its Salud (BH-31: all of a power attack's
        otherwise), told on one line in the words of the attack's choice (`attack_outcome`), with
        what is left: `Kalzar's attack on Ember Squire: RES 100 → 0, 700 to Salud, kills it`,
        `Pyre Warlock's power attack on Kalzar: 300 to Salud, 1000 left`, `… on Thunder Knight:
        RES 400 → 300 (RES only)`, `… on Bone Revenant: 200 to Salud, 0 left (Immortal)` (BH-95:
        not killed). Its event carries the facts (`hit`: a `Hit` as it was before the hit, `uid`:
        the target), its words are `Hit.words`'. True: the state checks ran last (see `lose`)."""
        hit = self.hit(t, strength, res_first)
        res, salud = hit[2], hit[3]  # (its fields read as a tuple's, not through properties: the
        # busy path of every attack, docs/performance.md)
        told = f"{cause} on {self.label(t)}{note}: {_hit_words(hit, True)}"
        if res_first and strength <= res:  # BH-30: all of it to its RES (`Hit.res_only`)
            t.res_lost += strength
            self.log.emit("hit", told, uid=t.uid, hit=hit)
            return False
        t.res_lost += res
        lost = min(salud, strength - res)
        if lost > 0:
            t.wounds += lost
        self.log.emit("hit", told, uid=t.uid, hit=hit)
        if lost <= 0:
            return False
        self.state_checks()
        return True

    def tough(self, t: BhmCard) -> str | None:
        """The keyword that keeps `t` alive at Salud 0 (BH-95 Immortal, BH-101 Eternal), or None."""
        return "Immortal" if self.has(t, "Immortal") else "Eternal" if self.has(t, "Eternal") else None

    def hit(
        self, t: BhmCard, strength: int, res_first: bool, res: int | None = None, salud: int | None = None
    ) -> Hit:
        """What `strength` does to `t`, RES first or not (see `attack_hit`), as data (`Hit`; its
        words: `hit_words`). `res`, `salud`: their current values (`cur`), when the caller has them.
        (The keywords are asked about only when the hit reaches Salud 0: `attack_hit` tells every
        attack with it.)"""
        if res is None and salud is None and res_first and not t.modifiers and t.zone in _NEAR_FIELD_ZONES:
            # (most hits: a physical attack on an unmodified being) both `cur`s at once: no BH-66
            # precedence applies, the statics simply add up (`max_stat`), one look at them for
            # both (`_flat_bonuses`), less what was lost; `test_fast_paths` compares
            d = t.defn
            br, bs = self._flat_bonuses(t, _RES_SALUD, [0, 0])
            if d.res is None:
                res = 0
            else:
                top = d.res + br
                res = top - t.res_lost if top > t.res_lost else 0  # (never below 0, `stat`)
            if d.salud is None:
                salud = 0
            else:
                top = d.salud + bs
                salud = top - t.wounds if top > t.wounds else 0
        if res is None:
            res = self.cur(t, "res") if res_first else 0
        if salud is None:
            salud = self.cur(t, "salud")
        if res_first and strength <= res:  # (Immortal, Eternal: said of a being at Salud 0)
            return Hit(strength, True, res, salud, self.tough(t) if salud <= 0 else None, False)
        tough = self.tough(t) if strength - res >= salud else None  # (it matters only at 0)
        # (`no RES left`: none lost, none had)
        gone = res_first and not res and bool(t.res_lost) and bool(self.max_stat(t, "res"))
        return Hit(strength, res_first, res, salud, tough, gone)

    def hit_words(
        self, t: BhmCard, strength: int, res_first: bool, res: int | None = None, salud: int | None = None
    ) -> str:
        """What `strength` does to `t`, RES first or not (see `attack_hit`), in the words of an
        attack's choice (`attack_outcome`): `500 to Salud`, `500 to Salud, kills it` (when that is all
        its Salud, or more, and nothing keeps it alive: BH-95 Immortal, BH-101 Eternal), with its RES
        first `RES 400 → 0, 100 to Salud`, `no RES left, 500 to Salud` (a power attack on Magic
        Resistance, BH-97), `RES 400 → 300 (RES only)`; on an Immortal or Eternal being at Salud 0
        `no effect: Immortal at Salud 0` (`RES 200 → 0, RES only: Immortal at Salud 0`): the words
        of `hit` (`Hit.words`)."""
        return self.hit(t, strength, res_first, res, salud).words()

    def kill(self, c: BhmCard, how: str, cause: str, by_effect: bool = False) -> None:
        """BH-90 Kill (+2), BH-91 Annihilate (+5); BH-70 gods +1; BH-72 invocations return."""
        if not self.on_field(c):
            return
        if self.has(c, "Eternal"):  # BH-101
            self.log.emit("eternal", f"{self.label(c)} is Eternal and cannot be {how}ed ({cause})", uid=c.uid)
            return
        if how == "kill" and by_effect and self.has(c, "Immortal"):  # BH-95
            self.log.emit("immortal", f"{self.label(c)} is Immortal: {cause} cannot kill it", uid=c.uid)
            return
        p = c.controller
        assert p is not None
        word = "annihilated" if how == "annihilate" else "killed"
        self.log.emit(how, f"{self.label(c)} is {word} ({cause})", uid=c.uid)
        gain = 5 if how == "annihilate" else 2  # BH-06
        if c.defn.type in ("god", "demigod"):
            gain += 1  # BH-70
        dest = f"invocations:{c.owner}" if c.defn.type == "invocation" else _DEAD[c.owner]
        self._leave_field(c, dest)
        if c.defn.is_being:  # BH-71: entities are not beings; their loss does not count
            self.change_cll(p, gain, f"{c.name} {word}")

    def _leave_field(self, c: BhmCard, dest: str) -> None:
        slot = self.slot_of(c)
        if slot is not None:
            for u in list(self.zones[slot].cards):
                if u == c.uid:
                    continue
                a = self.card(u)
                if a.defn.type == "object" and "Indestructible" in a.defn.keywords:  # BH-94
                    self.log.emit("stay", f"{a.name} is Indestructible and stays in its being zone", uid=u)
                    continue
                self.zones.move(u, _DEAD[a.owner])
                a.reset()
        if dest.startswith("invocations:"):  # BH-72 face down again
            self.log.emit("return", f"{c.defn.name} returns face down to the invocation zone", uid=c.uid)
        self.zones.move(c.uid, dest)
        c.reset()

    def petrify(self, c: BhmCard, cause: str) -> None:
        """BH-92: C.LL +2, stays on the field with no function."""
        if not self.on_field(c) or c.petrified:
            return
        if self.has(c, "Eternal"):
            self.log.emit("eternal", f"{self.label(c)} is Eternal and cannot be petrified", uid=c.uid)
            return
        c.petrified = True
        self.log.emit("petrify", f"{self.label(c)} is petrified ({cause})", uid=c.uid)
        assert c.controller is not None
        self.change_cll(c.controller, 2, f"{c.name} petrified")

    def freeze(self, c: BhmCard, cause: str) -> None:
        """BH-93: until its controller's final phase; FIRE beings are not affected."""
        if c.defn.element == "FIRE":
            self.log.emit("freeze", f"{self.label(c)} is a FIRE being: it does not freeze", uid=c.uid)
            return
        c.frozen = True
        self.log.emit("freeze", f"{self.label(c)} is frozen ({cause})", uid=c.uid)

    def flee(self, c: BhmCard) -> None:
        """BH-37: VAL 0 → deserters zone, C.LL +1; a returned being that flees again goes to the deck."""
        if self.has(c, "Eternal"):  # BH-101 cannot be removed from the field
            return
        p = c.controller
        assert p is not None
        slot = self.slot_of(c)
        assert slot is not None
        if c.returned:
            label = self.label(c)
            self.log.emit(
                "flee",
                f"{label} flees again and goes back to {_p(p)}'s deck",
                uid=c.uid,
                player=p,
                label=label,
            )
            dest = f"invocations:{c.owner}" if c.defn.type == "invocation" else f"deck:{c.owner}"
            self._leave_field(c, dest)
            if dest.startswith("deck:"):
                self.rng.shuffle(self.zones[dest].cards)
        else:
            c.home = int(slot.rsplit(":", 1)[1])
            self.zones.move(c.uid, _DESERTERS[p])
            self.log.emit(
                "flee", f"{self.label(c)} loses its courage and flees to the deserters zone", uid=c.uid
            )
        self.change_cll(p, 1, f"{c.defn.name} fled")

    def state_checks(self) -> None:
        """BH-33 (POD/Salud 0 kill), BH-37 (VAL 0 flees), repeated until stable."""
        while self.won is None:
            due = self._state_check_due()
            if due is None:
                return
            c, what = due
            if what == "val":
                self.flee(c)
            else:
                self.kill(c, "kill", "POD 0" if what == "pod" else "Salud 0")

    def _state_check_due(self) -> tuple[BhmCard, str] | None:
        """The first card on the field (the active player's, then the other's, each in zone order)
        that a state check takes, with what it lost ("pod", "salud": it dies; "val": it flees), or
        None.

        One pass over the field cards (`_field`) without a call per card: a current
        value (`stat`) is 0 exactly when what was lost reaches the maximum (`stat`; losses are
        never below 0). When no card lowers an attribute by a static (`pool_lowers`), a card that
        no effect modifies is at its printed values or above, less what it lost: not at 0 while it
        lost less than each printed value (most cards lost nothing); `_flat_bonuses` is asked only
        of the others."""
        unlowered = not self._lowers
        for p in (self.active, 1 - self.active):
            for c in self._field[p]:
                if unlowered and not (c.pod_spent or c.wounds or c.val_lost or c.modifiers):
                    continue  # (most cards: it lost nothing, see below)
                if c.petrified:
                    continue
                d = c.defn
                if c.modifiers:  # BH-66 may apply: `stat` weighs it
                    pod, salud, val = self.stat(c, "pod"), self.stat(c, "salud"), self.stat(c, "val")
                    pod_out = pod is not None and pod <= 0
                    salud_out = salud is not None and salud <= 0
                    val_out = val is not None and val <= 0
                elif unlowered and (
                    (d.pod is None or c.pod_spent < d.pod)
                    and (d.salud is None or c.wounds < d.salud)
                    and (d.val is None or c.val_lost < d.val)
                ):
                    continue  # what it lost is below each printed value, which the statics only raise
                else:
                    bp, bs, bv = self._flat_bonuses(c, _CHECKED, [0, 0, 0])
                    pod_out = d.pod is not None and d.pod + bp <= c.pod_spent
                    salud_out = d.salud is not None and d.salud + bs <= c.wounds
                    val_out = d.val is not None and d.val + bv <= c.val_lost
                if pod_out and not d.survives_pod_zero and not self._executing(c):
                    # BH-33: POD 0 loses all abilities (Eternal, Immortal included) and kills
                    return c, "pod"
                if salud_out and not (self.has(c, "Immortal") or self.has(c, "Eternal")):  # BH-95, BH-101
                    return c, "salud"
                if val_out and not self.has(c, "Eternal"):
                    return c, "val"
        return None

    def _executing(self, c: BhmCard) -> bool:
        """Whether `c` is the executor of a power card waiting on the stack. BH-40 / BH-33: a being
        may execute a power that consumes all the POD it has left; it is killed at POD 0 once that
        power has resolved (or been cancelled), not by the state checks of a reaction answering the
        power first (BH-67), which would make the power fizzle for want of its executor."""
        uid = c.uid
        return any(e[0] == "power" and e[2] == uid for _, e in self.stack.items)

    def _flat_bonuses(self, c: BhmCard, stats: tuple[str, ...], out: list[int]) -> list[int]:
        """What the statics add to each of `stats` of `c`, on or near the field, when no
        effect modifies it (so no BH-66 precedence applies): its attachments' bonuses and
        its own territories' auras, one look at each. They are added to `out`, the caller's list
        of one 0 per stat (a list written out is quicker to make than `[0] * len(stats)`)."""
        d = c.defn
        cards = self.zones.look  # (read only: the definitions)
        # its attachments (as `attachments(c)`): none when it is alone in its own zone (most
        # beings); a fled being's zone (BH-37) is not its own: what is left there, even one card,
        # is its attachments
        zone = c.zone
        uids: list[int] | tuple[()]
        if zone in _BEING_ZONES:
            uids = self.zones.zones[zone].cards
            if len(uids) == 1:
                uids = ()
        else:
            slot = self.slot_of(c)
            uids = () if slot is None else self.zones.zones[slot].cards
        if uids:
            uid = c.uid
            for u in uids:
                if u != uid:
                    bonus = cards[u].defn.bonus
                    if bonus:
                        for i, stat in enumerate(stats):
                            if stat in bonus:  # quicker than `bonus.get` on a read-only mapping
                                out[i] += bonus[stat]
        territories = self._territories[c.controller].cards  # type: ignore[index]
        if territories and d.is_being:  # BH-71: auras name beings; celestial entities are not
            for u in territories:  # (behind a test: a loop over nothing still makes an iterator)
                td = cards[u].defn
                if td.effect == "aura" and td.stat in stats and td.element in ("", d.element):
                    out[stats.index(td.stat)] += td.amount
        return out

    def enter_field(self, c: BhmCard, p: int, how: str) -> None:
        slot = self.free_slot(p)
        assert slot is not None
        self.zones.move(c.uid, slot)
        c.reset()
        c.controller = p
        c.entered = self.turn
        zone_no = int(slot.rsplit(":", 1)[1]) + 1
        self.log.emit(
            "enter",
            f"{c.name} enters {_p(p)}'s being zone {zone_no} ({how})",
            uid=c.uid,
            player=p,
            name=c.name,
            zone=zone_no,
            how=how,
        )
        if self.has(c, "Terror"):  # BH-100
            x = self.kw_value(c, "Terror")
            if any(self._terror_ok(c, t) for t in self.field_cards(1 - p)):
                self.terror = (c.uid, x)

    def _terror_ok(self, src: BhmCard, t: BhmCard) -> bool:
        return (
            self.target_problem("enemy_being", src.controller or 0, src, t) is None and t.defn.val is not None
        )

    # ------------------------------------------------------------------ the decision loop
    def is_over(self) -> bool:
        return self.won is not None

    def winner(self) -> int | None:
        return self.won

    def decision(self) -> Decision | None:
        if self.won is not None:
            return None
        p = self.active
        s = self.sub
        if s == "mulligan":
            n = len(self.zones[f"aside:{self.mull_player}"])
            return Decision(
                self.mull_player,
                "mulligan",
                f"{_p(self.mull_player)}: set aside cards to redraw ({n} set aside), or keep",
            )
        if s == "terror":
            assert self.terror is not None
            src = self.card(self.terror[0])
            targets = [t.uid for t in self.field_cards(1 - src.controller) if self._terror_ok(src, t)]  # type: ignore[operator]
            return Decision(
                src.controller or 0,
                "target",
                f"Terror {self.terror[1]}: pick an enemy being to lose {self.terror[1]} VAL (or skip)",
                {"source": src.uid, "targets": targets, "optional": True},
            )
        if s == "target":
            assert self.pending is not None
            src, targets = self._pending_targets()
            return Decision(
                p, "target", f"Choose a target for {src.name}", {"source": src.uid, "targets": targets}
            )
        if s == "invest":
            assert self.pending is not None
            a = self.card(self.pending[1])
            return Decision(
                p,
                "invest",
                f"How much POD does {self.label(a)} invest (POD {self.cur(a, 'pod')})?",
                {"source": a.uid, "target": self.pending[2], "pod": self.cur(a, "pod")},
            )
        if s == "respond":
            q = self.stack.priority
            found = self.answerable(q)
            assert found is not None
            j, pa = found
            return Decision(
                q,
                "respond",
                f"React to: {self.entry_text(j)}?",
                {
                    "pending": list(pa),
                    "target": self.pending_target(pa),
                    "entry": j,
                    "stack": len(self.stack),
                },
            )
        if s == "draw":
            return Decision(p, "draw", "Final phase: draw a card (optional)?")
        if s == "discard":
            who = self.discarder()
            assert who is not None
            n = len(self.zones[f"hand:{who}"]) - HAND_LIMIT
            return Decision(who, "discard", f"Discard down to {HAND_LIMIT} cards ({n} more)")
        if s == "combat":
            return Decision(p, "combat", f"Combat phase: declare attacks ({_p(p)})")
        return Decision(
            p,
            "turn",
            f"{PHASE_NAMES[self.phase]}: calls (budget {self.budget}), cards, abilities — or next",
        )

    def _pending_targets(self) -> tuple[BhmCard, list[int]]:
        """The pending card (for reading only: `Zones.look`) and its targets."""
        assert self.pending is not None
        kind = self.pending[0]
        if kind == "territory":
            src = self.zones.look[self.pending[1]]
            opp = 1 - self.active
            return src, [
                t.uid
                for t in self.cards_seen(f"territories:{opp}")
                if "Indestructible" not in t.defn.keywords
            ]
        src = self.zones.look[self.pending[1]]
        return src, self.targets_for(self.active, src) or []

    def legal_actions(self) -> list[Action]:
        if self.won is not None:
            return []
        s = self.sub
        if s != "main" and s != "combat":  # (most decisions are the turn's: asked first, here)
            return self._decision_actions(s)
        # a strategy phase ("main") or the combat phase
        p = self.active
        out: list[Action] = []
        look = self.zones.look  # `cards_seen(_HANDS[p])` without its frame (legal actions: read only)
        hand = []
        for u in self.zones.zones[_HANDS[p]].cards:
            hand.append(look[u])
        mine = self._field[p]  # (`field_cards(p)`, not copied: the state does not change here)
        free: bool | None = None  # `free_slot(p) is not None`, asked once a card could take a zone
        for c in hand:  # BH-10, BH-12
            if c.defn.is_field and self.call_problem(c) is None:
                if free is None:
                    free = self.free_slot(p) is not None
                if free:
                    out.append(_ONE["call"][c.uid])
        if s == "combat":
            # each being that may attack (`_attacker_problem`, its part shared by both attacks asked
            # once), with its attacks in the order of the enemies: the enemies that may be attacked
            # (`attack_problem`'s target part) worked out once, at the first being that may attack,
            # and those of them a physical attack may aim at too (BH-98)
            aims: list[int] | None = None
            solid: list[int] = []
            for a in mine:
                if self._attacker_ready_problem(a) is not None:
                    continue
                phys = self._attack_means_problem(a, True) is None
                power = not a.power_attacked and self._attack_means_problem(a, False) is None
                if not phys and not power:
                    continue
                if aims is None:
                    aims = []
                    for foe in self._field[1 - p]:
                        if self._attacked_problem(p, foe, False) is None:
                            aims.append(foe.uid)
                            if not self.has(foe, "Intangible"):  # BH-98
                                solid.append(foe.uid)
                if not power:  # (most: only a physical attack)
                    attacks = _TWO["attack"][a.uid]
                    for target in solid:
                        out.append(attacks[target])
                elif not phys:
                    pattacks = _TWO["pattack"][a.uid]
                    for target in aims:
                        out.append(pattacks[target])
                else:  # both, enemy by enemy: the physical attack first
                    attacks, pattacks = _TWO["attack"][a.uid], _TWO["pattack"][a.uid]
                    for target in aims:
                        if target in solid:
                            out.append(attacks[target])
                        out.append(pattacks[target])
            out.append(_NEXT)
            return out
        memo: TargetsMemo = {}  # `targets_for`, for this state only
        for c in hand:
            t = c.defn.type
            if t == "power":
                if self.targets_for(p, c, memo, True) == []:
                    continue
                for b in mine:
                    if self._executor_ready_problem(c, b) is None:  # (`executor_problem`)
                        out.append(_TWO["power"][c.uid][b.uid])
            elif t == "object":
                for b in mine:
                    if not b.petrified and c.defn.rank <= self.object_budget(b):
                        out.append(_TWO["equip"][c.uid][b.uid])
            elif t == "strategy":
                if self.strategy_problem(c, memo) is None:
                    out.append(_ONE["strategy"][c.uid])
            elif t == "territory" and len(self._territories[p].cards) < 2:  # BH-50 (the Zone kept)
                out.append(_ONE["territory"][c.uid])
        # BH-94: an Indestructible object left alone may be attached again: in a being zone whose
        # first card is no being (there is one when more zones hold a card than there are field
        # cards; the zone's number, for `homes`, asked only of such a zone)
        held = self.zones.held[p]
        if len(held) != len(mine):
            fled = self.zones.zones[_DESERTERS[p]].cards
            homes = {c.home for c in self.cards_in(_DESERTERS[p])} if fled else ()
            table = self.zones.cards
            for z in held:
                if table[z.cards[0]].defn.is_field:
                    continue
                if self.zones.slots[p].index(z) not in homes:
                    for u in z.cards:
                        o = self.card(u)
                        if o.defn.type == "object":
                            for b in mine:
                                if not b.petrified and o.defn.rank <= self.object_budget(b):
                                    out.append(_TWO["equip"][u][b.uid])
        # the abilities, and the beings that may invoke (offered after them), in one loop: a
        # comprehension is a function call of its own in Python 3.11
        invokers = []
        for b in mine:
            d = b.defn
            if (
                d.effect
                and self._ability_ready_problem(b) is None  # (`can_use_ability`)
                and self.targets_for(p, b, memo, True) != []
            ):
                out.append(_ONE["ability"][b.uid])
            # BH-74: an invoker that invokes declares no attack that turn: one that attacked does not invoke
            if d.is_invoker and b.inv_points > 0 and not b.frozen and not b.attacked:
                invokers.append(b)
        if invokers and (self.free_slot(p) is not None if free is None else free):
            for inv in self.cards_seen(f"invocations:{p}"):
                for b in invokers:
                    if inv.defn.rank <= b.inv_points:  # BH-73
                        out.append(_TWO["invoke"][inv.uid][b.uid])
        out.append(_NEXT)
        return out

    def _decision_actions(self, s: str) -> list[Action]:
        """`legal_actions()` of a decision other than the turn's phases (`sub` is `s`)."""
        # the actions from the module's tables (`_ONE`, `_TWO`), mapped without comprehensions
        # (a frame of their own in Python 3.11)
        if s == "mulligan":
            q = self.mull_player
            return [*map(_ONE["aside"].__getitem__, self.zones[f"hand:{q}"].cards), _KEEP]
        if s == "terror":
            dec = self.decision()
            assert dec is not None
            return [*map(_ONE["target"].__getitem__, dec.context["targets"]), _SKIP]
        if s == "target":
            _, targets = self._pending_targets()
            return list(map(_ONE["target"].__getitem__, targets))
        if s == "invest":
            a = self.card(self.pending[1])  # type: ignore[index]
            pod = self.cur(a, "pod")
            invest = _ONE["invest"]
            return [*map(invest.__getitem__, range(100, pod, 100)), invest["all"]]
        if s == "respond":
            q = self.stack.priority
            react = _ONE["react"]
            answers: list[Action] = []
            for r in self.reactions_for(q):
                answers.append(react[r.uid])
            answers.append(_PASS)
            return answers
        if s == "draw":
            return [_DRAW, _NODRAW]
        if s == "discard":
            who = self.discarder()
            assert who is not None
            return list(map(_ONE["discard"].__getitem__, self.zones[f"hand:{who}"].cards))
        raise AssertionError(f"no actions for the decision {s!r}")

    def strategy_problem(self, c: BhmCard, memo: TargetsMemo | None = None) -> Why | None:
        """Why strategy card `c` cannot be played now (None: it can; `_say` words it); `memo`: see
        `targets_for`."""
        p = self.active
        if c.defn.reaction:
            return ("{0.name} is a reaction card: play it right after an enemy action (BH-67)", c)
        if self.strat_played:
            return ("you already played a strategy card in this strategy phase (BH-21)",)
        if c.defn.rank > self.cll[p]:  # BH-11
            return "{0.name} is rank {0.defn.rank}; your C.LL is {1}", c, self.cll[p]
        if self.targets_for(p, c, memo, True) == []:
            return "{0.name} has no legal target", c
        return None

    def strategy_phase_problem(self, c: BhmCard) -> str | None:
        """Why card `c` of the active player's hand could not be played in a strategy phase of this
        turn, its call budget and C.LL as they are now (None: none found, or not a card of that
        hand). For a UI asked about a hand card after those phases (the final phase, BH-24, whose
        only choice is the draw): the reason the strategy phases had nothing to play. Read only."""
        p = self.active
        if c.zone != f"hand:{p}":
            return None
        d = c.defn
        if d.is_field:
            if self.free_slot(p) is None:
                return "all 10 of your being zones are taken"
            return _say(self.call_problem(c))  # (not the combat phase: the war call's budget, BH-10)
        if d.type == "strategy":
            return _say(self.strategy_problem(c))
        if d.type == "territory" and len(self.zones[f"territories:{p}"]) >= 2:
            return "you already hold 2 territories (BH-50)"
        if d.type in ("power", "object") and not self.field_cards(p):
            return f"you have no being on the field to {'execute' if d.type == 'power' else 'carry'} it"
        return None

    def call_problem(self, c: BhmCard) -> Why | None:
        """Why being `c` of the active player's hand cannot be called now, in a strategy or the
        combat phase, for the kind of call and its rank (None: it can; `_say` words it). Whether
        it is in the hand and a being, the phase, and a free being zone are asked by the callers.
        The one place that says what a call needs (BH-10, BH-12)."""
        d = c.defn
        if d.instant:
            # BH-12: an instant call costs no budget, but like any call (and like a strategy card,
            # BH-11) it needs rank <= C.LL
            cll = self.cll[self.active]
            if d.rank > cll:
                return (
                    "{0.name} is rank {0.defn.rank}; an instant call needs rank ≤ your C.LL ({1}) (BH-12)",
                    c,
                    cll,
                )
            return None
        if self.sub == "combat":
            return ("war calls are made in the strategy phases; only instant calls now (BH-12)",)
        if d.rank > self.budget:  # BH-10
            return (
                "not enough call budget: {0.name} is rank {0.defn.rank}, you have {1} left (BH-10)",
                c,
                self.budget,
            )
        return None

    def answerable(self, q: int) -> tuple[int, tuple[Any, ...]] | None:
        """BH-67: the entry a reaction of player q would answer now: the most recent enemy action on
        the stack (index from the bottom, entry), or None. A reaction answers an action of the other
        player, never one of q's own; an entry already cancelled (or a reaction to one) cannot be
        answered any more."""
        items = self.stack.items  # (read only: no copy)
        for i in range(len(items) - 1, -1, -1):
            c, e = items[i]
            if c != q:
                return None if self.entry_dead(i) else (i, e)
        return None

    def entry_dead(self, i: int) -> bool:
        """The stack entry at index i was cancelled, or is a reaction to a dead entry (it will fizzle)."""
        items = self.stack.items  # (read only: no copy)
        while i >= 0:
            if i in self.cancelled:
                return True
            e = items[i][1]
            if e[0] != "react":
                return False
            i = int(e[2])
        return False

    def reactions_for(self, q: int, pa: tuple[Any, ...] | None = None) -> list[BhmCard]:
        """Reaction cards player q may play now in answer to `pa` (default: the entry they would
        answer on the stack, see `answerable`) (BH-67)."""
        cll = self.cll[q]  # BH-11: a reaction's rank at most the player's C.LL
        cards = self.zones.look  # (read only: the callers only read the cards it gives)
        held: list[BhmCard] = []  # a loop: a comprehension is a function call of its own in Python 3.11
        for u in self.zones.zones[_HANDS[q]].cards:  # the hand, without making the list first
            r: BhmCard = cards[u]
            if r.defn.reaction and r.defn.rank <= cll:
                held.append(r)
        if not held:  # most hands: nothing to look for on the stack
            return []
        if pa is None:
            found = self.answerable(q)
            if found is None:
                return []
            pa = found[1]
        out = []
        kind = pa[0]
        for r in held:
            # (the kind of action first, without a call: most held reactions answer another kind)
            if kind in EFFECTS[r.defn.effect].answers and self.reaction_problem(q, r, pa) is None:
                out.append(r)
        return out

    def reaction_problem(self, q: int, r: BhmCard, pa: tuple[Any, ...]) -> Why | None:
        """Why reaction card `r` of player q cannot answer the stack entry `pa` (None: it can; rank,
        hand and whether `pa` is answerable at all are asked by the callers). The one place that
        says which actions a reaction answers (BH-67) and which cards its text names (BH-71)."""
        e = EFFECTS[r.defn.effect]
        if pa[0] not in e.answers:
            return "{0.name} does not answer {1}", r, self.pending_text(pa)
        cards = self.zones.cards
        if e.own_target:  # "one of your beings", "the targeted being of yours"
            t = cards.get(self.pending_target(pa))
            if t is None or t.controller != q or not self.on_field(t):
                return "{0.name} only answers an action aimed at one of your beings", r
            if not t.defn.is_being:  # BH-71: an effect that names beings does not affect an entity
                return "{0.name} answers only for a being; {1.name} is a celestial entity (BH-71)", r, t
        if e.draws and not self.zones.zones[_DECKS[q]].cards:
            # BH-67 ruling: not offered when it would resolve to nothing (Foresight, an empty deck)
            return "{0.name} would draw nothing: your deck is empty", r
        if e.hits_attacker:  # Riposte: "when an enemy being attacks ..., the attacker loses ..."
            a = cards.get(int(pa[1]))
            if a is not None:
                if not a.defn.is_being:  # BH-71: an attacking entity is no "enemy being"
                    return (
                        "{0.name} answers only an attacking being; {1.name} is a celestial entity (BH-71)",
                        r,
                        a,
                    )
                # BH-67 ruling: not offered when it could not affect the attacker (it would resolve
                # to nothing): Invisible (BH-99), Immune to it (BH-102), or no Salud left to lose
                if self.has(a, "Invisible"):
                    return "{0.name} cannot affect {1.name}: it is Invisible (BH-99)", r, a
                if not self.affected_by(a, r, q):
                    return (
                        "{0.name} cannot affect {1.name}: Immune {2} and {0.name} is rank {0.defn.rank} (BH-102)",
                        r,
                        a,
                        self.kw_value(a, "Immune"),
                    )
                if not self.stat(a, "salud"):  # BH-33: a being lacking Salud (or with none left)
                    return "{0.name} cannot affect {1.name}: it has no Salud to lose", r, a
        return None

    @staticmethod
    def pending_target(pa: tuple[Any, ...]) -> int:
        kind = pa[0]
        if kind == "react":
            return int(pa[3])  # the being the reaction affects (Riposte: the attacker), or -1
        if kind in ("attack", "pattack"):
            return int(pa[2])
        if kind == "power":
            return int(pa[3])
        if kind in ("strategy", "ability", "terror"):
            return int(pa[2])
        return -1

    def pending_text(self, pa: tuple[Any, ...]) -> str:
        def n(u: Any) -> str:
            return self.label(self.card(int(u))) if int(u) in self.zones.cards else "?"

        k = pa[0]
        tgt = self.pending_target(pa)
        on = f" on {n(tgt)}" if tgt >= 0 else ""
        if k == "attack":
            return f"{n(pa[1])} attacks {n(pa[2])} (physical)"
        if k == "pattack":
            if int(pa[3]) < 0:  # declared, its POD investment not chosen yet (BH-32)
                return f"{n(pa[1])} power-attacks {n(pa[2])} (POD investment to choose)"
            return f"{n(pa[1])} power-attacks {n(pa[2])} investing {pa[3]} POD"
        if k == "power":
            return f"{n(pa[2])} executes {n(pa[1])}{on}"
        if k == "strategy":
            return f"strategy {n(pa[1])}{on}"
        if k == "ability":
            return f"{n(pa[1])} uses its ability{on}"
        if k == "terror":
            return f"{n(pa[1])}'s Terror {pa[3]}{on}"
        if k == "call":
            return f"call of {n(pa[1])}"
        if k == "invoke":
            return f"{n(pa[2])} invokes {n(pa[1])}"
        if k == "equip":
            return f"{n(pa[1])} equipped to {n(pa[2])}"
        if k == "territory":
            return f"territory {n(pa[1])}"
        if k == "react":
            return f"reaction {n(pa[1])}{on}"
        if k == "draw":
            return f"draw ({pa[2]} phase)"
        return k

    # ------------------------------------------------------------------ checking
    def check(self, action: Action) -> None:
        if self.is_over():
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> str:
        reason = self._specific_reason(action)
        return reason or super().explain_illegal(action)

    def _specific_reason(self, a: Action) -> str | None:
        args = a.args
        if a.kind == "invest":
            if self.sub != "invest":
                return "there is no power attack waiting for its POD investment"
            amounts = [x.args[0] for x in self.legal_actions()]
            return f"invest one of {', '.join(str(x) for x in amounts)} (BH-32)"
        uids = [x for x in args if isinstance(x, int)]
        for u in uids:
            if u not in self.zones.cards:
                return f"there is no card #{u}"
        d = self.decision()
        if d is None:
            return None
        for u in uids if a.kind in _CARD_VERBS else ():  # (an unknown verb: the verbs possible)
            if not self.zones.seen_by(u, d.player):
                # a card the player cannot see (a deck's, the other hand's, the other side's set
                # aside or invocations) is answered as one that is not there: never its name (BH-01)
                return f"there is no card #{u}"
        p = self.active
        try:
            if a.kind == "aside" and len(args) == 1 and self.sub == "mulligan":  # BH-02
                c = self.card(int(args[0]))
                if c.zone == f"aside:{self.mull_player}":  # (it read `'aside 24' is not legal now: P1: …`)
                    return f"{c.name} is set aside already: it goes back into the deck when you keep the hand"
            if a.kind == "call" and len(args) == 1:
                c = self.card(int(args[0]))
                if c.zone != f"hand:{p}":
                    return f"{c.name} is not in your hand"
                if not c.defn.is_field:
                    return f"{c.name} is not a being"
                if self.sub not in ("main", "combat"):
                    return f"you cannot call now ({d.prompt})"
                if self.free_slot(p) is None:
                    return "all 10 of your being zones are taken"
                return _say(self.call_problem(c))
            if a.kind in ("attack", "pattack") and len(args) == 2:
                if self.sub != "combat":
                    return "attacks are declared in the combat phase"
                at, t = self.card(int(args[0])), self.card(int(args[1]))
                if a.kind == "pattack" and at.power_attacked:
                    return f"{at.name} already made its power attack this turn (BH-31)"
                return self.attack_problem(at, t, a.kind == "attack")
            if a.kind == "power" and len(args) == 2:
                c, b = self.card(int(args[0])), self.card(int(args[1]))
                if c.zone != f"hand:{p}" or c.defn.type != "power":
                    return f"{c.name} is not a power card in your hand"
                if self.sub != "main":
                    return "power cards are played in the strategy phases"
                if self.targets_for(p, c) == []:
                    return f"{c.name} has no legal target"
                return _say(self.executor_problem(c, b))
            if a.kind == "equip" and len(args) == 2:
                c, b = self.card(int(args[0])), self.card(int(args[1]))
                if c.defn.type != "object":
                    return f"{c.name} is not an object"
                if self.sub != "main":
                    return "objects are attached in the strategy phases"
                if c.zone != f"hand:{p}" and not (
                    c.zone.startswith(f"slot:{p}:") and self.occupant(c.zone) is None
                ):
                    return f"{c.name} is not in your hand (nor left alone in one of your being zones)"
                if not self.on_field(b) or b.controller != p:
                    return f"{b.name} is not one of your beings on the field"
                if b.petrified:
                    return f"{b.name} is petrified"
                if c.defn.rank > self.object_budget(b):  # BH-60
                    return (
                        f"{b.name} (rank {b.defn.rank}) has room for object ranks up to {self.object_budget(b)}; "
                        f"{c.name} is rank {c.defn.rank}"
                    )
            if a.kind == "strategy" and len(args) == 1:
                c = self.card(int(args[0]))
                if c.zone != f"hand:{p}" or c.defn.type != "strategy":
                    return f"{c.name} is not a strategy card in your hand"
                if self.sub != "main" and not c.defn.reaction:  # (a reaction's own reason, any phase)
                    return "strategy cards are played in the strategy phases"
                return _say(self.strategy_problem(c))
            if a.kind == "territory" and len(args) == 1:
                c = self.card(int(args[0]))
                if c.zone != f"hand:{p}" or c.defn.type != "territory":
                    return f"{c.name} is not a territory card in your hand"
                if self.sub != "main":
                    return "territories are played in the strategy phases"
                if len(self.zones[f"territories:{p}"]) >= 2:
                    return "you already hold 2 territories (BH-50)"
            if a.kind == "react" and len(args) == 1 and self.sub == "respond":
                q = self.stack.priority
                r = self.card(int(args[0]))
                if r.zone != f"hand:{q}":
                    return f"{r.name} is not in your hand"
                if not r.defn.reaction:
                    return f"{r.name} is not a reaction card (BH-67)"
                if r.defn.rank > self.cll[q]:
                    return f"{r.name} is rank {r.defn.rank}; your C.LL is {self.cll[q]} (BH-11)"
                found = self.answerable(q)
                if found is None:
                    return "there is no enemy action on the stack to answer"
                why = self.reaction_problem(q, r, found[1])
                if why is not None:
                    return _say(why)
            if a.kind == "discard" and len(args) == 1 and self.sub == "discard":
                return f"{self.card(int(args[0])).name} is not in your hand"
            if a.kind == "ability" and len(args) == 1:
                return _say(self.can_use_ability(self.card(int(args[0]))))
            if a.kind == "invoke" and len(args) == 2:
                inv, b = self.card(int(args[0])), self.card(int(args[1]))
                if inv.zone != f"invocations:{p}":
                    return f"{inv.name} is not in your invocation zone"
                if b.attacked:
                    return f"{b.name} attacked this turn: an invoker that invokes declares no attack that turn (BH-74)"
                if inv.defn.rank > b.inv_points:
                    return f"{b.name} has {b.inv_points} invocation points; {inv.name} needs {inv.defn.rank} (BH-73)"
            if a.kind == "draw" and self.sub == "draw" and len(self.zones[f"hand:{p}"]) >= HAND_LIMIT:
                return f"no optional draw with {HAND_LIMIT} or more cards in hand (BH-24)"
            if a.kind == "target" and len(args) == 1 and self.sub == "target":
                src, _ = self._pending_targets()
                e = EFFECTS.get(src.defn.effect)
                if e and e.target:
                    return self.target_problem(e.target, p, src, self.card(int(args[0])))
        except (KeyError, ValueError, TypeError):
            return None
        return None

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> None:
        k = action.kind
        args = action.args
        s = self.sub
        if s == "main" or s == "combat":  # (most actions: asked first)
            self._turn_action(action)
        elif s == "mulligan":
            self._mulligan(action)
        elif s == "terror":
            assert self.terror is not None
            src_uid, x = self.terror
            self.terror = None
            self.sub = self._default_sub()
            if k == "target":
                t = self.card(int(args[0]))
                self.log.emit("terror", f"{self.card(src_uid).name} terrifies {self.label(t)}", uid=src_uid)
                # BH-67: choosing Terror's target activates a card ability, an action reactions answer
                self._announce(("terror", src_uid, t.uid, x))
            else:
                self.log.emit("terror", "Terror: no being chosen")
        elif s == "target":
            assert self.pending is not None
            pa = self.pending
            self.pending = None
            self.sub = self._default_sub()
            u = int(args[0])
            if pa[0] == "power":
                self._announce(("power", pa[1], pa[2], u))
            elif pa[0] == "strategy":
                self._announce(("strategy", pa[1], u))
            elif pa[0] == "ability":
                self._announce(("ability", pa[1], u))
            elif pa[0] == "territory":
                self._announce(("territory", pa[1], u))
        elif s == "invest":
            assert self.pending is not None
            pa = self.pending
            self.pending = None
            self.sub = "combat"
            a = self.card(int(pa[1]))
            pod = self.cur(a, "pod")
            if args[0] == "all":  # BH-32: all-in leaves POD 1 until the end of the turn
                amount = pod
                a.pod_spent += pod - 1
            else:
                amount = int(args[0])
                a.pod_spent += amount
            name, after = self.label(a), self.cur(a, "pod")
            self.log.emit(  # (its facts for the log's line of the investment: `name` is `label(a)`)
                "invest",
                f"{name} invests {amount} POD (POD {after} for the rest of the turn)",
                uid=a.uid,
                name=name,
                amount=amount,
                pod=after,
            )
            self._announce(("pattack", a.uid, pa[2], amount))
        elif s == "respond":
            q = self.stack.priority
            if k == "react":
                self._react(q, self.card(int(args[0])))
            else:
                self.log.emit("pass", f"{_p(q)} does not react")
                if self.stack.pass_priority(q):  # BH-67: both passed in a row
                    self._resolve_top()
            self._run_stack()
        elif s == "draw":
            if k == "draw":
                self._announce_draw(_FINAL_DRAW)  # BH-24 / BH-67: an action the opponent may react to
            else:
                self._after_final_draw()
        elif s == "discard":
            who = self.discarder()
            assert who is not None
            c = self.card(int(args[0]))
            self.zones.move(c.uid, _DEAD[c.owner])
            self.log.emit("discard", f"{_p(who)} discards {c.name}")
            self._after_final_draw()
        else:
            self._turn_action(action)
        if self.won is None and self.terror is not None and self.sub in ("main", "combat"):
            self.sub = "terror"

    def _default_sub(self) -> str:
        """The decision once the stack is empty: the phase's own (after the final phase's draw and
        its reactions, only the discards are left, BH-24; `_after_final_draw` ends the turn when
        there is none)."""
        phase = self.phase
        if phase == "combat":
            return "combat"
        return "discard" if phase == "final" else "main"

    def _mulligan(self, action: Action) -> None:
        q = self.mull_player
        if action.kind == "aside":
            self.zones.move(int(action.args[0]), f"aside:{q}")
            return
        aside = list(self.zones[f"aside:{q}"].cards)
        if aside:  # BH-02
            for _ in aside:
                self.draw(q, mandatory=False, quiet=True)
            for u in aside:
                self.zones.move(u, f"deck:{q}")
            self.rng.shuffle(self.zones[f"deck:{q}"].cards)
            self.log.emit(
                "mulligan",
                f"{_p(q)} sets aside {len(aside)} card{'' if len(aside) == 1 else 's'}, draws as many and shuffles",
            )
        else:
            self.log.emit("mulligan", f"{_p(q)} keeps the opening hand")
        if q == 0:
            self.mull_player = 1
            return
        while True:  # BH-03
            r0, r1 = self.rng.randint(1, 6), self.rng.randint(1, 6)
            self.log.emit("die", f"Die: P1 rolls {r0}, P2 rolls {r1}", rolls=(r0, r1))
            if r0 != r1:
                break
        self.first = 0 if r0 > r1 else 1
        self.log.emit("first", f"{_p(self.first)} plays first", player=self.first)
        self.active = self.first
        self._begin_turn()

    def _begin_turn(self) -> None:
        """BH-20 initial phase, then the first strategy phase."""
        p = self.active
        self.turn += 1
        self.log.emit("turn", f"Turn {self.turn}: {_p(p)}", player=p, turn=self.turn)
        until = f"start{p}"
        # `field_cards(0) + field_cards(1) + fled_cards()` (fled beings too, BH-37), the fields
        # joined from `_field`; the deserters zones (most often empty) looked at without a call
        cards, zones = self.zones.cards, self.zones.zones
        touched = [*self._field[0], *self._field[1]]
        for q in (0, 1):
            fled = zones[_DESERTERS[q]].cards
            if fled:  # (most often empty)
                for u in fled:
                    touched.append(cards[u])
        ended = False  # an effect ended: it may leave a being at Salud 0 or VAL 0
        for c in touched:
            if c.modifiers and _end_effects(c, until):
                ended = True
            if c.controller == p:
                c.returned = False
        self.phase = "initial"  # BH-20
        if ended:  # BH-41 ruling: a being an ending effect leaves at Salud 0 is killed then and there
            self.state_checks()
            if self.won is not None:
                return
        if not zones[_DECKS[p]].cards:
            self.draw(p, mandatory=True)  # BH-05: the mandatory draw from an empty deck loses, at once
            return
        # BH-20 / BH-67: the draw is an action ("Robar una carta"): the opponent may react to it
        # before it resolves; the rest of the initial phase follows it (`_resolve_draw`)
        self._announce_draw(_INITIAL_DRAW)

    def _announce_draw(self, pa: tuple[Any, ...]) -> None:
        """BH-67: the turn's draw `pa` goes on the (empty) stack when the opponent holds a reaction
        that answers it; otherwise it resolves at once, as `_run_stack` would resolve it after both
        passed (the active player never answers their own action), without touching the stack."""
        if self.reactions_for(1 - self.active, pa):
            self._announce(pa)
        else:
            self._resolve_draw(pa, False)

    def _resolve_draw(self, pa: tuple[Any, ...], cancelled: bool) -> None:
        """BH-20, BH-24: the turn's draw resolves (BH-67: after the reactions to it); then the
        initial phase goes on to the first strategy phase, or the final phase to its discards."""
        if cancelled:
            self._fizzle(pa, "cancelled")
        else:
            self.draw(self.active, mandatory=pa[2] == "initial")
            if self.won is not None:  # BH-05
                return
        if pa[2] == "initial":
            self._initial_phase_rest()
        else:
            self._after_final_draw()

    def _initial_phase_rest(self) -> None:
        """BH-20: after the draw, the beings that fled come back; then the first strategy phase."""
        p = self.active
        for c in self.cards_in(_DESERTERS[p]):  # BH-20, BH-37
            slot = f"slot:{p}:{c.home}"
            self.zones.move(c.uid, slot, position=0)
            c.val_lost = 0
            c.returned = True
            c.home = -1
            self.log.emit("return", f"{c.name} returns from the deserters zone with VAL restored", uid=c.uid)
        self.budget = self.cll[p]  # BH-13
        self.phase = "strategy1"
        self.sub = "main"
        self.strat_played = False

    def _turn_action(self, action: Action) -> None:
        k = action.kind
        args = action.args
        p = self.active
        cards: dict[int, BhmCard] = self.zones.cards  # (`card`, without its frame)
        if k == "next":
            if self.phase == "strategy1":
                self.phase, self.sub = "combat", "combat"  # BH-22
                self.log.emit("phase", "Combat phase")
            elif self.phase == "combat":
                self.phase, self.sub = "strategy2", "main"  # BH-23
                self.strat_played = False
                self.log.emit("phase", "Second strategy phase")
            else:
                self.phase = "final"  # BH-24
                self.log.emit("phase", "Final phase")
                zones = self.zones.zones
                if len(zones[_HANDS[p]].cards) < HAND_LIMIT and zones[_DECKS[p]].cards:
                    self.sub = "draw"
                else:
                    self._after_final_draw()
            return
        if k == "call":
            c = cards[int(args[0])]
            instant = c.defn.instant
            if not instant:
                self.budget -= c.defn.rank  # BH-10
            self.zones.move(c.uid, _STRATEGY[p])
            how = "instant call" if instant else f"rank {c.defn.rank}, budget {self.budget} left"
            self.log.emit("call", f"{_p(p)} calls {c.name} ({how})", uid=c.uid)
            self._announce(("call", c.uid))
        elif k in ("power", "strategy", "ability", "territory"):
            c = cards[int(args[0])]
            if k == "power":
                b = cards[int(args[1])]
                self.zones.move(c.uid, _STRATEGY[p])
                # BH-55: its rank is used of the being's budget from now on, and stays used if the
                # power is cancelled (BH-67 ruling), an equipped one too until it is equipped (BH-56)
                b.powers_used += c.defn.rank
                if c.defn.cost:
                    b.pod_spent += c.defn.cost  # BH-40
                self.log.emit(
                    "power",
                    f"{self.label(b)} executes {c.name}" + (f" ({c.defn.cost} POD)" if c.defn.cost else ""),
                )
                pa: tuple[Any, ...] = ("power", c.uid, b.uid, -1)
            elif k == "strategy":
                self.zones.move(c.uid, _STRATEGY[p])
                self.strat_played = True  # BH-21
                self.log.emit("strategy", f"{_p(p)} plays {c.name} (rank {c.defn.rank})")
                pa = ("strategy", c.uid, -1)
            elif k == "ability":
                c.ability_used = True
                self.log.emit("ability", f"{self.label(c)} uses its ability")
                pa = ("ability", c.uid, -1)
            else:
                self.zones.move(c.uid, _STRATEGY[p])
                self.log.emit("territory", f"{_p(p)} plays the territory {c.name}")
                pa = ("territory", c.uid, -1)
            if self.pending_needs_target(pa):
                self.pending = pa
                self.sub = "target"
                return
            self._announce(pa)
        elif k == "equip":
            o, b = cards[int(args[0])], cards[int(args[1])]
            self.zones.move(o.uid, _STRATEGY[p])
            self._announce(("equip", o.uid, b.uid))
        elif k == "invoke":
            inv, b = cards[int(args[0])], cards[int(args[1])]
            b.inv_points -= inv.defn.rank  # BH-73
            b.invoked = True  # BH-74
            self.zones.move(inv.uid, _STRATEGY[p])
            self.log.emit("invoke", f"{self.label(b)} invokes {inv.name} (rank {inv.defn.rank})")
            self._announce(("invoke", inv.uid, b.uid))
        elif k in ("attack", "pattack"):
            a, t = cards[int(args[0])], cards[int(args[1])]
            a.attacked = True  # BH-35
            if k == "attack":
                self.log.emit("attack", f"{self.label(a)} attacks {self.label(t)} (FUE {self.cur(a, 'fue')})")
                self._announce(("attack", a.uid, t.uid))
            else:
                a.power_attacked = True  # BH-31
                self.log.emit("attack", f"{self.label(a)} declares a power attack on {self.label(t)}")
                self.pending = ("pattack", a.uid, t.uid, -1)
                self.sub = "invest"

    def pending_needs_target(self, pa: tuple[Any, ...]) -> bool:
        if pa[0] == "territory":
            opp = [
                t
                for t in self.cards_in(f"territories:{1 - self.active}")
                if "Indestructible" not in t.defn.keywords
            ]
            return len(opp) >= 2
        return self.target_kind(self.card(int(pa[1]))) is not None  # as `targets_for` is not None

    def _announce(self, pa: tuple[Any, ...]) -> None:
        """BH-67: the action is declared and goes on the stack; the opponent gets priority and may
        react before it resolves."""
        if self.won is not None:
            return
        if not self.stack.items:
            self.stack.active = self.active
            self.cancelled = ()
        self.stack.push(pa, self.active)
        self._run_stack()

    def _run_stack(self) -> None:
        """BH-67: give priority until someone may react, resolving the top each time both players
        have passed in a row (last in, first out). A player with no reaction they may play passes
        without being asked (docs/rulings.md). When the stack is empty, play goes on."""
        while self.stack.items and self.won is None:  # (`items`: no call of `Stack.__bool__`)
            q = self.stack.priority
            if self.reactions_for(q):
                self.sub = "respond"
                return
            if self.stack.pass_priority(q):
                self._resolve_top()
        if self.won is None:
            self.sub = self._default_sub()

    def _resolve_top(self) -> None:
        """Resolve the top entry of the stack (BH-67: last in, first out)."""
        i = len(self.stack.items) - 1
        dead = i in self.cancelled
        answered_dead = False
        _, e = self.stack.items[i]  # (the top)
        if e[0] == "react":
            answered_dead = self.entry_dead(int(e[2]))
        controller, pa = self.stack.pop()
        if self.cancelled:
            self.cancelled = tuple(x for x in self.cancelled if x < i)
        if pa[0] == "react":
            self._resolve_reaction(controller, pa, dead, answered_dead)
        else:
            self._resolve(pa, dead)

    def _react(self, q: int, r: BhmCard) -> None:
        """BH-67: playing a reaction is an action: it goes on top of the stack, answering the most
        recent enemy action, and resolves before it; the other player may answer it in turn."""
        found = self.answerable(q)
        assert found is not None
        j, pa = found
        # BH-21 / BH-67: a reaction is not the strategy card of the phase (`strat_played` untouched)
        self.zones.move(r.uid, _STRATEGY[q])
        answered = self.entry_text(j)  # (its facts: the entry answered, `answers`, and its words)
        self.log.emit(
            "react",
            f"{_p(q)} reacts with {r.name} to {answered}",
            uid=r.uid,
            name=r.name,
            player=q,
            answers=j,
            answered=answered,
            # the entry answered in words without whose it is, and whose it is when its words say so
            # (`P2's draw (initial phase)`: `entry_text`), for the table's words of it
            entry=self.pending_text(pa),
            entry_seat=self.stack.entries()[j][0] if pa[0] in ("react", "draw") else None,
        )
        e = EFFECTS[r.defn.effect]
        if e.hits_attacker:  # Riposte
            tgt = int(pa[1])  # the attacker
        elif e.own_target:
            tgt = self.pending_target(pa)  # the being of q's the action is aimed at
        else:
            tgt = -1
        self.stack.push(("react", r.uid, j, tgt), q)

    def _resolve_reaction(self, q: int, pa: tuple[Any, ...], dead: bool, answered_dead: bool) -> None:
        r = self.card(int(pa[1]))
        j = int(pa[2])
        answered = self.stack.entries()[j][1] if j < len(self.stack) else None
        if dead:
            self._fizzle(pa, "cancelled", q)
        elif answered_dead or answered is None:
            what = self.pending_text(answered) if answered is not None else "the action"
            self._fizzle(pa, f"{what}, the action it answers, was cancelled", q)
        else:
            tgt = int(pa[3])
            if tgt >= 0 and not EFFECTS[r.defn.effect].hits_attacker and not self.on_field(self.card(tgt)):
                return self._fizzle(pa, f"{self.card(tgt).name} is no longer on the field", q)
            EFFECTS[r.defn.effect].run(self, Ctx(q, r.uid, target=tgt, pending=answered, entry=j))
            if r.zone == _STRATEGY[q]:
                self.zones.move(r.uid, _DEAD[r.owner])  # BH-65
        self.state_checks()

    def cancel_entry(self, i: int, cause: str) -> None:
        """A reaction cancels the stack entry at index i: it will resolve to nothing (BH-67)."""
        if i < 0 or i >= len(self.stack):
            return
        if i not in self.cancelled:
            self.cancelled = tuple(sorted((*self.cancelled, i)))
        self.log.emit("cancel", f"{cause} cancels {self.pending_text(self.stack.entries()[i][1])}")

    def _fizzle(self, pa: tuple[Any, ...], why: str, controller: int | None = None) -> None:
        """The entry resolves to nothing; the card it put in the strategy zone leaves it (an invocation
        back to the invocation zone). Costs already paid stay paid (docs/rulings.md, BH-67)."""
        entry = text = self.pending_text(pa)
        seat = controller if pa[0] == "react" else None  # (a reaction says whose it is)
        if seat is not None:
            text = f"{_p(seat)}'s {text}"
        self.log.emit(
            "fizzle", f"{text[:1].upper()}{text[1:]} has no effect: {why}", player=seat, entry=entry, why=why
        )
        if pa[0] in ("call", "invoke", "equip", "power", "strategy", "territory", "react"):
            u = self.card(int(pa[1]))
            if u.zone.startswith("strategy:"):
                dest = f"invocations:{u.owner}" if u.defn.type == "invocation" else _DEAD[u.owner]
                self.zones.move(u.uid, dest)
                u.reset()

    def _resolve(self, pa: tuple[Any, ...], cancelled: bool = False) -> None:
        p = self.active
        k = pa[0]
        cards: dict[int, BhmCard] = self.zones.cards  # (`card`, without its frame)
        if k == "draw":
            return self._resolve_draw(pa, cancelled)
        if cancelled:
            self._fizzle(pa, "cancelled")
            if k == "power":  # BH-31, BH-73: a cancelled power was executed all the same
                self._power_executed(cards[int(pa[1])], cards[int(pa[2])])
            self.state_checks()  # BH-33: a cancelled power's executor may be at POD 0 (`_executing`)
            return
        if self.won is not None:
            return
        if k == "call":
            c = cards[int(pa[1])]
            self.enter_field(c, p, "war call" if not c.defn.instant else "instant call")
            # The state checks only when the being that entered may be due: nothing else changed
            # since the last ones (its zone was empty: no card gained or lost an attachment), and it
            # lost nothing and no effect modifies it (`reset`): printed above 0 (`validate_def`), it
            # is at 0 only if a static lowers an attribute (`_lowers`, as `_state_check_due` reads
            # it). About 14 calls a game; `test_fast_paths`: the field is settled at every decision.
            if self._lowers:
                self.state_checks()
            return
        elif k == "invoke":
            inv = cards[int(pa[1])]
            if self.free_slot(p) is None:
                return self._fizzle(pa, "no free being zone")
            self.enter_field(inv, p, "invocation")
            if self._lowers:  # (as a call's)
                self.state_checks()
            return
        elif k == "equip":
            o, b = cards[int(pa[1])], cards[int(pa[2])]
            if not self.on_field(b):
                return self._fizzle(pa, f"{b.name} left the field")
            self.zones.move(o.uid, b.zone)
            self.log.emit("equip", f"{o.name} is attached to {self.label(b)}")
            # the state checks only when a static lowers an attribute in the pool: the object's
            # statics only raise its bearer's values else, and it came from the hand or from a
            # being zone with no being (BH-94)
            if self._lowers:
                self.state_checks()
            return
        elif k == "territory":
            c = cards[int(pa[1])]
            self.zones.move(c.uid, f"territories:{p}")
            opp = 1 - p
            victims = self.territory_victims()  # (of `opp`: `p` is the active player)
            victim = None
            if int(pa[2]) >= 0:
                victim = cards[int(pa[2])]
            elif len(victims) == 1:
                victim = victims[0]
            if victim is not None and victim.zone == f"territories:{opp}":  # BH-50, BH-94
                self.zones.move(victim.uid, _DEAD[victim.owner])
                self.log.emit("destroy", f"{c.name} destroys {victim.name}")
                self.change_cll(opp, 1, f"lost the territory {victim.name}")
            elif self.cards_in(f"territories:{opp}"):
                self.log.emit("destroy", "the enemy territories are Indestructible")
        elif k == "attack":
            a, t = cards[int(pa[1])], cards[int(pa[2])]
            if not self.on_field(a):
                return self._fizzle(pa, f"{a.name} left the field")
            why = self._target_gone(a, t, True)
            if why:
                return self._fizzle(pa, why)
            self.physical_hit(t, self.cur(a, "fue"), f"{self.label(a)}'s attack")  # BH-30
            return  # the state checks ran last in `attack_hit`, or the hit took only RES (not checked)
        elif k == "pattack":
            a, t = cards[int(pa[1])], cards[int(pa[2])]
            if not self.on_field(a):
                return self._fizzle(pa, f"{a.name} left the field")
            why = self._target_gone(a, t, False)
            if why:
                return self._fizzle(pa, why)
            amount = int(pa[3])
            guard = self.has(t, "Magic Resistance")  # BH-97: RES first; else BH-31: all to Salud
            note = " (Magic Resistance)" if guard else ""
            self.attack_hit(t, amount, f"{self.label(a)}'s power attack", guard, note)
            return  # the state checks ran last in `attack_hit`, or the hit took only RES (not checked)
        elif k in ("power", "strategy", "ability"):
            if self._resolve_card(pa):
                return  # the state checks ran last in the card's effect: nothing changed since
        elif k == "terror":  # BH-100, BH-67: the target may have become Invisible (Smoke Bomb) or left
            src, t = cards[int(pa[1])], cards[int(pa[2])]
            why = self.target_problem("enemy_being", p, src, t)
            if why:
                return self._fizzle(pa, why)
            x = int(pa[3])
            if self.lose(t, "val", x, f"Terror {x}"):
                return  # the state checks ran last in `lose`: nothing changed since
        self.state_checks()

    def _target_gone(self, a: BhmCard, t: BhmCard, physical: bool) -> str | None:
        if not self.on_field(t) or t.controller == a.controller:
            return f"{t.name} is no longer on the field"
        if t.petrified:
            return f"{t.name} is petrified"
        if self.has(t, "Invisible"):
            return f"{t.name} became Invisible"
        if physical and self.has(t, "Intangible"):
            return f"{t.name} is Intangible"
        return None

    def _resolve_card(self, pa: tuple[Any, ...]) -> bool:
        """A power, strategy or ability resolves. True: its effect ran the state checks last and
        nothing changed since (a caller that would run them next can leave them out, see `lose`)."""
        p = self.active
        k = pa[0]
        cards: dict[int, BhmCard] = self.zones.cards  # (`card`, without its frame)
        src = cards[int(pa[1])]
        executor = int(pa[2]) if k == "power" else (src.uid if k == "ability" else -1)
        target = self.pending_target(pa)
        if k == "power" and not self.on_field(cards[executor]):
            self._fizzle(pa, "the executing being left the field")
            self._power_executed(src, cards[executor])  # BH-73: still a power card played
            return False
        if k == "ability" and self.can_use_ability_now(src) is not None:
            self._fizzle(pa, "the being can no longer use it")
            return False
        e = EFFECTS.get(src.defn.effect)
        if target >= 0 and e is not None and e.target is not None:
            why = self.target_problem(e.target, p, src, cards[target])
            if why:
                self._fizzle(pa, why)
                if k == "power":  # BH-31, BH-73: executed all the same (docs/rulings.md)
                    self._power_executed(src, cards[executor])
                return False
        if k == "power":
            b = cards[executor]
            self.zones.move(src.uid, b.zone)  # attached: equipped (BH-56) or until the final phase
            if src.defn.equip:
                b.powers_used -= src.defn.rank  # BH-56: now counted as channelled (`power_budget`)
                self.log.emit(
                    "equip", f"{src.name} is equipped on {self.label(b)} (channelled rank {src.defn.rank})"
                )
            self._power_executed(src, b)
        checked = e is not None and bool(e.run(self, Ctx(p, src.uid, executor, target)))
        if k == "strategy" and src.zone == _STRATEGY[p]:
            self.zones.move(src.uid, _DEAD[src.owner])  # BH-65
            checked = False  # a card moved since
        return checked

    def _power_executed(self, src: BhmCard, b: BhmCard) -> None:
        """The power card `src` executed by `b` has resolved, been cancelled or lost its target
        (docs/rulings.md, BH-31 / BH-73): either way the being executed a power card this turn
        (BH-31: it may declare a power attack, if it is still on the field) and its player played
        one (BH-73: each INVOKER of theirs gains its invocation points, once a turn)."""
        if self.on_field(b):
            b.executed_power = True  # BH-31
        for inv in self._field[self.active]:  # BH-73 (the tuple of now: nothing moves in the loop)
            if (
                inv.defn.is_invoker
                and not inv.inv_gained
                and not inv.frozen
                and not inv.attacked  # BH-74: it cannot invoke this turn, no points to spend
                and not self.abilities_off(inv)
            ):
                inv.inv_gained = True
                inv.inv_points += src.defn.rank + inv.defn.rank
                self.log.emit(
                    "points",
                    f"{inv.name} gains {src.defn.rank + inv.defn.rank} invocation points",
                    uid=inv.uid,
                )

    def can_use_ability_now(self, b: BhmCard) -> str | None:
        if not self.on_field(b):
            return f"{b.name} is not on the field"
        if b.frozen:
            return f"{b.name} is frozen"
        if self.abilities_off(b):
            return f"{b.name} has lost its abilities"
        return None

    def _after_final_draw(self) -> None:
        if self.discarder() is not None:  # BH-81
            self.sub = "discard"
            return
        self._end_turn()

    def discarder(self) -> int | None:
        """BH-81: who must discard now in the final phase: the active player while above the hand
        limit, then the other player while above it (docs/rulings.md: the limit holds for both
        hands at the end of every turn); None: nobody."""
        zones = self.zones.zones
        p = self.active
        if len(zones[_HANDS[p]].cards) > HAND_LIMIT:
            return p
        if len(zones[_HANDS[1 - p]].cards) > HAND_LIMIT:  # BH-81 ruling: the non-active hand too
            return 1 - p
        return None

    def _end_turn(self) -> None:
        """BH-24: numerical balance, restore POD and RES (and end the effects that last until the end
        of the turn), armageddon, powers to the dead zone. A being that an ending effect leaves at
        Salud 0 (or VAL 0) is killed (or flees) then and there, before the armageddon looks at the
        C.LL (docs/rulings.md, BH-24 / BH-07)."""
        p = self.active
        o = 1 - p
        # each side's field, read once (`_field`'s tuples are replaced at a move, not changed):
        # nothing enters or leaves it before the POD and RES are restored
        fields = self._field[0], self._field[1]
        mine, theirs = self.balance_count(p, fields[p]), self.balance_count(o, fields[o])  # BH-08
        if theirs < mine:
            self.change_cll(o, mine - theirs, f"numerical inferiority {theirs} vs {mine}")
        elif theirs > mine:
            self.change_cll(p, theirs - mine, f"numerical inferiority {mine} vs {theirs}")
        if self.won is not None:
            return
        zones = self.zones.zones
        ended = False  # an effect ended: it may leave a being at Salud 0 or VAL 0
        for q in (0, 1):
            # the side's field and deserters: a copy joining them only when a being waits there
            for c in (*fields[q], *self.cards_in(_DESERTERS[q])) if zones[_DESERTERS[q]].cards else fields[q]:
                c.end_turn_reset()  # BH-40, BH-41 restore POD and RES
                if c.modifiers and _end_effects(c, "eot"):
                    ended = True
                if q == p:
                    c.frozen = False  # BH-93 until its controller's final phase
        if ended:  # BH-24 ruling: what an ending effect kills dies before the armageddon
            self.state_checks()
            if self.won is not None:
                return
        if self.armageddon is not None and self.cll[p] <= self.armageddon:  # BH-07
            self.change_cll(p, 1, f"Armageddon {self.armageddon}")
            if self.won is not None:
                return
        table = self.zones.cards
        moved = False
        for z in self.zones.held[p]:  # BH-56 (the being zones holding a card: moves only empty them)
            for u in list(z.cards):  # a copy: the loop moves cards out
                c = table[u]
                if c.defn.type == "power" and not c.defn.equip:
                    self.zones.move(u, _DEAD[c.owner])
                    moved = True
        # The state checks only when a power left its bearer (its statics with it): the field was
        # settled when the turn ended (the final phase's draw and discard change no being), restoring
        # POD and RES only raises current values, and the effects that ended were checked above
        if moved:
            self.state_checks()
        if self.won is not None:
            return
        self.active = o
        self._begin_turn()

    def balance_count(self, p: int, field: Sequence[BhmCard] | None = None) -> int:
        """BH-08: beings that count for numerical balance (not Invisible, not entities, not petrified).
        `field`: `field_cards(p)`, when the caller has it."""
        n = 0  # a loop: `sum()` of a generator is a function call of its own in Python 3.11
        for c in self._field[p] if field is None else field:
            if c.defn.is_being and not c.petrified and not self.has(c, "Invisible"):
                n += 1
        return n

    def check_invariants(self) -> None:
        """The kernel's checks, and `zones`' kept field cards and held zones are what the being
        zones hold (`BhmZones`)."""
        super().check_invariants()
        for p in (0, 1):
            field, held = self.zones.worked_out(p)
            assert self._field[p] == field and self.zones.held[p] == held, f"P{p + 1}'s kept field differs"

    # ------------------------------------------------------------------ copies
    def clone(self) -> Self:
        new = self.__class__.__new__(self.__class__)
        self._clone_base(new)
        new.pool = self.pool
        new._lowers = self._lowers
        new._grants = self._grants
        new._land_grants = self._land_grants
        new._namesakes = self._namesakes
        new.zones = self.zones.clone()
        new._field = new.zones.field
        new._territories = new.territory_zones()
        new.cll = list(self.cll)
        new.stack = self.stack.clone()
        new.turn = self.turn
        new.active = self.active
        new.first = self.first
        new.phase = self.phase
        new.sub = self.sub
        new.budget = self.budget
        new.strat_played = self.strat_played
        new.mull_player = self.mull_player
        new.pending = self.pending
        new.terror = self.terror
        new.cancelled = self.cancelled
        new.won = self.won
        new.reason = self.reason
        new.seq = self.seq
        new.armageddon = self.armageddon
        return new

    def canonical(self) -> Any:
        return {
            "zones": self.zones.canonical(),
            "cll": self.cll,
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "sub": self.sub,
            "budget": self.budget,
            "strat": self.strat_played,
            "mull": self.mull_player,
            "pending": list(self.pending) if self.pending else None,
            "terror": list(self.terror) if self.terror else None,
            "cancelled": list(self.cancelled),
            "stack": self.stack.canonical(),
            "won": self.won,
            "reason": self.reason,
            "seq": self.seq,
            "armageddon": self.armageddon,
        }

    # ------------------------------------------------------------------ views
    def card_view(self, c: BhmCard) -> dict[str, Any]:
        d = c.defn
        stats: dict[str, Any] = {}
        for s in STATS:
            base = getattr(d, s)
            if base is None:
                stats[s] = None
            else:
                stats[s] = {"cur": self.cur(c, s), "max": self.max_stat(c, s), "base": base}
        kws = self.keywords(c)
        out: dict[str, Any] = {
            "uid": c.uid,
            "id": d.id,
            "name": c.name,
            "type": d.type,
            "owner": c.owner,
            "controller": c.controller,
            "rank": d.rank,
            "rarity": d.rarity,
            "element": d.element,
            "classes": list(d.classes),
            "text": card_text(d),
            "keywords": kws,
            "stats": stats,
            "bonus": dict(d.bonus),
            "grants": list(d.grants),
            "instant": d.instant,
            "reaction": d.reaction,
            "equip": d.equip,
            "cost": d.cost,
        }
        if self.on_or_near_field(c) and d.is_field:
            out["flags"] = {
                "frozen": c.frozen,
                "petrified": c.petrified,
                "invisible": any(keyword_name(k) == "Invisible" for k in kws),
                "fled": c.zone.startswith("deserters:"),
                "returned": c.returned,
                "nameless": c.nameless,
                "attacked": c.attacked,
                "power_attacked": c.power_attacked,
                "can_power_attack": self.can_power_attack(c),
                "invoked": c.invoked,
                "abilities_lost": self.abilities_off(c),
                "ability_used": c.ability_used,
            }
            out["power_rank_left"] = self.power_budget(c)
            out["object_rank_left"] = self.object_budget(c)
            out["invocation_points"] = c.inv_points
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        """The state as `player` sees it (None: spectator). Keys:

        - "game": "bhm"; "turn": turn number; "active": seat whose turn it is;
          "first": seat that played first
        - "phase": mulligan | initial (its draw waits for reactions, BH-20) | strategy1 | combat |
          strategy2 | final | over;
          "phase_name": in words; "sub": main | combat | target | invest |
          respond | draw | discard | mulligan | terror | over
        - "decision": {"player", "kind", "prompt", "context"} or None. Kinds:
          mulligan; turn (strategy phases); combat; target (context: "source"
          uid, "targets" [uid], "optional" true for Terror, which may be
          skipped); invest (context: "source", "target", "pod"); respond
          (context: "pending" the action tuple being answered, "target" uid or -1,
          "entry" its index on the stack, "stack" the stack's size); draw; discard
        - "loss_at": 32; "armageddon": threshold or None; "hand_limit": 7
        - "players": per seat {"seat", "name", "cll", "budget" (call budget left,
          active seat only, else None), "strategy_played", "hand_count",
          "deck_count", "hand": [card] (own hand only, else absent),
          "invocations": {"count", "cards"? (owner only: face down to others)},
          "aside": [card] (own, during the mulligan), "dead": [card],
          "deserters": [card], "territories": [card], "strategy": [card]
          (cards being played right now), "zones": 10 × {"index", "being":
          card or None, "attached": [card] (objects, equipped powers, powers
          executed this turn; a lone Indestructible object has "being": None),
          "reserved_for": uid of the fled being this zone waits for, or None},
          "beings": count for numerical balance}
        - "pending": the action waiting for a reaction/target, in words, or None
          (while the stack is not empty: its top entry)
        - "stack": the actions and reactions waiting to resolve (BH-67), bottom to
          top (the last resolves first): [{"index", "controller", "kind" (attack,
          power, …, react), "text" (in words), "card" (the card played, or the
          acting being, as a card dict), "answers" (index of the entry a reaction
          answers, else None), "cancelled" (true when it will resolve to nothing)}]
        - "winner": seat or None; "end_reason": text

        A card dict: {"uid", "id", "name", "type", "owner", "controller",
        "rank", "rarity", "element", "classes", "text", "keywords" (effective),
        "stats": {pod|fue|res|val|salud: None (lacks it) or {"cur","max","base"}},
        "bonus", "grants", "instant", "reaction", "equip", "cost"}; cards on the
        field add "flags": {frozen, petrified, invisible, fled, returned,
        nameless, attacked, power_attacked, can_power_attack, invoked,
        abilities_lost, ability_used}, "power_rank_left", "object_rank_left",
        "invocation_points".
        """
        d = self.decision()
        players = []
        for p in (0, 1):
            own = player == p
            zones = []
            for i in range(SLOTS):
                zname = f"slot:{p}:{i}"
                occ = self.occupant(zname)
                att = [
                    self.card_view(self.card(u))
                    for u in self.zones[zname].cards
                    if occ is None or u != occ.uid
                ]
                away = next((c.uid for c in self.cards_in(f"deserters:{p}") if c.home == i), None)
                zones.append(
                    {
                        "index": i,
                        "being": self.card_view(occ) if occ else None,
                        "attached": att,
                        "reserved_for": away,
                    }
                )
            inv: dict[str, Any] = {"count": len(self.zones[f"invocations:{p}"])}
            if own:
                inv["cards"] = [self.card_view(c) for c in self.cards_in(f"invocations:{p}")]
            entry: dict[str, Any] = {
                "seat": p,
                "name": _p(p),
                "cll": self.cll[p],
                "loss_at": LOSS_AT,
                "budget": self.budget
                if p == self.active and self.phase not in ("mulligan", "over")
                else None,
                "strategy_played": self.strat_played if p == self.active else False,
                "hand_count": len(self.zones[f"hand:{p}"]),
                "deck_count": len(self.zones[f"deck:{p}"]),
                "invocations": inv,
                "dead": [self.card_view(c) for c in self.cards_in(f"dead:{p}")],
                "deserters": [self.card_view(c) for c in self.cards_in(f"deserters:{p}")],
                "territories": [self.card_view(c) for c in self.cards_in(f"territories:{p}")],
                "strategy": [self.card_view(c) for c in self.cards_in(f"strategy:{p}")],
                "zones": zones,
                "beings": self.balance_count(p),
            }
            if own:
                entry["hand"] = [self.card_view(c) for c in self.cards_in(f"hand:{p}")]
                entry["aside"] = [self.card_view(c) for c in self.cards_in(f"aside:{p}")]
            players.append(entry)
        return {
            "game": "bhm",
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "phase_name": PHASE_NAMES[self.phase],
            "sub": self.sub,
            "decision": (
                {"player": d.player, "kind": d.kind, "prompt": d.prompt, "context": d.context} if d else None
            ),
            "loss_at": LOSS_AT,
            "armageddon": self.armageddon,
            "hand_limit": HAND_LIMIT,
            "players": players,
            "pending": self._pending_words(),
            "stack": self.stack_view(),
            "winner": self.won,
            "end_reason": self.reason,
        }

    def _pending_words(self) -> str | None:
        if self.pending:
            return self.pending_text(self.pending)
        if self.stack:
            return self.entry_text(len(self.stack) - 1)
        return None

    def entry_text(self, i: int) -> str:
        """The stack entry at index i in words; a reaction says whose it is."""
        c, pa = self.stack.entries()[i]
        text = self.pending_text(pa)
        return f"{_p(c)}'s {text}" if pa[0] == "react" or pa[0] == "draw" else text

    def stack_view(self) -> list[dict[str, Any]]:
        """BH-67: the stack, bottom to top (see `view`)."""
        out = []
        for i, (c, pa) in enumerate(self.stack.entries()):
            u = int(pa[1]) if len(pa) > 1 and isinstance(pa[1], int) else -1
            out.append(
                {
                    "index": i,
                    "controller": c,
                    "kind": pa[0],
                    "text": self.pending_text(pa),
                    "card": self.card_view(self.card(u)) if u in self.zones.cards else None,
                    "answers": int(pa[2]) if pa[0] == "react" else None,
                    "cancelled": self.entry_dead(i),
                }
            )
        return out

    # ------------------------------------------------------------------ words
    # A card set aside in the mulligan (BH-02) leaves a hidden hand for a hidden zone: it is
    # named only to its owner (`describe_action_for`)
    HIDDEN_WORDS: ClassVar[dict[str, str]] = {"aside": "Set aside a card"}

    def attack_outcome(self, action: Action) -> str:
        """What an attack (`attack A T`) or a power attack (`pattack A T`) does to its target, in a few
        words: `200 to Salud` (`700 to Salud, kills it` when that is all its Salud, or more),
        `RES only` (BH-30: the FUE does not pass the RES), and for an
        Immortal or Eternal being at Salud 0 (BH-95, BH-101: attacking it stays legal, BH-36)
        `no effect: Immortal at Salud 0` (a physical attack still wears its RES down: `RES only:
        Immortal at Salud 0`, also when the FUE does not pass the RES).

        A power attack: what all its POD would do (BH-31: the POD invested is chosen next, BH-32):
        `with all 500 POD: 500 to Salud`, `with all 500 POD: 500 to Salud, kills it`; against
        Magic Resistance (BH-97: RES first, as a physical attack) in the
        words of the engine's hit (`physical_hit`): `with all 500 POD: RES 400 → 0, 100 to Salud`,
        `with all 300 POD: RES 400 → 100`, `with all 500 POD: no RES left, 500 to Salud`, with
        `, kills it` as a physical attack's; `RES only: Immortal at Salud 0` when only its RES can
        lose anything."""
        hit = self.outcome(action)
        if hit is None:
            return ""
        tough = hit.tough if hit.salud <= 0 else None  # BH-95, BH-101: at Salud 0 already
        if action.kind == "pattack":
            if tough:
                return f"RES only: {tough} at Salud 0" if hit.res else f"no effect: {tough} at Salud 0"
            return f"with all {hit.strength} POD: {hit.words()}"
        if hit.res_only:  # BH-30
            return f"RES only: {tough} at Salud 0" if tough else "RES only"
        if tough:  # BH-95: its RES still wears down
            return f"RES only: {tough} at Salud 0" if hit.res else f"no effect: {tough} at Salud 0"
        return f"{hit.to_salud} to Salud" + (", kills it" if hit.kills else "")

    def outcome(self, action: Action) -> Hit | None:
        """What an attack (`attack A T`: its FUE, RES first, BH-30), a power attack (`pattack A T`:
        all its POD, BH-31; RES first on Magic Resistance, BH-97) or a POD investment (`invest N`,
        `invest all`: the power attack's target, BH-32) does to its target, as data (`Hit`: its
        words are `attack_outcome`'s, `invest_outcome`'s); None for another action, or an
        investment when no power attack waits for one."""
        if action.kind == "invest":
            amount = self.invest_amount(action)
            if amount is None or self.pending is None:
                return None
            t = self.card(int(self.pending[2]))
            return self.hit(t, amount, self.has(t, "Magic Resistance"))  # BH-97, else BH-31
        if action.kind not in ("attack", "pattack"):
            return None
        at, t = self.card(int(action.args[0])), self.card(int(action.args[1]))
        if action.kind == "pattack":
            return self.hit(t, self.cur(at, "pod"), self.has(t, "Magic Resistance"))
        return self.hit(t, self.cur(at, "fue"), True)

    def territory_victims(self) -> list[BhmCard]:
        """The enemy territories a territory played now may destroy (BH-50: one of them, the
        player's choice of two; BH-94: not an Indestructible one)."""
        enemy = self.cards_in(f"territories:{1 - self.active}")
        return [t for t in enemy if "Indestructible" not in t.defn.keywords]

    def power_cost(self, action: Action) -> tuple[int, bool]:
        """What executing a power (`power C B`) costs its being: the POD it consumes, and whether
        that is all its POD, which kills it (BH-33; BH-40: never more than it has)."""
        c, b = self.card(int(action.args[0])), self.card(int(action.args[1]))
        cost = c.defn.cost
        dies = bool(cost) and b.defn.pod is not None and not b.defn.survives_pod_zero  # BH-33
        return cost, dies and self.cur(b, "pod") == cost

    def power_cost_words(self, action: Action) -> str:
        """What executing a power (`power C B`) costs its being, in the words of its choice and of
        its log line: ` (consumes 100 POD)`, ` (consumes 100 POD: all it has, it dies)` (BH-33,
        BH-40); "" for a power that costs none."""
        spent, dies = self.power_cost(action)
        return f" (consumes {spent} POD{': all it has, it dies' if dies else ''})" if spent else ""

    def invest_amount(self, action: Action) -> int | None:
        """The POD an investment (`invest N`, `invest all`) puts into the power attack waiting for it
        (BH-32: all of it is the attacker's POD), or None when no power attack waits."""
        pa = self.pending
        if self.sub != "invest" or pa is None or pa[0] != "pattack":
            return None
        if action.args[0] == "all":
            return self.cur(self.card(int(pa[1])), "pod")
        return int(action.args[0])

    def invest_outcome(self, action: Action) -> str:
        """What an investment does to the power attack's target, as its log line will say it
        (`hit_words`), after a colon: `: 300 to Salud`, `: 500 to Salud, kills it`, `: RES 400 → 0,
        100 to Salud` (BH-97 Magic Resistance), `: no effect: Immortal at Salud 0`; "" when no
        power attack waits for one."""
        hit = self.outcome(action)
        return "" if hit is None else f": {hit.words()}"

    def describe_action(self, action: Action) -> str:
        k, a = action.kind, action.args

        def n(i: int) -> str:
            u = a[i]
            return self.label(self.card(u)) if isinstance(u, int) and u in self.zones.cards else str(u)

        try:
            if k == "aside":
                return f"Set aside {n(0)}"
            if k == "keep":  # BH-02: as many drawn as were set aside, which go back into the deck
                aside = len(self.zones[f"aside:{self.mull_player}"]) if self.sub == "mulligan" else 0
                if aside == 0:
                    return "Keep the hand"
                return f"Draw {aside} for the {aside} set aside (then shuffled into the deck)"
            if k == "call":
                c = self.card(int(a[0]))
                return f"{'Instant call' if c.defn.instant else 'Call'} {c.name} (rank {c.defn.rank})"
            if k == "power":
                c = self.card(int(a[0]))
                return f"{n(1)} executes {n(0)}{self.power_cost_words(action)}{_brief(c.defn)}"
            if k == "equip":
                return f"Equip {n(0)} to {n(1)}{_brief(self.card(int(a[0])).defn)}"
            if k == "strategy":
                return f"Play strategy {n(0)}{_brief(self.card(int(a[0])).defn)}"
            if k == "territory":
                c = self.card(int(a[0]))
                destroys = "; destroys an enemy territory" if self.territory_victims() else ""
                return f"Play territory {n(0)}{_brief(c.defn)}{destroys}"
            if k == "ability":
                return f"Use {n(0)}'s ability{_brief(self.card(int(a[0])).defn)}"
            if k == "invoke":
                return f"{n(1)} invokes {n(0)} (rank {self.card(int(a[0])).defn.rank})"  # BH-73
            if k == "next":
                return {"strategy1": "Go to combat", "combat": "End combat", "strategy2": "End the turn"}.get(
                    self.phase, "Next"
                )
            if k == "attack":
                at, t = self.card(int(a[0])), self.card(int(a[1]))
                fue, res = self.cur(at, "fue"), self.cur(t, "res")
                hit = self.attack_outcome(action)
                return f"{n(0)} attacks {n(1)} (FUE {fue} vs RES {res}{'; ' if ':' in hit else ': '}{hit})"
            if k == "pattack":
                at, t = self.card(int(a[0])), self.card(int(a[1]))
                guard = self.has(t, "Magic Resistance")  # BH-97
                mr = ", Magic Resistance: RES first" if guard else ""
                hit = self.attack_outcome(action)
                # its outcome where the numbers do not say it: RES first, a kill, nothing at all
                said = guard or hit.startswith("no effect") or hit.endswith(", kills it")
                stay = f"; {hit}" if said else ""
                return (
                    f"{n(0)} power-attacks {n(1)} (POD {self.cur(at, 'pod')} vs Salud"
                    f" {self.cur(t, 'salud')}{mr}{stay})"
                )
            if k == "invest":  # with what it does to the target: `Invest 300 POD: 300 to Salud`
                hit = self.invest_outcome(action)
                if a[0] == "all":  # BH-32: all of it leaves POD 1
                    pod = self.invest_amount(action)
                    return f"Invest all {'' if pod is None else f'{pod} '}POD (POD 1 after){hit}"
                return f"Invest {a[0]} POD{hit}"
            if k == "target":
                return f"Target {n(0)}"
            if k == "skip":
                return "Skip (no Terror target)" if self.sub == "terror" else "Skip"
            if k == "react":
                return f"React with {n(0)}{_brief(self.card(int(a[0])).defn)}"
            if k == "pass":
                found = self.answerable(self.stack.priority) if self.stack else None
                return f"Do not react to {self.entry_text(found[0])}" if found else "Do not react"
            if k == "draw":
                return "Draw a card"
            if k == "nodraw":
                return "Do not draw"
            if k == "discard":
                return f"Discard {n(0)}"
        except (KeyError, ValueError, IndexError):
            pass
        return self.format_action(action)

    # ------------------------------------------------------------------ catalogue
    @classmethod
    def card_rows(cls) -> tuple[list[str], list[list[str]]]:
        cols = [
            "id",
            "name",
            "type",
            "rank",
            "rarity",
            "element",
            "POD",
            "FUE",
            "RES",
            "VAL",
            "Salud",
            "text",
        ]
        rows = []
        for d in sorted(card_pool().values(), key=lambda d: (d.type, d.rank, d.id)):
            t = d.type + (f" ({'/'.join(d.classes)})" if d.classes else "")
            rows.append(
                [
                    d.id,
                    d.name,
                    t,
                    str(d.rank),
                    d.rarity,
                    d.element,
                    *("" if getattr(d, s) is None else str(getattr(d, s)) for s in STATS),
                    card_text(d),
                ]
            )
        return cols, rows

    @classmethod
    def rules_text(cls) -> str:
        return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")


def _brief(d: BhmDef) -> str:
    """What a card does, in a few words for a menu entry (" — ..."), or ""."""
    parts = []
    if d.effect == "aura":
        who = f"your {d.element} beings" if d.element else "your beings"
        parts.append(f"{who} have {STAT_LABEL[d.stat]} {d.amount:+d}")
    elif d.effect:
        text = describe(d).removeprefix("Reaction: ").rstrip(".")
        parts.append(text[:1].lower() + text[1:])
    if d.bonus:
        parts.append(" ".join(f"{STAT_LABEL[k]} {v:+d}" for k, v in d.bonus.items()))
    if d.grants:
        parts.append("gives " + ", ".join(d.grants))
    if d.type == "power" and d.equip:
        parts.append(f"stays equipped, channels rank {d.rank}")
    return " — " + "; ".join(parts) if parts else ""


# the verbs of actions that name cards (a refusal of one may name its cards, if they are seen)
_CARD_VERBS = frozenset(
    {
        "ability",
        "aside",
        "attack",
        "call",
        "discard",
        "equip",
        "invoke",
        "pattack",
        "power",
        "react",
        "strategy",
    }
    | {"target", "territory", "terror"}
)


def card_text(d: BhmDef) -> str:
    """Printed text: keywords, bonuses and the effect's words."""
    parts = []
    if d.keywords:
        parts.append(", ".join(d.keywords) + ".")
    if d.instant:
        parts.append("Instant call.")
    if d.reaction and not (d.effect and describe(d).startswith("Reaction:")):  # said once, by the effect
        parts.append("Reaction.")
    if d.type == "power":
        parts.append("Equipped power." if d.equip else "Power.")
        if d.cost:
            parts.append(f"Consumes {d.cost} POD.")
    if d.bonus:
        parts.append(" ".join(f"{STAT_LABEL[k]} {v:+d}" for k, v in d.bonus.items()) + ".")
    if d.grants:
        who = "Your beings" if d.type == "territory" else "The bearer"
        if d.type == "territory" and d.element:
            who = f"Your {d.element} beings"
        parts.append(f"{who} gain{'s' if who == 'The bearer' else ''} {', '.join(d.grants)}.")
    if d.type == "territory" and d.effect == "aura":
        who = f"Your {d.element} beings" if d.element else "Your beings"
        parts.append(f"{who} have {STAT_LABEL[d.stat]} {d.amount:+d}.")
    elif d.effect:
        prefix = "Once per turn: " if d.is_field else ""
        parts.append(prefix + describe(d))
    if d.survives_pod_zero:
        parts.append("Is not killed when its POD reaches 0.")
    if d.is_invoker:
        parts.append("Invoker.")
    if d.text:
        parts.append(d.text)
    return " ".join(parts)
