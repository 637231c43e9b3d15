"""Differential check: the new core (`hotg/core.py`) against the old engine (`tools/hotg_reference.py`).

    PYTHONPATH=$PWD python tools/hotg_core_check.py GAMES [SEED] [--decks preset|random]

Both engines start on the same decks and seed. At every step the check compares the
**ordered** legal actions (the core's in the real engine's notation), the decision (player and
kind) and the states: every card's zone (in each zone's order: decks, hands, graveyards, the
battlefield in board order, banished, holding, removed, reveal), its owner and controller, and
on the battlefield (or banished) its cell, health, attack, maximum health, movement, range and
Protect (modifiers and auras included), its flags and statuses (exhausted, moved, attacked,
Stealth lost, silenced, Warcry ready, Resurrection, dying, executed, stunned by, banished by,
entered, in Stealth, with Guard); the players' mana, maximum mana, fatigue, Leader Ability and
its use; the turn, the player, the clock and the result. It then applies the same action to
both and compares the new events' kinds, in order, and the order of deaths, damage and
triggers (their cards). Exit status 1 at the first disagreement, naming seed, step and what
differs.

`--decks random` (the default): each seed draws two random valid decks (HG-03) from the
cards the core supports (`hotg.core.supported`) and a random leader each; `--decks preset`:
the preset decks, every ordered pairing by seed (all their cards must be supported).

Policies by seed: uniform; every third seed ends the turn one time in four (hands fill up);
every third + 2 takes an attack, a spell, a Warcry or the Leader Ability half of the time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hotg_reference import CELL_NUMBER, HotgGame  # (the old engine, `tools/hotg_reference.py`)

from common.game import Action
from hotg import core as C
from hotg.cards import card_pool, collectible
from hotg.decks import preset_decks

_REAL_ZONE = {
    "deck": C.Z_DECK,
    "hand": C.Z_HAND,
    "board": C.Z_BOARD,
    "grave": C.Z_GRAVE,
    "holding": C.Z_HOLD,
    "banished": C.Z_BAN,
    "removed": C.Z_REMOVED,
    "reveal": C.Z_REVEAL,
}
# the events whose card (and amount) the check compares besides their kind: (kind -> data key)
_KEYED = {
    "death": "target",
    "damage": "target",
    "afterlife": "source",
    "reincarnate": "source",
    "resurrect": "target",
    "spawn": "target",
    "transform": "target",
    "stun": "target",
    "buff": "target",
    "heal": "target",
    "warcry": "source",  # (or "target": an activated Warcry's activation names its unit so)
}


def real_state(g: HotgGame) -> dict[str, Any]:
    z = g.zones.zones
    cards = g.zones.cards
    out: dict[str, Any] = {}
    for name in (
        "board",
        "banished",
        "holding",
        "removed",
        *(f"{k}:{p}" for k in ("deck", "hand", "grave", "reveal") for p in (0, 1)),
    ):
        out["zone " + name] = list(z[name].cards)
    units = {}
    for uid, c in cards.items():
        zone = c.zone.split(":")[0]
        row: tuple[Any, ...] = (
            uid,
            _REAL_ZONE[zone],
            -1 if c.owner is None else c.owner,
            -1 if c.controller is None else c.controller,
        )
        if zone in ("board", "banished"):
            row += (
                CELL_NUMBER[c.cell],
                c.hp,
                g.attack_of(uid),
                25 if uid in g.stones else g.max_health(uid),
                g.move_of(uid),
                g.range_of(uid),
                g.protect(uid),
                c.exhausted,
                c.moved,
                c.attacked,
                c.stealth_lost,
                c.silenced,
                c.warcry_ready,
                c.resurrection,
                c.dying,
                c.executed,
                c.stunned_by,
                c.banished_by,
                c.entered,
                g.stealthed(uid),
                g.has_guard(uid),
            )
        units[uid] = row
    out["cards"] = units
    out["players"] = [(pl.mana, pl.max_mana, pl.fatigue, pl.ability, pl.ability_used) for pl in g.pl]
    out["turn"] = (g.turn, g.active, g.clock, -2 if g.result is None else g.result)
    return out


def core_state(g: C.Core) -> dict[str, Any]:
    out: dict[str, Any] = {}
    out["zone board"] = list(g.board)
    out["zone banished"] = list(g.banished)
    out["zone holding"] = list(g.holding)
    out["zone removed"] = list(g.removed)
    for k, lists in (("deck", g.deck), ("hand", g.hand), ("grave", g.grave), ("reveal", g.reveal)):
        for p in (0, 1):
            out[f"zone {k}:{p}"] = list(lists[p])
    units = {}
    for uid in range(1, len(g.zone)):
        zone = g.zone[uid]
        row: tuple[Any, ...] = (uid, zone, g.owner[uid], g.ctrl[uid])
        if zone in (C.Z_BOARD, C.Z_BAN):
            s = g.st[uid]
            row += (
                g.place[uid],
                g.hp[uid],
                g.attack_of(uid),
                25 if uid in g.stones else g.max_health(uid),
                g.move_of(uid),
                g.range_of(uid),
                g.protect(uid),
                bool(s & C.EXHAUSTED),
                bool(s & C.MOVED),
                bool(s & C.ATTACKED),
                bool(s & C.STEALTH_LOST),
                bool(s & C.SILENCED),
                bool(s & C.WARCRY_READY),
                bool(s & C.RESURRECTION),
                bool(s & C.DYING),
                bool(s & C.EXECUTED),
                g.stun[uid],
                g.banby[uid],
                g.entered[uid],
                g.stealthed(uid),
                g.has_guard(uid),
            )
        units[uid] = row
    out["cards"] = units
    out["players"] = [(g.mana[p], g.max_mana[p], g.fatigue[p], g.ability[p], g.used[p]) for p in (0, 1)]
    out["turn"] = (g.turn, g.active, g.clock, g.result)
    return out


def _diff(a: dict[str, Any], b: dict[str, Any]) -> str:
    parts = []
    for k in a:
        if a[k] != b.get(k):
            if k == "cards":
                for u in sorted(set(a[k]) | set(b[k])):
                    if a[k].get(u) != b[k].get(u):
                        parts.append(f"card {u}: real {a[k].get(u)} core {b[k].get(u)}")
            else:
                parts.append(f"{k}: real {a[k]} core {b.get(k)}")
    return "; ".join(parts[:6])


def real_events(events: list[Any]) -> list[tuple[Any, ...]]:
    out = []
    for e in events:
        key = _KEYED.get(e.kind)
        out.append((e.kind, e.data.get(key, e.data.get("target"))) if key else (e.kind,))
    return out


def core_events(g: C.Core, events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for e in events:
        k = e[0]
        if k not in _KEYED:
            out.append((k,))
        elif k == "damage" or k == "transform":
            out.append((k, e[2]))
        else:
            out.append((k, e[1]))
    return out


def supported_cards() -> list[str]:
    """The collectible cards (HG-03: what a deck may hold) the core supports."""
    pool = card_pool()
    return sorted(d.id for d in collectible(pool) if C.supported(d))


def random_deck(rng: random.Random, cards: list[str]) -> dict[str, Any]:
    leader = rng.choice(["zeus", "odin", "ra"])
    chosen: dict[str, int] = {}
    while sum(chosen.values()) < 25:
        cid = rng.choice(cards)
        if chosen.get(cid, 0) < 2:
            chosen[cid] = chosen.get(cid, 0) + 1
    return {"name": "random", "header": {"leader": leader}, "cards": chosen}


class Disagreement(Exception):
    pass


def check_game(seed: int, decks: list[Any], seen: Counter[str]) -> int:
    real = HotgGame.new_game(seed=seed, decks=decks)
    core = C.Core.new(seed, decks)
    rng = random.Random(seed)
    passive = seed % 3 == 0
    aggressive = seed % 3 == 2
    steps = 0
    core_mark = 0
    while True:
        a_real, b_core = real_state(real), core_state(core)
        if a_real != b_core:
            raise Disagreement(f"seed {seed} step {steps}: states differ: {_diff(a_real, b_core)}")
        d = real.decision()
        cd = core.decision()
        if (None if d is None else (d.player, d.kind)) != cd:
            raise Disagreement(f"seed {seed} step {steps}: decisions differ: real {d} core {cd}")
        if real.is_over():
            seen[
                "games won by P1"
                if real.result == 0
                else "games won by P2"
                if real.result == 1
                else "games drawn"
            ] += 1
            return steps
        legal = real.legal_actions()
        core_legal = core.legal_actions()
        names = [a.notation() for a in legal]
        core_names = [C.notation(a) for a in core_legal]
        if names != core_names:
            if sorted(names) == sorted(core_names):
                raise Disagreement(
                    f"seed {seed} step {steps}: legal actions in another order: real {names} core {core_names}"
                )
            raise Disagreement(
                f"seed {seed} step {steps}: legal actions differ: real only {sorted(set(names) - set(core_names))}, "
                f"core only {sorted(set(core_names) - set(names))} (lengths {len(names)}, {len(core_names)})"
            )
        hits = (
            [
                i
                for i, x in enumerate(legal)
                if x.kind in ("attack", "ability", "warcry")
                or (x.kind == "play" and (len(x.args) < 2 or isinstance(x.args[1], int)))
            ]
            if aggressive
            else []
        )
        if passive and rng.random() < 0.25:
            i = len(legal) - 1
        elif hits and rng.random() < 0.5:
            i = rng.choice(hits)
        else:
            i = rng.randrange(len(legal))
        a: Action = legal[i]
        seen[a.kind] += 1
        mark = real.log.mark()
        core_mark = len(core.log)
        real.apply_legal(a)
        core.apply(core_legal[i])
        ev_real = real_events(real.log.since(mark))
        ev_core = core_events(core, core.log[core_mark:])
        if ev_real != ev_core:
            raise Disagreement(
                f"seed {seed} step {steps} ({a.notation()}): events differ: real {ev_real} core {ev_core}"
            )
        for e in ev_real:
            seen["event " + e[0]] += 1
        steps += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int)
    ap.add_argument("seed", type=int, nargs="?", default=1)
    ap.add_argument("--decks", choices=("preset", "random"), default="random")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    cards = supported_cards()
    presets = list(preset_decks().values())
    seen: Counter[str] = Counter()
    t0 = time.process_time()
    total = 0
    try:
        for seed in range(args.seed, args.seed + args.games):
            if args.decks == "random":
                r = random.Random(seed * 7919)
                decks = [random_deck(r, cards), random_deck(r, cards)]
            else:
                k = seed % (len(presets) ** 2)
                decks = [presets[k // len(presets)], presets[k % len(presets)]]
            total += check_game(seed, decks, seen)
    except Disagreement as e:
        print(e)
        return 1
    dt = time.process_time() - t0
    print(
        f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}, {args.decks} decks of "
        f"{len(cards)} supported cards), {total} actions: the same legal actions in order, decisions, "
        f"states and events at every step ({dt:.1f} s CPU)"
    )
    if not args.quiet:
        print("met: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
