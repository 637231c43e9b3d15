"""The engine's fast paths agree with the plain rules they stand for.

* `refresh_auras()` says True only when a second call, with nothing changed in
  between, would change nothing: the queue loop relies on it to skip refreshes (HG-57).
  It gives what a plain refresh gives, and tells `_settle` whether a unit is at 0
  health or less (when none is and no stone is, no death is looked for).
* Per-definition facts (`HotgDef.facts`) follow the definition, also one made by
  `dataclasses.replace` or swapped into a card by the AI's determinizer.
* The move search's shortcut (nothing blocking within reach) gives the same cells
  as the step-by-step search (HG-30/32), and the masks of cells within reach or range
  (made by shifts) are those of the plain distance filters (HG-30, HG-40).
* The moves and deployments `legal_actions()` takes from the lists by mask, kept
  process-wide (`_MOVE_LISTS`, `_DEPLOY_LISTS`), are those written plainly; the moves
  and attacks from a unit's move, range and attack read in one pass over its modifiers
  are those `stat()` gives.
* An entry that only lowers health (`_ONLY_LOWERS_HEALTH`) leaves a settled battlefield
  settled: the queue loop then only looks for deaths (HG-57).
* What `legal_actions()` works out once (`_Scan`: the blocking cells, the player's units,
  the other units, the deployment cells) and the scan's attack targets (asking
  `attackable()` only about the units in reach) agree with the plain definitions
  (HG-24, HG-30, HG-40).
* The layout kept from one action to the next (`HotgZones.layout`, which the scan reads: the
  occupancy, each player's cells and units, the banished units' cells) is the one worked out
  from the battlefield, through every way on and off it (HG-05, HG-61, HG-62, HG-66, HG-69);
  a card put there by hand (`Zones.create`) makes it unknown, worked out when next asked for.
* `guarded` is HG-63 written plainly (a friendly Guard unit next to the stone).
* `targets_for` given the controller's units (`mine`) looks among them for a target that must
  be one of them (an ally unit): the same targets.
* The attack reach by precomputed cells agrees with `in_range` (HG-40), and the fast
  path of `can_target` (no Stealth, no Immune, no stone) with the full checks
  (HG-63, HG-64, HG-67); the loops over the battlefield (`targets_for`, `attackable`),
  which ask the card-level `_can_target_on_board` only about a stone or a unit with
  Stealth or Immune, agree with `can_target` (and `targets_for` with its spec read plainly).
* A card's cell is one slot (`cell`, which `row` and `col` read), holding the shared tuple.
* The cell tables and the loops over the battlefield hand out the shared cell tuples of
  `CELLS` (a look-up then finds the very tuple, with no comparison): same values as
  plain `(row, col)` tuples; sorting cells by `CELL_NUMBER` (a mask's bits in increasing
  order) is sorting the tuples.
* A definition's cost reduction auras (`facts.cost_reductions`) are its `cost_reduction`
  aura abilities, and `cost_reductions()` reads them only from the player's unsilenced
  units (HG-07, HG-73).
* The turn passes without a refresh (`_finish_turn(settled=True)`) only on a settled
  battlefield, with the same result as after one (HG-21, HG-57).
* The stats kept in bounds by comparisons instead of max()/min() (`protect`, `move_of`,
  `range_of`, `attack_of`, `cost`) equal the plain max()/min() formulas (HG-07, HG-68).
* A unit that keeps exactly its aura bonuses needs no `stat("health")` when its health is
  within the printed one and no aura lowers health (HG-56, HG-57).
* The start-of-turn effects are queued in `_start_turn`'s first loop, before the draw, the
  refresh and the death checks: the same state, queue and log as queued after them (HG-20).
* A Summoning Stone has no ability, so no aura: `refresh_auras` needs no stone test to find
  the aura sources (HG-02, HG-57), nor `_end_turn` to find the end-of-turn effects.
* A definition's aura bonuses (`facts.aura_bonuses`, worked out once) are `aura_bonus` of
  each aura ability, and an aura that raises no stat gives no modifier (HG-57).
* The battlefield is known to be settled from one action to the next (`_settled`): whenever
  it says so, a refresh would change nothing and no death is left to find; the games are
  those of the long form, where every action and every queue loop starts unsettled (and
  the queue loop runs after every action, also after a move that queued nothing); a
  clone and a game loaded from a save have the flag of the game, a scenario starts unsettled.
* A move on a settled battlefield settles it again only when `_move_change` says it may
  (a unit of an aura of adjacent allies next to one cell and not the other, or the mover
  one): when it says no, a refresh after the move changes nothing (HG-57); when it says
  only the mover's bonuses may change, the refresh of the mover alone
  (`_refresh_auras(only=...)`) gives what the full refresh gives. The units it and
  `_arrival_changes_auras` look at (`_aura_units()`, kept while the battlefield's units
  stay the same) are those whose definition gives an aura bonus, in board order, also in
  clones, games loaded from a save and scenarios.
* `_expire` loops over the battlefield and the banished units only when a bonus that ends
  may be left (`_ending`): whenever the flag says none is, none is; the games are those
  where every expiry loops (HG-56); a clone and a save keep the flag, a scenario has none.
* The turn's expiries find deaths when they refresh (`_settle`), so a turn that starts on a
  settled battlefield looks for deaths only at the stones (fatigue, HG-04): after
  `_expire` and `_start_turn` a full death check finds nothing (HG-20, HG-56).
* Ending the turn with no end-of-turn effect queued passes the turn at once, without its
  turn_end entry: the games are those where it always goes through the queue (HG-21).
* `cell_free` (a loop over the battlefield and the banished units) is "neither in
  `occupancy()` nor in `banished_cells()`" (HG-05, HG-62).
* An entry that `_change` says keeps a settled battlefield settled (by its effect's name,
  `_EFFECT_CHANGE`, or a unit that came onto it or left it without an aura to give or get)
  leaves a refresh nothing to change and no death to find (an effect that adds a modifier:
  when its target has no aura bonus); one said to only lower health leaves a refresh
  nothing to change (HG-57); an attack's damage or Return Damage keeps it settled while the
  unit it damaged is above 0 health. The answer to a target decision is told apart the same
  way. A unit that came onto it with no aura of its own may change only what the auras give
  it (`_CHANGES_ONE`): refreshing it alone gives what the full refresh gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import chain, islice
from pathlib import Path
from typing import Any

import pytest

import hotg.game as hg
from common.cards import Modifier
from common.game import Action
from common.saves import load_game, save_game
from hotg.cards import OFF_BOARD, HotgCard, card_pool
from hotg.effects import AURAS, EFFECTS, Ctx, aura_bonus
from hotg.game import (
    _ATTACKS,
    _CHANGES,
    _CHANGES_ONE,
    _DEPLOYS,
    _EFFECT_CHANGE,
    _HAND_ZONES,
    _KEEPS,
    _MOVE_MASKS,
    _MOVES,
    _ONLY_LOWERS_HEALTH,
    _REACH_MASKS,
    _TARGETED,
    ALL_CELLS,
    CELL_BIT,
    CELL_NUMBER,
    CELLS,
    LEVEL,
    NEIGHBOURS,
    ORTHOGONAL,
    TURN_LEVEL,
    HotgGame,
    _chosen,
    _gives_aura_bonus,
    _Layout,
    _Scan,
    _walk,
    cell_str,
    cells_mask,
    mask_bits,
    mask_cells,
    parse_cell,
)

from .helpers import at, make, u


def _games(games: int) -> Iterator[HotgGame]:
    """The random games of seeds 1…`games`, the live state after each action."""
    for seed in range(1, games + 1):
        g = HotgGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
            yield g


def _play(games: int) -> None:
    """The random games of `_random_states`, played for what a patched method checks along them
    (no copy of each state kept)."""
    for _ in _games(games):
        pass


def _random_states(games: int = 6) -> list[HotgGame]:
    """A copy of every state of `_games` (for a test that changes the states, or keeps them to
    look at later). A test that only reads each state as it comes walks `_games` itself: the
    copies were most of the cost (the games played 0.1 s CPU, their 2 000 copies 0.4 s), and
    `clone()` copies everything the engine keeps (its layout too), so the same is read."""
    return [g.clone() for g in _games(games)]


def test_hg57_a_settled_refresh_is_a_fixed_point() -> None:
    seen_settled = 0
    for g in _random_states():
        if g.refresh_auras():
            seen_settled += 1
            before = g.canonical()
            assert g.refresh_auras()
            assert g.canonical() == before
    assert seen_settled > 100


def _plain_refresh(g: HotgGame) -> bool:
    """HG-57 written plainly: every unit loses its aura bonuses and gets those of the auras
    now, in board order; HG-56: health follows a raised maximum, and is lowered only as
    far as needed. True when settled (see `refresh_auras`)."""
    units = [g.card(uid) for uid in g.board_units(stones=False)]
    sources = [c for c in units if c.defn.facts.auras and not c.silenced]
    if not sources and not any(m.tag == "aura" for c in units for m in c.modifiers):
        return True
    occ = g.occupancy()
    new: dict[int, list[Modifier]] = {}
    for s in sources:
        for _, ab in s.defn.facts.auras:
            bonus = aura_bonus(ab)
            if not bonus:
                continue
            for uid in AURAS[str(ab["do"])](g, s, ab, occ):
                new.setdefault(uid, []).extend(
                    Modifier(stat, value, "add", s.uid, "aura", "aura") for stat, value in bonus
                )
    settled = True
    for c in units:
        top = c.stat("health")
        kept = [m for m in c.modifiers if m.tag != "aura"] + new.pop(c.uid, [])
        if kept == c.modifiers:
            c.hp = min(c.hp, top)
            continue
        c.modifiers = kept
        now = c.stat("health")
        c.hp = c.hp + now - top if now > top else min(c.hp, now)
        if c.hp > now:
            settled = False
    for uid, gets in new.items():
        g.card(uid).modifiers += gets
        settled = False
    return settled


def test_hg57_the_refresh_agrees_with_the_plain_one() -> None:
    """`refresh_auras` (looking again only at the units with modifiers, those at 0 health
    or less or above their printed health, and those that get a bonus) against the plain
    refresh, also with a unit's health set by hand to 0, below 0 or above its maximum
    (and its modifiers taken away); and `_refresh_auras` tells whether a unit is left at
    0 health or less."""
    rng = random.Random(5)
    seen = 0
    for g in _random_states(4):
        units = g.board_units(stones=False)
        if units and rng.random() < 0.5:  # by hand: its health, maybe no modifier left
            c = g.card(rng.choice(units))
            c.hp = rng.choice((0, -1, 1, 9))
            if rng.random() < 0.5:
                c.modifiers = []
        plain = g.clone()
        settled, at_zero = g._refresh_auras()
        assert settled == _plain_refresh(plain)
        assert g.canonical() == plain.canonical()
        assert at_zero == any(g.card(uid).hp <= 0 for uid in units)
        seen += at_zero
    assert seen > 50


def _aura_unit(g: HotgGame, defn_id: str, aura: dict[str, Any], cell: str) -> HotgCard:
    """A P1 unit with the one ability `aura` (a hoplite otherwise, its definition added to the
    pool), put on the battlefield at `cell`."""
    d = replace(g.pool["hoplite"], id=defn_id, name=defn_id, abilities=(aura,))
    g.pool = {**g.pool, d.id: d}
    card = g.zones.create(d, 0, "board", factory=HotgCard)
    assert isinstance(card, HotgCard)
    card.row, card.col = parse_cell(cell)  # type: ignore[misc]
    return card


def test_hg57_more_health_than_the_maximum_is_not_settled() -> None:
    """A unit above its maximum health that gains a health aura keeps the excess for one
    refresh (HG-56: health is lowered only as far as needed): not settled yet."""
    g = make([u("hoplite", "2,1"), u("hoplite", "2,2")])
    hop = at(g, "2,2")
    _aura_unit(g, "test_banner", {"when": "aura", "do": "adjacent_allies", "health": 2}, "3,2")
    g.card(hop).hp = g.max_health(hop) + 3  # set by hand, above the maximum
    assert not g.refresh_auras()
    assert g.refresh_auras()
    assert g.card(hop).hp == g.max_health(hop)


def test_facts_follow_the_definition() -> None:
    g = make([u("hoplite", "2,1")])
    base = g.pool["hoplite"]
    variant = replace(base, id="test_guard", keywords=("Guard",), subtypes=("Structure",))
    assert variant.facts is not base.facts
    assert variant.facts.guard and variant.facts.structure and not base.facts.structure
    hop = at(g, "2,1")
    g.card(hop).defn = variant  # as the determinizer deals cards anew
    assert g.has_guard(hop) and g.move_of(hop) == 0


def _plain_walk(
    start: tuple[int, int], steps: int, blocked: set[tuple[int, int]], taken: set[tuple[int, int]]
) -> list[tuple[int, int]]:
    """HG-30/32 step by step: through free cells and allies, never through `blocked`."""
    seen, frontier, out = {start}, [start], set()
    for _ in range(steps):
        nxt = []
        for r, c in frontier:
            for n in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                if 0 <= n[0] < 5 and 0 <= n[1] < 9 and n not in seen and n not in blocked:
                    seen.add(n)
                    nxt.append(n)
                    if n not in taken:
                        out.add(n)
        frontier = nxt
    return sorted(out)


def _plain_within(start: tuple[int, int], lo: int, hi: int) -> list[tuple[int, int]]:
    """The cells `lo` to `hi` orthogonal steps from `start`, in sorted order."""
    r0, c0 = start
    return [(r, c) for r in range(5) for c in range(9) if lo <= abs(r - r0) + abs(c - c0) <= hi]


def test_hg30_move_shortcut_agrees_with_the_search() -> None:
    """`_walk` on masks (its shortcut when nothing blocks within reach, else step by step
    by shifts) gives the cells of the plain search, without the start and the taken cells
    left out by the caller."""
    rng = random.Random(7)
    cells = [(r, c) for r in range(5) for c in range(9)]
    searched = 0
    for _ in range(3000):
        start = rng.choice(cells)
        others = rng.sample([x for x in cells if x != start], rng.randrange(0, 12))
        blocked = set(others[: len(others) // 2])
        taken = set(others) | {start}
        steps = rng.randrange(0, 7)
        n, blocked_mask = CELL_NUMBER[start], cells_mask(blocked)
        within = _walk(n, steps, blocked_mask)
        assert not within & CELL_BIT[start]
        assert mask_cells(within & ~cells_mask(taken)) == _plain_walk(start, steps, blocked, taken)
        searched += bool(_MOVE_MASKS[steps][n][0] & blocked_mask)
    assert searched > 1000


def test_hg30_hg40_the_cell_masks_are_the_plain_filters() -> None:
    """The masks by number and cell number (made by shifts) hold the cells of the plain
    distance filters: for moves (HG-30), the cells 1 to k steps away and those nearer than
    k; for attacks, the cells `in_range` reaches (HG-40). `cells_mask` and `mask_cells`
    convert both ways, cells in sorted order, the shared tuples of `CELLS`."""
    for r in range(5):
        for c in range(9):
            cell, n = CELLS[r][c], r * 9 + c
            for k in range(0, 9):
                nearer, within = _MOVE_MASKS[k][n]
                assert mask_cells(within) == _plain_within(cell, 1, k)
                assert mask_cells(nearer) == _plain_within(cell, 0, k - 1 if k else 0)
                if k:
                    reach = [
                        (tr, tc)
                        for tr in range(5)
                        for tc in range(9)
                        if (
                            max(abs(tr - r), abs(tc - c)) == 1
                            if k == 1
                            else 0 < abs(tr - r) + abs(tc - c) <= k
                        )
                    ]
                    assert mask_cells(_REACH_MASKS[k][n]) == reach
            for k in (0, -1, -3):  # a range below 1 reaches as 1 (`range_of`: at least 1)
                assert _REACH_MASKS[k][n] == _REACH_MASKS[1][n]
    shared = {id(cell) for row in CELLS for cell in row}
    assert mask_cells(ALL_CELLS) == [cell for row in CELLS for cell in row]
    assert all(id(cell) in shared for cell in mask_cells(ALL_CELLS))
    rng = random.Random(5)
    for _ in range(1000):
        m = rng.getrandbits(45)
        assert mask_bits(m) == [1 << i for i in range(45) if m >> i & 1]
        assert cells_mask(mask_cells(m)) == m


def test_the_shared_actions_are_those_written_plainly() -> None:
    """The action tables (`_MOVES`, `_DEPLOYS` by cell bit, `_ATTACKS` by target, each made
    once and handed out again) give the actions written plainly, and their `args` says the
    same arguments."""
    for uid in (1, 7, 52, 130):
        for cell, bit in CELL_BIT.items():
            for table, verb in ((_MOVES, "move"), (_DEPLOYS, "play")):
                a = table[uid][bit]
                assert a == Action(verb, (uid, cell_str(cell))) and a.args == table.args(uid, bit)
                assert table[uid][bit] is a and Action.parse(a.notation()) == a
        for target in (1, 2, 40, 130):
            a = _ATTACKS[uid][target]
            assert a == Action("attack", (uid, target)) and a.args == _ATTACKS.args(uid, target)
            assert _ATTACKS[uid][target] is a
    assert _TARGETED["warcry"][(5,)][9] == Action("warcry", (5, 9))
    assert _TARGETED["ability"][()][9] == Action("ability", (9,))


def _plain_moves_and_deploys(g: HotgGame) -> tuple[list[object], list[object]]:
    """The active player's moves and deployments written plainly (HG-24, HG-30/32, HG-33)."""
    p = g.active
    occ, ban = g.occupancy(), g.banished_cells()
    moves = []
    for uid in g.board_units(stones=False):
        if g.card(uid).controller == p and g._can_move(uid) is None:
            blocked = {cell for cell, t in occ.items() if g.card(t).controller != p}
            cells = _plain_walk(g.card(uid).cell, g.move_of(uid), blocked, set(occ) | set(ban))
            assert g.reachable(uid) == g.reachable(uid, occ, ban) == cells
            moves += [_MOVES[uid][CELL_BIT[cell]] for cell in cells]
    deploy_cells = sorted(
        {n for cell, t in occ.items() if g.card(t).controller == p for n in NEIGHBOURS[cell]}
        - set(occ)
        - set(ban)
    )
    deploys = []
    for uid in g.zones[f"hand:{p}"].cards:
        if g.card(uid).defn.kind == "unit" and g.cost(uid, p) <= g.pl[p].mana:
            deploys += [_DEPLOYS[uid][CELL_BIT[cell]] for cell in deploy_cells]
    return moves, deploys


