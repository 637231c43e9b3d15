"""Property tests of the kernel (hypothesis) and a static check that no code
uses the module-level `random` generator."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from common.resolution import EffectQueue, Stack
from common.zones import Zone, Zones
from tests.toygame import POOL

ROOT = Path(__file__).resolve().parent.parent


@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 50)), max_size=40))
def test_effect_queue_pops_in_priority_then_time_order(entries: list[tuple[int, int]]) -> None:
    q: EffectQueue[int] = EffectQueue()
    for i, (level, time) in enumerate(entries):
        q.push(i, level=level, time=time)
    popped = [q.pop() for _ in range(len(q))]
    keys = [(entries[i][0], entries[i][1], i) for i in popped]
    assert keys == sorted(keys)


@given(st.lists(st.sampled_from(["push0", "push1", "pass"]), max_size=40))
def test_stack_resolves_last_in_first_out(ops: list[str]) -> None:
    s: Stack[int] = Stack(active=0)
    model: list[int] = []
    resolved: list[int] = []
    n = 0
    for op in ops:
        if op.startswith("push"):
            s.push(n, int(op[-1]))
            model.append(n)
            n += 1
        elif s:
            if s.pass_priority(s.priority):
                resolved.append(s.pop()[1])
                assert resolved[-1] == model.pop()
    assert [e for _, e in s.entries()] == model


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(0, 5), st.sampled_from(["a", "b", "small", "grave"])), max_size=60))
def test_zone_moves_conserve_cards(moves: list[tuple[int, str]]) -> None:
    z = Zones()
    z.add_zone(Zone("a"))
    z.add_zone(Zone("b"))
    z.add_zone(Zone("grave"))
    z.add_zone(Zone("small", capacity=2, overflow="grave"))
    uids = [z.create(d, 0, "a").uid for d in POOL.values()]
    for idx, dest in moves:
        z.move(uids[idx], dest)
        z.check_conservation()
        assert len(z["small"]) <= 2
    assert sum(len(zone) for zone in z.zones.values()) == len(uids)


MODULE_RANDOM_FUNCS = {
    "random",
    "randint",
    "randrange",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "uniform",
    "seed",
}


def test_no_module_level_random_anywhere() -> None:
    """All randomness goes through a game's seeded GameRng (or an agent's own Random)."""
    offenders = []
    for pkg in ("common", "hotg", "bhm", "scars", "tui"):
        for path in (ROOT / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "random"
                    and node.attr in MODULE_RANDOM_FUNCS
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
                if isinstance(node, ast.ImportFrom) and node.module == "random":
                    bad = [a.name for a in node.names if a.name in MODULE_RANDOM_FUNCS]
                    if bad:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} from random import {bad}")
    assert not offenders, offenders


def test_engines_never_import_tui() -> None:
    offenders = []
    for pkg in ("common", "hotg", "bhm", "scars"):
        for path in (ROOT / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                offenders += [
                    f"{path.relative_to(ROOT)}: {n}" for n in names if n == "tui" or n.startswith("tui.")
                ]
    assert not offenders, offenders
