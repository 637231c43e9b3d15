"""Helpers for driving the app in Pilot tests.

`press` and `settle(look=False)` skip the idle waits of `Pilot.press` /
`Pilot.pause` (each at least 20 ms of wall time): a complete game is hundreds
of key presses. They wait for the messages of the app and of the screen to be
processed, and for the AI worker, which is all a test needs; `settle()` with
the default `look=True` also lets the screen repaint before its text is read.

Below them, each scenario and each sequence of steps that more than one test plays is
written once: the scenarios' TOML (`scenario`, files in tests/tui/data), the apps that
start or resume a game (`game_app`, `resume_app`, `resumed`), seeded replays, and the
Hand of the Gods skirmish with its steps (`thunder_on_the_enemy_stone`, `deploy_the_oracle`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from common.game import Action

if TYPE_CHECKING:
    from common.game import Game
    from common.saves import Replay
    from tui.app import TriarchApp
    from tui.session import Session

_REPLACED = {"space": " ", "enter": "\r", "escape": "\x1b", "tab": "\t"}


def screen_text(app: Any) -> str:
    """Every line the terminal shows now (the top screen over the ones below)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def screen_words(app: Any) -> str:
    """The screen's words, borders (`│`), scroll bars (`█`) and line ends run together."""
    return " ".join(screen_text(app).replace("│", " ").replace("█", " ").split())


async def until(pilot: Pilot[Any], ok: Callable[[], bool], tries: int = 40, patience: float = 3.0) -> bool:
    """Whether `ok()` holds, after up to `tries` short pauses for what is drawn on a timer
    (what a widget does after the screen's next refresh, which a loaded machine can hold back
    past `settle`: the footer's keys, a dialog's row counts, a scroll to its current row), and
    at least `patience` seconds of wall clock (a machine loaded ten times over its cores took
    more than 40 pauses to show a resize). Each pause refreshes the screen (`Pilot.pause`)."""
    give_up = time.monotonic() + patience
    n = 0
    while not ok():
        if n >= tries and time.monotonic() > give_up:
            return ok()
        await pilot.pause(0.01)
        n += 1
    return True


async def shows(pilot: Pilot[Any], text: str, tries: int = 40) -> bool:
    """Whether the screen shows `text`, after up to `tries` short pauses (`until`)."""
    return await until(pilot, lambda: text in screen_text(pilot.app), tries)


async def drain(pilot: Pilot[Any]) -> None:
    """Until the app and every widget of the screen have no message waiting."""
    app = pilot.app
    for _ in range(50):
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        nodes = [app, *app.screen.walk_children(with_self=True)]
        if all(n._message_queue.empty() for n in nodes):
            return


def _busy(app: Any) -> bool:
    """The AI thinks, or a finished game's dialog waits for the next refresh."""
    return any(
        getattr(s, "ai_running", False) or getattr(s, "game_over_pending", False) for s in app.screen_stack
    ) or any(w.is_running for w in app.workers)


def _refresh_pending(screen: Any) -> bool:
    """The screen waits for its refresh timer: a layout, a repaint, a recompose, or what was
    asked to run after the next refresh (`call_after_refresh`)."""
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
    )


async def refreshed(pilot: Pilot[Any], rounds: int = 20) -> None:
    """The top screen's refreshes done now, one after another, until none is pending (or
    `rounds` of them): what the screen's timer would do, without waiting for it — a loaded
    machine holds that timer back, and what is drawn after a refresh (the footer's keys, a
    dialog's row counts, the game-over dialog) comes after the next one."""
    app = pilot.app
    for _ in range(rounds):
        await drain(pilot)
        screen = app.screen
        if app._batch_count or not _refresh_pending(screen):
            return  # (in a batch update the screen does not refresh: done after it, as the timer does)
        screen._on_timer_update()


