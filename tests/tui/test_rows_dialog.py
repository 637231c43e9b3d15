"""One rows dialog for every game: BHM's rows dialogs scroll as The Scars' do. A blockers-like
dialog over BHM's dense late board (tests/tui/data/bhm_dense_late.toml), one row for each of
P1's eight beings, at 80 × 24: every row reached and read by keys and by click, the total and
the keys always in sight, the rows out of sight said in words, a long refusal under its start."""

from __future__ import annotations

from typing import Any

import pytest

from common.game import Action
from tui.app import TriarchApp
from tui.screens.decide import Row, RowsDialog

from .helpers import dense_late_app, engine_ready, press, screen_name, screen_text, settle, shows, until

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

KEYS = "↑↓ or 1…9 being · ←→ whom it stops · Enter confirm · Esc the choice list"


def beings(app: TriarchApp, seat: int) -> list[dict[str, Any]]:
    """The beings `seat` has in its zones, in zone order."""
    zones = app.session.game.view(0)["players"][seat]["zones"]
    return [z["being"] for z in zones if z.get("being")]


def stats(c: dict[str, Any]) -> str:
    s = c["stats"]
    return f"FUE {s['fue']['cur']} RES {s['res']['cur']} Salud {s['salud']['cur']}"


def stop_dialog(app: TriarchApp, answers: list[list[Action] | None]) -> RowsDialog:
    """Each of P1's beings stops one of P2's first two beings or none (the second is refused);
    the plan confirmed lands in `answers`."""
    mine, theirs = beings(app, 0), beings(app, 1)[:2]
    refusal = (
        f"✗ {theirs[1]['name']} is invisible this turn: only a being with Sight can stop it, and no "
        "being of yours has it"
    )
    rows = [
        Row(
            f"{c['name']} ({stats(c)})",
            ["stops nothing"] + [f"stops {t['name']} (P2 zone {i + 1})" for i, t in enumerate(theirs)],
            0,
            ["", "", refusal],
            key=c["uid"],
        )
        for c in mine
    ]

    def build(rows: list[Row]) -> list[Action]:
        return [Action("stop", (r.key, theirs[r.index - 1]["uid"])) for r in rows if r.index]

    def total(rows: list[Row]) -> str:
        n = sum(1 for r in rows if r.index)
        return f"{n} stopping — Enter confirms" if n else "Nobody stops — Enter: done"

    dialog = RowsDialog(
        "Stop the attackers",
        "Attacking:\n"
        + "\n".join(f"  {t['name']} ⇒ {c['name']}" for t, c in zip(theirs, mine[:2], strict=True)),
        rows,
        build,
        lambda plan: None,
        total,
        keys=KEYS,
        two_lines=True,
    )
    app.push_screen(dialog, answers.append)
    return dialog


def lines(app: TriarchApp) -> list[str]:
    """The screen's lines, without the dialog's border and the scroll bar."""
    return [line.strip(" │┃▌▐█▅▃▂▁▄▆▇") for line in screen_text(app).splitlines()]


def row_read(app: TriarchApp, i: int, label: str) -> bool:
    """Row `i` is the current row, both its lines in sight, and the total under the rows."""
    shown = lines(app)
    at = f"▶ {i + 1}. {label}"
    if at not in shown:
        return False
    after = shown.index(at) + 1
    return (
        after < len(shown)
        and "◀ stops nothing ▶" in shown[after]
        and any(line.startswith("Nobody stops — Enter: done") for line in shown)
    )


