"""The Scars polish, round 3: the blockers dialog with more two-line rows than fit at 80 × 24
(every row reached and read by keys and mouse, the total and the keys in sight, a refusal
under its row)."""

from __future__ import annotations

from typing import Any

import pytest

from tui.app import TriarchApp
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail
from tui.widgets.lanes import LaneBoard

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_text, settle, shows

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

KEYS = "↑↓ or 1…9 blocker · ←→ whom it blocks · Enter confirm · Esc the choice list"


def nine_blockers() -> TriarchApp:
    """Nine units of P1's in defense, two Knights of the Oath and a Griffin Rider attacking."""
    return game_app("scars", seed=3, scenario=scenario("scars_nine_blockers"), level="scripted")


def dialog_lines(app: TriarchApp) -> list[str]:
    return [line.strip(" █▅▃▂▁▄▆▇") for line in screen_text(app).splitlines()]


async def test_every_blocker_row_is_reached_and_read_by_keys_at_80x24() -> None:
    """Seven blockers of two lines each pushed the total and the keys out of the dialog, and
    the eighth and ninth rows lay below its edge, unseen when `↓` or `9` made them current."""
    app = nine_blockers()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        rows = app.screen.rows  # type: ignore[attr-defined]
        assert len(rows) == 9
        for i, row in enumerate(rows):
            lines = dialog_lines(app)
            assert f"▶ {i + 1}. {row.label}" in lines, "\n".join(lines)
            assert "◀ no block ▶" in lines[lines.index(f"▶ {i + 1}. {row.label}") + 1]
            assert any(line.startswith("No blocks — Enter: declare no blockers") for line in lines), (
                "\n".join(lines)
            )
            assert KEYS in lines
            await press(pilot, "down")
            await settle(pilot)
        await press(pilot, "9", "right")
        await settle(pilot)
        lines = dialog_lines(app)
        assert "▶ 9. Village Militia (9th in DEF) 1/1 dmg 1, 1 more kills" in lines, "\n".join(lines)
        assert "◀ blocks Knight of the Oath (1st in ATK) ▶" in lines
        # what is out of sight is said in words (the scroll bar is only seen in colour)
        # (counted after the dialog's next refresh: waited for, as the footer's keys are)
        # (2, not 3: the line under the rows is not kept blank, session 39 — one row more in sight)
        assert await shows(pilot, "1 blocker declared — Enter confirms them · ▲ 2 rows above")
        await press(pilot, "1")
        await settle(pilot)
        assert "No blocks" not in "\n".join(dialog_lines(app))
        assert await shows(pilot, "1 blocker declared — Enter confirms them · ▼ 2 rows below")
        await press(pilot, "enter")
        await settle(pilot)
        blocks = [a for a in app.session.game.history if a.kind == "block"]
        assert len(blocks) == 1, app.session.game.history


async def test_a_blocker_row_scrolled_into_sight_is_clicked_as_it_reads() -> None:
    """Scrolled down to the ninth row, a click on the eighth row's value line changes the
    eighth blocker (the rows' lines and the clicks agree under the scroll)."""
    app = nine_blockers()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "9")
        await settle(pilot)
        screen: Any = app.screen
        view = screen.view
        await pilot.click(view, offset=(12, view.top_of(7) + 1))
        await settle(pilot)
        assert view.current == 7
        lines = dialog_lines(app)
        at = lines.index("▶ 8. Storm Hawk 2/1")
        assert lines[at + 1] == "◀ blocks Knight of the Oath (1st in ATK) ▶", "\n".join(lines)


async def test_a_refusal_under_a_blocker_goes_on_under_its_start() -> None:
    """`✗ Griffin Rider has Flying: only Flying or Ranged units can block it (SC-83)` under the
    Stone Golem's row: its end came back at the dialog's left edge, and was one line more than
    the rows counted, so a click on the next row fell on the wrong one."""
    app = nine_blockers()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "3", "left")  # the last attacker: the Griffin Rider
        await settle(pilot)
        text = screen_text(app)
        lines = [line.strip("█").rstrip(" █▅▃▂▁▄▆▇") for line in text.splitlines()]
        at = next(i for i, line in enumerate(lines) if "✗ Griffin Rider has Flying" in line)
        note = lines[at : at + 2]
        assert note[0].startswith("        ✗ Griffin Rider has Flying: only Flying or Ranged units"), text
        assert note[1].startswith("        ") and note[1].endswith("(SC-83)"), text
        view: Any = app.screen.view  # type: ignore[attr-defined]
        await pilot.click(view, offset=(12, view.top_of(3)))  # the Grove Druid's row, under the note
        await settle(pilot)
        assert view.current == 3


