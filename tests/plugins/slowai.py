"""Detector (opt-in, `-p tests.plugins.slowai`): the AI's thread gets no CPU for SLOWAI seconds
(0.3 unless set) before each of its first SLOWAI_N choices of a session (all unless set), as on
a loaded machine. A test that reads the table before the AI's worker is done fails."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    from tui.session import Session

    real = Session.ai_choose
    delay = float(os.environ.get("SLOWAI", "0.3"))
    first = int(os.environ.get("SLOWAI_N", "1000000"))

    def slow(self: Session, *args: Any, **kwargs: Any) -> Any:
        n = getattr(self, "_slow_n", 0)
        self._slow_n = n + 1  # type: ignore[attr-defined]
        if n < first:
            time.sleep(delay)
        return real(self, *args, **kwargs)

    Session.ai_choose = slow  # type: ignore[method-assign]
