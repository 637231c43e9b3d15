"""The opt-in detectors of tests/plugins (docs/testing.md) do what they say."""

from __future__ import annotations

from typing import Any

import pytest
import textual.screen

from tests.plugins import repeat, slowai, slowrefresh


def test_slowrefresh_holds_the_screens_refresh_timer_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", textual.screen.UPDATE_PERIOD)  # restored after
    monkeypatch.setenv("SLOWREFRESH", "0.25")
    slowrefresh.pytest_configure(pytest.Config.__new__(pytest.Config))
    assert textual.screen.UPDATE_PERIOD == 0.25


def test_slowai_sleeps_before_the_first_choices_of_a_session(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.session import Session

    slept: list[float] = []
    monkeypatch.setattr(Session, "ai_choose", lambda self, game_copy=None: "choice")  # restored after
    monkeypatch.setattr(slowai.time, "sleep", slept.append)
    monkeypatch.setenv("SLOWAI", "0.2")
    monkeypatch.setenv("SLOWAI_N", "2")
    slowai.pytest_configure(pytest.Config.__new__(pytest.Config))
    session: Any = object.__new__(Session)
    assert [session.ai_choose() for _ in range(3)] == ["choice"] * 3
    assert slept == [0.2, 0.2]


def test_repeat_runs_every_test_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REPEAT", "3")
    items: list[Any] = ["a", "b"]
    repeat.pytest_collection_modifyitems(None, None, items)  # type: ignore[arg-type]
    assert items == ["a", "a", "a", "b", "b", "b"]
