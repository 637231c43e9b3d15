"""Differential check of the facade: `hotg.game.HotgGame` (the game over the core) against the
old engine kept as the reference (`tools/hotg_reference.py`).

    PYTHONPATH=$PWD python tools/hotg_facade_check.py GAMES [SEED] [--decks preset|random]

At every step of seeded random games (the fingerprint's: a third of the actions through `apply`)
it compares what `common.fingerprint` hashes: the state hash (the canonical state, told by its
first difference), the decision with prompt and context, the legal actions' notations in order,
each new event's kind, text and data, and both players' views; a clone's state hash too. Exit
status 1 at the first difference.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

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


def _events(g: Any, mark: int) -> list[Any]:
    return [(e.kind, e.text, sorted(e.data.items())) for e in g.log.since(mark)]


def _decision(g: Any) -> Any:
    d = g.decision()
    return (d.player, d.kind, d.prompt, sorted(d.context.items())) if d else None


def _canon(g: Any) -> Any:
    return json.loads(json.dumps(g.canonical(), sort_keys=True, default=str))


def check_game(ref_cls: Any, seed: int, decks: list[Any] | None) -> int:
    real = ref_cls.new_game(seed=seed, decks=decks)
    fac = Facade.new_game(seed=seed, decks=decks)
    rng = random.Random(seed)
    mark_r = mark_f = 0
    n = 0
    while True:
        where = f"seed {seed} step {n}"
        er, ef = _events(real, mark_r), _events(fac, mark_f)
        if er != ef:
            return _fail(f"{where}: events differ: {_first_diff(er, ef)}")
        if real.state_hash() != fac.state_hash():
            cr, cf = _canon(real), _canon(fac)
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
