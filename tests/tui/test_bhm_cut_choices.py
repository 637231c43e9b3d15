"""BHM's choices cut to one line at 80 × 24 keep what tells them apart: the target of a power
attack (not its numbers), the zone of a twin, the power a being executes, the territory played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.widgets.actions import ActionList

from .helpers import (
    REACTION_CHAIN,
    bhm_session,
    engine_ready,
    fire_bolt_on_tide_sentinel,
    game_app,
    press,
    resumed,
    scenario,
    screen_text,
    settle,
    shows,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def listed(app: object) -> list[tuple[Action | None, str]]:
    """The choice list as drawn: each line with its choice (None: a group's header)."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    return [
        (actions.actions[i] if i is not None else None, str(o.prompt))
        for i, o in zip(actions.rows, actions.options, strict=True)
    ]


def combat(text: str) -> str:
    return text.replace('phase = "strategy1"', 'phase = "combat"')


async def test_grouped_power_attacks_keep_their_target() -> None:
    """80 × 24, the dense late board in combat: `POD 700 vs Salud 1200… Giant` lost the target (and
    that it is a power attack); now `power attack: Mountain Giant`, the POD once, by the attacker
    (`all POD kills: War Herald` when all of it kills)."""
    app = game_app("bhm", seed=1, scenario=combat(scenario("bhm_dense_late")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.session.game
        lines = listed(app)
        assert lines[0] == (None, "Magma Drake attacks, POD 700:"), lines[:3]
        assert (None, "Stone Golem attacks:") in lines  # no POD: it cannot power-attack
        powers = [(a, line) for a, line in lines if a is not None and a.kind == "pattack"]
        assert len(powers) == 16, lines  # 8 targets, 2 attackers
        for a, line in powers:
            target = game.card(int(a.args[1])).name
            # (session 29: what all the POD does where the numbers do not say it, BH-31 / BH-97)
            said = game.attack_outcome(a)
            if said.endswith(", kills it"):
                assert line.endswith(f". all POD kills: {target}"), line
            elif "RES" in said:  # Abyssal Leviathan under Glacier Heart: Magic Resistance
                assert "all POD: RES only…" in line and line.endswith(target.split()[-1]), line
            else:
                assert line.endswith(f"power attack: {target}"), line


async def test_a_twins_zone_survives_the_cut() -> None:
    """80 × 24: one of two Ember Squires wounded: `-200 Salud: attack Ember Squire…` lost the zone
    (`(P2 zone 3)`) that says which; now it reads as the lanes mark it, `Ember Squire z3`."""
    text = scenario("bhm_twins").replace(
        'card = "ember_squire"\n', 'card = "ember_squire"\nwounds = 200\n', 1
    )
    app = game_app("bhm", seed=1, scenario=text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line for _, line in listed(app)]
        assert lines[0] == " 1. kills: Ember Squire z1", lines
        assert lines[2] == " 3. -200 Salud: Ember Squire z3", lines


STRATEGY = '[scenario]\ngame = "bhm"\ntitle = "two drakes"\n\n' + scenario_body(
    dict(cll=9, hand=["mind_spike", "volcanic_caldera"], being=["magma_drake", "magma_drake"]),
    dict(cll=9, territories=["sunken_temple"], being=["spark_imp"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_a_power_and_a_territory_keep_their_names() -> None:
    """80 × 24: `Magma Drake (P1 zone 1)…` lost the power it executes and `Play territory… enemy
    territory` the territory; now the power's choices are listed under it (`Mind Spike, executed
    by:`), each its being with its zone `z1`, and the territory's consequence goes first."""
    app = game_app("bhm", seed=1, scenario=STRATEGY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        by_kind = {a.kind: line for a, line in listed(app) if a is not None}
        lines = listed(app)
        powers = [i for i, (a, _) in enumerate(lines) if a is not None and a.kind == "power"]
        assert [lines[i][1].split(". ", 1)[1] for i in powers] == ["Magma Drake z1", "Magma Drake z2"], lines
        assert lines[powers[0] - 1] == (None, "Mind Spike, executed by:"), lines
        assert "Territory: Volcanic Caldera" in by_kind["territory"], by_kind  # (session 31)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        words = app.screen.query_one(ActionList).words
        assert any(w.startswith("Play territory Volcanic Caldera — your FIRE") for w in words), words


async def test_do_not_react_is_not_cut(tmp_path: Path) -> None:
    """80 × 24: `Do not react to Flame… Sentinel` repeated the prompt over it in pieces; below 120 × 40
    the pass reads `Do not react` (the prompt says to what)."""
    s = bhm_session(REACTION_CHAIN, tmp_path / "s.json", seats=("human", "human"))
    fire_bolt_on_tide_sentinel(s)
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        passes = [line for a, line in listed(app) if a == Action("pass")]
        assert passes == [" 2. Do not react"], listed(app)


INVOKERS = '[scenario]\ngame = "bhm"\ntitle = "two invokers"\n\n' + scenario_body(
    dict(
        cll=9,
        invocations=["thunderbird", "ifrit"],
        being=[dict(card="pyre_warlock", inv_points=8), dict(card="mist_seer", inv_points=8)],
    ),
    dict(cll=9, being=["spark_imp"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_an_invocation_keeps_its_rank() -> None:
    """BH-73, 80 × 24: `Pyre Warlock invokes Thunderbird (rank…` lost the rank the invocation points
    pay; it reads as a call does, `Invoke R5 Thunderbird by Pyre Warlock` (its end cut first)."""
    app = game_app("bhm", seed=1, scenario=INVOKERS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # (session 31: under their invoker, `Invoke R5 Thunderbird by… Warlock` cut its name)
        lines = [line.split(". ", 1)[-1] for a, line in listed(app) if a is None or a.kind == "invoke"]
        at = lines.index("Pyre Warlock invokes:")
        assert lines[at : at + 6] == [
            "Pyre Warlock invokes:",
            "R5 Thunderbird",
            "R6 Ifrit",
            "Mist Seer invokes:",
            "R5 Thunderbird",
            "R6 Ifrit",
        ], lines
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "Pyre Warlock invokes Thunderbird (rank 5)" in app.screen.query_one(ActionList).words


ARMOURY = '[scenario]\ngame = "bhm"\ntitle = "an armoury"\n\n' + scenario_body(
    dict(
        cll=9,
        hand=["tower_shield", "amulet_of_warding"],
        being=["veil_assassin", "pyre_warlock", "pyre_warlock"],
    ),
    dict(cll=9, being=["spark_imp"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_equip_choices_keep_the_object_and_the_being() -> None:
    """80 × 24: `Equip Tower Shield to… Assassin` cut the being's name, `Equip Amulet of Warding…
    Warlock z3` the object's or the zone; now each object's choices are listed under `Equip Tower
    Shield to:`, each the being whole, its zone when another has its name (`Pyre Warlock z3`); the
    card panel says the whole choice."""
    app = game_app("bhm", seed=1, scenario=ARMOURY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = listed(app)
        equips = [(a, line.split(". ", 1)[1]) for a, line in lines if a is not None and a.kind == "equip"]
        by_object: dict[str, list[str]] = {}
        header = ""
        for a, line in lines:
            if a is None:
                header = line
            elif a.kind == "equip":
                by_object.setdefault(header, []).append(line.split(". ", 1)[1])
        beings = ["Veil Assassin", "Pyre Warlock z2", "Pyre Warlock z3"]
        assert by_object == {"Equip Tower Shield to:": beings, "Equip Amulet of Warding to:": beings}, lines
        actions = app.screen.query_one(ActionList)
        await press(pilot, "tab", "down")  # the list, its second choice
        await settle(pilot)
        assert actions.highlighted_action == equips[1][0]
        assert await shows(pilot, "Equip Tower Shield to Pyre Warlock"), "the whole choice in the card panel"
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "Equip Tower Shield to Pyre Warlock z3 — RES +200" in actions.words  # (as the lanes mark it)
        assert all(a is not None for a, _ in listed(app)), "no headers when the choices are whole"


ADEPTS = '[scenario]\ngame = "bhm"\ntitle = "adepts"\n\n' + scenario_body(
    dict(
        cll=9,
        hand=["battle_trance", "fire_bolt"],
        being=["pyre_warlock", dict(card="flame_adept", pod_spent=300), "flame_adept"],
    ),
    dict(cll=9, being=["spark_imp"]),
    turn=6,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_power_choices_keep_the_power_and_the_being() -> None:
    """80 × 24: `Obsidian Guard executes… Trance` cut the power's name (`Obsidian Guard… Inner
    Fire` the verb); now each power's choices are listed under it (`Battle Trance, executed by:`),
    each the being whole, its zone when another has its name, and a being whose last POD the power
    takes says it dies (`Flame Adept z2 — it dies`; the card panel has the whole choice)."""
    app = game_app("bhm", seed=1, scenario=ADEPTS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        by_power: dict[str, list[str]] = {}
        header = ""
        for a, line in listed(app):
            if a is None:
                header = line
            elif a.kind == "power":
                by_power.setdefault(header, []).append(line.split(". ", 1)[1])
        assert by_power == {
            "Battle Trance, executed by:": ["Pyre Warlock", "Flame Adept z2", "Flame Adept z3"],
            "Fire Bolt, executed by:": ["Pyre Warlock", "Flame Adept z2 — it dies", "Flame Adept z3"],
        }, listed(app)


WRAITHS = '[scenario]\ngame = "bhm"\ntitle = "two wraiths"\n\n' + scenario_body(
    dict(cll=9, being=["abyssal_leviathan", "ember_squire"]),
    dict(cll=9, being=["hollow_wraith", "hollow_wraith"]),
    turn=7,
    active=2,
    phase="combat",
    armageddon="off",
)


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("ember_squire", "last: -200 Salud: Hollow Wraith z2 attacks Ember Squire"),
        ("abyssal_leviathan", "last: RES only: Hollow Wraith z2 attacks Abyssal Leviathan"),
    ],
)
async def test_last_keeps_the_target_of_an_attack(tmp_path: Path, target: str, said: str) -> None:
    """80 × 24, hot-seat: P2's attack by the second of its Hollow Wraiths, read by P1 on its turn:
    `last: -200 Salud: Hollow Wraith (P2 zone 2) attacks Em…` lost which being it hit (found playing
    against the AI); now the wraith is `z2`, as the lanes mark it, and the target stays in sight."""
    s = bhm_session(WRAITHS, tmp_path / "s.json", seats=("human", "human"))
    game: Any = s.game
    wraiths = [b.uid for b in game.field_cards(1)]
    hit = next(b.uid for b in game.field_cards(0) if b.defn.id == target)
    s.apply(Action("attack", (wraiths[1], hit)))
    while s.decision is not None and s.decision.player == 1:
        s.apply(next(a for a in s.legal() if a.kind in ("next", "pass", "nodraw")))
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert said in last, last
