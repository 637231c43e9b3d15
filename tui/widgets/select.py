"""Textual's `Select`, its shown value's class given before it is styled."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Select as TextualSelect
from textual.widgets._select import SelectCurrent


class Select(TextualSelect[Any]):
    """Textual's `Select` makes its current-value box (`SelectCurrent`) with no value, styles it,
    then, once mounted, gives it its value, whose class (`-has-value`) restyles it and all in it
    again: a dozen times as the menu (under every game) is made. The box is made with the class
    of the value it will show, so that it is styled once, as it is mounted; what it shows and
    when it is told are Textual's."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, SelectCurrent):
                value = self._value
                if value == self.NULL and not self._allow_blank and self._options:
                    value = self._options[0][1]  # (Textual's first choice: `_init_selected_option`)
                if value != self.NULL and any(v == value for _, v in self._options):
                    widget.set_reactive(SelectCurrent.has_value, True)
                    widget.set_class(True, "-has-value", update=False)
            yield widget
