"""Our `Footer` (tui/widgets/footer.py) draws the same keys as Textual's, compact or not."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets._footer import FooterKey

from tui.widgets.footer import Footer

from .helpers import until


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
