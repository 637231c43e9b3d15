"""Differential check of the facade: `hotg.game.HotgGame` (the game over the core) against the
old engine kept as the reference (`tools/hotg_reference.py`).

    PYTHONPATH=$PWD python tools/hotg_facade_check.py GAMES [SEED] [--decks preset|random]

At every step of seeded random games (the fingerprint's: a third of the actions through `apply`)
it compares what `common.fingerprint` hashes: the state hash (the canonical state, told by its
first difference), the decision with prompt and context, the legal actions' notations in order,
each new event's kind, text and data, and both players' views; a clone's state hash too. Exit
status 1 at the first difference.

The state hash compared is the old engine's form of the state, rebuilt here from the facade and
its core (`old_canonical`; the product hashes the core's own state since session 41, a form the
reference does not have): aura bonuses as the old engine's modifiers, the queue and a pending
decision as it wrote them, a transformed unit's aura bonuses kept on the removed card.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import hotg.game as hg
from common.cards import Modifier
from hotg import core as C
from hotg.decks import preset_decks
from hotg.game import HotgGame as Facade


def reference() -> Any:
    return importlib.import_module("hotg_reference").HotgGame


def _first_diff(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b) and not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple))):
        return f"{path}: reference {a!r} facade {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_diff(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: lengths {len(a)} / {len(b)}: reference {a!r} facade {b!r}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path}: reference {a!r} facade {b!r}"


# -- the old engine's form of the state, read from the facade and its core -------------------------
Kept = dict[int, list[Modifier]]


def track_kept(fac: Any) -> Kept:
    """The aura bonuses each unit of `fac` had as a transformation removed it (HG-66, HG-57: the
    old engine kept them on the removed card), noted as the facade makes the core's events into
    words (this game only: a clone does not note them)."""
    kept: Kept = {}
    say = fac._say

    def noting(e: tuple[Any, ...], emit: Any) -> None:
        if e[0] == "transform" and e[4]:
            kept[e[1]] = [hg._aura_mod(stat, v, src) for stat, v, src in e[4]]
        say(e, emit)

    fac._say = noting
    return kept


def _card(g: C.Core, u: int, kept: Kept) -> list[Any]:
    """Card `u` as the old engine's `HotgCard.canonical()`."""
    s = g.st[u]
    card = hg.CoreCard(g, u)
    mods = card.modifiers
    if g.zone[u] != C.Z_BOARD and u in kept:
        mods += kept[u]
    r, c = card.cell
    return [
        u,
        card.defn.id,
        card.owner,
        card.controller,
        card.zone,
        [[m.stat, m.value, m.op, m.source, m.until, m.tag, m.order] for m in mods],
        r,
        c,
        g.hp[u],
        g.entered[u],
        int(bool(s & C.EXHAUSTED)),
        int(bool(s & C.MOVED)),
        int(bool(s & C.ATTACKED)),
        g.stun[u],
        int(bool(s & C.SILENCED)),
        int(bool(s & C.STEALTH_LOST)),
        int(bool(s & C.WARCRY_READY)),
        int(bool(s & C.RESURRECTION)),
        g.banby[u],
        int(bool(s & C.DYING)),
        int(bool(s & C.EXECUTED)),
    ]


def old_canonical(fac: Any, kept: Kept) -> Any:
    """The facade's state in the old engine's `canonical()` form (`kept`: `track_kept`'s)."""
    fac._words()  # (the kept aura bonuses are noted with the words)
    g = fac.core
    queue = []
    for level, time, _seq, e in sorted(g.queue):
        k = e[0]
        if k == "ab":
            _, d, idx, source, controller, target, kind, cell = e
            r, c = hg.CELL_OF_NUMBER[cell] if cell >= 0 else hg._OFF_BOARD
            e = ("ab", d.id, idx, source, controller, target, kind, r, c)
        elif k == "resurrect":
            r, c = hg.CELL_OF_NUMBER[e[2]]
            e = ("resurrect", e[1], r, c)
        elif k == "spawn":
            r, c = hg.CELL_OF_NUMBER[e[3]]
            e = ("spawn", e[1], e[2], r, c)
        queue.append([level, time, repr(e)])
    return {
        "zones": {
            "zones": {n: list(hg._zone_list(g, n)) for n in hg._ZONE_NAMES},
            "cards": [_card(g, u, kept) for u in range(1, len(g.zone))],
            "next": len(g.zone),
        },
        "players": [
            [p.name, p.leader, p.ability, int(p.ability_used), p.mana, p.max_mana, p.fatigue] for p in fac.pl
        ],
        "stones": list(g.stones),
        "turn": g.turn,
        "active": g.active,
        "clock": g.clock,
        "queue": queue,
        "pending": fac.pending,
        "result": fac.result,
    }


