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

    def render(self) -> str:
        if self.error:
            return f"{self.prompt}\n✗ {self.error}"
        return self.prompt

    def watch_error(self, value: str) -> None:
        self.set_class(bool(value), "-error")
