"""Gaps closed after the first UI rounds (issue 4): number keys in the rows
dialogs, the last-action marks after Continue, one-line choices at 80 × 24,
the Hand of the Gods glossary from the engine's rules reference, and game-over
stats that agree with the final table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from common.game import Action, Game
from common.registry import game_class
from tui.app import TriarchApp
from tui.launch import LaunchSpec
from tui.screens.decide import Row, RowsDialog
from tui.screens.game import glossary_for
from tui.session import Seats, Session
from tui.widgets.detail import card_lines

from .helpers import SKIRMISH, engine_ready, press, resume_app, screen_name, screen_text, settle, skirmish
from .test_dialogs import reach


# -- 1. number keys select the rows of a rows dialog -------------------------------------------------
@pytest.mark.usefixtures("toy")
async def test_rows_dialog_number_keys_select_rows_and_the_key_line_says_so() -> None:
    app = TriarchApp(LaunchSpec(game_id="toy", vs="ai", ai_level="random", seed=3), ai_pace=0)
    rows = [Row(f"unit {i}", ["no", "yes"]) for i in range(3)]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(RowsDialog("Rows", "Pick", rows, lambda rows: [Action("done")], lambda plan: None))
        await settle(pilot)
        dialog = app.screen
        assert "1…3 row" in screen_text(app)  # (the 3 rows there are)
        await press(pilot, "3")
        assert dialog.view.current == 2
        await press(pilot, "right")
        assert rows[2].index == 1 and rows[0].index == 0
        await press(pilot, "1", "right")
        assert dialog.view.current == 0 and rows[0].index == 1
        await press(pilot, "7")  # no such row: said, nothing moves
        await settle(pilot)
        assert dialog.view.current == 0 and "no row 7" in screen_text(app)


def two_blockers(game: Game, d: Any) -> bool:
    units = game.view(0)["players"][0]["units"]
    return sum(1 for u in units if u["position"] == "defense" and u.get("blocking") is None) >= 2


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_blockers_dialog_rows_by_number(tmp_path: Path) -> None:
    reach("scars", "block", tmp_path / "s.json", two_blockers)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        dialog = app.screen
        assert f"1…{len(dialog.rows)} blocker" in screen_text(app)
        assert "1. " in screen_text(app) and "2. " in screen_text(app)
        await press(pilot, "2", "right")
        await settle(pilot)
        assert dialog.view.current == 1 and dialog.rows[1].index == 1 and dialog.rows[0].index == 0


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_damage_dialog_rows_by_number(tmp_path: Path) -> None:
    reach("scars", "damage", tmp_path / "s.json", lambda g, d: len(d.context.get("targets") or []) >= 2)
    app = resume_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        assert f"1…{len(app.screen.rows)} unit" in screen_text(app)
        await press(pilot, "2")
        assert app.screen.view.current == 1


# -- 2. after Continue the marks of the last actions are there at once -------------------------------
def marks_of(screen: Any) -> Any:
    if hasattr(screen, "last_units"):
        return (screen.last_seat, screen.last_units, screen.last_cells, screen.last_delta)
    return (screen.marks, screen.last_words)


async def live_then_resumed(game_id: str, keys: list[str], spec: dict[str, Any]) -> tuple[Any, Any]:
    """The marks after playing `keys` against the AI, and after resuming its autosave."""
    app = TriarchApp(LaunchSpec(game_id=game_id, vs="ai", ai_level="random", **spec), ai_pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            if screen_name(app) in ("TileDialog", "RowsDialog"):
                key = "enter"
            await press(pilot, key)
            await settle(pilot, look=False)
        assert not app.session.over
        live = marks_of(app.screen)
        n = len(app.session.game.history)
        path = app.session.save_path
    again = TriarchApp(LaunchSpec(resume=path), ai_pace=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot, look=False)
        assert len(again.session.game.history) == n
        return live, marks_of(again.screen)


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_resume_rebuilds_the_last_action_marks() -> None:
    live, resumed = await live_then_resumed("scars", ["1"] * 14, {"seed": 2})
    assert live[0][1] or live[1][1], "the AI should have acted with a card"
    assert resumed == live


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_resume_rebuilds_the_last_action_marks() -> None:
    live, resumed = await live_then_resumed("hotg", ["e", "e"], {"seed": 5, "scenario": SKIRMISH})
    assert live[0] == 1 and (live[1] or live[2] or live[3]), "the AI's turn should have left marks"
    assert resumed == live


# -- 3. below 120 × 40 a Scars choice takes two lines at most, the full words when highlighted ------
LONG_CHOICE = "Play Iron Claws (1) equipped to Grey Wolf (P2, 1st in ATK) and then some more words to cut"


def choice_rows(choices: Any) -> list[str]:
    """The lines the choice list draws now."""
    return [choices.render_line(y).text.rstrip() for y in range(choices.scrollable_content_region.height)]


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_long_choices_take_two_lines_at_80x24_and_are_whole_when_roomy(size: tuple[int, int]) -> None:
    """A choice too long for a line goes on, under its text (not under its number), on a
    second line at 80 × 24 (The Scars: `ActionList.max_lines`), cut there with a `…` (its
    whole words are in the card panel while it is highlighted); from 120 × 40 it is whole."""
    app = TriarchApp(LaunchSpec(game_id="scars", vs="ai", ai_level="random", seed=1), ai_pace=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        actions = app.screen.query_one("#actions")
        act = actions.actions[0]
        actions.show([(act, LONG_CHOICE), (act, "Done")])
        await settle(pilot)
        rows = choice_rows(actions)
        first = next(i for i, r in enumerate(rows) if r.startswith(" 1. Play Iron Claws"))
        done = next(i for i, r in enumerate(rows) if r.startswith(" 2. Done"))
        if size == (80, 24):
            assert done - first == 2, rows  # two lines, not one cut, not more
            assert rows[first + 1].startswith("    ") and rows[first + 1].endswith("cut"), rows
            assert "…" in rows[first + 1]
        else:
            assert done - first >= 2, rows
            body = " ".join(r.strip() for r in rows[first:done])
            assert body == "1. " + LONG_CHOICE, rows  # whole
            assert all(r.startswith("    ") for r in rows[first + 1 : done]), rows  # under its text


# -- 4. the Hand of the Gods glossary comes from the engine's rules reference -------------------------
@pytest.mark.parametrize("game_id", ["hotg", "scars", "bhm"])
def test_every_glossary_keyword_is_in_the_rules_reference(game_id: str) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    cls = game_class(game_id)
    rules = cls.rules_text()
    glossary = glossary_for(cls)
    assert glossary
    for keyword, meaning in glossary.items():
        assert keyword in rules and meaning
    if game_id == "hotg":
        assert "Swift" not in glossary
        assert "instead" in glossary["Reincarnate"] and "after death" not in glossary["Reincarnate"]


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_screen_glossary_is_the_rules_glossary_and_the_card_panel_explains_text() -> None:
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.glossary == glossary_for(game_class("hotg"))
        detail = screen.query_one("#detail")
        assert detail.explain_text
        card = {"uid": 1, "name": "Test", "text": "Structure. Guard.", "keywords": []}
        console = Console(width=200, record=True)
        console.print(card_lines(card, detail.glossary, detail.explain_text))
        plain = console.export_text()
        assert "Structure —" in plain and "Guard —" in plain and "Stealth —" not in plain


# -- 5. game-over stats agree with the final table ------------------------------------------------------
def near_end(game_id: str, seed: int, scenario: str | None = None) -> Game:
    """A random game replayed to one action before its end, where every legal action ends it (so
    the AI's last action ends the game whatever it picks): the first such game from `seed` on."""
    cls = game_class(game_id)
    for s in range(seed, seed + 50):
        game = cls.new_game(seed=s, options={}, decks=[None, None], scenario=scenario)
        rnd = random.Random(s)
        while not game.is_over():
            game.apply(rnd.choice(game.legal_actions()))
        data = game.to_json()
        data["actions"] = data["actions"][:-1]
        last = cls.from_json(data)
        ends = []
        for action in last.legal_actions():
            after = last.clone()
            after.apply(action)
            ends.append(after.is_over())
        if all(ends):
            return last
    raise AssertionError(f"no {game_id} game from seed {seed} ends whatever its last action")


async def final_stats(game: Game, path: Path) -> tuple[list[str], dict[str, Any], int | None, list[str]]:
    """The game-over stats, the final view, the winner, and how the stats name each seat's player."""
    # the AI plays the last action, against a player (a save whose seats are both the AI's is refused)
    d = game.decision()
    assert d is not None
    kinds = ["human", "human"]
    kinds[d.player] = "ai"
    Session(game, Seats(kinds, "random"), save_path=path).save()
    app = resume_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "GameOverScreen"
        tags = ["(AI)" if kind == "ai" else "(you)" for kind in kinds]
        return app.screen.stats, app.session.game.view(None), app.session.winner(), tags


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_scars_game_over_stats_match_the_final_view(tmp_path: Path) -> None:
    stats, view, winner, tags = await final_stats(near_end("scars", 3), tmp_path / "s.json")
    assert winner is not None
    text = "\n".join(stats)
    assert "Ended:" in text
    lives = next(line for line in stats if line.startswith("Lives left"))
    for p in view["players"]:
        assert f"P{p['seat'] + 1} {tags[p['seat']]} ♥{p['lives']}" in lives
    loser = view["players"][1 - winner]
    assert loser["lives"] == 0 and f"P{2 - winner} {tags[1 - winner]} ♥0" in lives


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_hotg_game_over_stats_match_the_final_view(tmp_path: Path) -> None:
    stats, view, winner, tags = await final_stats(near_end("hotg", 1), tmp_path / "h.json")
    assert winner is not None
    stones = next(line for line in stats if "Summoning Stones" in line)
    assert f"Round {(view['turn'] + 1) // 2} · " in stones  # (the engine's turns counted in rounds)
    win, lose = view["players"][winner], view["players"][1 - winner]
    assert f"P{winner + 1} {tags[winner]} ♥{win['stone_health']}" in stones
    assert lose["stone_health"] <= 0 and f"P{2 - winner} {tags[1 - winner]} destroyed" in stones
    assert any(line.startswith("Ended:") and "Summoning Stone" in line for line in stats)


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("P1's Summoning Stone is destroyed: P2 wins!", "P1's Summoning Stone is destroyed"),  # HotG
        ("Both Summoning Stones are destroyed: the game is a draw", "Both Summoning Stones are destroyed"),
        ("P2 wins: P1's C.LL reached 32", "P1's C.LL reached 32"),  # BHM
        ("P1's hero has no lives left: P2 wins", "P1's hero has no lives left"),  # The Scars
        ("Both heroes have no lives left: a draw", "Both heroes have no lives left"),
        ("P1 must draw from an empty deck and loses", "P1 must draw from an empty deck and loses"),
        ("P2 wins", ""),  # nothing but who won: no `Ended:` line
    ],
)
def test_the_ending_line_does_not_say_the_winner_again(text: str, how: str) -> None:
    """`Player 2 (AI) wins!` then `Ended: P1's Summoning Stone is destroyed: P2 wins!` said the
    winner twice, by two names."""
    from tui.screens.game import ending_words

    assert ending_words(text) == how
