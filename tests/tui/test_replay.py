"""`triarch replay`: a saved game replayed step by step gives the state hash
of the game as it was played at every step, forward and back (issue 8,
reliability 4); the replay screen's keys; `--print` for scripts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common.registry import game_class
from common.saves import Replay, save_game
from tests.toygame import ToyGame
from tui.cli import main
from tui.screens.table import STATUS_PHASES

from .helpers import (
    engine_ready,
    press,
    random_game,
    replay_app,
    replay_of,
    screen_name,
    screen_text,
    seeded_replay,
    settle,
    shows,
)

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]


@pytest.mark.parametrize("game_id", [*ENGINES, "toy"])
@pytest.mark.parametrize("steps", [40, 10_000])  # a saved game in progress, a finished game
def test_a_replay_reproduces_the_hash_of_every_step(
    game_id: str, steps: int, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if game_id == "toy":
        request.getfixturevalue("toy")
    cls = ToyGame if game_id == "toy" else game_class(game_id)
    game, hashes = random_game(cls, 17, steps)
    replay = replay_of(game, tmp_path / "s.json")
    assert len(replay) == len(game.history)
    assert replay.hashes() == hashes
    # Stepping back then forward again (the states are kept, never replayed anew).
    for i in range(len(replay), -1, -1):
        assert replay.state(i).state_hash() == hashes[i]
    assert replay.state(len(replay)).is_over() == game.is_over()


def test_print_lists_every_action_and_hash(toy: None, tmp_path: Path) -> None:
    game, hashes = random_game(ToyGame, 5, 8)
    save_game(game, tmp_path / "s.json")
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "s.json"), "--print", "--hashes"])
    assert r.exit_code == 0, r.output
    for i, h in enumerate(hashes):
        assert f"{i:>4}. hash {h[:16]}" in r.output
    assert "P1 plays" in r.output or "P1 draws" in r.output
    assert f"final: in progress · hash {hashes[-1][:16]}" in r.output


async def test_the_replay_screen_steps_forward_and_back(toy: None, tmp_path: Path) -> None:
    game, hashes = random_game(ToyGame, 9, 30)
    replay = replay_of(game, tmp_path / "s.json")
    n = len(replay)
    app = replay_app(replay)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == "ReplayScreen"
        assert f"step 0/{n}" in screen_text(app) and "the start of the game" in screen_text(app)

        def shown() -> str:
            return screen.replay.state(screen.step).state_hash()

        await press(pilot, "right", "l", "n", "space")
        await settle(pilot)
        assert screen.step == 4 and shown() == hashes[4]
        assert f"step 4/{n}" in screen_text(app) and "4. P" in screen_text(app)
        await press(pilot, "left", "h")
        await settle(pilot)
        assert screen.step == 2 and shown() == hashes[2]
        await press(pilot, "p", "p", "p")  # one past the start: stays at 0
        assert screen.step == 0 and shown() == hashes[0]
        await press(pilot, "end")
        await settle(pilot)
        assert screen.step == n and shown() == hashes[n]
        assert "game over" in screen_text(app) or not game.is_over()
        await press(pilot, "right")
        assert screen.step == n
        await press(pilot, "home")
        assert screen.step == 0
        # Whose eyes: the spectator sees no hand, player 1 their own.
        hand = [game.zones.card(u).defn.id for u in replay.state(0).zones["hand:0"].cards]
        assert not any(name in screen_text(app) for name in hand)
        await press(pilot, "v")
        await settle(pilot)
        assert "eyes: P1" in screen_text(app)
        assert all(name in screen_text(app) for name in hand)
        await press(pilot, "q")
        await settle(pilot)
    assert app.return_code == 0


# -- the replay draws the game's own table (the grid, the lanes), read-only ---------------------------
TABLE_WIDGET = {"hotg": "GridBoard", "bhm": "LaneBoard", "scars": "LaneBoard"}


def shown_cards(screen: Any) -> set[int]:
    """The cards the table shows: the hand row of the grid, the chips of the lanes."""
    from tui.widgets.hand import HandRow
    from tui.widgets.lanes import LaneBoard

    if screen.query(HandRow):
        return {c.uid for c in screen.query_one(HandRow).cards}
    return set(screen.query_one(LaneBoard).chip_uids())


@pytest.mark.parametrize("game_id", ENGINES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_replay_draws_the_games_own_table_read_only(
    game_id: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """`triarch replay` drew every game as the generic text dump (`StateView`); it draws the
    grid board or the lanes of the game screen now, with no cursor and no focus on them, while
    the keys of the replay (→ ← Home End PgUp PgDn v q), its status lines and its log stay."""
    from textual.widgets import Static

    from tui.widgets.log import GameLog
    from tui.widgets.stateview import StateView

    replay = seeded_replay(game_id, tmp_path)
    n = len(replay)
    app = replay_app(replay)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen_name(app) == f"{game_id.capitalize()}ReplayScreen"
        assert not screen.query(StateView)
        # the same keys in the same order in every game's replay, and one Quit (`q`, not `^q` too)
        assert await shows(pilot, " q Quit")  # (the footer is drawn after a refresh)
        footer = screen_text(app).splitlines()[-1]
        assert footer.startswith(" ← Back  → Next  home Start  end End  v Eyes  "), footer
        assert footer.count("Quit") == 1 and " q Quit" in footer
        board = screen.query_one(TABLE_WIDGET[game_id])
        assert board.region.height > 3 and board.region.width >= size[0] // 2  # on screen
        assert not board.can_focus and app.focused is not board
        assert screen.query_one("#replay-status", Static).region.height == 3
        assert screen.query_one(GameLog).region.height >= 4
        text = screen_text(app)
        assert f"step 0/{n}" in text and "the start of the game" in text
        assert "◄ P2" in text and "► P1" in text  # both sides of the table
        if size != (80, 24):
            return  # the keys and the eyes below do the same at every size: checked at 80 × 24 only
        await press(pilot, "end")
        await settle(pilot)
        assert screen.step == n and f"step {n}/{n}" in screen_text(app)
        await press(pilot, "pageup", "left")
        await settle(pilot)
        assert screen.step == n - 11
        told = screen.query_one(GameLog).plain  # the log tells the game up to this step
        assert told[-1] and any(line.startswith(f"{n - 11}. P") for line in told)
        assert not any(line.startswith(f"{n - 10}. P") for line in told)
        await press(pilot, "pagedown", "right", "home")
        assert screen.step == 0
        await press(pilot, "end", "enter", "space")  # Enter takes no action; Space steps (at the end: stays)
        await settle(pilot)
        assert screen.step == n and len(replay.state(n).history) == n
        # Whose eyes: a hand shows only from its player's eyes.
        hand = {int(c["uid"]) for c in replay.state(n).view(0)["players"][0]["hand"]}
        assert hand and not hand & shown_cards(screen)
        if game_id == "hotg":  # the public sees how many cards a hidden hand holds, not "no cards"
            count = len(hand)
            assert f"Hand (hidden): {count} card{'s' if count != 1 else ''}" in screen_text(app)
            assert "(no cards)" not in screen_text(app)
        await press(pilot, "v")
        await settle(pilot)
        assert "eyes: P1" in screen_text(app)
        assert hand & shown_cards(screen)
        await press(pilot, "q")
        await settle(pilot)
    assert app.return_code == 0


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_a_replay_marks_the_last_actions_as_the_game_screen_does(tmp_path: Path) -> None:
    """The side that played last has its marks (★ the unit that acted) at each step."""
    replay = seeded_replay("hotg", tmp_path)
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        moves = [i for i, a in enumerate(replay.actions) if a.kind == "move"]
        assert moves
        step = moves[-1] + 1
        await goto_step(pilot, screen, step)
        actor = replay.actions[step - 1].args[0]
        assert screen.last_units.get(actor) == "★"
        assert screen.last_seat == replay.players[step - 1]
        await press(pilot, "home")
        await settle(pilot)
        assert screen.last_units == {} and screen.last_cells == {}


@pytest.mark.usefixtures("toy")
async def test_an_engine_without_a_table_replays_in_words(tmp_path: Path) -> None:
    from tui.widgets.stateview import StateView

    game, _ = random_game(ToyGame, 9, 10)
    app = replay_app(replay_of(game, tmp_path / "s.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "ReplayScreen" and app.screen.query_one(StateView).region.height > 0


# -- what the replay tells at each step: the decision pending, the cards of the action --------------
def find_step(replay: Replay, test: Any) -> int:
    """The first step (1…n) whose state passes `test`."""
    return next(i for i in range(1, len(replay) + 1) if test(replay, i))


async def goto_step(pilot: Any, screen: Any, step: int) -> None:
    """Straight to `step`, as Home and End go (`action_goto`): each step on the way drew the whole
    table, its log and its card panel again (~0.1 s CPU a step). The keys that step are checked by
    `test_the_replay_screen_steps_forward_and_back` and `test_a_replay_draws_the_games_own_table_read_only`."""
    screen.action_goto(step)
    await settle(pilot)
    assert screen.step == step


@pytest.mark.parametrize("game_id", ENGINES)
async def test_the_status_says_whose_decision_is_pending_and_of_what_kind(
    game_id: str, tmp_path: Path
) -> None:
    """The status line's third line says the decision pending in the game screen's words: the
    turn, the player to decide now and what they do (`Turn 1 · P1 to play`, not
    `Next: P1 to decide (turn)`), then what it is about (`pending_words`: the engine's prompt
    but where the table words it, never to a "you"), at the start, after a step whose next decision is not a turn (a target, a
    response…), and 'game over' at the end of a finished game."""
    game, _ = random_game(game_class(game_id), 7, 10_000)
    replay = replay_of(game, tmp_path / "s.json")
    step = find_step(replay, lambda r, i: (d := r.state(i).decision()) is not None and d.kind != "turn")
    app = replay_app(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        for at in (0, step):
            await goto_step(pilot, screen, at)
            d = replay.state(at).decision()
            assert d is not None
            line = screen_text(app).splitlines()[2]
            turn = replay.state(at).view(None)["turn"]
            doing = STATUS_PHASES[d.kind]  # every kind met here is said in words
            whose = (  # HotG counts rounds; every replay names the seats as its head and bars (`P1`)
                f" Round {(turn + 1) // 2} · P{d.player + 1} {doing}"
                if game_id == "hotg"
                else f" Turn {turn} · P{d.player + 1} {doing}"
            )
            assert "to decide" not in line and f"({d.kind})" not in line, line
            words = screen.pending_words(d)  # HotG's turn: none (not the engine's `your turn — …`)
            if not words:
                assert line.rstrip() == whose, line
                continue
            assert line.startswith(f"{whose} · "), line
            assert words[:40] in line or line.endswith("…")
        await press(pilot, "end")
        await settle(pilot)
        assert game.is_over()
        w = game.winner()
        assert screen_text(app).splitlines()[2].strip() == "game over: " + (  # as the table names them
            f"P{w + 1} wins" if w is not None else "draw"
        )


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_the_status_names_a_picked_card_only_from_the_pickers_eyes(tmp_path: Path) -> None:
    """A card picked into the hand from revealed cards (HG-60) is named in the status line
    only from the eyes of the player who picked it, as in the log."""
    for seed in range(40):
        game, _ = random_game(game_class("hotg"), seed, 10_000)
        replay = replay_of(game, tmp_path / "s.json")
        picks = [
            i + 1
            for i, a in enumerate(replay.actions)
            if a.kind == "pick"
            and replay.state(i).describe_action_for(a, None) != replay.state(i).describe_action(a)
        ]
        if picks:
            break
    else:
        pytest.skip("no hidden pick in 40 seeded games")
    step = picks[0]
    before = replay.state(step - 1)
    named = before.describe_action(replay.actions[step - 1])
    picker = replay.players[step - 1]
    assert picker is not None
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await goto_step(pilot, screen, step)
        assert "Pick one of the revealed cards" in screen_text(app).splitlines()[1]
        assert named not in screen_text(app)
        await press(pilot, *["v"] * (picker + 1))  # everybody → player 1 → player 2
        await settle(pilot)
        assert screen.viewer == picker and named in screen_text(app).splitlines()[1]


def card_steps(replay: Replay, viewer: int | None = None) -> dict[int, list[str]]:
    """For each step, the names of the cards of its card panel: the cards its action names, the
    card of the decision it answered, the card of the pending decision (the cards the eyes see)."""
    from tui.widgets.detail import find_cards

    out: dict[int, list[str]] = {}
    for i, action in enumerate(replay.actions):
        before, after = replay.state(i), replay.state(i + 1)
        words = before.describe_action_for(action, viewer)
        now, then = find_cards(after.view(viewer)), find_cards(before.view(viewer))
        names: list[str] = []
        seen: set[int] = set()
        for arg in dict.fromkeys(a for a in action.args if isinstance(a, int)):
            card = now.get(arg) or then.get(arg)
            if card and card.get("name") and str(card["name"]) in words:
                names.append(str(card["name"]))
                seen.add(arg)
        asked, pending = before.decision(), after.decision()
        src = asked.context.get("source") if asked is not None else None
        if isinstance(src, int) and src in then and src not in seen:
            names.append(str((now.get(src) or then[src])["name"]))
            seen.add(src)
        src = pending.context.get("source") if pending is not None else None
        if isinstance(src, int) and src in now and src not in seen:
            names.append(str(now[src]["name"]))
        out[i + 1] = names
    return out


@pytest.mark.parametrize("game_id", ENGINES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_card_panel_shows_the_cards_of_the_action_just_replayed(
    game_id: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """The replay had no card panel: the card(s) of the action just replayed (the unit that
    moved, the being attacked…) show in full, with their text. Below 120 columns the panel
    shares the log's place (`t` switches, the footer says so); from 120 columns both show and
    `t` is not offered. `c` goes to the next card of the step, `↑↓` scroll the panel."""
    from tui.widgets.detail import CardBox, CardDetail
    from tui.widgets.log import GameLog

    replay = seeded_replay(game_id, tmp_path)
    steps = card_steps(replay)
    one = next(i for i, names in steps.items() if names)
    two = next((i for i, names in steps.items() if len(set(names)) > 1), None)
    app = replay_app(replay)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        detail, log = screen.query_one(CardDetail), screen.query_one(GameLog)
        box = screen.query_one(CardBox)  # the panel: the box that scrolls the card's words
        shared = size[0] < 120
        assert await shows(pilot, " q Quit")  # (the footer is drawn after a refresh)
        assert ("t Card/log" in screen_text(app)) == shared
        assert log.display and box.display != shared
        await goto_step(pilot, screen, one)
        if shared:
            await press(pilot, "t")
            await settle(pilot)
            assert box.display and not log.display
            assert box.region.height >= 4 and box.region.width >= size[0] - 2
        else:
            assert box.region.height >= 8 and log.region.height >= 8
        card = detail.card
        assert card is not None and card["name"] == steps[one][0]
        text = screen_text(app)
        assert f"Step {one}, card 1/{len(steps[one])}" in text and str(card["name"]) in text
        assert str(card.get("text") or card["name"]).split(". ")[0][:30] in text
        await press(pilot, "right")  # the panel follows the step (and stays up)
        await settle(pilot)
        assert box.display and (detail.card is None) == (not steps[one + 1])
        if shared:
            await press(pilot, "t")
            await settle(pilot)
            assert log.display and not box.display
        if two is not None:
            await goto_step(pilot, screen, two)
            first = detail.card
            await press(pilot, "c")
            await settle(pilot)
            assert box.display and detail.card is not None and detail.card is not first
            assert detail.card["name"] == steps[two][1]
            assert f"Step {two}, card 2/{len(steps[two])}" in screen_text(app)
            await press(pilot, "down", "up")  # scrolls the panel, never steps
            assert screen.step == two
        await press(pilot, "home")
        await settle(pilot)
        assert detail.card is None and "No card to show at the start of the game" in screen_text(app)


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_the_card_panel_shows_no_card_the_eyes_cannot_see(tmp_path: Path) -> None:
    """A Scars support placed face down is shown to its player's eyes only."""
    from tui.widgets.detail import CardDetail

    replay = seeded_replay("scars", tmp_path)
    step = next(i + 1 for i, a in enumerate(replay.actions) if a.kind == "support")
    player = replay.players[step - 1]
    assert player is not None
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await goto_step(pilot, screen, step)
        assert screen.query_one(CardDetail).card is None
        await press(pilot, *["v"] * (player + 1))
        await settle(pilot)
        card = screen.query_one(CardDetail).card
        assert card is not None and card["uid"] == replay.actions[step - 1].args[0]


@pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")
async def test_the_card_panel_shows_the_card_a_decision_answered_came_from(tmp_path: Path) -> None:
    """BHM: 'P2: Invest all POD' names no card and the panel said "No card to show", though the
    investment is a being's (the invest decision's source); a target step shows the power too."""
    from tui.widgets.detail import CardDetail

    replay = None
    for seed in range(1, 40):
        game, _ = random_game(game_class("bhm"), seed, 400)
        steps = [i + 1 for i, a in enumerate(game.history) if a.kind == "invest"]
        if steps:
            replay = replay_of(game, tmp_path / "bhm.json")
            break
    if replay is None:
        pytest.skip("no POD investment in 40 seeded games")
    step = steps[0]
    source = replay.state(step - 1).decision().context["source"]
    name = replay.state(step - 1).card(source).name
    app = replay_app(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        await goto_step(pilot, screen, step)
        card = screen.query_one(CardDetail).card
        assert card is not None and card["name"] == name
        assert "No card to show" not in screen_text(app)
