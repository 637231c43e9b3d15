"""What every Triarch screen shares: the "terminal too small" message; its size classes from its
start and no second styling of all of it when first shown (`Styled`); a dialog passes a resize
on to the screens beneath it that Textual leaves out."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

from textual._context import NoActiveAppError
from textual.events import Resize, ScreenResume
from textual.screen import ModalScreen, Screen

from tui.widgets.toosmall import TooSmall

R = TypeVar("R")


def size_classes(screen: Screen[Any]) -> None:
    """Give `screen` the size classes (`-wide`, `-tall`…: the app's breakpoints) of the terminal
    now, as Textual does at its first resize. Given as it is made, they style its widgets once,
    as they are mounted, not a second time all together at that resize (some 6 % of a UI test's
    CPU). A terminal of another size by then: that resize sets them as ever."""
    try:
        app = screen.app
        width, height = app.size
    except NoActiveAppError:  # (a screen made outside an app: a test of its drawing)
        return
    across = (
        app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS
    )
    down = app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS
    names = screen._get_breakpoint_classes(width, across or []) | screen._get_breakpoint_classes(
        height, down or []
    )
    screen.add_class(*names, update=False)


class Styled(Screen[Any]):
    """A screen styled once when it is first shown: Textual styles each widget as it is mounted,
    then all of them again when the screen is pushed (its first `ScreenResume`), though nothing
    changed between (~5 % of a profile of UI tests). A screen shown again later (pushed anew, or
    its mode switched back to) is restyled, as Textual does. Its size classes (`-normal`…) are
    given as it is made (`size_classes`), not at its first resize, which restyled it all."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._first_resume = True
        size_classes(self)

    def _on_screen_resume(self, event: ScreenResume) -> None:
        # (Textual calls the handler of every class along the MRO: this one before Screen's)
        if self._first_resume:
            self._first_resume = False
            event.refresh_styles = False


class BaseScreen(Styled):
    """A full screen; below 80 × 24 its content gives way to a clear message
    (the app's breakpoints set -narrow/-short on the screen; see app.tcss)."""

    # (Textual calls the `on_mount` of every class along the MRO, and awaits one that returns an
    # awaitable: a subclass's may be async)
    def on_mount(self) -> Awaitable[None] | None:
        if not self.query(TooSmall):
            self.mount(TooSmall())
        return None


class BaseModal(Styled, ModalScreen[R]):
    """A dialog over a screen (a table, often): the screens under it are laid out again on a
    resize while it is open, so the table seen under a dialog, or found when it closes, has the
    layout of the new size."""

    def on_mount(self) -> None:
        if not self.query(TooSmall):
            self.mount(TooSmall())

    def on_resize(self, event: Resize) -> None:
        # Textual sends a resize to the top screen and to the screens seen under it, down to
        # the first opaque one (App._check_resize); an opaque dialog under the top one (the
        # hot-seat cover under the command palette) is that last one: it passes the resize on
        # to the screens under it, down to the next opaque one (which does the same if it is a
        # dialog), as Textual would have had the dialogs above been absent.
        if self.app.screen is self or self.styles.background.a < 1 or self not in self.app.screen_stack:
            return
        stack = self.app.screen_stack
        for screen in reversed(stack[: stack.index(self)]):
            screen.post_message(
                Resize(event.size, event.virtual_size, event.container_size, event.pixel_size)
            )
            if screen.styles.background.a == 1:
                break
