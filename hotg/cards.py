"""Hand of the Gods card definitions (immutable) and card instances (mutable).

Card data lives in `hotg/cards/*.toml`. Each `[[card]]` is validated against
`HotgDef`; the `abilities` list names Python effects registered in
`hotg/core_fx.py` (auras: `hotg.core.AURA_KINDS`; an unknown effect, trigger or target is a `DataError`
naming file, card and field).

An ability is a small table that reads like card text::

    abilities = [{ when = "warcry", do = "damage", target = "enemy", amount = 2 }]

* `when`  — when it happens: warcry, activated (activated Warcry), afterlife,
  aura, spell, ability (Leader Ability), attack (when this unit attacks, before
  damage), attack_damage (after this unit's attack damage), start_turn,
  end_turn, ally_god_enters, reincarnate (when it would die: priority 7,
  before Death).
* `do`    — the effect's name in `hotg.core_fx.EFFECTS` (or `hotg.core.AURA_KINDS` for auras).
* `target`— who is chosen: none, self, enemy, enemy_unit, ally, ally_unit,
  unit, any, other_ally_unit. Spells, Leader Abilities and activated Warcries
  take the target with the action; a Warcry on deployment and the triggers
  (afterlife, start_turn, end_turn, ally_god_enters) ask their controller when
  they resolve; attack and attack_damage abilities act on the attacked unit.
* other keys are the effect's parameters (amount, attack, health, until, into…);
  a `cost_reduction` aura's amount is 1 or more (HG-07: it lowers a cost).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from common.cards import Card, CardDef, keyword_name, keyword_value, load_cards
from common.errors import DataError

CARD_DIR = Path(__file__).parent / "cards"

KEYWORDS = ("Guard", "Stealth", "Protect", "Immune")
IMMUNE_KINDS = ("spells", "enemy spells", "warcries", "leader abilities")
SUBTYPES = ("Structure", "Beast", "God")
PANTHEONS = ("Greek", "Norse", "Egyptian", "Roman", "Chinese", "Mayan", "Hindu", "Neutral")
RARITIES = ("Common", "Rare", "Epic", "Legendary", "Token")
WHENS = (
    "warcry",
    "activated",
    "afterlife",
    "aura",
    "spell",
    "ability",
    "attack",
    "attack_damage",
    "start_turn",
    "end_turn",
    "ally_god_enters",
    "reincarnate",
)
TARGETS = ("none", "self", "enemy", "enemy_unit", "ally", "ally_unit", "unit", "any", "other_ally_unit")
ABILITY_KEYS = (
    "when",
    "do",
    "target",
    "amount",
    "attack",
    "health",
    "until",
    "into",
    "subtype",
    "max_health",
    "pool",
    "options",
    "ability",
    "count",
    "stat",
    "neutral",
    "protect",
)


class DefFacts:
    """What the engine asks of a definition again and again, worked out once from it
    (definitions are immutable): its abilities grouped by `when`, and its keywords
    and subtypes as flags: `defn.facts`."""

    __slots__ = (
        "auras",
        "by_when",
        "cost_reductions",
        "guard",
        "immune",
        "protect",
        "stealth",
        "structure",
        "targeted",
    )

    def __init__(self, d: HotgDef) -> None:
        groups: dict[Any, list[tuple[int, Mapping[str, Any]]]] = {}
        for i, a in enumerate(d.abilities):
            groups.setdefault(a.get("when"), []).append((i, a))
        # when -> (index, ability) of the abilities that happen then, in card order
        self.by_when: dict[Any, tuple[tuple[int, Mapping[str, Any]], ...]] = {
            k: tuple(v) for k, v in groups.items()
        }
        # when -> (target spec, ability) of the first of them that takes a target, or None
        self.targeted: dict[Any, tuple[str, Mapping[str, Any]] | None] = {}
        for when, abil in self.by_when.items():
            specs = [(str(ab.get("target", "none")), ab) for _, ab in abil]
            chosen = [(s, ab) for s, ab in specs if s not in ("none", "self")]
            self.targeted[when] = chosen[0] if chosen else None
        self.auras = self.by_when.get("aura", ())
        # (subtype or nothing, amount) of each of its cost reduction auras (HG-07)
        self.cost_reductions = tuple(
            (ab.get("subtype"), int(ab.get("amount", 1)))
            for _, ab in self.auras
            if ab.get("do") == "cost_reduction"
        )
        self.structure = "Structure" in d.subtypes
        # the keywords of its text (a silenced unit has none, HG-73)
        names = [keyword_name(k) for k in d.keywords]
        self.stealth = "Stealth" in names
        self.guard = "Guard" in names
        self.protect = tuple(
            int(keyword_value(k) or 0) for k, n in zip(d.keywords, names, strict=True) if n == "Protect"
        )
        self.immune = tuple(
            str(keyword_value(k)) for k, n in zip(d.keywords, names, strict=True) if n == "Immune"
        )


@dataclass(frozen=True, slots=True)
class HotgDef(CardDef):
    kind: Literal["unit", "spell", "leader", "ability", "stone", "blessing"] = "unit"
    cost: int = 0
    attack: int = 0
    health: int = 0
    move: int = 0
    range: int = 1
    subtypes: tuple[str, ...] = ()
    pantheon: str = "Neutral"
    rarity: str = "Common"
    token: bool = False
    ability: str = ""  # a leader's Leader Ability (an id of kind "ability")
    abilities: tuple[dict[str, str | int], ...] = ()
    # Worked out from the fields above when the definition is made; not card data.
    facts: DefFacts = field(default=None, init=False, repr=False, compare=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", DefFacts(self))

    def abilities_when(self, when: str) -> tuple[tuple[int, Mapping[str, Any]], ...]:
        """(index, ability) of the abilities that happen `when`, in card order
        (grouped once per definition, see `DefFacts`)."""
        return self.facts.by_when.get(when, ())

    @property
    def is_unit_kind(self) -> bool:
        return self.kind in ("unit", "stone")


def _check_keyword(kw: str) -> str | None:
    name = keyword_name(kw)
    if name not in KEYWORDS:
        return f"unknown keyword {kw!r} (known: {', '.join(KEYWORDS)})"
    value = keyword_value(kw)
    if name == "Protect" and (value is None or not value.isdigit()):
        return f"keyword {kw!r} needs a number, e.g. 'Protect 1'"
    if name == "Immune" and value not in IMMUNE_KINDS:
        return f"keyword {kw!r}: Immune needs one of {', '.join(IMMUNE_KINDS)} (e.g. 'Immune: spells')"
    if name in ("Guard", "Stealth") and value is not None:
        return f"keyword {kw!r} takes no value"
    return None


def validate_def(d: HotgDef, file: str) -> None:
    """Check a definition's cross-field rules; raise DataError naming the field."""
    from .core import AURA_KINDS, MAX_STEPS
    from .core_fx import EFFECTS

    def bad(field: str, msg: str) -> DataError:
        return DataError(file, msg, card=d.id, field=field)

    for st in d.subtypes:
        if st not in SUBTYPES:
            raise bad("subtypes", f"unknown subtype {st!r} (known: {', '.join(SUBTYPES)})")
    if d.pantheon not in PANTHEONS:
        raise bad("pantheon", f"unknown pantheon {d.pantheon!r} (known: {', '.join(PANTHEONS)})")
    if d.rarity not in RARITIES:
        raise bad("rarity", f"unknown rarity {d.rarity!r} (known: {', '.join(RARITIES)})")
    for f in ("cost", "attack", "health", "move"):
        if getattr(d, f) < 0:
            raise bad(f, "must be 0 or more")
    if d.range < 1:
        raise bad("range", "must be 1 (melee) or more")
    for f in ("move", "range"):  # (the core's tables of steps and reach stop there: `hotg.core`)
        if getattr(d, f) >= MAX_STEPS:
            raise bad(f, f"must be at most {MAX_STEPS - 1} (the most the game plays), got {getattr(d, f)}")
    if d.kind == "unit" and d.health < 1:
        raise bad("health", "a unit needs at least 1 health")
    if "Structure" in d.subtypes and d.move != 0:
        raise bad("move", "a Structure has no movement (HG-33)")
    if d.kind == "leader" and not d.ability:
        raise bad("ability", "a leader needs a Leader Ability")
    for i, ab in enumerate(d.abilities, 1):
        for key in ab:
            if key not in ABILITY_KEYS:
                raise bad(
                    "abilities", f"ability {i}: unknown key {key!r} (allowed: {', '.join(ABILITY_KEYS)})"
                )
        when = ab.get("when")
        if when not in WHENS:
            raise bad("abilities", f"ability {i}: 'when' must be one of {', '.join(WHENS)}, got {when!r}")
        do = ab.get("do")
        table = AURA_KINDS if when == "aura" else EFFECTS
        if do not in table:
            raise bad("abilities", f"ability {i}: unknown effect {do!r} (known: {', '.join(sorted(table))})")
        target = ab.get("target", "none")
        if target not in TARGETS:
            raise bad("abilities", f"ability {i}: unknown target {target!r} (known: {', '.join(TARGETS)})")
        until = ab.get("until", "permanent")
        if until not in ("permanent", "end_of_turn", "your_next_turn"):
            raise bad(
                "abilities",
                f"ability {i}: 'until' must be permanent, end_of_turn or your_next_turn, got {until!r}",
            )
        for key in ("amount", "attack", "health", "max_health", "count"):
            if key in ab and not isinstance(ab[key], int):
                raise bad("abilities", f"ability {i}: {key!r} must be a whole number")
        # HG-07: a cost reduction lowers a cost (`legal_actions()` looks for reductions only
        # when a card's printed cost is above the mana)
        if do == "cost_reduction" and int(ab.get("amount", 1)) < 1:
            raise bad("abilities", f"ability {i}: a cost reduction's 'amount' must be 1 or more")
    if d.kind == "spell" and not d.abilities_when("spell"):
        raise bad("abilities", "a spell needs at least one ability with when = 'spell'")


