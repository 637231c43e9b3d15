"""Hand of the Gods, round 3 of the polish (session 26): whose unit the log's action lines aim
at, the revealed cards' names at 80 × 24, what `1`…`9` do in the help, the health line's
`before` from the game kept before each action."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from common.registry import game_class
from common.saves import save_game
from tui.log_words import log_words
from tui.widgets.log import GameLog

from .helpers import SKIRMISH, engine_ready, press, screen_name, screen_text, settle, skirmish

pytestmark = pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")


def uid_at(view: dict[str, Any], r: int, c: int) -> int:
    return int(view["board"][r][c]["uid"])


# -- 1. the log says whose unit an action aims at ------------------------------------------------
@pytest.mark.parametrize("vs", ["ai", "human"])
async def test_the_log_says_whose_unit_an_action_aims_at(vs: str) -> None:
    """Aphrodite's Warcry on your Hoplite, then Thunder of Olympus on the enemy's: against the AI
    your log reads `Target your Hoplite at 2,2` and `Cast Thunder of Olympus (3 mana) on P2's
    Hoplite at 2,3`, as the choices did; the hot-seat log, read by both players, names each
    side (`Target P1's Hoplite at 2,2`). They read `Target Hoplite at 2,2`, `on Hoplite at
    2,3`: whose it was only in the board's `►`/`◄`."""
    app = skirmish(vs=vs)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if screen_name(app) == "CoverScreen":  # hot-seat: the hand-over to player 1
            await press(pilot, "enter")
            await settle(pilot)
        view = app.session.game.view(0)
        enemy, mine = uid_at(view, 2, 3), uid_at(view, 2, 2)
        game = app.session.game
        aphrodite = next(
            a
            for a in app.screen.legal
            if a.kind == "play" and a.args[1:] == ("1,0",) and "Aphrodite" in game.describe_action(a)
        )
        app.screen.choose(aphrodite)
        await settle(pilot)
        app.screen.choose(Action("target", (mine,)))
        await settle(pilot)
        thunder = next(a for a in app.screen.legal if a.kind == "play" and a.args[1:] == (enemy,))
        app.screen.choose(thunder)
        await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        me = "P1 (you)" if vs == "ai" else "P1"
        yours = "your" if vs == "ai" else "P1's"
        assert f"{me}: Target {yours} Hoplite at 2,2" in log
        assert f"{me}: Cast Thunder of Olympus (3 mana) on P2's Hoplite at 2,3" in log


def test_the_replay_says_whose_unit_from_the_eyes_chosen(tmp_path: Path) -> None:
    """`triarch replay --print`: Bolt on P2's Hoplite reads `on P2's Hoplite at 2,3` to
    everybody's eyes and to P1's, `on your Hoplite at 2,3` to P2's (P1's Hoplite at 2,2
    shares its name); the notation after it is the engine's, as the
    `:` box reads it (`[ability 62]`)."""
    from .test_replay_words import printed

    game = game_class("hotg").new_game(seed=5, scenario=SKIRMISH)
    view = game.view(0)
    bolt = Action("ability", (uid_at(view, 2, 3),))
    assert log_words(game, bolt, 0) == "Use Bolt (2 mana) on P2's Hoplite at 2,3"
    game.apply(bolt)
    path = tmp_path / "bolt.json"
    save_game(game, path)
    for eyes, words in (
        ("everybody", "P2's Hoplite at 2,3"),
        ("1", "P2's Hoplite at 2,3"),
        ("2", "your Hoplite at 2,3"),
    ):
        assert f"1. P1: Use Bolt (2 mana) on {words}" in printed(path, eyes)
    from click.testing import CliRunner

    from tui.cli import main

    out = CliRunner().invoke(main, ["replay", "--print", str(path)]).output
    assert f"[{game.format_action(bolt)}]" in out and f"[ability {bolt.args[0]}]" in out


def test_the_log_names_a_stones_side_from_the_eyes() -> None:
    """Bolt on the enemy's stone: `on P2's Summoning Stone` to P1 and to everybody, `on your
    Summoning Stone` to P2."""
    game = game_class("hotg").new_game(seed=5, scenario=SKIRMISH)
    stone = game.view(0)["players"][1]["stone"]
    bolt = Action("ability", (stone,))
    assert log_words(game, bolt, 0) == "Use Bolt (2 mana) on P2's Summoning Stone"
    assert log_words(game, bolt, None) == "Use Bolt (2 mana) on P2's Summoning Stone"
    assert log_words(game, bolt, 1) == "Use Bolt (2 mana) on your Summoning Stone"
    assert log_words(game, Action("end"), 0) == "End the turn"


# -- 4. the health line reads the game kept before each action -----------------------------------
async def test_each_actions_health_line_reads_the_game_just_before_it() -> None:
    """Two actions of one plan (`choose_plan`: Gaia's Stone (+0/+3) on the enemy's Hoplite, then
    the end of the turn), applied with no drawing between them: the Hoplite's `+3` is said once,
    under the spell. Read from the table's last drawing, the end of the turn said it again (`⤷
    ◄Hoplite +3 (♥6)` under `Player 1: End the turn`): that drawing was from before the spell.
    (Round 6: a Bolt's damage says what is left itself and has no `⤷` line; a buff's has.)"""
    app = skirmish(vs="human", scenario=SKIRMISH.replace('"thunder_of_olympus"', '"gaia_stone"'))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if screen_name(app) == "CoverScreen":
            await press(pilot, "enter")
            await settle(pilot)
        view = app.session.game.view(0)
        enemy = uid_at(view, 2, 3)
        gaia = next(c["uid"] for c in view["players"][0]["hand"] if c["id"] == "gaia_stone")
        assert app.screen.choose_plan([Action("play", (gaia, enemy)), Action("end")])
        await settle(pilot)
        if screen_name(app) == "CoverScreen":
            await press(pilot, "enter")
            await settle(pilot)
        log = app.screen.query_one(GameLog).plain
        spell = log.index("P1: Cast Gaia's Stone (3 mana) on P2's Hoplite at 2,3")
        end = log.index("P1: End the turn")
        assert [line for line in log if "⤷" in line] == ["  ⤷ ◄Hoplite +3 (♥6)"], log
        assert spell < log.index("  ⤷ ◄Hoplite +3 (♥6)") < end


