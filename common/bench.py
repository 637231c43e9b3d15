"""`triarch bench`: figures, not pass/fail. Measures an engine's hot paths on
seeded random games and each AI level's decision time."""

from __future__ import annotations

import statistics
import time
from typing import Any

from .agents import RandomAgent, make_agent
from .game import Game


def _us(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"mean_us": 0.0, "p95_us": 0.0, "max_us": 0.0}
    s = sorted(samples)
    return {
        "mean_us": round(statistics.fmean(s) * 1e6, 1),
        "p95_us": round(s[int(len(s) * 0.95) - 1 if len(s) > 1 else 0] * 1e6, 1),
        "max_us": round(s[-1] * 1e6, 1),
    }


def bench_game(game_cls: type[Game], games: int = 20, seed: int = 1) -> dict[str, Any]:
    apply_t: list[float] = []
    legal_t: list[float] = []
    clone_t: list[float] = []
    hash_t: list[float] = []
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        game = game_cls.new_game(seed=seed + i)
        agents = [RandomAgent(seed + i * 2), RandomAgent(seed + i * 2 + 1)]
        n = 0
        while not game.is_over() and n < 5000:
            t0 = time.perf_counter()
            legal = game.legal_actions()
            legal_t.append(time.perf_counter() - t0)
            d = game.decision()
            assert d is not None and legal
            a = agents[d.player].choose(game)
            t0 = time.perf_counter()
            game.apply(a)
            apply_t.append(time.perf_counter() - t0)
            if n % 5 == 0:
                t0 = time.perf_counter()
                game.clone()
                clone_t.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                game.state_hash()
                hash_t.append(time.perf_counter() - t0)
            n += 1
        actions += n
    wall = time.perf_counter() - start
    out: dict[str, Any] = {
        "game": game_cls.game_id,
        "random_games": games,
        "actions": actions,
        "games_per_s": round(games / wall, 2) if wall else 0.0,
        "actions_per_s": round(actions / wall, 1) if wall else 0.0,
        "apply": _us(apply_t),
        "legal_actions": _us(legal_t),
        "clone": _us(clone_t),
        "state_hash": _us(hash_t),
        "ai": {},
    }
    for level in game_cls.agent_levels():
        dec_t: list[float] = []
        for i in range(max(2, games // 5)):
            game = game_cls.new_game(seed=seed + 1000 + i)
            ai = make_agent(game_cls, level, seed=i)
            rnd = RandomAgent(i)
            n = 0
            while not game.is_over() and n < 3000:
                d = game.decision()
                assert d is not None
                seat_ai = d.player == i % 2
                t0 = time.perf_counter()
                a = (ai if seat_ai else rnd).choose(game)
                if seat_ai:
                    dec_t.append(time.perf_counter() - t0)
                game.apply(a)
                n += 1
        out["ai"][level] = {
            "decisions": len(dec_t),
            **{k.replace("_us", "_ms"): round(v / 1000, 3) for k, v in _us(dec_t).items()},
        }
    return out
