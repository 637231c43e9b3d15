"""One-line status: game, whose decision, the AI's thinking indicator."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Static


class StatusBar(Static):
    text: reactive[str] = reactive("")
    thinking: reactive[bool] = reactive(False)
    unsaved: reactive[int] = reactive(0)  # actions the autosave could not keep

    def render(self) -> str:
        mark = "  ⧗ AI is thinking…" if self.thinking else ""
        # first, so that a narrow terminal cannot cut it off
        lost = f"⚠ {self.unsaved} not saved · " if self.unsaved else ""
        return f"{lost}{self.text}{mark}"

    def watch_unsaved(self, value: int) -> None:
        self.set_class(bool(value), "-unsaved")

    def watch_thinking(self, value: bool) -> None:
        self.set_class(value, "-thinking")


def sentence(reason: str) -> str:
    """A refusal as the table shows it, after its `✗`: a sentence, with a capital (the engines'
    reasons start in lower case: `not enough mana: Cyclops costs 6, you have 0`)."""
    return reason[:1].upper() + reason[1:]


class Prompt(Static):
    """The pending decision in words, or why a choice was refused (`✗ Not enough mana: …`:
    every game's refusals, each a sentence, `sentence`)."""

    prompt: reactive[str] = reactive("", layout=True)
    error: reactive[str] = reactive("", layout=True)
    hint: reactive[str] = reactive("", layout=True)  # what the selection expects next

    def render(self) -> str:
        if self.error:
            return f"{self.prompt}\n✗ {sentence(self.error)}"
        if self.hint:
            return f"{self.prompt}\n{self.hint}"
        return self.prompt

    fit_screen_width = False  # measured at the screen's width (a grid cell spanning the screen)

    def watch_error(self, value: str) -> None:
        self.set_class(bool(value), "-error")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Its rows for its text; spanning the screen, at the screen's width (an auto row of a
        grid is measured at the first column's width, not the spanned one)."""
        if self.fit_screen_width:
            width = max(10, self.app.size.width - self.styles.gutter.width)
        return super().get_content_height(container, viewport, width)