def _plain_unit_actions(g: HotgGame) -> list[object]:
    """The active player's moves and attacks written plainly, unit by unit, from `stat()`
    (`move_of`, `range_of`, `attack_of`) and the `_can_...` checks (HG-30/32, HG-33, HG-40)."""
    p = g.active
    occ, ban = g.occupancy(), g.banished_cells()
    blocked = {cell for cell, t in occ.items() if g.card(t).controller != p}
    out: list[object] = []
    for uid in g.board_units(stones=False):
        if g.card(uid).controller != p:
            continue
        if g._can_move(uid) is None:
            cells = _plain_walk(g.card(uid).cell, g.move_of(uid), blocked, set(occ) | set(ban))
            out += [_MOVES[uid][CELL_BIT[cell]] for cell in cells]
        if g._can_attack(uid) is None:
            out += [_ATTACKS[uid][t] for t in g.attack_targets(uid)]
    return out


def test_hg30_hg40_a_units_stats_in_one_pass_are_stat(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_unit_actions` reads move, range and attack in one pass over a unit's modifiers (as
    `Card.stat`): its moves and attacks are those `stat()` gives, at every step of random
    games and with modifiers set by hand ("set" and "add" of each, in either order)."""
    seen = 0
    for g in _games(4):
        if g.pending is None and not g.is_over():
            acts = [a for a in g.legal_actions() if a.kind in ("move", "attack")]
            assert acts == _plain_unit_actions(g)
            seen += any(g.card(uid).modifiers for uid in g.board_units(stones=False))
    assert seen > 200
    rng = random.Random(11)
    for _ in range(60):
        g = make(
            [
                u("hoplite", "2,2"),
                u("hoplite", "2,4"),
                u("hoplite", "1,6", owner=2),
                u("hoplite", "3,3", owner=2),
            ]
        )
        for uid in g.board_units(stones=False):
            c = g.card(uid)
            c.modifiers = [
                Modifier(
                    rng.choice(("move", "range", "attack", "health")),
                    rng.randrange(-2, 4),
                    rng.choice(("add", "set")),
                )
                for _ in range(rng.randrange(0, 4))
            ]
        assert [a for a in g.legal_actions() if a.kind in ("move", "attack")] == _plain_unit_actions(g)


def test_hg63_guarded_agrees_with_the_plain_definition() -> None:
    """`guarded` (its neighbours looked at in place, `has_guard` asked only of a unit with
    Guard in its text) is HG-63 written plainly: a friendly Guard unit next to the stone."""
    seen = 0
    for g in chain(
        _games(6),
        [make([u("hoplite", "2,1"), u("hoplite", "1,1", owner=2), u("hoplite", "2,7", owner=2)])],
    ):
        occ = g.occupancy()
        for p in (0, 1):
            cell = g.cell_of(g.stones[p])
            plain = cell is not None and any(
                g.has_guard(t) and g.is_ally(t, p) for t in g.units_adjacent(cell)
            )
            assert g.guarded(p) == g.guarded(p, occ) == plain
            seen += plain
    assert seen > 50
    g = make([u("jackal_guard", "2,1")])  # Guard (HG-63)
    assert g.guarded(0)
    g.card(at(g, "2,1")).silenced = True
    assert not g.guarded(0)


def _saved_and_loaded(g: HotgGame, path: Path) -> HotgGame:
    save_game(g, path)
    loaded = load_game(path)
    assert isinstance(loaded, HotgGame) and loaded.canonical() == g.canonical()
    return loaded


def test_hg24_hg30_the_action_lists_by_mask_are_the_plain_lists(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The moves and deployments that `legal_actions()` takes from the lists by mask (kept
    process-wide, a pure function of the unit or card and the mask) are those written
    plainly: at every step of random games (clones), in a scenario, after a save is
    loaded, also when the lists are emptied at every miss."""
    seen = 0
    for small in (False, True):
        if small:  # new, empty lists, each emptied whenever it misses
            monkeypatch.setattr(hg, "_ACTION_LISTS_MAX", 1)
            monkeypatch.setattr(hg, "_MOVE_LISTS", hg._ActionListsBy(_MOVES))
            monkeypatch.setattr(hg, "_DEPLOY_LISTS", hg._ActionListsBy(_DEPLOYS))
        states = _random_states(4 if not small else 2)
        scenario = make(
            [
                u("hoplite", "2,1"),
                u("hoplite", "1,2"),
                u("hoplite", "2,3", owner=2),
                u("hoplite", "3,1", owner=2),
            ],
            p1={"hand": ["hoplite", "hoplite"], "mana": 5},
        )
        states += [scenario, _saved_and_loaded(states[len(states) // 2], tmp_path / f"{small}.json")]
        for g in states:
            if g.pending is not None or g.is_over():
                continue
            legal = g.legal_actions()
            moves, deploys = _plain_moves_and_deploys(g)
            assert [a for a in legal if a.kind == "move"] == moves
            assert [
                a for a in legal if a.kind == "play" and len(a.args) == 2 and "," in str(a.args[1])
            ] == deploys
            seen += len(moves) + len(deploys)
        assert _plain_moves_and_deploys(scenario)[0] and _plain_moves_and_deploys(scenario)[1]
    assert seen > 10_000
    assert max(map(len, hg._MOVE_LISTS.values())) == 1 == max(map(len, hg._DEPLOY_LISTS.values()))


def _refresh_changes_nothing(g: HotgGame) -> bool:
    """Settled (see `refresh_auras`): a refresh on a copy says so and changes nothing."""
    probe = g.clone()
    before = probe.canonical()
    return probe.refresh_auras() and probe.canonical() == before


def test_hg57_lowering_health_keeps_the_battlefield_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    resolve = HotgGame._resolve

    def checked_resolve(g: HotgGame, entry: tuple[object, ...], settled: bool = False) -> bool:
        nonlocal seen
        if entry[0] not in _ONLY_LOWERS_HEALTH or not _refresh_changes_nothing(g):
            return resolve(g, entry, settled)
        out = resolve(g, entry, settled)
        assert _refresh_changes_nothing(g), entry
        seen += 1
        return out

    monkeypatch.setattr(HotgGame, "_resolve", checked_resolve)
    _play(4)
    assert seen > 100


def test_hg21_the_turn_passes_on_a_battlefield_said_to_be_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The queue loop hands its settled flag to `_finish_turn` (after end-of-turn effects,
    say): whenever it says settled, a refresh would change nothing, and the turn passes
    exactly as with a refresh."""
    seen = 0
    finish = HotgGame._finish_turn

    def checked_finish(g: HotgGame, p: int, settled: bool = False) -> bool:
        nonlocal seen
        if not settled:
            return finish(g, p, settled)
        assert _refresh_changes_nothing(g)
        plain = g.clone()
        out = finish(g, p, True)
        assert finish(plain, p, False) == out
        assert plain.canonical() == g.canonical()
        seen += 1
        return out

    monkeypatch.setattr(HotgGame, "_finish_turn", checked_finish)
    _play(12)
    assert seen > 10


def test_hg24_hg30_the_scan_agrees_with_the_plain_definitions() -> None:
    """The scan's fields and its attack targets (the units on the blocked cells in reach,
    sorted into board order), also for other ranges than the units' own (HG-40)."""
    several = 0
    for g in _games(3):
        if g.pending is not None or g.is_over():
            continue
        p = g.active
        scan = _Scan(g, p)
        occ, ban = g.occupancy(), g.banished_cells()
        assert scan.occ == occ and scan.ban == ban
        assert set(mask_cells(scan.open)) == {cell for row in CELLS for cell in row} - set(occ) - set(ban)
        assert set(mask_cells(scan.blocked)) == {cell for cell, uid in occ.items() if not g.is_ally(uid, p)}
        assert set(mask_cells(scan.own)) == {cell for cell, uid in occ.items() if g.is_ally(uid, p)}
        for uid in scan.mine:
            n = CELL_NUMBER[g.card(uid).cell]
            assert scan.attack_targets(_REACH_MASKS[g.range_of(uid)][n]) == g.attack_targets(uid)
            foes = g.attackable(p)
            for rng in (1, 2, 3, 4):
                reach = (
                    set(NEIGHBOURS[g.card(uid).cell])
                    if rng == 1
                    else set(_plain_within(g.card(uid).cell, 1, rng))
                )
                expected = [t for t in foes if g.card(t).cell in reach]
                assert scan.attack_targets(cells_mask(reach)) == expected
                several += len(expected) > 1
        assert scan.mine == [uid for uid in g.board_units(stones=False) if g.is_ally(uid, p)]
        empty_next_to_mine = {
            n
            for cell, uid in occ.items()
            if g.is_ally(uid, p)
            for n in g.neighbours(cell)
            if n not in occ and n not in ban
        }
        assert mask_cells(scan.deploy_cells()) == g.deploy_cells(p) == sorted(empty_next_to_mine)
    assert several > 100


def test_hg62_the_scan_keeps_a_banished_units_cell() -> None:
    g = make([u("hoplite", "2,1"), u("hoplite", "2,3", owner=2)])
    theirs = at(g, "2,3")
    assert _Scan(g, 0).ban == {} and _Scan(g, 0).open == ALL_CELLS ^ cells_mask(g.occupancy())
    g.banish(theirs, Ctx(-1, 0, theirs, {}, "spell"))
    assert g.card(theirs).zone == "banished"
    scan = _Scan(g, 0)
    assert scan.ban == g.banished_cells() == {(2, 3): theirs}
    assert scan.open == ALL_CELLS ^ cells_mask([*g.occupancy(), (2, 3)])
    assert "2,3" not in [a.args[1] for a in g.legal_actions() if a.kind == "move"]


def _layout_is_the_battlefields(g: HotgGame) -> bool:
    """The kept layout, if known, is the one worked out from the battlefield; True if known."""
    lay = g.zones.layout
    if lay is not None:
        assert lay.fields() == _Layout.worked_out(g).fields()
        occ, ban = g.occupancy(), g.banished_cells()
        assert lay.occ == occ and lay.banned == ban
        assert lay.taken == cells_mask(occ) and lay.ban == cells_mask(ban)
        for p in (0, 1):
            assert lay.own[p] == cells_mask(cell for cell, uid in occ.items() if g.is_ally(uid, p))
            assert lay.mine[p] == [uid for uid in g.board_units(stones=False) if g.is_ally(uid, p)]
    return lay is not None


def test_hg05_hg62_the_kept_layout_is_the_battlefields(tmp_path: Path) -> None:
    """The layout kept from one action to the next (`HotgZones.layout`: the occupancy, each
    player's cells and units, the banished units' cells) is the plain one at every step of
    random games (clones: deployments, moves, deaths, banishments and returns, spells that
    bounce, transform or spawn), known at almost every step; a save loaded and a scenario
    work it out when first asked for."""
    states = _random_states(4)
    known = sum(map(_layout_is_the_battlefields, states))
    assert known > 0.95 * len(states)
    loaded = _saved_and_loaded(states[len(states) // 2], tmp_path / "save.json")
    scenario = make([u("hoplite", "2,1"), u("hoplite", "2,3", owner=2, banished=True)])
    for g in (loaded, scenario):
        if g.zones.layout is None:
            g.legal_actions()
        assert _layout_is_the_battlefields(g)


def test_hg61_hg62_hg66_hg69_the_layout_follows_every_way_on_and_off_the_battlefield() -> None:
    """Each verb that takes a unit onto or off the battlefield, or moves it there, keeps the
    layout known and right; only a card made on the battlefield (a transformation, HG-66)
    makes it unknown, worked out at the next `legal_actions()`."""
    g = make(
        [
            u("hoplite", "2,1"),
            u("hoplite", "1,1"),
            u("hoplite", "2,3", owner=2),
            u("hoplite", "3,3", owner=2),
            u("hoplite", "0,4", owner="neutral"),
        ]
    )
    g.legal_actions()
    spell = Ctx(-1, 0, -1, {}, "spell")
    mine, theirs, bounced = at(g, "2,1"), at(g, "2,3"), at(g, "3,3")
    g.banish(theirs, spell)  # HG-62: it keeps its cell
    assert g.card(theirs).zone == "banished" and _layout_is_the_battlefields(g)
    assert g.layout().banned == {(2, 3): theirs}
    g._start_turn(0)  # its banishment ends (the banisher's turn): back on its cell
    assert g.card(theirs).zone == "board" and _layout_is_the_battlefields(g)
    g.return_to_hand(bounced, spell)  # HG-61
    assert g.card(bounced).zone == "hand:1" and _layout_is_the_battlefields(g)
    g._move(mine, (3, 1))  # HG-30
    assert _layout_is_the_battlefields(g) and g.layout().occ[(3, 1)] == mine
    g.execute(at(g, "1,1"), spell)  # HG-70: it dies
    g._run()
    assert len(g.board_units(stones=False)) == 3 and _layout_is_the_battlefields(g)
    g.transform(at(g, "0,4"), "hoplite", spell)  # HG-66: a card made on the battlefield
    assert g.zones.layout is None
    g.legal_actions()
    assert _layout_is_the_battlefields(g)
    # HG-69: a unit with Resurrection dies, leaving its cell, and takes it again
    g = make([u("hoplite", "2,1", resurrection=True, health=1), u("hoplite", "2,2", owner=2)])
    g.legal_actions()
    back = at(g, "2,1")
    g.damage(back, 1, spell)
    g._check_deaths()
    g._run()
    assert any(e.kind == "resurrect" for e in g.log.since(0))
    assert g.card(back).zone == "board" and _layout_is_the_battlefields(g)


def test_a_unit_put_on_the_battlefield_by_hand_makes_the_layout_unknown() -> None:
    """`Zones.create` on the battlefield says no cell: the layout is then unknown, and worked out
    (with the unit on the cell it was given since) when next asked for."""
    g = make([u("hoplite", "2,1")])
    assert _layout_is_the_battlefields(g) or g.legal_actions()
    c = g.zones.create(g.pool["hoplite"], 0, "board", factory=HotgCard)
    assert g.zones.layout is None
    c.cell = (2, 2)  # type: ignore[attr-defined]
    assert (2, 2) in g.layout().occ and _layout_is_the_battlefields(g)
    g.zones.move(c.uid, "holding")  # (and taken off by hand: followed)
    assert _layout_is_the_battlefields(g) and (2, 2) not in g.layout().occ


def test_hg40_attack_targets_agree_with_in_range() -> None:
    seen = 0
    for g in _games(3):
        for uid in g.board_units(stones=False):
            p = g.card(uid).controller
            expected = [t for t in g.attackable(p) if g.in_range(uid, t)]
            assert g.attack_targets(uid) == expected
            seen += len(expected)
    assert seen > 100


def test_can_target_fast_path_agrees_with_the_checks() -> None:
    for g in _games(2):
        for uid in g.board_units():
            c = g.card(uid)
            for controller in (0, 1, None):
                for kind in ("spell", "warcry", "ability", "attack"):
                    enemy = g.is_enemy(uid, controller)
                    stone = g.is_stone(uid)
                    plain = not (
                        (enemy and g.stealthed(uid))
                        or (enemy and stone and g.guarded(g.stones.index(uid)))
                        or g.immune_blocks(uid, kind, controller)
                    )
                    assert g.can_target(uid, kind, controller) == plain, (c, kind, controller)


def test_the_battlefield_loops_agree_with_can_target() -> None:
    seen = 0
    for g in _games(2):
        board = g.board_units()
        for controller in (0, 1):
            assert g.attackable(controller) == [
                t for t in board if g.is_enemy(t, controller) and g.can_target(t, "attack", controller)
            ]
            for kind in ("spell", "warcry", "ability"):
                expected = [t for t in board if g.can_target(t, kind, controller)]
                assert g.targets_for("any", controller, kind, -1, {}) == expected
                seen += len(board) - len(expected)
    assert seen > 0  # some units were no valid target


def test_targets_for_agrees_with_the_plain_filter() -> None:
    """`targets_for` (its spec flags worked out once, `can_target` asked only about a stone
    or a unit with Stealth or Immune) against the spec read plainly, unit by unit; also
    given the controller's units (`mine`, as `legal_actions()` has them in its scan), among
    which it looks for a target that must be one of them; its loop for an enemy (unit)
    without parameters, the Leader Abilities' most common target, too."""
    enemy_specs, ally_specs = ("enemy", "enemy_unit"), ("ally", "ally_unit", "other_ally_unit")
    unit_specs = ("enemy_unit", "ally_unit", "unit", "other_ally_unit")
    specs = ("enemy", "enemy_unit", "ally", "ally_unit", "unit", "any", "other_ally_unit")
    seen = 0
    shielded = make(  # Stealth (HG-64), Immune (HG-67), Guard beside a stone (HG-63), both sides
        [
            u("shade_of_set", "2,2"),
            u("sphinx", "1,1"),
            u("achilles", "3,3", owner=2),
            u("tomb_sentinel", "2,7", owner=2),
            u("loki", "0,4", owner=2),
            u("hoplite", "4,4", owner=2),
        ]
    )
    # its enemies read from the layout (`_Layout.mine` and the other stone) only with no
    # neutral unit (HG-52) and the stones first on the battlefield: a neutral unit, and the
    # stones put last by hand, take the loop over the battlefield
    neutral = make([u("hoplite", "2,2"), u("hoplite", "2,4", owner="neutral"), u("hoplite", "2,6", owner=2)])
    stones_last = _random_states(1)[40]
    for stone in stones_last.stones:
        stones_last.zones["board"].cards.remove(stone)
        stones_last.zones["board"].cards.append(stone)
    stones_last.zones.layout = None
    for g in [*_random_states(2), shielded, neutral, stones_last]:
        board = g.board_units()
        occ = g.occupancy()
        for controller in (0, 1):
            mine = _Scan(g, controller).mine
            source = next((t for t in board if g.is_ally(t, controller) and t not in g.stones), -1)
            for spec in specs:
                for params in ({}, {"max_health": 2}, {"subtype": "God"}):
                    for kind in ("spell", "warcry", "ability"):
                        expected = [
                            t
                            for t in board
                            if not (spec in enemy_specs and not g.is_enemy(t, controller))
                            and not (spec in ally_specs and not g.is_ally(t, controller))
                            and not (spec in unit_specs and t in g.stones)
                            and not (spec == "other_ally_unit" and t == source)
                            and not ("max_health" in params and g.card(t).hp > 2)
                            and not ("subtype" in params and "God" not in g.card(t).subtypes)
                            and g.can_target(t, kind, controller)
                        ]
                        assert g.targets_for(spec, controller, kind, source, params) == expected
                        assert g.targets_for(spec, controller, kind, source, params, occ) == expected
                        assert g.targets_for(spec, controller, kind, source, params, occ, mine) == expected
                        seen += len(expected)
    assert seen > 1000


def test_hg07_cost_reductions_come_from_the_definitions() -> None:
    for d in HotgGame.new_game(seed=1).pool.values():
        assert d.facts.cost_reductions == tuple(
            (ab.get("subtype"), int(ab.get("amount", 1)))
            for ab in d.abilities
            if ab.get("when") == "aura" and ab.get("do") == "cost_reduction"
        )
    g = make([u("hoplite", "2,1"), u("hoplite", "2,7", owner=2)])
    base = g.pool["hoplite"]
    d = replace(
        base,
        id="test_discount",
        abilities=(
            {"when": "aura", "do": "cost_reduction", "subtype": "Beast", "amount": 2},
            {"when": "aura", "do": "cost_reduction"},
        ),
    )
    assert d.facts.cost_reductions == (("Beast", 2), (None, 1))
    mine, theirs = at(g, "2,1"), at(g, "2,7")
    g.card(mine).defn = d
    g.card(theirs).defn = d
    assert g.cost_reductions(0) == [("Beast", 2), (None, 1)]
    g.card(mine).silenced = True  # HG-73: a silenced unit has no aura
    assert g.cost_reductions(0) == []
    assert g.cost_reductions(1) == [("Beast", 2), (None, 1)]


def _plain_play_actions(g: HotgGame, p: int) -> list[Action]:
    """The ways `p` may play cards from hand, written plainly: every card's `cost()`, with
    its reductions, against the mana (HG-07), then that card's ways to be played."""
    pl = g.pl[p]
    mana = pl.mana
    out = []
    for uid in g.zones[f"hand:{p}"].cards:
        if g.cost(uid, p) <= mana:
            pl.mana = 99  # (no cost left to check: the card's ways to be played)
            out += g._card_play_actions([uid], p, None)
            pl.mana = mana
    return out


def test_hg07_reductions_are_looked_for_only_past_the_mana() -> None:
    """`legal_actions()` looks for the cost reductions only when a card's printed cost is
    above the mana: its plays are those of every card's `cost()` (a reduction lowers a cost,
    its amount is 1 or more: `validate_def`)."""
    plays = 0
    for g in islice(_games(4), 0, None, 3):
        if g.is_over() or g.pending is not None:
            continue
        expected = _plain_play_actions(g, g.active)
        assert [a for a in g.legal_actions() if a.kind == "play"] == expected
        plays += len(expected)
    assert plays > 100
    # Skadi's aura (Beast cards cost 1 less) makes Fenrir (5) playable with 4 mana, not with 3
    for mana, playable in ((4, True), (3, False)):
        g = make([u("skadi", "2,1")], p1={"mana": mana, "max_mana": mana, "hand": ["fenrir", "grey_wolf"]})
        fenrir = next(uid for uid in g.zones["hand:0"].cards if g.card(uid).defn.id == "fenrir")
        acts = g.legal_actions()
        assert any(a.kind == "play" and a.args[0] == fenrir for a in acts) is playable
        assert [a for a in acts if a.kind == "play"] == _plain_play_actions(g, 0)


def test_cells_are_the_shared_tuples() -> None:
    shared = {id(cell) for row in CELLS for cell in row}
    assert [cell for row in CELLS for cell in row] == [(r, c) for r in range(5) for c in range(9)]
    for table in (NEIGHBOURS, ORTHOGONAL):
        for cell, around in table.items():
            assert id(cell) in shared and all(id(n) in shared for n in around)
    for r in range(5):
        for c in range(9):
            assert parse_cell(f"{r},{c}") is CELLS[r][c]
            assert parse_cell(f"0{r},{c}") is CELLS[r][c]  # (not the usual spelling)
    g = _random_states(1)[-1]
    for uid in g.board_units():
        cell = g.cell_of(uid)
        assert cell == (g.card(uid).row, g.card(uid).col) and id(cell) in shared
    assert all(id(cell) in shared for cell in g.occupancy())


def test_a_cards_cell_is_its_row_and_column() -> None:
    """A card keeps its cell in one slot, `cell`: the engine stores the shared tuples there
    (deployed, moved, resurrected, spawned, transformed, a stone, a scenario's unit: at
    every step of random games and in a scenario), `row` and `col` read it, and setting
    them sets it; off the battlefield it is `OFF_BOARD`, as after `reset()`."""
    shared = {id(cell) for row in CELLS for cell in row}
    for g in chain(_games(3), [make([u("hoplite", "1,2"), u("hoplite", "3,4", 2)])]):
        for uid in g.zones["board"].cards + g.zones["banished"].cards:
            c = g.card(uid)
            assert id(c.cell) in shared and c.cell == (c.row, c.col)
            assert c.canonical()[6:8] == [c.row, c.col]
    c = g.card(at(g, "3,4"))
    c.row, c.col = 0, 7
    assert c.cell == (0, 7) == (c.row, c.col)
    c.reset()
    assert c.cell == OFF_BOARD == (-1, -1) == (c.row, c.col)


def test_a_mask_lists_its_cells_in_sorted_order() -> None:
    """The move search and `deploy_cells` list a mask's cells by increasing bit, that is by
    `CELL_NUMBER`: the same order as sorting the (row, col) tuples."""
    rng = random.Random(3)
    cells = [cell for row in CELLS for cell in row]
    for _ in range(500):
        some = rng.sample(cells, rng.randrange(0, 25))
        assert sorted(some, key=CELL_NUMBER.__getitem__) == sorted(some) == mask_cells(cells_mask(some))


def test_hg57_aura_bonuses_come_from_the_definitions() -> None:
    from hotg.effects import aura_bonus

    for d in HotgGame.new_game(seed=1).pool.values():
        facts = replace(d).facts  # a fresh definition: nothing worked out yet
        assert facts.aura_bonuses is None
        expected = tuple((ab, aura_bonus(ab)) for _, ab in d.abilities_when("aura"))
        assert facts.work_out_aura_bonuses() == expected
        assert facts.aura_bonuses == expected
    assert aura_bonus({"do": "adjacent_allies", "attack": 1, "protect": 2}) == (("attack", 1), ("protect", 2))
    assert aura_bonus({"do": "cost_reduction", "amount": 1}) == ()
    g = make([u("hoplite", "2,1"), u("hoplite", "2,2")])
    d = replace(
        g.pool["hoplite"],
        id="test_empty_aura",
        abilities=({"when": "aura", "do": "adjacent_allies"},),  # raises no stat
    )
    g.card(at(g, "2,1")).defn = d
    assert g.refresh_auras()
    assert g.card(at(g, "2,2")).modifiers == []


def test_the_bounded_stats_equal_the_plain_formulas() -> None:
    checked = 0
    for g in islice(_games(4), 0, None, 5):
        for uid in g.board_units():
            c = g.card(uid)
            texts = [] if c.silenced else list(c.defn.facts.protect)
            vals = texts + [m.value for m in c.modifiers if m.stat == "protect"]
            assert g.protect(uid) == max(vals, default=0)
            if uid in g.stones:
                continue
            assert g.attack_of(uid) == max(0, c.stat("attack"))
            assert g.range_of(uid) == max(1, c.stat("range"))
            assert g.move_of(uid) == (0 if c.defn.facts.structure else max(0, c.stat("move")))
            checked += 1
        for p in (0, 1):
            # HG-07, HG-73: the reductions of `p`'s unsilenced units, plainly (`cost_reductions`
            # reads `p`'s units from the kept layout)
            reductions = [
                r
                for s in g.board_units()
                if s not in g.stones and g.card(s).controller == p and not g.card(s).silenced
                for r in g.card(s).defn.facts.cost_reductions
            ]
            assert g.cost_reductions(p) == reductions
            for uid in g.zones[f"hand:{p}"].cards:
                c = g.card(uid)
                cut = sum(a for sub, a in reductions if not sub or sub in c.subtypes)
                assert g.cost(uid, p) == max(0, c.defn.cost - cut)
    assert checked > 100
    g = make([u("hoplite", "2,1")])
    uid = at(g, "2,1")
    for value in (2, 3, 1):
        g.add_modifier(uid, "protect", value, "eot", Ctx(uid, 0, uid, {}, "effect"))
    assert g.protect(uid) == 3


def test_hg02_the_loops_tell_the_summoning_stones_by_two_comparisons() -> None:
    """`board_units(stones=False)`, the scan and `refresh_auras` compare each uid with the
    two stones: the same units as `not in g.stones`."""
    for g in _games(2):
        board = g.zones["board"].cards
        units = [uid for uid in board if uid not in g.stones]
        assert g.board_units(stones=False) == units
        assert set(_Scan(g, g.active).mine) <= set(units)
        assert g.targets_for("unit", 0, "spell", -1, {}) == [
            uid for uid in units if g.can_target(uid, "spell", 0)
        ]


def test_the_hand_zone_names_are_the_zones() -> None:
    g = HotgGame.new_game(seed=1)
    assert tuple(f"hand:{p}" for p in (0, 1)) == _HAND_ZONES
    assert all(name in g.zones.zones for name in _HAND_ZONES)


def test_hg02_a_summoning_stone_has_no_aura() -> None:
    """`refresh_auras` looks for aura sources without telling the stones apart: a Summoning
    Stone has no ability at all, so no aura (and no start- or end-of-turn effect)."""
    stone_def = HotgGame.new_game(seed=1).pool["summoning_stone"]
    assert not stone_def.abilities and not stone_def.facts.auras and not stone_def.facts.by_when
    for g in _games(2):
        for uid in g.stones:
            assert g.card(uid).defn is stone_def


def test_hg57_an_aura_that_lowers_health_still_keeps_health_in_bounds() -> None:
    """`refresh_auras` asks for the maximum health of a unit that keeps exactly its aura
    bonuses only when its health is above the printed one or an aura lowers health: with
    an aura of -2 health, health set by hand to the printed health is lowered all the same
    (as the plain refresh does), also when the unit had that bonus already."""
    g = make([u("hoplite", "2,1"), u("hoplite", "2,2")])
    hop = at(g, "2,2")
    _aura_unit(g, "test_curse", {"when": "aura", "do": "adjacent_allies", "health": -2, "attack": 1}, "3,2")
    for _ in range(3):  # the first refresh gives the bonus, the others keep it
        g.card(hop).hp = g.card(hop).defn.health  # by hand: the printed health
        plain = g.clone()
        assert g.refresh_auras() == _plain_refresh(plain)
        assert g.canonical() == plain.canonical()
        assert g.card(hop).hp == g.max_health(hop) == g.card(hop).defn.health - 2


def _start_turn_queuing_late(g: HotgGame, p: int) -> bool:
    """`_start_turn`, with the start-of-turn effects queued at its end, after the draw, the
    refresh and the death checks (as they were before they moved into its first loop)."""
    pushed: list[tuple[object, ...]] = []
    real = g._push_ability
    g._push_ability = lambda *args: pushed.append(args)  # type: ignore[method-assign]
    try:
        settled = g._start_turn(p)
    finally:
        del g._push_ability
    for args in pushed:
        real(*args)  # type: ignore[arg-type]
    return settled


def test_hg20_start_of_turn_effects_queued_early_as_late() -> None:
    """The start-of-turn effects are queued in `_start_turn`'s first loop: the draw, the
    refresh and the death checks after it change no unit's place, controller or text, and
    queue nothing at their level, so the state, the queue and the log are those of queuing
    them last; also with a unit dying then and with a full hand (the draw burns a card)."""
    for dying, hand in ((False, 3), (True, 3), (True, 10)):
        g = make(
            [
                u("obelisk", "1,1", 2),
                u("obelisk", "3,1", 2),
                u("legionary", "2,2", 2),
                u("legionary", "2,7", 1),
            ],
            p2={"stone": 20, "deck": ["legionary"] * 15},
        )
        for _ in range(hand - len(g.zones[_HAND_ZONES[1]].cards)):
            g.draw(1, log=False)
        dead = at(g, "2,2")
        if dying:
            g.card(dead).hp = 0
        late = g.clone()
        assert g._start_turn(1) == _start_turn_queuing_late(late, 1)
        assert g.canonical() == late.canonical()
        assert [e.text for e in g.log] == [e.text for e in late.log]
        g._run()
        late._run()
        assert g.canonical() == late.canonical()
        assert [e.text for e in g.log] == [e.text for e in late.log]
        assert g.card(g.stones[1]).hp == 24  # both obelisks healed it (20 + 2 + 2)
        assert g.on_board(dead) != dying
        assert any(e.kind == "burn" for e in g.log) == (hand == 10)


class _NeverKept(HotgGame):
    """The long form: every action and every queue loop starts on a battlefield not known
    to be settled (as before `_settled`), so a move always settles it again; and the queue
    loop runs after every action (`_apply` skips it after a move that queued nothing, and
    after ending the turn, which ran it)."""

    def _apply(self, action: Action) -> None:
        self._settled = False
        super()._apply(action)
        self._run()

    def _run(self) -> None:
        self._settled = False
        super()._run()


def test_hg57_the_battlefield_stays_settled_from_one_action_to_the_next() -> None:
    seen = 0
    for seed in range(1, 9):
        g = HotgGame.new_game(seed=seed)
        plain = _NeverKept.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            if g._settled:  # a refresh would change nothing, and no death is left to find
                assert _refresh_changes_nothing(g)
                assert all(g.card(uid).hp > 0 or g.card(uid).dying for uid in g.board_units())
                seen += 1
            legal = g.legal_actions()
            action = legal[rng.randrange(len(legal))]
            g.apply_legal(action)
            plain.apply_legal(action)
            assert g.canonical() == plain.canonical()
            assert g.clone()._settled == g._settled
        assert [(e.kind, e.text, e.data) for e in g.log] == [(e.kind, e.text, e.data) for e in plain.log]
        loaded = HotgGame.from_json(g.to_json())  # a save: replayed
        assert loaded.canonical() == g.canonical()
        assert loaded._settled == g._settled
    assert seen > 1000
    assert not make([u("hoplite", "2,1")])._settled  # a scenario: not known


def test_hg57_a_move_changes_the_auras_only_where_said() -> None:
    """`_move_change` against a refresh after the move's one change (the mover's cell), on
    settled battlefields along random games, a few moves each; the cases where it says no
    with an aura of adjacent allies on the battlefield are counted. Where it says only the
    mover's bonuses may change, refreshing the mover alone gives the full refresh's state,
    settled flag and deaths."""
    rng = random.Random(3)
    said_no = changed = mover_only = 0
    for g in _random_states(6):
        if g.is_over() or g.pending is not None or not g._settled:
            continue
        moves = [a for a in g.legal_actions() if a.kind == "move"]
        for a in rng.sample(moves, min(3, len(moves))):
            probe = g.clone()
            c = probe.card(int(a.args[0]))
            old, new = c.cell, parse_cell(a.args[1])
            assert new is not None
            c.cell = new
            change = probe._move_change(c, old, new)
            says = change != _KEEPS
            if change == _CHANGES_ONE:
                full = probe.clone()
                only = probe.clone()
                assert only._refresh_auras(only.card(c.uid)) == full._refresh_auras(), a
                assert only.canonical() == full.canonical(), a
                mover_only += not _refresh_changes_nothing(probe)
            if not _refresh_changes_nothing(probe):
                assert says, a
                changed += 1
            elif not says and any(
                ab["do"] == "adjacent_allies"
                for uid in probe.board_units()
                for _, ab in probe.card(uid).defn.facts.auras
            ):
                said_no += 1
    assert changed > 20
    assert said_no > 50
    assert mover_only > 20


def test_hg57_an_entry_said_to_keep_the_battlefield_settled_does(monkeypatch: pytest.MonkeyPatch) -> None:
    kept: dict[str, int] = {}
    changed = 0  # units that came or left and changed what a refresh does: `_change` said so
    one = 0  # units that came and changed what a refresh does, only for themselves
    resolve = HotgGame._resolve

    def checked_resolve(g: HotgGame, entry: tuple[Any, ...], settled: bool = False) -> bool:
        nonlocal changed, one
        out = resolve(g, entry, settled)
        if not settled or out:
            return out
        change = g._change(entry)
        name = str(g.pool[entry[1]].abilities[entry[2]]["do"]) if entry[0] == "ab" else entry[0]
        if change == _CHANGES:
            changed += entry[0] in ("deploy", "death") and not _refresh_changes_nothing(g)
            return out
        if change == _CHANGES_ONE:  # the refresh of that unit alone is the full refresh
            full, only = g.clone(), g.clone()
            assert only._refresh_auras(only.card(entry[1])) == full._refresh_auras(), entry
            assert only.canonical() == full.canonical(), entry
            one += not _refresh_changes_nothing(g)
            return out
        assert _refresh_changes_nothing(g), entry
        if change == _KEEPS:  # and no death to find
            assert all(g.card(uid).hp > 0 or g.card(uid).dying for uid in g.board_units()), entry
        kept[name] = kept.get(name, 0) + 1
        return out

    monkeypatch.setattr(HotgGame, "_resolve", checked_resolve)
    _play(8)
    assert kept["deploy"] > 100 and kept["death"] > 100, kept
    assert kept["damage"] > 100 and kept["heal_adjacent_allies"] > 20, kept
    assert kept["buff"] > 20 and kept["give_protect"] > 10, kept
    assert kept["attack_damage"] > 100 and kept["return_damage"] > 50, kept  # (its unit above 0 health)
    assert changed > 5 and one > 20
    assert set(_EFFECT_CHANGE) <= set(EFFECTS)  # (names of effects, no typo)


def test_hg57_a_unit_coming_onto_the_battlefield_changes_the_auras_where_said() -> None:
    """`_arrival_changes_auras`: next to an ally's aura of adjacent allies, or with any
    other aura on the battlefield, or with an aura of its own: yes; otherwise no."""
    g = make([u("enyo_banner", "2,2"), u("legionary", "2,6", 2), u("legionary", "0,6")])
    for cell, owner, want in (("2,3", 0, True), ("3,3", 0, True), ("2,4", 0, False), ("2,3", 1, False)):
        probe = g.clone()
        c = probe.card(at(probe, "2,6"))
        c.cell, c.controller = parse_cell(cell), owner  # type: ignore[assignment]
        assert probe._arrival_changes_auras(c) == want, (cell, owner)
    assert g._arrival_changes_auras(g.card(at(g, "0,6"))) is False
    g.card(at(g, "2,2")).silenced = True  # HG-73: no aura
    c = g.card(at(g, "2,6"))
    c.cell, c.controller = parse_cell("2,3"), 0  # type: ignore[assignment]
    assert not g._arrival_changes_auras(c)
    b = make([u("basilisk", "4,4", 2), u("legionary", "0,6")])  # an aura on all enemies
    assert b._arrival_changes_auras(b.card(at(b, "0,6")))
    assert b._arrival_changes_auras(b.card(at(b, "4,4")))  # an aura of its own


def _plain_aura_units(g: HotgGame) -> tuple[int, ...]:
    return tuple(
        uid for uid in g.board_units() if any(aura_bonus(ab) for _, ab in g.card(uid).defn.facts.auras)
    )


def test_hg57_gives_aura_bonus_follows_the_definition() -> None:
    """`_gives_aura_bonus` (looked up by the definition's facts) for every definition of the
    pool, and one made by `dataclasses.replace` with the aura taken away or added."""
    pool = card_pool()
    for d in pool.values():
        assert _gives_aura_bonus(d) == any(aura_bonus(ab) for _, ab in d.facts.auras), d.id
    banner = pool["enyo_banner"]
    assert _gives_aura_bonus(banner)
    assert not _gives_aura_bonus(replace(banner, abilities=()))
    reduction = {"when": "aura", "do": "cost_reduction", "amount": 1}
    assert not _gives_aura_bonus(replace(banner, abilities=(reduction,)))
    assert _gives_aura_bonus(replace(pool["legionary"], abilities=banner.abilities))


def test_hg57_the_aura_units_are_those_of_the_battlefield() -> None:
    seen = 0
    for seed in (1, 2, 3):
        g = HotgGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            assert g._aura_units() == _plain_aura_units(g)
            seen += bool(g._aura_units())
            probe = g.clone()  # (the clone keeps what was worked out: still right)
            assert probe._aura_units() == _plain_aura_units(probe)
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
        loaded = HotgGame.from_json(g.to_json())
        assert loaded._aura_units() == _plain_aura_units(g)
    assert seen > 100
    s = make([u("enyo_banner", "2,2"), u("legionary", "2,3"), u("basilisk", "4,4", 2)])
    assert s._aura_units() == _plain_aura_units(s) == (at(s, "2,2"), at(s, "4,4"))


def test_hg05_cell_free_is_neither_occupied_nor_kept() -> None:
    banished = make([u("hoplite", "2,3", banished=True), u("legionary", "1,3")])
    for g in chain([banished], _games(3)):
        occ, ban = g.occupancy(), g.banished_cells()
        for row in CELLS:
            for cell in row:
                assert g.cell_free(cell) == (cell not in occ and cell not in ban)
                assert g.cell_free((cell[0], cell[1])) == g.cell_free(cell)  # (any equal tuple)
    assert not banished.cell_free(CELLS[2][3]) and not banished.cell_free(CELLS[1][3])


def _ending_bonus_left(g: HotgGame) -> bool:
    return any(
        m.until not in ("permanent", "aura")
        for uid in g.zones["board"].cards + g.zones["banished"].cards
        for m in g.card(uid).modifiers
    )


class _AlwaysEnding(HotgGame):
    """The long form of the expiry: every `_expire` loops over the units."""

    def _expire(self, until: str, settled: bool = False) -> bool:
        self._ending = True
        return super()._expire(until, settled)


def test_hg56_the_expiry_loops_only_when_a_bonus_may_end() -> None:
    none_left = left = 0
    for seed in range(1, 9):
        g = HotgGame.new_game(seed=seed)
        plain = _AlwaysEnding.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            if g._ending:
                left += _ending_bonus_left(g)
            else:
                assert not _ending_bonus_left(g)
                none_left += 1
            assert g.clone()._ending == g._ending
            legal = g.legal_actions()
            action = legal[rng.randrange(len(legal))]
            g.apply_legal(action)
            plain.apply_legal(action)
            assert g.canonical() == plain.canonical()
        assert [e.text for e in g.log] == [e.text for e in plain.log]
        assert HotgGame.from_json(g.to_json())._ending == g._ending
    assert none_left > 300 and left > 100
    assert not make([u("hoplite", "2,1", attack_bonus=1)])._ending  # (permanent)


def _finds_no_death(g: HotgGame) -> bool:
    probe = g.clone()
    before, logged = probe.canonical(), len(probe.log)
    probe._check_deaths()
    return probe.canonical() == before and len(probe.log) == logged


def test_hg20_no_death_is_left_when_the_turn_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"expire": 0, "start": 0}
    expire, start = HotgGame._expire, HotgGame._start_turn

    def checked_expire(g: HotgGame, until: str, settled: bool = False) -> bool:
        out = expire(g, until, settled)
        if out:  # settled, its deaths found
            assert _finds_no_death(g)
            seen["expire"] += 1
        return out

    def checked_start(g: HotgGame, p: int, first: bool = False, settled: bool = False) -> bool:
        out = start(g, p, first, settled)
        assert _finds_no_death(g)
        seen["start"] += settled  # (no refresh: only the stones were looked at)
        return out

    monkeypatch.setattr(HotgGame, "_expire", checked_expire)
    monkeypatch.setattr(HotgGame, "_start_turn", checked_start)
    _play(3)
    assert seen["expire"] > 100 and seen["start"] > 50, seen


class _QueuedTurnEnd(HotgGame):
    """The long form of ending the turn: the turn passes through the queue (its turn_end
    entry) also when no end-of-turn effect was queued before it."""

    def _end_turn(self, p: int) -> None:
        self.log.emit("turn", f"P{p + 1} ends the turn", player=p)
        for uid in self.zones["board"].cards:
            c = self.card(uid)
            if c.controller == p:
                for idx, ab in c.abilities("end_turn"):
                    self._push_ability(c.hdef, idx, uid, p, _chosen(ab), "effect", LEVEL["other"], c.entered)
        self._push(("turn_end", p), TURN_LEVEL)
        self._run()


def test_hg21_the_turn_passes_at_once_as_through_the_queue() -> None:
    ends = 0
    for seed in range(1, 7):
        g = HotgGame.new_game(seed=seed)
        plain = _QueuedTurnEnd.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            action = legal[rng.randrange(len(legal))]
            ends += action.kind == "end"
            g.apply_legal(action)
            plain.apply_legal(action)
            assert g.canonical() == plain.canonical()
            assert g._settled == plain._settled
        assert [(e.kind, e.text, e.data) for e in g.log] == [(e.kind, e.text, e.data) for e in plain.log]
    assert ends > 200


def test_hg57_check_invariants_catches_a_kept_flag_that_lies() -> None:
    """`check_invariants` (run by the harness and `triarch soak` at every step) checks what
    the engine keeps between actions: a battlefield said to be settled that a refresh would
    change, and a bonus that ends left behind `_ending`, are caught."""
    g = make([u("hoplite", "2,1"), u("hoplite", "2,2")])
    g.check_invariants()
    hop = at(g, "2,2")
    _aura_unit(g, "test_banner", {"when": "aura", "do": "adjacent_allies", "health": 2}, "3,2")
    g.refresh_auras()
    g.check_invariants()
    g.card(hop).hp = g.max_health(hop) + 3  # set by hand, above the maximum (HG-56)
    g._settled = True
    with pytest.raises(AssertionError, match="refresh changes it"):
        g.check_invariants()
    g._settled = False
    g.check_invariants()
    g.card(hop).hp = g.max_health(hop)
    g.card(hop).modifiers.append(Modifier("attack", 1, "add", -1, "end_of_turn", "buff", 0))
    g._ending = True
    g.check_invariants()
    g._ending = False
    with pytest.raises(AssertionError, match="left unseen"):
        g.check_invariants()


def test_hg04_a_game_without_decks_plays_the_checked_presets() -> None:
    """`new()` takes the presets checked once (`_preset_decks`) for a seat without a deck:
    the same game as one given the preset decks' contents (HG-04: the same opening hands)."""
    contents = list(HotgGame.preset_decks().values())[:2]
    assert hg._preset_decks() == [
        HotgGame.validate_deck(c, f"<deck of player {p + 1}>") for p, c in enumerate(contents)
    ]
    for seed in range(1, 6):
        plain = HotgGame.new_game(seed=seed)
        given = HotgGame.new_game(seed=seed, decks=contents)
        assert plain.state_hash() == given.state_hash()
        assert [e.text for e in plain.log.events] == [e.text for e in given.log.events]
    mixed = HotgGame.new_game(seed=7, decks=[None, contents[0]])
    assert mixed.state_hash() == HotgGame.new_game(seed=7, decks=[contents[0], contents[0]]).state_hash()
    assert mixed.state_hash() != HotgGame.new_game(seed=7).state_hash()  # (the decks differ)
