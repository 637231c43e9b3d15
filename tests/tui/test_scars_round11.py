"""The Scars, round 11 (session 32): the resolution zone's lines worded from the events' data,
an entry that waits or resolves in short, the Equip choices told apart at 80 × 24, a unit's
weapons in the lanes."""

from __future__ import annotations

import random

import pytest

from common.events import Event
from common.game import Action
from common.registry import game_class
from tui.log_words import entry_words, scars_brief, scars_events, told_events

from .helpers import engine_ready

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def unit(uid: int, name: str, position: str, **more: object) -> dict[str, object]:
    return {"uid": uid, "name": name, "position": position, **more}


def entry(kind: str, source: int, name: str, typ: str, **more: object) -> dict[str, object]:
    """An entry of the resolution zone in data, as the engine's `entry_data` gives it."""
    data: dict[str, object] = {"kind": kind, "source": source, "name": name, "type": typ, "mode": ""}
    return {**data, "target": None, "target_name": None, "does": "", **more}


DRUIDS = [unit(3, "Grove Druid", "defense"), unit(4, "Grove Druid", "defense")]
UPKEEP = "add 1 energy to your pool"


def upkeep(uid: int) -> dict[str, object]:
    return entry("trigger", uid, "Grove Druid", "unit", mode="upkeep", does=UPKEEP)


# -- worded from the data ------------------------------------------------------------------------
def test_two_like_entries_are_told_apart_by_their_data() -> None:
    """Both Grove Druids' upkeep triggers go to the zone: the same words. Found by their words
    in the views, both lines named the first Druid; their data says which is which."""
    view = {"players": [{"seat": 1, "units": DRUIDS}], "stack": []}
    after = {**view, "stack": [{"controller": 1, **upkeep(u), "text": "same words"} for u in (3, 4)]}
    words = f"P2: Grove Druid's upkeep trigger: {UPKEEP} goes to the resolution zone"
    events = [Event("stack", words, {"player": 1, "entry": upkeep(u)}) for u in (4, 3)]
    told = scars_events(Action("pass"), events, view, after, 0)
    assert [e.text for e in told] == [
        f"P2: Grove Druid (P2, 2nd in DEF)'s upkeep trigger: {UPKEEP} goes to the resolution zone",
        f"P2: Grove Druid (P2, 1st in DEF)'s upkeep trigger: {UPKEEP} goes to the resolution zone",
    ]


