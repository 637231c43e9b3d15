"""Differential check: the prototype (`core.py`) against the real engine (`hotg/game.py`).

For each seed both start on the prototype's deck (`plain_deck.toml`, both seats, Zeus) with
the same seed; at every step the SETS of legal actions are compared (the real engine's
actions mapped to the prototype's tuples), one action is picked at random from the real
engine's list and applied to both, and the states are compared: every unit on the
battlefield (uid, controller, cell, health, exhausted, moved, attacked, Stealth lost), the
stones' health, each player's hand (its uids), deck (its uids in order), graveyard size,
mana, maximum mana, fatigue, Leader Ability used, the turn, whose turn, the winner.

    PYTHONPATH=$PWD python tools/hotgcore/diff_check.py [GAMES] [FIRST_SEED] [fx]

`fx`: both seats on `fx_deck.toml` instead (the plain deck with the effect family the
prototype plays: adjacent auras +1/+0, HG-57, and Draugr's Afterlife, HG-12..14, HG-71); the
units' attack (with the auras) is compared too, on either deck.

Exit status 1 at the first disagreement (printed with the seed, step and action).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from core import ABILITY, ATTACK, DECK, END_ACTION, FX_DECK, HAND_LIMIT, MOVE, PLAY, Core, Defs, load_deck

from common.game import Action
from hotg.decks import load_deck_file
from hotg.game import CELL_NUMBER, HotgGame, parse_cell


def to_core(a: Action) -> tuple[int, int, int]:
    """The real engine's action in the prototype's notation."""
    k, args = a.kind, a.args
    if k == "end":
        return END_ACTION
    if k in ("play", "move"):
        cell = parse_cell(args[1])
        assert cell is not None, a
        return (PLAY if k == "play" else MOVE, int(args[0]), CELL_NUMBER[cell])
    if k == "attack":
        return (ATTACK, int(args[0]), int(args[1]))
    if k == "ability":
        return (ABILITY, int(args[0]), 0)
    raise AssertionError(f"an action the prototype does not play: {a}")


def real_state(g: HotgGame) -> dict[str, Any]:
    cards = g.zones.cards
    z = g.zones.zones
    units = {}
    for u in z["board"].cards:
        c = cards[u]
        if u in g.stones:
            continue
        units[u] = (
            c.controller,
            CELL_NUMBER[c.cell],
            c.hp,
            c.exhausted,
            c.moved,
            c.attacked,
            c.stealth_lost,
            g.attack_of(u),
        )
    return {
        "units": units,
        "stones": [cards[s].hp for s in g.stones],
        "hands": [sorted(z[f"hand:{p}"].cards) for p in (0, 1)],
        "decks": [list(z[f"deck:{p}"].cards) for p in (0, 1)],
        "graves": [len(z[f"grave:{p}"].cards) for p in (0, 1)],
        "mana": [pl.mana for pl in g.pl],
        "max_mana": [pl.max_mana for pl in g.pl],
        "fatigue": [pl.fatigue for pl in g.pl],
        "used": [pl.ability_used for pl in g.pl],
        "turn": g.turn,
        "active": g.active,
        "result": g.result,
        "other_zones": sum(
            len(z[n].cards) for n in ("holding", "banished", "removed", "reveal:0", "reveal:1")
        ),
    }


def core_state(c: Core) -> dict[str, Any]:
    from core import ATTACKED, EXHAUSTED, MOVED, STEALTH_LOST

    units = {}
    for p in (0, 1):
        for u in c.units[p]:
            s = c.st[u]
            units[u] = (
                p,
                c.place[u],
                c.hp[u],
                bool(s & EXHAUSTED),
                bool(s & MOVED),
                bool(s & ATTACKED),
                bool(s & STEALTH_LOST),
                c.attack_of(u),
            )
    return {
        "units": units,
        "stones": [c.hp[s] for s in c.stone],
        "hands": [sorted(h) for h in c.hand],
        "decks": [list(d) for d in c.deck],
        "graves": list(c.grave),
        "mana": list(c.mana),
        "max_mana": list(c.max_mana),
        "fatigue": list(c.fatigue),
        "used": list(c.used),
        "turn": c.turn,
        "active": c.active,
        "result": None if c.result == -2 else c.result,
        "other_zones": 0,
    }


def check_game(seed: int, deck: Any, defs: Defs, seen: Counter[str]) -> int:
    real = HotgGame.new_game(seed=seed, decks=[deck, deck])
    core = Core.new(seed, defs)
    rng = random.Random(seed)
    passive = seed % 3 == 0
    aggressive = seed % 3 == 2
    steps = 0
    while True:
        a_real, b_core = real_state(real), core_state(core)
        if a_real != b_core:
            diff = {k: (a_real[k], b_core[k]) for k in a_real if a_real[k] != b_core[k]}
            raise SystemExit(f"seed {seed} step {steps}: states differ {diff}")
        if real.is_over():
            seen["games won by the first player" if real.result == 0 else "games won by the second"] += 1
            ender = [e.kind for e in real.log.events[-4:] if e.kind != "game_over"][-1]
            seen[f"games ended by {ender}"] += 1
            return steps
        legal = real.legal_actions()
        mapped = [to_core(a) for a in legal]
        core_legal = core.legal_actions()
        if set(mapped) != set(core_legal) or len(mapped) != len(core_legal):
            raise SystemExit(
                f"seed {seed} step {steps}: legal actions differ: real only "
                f"{sorted(set(mapped) - set(core_legal))}, prototype only {sorted(set(core_legal) - set(mapped))}"
                f" (lengths {len(mapped)}, {len(core_legal)})"
            )
        # what the step exercised (from the prototype's side)
        p = core.active
        q = 1 - p
        foes = core.foes(p)
        if not foes >> core.place[core.stone[q]] & 1:
            seen["steps with the enemy stone guarded (HG-63)"] += 1
        if any(core.own[q] >> core.place[u] & 1 and not foes >> core.place[u] & 1 for u in core.units[q]):
            seen["steps with an enemy unit in Stealth (HG-64)"] += 1
        if any(core.attack_of(u) != core.d.attack[u] for u in core.units[0] + core.units[1]):
            seen["steps with a unit's attack raised by an aura (HG-57)"] += 1
        if any(core.attack_of(u) > 0 == core.d.attack[u] for u in core.units[p]):
            seen["steps with a 0-attack unit of the player given attack by an aura"] += 1
        if len(core.hand[p]) == HAND_LIMIT:
            seen["steps with a full hand (HG-82)"] += 1
        # the policy: uniform, or (`passive`, every third seed) the end of the turn one time in
        # four, so that hands fill up (HG-82); `aggressive` (seeds 3k + 2) an attack or the
        # Leader Ability half of the time when there is one, so that stones fall to them
        hits = [x for x in legal if x.kind in ("attack", "ability")] if aggressive else []
        if passive and rng.random() < 0.25:
            a = legal[-1]
        elif hits and rng.random() < 0.5:
            a = rng.choice(hits)
        else:
            a = rng.choice(legal)
        seen[a.kind] += 1
        mark = real.log.mark()
        core_mark = len(core.log)
        real.apply_legal(a)
        core.apply(to_core(a))
        # the order of the deaths and Afterlifes (HG-13, HG-71), which the states may not show
        order = [
            (e.kind, e.data["target" if e.kind == "death" else "source"])
            for e in real.log.since(mark)
            if e.kind in ("death", "afterlife")
        ]
        core_order = [
            ("death" if e[0] == 12 else "afterlife", e[1]) for e in core.log[core_mark:] if e[0] in (12, 13)
        ]
        if order != core_order:
            raise SystemExit(f"seed {seed} step {steps}: deaths and Afterlifes differ: {order} {core_order}")
        kinds = [e.kind for e in real.log.since(mark)]
        for k in kinds:
            seen["event " + k] += 1
        if "afterlife" in kinds:
            after = kinds[kinds.index("afterlife") :]
            if "death" in after:
                seen["actions where an Afterlife killed (a death after it)"] += 1
            if after.count("afterlife") > 1 and "death" in after[: after.index("afterlife", 1)]:
                seen["actions with an Afterlife chained by a death"] += 1
        steps += 1


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "fx"]
    path = FX_DECK if "fx" in sys.argv[1:] else DECK
    games = int(args[0]) if args else 300
    first = int(args[1]) if len(args) > 1 else 1
    deck = load_deck_file(path).to_json()
    _leader, cards = load_deck(path)
    defs = Defs([cards, cards])
    seen: Counter[str] = Counter()
    t0 = time.perf_counter()
    total = 0
    for seed in range(first, first + games):
        total += check_game(seed, deck, defs, seen)
    dt = time.perf_counter() - t0
    print(
        f"{path.name}: {games} games (seeds {first}..{first + games - 1}), {total} actions: the same legal sets and states"
    )
    print(f"({dt:.1f} s) what was met: " + ", ".join(f"{k} {v}" for k, v in sorted(seen.items())))


if __name__ == "__main__":
    main()
