"""The old engine's effects (`tools/hotg_reference.py`, the differential checks' reference; the
game's are `hotg/core_fx.py`).

The Python effects that card data names (`do = "..."` in `hotg/cards/*.toml`).

`EFFECTS[name](game, ctx)` carries out one ability; `AURAS[name](game, source,
ability, occupancy)` lists the units an aura affects now, each of which gets the aura's
`aura_bonus` (HG-57: auras are recomputed after every change, by the engine). Effects only call the engine's small
verbs (`damage`, `heal`, `add_modifier`, `spawn`, …), so every rule (Immune,
Protect, Stealth, neutral units…) is enforced in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from hotg_reference import HotgGame

    from hotg.cards import HotgCard


_NO_PARAMS: Mapping[str, Any] = MappingProxyType({})  # (read-only: shared by every Ctx without)


class Ctx(NamedTuple):
    """Who does what: the source card (uid, -1 for a Leader Ability), its
    controller, the chosen target (uid or -1), the ability's parameters, the
    kind of source ('spell', 'warcry', 'ability', 'afterlife', 'attack', 'effect')
    and, for effects of a unit that left the board, its last cell.

    (Immutable as a named tuple: one made for every ability, attack and return damage
    that resolves, a third of the cost of a frozen dataclass.)"""

    source: int
    controller: int
    target: int
    params: Mapping[str, Any] = _NO_PARAMS
    kind: str = "effect"
    cell: tuple[int, int] | None = None
    defn_id: str = ""


Effect = Callable[["HotgGame", Ctx], None]
# (game, source, its aura ability, the battlefield's `occupancy()`) -> the uids it affects,
# each of which gets the ability's `aura_bonus`
Aura = Callable[["HotgGame", "HotgCard", Mapping[str, Any], dict[tuple[int, int], int]], list[int]]

EFFECTS: dict[str, Effect] = {}
AURAS: dict[str, Aura] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def deco(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return deco


def aura(name: str) -> Callable[[Aura], Aura]:
    def deco(fn: Aura) -> Aura:
        AURAS[name] = fn
        return fn

    return deco


def _until(g: HotgGame, ctx: Ctx) -> str:
    until = ctx.params.get("until", "permanent")
    if until == "end_of_turn":
        return "eot"
    if until == "your_next_turn":  # (a neutral unit's: until the next turn, HG-52 ruling)
        return f"sont:{g.whose_next_turn(ctx.controller)}"
    return "permanent"


# -- damage and health --------------------------------------------------------
@effect("damage")
def damage(g: HotgGame, ctx: Ctx) -> None:
    """Deal `amount` damage to the target."""
    g.damage(ctx.target, int(ctx.params.get("amount", 1)), ctx)


@effect("damage_adjacent_enemies")
def damage_adjacent_enemies(g: HotgGame, ctx: Ctx) -> None:
    """Area: `amount` damage to every enemy unit (and stone) around the source's cell."""
    cell = ctx.cell or g.cell_of(ctx.source)
    if cell is None:
        return
    for uid in g.units_adjacent(cell):
        if g.is_enemy(uid, ctx.controller):
            g.damage(uid, int(ctx.params.get("amount", 1)), ctx, area=True)


@effect("damage_all_units")
def damage_all_units(g: HotgGame, ctx: Ctx) -> None:
    """Area: `amount` damage to every unit on the battlefield (not the stones)."""
    for uid in g.board_units(stones=False):
        g.damage(uid, int(ctx.params.get("amount", 1)), ctx, area=True)


@effect("random_damage")
def random_damage(g: HotgGame, ctx: Ctx) -> None:
    """`amount` times: 1 damage to a random enemy (unit or stone), Stealth or not."""
    _random_hits(g, ctx, int(ctx.params.get("amount", 1)))


def _random_hits(g: HotgGame, ctx: Ctx, n: int) -> None:
    for _ in range(n):
        pool = [
            u
            for u in g.board_units()
            if g.is_enemy(u, ctx.controller) and g.affectable(u, ctx) and g.alive(u)
        ]
        if not pool:
            return
        g.damage(g.rng.choice(pool), 1, ctx, area=True)


@effect("random_damage_per_ally")
def random_damage_per_ally(g: HotgGame, ctx: Ctx) -> None:
    """`amount` damage, one at a time to a random enemy, for each unit the controller has on the
    battlefield when it resolves (not the Summoning Stone: a unit only for targeting, HG-02).
    The rulebook's Chaos example (HG-62): with Surtr and Thor it deals 2."""
    allies = sum(
        1 for u in g.board_units(stones=False) if g.card(u).controller == ctx.controller and g.alive(u)
    )
    _random_hits(g, ctx, allies * int(ctx.params.get("amount", 1)))


