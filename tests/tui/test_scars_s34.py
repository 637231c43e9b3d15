"""The Scars, session 34 (a newcomer's play-through): the lanes' unit rows keep a name whole where
the row has room for it."""

from __future__ import annotations

from typing import Any

import pytest

from tui.screens.scars import ScarsScreen, rows_taken

from .helpers import engine_ready

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

VIEW: dict[str, Any] = {"phase": "recruit2"}


def unit(uid: int, name: str, attack: int = 1, defense: int = 2) -> dict[str, Any]:
    return {"uid": uid, "name": name, "attack": attack, "defense": defense, "position": "attack"}


def said(label: str, here: list[dict[str, Any]], room: int) -> str:
    cards = {int(u["uid"]): u for u in here}
    return "".join(s.text for s in ScarsScreen.unit_row(label, here, VIEW, cards, {}, {}, room))


def test_a_lone_unit_reads_whole_on_a_wide_row() -> None:
    """Turn 1 at 80 × 24: `ATK  Shieldbeare… 1/2` on a 78-column line with one unit on it."""
    assert said("ATK", [unit(1, "Shieldbearer Recruit")], 78) == " ATK Shieldbearer Recruit 1/2"


def test_a_full_row_is_cut_rather_than_wrapped() -> None:
    """Four long names do not fit on one line whole but do cut (`Knight of t…`): cut, as before,
    so the row takes no more lines than the cut one."""
    here = [unit(i, "Knight of the Oath", 3, 3) for i in range(1, 5)]
    text = said("ATK", here, 78)
    assert "Knight of t… 3/3" in text and "Knight of the Oath" not in text, text
    short = [unit(i, "Wolf", 2, 2) for i in range(1, 4)]
    assert said("DEF", short, 78) == " DEF Wolf 2/2 Wolf 2/2 Wolf 2/2"
    cards = {int(u["uid"]): u for u in here}
    assert rows_taken(ScarsScreen.unit_row("ATK", here, VIEW, cards, {}, {}, 78), 78) == 1
