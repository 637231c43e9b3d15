"""Hand of the Gods, round 2 of the polish: whose unit a choice aims at, same-named units told
apart in the log, the Summoning Stone's goal from the viewer's side, the drawn card named to
its drawer, `play_out` for HotG."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from common.saves import save_game
from tui.widgets.detail import CardDetail

from .helpers import engine_ready, press, screen_name, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


async def test_target_choices_say_whose_unit_it_is() -> None:
    """Aphrodite deployed (keys 3, Enter): her Warcry's target choices read `Target your
    Hoplite at 2,2` (the enemy's Hoplite at 2,3 shares its name); Thunder of Olympus, cast
    on the enemy, `on P2's Hoplite at 2,3` and `on P2's Summoning Stone`. They read `Target
    Hoplite at 2,2`, whose it was only in the board's `►`/`◄`."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        words = [app.screen.choice_words(a) for a in app.screen.legal if a.kind == "play" and len(a.args) > 1]
        assert "Cast Thunder of Olympus (3 mana) on P2's Hoplite at 2,3" in words
        assert "Cast Thunder of Olympus (3 mana) on P2's Summoning Stone" in words
        await pilot.press("escape", "3", "enter")
        await settle(pilot)
        assert app.session.decision is not None and app.session.decision.kind == "target"
        words = [app.screen.choice_words(a) for a in app.screen.legal]
        assert "Target your Hoplite at 2,2" in words
        assert all(w.startswith("Target your ") for w in words)
        assert "Target your Hoplite at 2,2" in screen_text(app)


def test_whose_names_the_side_of_units_and_stones() -> None:
    """`whose` from P1's eyes: the enemy's unit by its side, yours as yours, a neutral one,
    your stone `your Summoning Stone`, the enemy's as the engine says it."""
    from tui.log_words import whose

    assert whose("Spartan at 2,3", {"controller": 1}, 0) == "P2's Spartan at 2,3"
    assert whose("Spartan", {"controller": 0}, 0) == "your Spartan"
    assert whose("Draugr", {"controller": None}, 0) == "the neutral Draugr"
    assert (
        whose("P1's Summoning Stone", {"stone": True, "owner": 0, "controller": 0}, 0)
        == "your Summoning Stone"
    )
    assert (
        whose("P2's Summoning Stone", {"stone": True, "owner": 1, "controller": 1}, 0)
        == "P2's Summoning Stone"
    )


async def test_the_stones_goal_is_said_from_the_viewers_side() -> None:
    """The card panel of the enemy's stone says `Destroy it to win.`, of yours `If it is
    destroyed you lose.`; both read the card's `Destroy the enemy's to win.`, which on the
    enemy's stone read as if you were to destroy your own."""
    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        board.focus()
        board.cursor = (2, 8)
        await settle(pilot)
        panel = app.screen.query_one(CardDetail)
        assert panel.card is not None
        assert "Destroy it to win." in panel.card["text"] and "enemy's" not in panel.card["text"]
        board.cursor = (2, 0)
        await settle(pilot)
        assert panel.card is not None
        assert "If it is destroyed you lose." in panel.card["text"] and "enemy's" not in panel.card["text"]


async def test_the_log_tells_two_hoplites_apart_by_their_cell() -> None:
    """Your Hoplite (2,2) attacks the enemy's (2,3): the log's lines name each Hoplite with its
    cell (`Hoplite at 2,2 attacks P2's Hoplite at 2,3`), `Your Hoplite at 2,2 deals 1 damage to
    P2's Hoplite at 2,3 (2 left)` and `P2's Hoplite at 2,3 strikes back at your Hoplite at 2,2`;
    they read `Hoplite deals 1 damage to Hoplite (2 left)` (Protect 1)."""
    from tui.widgets.log import GameLog

    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        attack = next(a for a in app.screen.legal if a.kind == "attack")
        app.screen.choose(attack)
        await settle(pilot)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert "Hoplite at 2,2 attacks P2's Hoplite at 2,3" in log
        assert "Your Hoplite at 2,2 deals 1 damage to P2's Hoplite at 2,3 (2 left)" in log
        assert "P2's Hoplite at 2,3 strikes back at your Hoplite at 2,2" in log
        assert "P2's Hoplite at 2,3 deals 1 damage to your Hoplite at 2,2 (2 left)" in log


