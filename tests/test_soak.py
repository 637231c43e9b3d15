"""The soak runner (common/soak.py, `triarch soak`): a tiny soak of every engine
runs clean; injected engine faults are caught, reported with seed + action index,
and the run goes on. `pytest -m soak` runs a bigger soak."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from click.testing import CliRunner

from common.game import Action
from common.registry import GAMES
from common.soak import pairings, soak, soak_game
from tests.harness import engine
from tests.toygame import ToyGame
from tui import cli as cli_module
from tui.cli import main

# -- injected faults --------------------------------------------------------------------


class LeakyClone(ToyGame):
    """clone() shares the score list with the original."""

    def clone(self) -> LeakyClone:
        new = LeakyClone.__new__(LeakyClone)
        self._clone_base(new)
        new.zones = self.zones.clone()
        new.active = self.active
        new.score = self.score  # the bug
        return new


class LosesCard(ToyGame):
    """The fourth action drops a card from its zone (card conservation breaks)."""

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        if len(self.history) == 3:  # history grows after _apply: this is the 4th action
            deck = self.zones["deck:0"].cards or self.zones["discard:0"].cards or self.zones["table"].cards
            deck.pop()


class AcceptsAnything(ToyGame):
    """check() lets every action through."""

    def check(self, action: Action) -> None:
        return None

    def _apply(self, action: Action) -> None:
        if action.kind in ("play", "draw", "pass"):
            try:
                super()._apply(action)
            except Exception:
                self.active = 1 - self.active


class CrashesOnSeed3(ToyGame):
    """An engine error (not an IllegalAction) on the third action of seed 3 only."""

    def _apply(self, action: Action) -> None:
        if self.setup.seed == 3 and len(self.history) == 2:
            raise KeyError("boom")
        super()._apply(action)


class Stuck(ToyGame):
    """No legal action after two actions, though the game is not over."""

    def legal_actions(self) -> list[Action]:
        return [] if len(self.history) >= 2 else super().legal_actions()


class RefusalChangesState(ToyGame):
    """Refusing an action flips the score first (not atomic)."""

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            self.score[0] += 1
        super().check(action)


class ReplayDiffers(ToyGame):
    """Loading a save of more than five actions gives another state."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReplayDiffers:
        game = super().from_json(data)
        if len(game.history) > 5:
            game.score[1] += 1
        return game


class BadView(ToyGame):
    """view() holds something that is not JSON data."""

    def view(self, player: int | None) -> dict[str, Any]:
        return {**super().view(player), "odd": {1, 2}}


FAULTS = [
    (LeakyClone, "clone"),
    (LosesCard, "invariant"),
    (AcceptsAnything, "illegal-accepted"),
    (Stuck, "no-legal-action"),
    (RefusalChangesState, "refusal"),
    (ReplayDiffers, "replay"),
    (BadView, "view"),
]


def test_pairings_mix_random_and_each_level_in_both_seats() -> None:
    assert pairings(["random", "scripted"]) == [
        ("random", "random"),
        ("scripted", "random"),
        ("random", "scripted"),
    ]
    assert pairings(["random"]) == [("random", "random")]


def test_the_toy_game_soaks_clean() -> None:
    report = soak(ToyGame, 20, seed=1, levels=["random"], check_every=1, save_every=3)
    assert report.failures == []
    assert report.games == 20 and report.finished == 20
    assert report.actions > 20 * 6
    assert sum(report.wins) + report.draws == 20


@pytest.mark.parametrize(("cls", "kind"), FAULTS, ids=[c.__name__ for c, _ in FAULTS])
def test_an_injected_fault_is_caught_and_reported(cls: type[ToyGame], kind: str) -> None:
    report = soak(cls, 4, seed=10, levels=["random"], check_every=1, save_every=0)
    assert report.games == 4, "the run goes on after a failure"
    assert report.failures, f"{cls.__name__} was not caught"
    f = report.failures[0]
    assert f.kind == kind, f.describe()
    assert f.seed == 10 and f.game == "toy" and f.agents == ("random", "random")
    assert "seed 10" in f.describe() and f"after {f.action_index} actions" in f.describe()
    # the failure reproduces from its seed alone
    again = soak_game(cls, f.seed, f.agents, check_every=1, save_every=0).failure
    assert again is not None and (again.kind, again.action_index) == (f.kind, f.action_index)


