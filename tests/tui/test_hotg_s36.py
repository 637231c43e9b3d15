"""Hand of the Gods at the table, session 36: what a player stumbles on. A scenario that starts on
P2's turn counted P1's next turn in the same round as P2's (`round 3 · P2`, `round 3 · P1`, then
`round 4 · P2`); `triarch replay --print` ended `final: player 1 wins` where the table says `P1`;
the menu's help said `At the table of Hand of the Gods`, then HotG's own `At the table`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tui.log_words import hotg_round
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, scenario, screen_text, settle

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
# HG-68's rulebook example: P2 to play, on the engine's turn 5 (the scenario's default)
P2_FIRST = "tests/scenarios/hotg/hg68_protect.toml"


def status(app: object) -> str:
    return screen_text(app).splitlines()[0].strip()


# -- 1. a round opens with P1's turn, in a scenario that starts on P2's too ---------------------------
def test_a_round_opens_with_p1s_turn_whatever_the_turns_count() -> None:
    """In a game from its start P1's turns are odd: turns 1, 2 are round 1. A scenario may put P2
    on an odd turn (5): its turn is in round 3, P1's next (6) opens round 4, P2's 7 follows it."""
    assert [hotg_round(t, (t - 1) % 2) for t in range(1, 9)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert [hotg_round(t, t % 2) for t in (5, 6, 7, 8)] == [3, 4, 4, 5]


@HOTG
async def test_a_scenario_on_p2s_turn_gives_p1_the_next_round() -> None:
    """HG-68's example starts with P2 (the AI) to play on turn 5: P2's turn is round 3; P1's next
    turn was round 3 again (the status and the log), so that round 3 was P2's turn then P1's
    and round 4 too. Now P1's turn opens round 4, as in every game from its start."""
    app = game_app("hotg", seed=1, scenario=scenario(P2_FIRST))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.game.view(0)["turn"] == 6
        assert status(app) == "Hand of the Gods · round 4 · P1 (you) to play", status(app)
        log = app.screen.query_one(GameLog).plain
        assert "  Round 4: P1's turn (6 mana)" in log, log
        await press(pilot, "e")  # P2's turn 7 follows in round 4, P1's 8 opens round 5
        await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        assert "  Round 4: P2's turn (6 mana)" in log and "  Round 5: P1's turn (7 mana)" in log, log
        assert status(app) == "Hand of the Gods · round 5 · P1 (you) to play", status(app)


# -- 2. `triarch replay --print` names the seats as the table -----------------------------------------
@HOTG
def test_replay_print_ends_with_the_winner_as_the_table_names_it(tmp_path: object) -> None:
    """A finished HotG game printed ends `final: P1 wins` (its bars, log and game-over dialog say
    `P1`), not `final: player 1 wins`; the replay screen's `game over: P1 wins` too."""
    from pathlib import Path

    from common.registry import game_class
    from common.saves import Replay, save_game
    from tui.cli_replay import replay as replay_command

    from .helpers import random_game

    game, _ = random_game(game_class("hotg"), 2, 5000)
    assert game.is_over() and game.winner() is not None
    path = Path(str(tmp_path)) / "hotg.json"
    save_game(game, path)
    result = CliRunner().invoke(replay_command, [str(path), "--print"])
    assert result.exit_code == 0, result.output
    final = result.output.splitlines()[-1]
    assert final.startswith(f"final: P{game.winner() + 1} wins · hash "), final
    assert Replay.load(path).outcome(len(game.history)) == f"player {game.winner() + 1} wins"


# -- 3. the menu's help: the game's name once, `At the table` once -----------------------------------
@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
def test_the_menus_help_heads_the_table_keys_once_without_the_games_name(game_id: str) -> None:
    """The menu's help (F1) put `At the table of Hand of the Gods` over HotG's keys, which open
    with their own `At the table`: the game's name the title says, and the heading, twice."""
    from common.registry import game_class
    from tui.screens import screen_class
    from tui.screens.menu import table_keys

    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    keys = table_keys(screen_class(game_id).help_keys())
    assert keys.count("At the table") == 1, keys[:300]
    assert f"At the table of {game_class(game_id).title}" not in keys
