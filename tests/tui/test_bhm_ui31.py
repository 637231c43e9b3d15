"""Session 31, BHM's screen: an attack or an investment that leaves an Immortal being at Salud 0
says it survives; the choices' outcomes are read from the engine's data (`BhmGame.outcome`), not
from its words."""

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
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Mountain Giant (FUE 700) and Cinder Hound (FUE 300) in combat against P2's Bone Revenant
# (Immortal, RES 200, Salud 300), Ember Squire (RES 100, Salud 300) and Kalzar (RES 500)
IMMORTAL = '[scenario]\ngame = "bhm"\ntitle = "an Immortal"\n\n' + scenario_body(
    dict(cll=9, deck=["spark_imp"] * 3, being=["mountain_giant", "cinder_hound"]),
    dict(cll=9, deck=["spark_imp"] * 3, being=["bone_revenant", "ember_squire", "kalzar"]),
    turn=6,
    active=1,
    phase="combat",
    armageddon="off",
)


def choice_lines(app: Any) -> list[str]:
    """The choice list's lines as drawn, without their numbers (the group headers as they are)."""
    from tui.widgets.actions import ActionList

    actions = app.screen.query_one(ActionList)
    return [" ".join(str(o.prompt).split()).split(". ", 1)[-1] for o in actions.options]


async def test_an_attack_that_leaves_an_immortal_at_salud_0_says_it_survives() -> None:
    """`-500 Salud: Bone Revenant` (80 × 24) and `(FUE 700 vs RES 200: 500 to Salud)` (120 × 40)
    read like a kill of a being of Salud 300; the Immortal lives on at Salud 0 (BH-95)."""
    app = game_app("bhm", seed=1, scenario=IMMORTAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[:4] == [
            "Mountain Giant attacks:",
            "lives (Immortal): Bone Revenant",  # whole, not cut
            "kills: Ember Squire",
            "-200 Salud: Kalzar, Elder Wyrm",
        ], lines
        assert "-100 Salud: Bone Revenant" in lines  # (the Cinder Hound's leaves it Salud 200)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[0].endswith("(FUE 700 vs RES 200: 500 to Salud) — it survives at Salud 0 (Immortal)"), (
            lines
        )
        assert lines[3].endswith("(FUE 300 vs RES 200: 100 to Salud)"), lines  # (no word of it otherwise)


async def test_an_investment_that_leaves_an_immortal_at_salud_0_says_it_survives(tmp_path: Path) -> None:
    s = bhm_session(POD500_INVEST.replace('card = "kalzar"', 'card = "bone_revenant"'), tmp_path / "s.json")
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "bone_revenant"))))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).replace("│", " ").split())  # the dialog's summary
        assert "Bone Revenant: 100 to Salud; Pyre Warlock at POD 400 after" in text, text
        await press(pilot, "right", "right")
        await settle(pilot)
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "Bone Revenant: 300 to Salud — it survives at Salud 0 (Immortal); Pyre" in text, text
        await press(pilot, "escape")  # the choice list instead
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[:4] == [
            "100 POD: -100 Salud",
            "200 POD: -200 Salud",
            "300 POD: lives (Immortal)",
            "400 POD: lives (Immortal)",
        ]
        assert lines[4].startswith("all 500 (POD 1 after): lives"), lines  # (its end cut at 80 columns)


