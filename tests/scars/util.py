"""Helpers for The Scars rule tests: positions built from scenario TOML."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from common.game import Action
from scars.game import ScarsGame

SCEN_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "scars"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, str)):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def scenario_text(
    p1: dict[str, Any], p2: dict[str, Any], title: str = "test", seed: int = 1, **setup: Any
) -> str:
    lines = ["[scenario]", 'game = "scars"', f"title = {json.dumps(title)}", f"seed = {seed}", "", "[setup]"]
    setup.setdefault("phase", "recruit1")
    for k, v in setup.items():
        lines.append(f"{k} = {_toml_value(v)}")
    for pl in (p1, p2):
        lines += ["", "[[player]]"]
        pl = {"deck": ["n_militia"] * 5, **pl}
        for k, v in pl.items():
            lines.append(f"{k} = {_toml_value(v)}")
    return "\n".join(lines) + "\n"


def P(hero_id: str = "hero_aurelia", **kw: Any) -> dict[str, Any]:
    """A player's `[[player]]` table: the hero, 12 lives, 2 supports, and `kw`."""
    return {"hero": hero_id, "lives": 12, "supports": 2, **kw}


def make(p1: dict[str, Any], p2: dict[str, Any], **setup: Any) -> ScarsGame:
    return ScarsGame.new_game(seed=1, scenario=scenario_text(p1, p2, **setup))


def load(name: str) -> ScarsGame:
    return ScarsGame.new_game(seed=1, scenario=(SCEN_DIR / name).read_text(encoding="utf-8"))


def uid(g: ScarsGame, card_id: str, seat: int | None = None, zone: str | None = None, nth: int = 0) -> int:
    """The uid of the nth card `card_id` (of seat 1/2, in zone kind like 'units')."""
    found = []
    for c in g.zones.cards.values():
        if c.defn.id != card_id:
            continue
        if seat is not None and c.owner != seat - 1:
            continue
        if zone is not None and c.zone.split(":")[0] != zone:
            continue
        found.append(c.uid)
    found.sort(key=lambda u: (not g.in_play(u), u))  # cards in play first
    return found[nth]


def hero(g: ScarsGame, seat: int) -> int:
    return g.hero_uid(seat - 1)


def play(g: ScarsGame, *texts: str) -> None:
    for t in texts:
        g.apply(t)


def kinds(g: ScarsGame) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def has(g: ScarsGame, text: str) -> bool:
    return Action.parse(text) in g.legal_actions()


def log_text(g: ScarsGame) -> str:
    return "\n".join(e.text for e in g.log)


def to_phase(g: ScarsGame, phase: str, limit: int = 60) -> None:
    """Answer 'done'/'pass' until the game reaches `phase` (main step)."""
    until(g, lambda g: g.phase == phase and g.step == "main" and not g.stack, limit, f"never reached {phase}")


def window(g: ScarsGame, seat: int) -> None:
    """Pass until `seat` (1/2) has a response decision."""
    until(g, lambda g: g.decision().kind == "respond" and g.decision().player == seat - 1)


def choice(g: ScarsGame) -> Action:
    """The scripted player's choice at `g`'s decision."""
    from scars.ai import ScriptedAgent

    return ScriptedAgent(0).choose(g)


def done_if(g: ScarsGame, kind: str) -> None:
    """Say 'done' if the pending decision is still of `kind` (the engine moves on by
    itself when 'done' is the only choice left)."""
    d = g.decision()
    if d is not None and d.kind == kind:
        g.apply("done")


def attack(g: ScarsGame, *pairs: tuple[int, int]) -> None:
    """Declare attackers and finish the declaration."""
    for a, t in pairs:
        g.apply(f"attack {a} {t}")
    done_if(g, "attack")


def block(g: ScarsGame, *pairs: tuple[int, int]) -> None:
    for b, a in pairs:
        g.apply(f"block {b} {a}")
    done_if(g, "block")


def resolve(g: ScarsGame) -> None:
    """Pass until the resolution zone is empty (the engine passes for players with nothing to play)."""
    for _ in range(40):
        if not g.stack:
            return
        g.apply("pass")
    raise AssertionError("the resolution zone does not empty")


def until(g: ScarsGame, pred, limit: int = 200, never: str = "condition never reached") -> None:
    """Answer done/pass/draw/keep until `pred(g)` holds (at most `limit` answers, else `never`)."""
    for _ in range(limit):
        if pred(g):
            return
        acts = g.legal_actions()
        for k in ("done", "pass", "draw", "keep"):
            a = next((x for x in acts if x.kind == k), None)
            if a is not None:
                g.apply(a)
                break
        else:
            raise AssertionError(f"stuck at {g.decision()}")
    raise AssertionError(never)
