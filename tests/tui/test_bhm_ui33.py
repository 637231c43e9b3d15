"""Session 33, BHM's screen: the log's events in the players' names, worded from the events' data;
a being told by its zone from the table's data, not from the engine's label; the cost of a power
said in one place."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body

from .helpers import engine_ready, game_app, settle, uid_of
from .test_bhm_ui31 import choice_lines
from .test_bhm_ui32 import BOLT

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


async def test_a_powers_cost_is_worded_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """`(consumes 100 POD: all it has, it dies)` was written twice, in the engine's choice words and
    in the screen's words below 120 × 40: both are the engine's `power_cost_words` now (BH-33,
    BH-40)."""
    from bhm.game import BhmGame

    monkeypatch.setattr(BhmGame, "power_cost_words", lambda self, action: " (costs all, BH-33)")
    app = game_app("bhm", seed=1, scenario=BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        s = app.session
        power = Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "cinder_hound")))
        assert power in s.legal()
        assert screen.choice_words(power) == "Cinder Hound executes Fire Bolt (costs all, BH-33)"
        assert s.game.describe_action(power).startswith(
            "Cinder Hound executes Fire Bolt (costs all, BH-33) — "
        )


# a mirror of names: each side has an Ember Squire, P2 two Cinder Hounds (twins of one side)
MIRROR = '[scenario]\ngame = "bhm"\ntitle = "names on both sides"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, being=["mountain_giant", "ember_squire"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["ember_squire", "cinder_hound", "cinder_hound"]),
    turn=6,
    active=1,
    phase="combat",
    armageddon="off",
)


async def test_a_being_is_told_by_its_zone_as_the_lanes_mark_it() -> None:
    """The choices marked a being's zone where the engine's label names a place (`Ember Squire
    (P2 zone 1)`: another Ember Squire anywhere in play), the lanes where its side has another of
    its name: `kills: Ember Squire z1` under `Ember Squire z1 attacks:` named two Ember Squires
    the lanes show without a zone. From the table's data now: only P2's two Cinder Hounds are."""
    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert "Ember Squire attacks:" in lines, lines
        assert any(line.endswith(": Ember Squire") for line in lines), lines
        assert any(line.endswith(": Cinder Hound z2") for line in lines), lines
        assert any(line.endswith(": Cinder Hound z3") for line in lines), lines
        assert not any("Ember Squire z" in line for line in lines), lines
        board = " ".join(
            seg.text
            for _, segs in app.screen.render_player_dense(
                app.screen.view_data, app.screen.view_data["players"][1], False
            )
            for seg in segs
        )
        assert "Cinder Hound z2" in board and "Ember Squire z" not in board, board


async def test_the_zone_marks_are_the_tables_data_not_the_engines_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`zone_mark` read `(P2 zone 3)` out of the engine's label by regex: other words for the label
    lost the marks. Made of the view's zones now (`being_names`)."""
    from bhm.game import BhmGame

    monkeypatch.setattr(BhmGame, "label", lambda self, c: f"the card {c.uid}")
    app = game_app("bhm", seed=1, scenario=MIRROR)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert "Mountain Giant attacks:" in lines, lines
        assert any(line.endswith(": Cinder Hound z3") for line in lines), lines
        # `last:` at 80 columns: the attack's brief words from the same data (`fit_last`)
        screen: Any = app.screen
        s = app.session
        giant = uid_of(s, "mountain_giant")
        hounds = sorted(c.uid for c in s.game.zones.cards.values() if c.defn.id == "cinder_hound")
        attack = Action("attack", (giant, hounds[1]))
        game = s.game.clone()
        words = screen.words_for(game, attack, 0)
        game.apply(attack)
        screen.note_action(0, attack, words, after=game)
        assert screen.fit_last(words, 60) == "kills: Mountain Giant attacks Cinder Hound z3", words
