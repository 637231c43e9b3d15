"""The lanes (BHM, The Scars): `Tab` to the choice list shows its highlighted choice in the card
panel at once."""

from __future__ import annotations

import pytest

from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import dense_late_app, engine_ready, press, settle


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_tab_to_the_list_shows_the_highlighted_choice(game_id: str, size: tuple[int, int]) -> None:
    """The card panel kept the table's card and its note (`Enter: the 3 choices with this card`)
    after `Tab` had taken the keyboard to the choice list, until the list's cursor moved."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    app = dense_late_app(game_id)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        board, actions, detail = (screen.query_one(t) for t in (LaneBoard, ActionList, CardDetail))
        if not board.has_focus:
            board.focus()
            await settle(pilot)
        await press(pilot, "right")  # a card of the table in the panel, with its note
        await settle(pilot)
        assert detail.note.startswith(("Enter:", "no choice")), detail.note
        await press(pilot, "tab")
        await settle(pilot)
        assert actions.has_focus
        action = actions.highlighted_action
        assert action is not None
        assert detail.note == screen.choice_words(action), (detail.note, action)  # type: ignore[attr-defined]