async def test_every_row_of_a_bhm_rows_dialog_is_reached_and_read_by_keys_at_80x24() -> None:
    """Eight rows of two lines each: the total and the keys went out of the dialog, and the last
    rows lay below its edge, unseen when `↓` or `8` made them the current row."""
    app = dense_late_app("bhm")
    answers: list[list[Action] | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = stop_dialog(app, answers)
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        rows = dialog.rows
        assert len(rows) == 8
        for i, row in enumerate(rows):
            # the current row is scrolled into sight whole, and the total said, after the
            # dialog's next refresh (which a loaded machine holds back past settle)
            await until(pilot, lambda i=i, row=row: row_read(app, i, row.label))
            shown = lines(app)
            assert f"▶ {i + 1}. {row.label}" in shown, "\n".join(shown)
            assert "◀ stops nothing ▶" in shown[shown.index(f"▶ {i + 1}. {row.label}") + 1]
            assert any(line.startswith("Nobody stops — Enter: done") for line in shown), "\n".join(shown)
            assert KEYS.replace("1…9", "1…8") in shown, "\n".join(shown)  # (the 8 rows there are)
            await press(pilot, "down")
            await settle(pilot)
        await press(pilot, "8", "right")
        await settle(pilot)
        shown = lines(app)
        assert f"▶ 8. {rows[7].label}" in shown, "\n".join(shown)
        # what is out of sight is said in words (the scroll bar is only seen in colour)
        # (counted after the dialog's next refresh: waited for, as the footer's keys are)
        assert await shows(pilot, "1 stopping — Enter confirms · ▲ 1 row above"), "\n".join(lines(app))
        await press(pilot, "1")
        await settle(pilot)
        assert await shows(pilot, "1 stopping — Enter confirms · ▼ 1 row below"), "\n".join(lines(app))
        await press(pilot, "enter")
        await settle(pilot)
        assert answers == [[Action("stop", (rows[7].key, beings(app, 1)[0]["uid"]))]]


async def test_a_bhm_row_scrolled_into_sight_is_clicked_as_it_reads() -> None:
    """Scrolled down to the eighth row, a click on the seventh row's value line changes the
    seventh being (the rows' lines and the clicks agree under the scroll)."""
    app = dense_late_app("bhm")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = stop_dialog(app, [])
        await settle(pilot)
        await press(pilot, "8")
        await settle(pilot)
        # the eighth row is scrolled into sight after the dialog's next refresh: clicked before
        # that is drawn, the click hit where the seventh row had been
        assert await shows(pilot, f"▶ 8. {dialog.rows[7].label}"), "\n".join(lines(app))
        view = dialog.view
        await pilot.click(view, offset=(12, view.top_of(6) + 1))
        await settle(pilot)
        assert view.current == 6 and dialog.rows[6].index == 1
        shown = lines(app)
        at = shown.index(f"▶ 7. {dialog.rows[6].label}")
        assert shown[at + 1].startswith("◀ stops "), "\n".join(shown)


async def test_a_long_refusal_under_a_bhm_row_goes_on_under_its_start() -> None:
    """A refusal too long for its line came back at the dialog's left edge, one line more than
    the rows counted, so a click on the next row fell on the row above it."""
    app = dense_late_app("bhm")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = stop_dialog(app, [])
        await settle(pilot)
        await press(pilot, "2", "left")  # the refused option: the second attacker, the Mountain Giant
        await settle(pilot)
        text = screen_text(app)
        raw = text.splitlines()
        at = next(i for i, line in enumerate(raw) if "✗ Mountain Giant is invisible this turn" in line)
        start = raw[at].index("✗")
        assert raw[at - 1].index("◀") < start, text  # under the value, not at the dialog's left edge
        assert raw[at + 1][:start].strip("█ ") == "", text
        assert raw[at + 1][start:].startswith("can stop it, and no being of yours has it"), text
        view = dialog.view
        await pilot.click(view, offset=(12, view.top_of(2)))  # the third row, under the refusal
        await settle(pilot)
        assert view.current == 2


async def test_a_rows_dialog_refusal_is_a_sentence_as_the_prompts_are() -> None:
    """`9` in a dialog of eight rows said `✗ there is no row 9`, in lower case, where a choice the
    prompt refuses reads `✗ Not enough mana: …`: a dialog's refusals start with a capital too."""
    app = dense_late_app("bhm")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        stop_dialog(app, [])
        await settle(pilot)
        await press(pilot, "9")
        assert await shows(pilot, "✗ There is no row 9"), "\n".join(lines(app))
        assert "✗ there is no row" not in screen_text(app)
