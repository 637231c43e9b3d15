"""Our `Footer` (tui/widgets/footer.py) draws the same keys as Textual's, compact or not."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tui.widgets.footer import Footer

from .helpers import settle, until


class _Keys(App[None]):
    BINDINGS = [("a", "noop", "Alpha"), ("b", "noop2", "Beta")]

    def __init__(self, compact: bool) -> None:
        super().__init__()
        self.compact = compact

    def compose(self) -> ComposeResult:
        yield Footer(compact=self.compact)

    def action_noop(self) -> None:
        pass

    def action_noop2(self) -> None:
        pass


@pytest.mark.parametrize("compact", [False, True])
async def test_footer_keys_get_the_footers_compact_class(compact: bool) -> None:
    app = _Keys(compact)

    def keys() -> list[FooterKey]:
        return [k for k in app.query(FooterKey) if not k.has_class("-command-palette")]

    async with app.run_test() as pilot:
        # the footer lists its keys after the screen's next refresh: waited for, not assumed
        await until(pilot, lambda: {k.key for k in keys()} >= {"a", "b"})
        assert {k.key for k in keys()} >= {"a", "b"}
        for k in keys():
            assert k.compact is compact
            assert k.has_class("-compact") is compact
        app.query_one(Footer).compact = not compact  # a change later still restyles the keys
        await until(pilot, lambda: all(k.has_class("-compact") is (not compact) for k in keys()))
        assert keys()
        for k in keys():
            assert k.has_class("-compact") is (not compact)


class _Focus(App[None]):
    """Two buttons (no keys of their own in the bar) and a key that can be turned off."""

    BINDINGS = [("a", "noop", "Alpha")]
    alpha_on = True

    def compose(self) -> ComposeResult:
        yield Button("one", id="one")
        yield Button("two", id="two")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "noop" and not self.alpha_on else True

    def action_noop(self) -> None:
        pass


async def test_the_bar_is_rebuilt_only_when_what_it_shows_changes() -> None:
    """A focus change updates the screen's bindings; with the same keys the bar keeps its key
    widgets (Textual's rebuilt them all each time), and with a key changed it shows the change."""
    app = _Focus()

    def alpha() -> FooterKey:
        return next(k for k in app.query(FooterKey) if k.key == "a")

    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: any(k.key == "a" for k in app.query(FooterKey)))
        app.query_one("#one", Button).focus()
        await settle(pilot)
        before = alpha()
        app.query_one("#two", Button).focus()  # the bindings are updated: the same keys
        await settle(pilot)
        assert app.focused is app.query_one("#two", Button)
        assert alpha() is before  # not rebuilt
        assert not before.has_class("-disabled")
        app.alpha_on = False  # the key turns off: the same wait shows it
        app.refresh_bindings()
        await settle(pilot)
        assert alpha() is not before
        assert alpha().has_class("-disabled")


async def test_a_focus_change_with_the_same_keys_makes_no_key_widgets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bar reads what its keys are made from (`Footer.made_from`: the screen's bindings, the
    bar's width…) before making them: a focus change with the same keys makes none (it made a
    dozen to compare, at each of a dozen updates as a table opens), a key turned off makes them
    anew and shows it."""
    app = _Focus()
    composed: list[int] = []
    compose = Footer.compose

    def counted(self: Footer) -> ComposeResult:
        composed.append(1)
        return compose(self)

    monkeypatch.setattr(Footer, "compose", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: any(k.key == "a" for k in app.query(FooterKey)))
        app.query_one("#one", Button).focus()
        await settle(pilot)
        composed.clear()
        app.query_one("#two", Button).focus()
        await settle(pilot)
        app.query_one("#one", Button).focus()
        await settle(pilot)
        assert composed == []
        app.alpha_on = False
        app.refresh_bindings()
        await settle(pilot)
        assert composed and next(k for k in app.query(FooterKey) if k.key == "a").has_class("-disabled")
