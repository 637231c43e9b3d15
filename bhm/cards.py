"""BHM card definitions (immutable, from TOML) and card instances (mutable, with __slots__).

A definition holds what is printed on the card; an instance (`BhmCard`) holds
what happened to it in play (wounds, spent POD, lost VAL, flags). Current
attribute values are always derived (see `BhmGame.stat`): base + modifiers +
attachments + territories − losses; base values are never overwritten.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from common.cards import Card, CardDef, Modifier, keyword_checker, keyword_name
from common.errors import DataError

CARD_DIR = Path(__file__).parent / "cards"

STATS = ("pod", "fue", "res", "val", "salud")
STAT_LABEL = {"pod": "POD", "fue": "FUE", "res": "RES", "val": "VAL", "salud": "Salud"}

# BH-42 base types. Gods, demigods and celestial entities are special beings.
BEING_TYPES = ("being", "god", "demigod", "invocation")
FIELD_TYPES = (*BEING_TYPES, "entity")  # cards that occupy a being zone by themselves
TYPES = (*FIELD_TYPES, "power", "object", "strategy", "territory")
ELEMENTS = ("", "LIGHTNING", "FIRE", "EARTH", "WATER", "AIR")  # BH-42
RARITIES = ("BASIC", "ORDINARY", "COMMON", "RARE", "LEGENDARY", "UNIQUE", "EPIC", "ENTITY", "PRIMORDIAL")
# BH-82 copy limits by rarity attribute.
COPY_LIMIT = {
    "BASIC": 3,
    "ORDINARY": 3,
    "COMMON": 2,
    "RARE": 2,
    "LEGENDARY": 1,
    "UNIQUE": 1,
    "EPIC": 1,
    "ENTITY": 1,
    "PRIMORDIAL": 1,
}

# The 13 keywords (BH-90..BH-102); Terror and Immune take a number.
KEYWORDS = (
    "Kill",
    "Annihilate",
    "Petrify",
    "Freeze",
    "Indestructible",
    "Immortal",
    "Power Bond",
    "Magic Resistance",
    "Intangible",
    "Invisible",
    "Terror",
    "Eternal",
    "Immune",
)
NUMBERED_KEYWORDS = ("Terror", "Immune")


@dataclass(frozen=True, slots=True)
class BhmDef(CardDef):
    """One BHM card as printed. Attributes a card lacks are None (BH-33)."""

    type: str = "being"
    rank: int = 0
    rarity: str = "COMMON"
    classes: tuple[str, ...] = ()
    element: str = ""
    pod: int | None = None
    fue: int | None = None
    res: int | None = None
    val: int | None = None
    salud: int | None = None
    # objects, equipped powers: attribute bonuses given to the bearer
    bonus: dict[str, int] = field(default_factory=dict)
    # keywords given to the bearer (objects, equipped powers) or to your beings (territories)
    grants: tuple[str, ...] = ()
    instant: bool = False  # BH-12 instant call
    reaction: bool = False  # BH-67 reaction card
    equip: bool = False  # BH-56 equipped power
    cost: int = 0  # POD a power card consumes from the being executing it (BH-40)
    effect: str = ""  # name of a Python effect in bhm/effects.py
    amount: int = 0  # the effect's number
    stat: str = ""  # the attribute an effect works on (buff, set, aura)
    survives_pod_zero: bool = False  # BH-33 "unless its card says otherwise"
    # Worked out from the fields above in `__post_init__` (a definition never changes), never
    # read from a card file: what the engine asks of a definition most often.
    is_field: bool = field(default=False, init=False, repr=False, compare=False)
    is_being: bool = field(default=False, init=False, repr=False, compare=False)
    is_invoker: bool = field(default=False, init=False, repr=False, compare=False)
    # The names of its printed keywords and of the keywords it grants ("Immune 3" → "Immune").
    kw_names: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    grant_names: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    # Whether it takes from an attribute of the cards it gives a static to (a bonus below 0, an
    # aura below 0): see `pool_lowers`.
    lowers: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        facts = {
            "is_field": self.type in FIELD_TYPES,  # a card that occupies a being zone by itself
            "is_being": self.type in BEING_TYPES,  # BH-71: celestial entities are not beings
            # BH-73 "an INVOKER being": an entity that names the class is still no being
            "is_invoker": "INVOKER" in self.classes and self.type in BEING_TYPES,
            "kw_names": frozenset(map(keyword_name, self.keywords)),
            "grant_names": frozenset(map(keyword_name, self.grants)),
            "lowers": min(self.bonus.values(), default=0) < 0 or (self.effect == "aura" and self.amount < 0),
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)


_check_keyword = keyword_checker(KEYWORDS, NUMBERED_KEYWORDS, example=300)


def validate_def(d: Any, file: str = "<cards>") -> None:
    """Card-level checks beyond field types; ValueError → DataError naming the card."""
    from .effects import EFFECTS  # local import: effects imports this module

    if d.type not in TYPES:
        raise DataError(file, f"type must be one of {', '.join(TYPES)}, got {d.type!r}", d.id, "type")
    if d.rarity not in RARITIES:
        raise DataError(file, f"rarity must be one of {', '.join(RARITIES)}", d.id, "rarity")
    if d.element not in ELEMENTS:
        raise DataError(
            file, f"element must be one of {', '.join(e for e in ELEMENTS if e)}", d.id, "element"
        )
    if d.rank < 0:
        raise DataError(file, "rank cannot be negative", d.id, "rank")
    for key in d.bonus:
        if key not in STATS:
            raise DataError(file, f"bonus may name {', '.join(STATS)}, not {key!r}", d.id, "bonus")
    for kw in d.grants:
        err = _check_keyword(kw)
        if err:
            raise DataError(file, err, d.id, "grants")
    if d.effect and d.effect not in EFFECTS:
        raise DataError(
            file, f"unknown effect {d.effect!r} (known: {', '.join(sorted(EFFECTS))})", d.id, "effect"
        )
    if d.stat and d.stat not in STATS:
        raise DataError(file, f"stat must be one of {', '.join(STATS)}", d.id, "stat")
    if d.effect and EFFECTS[d.effect].needs_stat and not d.stat:
        raise DataError(file, f"effect {d.effect!r} needs a 'stat'", d.id, "stat")
    if d.is_field:
        for s in STATS:
            v = getattr(d, s)
            if v is not None and v < 0:
                raise DataError(file, "attributes cannot be negative", d.id, s)
            if v == 0 and s in ("pod", "val", "salud"):  # BH-33, BH-37: it would die or flee at once
                raise DataError(
                    file, f"{STAT_LABEL[s]} 0 would kill it or make it flee; leave it out", d.id, s
                )
        if d.type == "being" and d.salud is None and d.pod is None:
            raise DataError(file, "a being needs Salud or POD", d.id, "salud")
    else:
        for s in STATS:
            if getattr(d, s) is not None:
                raise DataError(file, f"a {d.type} card has no {STAT_LABEL[s]} (use 'bonus')", d.id, s)
    if d.reaction and d.type != "strategy":
        raise DataError(file, "only strategy cards can be reactions", d.id, "reaction")
    if d.reaction and (not d.effect or not EFFECTS[d.effect].reaction):
        raise DataError(file, "a reaction card needs a reaction effect", d.id, "effect")
    if not d.reaction and d.effect and EFFECTS[d.effect].reaction:
        raise DataError(file, f"effect {d.effect!r} is for reaction cards", d.id, "effect")
    if d.equip and d.type != "power":
        raise DataError(file, "only power cards are equipped", d.id, "equip")
    if d.instant and not d.is_field:
        raise DataError(file, "only beings can be called instantly", d.id, "instant")
    if d.type == "territory" and d.effect and d.effect != "aura":
        raise DataError(file, "territories only have the 'aura' effect", d.id, "effect")
    if d.effect == "aura" and d.type != "territory":
        raise DataError(file, "only territories have auras", d.id, "effect")


def load_card_file(path: str | Path, into: dict[str, BhmDef] | None = None) -> dict[str, BhmDef]:
    """One TOML file of `[[card]]` tables, validated (DataError names file, card, field)."""
    from common.cards import load_cards

    file = str(path)
    cards: dict[str, BhmDef] = load_cards(path, BhmDef, keywords=_check_keyword)  # type: ignore[assignment]
    out = into if into is not None else {}
    for cid, d in cards.items():
        validate_def(d, file)
        if cid in out:
            raise DataError(file, "duplicate card id (already defined in another file)", cid, "id")
        out[cid] = d
    return out


def load_pool(directory: str | Path = CARD_DIR) -> dict[str, BhmDef]:
    """Every card of a directory of TOML files, validated."""
    pool: dict[str, BhmDef] = {}
    for p in sorted(Path(directory).glob("*.toml")):
        load_card_file(p, pool)
    return pool


@cache
def card_pool() -> Mapping[str, BhmDef]:
    return load_pool()


NAMELESS = "(nameless)"  # the name of a being that lost its own (BH-101)


@cache
def pool_lowers() -> bool:
    """Whether a card of the pool (every card of a game is one: `card_pool()`) takes from another's
    attribute by a static (`BhmDef.lowers`). When none does, a card's maximum is at least its
    printed value, never 0 (`validate_def`), unless an effect modifies it."""
    return any(d.lowers for d in card_pool().values())  # (once: it is cached)


@cache
def pool_grants() -> frozenset[str]:
    """The names of the keywords a card of the pool grants (`BhmDef.grant_names`: objects,
    equipped powers, territories). A card has any other keyword ("Intangible", ...) only printed
    or from an effect (a modifier): `has` then looks at neither attachments nor territories."""
    out: frozenset[str] = frozenset()
    for d in card_pool().values():
        out |= d.grant_names
    return out


@cache
def pool_territory_grants() -> frozenset[str]:
    """The names of the keywords a territory of the pool grants (its part of `pool_grants`: the
    only cards of a territories zone, BH-50). `has` looks at a side's territories only for one."""
    out: frozenset[str] = frozenset()
    for d in card_pool().values():
        if d.type == "territory":
            out |= d.grant_names
    return out