# -- 3. the help says what `1`…`9` do in Hand of the Gods ----------------------------------------
def test_the_help_says_what_the_number_keys_do_in_hotg() -> None:
    """HotG's help says once what `1`…`9` do here: a card of the hand on your turn, the numbered
    choice at a target or a revealed card. Its `Everywhere` lines said `choose that numbered
    choice` beside its own line `pick that card of your hand`, two answers for one key; the
    other games' help keeps the shared words."""
    from tui.screens.help import common_keys
    from tui.screens.hotg import HotgScreen

    keys = HotgScreen.help_keys()  # what `?` shows (test_hotg_s32: F1 opens it)
    lines = [line for line in keys.splitlines() if "`1`…`9`" in line]
    assert len(lines) == 1 and "on your turn: pick that card of your hand" in lines[0], lines
    assert "choose that numbered choice" not in keys
    assert "revealed card: take that numbered choice of the list" in keys
    assert "- `1`…`9` — choose that numbered choice\n" in common_keys()


# -- 2. the revealed cards' names at 80 × 24 ------------------------------------------------------
ATHENA = SKIRMISH.replace(
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]', 'hand = ["athena", "cyclops"]'
)


async def test_each_revealed_blessing_is_named_whole_at_80x24() -> None:
    """Athena's Warcry reveals three blessings: at 80 × 24 their titles read `▶ 1. Blessing of …`,
    `2. Blessing of Vi…`, `3. Blessing of Mig…` over the whole names in their text, each name
    said twice, once cut. Each tile now opens with its card's whole name (`Blessing of the` /
    `Aegis` on two lines) under a title that only numbers it, and no name is cut."""
    from tui.screens.decide import TileView

    app = skirmish(scenario=ATHENA)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter")  # Athena at 1,0: her Warcry reveals the blessings
        await settle(pilot)
        assert screen_name(app) == "TileDialog"
        names = [c["name"] for c in app.session.game.view(0)["reveal"]]
        tiles = list(app.screen.query(TileView))
        assert [str(t.render()).split("\n")[0] for t in tiles] == names
        assert all("…" not in str(t.border_title) for t in tiles)
        text = screen_text(app)
        assert "Blessing of Vigor " in text and "Blessing of Might " in text
        assert "┃ Blessing of the " in text and "┃ Aegis " in text  # the first tile's, the current
        assert "Blessing of …" not in text and "Vi…" not in text


# -- found playing two games at 80 × 24 -----------------------------------------------------------
async def test_enter_on_your_own_stone_says_what_it_is_not_that_it_is_not_yours() -> None:
    """The board cursor starts on your Summoning Stone; Enter there said `Summoning Stone is not
    yours: choose one of your units first` — it is yours. It says that a stone does not move or
    attack; the enemy's stone is named with its side (`P2's Summoning Stone is not yours`)."""
    from .helpers import cell_offset

    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#board").cursor == (2, 0)  # your stone
        await press(pilot, "enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Your Summoning Stone does not move or attack" in text and "not yours" not in text
        await pilot.click("#board", offset=cell_offset(2, 8))
        await settle(pilot)
        assert "P2's Summoning Stone is not yours: choose one of your units first." in screen_text(app)


async def test_a_number_past_the_hands_end_says_so() -> None:
    """`9` on your turn with four cards in the hand did nothing, not a word; it says there is no
    card 9 and which keys there are, as a number past the end of a numbered list does."""
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "9")
        await settle(pilot)
        assert "✗ There is no card 9: your hand has 4 cards (keys 1–4)." in screen_text(app)
        assert app.screen.selected is None


# P2's stone at 1 health, its deck empty (the fatigue of its next draw destroys it), a Guard unit
# of P2's next to it: the stone is guarded as it is destroyed
GUARDED_LAST = (
    SKIRMISH.replace(
        'max_mana = 5\ndeck = ["hoplite", "spartan", "hoplite", "spartan"]',
        "max_mana = 5\nstone = 1\ndeck = []",
    )
    + '\n[[unit]]\ncard = "jackal_guard"\nowner = 2\ncell = "1,8"\n'
)


async def test_a_destroyed_stone_is_not_said_to_be_guarded() -> None:
    """The game over, back at the table (`b`): the enemy's bar read `stone destroyed guarded` (its
    Guard unit next to it), the piles cut to make room (`deck 0…`); a stone destroyed is no longer
    guarded: `stone destroyed │ mana …`, the piles whole (their short words)."""
    app = skirmish(scenario=GUARDED_LAST)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "guarded" in screen_text(app).splitlines()[1]  # the enemy's bar, while its stone stands
        await press(pilot, "e")  # P2's draw from an empty deck: fatigue destroys its stone
        await settle(pilot)
        assert app.session.game.is_over() and screen_name(app) == "GameOverScreen"
        await press(pilot, "b")
        await settle(pilot)
        bar = screen_text(app).splitlines()[1]
        assert "stone destroyed │ mana" in bar and "guarded" not in bar, bar
        # (session 37: every pile said, in the short words a crowded bar gives them before it cuts
        # the Leader Ability's name: `h0 d0 g0`, `Allfather's Gift` whole)
        assert "│ h0 d0 g0 │ Allfather's Gift 2" in bar, bar
