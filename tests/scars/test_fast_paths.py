"""The engine's fast paths against the longer forms they stand for, over every state of seeded
random games (`_states`): a shortcut that diverged from its long form would fail here."""

from __future__ import annotations

import random
from collections.abc import Iterator

from common.cards import keyword_name, keyword_value
from common.game import Action
from scars.cards import KEYWORDS
from scars.game import PLAY_ZONES, ScarsGame, _preset_deck_lists

SEEDS = range(1, 41)


def _states(seeds: range = SEEDS) -> Iterator[ScarsGame]:
    """Every decision state of one seeded random game per seed (as `common.bench` plays them)."""
    for seed in seeds:
        g = ScarsGame.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if g.is_over():
                break
            yield g
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])


def test_shared_actions_are_the_actions_they_stand_for() -> None:
    """`_ACTIONS`: every legal action, taken from the tables, equals a freshly made Action."""
    n = 0
    for g in _states():
        for a in g.legal_actions():
            assert type(a) is Action
            assert a == Action(a.kind, tuple(a.args))
            n += 1
    assert n > 10_000


def test_settled_decision_is_the_one_compute_raw_builds() -> None:
    """`_settle` leaves in the cache the decision and actions it found on its short paths (a
    response from the actions it already has, the main part without `_compute_raw`'s earlier
    cases): the same as `_compute_raw()` builds from scratch."""
    for g in _states():
        assert g._cache is not None
        d, acts = g._cache
        d2, acts2 = g._compute_raw()
        assert d2 is not None and d is not None
        assert (d.player, d.kind, d.prompt, d.context) == (d2.player, d2.kind, d2.prompt, d2.context)
        assert acts == acts2


def test_has_kw_is_a_keyword_of_keywords_of() -> None:
    """`has_kw` (printed keywords, the weapons on a unit looked through in place, granted ones)
    against `keywords_of`, for every card in play and every keyword."""
    n = 0
    for g in _states():
        for c in g.zones.cards.values():
            if c.zone.split(":")[0] not in PLAY_ZONES:
                continue
            names = set(map(keyword_name, g.keywords_of(c)))
            for k in KEYWORDS:
                assert g.has_kw(c, k) == (k in names)
                n += 1
    assert n > 100_000


def test_preset_deck_lists_are_the_checked_presets() -> None:
    """`_preset_deck_lists()`: what `deck_from_content` makes of each preset, in order."""
    presets = list(ScarsGame.preset_decks().values())
    assert list(_preset_deck_lists()) == [ScarsGame.deck_from_content(c) for c in presets]
    assert len(presets) >= 2


def _checks_find_nothing(g: ScarsGame) -> bool:
    """The state checks (SC-02, SC-12) would change nothing now (run on a copy)."""
    copy = g.clone()
    before, n = copy.state_hash(), len(copy.log.events)
    copy._state_checks()
    return copy.state_hash() == before and len(copy.log.events) == n


def test_skipped_state_checks_would_find_nothing() -> None:
    """Wherever the state checks are skipped after an action (`_NO_CHECKS`, a position paid
    without a life, "done" after blockers), running them would have changed nothing."""
    skipped: dict[str, int] = {}
    for seed in SEEDS:
        g = ScarsGame.new_game(seed=seed)
        real_settle, real_done = g._settle, g._do_done
        last: list[Action] = []

        def settle(checks: bool = True) -> None:
            if not checks:
                assert _checks_find_nothing(g), last  # noqa: B023
                skipped[last[-1].kind] = skipped.get(last[-1].kind, 0) + 1  # noqa: B023
            real_settle(checks)  # noqa: B023

        def do_done(d) -> None:  # type: ignore[no-untyped-def]
            real_done(d)  # noqa: B023
            if d.kind == "block":  # `_settle` goes on without the checks after it
                assert _checks_find_nothing(g)  # noqa: B023
                skipped["block done"] = skipped.get("block done", 0) + 1

        g._settle = settle  # type: ignore[method-assign]
        g._do_done = do_done  # type: ignore[method-assign]
        rng = random.Random(seed)
        while not g.is_over() and len(last) < 2000:
            legal = g.legal_actions()
            last.append(legal[rng.randrange(len(legal))])
            g.apply_legal(last[-1])
    for kind in ("pos", "shelter", "life", "skip", "draw", "keep", "cast", "support", "block done"):
        assert skipped.get(kind, 0) > 5, (kind, skipped)


def test_dying_is_sc12_with_defense_of() -> None:
    """`_dying` (statics and weapon defense found once per pass) against SC-12 applied with
    `defense_of` to every unit, each time the state checks ask for it."""
    calls = deaths = 0
    for seed in SEEDS:
        g = ScarsGame.new_game(seed=seed)
        real = g._dying

        def dying() -> list[int]:
            nonlocal calls, deaths
            fast = real()  # noqa: B023
            slow = []
            for p in (0, 1):
                for c in g.units(p):  # noqa: B023
                    defense = g.defense_of(c)  # noqa: B023
                    if c.damage > defense or defense <= 0:
                        slow.append(c.uid)
            assert fast == slow
            calls += 1
            deaths += len(fast)
            return fast

        g._dying = dying  # type: ignore[method-assign]
        rng = random.Random(seed)
        for _ in range(2000):
            if g.is_over():
                break
            legal = g.legal_actions()
            g.apply_legal(legal[rng.randrange(len(legal))])
    assert calls > 1000 and deaths > 20


def test_nothing_to_clean_up_is_done_only() -> None:
    """`_nothing_to_clean_up()` (the engine moves past 5A by itself) exactly when the 5A limits
    step `_main()` would build offers "done" alone, on each state moved into 5A's limits step."""
    n = both = 0
    for g in _states(range(1, 21)):
        if g.stack.items or g.pending or g.phase == "mulligan":
            continue
        c = g.clone()
        c.phase, c.step = "cleanup", "limits"
        _d, acts = c._main()
        only_done = [a.kind for a in acts] == ["done"]
        assert c._nothing_to_clean_up() == only_done
        n += 1
        both += not only_done
    assert n > 1000 and both > 10


def test_kw_x_is_the_best_x_of_keywords_of() -> None:
    """`kw_x` (0 at once without the keyword) against the best X over `keywords_of`."""
    n = 0
    for g in _states(range(1, 21)):
        for c in g.zones.cards.values():
            if c.zone.split(":")[0] not in PLAY_ZONES:
                continue
            kws = g.keywords_of(c)
            for name in KEYWORDS:
                best = 0
                for k in kws:
                    if keyword_name(k) == name:
                        v = keyword_value(k)
                        best = max(best, int(v) if v else 1)
                assert g.kw_x(c, name) == best
                n += best > 0
    assert n > 1000


def test_attack_of_is_base_weapons_auras_and_honor() -> None:
    """`attack_of` (no `stat()` call without modifiers, the weapons looked through in place)
    against its long form: `stat("attack")`, `weapons_on`, `_aura` and Honor (SC-82)."""
    n = 0
    for g in _states(range(1, 21)):
        for p in (0, 1):
            for c in g.units(p):
                v = c.stat("attack") + sum(w.defn.attack for w in g.weapons_on(c)) + g._aura(c, "attack")
                if c.uid in g.attackers:
                    v += sum(1 for a in g.attackers if a != c.uid and g.has_kw(g.card(a), "Honor"))
                assert g.attack_of(c) == max(0, v)
                n += bool(c.modifiers or g.weapons_on(c))
    assert n > 500
