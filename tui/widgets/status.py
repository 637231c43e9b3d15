"""One-line status: game, whose decision, the AI's thinking indicator."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static


class StatusBar(Static):
    text: reactive[str] = reactive("")
    thinking: reactive[bool] = reactive(False)

    def render(self) -> str:
        mark = "  ⧗ AI is thinking…" if self.thinking else ""
        return f"{self.text}{mark}"

    def watch_thinking(self, value: bool) -> None:
        self.set_class(value, "-thinking")


class Prompt(Static):
    """The pending decision in words, or why a choice was refused."""

    prompt: reactive[str] = reactive("", layout=True)
    error: reactive[str] = reactive("", layout=True)
    hint: reactive[str] = reactive("", layout=True)  # what the selection expects next

    def render(self) -> str:
        if self.error:
            return f"{self.prompt}\n✗ {self.error}"
        if self.hint:
            return f"{self.prompt}\n{self.hint}"
        return self.prompt

    fit_screen_width = False  # size by the screen's width (a grid cell spanning the screen)

    def watch_error(self, value: str) -> None:
        self.set_class(bool(value), "-error")
        self.fit()

    def watch_prompt(self) -> None:
        self.fit()

    def watch_hint(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Its height for its text at the screen's width (an auto row of a grid
        is measured at the first column's width, not the spanned one)."""
        if not self.fit_screen_width or not self.is_mounted:
            return
        width = max(10, self.app.size.width - 2)
        rows = max(1, min(4, sum(max(1, -(-len(line) // width)) for line in self.render().split("\n"))))
        self.styles.height = rows
        hook = getattr(self.screen, "prompt_rows", None)
        if callable(hook):
            hook(rows)
