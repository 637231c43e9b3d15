"""The table on the toy game (tests/toygame.py): the app shell against the
game interface only — menu, generic screen, AI worker, hot-seat cover,
autosave and Continue, illegal choices explained, game over, help, palette."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from common.saves import autosave_path
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.session import Seats, Session
from tui.wording import plural

from .helpers import game_app, keys_for, press, screen_name, screen_text, settle

pytestmark = pytest.mark.usefixtures("toy")


def vs_ai(seed: int = 3, seat: int = 0) -> TriarchApp:
    return game_app("toy", seed=seed, seat=seat)


async def test_complete_game_against_the_ai_by_keys() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GenericGameScreen"
        for _ in range(40):
            if screen_name(app) == "GameOverScreen":
                break
            await press(pilot, "enter")
            await settle(pilot, look=False)
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        text = screen_text(app)
        assert "Game over" in text
        assert "actions in all" in text
        game = app.session.game
        assert game.is_over()
        # The log shows what both sides did, in words.
        log_text = screen_text(app)
        assert "Player 2 (AI)" in log_text or "P2" in log_text
        # A finished game is no longer offered by Continue.
        assert not autosave_path().exists()
        await pilot.press("m")
        await pilot.pause()
        assert screen_name(app) == "MenuScreen"
        assert "no saved game" in screen_text(app)


async def test_ai_moves_first_when_the_human_takes_seat_two() -> None:
    app = vs_ai(seed=8, seat=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.session.game
        assert len(game.history) == 1  # the AI's first action is on the table
        assert game.decision().player == 1
        assert "Player 2 (you)" in screen_text(app)


async def test_hotseat_hand_over_covers_the_hands() -> None:
    app = TriarchApp(LaunchSpec(game_id="toy", vs="human", seed=5), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.session.game
        hand0 = [game.zones.card(u).defn.id for u in game.zones["hand:0"].cards]
        hand1 = [game.zones.card(u).defn.id for u in game.zones["hand:1"].cards]
        # Before the first player looks: the cover, no hand on screen.
        assert screen_name(app) == "CoverScreen"
        text = screen_text(app)
        assert "Player 1, it is your turn" in text
        assert "hand:0 (" not in text
        await pilot.press("space")
        await pilot.pause()
        text = screen_text(app)
        assert screen_name(app) == "GenericGameScreen"
        assert "hand:0 (2): " + ", ".join(f"{c} (value={c[1:]})" for c in hand0) in text
        assert "hand:1: 2 cards, hidden" in text
        await pilot.press("enter")  # player 1 plays; hand over to player 2
        await pilot.pause()
        assert screen_name(app) == "CoverScreen"
        text = screen_text(app)
        assert "Player 2, it is your turn" in text
        assert "hand:0 (" not in text and "hand:1 (" not in text
        await pilot.click("#cover-text")
        await pilot.pause()
        text = screen_text(app)
        hand1_now = [game.zones.card(u).defn.id for u in game.zones["hand:1"].cards]
        assert hand1_now == hand1
        assert "hand:1 (2): " in text
        assert "hand:0: 1 card, hidden" in text


async def test_autosave_after_every_action_and_continue_resumes_exactly() -> None:
    app = vs_ai(seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await press(pilot, "enter")
            await settle(pilot, look=False)
            saved = json.loads(autosave_path().read_text())
            assert saved["actions"] == [app.session.game.format_action(a) for a in app.session.game.history]
        before = app.session.game.state_hash()
        history = list(app.session.game.history)
        await pilot.press("ctrl+q")
    # A new app (as after quitting or a crash): the menu's Continue.
    app2 = TriarchApp(ai_pace=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_name(app2) == "MenuScreen"
        assert f"Continue: High Card, {plural(len(history), 'action')}" in screen_text(app2)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert screen_name(app2) == "GenericGameScreen"
        assert app2.session.game.state_hash() == before
        assert app2.session.game.history == history
        assert app2.session.seats.kinds == ["human", "ai"]
        assert "resumed after" in screen_text(app2)


async def test_resume_launch_spec_opens_the_save(triarch_home: Path) -> None:
    s = Session.new("toy", Seats(["human", "ai"], "random"), seed=4)
    s.apply(s.legal()[0])
    s.apply(s.legal()[0])
    manual = triarch_home / "mine.json"
    s.save(manual)
    app = TriarchApp(LaunchSpec(game_id="toy", resume=manual), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.game.state_hash() == s.game.state_hash()
        await pilot.press("enter")
        await settle(pilot)
        # Play continues into the autosave; the user's file is left as it was.
        assert len(json.loads(manual.read_text())["actions"]) == 2
        assert len(json.loads(autosave_path().read_text())["actions"]) == 4


async def test_illegal_typed_action_is_explained_and_changes_nothing() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.session.game.state_hash()
        await pilot.press("colon")
        await pilot.pause()
        assert screen_name(app) == "TypeActionScreen"
        await pilot.press(*keys_for("play 999"), "enter")
        await settle(pilot)
        assert app.session.game.state_hash() == before
        text = screen_text(app)
        assert "✗" in text and "not legal" in text
        # A malformed one too.
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press(*keys_for("9lives"), "enter")
        await settle(pilot)
        assert "Bad action verb" in screen_text(app)  # a sentence, from the engine's `bad action verb`
        # A legal typed action is played.
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press(*keys_for("draw"), "enter")
        await settle(pilot)
        assert app.session.game.history[0].kind == "draw"


async def test_number_keys_choose_and_ai_is_not_interrupted() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        legal = app.session.legal()
        await pilot.press(str(len(legal)))
        await settle(pilot)
        assert app.session.game.history[0] == legal[-1]


async def test_mouse_click_on_a_choice_plays_it() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        legal = app.session.legal()
        # Click the second line of the choice list.
        await pilot.click("#actions", offset=(4, 2))
        await settle(pilot)
        assert app.session.game.history[0] == legal[1]


async def test_too_small_terminal_shows_a_clear_message() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "too small" in text and "80 × 24" in text
        assert "Player 1 (you)" not in text
    # (at 80 × 24 it is not said: `test_the_first_position_at_80x24`)


async def test_command_palette_resign_ends_the_game() -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*keys_for("Resign"))
        # the palette's search is a worker: Enter before its hits are listed took the list
        # shown before them (`New game` first), however long a fixed pause was
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(app) == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        assert "Player 1 (you) resigned" in screen_text(app)
        assert app.session.winner() == 1
        assert not autosave_path().exists()


async def test_save_command_writes_a_resumable_file(triarch_home: Path) -> None:
    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        saves = list((triarch_home / "saves").glob("toy-*.json"))
        assert len(saves) == 1
        assert Session.load(saves[0]).game.state_hash() == app.session.game.state_hash()


@pytest.mark.usefixtures("only_toy")
async def test_menu_starts_a_hotseat_game_with_a_seed() -> None:
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "MenuScreen"
        text = screen_text(app)
        assert "High Card" in text and "Against the AI" in text
        menu = app.screen
        from textual.widgets import Input, Select

        menu.query_one("#mode", Select).value = "human"
        menu.query_one("#seed", Input).value = "42"
        await pilot.pause()
        assert menu.query_one("#level", Select).disabled
        await pilot.click("#start")
        await settle(pilot)
        assert screen_name(app) == "CoverScreen"
        assert app.session.seats.hotseat
        assert app.session.game.setup.seed == 42


async def test_menu_says_when_an_engine_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    from common.registry import GAMES, GameInfo

    monkeypatch.setitem(GAMES, "ghost", GameInfo("ghost", "Ghost", "ghost_engine.game:GhostGame", "-"))
    app = TriarchApp(ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from textual.widgets import Select

        app.screen.query_one("#game", Select).value = "ghost"
        await pilot.pause()
        assert "not implemented yet" in screen_text(app)


async def test_back_at_the_menu_the_form_shows_the_game_triarch_play_started() -> None:
    """`triarch play bhm --ai-level scripted --seat 2 --deck …` then the menu: its form shows
    that game's level, seat and decks (not the defaults), and a blank seed (a new deal)."""
    from textual.widgets import Input, Select

    from common.registry import game_class

    cls = game_class("bhm")
    names = list(cls.preset_decks())
    assert cls.default_agent_level() != "scripted" and len(names) >= 2
    decks = [cls.preset_decks()[names[1]], cls.preset_decks()[names[0]]]  # the defaults swapped
    spec = LaunchSpec(game_id="bhm", vs="ai", ai_level="scripted", human_seat=1, seed=9, decks=decks)
    app = TriarchApp(launch=spec, ai_pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) != "MenuScreen"
        app.back_to_menu()
        await settle(pilot)
        menu = app.screen
        assert screen_name(app) == "MenuScreen"
        assert menu.query_one("#game", Select).value == "bhm"
        assert menu.query_one("#mode", Select).value == "ai"
        assert menu.query_one("#level", Select).value == "scripted"
        assert menu.query_one("#seat", Select).value == 1
        assert [menu.query_one(f"#deck{p}", Select).value for p in (0, 1)] == [names[1], names[0]]
        assert menu.query_one("#seed", Input).value == ""


