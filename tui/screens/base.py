"""What every Triarch screen shares: the "terminal too small" message; a dialog passes a
resize on to the screens beneath it that Textual leaves out."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

from textual._context import NoActiveAppError
from textual.events import Resize
from textual.screen import ModalScreen, Screen

from tui.widgets.toosmall import TooSmall

R = TypeVar("R")


def sized_from_the_start(screen: Screen[Any]) -> None:
    """The breakpoint classes of the app's size now (`-narrow`/`-normal`/`-wide`,
    `-short`/`-normal-height`/`-tall`) put on a screen as it is made, before it or anything in it
    is styled. Textual sets them at the screen's first resize, once the screen and every widget
    composed in it have been styled, and then styled them all again for the new classes (some
    6 % of a UI test's CPU, every dialog and screen). That resize still sets the classes of the
    size it has (`update_classes`): they change only if the app's size did in between."""
    try:
        width, height = screen.app.size
    except NoActiveAppError:  # (made outside a running app: the first resize sets them)
        return
    app = screen.app
    across = (
        app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS
    ) or []
    down = (
        app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS
    ) or []
    classes = screen._get_breakpoint_classes(width, across) | screen._get_breakpoint_classes(height, down)
    if classes:
        screen.add_class(*sorted(classes), update=False)


class BaseScreen(Screen[Any]):
    """A full screen; below 80 × 24 its content gives way to a clear message
    (the app's breakpoints set -narrow/-short on the screen; see app.tcss)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        sized_from_the_start(self)

    # (Textual calls the `on_mount` of every class along the MRO, and awaits one that returns an
    # awaitable: a subclass's may be async)
    def on_mount(self) -> Awaitable[None] | None:
        if not self.query(TooSmall):
            self.mount(TooSmall())
        return None


class BaseModal(ModalScreen[R]):
    """A dialog over a screen (a table, often): the screens under it are laid out again on a
    resize while it is open, so the table seen under a dialog, or found when it closes, has the
    layout of the new size."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        sized_from_the_start(self)

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
