"""The Python effects cards name in their `effect` field.

A card reads like card text: `effect = "fear"`, `amount = 300` → "an enemy being
loses 300 VAL". Each effect says what it targets; the engine offers the legal
targets as a Decision, checks Invisible/Immune/precedence, and calls `run`.
Unknown effect names in a card file are a DataError (see cards.validate_def).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .game import BhmGame


class Ctx(NamedTuple):
    """Who does it (player), with which card (source), through which being
    (executor, -1 if none), to what (target, -1 if none); `pending` is the
    action a reaction answers and `entry` its index on the stack (BH-67).

    (Immutable as a named tuple, as HotG's: one made for every card and reaction that resolves;
    a frozen dataclass set its six fields through `object.__setattr__`, session 37.)"""

    player: int
    source: int
    executor: int = -1
    target: int = -1
    pending: tuple[Any, ...] | None = None
    entry: int = -1


# Targets: None (no target), "enemy_being", "own_being", "any_being", "dead_being".
@dataclass(frozen=True, slots=True)
class Effect:
    name: str
    # True: the state checks ran last (in `BhmGame.lose` or `add_modifier`), nothing changed since
    run: Callable[[BhmGame, Ctx], bool | None]
    target: str | None
    text: str  # template: {amount} {stat}
    reaction: bool = False
    answers: tuple[str, ...] = ()  # reactions: the action kinds they answer
    # reactions: only when the action targets one of your beings (BH-71: a celestial entity is not one)
    own_target: bool = False
    # reactions: it affects the attacker of the attack it answers, which its text names "an enemy
    # being" (BH-71: not offered against an attacking celestial entity)
    hits_attacker: bool = False
    needs_stat: bool = False
    harmful: bool = False  # hurts its target (the AI aims it at the strongest enemy)
    # reactions: all it does is draw from its player's deck (not offered when that deck is empty)
    draws: bool = False


EFFECTS: dict[str, Effect] = {}


def effect(
    name: str,
    target: str | None,
    text: str,
    *,
    reaction: bool = False,
    answers: tuple[str, ...] = (),
    own_target: bool = False,
    hits_attacker: bool = False,
    needs_stat: bool = False,
    harmful: bool = False,
    draws: bool = False,
) -> Callable[[Callable[[BhmGame, Ctx], bool | None]], Callable[[BhmGame, Ctx], bool | None]]:
    def deco(fn: Callable[[BhmGame, Ctx], bool | None]) -> Callable[[BhmGame, Ctx], bool | None]:
        EFFECTS[name] = Effect(
            name, fn, target, text, reaction, answers, own_target, hits_attacker, needs_stat, harmful, draws
        )
        return fn

    return deco


def describe(defn: Any) -> str:
    """Card text generated from an effect (used when a card has no `text`)."""
    e = EFFECTS.get(defn.effect)
    if e is None:
        return ""
    from .cards import STAT_LABEL

    n = max(1, defn.amount)  # the draw effects draw at least one
    cards = f"{n} card" if n == 1 else f"{n} cards"
    return e.text.format(amount=defn.amount, cards=cards, stat=STAT_LABEL.get(defn.stat, defn.stat))


# -- harmful effects on one enemy being --------------------------------------------


@effect("damage", "enemy_being", "An enemy being loses {amount} Salud.", harmful=True)
def _damage(g: BhmGame, c: Ctx) -> bool:
    return g.lose(g.card(c.target), "salud", g.card(c.source).d.amount, g.card(c.source).name)


@effect("drain", "enemy_being", "An enemy being loses {amount} POD until end of turn.", harmful=True)
def _drain(g: BhmGame, c: Ctx) -> bool:
    return g.lose(g.card(c.target), "pod", g.card(c.source).d.amount, g.card(c.source).name)


@effect("shatter", "enemy_being", "An enemy being loses {amount} RES until end of turn.", harmful=True)
def _shatter(g: BhmGame, c: Ctx) -> bool:
    return g.lose(g.card(c.target), "res", g.card(c.source).d.amount, g.card(c.source).name)


@effect("fear", "enemy_being", "An enemy being loses {amount} VAL.", harmful=True)
def _fear(g: BhmGame, c: Ctx) -> bool:
    return g.lose(g.card(c.target), "val", g.card(c.source).d.amount, g.card(c.source).name)


@effect("kill", "enemy_being", "Kill an enemy being.", harmful=True)
def _kill(g: BhmGame, c: Ctx) -> None:
    g.kill(g.card(c.target), "kill", g.card(c.source).name, by_effect=True)  # BH-90


@effect("annihilate", "enemy_being", "Annihilate an enemy being.", harmful=True)
def _annihilate(g: BhmGame, c: Ctx) -> None:
    g.kill(g.card(c.target), "annihilate", g.card(c.source).name, by_effect=True)  # BH-91


@effect("petrify", "enemy_being", "Petrify an enemy being.", harmful=True)
def _petrify(g: BhmGame, c: Ctx) -> None:
    g.petrify(g.card(c.target), g.card(c.source).name)  # BH-92


@effect("freeze", "enemy_being", "Freeze an enemy being (not FIRE beings).", harmful=True)
def _freeze(g: BhmGame, c: Ctx) -> None:
    g.freeze(g.card(c.target), g.card(c.source).name)  # BH-93


@effect("nameless", "any_being", "A being loses its name (and with it Eternal).", harmful=True)
def _nameless(g: BhmGame, c: Ctx) -> None:
    t = g.card(c.target)
    t.nameless = True  # BH-101
    g.log.emit("nameless", f"{t.defn.name} loses its name (and with it Eternal)", uid=t.uid)


@effect(
    "set_stat",
    "any_being",
    "A being's {stat} becomes {amount}: yours until end of turn, an enemy's until your next turn.",
    needs_stat=True,
    harmful=True,
)
def _set_stat(g: BhmGame, c: Ctx) -> None:
    src = g.card(c.source)
    t = g.card(c.target)
    until = "eot" if t.controller == c.player else f"start{c.player}"
    g.add_modifier(t, src.d.stat, src.d.amount, "set", src.uid, until=until)  # BH-66 precedence


# -- mass effects ---------------------------------------------------------------------


@effect("war_cry", None, "Every enemy being loses {amount} VAL.")
def _war_cry(g: BhmGame, c: Ctx) -> None:
    src = g.card(c.source)
    for t in g.field_cards(1 - c.player):
        if t.d.is_being and g.affected_by(t, src, c.player):
            g.lose(t, "val", src.d.amount, src.name)


@effect("quake", None, "Every enemy being loses {amount} RES until end of turn.")
def _quake(g: BhmGame, c: Ctx) -> None:
    src = g.card(c.source)
    for t in g.field_cards(1 - c.player):
        if t.d.is_being and g.affected_by(t, src, c.player):
            g.lose(t, "res", src.d.amount, src.name)


@effect("rally", None, "Each of your beings recovers up to {amount} lost VAL.")
def _rally(g: BhmGame, c: Ctx) -> None:
    for t in g.field_cards(c.player):
        if t.d.is_being and t.val_lost:
            g.recover(t, "val", g.card(c.source).d.amount)
    amount = g.card(c.source).d.amount
    g.log.emit(
        "rally",
        f"P{c.player + 1}'s beings take heart: each recovers up to {amount} lost VAL",
        player=c.player,
        amount=amount,
    )


# -- helpful effects ------------------------------------------------------------------


@effect("buff", "own_being", "One of your beings gains {amount} {stat} until end of turn.", needs_stat=True)
def _buff(g: BhmGame, c: Ctx) -> None:
    src = g.card(c.source)
    g.add_modifier(g.card(c.target), src.d.stat, src.d.amount, "add", src.uid)


@effect("empower", None, "The being executing it gains {amount} {stat} until end of turn.", needs_stat=True)
def _empower(g: BhmGame, c: Ctx) -> bool:
    src = g.card(c.source)
    if c.executor < 0:
        return False
    b = g.card(c.executor)
    if not b.d.is_being:  # BH-71: "the being executing it"; an entity may execute it, but is no being
        g.log.emit(
            "fizzle", f"{src.name} gives {b.name} nothing: a celestial entity is not a being", uid=b.uid
        )
        return False
    g.add_modifier(b, src.d.stat, src.d.amount, "add", src.uid)
    return True  # `add_modifier` ran the state checks last


@effect("heal", "own_being", "One of your beings recovers up to {amount} Salud.")
def _heal(g: BhmGame, c: Ctx) -> None:
    t = g.card(c.target)
    healed = g.recover(t, "salud", g.card(c.source).d.amount)
    if healed:
        g.log.emit("heal", f"{g.label(t)} recovers {healed} Salud", uid=t.uid)
    else:
        g.log.emit("heal", f"{g.label(t)} has no wounds to heal", uid=t.uid)


@effect("veil", "own_being", "One of your beings becomes Invisible until your next turn.")
def _veil(g: BhmGame, c: Ctx) -> None:
    g.grant(g.card(c.target), "Invisible", c.source, until=f"start{c.player}")


@effect("draw", None, "Draw {cards}.")
def _draw(g: BhmGame, c: Ctx) -> None:
    for _ in range(max(1, g.card(c.source).d.amount)):
        g.draw(c.player, mandatory=False)


@effect("calm", None, "Your C.LL goes down by {amount} (not below 0).")
def _calm(g: BhmGame, c: Ctx) -> None:
    g.change_cll(c.player, -g.card(c.source).d.amount, g.card(c.source).name)


@effect("raise_dead", "dead_being", "Return a being from your dead zone to your hand.")
def _raise_dead(g: BhmGame, c: Ctx) -> None:
    t = g.card(c.target)
    g.zones.move(t.uid, f"hand:{c.player}")
    g.log.emit(
        "raise",
        f"P{c.player + 1} returns {t.name} from the dead zone to hand",
        uid=t.uid,
        player=c.player,
        name=t.name,
    )


@effect("aura", None, "Your {stat} of beings of this element (all if none) +{amount}.", needs_stat=True)
def _aura(g: BhmGame, c: Ctx) -> None:  # static: applied by BhmGame.max_stat
    return None


# -- reactions (BH-67): resolve before the action they answer -----------------------------
# A reaction answers the most recent enemy action on the stack; playing a reaction is an action
# too, so the kinds below include "react" where a reaction card can answer another reaction.


@effect(
    "cancel_attack",
    None,
    "Reaction: cancel an attack declared against one of your beings.",
    reaction=True,
    answers=("attack", "pattack"),
    own_target=True,
)
def _cancel_attack(g: BhmGame, c: Ctx) -> None:
    g.cancel_entry(c.entry, g.card(c.source).name)


@effect(
    "cancel_power",
    None,
    "Reaction: cancel a power card as it is executed; it goes to the dead zone.",
    reaction=True,
    answers=("power",),
)
def _cancel_power(g: BhmGame, c: Ctx) -> None:
    g.cancel_entry(c.entry, g.card(c.source).name)


@effect(
    "cancel_strategy",
    None,
    "Reaction: cancel a strategy card (a reaction card too); it goes to the dead zone.",
    reaction=True,
    answers=("strategy", "react"),
)
def _cancel_strategy(g: BhmGame, c: Ctx) -> None:
    g.cancel_entry(c.entry, g.card(c.source).name)


@effect(
    "riposte",
    None,
    "Reaction: when an enemy being attacks one of yours, the attacker loses {amount} Salud first.",
    reaction=True,
    answers=("attack", "pattack"),
    own_target=True,
    hits_attacker=True,
)
def _riposte(g: BhmGame, c: Ctx) -> None:
    assert c.pending is not None
    attacker, src = g.card(int(c.pending[1])), g.card(c.source)
    if not g.on_field(attacker):
        g.log.emit("fizzle", f"{src.name} has no effect: {attacker.name} is no longer on the field")
    elif g.has(attacker, "Invisible"):  # BH-99: hidden by a Smoke Bomb played in answer
        g.log.emit("fizzle", f"{src.name} has no effect: {g.label(attacker)} is Invisible")
    elif not g.affected_by(attacker, src, c.player):  # BH-102
        g.log.emit("fizzle", f"{src.name} has no effect: {g.label(attacker)} is Immune to it")
    else:
        g.lose(attacker, "salud", src.d.amount, src.name)


@effect(
    "steel",
    None,
    "Reaction: the targeted being of yours gains {amount} RES and {amount} VAL until end of turn.",
    reaction=True,
    answers=("attack", "pattack", "power", "strategy", "ability", "terror"),
    own_target=True,
)
def _steel(g: BhmGame, c: Ctx) -> None:
    t = g.card(c.target)
    src = g.card(c.source)
    g.add_modifier(t, "res", src.d.amount, "add", src.uid)
    g.add_modifier(t, "val", src.d.amount, "add", src.uid)


@effect(
    "smoke",
    None,
    "Reaction: the targeted being of yours becomes Invisible until end of turn (the action loses its target).",
    reaction=True,
    answers=("attack", "pattack", "power", "strategy", "ability", "terror", "react"),
    own_target=True,
)
def _smoke(g: BhmGame, c: Ctx) -> None:
    g.grant(g.card(c.target), "Invisible", c.source, until="eot")


@effect(
    "foresight",
    None,
    "Reaction: after any enemy action, draw {cards}.",
    reaction=True,
    answers=(
        "attack",
        "pattack",
        "power",
        "strategy",
        "ability",
        "terror",
        "call",
        "territory",
        "equip",
        "invoke",
        "react",
        "draw",  # BH-20, BH-24: the turn's draws are actions too ("Robar una carta")
    ),
    draws=True,
)
def _foresight(g: BhmGame, c: Ctx) -> None:
    for _ in range(max(1, g.card(c.source).d.amount)):
        g.draw(c.player, mandatory=False)