async def test_a_number_past_a_list_of_one_choice_says_only_1() -> None:
    """`There is no choice 2: the list has 1 (1–1)` read oddly: it says `only 1`."""
    from tui.widgets.actions import ActionList
    from tui.widgets.status import Prompt

    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        first = app.session.game.legal_actions()[0]
        choices.show([(first, "the one choice")])  # a decision with one choice
        await press(pilot, "2")
        await settle(pilot)
        assert app.screen.query_one(Prompt).error == "There is no choice 2: the list has only 1"


# -- one app for several checks (an app's start is most of a UI test's cost): each check keeps
# its own paragraph; the table reached by the steps before it is what it reads --------------


async def test_the_first_position_at_80x24() -> None:
    """The toy against the AI (seed 3) at 80 × 24, one app in turn:

    - Not too small: no `too small` message at 80 × 24 (its 70 × 20 half:
      `test_too_small_terminal_shows_a_clear_message`).
    - The palette lists New game, Save game, Resign and Theme.
    - The help lists the keys (its Keys, Rules and Keywords tabs; Enter), and Esc closes it.
    - A number past the end of the choices says so and changes nothing: number keys pick
      choices 1–9; one past the end of the list did nothing and said nothing. Now the prompt
      says how many choices there are (and the game is unchanged); `1` then plays."""
    from tui.commands import TriarchCommands
    from tui.widgets.status import Prompt

    app = vs_ai(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "too small" not in screen_text(app)
        provider = TriarchCommands(app.screen)
        names = [n for n, _, _ in provider.commands()]
        assert {"New game", "Save game", "Resign", "Theme"} <= set(names)
        # the help
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen_name(app) == "HelpScreen"
        text = screen_text(app)
        assert "Keys" in text and "Rules" in text and "Keywords" in text
        assert "Enter" in text
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "GenericGameScreen"
        # a number past the end of the choices
        await settle(pilot)
        k = len(app.session.game.legal_actions())
        assert k < 9
        before = app.session.game.state_hash()
        await press(pilot, "9")
        await settle(pilot)
        assert app.screen.query_one(Prompt).error == f"There is no choice 9: the list has {k} (keys 1–{k})"
        assert app.session.game.state_hash() == before
        await press(pilot, "1")
        await settle(pilot)
        assert app.session.game.state_hash() != before


async def test_a_finished_game_saved_then_a_rematch() -> None:
    """The toy against the AI (seed 3) played to its end (Enter, the first choice), one app:

    - Saving a finished game says how to replay it: Ctrl+S in a game in progress says `triarch
      resume FILE`; on a finished game (nothing to resume: it is for watching again) it says
      `triarch replay FILE`.
    - The rematch (`r` at the game-over dialog) starts a fresh game with the same seats, the
      seed one on."""
    app = vs_ai(seed=3)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notify = app.notify
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        game_screen = app.screen
        game_screen.action_save_as()  # type: ignore[attr-defined]
        assert "Resume it with: triarch resume " in said[-1]
        while screen_name(app) != "GameOverScreen":
            await press(pilot, "enter")
            await settle(pilot, look=False)
        game_screen.action_save_as()  # type: ignore[attr-defined]
        path = said[-1].split("triarch replay ", 1)[1]
        assert Session.load(Path(path)).over
        app.notify = notify  # type: ignore[method-assign]
        # the rematch
        await settle(pilot)
        old = app.session
        await pilot.press("r")
        await settle(pilot)
        assert screen_name(app) == "GenericGameScreen"
        assert app.session is not old
        assert app.session.game.history == []
        assert app.session.game.setup.seed == old.game.setup.seed + 1
        assert app.session.seats.kinds == old.seats.kinds
