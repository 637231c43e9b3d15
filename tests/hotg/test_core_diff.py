"""The core (`hotg/core.py`, which `HotgGame` plays) plays as the old engine does
(`tools/hotg_reference.py`):
the differential check `tools/hotg_core_check.py` on a few seeds (random decks of every card the
core supports, and the preset decks), and the check fails when the core is broken on purpose.

Rules the games go through: HG-02, HG-04, HG-06, HG-12, HG-13, HG-23, HG-24, HG-30, HG-40, HG-42,
HG-44, HG-45, HG-57, HG-63, HG-64, HG-67, HG-68 (and every card family of the pool).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from hotg import core as C
from hotg.cards import card_pool, collectible


def _check_module() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "hotg_core_check.py"
    spec = importlib.util.spec_from_file_location("hotg_core_check", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("hotg_core_check", mod)
    spec.loader.exec_module(mod)
    return mod


CHECK = _check_module()


def test_the_core_supports_every_collectible_card_and_the_preset_decks_can_be_checked() -> None:
    ids = CHECK.supported_cards()
    assert ids == sorted(d.id for d in collectible(card_pool()) if C.supported(d))
    assert "draugr" in ids and "thunder_of_olympus" in ids


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_hg12_hg13_random_decks_play_the_same_game_step_by_step(seed: int) -> None:
    assert CHECK.main([str(1), str(seed * 101), "--decks", "random", "--quiet"]) == 0


def test_hg63_hg73_a_silenced_guard_leaves_its_stone_open_to_the_kept_targets() -> None:
    """Seed 206 (random decks): Words of Isis silences the Wall of Ice next to P1's stone, and
    Zeus's Bolt may target the stone at once (the core's kept targets were stale once)."""
    assert CHECK.main(["1", "206", "--decks", "random", "--quiet"]) == 0


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_preset_decks_play_the_same_game_step_by_step(seed: int) -> None:
    assert CHECK.main([str(1), str(seed), "--decks", "preset", "--quiet"]) == 0


def test_the_setup_draws_and_shuffles_as_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """HG-04: the same uids shuffled by the same RNG calls: the same decks and hands (as the old
    engine's, the reference)."""
    real = CHECK.HotgGame.new_game(seed=77)
    core = C.Core.new(77)
    for p in (0, 1):
        assert core.deck[p] == real.zones.zones[f"deck:{p}"].cards
        assert core.hand[p] == real.zones.zones[f"hand:{p}"].cards
    assert [C.notation(a) for a in core.legal_actions()] == [a.notation() for a in real.legal_actions()]


def _broken(monkeypatch: pytest.MonkeyPatch, what: str) -> None:
    if what == "protect":  # HG-68 forgotten
        monkeypatch.setattr(C.Core, "protect", lambda self, u: 0)
    elif what == "guard":  # HG-63 forgotten
        monkeypatch.setattr(C.Core, "guarded", lambda self, p: False)
    elif what == "order":  # two legal actions swapped
        real = C.Core.legal_actions

        def swapped(self: C.Core) -> list[C.Act]:
            acts = real(self)
            if len(acts) > 2:
                acts[0], acts[1] = acts[1], acts[0]
            return acts

        monkeypatch.setattr(C.Core, "legal_actions", swapped)
    elif what == "deaths":  # HG-13: deaths in reverse order of entry
        monkeypatch.setattr(C, "L_DEATH", C.L_DEATH)
        real_push = C.Core.push

        def push(self: C.Core, entry: tuple[object, ...], level: int, time: int = -1) -> None:
            if entry[0] == "death" and time >= 0:
                time = 10_000 - time
            real_push(self, entry, level, time)

        monkeypatch.setattr(C.Core, "push", push)


@pytest.mark.parametrize("what", ["protect", "guard", "order", "deaths"])
def test_the_check_fails_when_the_core_is_broken(
    what: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _broken(monkeypatch, what)
    assert CHECK.main(["20", "1", "--decks", "random", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("seed ") and " step " in out


def test_the_check_counts_what_it_met() -> None:
    seen: Counter[str] = Counter()
    r = __import__("random").Random(3)
    cards = CHECK.supported_cards()
    steps = CHECK.check_game(3, [CHECK.random_deck(r, cards), CHECK.random_deck(r, cards)], seen)
    assert steps > 50
    assert seen["event turn"] > 0 and sum(v for k, v in seen.items() if k.startswith("games ")) == 1


def test_a_clone_plays_on_as_its_original_and_apart_from_it() -> None:
    """`Core.clone()`: the same game from there on (its states as the check reads them, Ginnungagap's
    and the Reveals' draws included), and playing the clone leaves the original as it was."""
    import random

    r = random.Random(11)
    cards = CHECK.supported_cards()
    decks = [CHECK.random_deck(r, cards), CHECK.random_deck(r, cards)]
    for seed in (11, 12):
        game = C.Core.new(seed, decks)
        pick = random.Random(seed)
        clones = 0
        while not game.is_over():
            legal = game.legal_actions()
            a = legal[pick.randrange(len(legal))]
            if pick.random() < 0.1:
                copy = game.clone()
                before = CHECK.core_state(game)
                other = copy.legal_actions()
                copy.apply(other[-1])  # (the clone moves on alone: the original does not)
                assert CHECK.core_state(game) == before
                twin = game.clone()
                twin.apply(a)
                game.apply(a)
                assert CHECK.core_state(twin) == CHECK.core_state(game)
                assert [C.notation(x) for x in twin.legal_actions()] == [
                    C.notation(x) for x in game.legal_actions()
                ]
                clones += 1
            else:
                game.apply(a)
        assert clones > 5


def test_supported_refuses_what_the_core_does_not_play() -> None:
    """`supported` (what `--decks random` draws from) says no to an aura or an effect the core
    has not ported, and yes to the card it was made from."""
    import dataclasses

    pool = card_pool()
    surtr = pool["surtr"]
    assert C.supported(surtr)
    health_aura = dataclasses.replace(
        surtr, abilities=({"when": "aura", "do": "adjacent_allies", "health": 1},)
    )
    assert not C.supported(health_aura)
    allies_aura = dataclasses.replace(
        surtr, abilities=({"when": "aura", "do": "global_allies", "attack": 1},)
    )
    assert not C.supported(allies_aura)
    unknown = dataclasses.replace(surtr, abilities=({"when": "warcry", "do": "no_such_effect"},))
    assert not C.supported(unknown)


def test_supported_refuses_a_move_or_range_beyond_the_tables() -> None:
    """`legal_actions` reads a definition's own move and range without bounding them (only
    modified ones are bounded): `supported` says no to one beyond the tables (`MAX_STEPS`), yes
    to one just within."""
    import dataclasses

    pegasus = next(d for d in card_pool().values() if d.move >= 2)
    assert C.supported(pegasus)
    top = C.MAX_STEPS - 1
    assert C.supported(dataclasses.replace(pegasus, move=top, range=top))
    assert not C.supported(dataclasses.replace(pegasus, move=C.MAX_STEPS))
    assert not C.supported(dataclasses.replace(pegasus, range=C.MAX_STEPS))
