"""Hand of the Gods, round 4 of the polish (session 26, leftovers): whose unit an attack aims at,
each death said once, the card panel's last line at a target decision at 80 × 24."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from common.registry import game_class
from tui.log_words import log_words
from tui.widgets.log import GameLog

from .helpers import SKIRMISH, engine_ready, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def uid_at(view: dict[str, Any], r: int, c: int) -> int:
    return int(view["board"][r][c]["uid"])


# -- 1. an attack says whose unit it aims at ------------------------------------------------------
def test_an_attack_says_whose_unit_it_aims_at() -> None:
    """Your Hoplite at 2,2 attacks the enemy's at 2,3: `Hoplite at 2,2 attacks P2's Hoplite at
    2,3` to P1 and to everybody, `… attacks your Hoplite at 2,3` to P2, as every other action
    that aims at a unit says it. It read `attacks Hoplite at 2,3`, whose only in `►`/`◄`; the
    engine's words and notation stay."""
    game = game_class("hotg").new_game(seed=5, scenario=SKIRMISH)
    view = game.view(0)
    attack = Action("attack", (uid_at(view, 2, 2), uid_at(view, 2, 3)))
    assert game.describe_action(attack) == "Hoplite at 2,2 attacks Hoplite at 2,3"
    assert log_words(game, attack, 0) == "Hoplite at 2,2 attacks P2's Hoplite at 2,3"
    assert log_words(game, attack, None) == "Hoplite at 2,2 attacks P2's Hoplite at 2,3"
    assert log_words(game, attack, 1) == "Hoplite at 2,2 attacks your Hoplite at 2,3"


async def test_the_attack_choice_and_its_log_line_say_whose_target() -> None:
    """At the table the choice of the attack and the log's line for it name the target's side."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.session.game.view(0)
        attack = Action("attack", (uid_at(view, 2, 2), uid_at(view, 2, 3)))
        assert app.screen.choice_words(attack) == "Hoplite at 2,2 attacks P2's Hoplite at 2,3"
        app.screen.choose(attack)
        await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        assert "Player 1 (you): Hoplite at 2,2 attacks P2's Hoplite at 2,3" in log, log


# -- 2. a death is said once, with whose unit it was ----------------------------------------------
JUDGEMENT = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]',
    'hand = ["judgement", "thunder_of_olympus"]',
)


async def cast_on_the_enemy_hoplite(card: str) -> list[str]:
    """The log's lines after `card` (a spell of the hand) is cast on the enemy's Hoplite at 2,3."""
    app = skirmish(scenario=JUDGEMENT)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        game = app.session.game
        enemy = uid_at(game.view(0), 2, 3)
        spell = next(
            a
            for a in app.screen.legal
            if a.kind == "play" and a.args[1:] == (enemy,) and card in game.describe_action(a)
        )
        app.screen.choose(spell)
        await settle(pilot)
        assert enemy not in {u["uid"] for u in game.view(0)["units"]}  # it is gone
        return list(app.screen.query_one(GameLog).plain)


async def test_a_death_is_said_once_with_its_side() -> None:
    """Thunder of Olympus kills the enemy's Hoplite: the log said `Hoplite at 2,3 dies`, then
    again `⤷ ◄Hoplite dies`. The engine's line says it once, with the side's mark as on the
    board; the `⤷` line keeps the health changes (none here)."""
    log = await cast_on_the_enemy_hoplite("Thunder")
    said = [line for line in log if "dies" in line or "⤷" in line]
    assert said == ["  ◄Hoplite at 2,3 dies"], log


async def test_an_execution_is_said_once() -> None:
    """Judgement of Osiris executes the enemy's Hoplite: `Hoplite at 2,3 is executed`, `Hoplite at
    2,3 dies`, `⤷ ◄Hoplite dies` told it three times; now once: `◄Hoplite at 2,3 is executed`."""
    log = await cast_on_the_enemy_hoplite("Judgement")
    said = [line for line in log if "dies" in line or "executed" in line or "⤷" in line]
    assert said == ["  ◄Hoplite at 2,3 is executed"], log
