"""Small helpers for Hand of the Gods rule tests: build scenarios in a few lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hotg.game import HotgGame, parse_cell

SCEN_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "hotg"


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    raise TypeError(v)


def scenario_text(
    units: list[dict[str, Any]] = (),  # type: ignore[assignment]
    p1: dict[str, Any] | None = None,
    p2: dict[str, Any] | None = None,
    active: int = 1,
    title: str = "test",
    seed: int | None = None,
) -> str:
    lines = ["[scenario]", 'game = "hotg"', f'title = "{title}"']
    if seed is not None:
        lines.append(f"seed = {seed}")
    lines += ["", "[state]", f"active = {active}", ""]
    for p in (p1 or {}, p2 or {}):
        lines.append("[[player]]")
        p = {"deck": ["legionary"] * 5, **p}
        lines += [f"{k} = {_val(v)}" for k, v in p.items()]
        lines.append("")
    for u in units:
        lines.append("[[unit]]")
        lines += [f"{k} = {_val(v)}" for k, v in u.items()]
        lines.append("")
    return "\n".join(lines)


def make(units: list[dict[str, Any]] = (), **kw: Any) -> HotgGame:  # type: ignore[assignment]
    return HotgGame.new_game(seed=kw.pop("game_seed", 1), scenario=scenario_text(list(units), **kw))


def load(name: str) -> HotgGame:
    return HotgGame.new_game(seed=1, scenario=(SCEN_DIR / name).read_text(encoding="utf-8"))


def u(card: str, cell: str, owner: int | str = 1, **kw: Any) -> dict[str, Any]:
    return {"card": card, "owner": owner, "cell": cell, **kw}


def at(g: HotgGame, cell: str) -> int:
    want = parse_cell(cell)
    for uid in g.board_units():
        c = g.card(uid)
        if (c.row, c.col) == want:
            return uid
    raise AssertionError(f"no unit at {cell}")


def hand(g: HotgGame, p: int, card_id: str) -> int:
    for uid in g.zones[f"hand:{p}"].cards:
        if g.card(uid).defn.id == card_id:
            return uid
    raise AssertionError(f"no {card_id} in P{p + 1}'s hand")


def texts(events: list[Any]) -> list[str]:
    return [e.text for e in events]


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]
