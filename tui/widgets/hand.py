"""A hand of cards in a row or two: names, costs, which are playable now."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True, slots=True)
class HandCard:
    uid: int
    label: str  # e.g. "Hoplite 2"
    playable: bool
    selected: bool = False
    name: str = ""  # the start of `label` that may be cut with "…" when the row is crowded


def clip(text: str, width: int) -> str:
    """`text` in `width` columns: as much of it as fits, then "…" when it is cut."""
    if len(text) <= width:
        return text
    return text[: max(1, width - 1)].rstrip() + "…"


# Between two cards of a line: without it a card's stats ran into the next card's number key,
# told apart by colour alone (`0/4 2 Magic Shell`, where a card not playable has no `▸`)
SEP = " │ "

# How long a card's name may stay, longest first, until the hand fits in `MAX_LINES` lines.
NAME_CAPS = (None, 18, 16, 14, 12, 10)
MAX_LINES = 2
# Shorter still only when a hand at the last cap would not fit the row's most lines (its
# `max-height`): ten cards of long names with the `│` between them took a 4th line, out of sight.
LAST_CAPS = (8, 6, 4)
MOST_LINES = 3


class HandRow(Widget, can_focus=True):
    """Cards as `1▸Marksman (2) 2/1 │ 2 Magic Shell (1) ✦`: each after its number key, `▸`
    marking the playable ones (not colour alone), `│` between two cards of a line."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hand--playable",
        "hand--unplayable",
        "hand--selected",
        "hand--title",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "Left", show=False),
        Binding("right,l", "move(1)", "Right", show=False),
        Binding("enter,space", "choose", "Choose"),
    ]

    index: reactive[int] = reactive(0)
    show_cursor = True  # False: a read-only hand (a replay) draws no cursor
    # False: Enter has nothing to choose now (the game is over, the other side decides):
    # `⏎ Choose` leaves the key bar and the key does nothing
    choosable = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.choosable if action == "choose" else True

    class CardChosen(Message):
        def __init__(self, uid: int) -> None:
            super().__init__()
            self.uid = uid

    class CardHighlighted(Message):
        def __init__(self, uid: int | None) -> None:
            super().__init__()
            self.uid = uid

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[HandCard] = []
        self.title = "Hand"
        self.empty = "(no cards)"
        self._spans: list[tuple[int, int, int]] = []  # (line, start, end) per card

    def show(self, cards: list[HandCard], title: str = "Hand", empty: str = "(no cards)") -> None:
        """`empty`: what the row says when it shows no card (a hidden hand says how many it holds)."""
        self.cards = cards
        self.title = title
        self.empty = empty
        if self.index >= len(cards):
            self.index = max(0, len(cards) - 1)
        self.refresh(layout=True)

    @staticmethod
    def card_text(card: HandCard, cap: int | None) -> str:
        """The card's label with its name cut to `cap` columns (None: whole)."""
        if cap is None or not card.name or not card.label.startswith(card.name):
            return card.label
        return clip(card.name, cap) + card.label[len(card.name) :]

    def _layout(self, width: int) -> list[list[tuple[int, str]]]:
        """Every name whole when the hand fits in `MAX_LINES` lines, else cut shorter with
        "…" (as much of each name as fits, not its first word)."""
        for cap in NAME_CAPS:
            lines = self._layout_at(width, cap)
            if len(lines) <= MAX_LINES:
                return lines
        for cap in LAST_CAPS:
            if len(lines) <= MOST_LINES:
                break
            lines = self._layout_at(width, cap)
        return lines

    def _layout_at(self, width: int, cap: int | None) -> list[list[tuple[int, str]]]:
        lines: list[list[tuple[int, str]]] = [[]]
        used = len(self.title) + 2
        for i, card in enumerate(self.cards):
            mark = "▸" if card.playable else " "
            chunk = f"{i + 1}{mark}{self.card_text(card, cap)}"
            gap = len(SEP) if lines[-1] else 0
            if used + gap + len(chunk) + 1 > width and lines[-1]:
                lines.append([])
                used, gap = 0, 0
            lines[-1].append((i, chunk))
            used += gap + len(chunk)
        return lines

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"{self.title}: ", self.get_component_rich_style("hand--title"))
        if not self.cards:
            out.append(self.empty)
        self._spans = []
        x = len(self.title) + 2
        for n, line in enumerate(self._layout(max(20, self.size.width))):
            if n:
                out.append("\n")
                x = 0
            for k, (i, chunk) in enumerate(line):
                if k:
                    out.append(SEP)
                    x += len(SEP)
                card = self.cards[i]
                style = self.get_component_rich_style(
                    "hand--playable" if card.playable else "hand--unplayable"
                )
                if card.selected:
                    style += self.get_component_rich_style("hand--selected", partial=True)
                if i == self.index and self.has_focus and self.show_cursor:
                    from rich.style import Style

                    style += Style(reverse=True)
                out.append(chunk, style)
                self._spans.append((n, x, x + len(chunk)))
                x += len(chunk)
        return out

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self._layout(max(20, width))))

    def watch_index(self, value: int) -> None:
        self.post_message(
            self.CardHighlighted(self.cards[value].uid if 0 <= value < len(self.cards) else None)
        )

    def action_move(self, d: int) -> None:
        if self.cards:
            self.index = (self.index + d) % len(self.cards)

    def action_choose(self) -> None:
        if 0 <= self.index < len(self.cards):
            self.post_message(self.CardChosen(self.cards[self.index].uid))

    def on_click(self, event: events.Click) -> None:
        for i, (line, start, end) in enumerate(self._spans):
            if event.y == line and start <= event.x < end:
                self.focus()
                self.index = i
                self.post_message(self.CardChosen(self.cards[i].uid))
                return

    def on_focus(self) -> None:
        self.refresh()
        self.watch_index(self.index)

    def on_blur(self) -> None:
        self.refresh()