@effect("heal")
def heal(g: HotgGame, ctx: Ctx) -> None:
    """Restore `amount` health (never above the maximum, HG-55)."""
    g.heal(ctx.target, int(ctx.params.get("amount", 1)), ctx)


@effect("heal_own_stone")
def heal_own_stone(g: HotgGame, ctx: Ctx) -> None:
    g.heal(g.stones[ctx.controller], int(ctx.params.get("amount", 1)), ctx)


@effect("heal_adjacent_allies")
def heal_adjacent_allies(g: HotgGame, ctx: Ctx) -> None:
    cell = ctx.cell or g.cell_of(ctx.source)
    if cell is None:
        return
    for uid in g.units_adjacent(cell):
        if g.is_ally(uid, ctx.controller):
            g.heal(uid, int(ctx.params.get("amount", 1)), ctx)


# -- stats --------------------------------------------------------------------
@effect("buff")
def buff(g: HotgGame, ctx: Ctx) -> None:
    """+attack/+health (health raises the maximum and heals, HG-55), maybe temporary."""
    g.buff(
        ctx.target, int(ctx.params.get("attack", 0)), int(ctx.params.get("health", 0)), _until(g, ctx), ctx
    )


@effect("buff_adjacent_allies")
def buff_adjacent_allies(g: HotgGame, ctx: Ctx) -> None:
    cell = ctx.cell or g.cell_of(ctx.source)
    if cell is None:
        return
    for uid in g.units_adjacent(cell):
        if g.is_ally(uid, ctx.controller) and uid not in g.stones:
            g.buff(
                uid, int(ctx.params.get("attack", 0)), int(ctx.params.get("health", 0)), _until(g, ctx), ctx
            )


@effect("set_attack_to_health")
def set_attack_to_health(g: HotgGame, ctx: Ctx) -> None:
    """Transfusion: the target's attack becomes its current health (auras still apply on top, HG-57)."""
    g.set_attack_to_health(ctx.target, ctx)


@effect("give_protect")
def give_protect(g: HotgGame, ctx: Ctx) -> None:
    g.add_modifier(ctx.target, "protect", int(ctx.params.get("amount", 1)), _until(g, ctx), ctx)


@effect("ready")
def ready(g: HotgGame, ctx: Ctx) -> None:
    """Charge-like: the target loses its (deploy) exhaustion."""
    g.ready(ctx.target if ctx.target >= 0 else ctx.source, ctx)


# -- statuses ---------------------------------------------------------------
@effect("stun")
def stun(g: HotgGame, ctx: Ctx) -> None:
    g.stun(ctx.target, ctx)


@effect("silence")
def silence(g: HotgGame, ctx: Ctx) -> None:
    g.silence(ctx.target, ctx)


@effect("give_resurrection")
def give_resurrection(g: HotgGame, ctx: Ctx) -> None:
    g.give_resurrection(ctx.target, ctx)


@effect("banish")
def banish(g: HotgGame, ctx: Ctx) -> None:
    g.banish(ctx.target, ctx)


@effect("return_to_hand")
def return_to_hand(g: HotgGame, ctx: Ctx) -> None:
    g.return_to_hand(ctx.target, ctx)


@effect("execute")
def execute(g: HotgGame, ctx: Ctx) -> None:
    g.execute(ctx.target, ctx)


@effect("transform")
def transform(g: HotgGame, ctx: Ctx) -> None:
    """Turn the target into `into` (a neutral unit if `neutral = 1`)."""
    g.transform(ctx.target, str(ctx.params["into"]), ctx, neutral=bool(ctx.params.get("neutral", 0)))


@effect("petrify")
def petrify(g: HotgGame, ctx: Ctx) -> None:
    """Medusa: a non-God unit her attack damaged becomes a neutral statue (HG-52, HG-66)."""
    t = ctx.target
    if g.on_board(t) and t not in g.stones and "God" not in g.card(t).subtypes:
        g.transform(t, str(ctx.params.get("into", "stone_statue")), ctx, neutral=True)


@effect("splash")
def splash(g: HotgGame, ctx: Ctx) -> None:
    """Bull Demon King: `amount` indirect damage to enemies adjacent to the attacked unit
    (hits a guarded Summoning Stone, HG-63)."""
    cell = g.cell_of(ctx.target) if g.on_board(ctx.target) else ctx.cell
    if cell is None:
        return
    for uid in g.units_adjacent(cell):
        if uid != ctx.target and g.is_enemy(uid, ctx.controller):
            g.damage(uid, int(ctx.params.get("amount", 1)), ctx, area=True)


