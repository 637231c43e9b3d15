"""The facts the engine works out once or reads the quick way agree with what they stand for."""

from __future__ import annotations

import dataclasses
import random
import string
from pathlib import Path

import pytest

from bhm import game as game_module
from bhm.ai_search import determinize
from bhm.cards import (
    BEING_TYPES,
    FIELD_TYPES,
    KEYWORDS,
    BhmCard,
    card_pool,
    load_card_file,
    name_of,
    pool_grants,
    pool_lowers,
    pool_territory_grants,
)
from bhm.game import (
    _BEING_ZONES,
    _DEAD,
    _DECKS,
    _DESERTERS,
    _HANDS,
    _NEAR_FIELD_ZONES,
    _ONE,
    _SLOT_ZONES,
    _STRATEGY,
    _TERRITORIES,
    _TWO,
    BhmGame,
    BhmZones,
    TargetsMemo,
    Why,
    _preset_decks,
    _say,
)
from common.cards import Card, Modifier, keyword_name
from common.decks import DeckList
from common.errors import DataError
from common.game import Action
from common.zones import Zone, Zones

from .helpers import b, end_turn, find, random_states
from .test_keywords import strategy_game


def test_definition_facts_agree_with_the_printed_fields() -> None:
    """BhmDef's init=False facts: worked out from the card as printed (BH-71 for is_being)."""
    for d in card_pool().values():
        assert d.is_field == (d.type in FIELD_TYPES)
        assert d.is_being == (d.type in BEING_TYPES)
        assert d.is_invoker == ("INVOKER" in d.classes and d.is_being)
        assert d.kw_names == {keyword_name(k) for k in d.keywords}
        assert d.grant_names == {keyword_name(k) for k in d.grants}
        assert d.lowers == (any(v < 0 for v in d.bonus.values()) or (d.effect == "aura" and d.amount < 0))


@pytest.mark.parametrize("key", ["is_field", "kw_names", "grant_names"])
def test_a_worked_out_fact_is_not_a_card_file_key(tmp_path: Path, key: str) -> None:
    p = tmp_path / "cards.toml"
    p.write_text(
        f'[[card]]\nid = "x"\nname = "X"\ntype = "being"\npod = 100\nsalud = 100\n{key} = true\n',
        encoding="utf-8",
    )
    with pytest.raises(DataError, match="unknown key"):
        load_card_file(p)


def test_stat_is_the_maximum_less_what_was_lost() -> None:
    """`stat` subtracts what was lost from `max_stat` by a comparison (no `max()` call): the plain
    formula, never below 0, for every card and attribute along random games."""
    lost = {"salud": "wounds", "res": "res_lost", "pod": "pod_spent", "val": "val_lost"}
    for g in random_states(range(1, 4)):
        for c in g.zones.cards.values():
            for s in ("pod", "fue", "res", "val", "salud"):
                top = g.max_stat(c, s)  # type: ignore[arg-type]
                want = None if top is None else max(0, top - getattr(c, lost[s])) if s in lost else top
                assert g.stat(c, s) == want  # type: ignore[arg-type]


def test_zone_sets_match_the_zone_names() -> None:
    g = BhmGame.new_game(seed=1)
    for name in g.zones.zones:
        assert (name in _BEING_ZONES) == name.startswith("slot:")
        assert (name in _NEAR_FIELD_ZONES) == name.startswith(("slot:", "deserters:"))


def test_target_kind_says_whether_targets_for_gives_a_list() -> None:
    """`pending_needs_target` asks `target_kind`; it must agree with `targets_for(...) is not None`."""
    for g in random_states(range(1, 6)):
        for c in g.zones.cards.values():
            assert (g.target_kind(c) is None) == (g.targets_for(g.active, c) is None)  # type: ignore[arg-type]


def test_max_stat_weighs_only_the_modifiers_of_its_stat() -> None:
    """`max_stat` takes its quick path when no modifier changes the stat asked about: a modifier of
    another stat (set or add, any source) leaves it as it was."""
    for g in random_states(range(1, 4)):
        for c in g.field_cards(0) + g.field_cards(1):
            before = {s: g.max_stat(c, s) for s in ("pod", "fue", "res", "val", "salud")}
            saved = c.modifiers
            for op in ("set", "add"):
                c.modifiers = (*saved, Modifier("fue", 500, op, c.uid, "eot", "", 10**6))
                for s in ("pod", "res", "val", "salud"):
                    assert g.max_stat(c, s) == before[s]
            c.modifiers = saved


def test_lose_says_what_cur_gives_after_the_loss() -> None:
    """`lose()` writes what is left as the value before less what was taken (the maximum does not
    move), and `physical_hit()` says a hit on one line, with the Salud left: the log lines agree with `cur()` and `label()`."""
    for g in random_states(range(1, 4)):
        for c in g.field_cards(0) + g.field_cards(1):
            for stat in ("salud", "res", "pod", "val"):
                h = g.clone()
                t = h.card(c.uid)
                name = h.label(t)
                if h.lose(t, stat, 100, "test"):
                    line = next(e.text for e in reversed(h.log.events) if e.kind == "lose")
                    assert line.startswith(f"{name} loses ")
                    if t.zone == c.zone:  # not killed nor fled by the state checks
                        assert line.endswith(f": {h.cur(t, stat)} left")
            h = g.clone()
            t = h.card(c.uid)
            name, mark = h.label(t), len(h.log.events)
            h.physical_hit(t, 300, "test")
            hits = [e.text for e in h.log.events[mark:] if e.kind in ("hit", "lose")]
            assert len(hits) == 1 and hits[0].startswith(f"test on {name}: "), hits  # one line a hit
            if t.zone == c.zone and h.cur(t, "salud") and not hits[0].endswith("(RES only)"):
                assert hits[0].endswith(f", {h.cur(t, 'salud')} left"), hits


def test_zone_names_are_the_prepared_strings() -> None:
    """The zones the engine looks up most are named with the module's own strings (a look-up by
    one finds the key by identity), in a new game and in its clone."""
    g = BhmGame.new_game(seed=1)
    for h in (g, g.clone()):
        keys = {name: name for name in h.zones.zones}
        for p in (0, 1):
            for names in (_TERRITORIES, _DESERTERS, _HANDS, _DECKS, _DEAD, _STRATEGY):
                assert keys[names[p]] is names[p]
            for name in _SLOT_ZONES[p]:
                assert keys[name] is name
                assert h.zones.zones[name].name is name


def test_name_of_is_the_name() -> None:
    """`label()` asks `name_of(c)`; it is what `c.name` gives, a nameless being's (BH-101) too."""
    g = BhmGame.new_game(seed=1)
    for c in g.zones.cards.values():
        assert name_of(c) == c.name == c.defn.name  # type: ignore[arg-type]
        c.nameless = True  # type: ignore[attr-defined]
        assert name_of(c) == c.name == "(nameless)"  # type: ignore[arg-type]


def test_has_is_whether_keywords_name_it() -> None:
    """`has()` answers from its quick look when nothing names the keyword: the same answer as
    looking through `keywords(c)`, for every card and keyword along random games."""
    for g in random_states(range(1, 4)):
        for c in g.zones.cards.values():
            names = {keyword_name(k) for k in g.keywords(c)}  # type: ignore[arg-type]
            for kw in KEYWORDS:
                assert g.has(c, kw) == (kw in names)  # type: ignore[arg-type]


