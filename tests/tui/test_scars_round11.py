"""The Scars, round 11 (session 32): the resolution zone's lines worded from the events' data,
an entry that waits or resolves in short, the Equip choices told apart at 80 × 24, a unit's
weapons in the lanes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from common.events import Event
from common.game import Action
from common.registry import game_class
from tui.log_words import entry_words, scars_brief, scars_events, told_events
from tui.screens.scars import fit_choices, unit_segs, zone_segs
from tui.widgets.actions import wrapped
from tui.widgets.detail import CardDetail

from .helpers import (
    MEDIC_ABILITY,
    engine_ready,
    game_app,
    press,
    scenario,
    screen_name,
    screen_text,
    settle,
    zone_entry,
)

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def unit(uid: int, name: str, position: str, **more: object) -> dict[str, object]:
    return {"uid": uid, "name": name, "position": position, **more}


entry = zone_entry


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
    held = {**table, "stack": [{"controller": 1, **MEDIC_ABILITY, "text": "…"}]}
    pushed = Event("stack", "…", {"player": 1, "entry": MEDIC_ABILITY})
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
    """`Pass (lets P1's Field Medic ability resolve)` then `Resolves: Field Medic's ability: remove
    all damage from Knight of the Oath`: the pass's line names it, the heal's line says what it
    did (session 33: `→ resolves: remove all damage from …` said it again). An entry the action's
    line does not name says whose it is; what it does only when no line under it says it."""
    table = {"players": [{"seat": 0, "units": [unit(4, "Field Medic", "defense"), KNIGHT]}], "stack": []}
    held = {**table, "stack": [{"controller": 0, **MEDIC_ABILITY, "text": "…"}]}
    resolves = Event("resolve", "…", {"player": 0, "entry": MEDIC_ABILITY})
    healed = Event("heal", "Knight of the Oath is healed", {"uid": 6})
    assert brief(Action("pass"), [resolves, healed], held, table) == ["Knight of the Oath is healed"]
    assert brief(Action("done"), [resolves, healed], held, table) == [
        "→ P1's Field Medic ability resolves",
        "Knight of the Oath is healed",
    ]
    # nothing under it (the turn goes on): what it does stays
    phase = Event("phase", "3A Declare attackers", {"phase": "attack"})
    assert brief(Action("done"), [resolves, phase], held, table) == [
        "→ P1's Field Medic ability resolves: remove all damage from Knight of the Oath",
        "3A Declare attackers",
    ]


def test_a_token_made_is_said_once() -> None:
    """`→ resolves: create 1 Wolf token in defense position` then `P1 creates a Wolf token in
    defense position`: the same thing twice. The token's line says it; under the pass that names
    the entry it is alone, else the line above says only whose entry resolved."""
    wolf = {"uid": 40, "name": "Wolf", "position": "defense"}
    hero = entry("hero", 2, "Korrag of the Wilds", "hero", does="create 1 Wolf token in defense position")
    table = {"players": [{"seat": 0, "hero": {"uid": 2, "name": "Korrag of the Wilds"}, "units": []}]}
    held = {**table, "stack": [{"controller": 0, **hero, "text": "…"}]}
    made = {"players": [{**table["players"][0], "units": [wolf]}], "stack": []}
    resolves = Event("resolve", "…", {"player": 0, "entry": hero})
    token = Event("token", "P1 creates a Wolf token in defense position", {"uid": 40})
    assert brief(Action("pass"), [resolves, token], held, made) == [
        "P1 creates a Wolf token in defense position"
    ]
    assert brief(Action("done"), [resolves, token], held, made) == [
        "→ P1's hero ability resolves",
        "P1 creates a Wolf token in defense position",
    ]
    # played over an entry that waits, it resolves at once: the action's line names it
    stacks = Event("stack", "…", {"player": 0, "entry": hero})
    assert brief(Action("hero"), [stacks, resolves, token], held, {**made, "stack": held["stack"]}) == [
        "P1 creates a Wolf token in defense position"
    ]


def test_a_card_that_resolves_over_the_zone_is_said_in_short() -> None:
    """A prayer played over a card that waits resolves at once: the action's line says so, and the
    damage's what it did (session 33: not `→ resolves: deal 2 damage to Tusked Boar` too)."""
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
    ) == [events[2]]


# -- the Equip choices at 80 × 24 ----------------------------------------------------------------
EQUIPS = [
    f"{verb} {weapon}{cost} {to} Shieldbearer Recruit ({place}){tail}"
    for verb, cost, to, tail in (("Equip", "", "to", " (1 energy)"), ("Play", " (1)", "equipped to", ""))
    for weapon in ("Longsword", "Ritual Dagger")
    for place in ("1st in ATK", "2nd in DEF")
]


