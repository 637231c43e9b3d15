"""The worked examples of the docs load: a doc that shows a file a user copies must show one
that works."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from common.registry import game_class
from tui.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _toml_blocks(doc: str) -> list[str]:
    return re.findall(r"```toml\n(.*?)```", (DOCS / doc).read_text(encoding="utf-8"), re.S)


def test_the_deck_example_of_docs_decks_loads_and_plays(tmp_path: Path) -> None:
    (example,) = _toml_blocks("decks.md")
    path = tmp_path / "bows.toml"
    path.write_text(example, encoding="utf-8")
    deck = game_class("hotg").deck_from_file(path)
    assert deck["name"] == "Bows of Olympus" and sum(deck["cards"].values()) == 25
    game = game_class("hotg").new_game(seed=1, decks=[deck, None])
    assert game.legal_actions()


def test_the_deck_errors_docs_decks_quotes_are_the_programs(tmp_path: Path) -> None:
    (example,) = _toml_blocks("decks.md")
    doc = (DOCS / "decks.md").read_text(encoding="utf-8")
    cases = {
        "no such card in the pool": example.replace("medusa = 1", "mumy = 1"),
        "3 copies of Hoplite: at most 2 allowed": example.replace("hoplite = 2", "hoplite = 3"),
        "'hoplite' given twice (line 8)": example.replace("spartan = 2", "hoplite = 2"),
    }
    for words, text in cases.items():
        assert words in doc
        path = tmp_path / "my-deck.toml"
        path.write_text(text, encoding="utf-8")
        r = CliRunner().invoke(main, ["play", "hotg", "--deck1", str(path)])
        assert r.exit_code == 2 and words in r.output and "my-deck.toml" in r.output, r.output
