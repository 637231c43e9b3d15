"""The Scars' choices and log in words a player can act on: same-named cards told apart by
their place (never a place in the hand in the log), the `last:` line with its target."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action, Decision
from tui.app import TriarchApp
from tui.screens.scars import keep_target
from tui.widgets.actions import ActionList, between_words, wrapped
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, scenario, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def twins_app(vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario("scars_twins"), vs=vs, level="scripted")


async def choose(app: TriarchApp, pilot: object, words: str) -> None:
    """Take the choice whose words are `words`, as a click on it would."""
    choices = app.screen.query_one(ActionList)
    assert words in choices.words, choices.words
    choices.post_message(ActionList.Chosen(choices.actions[choices.words.index(words)]))
    await settle(pilot)  # type: ignore[arg-type]


async def test_choices_tell_same_named_cards_apart_and_the_log_never_by_a_place_in_the_hand() -> None:
    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        # the two Grey Wolves of the hand are alike: one choice each, no place in the hand
        assert words.count("Play Grey Wolf (1 energy) in attack") == 1
        assert "Play Grey Wolf (1 energy) sheltering Grey Wolf (1st in ATK)" in words
        assert "Play Iron Claws (1 energy) equipped to Grey Wolf (2nd in DEF)" in words
        assert "Play Tusked Boar (2 energy) in attack" in words  # one of its name: nothing added
        assert words.count("Place Grey Wolf as a support") == 1
        assert not any("in hand" in w for w in words)
        await choose(app, pilot, "Play Grey Wolf (1 energy) in attack")
        await choose(app, pilot, "Play Iron Claws (1 energy) equipped to Grey Wolf (2nd in DEF)")
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert "P1 (you): Play Grey Wolf (1 energy) in attack\n" in log
        assert "P1 (you): Play Iron Claws (1 energy) equipped to Grey Wolf (2nd in DEF)\n" in log
        assert "in hand" not in log
        await choose(app, pilot, "End first recruitment, go to combat")  # `done` in a player's words
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert "P1 (you): End first recruitment, go to combat" in log, log  # not `Done`
        words = app.screen.query_one(ActionList).words
        assert "Grey Wolf (2nd in ATK) attacks Knight of the Oath (P2, 1st in ATK)" in words


async def test_in_hot_seat_the_log_says_whose_card_it_is() -> None:
    app = twins_app(vs="human")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the cover screen of the hand-over
        await settle(pilot)
        await choose(app, pilot, "Play Iron Claws (1 energy) equipped to Grey Wolf (1st in DEF)")
        table = next(s for s in app.screen_stack if type(s).__name__ == "ScarsScreen")  # P2's cover on top
        log = "\n".join(table.query_one(GameLog).plain)
        assert "P1: Play Iron Claws (1 energy) equipped to Grey Wolf (P1, 1st in DEF)" in log, log
        assert "in hand" not in log


def test_keep_target_keeps_which_card_acted_and_whom_it_aimed_at() -> None:
    words = "Knight of the Oath (P2, 1st in ATK) attacks P1's hero Korrag of the Wilds"
    told = {"actor_tag": "P2, ", "heroes": ["Korrag of the Wilds"], "names": ["Knight of the Oath"]}
    assert keep_target(words, 80, **told) == words
    assert (
        keep_target(words, 70, **told)
        == "Knight of the Oath (1st in ATK) attacks P1's hero Korrag of the Wilds"
    )
    assert keep_target(words, 50, **told) == "Knight of the Oath (1st in ATK) attacks P1's hero"
    assert keep_target(words, 45, **told) == "Knight of the… (1st in ATK) attacks P1's hero"
    # a cost goes before a place; the other side's place keeps its side
    play = "Play Grey Wolf (1) sheltering Grey Wolf (P2, 1st in ATK)"
    assert keep_target(play, 53, actor_tag="P1, ") == "Play Grey Wolf sheltering Grey Wolf (P2, 1st in ATK)"


async def test_the_last_line_at_80x24_says_which_card_acted_and_whom_it_aimed_at() -> None:
    """`★ P2 (AI) last: Knight of the Oath (P2, 1st in ATK) attacks…` lost whom it attacked, and
    then `Knight of the Oath attacks P1's hero Korrag…` lost which of the two Knights attacked."""
    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        game = app.session.game
        knight = game.view(1)["players"][1]["units"][0]["uid"]
        hero = game.view(0)["players"][0]["hero"]["uid"]
        words = "Knight of the Oath (P2, 1st in ATK) attacks P1's hero Korrag of the Wilds"
        screen.note_action(1, Action("attack", (knight, hero)), words)
        screen.note_action(
            1, Action("done"), "Done"
        )  # no card: the attack stays the line (a pass is not noted)
        screen.refresh_view()
        await settle(pilot)
        last = next(line for line in screen_text(app).split("\n") if " last: " in line)
        assert last.strip() == "» P2 (AI) last: Knight of the… (1st in ATK) attacks P1's hero (+1 more: o)"
        assert len(last.rstrip()) <= 80


async def test_the_blockers_dialog_tells_same_named_units_apart() -> None:
    """Two Grey Wolves block, two Knights of the Oath attack: each row and each choice of
    whom it blocks says which one (and fits its line at 80 × 24)."""
    app = game_app("scars", seed=3, scenario=scenario("scars_twin_blocks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "right")
        await settle(pilot)
        text = screen_text(app)
        assert "Knight of the Oath (P2, 1st in ATK) 4/3 ⇒ Korrag of the Wilds (hero)" in text
        assert "Knight of the Oath (P2, 2nd in ATK) 4/3 ⇒" in text
        assert "1. Grey Wolf (1st in DEF) 2/1  ◀ blocks Knight of the Oath (1st in ATK) ▶" in text
        assert "2. Grey Wolf (2nd in DEF) 2/1  ◀ no block ▶" in text
        assert "1 blocker declared — Enter confirms" in text  # not `1 blocker(s)`


async def test_the_resolution_zone_says_which_same_named_card_is_the_target() -> None:
    """`⧉1 P2: Frenzy: give +2/+0 to Grey Wolf`: which of the three Wolves? The entry says."""
    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        view = dict(screen.view_data)
        wolves = [u for u in view["players"][0]["units"] if u["position"] == "defense"]
        entry = {
            "controller": 1,
            "kind": "card",
            "source": 999,
            "name": "Frenzy",
            "type": "prayer",
            "mode": "",
        }
        entry |= {"target": wolves[1]["uid"], "target_name": "Grey Wolf", "does": "give {target} +2/+0"}
        view["stack"] = [{**entry, "text": "Frenzy: give Grey Wolf +2/+0"}]
        lines = screen.render_middle(view, None)
        text = "\n".join("".join(seg.text for seg in segs) for _style, segs in lines)
        assert "P2's Frenzy: give Grey Wolf (2nd in DEF) +2/+0" in text, text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_log_line_goes_on_under_its_text(size: tuple[int, int]) -> None:
    """A line of the log too long for it went on at its left edge, under the `Player 1 (you):`
    of the actions; it goes on 4 columns in."""
    app = twins_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        event = "  P1: Iron Claws (weapon, for Grey Wolf) goes to the resolution zone " + "and on " * 30
        log.add_line(event.rstrip())
        log.add_line("Player 1 (you): " + "Play Grey Wolf (1) in attack and " * 8 + "done")
        if not log.display:
            await press(pilot, "t")  # at 80 × 24 the log shares its place with the card panel
        await settle(pilot)
        await pilot.pause()  # written again at its width once it is seen
        await pilot.pause()
        drawn = [strip.text.rstrip() for strip in log.lines]
        first = drawn.index(next(line for line in drawn if line.startswith("  P1: Iron Claws")))
        action = drawn.index(next(line for line in drawn if line.startswith("Player 1 (you): Play")))
        assert action - first > 2, drawn
        assert all(line.startswith("    ") and line[4] != " " for line in drawn[first + 1 : action]), drawn
        assert all(line.startswith("    ") for line in drawn[action + 1 :]), drawn


async def test_a_prompt_naming_a_card_says_which_when_another_shares_its_name() -> None:
    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        wolves = [u for u in screen.view_data["players"][0]["units"] if u["position"] == "defense"]
        d = Decision(
            0,
            "damage",
            "P1: Assign Grey Wolf's damage: 2 points left (SC-70)",
            {"source": wolves[1]["uid"]},
        )
        assert screen.own_words(d) == "Assign Grey Wolf (2nd in DEF)'s damage: 2 points left (SC-70)"
        alone = Decision(0, "draw", "Draw a card, or skip the draw to move a life to energy")
        assert screen.own_words(alone) == alone.prompt


def test_the_second_line_of_a_choice_is_cut_between_words() -> None:
    """`sheltering Grey Wolf (1… in ATK)` read as nothing: the second line of a two-line
    choice keeps whole words, and the end (the place of what it aims at)."""
    choice = "Play Grey Wolf (1st in hand) (1) sheltering Grey Wolf (1st in ATK)"
    assert wrapped(choice, 32, 2) == ["Play Grey Wolf (1st in hand) (1)", "sheltering … Wolf (1st in ATK)"]
    assert between_words("sheltering Grey Wolf (1st in ATK)", 40) == "sheltering Grey Wolf (1st in ATK)"


async def test_the_replay_tells_same_named_cards_apart_as_the_log_does(tmp_path: Path) -> None:
    """The replay's log and status line say which Grey Wolf, as the game's log did, from
    every eyes; never by a place in the hand."""
    from tui.screens.replay import ReplayScreen

    from .helpers import replay_app, replay_of

    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(app, pilot, "Play Grey Wolf (1 energy) in attack")
        await choose(app, pilot, "Play Iron Claws (1 energy) equipped to Grey Wolf (2nd in DEF)")
        replay = replay_of(app.session.game, tmp_path / "twins.json")
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        claws = next(
            i
            for i in range(len(replay))
            if "Iron Claws" in replay.state(i).describe_action(replay.actions[i])
        )
        screen.step = claws + 1
        for _ in screen.VIEWERS:
            screen.show_step()
            log = "\n".join(screen.query_one(GameLog).plain)
            # anybody but P1 reads `P1, 2nd in DEF`
            side = "" if screen.viewer == 0 else "P1, "
            assert (
                f"{claws + 1}. P1: Play Iron Claws (1 energy) equipped to Grey Wolf ({side}2nd in DEF)" in log
            )
            assert "in hand" not in log
            assert f"equipped to Grey Wolf ({side}2nd in DEF)" in screen.status_text()
            screen.action_viewer()


async def test_the_typed_actions_examples_say_which_card_a_number_is() -> None:
    """`:` offers notations (`cast 19 shelter 63`): each with the choice's words, which say
    which Grey Wolf of the table 63 is; of the two alike Grey Wolves of the hand, the first's
    (as the list shows them), and the second's notation is taken all the same."""
    app = twins_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "colon")
        await settle(pilot)
        text = screen_text(app)
        # (without their cost: `(1 energy)` pushed the place out of the line, `(1st i…`)
        assert "Play Grey Wolf sheltering Grey Wolf (1st in ATK)" in text
        assert "cast 19 attack " in text and "cast 20 attack " not in text
        assert "Play Tusked Boar in attack" in text  # the room of the copy's examples
        notation = app.session.game.format_action(app.session.legal()[0])
        assert any(line.strip(" █").startswith(notation + " ") for line in text.splitlines())
        await press(pilot, *"cast 20 attack", "enter")
        await settle(pilot)
        assert Action("cast", (20, "attack")) in app.session.game.history  # (the AI may answer)


