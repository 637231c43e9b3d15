"""Scenario files: start a Hand of the Gods game from any position.

The format is documented with a complete example in `docs/scenarios/hotg.md`.
Everything is validated; a problem is a `DataError` naming the scenario, the
card and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common.cards import Modifier
from common.errors import DataError
from common.goals import check_goal

from .cards import HotgCard

if TYPE_CHECKING:
    from .game import HotgGame

HEADER_KEYS = {"game", "title", "seed", "description"}
STATE_KEYS = {"active", "turn", "first_turn"}
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


def load_scenario_file(path: str | Path) -> str:
    """Read a scenario file's text (its validation happens when a game starts from it)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(str(path), f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise DataError(str(path), f"cannot read: {exc}") from None


def parse_scenario(text: str, file: str = "<scenario>") -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer too long to convert
        raise DataError(file, f"not valid TOML: {exc}") from None
    for key in data:
        if key not in ("scenario", "state", "player", "unit", "goal"):
            raise DataError(
                file, f"unknown section [{key}] (expected [scenario], [state], [[player]], [[unit]], [goal])"
            )
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise DataError(file, "missing [scenario] header", field="scenario")
    _keys(head, HEADER_KEYS, file, None)
    if head.get("game") != "hotg":
        raise DataError(file, f"this scenario is for {head.get('game')!r}, not 'hotg'", field="game")
    return data


def _keys(table: Mapping[str, Any], allowed: set[str], file: str, card: str | None) -> None:
    for key in table:
        if key not in allowed:
            raise DataError(
                file, f"unknown key (allowed: {', '.join(sorted(allowed))})", card=card, field=key
            )


def _typed(table: Mapping[str, Any], key: str, tp: type, default: Any, file: str, card: str | None) -> Any:
    if key not in table:
        return default
    v = table[key]
    if tp is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise DataError(file, f"expected a whole number, got {v!r}", card=card, field=key)
    if tp is bool and not isinstance(v, bool):
        raise DataError(file, f"expected true or false, got {v!r}", card=card, field=key)
    if tp is str and not isinstance(v, str):
        raise DataError(file, f"expected a string, got {v!r}", card=card, field=key)
    if tp is list and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
        raise DataError(file, f"expected a list of card ids, got {v!r}", card=card, field=key)
    return v


