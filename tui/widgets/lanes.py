"""The lane table of BHM and The Scars: text lines in which cards are chips a
keyboard cursor walks over (arrows / hjkl) and the mouse clicks.

The widget knows no rules. Its screen gives it lines of `Seg`s (plain words,
or a card chip with its uid) and the set of uids that take part in a legal
choice now; it posts `CardChosen` (Enter, Space, a click) and
`CardHighlighted` (the cursor moved). Focus reads without colour: the cursor
chip is drawn in reverse video behind a `▶`, a chip with a choice now has
a `▸` in front of it, and the selected card (whose choices the list shows) a `●`.

The board sits in a `LaneScroll`: a region of bounded height (the game screen's
80 × 24 layout) that scrolls when the lines need more rows, and says in words
how many rows are out of sight. When the region has rows to spare, a `FILL`
line takes them (the game screen puts it between the two sides, so that your
side stays next to the prompt).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.widget import Widget

from tui.wording import UNBROKEN, costs_whole

CURSOR_MARK, ACTION_MARK, SELECTED_MARK = "▶", "▸", "●"
FILL = "lane--fill"  # the style of a line with no segments that takes the board's spare rows
CURSOR_ROWS = 3  # the rows kept in sight around the cursor's card: its row and one each side
GLUED = {",", ";", ":"}  # a separator that stays on the row of the chip (or pile count) before it


@dataclass(frozen=True, slots=True)
class Seg:
    """A run of text on a lane line; a card chip when `uid` is set."""

    text: str
    style: str = ""  # a component class of LaneBoard ("lane--dim", …) or ""
    uid: int | None = None


def words(text: str, style: str = "") -> list[Seg]:
    """Plain text cut at its spaces (a line may wrap between words), not within a cost
    (`costs_whole`: `(2 energy)`)."""
    parts = costs_whole(text).split(" ")
    out = [
        Seg(p.replace(UNBROKEN, " ") + (" " if i < len(parts) - 1 else ""), style)
        for i, p in enumerate(parts)
    ]
    return [s for s in out if s.text]


def seg_width(seg: Seg) -> int:
    """The columns a segment takes as it is drawn: a chip its mark's column, then its label; its
    cells, not its characters (`⚡` takes two: BHM's `⚡ stack of 2, …` and The Scars' `⚡1/4` counted
    one, and the row's last column was cropped). A mark (`★`, `◆`, `✦`) takes one: East Asian
    "ambiguous" like the box lines and `…` of every widget, drawn one column wide by Rich and
    Textual in every locale."""
    return cell_len(seg.text) + (seg.uid is not None)


def wrapped(line: list[Seg], width: int) -> list[tuple[int, int, int]]:
    """Each segment of a lane line at `width` columns: its row (from the line's first, 0), column
    and width. The line wraps between segments, its wrapped rows 4 columns further in than its
    leading spaces (`words("  hand:")` starts with two segments of one space); a chip and the
    comma after it go to the next row together (never `, Mammoth`). The board draws by it
    (`LaneBoard._layout`); the screens measure their lines by it (`rows_taken`)."""
    said = "".join(seg.text for seg in line)
    indent = len(said) - len(said.lstrip(" "))
    out: list[tuple[int, int, int]] = []
    row = x = 0
    for k, seg in enumerate(line):
        w = seg_width(seg)
        nxt = line[k + 1] if k + 1 < len(line) else None
        glued = cell_len(nxt.text) if nxt is not None and nxt.uid is None and nxt.text in GLUED else 0
        if x + w + glued > width and x > indent + 2:
            row, x = row + 1, indent + 4
        out.append((row, x, w))
        x += w
    return out


def rows_taken(line: list[Seg], width: int) -> int:
    """The rows a lane line takes at `width` columns, wrapped as the board wraps it (`wrapped`)."""
    places = wrapped(line, width)
    return places[-1][0] + 1 if places else 1


@dataclass(slots=True)
class _Placed:
    row: int
    x: int
    seg: Seg
    width: int


class LaneBoard(Widget, can_focus=True):
    """Both sides' lanes and the middle, with a card cursor."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "lane--head",
        "lane--middle",
        "lane--dim",
        "lane--chip",
        "lane--actionable",
        "lane--cursor",
        "lane--selected",
        "lane--warn",
        "lane--p1",
        "lane--p2",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", "Prev card", show=False),
        Binding("right,l", "step(1)", "Next card", show=False),
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j", "row(1)", "Down", show=False),
        Binding("home", "edge(0)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
        Binding("enter,space", "choose", "Choose card"),
    ]

    class CardChosen(Message):
        def __init__(self, uid: int) -> None:
            super().__init__()
            self.uid = uid

    class CardHighlighted(Message):
        def __init__(self, uid: int | None) -> None:
            super().__init__()
            self.uid = uid

    show_cursor = True  # False: read-only lanes (a replay) draw no cursor

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[list[Seg]] = []
        self.line_styles: list[str] = []  # a component class for the whole line, or ""
        self.actionable: set[int] = set()
        self.cursor_uid: int | None = None
        self.selected: int | None = None  # the card whose choices are being narrowed to
        self._placed: list[_Placed] = []
        self._rows = 0
        self._row_style: list[str] = []

    # -- data in --------------------------------------------------------------------------
    def show(self, lines: list[tuple[str, list[Seg]]], actionable: set[int], home: int | None = None) -> None:
        """(line style, segments) per logical line; the uids with a choice now; `home`, where the
        cursor starts when no card has a choice (the viewer's own first card: at a mulligan or
        the other side's turn it stood on the opponent's hero, the board's first chip)."""
        self.line_styles = [s for s, _ in lines]
        self.lines = [segs for _, segs in lines]
        self.actionable = set(actionable)
        chips = self.chip_uids()
        if self.cursor_uid not in chips:
            first = next((u for u in chips if u in self.actionable), None)
            if first is None:
                first = home if home in chips else (chips[0] if chips else None)
            self.cursor_uid = first
        self._placed = []
        self.refresh(layout=True)

    def chip_uids(self) -> list[int]:
        seen: list[int] = []
        for line in self.lines:
            for s in line:
                if s.uid is not None and s.uid not in seen:
                    seen.append(s.uid)
        return seen

    # -- layout ---------------------------------------------------------------------------------
    def _layout(self, width: int, height: int = 0) -> tuple[list[_Placed], int, list[str]]:
        """Each segment's row and column at `width` columns; when the board is `height` rows
        tall and its lines need fewer, the first `FILL` line takes the rows to spare."""
        width = max(20, width)
        placed: list[_Placed] = []
        row_style: list[str] = []
        row = -1
        fill_at: int | None = None
        for style, line in zip(self.line_styles, self.lines, strict=True):
            if style == FILL:
                fill_at = row + 1 if fill_at is None else fill_at
                continue
            row += 1
            row_style.append(style)
            first = row
            for seg, (r, x, w) in zip(line, wrapped(line, width), strict=True):
                if first + r > row:  # the line wraps here
                    row = first + r
                    row_style.append(style)
                placed.append(_Placed(row, x, seg, w))
        rows = row + 1
        spare = height - rows
        if fill_at is not None and spare > 0:
            for p in placed:
                if p.row >= fill_at:
                    p.row += spare
            row_style[fill_at:fill_at] = [""] * spare
            rows += spare
        return placed, rows, row_style

    def rows_for(self, width: int) -> int:
        """The rows the lines take at `width` columns (a line wraps between its words; a
        `FILL` line takes none)."""
        return max(1, self._layout(width)[1])

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return self.rows_for(width)

    # -- drawing -----------------------------------------------------------------------------------
    def render(self) -> Text:
        width = self.size.width or 80
        self._placed, self._rows, self._row_style = self._layout(width, self.size.height)
        rows: list[Text] = [Text(no_wrap=True, overflow="crop") for _ in range(self._rows)]
        xs = [0] * self._rows
        base_styles = [self.get_component_rich_style(s) if s else Style() for s in self._row_style]
        for p in self._placed:
            t = rows[p.row]
            base = base_styles[p.row]
            if p.x > xs[p.row]:
                t.append(" " * (p.x - xs[p.row]), base)
            seg = p.seg
            style = base + (self.get_component_rich_style(seg.style, partial=True) if seg.style else Style())
            if seg.uid is None:
                t.append(seg.text, style)
            else:
                is_cursor = seg.uid == self.cursor_uid and self.show_cursor
                act = seg.uid in self.actionable
                mark = (
                    CURSOR_MARK
                    if is_cursor and self.has_focus
                    else SELECTED_MARK
                    if seg.uid == self.selected
                    else ACTION_MARK
                    if act
                    else " "
                )
                chip = style + self.get_component_rich_style("lane--chip", partial=True)
                if act:
                    chip += self.get_component_rich_style("lane--actionable", partial=True)
                if seg.uid == self.selected:
                    chip += self.get_component_rich_style("lane--selected", partial=True)
                if is_cursor:
                    chip += self.get_component_rich_style("lane--cursor", partial=True)
                    chip += Style(reverse=True) if self.has_focus else Style(underline=True)
                t.append(mark, style + Style(bold=True))
                t.append(seg.text, chip)
            xs[p.row] = p.x + p.width
        for i, t in enumerate(rows):  # a line's background runs to the edge
            if width > xs[i]:
                t.append(" " * (width - xs[i]), base_styles[i])
        return Text("\n").join(rows)

    # -- cursor ---------------------------------------------------------------------------------------
    def _chips(self) -> list[_Placed]:
        if not self._placed:
            self._placed, self._rows, self._row_style = self._layout(self.size.width or 80, self.size.height)
        return [p for p in self._placed if p.seg.uid is not None]

    def _current(self) -> _Placed | None:
        for p in self._chips():
            if p.seg.uid == self.cursor_uid:
                return p
        return None

    def move_to(self, uid: int | None) -> None:
        if uid == self.cursor_uid:
            return
        self.cursor_uid = uid
        self.refresh()
        self.post_message(self.CardHighlighted(uid))
        self.scroll_to_cursor()

    def scroll_to_cursor(self) -> None:
        cur = self._current()
        parent = self.parent
        if cur is None or parent is None or not hasattr(parent, "scroll_to_region"):
            return
        top = self.virtual_region.y + cur.row
        parent.scroll_to_region(Region(0, max(0, top - 1), 1, CURSOR_ROWS), animate=False)

    def action_step(self, d: int) -> None:
        chips = self._chips()
        if not chips:
            return
        cur = self._current()
        if cur is None:
            self.move_to(chips[0].seg.uid)
            return
        i = chips.index(cur)
        self.move_to(chips[(i + d) % len(chips)].seg.uid)

    def action_row(self, d: int) -> None:
        chips = self._chips()
        cur = self._current()
        if cur is None:
            self.action_step(1)
            return
        rows = sorted({p.row for p in chips})
        i = rows.index(cur.row)
        if not 0 <= i + d < len(rows):
            return
        target = rows[i + d]
        cx = cur.x + cur.width // 2
        best = min((p for p in chips if p.row == target), key=lambda p: (abs(p.x + p.width // 2 - cx), p.x))
        self.move_to(best.seg.uid)

    def action_edge(self, end: int) -> None:
        chips = self._chips()
        if chips:
            self.move_to(chips[-1 if end else 0].seg.uid)

    def action_choose(self) -> None:
        if self.cursor_uid is not None:
            self.post_message(self.CardChosen(self.cursor_uid))

    def on_click(self, event: events.Click) -> None:
        for p in self._chips():
            if p.row == event.y and p.x <= event.x < p.x + p.width:
                self.focus()
                self.move_to(p.seg.uid)
                assert p.seg.uid is not None
                self.post_message(self.CardChosen(p.seg.uid))
                return

    def on_focus(self) -> None:
        self.refresh()
        self.post_message(self.CardHighlighted(self.cursor_uid))

    def on_blur(self) -> None:
        self.refresh()


class LaneScroll(VerticalScroll):
    """The lanes' region. When the board's lines need more rows than it has, it scrolls (the
    card cursor scrolls it: every card comes into sight) and its bottom edge says how many rows
    are out of sight above and below (the class `-overflow`, styled in app.tcss)."""

    def board(self) -> LaneBoard | None:
        return next(iter(self.query(LaneBoard)), None)

    def out_of_sight(self) -> tuple[int, int]:
        """The rows above and below the ones in sight."""
        above = round(self.scroll_y)
        return above, max(0, round(self.max_scroll_y) - above)

    def tell(self) -> None:
        board = self.board()
        if board is None or not self.region.height:
            return
        if self.styles.border_top[0] not in ("", "none"):  # a box of its own (the roomy column)
            over = self.max_scroll_y > 0
        else:  # the edge that tells (class -overflow) takes a row of the region: not counted
            over = board.rows_for(board.size.width or self.size.width) > self.region.height
        self.set_class(over, "-overflow")
        above, below = self.out_of_sight() if over else (0, 0)
        parts = []
        if above:
            parts.append(f"▲ {above} row{'s' if above > 1 else ''} above")
        if below:
            parts.append(f"▼ {below} more row{'s' if below > 1 else ''} below")
        if parts:
            parts.append("the card cursor scrolls")
        self.border_subtitle = " · ".join(parts)

    def _refresh_scrollbars(self) -> None:
        """Textual's choice of scroll bars, less a vertical bar the board does not need: shown
        while the board overflowed (a resumed game's first drawing, before its last actions are
        retold), Textual keeps it while the board, laid out in the columns beside it, still
        overflows, though it would fit in the bar's columns too (BHM's roomy lanes at 120 × 40:
        27 rows at 68 columns, 26 at 70, for 26 in sight). Without the bar the board fits, so
        Textual does not bring it back: no loop between the bar and the board."""
        super()._refresh_scrollbars()
        if not self.show_vertical_scrollbar or self.show_horizontal_scrollbar:
            return
        board = self.board()
        if self.styles.overflow_y != "auto" or board is None:
            return
        width, height = self.container_size
        if board.rows_for(width) <= height:
            self.show_vertical_scrollbar = False
            self.vertical_scrollbar.display = False

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.tell()

    def watch_virtual_size(self, size: Size) -> None:
        self.tell()
        self.call_after_refresh(self.show_end)

    def scroll_to_region(self, region: Region, *args: Any, **kwargs: Any) -> Offset:
        """Asked to show more rows than it has (the whole board: Textual does so when the board
        takes the focus), it shows the viewer's side and the card under the cursor instead."""
        board = self.board()
        sight = self.scrollable_content_region.height
        if board is not None and region.height > max(CURSOR_ROWS, sight):  # not the cursor's rows
            self.show_end()
            return Offset()
        return super().scroll_to_region(region, *args, **kwargs)

    def show_end(self) -> None:
        """The last rows in sight (the viewer's side, next to the prompt), then the card under
        the cursor (the cards above come into sight as the cursor goes up)."""
        if not self.max_scroll_y:
            return
        self.scroll_end(animate=False, immediate=True)
        board = self.board()
        if board is not None:
            board.scroll_to_cursor()

    def on_resize(self) -> None:
        self.tell()
