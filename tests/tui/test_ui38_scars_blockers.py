"""Session 38, The Scars' blockers dialog with eleven units in defense at 80 × 24 (the nine-blockers
scenario and two Village Militias more): the 10th and 11th rows had no number key and no number;
`1` `1` now makes the 11th the current row (in sight, numbered), `1` `Enter` the first (the dialog
not confirmed), as the choice list takes a choice past the 9th."""

from __future__ import annotations

import pytest

from .helpers import engine_ready, game_app, press, scenario, screen_name, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

NINE = scenario("scars_nine_blockers")
MORE = '  { card = "n_militia", position = "defense", damage = 1 },\n]'
ELEVEN = NINE.replace(MORE, MORE[:-2] + "\n" + MORE[:-2] + "\n" + MORE, 1)  # (three such Militias)


def lines(app: object) -> list[str]:
    return [line.strip(" █▅▃▂▁▄▆▇│") for line in screen_text(app).splitlines()]


async def test_the_eleventh_blocker_by_two_digits() -> None:
    app = game_app("scars", seed=3, scenario=ELEVEN, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog"
        dialog = app.screen
        rows = dialog.rows  # type: ignore[attr-defined]
        assert len(rows) == 11
        assert "↑↓ or 1…11 blocker" in " ".join(screen_text(app).split())
        await press(pilot, "1")
        await settle(pilot)
        assert "1… a 2nd digit takes row 10–11, Enter row 1" in " ".join(screen_text(app).split())
        await press(pilot, "1")
        await settle(pilot)
        assert dialog.view.current == 10  # type: ignore[attr-defined]
        assert f"▶ 11. {rows[10].label}" in lines(app), "\n".join(lines(app))
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert app.screen is dialog and dialog.view.current == 0  # type: ignore[attr-defined]
        assert not [a for a in app.session.game.history if a.kind == "block"]