@pytest.mark.parametrize("vs", ["ai", "human"])
async def test_your_draw_is_named_in_your_log_only(vs: str) -> None:
    """The skirmish: you end the turn, the AI plays its turn and ends it, you draw: your log
    reads `You draw Spartan` (in the person of its `Your Hoplite …`; it read `P1 draws Spartan`),
    the AI's draw `P2 draws a card`; the hot-seat log, read by both, keeps `P1 draws a card` (it
    always read so)."""
    from tui.widgets.log import GameLog

    app = skirmish(vs=vs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ends = 0
        while ends < (2 if vs == "human" else 1):  # hot-seat: P1 ends, then P2, a cover before each
            if screen_name(app) == "CoverScreen":
                await press(pilot, "enter")
            else:
                app.screen.choose(next(a for a in app.screen.legal if a.kind == "end"))
                ends += 1
            await settle(pilot)
        # (`settle` waits through the AI's whole turn: each of its actions starts the next)
        assert app.session.decision is not None and app.session.decision.player == 0
        if screen_name(app) == "CoverScreen":
            await press(pilot, "enter")
            await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        drawn = [
            line.strip() for line in log if line.strip().startswith(("P1 draws", "P2 draws", "You draw"))
        ]
        hand = [c["name"] for c in app.session.game.view(0)["players"][0]["hand"]]
        if vs == "ai":
            assert drawn == ["P2 draws a card", f"You draw {hand[-1]}"]
        else:
            assert drawn == ["P2 draws a card", "P1 draws a card"]


def test_replay_print_names_a_draw_to_its_drawers_eyes_only(tmp_path: Path) -> None:
    """`triarch replay --print --eyes 1` names P1's draws (`You draw Athena`, as its units are
    `your Hoplite`), not P2's; everybody's eyes name none (`P1 draws a card`)."""
    from .test_replay_words import printed, random_game

    path = tmp_path / "hotg.json"
    save_game(random_game("hotg", 60), path)
    one, everybody = "\n".join(printed(path, "1")), "\n".join(printed(path, "everybody"))
    assert re.search(r"You draw (?!a card|\d)\w", one) and not re.search(r"P2 draws (?!a card|\d)\w", one)
    assert not re.search(r"P1 draws (?!a card|\d)\w", one)
    assert "P2 draws a card" in one and "your " in one
    assert not re.search(r"(P\d draws|You draw) (?!a card|\d)\w", everybody)
    assert "P1 draws a card" in everybody


async def test_the_log_names_your_draws_never_the_ais() -> None:
    """At 80 × 24 against the random AI, three turns ended by `e`: the log names your draws
    (`You draw …`), never the AI's (`P2 draws a card`). (It played the whole game out, 9.6 s;
    the one HotG game by keys to its end is test_hotg's.)"""
    from tui.widgets.log import GameLog

    from .helpers import game_app

    app = game_app("hotg", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await press(pilot, "e")
            await settle(pilot, look=False)
        assert not app.session.game.is_over()
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert re.search(r"You draw (?!a card|\d)\w", log) and "P2 draws a card" in log, log
        assert not re.search(r"P[12] draws (?!a card|\d)\w", log), log


async def test_the_health_line_tells_two_units_of_a_side_apart() -> None:
    """Two enemy Hoplites (2,3 and 1,3), Gaia's Stone (+0/+3) on the one at 2,3: the log's
    health line reads `⤷ ◄Hoplite at 2,3 +3 (♥6)` (it read `⤷ ◄Hoplite … (♥…)`, either of the
    two); a unit alone of its name on its side keeps its name alone. (Round 6: a Bolt's damage
    says what is left itself, `(2 left)`, and has no `⤷` line; a buff's has.)"""
    from tui.widgets.log import GameLog

    from .helpers import SKIRMISH

    twins = SKIRMISH.replace('"thunder_of_olympus"', '"gaia_stone"') + (
        '\n[[unit]]\ncard = "hoplite"\nowner = 2\ncell = "1,3"\n'
    )
    app = skirmish(scenario=twins)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.session.game.view(0)
        target = view["board"][2][3]["uid"]
        gaia = next(a for a in app.screen.legal if a.kind == "play" and a.args[1:] == (target,))
        app.screen.choose(gaia)
        await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        assert "  ⤷ ◄Hoplite at 2,3 +3 (♥6)" in log, log


async def test_a_stone_highlighted_in_the_choice_list_reads_as_on_the_board() -> None:
    """`Use Bolt on P2's Summoning Stone` highlighted in the choice list: the card panel shows
    the stone as the board's cursor does (its leader, `Destroy it to win.`); it showed the
    stone's raw card, `Destroy the enemy's to win.`."""
    from tui.widgets.actions import ActionList

    app = skirmish()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.screen.query_one(ActionList).focus()
        await settle(pilot)
        stone = app.session.game.view(0)["players"][1]["stone"]
        bolt = next(a for a in app.screen.legal if a.kind == "ability" and a.args == (stone,))
        app.screen.show_action_detail(bolt)
        await settle(pilot)
        card = app.screen.query_one(CardDetail).card
        assert card is not None and "Destroy it to win." in card["text"] and "Odin" in card["text"]
        assert "enemy's" not in card["text"]
