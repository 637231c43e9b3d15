"""Scenario files for The Scars: any position, validated on load.

Positions may start mid-combat (units `attacking` / `blocking`, phase 3B or 3C)
and with cards or abilities waiting in the resolution zone (`[[stack]]`).

See docs/scenarios/scars.md for the format and a complete example.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from common.errors import DataError
from common.goals import check_goal
from common.rng import GameRng
from common.scenario import (
    card_ids,
    check_keys,
    choice,
    flag,
    is_whole,
    parse_scenario,
    seat,
    section,
    tables,
    text_field,
    whole,
)

if TYPE_CHECKING:
    from .game import ScarsGame

# lives, energy and supports are made of cards: a bigger count is a typo, not a position
MAX_COUNT = 999
SECTIONS = ("setup", "player", "stack", "goal")
SETUP_KEYS = {"active", "first", "turn", "phase", "step", "priority"}
STACK_KEYS = {"seat", "card", "ability", "target", "mode"}
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
UNIT_KEYS = {"card", "position", "damage", "sick", "shelter", "weapons", "label", "attacking", "blocking"}
STRUCT_KEYS = {"card", "tapped"}


def _expect(cond: bool, file: str, msg: str, card: str | None = None, fld: str | None = None) -> None:
    if not cond:
        raise DataError(file, msg, card=card, field=fld)


def _named(table: dict[str, Any]) -> str | None:
    """The card a unit's or structure's table names, when it is a text (for its errors)."""
    cid = table.get("card")
    return cid if isinstance(cid, str) else None


def load_scenario(g: ScarsGame, text: str) -> None:
    """Build the position described by `text` into the fresh game `g`."""
    from .game import PHASES

    sc = parse_scenario(text, "scars", SECTIONS)
    file, data = sc.file, sc.data
    if sc.seed is not None:
        g.rng = GameRng(sc.seed)  # the scenario's own seed from this position on
    pool = g.pool_defs
    setup = section(data, "setup", file)
    check_keys(setup, SETUP_KEYS, file, where="[setup]")
    active = seat(setup, "active", 1, file)
    first = seat(setup, "first", active, file)
    turn = whole(setup, "turn", 3, file, lo=1)
    phase = choice(setup, "phase", "recruit1", PHASES, file)
    step = choice(setup, "step", "main", ("main", "window"), file)
    _expect(
        not (step == "window" and phase == "damage"),
        file,
        "3C Damage has no window (SC-55)",
        fld="step",
    )
    players = tables(data, "player", file, count=2, what="P1, then P2")
    presets = list(g.preset_decks().values())
    table: list[dict[str, list[Any]]] = [{"unit": [], "structure": []}, {"unit": [], "structure": []}]

    def card_id(cid: Any, fld: str) -> str:
        _expect(isinstance(cid, str), file, "expected a card id", fld=fld)
        _expect(cid in pool, file, "no such card", card=str(cid), fld=fld)
        return str(cid)

    def count(pl: dict[str, Any], p: int, key: str, default: int) -> int:
        """A count of cards of player `p`'s table `pl` (lives, energy…)."""
        return whole(pl, key, default, file, field=f"player {p + 1}.{key}", lo=0, hi=MAX_COUNT)

    def ids(pl: dict[str, Any], p: int, key: str) -> list[str]:
        """A list of card ids of player `p`'s table `pl` (hand, deck…)."""
        return card_ids(pl, key, file, pool, field=f"player {p + 1}.{key}")

    for p, pl in enumerate(players):
        check_keys(pl, PLAYER_KEYS, file, where=f"player {p + 1}")
        hero_id = card_id(pl.get("hero", presets[p]["header"]["hero"]), "hero")
        _expect(pool[hero_id].type == "hero", file, "not a hero", card=hero_id, fld="hero")
        g.create(hero_id, p, f"hero:{p}")
        lives = count(pl, p, "lives", pool[hero_id].lives)
        energy = count(pl, p, "energy", 0)
        tapped = count(pl, p, "tapped_energy", 0)
        g.pool[p] = count(pl, p, "pool", 0)
        for _ in range(lives):
            g.create("life", p, f"lives:{p}")
        for i in range(energy + tapped):
            e = g.create("life", p, f"energy:{p}")
            e.tapped = i >= energy
        sup_ids = (
            ["life"] * count(pl, p, "supports", 0)
            if is_whole(pl.get("supports", 0))
            else ids(pl, p, "supports")
        )
        for cid in sup_ids:
            g.create(cid, p, f"supports:{p}").face_down = True
        for zone in ("hand", "discard", "out"):
            for cid in ids(pl, p, zone):
                g.create(cid, p, f"{zone}:{p}")
        if "deck" in pl:
            # listed top first
            for cid in reversed(ids(pl, p, "deck")):
                g.create(cid, p, f"deck:{p}")
        else:
            deck = g.deck_from_content(presets[p])
            for cid in deck.expanded():
                g.create(cid, p, f"deck:{p}")
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        made: list[Any] = []
        for u in tables(pl, "units", file, field=f"player {p + 1}.units"):
            check_keys(u, UNIT_KEYS, file, card=_named(u), where="a unit")
            cid = card_id(u.get("card"), "card")
            _expect(pool[cid].type == "unit", file, "not a unit", card=cid, fld="card")
            c = g.create(cid, p, f"units:{p}")
            c.position = choice(u, "position", "defense", ("attack", "defense"), file, card=cid)
            c.damage = whole(u, "damage", 0, file, card=cid, lo=0)
            c.since_start = not flag(u, "sick", False, file, card=cid)
            text_field(u, "label", "", file, card=cid)  # a note for the file's reader only
            for wid in card_ids(u, "weapons", file, pool):
                _expect(pool[wid].type == "weapon", file, "not a weapon", card=wid, fld="weapons")
                w = g.create(wid, p, f"weapons:{p}")
                w.attached = c.uid
            made.append((c, u))
            table[p]["unit"].append((c, u))
        for c, u in made:
            if "shelter" in u:
                s = u["shelter"]
                _expect(
                    is_whole(s) and 1 <= s <= len(made) and made[s - 1][0] is not c,
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
        for s in tables(pl, "structures", file, field=f"player {p + 1}.structures"):
            check_keys(s, STRUCT_KEYS, file, card=_named(s), where="a structure")
            cid = card_id(s.get("card"), "card")
            _expect(pool[cid].type == "structure", file, "not a structure", card=cid, fld="card")
            c = g.create(cid, p, f"structures:{p}")
            c.tapped = flag(s, "tapped", False, file, card=cid)
            c.since_start = True
            table[p]["structure"].append((c, s))
        for wid in ids(pl, p, "weapons"):
            _expect(pool[wid].type == "weapon", file, "not a weapon", card=wid, fld="weapons")
            g.create(wid, p, f"weapons:{p}")
    g.first = first - 1
    g.active = active - 1
    g.stack.active = g.active
    g.stack.priority = g.active
    g.turn = turn
    g.phase = phase
    g.step = step
    g.window_seat = g.active if phase == "blockers" else 1 - g.active
    _load_combat(g, file, table, phase)
    _load_stack(g, file, tables(data, "stack", file), table)
    if setup.get("priority") is not None:
        prio = seat(setup, "priority", 1, file)
        _expect(bool(g.stack), file, "priority is only for a non-empty [[stack]]", fld="priority")
        g.stack.priority = prio - 1
    g.log.emit("scenario", f"Scenario: {sc.title or 'untitled'} — turn {turn}, P{active}, {phase}")
    check_goal(data.get("goal"), file, g)  # a puzzle's goal, against the position set up


_REF = re.compile(r"^p([12]) (hero|unit|structure)(?: (\d+))?$|^stack (\d+)$")


def _ref(
    g: ScarsGame, file: str, text: Any, fld: str, table: list[dict[str, list[Any]]], stack: list[int]
) -> int:
    """'p2 hero', 'p1 unit 2', 'p2 structure 1' or 'stack 1' (1-based) → a card uid."""
    m = _REF.match(text) if isinstance(text, str) else None
    _expect(
        m is not None,
        file,
        f"bad reference {text!r} (use 'p1 hero', 'p2 unit 1', 'p1 structure 1' or 'stack 1')",
        fld=fld,
    )
    assert m is not None
    if m.group(4):
        i = int(m.group(4))
        _expect(1 <= i <= len(stack), file, f"{text!r}: there is no such earlier [[stack]] entry", fld=fld)
        return stack[i - 1]
    p = int(m.group(1)) - 1
    if m.group(2) == "hero":
        _expect(m.group(3) is None, file, f"{text!r}: a hero takes no number", fld=fld)
        return g.hero_uid(p)
    items = table[p][m.group(2)]
    i = int(m.group(3) or 0)
    _expect(1 <= i <= len(items), file, f"{text!r}: player {p + 1} has no such {m.group(2)}", fld=fld)
    return int(items[i - 1][0].uid)


def _load_combat(g: ScarsGame, file: str, table: list[dict[str, list[Any]]], phase: str) -> None:
    """`attacking` on the active player's units, `blocking` on the defender's (SC-53, SC-54)."""
    att, dfd = g.active, 1 - g.active
    for p in (0, 1):
        for c, u in table[p]["unit"]:
            cid = c.defn.id
            if "attacking" in u:
                _expect(p == att, file, "only the active player's units attack", card=cid, fld="attacking")
                v = u["attacking"]
                if v == "hero":
                    t = g.hero_uid(dfd)
                else:
                    _expect(
                        is_whole(v) and 1 <= v <= len(table[dfd]["unit"]),
                        file,
                        "attacking must be 'hero' or the number (1-based) of an enemy unit",
                        card=cid,
                        fld="attacking",
                    )
                    tc = table[dfd]["unit"][v - 1][0]
                    _expect(
                        tc.position == "attack",
                        file,
                        "only a unit in attack position can be attacked (SC-60)",
                        card=cid,
                        fld="attacking",
                    )
                    t = tc.uid
                _expect(
                    c.position == "attack" or g.has_kw(c, "Alert"),
                    file,
                    "an attacker is in attack position (or has Alert)",
                    card=cid,
                    fld="attacking",
                )
                g.attackers[c.uid] = t
    for c, u in table[dfd]["unit"]:
        if "blocking" not in u:
            continue
        cid = c.defn.id
        v = u["blocking"]
        _expect(
            is_whole(v)
            and 1 <= v <= len(table[att]["unit"])
            and table[att]["unit"][v - 1][0].uid in g.attackers,
            file,
            "blocking must be the number (1-based) of an attacking enemy unit",
            card=cid,
            fld="blocking",
        )
        _expect(
            c.position == "defense",
            file,
            "only a defense-position unit blocks (SC-54)",
            card=cid,
            fld="blocking",
        )
        a = table[att]["unit"][v - 1][0].uid
        g.blocks[c.uid] = a
        if a not in g.was_blocked:
            g.was_blocked.append(a)
    for c, u in table[att]["unit"]:
        _expect("blocking" not in u, file, "only the defender's units block", card=c.defn.id, fld="blocking")
    if phase in ("blockers", "damage"):
        _expect(bool(g.attackers), file, f"phase {phase!r} needs attacking units", fld="phase")
    else:
        _expect(
            not g.attackers or phase == "attackers",
            file,
            "attacking units only in the attackers, blockers or damage phase",
            fld="attacking",
        )
        _expect(not g.blocks, file, "blocking units only in the blockers or damage phase", fld="blocking")
    if g.blocks and (phase == "damage" or g.step == "window"):
        g._apply_cover()  # SC-88: blocks already declared


def _load_stack(g: ScarsGame, file: str, entries: Any, table: list[dict[str, list[Any]]]) -> None:
    """[[stack]] entries, bottom first: cards already played (and paid) or abilities (SC-31)."""
    _expect(
        not entries or g.phase != "damage", file, "nothing can be played in 3C Damage (SC-55)", fld="stack"
    )
    uids: list[int] = []
    for n, e in enumerate(entries, start=1):
        fld = f"stack {n}"
        check_keys(e, STACK_KEYS, file, where=fld)
        _expect("seat" in e, file, "missing: the seat (1 or 2) that played it", fld=f"{fld}.seat")
        p = seat(e, "seat", 1, file, field=f"{fld}.seat") - 1
        _expect(("card" in e) != ("ability" in e), file, "give either card or ability", fld=fld)
        tgt = _ref(g, file, e["target"], f"{fld}.target", table, uids) if "target" in e else 0
        mode = e.get("mode", "")
        if "card" in e:
            cid = e["card"]
            _expect(
                isinstance(cid, str) and cid in g.pool_defs,
                file,
                "no such card",
                card=str(cid),
                fld=f"{fld}.card",
            )
            d = g.pool_defs[cid]
            _expect(
                d.type in ("unit", "structure", "weapon", "prayer"),
                file,
                "not a playable card",
                card=cid,
                fld=f"{fld}.card",
            )
            if d.type == "unit":
                _expect(
                    mode in ("attack", "defense", "shelter"),
                    file,
                    "a unit needs mode 'attack', 'defense' or 'shelter'",
                    card=cid,
                    fld=f"{fld}.mode",
                )
                _expect(
                    (mode == "shelter") == bool(tgt),
                    file,
                    "shelter needs a target unit",
                    card=cid,
                    fld=f"{fld}.mode",
                )
            else:
                _expect(not mode, file, "only units take a mode", card=cid, fld=f"{fld}.mode")
            needs = d.type == "weapon" or bool(d.type == "prayer" and d.effect.get("target"))
            if d.type != "unit":
                _expect(needs == bool(tgt), file, "target given or missing", card=cid, fld=f"{fld}.target")
            c = g.create(cid, p, "resolution")
            g.stack.push(("card", c.uid, tgt, mode, 0), p)
            uids.append(c.uid)
        else:
            src = _ref(g, file, e["ability"], f"{fld}.ability", [table[0], table[1]], uids)
            sc = g.card(src)
            _expect(
                bool(sc.defn.ability) and sc.defn.type in ("unit", "structure", "hero") and sc.owner == p,
                file,
                "the source must be a card of that seat with an activated ability",
                card=sc.defn.id,
                fld=f"{fld}.ability",
            )
            _expect(
                bool(sc.defn.ability.get("target")) == bool(tgt),
                file,
                "target given or missing",
                card=sc.defn.id,
                fld=f"{fld}.target",
            )
            kind = "hero" if sc.defn.type == "hero" else "ability"
            g.stack.push((kind, src, tgt, "", 0), p)
            uids.append(src)
