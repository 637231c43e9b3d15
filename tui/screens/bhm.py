"""BHM: the lane screen. Reads `BhmGame.view()` (see its docstring): per seat
the C.LL against the 32 limit, the call budget, the 10 being zones with their
attached objects and powers, territories, deserters, dead zone, invocation
zone (face down to the opponent: a count), deck and hand counts; the phase and
the action waiting for a reaction."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from common.game import Decision
from tui.screens.lanes import LaneScreen, bar, card_link

STATS = ("pod", "fue", "res", "val", "salud")
FLAG_MARKS = {  # shown as words: readable without colour
    "frozen": "frozen",
    "petrified": "petrified",
    "invisible": "invisible",
    "fled": "fled",
    "attacked": "attacked",
    "power_attacked": "power-attacked",
    "abilities_lost": "no abilities",
}

BHM_KEYS = """
**BHM**

- the choice list holds every decision: calls, powers, objects, strategies, territories, attacks,
  reactions, targets, POD investment, discards, mulligans — `↑↓` and `Enter`, or a click
- click a card in a lane: the list narrows to the choices with that card (`Esc` shows all again)
- each side: `C.LL n/32` (you lose at 32) with a bar, the call budget left this turn, the 10 being
  zones (`1`…`10`) with what is attached (`+`), then territories, invocations (face down to the
  opponent: only a count), deserters and the dead zone
"""


def stat_line(card: dict[str, Any]) -> str:
    stats = card.get("stats") or {}
    out = []
    for key in STATS:
        st = stats.get(key)
        if isinstance(st, dict):
            out.append(f"{key.upper()[:3]} {st['cur']}")
    return " ".join(out)


def names(cards: list[dict[str, Any]], limit: int = 6) -> str:
    if not cards:
        return "—"
    shown = ", ".join(card_link(c) for c in cards[:limit])
    return shown + (f", … +{len(cards) - limit}" if len(cards) > limit else "")


class BhmScreen(LaneScreen):
    EXTRA_KEYS = BHM_KEYS

    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> str:
        seat = p["seat"]
        loss = view.get("loss_at", 32)
        cll = p.get("cll", 0)
        lines = [
            f"[b]{escape(self.who(seat))}[/b]  C.LL [b]{cll}[/b]/{loss} {bar(cll, loss, 12)}"
            + (f"  budget {p['budget']}" if p.get("budget") is not None else "")
        ]
        lines.append(
            f"  hand {p.get('hand_count', 0)} · deck {p.get('deck_count', 0)} · beings {p.get('beings', 0)}"
            + (" · strategy played" if p.get("strategy_played") else "")
        )
        for z in p.get("zones", []):
            being = z.get("being")
            attached = z.get("attached") or []
            if being is None and not attached:
                continue
            label = f"{z['index'] + 1:>2}"
            if being is not None:
                flags = [w for k, w in FLAG_MARKS.items() if (being.get("flags") or {}).get(k)]
                line = f"  {label} {card_link(being)} R{being.get('rank', '?')} {stat_line(being)}"
                if flags:
                    line += " [" + ", ".join(flags) + "]"
            else:
                line = f"  {label} (no being)"
            lines.append(line)
            for a in attached:
                lines.append(f"      + {card_link(a)} ({escape(str(a.get('type', '')))})")
        free = sum(1 for z in p.get("zones", []) if z.get("being") is None and not z.get("attached"))
        lines.append(f"  {free} empty zone(s)")
        inv = p.get("invocations") or {}
        inv_text = names(inv["cards"]) if "cards" in inv else f"{inv.get('count', 0)} face down"
        lines.append(f"  territories: {names(p.get('territories', []))}")
        lines.append(f"  invocations ({inv.get('count', 0)}): {inv_text}")
        lines.append(f"  deserters: {names(p.get('deserters', []))} · dead: {names(p.get('dead', []), 4)}")
        if p.get("strategy"):
            lines.append(f"  playing now: {names(p['strategy'])}")
        if mine and p.get("hand") is not None:
            lines.append(f"  hand: {names(p['hand'], 10)}")
        if mine and p.get("aside"):
            lines.append(f"  set aside: {names(p['aside'])}")
        return "\n".join(lines)

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> str:
        parts = [f"Turn {view.get('turn')} · {escape(str(view.get('phase_name', view.get('phase'))))}"]
        if view.get("armageddon"):
            parts.append(f"armageddon at {view['armageddon']}")
        text = " · ".join(parts)
        if view.get("pending"):
            text += f"\n⚡ waiting: {escape(str(view['pending']))}"
        if view.get("end_reason"):
            text += f"\n{escape(str(view['end_reason']))}"
        return text

    def extra_stats(self) -> list[str]:
        players = self.view_data.get("players", [])
        return (
            [", ".join(f"{self.seat_name(p['seat'])} C.LL {p.get('cll')}" for p in players)]
            if players
            else []
        )


SCREEN = BhmScreen
