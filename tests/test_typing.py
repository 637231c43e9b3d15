"""The packages type-check: mypy over them with the project's [tool.mypy] config reports nothing.

mypy is pinned in the `test` extra (a newer one may find new errors: upgrade it on purpose).
Its cache goes to .mypy_cache at the repository root (ignored by git): a warm run takes a
couple of seconds, a cold one about 20."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the config's `files` are relative to the repository root
    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, f"mypy found errors (exit {status}):\n{stdout}{stderr}"
    assert stdout.startswith("Success: no issues found"), stdout
