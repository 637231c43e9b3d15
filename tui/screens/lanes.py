"""The base of the lane screens (BHM, The Scars): each side's area as text
lanes, the shared middle (phase, resolution zone), decisions in the list.

Cards in the lanes are chips of a `LaneBoard`: the arrows (or hjkl) walk over
them, Enter (or a click) shows the card in the detail panel and narrows the
choice list to the actions that involve it (Esc widens it again). Hidden
information never reaches these panels: they draw from `game.view(viewer)`.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from common.game import Action, Decision
from tui.screens.game import GameScreen
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail, find_cards
from tui.widgets.lanes import LaneBoard, Seg, words
from tui.widgets.status import Prompt

GLYPH = {0: "►", 1: "◄"}

Line = tuple[str, list[Seg]]


def chip(card: dict[str, Any] | None, label: str | None = None) -> list[Seg]:
    """A card chip (cursor and click), or a dash when there is no card."""
    if not card:
        return [Seg("—")]
    return [Seg(label if label is not None else str(card.get("name", "?")), uid=int(card["uid"]))]


def chips(cards: list[dict[str, Any]], limit: int = 12, sep: str = ",") -> list[Seg]:
    if not cards:
        return [Seg(" —")]
    out: list[Seg] = []
    for i, c in enumerate(cards[:limit]):
        out += chip(c)
        if i < min(limit, len(cards)) - 1:
            out.append(Seg(sep))
    if len(cards) > limit:
        out.append(Seg(f" … +{len(cards) - limit}", "lane--dim"))
    return out


def bar(value: int, limit: int, width: int = 16) -> str:
    filled = max(0, min(width, round(width * value / max(1, limit))))
    return "█" * filled + "░" * (width - filled)


class LaneScreen(GameScreen):
    """Opponent's lane on top, the middle, your lane below; choices at the side."""

    LANE_KEYS = """
- `←↑↓→` or `h` `j` `k` `l` — walk over the cards of the table; `▸` marks a card with a choice now
- `Enter`/`Space` or a click on a card — read it and narrow the choice list to it (`Esc` shows all)
- `Tab` — between the table and the choice list; `1`…`9` — take that choice
"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.focus_uid: int | None = None

    def compose_table(self) -> ComposeResult:
        with VerticalScroll(id="lanes"):
            yield LaneBoard(id="lane-board")

    def focus_first(self) -> None:
        self.query_one(LaneBoard).focus()

    # -- to be filled by each game ------------------------------------------------------------
    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        raise NotImplementedError

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> list[Line]:
        return []

    # -- drawing ----------------------------------------------------------------------------
    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        me = self.session.viewer()
        players = view.get("players", [])
        if len(players) < 2:
            return
        lines = self.render_player(view, players[1 - me], False)
        lines += self.render_middle(view, decision)
        lines += self.render_player(view, players[me], True)
        actionable = {a for act in legal for a in act.args if isinstance(a, int)}
        board = self.query_one(LaneBoard)
        board.show(lines, actionable)
        if board.has_focus and decision is not None and legal and not actionable:
            self.query_one(ActionList).focus()  # nothing to point at: choose in the list
        if self.focus_uid is not None:
            self.narrow(self.focus_uid)

    def who(self, seat: int) -> str:
        return f"{GLYPH[seat]} {self.seat_name(seat).replace('Player ', 'P')}"

    def head_style(self, seat: int) -> str:
        return f"lane--p{seat + 1}"

    # -- choosing cards ------------------------------------------------------------------------------
    def on_lane_board_card_chosen(self, message: LaneBoard.CardChosen) -> None:
        self.action_inspect(message.uid)

    def on_lane_board_card_highlighted(self, message: LaneBoard.CardHighlighted) -> None:
        if message.uid is None:
            return
        card = find_cards(self.view_data).get(message.uid)
        n = len([a for a in self.legal if message.uid in a.args])
        note = f"Enter: the {n} choice(s) with this card" if n else "no choice with this card now"
        self.query_one(CardDetail).show_card(card, note)

    def action_inspect(self, uid: int) -> None:
        cards = find_cards(self.view_data)
        card = cards.get(uid)
        involved = [a for a in self.legal if uid in a.args]
        if involved:
            note = f"{len(involved)} choice(s) with this card — Esc shows all"
        elif self.legal:
            note = "no choice with this card now"
        else:
            note = "not your decision now"
        self.query_one(CardDetail).show_card(card, note)
        if involved:
            self.focus_uid = uid
            self.narrow(uid)
            return
        name = (card or {}).get("name", "this card")
        if not self.can_act():
            self.query_one(Prompt).error = "Wait: it is not your decision now."
        elif any(isinstance(x, int) for a in self.legal for x in a.args):
            self.query_one(
                Prompt
            ).error = f"No choice with {name} now: ▸ marks the cards with one (Tab: the list)."
        else:
            self.query_one(Prompt).error = f"No choice with {name} now: choose in the list."
            self.query_one(ActionList).focus()

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
            self.query_one(LaneBoard).focus()

    def after_human_action(self) -> None:
        if self.focus_uid is not None:
            self.focus_uid = None
            self.query_one(LaneBoard).focus()


__all__ = ["LaneScreen", "Line", "Seg", "bar", "chip", "chips", "words"]