@pytest.mark.parametrize("width", [25, 28, 31])
def test_the_equip_choices_say_which_weapon_onto_which_unit(width: int) -> None:
    """Two weapons, two Shieldbearer Recruits: at about 25 columns the choices were cut to
    `Equip … Shieldbearer… (1st in ATK)`, the weapon left out, four rows read as two. Each now
    keeps its weapon and its unit with its place (`Equip Longsw… to Shieldb… (1st in ATK)`)."""
    names = {"Longsword", "Ritual Dagger", "Shieldbearer Recruit"}
    shown = fit_choices(EQUIPS, lambda x: len(wrapped(x, width)) <= 2, names)
    rows = [" ".join(wrapped(s, width, 2)) for s in shown]
    assert len(set(rows)) == len(rows), rows
    for text, row in zip(EQUIPS, rows, strict=True):
        weapon = "Longsw" if "Longsword" in text else "Ritual"
        assert weapon in row and "Shield" in row and ("1st in ATK" in text) == ("1st in ATK" in row), (
            text,
            row,
        )


# -- a unit's weapons in the roomy lanes ---------------------------------------------------------
def test_a_unit_s_weapons_read_as_the_table_says_them() -> None:
    """From 120 × 40 a unit's weapons read `(+Longsword,Tower Shield)`, and one of two Longswords
    `(+Longsword (P2, 1st weapon))`, brackets in brackets: now as the card panel and the
    weapons' line say them, `weapons: Longsword, Tower Shield` (the unit says which Longsword)."""
    cards: dict[int, dict[str, object]] = {
        1: {"uid": 1, "name": "Longsword"},
        2: {"uid": 2, "name": "Tower Shield"},
        3: {"uid": 3, "name": "Longsword"},
    }
    places = {1: ("Longsword", "P2, 1st weapon"), 3: ("Longsword", "P2, 2nd weapon")}
    knight = {
        "uid": 9,
        "name": "Knight of the Oath",
        "attack": 5,
        "defense": 5,
        "weapons": [1, 2],
        "damage": 1,
    }
    said = "".join(seg.text for seg in unit_segs(knight, cards, places=places))
    assert said == "Knight of the Oath 5/5 (dmg 1, 5 more kills; weapons: Longsword, Tower Shield)", said
    said = "".join(
        seg.text for seg in unit_segs({**knight, "weapons": [3], "damage": 0}, cards, places=places)
    )
    assert said == "Knight of the Oath 5/5 (weapon: Longsword)", said


# -- the table's resolution zone: one short row an entry, the whole in the card panel ------------
def test_the_zone_s_entries_are_short_on_the_table() -> None:
    """What it is, whose, what it will do; its card a chip; below 120 × 40 the names cut."""
    cards = {4: {"uid": 4, "name": "Field Medic"}, 1: {"uid": 1, "name": "Korrag of the Wilds"}}
    places = {4: ("Field Medic", "P2, 1st in DEF"), 6: ("Knight of the Oath", "1st in ATK")}
    medic = {"controller": 1, **MEDIC_ABILITY}
    said = "".join(seg.text for seg in zone_segs(medic, cards, places))
    assert (
        said
        == "P2's Field Medic (1st in DEF) ability: remove all damage from Knight of the Oath (1st in ATK)"
    )
    assert [seg.uid for seg in zone_segs(medic, cards, places) if seg.uid] == [4]  # the chip
    said = "".join(seg.text for seg in zone_segs(medic, cards, places, 12))
    assert said == "P2's Field Medic (1st in DEF) ability: remove all damage from Knight of t… (1st in ATK)"
    hero = entry("hero", 1, "Korrag of the Wilds", "hero", does="create 1 Wolf token in defense position")
    said = "".join(seg.text for seg in zone_segs({"controller": 0, **hero}, cards, {}))
    assert said == "P1's hero ability: create 1 Wolf token in defense position"


async def test_the_card_panel_has_the_whole_entry() -> None:
    """At 80 × 24 the top entry is one row (`⧉5 P2's ▶Knight of t…: enters sheltering Knight of
    t… (P2, 5th in ATK)`); the card panel, its card under the cursor, says it whole."""
    app = game_app("scars", seed=3, scenario=scenario("scars_late_stack"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        note = app.screen.query_one(CardDetail).note
        assert (
            "In the resolution zone (5 of 5, top): P2: Knight of the Oath (unit, sheltering Knight of the Oath"
            " (P2, 5th in ATK))" in note
        ), note
        assert "⧉5 P2's ▶Knight of t…: enters sheltering Knight of t… (P2, 5th in ATK)  ◀ top" in screen_text(
            app
        )


async def test_the_hot_seat_cover_says_the_answer_whole() -> None:
    """Korrag's hero ability waits; P2's cover read `you decide: Respond to Korrag of the Wilds'
    hero ability: create 1 Wolf token in defense position, or…` (cut): in short, from the
    entry's data, it says it whole, as the zone's row and the prompt do."""
    app = game_app("scars", seed=3, vs="human", scenario=scenario("scars_hero_ability"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "space")  # P1's turn: the cover goes
        await settle(pilot)
        table: Any = app.screen
        assert table.choose(Action("hero"))
        await settle(pilot)
        assert screen_name(app) == "CoverScreen"
        said = " ".join(screen_text(app).replace("║", " ").split())
        assert (
            "you decide: Respond to P1's hero ability: create 1 Wolf token in defense position, or pass"
            in said
        ), said
