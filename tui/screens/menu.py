"""The menu: game, mode, AI level, decks, seed, options; Continue; Quit."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Button, Input, Label, Static, Switch

from common.agents import agent_level_names
from common.errors import DataError, EngineNotAvailable, IllegalAction
from common.game import Game
from common.registry import GAMES, game_class
from common.saves import (
    SaveBusy,
    SaveError,
    SaveTrouble,
    autosave_path,
    check_rules,
    drop_ended_autosave,
    end_not_saved,
    ended_game,
    holds_ended,
    move_to_new,
    read_save,
    save_advice,
    save_summary,
    saves_dir,
    set_aside_games,
    set_aside_untold,
    told_set_aside,
    unused_path,
)
from tui.launch import LaunchSpec
from tui.log_words import seat_names
from tui.screens.base import BaseScreen
from tui.widgets.footer import Footer
from tui.widgets.select import Select

LOGO = "T R I A R C H"
# The menu's keys, first in the help that F1 opens there (the game's own keys follow).
MENU_KEYS = """
**The menu**

- `Tab` / `Shift+Tab` — the next / previous field; `Enter` — open a list, or press a button
- `Ctrl+N` — start the game the form describes · `Ctrl+O` — continue the autosaved game
- `Ctrl+T` — **Scenarios**: puzzles and positions to play from · `Ctrl+Q` — quit
- `F1` (or `?`) — this help, for the game chosen in the form: its rules and keywords are in
  the other tabs
