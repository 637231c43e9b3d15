"""`python -m common.fingerprint`: the same games give the same digests, and a change in
what an engine offers or says changes them."""

from __future__ import annotations

import json

import pytest

from common.fingerprint import ai_game, deck_pairings, fingerprint, main, random_game
from common.game import Action
from scars.game import ScarsGame


def test_digests_repeat_and_differ_by_seed() -> None:
    a, b = (
        fingerprint(ScarsGame, random_games=2, ai_seeds=0, pairing_seeds=0),
        fingerprint(ScarsGame, 2, 0, 0),
    )
    assert a == b and set(a) == {"random 1", "random 2"}
    assert a["random 1"][0] != a["random 2"][0] and a["random 1"][1] > 0


def test_a_changed_order_of_legal_actions_changes_the_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    before = random_game(ScarsGame, 1)
    plain = ScarsGame.legal_actions

    def reversed_actions(self: ScarsGame) -> list[Action]:
        return plain(self)[::-1]

    monkeypatch.setattr(ScarsGame, "legal_actions", reversed_actions)
    assert random_game(ScarsGame, 1) != before


def test_a_changed_log_text_changes_the_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    before = ai_game(ScarsGame, 1, ("scripted", "random"))
    plain = ScarsGame.name

    def louder(self: ScarsGame, uid: int) -> str:
        return plain(self, uid).upper()

    monkeypatch.setattr(ScarsGame, "name", louder)
    after = ai_game(ScarsGame, 1, ("scripted", "random"))
    assert after[0] != before[0]


def test_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scars", "--random", "1", "--ai", "0", "--pairings", "0"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["random 1"] and out["random 1"] == list(random_game(ScarsGame, 1))


def test_other_deck_pairings_are_played_too() -> None:
    """Every ordered pairing of preset decks but the default one gets its own random games, and
    they are not the default decks' games: the cards only other decks hold are fingerprinted."""
    names = list(ScarsGame.preset_decks())
    assert len(names) >= 3
    pairs = deck_pairings(ScarsGame)
    assert (names[0], names[1]) not in pairs and (names[1], names[0]) in pairs
    assert len(pairs) == len(names) ** 2 - 1
    out = fingerprint(ScarsGame, random_games=1, ai_seeds=0, pairing_seeds=1)
    assert len(out) == 1 + len(pairs)
    a, b = names[2], names[0]
    presets = ScarsGame.preset_decks()
    assert out[f"random 1 {a} / {b}"] == random_game(ScarsGame, 1, [presets[a], presets[b]])
    assert out[f"random 1 {a} / {b}"][0] != out["random 1"][0]
