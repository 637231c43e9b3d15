"""A readable picture of any engine's view (the generic screen's table)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


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


def render_view(view: Any, indent: int = 0, max_items: int = 12) -> list[str]:
    """Turn a view dict into indented lines: scalars inline, card lists by name,
    zones as 'name (count): cards' — hidden zones show only their count."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(view, dict):
        for key, value in view.items():
            label = str(key).replace("_", " ")
            if isinstance(value, dict) and "count" in value and ("name" in value or "cards" in value):
                cards = value.get("cards")
                if cards is None:
                    lines.append(f"{pad}{label}: {value['count']} card(s), hidden")
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
                lines.extend(render_view(value, indent + 1, max_items))
            elif isinstance(value, list):
                if value and all(isinstance(v, dict) and ("name" in v or "id" in v) for v in value):
                    names = ", ".join(_card_name(v) for v in value[:max_items])
                    more = f", … +{len(value) - max_items}" if len(value) > max_items else ""
                    lines.append(f"{pad}{label} ({len(value)}): {names}{more}")
                elif all(not isinstance(v, (dict, list)) for v in value):
                    lines.append(f"{pad}{label}: {', '.join(str(v) for v in value) or '—'}")
                else:
                    lines.append(f"{pad}{label}:")
                    for v in value[:max_items]:
                        sub = render_view(v, indent + 1, max_items)
                        if sub:
                            sub[0] = pad + "  - " + sub[0].lstrip()
                        lines.extend(sub)
            else:
                lines.append(f"{pad}{label}: {value}")
    elif isinstance(view, list):
        for v in view:
            lines.extend(render_view(v, indent, max_items))
    else:
        lines.append(f"{pad}{view}")
    return lines


class StateView(Static):
    """The generic table: the current view in words."""

    def show(self, view: dict[str, Any]) -> None:
        self.update(Text("\n".join(render_view(view))))
