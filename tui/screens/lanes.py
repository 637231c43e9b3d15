"""The base of the lane screens (BHM, The Scars): each side's area as text
lanes, the shared middle (phase, resolution zone), decisions in the list.

Cards in the lanes are clickable: a click shows the card in the detail panel
and narrows the choice list to the actions that involve it (Esc widens it
again). Hidden information never reaches these panels: they draw from
`game.view(viewer)` only.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from common.game import Action, Decision
from tui.screens.game import GameScreen
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail, find_cards

GLYPH = {0: "►", 1: "◄"}


def card_link(card: dict[str, Any] | None, label: str | None = None) -> str:
    """Markup for a clickable card name."""
    if not card:
        return "—"
    text = escape(label if label is not None else str(card.get("name", "?")))
    return f"[@click=screen.inspect({int(card['uid'])})]{text}[/]"


def bar(value: int, limit: int, width: int = 16) -> str:
    filled = max(0, min(width, round(width * value / max(1, limit))))
    return "█" * filled + "░" * (width - filled)


class LaneScreen(GameScreen):
    """Opponent's lane on top, the middle, your lane below; choices at the side."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.focus_uid: int | None = None

    def compose_table(self) -> ComposeResult:
        with VerticalScroll(id="lanes"):
            yield Static(id="lane-top", classes="lane")
            yield Static(id="lane-middle", classes="lane-middle")
            yield Static(id="lane-bottom", classes="lane")

    # -- to be filled by each game ------------------------------------------------------------
    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> str:
        raise NotImplementedError

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> str:
        return ""

    # -- drawing ----------------------------------------------------------------------------
    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        me = self.session.viewer()
        players = view.get("players", [])
        if len(players) < 2:
            return
        top = self.query_one("#lane-top", Static)
        bottom = self.query_one("#lane-bottom", Static)
        top.update(self.render_player(view, players[1 - me], False))
        bottom.update(self.render_player(view, players[me], True))
        top.set_classes(f"lane -p{2 - me}")
        bottom.set_classes(f"lane -p{me + 1} -mine")
        self.query_one("#lane-middle", Static).update(self.render_middle(view, decision))
        if self.focus_uid is not None:
            self.narrow(self.focus_uid)

    def who(self, seat: int) -> str:
        return f"{GLYPH[seat]} {self.seat_name(seat)}"

    # -- clicking cards ----------------------------------------------------------------------------
    def action_inspect(self, uid: int) -> None:
        cards = find_cards(self.view_data)
        card = cards.get(uid)
        involved = [a for a in self.legal if uid in a.args]
        note = (
            f"{len(involved)} choice(s) with this card — Esc shows all"
            if involved
            else "no choice with this card now"
        )
        self.query_one(CardDetail).show_card(card, note)
        if involved:
            self.focus_uid = uid
            self.narrow(uid)

    def narrow(self, uid: int) -> None:
        involved = [a for a in self.legal if uid in a.args]
        if not involved:
            self.focus_uid = None
            return
        actions = self.query_one(ActionList)
        actions.show([(a, self.session.game.describe_action(a)) for a in involved])
        actions.focus()

    def action_cancel(self) -> None:
        super().action_cancel()
        if self.focus_uid is not None:
            self.focus_uid = None
            self.refresh_view()

    def after_human_action(self) -> None:
        self.focus_uid = None
