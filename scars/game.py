"""The Scars engine on the Triarch kernel.

Rule items of `shared/rules/scars.md` are marked in the code with their ids
(`# SC-31`). The flow of a turn:

    mulligan (before turn 1)
    setup (1A) → draw (1B) → recruit1 (2) → attackers (3A) → blockers (3B)
    → damage (3C) → recruit2 (4) → cleanup (5A) → end (5B)

Each sub-phase has a *main* part (the decisions of the player acting in it)
and then a *window* (SC-59) where the non-active player may play prayers,
abilities and Lightning cards. Cards and abilities wait in the shared
resolution zone (a LIFO stack, SC-31) until both players pass in a row.
Windows and priority turns in which the player has nothing but "pass" are
passed by the engine itself (docs/rulings.md, The Scars).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, ClassVar

from common.cards import Modifier, keyword_name, keyword_value, load_toml_file
from common.decks import DeckList, load_deck, parse_deck
from common.errors import DataError, IllegalAction
from common.game import Action, ActionTable, Decision, Game, Setup
from common.goals import GoalFacts
from common.resolution import Stack
from common.zones import Visibility, Zone, Zones

from .cards import KEYWORD_HELP, KEYWORDS, ScarsCard, ScarsDef, card_pool
from .effects import EFFECTS, HARMS, describe_spec

PHASES = ("setup", "draw", "recruit1", "attackers", "blockers", "damage", "recruit2", "cleanup", "end")
PHASE_NAMES = {
    "mulligan": "Mulligan",
    "setup": "1A Set-up",
    "draw": "1B Draw",
    "recruit1": "2 First recruitment",
    "attackers": "3A Declare attackers",
    "blockers": "3B Declare blockers",
    "damage": "3C Damage",
    "recruit2": "4 Second recruitment",
    "cleanup": "5A Clean-up",
    "end": "5B End of turn",
}
# Sub-phases whose end opens a response window for the non-active player (SC-59).
# 3C has none: no cards or abilities in the damage sub-phase (SC-55, SC-71).
WINDOW_PHASES = frozenset(PHASES) - {"damage"}
# The attack phase (3A-3C): a combat is in progress from the declaration of attackers until
# combat damage is over (SC-53..SC-55).
_COMBAT_PHASES = frozenset(("attackers", "blockers", "damage"))
_NEXT_PHASE = dict(pairwise(PHASES))  # the sub-phase after each (none after "end")
HAND_LIMIT = 7  # SC-30, SC-57
# the most cards one move makes its player draw (Insight: 2; `ScarsGame.not_losing`; checked against
# the card pool by tests/scars/test_rules_losing_moves.py)
_MOST_DRAWN = 2
DECK_MIN = 40  # SC-01
MAX_COPIES = 3  # SC-01
PER_PLAYER_ZONES = (
    "deck",
    "hand",
    "discard",
    "out",
    "hero",
    "lives",
    "energy",
    "supports",
    "units",
    "structures",
    "weapons",
)
PLAY_ZONES = ("units", "structures", "weapons")
# Each seat's zone names, `_ZONE["units"][p]`: the hot paths look them up rather than format them.
_ZONE = {z: (f"{z}:0", f"{z}:1") for z in PER_PLAYER_ZONES}
_UNIT_ZONES = frozenset(_ZONE["units"])  # a card is a unit in play when its zone is one of these
# Where static abilities are in play, in the order they apply: P1's units and structures, then P2's.
_STATIC_ZONES = ("units:0", "structures:0", "units:1", "structures:1")
# Where each seat's unit and structure abilities are (SC-40, SC-41), `_ABILITY_ZONES[p]`.
_ABILITY_ZONES = (("units:0", "structures:0"), ("units:1", "structures:1"))
_CAST_TYPES = frozenset(("unit", "structure", "weapon", "prayer"))  # the card types a player casts


# The actions after which `_settle` need not run the state checks (SC-02, SC-12) first: they
# change no damage, defense, lives or units in play (paying energy, putting a card or ability in
# the resolution zone, declaring attackers and blockers, assigning damage, a support card, a hand
# discard), or come before the first turn, when no unit is in play and no life is lost (the
# mulligans, SC-03/SC-04; a scenario starts in a turn). `_apply` decides the others case by case:
# "pass" and "done", and these, which change no damage or defense either (auras, weapons and
# Honor look at neither positions nor the hand):
# - a set-up position or shelter (SC-50): only when paid with a life (SC-95), which may be a
#   hero's last (SC-02);
# - a life moved to energy (SC-16..18): only when it was the hero's last (SC-02);
# - a draw (SC-51): only when the deck was empty: the game is over (SC-05) and the checks write
#   the game-over line.
_NO_CHECKS = frozenset(
    (
        "keep",
        "mulligan",
        "cast",
        "ability",
        "hero",
        "target",
        "support",
        "attack",
        "learn",
        "block",
        "choose",
        "assign",
        "discard",
    )
)


# Actions are immutable values: the legal-action lists share them (arguments -> action, made
# once per process) instead of building a new Action for every entry of every list.
_ACTIONS = {
    verb: ActionTable(verb)
    for verb in (
        "keep",
        "mulligan",
        "pass",
        "done",
        "draw",
        "skip",
        "life",
        "hero",
        "target",
        "cast",
        "ability",
        "support",
        "equip",
        "pos",
        "shelter",
        "attack",
        "learn",
        "block",
        "choose",
        "assign",
        "discard",
        "sacrifice",
    )
}
_PASS = _ACTIONS["pass"][()]
_DONE = _ACTIONS["done"][()]

# The main phases' decisions whose words are fixed (set-up, draw, recruitment, attackers), by
# phase, then seat: made once and handed out again. A `Decision` is a frozen value (equal by seat,
# kind and words), its context here empty and never written; `legal_actions()` works its decision
# out with its actions (`_compute_raw`), ≈ 150 of these a random game, each a constructor call and
# four slot setters.
_MAIN_DECISIONS = {
    ph: tuple(Decision(p, kind, prompt) for p in (0, 1))
    for ph, kind, prompt in (
        ("setup", "setup", "Set-up: change unit positions, then done"),
        ("draw", "draw", "Draw a card, or skip the draw to move a life to energy"),
        ("recruit1", "recruit", f"{PHASE_NAMES['recruit1']}: play cards, then done"),
        ("recruit2", "recruit", f"{PHASE_NAMES['recruit2']}: play cards, then done"),
        ("attackers", "attack", "Declare attackers, then done"),
    )
}


DECKS_DIR = Path(__file__).parent / "decks"
RULES_FILE = Path(__file__).parent / "rules.md"

Entry = tuple[str, int, int, str, int]  # (kind, source uid, target uid, mode, extra)


@cache
def _preset_decks() -> tuple[tuple[str, dict[str, Any]], ...]:
    """The preset decks' contents, read and checked once (every new game needs two of them)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for p in sorted(DECKS_DIR.glob("*.toml")):
        data = load_toml_file(p)
        deck = parse_deck(data, file=str(p), header_fields={"hero": str}, pool=card_pool())
        ScarsGame.validate_deck(deck)
        out.append((deck.name, deck.to_json()))
    return tuple(out)


@cache
def _preset_deck_lists() -> tuple[DeckList, ...]:
    """The preset decks as checked DeckLists, in `preset_decks()` order, made once: a side without
    a deck of its own plays the preset of its seat (`deck_from_content` of that content)."""
    return tuple(map(ScarsGame.deck_from_content, ScarsGame.preset_decks().values()))


def poss(name: str) -> str:
    """English possessive of a card name: "Ember Shaman's", "Altar of Whispers'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# `entry_data`'s "does" by card definition and entry kind: worked out once, since a definition
# never changes (a stack entry is pushed and resolved a hundred times a random game). Keyed by the
# definition's identity (`id`; the definition is kept with its words, so its id is never another's):
# a `ScarsDef` hashes and compares by `CardDef`'s fields only (id, name, text, keywords), in Python,
# so two definitions differing in their effect alone would share words, and each look-up cost a
# Python `__hash__` call
_DOES: dict[tuple[int, str], tuple[ScarsDef, str]] = {}


def _entry_does(d: ScarsDef, kind: str) -> str:
    """What an entry of the resolution zone made by a card of definition `d` does, its target
    written `{target}` ("" for a unit, a weapon or a structure)."""
    known = _DOES.get((id(d), kind))
    if known is not None:
        return known[1]
    spec = d.effect if kind == "card" and d.type == "prayer" else None
    if kind in ("ability", "hero"):
        spec = d.ability
    elif kind == "trigger":
        spec = d.trigger
    words = describe_spec(spec, "{target}") if spec else ""
    _DOES[id(d), kind] = (d, words)
    return words


def card_name(c: ScarsCard) -> str:
    """A card's name as the engine says it: a hero's with whose it is (`P1's hero Aurelia, Iron
    Marshal`), another's its own."""
    if c.defn.type == "hero":
        return f"P{(c.owner or 0) + 1}'s hero {c.defn.name}"
    return c.defn.name


class EntryData(Mapping[str, Any]):
    """An entry of the resolution zone in data (`ScarsGame.entry_data`), in the `stack` and
    `resolve` events: its raw facts (the entry, its card, the card it aims at: a card's name,
    type, owner and definition never change) made into its keys only when read — by the table
    that words it, a few times a game, while the engine makes one each time an entry goes to the
    zone or resolves (a hundred times a random game, and in every game the AI plays out). Read,
    it is the dict the view's `stack` has (its `repr` too)."""

    __slots__ = ("_aimed", "_card", "_entry", "_facts")

    def __init__(self, entry: Entry, card: ScarsCard, aimed: ScarsCard | None) -> None:
        self._entry = entry
        self._card = card
        self._aimed = aimed
        self._facts: dict[str, Any] | None = None

    def facts(self) -> dict[str, Any]:
        """The entry's keys (`ScarsGame.entry_data`), made at the first read."""
        facts = self._facts
        if facts is None:
            kind, src, tgt, mode, _ = self._entry
            c, aimed = self._card, self._aimed
            facts = self._facts = {
                "kind": kind,
                "source": src,
                "name": c.name,
                "type": c.defn.type,
                "mode": mode,
                "target": tgt or None,
                "target_name": card_name(aimed) if aimed is not None else None,
                "does": _entry_does(c.defn, kind),
            }
        return facts

    def __getitem__(self, key: str) -> Any:
        return self.facts()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.facts())

    def __len__(self) -> int:
        return len(self.facts())

    def __repr__(self) -> str:
        return repr(self.facts())


