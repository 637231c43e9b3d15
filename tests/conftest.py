"""Fixtures of every test: saves go to the test's own folder, never to the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_triarch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`TRIARCH_HOME` is the test's temporary folder: no test reads or writes the user's saves,
    and tests running at once (one worker per core) never share an autosave."""
    monkeypatch.setenv("TRIARCH_HOME", str(tmp_path))
    return tmp_path
