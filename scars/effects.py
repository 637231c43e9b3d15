"""The small declarative effects cards name (`effect = "damage"`, `x = 3`, …).

Each effect is a function `(game, controller, source_uid, target_uid, spec)`;
`target_uid` is 0 when the effect has no target. Effects only call the
engine's own primitives (deal damage, move cards, add modifiers), so every
change is logged and every card stays in exactly one zone.

`TARGETS` lists what an effect may target; the engine enumerates the legal
uids (never Stealth units, SC-86) when the card or ability is played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common.cards import Modifier

if TYPE_CHECKING:
    from .game import ScarsGame

Effect = Callable[["ScarsGame", int, int, int, Any], None]

TARGETS = (
    "",  # no target
    "unit",  # any unit in play
    "enemy_unit",
    "own_unit",
    "attacking_unit",  # a unit attacking in the combat in progress (3A-3C; docs/rulings.md)
    "any",  # any unit or hero (the hero counts as the player, SC-21)
    "hero",  # either hero
    "stack",  # a card waiting in the resolution zone (SC-31)
    "discard_unit",  # a unit card in your discard
)

EFFECTS: dict[str, Effect] = {}

# the effects that harm the unit they are aimed at (a UI warns of one aimed at your own unit)
HARMS = frozenset({"damage", "destroy", "exile", "bounce", "force_defense"})

# Words for each effect, used to build readable descriptions of stack entries.
EFFECT_WORDS: dict[str, str] = {}


def effect(name: str, words: str) -> Callable[[Effect], Effect]:
    def deco(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        EFFECT_WORDS[name] = words
        return fn

    return deco


def _x(spec: Any, key: str = "x", default: int = 1) -> int:
    return int(spec.get(key, default))


@effect("damage", "deal {x} damage to {target}")
def damage(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.deal_damage(src, tgt, _x(spec))


@effect("damage_enemy_units", "deal {x} damage to each enemy unit")
def damage_enemy_units(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    for uid in list(g.zones[f"units:{1 - p}"].cards):
        g.deal_damage(src, uid, _x(spec))


@effect("damage_enemy_hero", "deal {x} damage to the enemy hero")
def damage_enemy_hero(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.deal_damage(src, g.hero_uid(1 - p), _x(spec))


@effect("destroy", "destroy {target}")
def destroy(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    limit = spec.get("y")
    c = g.zones.card(tgt)
    if limit is not None and g.attack_of(c) > int(limit):
        g.log.emit("fizzle", f"{c.name} is too strong to be destroyed by this")
        return
    g.destroy(tgt, "destroyed")


@effect("exile", "put {target} out of the game")
def exile(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.leave_play(tgt, f"out:{g.zones.card(tgt).owner}", "is put out of the game")


@effect("bounce", "return {target} to its owner's hand")
def bounce(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.leave_play(tgt, f"hand:{g.zones.card(tgt).owner}", "returns to its owner's hand")


@effect("buff", "give {target} +{x}/+{y} until end of turn")
def buff(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.buff(tgt, _x(spec, "x", 0), _x(spec, "y", 0), src)


@effect("buff_team", "give your units +{x}/+{y} until end of turn")
def buff_team(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    for uid in list(g.zones[f"units:{p}"].cards):
        g.buff(uid, _x(spec, "x", 0), _x(spec, "y", 0), src)


@effect("grant", "give {target} {keyword} until end of turn")
def grant(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    c = g.zones.card(tgt)
    kw = str(spec["keyword"])
    c.granted = (*c.granted, kw)
    g.log.emit("grant", f"{c.name} gains {kw} until end of turn", uid=tgt)


@effect("heal", "remove all damage from {target}")
def heal(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    c = g.zones.card(tgt)
    c.damage = 0
    g.log.emit("heal", f"{c.name} is healed", uid=tgt)


@effect("draw", "draw {x} card{s}")
def draw(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    for _ in range(_x(spec)):
        g.draw(p)


@effect("energy", "add {x} energy to your pool")
def energy(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.pool[p] += _x(spec)
    g.log.emit("energy", f"P{p + 1} adds {_x(spec)} energy to the pool (lost at end of turn)")


@effect("restore", "return up to {x} life card{s} from your discard to your hero")
def restore(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    n = 0
    for uid in list(g.zones[f"discard:{p}"].cards):
        if n >= _x(spec):
            break
        if g.zones.card(uid).defn.type == "life":
            g.zones.move(uid, f"lives:{p}")
            n += 1
    g.log.emit("restore", f"P{p + 1}'s hero regains {n} li{'fe' if n == 1 else 'ves'}")


@effect("counter", "cancel {target} in the resolution zone")
def counter(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    g.counter(tgt)


@effect("reanimate", "return {target} from your discard to your hand")
def reanimate(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    c = g.zones.card(tgt)
    g.zones.move(tgt, f"hand:{c.owner}")
    g.log.emit("reanimate", f"P{p + 1} returns {c.name} from the discard to hand", uid=tgt)


@effect("token", "create {x} {token} token{s} in defense position")
def token(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    for _ in range(_x(spec)):
        g.create_token(p, str(spec["token"]))


@effect("force_defense", "turn {target} to defense position")
def force_defense(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    c = g.zones.card(tgt)
    if c.position == "defense":
        # SC-61, SC-32: already in defense position (a sheltering unit is, "en posición defensiva
        # amparando"): nothing changes, it keeps sheltering
        g.log.emit("position", f"{c.name} is already in defense position", uid=tgt)
        return
    g.set_position(c, "defense")
    g.log.emit("position", f"{c.name} is forced into defense position", uid=tgt)


@effect("untap_energy", "untap up to {x} of your energy cards")
def untap_energy(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    n = 0
    for uid in g.zones[f"energy:{p}"].cards:
        c = g.zones.card(uid)
        if c.tapped and n < _x(spec):
            c.tapped = False
            n += 1
    g.log.emit("untap", f"P{p + 1} untaps {n} energy card{'' if n == 1 else 's'}")


@effect("discard_random", "the opponent discards {x} card{s} at random")
def discard_random(g: ScarsGame, p: int, src: int, tgt: int, spec: Any) -> None:
    hand = g.zones[f"hand:{1 - p}"]
    for _ in range(_x(spec)):
        if not hand.cards:
            break
        uid = g.rng.choice(hand.cards)
        g.zones.move(uid, f"discard:{1 - p}")
        g.log.emit("discard", f"P{2 - p} discards {g.zones.card(uid).name} at random", uid=uid)


def describe_spec(spec: Any, target_name: str = "a target") -> str:
    words = EFFECT_WORDS.get(str(spec.get("effect")), str(spec.get("effect")))
    tok = spec.get("token", "")
    if tok:
        from .cards import card_pool  # here: `cards` imports this module

        pool = card_pool()
        if tok in pool:
            tok = pool[tok].name
    x = spec.get("x", 1)
    return words.format(
        x=x,
        s="" if x == 1 else "s",  # `draw 1 card`, `draw 2 cards`
        y=spec.get("y", 0),
        target=target_name,
        keyword=spec.get("keyword", ""),
        token=tok,
    )


__all__ = ["EFFECTS", "HARMS", "TARGETS", "Modifier", "describe_spec"]
