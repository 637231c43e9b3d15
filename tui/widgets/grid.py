"""A grid board (Hand of the Gods): cells drawn from plain data, a keyboard
cursor (arrows / hjkl) and mouse clicks. It knows no rules: its screen gives
it `CellView`s and receives `CellChosen` / `CursorMoved` messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

# who owns a unit, not by colour alone (the log marks a unit that leaves the board with it too)
from tui.log_words import OWNER_GLYPH as OWNER_GLYPH
from tui.widgets.hand import clip

MARKER_W = 2  # a unit's marker and the space after it, at the end of a line of its cell


@dataclass(frozen=True, slots=True)
class CellView:
    """What one cell shows: two short lines, the owner, a marker glyph
    ('»' move, '×' attack, '+' deploy, '◎' target, '' none), selected or not."""

    top: str = ""
    bottom: str = ""
    extra: str = ""  # a third line on tall terminals (status marks spelled out)
    tall_bottom: str | None = None  # the second line when there is a third (None: `bottom`)
    owner: int | None = None
    kind: str = "empty"  # "empty" | "unit" | "stone" | "banished"
    marker: str = ""
    selected: bool = False
    last: str = ""  # what the last turn did here: '★' acted, '⚔' attacked, '✦' aimed at, '◇' left, '✝' died


def marker_line(lines: list[str], width: int) -> tuple[int, list[str]]:
    """Where a unit's marker (`»`, `×`) goes among its cell's `lines` at `width` columns, and the
    lines as they are drawn. It ends the last line: of two (the stats, made to fit beside it), or
    of three when that line's text fits beside it. A third line that does not (`resurrection`,
    `exhausted s…`) keeps its text whole and the marker ends the line above when that one has
    the room, else it is cut cleanly, with `…`, before the marker: the marker ate its last two
    columns (`resurrecti×`, `exhausted ×`)."""
    room = width - MARKER_W
    last = len(lines) - 1
    if last < 2 or len(lines[last]) <= room:  # (two lines: the stats, made to fit beside it)
        return last, lines
    if len(lines[1]) <= room:
        return 1, lines
    return last, [*lines[:last], clip(lines[last], room)]


class GridBoard(Widget, can_focus=True):
    """rows × cols cells; the cursor cell is shown in reverse video."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "grid--p1",
        "grid--p2",
        "grid--neutral",
        "grid--empty",
        "grid--dark",
        "grid--marker",
        "grid--selected",
        "grid--banished",
        "grid--label",
        "grid--last",
        "grid--rule",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1,0)", "Up", show=False),
        Binding("down,j", "move(1,0)", "Down", show=False),
        Binding("left,h", "move(0,-1)", "Left", show=False),
        Binding("right,l", "move(0,1)", "Right", show=False),
        Binding("enter,space", "choose", "Choose"),
    ]

    cursor: reactive[tuple[int, int]] = reactive((2, 0))
    show_cursor = True  # False: a read-only board (a replay) draws no cursor
    # False: Enter has nothing to choose now (the game is over, the other side decides):
    # `⏎ Choose` leaves the key bar and the key does nothing
    choosable = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.choosable if action == "choose" else True

    class CellChosen(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    class CursorMoved(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    def __init__(self, rows: int, cols: int, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows = rows
        self.cols = cols
        self.cells: list[list[CellView]] = [[CellView() for _ in range(cols)] for _ in range(rows)]

    # -- data in -------------------------------------------------------------------------
    def show(self, cells: list[list[CellView]]) -> None:
        self.cells = cells
        self.refresh()

    # -- geometry -------------------------------------------------------------------------
    LABEL_W = 2

    def cell_width(self) -> int:
        return max(5, min(12, (self.size.width - self.LABEL_W - 1) // self.cols - 1))

    def cell_height(self) -> int:
        """Three lines a cell on a tall terminal (name, attack/health, marks), else two."""
        return 3 if self.app.size.height >= 36 else 2

    def ruled(self) -> bool:
        """Lines between the rows when there is room (the boxes of the board)."""
        return self.cell_height() == 3

    def row_pitch(self) -> int:
        return self.cell_height() + (1 if self.ruled() else 0)

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        w, h, pitch = self.cell_width(), self.cell_height(), self.row_pitch()
        col = (x - self.LABEL_W - 1) // (w + 1)
        row, within = divmod(y - 1, pitch)
        if y < 1 or x < self.LABEL_W or within >= h or not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        return row, col

    # -- drawing ----------------------------------------------------------------------------
    def _style(self, cell: CellView, r: int, c: int) -> Style:
        if cell.kind == "banished":
            base = self.get_component_rich_style("grid--banished")
        elif cell.kind in ("unit", "stone"):
            base = self.get_component_rich_style(
                "grid--p1" if cell.owner == 0 else "grid--p2" if cell.owner == 1 else "grid--neutral"
            )
        else:
            base = self.get_component_rich_style("grid--empty")
        if (r + c) % 2:
            base = base + self.get_component_rich_style("grid--dark", partial=True)
        if cell.selected:
            base = base + self.get_component_rich_style("grid--selected", partial=True)
        if (r, c) == self.cursor and self.show_cursor:
            base = base + (Style(reverse=True) if self.has_focus else Style(underline=True))
        return base

    def _cell_lines(
        self, cell: CellView, r: int, c: int, w: int, h: int, last_style: Style
    ) -> tuple[Style, list[str], int]:
        """What a cell draws on each of its `h` lines: its style, its lines' texts and the line a
        unit's marker ends (`marker_line`; -1: none)."""
        style = self._style(cell, r, c)
        if cell.last:
            style = style + last_style
        second = cell.tall_bottom if h == 3 and cell.tall_bottom is not None else cell.bottom
        texts = [cell.top, second, cell.extra][:h]
        marked = -1
        if cell.marker and cell.kind != "empty":
            marked, texts = marker_line(texts, w)
        return style, texts, marked

    def render(self) -> Text:
        w, h = self.cell_width(), self.cell_height()
        label = self.get_component_rich_style("grid--label")
        rule = self.get_component_rich_style("grid--rule")
        marker_style = self.get_component_rich_style("grid--marker", partial=True)
        last_style = self.get_component_rich_style("grid--last", partial=True)
        out = Text(no_wrap=True, overflow="crop")
        out.append(" " * (self.LABEL_W + 1))
        for c in range(self.cols):
            out.append(f"{c:^{w}}", label)
            out.append(" ")
        out.append("\n")
        for r in range(self.rows):
            if r and self.ruled():
                out.append(" " * self.LABEL_W, label)
                out.append("├" + "┼".join("─" * w for _ in range(self.cols)) + "┤", rule)
                out.append("\n")
            # each cell's style, lines and marker line once, not once per line drawn
            drawn = [self._cell_lines(self.cells[r][c], r, c, w, h, last_style) for c in range(self.cols)]
            for line in range(h):
                out.append(f"{r:>{self.LABEL_W - 1}} " if line == 0 else " " * self.LABEL_W, label)
                for c in range(self.cols):
                    cell = self.cells[r][c]
                    prev = self.cells[r][c - 1] if c else None
                    if cell.selected:
                        out.append("[", label + Style(bold=True))
                    elif prev is not None and prev.selected:
                        out.append("]", label + Style(bold=True))
                    else:
                        out.append("│", rule)
                    style, texts, marked = drawn[c]
                    text = texts[line]
                    if line == 0 and cell.last:
                        body = (
                            text[: w - 1].center(w - 1)
                            if cell.kind == "empty" and cell.marker
                            else text[: w - 1].ljust(w - 1)
                        )
                        out.append(
                            body, style + (marker_style if cell.kind == "empty" and cell.marker else Style())
                        )
                        out.append(cell.last, style + Style(bold=True))
                    elif cell.kind == "empty":
                        if cell.marker and line == 0:
                            out.append(text[:w].center(w), style + marker_style)
                        else:
                            out.append(text[:w].ljust(w), style)
                    elif line == marked:
                        out.append(text[: w - MARKER_W].ljust(w - MARKER_W), style)
                        out.append(f"{cell.marker} ", style + marker_style)
                    else:
                        out.append(text[:w].ljust(w), style)
                last_cell = self.cells[r][self.cols - 1]
                out.append(
                    "]" if last_cell.selected else "│",
                    label + Style(bold=True) if last_cell.selected else rule,
                )
                out.append("\n")
        out.rstrip()
        return out

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 1 + self.rows * self.cell_height() + ((self.rows - 1) if self.ruled() else 0)

    # -- input -----------------------------------------------------------------------------------
    def watch_cursor(self, value: tuple[int, int]) -> None:
        self.post_message(self.CursorMoved(*value))

    def action_move(self, dr: int, dc: int) -> None:
        r, c = self.cursor
        self.cursor = (min(self.rows - 1, max(0, r + dr)), min(self.cols - 1, max(0, c + dc)))

    def action_choose(self) -> None:
        self.post_message(self.CellChosen(*self.cursor))

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is None:
            return
        self.focus()
        self.cursor = cell
        self.post_message(self.CellChosen(*cell))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