def test_the_entries_words_are_not_read_in_the_engine_s_text() -> None:
    """Other words from the engine change nothing: the line is made of the data."""
    hero = entry(
        "hero",
        1,
        "Korrag of the Wilds",
        "hero",
        target=30,
        target_name="P1's hero Aurelia",
        does="deal 1 damage to {target}",
    )
    told = scars_events(
        Action("hero", (30,)), [Event("stack", "zzz", {"player": 1, "entry": hero})], {}, {}, 0
    )
    assert [e.text for e in told] == [
        "P2: Korrag of the Wilds' hero ability: deal 1 damage to P1's hero Aurelia goes to the resolution zone"
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_data_words_an_entry_as_the_engine_does(seed: int) -> None:
    """Every entry of seeded random games, worded from its data with no place, reads as the
    engine's own words of it (`describe_entry`): the data says all the words do."""
    cls = game_class("scars")
    game = cls.new_game(seed=seed, options={}, decks=[None, None], scenario=None)
    rng = random.Random(seed)
    seen = 0
    for _ in range(600):
        if game.is_over():
            break
        for ev in game.apply(rng.choice(game.legal_actions())):
            if ev.kind not in ("stack", "resolve"):
                continue
            said = entry_words(ev.data["entry"], lambda uid, name, played: name)
            assert ev.text in (
                f"P{ev.data['player'] + 1}: {said} goes to the resolution zone",
                f"Resolves: {said}",
            )
            seen += 1
    assert seen > 20


# -- in short: an entry that waits, and one that resolves after a wait --------------------------
MEDIC = entry(
    "ability",
    4,
    "Field Medic",
    "unit",
    target=6,
    target_name="Knight of the Oath",
    does="remove all damage from {target}",
)
KNIGHT = unit(6, "Knight of the Oath", "attack")


def brief(
    action: Action, events: list[Event], before: dict[str, object], after: dict[str, object]
) -> list[str]:
    """The lines the table's log has for `events` (to P1's eyes)."""
    told = told_events("scars", action, events, lambda: before, lambda: after, 0)
    return [e.text for e in told]


def test_an_ability_that_waits_is_one_short_line() -> None:
    """The other side's ability went to the zone (`P2: Field Medic's ability: remove all damage
    from Knight of the Oath goes to the resolution zone`, two rows at 80 × 24): what it is, whose,
    what it will do."""
    table = {"players": [{"seat": 1, "units": [unit(4, "Field Medic", "defense"), KNIGHT]}], "stack": []}
    held = {**table, "stack": [{"controller": 1, **MEDIC, "text": "…"}]}
    pushed = Event("stack", "…", {"player": 1, "entry": MEDIC})
    assert brief(Action("ability", (4, 6)), [pushed], table, held) == ["→ waits in the zone for answers"]
    trigger = Event("stack", "…", {"player": 1, "entry": upkeep(3)})
    assert brief(Action("pass"), [trigger], table, table) == [
        f"→ P2's Grove Druid upkeep trigger waits: {UPKEEP}"
    ]
    # the whole entry is still there for `triarch replay --print --full`
    full = told_events("scars", Action("pass"), [trigger], lambda: table, lambda: table, 0, full=True)
    assert [e.text for e in full] == [
        f"P2: Grove Druid's upkeep trigger: {UPKEEP} goes to the resolution zone"
    ]


def test_an_ability_that_resolves_after_a_wait_is_said_in_short() -> None:
    """`Pass (lets Field Medic's ability resolve)` then `Resolves: Field Medic's ability: remove
    all damage from Knight of the Oath`: the pass's line names it, the line under it says what
    it does. An entry the action's line does not name says whose it is."""
    table = {"players": [{"seat": 0, "units": [unit(4, "Field Medic", "defense"), KNIGHT]}], "stack": []}
    held = {**table, "stack": [{"controller": 0, **MEDIC, "text": "…"}]}
    resolves = Event("resolve", "…", {"player": 0, "entry": MEDIC})
    healed = Event("heal", "Knight of the Oath is healed", {"uid": 6})
    assert brief(Action("pass"), [resolves, healed], held, table) == [
        "→ resolves: remove all damage from Knight of the Oath",
        "Knight of the Oath is healed",
    ]
    assert brief(Action("done"), [resolves, healed], held, table) == [
        "→ P1's Field Medic ability resolves: remove all damage from Knight of the Oath",
        "Knight of the Oath is healed",
    ]


def test_a_card_that_resolves_over_the_zone_is_said_in_short() -> None:
    """A prayer played over a card that waits resolves at once: one line says so."""
    boar = {"uid": 86, "name": "Tusked Boar", "position": "attack"}
    view = {
        "players": [{"seat": 1, "units": [boar]}],
        "stack": [{"controller": 1, **entry("card", 2, "Grey Wolf", "unit", mode="defense"), "text": "…"}],
    }
    smite = entry(
        "card", 40, "Smite", "prayer", target=86, target_name="Tusked Boar", does="deal 2 damage to {target}"
    )
    events = [
        Event("stack", "…", {"player": 0, "entry": smite}),
        Event("resolve", "…", {"player": 0, "entry": smite}),
        Event("damage", "Smite deals 2 damage to Tusked Boar", {"uid": 86}),
    ]
    assert scars_brief(
        Action("cast", (40, 86)), scars_events(Action("cast", (40, 86)), events, view, view, 0), view, view
    ) == [
        Event("resolve", "→ resolves: deal 2 damage to Tusked Boar"),
        events[2],
    ]
