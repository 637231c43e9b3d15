"""The Scars read by a new player: the replay's card panel names cards as the game's does,
the lanes tell same-named units apart, a damaged unit does not read as dead (SC-12)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from common.registry import game_class
from common.saves import Replay, save_game
from tui.app import TriarchApp
from tui.screens.scars import ScarsScreen
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import (
    ROOT,
    engine_ready,
    game_app,
    press,
    refreshed,
    scenario,
    screen_text,
    settle,
    until,
)

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

SHELTER = (ROOT / "tests/scenarios/scars/shelter.toml").read_text(encoding="utf-8")


def lines_text(lines: list[Any]) -> str:
    return "\n".join("".join(seg.text for seg in segs) for _style, segs in lines)


async def test_the_replays_card_panel_names_the_unit_attacked() -> None:
    """In the replay the card panel read `attacking: 36` (a card number) where the game's
    read `attacking: Knight of the Oath`: both go through `ScarsTable.named_card`."""
    g = game_class("scars").new_game(seed=3, scenario=SHELTER)
    g.apply(Action("attack", (18, 36)))
    path = Path(__file__).parent / "_replay_named.json"
    try:
        save_game(g, path)
        app = TriarchApp(replay=Replay.load(path), ai_pace=0)
    finally:
        path.unlink(missing_ok=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "right")
        await settle(pilot)
        detail = app.screen.query_one(CardDetail)
        assert detail.card is not None and detail.card.get("name") == "Sellsword"
        assert detail.card.get("attacking") == "Knight of the Oath", detail.card  # (no card number)


async def test_the_lanes_tell_apart_which_same_named_unit_a_unit_blocks() -> None:
    """Two Grey Wolves blocking the two Knights of the Oath both read `⛨Knigh…`: now each
    chip says which Knight, by its place as the log says it."""
    app = game_app("scars", seed=3, scenario=scenario("scars_twin_blocks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen: Any = app.screen_stack[-2]  # under the blockers dialog
        view = dict(screen.view_data)
        me, them = (dict(p) for p in view["players"])
        knights = [u["uid"] for u in them["units"]]
        wolves = [dict(u) for u in me["units"] if u["position"] == "defense"]
        for wolf, knight in zip(wolves, knights, strict=True):
            wolf["blocking"] = knight
        me["units"] = wolves
        view["players"] = [me, them]
        view["phase"] = "blockers"
        dense = lines_text(screen.render_player_dense(view, me, True))
        assert "⛨Knigh… (P2, 1st in ATK)" in dense, dense
        assert "⛨Knigh… (P2, 2nd in ATK)" in dense, dense
        roomy = lines_text(screen.render_player_roomy(view, me, True))
        assert "⛨ Knight of the Oath (P2, 2nd in ATK)" in roomy, roomy


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_unit_with_damage_equal_to_its_defense_reads_alive(size: tuple[int, int]) -> None:
    """A Knight of the Oath 4/3 with 3 damage read `4/3 -3`, as if dead: a unit dies when the
    damage on it is greater than its defense (SC-12). The chip, the card panel say what kills it."""
    damaged = scenario("scars_twin_blocks").replace(
        '{ card = "legion_knight", position = "attack", attacking = "hero" }',
        '{ card = "legion_knight", position = "attack", attacking = "hero", damage = 3 }',
        1,
    )
    app = game_app("scars", seed=3, scenario=damaged, level="scripted")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if app.screen.__class__.__name__ != "ScarsScreen":
            await press(pilot, "escape")  # the blockers dialog: back to the table
            await settle(pilot)
        text = screen_text(app)
        assert "-3" not in text, text
        assert ("dmg3, 1 more kills" if size == (80, 24) else "dmg 3, 1 more kills") in text, text
        screen: Any = app.screen
        knight = next(u for u in screen.view_data["players"][1]["units"] if u.get("damage"))
        screen.query_one(LaneBoard).move_to(knight["uid"])
        await settle(pilot)
        if size == (80, 24) and not screen.query_one(CardDetail).display:
            await press(pilot, "t")
        detail = screen.query_one(CardDetail)
        assert detail.card is not None and detail.card.get("damage") == "3, 1 more kills (SC-12)"


def test_the_keys_tab_speaks_the_scars_words() -> None:
    """The Keys tab's shared lines spoke of BHM: `the being to equip`, the target of a `power,
    … strategy`, the `amount to invest` of a dialog. The Scars has none of them. (The Keys tab
    `?` shows is the table's `help_keys()`: test_scars_s36 opens it by key.)"""
    text = ScarsScreen.help_keys()
    for bhm in ("being", "power", "strateg", "invest", "POD", "C.LL"):
        assert bhm not in text, (bhm, text)
    assert "the unit to equip" in text and "`✦` the target of its prayer, weapon or ability" in text
    assert "(blockers, damage split, whom a shelter makes fight)" in text


def shorter_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Scars' rules reference cut before `## The resolution zone` (~half of it: its title,
    its first section, and the rest from `Starting the game` to `The six card types` and its
    subsections), for the tests of how the help lays the rules out: laid out whole each time,
    the rules are most of their cost."""
    from scars.game import ScarsGame

    text = ScarsGame.rules_text()
    cut = text[: text.index("\n## The resolution zone")]
    assert len(cut) > 4000 and "## Starting the game" in cut and "## The six card types" in cut
    monkeypatch.setattr(ScarsGame, "rules_text", classmethod(lambda cls: cut))


def rules_pane_shows(app: TriarchApp) -> str:
    """What the Rules tab has to show now: its `Loading…` line, or its first rules block."""
    from textual.widgets import Static
    from textual.widgets._markdown import MarkdownBlock

    pane = app.screen.query_one("#rules-scroll")
    for w in pane.query("*"):
        if isinstance(w, MarkdownBlock) and w.source.strip():
            return str(w.source)
        if (
            isinstance(w, Static)
            and not isinstance(w, MarkdownBlock)
            and w.display
            and "Loading" in str(w.content)
        ):
            return str(w.content)
    return ""


def hold_the_rules_parse(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[threading.Event, threading.Event, threading.Event]:
    """The parse of the rules' first section (`Markdown.update` runs it in a thread, off the
    event loop) held until the test has looked: `(entered, release, parsed)`, set when that
    parse has begun; to be set to let it go on (else it goes on after 60 s: it was 5 s, the one wall-clock
    limit of the test, and `[at once]` failed once at load 13 on the 2 cores); set when it is
    done. A test sees the help as it is while the rules are parsed, on any machine. (The
    `time.sleep(0.3)` this replaces slowed only texts over 2 000 characters: the rest of the
    rules, not their first section, ~400, whose blocks were there before the test looked.)"""
    from markdown_it import MarkdownIt

    parse = MarkdownIt.parse
    entered, release, parsed = threading.Event(), threading.Event(), threading.Event()

    def held_parse(self: MarkdownIt, src: str, env: Any = None) -> Any:
        if not src.startswith("# The Scars — rules reference"):
            return parse(self, src, env)
        entered.set()
        release.wait(60)
        try:
            return parse(self, src, env)
        finally:
            parsed.set()

    monkeypatch.setattr(MarkdownIt, "parse", held_parse)
    return entered, release, parsed


async def began(event: threading.Event) -> bool:
    """Whether `event` is set within 30 s (at once when it is), the event loop going on meanwhile."""
    return await asyncio.to_thread(event.wait, 30)


@pytest.mark.parametrize("when", ["at once", "later"])
async def test_the_rules_tab_is_never_blank(when: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Rules tab was blank for about a second as it was first shown (on a slow machine):
    its `Loading…` line went at once and the rules came when all of them were parsed and laid
    out. They are laid out as the help opens (`later`: the parse has begun while the Keys tab is
    shown), and the line stays until the rules are there: looked at while their parse is held."""
    entered, release, parsed = hold_the_rules_parse(monkeypatch)
    shorter_rules(monkeypatch)
    app = game_app("scars", seed=3, scenario=scenario("scars_twins"), level="scripted")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, "question_mark")
            if when == "later":
                assert await began(entered), "the rules are not parsed as the help opens"
                await refreshed(pilot)
            await press(pilot, "right")  # the Rules tab, no pause
            assert await began(entered)
            await refreshed(pilot)
            assert not parsed.is_set()  # (the rules' parse is still held)
            shown = rules_pane_shows(app)
            assert "Loading" in shown, shown or "the Rules tab is blank"
            assert "Loading the rules…" in screen_text(app), screen_text(app)
            release.set()
            await settle(pilot)  # the worker that lays the rules out is done
            assert await until(pilot, lambda: "rules reference" in rules_pane_shows(app))
            assert "The Scars — rules reference" in rules_pane_shows(app)
            assert not [w for w in app.screen.query("#rules-scroll Static") if "Loading" in str(w.content)]
    finally:
        release.set()


