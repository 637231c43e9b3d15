"""The core's fast paths (`hotg/core.py`) agree with the plain rules they stand for.

(Session 40, facade: the old engine's fast paths — its settled flag, its kept layout, its
refresh of auras — went with it to `tools/hotg_reference.py`; what the core keeps instead is
checked here, and the core as a whole against the old engine by `tools/hotg_core_check.py`,
`tests/hotg/test_core_diff.py`.)

* What `legal_actions()` keeps from one call to the next (each unit's moves and attacks until
  a changed cell meets its zone, the targets until who may be targeted changes, the units that
  may still act) gives the actions worked out anew, at every step of random games (HG-24,
  HG-30, HG-40, HG-63, HG-64, HG-67).
* `walk` (its shortcut when nothing blocks within reach, else step by step by shifts) gives the
  cells of the plain search (HG-30/32), but for blocked cells (the caller keeps the open ones); the masks of cells in reach are the plain distance
  filters (HG-40); `mask_cells` lists a mask's cells in increasing order.
* The masks kept where units arrive, move, leave or change (Stealth, Guard, the auras) say
  what the units say: `guarded` is HG-63 written plainly, the auras' attack and Protect are
  those of the aura bonuses read plainly (HG-57), the targets are the spec read plainly.
* The bounded stats (`protect`, `move_of`, `range_of`, `attack_of`, `cost`) equal the plain
  max()/min() formulas, a cost reduction read only from the player's unsilenced units
  (HG-07, HG-68, HG-73).
* A seat without a deck plays the preset deck checked once (HG-04).
* (Session 41) What an ally's move, a unit's own modifier or a Guard's departure stales is only
  what it may change (HG-30/32, HG-40, HG-63), and the game hands out the core's `Action`s.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import Any

from hotg import core as C
from hotg.game import CELL_NUMBER, CELLS, HotgGame, mask_cells

from .helpers import at, make, u


def _games(games: int, decks: str = "default") -> Iterator[HotgGame]:
    """The random games of seeds 1…`games`, the live state after each action."""
    for seed in range(1, games + 1):
        g = HotgGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
            yield g


def test_the_kept_actions_are_the_actions_worked_out_anew() -> None:
    """At every step, the legal actions (from what the core kept) are those of a copy that
    keeps nothing (`touched()`: every unit's moves, attacks and targets worked out again)."""
    checked = kept = 0
    for g in _games(8):
        core = g.core
        if core.result != -2:
            continue
        fresh = core.clone()
        fresh.zones = [-1] * len(fresh.zones)  # (no unit's actions kept)
        fresh.touched()
        assert core.legal_actions() == fresh.legal_actions()
        checked += 1
        kept += any(z >= 0 for z in core.zones)
    assert checked > 1500 and kept > 1000


def _plain_walk(start: int, steps: int, blocked: int) -> int:
    """HG-30/32 step by step: orthogonal steps, never through a blocked cell."""
    seen = {start}
    edge = [start]
    for _ in range(steps):
        nxt = []
        for n in edge:
            r, c = divmod(n, C.COLS)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                m = rr * C.COLS + cc
                if 0 <= rr < C.ROWS and 0 <= cc < C.COLS and m not in seen and not blocked >> m & 1:
                    seen.add(m)
                    nxt.append(m)
        edge = nxt
    seen.discard(start)
    return sum(1 << n for n in seen)


def test_hg30_the_walk_agrees_with_the_search() -> None:
    rng = random.Random(7)
    shortcut = searched = 0
    for _ in range(3000):
        start = rng.randrange(C.NCELLS)
        others = rng.sample([n for n in range(C.NCELLS) if n != start], rng.randrange(0, 12))
        blocked = sum(1 << n for n in others)
        steps = rng.randrange(0, 7)
        # (blocked cells at the edge of reach may be in it: the caller keeps the open cells)
        assert C.walk(start, steps, blocked) & ~blocked == _plain_walk(start, steps, blocked)
        if C.NEAR[steps][start] & blocked:
            searched += 1
        else:
            shortcut += 1
    assert searched > 1000 and shortcut > 500


def test_hg40_the_reach_masks_are_the_plain_filters() -> None:
    for n in range(C.NCELLS):
        r, c = divmod(n, C.COLS)
        for k in range(1, C.MAX_STEPS):
            plain = [
                tr * C.COLS + tc
                for tr in range(C.ROWS)
                for tc in range(C.COLS)
                if (max(abs(tr - r), abs(tc - c)) == 1 if k == 1 else 0 < abs(tr - r) + abs(tc - c) <= k)
            ]
            assert list(C.mask_cells(C.REACH[k][n])) == plain
    rng = random.Random(5)
    for _ in range(1000):
        m = rng.getrandbits(45)
        assert list(C.mask_cells(m)) == C.bits(m) == [i for i in range(45) if m >> i & 1]
    assert mask_cells(C.ALL) == [cell for row in CELLS for cell in row]


def test_hg63_hg64_hg57_the_kept_masks_say_what_the_units_say() -> None:
    """Stealth, Guard and the auras kept as masks: `guarded` is HG-63 plainly, a unit's attack
    and Protect are its own with the aura bonuses read plainly (HG-57, `aura_bonuses_of`)."""
    guards = auras = 0
    for g in islice(_games(6), 0, None, 3):
        core = g.core
        for p in (0, 1):
            around = C.AROUND[core.place[core.stones[p]]]
            plain = any(
                core.has_guard(t) and core.ctrl[t] == p for t in core.board if around >> core.place[t] & 1
            )
            assert core.guarded(p) == plain
            guards += plain
        for t in core.board:
            if t in core.stones:
                continue
            c = g.card(t)
            bonuses = core.aura_bonuses_of(t)
            auras += bool(bonuses)
            own = [m for m in c.modifiers if m.tag != "aura"]
            attack = c.defn.attack
            for m in own:
                if m.stat == "attack":
                    attack = m.value if m.op == "set" else attack + m.value
            attack += sum(v for stat, v, _ in bonuses if stat == "attack")
            assert core.attack_of(t) == max(0, attack)
            text = [] if c.silenced else list(c.defn.facts.protect)
            prot = text + [m.value for m in own if m.stat == "protect"]
            prot += [v for stat, v, _ in bonuses if stat == "protect"]
            assert core.protect(t) == max(prot, default=0)
            assert core.stealthed(t) == (not c.silenced and c.defn.facts.stealth and not c.stealth_lost)
    assert guards > 20 and auras > 50
    g = make([u("jackal_guard", "2,1")])  # Guard (HG-63)
    assert g.guarded(0)
    g.card(at(g, "2,1")).silenced = True
    assert not g.guarded(0)


def test_targets_are_the_spec_read_plainly() -> None:
    specs = ("enemy", "enemy_unit", "ally", "ally_unit", "other_ally_unit", "unit", "any")
    seen = 0
    for g in islice(_games(4), 0, None, 4):
        core = g.core
        p = core.active
        for spec in specs:
            for kind in ("spell", "warcry", "ability"):
                source = next(iter(core.units[p]), -1)
                plain = []
                for t in core.board:  # board order
                    enemy = core.ctrl[t] != p
                    stone = t in core.stones
                    if spec in ("enemy", "enemy_unit") and not enemy:
                        continue
                    if spec in ("ally", "ally_unit", "other_ally_unit") and enemy:
                        continue
                    if spec in ("enemy_unit", "ally_unit", "unit", "other_ally_unit") and stone:
                        continue
                    if spec == "other_ally_unit" and t == source:
                        continue
                    if enemy and core.stealthed(t):  # HG-64
                        continue
                    if enemy and stone and core.guarded(core.stones.index(t)):  # HG-63
                        continue
                    if core.immune_blocks(t, kind, p):  # HG-67
                        continue
                    plain.append(t)
                assert core.targets_for(spec, p, kind, source, {}) == plain, spec
                seen += len(plain)
    assert seen > 1000


def test_the_bounded_stats_equal_the_plain_formulas() -> None:
    checked = 0
    for g in islice(_games(4), 0, None, 5):
        core = g.core
        for uid in g.board_units():
            if uid in g.stones:
                continue
            c = g.card(uid)
            assert g.attack_of(uid) == max(0, c.stat("attack"))
            assert g.range_of(uid) == max(1, c.stat("range"))
            assert g.move_of(uid) == (0 if c.defn.facts.structure else max(0, c.stat("move")))
            checked += 1
        for p in (0, 1):
            # HG-07, HG-73: the reductions of `p`'s unsilenced units, plainly
            reductions = [
                r
                for s in core.units[p]
                if not g.card(s).silenced
                for r in g.card(s).defn.facts.cost_reductions
            ]
            for uid in g.zones[f"hand:{p}"].cards:
                c = g.card(uid)
                cut = sum(a for sub, a in reductions if not sub or sub in c.subtypes)
                assert g.cost(uid, p) == max(0, c.defn.cost - cut)
    assert checked > 100


def test_hg04_a_game_without_decks_plays_the_checked_presets() -> None:
    """A seat without a deck plays its preset deck (checked once): the same game as one given
    the preset decks' contents (HG-04: the same opening hands)."""
    contents = list(HotgGame.preset_decks().values())[:2]
    for seed in range(1, 6):
        plain = HotgGame.new_game(seed=seed)
        given = HotgGame.new_game(seed=seed, decks=contents)
        assert plain.state_hash() == given.state_hash()
        assert [e.text for e in plain.log.events] == [e.text for e in given.log.events]
    mixed = HotgGame.new_game(seed=7, decks=[None, contents[0]])
    assert mixed.state_hash() == HotgGame.new_game(seed=7, decks=[contents[0], contents[0]]).state_hash()
    assert mixed.state_hash() != HotgGame.new_game(seed=7).state_hash()  # (the decks differ)


def test_cell_numbers_are_row_times_nine_plus_column() -> None:
    assert [CELL_NUMBER[cell] for row in CELLS for cell in row] == list(range(C.NCELLS))
    assert C.CELL_TEXT[CELL_NUMBER[(2, 3)]] == "2,3"


def _fresh(core: C.Core) -> list[C.Act]:
    """The legal actions of a copy that keeps nothing (every unit's actions worked out anew)."""
    fresh = core.clone()
    fresh.zones = [-1] * len(fresh.zones)
    fresh.touched()
    return fresh.legal_actions()


def _marked(core: C.Core, uids: tuple[int, ...]) -> dict[int, tuple[Any, ...]]:
    """Each unit's kept actions replaced by an equal copy: still that copy after the next
    `legal_actions()` only if they were not made anew (a remake gives the move list of the
    cache, or a new tuple)."""
    for uid in uids:
        assert core.segs[uid]  # (an empty tuple has no copy of its own)
        core.segs[uid] = tuple([*core.segs[uid]])
    return {uid: core.segs[uid] for uid in uids}


def _moves(core: C.Core, uid: int) -> set[str]:
    return {C.CELL_TEXT[a[2]] for a in core.legal_actions() if a[0] == C.MOVE and a[1] == uid}


def test_an_allys_move_or_a_units_own_modifier_remakes_only_what_it_may_change() -> None:
    """Session 41: an ally's move changes the moves of the units that may walk to its cells
    (HG-30/32: its old cell opens, its new one is taken), never an ally's attacks (HG-40: allies
    are not attacked); a modifier of move, range or attack changes its unit's actions only, a
    modifier of health none. What is kept is what a copy that keeps nothing works out."""
    g = make(
        [
            u("legionary", "1,4", moved=True),  # may still attack (the enemy on 1,5), not move
            u("legionary", "2,2"),  # the one that moves
            u("legionary", "3,3"),  # may walk to 2,3 (one step)
            u("legionary", "3,7"),  # 2,3 is four steps away
            u("legionary", "1,5", 2),
        ]
    )
    core = g.core
    fixed, mover, near, far, foe = at(g, "1,4"), at(g, "2,2"), at(g, "3,3"), at(g, "3,7"), at(g, "1,5")
    assert core.legal_actions() == _fresh(core)
    assert "2,3" in _moves(core, near) and "2,2" not in _moves(core, near)
    kept = _marked(core, (fixed, far))
    g.apply(C.MOVES[mover][C.CELL_TEXT.index("2,3")][3])  # next to the unit that may only attack
    legal = core.legal_actions()
    assert legal == _fresh(core)
    assert "2,2" in _moves(core, near) and "2,3" not in _moves(core, near)  # (remade)
    assert C.ATTACKS[fixed][foe] in legal
    assert all(core.segs[uid] is seg for uid, seg in kept.items())  # (not remade)
    core._add_mod(far, "health", 2, False, "permanent", -1)
    kept = _marked(core, (fixed, near, far))
    assert core.legal_actions() == _fresh(core)
    assert all(core.segs[uid] is seg for uid, seg in kept.items())
    core._add_mod(far, "move", 1, False, "permanent", -1)
    legal = core.legal_actions()
    assert legal == _fresh(core)
    assert "3,4" in _moves(core, far)  # (three steps: its move of 2, +1)
    assert core.segs[fixed] is kept[fixed] and core.segs[near] is kept[near]
    core._add_mod(fixed, "attack", -1, False, "permanent", -1)
    legal = core.legal_actions()
    assert legal == _fresh(core)
    assert C.ATTACKS[fixed][foe] not in legal  # (HG-40: no attack at 0)
    assert core.segs[near] is kept[near]


def test_the_game_hands_out_the_cores_actions() -> None:
    """`HotgGame.legal_actions()` is the core's list of `Action`s (`Core.legal`), a new list at
    every call; each is the Action of the core's tuple `ACTION_TUPLE` names by its id, in the
    same order as `Core.legal_actions()`."""
    for g in islice(_games(2), 0, None, 7):
        legal = g.legal_actions()
        assert legal is not g.legal_actions() and legal == g.legal_actions()
        tuples = [C.ACTION_TUPLE[id(a)] for a in legal]
        assert tuples == g.core.legal_actions()
        assert all(t[3] is a and C.notation(t) == a.notation() for t, a in zip(tuples, legal, strict=True))
        legal.clear()  # (a caller's list: the next one is whole)
        assert len(g.legal_actions()) == len(tuples)


def test_hg63_a_guard_leaving_remakes_the_attacks_of_the_units_reaching_its_stone() -> None:
    """Session 41: a Guard's departure stales the kept actions of the units reaching a stone
    (HG-63: the stone it guarded may be attacked now), not every unit's; a unit that reaches the
    stone but not the Guard's cell attacks the stone at once."""
    g = make(
        [
            u("legionary", "0,8"),  # attacks the Guard
            u("legionary", "3,8", moved=True),  # reaches the stone on 2,8, not the Guard on 1,8
            u("legionary", "0,4"),  # reaches neither, nor may walk next to either
            u("jackal_guard", "1,8", 2, health=1),
        ]
    )
    core = g.core
    a, b, far, guard = at(g, "0,8"), at(g, "3,8"), at(g, "0,4"), at(g, "1,8")
    stone = core.stones[1]
    legal = core.legal_actions()
    assert C.ATTACKS[b][stone] not in legal and legal == _fresh(core)
    kept = _marked(core, (far,))[far]
    g.apply(C.ATTACKS[a][guard][3])
    assert not core.on_board(guard)
    legal = core.legal_actions()
    assert C.ATTACKS[b][stone] in legal and legal == _fresh(core)
    assert core.segs[far] is kept
