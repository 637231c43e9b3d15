"""Session 41: the table polished — the loose ends session 40 left, then what whole games at
80 × 24 and 120 × 40 showed a first-time player would stumble on."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import engine_ready, game_app, screen_text, settle
from .test_bhm_ui37 import mirror

needs_bhm = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def panel_lines(app: Any) -> list[str]:
    """The card panel's lines as the screen shows them (inside its box)."""
    detail = app.screen.query_one(CardDetail)
    region = detail.content_region
    lines = screen_text(app).splitlines()
    return [
        lines[y][region.x : region.right].rstrip() for y in range(region.y, region.bottom) if y < len(lines)
    ]


# -- 1. the card panel: no internal number; where it is when another card has its name ----------


@needs_bhm
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_bhm_card_panel_names_the_card_and_its_place_not_its_number(size: tuple[int, int]) -> None:
    """A mirror match, both sides an Ember Squire in zone 1: the panel's title said `Ember Squire
    #12` (a number a player has no use for); it says which Squire it is in the log's words (`z1 of
    P2`), and a card whose name is alone on the table by its name alone."""
    app = game_app("bhm", seed=1, scenario=mirror("strategy1", [], []), vs="human")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # P1 takes the table
        await settle(pilot)
        cards = {(c.owner, c.defn.id): c.uid for c in app.session.game.zones.cards.values()}
        board = app.screen.query_one(LaneBoard)
        for (owner, card_id), title in [
            ((1, "ember_squire"), "Ember Squire (z1 of P2)"),
            ((0, "ember_squire"), "Ember Squire (z1 of P1)"),
            ((0, "mountain_giant"), "Mountain Giant"),
        ]:
            uid = cards[(owner, card_id)]
            board.move_to(uid)
            await settle(pilot)
            lines = panel_lines(app)
            assert any(line.strip().startswith(title) for line in lines), (title, lines)
            assert not any(f"#{uid}" in line for line in lines), lines
        assert app.screen.query_one(CardDetail).card["name"] == "Mountain Giant"  # type: ignore[index]
        assert "Mountain Giant (" not in "\n".join(panel_lines(app))


def test_scars_card_place_is_said_when_another_card_has_its_name() -> None:
    """The Scars: two Grey Wolves of P2 in attack, one Knight: each Wolf's place (`P2, 1st in ATK`,
    as the log tells them apart); the Knight's none; a card of the hand by its place in it when
    another of the hand has its name, and what it shelters by name (not `sheltering: 36` nor a
    number after the name)."""
    from tui.screens.scars import ScarsTable

    wolf1 = {"uid": 11, "name": "Grey Wolf", "type": "unit", "position": "attack"}
    wolf2 = {"uid": 12, "name": "Grey Wolf", "type": "unit", "position": "attack"}
    knight = {
        "uid": 13,
        "name": "Knight of the Oath",
        "type": "unit",
        "position": "defense",
        "sheltering": 11,
    }
    spear1 = {"uid": 21, "name": "Hunting Spear", "type": "weapon", "cost": 1}
    spear2 = {"uid": 22, "name": "Hunting Spear", "type": "weapon", "cost": 2}
    table = ScarsTable.__new__(ScarsTable)
    table.view_data = {
        "phase": "main",
        "players": [
            {"seat": 0, "units": [knight], "hand": [spear1, spear2]},
            {"seat": 1, "units": [wolf1, wolf2]},
        ],
    }
    assert table.card_where(wolf1) == "P2, 1st in ATK"
    assert table.card_where(wolf2) == "P2, 2nd in ATK"
    assert table.card_where(knight) == ""
    assert table.card_where(spear2) == "2nd in hand"
    assert table.named_card(knight)["sheltering"] == "Grey Wolf (P2, 1st in ATK)"
    detail = CardDetail()
    detail.where = table.card_where
    detail.show_card(wolf2)
    console = Console(width=60, record=True)
    console.print(detail.content)
    text = console.export_text()
    assert text.splitlines()[0] == "Grey Wolf (P2, 2nd in ATK)", text
    assert "#12" not in text, text


