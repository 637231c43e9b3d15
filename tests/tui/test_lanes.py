"""The lane screens of BHM and The Scars (issue 4, items 3 and 4): what each
side shows, hidden information, clicking a card to narrow the choices, and a
complete game of each against the AI by key presses."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp
from tui.launch import LaunchSpec

from .helpers import engine_ready, screen_name, screen_text, settle


def app_for(game_id: str, seed: int = 1, level: str = "scripted", vs: str = "ai") -> TriarchApp:
    return TriarchApp(LaunchSpec(game_id=game_id, vs=vs, ai_level=level, seed=seed), ai_pace=0)


def needs(game_id: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not engine_ready(game_id), reason=f"the {game_id} engine is not available")


async def play_out(pilot, app: TriarchApp, limit: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Answer every decision with the first choice of the list (Enter)."""
    for _ in range(limit):
        if screen_name(app) == "GameOverScreen":
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the game did not end")


@needs("bhm")
async def test_bhm_complete_game_against_the_ai_by_keys() -> None:
    app = app_for("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "BhmScreen"
        await play_out(pilot, app)
        assert app.session.game.is_over()
        assert "C.LL" in screen_text(app)


@needs("bhm")
async def test_bhm_lanes_show_cll_budget_and_hide_the_opponents_invocations() -> None:
    app = app_for("bhm", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(12):  # through the mulligans into the first turn
            if app.session.decision.kind not in ("mulligan",):
                break
            await pilot.press("enter")
            await settle(pilot)
        text = screen_text(app)
        view = app.session.game.view(0)
        assert f"C.LL {view['players'][0]['cll']}/32" in text
        opp_count = view["players"][1]["invocations"]["count"]
        assert "cards" not in view["players"][1]["invocations"]
        assert f"invocations ({opp_count}): {opp_count} face down" in text
        assert "territories" in text and "deserters" in text and "dead" in text
        assert view["phase_name"] in text


@needs("scars")
async def test_scars_complete_game_against_the_ai_by_keys() -> None:
    app = app_for("scars", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "ScarsScreen"
        await play_out(pilot, app)
        assert app.session.game.is_over()


@needs("scars")
async def test_scars_lanes_show_lives_energy_positions_and_click_narrows_choices() -> None:
    app = app_for("scars", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(30):
            units = app.session.game.view(0)["players"][0]["units"]
            if units and app.session.decision.player == 0:
                break
            await pilot.press("enter")
            await settle(pilot)
        view = app.session.game.view(0)
        me = view["players"][0]
        text = screen_text(app)
        assert f"lives {me['lives']}" in text
        assert f"{me['energy']['untapped']} untapped / {me['energy']['tapped']} tapped" in text
        assert "ATK:" in text and "DEF:" in text
        assert view["phase_name"] in text
        # The opponent's hand is never listed.
        opp_hand = app.session.game.view(1)["players"][1]["hand"]
        assert opp_hand is not None and view["players"][1]["hand"] is None
        screen = app.screen
        involved = None
        for u in me["units"] + (me["hand"] or []):
            acts = [a for a in screen.legal if u["uid"] in a.args]
            if acts:
                involved = (u, acts)
                break
        if involved is not None:
            u, acts = involved
            screen.action_inspect(u["uid"])
            await pilot.pause()
            assert screen.query_one("#actions").actions == acts
            await pilot.press("escape")
            await pilot.pause()
            assert len(screen.query_one("#actions").actions) == len(screen.legal)
