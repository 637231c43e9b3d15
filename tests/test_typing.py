"""The packages type-check: mypy over them with the project's [tool.mypy] config reports nothing.

mypy is pinned in the `test` extra (a newer one may find new errors: upgrade it on purpose).
Its cache goes to .mypy_cache at the repository root (ignored by git): a warm run takes a
couple of seconds, a cold one about 20. It runs in a child process, so its memory (hundreds of
MB of type information) is not left behind in the test process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_errors() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT,  # the config's `files` are relative to the repository root
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, f"mypy found errors (exit {run.returncode}):\n{run.stdout}{run.stderr}"
    assert run.stdout.startswith("Success: no issues found"), run.stdout
