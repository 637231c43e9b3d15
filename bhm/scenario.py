"""Scenario files: any BHM position in TOML (format: docs/scenarios/bhm.md).

Validated on load: a wrong key, card id or value raises DataError naming the
scenario, the card and the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.errors import DataError
from common.goals import check_goal
from common.scenario import (
    card_ids,
    check_keys,
    choice,
    flag,
    got,
    parse_scenario,
    seat,
    section,
    tables,
    whole,
)

from .cards import card_pool

if TYPE_CHECKING:
    from .game import BhmGame

SECTIONS = ("state", "player", "goal")
PHASES = ("strategy1", "combat", "strategy2", "final")
STATE_KEYS = {"turn", "active", "phase", "budget", "strategy_played", "armageddon"}
PLAYER_KEYS = {"cll", "hand", "deck", "dead", "territories", "invocations", "being"}
BEING_KEYS = {
    "card",
    "zone",
    "wounds",
    "res_lost",
    "pod_spent",
    "val_lost",
    "frozen",
    "petrified",
    "nameless",
    "attacked",
    "executed_power",
    "returned",
    "fled",
    "inv_points",
    "attached",
}
INT_KEYS = ("wounds", "res_lost", "pod_spent", "val_lost", "inv_points")
BOOL_KEYS = ("frozen", "petrified", "nameless", "attacked", "executed_power", "returned", "fled")


def load_scenario(g: BhmGame, text: str) -> None:
    """Set `g` (fresh zones, nothing in them) to the position the scenario describes."""
    from .game import SLOTS, _make

    sc = parse_scenario(text, "bhm", SECTIONS)
    data, file = sc.data, sc.file
    state = section(data, "state", file)
    check_keys(state, STATE_KEYS, file, where="[state]")
    players = tables(data, "player", file, count=2, what="P1, then P2")
    pool = card_pool()
    if sc.seed is not None:
        from common.rng import GameRng

        g.rng = GameRng(sc.seed)
    if "armageddon" in state:
        try:
            g.armageddon = g._armageddon_option({"armageddon": state["armageddon"]})
        except DataError as exc:  # the option's words, named by this scenario (not `<options>`)
            raise DataError(file, f"{exc.message}, {got(state['armageddon'])}", field="armageddon") from None
    g.turn = whole(state, "turn", 1, file, lo=1, hi=10_000)
    g.active = seat(state, "active", 1, file) - 1
    g.first = g.active
    phase = choice(state, "phase", "strategy1", PHASES, file)
    g.phase = phase
    g.sub = {"combat": "combat", "final": "draw"}.get(phase, "main")
    g.strat_played = flag(state, "strategy_played", False, file)
    presets = list(g.preset_decks().values())
    for p, pt in enumerate(players):
        where = f"player {p + 1}"
        check_keys(pt, PLAYER_KEYS, file, where=where)
        g.cll[p] = whole(pt, "cll", 0, file, lo=0, hi=31)
        if "deck" in pt:
            deck_ids = card_ids(pt, "deck", file, pool, where=where)
        else:
            deck_ids = [
                c for c, n in presets[p]["cards"].items() for _ in range(n) if pool[c].type != "invocation"
            ]
        for cid in reversed(deck_ids):  # the first id is the top card
            g.zones.create(pool[cid], p, f"deck:{p}", factory=_make)
        if "deck" not in pt:
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        for key, zone in (("hand", "hand"), ("dead", "dead"), ("invocations", "invocations")):
            for cid in card_ids(pt, key, file, pool, where=where):
                if key == "invocations" and pool[cid].type != "invocation":
                    raise DataError(file, f"{where}: not an invocation", card=cid, field=key)
                g.zones.create(pool[cid], p, f"{zone}:{p}", factory=_make)
        terr = card_ids(pt, "territories", file, pool, where=where)
        if len(terr) > 2:
            raise DataError(file, f"{where}: at most 2 territories (BH-50)", field="territories")
        for cid in terr:
            if pool[cid].type != "territory":
                raise DataError(file, f"{where}: not a territory", card=cid, field="territories")
            g.zones.create(pool[cid], p, f"territories:{p}", factory=_make)
        used: set[int] = set()
        for bt in tables(pt, "being", file, card=where):
            raw_id = bt.get("card")
            if not isinstance(raw_id, str) or raw_id not in pool:
                raise DataError(file, f"{where}: no such card", card=str(raw_id), field="card")
            cid = raw_id
            d = pool[cid]
            if not d.is_field:
                raise DataError(
                    file, f"{where}: a {d.type} card cannot stand in a being zone", card=cid, field="card"
                )
            check_keys(bt, BEING_KEYS, file, card=cid, where=where)
            free = [i for i in range(SLOTS) if i not in used]
            if not free:
                raise DataError(file, f"{where}: more than {SLOTS} beings", card=cid, field="zone")
            z = whole(bt, "zone", free[0], file, card=cid, lo=0, hi=SLOTS - 1)
            if z in used:
                raise DataError(file, f"{where}: being zone {z} is used twice", card=cid, field="zone")
            used.add(z)
            c = g.zones.create(d, p, f"slot:{p}:{z}", factory=_make)
            c.entered = g.turn
            for key in INT_KEYS:
                setattr(c, key, whole(bt, key, 0, file, card=cid, lo=0, hi=100_000))
            for key in BOOL_KEYS:
                v = flag(bt, key, False, file, card=cid)
                if key != "fled":
                    setattr(c, key, v)
            att = card_ids(bt, "attached", file, pool, where=f"{where}, {cid}")
            rank_obj = 0
            for aid in att:
                ad = pool[aid]
                if ad.type not in ("object", "power"):
                    raise DataError(
                        file, f"only objects and powers can be attached, not a {ad.type}", aid, "attached"
                    )
                if ad.type == "object":
                    rank_obj += ad.rank
                g.zones.create(ad, p, f"slot:{p}:{z}", factory=_make)
            if rank_obj > d.rank:
                raise DataError(
                    file,
                    f"objects of total rank {rank_obj} on a rank-{d.rank} being (BH-60)",
                    cid,
                    "attached",
                )
            if bt.get("fled", False):
                c.home = z
                g.zones.move(c.uid, f"deserters:{p}")
    g.budget = whole(state, "budget", g.cll[g.active], file, lo=0, hi=100)
    g.log.emit("scenario", f"Scenario: {sc.title or 'untitled'} — turn {g.turn}, {g.phase}")
    check_goal(data.get("goal"), file, g)  # a puzzle's goal, against the position set up
