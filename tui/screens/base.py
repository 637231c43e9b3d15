"""What every Triarch screen shares: the "terminal too small" message."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.screen import ModalScreen, Screen

from tui.widgets.toosmall import TooSmall

R = TypeVar("R")


class BaseScreen(Screen[Any]):
    """A full screen; below 80 × 24 its content gives way to a clear message
    (the app's breakpoints set -narrow/-short on the screen; see app.tcss)."""

    def on_mount(self) -> None:
        if not self.query(TooSmall):
            self.mount(TooSmall())


class BaseModal(ModalScreen[R]):
    def on_mount(self) -> None:
        if not self.query(TooSmall):
            self.mount(TooSmall())
