"""The lane screens of BHM and The Scars (issue 4, items 3 and 4): what each
side shows, hidden information, clicking a card to narrow the choices, and a
complete game of each against the AI by key presses."""

from __future__ import annotations

import pytest

from tui.app import TriarchApp
from tui.widgets.detail import find_cards

from .helpers import engine_ready, game_app, play_out, press, screen_name, screen_text, settle


def app_for(game_id: str, seed: int = 1, level: str = "scripted", vs: str = "ai") -> TriarchApp:
    return game_app(game_id, seed=seed, level=level, vs=vs)


def needs(game_id: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(not engine_ready(game_id), reason=f"the {game_id} engine is not available")


@needs("bhm")
async def test_bhm_complete_game_against_the_ai_by_keys() -> None:
    app = app_for("bhm", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "BhmScreen"
        await play_out(pilot)
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
        await play_out(pilot)
        assert app.session.game.is_over()


@needs("scars")
async def test_scars_lanes_show_lives_energy_positions_and_hide_the_opponents_hand() -> None:
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
        # The opponent's hand is never listed.
        assert "hand:" in text


@needs("scars")
async def test_scars_keyboard_cursor_walks_the_cards_and_enter_narrows_the_choices() -> None:
    """Issue 4 item 5 / gap 1: arrows walk the chips, Enter narrows, Esc widens, a click too."""
    app = app_for("scars", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one("#lane-board")
        for _ in range(30):
            d = app.session.decision
            if d.player == 0 and d.kind == "recruit" and board.actionable:
                break
            await press(pilot, "1")
            await settle(pilot, look=False)
        await settle(pilot)
        board.focus()
        await settle(pilot)
        start = board.cursor_uid
        await press(pilot, "right")
        assert board.cursor_uid != start
        await press(pilot, "left")
        assert board.cursor_uid == start
        await press(pilot, "down")
        await press(pilot, "up")
        for _ in range(40):  # to a card with a choice
            if board.cursor_uid in board.actionable:
                break
            await press(pilot, "l")
        uid = board.cursor_uid
        assert uid in board.actionable
        await settle(pilot)
        name = find_cards(screen.view_data)[uid]["name"]
        assert f"▶{name}" in screen_text(app)  # the cursor reads without colour
        await press(pilot, "enter")
        await settle(pilot)
        involved = [a for a in screen.legal if uid in a.args]
        actions = screen.query_one("#actions")
        assert actions.actions == involved and actions.has_focus
        await press(pilot, "escape")
        await settle(pilot)
        assert len(actions.actions) == len(screen.legal) and board.has_focus
        # A card without a choice: explained, the list stays whole.
        quiet = next(u for u in board.chip_uids() if u not in board.actionable)
        board.move_to(quiet)
        await press(pilot, "enter")
        await settle(pilot)
        assert "No choice with" in screen_text(app)
        assert len(actions.actions) == len(screen.legal)
        # A click on a chip does what Enter does.
        chip = next(p for p in board._chips() if p.seg.uid == uid)
        await pilot.click("#lane-board", offset=(chip.x + 1, chip.row))
        await settle(pilot)
        assert actions.actions == involved
        await press(pilot, "1")
        await settle(pilot)
        assert app.session.game.history[-1] == involved[0] or len(app.session.game.history) > 0


async def test_a_comma_after_a_chip_never_starts_a_row() -> None:
    """The Scars at 120 × 40: the own face-down supports wrapped as `…, Mammoth` / `, Mammoth`:
    the comma after a chip went alone to the next row. A chip and its comma wrap together."""
    from textual.app import App, ComposeResult

    from tui.screens.lanes import chips
    from tui.widgets.lanes import LaneBoard, words

    names = ["Sellsword", "Call of the Wild", "Stampede", "Mammoth", "Mammoth"]
    cards = [{"uid": i + 1, "name": n} for i, n in enumerate(names)]
    line = words("  supports (face down):") + chips(cards)
    width = len("  supports (face down): Sellsword, Call of the Wild, Stampede, Mammoth")

    class _Board(App[None]):
        CSS = f"LaneBoard {{ width: {width}; height: 4; }}"

        def compose(self) -> ComposeResult:
            yield LaneBoard()

    app = _Board()
    async with app.run_test(size=(100, 10)) as pilot:
        app.query_one(LaneBoard).show([("", line)], set())
        await pilot.pause()
        rows = [r for r in screen_text(app).splitlines() if r.strip()]
        assert len(rows) == 2, rows
        assert not rows[1].strip().startswith(","), rows
        assert rows[0].rstrip().endswith("Stampede,") and rows[1].strip() == "Mammoth, Mammoth"


def test_a_wrapped_row_is_indented_as_much_whether_its_head_is_one_segment_or_its_words() -> None:
    """`  ATK:` (one segment) and `words("  hand:")` (a segment per space) wrap alike: the
    chips of the next row start 6 columns in (the hand's started at 5)."""
    from tui.screens.lanes import chips
    from tui.widgets.lanes import LaneBoard, Seg, words

    board = LaneBoard()
    cards = [{"uid": i + 1, "name": n} for i, n in enumerate(["Grey Wolf", "Tusked Boar", "Iron Claws"] * 3)]
    board.lines = [words("  hand:") + chips(cards, marks={1: "▸"}), [Seg("  ATK:"), *chips(cards)]]
    board.line_styles = ["", ""]
    placed = board._layout(40)[0]
    heads = {p.row for p in placed if p.seg.text in ("hand:", "  ATK:")}
    wrapped = {min(p.x for p in placed if p.row == row) for row in {p.row for p in placed} - heads}
    assert len(heads) == 2 and wrapped == {6}, wrapped
