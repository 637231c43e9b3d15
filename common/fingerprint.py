"""Behaviour fingerprints: check that a refactoring or a speed-up changed nothing.

    python -m common.fingerprint GAME [--random N] [--ai N] [--pairings N] > before.json
    ... change the engine ...
    python -m common.fingerprint GAME [--random N] [--ai N] [--pairings N] > after.json
    diff before.json after.json          # no output: the same games, step by step

(Or run the first command on a `git archive` copy of the old code, with that copy first
on `PYTHONPATH`.) One digest per game. Every step of every game hashes: the state hash,
the decision (player, kind, prompt, context), the legal actions *in order*, each new log
event (kind, text, data), and now and then both players' views; a clone is compared
with the game every 11 steps. The games are seeded random games (a third of the actions
through `apply`, the rest through `apply_legal`) with the default decks, then seeded random games with every other
ordered pairing of the engine's preset decks (`--pairings N`: N seeds of each, so that the
cards only those decks hold are played too), and games between the engine's scripted and
greedy levels and the random agent, then the clock-free lookahead and search (`--ai N`: N
seeds of each pairing). A digest that differs names the game to replay.

A rules change on purpose changes digests too; when it makes an old game replay differently
(a seeded random game changes), raise the engine's `RULES_VERSION` (`common.game.Game`), so
that a save played under the old rules that no longer replays says why.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from .agents import Agent, make_agent
from .game import Game
from .registry import GAMES, game_class

MAX_STEPS = 20_000
PAIRS = (("scripted", "greedy"), ("greedy", "scripted"), ("random", "scripted"), ("lookahead", "scripted"))


def _step(game: Game, mark: int, views: bool) -> bytes:
    d = game.decision()
    parts = [
        game.state_hash(),
        repr((d.player, d.kind, d.prompt, sorted(d.context.items())) if d else None),
        "|".join(a.notation() for a in game.legal_actions()),
        repr([(e.kind, e.text, sorted(e.data.items())) for e in game.log.since(mark)]),
    ]
    if views:
        parts.append(json.dumps([game.view(0), game.view(1)], sort_keys=True, default=str))
    return "\n".join(parts).encode()


def random_game(game_cls: type[Game], seed: int, decks: list[Any] | None = None) -> tuple[str, int]:
    """The digest and length of one seeded random game (`decks`: the seats' deck contents;
    None: the default decks)."""
    game = game_cls.new_game(seed=seed, decks=decks)
    rng = random.Random(seed)
    h = hashlib.sha256()
    mark = n = 0
    while not game.is_over() and n < MAX_STEPS:
        h.update(_step(game, mark, n % 7 == 0))
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        mark = len(game.log)
        if n % 3 == 0:
            game.apply(action)
        else:
            game.apply_legal(action)
        if n % 11 == 0 and game.clone().state_hash() != game.state_hash():
            raise AssertionError(f"seed {seed}, step {n}: a clone differs from its game")
        n += 1
    h.update(_step(game, mark, True))
    h.update(repr((game.is_over(), game.winner(), n)).encode())
    return h.hexdigest()[:16], n


def _clock_free(agent: Agent) -> Agent:
    """The searching levels stop on a clock; here on their node budgets and 3 rounds."""
    if hasattr(agent, "cap"):
        agent.cap = None
    if hasattr(agent, "iterations"):
        agent.iterations = 3
    return agent


def ai_game(game_cls: type[Game], seed: int, levels: tuple[str, str]) -> tuple[str, int]:
    """The digest and length of one seeded game between two AI levels."""
    game = game_cls.new_game(seed=seed)
    agents = [_clock_free(make_agent(game_cls, lv, seed + i)) for i, lv in enumerate(levels)]
    h = hashlib.sha256()
    mark = n = 0
    while not game.is_over() and n < MAX_STEPS:
        h.update(_step(game, mark, n % 5 == 0))
        d = game.decision()
        assert d is not None
        action = agents[d.player].choose(game)
        mark = len(game.log)
        game.apply(action)
        n += 1
    h.update(_step(game, mark, True))
    h.update(repr((game.is_over(), game.winner(), n)).encode())
    return h.hexdigest()[:16], n


def deck_pairings(game_cls: type[Game]) -> list[tuple[str, str]]:
    """Every ordered pairing of the engine's preset decks but the default one (the first two,
    seats 1 and 2), mirror matches included."""
    names = list(game_cls.preset_decks())
    default = tuple(names[:2])
    return [(a, b) for a in names for b in names if (a, b) != default]


def fingerprint(
    game_cls: type[Game], random_games: int = 60, ai_seeds: int = 2, pairing_seeds: int = 2
) -> dict[str, Any]:
    """Digest and length of every game: `random_games` random ones, `pairing_seeds` random
    ones of each other pairing of preset decks, then `ai_seeds` of each AI pairing and of
    search against greedy."""
    out: dict[str, Any] = {}
    for seed in range(1, random_games + 1):
        out[f"random {seed}"] = random_game(game_cls, seed)
    presets = game_cls.preset_decks() if pairing_seeds else {}
    for a, b in deck_pairings(game_cls) if pairing_seeds else []:
        for seed in range(1, pairing_seeds + 1):
            out[f"random {seed} {a} / {b}"] = random_game(game_cls, seed, [presets[a], presets[b]])
    for seed in range(1, ai_seeds + 1):
        for levels in (*PAIRS, ("search", "greedy")):
            out[f"{levels[0]}-{levels[1]} {seed}"] = ai_game(game_cls, seed, levels)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m common.fingerprint", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--random", type=int, default=60, help="seeded random games (default 60)")
    parser.add_argument("--ai", type=int, default=2, help="seeds of each AI pairing (default 2)")
    parser.add_argument(
        "--pairings",
        type=int,
        default=2,
        help="random games of each other pairing of preset decks (default 2)",
    )
    args = parser.parse_args(argv)
    out = fingerprint(game_class(args.game), args.random, args.ai, args.pairings)
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
