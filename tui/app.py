"""The Triarch table: a Textual app with the menu and a screen per game."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from common.errors import DataError, EngineNotAvailable, IllegalAction
from common.saves import autosave_path
from tui.commands import TriarchCommands
from tui.launch import LaunchSpec
from tui.screens import screen_class
from tui.screens.game import GameScreen
from tui.screens.menu import MenuScreen
from tui.session import Seats, Session

DEFAULT_PACE = 0.6  # seconds between the AI's actions, so a player can follow them


def _pace_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("TRIARCH_AI_PACE", DEFAULT_PACE)))
    except ValueError:
        return DEFAULT_PACE


class TriarchApp(App[None]):
    """`launch` None opens the menu; a LaunchSpec starts or resumes a game."""

    TITLE = "Triarch"
    CSS_PATH = ["styles/app.tcss"]
    COMMANDS = {TriarchCommands}  # the game's own entries first and only (quit and theme included)
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (80, "-normal"),
        (120, "-wide"),
    ]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
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
    ) -> None:
        super().__init__()
        self.launch = launch
        self.ai_pace = _pace_from_env() if ai_pace is None else ai_pace
        self.autosave = autosave
        self.session: Session | None = None

    def on_mount(self) -> None:
        spec = self.launch
        menu = MenuScreen(default_game=spec.game_id if spec else None)
        self.push_screen(menu)
        if spec is None:
            return
        if spec.resume is not None:
            try:
                self.resume(spec.resume)
            except (OSError, ValueError, KeyError, DataError, EngineNotAvailable, IllegalAction) as exc:
                # a broken save is explained on the menu (once it is laid out), never a crash
                self.call_after_refresh(menu.show_error, f"Cannot continue the saved game: {exc}")
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

    def back_to_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def get_session(self) -> Any:
        return self.session
