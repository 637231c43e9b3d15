"""Scripted AI for The Scars (placeholder: random)."""

from __future__ import annotations

import random

from common.agents import Agent
from common.game import Action, Game


class ScriptedAgent(Agent):
    name = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        return acts[self._rng.randrange(len(acts))]