# -- cards, spawns, leader ---------------------------------------------------
@effect("draw")
def draw(g: HotgGame, ctx: Ctx) -> None:
    for _ in range(int(ctx.params.get("count", 1))):
        g.draw(ctx.controller)


@effect("spawn")
def spawn(g: HotgGame, ctx: Ctx) -> None:
    """Unit Spawn (priority 10) of `into` at the source's (last) cell."""
    cell = ctx.cell or g.cell_of(ctx.source)
    if cell is not None:
        g.queue_spawn(str(ctx.params["into"]), ctx.controller, cell)


@effect("spawn_adjacent")
def spawn_adjacent(g: HotgGame, ctx: Ctx) -> None:
    """Spawn `into` on the first free cell around the source (row by row)."""
    cell = ctx.cell or g.cell_of(ctx.source)
    if cell is None:
        return
    free = g.free_cells_around(cell)
    if free:
        g.queue_spawn(str(ctx.params["into"]), ctx.controller, free[0])


@effect("reveal_card")
def reveal_card(g: HotgGame, ctx: Ctx) -> None:
    """Reveal: three cards generated from a list (`options`, or the collectible
    cards of `pool`/`subtype`); the pick goes to the hand (HG-60)."""
    g.start_reveal(ctx, resolve=False)


@effect("reveal_blessing")
def reveal_blessing(g: HotgGame, ctx: Ctx) -> None:
    """Reveal an effect: the picked blessing resolves at once on the source (HG-60)."""
    g.start_reveal(ctx, resolve=True)


@effect("replace_ability")
def replace_ability(g: HotgGame, ctx: Ctx) -> None:
    g.replace_ability(ctx.controller, str(ctx.params["ability"]), ctx)


@effect("gain_mana")
def gain_mana(g: HotgGame, ctx: Ctx) -> None:
    g.gain_mana(ctx.controller, int(ctx.params.get("amount", 1)))


# -- auras -----------------------------------------------------------------------
@aura("adjacent_allies")
def adjacent_allies(
    g: HotgGame, src: HotgCard, p: Mapping[str, Any], occ: dict[tuple[int, int], int]
) -> list[int]:
    """Surtr / Enyo's Banner / Spartan: allies next to the source get a bonus."""
    ally = src.controller
    if ally is None:  # a neutral unit has no allies (`is_ally`)
        return []
    cards = g.zones.cards
    stones = g.stones
    out = []  # (loops, here and below: in Python 3.11 a comprehension is a frame of its own)
    for n in g.neighbour_cells[src.cell]:  # `units_adjacent()`, without a call
        if n in occ:  # (a test, no call: most cells around are empty)
            uid = occ[n]
            if cards[uid].controller == ally and uid not in stones:
                out.append(uid)
    return out


@aura("global_enemies")
def global_enemies(
    g: HotgGame, src: HotgCard, p: Mapping[str, Any], occ: dict[tuple[int, int], int]
) -> list[int]:
    """Basilisk: every enemy unit on the battlefield is affected."""
    out = []
    for uid in g.board_units(stones=False):
        if g.is_enemy(uid, src.controller if src.controller is not None else -1):
            out.append(uid)
    return out


@aura("global_allies")
def global_allies(
    g: HotgGame, src: HotgCard, p: Mapping[str, Any], occ: dict[tuple[int, int], int]
) -> list[int]:
    """Every other allied unit (of `subtype`, if given) is affected."""
    out = []
    sub = p.get("subtype")
    for uid in g.board_units(stones=False):
        if uid != src.uid and g.is_ally(uid, src.controller) and (not sub or sub in g.card(uid).subtypes):
            out.append(uid)
    return out


@aura("cost_reduction")
def cost_reduction(
    g: HotgGame, src: HotgCard, p: Mapping[str, Any], occ: dict[tuple[int, int], int]
) -> list[int]:
    """Cards in the controller's hand (of `subtype`) cost `amount` less; read by `HotgGame.cost()`."""
    return []


def aura_bonus(p: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """(stat, bonus) of the stats an aura ability raises (worked out once per definition:
    `hotg_reference.OldFacts.aura_bonuses`)."""
    out = []
    for stat in ("attack", "health", "protect"):
        if p.get(stat):
            out.append((stat, int(p[stat])))
    return tuple(out)