async def settle(pilot: Pilot[Any], rounds: int = 400, *, look: bool = True) -> None:
    """Wait until the AI worker is done and the UI has caught up."""
    app = pilot.app
    for _ in range(rounds):
        await drain(pilot)
        if not _busy(app):
            await drain(pilot)
            if not _busy(app):
                if look:
                    await refreshed(pilot)
                    await pilot.pause()
                return
        with contextlib.suppress(WorkerCancelled):  # an AI worker replaced by the next one
            await app.workers.wait_for_complete()
        # a refresh (which shows the game-over dialog) comes on the screen's timer: done now
        pending = any(getattr(s, "game_over_pending", False) for s in app.screen_stack)
        if pending:
            await refreshed(pilot)
        await asyncio.sleep(0.002 if pending else 0)
    raise AssertionError("the app did not settle")


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Key presses without the idle waits of `Pilot.press` (see the module doc)."""
    app = pilot.app
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        char: str | None
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = _REPLACED.get(key, key if len(key) == 1 else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
        await drain(pilot)


def screen_name(app: Any) -> str:
    """The top screen's class name; a game's own kind of a decision dialog, should one come
    back, by the name of the dialog it extends (`RowsDialog`, `TileDialog`)."""
    from tui.screens.decide import RowsDialog, TileDialog

    for base in (RowsDialog, TileDialog):
        if isinstance(app.screen, base):
            return base.__name__
    return type(app.screen).__name__


def keys_for(text: str) -> list[str]:
    """Key names that type `text` (pilot.press wants 'space' for ' ')."""
    names = {" ": "space", ":": "colon", "?": "question_mark", ",": "comma", "-": "minus", ".": "full_stop"}
    return [names.get(ch, ch) for ch in text]


def engine_ready(game_id: str) -> bool:
    """The engine imports (another engineer's work in progress may not)."""
    from common.registry import game_class

    try:
        game_class(game_id)
    except Exception:
        return False
    return True


async def choose_first(pilot: Pilot[Any]) -> None:
    """`1`: the first choice of the list — and `Enter` after it in a list of 10 or more, where `1`
    waits for a second digit (`1` `2` takes choice 12)."""
    await press(pilot, "1")
    digits = getattr(pilot.app.screen, "digits", None)  # (`tui.digits.TwoDigits`: a digit waits)
    if digits is not None and digits.waiting:
        await press(pilot, "enter")


async def play_out(pilot: Pilot[Any], limit: int = 1500) -> None:
    """Answer every decision by keys until the game is over: in a dialog
    Enter takes its default, else `1` takes the first choice of the list (`1` `Enter` in a list of 10
    or more, where `1` waits for a second digit) — but on a Hand of
    the Gods turn, where `1` picks a card of the hand (and the game would never end), `e`
    ends the turn (the other side's attacks, or the empty decks' fatigue, end the game)."""
    app = pilot.app
    for _ in range(limit):
        if screen_name(app) == "GameOverScreen":
            return
        d = app.session.decision
        if screen_name(app) in ("TileDialog", "RowsDialog", "CoverScreen"):
            key = "enter"
        elif app.session.game.game_id == "hotg" and d is not None and d.kind == "turn":
            key = "e"
        else:
            key = "1"
        if key == "1":
            await choose_first(pilot)
        else:
            await press(pilot, key)
        await settle(pilot, look=False)
    raise AssertionError(f"the game did not end ({len(app.session.game.history)} actions)")


# -- scenarios and the apps that play them: each written once ------------------------------------------

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]


def scenario(name: str) -> str:
    """A scenario's TOML: `NAME` is tests/tui/data/NAME.toml; a path with a `/` is from the
    repository's root (`tests/scenarios/bhm/reaction_chain.toml`)."""
    path = ROOT / name if "/" in name else DATA / f"{name}.toml"
    return path.read_text(encoding="utf-8")


def game_app(
    game_id: str,
    *,
    seed: int,
    scenario: str | None = None,
    vs: str = "ai",
    level: str = "random",
    seat: int = 0,
) -> TriarchApp:
    """`triarch play GAME` against the AI (or hot-seat), no AI pause."""
    from tui.app import TriarchApp
    from tui.launch import LaunchSpec

    spec = LaunchSpec(game_id=game_id, vs=vs, ai_level=level, seed=seed, scenario=scenario, human_seat=seat)
    return TriarchApp(spec, ai_pace=0)


