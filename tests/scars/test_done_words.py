"""`done` in the engine's words says what it ends, from the decision it answers (the choice,
the log and the `last:` line read them): not `Done`. Its notation stays `done`."""

from __future__ import annotations

import random
from collections import Counter

from common.game import Action
from scars.game import PHASE_NAMES, ScarsGame

DONE = Action("done")


def expected(g: ScarsGame) -> str:
    d = g.decision()
    assert d is not None
    if d.kind == "attack":
        n = len(g.attackers)
        return f"Confirm {n} attacker{'s' * (n != 1)}" if n else "Declare no attackers"
    if d.kind == "block":
        n = len(g.blocks)
        return f"Confirm {n} blocker{'s' * (n != 1)}" if n else "Declare no blockers"
    fixed = {"learn": "Learn no more keywords", "damage": "Deal combat damage", "end": "End the turn"}
    return fixed.get(d.kind, f"End {PHASE_NAMES[g.phase]}")


def test_done_says_what_it_ends_in_every_decision_it_answers() -> None:
    seen: Counter[str] = Counter()
    for seed in (1, 2, 3):
        g = ScarsGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 600:
            legal = g.legal_actions()
            if DONE in legal:
                words = g.describe_action(DONE)
                assert words == expected(g), (seed, len(g.history), g.decision())
                assert words != "Done"
                assert g.format_action(DONE) == "done"  # the notation of the `:` box
                seen[g.decision().kind] += 1  # type: ignore[union-attr]
            g.apply(legal[rng.randrange(len(legal))])
    # (the clean-up's and the end's `done`, their only choice, the engine takes itself)
    assert {"setup", "recruit", "attack", "block"} <= set(seen), seen


def test_blockers_declared_are_confirmed_none_declared_said() -> None:
    for seed in range(1, 40):
        g = ScarsGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 600:
            d = g.decision()
            legal = g.legal_actions()
            blocks = [a for a in legal if a.kind == "block"]
            if d is not None and d.kind == "block" and blocks and not g.blocks:
                assert g.describe_action(DONE) == "Declare no blockers"
                g.apply(blocks[0])
                if DONE in g.legal_actions():  # another unit may still block
                    assert g.describe_action(DONE) == "Confirm 1 blocker"
                    return
                continue
            g.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no game with a block")
