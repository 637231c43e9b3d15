"""A screen is not restyled whole at its first `ScreenResume` (tui/screens/base.py, `Styled`):
each widget was styled as it was mounted, just before (docs/testing.md, "Suite time")."""

from __future__ import annotations

from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet

from tui.app import TriarchApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MenuScreen

from .helpers import settle


async def test_a_pushed_dialog_is_restyled_whole_only_for_its_size_classes(
    only_toy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pushed, a dialog is restyled with all its widgets once: when its first resize gives it
    the size classes (`-normal`, `-normal-height`), not also at its first `ScreenResume`
    (Textual's `refresh_styles`). A class set on it later restyles it as ever."""
    restyled: list[set[Any]] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyled.append(set(nodes))
        update_nodes(self, nodes, animate=animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    app = TriarchApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        restyled.clear()
        dialog = ConfirmScreen("Sure?")
        app.push_screen(dialog)
        await settle(pilot)
        assert app.screen is dialog and dialog.has_class("-normal", "-normal-height")
        whole = set(dialog.walk_children(with_self=True))
        assert len(whole) > 3
        assert [len(nodes) for nodes in restyled if dialog in nodes] == [len(whole)]
        dialog.add_class("-probe")
        assert [len(nodes) for nodes in restyled if dialog in nodes] == [len(whole)] * 2
