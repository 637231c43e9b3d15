"""The Triarch table: a Textual app with the menu and a screen per game."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App, CSSPathType, ScreenStackError
from textual.binding import Binding, BindingType
from textual.command import Provider

from common.errors import DataError, EngineNotAvailable, IllegalAction
from common.saves import (
    AutosaveLock,
    Replay,
    SaveBusy,
    autosave_path,
    data_dir,
    drop_ended_autosave,
    ended_game,
    holds_ended,
    is_set_aside,
    keep_aside,
    save_advice,
    sync_dir,
    take_back,
    told_set_aside,
)
from tui.commands import TriarchCommands
from tui.launch import LaunchSpec
from tui.parsed_css import SharedStylesheet
from tui.screens import screen_class
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen, save_trouble
from tui.session import EngineFailure, Seats, Session

# The keys that still work while the terminal is too small (nothing of the screen is in sight).
KEYS_WHEN_TOO_SMALL = frozenset({"ctrl+q", "ctrl+c"})

DEFAULT_PACE = 0.6  # seconds between the AI's actions, so a player can follow them


def _pace_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("TRIARCH_AI_PACE", DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


class TriarchApp(App[None]):
    """`launch` None opens the menu; a LaunchSpec starts or resumes a game;
    `replay` opens a replay (the app quits when it is closed)."""

    # (annotated as `App` declares them: TITLE is an instance variable there, set per app)
    TITLE: str | None = "Triarch"
    CSS_PATH: ClassVar[CSSPathType | None] = ["styles/app.tcss"]
    # the game's own entries first and only (quit and theme included)
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {TriarchCommands}
    # Textual 8 declares the breakpoints `ClassVar[list[tuple[int, str]]] | None`: a ClassVar inside
    # a union, which a type checker reads as an instance variable; declared here the same way
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [
        (0, "-narrow"),
        (80, "-normal"),
        (120, "-wide"),
    ]
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [
        (0, "-short"),
        (24, "-normal-height"),
        (40, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        launch: LaunchSpec | None = None,
        *,
        ai_pace: float | None = None,
        autosave: bool = True,
        replay: Replay | None = None,
    ) -> None:
        super().__init__()
        # the CSS parsed once for every app of the process (tui/parsed_css.py)
        self.stylesheet = SharedStylesheet.of(self.stylesheet)
        self.launch = launch
        self.replay = replay
        self.ai_pace = _pace_from_env() if ai_pace is None else ai_pace
        self.autosave = autosave
        # while a game is open on this table, no other `triarch` writes its autosave
        self.lock = AutosaveLock()
        self.session: Session | None = None

    def on_mount(self) -> None:
        if self.replay is not None:
            self.open_replay(self.replay, quit_after=True)
            return
        spec = self.launch
        menu = MenuScreen(
            default_game=spec.game_id if spec else None,
            preset=spec if spec is not None and spec.resume is None else None,
        )
        self.push_screen(menu)
        if spec is None:
            return
        if spec.resume is not None:
            try:
                self.resume(spec.resume)
            except SaveBusy as exc:  # another window plays the autosave: said on the menu
                self.call_after_refresh(menu.show_error, f"Cannot continue: {exc}")
            except (OSError, ValueError, KeyError, DataError, EngineNotAvailable, IllegalAction) as exc:
                # a broken save is explained on the menu (once it is laid out), never a crash
                self.call_after_refresh(menu.refuse_save, spec.resume, exc)
        else:
            try:
                self.start_from_spec(spec)
            except SaveBusy as exc:
                self.call_after_refresh(menu.show_error, f"Cannot start: {exc}")

    def on_unmount(self) -> None:
        self.lock.release()

    def on_app_focus(self, event: events.AppFocus) -> None:
        """Back in this window (the terminal says so): the menu says again what the autosave
        holds, which another window may have changed."""
        if isinstance(self.screen, MenuScreen):
            self.screen.refresh_continue()

    def too_small(self) -> bool:
        """Below 80 × 24 the screen gives way to the 'too small' message (app.tcss)."""
        try:
            screen = self.screen
        except ScreenStackError:  # (no screen yet, or no more)
            return False
        return screen.has_class("-narrow") or screen.has_class("-short")

    async def on_event(self, event: events.Event) -> None:
        # While the 'too small' message hides the screen, a key does nothing there (it played an
        # action the player could not see: `e` ended a HotG turn, `1` took The Scars' first
        # choice), only Ctrl+Q quits, as the message says.
        if isinstance(event, events.Key) and event.key not in KEYS_WHEN_TOO_SMALL and self.too_small():
            event.stop()
            return
        await super().on_event(event)

    # -- the autosave ----------------------------------------------------------------------
    def autosave_busy(self) -> str | None:
        """Why this table cannot write the autosave now (another `triarch` is playing the game
        in it), or None: a look, the lock is not kept."""
        return self.lock.taken() if self.autosave else None

    def take_autosave(self, session: Session, resumed: Path | None = None) -> None:
        """Make `session` (made with `autosave=False`: nothing written yet) the autosaved game:
        this table holds the autosave's lock (SaveBusy if another `triarch` does), and a game in
        progress saved there by an earlier game is kept in the saves folder, not replaced
        (the player is told where), before the new game's first save (SaveBusy, nothing
        written, if it cannot be kept). `resumed`: the save `session` was loaded from; a game
        set aside there is moved back into place as the autosave (`take_back`), not left to be
        resumed a second time."""
        if not self.autosave:
            return
        self.lock.claim()
        drop_ended_autosave()  # (a game kept as finished is not kept aside as in progress too)
        finished = holds_ended(autosave_path())  # (a finished game finished/ could not take)
        try:  # (nor when that autosave could not be removed: the new game's save replaces it)
            kept = None if ended_game(autosave_path()) is not None else keep_aside(autosave_path())
        except OSError as exc:  # never write over a game that could not be kept
            if not any(isinstance(screen, GameScreen) for screen in self.screen_stack):
                self.lock.release()
            raise SaveBusy(
                f"the game in progress in {autosave_path()} could not be moved into the saves folder, "
                "and a new game would replace it, so none was started. "
                f"{save_advice(exc.errno, data_dir())}"
            ) from None
        session.autosave = True
        session.before_save = self.lock.keep
        if resumed is not None and take_back(resumed):
            session.saved_actions = len(session.game.history)  # (the autosave holds it already)
        session.save()
        if resumed is not None and is_set_aside(resumed) and resumed.exists():
            self.left_behind(resumed, session)
        if kept is not None and finished:
            self.notify(
                "The finished game before this one could not be kept in finished/, so it is kept "
                f"as a file. Watch it again with:\ntriarch replay {kept}",
                title="Finished game kept",
                timeout=15,
            )
        elif kept is not None:
            self.notify(
                f"The game in progress before this one is kept. Resume it with:\ntriarch resume {kept}",
                title="Saved game kept",
                timeout=15,
            )
        if kept is not None:
            self.call_after_refresh(told_set_aside, kept)  # (else the next start tells it)

    def left_behind(self, kept: Path, session: Session) -> None:
        """The game set aside as `kept`, resumed, could not be moved into place as the autosave
        (a saves folder that cannot be written): once the autosave holds it, the file goes; if
        it cannot, the player is told that resuming it again would go back in this game. (While
        the autosave holds none of it, the file is all there is of the game: it stays.)"""
        if session.saved_actions is None:
            return
        with contextlib.suppress(OSError):
            kept.unlink()
            sync_dir(kept.parent)
        if not kept.exists():
            return
        self.notify(
            f"{kept} could not be removed: it is this game as it was when resumed. The game goes on "
            "in the autosave (Continue); resuming that file again would go back to where it was.",
            title="Set-aside file left",
            severity="warning",
            timeout=15,
        )

    # -- games ---------------------------------------------------------------------------
    def start_from_spec(self, spec: LaunchSpec) -> None:
        """A new game (SaveBusy, nothing started, if another `triarch` plays the autosave)."""
        assert spec.game_id is not None
        session = Session.new(
            spec.game_id,
            Seats.make(spec.vs, spec.ai_level, spec.human_seat),
            seed=spec.seed,
            options=spec.options,
            decks=list(spec.decks),
            scenario=spec.scenario,
            autosave=False,
        )
        self.take_autosave(session)
        self.open_session(session)

    def resume(self, path: Path) -> None:
        """Continue the save at `path` into the autosave (SaveBusy if another `triarch` plays the
        autosave); a save other than the autosave keeps the autosave's game in progress aside.
        A finished game is only shown (its end, the table): it never writes the autosave, so it
        opens even while another `triarch` plays the game there (a rematch asks for it then)."""
        session = Session.load(path, save_path=autosave_path(), autosave=False)
        told_set_aside(path)  # (a game set aside, resumed: no need to say where it is)
        if self.autosave and not session.over:
            self.lock.claim()
            session.autosave = True
            session.before_save = self.lock.keep
            if not _same_file(path, autosave_path()):
                self.take_autosave(session, resumed=path)
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        self.session = session
        session.on_failure = self.session_failed
        # Only the menu stays below a game.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen, GameScreen):
            self.pop_screen()
        self.push_screen(screen_class(session.cls.game_id)(session, pace=self.ai_pace))

    def rematch(self, old: Session) -> None:
        """A new game of the same setup (a new seed); a puzzle's Retry: its scenario again from its
        start, the same seed (the AI answers as it did)."""
        setup = old.game.setup
        session = Session.new(
            setup.game,
            Seats(list(old.seats.kinds), old.seats.ai_level),
            seed=setup.seed if old.puzzle is not None else setup.seed + 1,  # a puzzle's Retry: the same
            options=dict(setup.options),
            decks=list(setup.decks),
            scenario=setup.scenario,
            autosave=False,
        )
        try:
            self.take_autosave(session)
        except SaveBusy as exc:  # the finished game stays on the table; the menu is a key away
            self.notify(f"No rematch: {exc}", title="Cannot start", severity="error", timeout=15)
            return
        self.open_session(session)

    async def action_quit(self) -> None:
        """Quit (Ctrl+Q) — after asking, if the game in progress has actions that the
        autosave could not keep (`GameScreen.leave`)."""
        game = next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)
        if game is None:
            self.exit()
        else:
            game.leave(self.exit)

    def back_to_menu(self) -> None:
        """Close the game (its autosave stays for Continue, free for another `triarch`)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()
        self.lock.release()

    def get_session(self) -> Any:
        return self.session

    # -- an engine error -------------------------------------------------------------------------
    def session_failed(self, failure: EngineFailure) -> None:
        """The session stopped on an unexpected error (told from the UI's thread
        or from the AI's): quiet the game screen, then show what happened."""
        if threading.get_ident() != self._thread_id:
            self.call_from_thread(self.session_failed, failure)
            return
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.finished_shown = True  # no "game over" for a game that stopped on an error
                screen.ai_token += 1  # and no AI answer still on its way
        self.call_later(self.show_failure, failure)

    def show_failure(self, failure: EngineFailure) -> None:
        from tui.screens.error import ErrorScreen

        self.back_to_menu()

        def picked(what: str | None) -> None:
            if what == "quit":
                self.exit()

        self.push_screen(ErrorScreen(failure), picked)

    # -- replays ---------------------------------------------------------------------------------
    def watch_again(self, path: Path, then: Callable[[], object] | None = None) -> None:
        """The replay of a kept game over the current screen (`then` when it closes)."""
        from common.saves import Replay, SaveError

        try:
            replay = Replay.load(path)
        except (SaveError, OSError) as exc:  # (in the player's words, by its kind: never its text)
            self.notify(
                f"{save_trouble(path, exc)} (in {path.parent}).",
                title="Cannot watch this game again",
                severity="error",
            )
            if then is not None:
                then()
            return
        self.open_replay(replay, then=then)

    def open_replay(
        self, replay: Replay, *, quit_after: bool = False, then: Callable[[], object] | None = None
    ) -> None:
        from common.registry import GAMES
        from tui.screens import replay_class

        info = GAMES.get(replay.game_id)

        def closed(_: Any) -> None:
            if quit_after:
                self.exit()
            elif then is not None:
                then()

        self.push_screen(replay_class(replay.game_id)(replay, info.title if info else replay.game_id), closed)
