"""The list of legal choices of the pending decision, in words."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from common.game import Action


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

    def show(self, items: list[tuple[Action, str]]) -> None:
        """Replace the choices (action, words); the first is highlighted."""
        self.actions = [a for a, _ in items]
        self.set_options(
            [
                Option(f"{i + 1:>2}. {text}" if len(items) > 1 else f" ▸ {text}")
                for i, (_, text) in enumerate(items)
            ]
        )
        self.highlighted = 0 if items else None

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