async def test_the_card_panel_on_a_support_choice_says_that_choice_is_open() -> None:
    """On `Place Tusked Boar as a support` the card panel said only `Can't play it now: not
    enough energy…`, as if the highlighted choice could not be taken."""
    from tui.widgets.actions import ActionList

    app = game_app("scars", seed=3, scenario=scenario("scars_cannot_pay"), vs="ai", level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        at = choices.words.index("Place Tusked Boar as a support")
        await press(pilot, "tab")  # the keyboard on the choice list
        choices.highlight_action(choices.actions[at])  # (`index` was no attribute of the list)
        await settle(pilot)
        note = str(app.screen.query_one(CardDetail).note)
        assert "Can't play it now: not enough energy: Tusked Boar costs 2, you have 1" in note, note
        assert "placing it as a support (face down) is open" in note, note


async def test_the_energy_pool_is_explained() -> None:
    """`⚡2/6 pool 2` (dense) and `· pool 2` (roomy): the help and the lanes say what it is."""
    app = game_app("scars", seed=3, scenario=scenario("scars_twins"), level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        view = dict(screen.view_data)
        me = {**view["players"][0], "pool": 2}
        roomy = lines_text(screen.render_player_roomy(view, me, True))
        assert "pool 2: energy a card gave, lost at the end of the turn (SC-19)" in roomy, roomy
    text = type(screen).help_keys()  # what `?` shows (test_scars_s36 opens it by key)
    assert "`pool 2` energy a card gave (lost at the" in text, text


async def test_the_help_closes_at_once_while_its_rules_are_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc as the help opens closes it, while the rules are still being parsed (their parse
    held until the help is closed: the keys are taken meanwhile)."""
    entered, release, parsed = hold_the_rules_parse(monkeypatch)
    shorter_rules(monkeypatch)
    app = game_app("scars", seed=3, scenario=scenario("scars_twins"), level="scripted")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await press(pilot, "question_mark")
            assert await began(entered)
            await press(pilot, "escape")
            await refreshed(pilot)
            assert not parsed.is_set()  # (the rules' parse is still held)
            assert app.screen.__class__.__name__ == "ScarsScreen"
            release.set()
            await settle(pilot)  # the worker finds the help closed: no crash
            assert app.is_running and app.screen.__class__.__name__ == "ScarsScreen"
    finally:
        release.set()
