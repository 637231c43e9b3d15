"""Opt-in (`-p tests.plugins.repeat`): every collected test runs REPEAT times (1 unless set),
to see whether a timing failure found once comes back."""

from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    n = int(os.environ.get("REPEAT", "1"))
    if n > 1:
        items[:] = [item for item in items for _ in range(n)]