def _keywords_the_long_way(g: BhmGame, c: BhmCard) -> list[str]:
    """`keywords(c)` as it was written before `_keeps`: none on or near the field once the card
    lost its abilities (BH-33), Eternal dropped with the name (BH-101)."""
    near = c.zone in _NEAR_FIELD_ZONES
    if near and g.abilities_off(c):
        return []
    d = c.defn
    kws = list(d.keywords)
    if near:
        for a in g.attachments(c):
            kws.extend(a.defn.grants)
        for t in g.cards_in(_TERRITORIES[c.controller]):  # type: ignore[index]
            if d.is_being and t.defn.element in ("", d.element):
                kws.extend(t.defn.grants)
        kws.extend(m.stat[3:] for m in c.modifiers if m.stat.startswith("kw:"))
    if c.nameless:
        kws = [k for k in kws if keyword_name(k) != "Eternal"]
    return kws


def test_keywords_and_has_drop_what_keeps_drops() -> None:
    """`keywords()` and `has()` (which answers for a printed keyword from `_keeps` alone) give what
    the long way gives, for every card along random games, and at every third state again with
    each card made nameless, petrified or with its POD spent (its abilities lost)."""
    seen = 0
    for step, g in enumerate(random_states(range(1, 4))):
        # every state as it is; every third one also with each change
        changes = ("", "nameless", "petrified", "pod_spent") if step % 3 == 0 else ("",)
        for x in g.zones.cards.values():
            assert isinstance(x, BhmCard)
            for change in changes:
                # the card changed for a while and set back (both ways only read the game)
                was = (x.nameless, x.petrified, x.pod_spent)
                if change == "pod_spent":
                    x.pod_spent = 99
                elif change:
                    setattr(x, change, True)
                kws = g.keywords(x)
                assert kws == _keywords_the_long_way(g, x), change
                names = {keyword_name(k) for k in kws}
                for kw in x.defn.kw_names | {"Eternal", "Invisible"}:
                    assert g.has(x, kw) == (kw in names), (change, kw)
                seen += bool(x.defn.kw_names) and not kws
                x.nameless, x.petrified, x.pod_spent = was
    assert seen > 0  # printed keywords dropped were met


