"""The lanes (BHM, The Scars) cut their words by the choice list's rule (`one_line`'s start,
`cut_start`): the `last:` line and the stack's rows keep a bracket whole or leave it out and end
on a whole word; a name in a chip keeps its first letters (`short`), a bracket whole or out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.app import TriarchApp
from tui.screens.lanes import short
from tui.widgets.actions import one_line

from .helpers import POD500_INVEST, bhm_session, engine_ready, game_app, press, resumed, screen_text, settle

bhm_only = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def test_a_chips_name_keeps_its_start_and_no_stub_of_a_bracket() -> None:
    assert short("Thalassa, the Deep Mother", 14) == "Thalassa, the…"
    assert short("Tide Sentinel", 8) == "Tide Se…"
    assert short("Fire Bolt (consumes 100 POD)", 14) == "Fire Bolt…"  # was `Fire Bolt (co…`
    assert short("Knight of the Oath", 8) == one_line("Knight of the Oath", 8) == "Knight…"  # not `Knight …`


def cut_well(line: str, text: str) -> bool:
    """`line` says `text` (or a cut of it around `…`) with no bracket cut open and no word cut."""
    if line == text:
        return True
    for part in line.split("…"):
        part = part.strip()
        if not part:
            continue
        if part.count("(") != part.count(")"):
            return False
        at = text.find(part)
        if at < 0:
            return False
        end = at + len(part)
        if (at > 0 and text[at - 1] not in " (") or (end < len(text) and text[end] not in " ,:)"):
            return False
    return True


THALASSA = '[scenario]\ngame = "bhm"\ntitle = "a god called"\n\n' + scenario_body(
    dict(cll=9, being=["ember_squire"]),
    dict(cll=12, hand=["thalassa"], being=["hollow_wraith"]),
    turn=7,
    active=2,
    phase="strategy1",
    armageddon="off",
)


@bhm_only
async def test_last_keeps_a_bracket_whole_or_leaves_it_out() -> None:
    """80 × 24, hot-seat: P2 calls Thalassa; P1's `last:` read `Call Thalassa, the Deep Mother
    (rank 11, budget 1… (+4 in the log)` (`short` cut inside the bracket)."""
    app = game_app("bhm", seed=1, scenario=THALASSA, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        s = app.session
        app.screen.choose(next(a for a in s.legal() if a.kind == "call"))  # type: ignore[attr-defined]
        await settle(pilot)
        while s.decision is not None and s.decision.player == 1:
            app.screen.choose(next(a for a in s.legal() if a.kind in ("next", "pass", "nodraw")))  # type: ignore[attr-defined]
            await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        said = re.sub(r" \(\+\d+ more: o\)$", "", last.split("last: ", 1)[1])
        assert said.startswith("Call Thalassa, the Deep Mother"), last
        assert cut_well(said, "Call Thalassa, the Deep Mother (rank 11, budget 1 left)"), last


def stack_of_twins(path: Path) -> TriarchApp:
    """P1's first Pyre Warlock power-attacks P2's first Tide Sentinel (each has a twin), P2 answers
    with Sidestep; P1 (human) may answer with Mirror Edict. The app that resumes it."""
    text = POD500_INVEST.replace('card = "kalzar"         # Salud 1300', 'card = "tide_sentinel"')
    head, p1, p2 = text.split("[[player]]\n")
    twin = "\n\n[[player.being]]\ncard = "
    p1 = p1.replace('card = "pyre_warlock"', f'card = "pyre_warlock"{twin}"pyre_warlock"')
    p2 = p2.replace('card = "tide_sentinel"', f'card = "tide_sentinel"{twin}"tide_sentinel"')
    p1 = p1.replace("cll = 5\n", 'cll = 5\nhand = ["mirror_edict"]\n')
    p2 = p2.replace("cll = 5\n", 'cll = 5\nhand = ["sidestep"]\n')
    s = bhm_session(f"{head}[[player]]\n{p1}[[player]]\n{p2}", path)
    s.apply(next(a for a in s.legal() if a.kind == "pattack"))
    s.apply(Action("invest", (300,)))
    s.apply(next(a for a in s.legal() if a.kind == "react"))
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.player == 0
    return resumed(s)


@bhm_only
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_stack_rows_cut_between_words_and_keep_brackets_whole(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The stack's rows read `1. P1 Pyre Warlock (P1 zone 1) power-attacks Tide Sentinel (P2 zone
    1) in…` and `… power-attacks Tide Sentinel (P2…` (a word, a bracket cut); now a twin is told by
    its zone as the lanes mark it (`Tide Sentinel z1`) and the cut is between words."""
    app = stack_of_twins(tmp_path / "s.json")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rows = [line for line in screen_text(app).splitlines() if "┌" in line or "└" in line]
        assert len(rows) == 2, screen_text(app)
        top = rows[0].split("┌", 1)[1].split("│")[0].strip()
        bottom = rows[1].split("└", 1)[1].split("│")[0].strip()
        assert top.endswith("→ answers 1 ◂ top"), top
        top = top.removesuffix(" → answers 1 ◂ top")
        assert cut_well(top, "2. P2 reaction Sidestep on Tide Sentinel z1") or top == (
            "2. P2 reaction Sidestep on Tide Sentinel (P2 zone 1)"
        ), top
        assert cut_well(bottom, "1. P1 Pyre Warlock z1 power-attacks Tide Sentinel z1 investing 300 POD"), (
            bottom
        )
        assert "Senti…" not in bottom and "(P2…" not in bottom