def test_a_draw_names_the_card_to_the_eyes_that_see_the_drawers_hand() -> None:
    """`Draw a card` said which card to nobody, not even the drawer: the log names it to the
    drawer (`Draw Judgement`), everybody else (the other side, the public log of hot-seat and
    of `--eyes everybody`) still reads `Draw a card`."""
    import random

    from common.registry import game_class
    from tui.log_words import log_words

    g = game_class("scars").new_game(seed=1)
    rng = random.Random(1)
    while not any(a.kind == "draw" for a in g.legal_actions()):
        g.apply(rng.choice(g.legal_actions()))
    draw = next(a for a in g.legal_actions() if a.kind == "draw")
    d = g.decision()
    assert d is not None
    before = {c["uid"] for c in g.view(d.player)["players"][d.player]["hand"]}
    after = g.clone()
    after.apply(draw)
    drawn = [c["name"] for c in after.view(d.player)["players"][d.player]["hand"] if c["uid"] not in before]
    assert len(drawn) == 1
    assert log_words(g, draw, d.player) == f"Draw {drawn[0]}"
    assert log_words(g, draw, 1 - d.player) == "Draw a card"
    assert log_words(g, draw, None) == "Draw a card"
    assert len(g.history) == len(after.history) - 1  # the game itself did not draw


async def test_the_game_log_names_the_card_the_human_draws() -> None:
    """Against the AI the log is the human's: their draw is named, the AI's is not."""
    app = game_app("scars", seed=1, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        theirs: list[str] = []
        for _ in range(40):  # (seed 1: the AI's first draw comes at the 14th key, the game ends at ~28)
            await press(pilot, "1" if app.screen.query(GameLog) else "enter")
            await settle(pilot, look=False)
            told = next(s for s in app.screen_stack if s.query(GameLog)).query_one(GameLog).plain
            theirs = [line for line in told if line.startswith("P2 (AI): Draw ")]
            if theirs:  # both have drawn (the human first)
                break
        mine = [line for line in told if line.startswith("P1 (you): Draw ")]
        assert mine and "P1 (you): Draw a card" not in mine, told
        assert theirs and all(line == "P2 (AI): Draw a card" for line in theirs), told
