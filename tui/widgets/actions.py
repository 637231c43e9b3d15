"""The list of legal choices of the pending decision, in words.

Below 120 × 40 (app.tcss: `text-wrap: nowrap` on the list) each choice takes
one line: a description longer than the list keeps its start and its end
(`Play Marksma… at 1,0`: the verb and what it aims at) around a `…`; the whole
words are in the card panel while the choice is highlighted. A screen may let a choice take
more lines (`ActionList.max_lines`: The Scars, whose choices name two cards); its choices
then go on under their text, not under their number, at every size."""

from __future__ import annotations

import textwrap

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from common.game import Action


def one_line(text: str, width: int) -> str:
    """`text` in `width` columns: whole if it fits, else its start and its end
    (from a word on) around a `…`."""
    if len(text) <= width:
        return text
    if width < 12:
        return text[: max(1, width - 1)] + "…"
    tail_room = max(4, (width - 1) * 2 // 5)
    tail = text[-tail_room:]
    space = tail.find(" ")
    if 0 <= space < len(tail) - 3:
        tail = tail[space:]  # from a word on (with its space)
    head = text[: width - 1 - len(tail)].rstrip()
    return head + "…" + tail


def _word_cut(text: str, width: int, keep: int = 0) -> str:
    """The start of `text` in at most `width` columns, at the end of a word if one ends late
    enough (and never shorter than `keep`)."""
    if len(text) <= width:
        return text
    cut = text[:width]
    space = cut.rfind(" ")
    return cut[:space].rstrip() if space >= max(width // 2, keep) else cut.rstrip()


def one_line_around(text: str, at: int, width: int) -> str:
    """`text` in `width` columns keeping its start and what it says from position `at` on
    (`Wind Dancer…(P2 zone 1) (FUE…`): for choices that differ only in their middle."""
    if len(text) <= width:
        return text
    cut = _word_cut(text, width - 1, keep=at + 1)
    if len(cut) > at:  # the difference is in the start: only the end is left out
        return cut + "…"
    start = text.rfind(" ", 0, at) + 1
    paren = text.rfind("(", 0, at)
    if paren >= 0 and at - paren <= 12:
        start = min(start, paren)
    seg_room = max(12, width // 2)
    if at - start >= seg_room - 1:  # from the word where they differ
        start = text.rfind(" ", 0, at) + 1
    rest = text[start:]
    if len(rest) > seg_room:
        rest = _word_cut(rest, seg_room - 1, keep=at - start + 1) + "…"
    room = width - 1 - len(rest)
    if room < 1:
        return one_line(text, width)
    return _word_cut(text[:start], room) + "…" + rest


def wrapped(text: str, width: int, max_lines: int | None = None) -> list[str]:
    """`text` in lines of `width` columns at most, broken between words; with `max_lines`,
    the last line allowed keeps the start and the end of the rest (`one_line`)."""
    if width < 1:
        return [text]
    lines = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
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


def one_line_each(texts: list[str], width: int) -> list[str]:
    """`one_line` of each text, except that choices that would read the same (their
    difference in the part left out) keep the part where they differ."""
    out = [one_line(t, width) for t in texts]
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(out):
        groups.setdefault(label, []).append(i)
    for same in groups.values():
        if len(same) < 2 or width < 12:
            continue
        for i in same:
            others = [texts[j] for j in same if j != i and texts[j] != texts[i]]
            if others:
                at = min(_first_difference(texts[i], other) for other in others)
                out[i] = one_line_around(texts[i], at, width)
    return out


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

    def show(self, items: list[tuple[Action, str]], *, numbered: bool = True) -> None:
        """Replace the choices (action, words); the first is highlighted. `numbered`:
        each choice is labelled with the number key that takes it (when the screen gives
        the number keys another meaning, its choices are bulleted instead)."""
        self.actions = [a for a, _ in items]
        self.words = [text for _, text in items]
        self.numbered = numbered
        self.fit_options()
        self.highlighted = 0 if items else None

    @property
    def one_line(self) -> bool:
        return self.styles.text_wrap == "nowrap"

    def fit_options(self) -> None:
        """The options for the list's width now: one line each when `one_line`, else whole;
        with `max_lines` above 1, up to that many lines when `one_line`, and the lines of a
        choice after its first indented under its text."""
        n = len(self.words)
        rows = self.content_region.height
        if self.one_line:
            room = self.content_region.width - (2 if rows and n > rows else 0)
        else:
            room = self.scrollable_content_region.width
        digits = max(2, len(str(n)))  # `  9.` and ` 10.`, ` 99.` and `100.` aligned
        labels = [f"{i + 1:>{digits}}. " if n > 1 and self.numbered else " ▸ " for i in range(n)]
        texts = list(self.words)
        width = room - len(labels[0]) if n else 0
        if width > 0 and self.one_line and self.max_lines <= 1:
            texts = one_line_each(texts, width)
        elif width > 0 and self.max_lines > 1:  # wrapped here (The Scars), else by Textual
            limit = self.max_lines if self.one_line else None
            lines = [wrapped(t, width, limit) for t in texts]
            if self.one_line and rows and sum(map(len, lines)) > rows >= n:  # the scrollbar comes
                lines = [wrapped(t, width - 2, limit) for t in texts]
            indent = "\n" + " " * len(labels[0])
            texts = [indent.join(x) for x in lines]
        options = [Option(label + text) for label, text in zip(labels, texts, strict=True)]
        self.set_options(options)

    def on_resize(self) -> None:
        if self.words and (self.one_line or self.max_lines > 1):
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
        if 0 <= event.option_index < len(self.actions):
            self.post_message(self.Chosen(self.actions[event.option_index]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        idx = event.option_index
        self.post_message(self.Highlighted(self.actions[idx] if 0 <= idx < len(self.actions) else None))
