"""While the terminal is too small, the screen is the 'too small' message and nothing of the table
is in sight: a key does nothing there (found by playing at 40 × 12: `e` ended a Hand of the
Gods turn, `1` took The Scars' first choice, unseen), except Ctrl+Q, which quits as the message
says. Back at 80 × 24 the keys work again."""

from __future__ import annotations

import pytest

from tui.widgets.actions import ActionList

from .helpers import engine_ready, game_app, press, screen_name, screen_text, settle, until

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]
# the keys that act at each game's table (end the turn, take a choice, open things)
KEYS = ["e", "1", "enter", "space", "tab", "enter", "2", "a", "w", "d", "colon", "question_mark", "m"]


@pytest.mark.parametrize("game_id", ENGINES)
@pytest.mark.parametrize("vs", ["ai", "human"])
async def test_keys_do_nothing_while_the_terminal_is_too_small(game_id: str, vs: str) -> None:
    app = game_app(game_id, seed=2, vs=vs)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        first = screen_name(app)  # the table, or the hot-seat cover
        assert app.session is not None
        before = app.session.game.state_hash()
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        # (the message follows the resize at the screen's next refresh: a loaded machine delays it)
        assert await until(pilot, lambda: app.too_small() and "too small" in screen_text(app))
        for key in KEYS:
            await press(pilot, key)
            await settle(pilot, look=False)
        assert app.session.game.state_hash() == before  # nothing played unseen
        assert screen_name(app) == first  # no dialog, no menu, no uncovering
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert await until(pilot, lambda: not app.too_small() and "too small" not in screen_text(app))
        await press(pilot, "space" if first == "CoverScreen" else "e" if game_id == "hotg" else "1")
        await settle(pilot)
        assert app.session.game.state_hash() != before or screen_name(app) != first  # keys act again
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        await pilot.press("ctrl+q")  # still quits
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("game_id", ENGINES[:1])
async def test_paging_a_choice_list_with_no_room_is_no_error(game_id: str) -> None:
    """PageUp/PageDown on a choice list laid out at no size (the table hidden by the 'too small'
    message) raised KeyError inside Textual's OptionList."""
    app = game_app(game_id, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert not choices.scrollable_content_region
        choices.action_page_up()
        choices.action_page_down()
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        choices.action_page_down()  # and pages again once it has room


def test_no_screen_is_not_too_small() -> None:
    """A key that comes before the first screen (or after the last) is not dropped as on a
    screen too small, nor an error."""
    from tui.app import TriarchApp

    assert TriarchApp().too_small() is False
