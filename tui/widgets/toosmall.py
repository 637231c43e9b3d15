"""The message shown instead of a screen when the terminal is below 80 × 24."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    def __init__(self) -> None:
        super().__init__(
            f"The terminal is too small.\n\nTriarch needs at least {MIN_WIDTH} × {MIN_HEIGHT} "
            "characters.\nPlease enlarge the window (or reduce the font size).\n\nCtrl+Q quits.",
            classes="too-small",
        )
