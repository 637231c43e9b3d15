"""The list of legal choices of the pending decision, in words.

Below 120 × 40 (app.tcss: `text-wrap: nowrap` on the list) each choice takes
one line: a description longer than the list keeps its start and its end
(`Cast Battle Fury… on Achilles`: the verb and what it aims at) around a `…`, cut between
words when one ends late enough; the whole words are in the card panel while the choice is
highlighted. A screen may let a choice take
more lines (`ActionList.max_lines`: The Scars, whose choices name two cards), or list its choices
in groups under a header line each, which is no choice (`show(…, groups=…)`: BHM's attacks of
several beings, under the attacker's name). From 120 × 40
the whole text wraps; a choice's lines after its first go on under its text, not under its
number (below that too, with `max_lines`)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from common.game import Action
from tui.wording import UNBROKEN, costs_whole


def one_line(text: str, width: int) -> str:
    """`text` in `width` columns: whole if it fits, else its start and its end
    (from a word on) around a `…`."""
    if len(text) <= width:
        return text
    if width < 12:  # too narrow for whole words (`Cast…`): its first letters
        return cut_start(text, width, words=False)
    detail = text.rfind(" (")
    if (
        text.endswith(")")
        and detail > 0
        and "(" not in text[detail + 2 :]
        and ")" not in text[detail + 2 : -1]
    ):
        # a closing detail in brackets (`(FUE 300 vs RES 0: 300 to Salud)`) goes first, whole
        # (not `(F…`): the words before it say what the choice does to what (the target)
        head = one_line(text[:detail], width - 1)
        return head if head.endswith("…") else head + "…"
    tail_room = max(4, (width - 1) * 2 // 5)
    tail = _no_stub_tail(text, _from_a_word(text[-tail_room:]))
    head = _start(text, width - 1 - len(tail))
    # the columns the head left go to the tail, from a word on
    more = _no_stub_tail(text, _from_a_word(text[len(text) - (width - 1 - len(head)) :]))
    return head + "…" + (more if len(more) > len(tail) else tail)


def cut_start(text: str, width: int, words: bool = True) -> str:
    """The start of `text` in `width` columns, with a `…` when it is cut, by `one_line`'s rule
    for the start it keeps: between words when one ends late enough (`Call Thalassa, the Deep
    Mother (rank 11, budget 1…` was `one_line`'s head too), a bracket whole or left out.
    `words=False`: a name in a chip, its first letters (`Tide Se…`), a bracket still whole or
    out (`Fire Bolt…`, not `Fire Bolt (c…`)."""
    if len(text) <= width:
        return text
    start = _start(text, width - 1) if words else _no_stub(text[: width - 1]).rstrip()
    return (start or text[: max(1, width - 1)].rstrip()) + "…"


def _start(text: str, room: int) -> str:
    """The start of `text` a cut keeps in `room` columns: between words when one ends late
    enough (`_head`), not a bracket's start (`Cast Battle Fury (1… on Ares`), nor a word's
    colon or dash before the `…`."""
    return _no_stub(_head(text, room).rstrip()).rstrip(" —·,:")


def _no_stub(head: str) -> str:
    """`head`, a start of a text a cut keeps, ending before a bracket it would cut (`Cast
    Mjolnir's Call (2…`, `(P1 zone…`, `(S…`): a bracket is kept whole or not at all."""
    paren = head.rfind("(")
    return head if paren < 0 or ")" in head[paren:] else head[:paren].rstrip()


def _no_stub_tail(text: str, tail: str) -> str:
    """`tail`, an end of `text` a cut keeps, from after a bracket it starts inside (`…mana) on
    Achilles`: the end of a bracket without its start says nothing)."""
    close = tail.find(")")
    if close < 0 or "(" in tail[:close] or "(" not in text[: len(text) - len(tail)]:
        return tail
    return tail[close + 1 :]


def _from_a_word(tail: str) -> str:
    """The end of a text `tail` from its first word on (with its space), when one starts
    before its last 3 columns."""
    space = tail.find(" ")
    return tail[space:] if 0 <= space < len(tail) - 3 else tail


def _word_cut(text: str, width: int, keep: int = 0) -> str:
    """The start of `text` in at most `width` columns, at the end of a word if one ends late
    enough (and never shorter than `keep`)."""
    if len(text) <= width:
        return text
    cut = text[:width]
    space = cut.rfind(" ")
    return cut[:space].rstrip() if space >= max(width // 2, keep) else cut.rstrip()


def _head(text: str, width: int) -> str:
    """The start of `text` in at most `width` columns: whole words (`_word_cut`), the last
    one too when it ends right at `width`."""
    return text[:width].rstrip() if text[width : width + 1] == " " else _word_cut(text, width)


def _place_span(text: str, at: int) -> tuple[int, int]:
    """The words where a choice differs from another at position `at`: its word, or a place
    (`(P2 zone 1)`) whole."""
    start = text.rfind(" ", 0, at) + 1
    space = text.find(" ", at)
    end = len(text) if space < 0 else space
    paren = text.rfind("(", 0, at)
    if paren >= 0 and ")" not in text[paren:at] and at - paren <= 12:
        close = text.find(")", at)
        start, end = min(start, paren), max(end, close + 1 if close >= 0 else end)
    return start, end


def one_line_around(text: str, at: int, width: int, upto: int | None = None) -> str:
    """`text` in `width` columns keeping its start and what it says from position `at` on
    (`Wind Dancer…(P2 zone 1)…`): for choices that differ only in their middle. With `upto`,
    the words up to that position too when they fit (two places where it differs)."""
    if len(text) <= width:
        return text
    start, end = _place_span(text, at)
    if upto is not None:
        end = max(end, _place_span(text, upto)[1])
    if end <= width - 1:  # the difference in the start: only the end is left out
        return _word_cut(text, width - 1, keep=end).rstrip(" —·,:") + "…"
    rest = text[start:]
    seg_room = max(end - start + 1, min(len(rest), max(12, width // 2)))
    if len(rest) > seg_room:
        rest = _word_cut(rest, seg_room - 1, keep=end - start).rstrip(" —·,:") + "…"
    room = width - 1 - len(rest)
    if room < 1:
        return one_line(text, width)
    return _word_cut(text[:start], room).rstrip() + "…" + rest


def wrapped(text: str, width: int, max_lines: int | None = None) -> list[str]:
    """`text` in lines of `width` columns at most, broken between words, never within a cost
    (`costs_whole`: `(1 energy)`); with `max_lines`, the last line allowed keeps the start and
    the end of the rest (`one_line`)."""
    if width < 1:
        return [text]
    lines = [
        line.replace(UNBROKEN, " ")
        for line in textwrap.wrap(costs_whole(text), width, break_on_hyphens=False)
    ]
    lines = lines or [""]
    if max_lines is not None and len(lines) > max_lines:
        keep = lines[: max_lines - 1]
        rest = text[len(" ".join(keep)) :].strip() if keep else text
        lines = [*keep, between_words(rest, width)]
    return lines


def between_words(text: str, width: int) -> str:
    """`text` in `width` columns cut between whole words: its start and as much of its end
    (what a choice aims at) as fit around a `…` (`sheltering … Wolf (1st in ATK)`)."""
    if len(text) <= width:
        return text
    words = text.split(" ")
    tail: list[str] = []
    while len(words) > 1 and len(" ".join([words[-1], *tail])) <= (width - 2) * 3 // 5:
        tail.insert(0, words.pop())
    head: list[str] = []
    room = width - 3 - len(" ".join(tail))
    for w in words:
        if len(" ".join([*head, w])) > room:
            break
        head.append(w)
    if not head or not tail:
        return one_line(text, width)
    return " ".join(head) + " … " + " ".join(tail)


def _first_difference(a: str, b: str) -> int:
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _differences(a: str, b: str) -> list[int]:
    """Where `a` differs from `b`: the start of each word of `a` unlike the word of `b` in its
    place (texts of as many words), else the first character that differs."""
    wa, wb = a.split(" "), b.split(" ")
    if len(wa) != len(wb):
        return [_first_difference(a, b)]
    out, at = [], 0
    for x, y in zip(wa, wb, strict=True):
        if x != y:
            out.append(at + _first_difference(x, y))
        at += len(x) + 1
    return out


def _places_line(text: str, diffs: list[int], width: int) -> str:
    """`text` in `width` columns as the words at each of the positions `diffs` (`Stone Golem
    (P2 zone 3)…Spark Imp…`), after as much of its start as fits."""
    spans: list[tuple[int, int]] = []
    for at in diffs:
        start, end = _place_span(text, at)
        if spans and start <= spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    body = "…".join(text[a:b] for a, b in spans) + ("…" if spans[-1][1] < len(text) else "")
    if spans[0][0] > 0:
        room = width - 1 - len(body)
        body = (_word_cut(text[: spans[0][0]], room).rstrip() if room >= 1 else "") + "…" + body
    return body if len(body) <= width else _head(body, width - 1) + "…"


def one_line_each(texts: list[str], width: int) -> list[str]:
    """`one_line` of each text, except that choices that would read the same (their
    difference in the part left out) keep the parts where they differ (the places of two
    beings of one name, the targets): all of them when they fit, else the ones that tell
    each choice apart. Identical texts keep one label."""
    out = [one_line(t, width) for t in texts]
    if width < 12:
        return out
    for _ in range(3):
        groups: dict[str, list[int]] = {}
        for i, label in enumerate(out):
            groups.setdefault(label, []).append(i)
        clashes = [same for same in groups.values() if len({texts[i] for i in same}) > 1]
        if not clashes:
            break
        taken = set(out)
        for same in clashes:
            given: dict[str, str] = {}
            for i in same:
                if texts[i] in given:
                    out[i] = given[texts[i]]
                    continue
                others = [texts[j] for j in same if texts[j] != texts[i]]
                # for each of the others, the first word where this one differs from it
                diffs = sorted({_differences(texts[i], other)[0] for other in others})
                tries = [one_line_around(texts[i], diffs[0], width, upto=diffs[-1])]
                tries.append(_places_line(texts[i], diffs, width))
                tries += [one_line_around(texts[i], at, width) for at in reversed(diffs)]
                out[i] = given[texts[i]] = next((t for t in tries if t not in taken), tries[-1])
                taken.add(out[i])
    return out


OTHERS = "Or:"  # the header of the choices of no group after a group (`ActionList.show`)


class ActionList(OptionList):
    """Legal actions, described by the engine; Enter or a click chooses one."""

    BINDINGS = [Binding("k", "cursor_up", "Up", show=False), Binding("j", "cursor_down", "Down", show=False)]

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Highlighted(Message):
        def __init__(self, action: Action | None) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.actions: list[Action] = []
        self.words: list[str] = []
        self.numbered = True
        # below 120 × 40 (`one_line`) the lines a choice may take; above 1, the list wraps its
        # choices itself at every size, the lines after the first under the text
        self.max_lines = 1
        self.groups: list[str | None] = []  # each choice's group: a header line over its first
        self.rows: list[int | None] = []  # each option's choice (None: a group's header)

    def action_page_up(self) -> None:
        if self.scrollable_content_region:  # (no room, no lines: Textual's paging fails on them)
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()

    def show(
        self,
        items: list[tuple[Action, str]],
        *,
        numbered: bool = True,
        groups: Callable[[Action], str | None] | None = None,
    ) -> None:
        """Replace the choices (action, words); the first is highlighted. `numbered`:
        each choice is labelled with the number key that takes it (when the screen gives
        the number keys another meaning, its choices are bulleted instead). Choices of the
        same words (two copies of a card in the hand: `Cast Ginnungagap (3 mana)` twice) are
        listed once, as the first of them: the player could not tell them apart. `groups`:
        a choice's group, whose name is a line (no choice) over the first choice of a run of
        them (None: no header; after a group, `Or:`, so that `End combat` is not read as one of
        the last attacker's)."""
        shown: dict[tuple[str | None, str], Action] = {}
        for action, text in items:
            shown.setdefault((groups(action) if groups else None, text), action)
        self.actions = list(shown.values())
        self.words = [text for _, text in shown]
        self.groups = [group for group, _ in shown]
        self.numbered = numbered
        self.fit_options()
        self.highlighted = self.row_of(0) if items else None

    def row_of(self, index: int) -> int:
        """The option of choice `index` (after the headers over it)."""
        return self.rows.index(index) if index in self.rows else index

    @property
    def highlighted_action(self) -> Action | None:
        """The choice under the cursor (None: none, or a header)."""
        h = self.highlighted
        i = self.rows[h] if h is not None and 0 <= h < len(self.rows) else None
        return self.actions[i] if i is not None else None

    def highlight_action(self, action: Action | None) -> None:
        """Put the cursor on `action` when it is listed."""
        if action in self.actions:
            self.highlighted = self.row_of(self.actions.index(action))

    @property
    def one_line(self) -> bool:
        return self.styles.text_wrap == "nowrap"

    def fit_options(self) -> None:
        """The options for the list's width now: one line each when `one_line`, else whole;
        with `max_lines` above 1, up to that many lines when `one_line`, and the lines of a
        choice after its first indented under its text."""
        n = len(self.words)
        headers = self.headers()
        rows = self.content_region.height
        if self.one_line:
            room = self.content_region.width - (2 if rows and n + len(headers) > rows else 0)
        else:
            room = self.scrollable_content_region.width
        room -= self.margin()
        labels = self.labels()
        texts = list(self.words)
        width = room - len(labels[0]) if n else 0
        if width > 0 and self.one_line and self.max_lines <= 1:
            texts = one_line_each(texts, width)
        elif width > 0 and (self.max_lines > 1 or not self.one_line):
            # wrapped here, under the choice's text (Textual's wrap went back under its number)
            limit = self.max_lines if self.one_line else None
            lines = [wrapped(t, width, limit) for t in texts]
            if self.one_line and rows and sum(map(len, lines)) > rows >= n:  # the scrollbar comes
                lines = [wrapped(t, width - 2, limit) for t in texts]
            indent = "\n" + " " * len(labels[0])
            texts = [indent.join(x) for x in lines]
        options: list[Option] = []
        self.rows = []
        for i, (label, text) in enumerate(zip(labels, texts, strict=True)):
            if i in headers:
                header = OTHERS if self.groups[i] is None else str(self.groups[i])
                options.append(
                    Option(one_line(header, room) if self.one_line and room > 0 else header, disabled=True)
                )
                self.rows.append(None)
            options.append(Option(label + text))
            self.rows.append(i)
        self.set_options(options)

    def headers(self) -> set[int]:
        """The choices with a header line over them: the first of each run of a group, and the
        first choice of none after a group (`OTHERS`)."""
        return {
            i
            for i, group in enumerate(self.groups)
            if (i == 0 and group is not None) or (i > 0 and self.groups[i - 1] != group)
        }

    def margin(self) -> int:
        """The columns an option keeps free (app.tcss: one on the right, off the border)."""
        return self.get_component_styles("option-list--option").padding.width

    def labels(self) -> list[str]:
        """Each choice's number (`  9. `, ` 10. `, `100. ` aligned), or ` ▸ ` when unnumbered."""
        n = len(self.words)
        digits = max(2, len(str(n)))
        return [f"{i + 1:>{digits}}. " if n > 1 and self.numbered else " ▸ " for i in range(n)]

    def on_resize(self) -> None:
        # refit in either layout: choices cut at a small size come back whole when it grows
        if self.words:
            keep = self.highlighted
            self.fit_options()
            self.highlighted = keep

    def choose_number(self, n: int) -> bool:
        if 1 <= n <= len(self.actions):
            self.post_message(self.Chosen(self.actions[n - 1]))
            return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = self.rows[event.option_index] if 0 <= event.option_index < len(self.rows) else None
        if i is not None:
            self.post_message(self.Chosen(self.actions[i]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        idx = event.option_index
        i = self.rows[idx] if 0 <= idx < len(self.rows) else None
        self.post_message(self.Highlighted(self.actions[i] if i is not None else None))