def test_a_card_whose_effect_ran_the_state_checks_last_needs_none_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`_resolve` leaves the state checks out when `_resolve_card` says its effect ran them last:
    running them there changes nothing (state and log) along random games."""
    resolve_card = BhmGame._resolve_card
    seen = 0

    def checked(g: BhmGame, pa: tuple[object, ...]) -> bool:
        nonlocal seen
        ran_last = resolve_card(g, pa)
        if ran_last:
            seen += 1
            before, events = g.canonical(), len(g.log.events)
            g.state_checks()
            assert g.canonical() == before and len(g.log.events) == events
        return ran_last

    monkeypatch.setattr(BhmGame, "_resolve_card", checked)
    for _ in random_states(range(1, 41)):  # every game played through
        pass
    assert seen > 0


def test_every_refusal_fills_its_words() -> None:
    """The checks give a refusal as a template and what fills it in (`Why`), worded by `_say` only
    when read: along random games, each template uses each value it is given, and nothing else."""
    formatter = string.Formatter()
    seen = 0

    def check(why: Why | None) -> None:
        nonlocal seen
        if why is None:
            return
        seen += 1
        fields = {int(f.split(".")[0]) for _, f, _, _ in formatter.parse(why[0]) if f is not None}
        assert fields == set(range(len(why) - 1)), why
        words = _say(why)
        assert words is not None and "{" not in words and "}" not in words

    for g in random_states(range(1, 4)):
        if g.sub in ("main", "combat"):
            field = g.field_cards(0) + g.field_cards(1)
            for c in g.zones.cards.values():
                check(g.can_use_ability(c))  # type: ignore[arg-type]
                check(g.strategy_problem(c))  # type: ignore[arg-type]
                check(g._attacker_ready_problem(c))  # type: ignore[arg-type]
                for physical in (True, False):
                    check(g._attack_means_problem(c, physical))  # type: ignore[arg-type]
                    check(g._attacked_problem(g.active, c, physical))  # type: ignore[arg-type]
                for kind in ("own_being", "enemy_being", "being"):
                    check(g._open_target_problem(kind, g.active, c))  # type: ignore[arg-type]
                for b in field:
                    check(g.executor_problem(c, b))  # type: ignore[arg-type]
                    check(g._source_target_problem(g.active, c, b))  # type: ignore[arg-type]
    assert seen > 0


def test_targets_for_agrees_with_target_problem() -> None:
    """`targets_for` looks only through `field_cards`, which are all `on_field` (the check
    `target_problem` makes before `_open_target_problem`): its list is the cards `target_problem`
    accepts, for every source along random games."""
    for g in random_states(range(1, 4)):
        field = g.field_cards(0) + g.field_cards(1)
        assert all(g.on_field(c) for c in field)
        for src in g.zones.cards.values():
            kind = g.target_kind(src)  # type: ignore[arg-type]
            if kind is None or kind == "dead_being":
                continue
            for p in (0, 1):
                accepted = [
                    t.uid
                    for t in g.zones.cards.values()
                    if g.target_problem(kind, p, src, t) is None  # type: ignore[arg-type]
                ]
                assert sorted(g.targets_for(p, src) or []) == sorted(accepted)  # type: ignore[arg-type]


def test_stat_is_none_when_the_card_has_no_such_attribute() -> None:
    """`abilities_off` and `_attack_means_problem` ask `stat` instead of the definition's field
    and `cur`: it is None exactly when the card has no such attribute, for every card and stat."""
    for g in random_states(range(1, 4)):
        for c in g.zones.cards.values():
            for s in ("pod", "fue", "res", "val", "salud"):
                assert (g.stat(c, s) is None) == (getattr(c.defn, s) is None)  # type: ignore[arg-type]


def test_the_attacks_offered_are_those_attack_problem_accepts() -> None:
    """`legal_actions()` asks the attack checks only of `field_cards`, which are on the field
    (`attack_problem` asks that first): in the combat phase it offers exactly the attacks
    `attack_problem` accepts (a power attack once a turn, BH-31): every card in a being zone
    against every card, and the other cards against those in a being zone; every pair of cards
    at every fourth combat state (the rest is ~10 000 pairs of an attacker off the field a state,
    95 % of the test's time, each refused by its first check)."""
    seen = combats = 0
    for g in random_states(range(1, 4)):
        legal = g.legal_actions()
        if g.sub == "combat":
            offered = {(a.kind, a.args) for a in legal if a.kind in ("attack", "pattack")}
            seen += len(offered)
            combats += 1
            cards = list(g.zones.cards.values())
            field = [c for c in cards if c.zone in _BEING_ZONES]
            accepted = set()
            for a in cards:
                for t in cards if combats % 4 == 0 or a in field else field:
                    if g.attack_problem(a, t, True) is None:  # type: ignore[arg-type]
                        accepted.add(("attack", (a.uid, t.uid)))
                    if not a.power_attacked and g.attack_problem(a, t, False) is None:  # type: ignore[attr-defined, arg-type]
                        accepted.add(("pattack", (a.uid, t.uid)))
            assert offered == accepted
    assert seen > 0 and combats > 8


def test_a_lone_object_in_a_zone_kept_for_a_fled_being_is_not_offered() -> None:
    """BH-94 and BH-37: `legal_actions()` works out a lone object's zone number only to see
    whether a fled being keeps that zone; such an object is not offered, one in a free zone is."""
    g = strategy_game(b("storm_roc", 'attached = ["adamant_aegis"]') + b("mountain_giant"), "", "")
    aegis, roc, giant = find(g, "adamant_aegis"), find(g, "storm_roc"), find(g, "mountain_giant")
    equip = Action("equip", (aegis.uid, giant.uid))
    g.flee(roc)
    assert aegis.zone == "slot:0:0" and roc.home == 0
    assert equip not in g.legal_actions()
    roc.home = 5  # (as if it had fled from another zone)
    assert equip in g.legal_actions()


def test_a_fled_being_keeps_what_its_one_attachment_gives() -> None:
    """`_flat_bonuses` and `has` pass over the attachments of a card alone in its own zone; a fled
    being (BH-37) is not in its zone, and the one card left there is its attachment: its bonus
    (Salud 200, RES 300) and its keyword (Invisible) still count."""
    g = strategy_game(b("storm_roc", 'attached = ["adamant_aegis"]') + b("mountain_giant"), "", "")
    roc = find(g, "storm_roc")
    before = {s: g.max_stat(roc, s) for s in ("salud", "res")}
    checked = g._flat_bonuses(roc, ("pod", "salud", "val"), [0, 0, 0])
    g.flee(roc)
    assert roc.zone == "deserters:0" and len(g.zones.zones["slot:0:0"].cards) == 1
    assert {s: g.max_stat(roc, s) for s in ("salud", "res")} == before
    assert g._flat_bonuses(roc, ("pod", "salud", "val"), [0, 0, 0]) == checked == [0, 200, 0]
    h = strategy_game(b("storm_roc", 'attached = ["shadow_cloak"]') + b("mountain_giant"), "", "")
    roc = find(h, "storm_roc")
    assert h.has(roc, "Invisible")
    h.flee(roc)
    assert roc.zone == "deserters:0" and h.has(roc, "Invisible") == ("Invisible" in h.keywords(roc))
    assert h.has(roc, "Invisible")


def _due_the_long_way(g: BhmGame) -> tuple[int, str] | None:
    """What `_state_check_due` stands for: `field_cards` of the active player, then of the other,
    in order, `stat` of each attribute; the executor of a power waiting on the stack is killed at
    POD 0 only once that power has resolved (docs/rulings.md, BH-40 / BH-33 / BH-67)."""
    executors = {e[2] for _, e in g.stack.items if e[0] == "power"}
    for c in g.field_cards(g.active) + g.field_cards(1 - g.active):
        if c.petrified:
            continue
        pod, salud, val = g.stat(c, "pod"), g.stat(c, "salud"), g.stat(c, "val")
        if pod is not None and pod <= 0 and not c.defn.survives_pod_zero and c.uid not in executors:
            return c.uid, "pod"
        if salud is not None and salud <= 0 and not (g.has(c, "Immortal") or g.has(c, "Eternal")):
            return c.uid, "salud"
        if val is not None and val <= 0 and not g.has(c, "Eternal"):
            return c.uid, "val"
    return None


_LOSSES = {"pod": "pod_spent", "salud": "wounds", "val": "val_lost"}


@pytest.mark.parametrize("lowers", [False, True])
def test_state_check_due_is_the_first_card_whose_stat_is_0(
    monkeypatch: pytest.MonkeyPatch, lowers: bool
) -> None:
    """`_state_check_due` compares what was lost with the printed values and the maximum, asking
    `_flat_bonuses` only of a card whose loss reaches a printed value: the same card and reason as
    asking `stat` of every card on the field, at every step of random games, and at every fourth
    step of four of them in states made to need a check (on clones: a card's POD, Salud or VAL lost up to just short of, exactly and
    just beyond its maximum or its printed value); with and without its look past the cards that
    lost less than each printed value (taken when no card of the pool lowers an attribute by a
    static, `pool_lowers`)."""
    assert not pool_lowers()  # (the look is taken along these games, unless made not to be)
    monkeypatch.setattr("bhm.game.pool_lowers", lambda: lowers)
    seen: set[str] = set()
    for seed in range(1, 31):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over():
            step += 1
            # the state as played, then (every fourth step) a card's loss set for a while: the
            # check reads only, so the card is set back rather than the game cloned for each
            changes: list[tuple[BhmCard | None, str, int]] = [(None, "", 0)]
            if seed <= 4 and step % 4 == seed % 4:  # (every fourth step, a different one by seed)
                for c in g.field_cards(0) + g.field_cards(1):
                    for stat, lost in _LOSSES.items():
                        # around the maximum, and around the printed value (below the maximum
                        # when a static raises it)
                        for top in (g.max_stat(c, stat), getattr(c.defn, stat)):
                            for amount in (-1, 0, 1):
                                changes.append((c, lost, max(0, (top or 0) + amount)))
            for c, lost, value in changes:
                was = 0 if c is None else getattr(c, lost)
                if c is not None:
                    setattr(c, lost, value)
                due = g._state_check_due()
                if due is not None:
                    seen.add(due[1])
                assert (None if due is None else (due[0].uid, due[1])) == _due_the_long_way(g), (
                    c,
                    lost,
                    value,
                )
                if c is not None:
                    setattr(c, lost, was)
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
    assert seen == {"pod", "salud", "val"}  # a check was due for each reason


def test_the_action_tables_hold_the_actions_they_stand_for() -> None:
    """`legal_actions()` hands out actions from the module's tables (`_ONE`, `_TWO`): after random
    games each entry is the action its verb and keys make."""
    for g in random_states(range(1, 6)):
        legal = g.legal_actions()
        assert legal == [Action(a.kind, a.args) for a in legal]
    assert all(_ONE.values()) and all(_TWO.values())
    for verb, one in _ONE.items():
        for key, a in one.items():
            assert a == Action(verb, (key,))
    for verb, two in _TWO.items():
        assert two.verb == verb
        for first, table in two.items():
            assert table is two[first] and table.verb == verb
            for second, a in table.items():
                assert a == Action(verb, (first, second))


def _label_the_long_way(g: BhmGame, c: BhmCard) -> str:
    """What `label` stands for: the name, and the zone when a card on the field or among the
    deserters (BH-37) has the same name."""
    slot = g.slot_of(c)
    if slot is None:
        return c.name
    for o in g.field_cards(0) + g.field_cards(1) + g.fled_cards():
        if o is not c and o.name == c.name:
            return f"{c.name} ({'P1' if not c.controller else 'P2'} zone {int(slot.rsplit(':', 1)[1]) + 1})"
    return c.name


def test_label_looks_only_at_namesakes() -> None:
    """`label` looks for a card of the same name among its namesakes (`_namesakes`, the cards
    printed with its name) unless it is nameless (BH-101): the same label as looking through every
    card in play, for every card along random games, and on clones where a card lost its name. The
    table a game keeps is `namesakes()` worked out again, and a clone shares it."""
    seen = 0
    for seed in range(1, 16):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            for c in g.zones.cards.values():
                label = g.label(c)  # type: ignore[arg-type]
                seen += label != c.name
                assert label == _label_the_long_way(g, c)  # type: ignore[arg-type]
            assert g._namesakes in ({}, g.namesakes())  # (made at the first label of a card in play)
            h = g.clone()
            assert h._namesakes is g._namesakes
            if seed <= 3:
                field = g.field_cards(0) + g.field_cards(1)
                for c in field[:2]:
                    h = g.clone()
                    h.card(c.uid).nameless = True
                    for o in h.zones.cards.values():
                        assert h.label(o) == _label_the_long_way(h, o)  # type: ignore[arg-type]
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
        assert g._namesakes == g.namesakes()
    assert seen > 0


def test_a_card_added_after_the_first_label_has_its_namesakes() -> None:
    """`label` makes the table again when a card was added since (a set-up step after a label)."""
    g = strategy_game(b("storm_roc") + b("mountain_giant"), "", "")
    c = find(g, "storm_roc")
    g.label(c)
    assert g._namesakes
    d = g.zones.create(c.defn, 1, "slot:1:5", factory=BhmCard)
    assert g.label(c) == "Storm Roc (P1 zone 1)"
    assert c.uid in g._namesakes[d.uid] and d.uid in g._namesakes[c.uid]
    assert g._namesakes == g.namesakes()


def _dealt_the_long_way(decks: list[DeckList]) -> BhmZones:
    """A new game's zones before the shuffle, each card made by `create` in its deck's order."""
    zones = game_module._new_zones()
    for p in (0, 1):
        for cid in decks[p].expanded():
            d = card_pool()[cid]
            zones.create(d, p, f"invocations:{p}" if d.type == "invocation" else _DECKS[p], factory=BhmCard)
    return zones


def test_games_of_the_same_decks_are_dealt_from_the_zones_kept_for_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new game's zones are a clone of those `_dealt` keeps for its two decks (`_DEALT`, made
    once a pair of decks): the cards each deck makes by `create`, in its order, before the shuffle;
    games of the same decks (given or the presets, any seed) share one namesakes table, a game of
    other decks has its own, each is `namesakes()` worked out again; playing a game leaves the kept
    zones as they were; past `_DEALT_KEPT` pairs, or for another pool, they are made again."""
    contents = list(BhmGame.preset_decks().values())[:2]
    presets, ashen = _preset_decks(), _preset_decks()[0]
    games = [BhmGame.new_game(seed=s) for s in (1, 2)] + [BhmGame.new_game(seed=3, decks=contents)]
    pool, kept, namesakes = game_module._DEALT[(presets[0].cards, presets[1].cards)]
    assert pool is card_pool() and kept.canonical() == _dealt_the_long_way(presets).canonical()
    assert namesakes and namesakes == game_module._namesakes_of(kept.cards)  # type: ignore[arg-type]
    for g in games:
        assert g._namesakes is namesakes and g._namesakes == g.namesakes()
        assert g.zones is not kept and not set(map(id, g.zones.cards.values())) & set(
            map(id, kept.cards.values())
        )
    mirror = BhmGame.new_game(seed=1, decks=[contents[0], contents[0]])
    assert mirror._namesakes is not namesakes and mirror._namesakes == mirror.namesakes()
    assert BhmGame.new_game(seed=4, decks=[contents[0], contents[0]])._namesakes is mirror._namesakes
    before = kept.canonical()
    rng = random.Random(1)
    while not games[0].is_over():
        legal = games[0].legal_actions()
        games[0].apply_legal(legal[rng.randrange(len(legal))])
    assert kept.canonical() == before
    monkeypatch.setattr(game_module, "_DEALT", {})
    monkeypatch.setattr(game_module, "_DEALT_KEPT", 1)
    first = BhmGame.new_game(seed=1)._namesakes
    assert BhmGame.new_game(seed=2)._namesakes is first
    assert BhmGame.new_game(seed=1, decks=[contents[0], contents[0]])._namesakes == mirror._namesakes
    again = BhmGame.new_game(seed=1)._namesakes
    assert again is not first and again == first and len(game_module._DEALT) == 1
    other_pool = dict(card_pool())
    monkeypatch.setattr(game_module, "card_pool", lambda: other_pool)
    g = BhmGame.new_game(seed=1)
    assert g._namesakes is not again and g.pool is other_pool
    assert game_module._DEALT[(ashen.cards, presets[1].cards)][0] is other_pool


def test_a_new_game_reads_its_cards_from_the_kept_zones_as_a_copy_of_each_would() -> None:
    """Session 36: a new game's cards are a `CardTable` over the cards of the zones kept for its
    decks (`_dealt`): it copies a card when it first reads it. Played with the same random actions,
    it goes step by step as the long way's game, whose table is a copy of every card (a plain dict,
    as new games had before), its clones too; the kept zones' cards are left as they were."""
    from common.zones import CardTable

    presets = _preset_decks()
    for seed in (1, 2, 3):
        g, long = BhmGame.new_game(seed=seed), BhmGame.new_game(seed=seed)
        assert isinstance(g.zones.cards, CardTable) and dict.__len__(g.zones.cards) < len(g.zones.cards)
        long.zones.cards = long.zones.look = {u: c.clone() for u, c in long.zones.look.items()}
        long.zones.share_cards = False
        kept = game_module._DEALT[(presets[0].cards, presets[1].cards)]
        before = kept[1].canonical()
        assert g.state_hash() == long.state_hash()
        rng = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            assert legal == long.legal_actions()
            a = rng.choice(legal)
            if len(g.history) % 17 == 5:  # (now and then through a clone, as the table plays)
                assert g.clone().state_hash() == long.clone().state_hash()
            assert g.apply_legal(a) == long.apply_legal(a)
            assert g.state_hash() == long.state_hash()
        assert type(long.zones.cards) is dict and kept[1].canonical() == before
        assert kept[1].canonical() == _dealt_the_long_way(list(presets)).canonical()


