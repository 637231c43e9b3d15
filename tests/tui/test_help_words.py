"""The help (`?`) and the README say what the table does: the Scars rows dialogs that scroll
(`▲ N rows above`), the card cursor going to the resolution zone's top when you may respond,
the finished games kept (`Watch again (w)`, `triarch replay` with no file), `⚠ N not saved`."""

from __future__ import annotations

import pytest

from tui.screens import screen_class

from .helpers import ROOT


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
def test_every_games_help_says_not_saved_and_watch_again(game_id: str) -> None:
    """The Keys tab of each game's help (the table's `help_keys()`, which `?` shows: one test per
    game opens it, test_hotg_s32, test_bhm_ui36, test_scars_s36; no app here)."""
    keys = one_line(screen_class(game_id).help_keys())
    assert "`⚠ 2 not saved` in the status bar — the autosave cannot be written" in keys
    assert "leaving the game asks first" in keys
    assert "a finished game is kept (the newest 20): `w` (**Watch again**) on the game-over" in keys
    assert "`triarch replay` with no file opens the last one" in keys
    scars = "the card cursor then goes to the card on top of the zone (what you respond to"
    rows = "the total line says what is not (`▲ 2 rows above · ▼ 1 row below`)"
    assert (scars in keys and rows in keys) == (game_id == "scars")


def test_readme_says_rows_scroll_the_respond_cursor_and_watch_again() -> None:
    readme = one_line((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "blockers and damage split scroll when their rows do not fit" in readme
    assert "(`▲ 2 rows above · ▼ 1 row below`)" in readme
    assert "the card cursor goes to the card on top of the resolution zone" in readme
    assert "(**Watch again**)" in readme and "`triarch replay` with no file opens the last" in readme
    assert "(`⚠ 2 not saved`)" in readme
    assert (
        "Player 2: it is Player 1's turn — you decide: Declare blockers: choose each block, then confirm them"
        in readme
    )