"""
# The heading of the table's keys after the menu's: the help's title names the game (`Hand of the
# Gods — press Esc to close`), not this heading again (`At the table of Hand of the Gods`).
TABLE_KEYS_HEADING = "**At the table**"


def table_keys(keys: str) -> str:
    """A game's table keys in the menu's help, under `TABLE_KEYS_HEADING`, unless they open with a
    heading of their own (Hand of the Gods' `At the table`: not that heading twice)."""
    return keys if keys.lstrip().startswith("**") else f"{TABLE_KEYS_HEADING}\n\n{keys}"


def level_label(level: str, words: dict[str, str] | None = None) -> str:
    """An AI level as the menu lists it: `greedy · the best-looking move now` (`words`: the
    engine's `LEVEL_WORDS`, the common words when None — a first-time player read `random …
    search` with no word of which is easy)."""
    said = (Game.LEVEL_WORDS if words is None else words).get(level)
    return f"{level} · {said}" if said else level


# Options whose choices name a seat as the engine takes it (`1`, `2`: The Scars' `first_player`,
# SC-03): the form lists them by the seats' names at the table (`P1`, `P2`: `log_words.seat_names`,
# as the `Your seat` and `Deck P1` fields do); the engine still receives `1` / `2`.
SEAT_OPTIONS = frozenset({"first_player"})


def choice_label(game_id: str, key: str, choice: Any) -> str:
    """How the form lists `choice` of the game option `key`: `P1` for The Scars' first player
    `1`, the choice itself otherwise (`random`)."""
    if key in SEAT_OPTIONS and str(choice) in ("1", "2"):
        return seat_names(game_id)[int(str(choice)) - 1]
    return str(choice)


# What the AI level and seat fields say in hot-seat, where they do not apply.
HOTSEAT_NOTES = {
    "level": "— (hot-seat: no AI)",
    "seat": "— (hot-seat: both seats at this table)",
}


def _engine(game_id: str) -> type[Game] | None:
    """The engine, or None when it is missing (or broken: the menu still opens)."""
    try:
        return game_class(game_id)
    except EngineNotAvailable:
        return None
    except Exception:  # an engine that fails to import must not take the menu down
        return None


# What is wrong with a save the menu cannot continue, in the player's words, by its kind
# (`SaveError.kind`: common.saves.SaveTrouble, given where the save's reader refuses it) — never
# by the reader's message, which may be reworded, and never that message itself or an exception's
# text (the menu once said `Cannot continue the saved game: substring not found`). `{game}`: the
# game's title.
DAMAGED = "is damaged: a part of it is missing or was changed"
REPLAY_FAILS = "is damaged: its moves no longer replay"  # (`action 3 ('…') cannot be replayed: …`)
RULES_CHANGED = "it was played under other rules of its game"
SAVE_WORDS: dict[SaveTrouble, str] = {
    SaveTrouble.MISSING: "is gone: it was removed or moved since",
    SaveTrouble.UNREADABLE: "cannot be opened: this account may not read it, or the disk failed",
    SaveTrouble.EMPTY: "is unreadable: it is empty, nothing was saved in it",
    SaveTrouble.NOT_TEXT: "is unreadable: it is corrupted",
    SaveTrouble.NOT_JSON: "is unreadable: it is cut short or corrupted",
    SaveTrouble.NOT_A_SAVE: "is unreadable: it is not a Triarch save",
    SaveTrouble.NEWER: "is from a newer version of Triarch: this version cannot play it",
    SaveTrouble.UNKNOWN_GAME: "is a game of {game} this version of Triarch cannot play",
    SaveTrouble.DAMAGED: DAMAGED,
    SaveTrouble.SEATS: "is damaged: its seats are both the AI's (edited by hand?)",
    SaveTrouble.CHANGED: "is damaged: it was changed after it was saved",
    SaveTrouble.UNREPLAYABLE: REPLAY_FAILS,
    SaveTrouble.OTHER_RULES: f"{REPLAY_FAILS} ({RULES_CHANGED})",
}


def trouble_kind(exc: BaseException) -> SaveTrouble:
    """What kind of trouble `exc`, raised as a save was continued, says: a SaveError's own kind;
    a file that could not be read (OSError); an engine that is not there; anything else that the
    save's reader does not foresee (an engine's ValueError on a strange setup) is a damaged save."""
    if isinstance(exc, SaveError):
        return exc.kind
    if isinstance(exc, FileNotFoundError):
        return SaveTrouble.MISSING
    if isinstance(exc, OSError):
        return SaveTrouble.UNREADABLE
    if isinstance(exc, EngineNotAvailable):
        return SaveTrouble.UNKNOWN_GAME
    return SaveTrouble.DAMAGED


def save_trouble(path: Path, exc: BaseException) -> str:
    """`autosave.json is unreadable: it is cut short or corrupted`: what is wrong with the save
    at `path` that could not be continued (`exc`), in the player's words (`SAVE_WORDS`, by its
    kind): the file, and that it is unreadable, from a newer version, for a game not installed,
    or damaged."""
    kind = trouble_kind(exc)
    game = ""
    if kind is SaveTrouble.UNKNOWN_GAME:
        with contextlib.suppress(SaveError):
            game = str(read_save(path)["game"])
    title = GAMES[game].title if game in GAMES else game
    return f"{path.name} {SAVE_WORDS.get(kind, DAMAGED).replace('{game}', title or 'a kind')}"


# What Continue's button says is wrong with the autosave, in a few words (the long message,
# `save_trouble`, is what pressing it says), by the kind of trouble reading it finds.
SHORT_UNREADABLE = "save unreadable"
SHORT_NOT_INSTALLED = "game not installed"
SHORT_NEWER = "newer version's save"
SHORT_DAMAGED = "save damaged"
SHORT_WORDS: dict[SaveTrouble, str] = {
    SaveTrouble.MISSING: "save gone",
    SaveTrouble.UNREADABLE: "save cannot be opened",
    SaveTrouble.EMPTY: SHORT_UNREADABLE,
    SaveTrouble.NOT_TEXT: SHORT_UNREADABLE,
    SaveTrouble.NOT_JSON: SHORT_UNREADABLE,
    SaveTrouble.NOT_A_SAVE: SHORT_UNREADABLE,
    SaveTrouble.NEWER: SHORT_NEWER,
    SaveTrouble.UNKNOWN_GAME: SHORT_NOT_INSTALLED,
    SaveTrouble.DAMAGED: SHORT_DAMAGED,
    SaveTrouble.SEATS: SHORT_DAMAGED,
    SaveTrouble.CHANGED: SHORT_DAMAGED,
    SaveTrouble.UNREPLAYABLE: SHORT_DAMAGED,
    SaveTrouble.OTHER_RULES: SHORT_DAMAGED,
}


def save_trouble_short(path: Path, engines: dict[str, type[Game] | None]) -> str:
    """`newer version's save`: what is wrong with the save at `path`, in the few words
    Continue's button has room for, as far as reading it (not replaying it) tells — a save from a
    newer version (its format, or its game's rules), for a game `engines` cannot play, damaged or
    unreadable; "" when it looks playable."""
    try:
        data = read_save(path)
    except SaveError as exc:
        return SHORT_WORDS.get(exc.kind, SHORT_UNREADABLE)
    cls = engines.get(str(data["game"]))
    if cls is None:
        return SHORT_NOT_INSTALLED
    try:
        check_rules(cls, data)  # (the check `_start` makes: one reader for both)
    except SaveError as exc:
        return SHORT_WORDS.get(exc.kind, SHORT_DAMAGED)
    return ""


class FormTrouble(ValueError):
    """A field of the form the game cannot start with (`the seed must be a whole number`): the
    menu's own words, said after `Cannot start:`."""


def whole_number(text: str, field: str) -> int:
    """`text`, the whole number typed in the field `field` (its label), or FormTrouble saying so
    (the Input lets a lone `-` through: int() said `invalid literal for int() with base 10`)."""
    try:
        return int(text)
    except ValueError:
        raise FormTrouble(f"the {field} must be a whole number (it reads {text!r})") from None


# What the menu says when the game refuses the form's setup (`DataError`, `ValueError` from the
# engine's `new`): what failed, never the exception's own text.
SETUP_REFUSED = "the game could not be set up with these decks and options; try the preset decks"


def refused_where(exc: BaseException) -> str:
    """` (in decks/iron.json, card 'grunt')`: where the data the game refused is, when a
    DataError names it (the file, the card, the field: what helps find it), not what it says."""
    if not isinstance(exc, DataError):
        return ""
    where = f"in {Path(exc.file).name}" if exc.file else ""
    if exc.card is not None:
        where += f", card '{exc.card}'"
    if exc.field is not None:
        where += f", field '{exc.field}'"
    return f" ({where.lstrip(', ')})" if where else ""


def _how_far(kept: Path) -> str:
    """` (BHM, 23 actions)`: how far the game saved at `kept` got ("" if it cannot be read)."""
    summary = save_summary(kept)
    return f" ({summary})" if summary else ""


class MenuScreen(BaseScreen):
    BINDINGS = [
        Binding("ctrl+n", "start", "Start", priority=True),
        Binding("ctrl+o", "continue", "Continue", priority=True),
        Binding("ctrl+t", "scenarios", "Scenarios", priority=True),
        Binding("ctrl+q", "app.quit", "Quit"),
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
    ]
    AUTO_FOCUS = "#start"

    def __init__(self, default_game: str | None = None, preset: LaunchSpec | None = None) -> None:
        """`preset`: the game `triarch play` started, whose mode, AI level, seat, decks and
        options the form shows when the player comes back to the menu (not its seed: Start
        then plays a new deal, not the same game again)."""
        super().__init__(classes="menu")
        self.engines = {gid: _engine(gid) for gid in GAMES}
        ready = [gid for gid, cls in self.engines.items() if cls is not None]
        if preset is not None and default_game is None:
            default_game = preset.game_id
        self.game_id = default_game if default_game in ready else (ready[0] if ready else None)
        self.preset = preset

    def _preset(self) -> LaunchSpec | None:
        """The preset, while the form is for its game."""
        p = self.preset
        return p if p is not None and p.game_id == self.game_id else None

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self.drop_ended()  # (what Continue's label says: `continue_label`)
        with Vertical(id="menu-box"):
            yield Static(f"{LOGO}\nthree card games at one table", id="logo")
            with VerticalScroll(id="menu-form"):
                with Horizontal(classes="row"):
                    yield Label("Game", classes="label")
                    yield Select(
                        [
                            (info.title if self.engines[gid] else f"{info.title} (not ready yet)", gid)
                            for gid, info in GAMES.items()
                        ],
                        value=self.game_id if self.game_id else Select.NULL,
                        allow_blank=self.game_id is None,
                        id="game",
                        compact=True,
                    )
                yield Static(self.blurb(), id="blurb")
                with Horizontal(classes="row", id="scenarios-row"):
                    yield Label("Scenarios", classes="label")
                    yield Button("Puzzles and positions ▸ (Ctrl+T)", id="scenarios", compact=True)
                yield Vertical(id="game-form")
            yield Static("", id="menu-error")
            yield Static(
                "Tab: next field · Enter: open a list or press a button · Ctrl+N: start",
                id="menu-keys",
            )
            with Horizontal(id="menu-buttons"):
                yield Button("Start ▶", id="start", variant="primary", compact=True)
                yield Button(self.continue_label(), id="continue", compact=True)
                yield Button("Quit", id="quit", variant="error", compact=True)
        yield Footer()

    def blurb(self) -> str:
        if self.game_id is None:
            return "No game engine is installed yet."
        return GAMES[self.game_id].blurb

    def drop_ended(self) -> bool:
        """Remove an autosave that is the start of a game kept as finished (a `triarch` killed
        between the two: `drop_ended_autosave`), said on the menu; never a game to continue —
        nor when it cannot be removed (a data folder that is not writable): `stuck` is then the
        kept game, and Continue offers nothing."""
        self.stuck = None
        app: Any = self.app
        if app.autosave_busy():  # another window plays the game there: its autosave, not ours
            return False
        kept = drop_ended_autosave()
        if kept is None:
            self.stuck = ended_game(autosave_path()) if autosave_path().exists() else None
            if self.stuck is None:
                return False
            self.ended_note = (
                f"The autosaved game has ended and is kept to watch again ({self.stuck.name}; "
                "triarch replay). Its autosave could not be removed (is the data folder writable?): "
                "it is not a game to continue."
            )
            return True
        self.ended_note = (
            f"The autosaved game had ended: it is kept to watch again ({kept.name}; triarch replay), "
            "not to continue."
        )
        return True

    def can_continue(self) -> bool:
        """An autosaved game to continue (not the start of a game kept as finished: `stuck`)."""
        return autosave_path().exists() and self.stuck is None

    def continue_enabled(self) -> bool:
        """Continue can be pressed: a game to continue, or none but games set aside, which it
        then says how to resume (`nothing_to_continue`)."""
        return self.can_continue() or (not autosave_path().exists() and bool(set_aside_games()))

    @staticmethod
    def nothing_to_continue() -> str:
        """What Continue says with no autosave: where the games set aside are, if any."""
        aside = len(set_aside_games())
        if not aside:
            return "There is no autosaved game to continue."
        games = "A game was" if aside == 1 else f"{aside} games were"
        return (
            f"There is no autosaved game to continue. {games} set aside when a new game started, "
            f"in {saves_dir()}: triarch resume lists them, triarch resume FILE continues one."
        )

    # The kept finished game that the autosave, which could not be removed, is the start of.
    stuck: Path | None = None
    ended_note = ""
    # The error line says the end of the autosaved game that could not be saved (`tell_end`).
    end_told = False

    def tell_end(self) -> None:
        """Say, on the error line, when the autosave is a game before its end, which could not be
        saved (`end_not_saved`: a full disk as it ended): Continue resumes it before its end, and
        that is the truth to tell, not a game simply in progress. The line is cleared once it is
        no longer so (the game continued since)."""
        end = end_not_saved(autosave_path())
        if end is not None:
            self.show_error(end.words())
            self.end_told = True
        elif end is None and self.end_told:
            self.show_error("")

    def continue_label(self) -> str:
        """Continue's label, for what `drop_ended` (run just before, by the caller) left."""
        if self.stuck is not None:
            return "Continue (no game in progress: it ended)"
        if not autosave_path().exists():
            aside = len(set_aside_games())  # (pressed, it says where they are: `nothing_to_continue`)
            return f"Continue (none · {aside} set aside)" if aside else "Continue (no saved game)"
        trouble = save_trouble_short(autosave_path(), self.engines)
        saved = self.saved_game()
        if trouble or not saved:
            return f"Continue ({trouble or SHORT_UNREADABLE}: see why)"
        return f"Continue: {saved}"

    @staticmethod
    def saved_game() -> str:
        """The autosaved game in words (`BHM, 23 actions`; `…, ended` when it is a finished game
        that could not be kept in finished/: `ENDED`); "" when it cannot be read."""
        return save_summary(autosave_path())

    async def on_mount(self) -> None:
        await self.build_game_form()
        # Start on the game choice, so a new player sees where the lists are.
        self.query_one("#game", Select).focus()
        if self.ended_note:
            self.show_error(self.ended_note)
        self.tell_end()
        self.tell_set_aside()
        self.autosave_seen = self.autosave_stamp()
        self.set_interval(self.AUTOSAVE_CHECK_SECONDS, self.check_autosave)

    def tell_set_aside(self) -> None:
        """Say where the games set aside are that the player may not have been told of (a
        `triarch` that crashed right after it set the game in progress aside for a new one),
        once, below what the note line says already."""
        untold = set_aside_untold()
        if not untold:
            return
        words = " ".join(
            f"Your previous game{_how_far(kept)} was set aside as {kept}. Resume it with: "
            f"triarch resume {kept}"
            for kept in untold
        )
        note = self.query_one("#menu-error", Static)
        before = str(note.content)
        told = self.end_told
        self.show_error(f"{before}\n{words}" if before else words)
        self.end_told = told
        for kept in untold:
            told_set_aside(kept)

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Say again what the autosave holds (Continue's label, the notes on it)."""
        if self.drop_ended():
            self.show_error(self.ended_note)
        self.tell_end()
        button = self.query_one("#continue", Button)
        label = self.continue_label()
        if str(button.label) != label:
            button.label = label
            # (a Button's label is no layout reactive: kept at the old label's width, the new
            # one wrapped in its one row and lost its end, `Continue: Hand of the`)
            button.refresh(layout=True)
        button.disabled = not self.continue_enabled()
        self.autosave_seen = self.autosave_stamp()

    # How often the menu looks whether the autosave changed (another window played, ended or
    # started a game in the same save folder): one `stat` while the menu is in sight.
    AUTOSAVE_CHECK_SECONDS = 1.0
    autosave_seen: tuple[Any, ...] = ()

    @staticmethod
    def autosave_stamp() -> tuple[Any, ...]:
        """What changes when the autosave does: its file, and the marks beside it."""
        path = autosave_path()
        try:
            st = path.stat()
            stamp: Any = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        try:
            marks = tuple(sorted(p.name for p in path.parent.glob(f"{path.name}.*")))
        except OSError:
            marks = ()
        return (stamp, marks)

    def check_autosave(self) -> None:
        """Refresh Continue when the autosave changed since it was last shown (a second window
        on the same save folder), while the menu is in sight."""
        if self.is_current and self.autosave_stamp() != self.autosave_seen:
            self.refresh_continue()

    async def build_game_form(self) -> None:
        form = self.query_one("#game-form", Vertical)
        await form.remove_children()
        self.query_one("#continue", Button).disabled = not self.continue_enabled()
        self.query_one("#start", Button).disabled = self.game_id is None
        if self.game_id is None:
            return
        cls = self.engines[self.game_id]
        assert cls is not None
        preset = self._preset()
        rows: list[Horizontal] = []

        def row(label: str, *widgets: Any, off: str = "") -> None:
            """A field; `off` is what it says in words when the mode makes it idle."""
            if off:
                widgets = (*widgets, Static(off, classes="off-note"))
            rows.append(Horizontal(Label(label, classes="label"), *widgets, classes="row"))

        row(
            "Mode",
            Select(
                [("Against the AI", "ai"), ("Hot-seat (two players)", "human")],
                value="human" if preset is not None and preset.vs == "human" else "ai",
                allow_blank=False,
                id="mode",
                compact=True,
            ),
        )
        levels = agent_level_names(cls)
        default_level = cls.default_agent_level()
        if default_level not in levels:
            default_level = levels[-1]
        if preset is not None and preset.ai_level in levels:
            default_level = preset.ai_level
        row(
            "AI level",
            Select(
                [(level_label(lv, cls.LEVEL_WORDS), lv) for lv in levels],
                value=default_level,
                allow_blank=False,
                id="level",
                compact=True,
            ),
            off=HOTSEAT_NOTES["level"],
        )
        # A game with a "first player" option (The Scars: a coin decides, SC-03) does not
        # always start with player 1. The seats as the tables name them in all three games
        # (`P1`, `P2`: `log_words.SEAT_NAMES`), beside the form's `Deck P1` (it said `Player 1`).
        coin = any(opt.get("key") == "first_player" for opt in cls.game_options())
        row(
            "Your seat",
            Select(
                [("P1" if coin else "P1 (moves first)", 0), ("P2", 1)],
                value=preset.human_seat if preset is not None and preset.human_seat in (0, 1) else 0,
                allow_blank=False,
                id="seat",
                compact=True,
            ),
            off=HOTSEAT_NOTES["seat"],
        )
        presets = cls.preset_decks()
        decks = list(presets)
        for p in (0, 1):
            if decks:
                default = decks[p] if p < len(decks) else decks[0]
                if preset is not None:  # the named deck whose cards the game was played with
                    default = next((n for n in decks if presets[n] == preset.decks[p]), default)
                row(
                    f"Deck P{p + 1}",
                    Select(
                        [(d, d) for d in decks], value=default, allow_blank=False, id=f"deck{p}", compact=True
                    ),
                )
        row("Seed", Input(placeholder="random", type="integer", id="seed", compact=True))
        for opt in cls.game_options():
            key = str(opt["key"])
            label = str(opt.get("label") or key)
            initial = opt.get("default")
            if preset is not None and key in preset.options:
                initial = preset.options[key]
            wid = f"opt-{key}"
            choices = opt.get("choices")
            widget: Any
            if choices:
                widget = Select(
                    [(choice_label(self.game_id, key, c), c) for c in choices],
                    value=initial if initial in choices else choices[0],
                    allow_blank=False,
                    id=wid,
                    compact=True,
                )
            elif isinstance(initial, bool):
                widget = Switch(value=initial, id=wid)
            else:
                widget = Input(
                    value="" if initial is None else str(initial),
                    type="integer" if isinstance(initial, int) else "text",
                    id=wid,
                    compact=True,
                )
            if opt.get("help"):
                widget.tooltip = str(opt["help"])
            row(label[:14], widget)
        await form.mount(*rows)
        self.update_mode()

    # -- reacting ------------------------------------------------------------------------
    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value != self.game_id and isinstance(event.value, str):
            if self.engines.get(event.value) is None:
                self.show_error(f"{GAMES[event.value].title}: the engine is not implemented yet.")
                return
            self.game_id = event.value
            self.query_one("#blurb", Static).update(self.blurb())
            self.show_error("")
            await self.build_game_form()
        elif event.select.id == "mode":
            self.update_mode()

    def update_mode(self) -> None:
        """In hot-seat the AI level and the seat are idle: not focusable, and the field says
        so in words in place of its value (`-off` on the row; readable without colour)."""
        ai = bool(self.query("#mode")) and self.query_one("#mode", Select).value == "ai"
        for wid in ("#level", "#seat"):
            for w in self.query(wid):
                w.disabled = not ai
                if w.parent is not None:
                    w.parent.set_class(not ai, "-off")

    def show_error(self, text: str) -> None:
        self.query_one("#menu-error", Static).update(text)
        self.end_told = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "continue":
            self.action_continue()
        elif event.button.id == "quit":
            self.app.exit()
        elif event.button.id == "scenarios":
            self.action_scenarios()

    # -- starting ------------------------------------------------------------------------
    def selection(self) -> dict[str, Any]:
        """What the form says, as LaunchSpec fields."""
        assert self.game_id is not None
        cls = self.engines[self.game_id]
        assert cls is not None
        out: dict[str, Any] = {"game_id": self.game_id}
        out["vs"] = self.query_one("#mode", Select).value
        out["ai_level"] = self.query_one("#level", Select).value
        out["human_seat"] = self.query_one("#seat", Select).value
        presets = cls.preset_decks()
        decks: list[Any] = [None, None]
        for p in (0, 1):
            for w in self.query(f"#deck{p}"):
                assert isinstance(w, Select)
                decks[p] = presets.get(str(w.value))
        out["decks"] = decks
        seed_text = self.query_one("#seed", Input).value.strip()
        out["seed"] = whole_number(seed_text, "seed") if seed_text else None
        options: dict[str, Any] = {}
        for opt in cls.game_options():
            w = self.query_one(f"#opt-{opt['key']}")
            if isinstance(w, (Select, Switch)):
                options[opt["key"]] = w.value
            elif isinstance(w, Input):
                text = w.value.strip()
                if isinstance(opt.get("default"), int) and text:
                    options[opt["key"]] = whole_number(text, str(opt.get("label") or opt["key"]))
                elif text:
                    options[opt["key"]] = text
        out["options"] = options
        return out

    def action_start(self) -> None:
        if self.game_id is None:
            self.show_error("No game engine is installed yet.")
            return
        from tui.launch import LaunchSpec

        try:
            spec = LaunchSpec(**self.selection())
        except FormTrouble as exc:  # (the menu's own words)
            self.show_error(f"Cannot start: {exc}.")
            return
        except (DataError, ValueError):
            self.show_error(f"Cannot start: {SETUP_REFUSED}.")
            return
        self.start_asking(spec)

    def start_asking(self, spec: LaunchSpec) -> None:
        """Start `spec` — after asking, when a game is in progress (it is kept)."""
        app: Any = self.app
        busy = app.autosave_busy()
        if busy:  # another window plays the autosaved game: never write over it
            self.show_error(f"Cannot start: {busy}")
            return
        if not app.autosave or not autosave_path().exists() or ended_game(autosave_path()) is not None:
            self.start(spec)  # (nothing in progress: no autosave, or the start of a finished game)
            return
        from tui.screens.confirm import ConfirmScreen

        saved = self.saved_game() or "its save cannot be read"
        question = (
            f"A game is in progress ({saved}). Start a new game?\n\n"
            "Yes: the game in progress is kept as a file in the saves folder "
            "(triarch resume FILE). No: Continue resumes it."
        )
        if holds_ended(autosave_path()):  # (a finished game that finished/ could not take yet)
            question = (
                f"The autosaved game has ended ({saved.removesuffix(', ended')}), but it could not "
                "be kept in finished/ yet. Start a new game?\n\nYes: the finished game is kept, in "
                "finished/ or else as a file in the saves folder (triarch replay FILE)."
            )
        end = end_not_saved(autosave_path())
        if end is not None:  # (not a game simply in progress: `tell_end`)
            question = (
                f"{end.words()}\n\nStart a new game? Yes: the game is kept as it was before its end, "
                "as a file in the saves folder (triarch resume FILE)."
            )

        def answered(yes: bool | None) -> None:
            if yes:
                self.start(spec)

        self.app.push_screen(ConfirmScreen(question), answered)

    def action_help(self) -> None:
        """`F1` (or `?` outside the seed's field): the help of the game chosen, before it starts —
        the menu's keys and that game's table keys, its rules reference and its keywords, as `?`
        shows them at its table."""
        from tui.screens import screen_class
        from tui.screens.game import glossary_for
        from tui.screens.help import HelpScreen

        cls = self.engines.get(self.game_id) if self.game_id is not None else None
        if cls is None or self.game_id is None:
            self.app.bell()
            return
        keys = f"{MENU_KEYS}\n{table_keys(screen_class(self.game_id).help_keys())}"
        self.app.push_screen(HelpScreen(cls.title, keys, cls.rules_text(), glossary_for(cls)))

    def action_scenarios(self) -> None:
        """The shipped scenarios (`ScenarioScreen`); the one chosen starts as Start does, played
        as the form says for its game (mode, AI level), else against the game's default AI."""
        from tui.scenarios import shipped_scenarios
        from tui.screens.scenarios import ScenarioScreen

        ready = [gid for gid, cls in self.engines.items() if cls is not None]
        modes: dict[str, tuple[str, str]] = {}
        for gid in ready:
            cls = self.engines[gid]
            assert cls is not None
            modes[gid] = ("ai", cls.default_agent_level())
        if self.game_id is not None:
            with contextlib.suppress(DataError, ValueError, NoMatches):
                form = self.selection()
                modes[self.game_id] = (str(form["vs"]), str(form["ai_level"]))

        def chosen(spec: LaunchSpec | None) -> None:
            if spec is not None:
                self.start_asking(spec)

        self.app.push_screen(ScenarioScreen(shipped_scenarios(ready), modes, self.game_id), chosen)

    def start(self, spec: LaunchSpec) -> None:
        app: Any = self.app
        try:
            app.start_from_spec(spec)
        except SaveBusy as exc:  # (its message is written for the player: another window, the lock)
            self.show_error(f"Cannot start: {exc}")
        except (DataError, ValueError) as exc:  # the engine refused the setup: never its own text
            title = GAMES[spec.game_id].title if spec.game_id in GAMES else "the game"
            self.show_error(f"Cannot start {title}: {SETUP_REFUSED}{refused_where(exc)}.")

    def action_continue(self) -> None:
        self.action_continue_from(autosave_path())

    def action_continue_from(self, path: Path) -> None:
        """Resume the save at `path`; a missing or broken save is explained here, never a crash;
        an autosave whose game has ended (`drop_ended`) is removed, not continued."""
        if path == autosave_path() and self.drop_ended():
            self.show_error(self.ended_note)
            self.on_screen_resume()
            return
        if not path.exists():
            self.show_error(self.nothing_to_continue())
            return
        app: Any = self.app
        try:
            app.resume(path)
        except SaveBusy as exc:  # another window plays it: not the save's fault
            self.show_error(f"Cannot continue: {exc}")
        except (OSError, ValueError, KeyError, DataError, EngineNotAvailable, IllegalAction) as exc:
            self.refuse_save(path, exc)

    def refuse_save(self, path: Path, reason: Exception) -> None:
        """Say why a save cannot be continued, in the player's words (`save_trouble`), and what
        the menu offers; for the autosave, offer to move it aside (to autosave.json.bad: nothing
        is deleted) so Continue is free."""
        trouble = save_trouble(path, reason)
        if path != autosave_path() or not path.exists():
            self.show_error(
                f"Cannot continue the saved game: {trouble}. The file is left as it is; Start plays a new game."
            )
            return
        from tui.screens.confirm import ConfirmScreen

        aside = unused_path(path.with_name(path.name + ".bad"))
        self.show_error(
            f"Cannot continue the saved game: {trouble}. Continue offers again to set it aside"
            f" (kept as {aside.name}); Start plays a new game."
        )
        asked = self.autosave_stamp()[0]  # (the unreadable file the question is about)

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            app: Any = self.app
            if app.autosave_busy() or self.autosave_stamp()[0] != asked:
                # another window started or continued a game there while the question was open:
                # its autosave, readable, is not the save the player agreed to move aside
                self.show_error("The autosave changed meanwhile (another window?): nothing was moved.")
                self.on_screen_resume()
                return
            try:  # (the name claimed as it is moved: `-2`… if another window took it since)
                moved = move_to_new(path, path.with_name(path.name + ".bad"))
            except OSError as exc:  # what failed, and what to do (`save_advice`): not the OS's text
                self.show_error(
                    f"The unreadable save could not be moved aside (to {aside.name}): it is left as "
                    f"{path.name}. {save_advice(exc.errno, path.parent)}"
                )
                return
            self.show_error(f"The save that could not be continued was moved to {moved}.")
            self.on_screen_resume()

        self.app.push_screen(
            ConfirmScreen(
                f"The saved game cannot be continued:\n{trouble}.\n\nDiscard it? (it is kept as {aside.name})"
            ),
            answered,
        )
