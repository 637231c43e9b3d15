"""What the command line asks the app to open (kept free of Textual imports)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(slots=True)
class LaunchSpec:
    """Start straight into a game (`triarch play`) or resume a save (`triarch resume`).

    `decks` are deck contents (as a `Setup` holds them), not paths.
    """

    game_id: str | None = None
    vs: str = "ai"  # "ai" or "human"
    ai_level: str = "scripted"
    human_seat: int = 0
    seed: int | None = None
    decks: list[Any] = field(default_factory=lambda: [None, None])
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    resume: Path | None = None
