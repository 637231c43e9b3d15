"""Scenario files for The Scars: any position, validated on load.

See docs/scenarios/scars.md for the format and a complete example.
"""

from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING, Any

from common.errors import DataError
from common.rng import GameRng

if TYPE_CHECKING:
    from .game import ScarsGame

SETUP_KEYS = {"active", "first", "turn", "phase"}
PLAYER_KEYS = {
    "hero",
    "lives",
    "energy",
    "tapped_energy",
    "pool",
    "supports",
    "hand",
    "deck",
    "discard",
    "out",
    "units",
    "structures",
    "weapons",
}
UNIT_KEYS = {"card", "position", "damage", "sick", "shelter", "weapons", "label"}
STRUCT_KEYS = {"card", "tapped"}


def _expect(cond: bool, file: str, msg: str, card: str | None = None, fld: str | None = None) -> None:
    if not cond:
        raise DataError(file, msg, card=card, field=fld)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_scenario(text: str) -> tuple[str, dict[str, Any]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError("<scenario>", f"not valid TOML: {exc}") from None
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise DataError("<scenario>", "missing [scenario] header", field="scenario")
    title = head.get("title", "untitled")
    file = f"scenario '{title}'"
    _expect(
        head.get("game") == "scars",
        file,
        f"this scenario is for {head.get('game')!r}, not 'scars'",
        fld="game",
    )
    for k in head:
        _expect(k in ("game", "title", "seed", "description"), file, "unknown key in [scenario]", fld=k)
    for k in data:
        _expect(
            k in ("scenario", "setup", "player"),
            file,
            "unknown section (expected [setup] and [[player]])",
            fld=k,
        )
    return file, data


def load_scenario(g: ScarsGame, text: str) -> None:
    """Build the position described by `text` into the fresh game `g`."""
    from .game import PHASES

    file, data = parse_scenario(text)
    seed = data["scenario"].get("seed")
    if seed is not None:
        _expect(_int(seed), file, "seed must be a whole number", fld="seed")
        g.rng = GameRng(seed)  # the scenario's own seed from this position on
    pool = g.pool_defs
    setup = data.get("setup", {})
    _expect(isinstance(setup, dict), file, "[setup] must be a table", fld="setup")
    for k in setup:
        _expect(
            k in SETUP_KEYS, file, f"unknown key in [setup] (known: {', '.join(sorted(SETUP_KEYS))})", fld=k
        )
    active = setup.get("active", 1)
    _expect(active in (1, 2), file, "active must be 1 or 2", fld="active")
    first = setup.get("first", active)
    _expect(first in (1, 2), file, "first must be 1 or 2", fld="first")
    turn = setup.get("turn", 3)
    _expect(_int(turn) and turn >= 1, file, "turn must be a whole number ≥ 1", fld="turn")
    phase = setup.get("phase", "recruit1")
    _expect(
        phase in PHASES and phase not in ("blockers", "damage"),
        file,
        "phase must be one of setup, draw, recruit1, attackers, recruit2, cleanup, end",
        fld="phase",
    )
    players = data.get("player")
    _expect(
        isinstance(players, list) and len(players) == 2, file, "exactly two [[player]] tables", fld="player"
    )
    presets = list(g.preset_decks().values())

    def card_id(cid: Any, fld: str) -> str:
        _expect(isinstance(cid, str), file, "expected a card id", fld=fld)
        _expect(cid in pool, file, "no such card", card=str(cid), fld=fld)
        return str(cid)

    def id_list(v: Any, fld: str) -> list[str]:
        _expect(isinstance(v, list), file, "expected a list of card ids", fld=fld)
        return [card_id(x, fld) for x in v]

    for p, pl in enumerate(players):
        _expect(isinstance(pl, dict), file, "a [[player]] must be a table", fld="player")
        for k in pl:
            _expect(
                k in PLAYER_KEYS,
                file,
                f"unknown key in player {p + 1} (known: {', '.join(sorted(PLAYER_KEYS))})",
                fld=k,
            )
        hero_id = card_id(pl.get("hero", presets[p]["header"]["hero"]), "hero")
        _expect(pool[hero_id].type == "hero", file, "not a hero", card=hero_id, fld="hero")
        g.create(hero_id, p, f"hero:{p}")
        for key, default in (
            ("lives", pool[hero_id].lives),
            ("energy", 0),
            ("tapped_energy", 0),
            ("pool", 0),
        ):
            v = pl.get(key, default)
            _expect(_int(v) and v >= 0, file, "must be a whole number ≥ 0", fld=f"player {p + 1}.{key}")
        for _ in range(pl.get("lives", pool[hero_id].lives)):
            g.create("life", p, f"lives:{p}")
        for i in range(pl.get("energy", 0) + pl.get("tapped_energy", 0)):
            e = g.create("life", p, f"energy:{p}")
            e.tapped = i >= pl.get("energy", 0)
        g.pool[p] = pl.get("pool", 0)
        sup = pl.get("supports", 0)
        if _int(sup):
            _expect(sup >= 0, file, "must be ≥ 0", fld=f"player {p + 1}.supports")
            sup_ids = ["life"] * sup
        else:
            sup_ids = id_list(sup, f"player {p + 1}.supports")
        for cid in sup_ids:
            g.create(cid, p, f"supports:{p}").face_down = True
        for zone in ("hand", "discard", "out"):
            for cid in id_list(pl.get(zone, []), f"player {p + 1}.{zone}"):
                g.create(cid, p, f"{zone}:{p}")
        if "deck" in pl:
            # listed top first
            for cid in reversed(id_list(pl["deck"], f"player {p + 1}.deck")):
                g.create(cid, p, f"deck:{p}")
        else:
            deck = g.deck_from_content(presets[p])
            for cid in deck.expanded():
                g.create(cid, p, f"deck:{p}")
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        units = pl.get("units", [])
        _expect(
            isinstance(units, list),
            file,
            "units must be [[player.units]] tables",
            fld=f"player {p + 1}.units",
        )
        made: list[Any] = []
        for u in units:
            _expect(isinstance(u, dict), file, "a unit must be a table", fld=f"player {p + 1}.units")
            for k in u:
                _expect(
                    k in UNIT_KEYS,
                    file,
                    f"unknown unit key (known: {', '.join(sorted(UNIT_KEYS))})",
                    card=u.get("card"),
                    fld=k,
                )
            cid = card_id(u.get("card"), "card")
            _expect(pool[cid].type == "unit", file, "not a unit", card=cid, fld="card")
            c = g.create(cid, p, f"units:{p}")
            pos = u.get("position", "defense")
            _expect(
                pos in ("attack", "defense"),
                file,
                "position must be 'attack' or 'defense'",
                card=cid,
                fld="position",
            )
            c.position = pos
            dmg = u.get("damage", 0)
            _expect(_int(dmg) and dmg >= 0, file, "damage must be a whole number ≥ 0", card=cid, fld="damage")
            c.damage = dmg
            sick = u.get("sick", False)
            _expect(isinstance(sick, bool), file, "sick must be true or false", card=cid, fld="sick")
            c.since_start = not sick
            for wid in id_list(u.get("weapons", []), "weapons"):
                _expect(pool[wid].type == "weapon", file, "not a weapon", card=wid, fld="weapons")
                w = g.create(wid, p, f"weapons:{p}")
                w.attached = c.uid
            made.append((c, u))
        for c, u in made:
            if "shelter" in u:
                s = u["shelter"]
                _expect(
                    _int(s) and 1 <= s <= len(made) and made[s - 1][0] is not c,
                    file,
                    "shelter must be the number (1-based) of another unit of the same player",
                    card=c.defn.id,
                    fld="shelter",
                )
                t = made[s - 1][0]
                _expect(
                    t.position == "attack",
                    file,
                    "only a unit in attack position can be sheltered",
                    card=c.defn.id,
                    fld="shelter",
                )
                _expect(
                    c.position == "defense",
                    file,
                    "a sheltering unit is in defense position",
                    card=c.defn.id,
                    fld="shelter",
                )
                c.shelter = t.uid
        for s in pl.get("structures", []):
            _expect(
                isinstance(s, dict), file, "a structure must be a table", fld=f"player {p + 1}.structures"
            )
            for k in s:
                _expect(
                    k in STRUCT_KEYS, file, "unknown structure key (card, tapped)", card=s.get("card"), fld=k
                )
            cid = card_id(s.get("card"), "card")
            _expect(pool[cid].type == "structure", file, "not a structure", card=cid, fld="card")
            c = g.create(cid, p, f"structures:{p}")
            c.tapped = bool(s.get("tapped", False))
            c.since_start = True
        for wid in id_list(pl.get("weapons", []), f"player {p + 1}.weapons"):
            _expect(pool[wid].type == "weapon", file, "not a weapon", card=wid, fld="weapons")
            g.create(wid, p, f"weapons:{p}")
    g.first = first - 1
    g.active = active - 1
    g.stack.active = g.active
    g.stack.priority = g.active
    g.turn = turn
    g.phase = phase
    g.step = "main"
    g.log.emit("scenario", f"Scenario: {file[10:-1]} — turn {turn}, P{active}, {phase}")
