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


# -- 4. the choice list: a card's or a unit's cells once, then named under it ---------------------------
def listed(app: object) -> list[str]:
    from tui.widgets.actions import ActionList

    return list(app.screen.query_one(ActionList).words)  # type: ignore[attr-defined]


async def choose_listed(pilot: object, words: str) -> None:
    """In the choice list: the cursor on the choice `words`, then `Enter` (as a player does)."""
    from tui.widgets.actions import ActionList

    actions = pilot.app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    actions.focus()
    await settle(pilot)  # type: ignore[arg-type]
    actions.highlight_action(actions.actions[actions.words.index(words)])
    await press(pilot, "enter")  # type: ignore[arg-type]
    await settle(pilot)  # type: ignore[arg-type]


@HOTG
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_list_names_a_card_once_and_the_board_where_it_goes(size: tuple[int, int]) -> None:
    """The skirmish's turn listed 42 choices, 27 of them `Play Oracle of Delphi (2 mana) at 1,0`,
    `… at 1,1` … for three cards, 9 `Move Hoplite at 2,2 to 0,2` …. Now each card and unit is one
    choice (`Play Oracle of Delphi: 9 cells`); choosing it picks the card, the board marks its
    cells `+ here`, the list names them under it (`Play Oracle of Delphi at:`, `1,0` …), and a
    click on a marked cell deploys it there."""
    from .helpers import cell_offset, skirmish

    app = skirmish()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        words = listed(app)
        assert len(app.screen.legal) == 42 and len(words) == 10, words  # type: ignore[attr-defined]
        assert [w for w in words if "Oracle" in w] == ["Play Oracle of Delphi: 9 cells"], words
        assert "Move Hoplite at 2,2: 9 cells" in words and not any(" to 0,2" in w for w in words), words
        assert "Play Oracle of Delphi: 9 cells" in screen_text(app)
        await choose_listed(pilot, "Play Oracle of Delphi: 9 cells")
        oracle = next(c["uid"] for c in app.screen.my_hand() if c["name"] == "Oracle of Delphi")  # type: ignore[attr-defined]
        assert app.screen.selected == ("card", oracle)  # type: ignore[attr-defined]
        assert app.screen.query_one("#board").has_focus  # type: ignore[attr-defined]
        text = screen_text(app)
        assert text.count("+ here") == 9 and "Play Oracle of Delphi at:" in text, text
        assert listed(app)[:3] == ["1,0", "1,1", "1,2"], listed(app)
        if size == (80, 24):  # (the 80-column board: `cell_offset`)
            await pilot.click("#board", offset=cell_offset(3, 1))
            await settle(pilot)
            last = app.session.game.history[-1]
            assert (last.kind, last.args) == ("play", (oracle, "3,1")), last


@HOTG
async def test_a_unit_listed_once_picks_it_and_its_moves_are_listed_by_cell() -> None:
    """`Move Hoplite at 2,2: 9 cells` picks your Hoplite (the cursor on it: the arrows go from
    it); the list says its moves under `Move Hoplite at 2,2 to:`, then its attack."""
    from .helpers import skirmish

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_listed(pilot, "Move Hoplite at 2,2: 9 cells")
        hoplite = app.session.game.view(0)["board"][2][2]["uid"]
        assert app.screen.selected == ("unit", hoplite)  # type: ignore[attr-defined]
        assert app.screen.query_one("#board").cursor == (2, 2)  # type: ignore[attr-defined]
        words = listed(app)
        assert words[:2] == ["0,2", "1,1"] and "P2's Hoplite at 2,3" in words, words
        assert "Move Hoplite at 2,2 to:" in screen_text(app), screen_text(app)
        await press(pilot, "escape")  # dropped: the list as before
        await settle(pilot)
        assert "Move Hoplite at 2,2: 9 cells" in listed(app), listed(app)


# -- 5. the prompt: not whose turn again, but how to play it ------------------------------------------
@HOTG
async def test_the_turns_prompt_says_how_to_play_not_whose_turn_again() -> None:
    """The status line says `round 3 · P1 (you) to play`; the prompt under the hand said `You: your
    turn — play, move, attack or end`, whose turn again. Now it says what can be picked and by
    which keys, from the legal actions; in hot-seat too (it said `P1: your turn — …`)."""
    from .helpers import skirmish

    for vs in ("ai", "human"):
        app = skirmish(vs=vs)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            if vs == "human":
                await press(pilot, "space")  # P1 looks
                await settle(pilot)
            lines = screen_text(app).splitlines()
            said = "Pick a card (1–4) or a unit on the board · a uses Bolt · e ends the turn"
            assert said in [line.strip() for line in lines], lines
            assert not any("your turn" in line for line in lines), lines
