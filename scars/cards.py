"""The Scars card definitions (immutable, from TOML) and card instances.

A card reads like its printed text: a type, a faction, a cost, stats, keywords
and at most one of each ability kind, each a small table naming a Python
effect registered in `scars.effects`:

    [[card]]
    id = "ember_shaman"
    name = "Ember Shaman"
    type = "unit"
    faction = "wildborn"
    cost = 2
    attack = 1
    defense = 2
    ability = { kind = "tap", effect = "damage", target = "any", x = 1 }
    text = "Tap: deal 1 damage to any target."

* `effect`  — what a prayer does when it resolves (SC-15)
* `ability` — an activated ability: kind "tap" (SC-40) or "energy" (SC-41, with `cost`);
              on a hero, the hero ability (SC-20)
* `trigger` — a triggered ability (SC-42): `when` = enter | attack | death | upkeep
* `static`  — a static ability (SC-43): `effect` = aura | unit_limit
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from common.cards import Card, CardDef, keyword_checker, keyword_name, keyword_value, load_card_dir
from common.errors import DataError

CARD_DIR = Path(__file__).parent / "cards"

CARD_TYPES = ("hero", "unit", "structure", "weapon", "prayer", "life")
FACTIONS = ("legion", "wildborn", "umbral")

# The 13 keywords (SC-80..SC-92); the ones taking a number X.
KEYWORDS = (
    "Learning",
    "Trample",
    "Honor",
    "Flying",
    "Lightning",
    "Alert",
    "Stealth",
    "Ranged",
    "Cover",
    "Haste",
    "Valor",
    "Bond",
    "Fear",
)
KEYWORDS_X = ("Learning", "Valor", "Fear")

KEYWORD_HELP = {
    "Learning": "Learning X: when it attacks, it may copy X keywords of the units attacking with it, for this combat.",
    "Trample": "Trample: when its damage to its blockers is lethal, the surplus goes to the defending hero.",
    "Honor": "Honor: the other units attacking together with it get +1 attack.",
    "Flying": "Flying: can be blocked only by units with Flying or Ranged.",
    "Lightning": "Lightning: can be cast whenever a prayer could.",
    "Alert": "Alert: can attack from defense position.",
    "Stealth": "Stealth: cannot be the target of cards or abilities.",
    "Ranged": "Ranged: can block units with Flying.",
    "Cover": "Cover: the other units blocking the same attacker get +1 defense until end of turn.",
    "Haste": "Haste: ignores summoning sickness (can attack the turn it enters).",
    "Valor": "Valor X: cannot be blocked by units with attack X or more; damage from such units is prevented.",
    "Bond": "Bond: when a card would damage your hero, one point of it goes to this unit instead (one point per damage event).",
    "Fear": "Fear X: cannot be blocked by units with attack X or less; damage from such units is prevented.",
}

ABILITY_KINDS = ("tap", "energy")
TRIGGERS = ("enter", "attack", "death", "upkeep")
STATICS = ("aura", "unit_limit")
AURA_SCOPES = ("own_units", "other_own_units", "enemy_units")
ABILITY_KEYS = {
    "kind",
    "cost",
    "effect",
    "target",
    "x",
    "y",
    "keyword",
    "token",
    "when",
    "scope",
    "attack",
    "defense",
}


# None if a keyword is one of the 13 (with its X ≥ 1 when it takes one), else the problem.
check_keyword = keyword_checker(KEYWORDS, KEYWORDS_X, min_value=1, example=2)


@dataclass(frozen=True, slots=True, eq=False)
class ScarsDef(CardDef):
    type: Literal["hero", "unit", "structure", "weapon", "prayer", "life"] = "unit"
    faction: str = ""  # "" = neutral (SC-20 ruling: castable by every hero)
    factions: tuple[str, ...] = ()  # heroes: the factions whose cards the player may cast
    lives: int = 0  # heroes (SC-02)
    cost: int = 0
    attack: int = 0
    defense: int = 0
    equip: int = 0  # weapons: the cost to move it to another unit (SC-14)
    effect: dict[str, Any] = field(default_factory=dict)  # prayers: what happens on resolution
    ability: dict[str, Any] = field(default_factory=dict)
    trigger: dict[str, Any] = field(default_factory=dict)
    static: dict[str, Any] = field(default_factory=dict)
    flavor: str = ""
    # SC-52/SC-84: may be cast while the resolution zone is not empty (a prayer or a
    # Lightning card). Worked out from the fields above, never read from a card file.
    instant: bool = field(default=False, init=False, repr=False, compare=False)
    # The names of its printed keywords ("Valor 2" -> "Valor"), for `ScarsGame.has_kw`.
    kw_names: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)
    # A prayer that may only target a unit with attack Y or less ("destroy" with `y`, Smite),
    # that Y, else None (SC-32). Worked out from `effect`, never read from a card file.
    target_max_attack: int | None = field(default=None, init=False, repr=False, compare=False)
    # An aura (SC-43, `static` with effect "aura"): (scope, attack, defense), else None. Worked
    # out from `static` (the game reads it at every derived stat: no look-up in the table).
    aura: tuple[str, int, int] | None = field(default=None, init=False, repr=False, compare=False)
    # The `ability` table's facts the legal actions read (worked out once): a tap ability (SC-40),
    # its energy cost (SC-41, SC-20: a hero's), its target kind ("" without one).
    ability_tap: bool = field(default=False, init=False, repr=False, compare=False)
    ability_cost: int = field(default=0, init=False, repr=False, compare=False)
    ability_target: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = frozenset(map(keyword_name, self.keywords))
        object.__setattr__(self, "kw_names", names)
        object.__setattr__(self, "instant", self.type == "prayer" or "Lightning" in names)
        if self.effect.get("effect") == "destroy" and isinstance(self.effect.get("y"), int):
            object.__setattr__(self, "target_max_attack", self.effect["y"])
        ability = self.ability
        if ability:
            cost, target = ability.get("cost", 0), ability.get("target", "")
            object.__setattr__(self, "ability_tap", ability.get("kind") == "tap")
            object.__setattr__(self, "ability_cost", int(cost) if isinstance(cost, int) else 0)
            object.__setattr__(self, "ability_target", target if isinstance(target, str) else "")
        static = self.static
        if static.get("effect") == "aura":
            atk, dfn = static.get("attack", 0), static.get("defense", 0)
            if isinstance(atk, int) and isinstance(dfn, int):  # (else the pool's check refuses it)
                object.__setattr__(self, "aura", (str(static.get("scope")), atk, dfn))

    @property
    def is_permanent(self) -> bool:
        return self.type in ("unit", "structure", "weapon")

    def kw_value(self, name: str) -> int:
        for k in self.keywords:
            if keyword_name(k) == name:
                v = keyword_value(k)
                return int(v) if v else 1
        return 0


def _check_spec(card: ScarsDef, fld: str, spec: Any, *, file: str) -> None:
    from .effects import EFFECTS, TARGETS

    for key in spec:
        if key not in ABILITY_KEYS:
            raise DataError(file, f"unknown key {key!r} in {fld}", card=card.id, field=f"{fld}.{key}")
    for key in ("cost", "x", "y", "attack", "defense"):
        if key in spec and (not isinstance(spec[key], int) or isinstance(spec[key], bool)):
            raise DataError(file, "expected a whole number", card=card.id, field=f"{fld}.{key}")
    if fld == "static":
        eff = spec.get("effect")
        if not isinstance(eff, str) or eff not in STATICS:
            raise DataError(
                file,
                f"unknown static effect {eff!r} (known: {', '.join(STATICS)})",
                card=card.id,
                field="static.effect",
            )
        if eff == "aura" and (not isinstance(spec.get("scope"), str) or spec.get("scope") not in AURA_SCOPES):
            raise DataError(
                file,
                f"aura scope must be one of {', '.join(AURA_SCOPES)}",
                card=card.id,
                field="static.scope",
            )
        return
    eff = spec.get("effect")
    if not isinstance(eff, str) or eff not in EFFECTS:
        raise DataError(
            file,
            f"unknown effect {eff!r} (known: {', '.join(sorted(EFFECTS))})",
            card=card.id,
            field=f"{fld}.effect",
        )
    tgt = spec.get("target", "")
    if tgt not in TARGETS:
        raise DataError(
            file, f"unknown target {tgt!r} (known: {', '.join(TARGETS)})", card=card.id, field=f"{fld}.target"
        )
    if eff in ("grant",):
        kw = spec.get("keyword")
        if not isinstance(kw, str) or check_keyword(kw):
            raise DataError(file, f"needs a valid keyword, got {kw!r}", card=card.id, field=f"{fld}.keyword")
    if fld == "ability" and card.type != "hero" and spec.get("kind") not in ABILITY_KINDS:
        raise DataError(
            file,
            f"ability kind must be one of {', '.join(ABILITY_KINDS)}",
            card=card.id,
            field="ability.kind",
        )
    if fld == "ability" and spec.get("kind") == "energy" and int(spec.get("cost", 0)) < 1:
        raise DataError(file, "an energy ability costs at least 1", card=card.id, field="ability.cost")
    if fld == "trigger" and spec.get("when") not in TRIGGERS:
        raise DataError(
            file, f"trigger 'when' must be one of {', '.join(TRIGGERS)}", card=card.id, field="trigger.when"
        )


def make_validator(file_of: dict[str, str]) -> Any:
    def validate(card: CardDef) -> None:
        assert isinstance(card, ScarsDef)
        file = file_of.get("file", "<cards>")
        if card.faction and card.faction not in FACTIONS:
            raise DataError(
                file,
                f"unknown faction {card.faction!r} (known: {', '.join(FACTIONS)})",
                card=card.id,
                field="faction",
            )
        for f in card.factions:
            if f not in FACTIONS:
                raise DataError(file, f"unknown faction {f!r}", card=card.id, field="factions")
        if card.type == "hero" and card.lives < 1:
            raise DataError(file, "a hero needs lives ≥ 1", card=card.id, field="lives")
        if card.type == "unit" and card.defense < 1:
            raise DataError(file, "a unit needs defense ≥ 1", card=card.id, field="defense")
        if card.type == "prayer" and not card.effect:
            raise DataError(file, "a prayer needs an effect", card=card.id, field="effect")
        if card.type == "weapon" and card.equip < 0:
            raise DataError(file, "equip cost cannot be negative", card=card.id, field="equip")
        if card.cost < 0:
            raise DataError(file, "cost cannot be negative", card=card.id, field="cost")
        for fld in ("effect", "ability", "trigger", "static"):
            spec = getattr(card, fld)
            if spec:
                _check_spec(card, fld, spec, file=file)
        if card.type == "hero" and card.ability and card.ability.get("kind", "energy") != "energy":
            raise DataError(
                file,
                "a hero ability is paid with energy (kind = 'energy')",
                card=card.id,
                field="ability.kind",
            )

    return validate


def load_pool(directory: str | Path = CARD_DIR) -> dict[str, ScarsDef]:
    """Load and validate every card file of a directory; effects must exist, tokens must resolve."""
    from common.cards import load_cards

    pool: dict[str, CardDef] = {}
    file_of: dict[str, str] = {}
    for p in sorted(Path(directory).glob("*.toml")):
        ctx = {"file": str(p)}
        load_cards(p, ScarsDef, keywords=check_keyword, validate=make_validator(ctx), into=pool)
        file_of.update((cid, str(p)) for cid in pool if cid not in file_of)
    for c in pool.values():
        assert isinstance(c, ScarsDef)
        for fld in ("effect", "ability", "trigger"):
            tok = getattr(c, fld).get("token")
            if tok is not None and (not isinstance(tok, str) or tok not in pool):
                raise DataError(
                    file_of.get(c.id, str(directory)),
                    f"token card {tok!r} not in the pool",
                    card=c.id,
                    field=f"{fld}.token",
                )
    if "life" not in pool:
        raise DataError(str(directory), "the pool needs the life/energy card 'life'")
    return pool  # type: ignore[return-value]


@cache
def card_pool() -> dict[str, ScarsDef]:
    return load_pool(CARD_DIR)


_ = load_card_dir  # re-exported for tools


class ScarsCard(Card):
    """A card instance on the table.

    * `position`  — units: "attack" (turned 90°) or "defense" (upright) (SC-60)
    * `tapped`    — structures and energy cards (SC-19, SC-40)
    * `damage`    — damage marked on a unit (removed at end of turn)
    * `since_start` — controlled since the start of its controller's turn (SC-13)
    * `no_attack` — used a tap ability this turn: cannot attack (SC-40)
    * `shelter`   — uid of the friendly attacking unit this unit shelters, or 0 (SC-61)
    * `attached`  — weapons: uid of the unit it is equipped to, or 0 (SC-14)
    * `granted`   — keywords gained until end of turn (Learning, prayers)
    * `moved`     — changed position in this set-up sub-phase
    * `face_down` — a support card (SC-22)
    """

    __slots__ = (
        "attached",
        "damage",
        "face_down",
        "granted",
        "moved",
        "no_attack",
        "position",
        "shelter",
        "since_start",
        "tapped",
    )

    defn: ScarsDef

    def __init__(self, uid: int, defn: CardDef, owner: int | None, zone: str = "") -> None:
        # `Card.__init__` and then `reset()`, written out (one frame, not three: a new game makes
        # 126 cards; `tests/scars/test_fast_paths.py` compares)
        self.uid = uid
        self.defn = defn  # type: ignore[assignment]
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.modifiers = []
        self.position = "defense"
        self.tapped = False
        self.damage = 0
        self.since_start = False
        self.no_attack = False
        self.shelter = 0
        self.attached = 0
        self.granted: tuple[str, ...] = ()
        self.moved = False
        self.face_down = False

    def reset(self) -> None:
        """Forget table state (when the card leaves play)."""
        self.position = "defense"
        self.tapped = False
        self.damage = 0
        self.since_start = False
        self.no_attack = False
        self.shelter = 0
        self.attached = 0
        self.granted = ()
        self.moved = False
        self.face_down = False
        self.modifiers = []

    def clone(self) -> ScarsCard:
        new = ScarsCard.__new__(ScarsCard)
        new.uid = self.uid  # `Card._copy_into`, written out: the hot path of `Zones.clone`
        new.defn = self.defn
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.modifiers = self.modifiers.copy()
        new.position = self.position
        new.tapped = self.tapped
        new.damage = self.damage
        new.since_start = self.since_start
        new.no_attack = self.no_attack
        new.shelter = self.shelter
        new.attached = self.attached
        new.granted = self.granted
        new.moved = self.moved
        new.face_down = self.face_down
        return new

    def canonical(self) -> list[Any]:
        return [
            *super().canonical(),
            self.position,
            self.tapped,
            self.damage,
            self.since_start,
            self.no_attack,
            self.shelter,
            self.attached,
            list(self.granted),
            self.moved,
            self.face_down,
        ]