def _kept_field_is_true(h: BhmGame) -> None:
    """`zones.slots`, `_territories`, `_field` (and `zones.held`) are what they stand for: the
    very Zone objects `zones` names `_SLOT_ZONES` and `_TERRITORIES`; the `occupant` of each being
    zone that has one, in order (`field_cards`); the being zones that hold a card."""
    assert isinstance(h.zones, BhmZones)
    assert h._field is h.zones.field
    for p in (0, 1):
        assert len(h.zones.slots[p]) == len(_SLOT_ZONES[p])
        for z, name in zip(h.zones.slots[p], _SLOT_ZONES[p], strict=True):
            assert z is h.zones.zones[name]
        assert h._territories[p] is h.zones.zones[_TERRITORIES[p]]
        occupants = [h.occupant(name) for name in _SLOT_ZONES[p]]
        assert h._field[p] == tuple(c for c in occupants if c is not None)
        assert all(a is b for a, b in zip(h._field[p], h.field_cards(p), strict=True))
        assert h.zones.held[p] == tuple(h.zones.zones[n] for n in _SLOT_ZONES[p] if h.zones.zones[n].cards)
    h.check_invariants()


def test_the_kept_zones_and_field_are_those_of_zones() -> None:
    """`zones` keeps each player's being zones, field cards and the being zones holding a card
    (`BhmZones`; the walks over the being zones and the looks at the territories read them): they
    are what the zones hold at every step of random games, in each clone, after a scenario and a
    save, and in the AI's determinized copies (whose re-deal writes hands and decks directly)."""
    for seed in range(1, 9):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            _kept_field_is_true(g)
            _kept_field_is_true(g.clone())
            if rng.random() < 0.1:
                _kept_field_is_true(determinize(g, g.active, random.Random(seed)))  # type: ignore[arg-type]
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
        _kept_field_is_true(g)
        _kept_field_is_true(BhmGame.from_json(g.to_json()))
    s = strategy_game(b("storm_roc") + b("mountain_giant"), "", "")
    _kept_field_is_true(s)
    assert [z.name for z in s._territories] == [_TERRITORIES[0], _TERRITORIES[1]]


