"""Hand of the Gods' state hash (session 41): the core's own state (`Core.canonical`), not the
old engine's form. Every field that decides the game's future changes it; what the core keeps
only to go faster does not; a clone and a saved and loaded game hash as their game."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from common.saves import load_game, save_game
from hotg import core as C
from hotg.cards import card_pool
from hotg.game import HotgGame


def _base() -> HotgGame:
    """A seeded game some way in (units on both sides, cards in every player zone), a unit given
    a modifier until the end of the turn and two entries waiting in the queue."""
    g = HotgGame.new_game(seed=5)
    rng = random.Random(5)
    while True:
        core = g.core
        units = [u for u in core.board if u not in core.stones]
        if len(units) >= 3 and all(
            len(z[p]) >= 2 for z in (core.deck, core.hand, core.grave) for p in (0, 1)
        ):
            break
        g.apply(rng.choice(g.legal_actions()))
    core._add_mod(units[0], "attack", 1, False, "eot", units[1])
    core.push(("death", units[1]), C.L_DEATH, 7)
    core.push(("death", units[2]), C.L_DEATH, 7)
    return g


def _unit(g: HotgGame, i: int = 0) -> int:
    return [u for u in g.core.board if u not in g.core.stones][i]


def _swap(lst: list[int], i: int = 0, j: int = 1) -> None:
    lst[i], lst[j] = lst[j], lst[i]


def _expiry(g: HotgGame) -> None:
    m = g.core.mods[_unit(g)]
    assert m is not None
    stat, value, is_set, _until, source, time = m[-1]
    m[-1] = (stat, value, is_set, "sont:1", source, time)


def _redefine(g: HotgGame) -> None:  # (a card of P1's deck of another definition: the AI's guess)
    u = g.core.deck[0][0]
    other = next(d for d in card_pool().values() if d.kind == "unit" and d.id != g.core.t.defn[u].id)
    g.core.t = C.Table([C.row_of(other) if i == u else r for i, r in enumerate(g.core.t.row)])


def _pending(g: HotgGame) -> None:
    g.core.pending = ("reveal", 0, [g.core.deck[0][0]], True, _unit(g))


# field of the core's state -> a change of it alone
CHANGES: dict[str, Callable[[HotgGame], None]] = {
    "t": _redefine,
    "zone": lambda g: g.core.zone.__setitem__(g.core.deck[1][0], C.Z_HAND),
    "owner": lambda g: g.core.owner.__setitem__(_unit(g), 1 - g.core.owner[_unit(g)]),
    "ctrl": lambda g: g.core.ctrl.__setitem__(_unit(g), 1 - g.core.ctrl[_unit(g)]),
    "place": lambda g: g.core.place.__setitem__(_unit(g), 22 if g.core.place[_unit(g)] != 22 else 23),
    "hp": lambda g: g.core.hp.__setitem__(_unit(g), g.core.hp[_unit(g)] - 1),
    "st": lambda g: g.core.st.__setitem__(_unit(g), g.core.st[_unit(g)] ^ C.MOVED),
    "kw": lambda g: g.core.kw.__setitem__(_unit(g), g.core.kw[_unit(g)] ^ C.K_GUARD),
    "entered": lambda g: g.core.entered.__setitem__(_unit(g), g.core.entered[_unit(g)] + 1),
    "stun": lambda g: g.core.stun.__setitem__(_unit(g), g.core.active),
    "banby": lambda g: g.core.banby.__setitem__(_unit(g), 0),
    "mods": _expiry,
    "deck": lambda g: _swap(g.core.deck[0]),
    "hand": lambda g: _swap(g.core.hand[1]),
    "grave": lambda g: _swap(g.core.grave[0]),
    "reveal": lambda g: g.core.reveal[0].append(g.core.deck[0].pop()),
    "board": lambda g: _swap(g.core.board, g.core.board.index(_unit(g, 0)), g.core.board.index(_unit(g, 1))),
    "banished": lambda g: g.core.banished.append(g.core.board.pop()),
    "holding": lambda g: g.core.holding.append(g.core.hand[0].pop()),
    "removed": lambda g: g.core.removed.append(g.core.grave[1].pop()),
    "stones": lambda g: setattr(g.core, "stones", g.core.stones[::-1]),
    "ability": lambda g: g.core.ability.__setitem__(0, g.core.ability[0] + "_"),
    "used": lambda g: g.core.used.__setitem__(1, not g.core.used[1]),
    "mana": lambda g: g.core.mana.__setitem__(0, g.core.mana[0] + 1),
    "max_mana": lambda g: g.core.max_mana.__setitem__(1, g.core.max_mana[1] - 1),
    "fatigue": lambda g: g.core.fatigue.__setitem__(0, 1),
    "turn": lambda g: setattr(g.core, "turn", g.core.turn + 2),
    "active": lambda g: setattr(g.core, "active", 1 - g.core.active),
    "clock": lambda g: setattr(g.core, "clock", g.core.clock + 1),
    "result": lambda g: setattr(g.core, "result", 0),
    "queue": lambda g: g.core.push(("death", _unit(g)), C.L_DEATH),
    "pending": _pending,
    "rng": lambda g: g.core.rng.randint(1, 6),
}


def _requeued(g: HotgGame) -> None:
    """The queue's two entries pushed again in the other order (equal level and time)."""
    q = g.core.queue
    entries = [e for _, _, _, e in sorted(q)]
    q.clear()
    for e in reversed(entries):
        g.core.push(e, C.L_DEATH, 7)


