"""Hand of the Gods at the table, session 37: what a player stumbles on. With two copies of a card in
the hand the list's one choice (`Play Marksman: 5 cells`) took the first copy and did not say so;
at 80 × 24 P2's bar cut its Leader Ability's name (`Allfath… 2 —`) while the word `stone` and the
seat's `(AI)` kept their room."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from tui.screens.hotg import HOTG_KEYS
from tui.widgets.actions import ActionList

from .helpers import engine_ready, game_app, press, screen_text, settle
from .test_same_choices import HOTG as HOTG_TWO_COPIES

HOTG = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")

# two copies of a spell and two of a unit in P1's hand (test_same_choices.py's scenario)
COPIES = HOTG_TWO_COPIES


def listed(app: Any) -> list[str]:
    return list(app.screen.query_one(ActionList).words)


def bar(app: Any, which: str) -> str:
    return str(app.screen.query_one(f"#bar-{which}", Static).render())


# -- 1. two copies of a card in the hand ---------------------------------------------------------------
@HOTG
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_copies_alike_are_one_choice_that_says_either(size: tuple[int, int]) -> None:
    """The list's one choice for the two Marksmen (and the two Ginnungagaps) says it takes either
    (they are the same card); chosen, it picks the first copy, which the prompt names by its
    number in the hand, and the board marks that copy's cells."""
    app = game_app("hotg", seed=1, scenario=COPIES)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        words = listed(app)
        assert "Play either Marksman: 5 cells" in words and "Cast either Ginnungagap (3 mana)" in words, words
        assert not any(w.startswith(("Play Marksman", "Cast Ginnungagap")) for w in words), words
        assert "Play either Marksman: 5 cells" in screen_text(app)
        choices = app.screen.query_one(ActionList)
        choices.focus()
        choices.highlight_action(next(a for a in choices.actions if a.kind == "play" and len(a.args) == 1))
        await press(pilot, "down")  # (the Marksman's choice, under the Ginnungagap's)
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        screen: Any = app.screen
        hand = screen.my_hand()
        first = next(c["uid"] for c in hand if c["name"] == "Marksman")
        assert screen.selected == ("card", first)
        assert "● Marksman (card 3): + deploy" in screen_text(app), screen_text(app)
        assert len(screen.cell_actions) == 5 and all(a.args[0] == first for a in screen.cell_actions.values())


@HOTG
async def test_copies_that_differ_are_one_choice_each_by_their_number_in_the_hand() -> None:
    """Copies the hand shows apart (one costs more) are not the same card: one choice each, by the
    number the hand gives it (the number key that picks it)."""
    app = game_app("hotg", seed=1, scenario=COPIES)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        screen.my_hand()  # (the view's own hand: changed below as a cost change would)
        me = screen.me()
        hand = screen.view_data["players"][me]["hand"]
        hand[3] = {**hand[3], "cost": 3}
        screen.filter_actions(app.session.legal())
        await settle(pilot)
        words = listed(app)
        assert "Play Marksman (card 3): 5 cells" in words and "Play Marksman (card 4): 5 cells" in words, (
            words
        )
        assert "Cast either Ginnungagap (3 mana)" in words, words


def test_the_help_says_either_for_copies_alike() -> None:
    assert "`Play either Marksman` for two copies alike" in " ".join(HOTG_KEYS.split())


# -- 2. the bars at 80 × 24 ----------------------------------------------------------------------------
@HOTG
async def test_p2s_bar_keeps_its_leader_abilitys_name_whole_at_80x24() -> None:
    """Seed 1, Zeus against Odin at 80 × 24: P2's bar said `Allfath… 2 —`. The word `stone` and the
    seat's `(AI)` (the status line says it) give way before the name now."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert top.endswith("│ Allfather's Gift 2 —"), top
        assert "…" not in top and "…" not in bottom, (top, bottom)
        assert "│ ♥25 │" in top and "│ ♥25 │" in bottom, (top, bottom)  # both alike (session 34)
        assert "Allfather's Gift" in screen_text(app)


@HOTG
async def test_a_crowded_bar_says_its_piles_short_before_it_cuts_the_name() -> None:
    """Late in a game (10 mana, 12 cards in the graveyard, the stone guarded) the piles say
    `h7 d20 g12` (the help says so) and the name stays whole in 77 columns."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        p = {**screen.view_data["players"][1], "mana": 10, "max_mana": 10, "hand_count": 7}
        p.update(deck_count=20, grave_count=12, guarded=True)
        line = screen.player_line(p, 0, 77).plain
        assert line == "◄ P2 Odin │ ♥25 guarded │ mana 10/10 │ h7 d20 g12 │ Allfather's Gift 2 —", line
        roomy = screen.player_line(p, 0, 120).plain
        assert "│ stone ♥25 guarded │" in roomy and "hand 7 deck 20 grave 12" in roomy, roomy
        # the two bars say their piles alike (`h7 d20 g12` above `hand 4 deck 21 grave 0` read as
        # two kinds of count), as their stones (session 34)
        players = list(screen.view_data["players"])
        players[1] = p
        screen.update_bars({**screen.view_data, "players": players})
        top, bottom = bar(app, "top"), bar(app, "bottom")
        assert "│ h7 d20 g12 │" in top and "│ h4 d21 g0 │" in bottom, (top, bottom)
    assert "(`h5 d20 g0` in a crowded bar)" in " ".join(HOTG_KEYS.split())


@HOTG
async def test_the_two_bars_agree_on_the_word_stone_and_the_piles_words_whatever_the_counts() -> None:
    """Both bars say their stone alike and their piles alike (`stone ♥25` in both or neither,
    `hand 4 deck 21 grave 0` in both or `h4 d21 g0` in both): the short piles one bar needed gave
    the other the room to keep `stone` back (`stone ♥25 guarded │ … │ h2 d10 g6` above `♥20 │ … │
    h1 d9 g14`)."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        players = list(screen.view_data["players"])
        for mana, grave, guarded in [
            (1, 0, False),
            (10, 14, False),
            (5, 3, True),
            (10, 9, True),
            (2, 19, False),
        ]:
            mine = {**players[0], "mana": mana, "max_mana": mana, "grave_count": grave}
            theirs = {**players[1], "mana": 1, "max_mana": 10, "hand_count": 2, "guarded": guarded}
            screen.update_bars({**screen.view_data, "players": [mine, theirs]})
            top, bottom = bar(app, "top"), bar(app, "bottom")
            assert ("stone ♥" in top) == ("stone ♥" in bottom), (top, bottom)
            assert (" deck " in top) == (" deck " in bottom), (top, bottom)
            assert "…" not in top + bottom, (top, bottom)
