"""A readable picture of any engine's view (the generic screen's table)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tui.wording import plural


def _card_name(card: dict[str, Any]) -> str:
    name = str(card.get("name") or card.get("id") or "?")
    extras = [
        f"{k}={v}"
        for k, v in card.items()
        if k not in ("uid", "id", "name", "text", "keywords", "owner", "controller", "zone")
        and isinstance(v, (int, str))
        and not isinstance(v, bool)
        and len(str(v)) < 12
    ]
    return name + (f" ({', '.join(extras[:3])})" if extras else "")


def _uid_names(view: Any, out: dict[int, str] | None = None) -> dict[int, str]:
    """The name of every card of the view that shows both its uid and its name."""
    out = {} if out is None else out
    if isinstance(view, dict):
        if isinstance(view.get("uid"), int) and view.get("name"):
            out.setdefault(view["uid"], str(view["name"]))
        for value in view.values():
            _uid_names(value, out)
    elif isinstance(view, list):
        for value in view:
            _uid_names(value, out)
    return out


def _cell(value: Any, names: dict[int, str], width: int = 10) -> str:
    """One entry of a grid row: `·` for nothing, a card by its (short) name."""
    if value is None:
        return "·"
    if isinstance(value, dict):
        uid = value.get("uid")
        if uid is None:
            return str(value)
        name = str(value.get("name") or names.get(uid, f"#{uid}"))
        return name if len(name) <= width else name[: width - 1] + "…"
    return str(value)


def render_view(
    view: Any, indent: int = 0, max_items: int = 12, uid_names: dict[int, str] | None = None
) -> list[str]:
    """Turn a view dict into indented lines: scalars inline, card lists by name,
    zones as 'name (count): cards' — hidden zones show only their count; a grid
    (a list of lists, e.g. a board) a row per line, its cards by name."""
    if uid_names is None:
        uid_names = _uid_names(view)
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(view, dict):
        for key, value in view.items():
            label = str(key).replace("_", " ")
            if isinstance(value, dict) and "count" in value and ("name" in value or "cards" in value):
                cards = value.get("cards")
                if cards is None:
                    lines.append(f"{pad}{label}: {plural(int(value['count']), 'card')}, hidden")
                elif not cards:
                    lines.append(f"{pad}{label}: empty")
                else:
                    names = ", ".join(
                        _card_name(c) if isinstance(c, dict) else str(c) for c in cards[:max_items]
                    )
                    more = f", … +{len(cards) - max_items}" if len(cards) > max_items else ""
                    lines.append(f"{pad}{label} ({len(cards)}): {names}{more}")
            elif isinstance(value, dict):
                lines.append(f"{pad}{label}:")
                lines.extend(render_view(value, indent + 1, max_items, uid_names))
            elif isinstance(value, list):
                if value and all(isinstance(v, list) for v in value):
                    lines.append(f"{pad}{label}:")
                    rows = [[_cell(c, uid_names) for c in row] for row in value]
                    widths: dict[int, int] = {}
                    for row in rows:
                        for i, cell in enumerate(row):
                            widths[i] = max(widths.get(i, 0), len(cell))
                    for r, row in enumerate(rows):
                        cells = " │ ".join(cell.ljust(widths[i]) for i, cell in enumerate(row))
                        lines.append(f"{pad}  {r}: {cells.rstrip() or '—'}")
                elif value and all(isinstance(v, dict) and ("name" in v or "id" in v) for v in value):
                    names = ", ".join(_card_name(v) for v in value[:max_items])
                    more = f", … +{len(value) - max_items}" if len(value) > max_items else ""
                    lines.append(f"{pad}{label} ({len(value)}): {names}{more}")
                elif all(not isinstance(v, (dict, list)) for v in value):
                    lines.append(f"{pad}{label}: {', '.join(str(v) for v in value) or '—'}")
                else:
                    lines.append(f"{pad}{label}:")
                    for v in value[:max_items]:
                        sub = render_view(v, indent + 1, max_items, uid_names)
                        if sub:
                            sub[0] = pad + "  - " + sub[0].lstrip()
                        lines.extend(sub)
            else:
                lines.append(f"{pad}{label}: {value}")
    elif isinstance(view, list):
        for v in view:
            lines.extend(render_view(v, indent, max_items, uid_names))
    else:
        lines.append(f"{pad}{view}")
    return lines


class StateView(Static):
    """The generic table: the current view in words."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(Text("\n".join(render_view(view))))
