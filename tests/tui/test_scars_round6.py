"""The Scars screen, session 28: the card panel's `lethal at` with Valor or Fear (as the damage
split says it), the `last:` line cut between words, and what two played games showed."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import engine_ready, game_app, press, scenario, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def unit_uid(app: TriarchApp, name: str) -> int:
    """The uid of the (first) unit in play named `name`."""
    view = app.session.game.view(None)
    return next(int(u["uid"]) for p in view["players"] for u in p["units"] if u["name"] == name)


def scars_app(name: str, vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted", vs=vs)


async def test_the_card_panel_says_valor_prevents_the_damage_as_the_split_does() -> None:
    """Valiant Paladin (Valor 4) blocking Mammoth (attack 5): the damage split says `damage
    prevented: Valor 4 (SC-90)`, the card panel said `lethal at: 5`; it says none is lethal
    from the Mammoth, and why. The Knight beside it, whose damage is not prevented, keeps 4."""
    app = scars_app("scars_valor_block")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # the split's dialog: to the choice list
        await settle(pilot)
        board = app.screen.query_one(LaneBoard)
        detail = app.screen.query_one(CardDetail)
        board.move_to(unit_uid(app, "Valiant Paladin"))
        await settle(pilot)
        assert detail.card is not None and detail.card["name"] == "Valiant Paladin"
        said = detail.card["lethal_at"]
        assert said == "none from Mammoth — damage prevented: Valor 4 (SC-90)", said
        board.move_to(unit_uid(app, "Knight of the Oath"))
        await settle(pilot)
        assert detail.card is not None and detail.card["lethal_at"] == 4, detail.card
