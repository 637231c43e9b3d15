"""A screen is not restyled whole when first shown (tui/screens/base.py, `Styled`): not at its
first `ScreenResume`, and not at its first resize for its size classes, which it has from its
start: each widget was styled as it was mounted, just before (docs/testing.md, "Suite time")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet

from tui.app import TriarchApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.menu import MenuScreen

from .helpers import engine_ready, press, replay_app, seeded_replay, settle


async def test_a_pushed_dialog_is_not_restyled_whole_when_first_shown(
    only_toy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pushed, a dialog is not restyled with all its widgets: it has its size classes (`-normal`,
    `-normal-height`) from its start (restyled whole at its first resize when they came then),
    and its first `ScreenResume` restyles nothing (Textual's `refresh_styles`). A class set on
    it later restyles it as ever."""
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
        assert [len(nodes) for nodes in restyled if dialog in nodes] == []
        dialog.add_class("-probe")
        assert [len(nodes) for nodes in restyled if dialog in nodes] == [len(whole)]


@pytest.mark.skipif(not engine_ready("hotg"), reason="needs the HotG engine")
async def test_the_replay_card_panel_is_laid_out_once_per_step_at_120x40(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The HotG replay at 120 × 40, its size classes from the start: the card panel's `-more`
    edge (`CardBox.show_more`) and its place no longer undo each other at each layout (the edge
    was decided on the new words' rows against the old place's, a row short or long: `-more`
    given, taken, given… some 400 times for 15). Settled, a step shown draws the panel's edge a
    few times, not dozens, and it says `▼` exactly when the words go on below."""
    from tui.widgets.detail import CardBox

    calls: list[bool] = []
    show_more = CardBox.show_more

    def counted(self: CardBox) -> None:
        show_more(self)
        calls.append(self.has_class("-more"))

    monkeypatch.setattr(CardBox, "show_more", counted)
    app = replay_app(seeded_replay("hotg", tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        box = app.screen.query_one(CardBox)
        for _ in range(4):
            calls.clear()
            await press(pilot, "right")
            await settle(pilot)
            assert len(calls) <= 6, calls
            assert box.has_class("-more") == (box.max_scroll_y > box.scroll_y)


async def test_the_helps_markdown_blocks_are_not_restyled_at_each_mount_beside_them(only_toy: None) -> None:
    """No style rule orders the help's Markdown blocks (`:last-child`…): Textual restyles a
    block with such a rule, and all under it, at every mount beside it (a few hundred blocks:
    ~30 % of the help's opening). The first part of the rules still ends with no margin where
    the second joins it (the class `-joined`, app.tcss)."""
    from textual.widgets import Markdown
    from textual.widgets._markdown import MarkdownBlock

    from tui.screens.help import HelpScreen

    rules = "# Rules\n\nThe first part.\n\n## Second\n\n- one\n- two\n\n## Third\n\nThe end."
    app = TriarchApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(HelpScreen("Toy", "- `?` help", rules, {"Haste": "Haste: acts at once"}))
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        help_screen.query_one("#help").active = "help-rules"  # (a tab shown: all of it styled)
        await settle(pilot)
        blocks = list(help_screen.query(MarkdownBlock))
        assert len(blocks) > 5
        assert [b for b in blocks if b._has_order_style] == []
        first = help_screen.query_one("#rules-md", Markdown)
        assert [b.has_class("-joined") for b in first.children] == [False] * (len(first.children) - 1) + [
            True
        ]
        assert first.children[-1].styles.margin.bottom == 0
        assert help_screen.query_one("#rules-rest", Markdown).children


async def test_the_menus_choices_are_made_with_their_value_class(
    only_toy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu (made under every game) makes each `Select`'s current-value box with the class of
    the value it shows (`-has-value`), not without it then restyled with it once mounted
    (tui/widgets/select.py); a choice made later still gives or keeps it."""
    from textual.widgets._select import SelectCurrent

    from tui.widgets.select import Select

    turned: list[bool] = []
    watch = SelectCurrent._watch_has_value

    def counted(self: SelectCurrent, has_value: bool) -> None:
        turned.append(has_value)
        watch(self, has_value)

    monkeypatch.setattr(SelectCurrent, "_watch_has_value", counted)
    app = TriarchApp(autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        selects = list(app.screen.query(Select))
        assert len(selects) >= 2
        for select in selects:
            current = select.query_one(SelectCurrent)
            assert current.has_value == (select.value != Select.NULL) == current.has_class("-has-value")
        assert turned == []
