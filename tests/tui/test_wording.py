"""The table's words in proper singular and plural: `1 action`, `2 choices`, never `(s)`."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from tui.wording import plural

from .helpers import LAST_BOLT, engine_ready, settle, skirmish, thunder_on_the_enemy_stone

TUI = Path(__file__).resolve().parents[2] / "tui"


def test_plural() -> None:
    assert plural(1, "choice") == "1 choice"
    assert plural(0, "choice") == "0 choices"
    assert plural(2, "empty zone") == "2 empty zones"
    assert plural(2, "ability", "abilities") == "2 abilities"


def test_no_word_of_the_table_is_written_with_an_s_in_brackets() -> None:
    """`Enter: the 1 choice(s) with this card`, `1 empty zone(s)`: each says 1 or many."""
    found = [
        f"{path.relative_to(TUI)}:{tok.start[0]}: {tok.string}"
        for path in sorted(TUI.rglob("*.py"))
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        if tok.type == tokenize.STRING and re.search(r"[a-z]\(s\)", tok.string)
    ]
    assert not found, "\n".join(found)


@pytest.mark.skipif(not engine_ready("hotg"), reason="the hotg engine is not available")
async def test_the_game_over_stats_say_1_action() -> None:
    app = skirmish(scenario=LAST_BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await thunder_on_the_enemy_stone(pilot)  # the last 2 health of the enemy stone: game over
        stats = "\n".join(app.screen.stats)  # type: ignore[attr-defined]
        assert "1 action in all: P1 (you) 1, P2 (AI) 0" in stats


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
def test_the_scars_effects_words_are_singular_for_one() -> None:
    """The Scars' prompts and card words: `draw 1 card`, `create 2 Wolf tokens`, not `card(s)`."""
    from scars.effects import describe_spec

    assert describe_spec({"effect": "draw", "x": 1}) == "draw 1 card"
    assert describe_spec({"effect": "draw", "x": 2}) == "draw 2 cards"
    assert describe_spec({"effect": "discard_random", "x": 1}) == "the opponent discards 1 card at random"
    assert "1 life card from" in describe_spec({"effect": "restore", "x": 1})
