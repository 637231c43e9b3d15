"""The card effects of the core (`hotg/core.py`), by the cards' `do` names (the card data names
them: `hotg.cards.validate_def`): `EFFECTS[name](core, ctx)` carries out one ability through the
core's small verbs (`damage`, `heal`, `buff`, …), so that every rule (Immune, Protect, Stealth,
neutral units) is enforced in one place.

An effect is ported when it does exactly what the old engine's does
(`tools/hotg_reference_effects.py`; the differential check, `tools/hotg_core_check.py`, plays
every supported card: `core.supported`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .core import AROUND, S_GOD, Ctx, bits, mask_cells

if TYPE_CHECKING:
    from .core import Core

Effect = Callable[["Core", Ctx], None]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def deco(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return deco


def _until(g: Core, ctx: Ctx) -> str:
    until = ctx.params.get("until", "permanent")
    if until == "end_of_turn":
        return "eot"
    if until == "your_next_turn":
        return f"sont:{g.whose_next_turn(ctx.controller)}"
    return "permanent"


def _cell(g: Core, ctx: Ctx) -> int:
    """The source's (last) cell: the context's, or its cell on the battlefield (-1: none)."""
    if ctx.cell >= 0:
        return ctx.cell
    return g.place[ctx.source] if g.on_board(ctx.source) else -1


def _adjacent(g: Core, cell: int) -> list[int]:
    """The units around `cell`, in cell order (`units_adjacent`)."""
    occ = g.occ
    return [occ[n] for n in mask_cells(AROUND[cell]) if occ[n]]


@effect("damage")
def damage(g: Core, ctx: Ctx) -> None:
    g.damage(ctx.target, int(ctx.params.get("amount", 1)), ctx)


@effect("damage_adjacent_enemies")
def damage_adjacent_enemies(g: Core, ctx: Ctx) -> None:
    cell = _cell(g, ctx)
    if cell < 0:
        return
    for u in _adjacent(g, cell):
        if g.ctrl[u] != ctx.controller:  # (HG-52: a neutral unit is everybody's enemy)
            g.damage(u, int(ctx.params.get("amount", 1)), ctx)


@effect("damage_all_units")
def damage_all_units(g: Core, ctx: Ctx) -> None:
    s0, s1 = g.stones
    for u in list(g.board):
        if u != s0 and u != s1:
            g.damage(u, int(ctx.params.get("amount", 1)), ctx)


def _random_hits(g: Core, ctx: Ctx, n: int) -> None:
    ctrl, hp, imm = g.ctrl, g.hp, g.t.immune
    c, kind = ctx.controller, ctx.kind
    for _ in range(n):
        # (HG-67 asked only of a unit with an Immune keyword: `immune_blocks` is False otherwise)
        pool = [
            u for u in g.board if ctrl[u] != c and hp[u] > 0 and not (imm[u] and g.immune_blocks(u, kind, c))
        ]
        if not pool:
            return
        g.damage(g.rng.choice(pool), 1, ctx)


@effect("random_damage")
def random_damage(g: Core, ctx: Ctx) -> None:
    _random_hits(g, ctx, int(ctx.params.get("amount", 1)))


@effect("random_damage_per_ally")
def random_damage_per_ally(g: Core, ctx: Ctx) -> None:
    """Ginnungagap (HG-62 ruling): 1 damage to a random enemy for each unit you control."""
    allies = 0
    if ctx.controller >= 0:
        for u in g.units[ctx.controller]:
            if g.hp[u] > 0:
                allies += 1
    _random_hits(g, ctx, allies * int(ctx.params.get("amount", 1)))


@effect("heal")
def heal(g: Core, ctx: Ctx) -> None:
    g.heal(ctx.target, int(ctx.params.get("amount", 1)), ctx)


@effect("heal_own_stone")
def heal_own_stone(g: Core, ctx: Ctx) -> None:
    g.heal(g.stones[ctx.controller], int(ctx.params.get("amount", 1)), ctx)


@effect("heal_adjacent_allies")
def heal_adjacent_allies(g: Core, ctx: Ctx) -> None:
    cell = _cell(g, ctx)
    if cell < 0:
        return
    for u in _adjacent(g, cell):
        if ctx.controller >= 0 and g.ctrl[u] == ctx.controller:
            g.heal(u, int(ctx.params.get("amount", 1)), ctx)


@effect("buff")
def buff(g: Core, ctx: Ctx) -> None:
    g.buff(
        ctx.target, int(ctx.params.get("attack", 0)), int(ctx.params.get("health", 0)), _until(g, ctx), ctx
    )


@effect("buff_adjacent_allies")
def buff_adjacent_allies(g: Core, ctx: Ctx) -> None:
    cell = _cell(g, ctx)
    if cell < 0:
        return
    for u in _adjacent(g, cell):
        if ctx.controller >= 0 and g.ctrl[u] == ctx.controller and u not in g.stones:
            g.buff(u, int(ctx.params.get("attack", 0)), int(ctx.params.get("health", 0)), _until(g, ctx), ctx)


@effect("set_attack_to_health")
def set_attack_to_health(g: Core, ctx: Ctx) -> None:
    g.set_attack_to_health(ctx.target, ctx)


@effect("give_protect")
def give_protect(g: Core, ctx: Ctx) -> None:
    g.add_modifier(ctx.target, "protect", int(ctx.params.get("amount", 1)), _until(g, ctx), ctx)


@effect("ready")
def ready(g: Core, ctx: Ctx) -> None:
    g.ready(ctx.target if ctx.target >= 0 else ctx.source, ctx)


@effect("stun")
def stun(g: Core, ctx: Ctx) -> None:
    g.stun_unit(ctx.target, ctx)


@effect("silence")
def silence(g: Core, ctx: Ctx) -> None:
    g.silence(ctx.target, ctx)


@effect("give_resurrection")
def give_resurrection(g: Core, ctx: Ctx) -> None:
    g.give_resurrection(ctx.target, ctx)


@effect("banish")
def banish(g: Core, ctx: Ctx) -> None:
    g.banish(ctx.target, ctx)


@effect("return_to_hand")
def return_to_hand(g: Core, ctx: Ctx) -> None:
    g.return_to_hand(ctx.target, ctx)


@effect("execute")
def execute(g: Core, ctx: Ctx) -> None:
    g.execute(ctx.target, ctx)


@effect("transform")
def transform(g: Core, ctx: Ctx) -> None:
    g.transform(ctx.target, str(ctx.params["into"]), ctx, neutral=bool(ctx.params.get("neutral", 0)))


@effect("petrify")
def petrify(g: Core, ctx: Ctx) -> None:
    """Medusa (HG-52, HG-66): a non-God unit her attack damaged becomes a neutral statue."""
    t = ctx.target
    if g.on_board(t) and t not in g.stones and not g.t.sub[t] & S_GOD:
        g.transform(t, str(ctx.params.get("into", "stone_statue")), ctx, neutral=True)


@effect("splash")
def splash(g: Core, ctx: Ctx) -> None:
    """Bull Demon King: indirect damage to the enemies around the attacked unit (HG-63)."""
    cell = g.place[ctx.target] if g.on_board(ctx.target) else ctx.cell
    if cell < 0:
        return
    for u in _adjacent(g, cell):
        if u != ctx.target and g.ctrl[u] != ctx.controller:
            g.damage(u, int(ctx.params.get("amount", 1)), ctx)


@effect("draw")
def draw(g: Core, ctx: Ctx) -> None:
    for _ in range(int(ctx.params.get("count", 1))):
        g.draw(ctx.controller)


@effect("spawn")
def spawn(g: Core, ctx: Ctx) -> None:
    cell = _cell(g, ctx)
    if cell >= 0:
        g.queue_spawn(str(ctx.params["into"]), ctx.controller, cell)


@effect("spawn_adjacent")
def spawn_adjacent(g: Core, ctx: Ctx) -> None:
    cell = _cell(g, ctx)
    if cell < 0:
        return
    free = [n for n in bits(AROUND[cell]) if g.free(n)]
    if free:
        g.queue_spawn(str(ctx.params["into"]), ctx.controller, free[0])


@effect("reveal_card")
def reveal_card(g: Core, ctx: Ctx) -> None:
    g.start_reveal(ctx, resolve=False)


@effect("reveal_blessing")
def reveal_blessing(g: Core, ctx: Ctx) -> None:
    g.start_reveal(ctx, resolve=True)


@effect("replace_ability")
def replace_ability(g: Core, ctx: Ctx) -> None:
    g.replace_ability(ctx.controller, str(ctx.params["ability"]))


@effect("gain_mana")
def gain_mana(g: Core, ctx: Ctx) -> None:
    g.gain_mana(ctx.controller, int(ctx.params.get("amount", 1)))
