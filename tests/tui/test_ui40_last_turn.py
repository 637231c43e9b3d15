"""Session 40 (ui40): what the other side did in its last turn, readable at 80 × 24.

Hand of the Gods: at the start of your turn the card panel's place shows the other side's turn
as a digest (`tui.turn_digest.TurnDigest`: stones, deaths, attacks, deploys, spells, moves),
titled `P2's last turn`; `o` shows it again. BHM and The Scars: `o` lists every action of the
other side's last run (the `last:` line shows one of them below 120 × 40, `+N in the log`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from common.events import Event
from common.game import Action

from .helpers import engine_ready, game_app, into_first_turn, press, screen_text, screen_words, settle

needs_hotg = pytest.mark.skipif(not engine_ready("hotg"), reason="hotg engine not importable")


def ai_units(app: Any) -> list[dict[str, Any]]:
    """P2's units on the board (not its stone), as the public view has them."""
    view = app.session.game.view(None)
    return [u for u in view.get("units", []) if u.get("controller") == 1 and not u.get("stone")]


@needs_hotg
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_ai_turn_is_told_where_you_look_when_yours_begins(size: tuple[int, int]) -> None:
    """Seed 1 against the random AI: you end your first turn, the AI deploys. Your turn begins
    with `P2's last turn` in the card panel's place, naming the unit it deployed and its cell
    (at 80 × 24 the log, which showed it among five lines, is hidden then: the panel is read)."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "e")
        await settle(pilot)
        units = ai_units(app)
        assert units, "the AI deployed nothing: the test's premise is gone"
        text = screen_text(app)
        assert "P2's last turn" in text
        for u in units:
            assert f"◄{u['name']} {u['row']},{u['col']}" in screen_words(app)
        assert "★ Deployed:" in text


@needs_hotg
async def test_o_shows_the_last_turn_again_and_says_when_there_is_none() -> None:
    """`o` before the other side has played says so (the key does not do nothing); after its
    turn, the arrows put the board's card in the panel, and `o` brings the digest back."""
    app = game_app("hotg", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "o")
        await settle(pilot)
        assert "P2 has not played a turn yet" in screen_text(app)
        await press(pilot, "e")
        await settle(pilot)
        assert "P2's last turn" in screen_text(app)
        await press(pilot, "right")
        await settle(pilot)
        assert "P2's last turn" not in screen_text(app)
        assert "card · t: the log" in screen_text(app)  # the panel's own title is back
        await press(pilot, "o")
        await settle(pilot)
        assert "P2's last turn" in screen_text(app)
        assert "o: this again" in screen_text(app)


def test_the_digest_says_every_death_and_the_stones_of_random_turns() -> None:
    """Random games (seeds 1–6): for each turn, every unit the events say died is in the
    digest's `✝ Died:` line, by its side's mark, name and cell; an attack says the health its
    target lost, or `✝` when it died (`◄Vulcan → ►Enyo's Banner −3` said 3 of the 4 damage the log
    told, the health it had left); the stones' line says each
    stone's health before and after the turn as the views have it (no such line when neither
    changed: the bars say their health)."""
    from common.registry import game_class
    from tui.turn_digest import TurnDigest, glyph_name

    cls = game_class("hotg")
    checked = 0
    for seed in range(1, 7):
        rng = random.Random(seed)
        game = cls.new_game(seed=seed)

        def units(g: Any) -> dict[int, dict[str, Any]]:
            view = g.view(None)
            return {u["uid"]: u for u in view.get("units", []) + view.get("banished", [])}

        def stones(g: Any) -> dict[int, int]:
            return {u["owner"]: int(u["health"]) for u in units(g).values() if u.get("stone")}

        while not game.is_over() and len(game.history) < 400:
            seat = game.decision().player
            digest, start, died, hits = TurnDigest(seat), stones(game), [], []
            while not game.is_over() and game.decision().player == seat:
                before = units(game)
                action: Action = rng.choice(game.legal_actions())
                words = game.describe_action(action)
                events: list[Event] = game.apply(action)
                after = units(game)
                digest.add(action, before, after, events, words)
                if action.kind == "attack" and action.args[1] in before and action.args[0] in before:
                    target = before[action.args[1]]
                    if not target.get("stone"):
                        head = f"{glyph_name(before[action.args[0]])} → {glyph_name(target)}"
                        if action.args[1] not in after:  # died: not the health it had left
                            hits.append(f"{head} ✝")
                        elif (d := int(target["health"]) - int(after[action.args[1]]["health"])) > 0:
                            hits.append(f"{head} −{d}")
                dead = {e.data.get("target") for e in events if e.kind == "death"}
                died += [
                    f"{glyph_name(before[u])} {before[u]['row']},{before[u]['col']}"
                    for u in dead
                    if u in before and not before[u].get("stone")
                ]
                if action.kind == "end":
                    break
            lines = digest.lines(0)
            said = next((line for line in lines if line.startswith("✝ Died: ")), "")
            for d in died:
                assert d in said, (seed, d, lines)
            attacked = next((line for line in lines if line.startswith("⚔ Attacked: ")), "")
            for hit in hits:
                assert hit in attacked, (seed, hit, lines)
            checked += len(died)
            end = stones(game)
            stone_line = next((line for line in lines if line.startswith("♥ Stones: ")), "")
            if all(end.get(owner, 0) == was for owner, was in start.items()):
                assert not stone_line, (seed, lines)  # (no line for stones untouched)
                continue
            for owner, was in start.items():
                now = end.get(owner, 0)
                name = "yours" if owner == 0 else f"P{owner + 1}'s"
                told = f"{name} {was}→{now}" if now != was else f"{name} {now}"
                assert told in stone_line, (seed, told, stone_line)
    assert checked > 0  # deaths were seen: the check above was put to work


