"""Detector (opt-in, `-p tests.plugins.slowrefresh`): the screen's own refresh timer fires only
every SLOWREFRESH seconds (0.5 unless set), as on a loaded machine that holds it back.
`Pilot.pause()` and `settle()` still refresh the screen themselves; a test that reads what is
drawn after a refresh (the footer's keys, a dialog's row counts, a scroll to the current row)
without waiting for it (`until`, `shows`) fails."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    import textual.screen

    textual.screen.UPDATE_PERIOD = float(os.environ.get("SLOWREFRESH", "0.5"))  # type: ignore[misc]
