"""The table's marks and refusals as a player reads them: BHM's dead zones bear the marks of the
last actions in both layouts; a refusal (`✗`) goes when the cursor moves on; a HotG cell's
third line beside a move or attack marker."""

from __future__ import annotations

import random

import pytest

from common.registry import game_class
from tui.session import only_pass

from .helpers import engine_ready

needs_bhm = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def bhm_table_after(seed: int, steps: int) -> tuple[object, dict[str, object]]:
    """A BHM table that noted the actions of a seeded random game as the game screen notes them
    (the passes the table makes left out), `steps` actions in, and P1's view then."""
    from tui.screens.bhm import BhmTable

    table = BhmTable()
    rng = random.Random(seed)
    game = game_class("bhm").new_game(seed=seed)
    while len(game.history) < steps:
        d = game.decision()
        assert d is not None
        action = rng.choice(game.legal_actions())
        auto = only_pass(game) == action
        game.apply(action)
        if not auto:
            table.note_action(d.player, action, str(action), after=game)
    return table, game.view(0)


def dead_words(table: object, view: dict[str, object], seat: int) -> dict[str, str]:
    """P`seat + 1`'s dead zone as the dense and the roomy lanes say it: `{layout: its line}`."""
    from tui.screens.bhm import BhmTable

    assert isinstance(table, BhmTable)
    players = view["players"]
    assert isinstance(players, list)
    said = {}
    for layout, render in (("dense", table.render_player_dense), ("roomy", table.render_player_roomy)):
        lines = render(view, players[seat], seat == 0)
        text = ["".join(seg.text for seg in segs) for _, segs in lines]
        said[layout] = next(line for line in text if "dead" in line)
    return said


@needs_bhm
def test_a_card_that_acted_and_died_bears_its_mark_in_both_layouts() -> None:
    """Seed 1, 38 actions in: P2 played Equalize (a strategy: it acted, `★`, and went to the dead
    zone in that turn). The dense lanes said `dead 3: ★Equalize…`; the roomy ones named it with
    no mark. Both mark it; Terrify, a power P2 played a turn before that ran out since, does not."""
    table, view = bhm_table_after(1, 38)
    said = dead_words(table, view, 1)
    assert all("★Equalize" in line for line in said.values()), said
    assert not any("✦Terrify" in line for line in said.values()), said


@needs_bhm
def test_an_old_mark_does_not_stay_on_a_dead_card() -> None:
    """Seed 1, 13 actions in: P2 played Sunken Temple in its turn (`★`), and P1's Volcanic Caldera
    destroyed it in the next. The dense lanes said `dead 1: ★Sunken Temple`, as if it had just
    acted and died; no layout marks it (the dense one counts it, the roomy one names it)."""
    table, view = bhm_table_after(1, 13)
    said = dead_words(table, view, 1)
    assert "★" not in said["dense"] and "dead 1" in said["dense"], said
    assert "Sunken Temple" in said["roomy"] and "★" not in said["roomy"], said
