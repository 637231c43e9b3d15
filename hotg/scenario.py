"""Scenario files: start a Hand of the Gods game from any position.

The format is documented with a complete example in `docs/scenarios/hotg.md`.
Everything is validated; a problem is a `DataError` naming the scenario, the
card and the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.cards import Modifier
from common.errors import DataError
from common.goals import check_goal
from common.scenario import (
    card_ids,
    check_keys,
    flag,
    parse_scenario,
    seat,
    section,
    tables,
    text_field,
    whole,
)

from .cards import HotgCard

if TYPE_CHECKING:
    from .game import HotgGame

SECTIONS = ("state", "player", "unit", "goal")
STATE_KEYS = {"active", "turn"}
PLAYER_KEYS = {
    "leader",
    "name",
    "mana",
    "max_mana",
    "stone",
    "hand",
    "deck",
    "graveyard",
    "ability",
    "ability_used",
    "fatigue",
}
UNIT_KEYS = {
    "card",
    "owner",
    "cell",
    "health",
    "attack_bonus",
    "health_bonus",
    "protect",
    "exhausted",
    "moved",
    "attacked",
    "stunned",
    "silenced",
    "stealth_lost",
    "resurrection",
    "warcry_ready",
    "banished",
}


def apply_scenario(g: HotgGame, text: str) -> None:
    """Set up `g` (fresh zones, no players yet) from a scenario text."""
    from .game import COLS, MAX_MANA, ROWS, STONE_CELLS, STONE_HEALTH, PlayerState, parse_cell

    sc = parse_scenario(text, "hotg", SECTIONS)
    data = sc.data
    title = sc.title or "untitled"
    file = sc.file
    pool = g.pool
    seed = sc.seed
    description = sc.description

    def card_id(cid: Any, field: str, who: str | None = None) -> str:
        if not isinstance(cid, str) or cid not in pool:
            raise DataError(
                file,
                f"no such card {cid!r}",
                card=who or (cid if isinstance(cid, str) else None),
                field=field,
            )
        return cid

    state = section(data, "state", file)
    check_keys(state, STATE_KEYS, file, where="[state]")
    players = tables(data, "player", file, count=2, what="seat 1, then seat 2")
    for p, t in enumerate(players):
        who = f"player {p + 1}"
        check_keys(t, PLAYER_KEYS, file, card=who)
        leader = card_id(t.get("leader", ("zeus", "odin")[p]), "leader", who)
        if pool[leader].kind != "leader":
            raise DataError(file, f"{leader!r} is not a leader", card=who, field="leader")
        ability = card_id(t.get("ability", pool[leader].ability), "ability", who)
        if pool[ability].kind != "ability":
            raise DataError(file, f"{ability!r} is not a Leader Ability", card=who, field="ability")
        ps = PlayerState(text_field(t, "name", f"P{p + 1}", file, card=who), leader, ability)
        ps.max_mana = whole(t, "max_mana", 5, file, card=who)
        ps.mana = whole(t, "mana", ps.max_mana, file, card=who)
        if not (0 <= ps.mana <= MAX_MANA and 0 <= ps.max_mana <= MAX_MANA):
            raise DataError(file, f"mana must be between 0 and {MAX_MANA}", card=who, field="mana")
        ps.ability_used = flag(t, "ability_used", False, file, card=who)
        ps.fatigue = whole(t, "fatigue", 0, file, card=who)
        g.pl.append(ps)
        # Decks list the top card first.
        for zone, key in ((f"deck:{p}", "deck"), (f"hand:{p}", "hand"), (f"grave:{p}", "graveyard")):
            ids = card_ids(t, key, file, pool, card=who)
            if key == "hand" and len(ids) > 10:
                raise DataError(file, "a hand holds at most 10 cards", card=who, field="hand")
            for cid in ids:
                g.zones.create(pool[cid], p, zone, factory=HotgCard, position=0 if key == "deck" else None)
    for p, t in enumerate(players):
        hp = whole(t, "stone", STONE_HEALTH, file, card=f"player {p + 1}")
        if not 1 <= hp <= STONE_HEALTH:
            raise DataError(
                file, f"stone health must be 1..{STONE_HEALTH}", card=f"player {p + 1}", field="stone"
            )
        g._place_stone(p, hp)
    taken = set(STONE_CELLS)
    for i, u in enumerate(tables(data, "unit", file), 1):
        cid = card_id(u.get("card"), "card", f"unit {i}")
        who = f"{cid} (unit {i})"
        check_keys(u, UNIT_KEYS, file, card=who)
        d = pool[cid]
        if d.kind != "unit":
            raise DataError(file, f"{cid!r} is a {d.kind}, not a unit", card=who, field="card")
        owner_raw = u.get("owner", 1)
        if owner_raw == "neutral" or owner_raw == 0:
            owner = None
        elif owner_raw in (1, 2) and not isinstance(owner_raw, bool):
            owner = int(owner_raw) - 1
        else:
            raise DataError(
                file, f'owner must be 1, 2 or "neutral", got {owner_raw!r}', card=who, field="owner"
            )
        cell = parse_cell(u.get("cell"))
        if cell is None:
            raise DataError(
                file,
                f'cell must be "row,col" with row 0..{ROWS - 1} and col 0..{COLS - 1}',
                card=who,
                field="cell",
            )
        if cell in taken:
            raise DataError(file, f"cell {cell[0]},{cell[1]} is already taken", card=who, field="cell")
        taken.add(cell)
        banished = flag(u, "banished", False, file, card=who)
        c = g.zones.create(d, owner, "banished" if banished else "board", factory=HotgCard)
        assert isinstance(c, HotgCard)
        c.cell = cell  # (`parse_cell` gives the shared tuple of the cell)
        c.entered = g._tick()  # HG-13: [[unit]] order is the order they entered
        ab = whole(u, "attack_bonus", 0, file, card=who)
        hb = whole(u, "health_bonus", 0, file, card=who)
        if ab:
            c.modifiers.append(Modifier("attack", ab, "add", -1, "permanent", "buff", g._tick()))
        if hb:
            c.modifiers.append(Modifier("health", hb, "add", -1, "permanent", "buff", g._tick()))
        prot = whole(u, "protect", 0, file, card=who)
        if prot:
            c.modifiers.append(Modifier("protect", prot, "add", -1, "permanent", "buff", g._tick()))
        maxhp = d.health + hb
        c.hp = whole(u, "health", maxhp, file, card=who)
        if not 1 <= c.hp <= maxhp:
            raise DataError(file, f"health must be 1..{maxhp}", card=who, field="health")
        c.exhausted = flag(u, "exhausted", False, file, card=who)
        c.moved = flag(u, "moved", False, file, card=who)
        c.attacked = flag(u, "attacked", False, file, card=who)
        c.silenced = flag(u, "silenced", False, file, card=who)
        c.stealth_lost = flag(u, "stealth_lost", False, file, card=who)
        c.resurrection = flag(u, "resurrection", False, file, card=who)
        # HG-72/HG-73: an activated Warcry is ready unless the unit has moved, attacked or is silenced
        ready = bool(d.abilities_when("activated")) and not (c.moved or c.attacked or c.silenced)
        c.warcry_ready = flag(u, "warcry_ready", ready, file, card=who)
        if flag(u, "stunned", False, file, card=who):
            c.stunned_by = 1 - (owner if owner is not None else 0)
        if banished:
            c.banished_by = 1 - (owner if owner is not None else 0)
    g.active = seat(state, "active", 1, file) - 1
    g.turn = whole(state, "turn", 5, file)
    if seed is not None:
        from common.rng import GameRng

        g.rng = GameRng(seed)
    g.log.emit("setup", f"Scenario: {title}")
    if description:  # what the scenario asks of the player (a puzzle's goal), said under its title
        g.log.emit("setup", description)
    g.refresh_auras()
    g._check_deaths()
    g._run()
    check_goal(data.get("goal"), file, g)  # a puzzle's goal, against the position set up