def toy_save(path: Path) -> dict[str, Any]:
    """A toy game one action in (human against the random AI), saved at `path`; its data."""
    import json

    from common.saves import save_game
    from tests.toygame import ToyGame

    g = ToyGame.new_game(seed=2)
    g.apply(g.legal_actions()[0])
    save_game(g, path, {"seats": {"kinds": ["human", "ai"], "ai_level": "random"}})
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def edited_save(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], None]:
    """A writer of a toy save (`toy_save`) changed by `change` and written back without its
    checksum (as a hand edit that knows to drop it: the reader then judges the fields)."""

    def write(path: Path) -> None:
        import json

        data = toy_save(path)
        change(data)
        data.pop("checksum", None)
        path.write_text(json.dumps(data))

    return write


def truncated_save(path: Path) -> None:
    """A toy save cut mid-write (its first 40 characters)."""
    toy_save(path)
    path.write_text(path.read_text()[:40])


@contextlib.asynccontextmanager
async def menu_over_autosave(write: Callable[[Path], object], size: tuple[int, int] = (80, 24)) -> Any:
    """The menu (`triarch` with no game named, no AI pause) at `size`, over an autosave `write`
    wrote (a broken one: cut short, edited, not a save at all), settled: yields the pilot."""
    from common.saves import autosave_path
    from tui.app import TriarchApp

    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path)
    async with TriarchApp(ai_pace=0).run_test(size=size) as pilot:
        await settle(pilot)
        yield pilot


def resume_app(path: Path) -> TriarchApp:
    """`triarch resume PATH`, no AI pause."""
    from tui.app import TriarchApp
    from tui.launch import LaunchSpec

    return TriarchApp(LaunchSpec(resume=path), ai_pace=0)


def resumed(session: Session) -> TriarchApp:
    """The app of `triarch resume` on `session`, saved as it is now."""
    session.save()
    return resume_app(session.save_path)


def bhm_session(
    scenario: str, save_path: Path | None = None, seats: tuple[str, str] = ("human", "ai")
) -> Session:
    """A BHM game from `scenario` (seed 1), the AI at the random level."""
    from tui.session import Seats, Session

    return Session.new("bhm", Seats(list(seats), "random"), seed=1, scenario=scenario, save_path=save_path)


def uid_of(session: Session, card_id: str, owner: int | None = None) -> int:
    """The uid of the (first) card `card_id` in the game, of `owner` if given."""
    return next(
        c.uid
        for c in session.game.zones.cards.values()
        if c.defn.id == card_id and (owner is None or c.owner == owner)
    )


async def into_first_turn(pilot: Pilot[Any]) -> None:
    """Through mulligans and set-up (BHM, The Scars): `1` six times, then settle."""
    await settle(pilot)
    for _ in range(6):
        await press(pilot, "1")
        await settle(pilot, look=False)
    await settle(pilot)


# BHM's shared scenarios (tests/scenarios/bhm): a reaction chain, a POD 500 power attack
REACTION_CHAIN = scenario("tests/scenarios/bhm/reaction_chain.toml")
POD500_INVEST = scenario("tests/scenarios/bhm/pod500_invest.toml")


def fire_bolt_on_tide_sentinel(session: Session) -> None:
    """In REACTION_CHAIN: P1's Flame Adept executes Fire Bolt, aimed at P2's Tide Sentinel."""
    session.apply(Action("power", (uid_of(session, "fire_bolt"), uid_of(session, "flame_adept"))))
    session.apply(Action("target", (uid_of(session, "tide_sentinel"),)))


def dense_late_app(game_id: str) -> TriarchApp:
    """The dense late board of `game_id` (tests/tui/data/GAME_dense_late.toml)."""
    return game_app(game_id, seed=1, scenario=scenario(f"{game_id}_dense_late"))


# -- replays of seeded random games -------------------------------------------------------------------


def random_game(cls: type[Game], seed: int, steps: int) -> tuple[Game, list[str]]:
    """A seeded random game (at most `steps` actions) and its hash after every action, as played."""
    import random

    rng = random.Random(seed)
    g = cls.new_game(seed=seed)
    hashes = [g.state_hash()]
    while not g.is_over() and len(g.history) < steps:
        g.apply(rng.choice(g.legal_actions()))
        hashes.append(g.state_hash())
    return g, hashes


def replay_of(game: Game, path: Path) -> Replay:
    """`game` saved to `path`, loaded back as `triarch replay` loads it."""
    from common.saves import Replay, save_game

    save_game(game, path)
    return Replay.load(path)


