"""The shared zone/card kernel and the one game interface of Triarch.

Engines (`hotg`, `bhm`, `scars`) build on this package; the UI (`tui`), the
agents, the CLI and the tests talk to every engine through `common.game.Game`.
"""

__version__ = "0.1.0"
