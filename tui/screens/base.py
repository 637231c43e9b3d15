"""What every Triarch screen shares: the "terminal too small" message."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

from textual.screen import ModalScreen, Screen

from tui.widgets.toosmall import TooSmall

R = TypeVar("R")


class BaseScreen(Screen[Any]):
    """A full screen; below 80 × 24 its content gives way to a clear message
    (the app's breakpoints set -narrow/-short on the screen; see app.tcss)."""

    # (Textual calls the `on_mount` of every class along the MRO, and awaits one that returns an
    # awaitable: a subclass's may be async)
    def on_mount(self) -> Awaitable[None] | None:
        if not self.query(TooSmall):
            self.mount(TooSmall())
        return None


class BaseModal(ModalScreen[R]):
    def on_mount(self) -> None:
        if not self.query(TooSmall):
            self.mount(TooSmall())