async def test_the_energy_pool_at_120x40_has_a_line_of_its_own() -> None:
    """`energy 6 untapped / 0 tapped · pool 2 (lost at the end of the turn) · supports 2 (2 units
    each: limit 4)` was longer than the lane at 120 × 40 and wrapped (`      · supports 2 …` at
    the lane's left edge): the supports stay on the energy line, the pool has its own."""
    pooled = scenario("scars_twins").replace("energy = 6\n", "energy = 6\npool = 2\n", 1)
    app = game_app("scars", seed=3, scenario=pooled, level="scripted")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        lines = [
            line.split("│")[1].rstrip() for line in screen_text(app).splitlines() if line.count("│") >= 2
        ]
        at = lines.index("  energy 6 untapped / 0 tapped · supports 2 (2 units each: limit 4)")
        assert lines[at + 1] == "  pool 2: energy a card gave, lost at the end of the turn (SC-19)"
        assert lines[at + 2].startswith("  hand 4 · deck 40"), "\n".join(lines)


async def test_the_blockers_dialog_closed_ignores_a_late_call_to_fit_its_rows() -> None:
    """The dialog fits its rows to the screen after a refresh; one that came when the dialog
    was already closed (Enter before that refresh) stopped the app: `No nodes match
    'ScarsRowsView'` (seen once in a test that answers by keys at once)."""
    app = nine_blockers()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog: Any = app.screen
        await press(pilot, "enter")
        await settle(pilot)
        assert screen_name(app) == "ScarsScreen"
        dialog.fit_rows()
        dialog.show_row()
        dialog.tell_total()
        await settle(pilot)
        assert app.session.game.history[-1].kind == "done"


def late_stack() -> TriarchApp:
    """A late board, five entries in the resolution zone, P1 to respond."""
    return game_app("scars", seed=3, scenario=scenario("scars_late_stack"), level="scripted")


async def test_the_prompt_to_respond_says_which_card_the_top_entry_aims_at() -> None:
    """`Respond to Knight of the Oath (unit, sheltering Knight of the Oath), or pass`: P2 has
    two Knights of the Oath in attack, and at 80 × 24 the top of the resolution zone (which
    says it) is out of sight under the lanes: the prompt says which."""
    app = late_stack()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Respond to" in line)
        prompt = " ".join(line.strip() for line in lines[at : at + 2])
        # (in short from the entry's data: round 11)
        assert (
            "Respond to P2's Knight of the Oath: enters sheltering Knight of the Oath (P2, 5th in ATK), or pass"
            in prompt
        ), screen_text(app)


async def test_a_unit_limit_a_structure_raises_adds_up() -> None:
    """`supports 6 (2 units each: limit 14)`: 6 × 2 is 12, and the Barracks' 2 more units were
    nowhere. The limit then has its own line, which says what it adds up from."""
    app = late_stack()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen: Any = app.screen
        view = screen.view_data
        lines = [
            "".join(seg.text for seg in segs)
            for _style, segs in screen.render_player_roomy(view, view["players"][1], False)
        ]
        at = lines.index("  energy 3 untapped / 3 tapped · supports 6 (2 units each)")
        assert lines[at + 1] == "  unit limit 14: 2 a support, +2 by Barracks", "\n".join(lines)
        assert not any("limit 14)" in line for line in lines)


async def test_when_you_may_respond_the_top_of_a_full_resolution_zone_is_in_sight() -> None:
    """At 80 × 24 the lanes showed the other side and the zone's first three entries, the
    cursor on the other side's hero: what you respond to (the top) was out of sight. The card
    cursor goes to the top entry's card: in sight, and in the card panel."""
    app = late_stack()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        # the top entry on one row, in short (round 11): `⧉5 P2's ▶Knight of t…: enters sheltering …`
        assert ": enters sheltering Knight of t… (P2, 5th in ATK)  ◀ top" in text, text
        screen: Any = app.screen
        top = screen.view_data["stack"][-1]["source"]
        assert screen.query_one(LaneBoard).cursor_uid == top
        detail = screen.query_one(CardDetail)
        assert detail.card is not None and detail.card["uid"] == top  # (its name: no number, session 41)
        assert "Knight of the Oath" in text and f"#{top}" not in text
        await press(pilot, "up")  # the cursor is the player's again: it is not put back
        await settle(pilot)
        assert screen.query_one(LaneBoard).cursor_uid != top


HERO_ABILITY = """
[scenario]
game = "scars"
title = "Aurelia's hero ability"
seed = 3

[setup]
active = 1
phase = "recruit1"
turn = 6

[[player]]
hero = "hero_aurelia"
lives = 9
energy = 4
supports = 2
units = [
  { card = "legion_recruit", position = "defense" },
  { card = "n_mercenary", position = "defense" },
]

[[player]]
hero = "hero_korrag"
lives = 9
supports = 2
units = [{ card = "wild_boar", position = "attack" }]
"""


async def test_a_choice_too_long_for_its_two_lines_keeps_what_it_gives() -> None:
    """At 80 × 24 `Hero ability (2): give Shieldbearer Recruit +1/+1 until end of turn` read
    `Hero ability (2): give / Shieldbearer … until end of turn`: what it gives was the part left
    out. `until end of turn` reads `this turn` in the choices, and the +1/+1 stays."""
    app = game_app("scars", seed=3, scenario=HERO_ABILITY, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "│    Shieldbearer… +1/+1 this turn " in text, text  # (its name cut, not the words after it)
        assert "until end of turn" not in text
        words = app.screen.query_one(ActionList).words
        assert "Hero ability (2 energy): give Shieldbearer Recruit +1/+1 this turn" in words
