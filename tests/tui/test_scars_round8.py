"""The Scars screen, session 29: the log's lines about the resolution zone, Bond and tokens tell
same-named units apart as its damage lines do, and the hero ability's `last:` line fits."""

from __future__ import annotations

import pytest

from common.events import Event
from common.game import Action
from tui.app import TriarchApp
from tui.log_words import scars_events
from tui.widgets.log import GameLog

from .helpers import MEDIC_ABILITY, engine_ready, game_app, press, scenario, settle, zone_entry

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")


def scars_app(name: str, vs: str = "ai") -> TriarchApp:
    return game_app("scars", seed=3, scenario=scenario(name), level="scripted", vs=vs)


def unit(uid: int, name: str, position: str, **more: object) -> dict[str, object]:
    return {"uid": uid, "name": name, "position": position, **more}


TWO_MEDICS = [unit(3, "Field Medic", "defense"), unit(4, "Field Medic", "defense")]
KNIGHTS = [unit(5, "Knight of the Oath", "attack"), unit(6, "Knight of the Oath", "attack")]


entry = zone_entry


def test_the_resolution_zone_lines_tell_same_named_units_apart() -> None:
    """`P1: Field Medic's ability: remove all damage from Knight of the Oath goes to the
    resolution zone` and `Resolves: …`: which Medic, which Knight? The events' entry data say
    (its source and target), as the action's line tells them; their text is not read."""
    data = MEDIC_ABILITY
    before = {"players": [{"seat": 0, "units": [*TWO_MEDICS, *KNIGHTS]}], "stack": []}
    after = {**before, "stack": [{"controller": 0, **data, "text": "the Medic's ability"}]}
    pushed = Event("stack", "P1: the Medic's ability goes", {"player": 0, "entry": data})
    told = scars_events(Action("ability", (4, 6)), [pushed], before, after, 0)
    assert [e.text for e in told] == [
        "P1: Field Medic (2nd in DEF)'s ability: remove all damage from Knight of the Oath (2nd in ATK)"
        " goes to the resolution zone"
    ]
    resolves = Event("resolve", "the Medic's ability resolves", {"player": 0, "entry": data})
    healed = Event("heal", "Knight of the Oath is healed", {"uid": 6})
    told = scars_events(Action("pass"), [resolves, healed], after, before, 1)
    assert [e.text for e in told] == [
        "Resolves: Field Medic (P1, 2nd in DEF)'s ability: remove all damage from Knight of the Oath"
        " (P1, 2nd in ATK)",
        "Knight of the Oath (P1, 2nd in ATK) is healed",
    ]


def test_an_entry_that_resolved_with_its_action_is_told_by_its_data() -> None:
    """A prayer nobody answers goes to the zone and resolves within its action: neither view has
    it, its events' data tell it (Shield Wall on the 1st Knight). A card played has no place of
    its own: it is in the zone, and its line says where it goes."""
    view = {"players": [{"seat": 0, "units": KNIGHTS}], "stack": []}
    wall = entry(
        "card",
        9,
        "Shield Wall",
        "prayer",
        target=5,
        target_name="Knight of the Oath",
        does="give {target} +0/+3 until end of turn",
    )
    events = [
        Event("stack", "P1 casts a prayer", {"player": 0, "entry": wall}),
        Event("resolve", "the prayer resolves", {"player": 0, "entry": wall}),
    ]
    told = scars_events(Action("cast", (9, 5)), events, view, view, 0)
    assert [e.text for e in told] == [
        "P1: Shield Wall: give Knight of the Oath (1st in ATK) +0/+3 until end of turn goes to the resolution zone",
        "Resolves: Shield Wall: give Knight of the Oath (1st in ATK) +0/+3 until end of turn",
    ]
    after = {
        "players": [{"seat": 0, "units": [*KNIGHTS, unit(9, "Knight of the Oath", "defense", sheltering=5)]}]
    }
    knight = entry(
        "card", 9, "Knight of the Oath", "unit", mode="shelter", target=5, target_name="Knight of the Oath"
    )
    events = [
        Event("stack", "P1 plays a unit", {"player": 0, "entry": knight}),
        Event("resolve", "the unit resolves", {"player": 0, "entry": knight}),
        Event(
            "enter",
            "Knight of the Oath enters in defense position, sheltering Knight of the Oath",
            {"uid": 9},
        ),
    ]
    told = scars_events(Action("cast", (9, "shelter", 5)), events, view, after, 0)
    assert [e.text for e in told] == [
        "P1: Knight of the Oath (unit, sheltering Knight of the Oath (1st in ATK)) goes to the resolution zone",
        "Resolves: Knight of the Oath (unit, sheltering Knight of the Oath (1st in ATK))",
        "Knight of the Oath (1st in DEF) enters in defense position, sheltering Knight of the Oath (1st in ATK)",
    ]


