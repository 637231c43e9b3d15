"""Opt-in (`-p tests.plugins.cputime`): the CPU time of each test (`time.process_time()` around
its whole run: set-up, call, tear-down), recorded by every worker and summed by file at the end
of the session (docs/testing.md, "Suite time"):

    PYTHONPATH=$PWD CPUTIME=/tmp/cpu pytest -n 2 -p tests.plugins.cputime tests/tui

Each worker appends `nodeid<TAB>seconds` lines to `$CPUTIME.<worker>.tsv` (`CPUTIME` is
`cputime` in the current folder unless set); the controller prints the files that took most,
and `python -m tests.plugins.cputime PREFIX` prints the same table from the files later.
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest


def _prefix() -> str:
    return os.environ.get("CPUTIME", "cputime")


def _worker(config: pytest.Config) -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    start = time.process_time()
    yield
    spent = time.process_time() - start
    path = Path(f"{_prefix()}.{_worker(item.config)}.tsv")
    with path.open("a", encoding="utf-8") as out:
        out.write(f"{item.nodeid}\t{spent:.4f}\n")


def by_file(prefix: str) -> tuple[dict[str, float], dict[str, int], list[tuple[float, str]]]:
    """Seconds and tests per file, and every test's seconds, from the files under `prefix`."""
    seconds: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    tests: list[tuple[float, str]] = []
    folder = Path(prefix).parent
    for path in sorted(folder.glob(Path(prefix).name + ".*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            nodeid, _, spent = line.rpartition("\t")
            name = nodeid.split("::")[0]
            seconds[name] += float(spent)
            count[name] += 1
            tests.append((float(spent), nodeid))
    return seconds, count, tests


def report(prefix: str, top: int = 40) -> str:
    seconds, count, tests = by_file(prefix)
    total = sum(seconds.values())
    lines = [f"in-test CPU: {total:.1f} s over {sum(count.values())} tests"]
    areas: dict[str, float] = defaultdict(float)
    for name, spent in seconds.items():
        parts = name.split("/")
        areas["/".join(parts[:2]) if len(parts) > 2 else parts[0]] += spent
    for area, spent in sorted(areas.items(), key=lambda a: -a[1]):
        lines.append(f"  {spent:8.1f} s  {area}")
    lines.append("files:")
    for name, spent in sorted(seconds.items(), key=lambda a: -a[1])[:top]:
        lines.append(f"  {spent:8.1f} s  {count[name]:4d}  {name}")
    lines.append("tests:")
    for spent, nodeid in sorted(tests, reverse=True)[:top]:
        lines.append(f"  {spent:8.2f} s  {nodeid}")
    return "\n".join(lines)


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller (or a run without xdist)
        for path in Path(_prefix()).parent.glob(Path(_prefix()).name + ".*.tsv"):
            path.unlink()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(report(_prefix()))


if __name__ == "__main__":
    print(report(sys.argv[1] if len(sys.argv) > 1 else _prefix()))