class ScarsGame(Game):
    game_id = "scars"
    title = "The Scars"
    # 2: Whispered Dread on a unit already in defense position changes nothing (a shelterer
    # keeps sheltering, SC-61); an attack on a unit that left play (or was turned to defense)
    # finds no target even if the card comes back (or back to attack position) before damage;
    # a unit turned to defense in set-up may then shelter (SC-50); learned keywords go when the
    # combat is over (SC-80)
    # 3: a heal (Field Medic, Bandage) is offered only on a hurt unit, so a window where it was
    # a player's only play is now passed by the engine (SC-41 ⚖, docs/rulings.md)
    # 4: a prayer with no target whose effect has nothing to work on (Oath of Return with no life
    # card in the discard, Mind Rot against an empty hand) is not offered (SC-15 ⚖, docs/rulings.md)
    RULES_VERSION = 5

    zones: Zones[ScarsCard]
    pool_defs: dict[str, ScarsDef]

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, setup: Setup) -> ScarsGame:
        g = cls(setup)
        g.pool_defs = card_pool()
        g._init_state()
        if setup.scenario is not None:
            from .scenario import load_scenario

            load_scenario(g, setup.scenario)
        else:
            presets = _preset_deck_lists()
            for p in (0, 1):
                content = setup.decks[p] if p < len(setup.decks) else None
                deck = presets[p] if content is None else cls.deck_from_content(content)
                g._build_side(p, deck)
            first = setup.options.get("first_player", "random")
            g.first = {"1": 0, "2": 1}.get(str(first), -1)
            if g.first < 0:
                g.first = g.rng.randint(0, 1)  # SC-03: a coin decides the first player
            g.active = g.first
            g.log.emit("coin", f"A coin decides: P{g.first + 1} plays first", player=g.first)
            for p in (g.first, 1 - g.first):
                g.rng.shuffle(g.zones[f"deck:{p}"].cards)
                n = 6 if p == g.first else 7  # SC-03: the first player draws 6, the other 7
                g.hand_size[p] = n
                for _ in range(n):
                    g._draw_quiet(p)
                g.log.emit("draw", f"P{p + 1} draws {n} cards", player=p)
            g.phase = "mulligan"
            g.mull_order = [g.first, 1 - g.first]
        g._settle()
        return g

    def _init_state(self) -> None:
        self.zones = Zones(share_cards=True)  # (a clone copies a card when it reads it)
        for p in (0, 1):
            for z in PER_PLAYER_ZONES:
                vis = Visibility.PUBLIC
                if z == "deck":
                    vis = Visibility.HIDDEN
                elif z in ("hand", "supports"):
                    vis = Visibility.OWNER  # supports are face down (SC-22)
                self.zones.add_zone(Zone(f"{z}:{p}", p, vis))
        self.zones.add_zone(Zone("resolution", None, Visibility.PUBLIC))  # shared (SC-30, SC-31)
        self.active = 0
        self.first = 0
        self.turn = 1
        self.phase = "setup"
        self.step = "main"
        self.window_seat = 1  # who may act in the current end-of-sub-phase window
        self.stack: Stack[Entry] = Stack(0)
        self.pool = [0, 0]
        self.hand_size = [0, 0]
        self.mull_order: list[int] = []
        self.life_moved = [False, False]
        self.support_played = [False, False]
        self.hero_used = [False, False]
        self.pending: list[
            tuple[int, int, str]
        ] = []  # triggers waiting for a target: (controller, source, when)
        self.attackers: dict[int, int] = {}
        self.blocks: dict[int, int] = {}
        self.was_blocked: list[int] = []
        self.shelter_choice: dict[int, str] = {}
        self.learn_left: dict[int, int] = {}
        # SC-80: the keywords learned (unit, keyword), lost when the combat is over
        self.learned: list[tuple[int, str]] = []
        self.assign: list[list[int]] = []  # [source, target, amount]
        self.assign_done: list[int] = []
        self.combat_stage = ""  # "", "learn", "shelter", "assign"
        self.over = False
        self.win: int | None = None
        self._cache: tuple[Decision | None, list[Action]] | None = None

    def create(self, card_id: str, owner: int, zone: str) -> ScarsCard:
        defn = self.pool_defs[card_id]
        c = self.zones.create(defn, owner, zone, factory=ScarsCard)
        assert isinstance(c, ScarsCard)
        return c

    def _build_side(self, p: int, deck: DeckList) -> None:
        hero_id = str(deck.get("hero"))
        hero = self.create(hero_id, p, f"hero:{p}")
        # (`create` for each card, in one call a zone: the lives and the deck are most of a new
        # game's cards)
        defs = self.pool_defs
        make = self.zones.create_many
        make([defs["life"]] * hero.defn.lives, p, _ZONE["lives"][p], ScarsCard)  # SC-02: one per life
        make(map(defs.__getitem__, deck.expanded()), p, _ZONE["deck"][p], ScarsCard)

    # --------------------------------------------------------------- decks
    @classmethod
    def deck_from_content(cls, content: Any, file: str = "<deck>") -> DeckList:
        if isinstance(content, DeckList):
            deck = content
        elif isinstance(content, dict):
            try:
                deck = DeckList.from_json(content, file)
            except (TypeError, ValueError) as exc:
                raise DataError(file, f"malformed deck: {exc}") from None
        else:
            raise DataError(file, f"malformed deck content {type(content).__name__}")
        cls.validate_deck(deck)
        return deck

    @classmethod
    def validate_deck(cls, deck: DeckList) -> None:
        """SC-01: at least 40 cards, at most 3 copies of one card, one hero."""
        pool = card_pool()
        file = deck.file
        hero = deck.get("hero")
        if not isinstance(hero, str) or hero not in pool:
            raise DataError(file, f"unknown hero {hero!r}", field="hero")
        if pool[hero].type != "hero":
            raise DataError(file, f"{hero!r} is not a hero", field="hero")
        for cid, n in deck.cards:
            if cid not in pool:
                raise DataError(file, "no such card in the pool", card=cid)
            if pool[cid].type in ("hero", "life"):
                raise DataError(file, f"a {pool[cid].type} card cannot be in the deck", card=cid)
            if pool[cid].id.startswith("token_"):
                raise DataError(file, "tokens cannot be in a deck", card=cid)
            if n > MAX_COPIES:
                raise DataError(
                    file, f"{n} copies; at most {MAX_COPIES} of one card (SC-01)", card=cid, field="count"
                )
        if deck.size < DECK_MIN:
            raise DataError(
                file, f"the deck has {deck.size} cards; it needs at least {DECK_MIN} (SC-01)", field="cards"
            )

    @classmethod
    def deck_from_file(cls, path: Any) -> Any:
        deck = load_deck(path, header_fields={"hero": str}, pool=card_pool())
        cls.validate_deck(deck)
        return deck.to_json()

    @classmethod
    def preset_decks(cls) -> dict[str, Any]:
        # fresh dicts each call: a caller may change what it gets
        return {
            name: {"name": deck["name"], "header": dict(deck["header"]), "cards": dict(deck["cards"])}
            for name, deck in _preset_decks()
        }

    # ------------------------------------------------------------ catalogue
    @classmethod
    def card_rows(cls) -> tuple[list[str], list[list[str]]]:
        cols = ["id", "name", "type", "faction", "cost", "atk/def", "keywords", "text"]
        rows = []
        order = {t: i for i, t in enumerate(("hero", "unit", "structure", "weapon", "prayer", "life"))}
        for c in sorted(card_pool().values(), key=lambda d: (order[d.type], d.faction, d.cost, d.id)):
            if c.type == "hero":
                stats = f"{c.lives} lives"
                fac = "/".join(c.factions) or "-"
            elif c.type in ("unit", "weapon"):
                stats = f"{c.attack:+d}/{c.defense:+d}" if c.type == "weapon" else f"{c.attack}/{c.defense}"
                fac = c.faction or "neutral"
            else:
                stats = ""
                fac = c.faction or "neutral"
            cost = "" if c.type in ("hero", "life") else str(c.cost)
            if c.type == "weapon":
                cost += f" (equip {c.equip})"
            rows.append([c.id, c.name, c.type, fac, cost, stats, ", ".join(c.keywords), c.text])
        return cols, rows

    @classmethod
    def rules_text(cls) -> str:
        return RULES_FILE.read_text(encoding="utf-8")

    @classmethod
    def game_options(cls) -> list[dict[str, Any]]:
        return [
            {
                "key": "first_player",
                "label": "First player",
                "default": "random",
                "choices": ["random", "1", "2"],
                "help": "Who plays first (SC-03: normally a coin decides).",
            }
        ]

    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        from .ai import agent_levels

        return agent_levels()

    @classmethod
    def default_agent_level(cls) -> str:
        from .ai import DEFAULT_LEVEL

        return DEFAULT_LEVEL

    # ------------------------------------------------------------- helpers
    def card(self, uid: int) -> ScarsCard:
        # (the rules below read `self.zones.cards[uid]` itself: a frame less, hundreds a game)
        return self.zones.cards[uid]

    def hero_uid(self, p: int) -> int:
        return self.zones.zones[_ZONE["hero"][p]].cards[0]

    def lives(self, p: int) -> int:
        return len(self.zones.zones[_ZONE["lives"][p]].cards)

    def units(self, p: int) -> list[ScarsCard]:
        # (a loop: cheaper than `list(map(cards.__getitem__, …))` for a few units)
        cards = self.zones.cards
        out = []
        for u in self.zones.zones[_ZONE["units"][p]].cards:
            out.append(cards[u])
        return out

    def goal_facts(self) -> GoalFacts:
        """What a puzzle's goal reads (`common.goals`): each side's units in play and its lives."""
        units = tuple(tuple((c.defn.id, c.defn.name) for c in self.units_seen(p)) for p in (0, 1))
        return GoalFacts(
            self.turn,
            self.active,
            (units[0], units[1]),
            {"lives": (self.lives(0), self.lives(1))},
            {"lives": "lives"},
        )

    def units_seen(self, p: int) -> list[ScarsCard]:
        """`units(p)` for reading only (`Zones.look`: no copy of a card the game shares with a clone
        or its parent): never write one, nor keep one across a write of the game."""
        cards = self.zones.look
        out = []
        for u in self.zones.zones[_ZONE["units"][p]].cards:
            out.append(cards[u])
        return out

    def in_play(self, uid: int) -> bool:
        z = self.zones.look[uid].zone
        return z.split(":")[0] in PLAY_ZONES

    def is_unit_in_play(self, uid: int) -> bool:
        look = self.zones.look
        return uid in look and look[uid].zone in _UNIT_ZONES

    def controller_of(self, uid: int) -> int:
        c = self.zones.look[uid]
        return int(c.controller if c.controller is not None else 0)

    def weapons_on(self, c: ScarsCard) -> list[ScarsCard]:
        weapons = self.zones.zones[_ZONE["weapons"][c.controller]].cards  # type: ignore[index]
        if not weapons:
            return []  # most of the time (a hot path)
        cards = self.zones.cards
        return [cards[w] for w in weapons if cards[w].attached == c.uid]

    def _statics(self) -> list[ScarsCard]:
        """The cards in play with a static ability, for reading only (`Zones.look`)."""
        cards, zones = self.zones.look, self.zones.zones
        out = []
        for z in _STATIC_ZONES:
            for u in zones[z].cards:
                c = cards[u]
                if c.defn.static:
                    out.append(c)
        return out

    def _aura(self, c: ScarsCard, stat: str, statics: list[ScarsCard] | None = None) -> int:
        """The aura bonus `c` gets to `stat`, "attack" or "defense" (`statics`: `_statics()`, if
        the caller has it)."""
        total = 0
        attack = stat == "attack"
        for s in self._statics() if statics is None else statics:
            aura = s.defn.aura  # (scope, attack, defense), None for another static ability
            if aura is None:
                continue
            scope = aura[0]
            own = s.controller == c.controller
            if (
                (scope == "own_units" and own)
                or (scope == "other_own_units" and own and s.uid != c.uid)
                or (scope == "enemy_units" and not own)
            ):
                total += aura[1] if attack else aura[2]
        return total

    def keywords_of(self, c: ScarsCard) -> list[str]:
        kws = list(c.defn.keywords)
        if c.zone in _UNIT_ZONES:
            for w in self.weapons_on(c):
                kws.extend(w.defn.keywords)
        kws.extend(c.granted)
        return kws

    def has_kw(self, c: ScarsCard, name: str) -> bool:
        """`name` in `keywords_of(c)`, looked for without building that list (a hot path)."""
        if name in c.defn.kw_names:
            return True
        if c.zone in _UNIT_ZONES:
            # the weapons on it (`weapons_on(c)`, looked through without building that list)
            cards = self.zones.look
            for w in self.zones.zones[_ZONE["weapons"][c.controller]].cards:  # type: ignore[index]
                wc: ScarsCard = cards[w]
                if wc.attached == c.uid and name in wc.defn.kw_names:
                    return True
        return bool(c.granted) and name in map(keyword_name, c.granted)

    def kw_x(self, c: ScarsCard, name: str) -> int:
        """The X of keyword `name` on `c` (the best of its copies), 0 without it."""
        if not self.has_kw(c, name):
            return 0  # most units have none: no `keywords_of` list to build and read
        best = 0
        for k in self.keywords_of(c):
            if keyword_name(k) == name:
                v = keyword_value(k)
                best = max(best, int(v) if v else 1)
        return best

    def attack_of(self, c: ScarsCard, statics: list[ScarsCard] | None = None) -> int:
        """Derived attack: base + modifiers + weapons + auras + Honor (SC-82)
        (`statics`: `_statics()`, if the caller has it)."""
        v = c.stat("attack") if c.modifiers else c.defn.attack  # (`stat()` only for modifiers)
        if c.zone in _UNIT_ZONES:
            # the weapons on it (`weapons_on(c)`, looked through without building that list)
            cards = self.zones.look
            for w in self.zones.zones[_ZONE["weapons"][c.controller]].cards:  # type: ignore[index]
                wc: ScarsCard = cards[w]
                if wc.attached == c.uid:
                    v += wc.defn.attack
            v += self._aura(c, "attack", statics)
            if c.uid in self.attackers:  # SC-82 Honor: the other attackers get +1 each
                for a in self.attackers:  # (a loop, not `sum()` of a generator: a frame less)
                    if a != c.uid and self.has_kw(self.zones.cards[a], "Honor"):
                        v += 1
        return v if v > 0 else 0  # (not `max()`: a call)

    def defense_of(self, c: ScarsCard, statics: list[ScarsCard] | None = None) -> int:
        """Derived defense (`statics`: `_statics()`, if the caller has it)."""
        v = c.stat("defense")
        if c.zone in _UNIT_ZONES:
            for w in self.weapons_on(c):
                v += w.defn.defense
            v += self._aura(c, "defense", statics)
        return v

    def unit_limit(self, p: int) -> int:
        """SC-22/SC-23: 2 units per support card (plus unit_limit statics)."""
        cards, zones = self.zones.look, self.zones.zones
        extra = 0
        for u in zones[_ZONE["structures"][p]].cards:
            static = cards[u].defn.static
            if static and static.get("effect") == "unit_limit":
                extra += int(static.get("x", 0))
        return 2 * len(zones[_ZONE["supports"][p]].cards) + extra

    def available_energy(self, p: int) -> int:
        cards = self.zones.look
        untapped = 0
        for u in self.zones.zones[_ZONE["energy"][p]].cards:
            if not cards[u].tapped:
                untapped += 1
        return self.pool[p] + untapped

    def can_cast_faction(self, p: int, defn: ScarsDef) -> bool:
        """SC-20: only cards of the hero's factions, and neutral cards (⚖), may be cast."""
        if not defn.faction:
            return True
        zones = self.zones
        hero = zones.look[zones.zones[_ZONE["hero"][p]].cards[0]]  # `card(hero_uid(p))`: a hot path
        return defn.faction in hero.defn.factions

    def is_sick(self, c: ScarsCard) -> bool:
        """SC-13: entered this turn (not controlled since the start of the turn)."""
        return not c.since_start

    def name(self, uid: int) -> str:
        return card_name(self.zones.cards[uid]) if uid else "nothing"

    # ----------------------------------------------------------- primitives
    def _draw_quiet(self, p: int) -> bool:
        deck = self.zones.zones[_ZONE["deck"][p]]
        if not deck.cards:
            return False
        self.zones.move(deck.cards[-1], _ZONE["hand"][p])
        return True

    def draw(self, p: int) -> None:
        if not self._draw_quiet(p):
            # SC-05 ⚖: drawing from an empty deck loses the game
            self.log.emit("deckout", f"P{p + 1} must draw from an empty deck and loses", player=p)
            self._lose(p)
            return
        self.log.emit("draw", f"P{p + 1} draws a card", player=p)

    def _lose(self, p: int) -> None:
        if self.over:
            return
        self.over = True
        self.win = 1 - p

    def pay(self, p: int, amount: int) -> None:
        """SC-19/SC-95: pay from the pool, then by tapping untapped energy cards."""
        take = min(self.pool[p], amount)
        self.pool[p] -= take
        amount -= take
        cards, look = self.zones.cards, self.zones.look
        for u in self.zones.zones[_ZONE["energy"][p]].cards:
            if amount <= 0:
                break
            if not look[u].tapped:  # (read without a copy: only the card tapped is written)
                cards[u].tapped = True
                amount -= 1
        assert amount <= 0, "paid more than available"

    def pay_one(self, p: int, how: str) -> str:
        """A '1 energy or 1 life' cost (SC-50, SC-95): 'e' taps energy, 'l' discards a life card."""
        if how == "e":
            self.pay(p, 1)
            return "1 energy"
        self.lose_lives(p, 1, quiet=True)
        return "1 life"

    def lose_lives(self, p: int, n: int, quiet: bool = False) -> int:
        """SC-96: damage to the hero removes life cards to the discard."""
        lost = 0
        for _ in range(n):
            lives = self.zones.zones[_ZONE["lives"][p]]
            if not lives.cards:
                break
            self.zones.move(lives.cards[-1], _ZONE["discard"][p])
            lost += 1
        return lost

    def move_life_to_energy(self, p: int) -> None:
        """SC-16/17/18: a life card moved into the play zone becomes an energy card."""
        lives = self.zones.zones[_ZONE["lives"][p]]
        uid = lives.cards[-1]
        self.zones.move(uid, _ZONE["energy"][p])
        self.zones.cards[uid].tapped = False

    def set_position(self, c: ScarsCard, pos: str, shelter: int = 0) -> None:
        c.position = pos
        c.shelter = shelter if pos == "defense" else 0
        if pos == "defense":
            # A unit in defense position shelters nobody and is sheltered by nobody (SC-61).
            for u in self.units_seen(c.controller or 0):
                if u.shelter == c.uid:
                    self.zones.cards[u.uid].shelter = 0  # (the game's own card: `u` is for reading)
        if self.phase in _COMBAT_PHASES:
            self._position_in_combat(c)

    def _position_in_combat(self, c: ScarsCard) -> None:
        """SC-60 ⚖: position decides who fights. An attacker turned to defense position ("no podrá
        atacar") leaves the combat unless it has Alert (SC-85); a blocker turned to attack position
        ("no podrá defender") stops blocking, and the attacker it blocked stays blocked (SC-72); an
        attacked unit turned to defense position ("no podrá ser atacado") is attacked no more: its
        attackers find no target (`combat_groups`)."""
        uid = c.uid
        if c.position == "defense":
            if uid in self.attackers and not self.has_kw(c, "Alert"):
                del self.attackers[uid]
                self.log.emit("combat", f"{c.defn.name} is in defense position and stops attacking", uid=uid)
            if uid in self.attackers.values():
                self.log.emit(
                    "combat",
                    f"{c.defn.name} is in defense position: the attacks on it find no target",
                    uid=uid,
                )
                # ⚖ "a unit that left a combat does not come back to it": turned to attack position
                # again before damage (a tap ability, SC-40), it is not attacked again
                self._lose_attacks_on(uid)
        elif uid in self.blocks:
            del self.blocks[uid]
            self.log.emit("combat", f"{c.defn.name} is in attack position and stops blocking", uid=uid)

    def _lose_attacks_on(self, uid: int) -> None:
        """The attacks on unit `uid`, which left play or was turned to defense position before
        damage, find no target from now on (docs/rulings.md, SC-63 ⚖, SC-60): their target
        becomes 0, so that the card does not become their target again by coming back into play
        or into attack position. Only 3A and 3B have windows where either can happen (SC-55); a
        unit that dies of combat damage in 3C keeps its attackers' record."""
        if self.phase not in ("attackers", "blockers") or uid not in self.attackers.values():
            return
        for a, t in self.attackers.items():
            if t == uid:
                self.attackers[a] = 0

    def buff(self, uid: int, atk: int, dfn: int, src: int) -> None:
        c = self.zones.cards[uid]
        if atk:
            c.modifiers.append(Modifier("attack", atk, source=src, until="eot", tag="buff"))
        if dfn:
            c.modifiers.append(Modifier("defense", dfn, source=src, until="eot", tag="buff"))
        self.log.emit("buff", f"{c.defn.name} gets {atk:+d}/{dfn:+d} until end of turn", uid=uid)

    def deal_damage(self, src: int, tgt: int, n: int) -> None:
        """Damage from a card: to a hero it removes lives (SC-96) after Bond (SC-91); to a unit it
        is marked (Valor/Fear prevent it, SC-90/SC-92)."""
        if n <= 0:
            return
        t = self.zones.cards[tgt]
        s = self.zones.cards[src] if src else None
        sname = s.defn.name if s else "Combat"
        if t.defn.type == "hero":
            p = t.owner or 0
            bond = [u for u in self.units(p) if self.has_kw(u, "Bond")]
            if bond:  # SC-91: one point of the damage goes to a Bond unit
                b = max(bond, key=lambda u: (self.defense_of(u) - u.damage, -u.uid))
                b.damage += 1
                n -= 1
                self.log.emit(
                    "bond", f"{poss(b.defn.name)} Bond takes 1 of the damage to P{p + 1}", uid=b.uid
                )
            lost = self.lose_lives(p, n)
            if n:
                # the lives actually removed, and what is left (a later hit of the same combat
                # may find none left: it says so rather than "0 lives lost")
                left = self.lives(p)
                what = (
                    f"{lost} li{'fe' if lost == 1 else 'ves'} lost ({left} left)"
                    if lost
                    else "no lives left to lose"
                )
                self.log.emit("damage", f"{sname} deals {n} damage to P{p + 1}'s hero: {what}", player=p)
            return
        if not self.is_unit_in_play(tgt):
            return
        if s is not None and s.zone in _UNIT_ZONES and self._prevented(s, t):
            self.log.emit("prevent", f"Damage from {s.defn.name} to {t.defn.name} is prevented", uid=tgt)
            return
        t.damage += n
        self.log.emit("damage", f"{sname} deals {n} damage to {t.defn.name}", uid=tgt)

    def _prevented(self, s: ScarsCard, t: ScarsCard, atk: int | None = None) -> bool:
        a = self.attack_of(s) if atk is None else atk
        v = self.kw_x(t, "Valor")
        if v and a >= v:  # SC-90
            return True
        f = self.kw_x(t, "Fear")
        return bool(f and a <= f)  # SC-92

    def leave_play(self, uid: int, dest: str, verb: str) -> None:
        c = self.zones.cards[uid]
        self.attackers.pop(uid, None)
        self.blocks.pop(uid, None)
        # SC-63 ⚖: an attack on a unit that has left play finds no target, even if the card comes
        # back into play before damage (a new unit, not the one attacked)
        self._lose_attacks_on(uid)
        if self.learned:  # what it learned goes with it (`reset` below), SC-80
            self.learned = [x for x in self.learned if x[0] != uid]
        if c.zone in _UNIT_ZONES:
            for u in self.units(c.controller or 0):
                if u.shelter == uid:
                    u.shelter = 0
            for w in self.weapons_on(c):
                w.attached = 0  # the weapon stays in play, unequipped (SC-14 ruling)
        if c.defn.id.startswith("token_") and not dest.startswith(("units:", "structures:", "weapons:")):
            dest = f"out:{c.owner}"  # tokens never leave the table for hand or discard
        c.reset()
        c.controller = c.owner
        self.zones.move(uid, dest)
        self.log.emit("leave", f"{c.defn.name} {verb}", uid=uid)

    def destroy(self, uid: int, why: str = "dies") -> None:
        c = self.zones.cards[uid]
        was_unit = c.zone in _UNIT_ZONES
        ctrl = c.controller or 0
        self.leave_play(uid, f"discard:{c.owner}", why)
        if was_unit and c.defn.trigger.get("when") == "death":
            self._queue_trigger(ctrl, uid, "death")

    def counter(self, uid: int) -> None:
        if uid not in self.zones["resolution"].cards:
            return
        c = self.zones.cards[uid]
        items = self.stack.items
        for i, (_ctrl, e) in enumerate(items):
            if e[0] == "card" and e[1] == uid:
                del items[i]
                break
        self.zones.move(uid, f"discard:{c.owner}")
        self.log.emit("counter", f"{c.defn.name} is cancelled and goes to the discard", uid=uid)

    def create_token(self, p: int, token_id: str) -> ScarsCard:
        c = self.create(token_id, p, f"units:{p}")
        c.position = "defense"
        self.log.emit("token", f"P{p + 1} creates a {c.defn.name} token in defense position", uid=c.uid)
        return c

    def _queue_trigger(self, ctrl: int, src: int, when: str) -> None:
        self.pending.append((ctrl, src, when))

    # ------------------------------------------------------------ targets
    def targets(self, p: int, kind: str, exclude: int = 0) -> list[int]:
        """Legal targets for a card or ability of player `p`; never Stealth units (SC-86)."""
        if not kind:
            return []
        out: list[int] = []
        if kind in ("unit", "enemy_unit", "own_unit", "attacking_unit", "any"):
            sides = (1 - p,) if kind == "enemy_unit" else (p,) if kind == "own_unit" else (0, 1)
            cards, zones = self.zones.look, self.zones.zones
            # SC-53..SC-55 ⚖: a unit is attacking from its declaration until combat damage is over
            # (3A-3C), not for the rest of the turn
            attacking = self.attackers if self.phase in _COMBAT_PHASES else {}
            # the units a weapon is on: `has_kw` is asked only of those and of units with granted
            # keywords; another unit's keywords are its card's (a frame less a unit)
            armed = set()
            for z in ("weapons:0", "weapons:1"):
                for w in zones[z].cards:
                    armed.add(cards[w].attached)
            for side in sides:
                for u in zones[_ZONE["units"][side]].cards:
                    c: ScarsCard = cards[u]
                    if "Stealth" in c.defn.kw_names or (
                        (c.granted or u in armed) and self.has_kw(c, "Stealth")
                    ):
                        continue  # SC-86
                    if kind == "attacking_unit" and u not in attacking:
                        continue
                    out.append(u)
        if kind in ("any", "hero"):
            out.extend([self.hero_uid(p), self.hero_uid(1 - p)])
        if kind == "stack":
            out.extend(u for u in self.zones["resolution"].cards if u != exclude)
        if kind == "discard_unit":
            out.extend(u for u in self.zones[f"discard:{p}"].cards if self.zones.cards[u].defn.type == "unit")
        return out

    # ------------------------------------------------------- decision logic
    def _invalidate(self) -> None:
        self._cache = None

    def _compute(self) -> tuple[Decision | None, list[Action]]:
        if self._cache is None:
            self._cache = self._compute_raw()
        return self._cache

    # `decision()` and `legal_actions()` read the cache `_settle` has almost always filled, and
    # call `_compute()` only when it is empty (a frame less: each action asks for both)
    def decision(self) -> Decision | None:
        cached = self._cache
        return (cached if cached is not None else self._compute())[0]

    def legal_actions(self) -> list[Action]:
        cached = self._cache
        return list((cached if cached is not None else self._compute())[1])

    def is_over(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.win if self.over else None

    def _compute_raw(self) -> tuple[Decision | None, list[Action]]:
        if self.over:
            return None, []
        if self.phase == "mulligan":
            p = self.mull_order[0]
            acts = [_ACTIONS["keep"][()]]
            n = len(self.zones[f"hand:{p}"])
            if n > 0:
                acts.append(_ACTIONS["mulligan"][()])
            return Decision(p, "mulligan", f"Keep these {n} cards, or mulligan to {max(0, n - 1)}?"), acts
        if self.pending:
            ctrl, src, when = self.pending[0]
            spec = self.zones.cards[src].defn.trigger
            tg = self.targets(ctrl, spec.get("target", ""))
            return (
                Decision(
                    ctrl,
                    "target",
                    f"Choose the target of {poss(self.zones.cards[src].defn.name)} {when} ability: {describe_spec(spec)}",
                    {"source": src, "targets": tg},
                ),
                [_ACTIONS["target"][(t,)] for t in tg],
            )
        seat = self._response_seat()
        if seat is not None:
            return self._response(seat, self._instant_actions(seat))
        return self._main()

    def _response_seat(self) -> int | None:
        """The seat to answer, when (no mulligan or trigger target pending) the decision is a
        response in the resolution zone or a window; None when it is the turn's main part."""
        if self.stack.items:
            return self.stack.priority
        if self.step == "window":
            return self.window_seat
        return None

    def _response(self, p: int, instant: list[Action]) -> tuple[Decision, list[Action]]:
        """The decision of seat `p` in the resolution zone or a window: pass, or one of
        `instant` (`_instant_actions(p)`)."""
        acts = [_PASS, *instant]
        if self.stack.items:
            top = self.stack.top()
            return (
                Decision(
                    p,
                    "respond",
                    f"Respond to {self.describe_entry(top[1])}, or pass",
                    {"stack": [e[1][1] for e in self.stack.entries()]},
                ),
                acts,
            )
        if p == self.active:
            prompt = "Blockers are declared: play a prayer or ability before damage, or pass"
        else:
            prompt = f"End of {PHASE_NAMES[self.phase]}: play a prayer or ability, or pass"
        return Decision(p, "respond", prompt), acts

    def _main(self) -> tuple[Decision, list[Action]]:
        p = self.active
        ph = self.phase
        if ph == "setup":
            energy = self.available_energy(p)  # (found once for both)
            acts = self._setup_actions(p, energy) + self._instant_actions(p, energy) + [_DONE]
            return _MAIN_DECISIONS[ph][p], acts
        if ph == "draw":
            acts = [_ACTIONS["draw"][()]]
            if self.lives(p) > 0:
                acts.append(_ACTIONS["skip"][()])
            return _MAIN_DECISIONS[ph][p], acts
        if ph in ("recruit1", "recruit2"):
            energy = self.available_energy(p)  # (found once for both)
            acts = self._recruit_actions(p, energy) + self._instant_actions(p, energy) + [_DONE]
            return _MAIN_DECISIONS[ph][p], acts
        if ph == "attackers":
            if self.combat_stage == "learn":
                return self._learn_decision()
            acts = [*self._attack_actions(p), _DONE]
            return _MAIN_DECISIONS[ph][p], acts
        if ph == "blockers":
            d = 1 - p
            if self.combat_stage == "shelter":
                return self._shelter_decision()
            acts = [*self._block_actions(d), _DONE]
            return (
                Decision(d, "block", "Declare blockers, then done", {"attackers": dict(self.attackers)}),
                acts,
            )
        if ph == "damage":
            if self._shelter_targets():  # SC-61 ⚖: a shelterer arrived after blockers: ask now
                return self._shelter_decision()
            return self._damage_decision()
        if ph == "cleanup":
            if self.step != "limits":  # the limits come after the end-of-5A window (SC-57, SC-59)
                return Decision(p, "cleanup", "Clean-up done"), [_DONE]
            hand = self.zones[f"hand:{p}"].cards
            if len(hand) > HAND_LIMIT:  # SC-57
                return (
                    Decision(p, "cleanup", f"Discard down to {HAND_LIMIT} cards ({len(hand)} in hand)"),
                    [_ACTIONS["discard"][(u,)] for u in hand],
                )
            units = self.zones[f"units:{p}"].cards
            if len(units) > self.unit_limit(p):  # SC-23
                return (
                    Decision(
                        p,
                        "cleanup",
                        f"Too many units ({len(units)}, limit {self.unit_limit(p)}): discard one",
                    ),
                    [_ACTIONS["sacrifice"][(u,)] for u in units],
                )
            return Decision(p, "cleanup", "Clean-up done"), [_DONE]
        return Decision(p, "end", "End of turn"), [_DONE]

    # SC-50: set-up position changes
    def _setup_actions(self, p: int, energy: int) -> list[Action]:
        """`energy`: `available_energy(p)`."""
        out: list[Action] = []
        pos, shelter = _ACTIONS["pos"], _ACTIONS["shelter"]
        can_e = energy >= 1
        can_l = self.lives(p) >= 1
        pays = ("e", "l") if can_e and can_l else ("e",) if can_e else ("l",) if can_l else ()
        units = self.units_seen(p)  # (legal actions: read only)
        attackers_pos = []
        for u in units:
            if u.position == "attack":
                attackers_pos.append(u)
        for c in units:
            if c.moved and (c.position != "defense" or c.shelter):
                continue
            if not c.moved:
                if c.position == "attack" or c.shelter:
                    out.append(pos[(c.uid, "defense")])  # free
                if c.position == "defense":
                    for how in pays:
                        out.append(pos[(c.uid, "attack", how)])
            if c.position == "defense":
                # SC-50: "además de lo anterior", a unit in defense position, also one that has
                # just gone there, may be placed sheltering (it stays in defense position)
                for t in attackers_pos:
                    if t.uid != c.shelter:
                        for how in pays:
                            out.append(shelter[(c.uid, t.uid, how)])
        return out

    def _cast_modes(self, p: int, c: ScarsCard) -> list[tuple[int | str, ...]]:
        d = c.defn
        if d.type == "unit":
            modes: list[tuple[int | str, ...]] = [("attack",), ("defense",)]
            for t in self.units_seen(p):
                if t.position == "attack":
                    modes.append(("shelter", t.uid))  # SC-60/SC-61: enter sheltering
            return modes
        if d.type == "weapon":
            return [(u,) for u in self.zones.zones[_ZONE["units"][p]].cards]
        if d.type == "prayer":
            tk = d.effect.get("target", "")
            if tk:
                tg = self.targets(p, tk)
                y = d.target_max_attack
                if y is not None:
                    # SC-32: the card limits its target ("target unit with attack 2 or less")
                    tg = [t for t in tg if self.attack_of(self.zones.cards[t]) <= y]
                if d.effect.get("effect") == "heal":
                    tg = self._hurt(d.effect, tg)  # SC-15 ⚖: no heal that removes nothing (docs/rulings.md)
                return [(t,) for t in tg]
            if self.nothing_to_do(p, d.effect):
                return []  # SC-15 ⚖: Oath of Return with no life to return (docs/rulings.md)
            return [()]
        return [()]

    def _castable(self, p: int, c: ScarsCard, instant: bool, energy: int | None = None) -> bool:
        """`energy`: `available_energy(p)`, if the caller has it. (Written out in `_instant_actions`
        and `_recruit_actions`: `tests/scars/test_fast_paths.py` compares.)"""
        d = c.defn
        if d.type not in _CAST_TYPES:
            return False
        if instant and not d.instant:
            return False  # SC-52/SC-84: with a non-empty zone only prayers and Lightning cards
        # the cost before the faction: it needs no call (SC-19, SC-20)
        if (self.available_energy(p) if energy is None else energy) < d.cost:
            return False
        return self.can_cast_faction(p, d)

    def _instant_actions(self, p: int, energy: int | None = None) -> list[Action]:
        """Prayers, Lightning cards and unit/structure abilities (SC-15, SC-40, SC-41, SC-84)
        (`energy`: `available_energy(p)`, if the caller has it)."""
        if self.phase == "damage":
            return []  # SC-55/SC-71
        out: list[Action] = []
        cards, zones = self.zones.look, self.zones.zones  # (legal actions: read only)
        cast = _ACTIONS["cast"]
        # `energy` and the hero's factions, unless the caller gave the energy, are found when a
        # card may need them (the same for all)
        factions: tuple[str, ...] | None = None
        for u in zones[_ZONE["hand"][p]].cards:
            d = cards[u].defn
            if not d.instant:
                continue  # not instant speed: `_castable(instant=True)` refuses it, no need to ask
            if factions is None:
                factions = cards[zones[_ZONE["hero"][p]].cards[0]].defn.factions
            if energy is None:
                energy = self.available_energy(p)
            # `_castable(p, c, instant=True, energy=energy)`, written out (a frame less a card)
            if d.type in _CAST_TYPES and energy >= d.cost and (not d.faction or d.faction in factions):
                for m in self._cast_modes(p, cards[u]):
                    out.append(cast[(u, *m)])
        # unit and structure abilities (SC-40, SC-41)
        ability = _ACTIONS["ability"]
        for z in _ABILITY_ZONES[p]:
            for u in zones[z].cards:
                c = cards[u]
                d = c.defn
                if not d.ability:
                    continue
                # `_ability_ready(p, c, energy)`, written out with the ability's facts worked out
                # once (`ScarsDef.ability_tap`, `ability_cost`: no look-up in its table, a frame less)
                if d.ability_tap:
                    if c.zone in _UNIT_ZONES:
                        # SC-40: a unit must be in defense position and controlled since the start
                        # of the turn (and not attacking)
                        if c.position != "defense" or not c.since_start or u in self.attackers:
                            continue
                    elif c.tapped:
                        continue
                else:
                    if energy is None:
                        energy = self.available_energy(p)  # only energy abilities need it (SC-41)
                    if energy < d.ability_cost:
                        continue  # SC-41
                tk = d.ability_target
                if tk:
                    tg = self.targets(p, tk)
                    spec = d.ability
                    if spec.get("effect") == "heal":
                        tg = self._hurt(spec, tg)  # SC-41 ⚖: no heal that removes nothing (docs/rulings.md)
                    for t in tg:
                        out.append(ability[(u, t)])
                else:
                    out.append(ability[(u,)])
        return out

    def _hurt(self, spec: Any, targets: list[int]) -> list[int]:
        """The targets of the heal `spec` (a prayer's, an ability's) where it removes some damage
        (`has_no_effect`): the only ones it is offered on (SC-41, SC-15 ⚖, docs/rulings.md). On an
        unhurt unit it would resolve to nothing unless the opponent answered it by damaging that
        very unit; offering it stopped a Field Medic's player at every window for nothing."""
        return [t for t in targets if not self.has_no_effect(spec, t)]

    def _ability_ready(self, p: int, c: ScarsCard, energy: int | None = None) -> bool:
        """`energy`: `available_energy(p)`, if the caller has it. (Written out in `_instant_actions`:
        `tests/scars/test_fast_paths.py` compares.)"""
        spec = c.defn.ability
        if spec.get("kind") == "tap":
            if c.zone in _UNIT_ZONES:
                # SC-40: a unit must be in defense position and controlled since the start of turn
                return c.position == "defense" and c.since_start and c.uid not in self.attackers
            return not c.tapped
        return (self.available_energy(p) if energy is None else energy) >= int(spec.get("cost", 0))  # SC-41

    def _recruit_actions(self, p: int, avail: int) -> list[Action]:
        """`avail`: `available_energy(p)` (nothing below changes it)."""
        out: list[Action] = []
        cast, support, hero, equip = (
            _ACTIONS["cast"],
            _ACTIONS["support"],
            _ACTIONS["hero"],
            _ACTIONS["equip"],
        )
        cards, zones = self.zones.look, self.zones.zones  # (legal actions: read only)
        hand = zones[_ZONE["hand"][p]].cards
        factions = cards[zones[_ZONE["hero"][p]].cards[0]].defn.factions  # (`can_cast_faction`)
        for u in hand:
            d = cards[u].defn
            if d.instant:
                continue  # prayers and Lightning cards are offered with the instant actions
            # `_castable(p, c, instant=False, energy=avail)`, written out (a frame less a card)
            if d.type in _CAST_TYPES and avail >= d.cost and (not d.faction or d.faction in factions):
                for m in self._cast_modes(p, cards[u]):
                    out.append(cast[(u, *m)])
        if not self.support_played[p]:  # SC-22: one support per turn
            for u in hand:
                out.append(support[(u,)])
        if not self.life_moved[p] and zones[_ZONE["lives"][p]].cards:  # SC-18
            out.append(_ACTIONS["life"][()])
        # (`card(hero_uid(p))`, written out: a hot path)
        hd = cards[zones[_ZONE["hero"][p]].cards[0]].defn
        if hd.ability and not self.hero_used[p] and avail >= hd.ability_cost:  # SC-20
            tk = hd.ability_target
            if tk:
                for t in self.targets(p, tk):
                    out.append(hero[(t,)])
            else:
                out.append(hero[()])
        for w in zones[_ZONE["weapons"][p]].cards:  # SC-14: re-equip
            wc: ScarsCard = cards[w]
            if avail >= wc.defn.equip:
                for u in zones[_ZONE["units"][p]].cards:
                    if u != wc.attached:
                        out.append(equip[(w, u)])
        return out

    def can_attack(self, c: ScarsCard) -> bool:
        if c.uid in self.attackers or c.no_attack:  # SC-40: used a tap ability this turn
            return False
        if self.is_sick(c) and not self.has_kw(c, "Haste"):  # SC-13, SC-89
            return False
        return c.position == "attack" or self.has_kw(c, "Alert")  # SC-53, SC-85

    def _attack_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        attack = _ACTIONS["attack"]
        enemy_targets = [self.hero_uid(1 - p)]
        for e in self.units_seen(1 - p):
            if e.position == "attack":
                enemy_targets.append(e.uid)
        for c in self.units_seen(p):
            if self.can_attack(c):
                for t in enemy_targets:
                    out.append(attack[(c.uid, t)])
        return out

    def _learn_decision(self) -> tuple[Decision, list[Action]]:
        uid = next(iter(self.learn_left))
        c = self.zones.cards[uid]
        opts = self._learnable(c)
        acts = [_ACTIONS["learn"][(uid, k.replace(" ", "_"))] for k in opts] + [_DONE]
        return (
            Decision(
                self.active,
                "learn",
                f"{c.defn.name} (Learning {self.kw_x(c, 'Learning')}) may learn {self.learn_left[uid]} more "
                f"keyword{'' if self.learn_left[uid] == 1 else 's'}",
                {"source": uid},
            ),
            acts,
        )

    def _learnable(self, c: ScarsCard) -> list[str]:
        """SC-80: keywords of the units attacking with it that it does not have."""
        have = set(self.keywords_of(c))
        out: list[str] = []
        for a in self.attackers:
            if a == c.uid:
                continue
            for k in self.keywords_of(self.zones.cards[a]):
                if keyword_name(k) != "Learning" and k not in have and k not in out:
                    out.append(k)
        return out

    def can_block(self, b: ScarsCard, a: ScarsCard) -> bool:
        if b.position != "defense" or b.uid in self.blocks:  # SC-54
            return False
        if self.has_kw(a, "Flying") and not (self.has_kw(b, "Flying") or self.has_kw(b, "Ranged")):
            return False  # SC-83, SC-87
        batk = self.attack_of(b)
        v = self.kw_x(a, "Valor")
        if v and batk >= v:  # SC-90
            return False
        f = self.kw_x(a, "Fear")
        return not (f and batk <= f)  # SC-92

    def _block_actions(self, d: int) -> list[Action]:
        out: list[Action] = []
        block = _ACTIONS["block"]
        attackers = []  # the attackers still in play, found once for every blocker
        for a in self.attackers:
            if self.is_unit_in_play(a):
                attackers.append(self.zones.cards[a])
        for b in self.units(d):
            for ac in attackers:
                if self.can_block(b, ac):
                    out.append(block[(b.uid, ac.uid)])
        return out

    def _shelter_targets(self) -> list[int]:
        """Attacked units with non-blocking shelterers that still need a choice (SC-61)."""
        out = []
        for a, t in self.attackers.items():
            if a in self.was_blocked or t == self.hero_uid(1 - self.active) or not self._still_attacked(t):
                continue
            if t in self.shelter_choice or t in out:
                continue
            if self._shelterers(t):
                out.append(t)
        return out

    def _still_attacked(self, t: int) -> bool:
        """Whether the attacks on unit `t` still find it: in play and in attack position (SC-60 ⚖:
        a unit in defense position "no podrá ser atacado"; turned to defense before damage, the
        attacks on it find no target)."""
        return self.is_unit_in_play(t) and self.zones.cards[t].position == "attack"

    def _shelterers(self, t: int) -> list[int]:
        return [u.uid for u in self.units(1 - self.active) if u.shelter == t and u.uid not in self.blocks]

    def _shelter_decision(self) -> tuple[Decision, list[Action]]:
        t = self._shelter_targets()[0]
        acts = [_ACTIONS["choose"][(t, x)] for x in ("unit", "shelter", "both")]
        return (
            Decision(
                1 - self.active,
                "shelter",
                f"{self.name(t)} is attacked and sheltered: who fights — the unit, its shelter, or both?",
                {"unit": t, "shelterers": self._shelterers(t)},
            ),
            acts,
        )

    # -------------------------------------------------------------- combat
    def combat_groups(self) -> list[tuple[str, list[int], list[int]]]:
        """('block', [attacker], blockers) | ('unit', attackers, defenders) | ('hero', [attacker], [])."""
        groups: list[tuple[str, list[int], list[int]]] = []
        by_target: dict[int, list[int]] = {}
        hero = self.hero_uid(1 - self.active)
        for a, t in self.attackers.items():
            if not self.is_unit_in_play(a):
                continue
            if a in self.was_blocked:
                bl = [b for b, x in self.blocks.items() if x == a and self.is_unit_in_play(b)]
                groups.append(("block", [a], bl))  # SC-72: a blocked attacker never damages the hero
            elif t == hero:
                groups.append(("hero", [a], []))
            elif self._still_attacked(t):
                by_target.setdefault(t, []).append(a)
        for t, atts in by_target.items():
            choice = self.shelter_choice.get(t, "unit")
            shel = [u for u in self._shelterers(t) if self.is_unit_in_play(u)]
            if choice == "shelter":
                # SC-61: the sheltered unit "no sufrirá daños" and the choice stands: with its
                # shelter gone before damage, nobody fights these attackers
                defs = shel
            elif choice == "both":
                defs = [t, *shel]
            else:
                defs = [t]
            groups.append(("unit", atts, defs))  # SC-63, SC-61
        return groups

    def _lethal_need(self, b: int) -> int:
        """SC-81 ⚖: what lethal needs = (defense − damage already on it) + 1."""
        c = self.zones.cards[b]
        assigned = sum(n for s, t, n in self.assign if t == b)
        return max(0, self.defense_of(c) - c.damage + 1 - assigned)

    def lethal_needs(self, source: int, target: int) -> int | None:
        """What lethal needs of `source`'s combat damage on the unit `target` now, less the points
        assigned to it already (SC-81 ⚖: defense − damage on it + 1); None when the damage of
        `source` to it is prevented (`prevented_by`): then no amount is lethal."""
        if self.prevented_by(source, target):
            return None
        return self._lethal_need(target)

    def prevented_by(self, source: int, target: int) -> str:
        """Why the damage of the unit `source` to the unit `target` is prevented now, in the
        rules' words (`Valor 4 (SC-90)`, `Fear 2 (SC-92)`), or "" when it is not."""
        s, t = self.zones.cards[source], self.zones.cards[target]
        if t.defn.type == "hero" or not self._prevented(s, t):
            return ""
        v = self.kw_x(t, "Valor")
        if v and self.attack_of(s) >= v:
            return f"Valor {v} (SC-90)"
        return f"Fear {self.kw_x(t, 'Fear')} (SC-92)"

    def surplus_to(self, source: int) -> int | None:
        """The hero that the surplus of `source`'s combat damage beyond lethal goes to (Trample
        past its blockers, SC-81: the engine assigns it once one blocker short of lethal is
        left), or None."""
        for s, _ctrl, opp, trample in self._sources():
            if s == source:
                opp = [o for o in opp if self.is_unit_in_play(o)]
                if trample and opp and self._tramples_past(s, opp):
                    return self.hero_uid(1 - self.active)
                return None
        return None

    def _sources(self) -> list[tuple[int, int, list[int], bool]]:
        """(source, controller, opposing units, may trample) for every unit dealing combat damage."""
        out = []
        for kind, atts, defs in self.combat_groups():
            if kind == "hero":
                continue
            for a in atts:
                out.append(
                    (a, self.active, defs, kind == "block" and self.has_kw(self.zones.cards[a], "Trample"))
                )
            for d in defs:
                out.append((d, 1 - self.active, atts, False))
        return out

    def _assigned(self, s: int) -> int:
        total = 0
        for src, _t, n in self.assign:  # (a loop, not `sum()` of a generator: a frame less)
            if src == s:
                total += n
        return total

    def _damage_options(self, s: int, opp: list[int], trample: bool) -> list[int]:
        opp = [o for o in opp if self.is_unit_in_play(o)]
        if not opp:
            return []
        if trample and self._tramples_past(s, opp):
            # SC-81: what a blocker's lethal does not need is surplus and goes to the hero: the
            # blockers still short of lethal, and once none is, the hero alone
            needy = [b for b in opp if self._lethal_need(b) > 0]
            return needy or [self.hero_uid(1 - self.active)]
        return list(opp)

    def _tramples_past(self, s: int, blockers: list[int]) -> bool:
        """SC-81 ⚖ with SC-90/SC-92: damage a blocker prevents is never lethal, so there is no surplus."""
        sc = self.zones.cards[s]
        return not any(self._prevented(sc, self.zones.cards[b]) for b in blockers)

    def _next_assignment(self) -> tuple[int, int, list[int], list[int], bool] | None:
        """The next source with damage left to assign: (source, remaining, options, opposing units, trample)."""
        statics = self._statics()  # the same for every source
        for s, _ctrl, opp, trample in self._sources():
            remaining = self.attack_of(self.zones.cards[s], statics) - self._assigned(s)
            if remaining <= 0:
                continue
            opts = self._damage_options(s, opp, trample)
            if not opts:
                continue
            return s, remaining, opts, [o for o in opp if self.is_unit_in_play(o)], trample
        return None

    def _damage_decision(self) -> tuple[Decision, list[Action]]:
        nxt = self._next_assignment()
        if nxt is None:
            return Decision(self.active, "damage", "Deal combat damage"), [_DONE]
        s, remaining, opts, _opp, _trample = nxt
        ctrl = self.active if s in self.attackers else 1 - self.active
        return (
            Decision(
                ctrl,
                "damage",
                f"Assign {poss(self.zones.cards[s].defn.name)} damage: {remaining} point{'' if remaining == 1 else 's'} left"
                " (SC-70)",
                {"source": s, "remaining": remaining, "targets": opts},
            ),
            [_ACTIONS["assign"][(s, t)] for t in opts],
        )

    def _auto_assign_single(self) -> bool:
        """Assign automatically when a source's damage has only one sensible place. True if it did."""
        nxt = self._next_assignment()
        if nxt is None:
            return False
        s, remaining, opts, opp, trample = nxt
        if trample and len(opts) == 1 and self._tramples_past(s, opp):
            # SC-81: Trample past the last blocker short of lethal (or a single blocker): lethal
            # to it, the surplus to the hero
            b = opts[0]
            hero = self.hero_uid(1 - self.active)
            give = 0 if b == hero else min(self._lethal_need(b), remaining)
            if give:
                self.assign.append([s, b, give])
            if remaining - give:
                self.assign.append([s, hero, remaining - give])
            return True
        if len(opts) == 1:
            self.assign.append([s, opts[0], remaining])
            return True
        return False

    def _resolve_combat(self) -> None:
        """SC-55: all combat damage is counted, then dealt at once; lethal per SC-12."""
        hero = self.hero_uid(1 - self.active)
        events: list[tuple[int, int, int]] = []
        for s, t, n in self.assign:
            if n > 0 and self.is_unit_in_play(s):
                events.append((s, t, n))
        # unblocked attackers on the hero
        for kind, atts, _defs in self.combat_groups():
            if kind == "hero":
                for a in atts:
                    events.append((a, hero, self.attack_of(self.zones.cards[a])))
        atk_now = {s: self.attack_of(self.zones.cards[s]) for s, _t, _n in events}
        merged: dict[tuple[int, int], int] = {}
        for s, t, n in events:
            merged[(s, t)] = merged.get((s, t), 0) + n
        hero_hits: list[tuple[int, int]] = []
        for (s, t), n in merged.items():
            if n <= 0:
                continue
            if t == hero:
                hero_hits.append((s, n))
                continue
            sc, tc = self.zones.cards[s], self.zones.cards[t]
            if self._prevented(sc, tc, atk_now[s]):
                self.log.emit("prevent", f"Damage from {sc.defn.name} to {tc.defn.name} is prevented", uid=t)
                continue
            tc.damage += n
            self.log.emit("combat", f"{sc.defn.name} deals {n} damage to {tc.defn.name}", uid=t, source=s)
        for s, n in hero_hits:
            self.deal_damage(s, hero, n)  # each attacker is one damage event (SC-91)
        if not events:
            self.log.emit("combat", "No combat damage is dealt")

    # ---------------------------------------------------------- applying
    def check(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self._compute()[1]:
            raise IllegalAction(self.explain_illegal(action))

    def _apply(self, action: Action) -> None:
        d = self.decision()
        assert d is not None
        p = d.player
        k, args = action.kind, action.args
        # Whether the state checks (SC-02, SC-12) must run before anything else: not after
        # the actions that change no damage, defense, lives or units in play (`_NO_CHECKS`).
        checks = k not in _NO_CHECKS
        if k in ("keep", "mulligan"):
            self._do_mulligan(p, k == "mulligan")
        elif k == "pass":
            turn = self.turn
            # as in `_settle`: unless an entry resolved or a new turn began
            checks = self._do_pass(p) or self.turn != turn
        elif k == "target":
            ctrl, src, when = self.pending.pop(0)
            self._push(("trigger", src, int(args[0]), when, 0), ctrl)
        elif k == "cast":
            self._do_cast(p, args)
        elif k == "ability":
            self._do_ability(p, int(args[0]), int(args[1]) if len(args) > 1 else 0)
        elif k == "hero":
            self._do_hero(p, int(args[0]) if args else 0)
        elif k == "support":
            c = self.zones.cards[int(args[0])]
            self.zones.move(c.uid, _ZONE["supports"][p])
            c.face_down = True
            self.support_played[p] = True
            self.log.emit(
                "support",
                f"P{p + 1} places a support card face down (unit limit {self.unit_limit(p)})",
                player=p,
            )
        elif k == "life":
            self.move_life_to_energy(p)  # SC-18: does not use the resolution zone
            self.life_moved[p] = True
            left = self.lives(p)
            self.log.emit("life", f"P{p + 1} moves a life to energy ({left} lives left)", player=p)
            checks = not left  # see `_NO_CHECKS`: only the hero's last life
        elif k == "equip":
            w, u = self.zones.cards[int(args[0])], self.zones.cards[int(args[1])]
            self.pay(p, w.defn.equip)
            w.attached = u.uid
            self.log.emit(
                "equip", f"P{p + 1} equips {w.defn.name} to {u.defn.name} ({w.defn.equip} energy)", uid=w.uid
            )
        elif k == "pos":
            how = str(args[2]) if len(args) > 2 else ""
            self._do_pos(p, self.zones.cards[int(args[0])], str(args[1]), how)
            checks = how == "l"  # see `_NO_CHECKS`: only a life payment
        elif k == "shelter":
            c, sheltered = self.zones.cards[int(args[0])], self.zones.cards[int(args[1])]
            paid = self.pay_one(p, str(args[2]))
            self.set_position(c, "defense", sheltered.uid)
            c.moved = True
            self.log.emit("shelter", f"{c.defn.name} shelters {sheltered.defn.name} ({paid})", uid=c.uid)
            checks = args[2] == "l"  # see `_NO_CHECKS`: only a life payment
        elif k == "draw":
            self.draw(p)
            self._end_main()
            checks = self.over  # see `_NO_CHECKS`: only a draw from an empty deck
        elif k == "skip":
            self.move_life_to_energy(p)  # SC-17
            left = self.lives(p)
            self.log.emit(
                "life", f"P{p + 1} skips the draw and moves a life to energy ({left} lives left)", player=p
            )
            self._end_main()
            checks = not left  # see `_NO_CHECKS`: only the hero's last life
        elif k == "attack":
            a, t = self.zones.cards[int(args[0])], int(args[1])
            self.attackers[a.uid] = t
            self.log.emit("attack", f"{a.defn.name} attacks {self.name(t)}", uid=a.uid, target=t)
        elif k == "learn":
            uid = int(args[0])
            kw = str(args[1]).replace("_", " ")
            c = self.zones.cards[uid]
            c.granted = (*c.granted, kw)
            self.learned.append((uid, kw))
            self.learn_left[uid] -= 1
            self.log.emit("learn", f"{c.defn.name} learns {kw} for this combat", uid=uid)
            if self.learn_left[uid] <= 0 or not self._learnable(c):
                del self.learn_left[uid]
        elif k == "block":
            b, a = self.zones.cards[int(args[0])], self.zones.cards[int(args[1])]
            self.blocks[b.uid] = a.uid
            if a.uid not in self.was_blocked:
                self.was_blocked.append(a.uid)
            self.log.emit("block", f"{b.defn.name} blocks {a.defn.name}", uid=b.uid, target=a.uid)
        elif k == "choose":
            t, how = int(args[0]), str(args[1])
            self.shelter_choice[t] = how
            words = {
                "unit": "fights itself",
                "shelter": "lets its shelter fight",
                "both": "fights with its shelter",
            }
            self.log.emit("shelter", f"{self.name(t)} {words[how]}", uid=t)
        elif k == "assign":
            s, t = int(args[0]), int(args[1])
            self.assign.append([s, t, 1])
        elif k == "discard":
            c = self.zones.cards[int(args[0])]
            self.zones.move(c.uid, f"discard:{p}")
            self.log.emit("discard", f"P{p + 1} discards {c.defn.name} (hand limit)", uid=c.uid)
        elif k == "sacrifice":
            # SC-23 ⚖: discarded for the unit limit, not destroyed: it does not die (no "death"
            # trigger, SC-42; "se descartan, se destruyen, se sacrifican")
            c = self.zones.cards[int(args[0])]
            self.leave_play(c.uid, _ZONE["discard"][c.owner or 0], "is discarded (unit limit)")
        elif k == "done":
            self._do_done(d)
            checks = False  # as in `_settle`: a main part ends; Cover (3B) only raises defense
        self._settle(checks)

    def _do_mulligan(self, p: int, again: bool) -> None:
        if again:  # SC-04: shuffle the hand back, draw one card fewer
            hand = self.zones[f"hand:{p}"]
            for u in list(hand.cards):
                self.zones.move(u, f"deck:{p}")
            self.rng.shuffle(self.zones[f"deck:{p}"].cards)
            self.hand_size[p] -= 1
            for _ in range(self.hand_size[p]):
                self._draw_quiet(p)
            self.log.emit("mulligan", f"P{p + 1} mulligans to {self.hand_size[p]} cards", player=p)
            return
        self.log.emit("keep", f"P{p + 1} keeps {len(self.zones[f'hand:{p}'])} cards", player=p)
        self.mull_order.pop(0)
        if not self.mull_order:
            self._start_turn(self.first, first=True)

    def _do_pass(self, p: int, auto: bool = False) -> bool:
        """Pass priority or the window; True if an entry of the resolution zone resolved."""
        if self.stack.items:
            if self.stack.pass_priority(p):  # SC-31: both passed in a row: the top resolves
                ctrl, entry = self.stack.pop()
                self._resolve(ctrl, entry)
                return True
            return False
        # an empty window: the sub-phase ends
        if not auto:
            self.log.emit("pass", f"P{p + 1} passes", player=p)
        if self.step == "window" and self.window_seat == self.active:
            self.window_seat = 1 - self.active  # SC-59: now the non-active player's window
            return False
        self._next_phase()
        return False

    def _push(self, entry: Entry, ctrl: int) -> None:
        self.stack.push(entry, ctrl)
        self.log.emit(
            "stack",
            f"P{ctrl + 1}: {self.describe_entry(entry)} goes to the resolution zone",
            player=ctrl,
            entry=self.entry_data(entry),
        )

    def _do_cast(self, p: int, args: tuple[int | str, ...]) -> None:
        c = self.zones.cards[int(args[0])]
        d = c.defn
        self.pay(p, d.cost)
        mode, target = "", 0
        if d.type == "unit":
            mode = str(args[1])
            if mode == "shelter":
                target = int(args[2])
        elif len(args) > 1:
            target = int(args[1])
        self.log.emit("cast", f"P{p + 1} plays {c.defn.name} ({d.cost} energy)", uid=c.uid, player=p)
        self.zones.move(c.uid, "resolution")
        self._push(("card", c.uid, target, mode, 0), p)

    def _do_ability(self, p: int, uid: int, target: int) -> None:
        c = self.zones.cards[uid]
        spec = c.defn.ability
        if spec.get("kind") == "tap":
            if c.zone in _UNIT_ZONES:
                # SC-40: from defense to attack (it shelters nobody, and stops blocking, SC-60);
                # cannot attack this turn
                self.set_position(c, "attack")
                c.no_attack = True
            else:
                c.tapped = True
        else:
            self.pay(p, int(spec.get("cost", 0)))
        self._push(("ability", uid, target, "", 0), p)

    def _do_hero(self, p: int, target: int) -> None:
        hero = self.card(self.hero_uid(p))
        self.pay(p, int(hero.defn.ability.get("cost", 0)))
        self.hero_used[p] = True
        self._push(("hero", hero.uid, target, "", 0), p)

    def _do_pos(self, p: int, c: ScarsCard, pos: str, how: str) -> None:
        c.moved = True
        if pos == "defense":
            self.set_position(c, "defense")
            self.log.emit("position", f"{c.defn.name} goes to defense position", uid=c.uid)
        else:
            paid = self.pay_one(p, how)
            self.set_position(c, "attack")
            self.log.emit("position", f"{c.defn.name} goes to attack position ({paid})", uid=c.uid)

    def _do_done(self, d: Decision) -> None:
        if d.kind == "attack":
            self._finish_attackers()
        elif d.kind == "learn":
            self.learn_left.pop(next(iter(self.learn_left)))
        elif d.kind == "block":
            self._finish_blockers()
        elif d.kind == "damage":
            self._resolve_combat()
            self._state_checks()  # SC-12: lethal damage is checked before the sub-phase ends
            self.combat_stage = "done"
            self._next_phase()
        else:
            self._end_main()

    def _finish_attackers(self) -> None:
        for a in self.attackers:
            c = self.zones.cards[a]
            x = self.kw_x(c, "Learning")
            if x and self._learnable(c):
                self.learn_left[a] = x
        self.combat_stage = "learn" if self.learn_left else ""
        if not self.learn_left:
            self._after_learning()

    def _after_learning(self) -> None:
        self.combat_stage = ""
        for a in self.attackers:
            c = self.zones.cards[a]
            if c.defn.trigger.get("when") == "attack":
                self._queue_trigger(self.active, a, "attack")
        self._end_main()

    def _finish_blockers(self) -> None:
        self._apply_cover()
        self.combat_stage = "shelter"
        if not self._shelter_targets():
            self.combat_stage = ""
            self._end_main()

    def _apply_cover(self) -> None:
        for b, a in self.blocks.items():  # SC-88 Cover
            bc = self.zones.cards[b]
            if self.has_kw(bc, "Cover"):
                for o, a2 in self.blocks.items():
                    if a2 == a and o != b:
                        self.zones.cards[o].modifiers.append(
                            Modifier("defense", 1, source=b, until="eot", tag="cover")
                        )
                        self.log.emit(
                            "cover",
                            f"{self.zones.cards[o].defn.name} gets +1 defense from {poss(bc.defn.name)} Cover",
                            uid=o,
                        )

    def _forget_learned(self) -> None:
        """SC-80: Learning takes keywords "for this combat": the combat is over (3C done, or no
        attacker left to fight), the keywords learned go (one copy each: a prayer may have given
        the same keyword until end of turn)."""
        for u, kw in self.learned:
            if self.is_unit_in_play(u):
                c = self.zones.cards[u]
                if kw in c.granted:
                    g = list(c.granted)
                    g.remove(kw)
                    c.granted = tuple(g)
        self.learned = []

    def _end_main(self) -> None:
        zones = self.zones.zones
        if self.over or not zones["lives:0"].cards or not zones["lives:1"].cards:
            return  # the game is over or ending (`_next_phase`)
        if self.step == "limits":  # the 5A limits are done: the sub-phase ends (SC-57)
            self._next_phase()
        elif self.phase in WINDOW_PHASES:
            self.step = "window"
            # SC-15: prayers "at any time in your turn" — once blockers are declared the attacking
            # player gets a window too (combat tricks), before the defender's end-of-3B window.
            self.window_seat = self.active if self.phase == "blockers" else 1 - self.active
        else:
            self._next_phase()

    def _next_phase(self) -> None:
        zones = self.zones.zones
        if self.over or not zones["lives:0"].cards or not zones["lives:1"].cards:
            # The game is over, or a hero has no lives left and the next state check ends it
            # (SC-02): no sub-phase or turn may begin then (no phase event after the game-over
            # line). (Tested here and in `_end_main`, not in a helper: a frame less, a hot path.)
            return
        if self.phase == "cleanup" and self.step == "window":
            # SC-57, SC-59 ⚖: the hand and unit limits are checked after the non-active player's
            # end-of-5A window, the last thing of the sub-phase (a card drawn or a unit made in
            # that window counts)
            self.step = "limits"
            if not self._nothing_to_clean_up():
                return
            # nothing to discard: 5A ends now (what `_settle` would do, a turn of its loop sooner)
        self.step = "main"
        if self.phase == "end":
            self._end_turn()
            return
        nxt = _NEXT_PHASE[self.phase]
        if nxt in ("blockers", "damage") and not any(self.is_unit_in_play(a) for a in self.attackers):
            nxt = "recruit2"
        self.phase = nxt
        self.combat_stage = ""
        if nxt == "recruit2" and self.learned:
            self._forget_learned()
        if nxt == "damage":
            self.assign = []
            self.assign_done = []
        self.log.emit("phase", f"{PHASE_NAMES[nxt]}", phase=nxt)

    def _start_turn(self, p: int, first: bool = False) -> None:
        self.active = p
        self.stack.active = p
        self.stack.priority = p
        if not first:
            self.turn += 1
        self.phase = "setup"
        self.step = "main"
        self.life_moved = [False, False]
        self.support_played = [False, False]
        self.hero_used = [False, False]
        self.log.emit("turn", f"Turn {self.turn}: P{p + 1}", player=p)
        self.log.emit("phase", PHASE_NAMES["setup"], phase="setup")
        # (the units read without a copy, `look`, and written only where they change: a game
        # cloned copies a card it writes; the untapping writes every card, as quick as a test)
        cards, look, zones = self.zones.cards, self.zones.look, self.zones.zones
        for z in ("structures", "energy", "weapons"):  # SC-50: untap all non-unit cards
            for u in zones[_ZONE[z][p]].cards:
                cards[u].tapped = False
        for q in (0, 1):
            for u in zones[_ZONE["units"][q]].cards:
                # SC-13, SC-40: controlled since the start of *this* turn (a unit cast in your turn
                # may use its tap ability in the opponent's next turn)
                if not look[u].since_start:
                    cards[u].since_start = True
        for u in zones[_ZONE["units"][p]].cards:
            c = look[u]
            if c.moved or c.no_attack:
                c = cards[u]
                c.moved = False
                c.no_attack = False
        for z in ("units", "structures"):
            for u in zones[_ZONE[z][p]].cards:
                if look[u].defn.trigger.get("when") == "upkeep":
                    self._queue_trigger(p, u, "upkeep")

    def _end_turn(self) -> None:
        cards, zones = self.zones.cards, self.zones.zones
        for p in (0, 1):
            self.pool[p] = 0  # SC-19: unspent energy is lost
            for z in PLAY_ZONES:
                for u in zones[_ZONE[z][p]].cards:
                    c: ScarsCard = cards[u]
                    if c.modifiers:
                        c.modifiers = [m for m in c.modifiers if m.until != "eot"]
                    c.granted = ()
                    c.damage = 0  # ⚖ damage wears off at end of turn
        self.attackers = {}
        self.blocks = {}
        self.was_blocked = []
        self.shelter_choice = {}
        self.learn_left = {}
        self.learned = []
        self.assign = []
        self.assign_done = []
        self.combat_stage = ""
        self._start_turn(1 - self.active)

    # ---------------------------------------------------------- resolution
    def entry_data(self, e: Entry) -> EntryData:
        """An entry of the resolution zone in data, for a UI to word it (`describe_entry` is the
        engine's own words of it): `kind` ("card", "ability", "hero", "trigger"), `source` (uid)
        and its `name`, `type` (the card's: "unit", "prayer" …), `mode` (a unit's position or
        "shelter", a trigger's event), `target` (uid, None without one) and its `target_name`
        (a hero's: `P1's hero Korrag of the Wilds`), and `does`: what a prayer, an ability, a
        hero ability or a trigger does, its target written `{target}` (`deal 2 damage to
        {target}`; "" for a unit, a weapon or a structure). A mapping that makes these only when
        read (`EntryData`)."""
        look = self.zones.look
        tgt = e[2]
        return EntryData(e, look[e[1]], look[tgt] if tgt else None)

    def describe_entry(self, e: Entry) -> str:
        """An entry of the resolution zone in words (`entry_data` in data); what it does in the
        words `entry_data` has, worked out once a card definition (`_entry_does`)."""
        kind, src, tgt, mode, _ = e
        c = self.zones.cards[src]
        d = c.defn
        tname = self.name(tgt) if tgt else "a target"
        if kind == "card":
            if d.type == "unit":
                where = f"sheltering {self.name(tgt)}" if mode == "shelter" else f"in {mode} position"
                return f"{c.defn.name} (unit, {where})"
            if d.type == "weapon":
                return f"{c.defn.name} (weapon, for {tname})"
            if d.type == "prayer":
                return f"{c.defn.name}: {_entry_does(d, kind).replace('{target}', tname)}"
            return f"{c.defn.name} ({d.type})"
        does = _entry_does(d, kind).replace("{target}", tname)
        if kind == "ability":
            return f"{poss(c.defn.name)} ability: {does}"
        if kind == "hero":
            return f"{poss(c.defn.name)} hero ability: {does}"
        return f"{poss(c.defn.name)} {mode} trigger: {does}"

    def _resolve(self, ctrl: int, e: Entry) -> None:
        kind, src, tgt, mode, _ = e
        c = self.zones.cards[src]
        self.log.emit("resolve", f"Resolves: {self.describe_entry(e)}", player=ctrl, entry=self.entry_data(e))
        if kind == "card":
            d = c.defn
            if d.type == "prayer":
                self._run(ctrl, src, tgt, d.effect)
                if c.zone == "resolution":
                    self.zones.move(src, f"discard:{c.owner}")  # SC-15
                return
            dest = {"unit": "units", "structure": "structures", "weapon": "weapons"}[d.type]
            self.zones.move(src, f"{dest}:{ctrl}")
            c.controller = ctrl
            c.since_start = False
            if d.type == "unit":
                shelter = tgt if mode == "shelter" and self._valid_shelter(ctrl, tgt) else 0
                self.set_position(c, "attack" if mode == "attack" else "defense", shelter)
                where = (
                    f"defense position, sheltering {self.name(shelter)}"
                    if shelter
                    else f"{c.position} position"
                )
                self.log.emit("enter", f"{c.defn.name} enters in {where}", uid=src)
            elif d.type == "weapon":
                c.attached = tgt if self.is_unit_in_play(tgt) and self.controller_of(tgt) == ctrl else 0
                self.log.emit("enter", f"{c.defn.name} is equipped to {self.name(c.attached)}", uid=src)
            if d.trigger.get("when") == "enter":
                self._queue_trigger(ctrl, src, "enter")
            return
        spec = c.defn.trigger if kind == "trigger" else c.defn.ability
        self._run(ctrl, src, tgt, spec)

    def _valid_shelter(self, p: int, t: int) -> bool:
        return (
            self.is_unit_in_play(t)
            and self.controller_of(t) == p
            and self.zones.cards[t].position == "attack"
        )

    def _run(self, ctrl: int, src: int, tgt: int, spec: Any) -> None:
        tk = spec.get("target", "")
        if tk and tgt not in self.targets(ctrl, tk, exclude=src):
            self.log.emit(
                "fizzle", f"The target is no longer legal: {self.zones.cards[src].defn.name} does nothing"
            )
            return
        EFFECTS[str(spec["effect"])](self, ctrl, src, tgt, spec)

    # -------------------------------------------------------------- settle
    def _state_checks(self) -> None:
        """SC-12 deaths, SC-02 heroes without lives."""
        for _ in range(50):
            dead = self._dying()
            if not dead:
                break
            for uid in dead:
                if self.is_unit_in_play(uid):
                    c = self.zones.cards[uid]
                    why = (
                        "dies (defense 0)"
                        if self.defense_of(c) <= 0
                        else f"dies ({c.damage} damage > defense {self.defense_of(c)})"
                    )
                    self.destroy(uid, why)
        if not self.over:
            lives = self.zones.zones["lives:0"].cards, self.zones.zones["lives:1"].cards
            if lives[0] and lives[1]:
                return  # both heroes have lives left
            dead_heroes = [p for p in (0, 1) if not lives[p]]
            if len(dead_heroes) == 2:
                self.over = True
                self.win = None
                self.log.emit("over", "Both heroes have no lives left: a draw")
            elif dead_heroes:
                self.log.emit(
                    "over", f"P{dead_heroes[0] + 1}'s hero has no lives left: P{2 - dead_heroes[0]} wins"
                )
                self._lose(dead_heroes[0])
        elif self.win is not None and not any(e.kind == "over" for e in reversed(self.log.events)):
            # exactly one game-over line (e.g. after SC-05 deck-out, which ends the game in draw())
            self.log.emit("over", f"P{self.win + 1} wins")

    def _dying(self) -> list[int]:
        """The units that die now (SC-12), P1's then P2's, in zone order.

        `defense_of` for every unit, with what it looks up computed once for the pass:
        the statics, and the defense each side's weapons give to the unit they are on.
        """
        cards, zones = self.zones.look, self.zones.zones  # (read only)
        statics = self._statics()
        auras = False
        # whether an aura or a weapon in play lowers a defense: if none does, a unit without
        # damage and modifiers whose card's defense is above 0 lives (SC-12), looked at no further
        lowers = False
        for s in statics:  # (a loop, not `any()` of a generator: a frame less)
            aura = s.defn.aura
            if aura is not None:
                auras = True
                if aura[2] < 0:  # its defense
                    lowers = True
        # (controller, unit uid) -> the defense of the weapons on it (`weapons_on`)
        weapon_defense: dict[tuple[int, int], int] = {}
        for side in (0, 1):
            for w in zones[_ZONE["weapons"][side]].cards:
                wc: ScarsCard = cards[w]
                if wc.attached:
                    key = (side, wc.attached)
                    weapon_defense[key] = weapon_defense.get(key, 0) + wc.defn.defense
                    if wc.defn.defense < 0:
                        lowers = True
        dead: list[int] = []
        for zname in ("units:0", "units:1"):
            for u in zones[zname].cards:
                c: ScarsCard = cards[u]
                if not (c.damage or c.modifiers or lowers) and c.defn.defense > 0:
                    continue  # it lives (above)
                ctrl = c.controller
                if ctrl != 0 and ctrl != 1:
                    defense = self.defense_of(c, statics)  # an odd controller: the plain way
                else:
                    defense = c.stat("defense") if c.modifiers else c.defn.defense
                    if weapon_defense:
                        defense += weapon_defense.get((ctrl, u), 0)
                    if auras:
                        defense += self._aura(c, "defense", statics)
                if c.damage > defense or defense <= 0:  # SC-12: more damage than defense, or defense 0
                    dead.append(u)
        return dead

    def _nothing_to_clean_up(self) -> bool:
        """In the limits step of 5A (after its window), the hand and units are within their limits:
        the decision `_main` would give has "done" as its only action (not a window: the caller
        has ruled out the resolution zone, windows and pending triggers)."""
        p = self.active
        zones = self.zones.zones
        return (
            len(zones[_ZONE["hand"][p]].cards) <= HAND_LIMIT  # SC-57
            and len(zones[_ZONE["units"][p]].cards) <= self.unit_limit(p)  # SC-23
        )

    def _settle(self, checks: bool = True) -> None:
        # The state checks run first (unless `checks` is False: the caller's step cannot have
        # changed what they look at, and they found nothing before it), and again after each
        # step that may change what they look at (damage, defense, units in play, lives). The
        # steps that only move the turn's flow on (phase, window, combat stage, queued triggers,
        # assigned damage) say so with `checks_due = False`: the checks would find what they
        # found last time.
        checks_due = checks
        for _ in range(10_000):
            self._cache = None  # `_invalidate()` (a hot loop)
            if checks_due:
                self._state_checks()
            checks_due = True
            if self.over:
                self._cache = None
                return
            # triggers with no target (or one) go to the resolution zone at once (SC-42)
            while self.pending:
                ctrl, src, when = self.pending[0]
                spec = self.zones.cards[src].defn.trigger
                tk = spec.get("target", "")
                if not tk:
                    self.pending.pop(0)
                    self._push(("trigger", src, 0, when, 0), ctrl)
                    continue
                tg = self.targets(ctrl, tk)
                if not tg:
                    self.pending.pop(0)
                    self.log.emit(
                        "fizzle", f"{poss(self.zones.cards[src].defn.name)} {when} ability has no target"
                    )
                    continue
                if len(tg) == 1:
                    self.pending.pop(0)
                    self._push(("trigger", src, tg[0], when, 0), ctrl)
                    continue
                break
            phase = self.phase
            if phase == "attackers" and self.combat_stage == "learn" and not self.learn_left:
                self._after_learning()
                checks_due = False
                continue
            if phase == "blockers" and self.combat_stage == "shelter" and not self._shelter_targets():
                self.combat_stage = ""
                self._end_main()
                checks_due = False
                continue
            if (
                phase == "damage"
                and not self.stack.items
                and not self.pending
                and self.combat_stage != "done"
                and not self._shelter_targets()  # SC-61 ⚖: who fights is chosen first
            ):
                if self._auto_assign_single():
                    checks_due = False
                    continue
            if phase == "mulligan" or self.pending:
                # a mulligan, or a trigger target to choose among several (`_compute_raw`'s first
                # cases): always a real choice
                self._cache = self._compute_raw()
                return
            # a response (`_compute_raw`'s next case): "pass" and that seat's `_instant_actions`
            # (`_response_seat()`, written out: a hot loop)
            stack = self.stack
            seat = stack.priority if stack.items else self.window_seat if self.step == "window" else None
            if seat is not None:
                instant = self._instant_actions(seat)
                if not instant:
                    # "pass" is the only action: the engine passes (docs/rulings.md), without
                    # building the decision and its prompt.
                    # A pass only hands on priority or moves the sub-phase on, unless an entry
                    # resolved (it may change anything) or a new turn began (modifiers wear off).
                    turn = self.turn
                    if stack.items:
                        resolved = self._do_pass(seat, auto=True)
                    else:
                        # an empty window: `_do_pass(seat, auto=True)` written out (a frame less,
                        # a hundred a game): the non-active player's window comes after the
                        # active player's (SC-59), and after it the sub-phase ends
                        resolved = False
                        if seat == self.active:
                            self.window_seat = 1 - seat
                        else:
                            self._next_phase()
                    checks_due = resolved or self.turn != turn
                    continue
                # a real choice: the decision `_compute()` would build, from the actions found
                self._cache = self._response(seat, instant)
                return
            if phase == "end" or (
                phase == "cleanup" and (self.step == "main" or self._nothing_to_clean_up())
            ):
                # The end of turn (5B), 5A before its window, or the 5A limits with nothing to
                # discard: "done" is the only action, and the engine moves on (as below) without
                # building the decision.
                self._end_main()
                checks_due = False
                continue
            # the turn's main part (`_compute_raw`'s last case)
            self._cache = d_acts = self._main()
            d, acts = d_acts
            if len(acts) == 1 and acts[0].kind == "done":
                # nothing to decide: the engine moves on (docs/rulings.md)
                self._cache = None
                self._do_done(d)
                # No checks: it ends a main part. Only Cover (3B, SC-88) changes units, and it only
                # raises defense, which kills no unit (SC-12); combat damage (3C) runs the state
                # checks itself before the sub-phase ends.
                checks_due = False
                continue
            return
        raise RuntimeError("the engine did not settle")

    # ---------------------------------------------------------------- copy
    def clone(self) -> ScarsGame:
        new = ScarsGame.__new__(ScarsGame)
        self._clone_base(new)
        new.pool_defs = self.pool_defs
        new.zones = self.zones.clone()
        new.active = self.active
        new.first = self.first
        new.turn = self.turn
        new.phase = self.phase
        new.step = self.step
        new.window_seat = self.window_seat
        new.stack = self.stack.clone()
        new.pool = list(self.pool)
        new.hand_size = list(self.hand_size)
        new.mull_order = list(self.mull_order)
        new.life_moved = list(self.life_moved)
        new.support_played = list(self.support_played)
        new.hero_used = list(self.hero_used)
        new.pending = list(self.pending)
        new.attackers = dict(self.attackers)
        new.blocks = dict(self.blocks)
        new.was_blocked = list(self.was_blocked)
        new.shelter_choice = dict(self.shelter_choice)
        new.learn_left = dict(self.learn_left)
        new.learned = list(self.learned)
        new.assign = [list(x) for x in self.assign]
        new.assign_done = list(self.assign_done)
        new.combat_stage = self.combat_stage
        new.over = self.over
        new.win = self.win
        new._cache = None
        return new

    def canonical(self) -> Any:
        return {
            "zones": self.zones.canonical(),
            "active": self.active,
            "first": self.first,
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "window": self.window_seat,
            "stack": self.stack.canonical(),
            "pool": self.pool,
            "hand_size": self.hand_size,
            "mull": self.mull_order,
            "flags": [self.life_moved, self.support_played, self.hero_used],
            "pending": [list(x) for x in self.pending],
            "attackers": [[a, t] for a, t in self.attackers.items()],
            "blocks": [[b, a] for b, a in self.blocks.items()],
            "was_blocked": self.was_blocked,
            "shelter_choice": sorted(self.shelter_choice.items()),
            "learn": [[a, n] for a, n in self.learn_left.items()],
            # (only while a keyword is learned: the states of every other moment hash as before)
            **({"learned": [list(x) for x in self.learned]} if self.learned else {}),
            "assign": self.assign,
            "assign_done": self.assign_done,
            "stage": self.combat_stage,
            "over": [self.over, self.win],
        }

    # ---------------------------------------------------------------- text
    # A support goes face down (SC-22): it is named only to its owner (`describe_action_for`)
    HIDDEN_WORDS: ClassVar[dict[str, str]] = {"support": "Place a support card face down"}

    def _last_life_note(self) -> str:
        """Said of a choice that takes a life of the deciding player's: when it is their last,
        taking it loses the game at once (SC-02), which the choice says."""
        p = self.to_move()
        return " — your last life: you lose" if p is not None and self.lives(p) == 1 else ""

    def _paid_with(self, how: object) -> str:
        """What a position or a shelter is paid with (`e` energy, `l` a life), in words."""
        return "energy" if how == "e" else "life" + self._last_life_note()

    def _done_words(self) -> str:
        """`done` in the words of the decision it answers: what it ends (`End 2 First
        recruitment`, `Declare no blockers`, `Confirm 2 attackers`), so that the choice, the log
        and the other side's `last:` line say it, not `Done`. Its notation stays `done`."""
        d = self.decision()
        kind = d.kind if d is not None else ""
        if kind == "attack":
            n = len(self.attackers)
            return f"Confirm {n} attacker{'' if n == 1 else 's'}" if n else "Declare no attackers"
        if kind == "block":
            n = len(self.blocks)
            return f"Confirm {n} blocker{'' if n == 1 else 's'}" if n else "Declare no blockers"
        if kind == "learn":
            return "Learn no more keywords"
        if kind == "damage":
            return "Deal combat damage"
        if kind == "end":
            return "End the turn"
        if kind in ("setup", "recruit", "cleanup"):
            return f"End {PHASE_NAMES[self.phase]}"
        return "Done"

    def describe_action(self, action: Action) -> str:
        k, a = action.kind, action.args
        try:
            if k == "keep":
                return "Keep this hand"
            if k == "mulligan":
                return "Mulligan (draw one card fewer)"
            if k == "pass":
                return "Pass"
            if k == "done":
                return self._done_words()
            if k == "draw":
                return "Draw a card" + self._losing_note(action)  # SC-05 ⚖
            if k == "skip":
                return "Skip the draw: move a life to energy" + self._last_life_note()
            if k == "life":
                return "Move a life to energy" + self._last_life_note()
            if k == "target":
                return f"Target {self.name(int(a[0]))}"
            if k == "cast":
                c = self.card(int(a[0]))
                lose = self._losing_note(action)  # SC-05 ⚖: Insight, Road Scout on a short deck
                if c.defn.type == "unit":
                    if a[1] == "shelter":
                        return f"Play {c.name} ({c.defn.cost}) sheltering {self.name(int(a[2]))}{lose}"
                    return f"Play {c.name} ({c.defn.cost}) in {a[1]}{lose}"
                if c.defn.type == "weapon":
                    return f"Play {c.name} ({c.defn.cost}) equipped to {self.name(int(a[1]))}"
                if c.defn.type == "prayer":
                    tname = self.name(int(a[1])) if len(a) > 1 else "a target"
                    return f"Play {c.name} ({c.defn.cost}): {describe_spec(c.defn.effect, tname)}{lose}"
                return f"Play {c.name} ({c.defn.cost})"
            if k == "support":
                return f"Place {self.card(int(a[0])).name} as a support"
            if k == "hero":
                spec = self.card(self.hero_uid(self.to_move() or 0)).defn.ability
                tname = self.name(int(a[0])) if a else "a target"
                return f"Hero ability ({spec.get('cost', 0)}): {describe_spec(spec, tname)}"
            if k == "ability":
                c = self.card(int(a[0]))
                spec = c.defn.ability
                how = "tap" if spec.get("kind") == "tap" else str(spec.get("cost", 0))
                tname = self.name(int(a[1])) if len(a) > 1 else "a target"
                return (
                    f"{poss(c.name)} ability ({how}): {describe_spec(spec, tname)}{self._losing_note(action)}"
                )
            if k == "equip":
                w = self.card(int(a[0]))
                return f"Equip {w.name} to {self.name(int(a[1]))} ({w.defn.equip} energy)"
            if k == "pos":
                c = self.card(int(a[0]))
                if a[1] == "defense" and c.shelter:
                    # a shelterer is in defense position already (SC-61): the choice ends its shelter
                    return f"{c.name} stops sheltering {self.name(c.shelter)} (stays in defense)"
                if a[1] == "defense":
                    return f"Turn {c.name} to defense"
                return f"Turn {c.name} to attack (pay 1 {self._paid_with(a[2])})"
            if k == "shelter":
                return (
                    f"{self.name(int(a[0]))} shelters {self.name(int(a[1]))} (pay 1 {self._paid_with(a[2])})"
                )
            if k == "attack":
                return f"{self.name(int(a[0]))} attacks {self.name(int(a[1]))}"
            if k == "learn":
                return f"{self.name(int(a[0]))} learns {str(a[1]).replace('_', ' ')}"
            if k == "block":
                return f"{self.name(int(a[0]))} blocks {self.name(int(a[1]))}"
            if k == "choose":
                words = {"unit": "the unit fights", "shelter": "its shelter fights", "both": "both fight"}
                return f"{self.name(int(a[0]))}: {words.get(str(a[1]), a[1])}"
            if k == "assign":
                return f"1 damage from {self.name(int(a[0]))} to {self.name(int(a[1]))}"
            if k == "discard":
                return f"Discard {self.name(int(a[0]))}"
            if k == "sacrifice":
                return f"Discard the unit {self.name(int(a[0]))}"
        except (KeyError, IndexError, ValueError, TypeError, AssertionError):
            pass
        return self.format_action(action)

    # When each verb is possible: the reason given when it is tried at another moment.
    _VERB_WHEN = {
        "keep": "hands are kept or mulliganed only before the first turn (SC-04)",
        "mulligan": "hands are kept or mulliganed only before the first turn (SC-04)",
        "draw": "only in your 1B Draw sub-phase (SC-51)",
        "skip": "only in your 1B Draw sub-phase, instead of drawing (SC-17)",
        "pos": "unit positions change only in your 1A Set-up sub-phase (SC-50)",
        "shelter": "sheltering is set in your 1A Set-up sub-phase, or as a unit enters (SC-50, SC-61)",
        "support": "only in your recruitment phases with an empty resolution zone (SC-22)",
        "life": "only in your recruitment phases with an empty resolution zone (SC-18)",
        "hero": "only in your recruitment phases with an empty resolution zone (SC-20)",
        "equip": "only in your recruitment phases with an empty resolution zone (SC-14)",
        "attack": "only in your 3A Declare attackers sub-phase, with units that can attack (SC-53)",
        "learn": "only when a unit with Learning attacks (SC-80)",
        "block": "only in 3B Declare blockers, by the defending player, with units that can block (SC-54)",
        "choose": "only when a sheltered unit of yours is attacked (SC-61)",
        "assign": "only in 3C Damage, for your units' damage (SC-70)",
        "discard": "only in your 5A Clean-up with more than 7 cards in hand (SC-57)",
        "sacrifice": "only in your 5A Clean-up with more units than your limit (SC-23)",
        "target": "no triggered ability is waiting for a target",
        "ability": "no card of yours has an ability it can use now (SC-40, SC-41)",
        "pass": "there is nothing to answer and no window is open: use 'done'",
        "done": "this decision has no 'done': choose one of the options",
    }

    def explain_illegal(self, action: Action) -> str:
        """A specific reason why `action` cannot be played now."""
        d = self.decision()
        if d is None:
            return "the game is over"
        k, a = action.kind, action.args
        p = d.player
        legal_kinds = {x.kind for x in self._compute()[1]}
        try:
            for x in a:
                if isinstance(x, int) and (x not in self.zones.cards or not self.zones.seen_by(x, p)):
                    # a card `p` cannot see is answered as one that is not there: its name (of
                    # a card in the other hand, a deck, a face-down support) is not told (SC-30)
                    return f"there is no card {x} (card numbers are shown next to each card)"
            uid = int(a[0]) if a and isinstance(a[0], int) else None
            c = self.card(uid) if uid is not None and uid in self.zones.cards else None
            if k == "cast" and c is not None:
                if c.zone != f"hand:{p}":
                    return f"{c.name} is not in your hand"
                if not self.can_cast_faction(p, c.defn):
                    return f"{c.name} is a {c.defn.faction} card; your hero cannot pay for it (SC-20)"
                if self.available_energy(p) < c.defn.cost:
                    return f"not enough energy: {c.name} costs {c.defn.cost}, you have {self.available_energy(p)}"
                if c.defn.type in ("unit", "structure", "weapon") and not c.defn.instant:
                    if self.stack or d.kind != "recruit":
                        return f"{c.name} can only be played in your recruitment phase with an empty resolution zone (SC-10)"
                tk = c.defn.effect.get("target", "") if c.defn.type == "prayer" else ""
                if c.defn.type == "unit" and (len(a) < 2 or a[1] not in ("attack", "defense", "shelter")):
                    return f"say how {c.name} enters: 'cast {c.uid} attack', 'cast {c.uid} defense' or 'cast {c.uid} shelter <unit>'"
                if c.defn.type == "unit" and a[1] == "shelter":
                    return f"{c.name} can only shelter one of your units in attack position (SC-61)"
                if c.defn.type == "weapon":
                    return f"{c.name} must be equipped to one of your units: 'cast {c.uid} <unit>'"
                if tk and len(a) < 2:
                    return f"{c.name} needs a target: 'cast {c.uid} <target>'"
                if len(a) > 1 and isinstance(a[1], int) and a[1] in self.zones.cards:
                    t = self.card(int(a[1]))
                    if t.zone in _UNIT_ZONES and self.has_kw(t, "Stealth"):
                        return f"{t.name} has Stealth and cannot be targeted (SC-86)"
                    y = c.defn.target_max_attack
                    if tk and y is not None and self.attack_of(t) > y:
                        return f"{c.name} can only target a unit with attack {y} or less (SC-32)"
                    heal = self._heal_refusal(c.defn.effect, t.uid) if tk else None
                    if heal:
                        return heal
                if tk:
                    return f"that is not a legal target for {c.name}"
                if c.defn.type == "prayer":
                    empty = self.nothing_to_do(p, c.defn.effect)
                    if empty:
                        return f"{c.name} would do nothing: {empty} (SC-15)"
            if k == "attack" and c is not None:
                if c.zone != f"units:{p}":
                    return f"{c.name} is not your unit"
                if c.no_attack:
                    return f"{c.name} used a tap ability this turn and cannot attack (SC-40)"
                if self.is_sick(c) and not self.has_kw(c, "Haste"):
                    return f"{c.name} entered this turn and cannot attack yet (SC-13)"
                if c.position != "attack" and not self.has_kw(c, "Alert"):
                    return f"{c.name} is in defense position and cannot attack (SC-60)"
                if len(a) > 1 and isinstance(a[1], int) and a[1] in self.zones.cards:
                    t = self.card(int(a[1]))
                    if t.zone in _UNIT_ZONES and t.position != "attack":
                        return f"{t.name} is in defense position and cannot be attacked (SC-60)"
            if (
                k == "block"
                and c is not None
                and len(a) > 1
                and isinstance(a[1], int)
                and a[1] in self.zones.cards
            ):
                at = self.card(int(a[1]))
                if c.position != "defense":
                    return f"{c.name} is in attack position and cannot block (SC-54)"
                if self.has_kw(at, "Flying") and not (self.has_kw(c, "Flying") or self.has_kw(c, "Ranged")):
                    return f"{at.name} has Flying: only Flying or Ranged units can block it (SC-83)"
                v = self.kw_x(at, "Valor")
                if v and self.attack_of(c) >= v:
                    return f"{at.name} has Valor {v}: units with attack {v} or more cannot block it (SC-90)"
                f = self.kw_x(at, "Fear")
                if f and self.attack_of(c) <= f:
                    return f"{at.name} has Fear {f}: units with attack {f} or less cannot block it (SC-92)"
            if k == "ability" and c is not None:
                spec = c.defn.ability
                if not spec:
                    return f"{c.name} has no activated ability"
                if spec.get("kind") == "tap" and c.zone in _UNIT_ZONES and not c.since_start:
                    return f"{c.name} entered this turn: it cannot use tap abilities yet (SC-13, SC-40)"
                if spec.get("kind") == "tap" and (c.tapped or c.position == "attack"):
                    return f"{c.name} is already turned and cannot use its tap ability"
                if self.available_energy(p) < int(spec.get("cost", 0)):
                    return f"not enough energy: the ability costs {spec.get('cost')}, you have {self.available_energy(p)}"
                heal = (
                    self._heal_refusal(spec, a[1])
                    if len(a) > 1 and isinstance(a[1], int) and a[1] in self.zones.cards
                    else None
                )
                if heal:
                    return heal
            if k == "support" and self.support_played[p]:
                return "you already placed a support card this turn (SC-22)"
            if k == "life" and self.life_moved[p]:
                return "you already moved a life to energy this turn (SC-18)"
            if k in ("support", "life", "hero", "equip") and (self.stack or d.kind != "recruit"):
                return "only in your recruitment phase with an empty resolution zone"
            if k == "hero" and self.hero_used[p]:
                return "the hero ability was already used this turn (SC-20)"
            if k == "hero":
                spec = self.card(self.hero_uid(p)).defn.ability
                cost = int(spec.get("cost", 0))
                if self.available_energy(p) < cost:
                    return f"not enough energy: the hero ability costs {cost}, you have {self.available_energy(p)}"
                if spec.get("target") and a:
                    return "that is not a legal target for the hero ability"
            if k == "equip" and c is not None and (c.defn.type != "weapon" or c.zone != f"weapons:{p}"):
                return f"{c.name} is not one of your weapons in play"
            if k == "equip" and c is not None and self.available_energy(p) < c.defn.equip:
                return f"not enough energy: equipping {c.name} costs {c.defn.equip}, you have {self.available_energy(p)}"
            if k in self._VERB_WHEN and k not in legal_kinds:
                return f"'{k}' is not possible now ({d.prompt}): {self._VERB_WHEN[k]}"
        except (KeyError, IndexError, ValueError, TypeError, AssertionError):
            pass
        return super().explain_illegal(action)

    def _heal_refusal(self, spec: dict[str, Any], target: int) -> str | None:
        """Why a heal (a prayer's or an ability's `spec`) aimed at `target` is refused, if it
        is: the unit has no damage to remove (SC-15); None for any other effect or target."""
        if spec.get("effect") == "heal" and self.has_no_effect(spec, target):
            return f"{self.card(target).name} has no damage to remove"
        return None

    # ---------------------------------------------------------------- view
    def card_view(self, c: ScarsCard) -> dict[str, Any]:
        d = c.defn
        out: dict[str, Any] = {
            "uid": c.uid,
            "id": d.id,
            "name": d.name,
            "type": d.type,
            "owner": c.owner,
            "controller": c.controller,
            "faction": d.faction,
            "cost": d.cost,
            "text": d.text,
            "keywords": list(self.keywords_of(c)) if c.zone in _UNIT_ZONES else list(d.keywords),
        }
        if d.type == "unit":
            out.update(
                attack=self.attack_of(c),
                defense=self.defense_of(c),
                base_attack=d.attack,
                base_defense=d.defense,
            )
            if c.zone in _UNIT_ZONES:
                out.update(
                    position=c.position,
                    tapped=c.position == "attack",
                    damage=c.damage,
                    sheltering=c.shelter or None,
                    sick=self.is_sick(c) and not self.has_kw(c, "Haste"),
                    no_attack=c.no_attack,
                    weapons=[w.uid for w in self.weapons_on(c)],
                    # None also for an attacker whose target left the combat (0: SC-63 ⚖)
                    attacking=self.attackers.get(c.uid) or None,
                    blocking=self.blocks.get(c.uid),
                    lethal_at=self.defense_of(c) + 1,
                )
        elif d.type == "weapon":
            out.update(attack=d.attack, defense=d.defense, equip=d.equip, attached=c.attached or None)
        elif d.type in ("structure", "life"):
            out["tapped"] = c.tapped
        if d.type == "hero":
            # (the lives it starts with, SC-02: the panel reads "starting lives: 20" beside ♥5)
            out.update(starting_lives=d.lives, factions=list(d.factions))
        if d.ability:
            out["ability"] = {**d.ability, "text": describe_spec(d.ability)}
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        """The table as `player` sees it (None: a spectator). Keys:

        * "game": "scars", "turn": int, "active": seat, "first": seat
        * "phase": sub-phase id ("mulligan", "setup", "draw", "recruit1", "attackers", "blockers",
          "damage", "recruit2", "cleanup", "end"), "phase_name": e.g. "3A Declare attackers",
          "step": "main" | "window" (the end-of-sub-phase response window, SC-59; in 3B the attacking
          player's window after blocks comes first, SC-15 — "decision.player" says whose it is)
          | "limits" (5A after its window: the hand and unit limits, SC-57)
        * "decision": {"player", "kind", "prompt", "context"} or None. Kinds: mulligan, setup, draw,
          recruit, attack, learn, block, shelter, damage, cleanup, end, target, respond
        * "priority": seat that may act now
        * "players": per seat {"seat", "hero": card dict (+ "starting_lives", "factions", "ability"),
          "lives": life cards beside the hero, "energy": {"untapped", "tapped", "cards": [uids]},
          "pool": floating energy, "supports": count, "support_cards": (own seat only) card dicts,
          "unit_limit": 2 × supports, "hand": card dicts (own seat) or None, "hand_count",
          "deck_count", "discard": card dicts, "out": card dicts, "units": card dicts,
          "structures": card dicts, "weapons": card dicts, "life_moved", "support_played", "hero_used"}
        * unit card dicts: uid, id, name, type, owner, controller, faction, cost, text, keywords
          (with weapon and granted ones), attack/defense (derived), base_attack/base_defense,
          position ("attack"/"defense"), tapped (= attack position), damage, lethal_at
          (damage greater than defense kills, SC-12), sheltering (uid or None), sick, no_attack,
          weapons [uids], attacking (target uid; None when not attacking, or when the unit it
          attacked left play or the combat: "combat"."attackers" has 0 for it), blocking
          (attacker uid or None)
        * "stack": bottom → top [{"controller", "text", and `entry_data`'s "kind", "source",
          "name", "type", "mode", "target", "target_name", "does"}]
        * "combat": {"attackers": {uid: target}, "blocks": {blocker: attacker}, "shelter": {uid: choice},
          "assigned": [[source, target, n]]}
        * "winner": seat or None, "over": bool
        """
        d = self.decision()
        players = []
        for p in (0, 1):
            cv = self.card_view
            energy = [self.card(u) for u in self.zones[f"energy:{p}"].cards]
            mine = player == p
            players.append(
                {
                    "seat": p,
                    "name": f"P{p + 1}",
                    "hero": cv(self.card(self.hero_uid(p))),
                    "lives": self.lives(p),
                    "energy": {
                        "untapped": sum(1 for e in energy if not e.tapped),
                        "tapped": sum(1 for e in energy if e.tapped),
                        "cards": [e.uid for e in energy],
                    },
                    "pool": self.pool[p],
                    "supports": len(self.zones[f"supports:{p}"]),
                    "support_cards": [cv(c) for c in self.zones.in_zone(f"supports:{p}")] if mine else None,
                    "unit_limit": self.unit_limit(p),
                    "hand": [cv(c) for c in self.zones.in_zone(f"hand:{p}")] if mine else None,
                    "hand_count": len(self.zones[f"hand:{p}"]),
                    "deck_count": len(self.zones[f"deck:{p}"]),
                    "discard": [cv(c) for c in self.zones.in_zone(f"discard:{p}")],
                    "out": [cv(c) for c in self.zones.in_zone(f"out:{p}")],
                    "units": [cv(c) for c in self.units(p)],
                    "structures": [cv(c) for c in self.zones.in_zone(f"structures:{p}")],
                    "weapons": [cv(c) for c in self.zones.in_zone(f"weapons:{p}")],
                    "life_moved": self.life_moved[p],
                    "support_played": self.support_played[p],
                    "hero_used": self.hero_used[p],
                }
            )
        return {
            "game": "scars",
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase,
            "phase_name": PHASE_NAMES.get(self.phase, self.phase),
            "step": self.step,
            "decision": (
                {"player": d.player, "kind": d.kind, "prompt": d.prompt, "context": dict(d.context)}
                if d
                else None
            ),
            "priority": d.player if d else None,
            "players": players,
            "stack": [
                {"controller": ctrl, **self.entry_data(e), "text": self.describe_entry(e)}
                for ctrl, e in self.stack.entries()
            ],
            "resolution": [self.card_view(c) for c in self.zones.in_zone("resolution")],
            "combat": {
                "attackers": {str(a): t for a, t in self.attackers.items()},
                "blocks": {str(b): a for b, a in self.blocks.items()},
                "shelter": {str(t): x for t, x in self.shelter_choice.items()},
                "assigned": [list(x) for x in self.assign],
            },
            "keywords": {k: KEYWORD_HELP[k] for k in KEYWORDS},
            "winner": self.winner(),
            "over": self.over,
        }

    # ------------------------------------------------ what an action would change
    def has_no_effect(self, spec: Any, target: int) -> bool:
        """Whether the effect `spec` (a prayer's, an ability's) aimed at `target` would change
        nothing if it resolved now, by that effect's own rule (`effects.py`); what answers to it
        could change first is not guessed. Only where that is exact:

        * turning to defense position a unit in defense position already (a shelterer too: it
          keeps sheltering; SC-61, docs/rulings.md);
        * healing a unit with no damage on it;
        * destroying "a unit with attack Y or less" a unit of more attack (it fizzles);
        * giving a keyword until end of turn to a unit whose own card has it (a keyword from a
          weapon, Learning or another prayer may go before the end of the turn)."""
        c = self.zones.look.get(target)  # (read only)
        if c is None or c.defn.type != "unit" or c.zone not in _UNIT_ZONES:
            return False
        eff = spec.get("effect")
        if eff == "force_defense":
            return c.position == "defense"
        if eff == "heal":
            return c.damage == 0
        if eff == "destroy":
            y = spec.get("y")
            return y is not None and self.attack_of(c) > int(y)
        if eff == "grant":
            return keyword_name(str(spec.get("keyword", ""))) in c.defn.kw_names
        return False

    def nothing_to_do(self, p: int, spec: Any) -> str | None:
        """Why the untargeted effect `spec` of a prayer of player `p` would change nothing as
        things stand (SC-15 ⚖, docs/rulings.md, sessions 40 and 41): what it works on is empty,
        and only an answer could fill it — the opponent's, which is theirs to give, or its own
        player's, which that player can play first and answer with this prayer (it then
        resolves first, LIFO, SC-31: the same result). None: it does something.

        * returning life cards from your discard (Oath of Return) with none there;
        * the opponent discarding at random (Mind Rot) with an empty hand;
        * untapping your energy cards (Second Wind) with none of them tapped: at most it would
          untap what its own cost taps (SC-19, SC-95), the game as if it had not been played
          but for the card, or a pool energy less;
        * your units getting +X/+Y (Rally the Ranks) with no unit of yours in play."""
        # (loops, not `any()` over a generator: asked for every such prayer in hand at every
        # decision of random playouts)
        eff = spec.get("effect")
        if eff == "untap_energy":
            cards = self.zones.look
            for u in self.zones.zones[_ZONE["energy"][p]].cards:
                if cards[u].tapped:
                    return None
            return "none of your energy cards is tapped (it could only untap what its own cost taps)"
        if eff == "buff_team":
            return None if self.zones.zones[_ZONE["units"][p]].cards else "you have no unit in play"
        if eff == "restore":
            cards = self.zones.look
            for u in self.zones.zones[_ZONE["discard"][p]].cards:
                if cards[u].defn.type == "life":
                    return None
            return "there is no life card in your discard to return"
        if eff == "discard_random":
            return (
                None if self.zones.zones[_ZONE["hand"][1 - p]].cards else "your opponent has no card in hand"
            )
        return None

    # ------------------------------------------------------- moves that lose at once
    def _draws_of(self, p: int, action: Action) -> int:
        """How many cards `action` of player `p` makes `p` draw, as it is played or as it (or
        the trigger of the card it brings in) resolves: the draw of 1B (SC-51), a prayer or an
        ability that draws (Insight), a unit whose entering draws (Road Scout, SC-42)."""
        k, a = action.kind, action.args
        if k == "draw":
            return 1
        if k == "cast" and a and isinstance(a[0], int):
            d = self.zones.look[a[0]].defn
            if d.type == "prayer" and d.effect.get("effect") == "draw":
                return int(d.effect.get("x", 1))
            if d.trigger.get("when") == "enter" and d.trigger.get("effect") == "draw":
                return int(d.trigger.get("x", 1))  # SC-42: mandatory
        elif k == "ability" and a and isinstance(a[0], int):
            spec = self.zones.look[a[0]].defn.ability
            if spec.get("effect") == "draw":
                return int(spec.get("x", 1))
        return 0

    def loses_at_once(self, action: Action) -> str | None:
        """Why `action` loses the game for the side that plays it (`Game.loses_at_once`):

        * it makes its player draw more cards than the deck holds (SC-05 ⚖: drawing from an
          empty deck loses; Insight, Road Scout's entering, the draw of 1B): "your deck is empty"
          or "your deck has only 1 card";
        * it pays with, or moves to energy, its player's last life (SC-02, SC-95, SC-17/18):
          "that is your last life".

        A card cast may still be answered (Silence) before it resolves; unanswered, it loses."""
        d = self.decision()
        if d is None:
            return None
        p = d.player
        k, a = action.kind, action.args
        if k in ("skip", "life") or (k in ("pos", "shelter") and a and a[-1] == "l"):
            return "that is your last life" if self.lives(p) == 1 else None
        n = self._draws_of(p, action)
        if n:
            deck = len(self.zones.zones[_ZONE["deck"][p]].cards)
            if n > deck:
                return (
                    "your deck is empty"
                    if not deck
                    else f"your deck has only {deck} card{'' if deck == 1 else 's'}"
                )
        return None

    def not_losing(self, actions: list[Action]) -> list[Action]:
        """`Game.not_losing`: with 2 cards or more in the deck and 2 lives or more (no card
        draws more than 2), no move loses at once and `actions` is returned as it is."""
        d = self.decision()
        if d is None:
            return actions
        p = d.player
        if len(self.zones.zones[_ZONE["deck"][p]].cards) >= _MOST_DRAWN and self.lives(p) >= 2:
            return actions
        safe = [a for a in actions if self.loses_at_once(a) is None]
        return safe or actions

    def _losing_note(self, action: Action) -> str:
        """The words `describe_action` adds to a move that makes its player draw from a deck
        too small (" (you lose: your deck is empty)"); the last life has its own note."""
        k = action.kind
        if k not in ("draw", "cast", "ability"):
            return ""
        why = self.loses_at_once(action)
        return f" (you lose: {why})" if why else ""

    def aimed_effect(self, action: Action) -> tuple[Any, int] | None:
        """The effect of a prayer cast, or of a unit's, structure's or hero's ability used, and
        the uid it is aimed at (None: not such an action, or one with no target)."""
        kind, args = action.kind, action.args
        if kind == "hero":
            if len(args) < 1 or not isinstance(args[0], int):
                return None
            return self.card(self.hero_uid(self.active)).defn.ability, args[0]  # SC-20: your own turn
        if kind not in ("cast", "ability") or len(args) < 2:
            return None
        src, tgt = args[0], args[1]
        if not isinstance(src, int) or not isinstance(tgt, int) or src not in self.zones.cards:
            return None
        d = self.card(src).defn
        if kind == "cast":
            return (d.effect, tgt) if d.type == "prayer" else None
        return d.ability, tgt

    def changes_nothing(self, action: Action) -> bool:
        """A prayer cast, or a unit's, structure's or hero's ability used, on a target where it
        has no effect (`has_no_effect`), or a prayer with no target that would work on nothing
        (`nothing_to_do`; Rally the Ranks with no unit of yours in play): a card or a use spent
        for nothing."""
        aimed = self.aimed_effect(action)
        if aimed is not None:
            return self.has_no_effect(*aimed)
        # a prayer with no target: what it works on is empty (`nothing_to_do`; such a prayer is
        # not offered, SC-15 ⚖, but may be asked about)
        if action.kind != "cast" or len(action.args) != 1 or not isinstance(action.args[0], int):
            return False
        c = self.zones.look.get(action.args[0])  # (read only)
        if c is None or c.defn.type != "prayer" or c.defn.effect.get("target"):
            return False
        p = c.owner  # (a card in hand: its owner casts it)
        if p is None:
            return False
        return self.nothing_to_do(p, c.defn.effect) is not None

    def harms_own(self, action: Action) -> bool:
        """A prayer cast, or an ability used (`aimed_effect`), that damages, destroys, puts out of
        the game, returns to hand or turns to defense (`HARMS`) a unit of the side that plays it
        (Smite on your own Shieldbearer Recruit when the other side's units are too strong for
        it): legal, and what a player may not see in its words. Asked by a UI; play uses none."""
        aimed = self.aimed_effect(action)
        d = self.decision()
        if aimed is None or d is None or aimed[0].get("effect") not in HARMS:
            return False
        c = self.zones.look.get(aimed[1])  # (read only)
        return c is not None and c.defn.type == "unit" and c.zone in _UNIT_ZONES and c.controller == d.player
