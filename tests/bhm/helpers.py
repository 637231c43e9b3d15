"""Helpers for the BHM rule tests: build a position from scenario text, find cards."""

from __future__ import annotations

import json
import random
import textwrap
from collections.abc import Iterable, Iterator
from typing import Any

from bhm.cards import BhmCard
from bhm.game import BhmGame


def game_from(
    body: str, seed: int = 1, options: dict[str, Any] | None = None, title: str = "test"
) -> BhmGame:
    """A game at the position described by scenario sections (header added)."""
    text = f'[scenario]\ngame = "bhm"\ntitle = "{title}"\n\n' + textwrap.dedent(body)
    return BhmGame.new_game(seed=seed, options=options or {}, scenario=text)


Side = dict[str, Any]


def _value(v: object) -> str:
    """A TOML value: strings, whole numbers, booleans and lists of them."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(v)  # a string in JSON's quotes and escapes is a TOML string; numbers alike


def scenario_body(*players: Side, **state: object) -> str:
    """Scenario sections for a position: `state` is the `[state]` table, each player a dict of
    its `[[player]]` keys; its `being` list takes card ids or dicts of `[[player.being]]` keys."""
    lines = ["[state]", *(f"{k} = {_value(v)}" for k, v in state.items())]
    for side in players:
        lines.append("[[player]]")
        lines += [f"{k} = {_value(v)}" for k, v in side.items() if k != "being"]
        for being in side.get("being", []):
            lines.append("[[player.being]]")
            fields = {"card": being} if isinstance(being, str) else being
            lines += [f"{k} = {_value(v)}" for k, v in fields.items()]
    return "\n".join(lines) + "\n"


def position(
    *players: Side, seed: int = 1, options: dict[str, Any] | None = None, **state: object
) -> BhmGame:
    """A game at a position given as data: `position(dict(cll=9, hand=["oblivion"],
    being=["kalzar"]), dict(being=["mountain_giant"]), active=1)` (see `scenario_body`)."""
    return game_from(scenario_body(*players, **state), seed=seed, options=options)


def find(g: BhmGame, cid: str, owner: int | None = None, zone: str | None = None, nth: int = 0) -> BhmCard:
    """The nth card instance with definition id `cid` (optionally of an owner / zone prefix),
    cards in play first, deck last."""
    found = [
        c
        for c in g.zones.cards.values()
        if c.defn.id == cid
        and (owner is None or c.owner == owner)
        and (zone is None or c.zone.startswith(zone))
    ]
    order = ["slot", "hand", "deserters", "territories", "invocations", "dead", "strategy", "aside", "deck"]
    found.sort(key=lambda c: (order.index(c.zone.split(":")[0]), c.uid))
    assert len(found) > nth, f"no {cid} (owner {owner}, zone {zone})"
    return found[nth]  # type: ignore[return-value]


def uid(g: BhmGame, cid: str, owner: int | None = None, zone: str | None = None, nth: int = 0) -> int:
    return find(g, cid, owner, zone, nth).uid


def kinds(g: BhmGame) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def end_turn(g: BhmGame) -> None:
    """Finish the active player's turn from any strategy/combat decision (no draw, discard oldest)."""
    start = g.turn
    while g.turn == start and not g.is_over():
        d = g.decision()
        assert d is not None
        if d.kind in ("turn", "combat"):
            g.apply("next")
        elif d.kind == "draw":
            g.apply("nodraw")
        elif d.kind == "discard":
            g.apply(g.legal_actions()[0])
        elif d.kind == "respond":
            g.apply("pass")
        elif d.kind == "target" and "skip" in {a.kind for a in g.legal_actions()}:
            g.apply("skip")
        else:
            raise AssertionError(f"end_turn cannot answer {d}")


def random_states(seeds: Iterable[int]) -> Iterator[BhmGame]:
    """Every decision state of one seeded random game per seed, as `common.bench` plays them:
    the game is yielded, then a uniformly random legal action is applied."""
    for seed in seeds:
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            yield g
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])


def rearranged(g: BhmGame, seat: int, seed: int) -> BhmGame:
    """A twin of `g` where all `seat` cannot see is rearranged: the opponent's hidden cards are
    shuffled between hand and deck (same counts), the seat's own deck is reordered, and so are the
    opponent's invocations (face down). An AI that reads only what `seat` sees decides alike on it."""
    twin = g.clone()
    r = random.Random(seed)
    opp = 1 - seat
    names = [f"hand:{opp}", f"deck:{opp}"]
    pool = [u for z in names for u in twin.zones[z].cards]
    r.shuffle(pool)
    i = 0
    for z in names:
        n = len(twin.zones[z].cards)
        twin.zones[z].cards = pool[i : i + n]
        for u in twin.zones[z].cards:
            twin.zones.cards[u].zone = z
        i += n
    r.shuffle(twin.zones[f"deck:{seat}"].cards)
    r.shuffle(twin.zones[f"invocations:{opp}"].cards)
    return twin


def b(cid: str, extra: str = "") -> str:
    """A `[[player.being]]` table of the card `cid` (with `extra` lines: `wounds = 300`)."""
    return f'[[player.being]]\ncard = "{cid}"\n{extra}\n'
