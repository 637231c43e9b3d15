"""Problems found by playing the table in tmux (session tui-explore), one test each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.widgets.actions import ActionList, one_line_each
from tui.widgets.log import GameLog

from .helpers import dense_late_app, engine_ready, press, screen_text, settle, skirmish, until


def assert_unwrapped(log: GameLog) -> None:
    """Every line of the log that fits its width is drawn on one line."""
    width = log.scrollable_content_region.width
    drawn = {strip.text.rstrip() for strip in log.lines}
    fits = [line.rstrip() for line in log.plain if len(line) <= width]
    assert fits and [line for line in fits if line not in drawn] == []


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_log_lines_written_while_hidden_are_not_wrapped_at_sixteen_columns() -> None:
    """HotG at 80 × 24 hides the log behind the card panel; lines written meanwhile were
    drawn at RichLog's minimum width (`P2 draws a` / `card`) and stayed so, even at 120 × 40."""
    app = TriarchApp(LaunchSpec(game_id="hotg", vs="ai", ai_level="random", seed=3), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "e")  # the AI plays its turn while the log is hidden
        await settle(pilot)
        if not app.screen.has_class("-show-log"):
            await press(pilot, "t")
            await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.display
        assert "P2 (AI): End the turn" in log.plain
        assert "P2 (AI): End the turn" in screen_text(app)
        width = log.scrollable_content_region.width
        assert width > 30
        assert_unwrapped(log)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert log.scrollable_content_region.width > 30
        assert_unwrapped(log)


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_number_keys_choose_from_the_list_when_the_decision_is_not_the_turn() -> None:
    """In a target decision the list reads `1. …`, `2. …`; the number keys picked a card of
    the hand instead (refused: it is not the turn) and never the numbered choice."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.session.game.view(0)["players"][0]["hand"]
        n = next(i for i, c in enumerate(hand) if c["id"] == "aphrodite") + 1
        await press(pilot, str(n), "enter")  # Aphrodite deployed: her Warcry wants an ally
        await settle(pilot)
        d = app.session.decision
        assert d is not None and d.kind == "target"
        choices = app.screen.query_one(ActionList)
        assert len(choices.actions) >= 2 and " 2. " in screen_text(app)
        second = choices.actions[1]
        before = len(app.session.game.history)
        await press(pilot, "2")
        await settle(pilot)
        assert len(app.session.game.history) == before + 1
        assert app.session.game.history[-1] == second


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_turn_choices_are_not_numbered_since_numbers_pick_hand_cards() -> None:
    """On the turn `1` picks the first card of the hand, not `1. Use Bolt …` of the list."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        assert len(choices.actions) > 1
        labels = [
            str(choices.get_option_at_index(i).prompt)
            for i, row in enumerate(choices.rows)
            if row is not None  # (a group's header line: `Use Bolt on:`)
        ]
        assert len(labels) == len(choices.actions)
        assert all(label.startswith(" ▸ ") for label in labels)


def test_choices_that_differ_in_their_middle_stay_distinct_on_one_line() -> None:
    """BHM at 80 × 24: two attacks read `Wind Dancer attacks Bur… to Salud)` alike; which
    Burrow Militia each attacks (`P2 zone 1`, `P2 zone 2`) was in the part left out."""
    a = "Wind Dancer attacks Burrow Militia (P2 zone 1) (FUE 300 vs RES 200: 100 to Salud)"
    b = a.replace("zone 1", "zone 2")
    for width in range(14, 80):
        first, second, end = one_line_each([a, b, "End combat"], width)
        assert len(first) <= width and len(second) <= width
        assert first != second, width
        assert end == "End combat"
    assert one_line_each([a, b], 34) == [
        "Wind Dancer attacks…(P2 zone 1)…",
        "Wind Dancer attacks…(P2 zone 2)…",
    ]


