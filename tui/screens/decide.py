"""Decision dialogs: the decisions that read better as their own widget than
as a flat list (cards offered side by side, a shelter choice, blockers, a
damage split, an amount to invest).

A dialog knows no rules. Its game screen builds it from the pending decision
and `game.view()`, and gives it `validate(plan) -> reason | None` (the plan
tried on a clone of the game, so a refusal carries the engine's own
`IllegalAction` reason). Confirming a refused plan shows the reason in the
dialog; it never closes silently. The dialog returns the plan (a list of
`Action`s for one player's decision) or None when the player presses Esc to
use the choice list instead (`d` opens the dialog again).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, HorizontalScroll, Vertical, VerticalScroll
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from common.game import Action
from tui.digits import TwoDigits, number_keys, typed_words
from tui.screens.base import BaseModal
from tui.widgets.actions import one_line
from tui.widgets.status import sentence
from tui.wording import plural

Validate = Callable[[list[Action]], str | None]


# -- tiles: pick one of several cards / options ------------------------------------------------------


def refuse(dialog: NumberedDialog, reason: str) -> None:
    """A plan or a key the dialog refuses: why, under it, as a sentence (`✗ There is no row 9`),
    as the prompt says a refused choice (`sentence`), and the bell."""
    dialog.say_under(f"✗ {sentence(reason)}")
    dialog.app.bell()


DIGIT_KEYS: list[BindingType] = [Binding(str(n), f"digit({n})", show=False) for n in range(10)]


class NumberedDialog(BaseModal[list[Action] | None]):
    """A dialog of numbered entries (tiles, rows) taken by their number keys the way the choice
    list takes its choices (`tui.digits`): past 9 by two digits, a digit that starts a number of
    the list waiting for the second one (the entry it names already the current one), `Enter`
    taking the first digit's own entry, another key dropping the wait; the line under the
    dialog says what comes next while a digit waits. (The dialogs' number keys stopped at 9.)"""

    NOUN = ""  # what an entry is called while a digit waits (`row`: `Enter row 1`)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.digits = TwoDigits()

    def entries(self) -> int:
        """How many numbered entries the dialog has."""
        raise NotImplementedError

    def go_to(self, i: int) -> None:
        """Entry `i` becomes the current one (nothing taken)."""
        raise NotImplementedError

    def take(self, i: int) -> None:
        """What entry `i`'s number key does (a tile: take it; a row: make it the current one)."""
        raise NotImplementedError

    def say_under(self, words: str, *, typed: bool = False) -> None:
        """The line under the entries: a refusal, or what comes next while a digit waits
        (`typed`); shown only while it has something to say (`-said`): a blank line kept for it
        took one of the dialog's rows at 80 × 24 (session 39)."""
        line = self.query_one(".decide-error", Static)
        line.set_class(typed and bool(words), "-typed")
        line.set_class(bool(words), "-said")
        line.update(words)
        self.said_changed()

    def said_changed(self) -> None:
        """The line under the entries came or went (a dialog that fits its rows to the screen
        fits them again)."""

    def tell_typed(self, words: str) -> None:
        self.say_under(words, typed=True)

    def action_digit(self, n: int) -> None:
        k = self.entries()
        number = self.digits.digit(n, k)
        if number is None:
            self.go_to(n - 1)
            self.tell_typed(typed_words(n, k, self.NOUN))
            return
        self.tell_typed("")
        if 1 <= number <= k:
            self.take(number - 1)
        else:
            refuse(self, f"there is no {self.NOUN or 'choice'} {number}")

    def on_key(self, event: events.Key) -> None:
        n = self.digits.other_key(event.key, event.character)
        if n is None:
            return
        self.tell_typed("")
        if n:  # `Enter`: the first digit's own entry, the current one
            event.stop()
            event.prevent_default()
            self.take(n - 1)


@dataclass(slots=True)
class Tile:
    title: str
    body: str
    action: Action
    note: str = ""  # e.g. "✗ not legal: …" for an option the engine refuses


class TileView(Static):
    """One card or option; the chosen one has a heavy border and `▶` in its title."""

    def __init__(self, tile: Tile, index: int) -> None:
        super().__init__(classes="tile")
        self.tile = tile
        self.index = index
        self.border_subtitle = tile.note or ""

    def set_current(self, current: bool) -> None:
        self.set_class(current, "-current")
        self.border_title = ("▶ " if current else "") + f"{self.index + 1}. {self.tile.title}".rstrip()

    def render(self) -> Text:
        return Text(self.tile.body)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        screen: Any = self.screen
        screen.pick(self.index)


class TileDialog(NumberedDialog):
    """Cards (or options) side by side with their text; ←→ and Enter, their numbers (past 9 by
    two digits: `NumberedDialog`), a click."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h,up,k", "move(-1)", "Prev", show=False),
        Binding("right,l,down,j,tab", "move(1)", "Next", show=False),
        Binding("enter,space", "confirm", "Choose"),
        Binding("escape", "close", "Use the list"),
        *DIGIT_KEYS,
    ]

    def __init__(self, title: str, prompt: str, tiles: list[Tile], validate: Validate) -> None:
        super().__init__(classes="dialog-screen decision-dialog")
        self.title_text = title
        self.prompt = prompt
        self.tiles = tiles
        self.validate = validate
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog decide"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.prompt, classes="decide-prompt")
            with HorizontalScroll(classes="tiles", can_focus=False):
                for i, t in enumerate(self.tiles):
                    yield TileView(t, i)
            yield Static("", classes="decide-error")
            yield Static(
                f"←→ choose · Enter take · {number_keys(len(self.tiles))} · click · Esc the choice list",
                classes="decide-keys dim",
            )

    def on_mount(self) -> None:
        super().on_mount()
        self.show_current()

    def show_current(self) -> None:
        for tv in self.query(TileView):
            tv.set_current(tv.index == self.index)
            if tv.index == self.index:
                tv.scroll_visible(animate=False)

    def action_move(self, d: int) -> None:
        if self.tiles:
            self.index = (self.index + d) % len(self.tiles)
            self.show_current()

    def entries(self) -> int:
        return len(self.tiles)

    def go_to(self, i: int) -> None:
        self.index = i
        self.show_current()

    def take(self, i: int) -> None:
        self.pick(i)

    def pick(self, i: int) -> None:
        self.index = i
        self.show_current()
        self.action_confirm()

    def action_confirm(self) -> None:
        if not self.tiles:
            return
        plan = [self.tiles[self.index].action]
        reason = self.validate(plan)
        if reason:
            refuse(self, reason)
            return
        self.dismiss(plan)

    def action_close(self) -> None:
        self.dismiss(None)


# -- rows: a value per row (blockers, damage split, an amount) -------------------------------------------
CLAUSE = " — "  # before a row label's closing clause, which a cut keeps whole (`cut_label`)


def cut_label(label: str, width: int) -> str:
    """`label` in `width` columns: whole if it fits, else its start and its end around a `…`
    (`one_line`); a closing clause after ` — ` stays whole when the start keeps 8 columns
    (`Knight of the… 3/3 — lethal needs 4`: `… needs 4` lost what the number is)."""
    if len(label) <= width:
        return label
    head, dash, clause = label.rpartition(CLAUSE)
    room = width - len(dash) - len(clause)
    if not dash or room < 8:
        return one_line(label, width)
    return one_line(head, room) + dash + clause


@dataclass(slots=True)
class Row:
    label: str
    options: list[str]  # what each value reads as
    index: int = 0
    notes: list[str] = field(default_factory=list)  # per option: "" or why the engine refuses it
    numeric: bool = False  # draw a bar (amounts, damage points)
    key: object = None  # what the row is about (e.g. a unit uid), for the screen and tests


class RowsView(Widget, can_focus=True):
    """Rows of `label  ◀ value ▶`; the current row is marked `▶` and in reverse video. A
    refusal under a row (`✗ Griffin Rider has Flying: only Flying or Ranged units can block it
    (SC-83)`) too long for its line goes on under its own start, and counts its lines (its end
    came back at the dialog's left edge, and a click under it fell on the wrong row). The total
    is its dialog's own line, always in sight (`RowsDialog`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"rows--label", "rows--value", "rows--bad", "rows--bar"}

    def __init__(self, rows: list[Row], *, two_lines: bool = False) -> None:
        super().__init__(classes="rows")
        self.rows = rows
        self.current = 0
        self.label_w = 12
        # rows that do not fit their line take two, the value under the label (`stacked`)
        self.two_lines = two_lines

    def stacked(self, width: int) -> bool:
        """Each row on two lines, its value under its label: with `two_lines`, when a label
        and a value of its would not fit one line of `width` columns whole, or a label its
        column (half the line at most: `label_width`)."""
        if not self.two_lines:
            return False
        longest = max((len(o) for r in self.rows for o in r.options), default=1)
        label = max((len(r.label) for r in self.rows), default=8)
        if label + 1 > max(12, width // 2):
            return True
        return self.label_offset + label + 1 + len(" ◀ ") + longest + len(" ▶") > width

    def label_width(self, width: int) -> int:
        """The labels' column: the longest label's, at most half the line (all of it, stacked)."""
        if self.stacked(width):
            return width - self.label_offset
        return min(max((len(r.label) for r in self.rows), default=8) + 1, max(12, width // 2))

    def note_lines(self, r: Row, width: int) -> list[str]:
        """Row `r`'s note (why the engine refuses its value), wrapped under its own start."""
        note = r.notes[r.index] if r.index < len(r.notes) else ""
        if not note:
            return []
        indent = self.label_offset + 2 if self.stacked(width) else self.label_width(width) + 2
        return [" " * indent + line for line in textwrap.wrap(note, max(12, width - indent))]

    def render(self) -> Text:
        width = max(20, self.size.width)
        stacked = self.stacked(width)
        label_w = self.label_w = self.label_width(width)
        numbered = len(self.rows) > 1
        lines: list[Text] = []
        for i, r in enumerate(self.rows):
            cur = i == self.current
            line = Text()
            line.append("▶ " if cur else "  ", "bold")
            if numbered:  # the row's number key (` 9. `, `12. `: two digits past 9)
                line.append(f"{i + 1:>{self.number_width - 2}}. ", "bold" if cur else "dim")
            # a label too long for its column keeps its start and its end around a `…`, a
            # closing clause whole (`Knight of the… 3/3 — lethal needs 4`: what the number is)
            label = r.label if len(r.label) < label_w else cut_label(r.label, label_w - 1)
            line.append(
                label if stacked else label.ljust(label_w), self.get_component_rich_style("rows--label")
            )
            if stacked:  # the value on the next line, under the label
                lines.append(line)
                line = Text(" " * (self.label_offset - 1))
            value = r.options[r.index] if r.options else "—"
            vstyle = self.get_component_rich_style("rows--value")
            if cur:
                vstyle += Style(reverse=True)
            line.append(" ◀ ", "bold" if cur else "")
            line.append(value, vstyle)
            line.append(" ▶", "bold" if cur else "")
            if r.numeric and len(r.options) > 1:
                # (stacked, the value has the line under the label to itself)
                used = self.label_offset if stacked else label_w
                room = max(4, min(24, width - used - len(value) - 10))
                filled = round(room * r.index / (len(r.options) - 1))
                line.append(
                    "  " + "█" * filled + "░" * (room - filled), self.get_component_rich_style("rows--bar")
                )
            lines.append(line)
            bad = self.get_component_rich_style("rows--bad")
            lines.extend(Text(n, bad) for n in self.note_lines(r, width))
        return Text("\n", no_wrap=True, overflow="ellipsis").join(lines)

    def lines_of(self, r: Row, width: int) -> int:
        """The lines row `r` takes: its own (two when `stacked`), and its note's."""
        return (2 if self.stacked(width) else 1) + len(self.note_lines(r, width))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return sum(self.lines_of(r, max(20, width)) for r in self.rows)

    def top_of(self, i: int) -> int:
        """The first line of row `i`."""
        width = max(20, self.size.width)
        return sum(self.lines_of(r, width) for r in self.rows[:i])

    @property
    def number_width(self) -> int:
        """Columns of a row's number (`1. `, ` 9. ` and `12. ` past 9), none for one row."""
        return len(str(len(self.rows))) + 2 if len(self.rows) > 1 else 0

    @property
    def label_offset(self) -> int:
        """Columns before a row's label: the `▶ ` mark and the row number."""
        return 2 + self.number_width

    def row_at(self, y: int) -> int | None:
        line = 0
        width = max(20, self.size.width)
        for i, r in enumerate(self.rows):
            n = self.lines_of(r, width)
            if line <= y < line + n:
                return i
            line += n
        return None

    def on_click(self, event: events.Click) -> None:
        i = self.row_at(event.y)
        if i is None:
            return
        self.current = i
        r = self.rows[i]
        # Click left of the value: previous, on or right of it: next (two lines: on the value's).
        screen: Any = self.screen
        if self.stacked(max(20, self.size.width)):
            screen.action_change(-1 if event.x < self.label_offset + 1 else 1)
            return
        screen.action_change(-1 if event.x < self.label_offset + min(len(r.label), self.label_w) + 2 else 1)


class RowsScroll(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The rows' scroll region: its dialog's total says the rows out of sight as it scrolls
    (by the keys or the mouse wheel). No keys of its own: `↑↓` move the dialog's current row
    (a scroll region's `↑↓` scrolled the rows instead, the current row left behind)."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        screen = self.screen
        if isinstance(screen, RowsDialog):
            screen.call_after_refresh(screen.tell_total)


NUMBER_KEYS = "1…9 row"


class RowsDialog(NumberedDialog):
    """Set a value per row with ←→ (or − +), rows with ↑↓ or their number
    (`1`…`9`, past 9 by two digits: `NumberedDialog`), Enter confirms.

    The rows scroll, the current one always in sight, between the title and the prompt above
    and the total, a refusal and the keys below, which stay in sight: at 80 × 24 seven rows of
    two lines each pushed the total and the keys out of the dialog, and an eighth row lay below
    its edge, unseen when `↓` or `8` made it the current row."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j,tab", "row(1)", "Down", show=False),
        Binding("left,h,minus", "change(-1)", "Less", show=False),
        Binding("right,l,plus,equals_sign", "change(1)", "More", show=False),
        Binding("home", "extreme(0)", "Min", show=False),
        Binding("end", "extreme(1)", "Max", show=False),
        Binding("enter,space", "confirm", "Confirm"),
        Binding("escape", "close", "Use the list"),
        *DIGIT_KEYS,
    ]

    NOUN = "row"  # (`Enter row 1`: Enter, which confirms the dialog, only ends the wait)

    def __init__(
        self,
        title: str,
        prompt: str,
        rows: list[Row],
        build: Callable[[list[Row]], list[Action] | str],
        validate: Validate,
        total: Callable[[list[Row]], str] | None = None,
        keys: str = f"↑↓ or {NUMBER_KEYS} · ←→ change · Enter confirm · Esc the choice list",
        *,
        two_lines: bool = False,
    ) -> None:
        super().__init__(classes="dialog-screen decision-dialog")
        self.title_text = title
        self.prompt = prompt
        self.rows = rows
        self.build = build
        self.validate = validate
        self.total_fn = total or (lambda rows: "")
        if len(rows) > 1 and "1…9" not in keys:  # every rows dialog says its number keys
            keys = (
                keys.replace(" · ", f" · {NUMBER_KEYS} · ", 1) if " · " in keys else f"{keys} · {NUMBER_KEYS}"
            )
        if len(rows) > 1:  # the rows there are: `1…3 blocker`, past 9 by two digits `1…12 blocker`
            keys = keys.replace("1…9", number_keys(len(rows)), 1)
        else:  # one row, not numbered: no row to go to (`↑↓ or 1…9 blocker` said nine)
            keys = " · ".join(part for part in keys.split(" · ") if "1…9" not in part)
        self.keys = keys
        self.two_lines = two_lines  # a row too long for its line takes two (`RowsView.stacked`)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog decide"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.prompt, classes="decide-prompt")
            with RowsScroll(classes="rows-scroll"):
                yield RowsView(self.rows, two_lines=self.two_lines)
            total = self.total_fn(self.rows)
            yield Static(total, classes="decide-total -said" if total else "decide-total")
            yield Static("", classes="decide-error")
            with Horizontal(classes="decide-keys"):
                yield Static(self.keys, classes="dim")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(RowsView).focus()
        self.call_after_refresh(self.fit_rows)

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self.fit_rows)

    @property
    def view(self) -> RowsView:
        return self.query_one(RowsView)

    def shown(self) -> bool:
        """The rows are on the screen (a call after a refresh may come after the dialog closed)."""
        return self.is_attached and bool(self.query(RowsView))

    def fit_rows(self) -> None:
        """The rows' height: what the screen leaves beside the dialog's other lines (its
        border, title, prompt, total, refusal and keys), so that those stay in sight."""
        if not self.shown():
            return
        dialog = self.query_one(".decide", Vertical)
        scroll = self.query_one(RowsScroll)
        other = (
            dialog.outer_size.height
            - dialog.size.height
            + sum(
                c.outer_size.height + c.styles.margin.top + c.styles.margin.bottom
                for c in dialog.children
                if c is not scroll and c.display
            )
        )
        scroll.styles.max_height = max(3, self.size.height - other)
        self.call_after_refresh(self.show_row)

    def redraw(self) -> None:
        self.view.refresh(layout=True)
        self.say_under("")
        self.tell_total()

    def said_changed(self) -> None:
        self.call_after_refresh(self.fit_rows)  # a refusal shown or gone changes what is left

    def out_of_sight(self) -> tuple[int, int]:
        """How many rows are wholly above and below the rows in sight."""
        view, scroll = self.view, self.query_one(RowsScroll)
        width = max(20, view.size.width)
        first, last = scroll.scroll_y, scroll.scroll_y + scroll.size.height
        above = below = top = 0
        for r in self.rows:
            n = view.lines_of(r, width)
            above += top + n <= first
            below += top >= last
            top += n
        return above, below

    def tell_total(self) -> None:
        """The total, and the rows out of sight (a scroll bar is only seen in colour)."""
        if not self.shown():
            return
        above, below = self.out_of_sight()
        more = " · ".join(
            [f"▲ {plural(above, 'row')} above"] * bool(above)
            + [f"▼ {plural(below, 'row')} below"] * bool(below)
        )
        total = self.total_fn(self.rows)
        said = f"{total} · {more}" if total and more else total or more
        line = self.query_one(".decide-total", Static)
        if line.has_class("-said") != bool(said):  # (no blank line kept for it: as `say_under`)
            line.set_class(bool(said), "-said")
            self.said_changed()
        line.update(said)

    def show_row(self) -> None:
        """The current row (with its note) scrolled into sight."""
        if not self.shown():
            return
        view = self.view
        width = max(20, view.size.width)
        top = view.top_of(view.current)
        n = view.lines_of(self.rows[view.current], width) if self.rows else 1
        self.query_one(RowsScroll).scroll_to_region(Region(0, top, 1, n), animate=False, immediate=True)
        self.call_after_refresh(self.tell_total)

    def action_row(self, d: int) -> None:
        if self.rows:
            self.view.current = (self.view.current + d) % len(self.rows)
            self.redraw()

    def entries(self) -> int:
        return len(self.rows)

    def go_to(self, i: int) -> None:
        """A row's number: it becomes the current one (its value: ←→)."""
        self.view.current = i
        self.redraw()

    take = go_to

    def action_change(self, d: int) -> None:
        if not self.rows:
            return
        r = self.rows[self.view.current]
        if r.numeric:
            r.index = max(0, min(len(r.options) - 1, r.index + d))
        else:
            r.index = (r.index + d) % len(r.options)
        self.redraw()

    def action_extreme(self, end: int) -> None:
        if self.rows:
            r = self.rows[self.view.current]
            r.index = len(r.options) - 1 if end else 0
            self.redraw()

    def action_confirm(self) -> None:
        plan = self.build(self.rows)
        reason = plan if isinstance(plan, str) else self.validate(plan)
        if reason:
            refuse(self, reason)
            return
        assert not isinstance(plan, str)
        self.dismiss(plan)

    def action_close(self) -> None:
        self.dismiss(None)
