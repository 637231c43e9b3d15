"""The scripted AI of The Scars decides only from what its seat may see (SC-30:
the opponent's hand and face-down supports, and every deck's order, are hidden)."""

from __future__ import annotations

import random

from common.agents import RandomAgent
from scars.ai import ScriptedAgent
from scars.game import ScarsGame


def rearranged(g: ScarsGame, seat: int, seed: int) -> ScarsGame:
    """A twin in which everything `seat` cannot see is dealt out again."""
    twin = g.clone()
    r = random.Random(seed)
    opp = 1 - seat
    hidden = [f"hand:{opp}", f"supports:{opp}", f"deck:{opp}"]
    sizes = [len(twin.zones[z].cards) for z in hidden]
    pool = [u for z in hidden for u in twin.zones[z].cards]
    r.shuffle(pool)
    for z, n in zip(hidden, sizes, strict=True):
        twin.zones[z].cards = pool[:n]
        pool = pool[n:]
        for u in twin.zones[z].cards:
            twin.zones.card(u).zone = z
    r.shuffle(twin.zones[f"deck:{seat}"].cards)
    twin.zones.check_conservation()
    return twin


def test_sc30_scripted_ai_choice_does_not_depend_on_hidden_cards() -> None:
    checked = 0
    for game_seed in range(6):
        g = ScarsGame.new_game(seed=game_seed)
        rnd = RandomAgent(game_seed)
        steps = 0
        while not g.is_over() and steps < 400:
            d = g.decision()
            assert d is not None
            if d.player == 0 and len(g.legal_actions()) > 1:
                mine = ScriptedAgent(7).choose(g)
                twin = rearranged(g, 0, steps)
                assert ScriptedAgent(7).choose(twin) == mine, f"seed {game_seed} step {steps}: {d.prompt}"
                checked += 1
                g.apply(mine)
            else:
                g.apply(rnd.choose(g))
            steps += 1
    assert checked > 100