def test_bond_and_token_lines_tell_same_named_units_apart() -> None:
    """`Grey Wolf's Bond takes 1 of the damage to P1` with two Grey Wolves, and `P2 creates a
    Wolf token in defense position` with a Wolf token there already — its place says the
    position, which is not said again."""
    wolves = [unit(7, "Grey Wolf", "defense"), unit(8, "Grey Wolf", "defense")]
    view = {"players": [{"seat": 0, "units": wolves}]}
    bond = Event("bond", "Grey Wolf's Bond takes 1 of the damage to P1", {"uid": 8})
    assert [e.text for e in scars_events(Action("done"), [bond], view, view, 0)] == [
        "Grey Wolf (2nd in DEF)'s Bond takes 1 of the damage to P1"
    ]
    before = {"players": [{"seat": 1, "units": [unit(20, "Wolf", "defense")]}]}
    after = {"players": [{"seat": 1, "units": [unit(20, "Wolf", "defense"), unit(21, "Wolf", "defense")]}]}
    token = Event("token", "P2 creates a Wolf token in defense position", {"uid": 21})
    assert [e.text for e in scars_events(Action("hero"), [token], before, after, 0)] == [
        "P2 creates a Wolf token (P2, 2nd in DEF)"  # (`in defense position` again: round 9)
    ]


async def test_the_game_log_names_which_medic_heals_which_knight() -> None:
    """At the table: the second Medic's ability (3rd in DEF) on the first Knight, told in the log
    with the places the choice has, from the zone to the heal; waiting and resolving after the
    pass that names it, in short: the heal's own line under the pass (the whole `Resolves: Field
    Medic (3rd in DEF)'s ability: …` said the pass's line again, and session 32's `→ resolves:
    remove all damage from …` the heal's)."""
    app = scars_app("scars_medics")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = {u: c.defn.id for u, c in app.session.game.zones.cards.items() if c.zone.startswith("units")}
        medics = [u for u, card in table.items() if card == "legion_medic"]
        knights = [u for u, card in table.items() if card == "legion_knight"]
        await press(pilot, "colon")
        await settle(pilot)
        await press(pilot, *f"ability {sorted(medics)[1]} {sorted(knights)[0]}", "enter")
        await settle(pilot)
        await press(pilot, "colon")  # P1 has priority again: it passes, and so does the AI
        await settle(pilot)
        await press(pilot, *"pass", "enter")
        await settle(pilot)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        for line in (  # (its line in the zone said in short under the action's: round 9)
            "P1 (you): Field Medic (3rd in DEF)'s ability (1 energy): remove all damage from Knight of the"
            " Oath (1st in ATK)\n  → waits in the zone for answers",
            "P1 (you): Pass (lets P1's Field Medic (3rd in DEF) ability resolve)\n"
            "  Knight of the Oath (1st in ATK) is healed",
        ):
            assert line in log, log


HEROES = ["Korrag of the Wilds", "Aurelia, Iron Marshal", "Nyx, the Veiled"]
NAMES = {"Knight of the Oath", "Shieldbearer Recruit", "Field Medic", "Wolf"}


@pytest.mark.parametrize(
    ("words", "width", "fits"),
    [
        (
            "Hero ability (3): create 1 Wolf token in defense position",
            50,
            "Hero ability: create 1 Wolf token in defense",  # was `… token in defense…`
        ),
        (
            "Hero ability (3): create 1 Wolf token in defense position",
            40,
            "Hero: create 1 Wolf token in defense",
        ),
        (
            "Hero ability (2): give Knight of the Oath (1st in ATK) +1/+1 until end of turn",
            50,
            "Hero: give Knight of… (1st in ATK) +1/+1 this turn",  # was `… (1st in ATK) +1/+1…`
        ),
        (
            "Hero ability (2): deal 1 damage to Shieldbearer Recruit (P2, 2nd in DEF)",
            50,
            "Hero: 1 damage to Shieldbearer… (P2, 2nd in DEF)",  # was `… to Shieldbearer…`: which?
        ),
        (
            "Hero ability (2): give Field Medic +1/+1 until end of turn",
            66,
            "Hero ability (2): give Field Medic +1/+1 until end of turn",
        ),
    ],
)
def test_the_hero_abilitys_last_line_fits_in_shorter_words(words: str, width: int, fits: str) -> None:
    """The hero ability's `last:` words at 80 columns (50 and 40 columns left beside `(+2 in the
    log)`) lost their end: shorter words go first (`in defense`, `Hero:`, `1 damage`), then the
    names are cut between words, as the other `last:` lines are."""
    from tui.screens.scars import keep_target

    said = keep_target(words, width, actor_tag="P1, ", heroes=HEROES, names=NAMES)
    assert said == fits and len(said) <= width


def test_the_card_panel_does_not_say_a_keyword_twice() -> None:
    """The card panel read `• Haste — Haste: ignores summoning sickness …` (the engine's glossary
    names the keyword first); `• Valor 4 — Valor X: …` keeps its lead: it says what X is."""
    from rich.console import Console

    from scars.cards import KEYWORD_HELP
    from tui.widgets.detail import card_lines

    card = {"uid": 23, "name": "Grey Wolf", "type": "unit", "keywords": ["Haste", "Valor 4"]}
    glossary = {"Haste": KEYWORD_HELP["Haste"], "Valor X": KEYWORD_HELP["Valor"]}
    console = Console(width=200, record=True)
    console.print(card_lines(card, glossary))
    text = console.export_text()
    assert "• Haste — ignores summoning sickness (can attack the turn it enters)." in text, text
    assert "• Valor 4 — Valor X: cannot be blocked" in text, text