def lane_app(game_id: str) -> Any:
    return game_app(game_id, seed=1)


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_o_lists_every_action_of_the_other_sides_last_run(game_id: str) -> None:
    """BHM and The Scars at 80 × 24, you playing seeded random choices until the AI has had a run
    of 5 actions or more: `o` lists each of them, numbered, under `» P2's last N actions:` (the
    `last:` line shows one of them and `(+N more: o)`), a page at a time: `o` again, the next."""
    if not engine_ready(game_id):
        pytest.skip(f"{game_id} engine not importable")
    from common.agents import make_agent

    app = lane_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        me = make_agent(type(app.session.game), "random", 5)
        screen = app.screen
        for _ in range(300):
            s = app.session
            assert not s.over, "the game ended before the AI had a run of 5 actions"
            said = screen.last_said(screen.marked_seat())
            if len(said) >= 5 and not s.is_ai_turn():
                break
            if app.screen is not screen:
                await press(pilot, "enter")
            else:
                screen.choose(me.choose(s.game.clone()))
            await settle(pilot, look=False)
        await settle(pilot)
        said = screen.last_said(screen.marked_seat())
        assert len(said) >= 5
        if "» P2's last" not in screen_words(app):  # (your turn may begin with them: then `o` pages)
            await press(pilot, "o")
            await settle(pilot)
        words = screen_words(app)
        assert f"» P2's last {len(said)} actions:" in words
        first = " ".join(said[0][0].split())
        assert f"1. {first[:20]}" in words
        # `o` again: the next page (the panel's last line says which of how many), the last the first
        pages = 1
        while "o: more (" in (words := screen_words(app)):
            assert f"o: more ({pages}/" in words
            await press(pilot, "o")
            await settle(pilot)
            pages += 1
            assert "» P2's last" not in screen_words(app)
        assert pages > 1, "one page: the paging was not put to work"
        assert f"o: the first ({pages}/{pages})" in screen_words(app)
        await press(pilot, "o")
        await settle(pilot)
        assert f"» P2's last {len(said)} actions:" in screen_words(app)


@needs_hotg
async def test_hot_seat_the_next_player_reads_the_last_turn_under_the_cover() -> None:
    """Hot-seat, seed 1: P1 ends the first turn, P2 deploys its first card and ends its turn; once
    P1 lifts the cover, the card panel says `P2's last turn` with that unit — the hand-over puts
    the cursor on P1's stone, which had the stone's card take the digest's place."""
    app = game_app("hotg", seed=1, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for keys in (["space"], ["e"], ["space"], ["1"], ["enter"], ["e"], ["space"]):
            await press(pilot, *keys)
            await settle(pilot)
        units = ai_units(app)
        assert units and app.session.decision.player == 0
        assert "P2's last turn" in screen_text(app)
        for u in units:
            assert f"◄{u['name']} {u['row']},{u['col']}" in screen_words(app)


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_e_says_no_key_ends_the_turn_on_the_lanes(game_id: str) -> None:
    """`e`, which ends the turn in Hand of the Gods, did nothing at all on the lanes' table (found
    playing the three games one after the other): it says the list has the step to take."""
    if not engine_ready(game_id):
        pytest.skip(f"{game_id} engine not importable")
    app = lane_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        assert not app.session.is_ai_turn()
        history = len(app.session.game.history)
        await press(pilot, "e")
        await settle(pilot)
        assert "No key ends a phase or the turn here" in screen_words(app)
        assert len(app.session.game.history) == history  # nothing played


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_your_turn_begins_with_the_other_sides_last_turn_on_the_lanes(game_id: str) -> None:
    """BHM and The Scars at 80 × 24: the first decision of your turn after a run of the AI's of more
    than one action shows that run in the card panel's place (`» P2's last N actions:`), and the
    choice list's highlight, drawn after it, does not take its place; your first key does."""
    if not engine_ready(game_id):
        pytest.skip(f"{game_id} engine not importable")
    from common.agents import make_agent

    app = lane_app(game_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        me = make_agent(type(app.session.game), "random", 5)
        screen = app.screen
        told = screen.turn_told  # (a turn begun in the keys of `into_first_turn`: not this one)
        for _ in range(300):
            s = app.session
            assert not s.over, "the game ended before a turn of yours began after the AI's"
            if screen.turn_told not in (None, told):
                break
            if app.screen is not screen:
                await press(pilot, "enter")
            else:
                screen.choose(me.choose(s.game.clone()))
            await settle(pilot, look=False)
        await settle(pilot)
        said = screen.last_said(screen.marked_seat())
        assert len(said) > 1
        assert f"» P2's last {len(said)} actions:" in screen_words(app)
        await press(pilot, "down")
        await settle(pilot)
        assert "» P2's last" not in screen_words(app)