def load_pool_files(files: list[Path]) -> dict[str, HotgDef]:
    pool: dict[str, Any] = {}
    for path in files:
        before = set(pool)
        load_cards(path, HotgDef, keywords=_check_keyword, into=pool)
        for cid in set(pool) - before:
            validate_def(pool[cid], str(path))
    _check_references(pool, files)
    return pool


def _check_references(pool: Mapping[str, HotgDef], files: list[Path]) -> None:
    where = str(files[0].parent) if files else "<cards>"
    for d in pool.values():
        if d.kind == "leader" and (d.ability not in pool or pool[d.ability].kind != "ability"):
            raise DataError(
                where, f"Leader Ability {d.ability!r} is not a card of kind 'ability'", d.id, "ability"
            )
        for i, ab in enumerate(d.abilities, 1):
            for key in ("into", "ability"):
                ref = ab.get(key)
                if isinstance(ref, str) and ref not in pool:
                    raise DataError(where, f"ability {i}: {key} {ref!r} is not a card id", d.id, "abilities")
            opts = ab.get("options")
            if isinstance(opts, str):
                for ref in opts.split(","):
                    if ref.strip() not in pool:
                        raise DataError(
                            where, f"ability {i}: option {ref!r} is not a card id", d.id, "abilities"
                        )