def test_a_stale_kept_field_is_caught() -> None:
    """`check_invariants` (which the test harness asks after every action) sees a kept field that
    a direct write of a being zone left behind."""
    g = strategy_game(b("storm_roc") + b("mountain_giant"), "", "")
    g.check_invariants()
    roc = find(g, "storm_roc")
    g.zones.zones[roc.zone].cards.remove(roc.uid)
    g.zones.zones[_DEAD[0]].cards.append(roc.uid)
    roc.zone = _DEAD[0]
    with pytest.raises(AssertionError, match="kept field"):
        g.check_invariants()
    g.zones.refresh(0)
    g.check_invariants()


def test_bhm_zones_move_as_the_kernel_does() -> None:
    """`BhmZones.move` moves as `Zones.move` does (the same zones, the same `card.zone`, the same
    name returned), at an end or a position, overflow included, and keeps `field` and `held` as
    they are worked out from the zones."""
    fast = BhmGame.new_game(seed=3).zones
    slow = fast.clone()
    names = list(fast.zones)
    rng = random.Random(3)
    for _ in range(2000):
        uid = rng.choice(list(fast.cards))
        to = rng.choice(names)
        position = rng.choice((None, None, 0, 1))
        assert fast.move(uid, to, position) == Zones.move(slow, uid, to, position)
        assert fast.canonical() == slow.canonical()
        assert fast.cards[uid].zone is fast.zones[to].name
        for p in (0, 1):
            assert (fast.field[p], fast.held[p]) == fast.worked_out(p)
    small = Zone("small", 0, capacity=1, overflow=_DEAD[0])
    fast.add_zone(small)
    a, b_ = list(fast.cards)[:2]
    assert fast.move(a, "small") == "small"
    assert fast.move(b_, "small") == _DEAD[0]
    assert fast.cards[b_].zone == _DEAD[0]
    for p in (0, 1):
        assert (fast.field[p], fast.held[p]) == fast.worked_out(p)


def test_bhm_zones_work_the_field_out_only_for_a_first_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """`BhmZones.move` works a player's `field` and `held` out again only when the card moved is,
    or was, the first card of a being zone (an attachment joining a being, or leaving it, changes
    neither), for each player whose zone it is."""
    g = strategy_game(b("storm_roc"), b("mountain_giant"), "")
    roc, giant = find(g, "storm_roc"), find(g, "mountain_giant")
    zones = g.zones
    refreshed: list[int] = []
    real = BhmZones.refresh
    monkeypatch.setattr(BhmZones, "refresh", lambda self, p: (refreshed.append(p), real(self, p))[1])
    obj = zones.zones[_DECKS[0]].cards[0]  # (any card: a being zone's first card is what counts)
    zones.move(obj, roc.zone)  # attached: the being stays first
    zones.move(obj, _DEAD[0])  # and off again
    assert refreshed == []
    zones.move(obj, roc.zone, position=0)  # now the zone's first card
    assert refreshed == [0]
    zones.move(obj, _DEAD[0])
    assert refreshed == [0, 0]
    zones.move(roc.uid, giant.zone)  # P1's being, first of its zone, joins P2's giant
    assert refreshed == [0, 0, 0]
    zones.move(roc.uid, _SLOT_ZONES[0][0], position=0)  # and back, to the front of an empty zone
    assert refreshed == [0, 0, 0, 0]
    zones.move(giant.uid, _SLOT_ZONES[0][0], position=0)  # P2's being to the front of P1's zone
    assert refreshed == [0, 0, 0, 0, 0, 1]
    for p in (0, 1):
        assert (zones.field[p], zones.held[p]) == zones.worked_out(p)


def test_a_game_keeps_its_attributes_the_quick_way() -> None:
    """Python 3.11 keeps an object's attributes in its class's shared dict keys only up to about 30
    names; measured, a 30th attribute of a game makes every `self.x` and `self.f()` of the engine a
    slower look-up (+7 % instructions per random game, not a change of behaviour): a game, its
    clone and a game from a scenario keep to 29."""
    g = BhmGame.new_game(seed=1)
    s = strategy_game(b("storm_roc") + b("mountain_giant"), "", "")
    for h in (g, g.clone(), s, s.clone()):
        assert len(vars(h)) <= 29, sorted(vars(h))


def test_a_static_that_lowers_an_attribute_is_looked_at() -> None:
    """A card that lost nothing is at 0 when a static takes its attribute away (an aura below 0,
    as no card of the pool has): the state checks see it once the pool has such a card."""
    g = strategy_game(b("storm_roc") + b("mountain_giant"), "", "")
    roc = find(g, "storm_roc")
    aura = next(d for d in card_pool().values() if d.effect == "aura" and not d.element)
    assert not roc.wounds and not roc.modifiers
    blight = dataclasses.replace(aura, id="blight", stat="salud", amount=-(g.max_stat(roc, "salud") or 0))
    assert blight.lowers
    g.zones.create(blight, 0, _TERRITORIES[0], factory=BhmCard)
    assert g.stat(roc, "salud") == 0
    assert g.active == 0 and _due_the_long_way(g) == (roc.uid, "salud")
    pool_lowers.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as m:
            m.setitem(card_pool(), "blight", blight)  # type: ignore[index]
            assert pool_lowers()
            g._lowers = pool_lowers()  # (what a game set up with this pool reads)
            due = g._state_check_due()
            assert due is not None and (due[0].uid, due[1]) == (roc.uid, "salud")
    finally:
        pool_lowers.cache_clear()
    assert not pool_lowers()


def test_a_new_card_has_the_fields_card_init_and_reset_give() -> None:
    """`BhmCard.__init__` writes `Card.__init__`'s fields out, then calls `reset`: every slot as
    `Card.__init__` followed by `reset` sets it."""
    for i, d in enumerate(card_pool().values()):
        for owner in (0, 1, None):
            fast = BhmCard(i + 1, d, owner, "hand:0")
            slow = BhmCard.__new__(BhmCard)
            Card.__init__(slow, i + 1, d, owner, "hand:0")
            slow.reset()
            assert fast.canonical() == slow.canonical()
            for name in (*Card.__slots__, *BhmCard.__slots__):
                assert getattr(fast, name) == getattr(slow, name), name