async def test_action_list_at_80_columns_shows_distinct_choices() -> None:
    from textual.app import App, ComposeResult

    from common.game import Action

    a = "Wind Dancer attacks Burrow Militia (P2 zone 1) (FUE 300 vs RES 200: 100 to Salud)"

    class _List(App[None]):
        CSS = "ActionList { width: 40; height: 6; text-wrap: nowrap; }"

        def compose(self) -> ComposeResult:
            yield ActionList()

    app = _List()
    async with app.run_test(size=(80, 24)) as pilot:
        choices = app.query_one(ActionList)
        choices.show(
            [(Action("attack", (1, 2)), a), (Action("attack", (1, 3)), a.replace("zone 1", "zone 2"))]
        )
        await pilot.pause()
        text = screen_text(app)
        assert "(P2 zone 1)" in text and "(P2 zone 2)" in text


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_help_scrolls_by_keys_as_it_opens_and_its_text_says_how_tabs_switch() -> None:
    """`?` at 80 × 24: the keys run past the bottom, yet ↓ and PgDn did nothing until Tab
    had moved into the text; and the help said `Tab` switches tabs (←→ does)."""
    from textual.containers import VerticalScroll
    from textual.widgets import TabbedContent

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (no `settle` while the help is open: it waits for the rules to be laid out, ~2 s CPU,
        # which this test does not read; the Keys tab's layout is waited for, `until`)
        await press(pilot, "question_mark")
        help_screen = app.screen
        scroll = help_screen.query_one("#help-keys VerticalScroll", VerticalScroll)
        assert await until(pilot, lambda: scroll.max_scroll_y > 0)
        await press(pilot, "down", "down")
        assert await until(pilot, lambda: scroll.scroll_y > 0)
        await press(pilot, "pagedown")
        assert await until(pilot, lambda: scroll.scroll_y > 2)
        text = "\n".join(str(m.source) for m in help_screen.query("Markdown"))
        assert "`Tab` switches" not in text
        await press(pilot, "right")
        assert await until(pilot, lambda: help_screen.query_one(TabbedContent).active == "help-rules")


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_footer_at_80_columns_shows_the_game_keys_whole() -> None:
    """At 80 × 24 the key bar was cut after `w Warc`: `e End turn` was not to be seen. The
    keys that are also in the help and the palette (type an action, save) give way first."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        for key in ("? Help", "m Menu", "a Ability", "w Warcry", "e End turn", "^p palette"):
            assert key in footer, footer
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        for key in (": Type action", "^s Save", "e End turn", "^q Quit"):
            assert key in footer, footer
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "e End turn" in screen_text(app).splitlines()[-1]


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
@pytest.mark.parametrize("seat", [1, 2])
async def test_hotg_player_bars_keep_the_leader_ability_cost_and_state_at_80_columns(seat: int) -> None:
    """At 80 × 24 the bars ended `│ a:Allfather's` (Odin) or `│ a:Bolt 2 —`: the ability's cost
    and whether it is ready were cut off. Its name gives way (`Allfather's…`), they stay.
    The state is one the help names: ready, used, no target, not now (`—` in a crowded bar)."""
    app = TriarchApp(
        LaunchSpec(game_id="hotg", vs="ai", ai_level="random", seed=3, human_seat=seat - 1), ai_pace=0
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for bar_id in ("#bar-top", "#bar-bottom"):
            bar = app.screen.query_one(bar_id)
            text = str(bar.render())
            assert len(text) <= bar.content_region.width, text
            assert text.rstrip().endswith(("ready", "used", "no target", "not now", "—")), text
            assert re.search(r" \d+ (ready|used|no target|not now|—)$", text.rstrip()), text  # its cost too
            assert "stone" in text or "♥" in text
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        texts = [str(app.screen.query_one(b).render()) for b in ("#bar-top", "#bar-bottom")]
        assert any("Allfather's Gift" in t for t in texts)
        assert all("stone ♥" in t for t in texts)


async def test_replay_log_survives_a_resize_after_steps(toy: None, tmp_path: Path) -> None:
    """The replay screen empties its log at every step; the log's lines and their styles must
    be emptied together, or writing them again at a new width fails."""
    from tests.toygame import ToyGame

    from .helpers import random_game, replay_app, replay_of

    game, _ = random_game(ToyGame, 9, 30)
    app = replay_app(replay_of(game, tmp_path / "s.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "right", "right", "right")
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert "3. P" in screen_text(app)
        assert_unwrapped(log)
        await press(pilot, "left")
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert_unwrapped(log)
        assert not any(line.startswith("3. ") for line in log.plain)


def test_state_view_draws_a_grid_a_row_per_line_with_card_names() -> None:
    """The replay's table of Hand of the Gods listed its board as 45 lines of `None` and
    `uid: 51`; a grid is now a row per line, a card by its name, `·` an empty cell."""
    from tui.widgets.stateview import render_view

    view = {
        "units": [{"uid": 51, "name": "Summoning Stone"}, {"uid": 7, "name": "Hoplite"}],
        "board": [[{"uid": 51}, None, {"uid": 7}], [None, None, None]],
    }
    lines = render_view(view)
    assert "None" not in "\n".join(lines)
    assert lines[-3:] == ["board:", "  0: Summoning… │ · │ Hoplite", "  1: ·          │ · │ ·"]


# -- follow-ups of the same session (branch tui-replay) ---------------------------------------------
@pytest.mark.usefixtures("toy")
async def test_the_game_over_dialog_shows_its_own_keys_in_the_key_bar() -> None:
    """The key bar under the game-over dialog still showed the table's keys (`? Help`,
    `: Type action`…); the dialog's keys (r, m, b, q) were only on its buttons."""
    from textual.widgets._footer import FooterKey

    from tui.screens.gameover import GameOverScreen

    app = TriarchApp(LaunchSpec(game_id="toy", vs="ai", ai_level="random", seed=3), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(40):
            if isinstance(app.screen, GameOverScreen):
                break
            await press(pilot, "enter")
            await settle(pilot, look=False)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)

        def keys() -> set[str]:
            return {k.key for k in app.screen.query(FooterKey) if k.display}

        # the footer lists the dialog's keys after the screen's next refresh: waited for
        await until(pilot, lambda: {"r", "m", "b", "q"} <= keys() and "q Quit" in screen_text(app))
        assert {"r", "m", "b", "q"} <= keys()
        bar = screen_text(app).splitlines()[-1]
        for words in ("r Rematch", "m Menu", "Look at the table", "q Quit"):
            assert words in bar
        assert "Help" not in bar and "Type action" not in bar


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_menu_in_hotseat_says_in_words_that_ai_level_and_seat_do_not_apply(
    size: tuple[int, int],
) -> None:
    """In hot-seat "AI level" and "Your seat" were disabled (Tab skipped them) but kept their
    values: without colour they looked like active fields. Their place says why now."""
    from textual.widgets import Select

    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen
        level = menu.query_one("#level", Select)
        text = screen_text(app)
        assert "hot-seat: no AI" not in text and str(level.value) in text
        menu.query_one("#mode", Select).value = "human"
        await pilot.pause()
        text = screen_text(app)
        line = next(x for x in text.splitlines() if "AI level" in x)
        assert "— (hot-seat: no AI)" in line and str(level.value) not in line
        seat = next(x for x in text.splitlines() if "Your seat" in x)
        assert "— (hot-seat:" in seat and "P1" not in seat
        assert level.disabled and not level.display
        # Tab goes from the mode straight to the decks
        menu.query_one("#mode", Select).focus()
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id not in ("level", "seat")
        menu.query_one("#mode", Select).value = "ai"
        await pilot.pause()
        line = next(x for x in screen_text(app).splitlines() if "AI level" in x)
        assert str(level.value) in line and "hot-seat" not in line
        assert not level.disabled and level.display


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_lanes_at_80x24_give_their_blank_rows_to_the_choice_list(game_id: str) -> None:
    """At 80 × 24 about eight blank rows once sat between the hand and the prompt while the
    choice list showed five rows; then the lanes took the rows their lines needed, which moved
    the prompt down as the table filled (test_lane_height.py). Now the lanes keep 12 rows all
    game, the choices take every row under the prompt, and a small board's spare rows sit
    between the two sides: never between your hand and the prompt."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    from tui.widgets.lanes import LaneBoard
    from tui.widgets.status import Prompt

    app = TriarchApp(LaunchSpec(game_id=game_id, vs="ai", ai_level="random", seed=1), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        seen = 0
        for step in range(12):
            await press(pilot, "1")
            await settle(pilot)
            screen = app.screen
            if type(screen).__name__ != f"{game_id.capitalize()}Screen":
                continue
            seen += 1
            lanes = screen.query_one("#lanes").region
            board = screen.query_one(LaneBoard)
            prompt = screen.query_one(Prompt).region
            choices = screen.query_one(ActionList).region
            assert (lanes.y, lanes.height) == (1, 12), step  # the same rows whatever the table holds
            assert prompt.y == lanes.bottom and choices.y == prompt.bottom
            assert choices.bottom == 23 and choices.height == 22 - 12 - prompt.height  # the rest
            if board.rows_for(lanes.width) <= lanes.height:  # it fits: the hand just above the prompt
                assert screen_text(app).split("\n")[prompt.y - 1].strip(), step
        assert seen


def test_a_choice_cut_only_at_its_end_has_no_gap_in_its_middle() -> None:
    """The Scars at 80 × 24: `Play Grey Wolf (1) in attack position` and `… in defense position`
    read `Play Grey Wolf …(1) in attack…`: a `…` where nothing was left out, before the cost.
    When the words where two choices differ fit, only the end is cut."""
    a = "Play Grey Wolf (1) in attack position"
    b = "Play Grey Wolf (1) in defense position"
    assert one_line_each([a, b], 30) == ["Play Grey Wolf (1) in attack…", "Play Grey Wolf (1) in defense…"]


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_choices_at_80x24_say_the_play_without_a_false_gap() -> None:
    """The dense late Scars board at 80 × 24 (the lane-height scenario): the recruit choices
    (more than 99 of them: the numbers take three columns)."""
    app = dense_late_app("scars")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        # (the cost says energy since session 35: the words take two lines, cut nowhere)
        assert "│  1. Play Grey Wolf (1 energy) in     │" in text
        assert "│  3. Play Grey Wolf (1 energy)        │" in text
        assert "\n│     sheltering Mammoth  " in text  # the rest on the next line, under its text
        assert "Wolf …(1" not in text


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_wrapped_choices_are_whole_when_the_list_gets_a_scrollbar() -> None:
    """The Scars at 120 × 40: `7. Place Hunting Spear face down as a` lost its `support`
    and `2. Play Hunting Spear (1) equipped to` its `Pikeman`. The choices wrap; a choice
    that fit the list's width took one line, then the scrollbar came (more choices than
    rows) and took two columns: the choice wrapped to two lines drawn in one. Once the
    scrollbar went, a choice kept two lines for one (a blank line in the list)."""
    app = TriarchApp(LaunchSpec(game_id="scars", vs="ai", ai_level="random", seed=11), ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        assert not choices.one_line
        action = choices.actions[0]
        width = choices.scrollable_content_region.width
        few = [(action, "Done"), (action, "Pass")]
        # each text fills the list's width without a scrollbar, exactly (" 1. " + text)
        text = ("Place Hunting Spear face down as a support " + "x" * width)[: width - 4]
        # (each its own words: a list shows choices of the same words once)
        many = [(action, f"{text[:-2]}{k:02}") for k in range(2 * choices.scrollable_content_region.height)]
        for items in (few, many, few, many[:3]):
            choices.show(items)
            await settle(pilot)
            drawn = [
                choices.render_line(y).text.strip() for y in range(choices.scrollable_content_region.height)
            ]
            shown = [line for line in drawn if line]
            assert len(shown) == len([line for line in drawn[: len(shown)] if line]), drawn  # no gap
            joined = " ".join(shown)
            for i, (_a, words) in enumerate(items[:3]):
                assert f"{i + 1}. {words}".replace(" ", "") in joined.replace(" ", ""), (i, drawn)


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_menu_seat_of_the_scars_does_not_say_moves_first() -> None:
    """SC-03: a coin decides who plays first (the "First player" option); the seat list
    said `Player 1 (moves first)` under it."""
    from textual.widgets import Select

    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#game", Select).value = "scars"
        await settle(pilot)
        text = screen_text(app)
        seat = next(x for x in text.splitlines() if "Your seat" in x)
        assert "First player" in text and "P1" in seat  # (as the tables name the seats)
        assert "moves first" not in text


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_with_100_choices_or_more_the_numbers_stay_aligned(size: tuple[int, int]) -> None:
    """`99. Done` and `100. Done`: the numbers are right-aligned in as many columns as the
    largest takes, so every choice's words start in the same column."""
    app = TriarchApp(LaunchSpec(game_id="scars", vs="ai", ai_level="random", seed=1), ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        act = choices.actions[0]
        choices.show([(act, f"Choice {i + 1}") for i in range(120)])
        await settle(pilot)
        prompts = [str(choices.get_option_at_index(i).prompt) for i in range(120)]
        assert prompts[8] == "  9. Choice 9" and prompts[99] == "100. Choice 100", prompts
        assert len({p.index("Choice") for p in prompts}) == 1
