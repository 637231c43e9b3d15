"""The Triarch table: a Textual app with the menu and a screen per game."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, CSSPathType
from textual.binding import Binding, BindingType
from textual.command import Provider

from common.errors import DataError, EngineNotAvailable, IllegalAction
from common.saves import Replay, autosave_path
from tui.commands import TriarchCommands
from tui.launch import LaunchSpec
from tui.screens import screen_class
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.session import EngineFailure, Seats, Session

DEFAULT_PACE = 0.6  # seconds between the AI's actions, so a player can follow them


def _pace_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("TRIARCH_AI_PACE", DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


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
        self.launch = launch
        self.replay = replay
        self.ai_pace = _pace_from_env() if ai_pace is None else ai_pace
        self.autosave = autosave
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
            except (OSError, ValueError, KeyError, DataError, EngineNotAvailable, IllegalAction) as exc:
                # a broken save is explained on the menu (once it is laid out), never a crash
                self.call_after_refresh(menu.refuse_save, spec.resume, exc)
        else:
            self.start_from_spec(spec)

    # -- games ---------------------------------------------------------------------------
    def start_from_spec(self, spec: LaunchSpec) -> None:
        assert spec.game_id is not None
        session = Session.new(
            spec.game_id,
            Seats.make(spec.vs, spec.ai_level, spec.human_seat),
            seed=spec.seed,
            options=spec.options,
            decks=list(spec.decks),
            scenario=spec.scenario,
            autosave=self.autosave,
        )
        self.open_session(session)

    def resume(self, path: Path) -> None:
        self.open_session(Session.load(path, save_path=autosave_path(), autosave=self.autosave))

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
        setup = old.game.setup
        session = Session.new(
            setup.game,
            Seats(list(old.seats.kinds), old.seats.ai_level),
            seed=setup.seed + 1,
            options=dict(setup.options),
            decks=list(setup.decks),
            scenario=setup.scenario,
            autosave=self.autosave,
        )
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
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

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
        except (SaveError, OSError) as exc:
            self.notify(f"{path}: {exc}", title="Cannot watch this game again", severity="error")
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
