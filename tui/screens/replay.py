"""Step through a saved or finished game, forward and back (read-only).

The state after each action is drawn as the generic table draws any engine's
view (`StateView`), from the eyes of the spectator, player 1 or player 2
(`v` switches), with the log of what happened so far.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from common.saves import Replay
from tui.screens.base import BaseScreen
from tui.widgets.footer import Footer
from tui.widgets.log import GameLog
from tui.widgets.stateview import StateView

LOG_STEPS = 80  # how many of the latest actions the log shows


class ReplayScreen(BaseScreen):
    """Dismisses (with None) on `q`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l,n,space", "step(1)", "Next", priority=True),
        Binding("left,h,p", "step(-1)", "Back", priority=True),
        Binding("pageup", "step(-10)", "−10", show=False, priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("v", "viewer", "Whose eyes"),
        Binding("q,escape", "close", "Quit"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-status { height: 2; background: $primary 30%; padding: 0 1; }
    ReplayScreen #replay-main { height: 1fr; }
    ReplayScreen #replay-state { width: 3fr; }
    ReplayScreen #replay-log { width: 2fr; height: 100%; border-top: none; border-left: solid $primary 50%; }
    """
    VIEWERS: ClassVar[list[int | None]] = [None, 0, 1]

    def __init__(self, replay: Replay, title: str = "") -> None:
        super().__init__(classes="replay")
        self.replay = replay
        self.title_text = title or replay.game_id
        self.step = 0
        self.viewer: int | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status")
        with Horizontal(id="replay-main"):
            with VerticalScroll(id="replay-state"):
                yield StateView(id="state")
            yield GameLog(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_step()

    # -- drawing -------------------------------------------------------------------------
    def status_text(self) -> str:
        r = self.replay
        game = r.state(self.step)
        eyes = "everybody (public)" if self.viewer is None else f"player {self.viewer + 1}"
        head = f"Replay · {self.title_text} · seed {r.setup.seed} · step {self.step}/{len(r)} · eyes: {eyes}"
        if self.step == 0:
            what = "the start of the game"
        else:
            before = r.state(self.step - 1)
            player = r.players[self.step - 1]
            who = f"P{player + 1}" if player is not None else "—"
            what = f"{who}: {before.describe_action(r.actions[self.step - 1])}"
        if game.is_over():
            w = game.winner()
            what += " · game over: " + (f"player {w + 1} wins" if w is not None else "draw")
        return f"{head}\n{what}"

    def show_step(self) -> None:
        r = self.replay
        game = r.state(self.step)
        self.query_one("#replay-status", Static).update(self.status_text())
        self.query_one(StateView).show(game.view(self.viewer))
        log = self.query_one(GameLog)
        log.clear()
        first = max(0, self.step - LOG_STEPS)
        if first == 0:
            log.add_events(r.opening, viewer=self.viewer)
        for i in range(first, self.step):
            player = r.players[i]
            who = f"P{player + 1}" if player is not None else "—"
            words = r.state(i).describe_action_for(r.actions[i], self.viewer)
            log.add_line(f"{i + 1}. {who}: {words}", "bold")
            log.add_events(r.events[i], viewer=self.viewer)

    # -- keys ------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        target = max(0, min(len(self.replay), self.step + delta))
        if target == self.step:
            self.app.bell()
            return
        self.step = target
        self.show_step()

    def action_goto(self, step: int) -> None:
        self.step = len(self.replay) if step < 0 else min(step, len(self.replay))
        self.show_step()

    def action_viewer(self) -> None:
        i = self.VIEWERS.index(self.viewer)
        self.viewer = self.VIEWERS[(i + 1) % len(self.VIEWERS)]
        self.show_step()

    def action_close(self) -> None:
        self.dismiss(None)
