"""Fixtures of every test: saves go to the test's own folder, never to the user's."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.registry_guard import registry_now, restore

# Hypothesis times each example against a deadline (200 ms) and the generation of the first
# ones (the `too_slow` health check) on the wall clock: on a loaded machine (two cores shared
# by both xdist workers and whatever else runs) a process stopped for a quarter of a second in
# a 0.05 ms example failed the run with `Unreliable test timings!`. What the property tests
# check is the property, not the speed: no wall-clock limit for any of them.
settings.register_profile("triarch", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("triarch")


@pytest.fixture(autouse=True)
def games_as_registered(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test finds the game registry as it is registered, in its order (the menu's default
    game is its first), and leaves it so: a test that leaves it changed — once its monkeypatches
    are undone (this fixture is set up before them, so torn down after) — fails, naming it, and
    the registry is put back for the tests after it (`tests/registry_guard.py`)."""
    before = registry_now()
    yield
    after = registry_now()
    if after != before:
        restore(before)
        pytest.fail(
            f"{request.node.nodeid} left common.registry.GAMES changed: {[g for g, _ in before]} "
            f"before, {[g for g, _ in after]} after (give it back in its order: registry_guard)",
            pytrace=False,
        )


@pytest.fixture(autouse=True)
def private_triarch_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`TRIARCH_HOME` is the test's temporary folder: no test reads or writes the user's saves,
    and tests running at once (one worker per core) never share an autosave."""
    monkeypatch.setenv("TRIARCH_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game (`tests/toygame.py`, High Card) registered as "toy" for the test."""
    from common.registry import GAMES, GameInfo

    monkeypatch.setitem(GAMES, "toy", GameInfo("toy", "High Card", "tests.toygame:ToyGame", "test game"))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """The session's objects (Textual's caches, the engines' data: some 200,000 of them once a
    worker has run its share) are collected once here and then frozen out of the collector.
    pytest's clean-up after a session makes five full collections (`gc_collect_harder`, to
    report the unraisable exceptions of finalizers), and a pytest-xdist worker gets five
    seconds for all of its clean-up once its last results are in: past those, execnet
    interrupts it (SIGINT), and on a loaded machine the five passes over that heap took longer
    — the interrupt then lands in whatever Python code runs inside a collection, hypothesis'
    gc callback (`Exception ignored in: <function gc_callback …> KeyboardInterrupt`).
    Here (before the worker reports its results, which xdist waits for) the collection takes
    the time it needs and finalizers still report to pytest; the five passes then skip the
    frozen objects and end at once."""
    gc.collect()
    gc.freeze()