async def test_the_dense_outcomes_are_the_engines_data_not_its_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 80 × 24 outcomes read the engine's words back (`kills` from `…, kills it`): new words
    would have broken them silently. Read from its data, they stay what they were."""
    from bhm.game import BhmGame

    app = game_app("bhm", seed=1, scenario=IMMORTAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = choice_lines(app)
        monkeypatch.setattr(BhmGame, "attack_outcome", lambda self, action: "other words")
        monkeypatch.setattr(BhmGame, "invest_outcome", lambda self, action: ": other words")
        app.screen.show_choices(list(app.screen.legal))
        await settle(pilot)
        assert choice_lines(app) == before
        assert "kills: Ember Squire" in before, before


@pytest.mark.parametrize(
    ("size", "said"),
    [
        # from 120 × 40 the card's line is before it: the card once
        ((120, 40), "Cinder Hound executes Fire Bolt (consumes 100 POD: all it has, it dies) — an enemy"),
        ((80, 24), "Target Hollow Wraith with Fire Bolt"),  # the target's line alone: it names the card
    ],
)
async def test_last_names_the_card_a_target_was_chosen_for_once(
    tmp_path: Path, size: tuple[int, int], said: str
) -> None:
    """120 × 40 read `★ P1 last: Cinder Hound executes Fire Bolt … · Target Hollow Wraith with Fire
    Bolt`: the card twice. (Seed 7's replay, 60 actions in: P1's last were those two.)"""
    from .helpers import replay_app, seeded_replay

    app = replay_app(seeded_replay("bhm", tmp_path, steps=60))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "end")
        await settle(pilot)
        screen: Any = app.screen
        last = "".join(seg.text for _, segs in screen.render_last(screen.table_viewer()) for seg in segs)
        assert "last:" in last and said in last, last
        assert last.split("last:")[1].strip()[:20] in " ".join(screen_text(app).split()), last  # (drawn)
        if size[0] >= 120:
            assert last.count("Fire Bolt") == 1, last
            assert "Target Hollow Wraith" in last, last


async def test_the_log_says_a_death_by_an_attack_once() -> None:
    """The log said `…: RES 100 → 0, 600 to Salud, kills it`, then `Ember Squire is killed (Salud
    0)`: the hit's line says it (and the C.LL's line after it)."""
    from tui.widgets.log import GameLog

    app = game_app("bhm", seed=1, scenario=IMMORTAL)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        s = app.session
        assert s is not None
        assert app.screen.choose(Action("attack", (uid_of(s, "mountain_giant"), uid_of(s, "ember_squire"))))
        await settle(pilot)
        log = [" ".join(line.split()) for line in app.screen.query_one(GameLog).plain]
        at = log.index("Mountain Giant's attack on Ember Squire: RES 100 → 0, 600 to Salud, kills it")
        assert log[at + 1] == "P2 (AI) C.LL +2 (Ember Squire killed): 11", log
        assert not any("is killed" in line for line in log), log


def test_every_death_by_an_attack_is_still_said() -> None:
    """In random games every `… is killed` the log leaves out follows a hit of that being whose line
    says `kills it`; `triarch replay --print --full` keeps it."""
    import random

    from bhm.game import BhmGame
    from tui.log_words import bhm_placed, told_events

    left_out = 0
    for seed in range(1, 7):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over() and len(g.history) < 1500:
            legal = g.legal_actions()
            action = legal[rng.randrange(len(legal))]
            events = g.apply(action)
            told = told_events("bhm", action, events, lambda: {}, lambda: {})
            full = told_events("bhm", action, events, lambda: {}, lambda: {}, full=True)
            assert full == list(events)
            placed = bhm_placed(events)  # (the log's places in the lanes' words: `Stone Golem z6`)
            for i, ev in enumerate(events):
                if placed[i] not in told:
                    left_out += 1
                    hit = events[i - 1]
                    assert ev.kind == "kill" and hit.kind == "hit" and hit.data["uid"] == ev.data["uid"], (
                        ev,
                        hit,
                    )
                    assert hit.text.endswith(", kills it"), hit
    assert left_out > 0


# P1 in its first strategy phase: Volcanic Caldera in hand (P2 has one: playing it destroys that),
# a Flame Adept with 9 invocation points and a Salamander and a Thunderbird face down
INVOKER = '[scenario]\ngame = "bhm"\ntitle = "invocations"\n\n' + scenario_body(
    dict(
        cll=9,
        deck=["spark_imp"] * 3,
        hand=["volcanic_caldera"],
        being=[dict(card="flame_adept", inv_points=9)],
        invocations=["salamander", "thunderbird"],
    ),
    dict(cll=9, deck=["spark_imp"] * 3, being=["hollow_wraith"], territories=["volcanic_caldera"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_a_territorys_and_an_invocations_names_are_whole_at_80_columns() -> None:
    """80 × 24 cut `Play territory Volcanic Caldera…` and `Invoke R2 Salamander… Flame Adept`: a
    territory is `Territory: Volcanic Caldera`, the invocations are listed under their invoker
    (`Flame Adept invokes:`), each its rank and name; from 120 × 40 the engine's words."""
    app = game_app("bhm", seed=1, scenario=INVOKER)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[0].startswith("Territory: Volcanic Caldera"), lines
        at = lines.index("Flame Adept invokes:")
        assert lines[at + 1 : at + 3] == ["R2 Salamander", "R5 Thunderbird"], lines
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        lines = choice_lines(app)
        assert lines[0].startswith("Play territory Volcanic Caldera"), lines
        assert "Flame Adept invokes Salamander (rank 2)" in lines, lines


@pytest.mark.parametrize(
    ("size", "hotseat", "prompt"),
    [
        ((80, 24), False, "You: First strategy phase: calls (C.LL budget 9), cards, abilities — or combat"),
        # hot-seat's `P1: ` (session 39; `Player 1: ` took the phase in short): as `You: `
        ((80, 24), True, "P1: First strategy phase: calls (C.LL budget 9), cards, abilities — or combat"),
        (
            (120, 40),
            True,
            "P1: First strategy: calls (C.LL budget 9), cards, abilities — or go to combat",
        ),
    ],
)
async def test_the_call_budget_says_it_is_your_cll(size: tuple[int, int], hotseat: bool, prompt: str) -> None:
    """`calls (budget 0)` did not say why 0: the budget is your C.LL (BH-10)."""
    from tui.widgets.status import Prompt

    app = game_app("bhm", seed=1, scenario=INVOKER, vs="human" if hotseat else "ai")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if hotseat:
            await press(pilot, "enter")  # (the cover between the players' turns)
            await settle(pilot)
        said = app.screen.query_one(Prompt).shown()
        assert said == prompt, said
        if size[0] < 120:
            assert prompt in " ".join(screen_text(app).split()), screen_text(app)


def test_a_prompt_too_long_for_the_cll_budget_says_the_engines_budget() -> None:
    """80 × 24 (78 columns), hot-seat: `Player 1: Second strategy: calls (C.LL budget 21), cards,
    abilities — or end turn` would take two lines: the budget as the engine says it, on one; `You:
    ` leaves room for `C.LL`. (The words the prompt takes at its width: `Prompt.shorter`.)"""
    from tui.screens.bhm import strategy_prompts
    from tui.widgets.status import fitted

    said = strategy_prompts("strategy2", 21)
    assert fitted([f"Player 1: {s}" for s in said], 78) == [
        "Player 1: Second strategy: calls (budget 21), cards, abilities — or end turn"
    ]
    assert fitted([f"You: {s}" for s in strategy_prompts("strategy1", 21)], 78) == [
        "You: First strategy: calls (C.LL budget 21), cards, abilities — or combat"
    ]
    assert fitted([f"You: {s}" for s in strategy_prompts("strategy1", 9)], 78) == [
        "You: First strategy phase: calls (C.LL budget 9), cards, abilities — or combat"
    ]