def apply_scenario(g: HotgGame, text: str) -> None:
    """Set up `g` (fresh zones, no players yet) from a scenario text."""
    from .game import COLS, MAX_MANA, ROWS, STONE_CELLS, STONE_HEALTH, PlayerState, parse_cell

    data = parse_scenario(text)
    title = str(data["scenario"].get("title", "untitled"))
    file = f"scenario '{title}'"
    pool = g.pool
    seed = data["scenario"].get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise DataError(file, "expected a whole number", field="seed")
    description = data["scenario"].get("description")
    if description is not None and not isinstance(description, str):
        raise DataError(file, "expected a text", field="description")

    def card_id(cid: Any, field: str, who: str | None = None) -> str:
        if not isinstance(cid, str) or cid not in pool:
            raise DataError(
                file,
                f"no such card {cid!r}",
                card=who or (cid if isinstance(cid, str) else None),
                field=field,
            )
        return cid

    state = data.get("state", {})
    if not isinstance(state, dict):
        raise DataError(file, "[state] must be a table", field="state")
    _keys(state, STATE_KEYS, file, None)
    players = data.get("player", [])
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
        raise DataError(file, "give exactly two [[player]] tables (seat 1, then seat 2)", field="player")
    for p, t in enumerate(players):
        who = f"player {p + 1}"
        _keys(t, PLAYER_KEYS, file, who)
        leader = card_id(t.get("leader", ("zeus", "odin")[p]), "leader", who)
        if pool[leader].kind != "leader":
            raise DataError(file, f"{leader!r} is not a leader", card=who, field="leader")
        ability = card_id(t.get("ability", pool[leader].ability), "ability", who)
        if pool[ability].kind != "ability":
            raise DataError(file, f"{ability!r} is not a Leader Ability", card=who, field="ability")
        ps = PlayerState(_typed(t, "name", str, f"P{p + 1}", file, who), leader, ability)
        ps.max_mana = _typed(t, "max_mana", int, 5, file, who)
        ps.mana = _typed(t, "mana", int, ps.max_mana, file, who)
        if not (0 <= ps.mana <= MAX_MANA and 0 <= ps.max_mana <= MAX_MANA):
            raise DataError(file, f"mana must be between 0 and {MAX_MANA}", card=who, field="mana")
        ps.ability_used = _typed(t, "ability_used", bool, False, file, who)
        ps.fatigue = _typed(t, "fatigue", int, 0, file, who)
        g.pl.append(ps)
        # Decks list the top card first.
        for zone, key in ((f"deck:{p}", "deck"), (f"hand:{p}", "hand"), (f"grave:{p}", "graveyard")):
            ids = _typed(t, key, list, [], file, who)
            if key == "hand" and len(ids) > 10:
                raise DataError(file, "a hand holds at most 10 cards", card=who, field="hand")
            for cid in ids:
                card_id(cid, key, who)
                g.zones.create(pool[cid], p, zone, factory=HotgCard, position=0 if key == "deck" else None)
    for p, t in enumerate(players):
        hp = _typed(t, "stone", int, STONE_HEALTH, file, f"player {p + 1}")
        if not 1 <= hp <= STONE_HEALTH:
            raise DataError(
                file, f"stone health must be 1..{STONE_HEALTH}", card=f"player {p + 1}", field="stone"
            )
        g._place_stone(p, hp)
    taken = set(STONE_CELLS)
    units = data.get("unit", [])
    if not isinstance(units, list):
        raise DataError(file, "units go in [[unit]] tables", field="unit")
    for i, u in enumerate(units, 1):
        if not isinstance(u, dict):
            raise DataError(file, f"unit {i} is not a table", field="unit")
        cid = card_id(u.get("card"), "card", f"unit {i}")
        who = f"{cid} (unit {i})"
        _keys(u, UNIT_KEYS, file, who)
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
        banished = _typed(u, "banished", bool, False, file, who)
        c = g.zones.create(d, owner, "banished" if banished else "board", factory=HotgCard)
        assert isinstance(c, HotgCard)
        c.cell = cell  # (`parse_cell` gives the shared tuple of the cell)
        c.entered = g._tick()  # HG-13: [[unit]] order is the order they entered
        ab = _typed(u, "attack_bonus", int, 0, file, who)
        hb = _typed(u, "health_bonus", int, 0, file, who)
        if ab:
            c.modifiers.append(Modifier("attack", ab, "add", -1, "permanent", "buff", g._tick()))
        if hb:
            c.modifiers.append(Modifier("health", hb, "add", -1, "permanent", "buff", g._tick()))
        prot = _typed(u, "protect", int, 0, file, who)
        if prot:
            c.modifiers.append(Modifier("protect", prot, "add", -1, "permanent", "buff", g._tick()))
        maxhp = d.health + hb
        c.hp = _typed(u, "health", int, maxhp, file, who)
        if not 1 <= c.hp <= maxhp:
            raise DataError(file, f"health must be 1..{maxhp}", card=who, field="health")
        c.exhausted = _typed(u, "exhausted", bool, False, file, who)
        c.moved = _typed(u, "moved", bool, False, file, who)
        c.attacked = _typed(u, "attacked", bool, False, file, who)
        c.silenced = _typed(u, "silenced", bool, False, file, who)
        c.stealth_lost = _typed(u, "stealth_lost", bool, False, file, who)
        c.resurrection = _typed(u, "resurrection", bool, False, file, who)
        # HG-72/HG-73: an activated Warcry is ready unless the unit has moved, attacked or is silenced
        ready = bool(d.abilities_when("activated")) and not (c.moved or c.attacked or c.silenced)
        c.warcry_ready = _typed(u, "warcry_ready", bool, ready, file, who)
        if _typed(u, "stunned", bool, False, file, who):
            c.stunned_by = 1 - (owner if owner is not None else 0)
        if banished:
            c.banished_by = 1 - (owner if owner is not None else 0)
    active = _typed(state, "active", int, 1, file, None)
    if active not in (1, 2):
        raise DataError(file, "active must be 1 or 2", field="active")
    g.active = active - 1
    g.turn = _typed(state, "turn", int, 5, file, None)
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
