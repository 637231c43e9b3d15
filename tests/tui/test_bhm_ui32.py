"""Session 32, BHM's screen: the strategy prompt breaks between its groups of words; what a
territory and an investment do stays readable at 80 × 24; the opening's draws in the players'
names, said once; the lines of the choices from the engine's data, not its words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body

from .helpers import (
    POD500_INVEST,
    bhm_session,
    engine_ready,
    game_app,
    press,
    resumed,
    settle,
    shows,
    uid_of,
)
from .test_bhm_ui31 import INVOKER, choice_lines

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def drawn_lines(app: Any, widget: Any) -> list[str]:
    """The lines `widget` shows, as drawn."""
    region = widget.content_region
    strips = app.screen._compositor.render_strips()
    return [strip.text[region.x : region.right].rstrip() for strip in strips[region.y : region.bottom]]


def prompt_lines(app: Any) -> list[str]:
    """The prompt's lines as drawn."""
    from tui.widgets.status import Prompt

    return drawn_lines(app, app.screen.query_one(Prompt))


@pytest.mark.parametrize("hotseat", [False, True])
async def test_the_strategy_prompt_breaks_between_its_groups_of_words(hotseat: bool) -> None:
    """120 × 40 wrapped `You: First strategy phase: calls (C.LL budget` / `9), cards, …`: the
    budget split from its number. Its groups stay whole on a line (`calls (C.LL budget 9),`, `— or
    go to combat`), in the words that take the fewest lines (`First strategy:`: the middle line
    names the phase in full; not `calls (budget 9)`, which keeps the prompt to one line below
    120 × 40 only)."""
    app = game_app("bhm", seed=1, scenario=INVOKER, vs="human" if hotseat else "ai")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if hotseat:
            await press(pilot, "enter")  # (the cover between the players' turns)
            await settle(pilot)
        lines = [line for line in prompt_lines(app) if line]
        who = "P1" if hotseat else "You"
        assert lines[0].startswith(f"{who}: First strategy"), lines
        assert any("calls (C.LL budget 9)," in line for line in lines), lines
        assert any(line.endswith("— or go to combat") for line in lines), lines
        # two lines, `C.LL` kept (hot-seat's `Player 1: ` took three; `P1: ` since session 39)
        assert len(lines) == 2, lines


def test_glued_words_are_never_broken() -> None:
    from tui.widgets.status import GLUE, glued_lines

    text = f"You: First strategy phase: calls{GLUE}(C.LL{GLUE}budget{GLUE}0), cards"
    assert glued_lines(text, 40) == ["You: First strategy phase:", "calls (C.LL budget 0), cards"]
    assert glued_lines("a b c", 3) == ["a b", "c"]


# P1 (to play) has Volcanic Caldera in hand and P2 holds one territory, Sunken Temple
TERRITORY = '[scenario]\ngame = "bhm"\ntitle = "a territory against one"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, hand=["volcanic_caldera"], being=["cinder_hound"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["hollow_wraith"], territories=["sunken_temple"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)
# P1's Cinder Hound (POD 100) may execute Fire Bolt (it consumes 100 POD: all it has, BH-33)
BOLT = '[scenario]\ngame = "bhm"\ntitle = "a power that kills its being"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, hand=["fire_bolt", "forced_march"], being=["cinder_hound"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["hollow_wraith"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_what_a_territory_destroys_is_read_at_80_columns() -> None:
    """80 × 24 cut `Territory: Volcanic Caldera (destroys an enemy territory)` (BH-50): its name,
    then the territory it destroys (the only one: named), on a second line when it does not fit."""
    app = game_app("bhm", seed=1, scenario=TERRITORY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        said = next(line for line in lines if line.startswith("Territory: "))
        assert said == "Territory: Volcanic Caldera (destroys Sunken Temple)", lines
        assert "…" not in said, said


async def test_an_investment_of_all_the_pod_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    """80 × 24 cut `all 500 (POD 1 after): lives` before `(Immortal)`: the choice takes a second
    line, under its text."""
    s = bhm_session(POD500_INVEST.replace('card = "kalzar"', 'card = "bone_revenant"'), tmp_path / "s.json")
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "bone_revenant"))))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await shows(pilot, "POD investment")  # (the dialog opens first)
        await press(pilot, "escape")  # the choice list, not the dialog
        await settle(pilot)
        assert choice_lines(app)[4] == "all 500 (POD 1 after): lives (Immortal)", choice_lines(app)
        from tui.widgets.actions import ActionList

        drawn = drawn_lines(app, app.screen.query_one(ActionList))
        at = next(i for i, line in enumerate(drawn) if "all 500" in line)
        assert drawn[at].strip() == "5. all 500 (POD 1 after): lives", drawn
        assert drawn[at + 1].strip() == "(Immortal)", drawn  # (under its text)


async def test_the_opening_draws_are_said_once_in_the_players_names() -> None:
    """The log opened `P1 draws 5 cards`, `P2 draws 5 cards` (seat names, the draw twice) above
    `P1 (you): Keep the hand`: one line in the players' names (BH-02)."""
    from tui.widgets.log import GameLog

    app = game_app("bhm", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = [line.strip() for line in app.screen.query_one(GameLog).plain]
        assert log[1] == "P1 (you) and P2 (AI) draw 5 cards each", log
        assert not any("draws 5 cards" in line for line in log), log


async def test_a_power_that_kills_its_being_says_so_from_the_engines_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`Flame Adept — it dies` under `Fire Bolt, executed by:` was read from the engine's words
    (`… it dies)`): new words would have lost it silently. It is the engine's data now (BH-33)."""
    from bhm.game import BhmGame

    monkeypatch.setattr(BhmGame, "describe_action", lambda self, action: "other words")
    app = game_app("bhm", seed=1, scenario=BOLT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert "Fire Bolt, executed by:" in lines, lines
        assert "Cinder Hound — it dies" in lines, lines
        assert "Play strategy Forced March" in lines, lines  # (the engine's words less the card's summary)


async def test_the_combat_prompt_names_the_player_once() -> None:
    """`You: Combat phase: declare attacks (P1)`: the seat after `You:` said again, in a seat name."""
    from tui.widgets.status import Prompt

    from .test_bhm_ui31 import IMMORTAL

    app = game_app("bhm", seed=1, scenario=IMMORTAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(Prompt).prompt == "You: Combat phase: declare attacks"


def test_a_power_attacks_log_line_never_says_what_all_its_pod_would_do() -> None:
    """The log's power attack was the choice's words less `; with all 300 POD: …` by regex, which
    missed a RES-only outcome (`…, Magic Resistance: RES first; with all 300 POD: RES 400 → 100
    (RES only))`, 171 of 3,639 power attacks of 79 random games). Now from the engine's data
    (`Hit`): what is done comes with the investment, next (BH-31, BH-32, BH-97)."""
    from tests.bhm.helpers import find, position
    from tui.log_words import bhm_power_attack

    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["mist_seer"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=["thunder_knight"]),
        active=1,
        phase="combat",
    )
    attack = Action("pattack", (find(g, "mist_seer").uid, find(g, "thunder_knight").uid))
    assert "(RES only)" in g.describe_action(attack)  # (its choice says what all of it would do)
    pod = g.cur(find(g, "mist_seer"), "pod")
    assert bhm_power_attack(g, attack) == (
        f"Mist Seer power-attacks Thunder Knight (POD {pod} vs Salud 700, Magic Resistance: RES first)"
    )
