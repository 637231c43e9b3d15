"""The Scars: the lane screen. Reads `ScarsGame.view()` (see its docstring):
each hero with lives, energy (untapped / tapped), supports and the unit limit,
units by position (attack / defense, sheltering), weapons and structures; the
shared resolution zone (bottom → top), the phase and sub-phase, and whether a
player may respond now."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from common.game import Decision
from tui.screens.lanes import LaneScreen, card_link

SCARS_KEYS = """
**The Scars**

- the choice list holds every decision: recruit, cast, equip, attack, block, shelter, damage
  assignment, responses, mulligans — `↑↓` and `Enter`, or a click
- click a card in a lane: the list narrows to the choices with that card (`Esc` shows all again)
- units: `ATK` row (attack position, tapped) and `DEF` row (defense position); `⇒` whom a unit
  attacks, `⛨` whom it blocks, `↺ shelters` whom it shelters; `sick` summoning sickness
- the resolution zone is listed bottom → top; `▶ you may respond` when it is your window
"""


def unit_text(u: dict[str, Any], units: dict[int, dict[str, Any]]) -> str:
    s = f"{card_link(u)} {u.get('attack')}/{u.get('defense')}"
    if u.get("damage"):
        s += f" dmg {u['damage']}"
    marks = []
    if u.get("sick"):
        marks.append("sick")
    if u.get("weapons"):
        marks.append("+" + ",".join(escape(units.get(w, {}).get("name", str(w))) for w in u["weapons"]))
    if u.get("sheltering") is not None:
        marks.append(
            "↺ shelters " + escape(units.get(u["sheltering"], {}).get("name", "#" + str(u["sheltering"])))
        )
    if u.get("attacking") is not None:
        marks.append("⇒ " + escape(units.get(u["attacking"], {}).get("name", "#" + str(u["attacking"]))))
    if u.get("blocking") is not None:
        marks.append("⛨ " + escape(units.get(u["blocking"], {}).get("name", "#" + str(u["blocking"]))))
    return s + (f" ({'; '.join(marks)})" if marks else "")


class ScarsScreen(LaneScreen):
    EXTRA_KEYS = SCARS_KEYS

    def on_mount(self) -> None:
        glossary = self.session.game.view(None).get("keywords")
        if isinstance(glossary, dict):
            self.glossary.update({str(k): str(v) for k, v in glossary.items()})

    def all_cards(self, view: dict[str, Any]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for p in view.get("players", []):
            for key in ("units", "weapons", "structures"):
                for c in p.get(key) or []:
                    out[c["uid"]] = c
            out[p["hero"]["uid"]] = p["hero"]
        return out

    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> str:
        seat = p["seat"]
        hero = p.get("hero") or {}
        energy = p.get("energy") or {}
        cards = self.all_cards(view)
        lines = [
            f"[b]{escape(self.who(seat))}[/b] {card_link(hero)} · lives [b]{p.get('lives')}[/b]",
            f"  energy {energy.get('untapped', 0)} untapped / {energy.get('tapped', 0)} tapped"
            + (f" · pool {p['pool']}" if p.get("pool") else "")
            + f" · supports {p.get('supports', 0)} (unit limit {p.get('unit_limit', 0)})",
            f"  hand {p.get('hand_count', 0)} · deck {p.get('deck_count', 0)}"
            f" · discard {len(p.get('discard') or [])} · out {len(p.get('out') or [])}",
        ]
        units = p.get("units") or []
        for pos, label in (("attack", "ATK"), ("defense", "DEF")):
            row = [unit_text(u, cards) for u in units if u.get("position") == pos]
            lines.append(f"  {label}: " + (" · ".join(row) if row else "—"))
        extras = [card_link(c) for c in (p.get("weapons") or []) + (p.get("structures") or [])]
        if extras:
            lines.append("  weapons/structures: " + ", ".join(extras))
        if mine and p.get("support_cards"):
            lines.append("  supports (face down): " + ", ".join(card_link(c) for c in p["support_cards"]))
        if mine and p.get("hand") is not None:
            lines.append("  hand: " + (", ".join(card_link(c) for c in p["hand"]) or "—"))
        return "\n".join(lines)

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> str:
        step = " · response window" if view.get("step") == "window" else ""
        text = f"Turn {view.get('turn')} · {escape(str(view.get('phase_name', view.get('phase'))))}{step}"
        stack = view.get("stack") or []
        if stack:
            text += "\nResolution zone (bottom → top):"
            for i, e in enumerate(stack, 1):
                top = "  ◀ top" if i == len(stack) else ""
                text += f"\n  {i}. P{e.get('controller', 0) + 1}: {escape(str(e.get('text', e.get('kind'))))}{top}"
        if decision is not None and decision.kind == "respond":
            text += f"\n▶ {escape(self.seat_name(decision.player))} may respond (or pass)"
        return text

    def extra_stats(self) -> list[str]:
        players = self.view_data.get("players", [])
        return (
            [", ".join(f"{self.seat_name(p['seat'])} {p.get('lives')} lives" for p in players)]
            if players
            else []
        )


SCREEN = ScarsScreen
