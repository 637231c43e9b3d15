"""Session 39b: The Scars' blockers dialog and the prompt under it say the same keys. The prompt
said the choice list's `Declare blockers: 1–3 picks a block, 4 declares no blockers` under the
dialog, where `1` only makes the first blocker's row the current one (as a digit does in every
rows dialog: the damage split's units). While the dialog is open the prompt says its keys; back
at the list (Esc), the list's again. (The brief said BHM's: BHM has no blockers; the dialog with
blockers is The Scars'.)"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_words, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

MILITIA = scenario("scars_militia_blocks")  # three blockers of P1's, three attackers
TWO_MORE = """  { card = "n_militia", position = "defense" },
  { card = "n_golem", position = "defense", damage = 2 },
"""
ONE_BLOCKER = MILITIA.replace(TWO_MORE, "", 1)


def prompt_said(app: Any) -> str:
    """The prompt's words as the table draws them (under the dialog, while it is open)."""
    from tui.screens.scars import ScarsScreen
    from tui.widgets.status import Prompt

    table = next(s for s in app.screen_stack if isinstance(s, ScarsScreen))
    return table.query_one(Prompt).shown()


async def test_the_prompt_under_the_dialog_says_the_dialog_keys() -> None:
    app = game_app("scars", seed=3, scenario=MILITIA, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        dialog = app.screen
        assert len(dialog.rows) == 3  # type: ignore[attr-defined]
        words = prompt_said(app)
        assert words == "You: Declare blockers in the dialog: 1–3 picks a blocker, ←→ whom it blocks", words
        assert "↑↓ or 1…3 blocker" in screen_words(app)  # (the dialog's keys line says the same keys)
        # the key does what the words say: `2` picks the second blocker's row, no block declared
        await press(pilot, "2")
        await settle(pilot)
        assert dialog.view.current == 1  # type: ignore[attr-defined]
        assert not [a for a in app.session.game.history if a.kind == "block"]
        # back at the list, the list's keys: `1` there picks a block
        await press(pilot, "escape")
        await settle(pilot)
        assert screen_name(app) != "RowsDialog"
        words = prompt_said(app)
        assert words.startswith("You: Declare blockers: 1–9 picks a block"), words
        await press(pilot, "d")  # the dialog again: its keys again
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        assert "in the dialog: 1–3 picks a blocker" in prompt_said(app)


async def test_one_blocker_the_prompt_offers_no_row_key() -> None:
    app = game_app("scars", seed=3, scenario=ONE_BLOCKER, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        words = prompt_said(app)
        assert words == "You: Declare blockers in the dialog: ←→ whom it blocks", words
        assert "1…9" not in screen_words(app)
        await press(pilot, "escape")
        await settle(pilot)
        assert prompt_said(app) == "You: Declare blockers: 1–3 picks a block, 4 declares no blockers"


async def test_at_80x24_back_at_the_list_the_prompt_says_its_keys() -> None:
    """At 80 × 24 the dialog covers the prompt; Esc shows it with the list's keys."""
    app = game_app("scars", seed=3, scenario=ONE_BLOCKER, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        assert prompt_said(app) == "You: Declare blockers in the dialog: ←→ whom it blocks"
        await press(pilot, "escape")
        await settle(pilot)
        assert "Declare blockers: 1–3 picks a block, 4 declares no blockers" in screen_words(app), (
            screen_words(app)
        )