CHANGES["queue order"] = _requeued

# what the core keeps only to go faster (or worked out from the fields above) -> a change of it
KEPT: dict[str, Callable[[HotgGame], None]] = {
    "legal_actions": lambda g: g.core.legal_actions(),  # (fills `kept`, `segs`, `zones`, `rdy`…)
    "touched": lambda g: g.core.touched(),  # (`ver`, `epoch`, `chg`, `rdy`, `kept` anew)
    "qseq": lambda g: setattr(g.core, "qseq", g.core.qseq + 10),
    "bseq": lambda g: setattr(g.core, "bseq", g.core.bseq + 10),
    "low": lambda g: setattr(g.core, "low", True),
    "ending": lambda g: setattr(g.core, "ending", True),
    "stunning": lambda g: setattr(g.core, "stunning", True),
    "log": lambda g: g.core.log.append(("turn", 0, 99, 1)),
}
# the core's fields the hash leaves out: the masks and lists worked out from the state, the
# hints, what `legal_actions` keeps, the log
LEFT_OUT = {
    "occ",
    "own",
    "taken",
    "hidden",
    "guards",
    "aatk",
    "aprot",
    "gneg",
    "ban",
    "units",
    "reds",
    "bpos",
    "bseq",
    "qseq",
    "low",
    "ending",
    "stunning",
    "ver",
    "kept",
    "segs",
    "zones",
    "chg",
    "epoch",
    "rdy",
    "rdy_wr",
    "log",
}


def test_every_field_of_the_core_is_hashed_or_said_to_be_left_out() -> None:
    """A field added to the core must be put in `Core.canonical` (and in CHANGES here) or
    said to be worked out / kept only to go faster (LEFT_OUT)."""
    hashed = {k for k in CHANGES if " " not in k}
    assert hashed | LEFT_OUT == set(C.Core.__slots__)
    assert not hashed & LEFT_OUT


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_a_change_of_any_one_field_changes_the_state_hash(field: str) -> None:
    g = _base()
    before = g.state_hash()
    twin = g.clone()
    assert twin.state_hash() == before
    CHANGES[field](twin)
    assert twin.state_hash() != before, field
    assert g.state_hash() == before  # (the clone's change is its own)


@pytest.mark.parametrize("what", sorted(KEPT))
def test_what_the_core_keeps_to_go_faster_is_not_in_the_state_hash(what: str) -> None:
    g = _base()
    before = g.state_hash()
    KEPT[what](g)
    assert g.state_hash() == before


def test_a_clone_and_a_saved_and_loaded_game_hash_as_their_game_at_every_step(tmp_path: Path) -> None:
    g = HotgGame.new_game(seed=11, decks=[None, None])
    rng = random.Random(11)
    seen = set()
    for step in range(400):
        if g.is_over():
            break
        h = g.state_hash()
        assert g.clone().state_hash() == h
        assert g.canonical() == g.clone().canonical()
        if step % 40 == 0:
            path = tmp_path / f"s{step}.json"
            save_game(g, path)
            assert load_game(path).state_hash() == h
        seen.add(h)
        g.apply(rng.choice(g.legal_actions()))
    assert len(seen) > 100  # (the states of a game differ)


def test_the_canonical_form_is_a_copy() -> None:
    """What `canonical()` gives is not the core's own lists: the game going on leaves it be."""
    g = HotgGame.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    c = g.canonical()
    again = g.canonical()
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    assert c == again and g.canonical() != c
