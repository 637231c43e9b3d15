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
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

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