def seeded_replay(game_id: str, tmp_path: Path, steps: int = 60) -> Replay:
    """The replay of a random game of `game_id` from seed 7, `steps` actions in (or to its end)."""
    from common.registry import game_class

    game, _ = random_game(game_class(game_id), 7, steps)
    return replay_of(game, tmp_path / f"{game_id}.json")


def replay_app(replay: Replay) -> TriarchApp:
    """`triarch replay` on `replay`."""
    from tui.app import TriarchApp

    return TriarchApp(replay=replay, ai_pace=0)


# -- Hand of the Gods: the skirmish (tests/tui/data/hotg_skirmish.toml) ------------------------------

SKIRMISH = scenario("hotg_skirmish")
# The enemy stone at 2 health: Thunder of Olympus (3 damage) on it ends the game.
LAST_BOLT = SKIRMISH.replace("max_mana = 5\n", "max_mana = 5\nstone = 2\n")


def skirmish(vs: str = "ai", scenario: str = SKIRMISH) -> TriarchApp:
    """The HotG skirmish (or a variant of it), seed 5, against the random AI."""
    return game_app("hotg", seed=5, scenario=scenario, vs=vs)


def cell_offset(row: int, col: int, width: int = 7) -> tuple[int, int]:
    """Where to click a cell on the 80-column board (label 2 + 1, cells width+1)."""
    return 3 + col * (width + 1) + 1, 1 + row * 2


async def thunder_on_the_enemy_stone(pilot: Pilot[Any]) -> None:
    """At 80 × 24: Thunder of Olympus (key 2) cast by a click on the enemy stone (2,8); in
    LAST_BOLT this is the first action and ends the game (the game-over dialog is up)."""
    await pilot.press("2")
    await pilot.pause()
    await pilot.click("#board", offset=cell_offset(2, 8))
    await settle(pilot)


async def choose_cell(pilot: Pilot[Any], row: int, col: int) -> None:
    """On the HotG board, by the keyboard: the cursor on `row`,`col`, then `Enter` (your Hoplite
    at 2,2 in the skirmish: selected, its marks on the board)."""
    board = pilot.app.screen.query_one("#board")
    board.focus()
    await settle(pilot)
    board.cursor = (row, col)
    await settle(pilot)
    await press(pilot, "enter")
    await settle(pilot)


async def deploy_the_oracle(pilot: Pilot[Any], *, close_reveal: bool = True) -> None:
    """The skirmish's first card, Oracle of Delphi, deployed at 1,0 (keys 1, Enter); its Warcry
    reveals three spells in a dialog, which Esc leaves for the choice list."""
    await pilot.press("1", "enter")
    await settle(pilot)
    if close_reveal:
        await pilot.press("escape")
        await settle(pilot)


# -- The Scars' resolution zone in data ---------------------------------------------------------------
def zone_entry(kind: str, source: int, name: str, typ: str, **more: object) -> dict[str, object]:
    """An entry of The Scars' resolution zone in data, as the engine's `entry_data` gives it in
    its `stack` and `resolve` events and the view's `stack`: the table words it from these."""
    data: dict[str, object] = {"kind": kind, "source": source, "name": name, "type": typ, "mode": ""}
    return {**data, "target": None, "target_name": None, "does": "", **more}


# Field Medic (uid 4)'s ability on Knight of the Oath (uid 6)
MEDIC_ABILITY = zone_entry(
    "ability",
    4,
    "Field Medic",
    "unit",
    target=6,
    target_name="Knight of the Oath",
    does="remove all damage from {target}",
)


@contextlib.asynccontextmanager
async def saved_game_kept_toast(game_id: str, size: tuple[int, int]) -> Any:
    """A new game of `game_id` over a game in progress, at `size`: yields its screen and the region
    of the `Saved game kept` toast it shows (asserted there), the app still running."""
    from textual.widgets._toast import Toast

    async with game_app(game_id, seed=3).run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # (an action: the autosave holds a game in progress)
        await settle(pilot)
    app = game_app(game_id, seed=3)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        # (polled, not a fixed 0.2 s of wall clock: the toast is there once laid out)
        await until(pilot, lambda: any(t.region.area for t in app.screen.query(Toast)))
        toasts = list(app.screen.query(Toast))
        assert toasts and "Saved game kept" in str(toasts[0].render())
        yield app.screen, toasts[0].region