def test_a_game_without_decks_plays_the_checked_presets() -> None:
    """`new()` takes the presets checked once (`_preset_decks`) for a seat without a deck: the same
    game as one given the preset decks' contents."""
    contents = list(BhmGame.preset_decks().values())[:2]
    assert _preset_decks() == [
        BhmGame.check_deck(c, file=f"<deck of P{p + 1}>") for p, c in enumerate(contents)
    ]
    for seed in range(1, 6):
        plain = BhmGame.new_game(seed=seed)
        given = BhmGame.new_game(seed=seed, decks=contents)
        assert plain.state_hash() == given.state_hash()
        assert [e.text for e in plain.log.events] == [e.text for e in given.log.events]
    mixed = BhmGame.new_game(seed=7, decks=[None, contents[0]])
    assert mixed.state_hash() == BhmGame.new_game(seed=7, decks=[contents[0], contents[0]]).state_hash()


def test_printed_values_spare_the_stat_checks() -> None:
    """`abilities_off` (BH-33) and `_attack_means_problem` (BH-30) do not ask `stat` of a card that
    no effect modifies and that lost none of the attribute when no card of the pool lowers one by a
    static (`pool_lowers`, read from `_lowers`): the same answers as asking it (made to by
    `_lowers` saying a card does), for every card along random games, and with POD lost or a
    FUE-lowering modifier."""

    def answers(g: BhmGame, lowers: bool) -> list[object]:
        g._lowers = lowers
        out: list[object] = []
        for c in g.zones.cards.values():
            out.append(g.abilities_off(c))  # type: ignore[arg-type]
            out.append(g._attack_means_problem(c, True))  # type: ignore[arg-type]
            out.append(g._attack_means_problem(c, False))  # type: ignore[arg-type]
        return out

    assert not pool_lowers()
    for g in random_states(range(1, 6)):
        states = [g]
        for c in g.field_cards(g.active)[:2]:
            h = g.clone()
            h.card(c.uid).pod_spent = h.max_stat(h.card(c.uid), "pod") or 0
            states.append(h)
            h = g.clone()
            t = h.card(c.uid)
            t.modifiers = (Modifier("fue", -(h.max_stat(t, "fue") or 0), "add", t.uid, "eot", "", 10**6),)
            states.append(h)
        for h in states:
            assert answers(h, False) == answers(h, True)
        g._lowers = pool_lowers()


def test_targets_for_first_is_the_start_of_the_list() -> None:
    """`legal_actions()` and `strategy_problem` only ask whether a card has a target
    (`targets_for(..., first=True)`): the first target of the full list, or none, for every card
    and player along random games, with and without a memo shared by the calls (which looks at
    the field cards lazily: the whole list asked now and then with it is the whole list too)."""
    for seed in range(1, 6):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            memo: TargetsMemo = {}
            for c in g.zones.cards.values():
                for p in (0, 1):
                    full = g.targets_for(p, c)  # type: ignore[arg-type]
                    short = g.targets_for(p, c, memo, first=True)  # type: ignore[arg-type]
                    assert short == (None if full is None else full[:1])
                    if full is not None:  # the long way: every field card `target_problem` accepts
                        kind = g.target_kind(c)  # type: ignore[arg-type]
                        cands = (
                            g.cards_in(f"dead:{p}")
                            if kind == "dead_being"
                            else g.field_cards(0) + g.field_cards(1)
                        )
                        assert full == [t.uid for t in cands if g.target_problem(kind, p, c, t) is None]  # type: ignore[arg-type]
                    if rng.random() < 0.3:  # the whole list, with what the memo has seen so far
                        assert g.targets_for(p, c, memo) == full  # type: ignore[arg-type]
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])


def test_the_strategy_phase_offers_the_field_cards_and_lone_objects() -> None:
    """In a strategy phase `legal_actions()` finds the player's beings (`field_cards`) and the zones
    whose first card is no being (BH-94) in one pass over the being zones: the beings it names are
    field cards, every field card that may use its ability is offered it, and the lone objects it
    offers are those the long way finds, at every step of random games."""
    seen = 0
    for g in random_states(range(1, 21)):
        legal = g.legal_actions()
        if g.sub == "main":
            p = g.active
            mine = g.field_cards(p)
            uids = {b.uid for b in mine}
            for a in legal:
                if a.kind in ("power", "equip", "invoke"):
                    assert a.args[1] in uids
                if a.kind == "ability":
                    assert a.args[0] in uids
            usable = [
                b.uid
                for b in mine
                if b.defn.effect and g.can_use_ability(b) is None and g.targets_for(p, b) != []
            ]
            assert [a.args[0] for a in legal if a.kind == "ability"] == usable
            homes = {c.home for c in g.cards_in(_DESERTERS[p])}
            lone = []
            for i, name in enumerate(_SLOT_ZONES[p]):
                if g.occupant(name) is None and i not in homes:
                    for u in g.zones.zones[name].cards:
                        o = g.card(u)
                        if o.defn.type == "object":
                            lone += [
                                (u, b.uid)
                                for b in mine
                                if not b.petrified and o.defn.rank <= g.object_budget(b)
                            ]
            in_zones = [
                a.args for a in legal if a.kind == "equip" and g.card(a.args[0]).zone in _SLOT_ZONES[p]
            ]  # type: ignore[arg-type]
            assert in_zones == lone
            seen += len(lone)


def test_a_seat_is_named_by_its_number() -> None:
    """`_p` is a look-up in a tuple: the name "P" and the seat's number from 1."""
    from bhm.game import _p

    assert [_p(seat) for seat in (0, 1)] == [f"P{seat + 1}" for seat in (0, 1)]