@cache
def card_pool() -> dict[str, HotgDef]:
    """Every card definition of the game, by id (loaded once)."""
    return load_pool_files(sorted(CARD_DIR.glob("*.toml")))


def collectible(pool: Mapping[str, HotgDef]) -> list[HotgDef]:
    return [d for d in pool.values() if d.kind in ("unit", "spell") and not d.token]


OFF_BOARD = (-1, -1)  # the cell of a card that is not on the battlefield


class HotgCard(Card):
    """A card instance; on the battlefield it is a unit with a cell and a state.

    `hp` is the current health (the maximum is derived: base + modifiers).
    """

    defn: HotgDef
    cell: tuple[int, int]  # (row, col); `OFF_BOARD` when not on the battlefield

    __slots__ = (
        "attacked",
        "banished_by",
        "cell",
        "dying",
        "entered",
        "executed",
        "exhausted",
        "hp",
        "moved",
        "resurrection",
        "silenced",
        "stealth_lost",
        "stunned_by",
        "warcry_ready",
    )

    def __init__(self, uid: int, defn: CardDef, owner: int | None, zone: str = "") -> None:
        super().__init__(uid, defn, owner, zone)
        self.reset()

    def reset(self) -> None:
        """Back to the default state of the card (HG-61): every modification lost."""
        self.modifiers = []
        self.cell = OFF_BOARD
        self.hp = int(getattr(self.defn, "health", 0))
        self.entered = 0
        self.exhausted = False
        self.moved = False
        self.attacked = False
        self.stunned_by = -1
        self.silenced = False
        self.stealth_lost = False
        self.warcry_ready = False
        self.resurrection = False
        self.banished_by = -1
        self.dying = False
        self.executed = False

    # Its cell, `(row, col)`, is one slot: the engine's loops over the battlefield read it
    # in one step, and the engine stores there the shared tuples of `game.CELLS` (a dict or
    # set look-up then finds the very tuple it holds). Row and column are read from it.
    @property
    def row(self) -> int:
        return self.cell[0]

    @row.setter
    def row(self, value: int) -> None:
        self.cell = (value, self.cell[1])

    @property
    def col(self) -> int:
        return self.cell[1]

    @col.setter
    def col(self, value: int) -> None:
        self.cell = (self.cell[0], value)

    @property
    def hdef(self) -> HotgDef:
        return self.defn

    def clone(self) -> HotgCard:
        """Every field, written out: the hot path of `Zones.clone` (`Card.clone` copies field
        by field through `_copy_into`, slower)."""
        new = HotgCard.__new__(HotgCard)
        new.uid = self.uid
        new.defn = self.defn
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.modifiers = self.modifiers.copy()
        new.attacked = self.attacked
        new.banished_by = self.banished_by
        new.cell = self.cell
        new.dying = self.dying
        new.entered = self.entered
        new.executed = self.executed
        new.exhausted = self.exhausted
        new.hp = self.hp
        new.moved = self.moved
        new.resurrection = self.resurrection
        new.silenced = self.silenced
        new.stealth_lost = self.stealth_lost
        new.stunned_by = self.stunned_by
        new.warcry_ready = self.warcry_ready
        return new

    def canonical(self) -> list[Any]:
        return [
            *super().canonical(),
            self.cell[0],  # (its row and column)
            self.cell[1],
            self.hp,
            self.entered,
            int(self.exhausted),
            int(self.moved),
            int(self.attacked),
            self.stunned_by,
            int(self.silenced),
            int(self.stealth_lost),
            int(self.warcry_ready),
            int(self.resurrection),
            self.banished_by,
            int(self.dying),
            int(self.executed),
        ]

    # -- keywords from its own text (HG-73: silence removes them) -------------
    def text_keywords(self) -> tuple[str, ...]:
        return () if self.silenced else self.defn.keywords

    def has_kw(self, name: str) -> bool:
        return any(keyword_name(k) == name for k in self.text_keywords())

    def abilities(self, when: str) -> tuple[tuple[int, Mapping[str, Any]], ...]:
        if self.silenced:
            return ()
        return self.defn.facts.by_when.get(when, ())

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self.defn.subtypes
