"""BH-97: the POD investment dialog against a being with Magic Resistance says what the engine
does with the POD invested — its RES takes it first, the rest goes to its Salud."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action

from .helpers import POD500_INVEST, bhm_session, engine_ready, press, resumed, screen_text, settle, uid_of

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Pyre Warlock (POD 500) power-attacks P2's Thunder Knight (Magic Resistance, RES 400, Salud 700)
KNIGHT = POD500_INVEST.replace('card = "kalzar"         # Salud 1300', 'card = "thunder_knight"')


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        ((), "Thunder Knight: RES 400 → 300 (RES only); Pyre Warlock at POD 400 after"),
        (("end",), "Thunder Knight: RES 400 → 0, 100 to Salud; Pyre Warlock at POD 1 after"),
    ],
)
async def test_the_investment_summary_says_the_res_takes_it_first(
    tmp_path: Path, keys: tuple[str, ...], said: str
) -> None:
    """The summary read `Thunder Knight takes 100` (and `takes 500`, all of it to its Salud, as it
    reads against a being without Magic Resistance); the engine takes it from the RES first."""
    s = bhm_session(KNIGHT, tmp_path / "s.json")
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "thunder_knight"))))
    assert s.decision is not None and s.decision.kind == "invest"
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "taken from its RES first (Magic Resistance)" in text, text
        for key in keys:
            await press(pilot, key)
            await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert said in text, text
        assert "Thunder Knight takes" not in text