def test_the_end_of_turn_field_lists_stay_true(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_end_turn` asks `field_cards` once per side for the balance (BH-08) and the restoring of
    POD and RES: the C.LL changes between them move no card; `balance_count` given the list
    counts as without it. Along random games."""
    change_cll = BhmGame.change_cll
    seen = 0

    def checked(g: BhmGame, p: int, delta: int, why: str) -> None:
        nonlocal seen
        before = [[c.uid for c in g.field_cards(q) + g.cards_in(_DESERTERS[q])] for q in (0, 1)]
        change_cll(g, p, delta, why)
        assert before == [[c.uid for c in g.field_cards(q) + g.cards_in(_DESERTERS[q])] for q in (0, 1)]
        seen += 1

    monkeypatch.setattr(BhmGame, "change_cll", checked)
    for g in random_states(range(1, 11)):
        for p in (0, 1):
            assert g.balance_count(p, g.field_cards(p)) == g.balance_count(p)
    assert seen > 0


def test_calls_and_invocations_need_a_free_zone() -> None:
    """`legal_actions()` asks `free_slot` only once a card could be called (BH-10, BH-12) or invoked
    (BH-73): the calls offered are the long way's, and invocations only with a free zone, along
    random games."""
    for g in random_states(range(1, 21)):
        legal = g.legal_actions()
        if g.sub in ("main", "combat"):
            p = g.active
            free = g.free_slot(p) is not None
            calls = [
                c.uid
                for c in g.cards_in(_HANDS[p])
                if c.defn.is_field
                and free
                and (
                    (c.defn.instant and c.defn.rank <= g.cll[p])
                    or (g.sub == "main" and c.defn.rank <= g.budget)
                )
            ]
            assert [a.args[0] for a in legal if a.kind == "call"] == calls
            assert free or not any(a.kind == "invoke" for a in legal)


def test_the_ready_problems_are_the_rest_of_the_problems() -> None:
    """`legal_actions()` asks `_executor_ready_problem` and `_ability_ready_problem` of the active
    player's field cards only: for them, the same answers as `executor_problem` and
    `can_use_ability`, for every power card and being along random games."""
    seen = 0
    for g in random_states(range(1, 6)):
        powers = [c for c in g.zones.cards.values() if c.defn.type == "power"]
        for being in g.field_cards(g.active):
            assert g._ability_ready_problem(being) == g.can_use_ability(being)
            for c in powers:
                assert g._executor_ready_problem(c, being) == g.executor_problem(c, being)  # type: ignore[arg-type]
                seen += g.executor_problem(c, being) is None  # type: ignore[arg-type]
    assert seen > 0


def test_attachments_are_the_other_cards_of_the_slot() -> None:
    """`attachments` returns at once for a card alone in its own being zone: the same list as the
    other cards of its slot (`slot_of`), for every card along random games."""
    alone = 0
    for g in random_states(range(1, 6)):
        for c in g.zones.cards.values():
            assert isinstance(c, BhmCard)
            slot = g.slot_of(c)
            long = [] if slot is None else [x for x in g.cards_in(slot) if x.uid != c.uid]
            assert g.attachments(c) == long
            alone += c.zone in _BEING_ZONES and len(g.zones.zones[c.zone].cards) == 1
    assert alone > 0


def test_the_pool_facts_a_game_keeps_are_the_pools() -> None:
    """`_lowers`, `_grants` and `_land_grants` (read on busy paths instead of calling
    `pool_lowers()`, `pool_grants()`, `pool_territory_grants()`) are the pool's facts at every
    step of random games, in clones, and in a game set up from a scenario; `pool_grants()` names
    every keyword a card of the pool grants, `pool_territory_grants()` those a territory grants,
    and a territories zone holds only territories (what `has` takes for granted)."""
    granted = {keyword_name(k) for d in card_pool().values() for k in d.grants}
    assert pool_grants() == granted and "Intangible" not in granted  # (the look `has` skips)
    land = {keyword_name(k) for d in card_pool().values() if d.type == "territory" for k in d.grants}
    assert pool_territory_grants() == land and "Invisible" not in land
    for g in random_states(range(1, 6)):
        assert g._lowers is pool_lowers()
        assert g.clone()._lowers is pool_lowers()
        assert g._grants is pool_grants() and g.clone()._grants is pool_grants()
        assert g._land_grants is pool_territory_grants() and g.clone()._land_grants is pool_territory_grants()
        for z in g._territories:
            assert all(g.card(u).defn.type == "territory" for u in z.cards)
    g = strategy_game(b("storm_roc"), "", "")
    assert g._lowers is pool_lowers() and g._grants is pool_grants()
    assert g._land_grants is pool_territory_grants()


def test_a_keyword_a_territory_grants_is_looked_for_once_the_pool_grants_it() -> None:
    """`has` looks at attachments and territories only for a keyword a card of the pool grants
    (`_grants`; territories for one a territory grants, `_land_grants`): a made-up territory
    granting Intangible (no card of the pool does) is seen once the pool has it, as `keywords`
    sees it."""
    g = strategy_game(b("storm_roc"), "", "")
    roc = find(g, "storm_roc")
    land = next(d for d in card_pool().values() if d.type == "territory" and not d.element)
    mist = dataclasses.replace(land, id="mist", grants=("Intangible",))
    g.zones.create(mist, roc.controller, _TERRITORIES[roc.controller], factory=BhmCard)
    assert "Intangible" in g.keywords(roc)
    assert not g.has(roc, "Intangible")  # (a game whose pool has no such card never holds one)
    pool_grants.cache_clear()
    pool_territory_grants.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as m:
            m.setitem(card_pool(), "mist", mist)  # type: ignore[index]
            assert "Intangible" in pool_grants() and "Intangible" in pool_territory_grants()
            g._grants = pool_grants()  # (what a game set up with this pool reads)
            assert not g.has(roc, "Intangible")  # (nor without `_land_grants` from it)
            g._land_grants = pool_territory_grants()
            assert g.has(roc, "Intangible")
    finally:
        pool_grants.cache_clear()
        pool_territory_grants.cache_clear()
    assert "Intangible" not in pool_grants() and "Intangible" not in pool_territory_grants()


def test_a_hit_reads_res_and_salud_as_cur_gives_them() -> None:
    """BH-30: `hit` works a physical hit's RES and Salud out at once for an unmodified card on or
    near the field (one look at its statics, `_flat_bonuses`): the same `Hit` as with the values
    `cur` gives, for every card, strength and state of random games (attachments and territories
    that raise or lower them among them)."""
    bonused = 0
    for g in random_states(range(1, 9)):
        if g.sub != "combat":
            continue
        for t in g.zones.cards.values():
            if t.zone not in _NEAR_FIELD_ZONES:
                continue
            bonused += g._flat_bonuses(t, ("res", "salud"), [0, 0]) != [0, 0]
            kept = t.res_lost, t.wounds
            # as played, then with losses beyond the maximum (BH-41: a bonus that ended): never below 0
            for t.res_lost, t.wounds in (kept, (kept[0] + 5000, kept[1] + 5000)):
                for strength in (0, 100, 300, 700, 2000):
                    slow = g.hit(t, strength, True, g.cur(t, "res"), g.cur(t, "salud"))
                    assert g.hit(t, strength, True) == slow, (t, strength)
            t.res_lost, t.wounds = kept
    assert bonused > 0  # statics were weighed


def test_cur_is_stat_or_0() -> None:
    """`cur` works an unmodified card's value out in play without `stat`'s and `max_stat`'s frames:
    what `stat` gives (0 for an attribute the card lacks), for every card, attribute and state of
    random games, also with losses beyond the maximum (BH-41: a bonus that ended)."""
    lost = ("wounds", "res_lost", "pod_spent", "val_lost")
    bonused = 0
    for g in random_states(range(1, 6)):
        for c in g.zones.cards.values():
            in_play = c.zone in _NEAR_FIELD_ZONES
            kept = [getattr(c, f) for f in lost]
            for extra in (0, 5000) if in_play else (0,):
                for f, v in zip(lost, kept, strict=True):
                    setattr(c, f, v + extra)
                for s in ("pod", "fue", "res", "val", "salud"):
                    v = g.stat(c, s)  # type: ignore[arg-type]
                    assert g.cur(c, s) == (0 if v is None else v), (c, s, extra)
            for f, v in zip(lost, kept, strict=True):
                setattr(c, f, v)
            bonused += in_play and g._flat_bonuses(c, ("pod", "fue", "res"), [0, 0, 0]) != [0, 0, 0]
    assert bonused > 0  # statics were weighed


def test_power_budget_of_a_lone_being_is_what_channelled_leaves() -> None:
    """BH-55, BH-56: `power_budget` reads a being alone in its zone without `channelled`: the
    budget the long way (rank, less the ranks channelled, less those used), for every card in play
    along random games, beings with equipped powers among them."""
    equipped = 0
    for g in random_states(range(1, 21)):
        for c in g.zones.cards.values():
            if c.zone in _NEAR_FIELD_ZONES and c.defn.is_field:
                assert g.power_budget(c) == c.defn.rank - g.channelled(c) - c.powers_used, c
                equipped += g.channelled(c) > 0
    assert equipped > 0  # a being with an equipped power was looked at


def test_the_field_is_settled_at_every_decision() -> None:
    """Session 36: a call's resolution and the end of a turn run the state checks only when a card
    may have become due (the being that entered; a power that left its bearer), trusting that
    nothing else is due then. That holds if the field is settled whenever the game waits for a
    decision: along random games of every pairing of the preset decks, `_state_check_due()` finds
    nothing at any decision but a power's target, whose executor may wait at POD 0 (BH-40: the
    power is not on the stack yet, `_executing`)."""
    presets = list(BhmGame.preset_decks().values())
    waiting = 0
    for i, decks in enumerate([[one, two] for one in presets for two in presets]):
        for seed in range(1, 9):
            g = BhmGame.new_game(seed=100 * i + seed, decks=decks)
            rng = random.Random(seed)
            while not g.is_over():
                due = g._state_check_due()
                if due is not None:
                    assert g.sub == "target" and g.pending is not None and g.pending[0] == "power", due
                    assert due == (g.card(int(g.pending[2])), "pod")
                    waiting += 1
                g.apply_legal(rng.choice(g.legal_actions()))
    assert waiting > 0  # (the one exception is met: the test sees what it looks for)


def test_a_called_being_that_enters_at_0_dies_at_once() -> None:
    """A call's resolution runs the state checks when the being that entered may be due: in a pool
    whose statics lower an attribute (`_lowers`; none of the preset pool's do: a territory's aura
    changed in this game, Salud -300 to FIRE beings), one that enters at Salud 0 dies at once
    (BH-33); with the pool's own aura (+100 FUE) it stays."""
    for lowered in (True, False):
        g = strategy_game(
            b("kalzar"), b("mountain_giant"), '"ember_squire"', extra='territories = ["volcanic_caldera"]'
        )
        squire, caldera = find(g, "ember_squire"), find(g, "volcanic_caldera")
        if lowered:
            caldera.defn = dataclasses.replace(caldera.defn, stat="salud", amount=-300)
            g._lowers = True  # (what `pool_lowers()` says of such a pool)
        g.apply(Action("call", (squire.uid,)))
        while g.decision() is not None and g.decision().kind == "respond":  # type: ignore[union-attr]
            g.apply("pass")
        killed = any(e.kind == "kill" and e.data.get("uid") == squire.uid for e in g.log.events)
        assert killed == lowered and (squire.zone == "dead:0") == lowered, squire.zone


def test_an_object_that_lowers_its_bearer_to_0_kills_it_as_it_is_attached() -> None:
    """An equip's resolution runs the state checks when a static may lower an attribute (`_lowers`;
    no object of the preset pool takes one: Iron Sword's bonus changed in this game, Salud -300):
    the Ember Squire it is attached to dies at once (BH-33); with the sword's own bonus it stays."""
    for lowered in (True, False):
        g = strategy_game(b("ember_squire"), b("mountain_giant"), '"iron_sword"')
        squire, sword = find(g, "ember_squire"), find(g, "iron_sword")
        if lowered:
            sword.defn = dataclasses.replace(sword.defn, bonus={"salud": -300})
            g._lowers = True  # (what `pool_lowers()` says of such a pool)
        g.apply(Action("equip", (sword.uid, squire.uid)))
        while g.decision() is not None and g.decision().kind == "respond":  # type: ignore[union-attr]
            g.apply("pass")
        assert sword.zone.startswith("dead:") == lowered and squire.zone.startswith("dead:") == lowered


def test_a_power_that_leaves_its_bearer_at_the_end_of_the_turn_takes_its_bonus() -> None:
    """BH-56: at the end of the turn a power (not equipped) goes from its bearer's zone to the dead
    zone; the state checks then run, since it may have given a static (none of the pool's does: its
    definition changed in this game, Salud +200): its wounded bearer dies at Salud 0."""
    g = strategy_game(b("kalzar", 'attached = ["fire_bolt"]') + b("mountain_giant"), "", "")
    kalzar, bolt = find(g, "kalzar"), find(g, "fire_bolt")
    bolt.defn = dataclasses.replace(bolt.defn, bonus={"salud": 200})
    assert bolt.zone == kalzar.zone and kalzar.defn.salud is not None
    kalzar.wounds = kalzar.defn.salud  # (alive: Salud 200 left, the power's)
    assert g.cur(kalzar, "salud") == 200 and g._state_check_due() is None
    end_turn(g)
    assert bolt.zone.startswith("dead:") and kalzar.zone.startswith("dead:"), (bolt.zone, kalzar.zone)


def _offers_the_long_way(g: BhmGame) -> list[tuple[str, tuple[int | str, ...]]]:
    """What `legal_actions()` offers first, asked card by card of the public checks: the calls
    (BH-10, BH-12), then in the combat phase every attack each being of the active player may make,
    enemy by enemy, the physical one first (BH-30..BH-36, BH-98), or in a strategy phase what each
    card of the hand may do (powers, objects, strategy and territory cards)."""
    p = g.active
    hand, mine = g.cards_in(f"hand:{p}"), g.field_cards(p)
    out: list[tuple[str, tuple[int | str, ...]]] = []
    for c in hand:
        if c.defn.is_field and g.call_problem(c) is None and g.free_slot(p) is not None:
            out.append(("call", (c.uid,)))
    if g.sub == "combat":
        for a in mine:
            for t in g.field_cards(1 - p):
                if g.attack_problem(a, t, True) is None:
                    out.append(("attack", (a.uid, t.uid)))
                if not a.power_attacked and g.attack_problem(a, t, False) is None:
                    out.append(("pattack", (a.uid, t.uid)))
        return out
    for c in hand:
        t = c.defn.type
        if t == "power" and g.targets_for(p, c) != []:
            out += [("power", (c.uid, b.uid)) for b in mine if g.executor_problem(c, b) is None]
        elif t == "object":
            out += [
                ("equip", (c.uid, b.uid))
                for b in mine
                if not b.petrified and c.defn.rank <= g.object_budget(b)
            ]
        elif t == "strategy" and g.strategy_problem(c) is None:
            out.append(("strategy", (c.uid,)))
        elif t == "territory" and len(g.zones[f"territories:{p}"]) < 2:
            out.append(("territory", (c.uid,)))
    return out


def test_legal_actions_offer_the_hand_and_the_attacks_as_the_long_way_does() -> None:
    """`legal_actions()` works the enemies that may be attacked out once and hands each
    attacker's attacks out of two lists of them (all, and those not Intangible), and asks the
    hand's cards its own quick way: the same actions in the same order as asking each card and
    pair of cards the long way, along random games (the rest of a strategy phase's list: no call,
    power, strategy or territory, nor an equip of a hand card)."""
    combats = mains = attacks = 0
    for g in random_states(range(1, 6)):
        if g.sub not in ("main", "combat"):
            continue
        legal = [(a.kind, a.args) for a in g.legal_actions()]
        long = _offers_the_long_way(g)
        assert legal[: len(long)] == long, (g.sub, legal, long)
        rest = legal[len(long) :]
        if g.sub == "combat":
            combats += 1
            attacks += len(long)
            assert rest == [("next", ())]
        else:
            mains += 1
            hand = set(g.zones[f"hand:{g.active}"].cards)
            for kind, args in rest:
                assert kind not in ("call", "power", "strategy", "territory"), (kind, args)
                assert not (kind == "equip" and args[0] in hand), args
    assert combats > 20 and mains > 20 and attacks > 20