# -- 3. the AI's turn in plain words: thinking, then what it did -----------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_ai_turn_prompt_says_it_thinks_then_what_it_did(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hand of the Gods against the AI: the prompt said `The AI plays: ★ marks on the board what it
    did, the log tells it` all its turn (the log out of sight at 80 × 24). It says the opponent
    thinks until it acts, then what it did last, in the log's words without the mana, on one line."""
    from tui.widgets.status import Prompt

    seen: list[str] = []
    watch = Prompt.watch_prompt

    def noted(self: Prompt) -> None:
        seen.append(self.prompt)
        watch(self)

    monkeypatch.setattr(Prompt, "watch_prompt", noted)
    app = game_app("hotg", seed=1)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(3):  # three turns of each: the AI deploys, moves
            await pilot.press("e")
            await settle(pilot)
        width = app.screen.query_one(Prompt).content_size.width
    assert not any("log tells it" in p for p in seen), seen
    assert "The opponent's turn: what it does shows here and ★ on the board" in seen, seen
    did = [p for p in seen if p.startswith("The opponent did: ")]
    assert any(p.startswith("The opponent did: Play ") for p in did), seen
    assert all("mana)" not in p and len(p) <= width for p in did), did


# -- 2. what you drew, in sight at your turn's start without a key -----------------------------------


@pytest.mark.parametrize(("vs", "size"), [("ai", (80, 24)), ("ai", (120, 40)), ("human", (80, 24))])
async def test_your_turn_opens_with_what_you_drew_in_the_digest(vs: str, size: tuple[int, int]) -> None:
    """At 80 × 24 the other side's digest took the log's place as your turn began, and the log's
    `You draw Spartan` was behind `t`: the digest's first line says it, with the key that picks
    the card, inside the panel's first rows (no `PgDn`)."""
    app = game_app("hotg", seed=1, vs=vs)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        shown = 0
        for _ in range(4):
            if vs == "human":  # a unit deployed (a turn only ended shows no digest)
                plays = [a for a in app.session.legal() if a.kind == "play" and len(a.args) == 2]
                if plays:
                    app.screen.choose(plays[0])  # type: ignore[attr-defined]
                    await settle(pilot)
            await pilot.press("e")
            await settle(pilot)
            if vs == "human":  # the hand-over: the next seat takes the table
                await pilot.press("enter")
                await settle(pilot)
            seat = app.session.decision.player  # type: ignore[union-attr]
            hand = next(p for p in app.session.view()["players"] if p["seat"] == seat)["hand"]
            lines = [line.strip() for line in panel_lines(app)]
            if app.screen.query_one("HotgCardDetail").digest_title:  # (a turn only ended: no digest)
                shown += 1
                drew = [line for line in lines if line.startswith("You drew ")]
                assert drew, lines
                name, _, key = drew[0].removeprefix("You drew ").partition(": key ")
                assert hand[int(key) - 1]["name"] == name, (drew, hand)
        assert shown, "no digest was shown"


# -- 4. the digest's spells and abilities in its own short words ---------------------------------------


def used_lines(seeds: range) -> list[str]:
    """The `✦` lines of every turn's digest of seeded random Hand of the Gods games, read by the
    other side, as the table gathers them (`TurnDigest.add` with the log's words)."""
    import random

    from common.registry import game_class
    from tui.log_words import log_words
    from tui.turn_digest import TurnDigest

    out: list[str] = []
    for seed in seeds:
        game, rng = game_class("hotg").new_game(seed=seed), random.Random(seed)
        digest: TurnDigest | None = None
        while not game.is_over() and len(game.history) < 250:
            d = game.decision()
            assert d is not None
            if digest is None or digest.seat != d.player:
                out += [line for line in (digest.lines(1 - digest.seat) if digest else []) if "✦" in line]
                digest = TurnDigest(d.player)
            action = rng.choice(game.legal_actions())
            words = log_words(game, action, 1 - d.player)
            before = {u["uid"]: u for u in game.view(None)["units"]}
            events = game.apply(action)
            digest.add(action, before, {u["uid"]: u for u in game.view(None)["units"]}, events, words)
    return out


def test_the_digests_spell_lines_are_short_and_wrap_at_a_target() -> None:
    """The `✦` line said the log's words (`✦ Cast Thunder of Olympus on your Grey Wolf at 0,6 · Use
    Allfather's Gift on the neutral Stone Statue at 3,5`), two lines of the panel an item at
    80 × 24. It says `✦ Used:` and each spell, ability or Warcry by name, `→` its target as the
    attacks say theirs (`►Grey Wolf 0,6`, `your stone`), each within the panel's 36 columns and
    broken, when it must be, only before its `→`."""
    from tui.turn_digest import digest_wrap

    lines = used_lines(range(8))
    assert len(lines) > 20, lines
    for line in lines:
        assert line.startswith("✦ Used: "), line
        assert not any(w in line for w in ("Cast ", "Use ", "Activate ", " on your ", " at ")), line
        parts = digest_wrap(line, 36)
        assert all(len(part) <= 36 for part in parts), parts
        for part in parts:  # a target's name never parted from its cell
            aimed = re.findall(r"→ [►◄◆][^·→]*", part)
            assert all(re.search(r"\d,\d\s*$", a) for a in aimed), parts
            assert not re.match(r"\s*\d,\d", part), parts
    said = " ".join(lines)
    assert re.search(r"→ [►◄◆][A-Z][\w' ]+ \d,\d", said), said  # a unit aimed at, by mark and cell
    assert "→ your stone" in said or "'s stone" in said, said


# -- found playing: BHM's `last:` kept an attack's start and end, and lost its verb --------------------


@pytest.mark.parametrize(
    ("width", "said"),
    [
        (60, "-400 Salud: Thalassa, the Deep Mother attacks Obsidian Guard"),
        (50, "-400 Salud: Thalassa, the… attacks Obsidian Guard"),
        (40, "-400 Salud: Thala… attacks Obsidian Gua…"),
    ],
)
def test_an_attack_cut_for_last_keeps_its_verb(width: int, said: str) -> None:
    """At 80 × 24 `» P2 (AI) last: -400 Salud: Thalassa, the Deep… Obsidian Guard (+9 more: o)`:
    who did what to whom lost `Mother attacks`. The attacker's name gives way first, then the
    target's; the outcome and `attacks` stay."""
    from tui.screens.bhm import BhmTable, fit_attack

    words = "-400 Salud: Thalassa, the Deep Mother attacks Obsidian Guard"
    assert fit_attack(words, width) == said
    table = BhmTable()
    table.cut_words = {"Thalassa, the Deep Mother attacks Obsidian Guard (FUE 900 vs RES 500)": (words, True)}
    table.last_words = {0: [], 1: []}
    fitted = table.fit_last("Thalassa, the Deep Mother attacks Obsidian Guard (FUE 900 vs RES 500)", width)
    assert fitted == said and len(fitted) <= width, fitted


