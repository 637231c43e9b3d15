"""Scenario files: start a Hand of the Gods game from any position.

The format is documented with a complete example in `docs/scenarios/hotg.md`.
Everything is validated; a problem is a `DataError` naming the scenario, the
card and the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

from . import core as C

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
    """Set up `g` (no core yet) from a scenario text: the core's game laid out by hand
    (`Core.set_up`), the uids in the old engine's order (each player's deck, hand and
    graveyard, then the stones, then the units)."""
    from .game import COLS, MAX_MANA, ROWS, STONE_CELLS, STONE_HEALTH, parse_cell

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
    ids = ["summoning_stone"]  # (uid 0 unused)
    leaders: list[str] = []
    abilities: list[str] = []
    seats: list[dict[str, Any]] = []
    laid: list[tuple[int, int, int]] = []  # (uid, zone, player) of the players' cards, in order
    for p, t in enumerate(players):
        who = f"player {p + 1}"
        check_keys(t, PLAYER_KEYS, file, card=who)
        leader = card_id(t.get("leader", ("zeus", "odin")[p]), "leader", who)
        if pool[leader].kind != "leader":
            raise DataError(file, f"{leader!r} is not a leader", card=who, field="leader")
        ability = card_id(t.get("ability", pool[leader].ability), "ability", who)
        if pool[ability].kind != "ability":
            raise DataError(file, f"{ability!r} is not a Leader Ability", card=who, field="ability")
        name = text_field(t, "name", f"P{p + 1}", file, card=who)
        max_mana = whole(t, "max_mana", 5, file, card=who)
        mana = whole(t, "mana", max_mana, file, card=who)
        if not (0 <= mana <= MAX_MANA and 0 <= max_mana <= MAX_MANA):
            raise DataError(file, f"mana must be between 0 and {MAX_MANA}", card=who, field="mana")
        used = flag(t, "ability_used", False, file, card=who)
        fatigue = whole(t, "fatigue", 0, file, card=who)
        leaders.append(leader)
        abilities.append(ability)
        seats.append({"name": name, "max_mana": max_mana, "mana": mana, "used": used, "fatigue": fatigue})
        # Decks list the top card first.
        for zone, key in ((C.Z_DECK, "deck"), (C.Z_HAND, "hand"), (C.Z_GRAVE, "graveyard")):
            got = card_ids(t, key, file, pool, card=who)
            if key == "hand" and len(got) > 10:
                raise DataError(file, "a hand holds at most 10 cards", card=who, field="hand")
            start = len(ids)
            ids += got
            uids = list(range(start, len(ids)))
            for one in reversed(uids) if key == "deck" else uids:
                laid.append((one, zone, p))
    stone_hp = []
    for p, t in enumerate(players):
        hp = whole(t, "stone", STONE_HEALTH, file, card=f"player {p + 1}")
        if not 1 <= hp <= STONE_HEALTH:
            raise DataError(
                file, f"stone health must be 1..{STONE_HEALTH}", card=f"player {p + 1}", field="stone"
            )
        stone_hp.append(hp)
        ids.append("summoning_stone")
    units: list[tuple[int, Any, str, Any]] = []
    taken = set(STONE_CELLS)
    for i, u in enumerate(tables(data, "unit", file), 1):
        cid = card_id(u.get("card"), "card", f"unit {i}")
        who = f"{cid} (unit {i})"
        check_keys(u, UNIT_KEYS, file, card=who)
        d = pool[cid]
        if d.kind != "unit":
            raise DataError(file, f"{cid!r} is a {d.kind}, not a unit", card=who, field="card")
        units.append((len(ids), u, who, d))
        ids.append(cid)
    core = C.Core.set_up(g.setup.seed if seed is None else seed, [pool[i] for i in ids], abilities)
    g.core = core
    g.leaders = (leaders[0], leaders[1])
    g.names = (seats[0]["name"], seats[1]["name"])
    for p, seat_ in enumerate(seats):
        core.max_mana[p] = seat_["max_mana"]
        core.mana[p] = seat_["mana"]
        core.used[p] = seat_["used"]
        core.fatigue[p] = seat_["fatigue"]
    for uid, zone, p in laid:
        core.put(uid, zone, p)
    for p in (0, 1):
        core.place_stone(len(ids) - len(units) - 2 + p, p, stone_hp[p])
    for uid, u, who, d in units:
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
        other = 1 - (owner if owner is not None else 0)
        n = cell[0] * COLS + cell[1]
        core.place_unit(uid, n, -1 if owner is None else owner, other if banished else -1)  # HG-13: in order
        ab = whole(u, "attack_bonus", 0, file, card=who)
        hb = whole(u, "health_bonus", 0, file, card=who)
        if ab:
            core.give(uid, "attack", ab)
        if hb:
            core.give(uid, "health", hb)
        prot = whole(u, "protect", 0, file, card=who)
        if prot:
            core.give(uid, "protect", prot)
        maxhp = d.health + hb
        hp = whole(u, "health", maxhp, file, card=who)
        if not 1 <= hp <= maxhp:
            raise DataError(file, f"health must be 1..{maxhp}", card=who, field="health")
        core.hp[uid] = hp
        flags = 0
        for key, bit in (
            ("exhausted", C.EXHAUSTED),
            ("moved", C.MOVED),
            ("attacked", C.ATTACKED),
            ("silenced", C.SILENCED),
            ("stealth_lost", C.STEALTH_LOST),
            ("resurrection", C.RESURRECTION),
        ):
            if flag(u, key, False, file, card=who):
                flags |= bit
        # HG-72/HG-73: an activated Warcry is ready unless the unit has moved, attacked or is silenced
        ready = bool(d.abilities_when("activated")) and not flags & (C.MOVED | C.ATTACKED | C.SILENCED)
        if flag(u, "warcry_ready", ready, file, card=who):
            flags |= C.WARCRY_READY
        stunned = flag(u, "stunned", False, file, card=who)
        core.set_flags(uid, flags, other if stunned else -1)
    core.active = seat(state, "active", 1, file) - 1
    core.turn = whole(state, "turn", 5, file)
    g.log.emit("setup", f"Scenario: {title}")
    if description:  # what the scenario asks of the player (a puzzle's goal), said under its title
        g.log.emit("setup", description)
    core.settle()
    g.tell()
    check_goal(data.get("goal"), file, g)  # a puzzle's goal, against the position set up
