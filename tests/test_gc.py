"""The collector's setting for games (`tui.cli.tune_gc`, docs/performance.md "Session 38"): it is
honest only while no game makes reference cycles, since then its young runs free nothing."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from common.bench import random_playout
from common.registry import game_class
from tui.cli import GC_YOUNG_THRESHOLD, main


@pytest.fixture
def collector_as_it_was() -> Iterator[None]:
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


@pytest.mark.parametrize("game", ["hotg", "bhm", "scars"])
def test_a_random_game_leaves_no_reference_cycles(game: str, collector_as_it_was: None) -> None:
    """With the collector off, a whole random game (with a clone on the way, as the AI makes)
    leaves nothing that only the collector could free: `gc.collect()` finds no unreachable object.
    A cycle made in a game (say a card kept by an event that the card keeps) fails it."""
    cls = game_class(game)
    random_playout(cls, 0)  # tables and caches of the process made before counting
    gc.collect()
    gc.disable()
    for seed in (1, 2):
        state, actions, _ = random_playout(cls, seed)
        assert actions
        state.clone()
        del state, actions
    assert gc.collect() == 0


def test_a_command_that_loads_an_engine_sets_the_collector(collector_as_it_was: None) -> None:
    """Every command that loads an engine by name (`_engine`: play, bench, soak, simulate,
    tournament, cards, rules) freezes what is loaded and raises the young threshold."""
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    result = CliRunner().invoke(main, ["rules", "bhm"])
    assert result.exit_code == 0, result.output
    assert gc.get_threshold() == (GC_YOUNG_THRESHOLD, 10, 10)
    assert gc.get_freeze_count() > 0