def name_of(c: BhmCard) -> str:
    """A card's name (`BhmCard.name`): a being that lost its name (BH-101) is "(nameless)". A hot
    loop calls it directly: quicker than the property, which Python 3.11 calls through the
    descriptor protocol."""
    return NAMELESS if c.nameless else c.defn.name


class BhmCard(Card):
    """A card in play. Losses are counters (derived values subtract them);
    flags reset when the card leaves the field."""

    __slots__ = (
        "ability_used",
        "attacked",
        "entered",
        "executed_power",
        "frozen",
        "home",
        "inv_gained",
        "inv_points",
        "invoked",
        "nameless",
        "petrified",
        "pod_spent",
        "power_attacked",
        "powers_used",
        "res_lost",
        "returned",
        "val_lost",
        "wounds",
    )

    defn: BhmDef  # its definition, typed as a BHM one (`d` is the same)

    def __init__(self, uid: int, defn: CardDef, owner: int | None, zone: str = "") -> None:
        # `Card.__init__`'s fields written out (as `clone` writes every field: a new game makes
        # 132 cards, two calls fewer each); `reset` sets the others, controller and modifiers too
        self.uid = uid
        self.defn = defn  # type: ignore[assignment]  # a BhmDef
        self.owner = owner
        self.zone = zone
        self.reset()

    def reset(self) -> None:
        """Forget everything that happened in play (the card left the field)."""
        # a tuple, never changed in place (`BhmGame.add_modifier` makes a new one), so a
        # clone shares it: the cheapest part of `clone()`, the hot path of the search
        self.modifiers: tuple[Modifier, ...] = ()  # type: ignore[assignment]
        self.controller = self.owner
        self.wounds = 0  # Salud lost (permanent)
        self.res_lost = 0  # RES lost this turn (BH-41)
        self.pod_spent = 0  # POD lost this turn (BH-32, BH-40)
        self.val_lost = 0  # VAL lost until it returns from fleeing (BH-37)
        self.frozen = False
        self.petrified = False
        self.nameless = False
        self.attacked = False
        self.power_attacked = False
        self.executed_power = False
        self.powers_used = 0
        self.inv_points = 0
        self.inv_gained = False
        self.invoked = False
        self.ability_used = False
        self.returned = False
        self.entered = -1
        self.home = -1

    def end_turn_reset(self) -> None:
        self.res_lost = 0
        self.pod_spent = 0
        self.attacked = False
        self.power_attacked = False
        self.executed_power = False
        self.powers_used = 0
        self.inv_points = 0
        self.inv_gained = False
        self.invoked = False
        self.ability_used = False

    def clone(self) -> BhmCard:
        """Every field, written out: the hot path of `Zones.clone` (`Card.clone` copies field
        by field through `_copy_into`, slower)."""
        new = BhmCard.__new__(BhmCard)
        new.uid = self.uid
        new.defn = self.defn
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.modifiers = self.modifiers  # an immutable tuple: shared
        new.ability_used = self.ability_used
        new.attacked = self.attacked
        new.entered = self.entered
        new.executed_power = self.executed_power
        new.frozen = self.frozen
        new.home = self.home
        new.inv_gained = self.inv_gained
        new.inv_points = self.inv_points
        new.invoked = self.invoked
        new.nameless = self.nameless
        new.petrified = self.petrified
        new.pod_spent = self.pod_spent
        new.power_attacked = self.power_attacked
        new.powers_used = self.powers_used
        new.res_lost = self.res_lost
        new.returned = self.returned
        new.val_lost = self.val_lost
        new.wounds = self.wounds
        return new

    def canonical(self) -> list[Any]:
        return [
            *super().canonical(),
            [  # every field of __slots__, in its order
                self.ability_used,
                self.attacked,
                self.entered,
                self.executed_power,
                self.frozen,
                self.home,
                self.inv_gained,
                self.inv_points,
                self.invoked,
                self.nameless,
                self.petrified,
                self.pod_spent,
                self.power_attacked,
                self.powers_used,
                self.res_lost,
                self.returned,
                self.val_lost,
                self.wounds,
            ],
        ]

    @property
    def d(self) -> BhmDef:
        return self.defn

    name = property(name_of)  # the property is `name_of` itself


def def_fields() -> list[str]:
    return [f.name for f in dataclasses.fields(BhmDef) if f.init]  # not the worked-out facts
