"""One-line status: game, whose decision, the AI's thinking indicator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

# a space a prompt never breaks a line at: it glues the words of a group (`calls (C.LL budget 0),`)
GLUE = "\u00a0"


class StatusBar(Static):
    text: reactive[str] = reactive("")
    thinking: reactive[bool] = reactive(False)
    unsaved: reactive[int] = reactive(0)  # actions the autosave could not keep
    goal: reactive[str] = reactive("", layout=True)  # a puzzle's goal, or its verdict: a line under

    def render(self) -> str:
        mark = "  ⧗ AI is thinking…" if self.thinking else ""
        # first, so that a narrow terminal cannot cut it off
        lost = f"⚠ {self.unsaved} not saved · " if self.unsaved else ""
        goal = f"\n{self.goal}" if self.goal else ""
        return f"{lost}{self.text}{mark}{goal}"

    def watch_goal(self, value: str) -> None:
        self.set_class(bool(value), "-goal")

    def watch_unsaved(self, value: int) -> None:
        self.set_class(bool(value), "-unsaved")

    def watch_thinking(self, value: bool) -> None:
        self.set_class(value, "-thinking")


def sentence(reason: str) -> str:
    """A refusal as the table shows it, after its `✗`: a sentence, with a capital (the engines'
    reasons start in lower case: `not enough mana: Cyclops costs 6, you have 0`)."""
    return reason[:1].upper() + reason[1:]


def glued_lines(text: str, width: int) -> list[str]:
    """`text` in lines of `width` cells, broken at its spaces but never at a `GLUE` (which reads
    as a space): a group of words stays on one line (a group wider than `width` alone on its
    line, which the widget then wraps)."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if line and cell_len(line) + 1 + cell_len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return [line.replace(GLUE, " ") for line in out]


def fitted(texts: Sequence[str], width: int) -> list[str]:
    """The lines of the first of `texts` (the same words, each shorter than the one before) that
    takes the fewest lines at `width` (`glued_lines`)."""
    best: list[str] = []
    for text in texts:
        lines = glued_lines(text, width)
        if not best or len(lines) < len(best):
            best = lines
    return best


class FittedWords(Visual):
    """A prompt drawn at each width in the words that fit it best (`fitted`), broken between its
    groups of words, then `tail` (the error or the hint), wrapped as the widget wraps."""

    def __init__(self, texts: Sequence[str], tail: str = "") -> None:
        self.texts = tuple(texts)
        self.tail = tail

    def content(self, width: int) -> Content:
        lines = fitted(self.texts, max(1, width))
        return Content("\n".join(lines) + (f"\n{self.tail}" if self.tail else ""))

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content(container_width).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.content(width).get_height(rules, width)


class Prompt(Static):
    """The pending decision in words, or why a choice was refused (`✗ Not enough mana: …`:
    every game's refusals, each a sentence, `sentence`). A prompt whose words are in groups
    (`GLUE` between the words of one) breaks its lines between the groups only; with `shorter`
    (the same prompt in fewer words, each shorter than the one before: set after `prompt`, which
    drops them), it says the words that take the fewest lines at its width, at every width."""

    prompt: reactive[str] = reactive("", layout=True)
    error: reactive[str] = reactive("", layout=True)
    hint: reactive[str] = reactive("", layout=True)  # what the selection expects next
    # a number key that waits for a second digit (a list of 10 choices or more): what comes next
    typed: reactive[str] = reactive("", layout=True)
    shorter: reactive[tuple[str, ...]] = reactive((), layout=True)

    def watch_prompt(self) -> None:
        self.shorter = ()

    def render(self) -> Any:  # (str, or a `FittedWords`; Any: a game's prompt may say `str`)
        tail = f"✗ {sentence(self.error)}" if self.error else self.typed or self.hint
        if self.shorter or GLUE in self.prompt:
            return FittedWords((self.prompt, *self.shorter), tail)
        return f"{self.prompt}\n{tail}" if tail else self.prompt

    def shown(self, width: int | None = None) -> str:
        """The prompt's words as drawn at `width` (its own), its lines joined by a space."""
        if width is None:
            width = self.content_region.width
        return " ".join(fitted((self.prompt, *self.shorter), max(1, width)))

    fit_screen_width = False  # measured at the screen's width (a grid cell spanning the screen)

    def watch_error(self, value: str) -> None:
        self.set_class(bool(value), "-error")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Its rows for its text; spanning the screen, at the screen's width (an auto row of a
        grid is measured at the first column's width, not the spanned one)."""
        if self.fit_screen_width:
            width = max(10, self.app.size.width - self.styles.gutter.width)
        return super().get_content_height(container, viewport, width)