def test_an_attack_cut_keeps_the_twins_mark() -> None:
    """A twin target keeps its zone mark (which Ember Squire), its name cut instead."""
    from tui.screens.bhm import fit_attack

    assert fit_attack("kills: Hollow Wraith z2 of P1 attacks Ember Squire z1 of P2", 40) == (
        "kills: Hollo… attacks Ember Sq… z1 of P2"
    )


# -- found playing: the game-over dialog's `Ended:` in the players' names -----------------------------


@pytest.mark.parametrize(
    ("text", "kinds", "ended"),
    [
        ("P1's hero has no lives left: P2 wins", ["human", "ai"], "Ended: your hero has no lives left"),
        (
            "P2's Summoning Stone is destroyed: P1 wins!",
            ["human", "ai"],
            "Ended: Player 2 (AI)'s Summoning Stone is destroyed",
        ),
        (
            "P1's hero has no lives left: P2 wins",
            ["human", "human"],
            "Ended: Player 1's hero has no lives left",
        ),
        ("Both heroes have no lives left: a draw", ["human", "ai"], "Ended: Both heroes have no lives left"),
    ],
)
def test_the_ending_names_the_seat_as_the_dialog_does(text: str, kinds: list[str], ended: str) -> None:
    """`P2 (AI) wins!` over `Ended: P1's hero has no lives left` (The Scars, Hand of the Gods): the
    engine's seat beside the players' names; BHM said `your C.LL reached 32` already."""
    from types import SimpleNamespace

    from common.events import Event
    from tui.screens.game import GameScreen
    from tui.session import Seats

    screen = GameScreen.__new__(GameScreen)
    game = SimpleNamespace(log=[Event("over", text, {})])
    screen.session = SimpleNamespace(resigned=None, game=game, seats=Seats(kinds, "random"))  # type: ignore[assignment]
    assert screen.ending() == ended


# -- found playing: `c` (Hand of the Gods' whole card) did nothing on the lanes -------------------------


@pytest.mark.parametrize("game_id", ["bhm", "scars"])
async def test_c_shows_the_card_whole_on_the_lanes(game_id: str) -> None:
    """At 80 × 24 the card panel has room for a few lines of a card; Hand of the Gods' `c` shows it
    whole, and on the lanes `c` did nothing, silently. It shows the card of the panel in the same
    dialog (its name once, as the dialog's title), and says what to do when the panel has none."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    app = game_app(game_id, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):  # through the mulligans and set-up
            await pilot.press("1")
            await settle(pilot)
        detail = app.screen.query_one(CardDetail)
        if detail.card is None:  # the other side's actions held in the panel: no card yet
            await pilot.press("c")
            await settle(pilot)
            assert "No card in the card panel: put the cursor on a card, then press c." in screen_text(app)
        await pilot.press("tab", "right", "left")  # the table: its cursor's card in the panel
        await settle(pilot)
        card = detail.card
        assert card is not None and card.get("name")
        await pilot.press("c")
        await settle(pilot)
        assert type(app.screen).__name__ == "CardScreen"
        assert str(app.screen.query_one("#card-title").content) == card["name"]  # type: ignore[attr-defined]
        body = screen_text(app)
        assert body.count(str(card["name"])) >= 1 and "Esc: back to the table" in body, body
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ in ("BhmScreen", "ScarsScreen")