def old_state_hash(fac: Any, kept: Kept) -> str:
    """`Game.state_hash` of `old_canonical`: the reference's `state_hash()` when they agree."""
    blob = json.dumps(
        [old_canonical(fac, kept), fac.rng.digest()],
        sort_keys=True,
        separators=(",", ":"),
        default=str,
        check_circular=False,
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def _events(g: Any, mark: int) -> list[Any]:
    return [(e.kind, e.text, sorted(e.data.items())) for e in g.log.since(mark)]


def _decision(g: Any) -> Any:
    d = g.decision()
    return (d.player, d.kind, d.prompt, sorted(d.context.items())) if d else None


def _canon(c: Any) -> Any:
    return json.loads(json.dumps(c, sort_keys=True, default=str))


def check_game(ref_cls: Any, seed: int, decks: list[Any] | None) -> int:
    real = ref_cls.new_game(seed=seed, decks=decks)
    fac = Facade.new_game(seed=seed, decks=decks)
    kept = track_kept(fac)
    rng = random.Random(seed)
    mark_r = mark_f = 0
    n = 0
    while True:
        where = f"seed {seed} step {n}"
        er, ef = _events(real, mark_r), _events(fac, mark_f)
        if er != ef:
            return _fail(f"{where}: events differ: {_first_diff(er, ef)}")
        if real.state_hash() != old_state_hash(fac, kept):
            cr, cf = _canon(real.canonical()), _canon(old_canonical(fac, kept))
            if cr == cf:
                return _fail(f"{where}: state hashes differ (rng?)")
            return _fail(f"{where}: states differ: {_first_diff(cr, cf)}")
        if _decision(real) != _decision(fac):
            return _fail(f"{where}: decisions differ: {_decision(real)} / {_decision(fac)}")
        lr = [a.notation() for a in real.legal_actions()]
        lf = [a.notation() for a in fac.legal_actions()]
        if lr != lf:
            return _fail(f"{where}: legal actions differ: {_first_diff(lr, lf)}")
        for p in (0, 1):
            vr = json.loads(json.dumps(real.view(p), sort_keys=True, default=str))
            vf = json.loads(json.dumps(fac.view(p), sort_keys=True, default=str))
            if vr != vf:
                return _fail(f"{where}: views of P{p + 1} differ: {_first_diff(vr, vf)}")
        if real.is_over():
            return n
        i = rng.randrange(len(lr))
        a_r, a_f = real.legal_actions()[i], fac.legal_actions()[i]
        mark_r, mark_f = len(real.log), len(fac.log)
        if n % 3 == 0:
            real.apply(a_r)
            fac.apply(a_f)
        else:
            real.apply_legal(a_r)
            fac.apply_legal(a_f)
        if n % 11 == 0 and fac.clone().state_hash() != fac.state_hash():
            return _fail(f"{where}: a clone differs from its game")
        n += 1


class Failed(Exception):
    pass


def _fail(msg: str) -> int:
    raise Failed(msg)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int)
    ap.add_argument("seed", type=int, nargs="?", default=1)
    ap.add_argument("--decks", choices=("default", "preset", "random"), default="default")
    args = ap.parse_args(argv)
    ref_cls = reference()
    presets = list(preset_decks().values())
    total = 0
    try:
        for seed in range(args.seed, args.seed + args.games):
            decks: list[Any] | None = None
            if args.decks == "preset":
                k = seed % (len(presets) ** 2)
                decks = [presets[k // len(presets)], presets[k % len(presets)]]
            elif args.decks == "random":
                from hotg_core_check import random_deck, supported_cards

                r = random.Random(seed * 7919)
                cards = supported_cards()
                decks = [random_deck(r, cards), random_deck(r, cards)]
            total += check_game(ref_cls, seed, decks)
    except Failed as e:
        print(e)
        return 1
    print(f"{args.games} games ({args.decks} decks), {total} actions: the facade and the reference agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
