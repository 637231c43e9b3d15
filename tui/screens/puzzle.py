"""A puzzle's verdict: `✓ Puzzle solved …` or `✗ Puzzle failed: …why…`, with Retry (the scenario
from its start), the menu, and the table (to look at it, or play on while the game goes on); and
the goal's line under the status bar while the puzzle is played. Words in text, never by colour
alone."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from common.goals import Verdict
from tui.screens.gameover import GameOverScreen
from tui.widgets.footer import Footer
from tui.wording import verdict_words


class PuzzleScreen(GameOverScreen):
    """The verdict of a puzzle. Dismisses as `GameOverScreen` does ("rematch" is Retry: the
    scenario again from its start), "board" being "look at the table" once the game is over and
    "play on" while it goes on."""

    BINDINGS = [  # (over `GameOverScreen`'s: its others stay)
        Binding("r", "pick('rematch')", "Retry"),
        Binding("b,escape", "pick('board')", "Back to the table", key_display="b/esc"),
    ]

    def __init__(
        self,
        verdict: Verdict,
        title: str,
        goal: str,
        stats: list[str],
        *,
        over: bool,
        kept: bool = False,
        label: str = "Goal",
    ) -> None:
        """`title`: the puzzle's; `goal`: in words (`label`: whose, `Player 1's goal` in
        hot-seat); `stats`: the game's end (`over`), if it ended."""
        super().__init__(verdict_words(verdict), stats, kept=kept)
        self.verdict = verdict
        self.puzzle_title = title
        self.goal = goal
        self.label = label
        self.over = over  # the game ended; else it goes on under the dialog (b/esc: play on)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="puzzle"):
            yield Static(self.headline, classes="dialog-title", id="headline")
            lines = [self.puzzle_title, f"{self.label}: {self.goal}"]
            yield Static("\n".join(line for line in [*lines, *self.stats] if line), id="stats")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Retry (r)", id="rematch", variant="primary", compact=True)
                yield Button("Menu (m)", id="menu", compact=True)
                yield Button("Table (b)" if self.over else "Play on (b)", id="board", compact=True)
                if self.kept:
                    yield Button("Watch again (w)", id="watch", compact=True)
                if self.over:
                    yield Button("Quit (q)", id="quit", variant="error", compact=True)
        yield Footer()

    def action_pick(self, what: str) -> None:
        if what == "quit" and not self.over:
            return
        super().action_pick(what)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`q` once the game is over only (while it goes on, the table's `Ctrl+Q` quits)."""
        if action == "pick" and parameters == ("quit",):
            return self.over
        return super().check_action(action, parameters)
