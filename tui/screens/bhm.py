"""BHM: the lane screen. Reads `BhmGame.view()` (see its docstring): per seat
the C.LL against the 32 limit, the call budget, the 10 being zones with their
attached objects and powers, territories, deserters, dead zone, invocation
zone (face down to the opponent: a count), deck and hand counts; the phase and
the action waiting for a reaction."""

from __future__ import annotations

from typing import Any

from common.game import Action, Decision
from tui.screens.decide import Row, RowsDialog, Tile, TileDialog
from tui.screens.lanes import LaneScreen, Line, Seg, bar, chip, chips, words
from tui.widgets.detail import find_cards

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


class BhmScreen(LaneScreen):
    EXTRA_KEYS = LaneScreen.LANE_KEYS + BHM_KEYS

    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        seat = p["seat"]
        loss = view.get("loss_at", 32)
        cll = p.get("cll", 0)
        head = f"{self.who(seat)}  C.LL {cll}/{loss} {bar(cll, loss, 12)}"
        if p.get("budget") is not None:
            head += f"  budget {p['budget']}"
        lines: list[Line] = [(self.head_style(seat), words(head))]
        info = (
            f"  hand {p.get('hand_count', 0)} · deck {p.get('deck_count', 0)} · beings {p.get('beings', 0)}"
        )
        if p.get("strategy_played"):
            info += " · strategy played"
        lines.append(("", words(info, "lane--dim")))
        for z in p.get("zones", []):
            being = z.get("being")
            attached = z.get("attached") or []
            if being is None and not attached:
                continue
            segs = [Seg(f"  {z['index'] + 1:>2}")]
            if being is not None:
                flags = [w for k, w in FLAG_MARKS.items() if (being.get("flags") or {}).get(k)]
                segs += chip(being)
                segs += words(f" R{being.get('rank', '?')} {stat_line(being)}")
                if flags:
                    segs += words(" [" + ", ".join(flags) + "]", "lane--warn")
            else:
                segs.append(Seg(" (no being)", "lane--dim"))
            for a in attached:
                segs += [Seg(" +"), *chip(a)]
            lines.append(("", segs))
        free = sum(1 for z in p.get("zones", []) if z.get("being") is None and not z.get("attached"))
        lines.append(("", words(f"  {free} empty zone(s)", "lane--dim")))
        inv = p.get("invocations") or {}
        lines.append(("", words("  territories:") + chips(p.get("territories", []))))
        inv_segs = chips(inv["cards"]) if "cards" in inv else words(f" {inv.get('count', 0)} face down")
        lines.append(("", words(f"  invocations ({inv.get('count', 0)}):") + inv_segs))
        lines.append(
            (
                "",
                words("  deserters:")
                + chips(p.get("deserters", []))
                + words(" · dead:")
                + chips(p.get("dead", []), 4),
            )
        )
        if p.get("strategy"):
            lines.append(("", words("  playing now:") + chips(p["strategy"])))
        if mine and p.get("hand") is not None:
            lines.append(("", words("  hand:") + chips(p["hand"])))
        if mine and p.get("aside"):
            lines.append(("", words("  set aside:") + chips(p["aside"])))
        return lines

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> list[Line]:
        parts = [f"Turn {view.get('turn')} · {view.get('phase_name', view.get('phase'))}"]
        if view.get("armageddon"):
            parts.append(f"armageddon at {view['armageddon']}")
        out: list[Line] = [("lane--middle", words(" " + " · ".join(parts)))]
        if view.get("pending"):
            out.append(("lane--middle", words(f" ⚡ waiting: {view['pending']}")))
        if view.get("end_reason"):
            out.append(("lane--middle", words(f" {view['end_reason']}")))
        return out

    def dialog_for(self, decision: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
        return bhm_dialog(self, decision, view, legal)

    def extra_stats(self) -> list[str]:
        players = self.view_data.get("players", [])
        return (
            [", ".join(f"{self.seat_name(p['seat'])} C.LL {p.get('cll')}" for p in players)]
            if players
            else []
        )


SCREEN = BhmScreen


# -- decision dialogs ---------------------------------------------------------------------------------
def card_body(c: dict[str, Any]) -> str:
    head = [str(c.get("type", "")).capitalize()]
    if c.get("rank") is not None:
        head.append(f"rank {c['rank']}")
    stats = stat_line(c)
    lines = [" · ".join(h for h in head if h)]
    if stats:
        lines.append(stats)
    if c.get("text"):
        lines.append(str(c["text"]))
    return "\n".join(lines)


def bhm_dialog(screen: Any, d: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
    """POD investment as an amount; targets (territories, Terror…) as cards side by side."""
    game = screen.session.game
    cards = find_cards(view)
    ctx = d.context or {}
    if d.kind == "invest":
        acts = [a for a in legal if a.kind == "invest"]
        if not acts:
            return None
        pod = ctx.get("pod", "?")
        source = cards.get(ctx.get("source")) if isinstance(ctx.get("source"), int) else None
        target = cards.get(ctx.get("target")) if isinstance(ctx.get("target"), int) else None
        options = [f"{a.args[0]} POD" if a.args[0] != "all" else "all of it (POD 1 after)" for a in acts]
        row = Row("Invest", options, 0, numeric=True)

        def build(rows: list[Row]) -> list[Action] | str:
            return [acts[rows[0].index]]

        def total(rows: list[Row]) -> str:
            return game.describe_action(acts[rows[0].index])

        who = (source or {}).get("name", "the attacker")
        against = f" against {target['name']}" if target else ""
        return RowsDialog(
            "POD investment",
            f"{d.prompt}\n{who} power-attacks{against}; what it invests counts for the attack (POD {pod} now).",
            [row],
            build,
            screen.plan_problem,
            total,
            keys="←→ amount · Home/End min/max · Enter invest · Esc the choice list",
        )
    if d.kind == "target":
        tiles = []
        for a in legal:
            if a.kind == "target" and a.args and isinstance(a.args[0], int):
                c = cards.get(a.args[0]) or {"name": f"#{a.args[0]}"}
                tiles.append(Tile(str(c.get("name")), card_body(c), a))
            elif a.kind == "skip":
                tiles.append(Tile("Skip", "Choose no target.", a))
        if not tiles:
            return None
        title = (
            "Choose a territory"
            if all(
                (cards.get(t.action.args[0]) or {}).get("type") == "territory"
                for t in tiles
                if t.action.kind == "target"
            )
            else "Choose a target"
        )
        return TileDialog(title, d.prompt, tiles, screen.plan_problem)
    return None