def test_an_engine_error_names_seed_action_and_exception_and_the_run_goes_on() -> None:
    report = soak(CrashesOnSeed3, 5, seed=1, levels=["random"], check_every=1)
    assert report.games == 5 and report.finished == 4
    assert [f.seed for f in report.failures] == [3]
    f = report.failures[0]
    assert (f.kind, f.action_index) == ("engine-error", 2)
    assert "KeyError" in f.message and "boom" in f.message
    assert "Traceback" in f.trace and "boom" in f.trace
    assert report.to_json()["failures_by_kind"] == {"engine-error": 1}


def test_an_interrupted_soak_reports_the_games_played() -> None:
    def stop_after_two(i: int, outcome: object) -> None:
        if i == 1:
            raise KeyboardInterrupt

    report = soak(ToyGame, 10, seed=1, levels=["random"], on_game=stop_after_two)
    assert report.interrupted and report.games == 2 and report.finished == 2
    assert report.to_json()["interrupted"] is True


def test_a_game_that_never_ends_is_a_failure() -> None:
    out = soak_game(ToyGame, 5, max_actions=3)
    assert out.failure is not None and out.failure.kind == "no-end" and out.actions == 3


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_tiny_soak_of_every_engine_runs_clean(game_id: str) -> None:
    cls = engine(game_id)
    report = soak(cls, 3, seed=41, levels=["random", "scripted"], check_every=7, save_every=40)
    assert [f.describe() for f in report.failures] == []
    assert report.finished == 3 and report.actions > 30
    assert set(report.by_pair) == {"random-random", "scripted-random", "random-scripted"}


# -- the command ------------------------------------------------------------------------


def test_cli_soak_json_counts() -> None:
    r = CliRunner().invoke(main, ["soak", "scars", "--games", "2", "--seed", "5", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["game"] == "scars" and data["games"] == 2 and data["failures"] == 0
    assert data["actions"] > 0 and data["finished"] == 2


def test_cli_soak_table_and_bad_arguments() -> None:
    r = CliRunner().invoke(main, ["soak", "bhm", "--games", "1", "--agents", "random"])
    assert r.exit_code == 0, r.output
    assert "BHM soak" in r.stdout and "failures" in r.stdout
    r = CliRunner().invoke(main, ["soak", "nope", "--games", "1"])
    assert r.exit_code == 2 and "unknown game" in r.output
    r = CliRunner().invoke(main, ["soak", "scars", "--games", "1", "--agents", "random,wizard"])
    assert r.exit_code == 2 and "unknown agent 'wizard'" in r.output


def test_cli_soak_reports_a_failure_with_exit_code_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_module, "game_class", lambda gid: LosesCard)  # the CLI's engine look-up
    r = CliRunner().invoke(main, ["soak", "hotg", "--games", "2", "--agents", "random", "--check-every", "1"])
    assert r.exit_code == 1, r.output
    assert "invariant" in r.stdout and "seed 1" in r.stdout and "after 4 actions" in r.stdout


# -- opt-in: pytest -m soak ---------------------------------------------------------------


SOAK_GAMES = int(os.environ.get("TRIARCH_SOAK_GAMES", "300"))


@pytest.mark.soak
@pytest.mark.parametrize("game_id", list(GAMES))
def test_soak_many_games(game_id: str) -> None:
    """`pytest -m soak`: SOAK_GAMES (env TRIARCH_SOAK_GAMES, default 300) games per engine."""
    cls = engine(game_id)
    report = soak(cls, SOAK_GAMES, seed=100_000, levels=["random", "scripted"])
    assert [f.describe() for f in report.failures] == []
    assert report.finished == SOAK_GAMES
