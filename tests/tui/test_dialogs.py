"""Decision dialogs (issue 4, item 5): blockers, damage split and shelter in
The Scars, POD investment and targets in BHM — answerable by keys and mouse,
a refused choice explained with the engine's reason and nothing changed.

Each test reaches its decision by seeded random play (the first seed that
gets there, so an engine's data changes do not break it), saves the game
and opens the save in the app as Continue does."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from common.game import Action, Decision, Game
from common.registry import game_class
from tui.session import Seats, Session

from .helpers import engine_ready, press, resume_app, screen_name, screen_text, settle


def reach(
    game_id: str, kind: str, path: Path, when: Callable[[Game, Decision], bool] = lambda g, d: True
) -> Session:
    """Random play from seed 1 on until player 1 has a `kind` decision."""
    cls = game_class(game_id)
    for seed in range(1, 80):
        game = cls.new_game(seed=seed, options={}, decks=[None, None], scenario=None)
        rnd = random.Random(seed)
        for _ in range(3000):
            d = game.decision()
            if d is None:
                break
            if d.kind == kind and d.player == 0 and when(game, d):
                s = Session(game, Seats(["human", "ai"], "random"), save_path=path)
                s.save()
                return s
            game.apply(rnd.choice(game.legal_actions()))
    pytest.skip(f"no {kind} decision found for {game_id}")


def blockable_and_not(game: Game, d: Decision) -> bool:
    """A defender that can block one attacker and cannot block another."""
    legal = game.legal_actions()
    units = [u for u in game.view(0)["players"][0]["units"] if u["position"] == "defense"]
    atts = [int(a) for a in d.context["attackers"]]
    for u in units:
        ok = [Action("block", (u["uid"], a)) in legal for a in atts]
        if any(ok) and not all(ok):
            return True
    return False


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_blockers_dialog_explains_an_illegal_block_then_declares(tmp_path: Path) -> None:
    s = reach("scars", "block", tmp_path / "s.json", blockable_and_not)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        dialog = app.screen
        game = app.session.game
        legal = game.legal_actions()
        before = game.state_hash()
        # Find the row and option the engine refuses, and one it accepts.
        atts = [int(a) for a in game.decision().context["attackers"]]
        bad = good = None
        for i, row in enumerate(dialog.rows):
            for j, a in enumerate(atts, 1):
                uid = int(row.key)
                if Action("block", (uid, a)) in legal:
                    good = good or (i, j, Action("block", (uid, a)))
                else:
                    bad = bad or (i, j)
        assert bad is not None and good is not None
        await press(pilot, *["down"] * bad[0], *["right"] * bad[1])
        await settle(pilot)
        assert "✗" in screen_text(app)  # the option is marked refused before confirming
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "RowsDialog" and game.state_hash() == before
        assert "only Flying or Ranged" in screen_text(app) or "cannot block" in screen_text(app)
        # Back to "no block" on that row, the legal block on its row, confirm.
        dialog.rows[bad[0]].index = 0
        dialog.rows[good[0]].index = good[1]
        await press(pilot, "enter")
        await settle(pilot)
        assert good[2] in app.session.game.history, screen_text(app)
        assert s.game is not app.session.game


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_damage_dialog_splits_points_and_refuses_a_partial_split(tmp_path: Path) -> None:
    reach(
        "scars",
        "damage",
        tmp_path / "s.json",
        lambda g, d: bool(d.context.get("targets")) and d.context["remaining"] >= 1,
    )
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        d = app.session.decision
        remaining = d.context["remaining"]
        before = app.session.game.state_hash()
        n = len(app.session.game.history)
        await press(pilot, "home")  # this row to 0: not every point is assigned
        await settle(pilot)
        if sum(r.index for r in app.screen.rows) < remaining:
            await press(pilot, "enter")
            await settle(pilot)
            assert "✗ Assign all" in screen_text(app) and app.session.game.state_hash() == before
            await press(pilot, "end")
            await press(pilot, "enter")
            await settle(pilot)
        else:
            await press(pilot, "enter")
            await settle(pilot)
        assigned = [a for a in app.session.game.history[n:] if a.kind == "assign"]
        assert len(assigned) == remaining


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_shelter_choice_side_by_side_by_click(tmp_path: Path) -> None:
    reach("scars", "shelter", tmp_path / "s.json")
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "TileDialog"
        text = screen_text(app)
        assert "Unit fights" in text and "Shelter fights" in text and "Both fight" in text
        tiles = list(app.screen.query("TileView"))
        await pilot.click(tiles[1])
        await settle(pilot)
        last = app.session.game.history[-1] if app.session.game.history else None
        assert any(a.kind == "choose" and a.args[1] == "shelter" for a in app.session.game.history)
        assert last is not None


@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
async def test_bhm_pod_investment_as_an_amount(tmp_path: Path) -> None:
    reach("bhm", "invest", tmp_path / "s.json")
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        assert "POD investment" in screen_text(app)
        legal = app.session.game.legal_actions()
        n = len(app.session.game.history)
        await press(pilot, "end", "enter")  # the most: all of it
        await settle(pilot)
        assert app.session.game.history[n] == legal[-1]


@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
async def test_bhm_target_is_answered_on_the_board_and_d_opens_the_cards_side_by_side(tmp_path: Path) -> None:
    """A BHM target decision whose targets are on the lanes: no dialog in the
    way (the cursor answers it); `d` opens the cards side by side, a number picks."""
    reach("bhm", "target", tmp_path / "s.json")
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == "BhmScreen"
        board = screen.query_one("#lane-board")
        assert board.has_focus and board.cursor_uid in board.actionable
        await press(pilot, "d")
        await settle(pilot)
        assert screen_name(app) == "TileDialog"
        await press(pilot, "escape")
        await settle(pilot)
        assert screen_name(app) == "BhmScreen"
        await press(pilot, "d")
        await settle(pilot)
        tile = app.screen.tiles[0]
        await press(pilot, "1")
        await settle(pilot)
        assert app.session.game.history[-1] == tile.action


async def test_a_row_label_too_long_for_its_column_keeps_its_end() -> None:
    """The Scars' damage split at 80 × 24 read `Knight of the Oath 3/3 — lethal needs  ◀ 4 ▶`:
    the label was cut at its column without a `…`, and the `4` it needs was lost."""
    from textual.app import App, ComposeResult

    from tui.screens.decide import Row, RowsView

    labels = ["Knight of the Oath 3/3 — lethal needs 4", "Pikeman 2/2 — lethal needs 3"]
    rows = [Row(label, [str(n) for n in range(6)], 1, numeric=True) for label in labels]

    class Box(App[None]):
        def compose(self) -> ComposeResult:
            yield RowsView(rows)

    app = Box()
    async with app.run_test(size=(76, 10)):
        view = app.query_one(RowsView)
        lines = view.render().plain.splitlines()
        # cut between words, its closing clause whole before the `◀` (`Knight of the Oath
        # 3/3… needs 4` lost the word that says what the 4 is)
        assert re.search(r"Knight of the… 3/3 — lethal needs 4 +◀", lines[0]), lines
        assert "Pikeman 2/2 — lethal needs 3" in lines[1], lines


async def test_a_scars_damage_row_keeps_the_word_lethal_however_long_its_unit() -> None:
    """A unit told apart by its place, with damage on it: its row at 80 × 24 kept `… needs 2`."""
    from textual.app import App, ComposeResult

    from tui.screens.decide import Row, RowsView

    labels = [
        "Knight of the Oath (P2, 1st in ATK) 3/4 dmg 1, 4 more kills — lethal needs 2",
        "Knight of the Oath (P2, 2nd in ATK) 3/4 — lethal needs 5",
    ]
    rows = [Row(label, [str(n) for n in range(8)], 1, numeric=True) for label in labels]

    class Box(App[None]):
        def compose(self) -> ComposeResult:
            yield RowsView(rows)

    async with Box().run_test(size=(72, 10)) as pilot:
        lines = pilot.app.query_one(RowsView).render().plain.splitlines()
        assert "— lethal needs 2 " in lines[0] and "Knight of" in lines[0], lines
        assert "— lethal needs 5 " in lines[1] and "Knight of" in lines[1], lines
