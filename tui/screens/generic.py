"""The fallback screen for an engine without a dedicated one."""

from __future__ import annotations

from tui.screens.game import GameScreen


class GenericGameScreen(GameScreen):
    """The view in words, the choices as a list: every engine is playable here."""
