"""Scenario files: any BHM position in TOML (format: docs/scenarios/bhm.md).

Validated on load: a wrong key, card id or value raises DataError naming the
scenario, the card and the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.errors import DataError
from common.goals import check_goal

from .cards import card_pool

if TYPE_CHECKING:
    from .game import BhmGame

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


def _file(data: dict[str, Any]) -> str:
    head = data.get("scenario")
    title = head.get("title") if isinstance(head, dict) else None
    return f"<scenario {title!r}>" if isinstance(title, str) else "<scenario>"


def _int(
    file: str, table: dict[str, Any], key: str, default: int, lo: int, hi: int, card: str | None = None
) -> int:
    v = table.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise DataError(file, f"expected a whole number from {lo} to {hi}, got {v!r}", card=card, field=key)
    return v


def _ids(file: str, table: dict[str, Any], key: str, where: str) -> list[str]:
    v = table.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise DataError(file, f"{where}: expected a list of card ids", field=key)
    pool = card_pool()
    for cid in v:
        if cid not in pool:
            raise DataError(file, f"{where}: no such card", card=cid, field=key)
    return v


def load_scenario(g: BhmGame, text: str) -> None:
    """Set `g` (fresh zones, nothing in them) to the position the scenario describes."""
    from .game import SLOTS, _make, load_toml

    data = load_toml(text, "<scenario>")
    file = _file(data)
    for key in data:
        if key not in ("scenario", "state", "player", "goal"):
            raise DataError(
                file, f"unknown section [{key}] (expected [scenario], [state], [[player]], [goal])", field=key
            )
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise DataError(file, "missing [scenario] header", field="scenario")
    if head.get("game") != "bhm":
        raise DataError(file, f"this is a scenario for {head.get('game')!r}, not 'bhm'", field="game")
    for key in head:
        if key not in ("game", "title", "seed", "description"):
            raise DataError(file, "unknown key in [scenario]", field=key)
    state = data.get("state", {})
    if not isinstance(state, dict):
        raise DataError(file, "[state] must be a table", field="state")
    for key in state:
        if key not in STATE_KEYS:
            raise DataError(
                file, f"unknown key in [state] (allowed: {', '.join(sorted(STATE_KEYS))})", field=key
            )
    players = data.get("player")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
        raise DataError(file, "a scenario needs exactly two [[player]] tables (P1, then P2)", field="player")
    pool = card_pool()
    seed = head.get("seed")
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DataError(file, "seed must be a whole number", field="seed")
        from common.rng import GameRng

        g.rng = GameRng(seed)
    if "armageddon" in state:
        g.armageddon = g._armageddon_option({"armageddon": state["armageddon"]})
    g.turn = _int(file, state, "turn", 1, 1, 10_000)
    g.active = _int(file, state, "active", 1, 1, 2) - 1
    g.first = g.active
    phase = state.get("phase", "strategy1")
    if phase not in PHASES:
        raise DataError(file, f"phase must be one of {', '.join(PHASES)}", field="phase")
    g.phase = phase
    g.sub = {"combat": "combat", "final": "draw"}.get(phase, "main")
    sp = state.get("strategy_played", False)
    if not isinstance(sp, bool):
        raise DataError(file, "expected true or false", field="strategy_played")
    g.strat_played = sp
    presets = list(g.preset_decks().values())
    for p, pt in enumerate(players):
        where = f"player {p + 1}"
        for key in pt:
            if key not in PLAYER_KEYS:
                raise DataError(
                    file, f"{where}: unknown key (allowed: {', '.join(sorted(PLAYER_KEYS))})", field=key
                )
        g.cll[p] = _int(file, pt, "cll", 0, 0, 31)
        if "deck" in pt:
            deck_ids = _ids(file, pt, "deck", where)
        else:
            deck_ids = [
                c for c, n in presets[p]["cards"].items() for _ in range(n) if pool[c].type != "invocation"
            ]
        for cid in reversed(deck_ids):  # the first id is the top card
            g.zones.create(pool[cid], p, f"deck:{p}", factory=_make)
        if "deck" not in pt:
            g.rng.shuffle(g.zones[f"deck:{p}"].cards)
        for key, zone in (("hand", "hand"), ("dead", "dead"), ("invocations", "invocations")):
            for cid in _ids(file, pt, key, where):
                if key == "invocations" and pool[cid].type != "invocation":
                    raise DataError(file, f"{where}: not an invocation", card=cid, field=key)
                g.zones.create(pool[cid], p, f"{zone}:{p}", factory=_make)
        terr = _ids(file, pt, "territories", where)
        if len(terr) > 2:
            raise DataError(file, f"{where}: at most 2 territories (BH-50)", field="territories")
        for cid in terr:
            if pool[cid].type != "territory":
                raise DataError(file, f"{where}: not a territory", card=cid, field="territories")
            g.zones.create(pool[cid], p, f"territories:{p}", factory=_make)
        beings = pt.get("being", [])
        if not isinstance(beings, list):
            raise DataError(file, f"{where}: use [[player.being]] tables", field="being")
        used: set[int] = set()
        for bt in beings:
            if not isinstance(bt, dict):
                raise DataError(file, f"{where}: a being must be a table", field="being")
            raw_id = bt.get("card")
            if not isinstance(raw_id, str) or raw_id not in pool:
                raise DataError(file, f"{where}: no such card", card=str(raw_id), field="card")
            cid = raw_id
            d = pool[cid]
            if not d.is_field:
                raise DataError(
                    file, f"{where}: a {d.type} card cannot stand in a being zone", card=cid, field="card"
                )
            for key in bt:
                if key not in BEING_KEYS:
                    raise DataError(
                        file, f"{where}: unknown key (allowed: {', '.join(sorted(BEING_KEYS))})", cid, key
                    )
            free = [i for i in range(SLOTS) if i not in used]
            if not free:
                raise DataError(file, f"{where}: more than {SLOTS} beings", card=cid, field="zone")
            z = _int(file, bt, "zone", free[0], 0, SLOTS - 1, cid)
            if z in used:
                raise DataError(file, f"{where}: being zone {z} is used twice", card=cid, field="zone")
            used.add(z)
            c = g.zones.create(d, p, f"slot:{p}:{z}", factory=_make)
            c.entered = g.turn
            for key in INT_KEYS:
                setattr(c, key, _int(file, bt, key, 0, 0, 100_000, cid))
            for key in BOOL_KEYS:
                v = bt.get(key, False)
                if not isinstance(v, bool):
                    raise DataError(file, "expected true or false", card=cid, field=key)
                if key != "fled":
                    setattr(c, key, v)
            att = _ids(file, bt, "attached", f"{where}, {cid}")
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
    g.budget = _int(file, state, "budget", g.cll[g.active], 0, 100)
    g.log.emit("scenario", f"Scenario: {head.get('title', 'untitled')} — turn {g.turn}, {g.phase}")
    check_goal(data.get("goal"), file, g)  # a puzzle's goal, against the position set up
