"""The menu's Scenarios: the puzzles and positions shipped with the games, each with its title and
description; `Enter` or a click plays one. One that does not load says the loader's error (file,
card, field) in its place and cannot be started."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.launch import LaunchSpec
from tui.scenarios import Shipped
from tui.screens.base import BaseScreen
from tui.widgets.footer import Footer


def how_played(vs: str, level: str, seat: int) -> str:
    """Who plays what: `You play P1, against the AI (search)`, `Hot-seat …`."""
    return (
        "Hot-seat (both seats here)" if vs == "human" else f"You play P{seat + 1}, against the AI ({level})"
    )


class ScenarioScreen(BaseScreen):
    """Dismisses with the `LaunchSpec` of the scenario chosen, or None (`Esc`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
    ]
    AUTO_FOCUS = "#scenario-list"

    def __init__(
        self,
        scenarios: Sequence[Shipped],
        modes: Mapping[str, tuple[str, str]],
        first_game: str | None = None,
    ) -> None:
        """`modes`: how each game is played (`"ai"`/`"human"`, the AI level), as the menu's form
        says for its game; `first_game`: the game whose first scenario is highlighted."""
        super().__init__(classes="scenarios")
        self.scenarios = list(scenarios)
        self.modes = modes
        self.first_game = first_game

    def mode(self, s: Shipped) -> tuple[str, str]:
        return self.modes.get(s.game_id, ("ai", "scripted"))

    def option(self, s: Shipped) -> Group:
        """A scenario's lines: its game and title, its description, then how it is played, or the
        loader's error in their place."""
        head = Text(f"{s.game_title} · ", style="bold")
        head.append(s.title, style="bold")
        lines = [head]
        if s.error:
            lines.append(Text(f"✗ Cannot be loaded: {s.error}", style="italic"))
        else:
            if s.description:
                lines.append(Text(s.description))
            lines.append(Text(how_played(*self.mode(s), s.seat), style="dim italic"))
        return Group(*lines)

    def compose(self) -> ComposeResult:
        with Vertical(id="scenario-box"):
            yield Static("Scenarios: puzzles and positions to play from", id="scenario-head")
            options: list[Option | None] = []
            for i, s in enumerate(self.scenarios):
                if i:
                    options.append(None)  # a rule between two scenarios
                options.append(Option(self.option(s), id=str(i)))
            if not options:
                options.append(Option(Text("No scenario is installed.", style="italic"), disabled=True))
            yield OptionList(*options, id="scenario-list")
            yield Static("", id="scenario-error")
            yield Static(
                "↑↓: choose · Enter or a click: play it · Esc: back to the menu\n"
                "(the mode and AI level of the menu's form, for its game)",
                id="scenario-keys",
            )
        yield Footer()

    def on_mount(self) -> None:
        first = next((i for i, s in enumerate(self.scenarios) if s.game_id == self.first_game), 0)
        if self.scenarios:
            listing = self.query_one(OptionList)
            listing.highlighted = listing.get_option_index(str(first))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        s = self.scenarios[int(event.option.id)]
        if s.error:
            self.app.bell()
            self.query_one("#scenario-error", Static).update(f"Cannot start: {s.error}")
            return
        vs, level = self.mode(s)
        self.dismiss(LaunchSpec(game_id=s.game_id, vs=vs, ai_level=level, human_seat=s.seat, scenario=s.text))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#scenario-error", Static).update("")

    def action_back(self) -> None:
        self.dismiss(None)
