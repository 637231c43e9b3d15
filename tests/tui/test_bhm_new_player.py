"""BHM read by a new player at 80 × 24 and 120 × 40 (tests/tui/data/bhm_twins.toml): attacks say
their outcome, an attack on an Immortal at Salud 0 says it does nothing, same-named targets
are told apart, `last:` forgets the set-up, and reactions can be passed for the rest of a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from tui.log_words import log_words
from tui.widgets.actions import ActionList
from tui.widgets.log import GameLog

from .helpers import (
    REACTION_CHAIN,
    bhm_session,
    engine_ready,
    game_app,
    into_first_turn,
    press,
    resumed,
    scenario,
    screen_name,
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")

# P1's Hollow Wraith in combat; P2: two Ember Squires, a Spark Imp and Bone Revenant (Immortal, Salud 0)
TWINS = scenario("bhm_twins")


def choices(app: object) -> list[str]:
    """The choice list's lines as drawn."""
    actions = app.screen.query_one(ActionList)  # type: ignore[attr-defined]
    return [str(o.prompt) for o in actions.options]


async def test_dense_attack_choices_say_their_outcome_first() -> None:
    """80 × 24: `Hollow Wraith attacks S… to Salud)` kept neither the outcome nor always the target;
    now each line starts with what the attack does, then its target (the zone of a twin kept)."""
    app = game_app("bhm", seed=1, scenario=TWINS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choices(app)
        assert lines[1].endswith("kills: Spark Imp"), lines
        assert lines[0].endswith("-200 Salud: Ember Squire z1"), lines  # the zone, as the lanes mark it
        assert lines[2].endswith("-200 Salud: Ember Squire z3"), lines
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = " ".join(" ".join(choices(app)).split())
        assert "Hollow Wraith attacks Spark Imp (FUE 300 vs RES 0: 300 to Salud, kills it)" in text


async def test_the_attacks_of_several_beings_are_grouped_by_attacker() -> None:
    """80 × 24, three beings that can attack: each attack took two lines (`… (P2 zone 1)` / `by
    Cinder Hound`) and the list scrolled past its 7 rows; now the attacks are listed one line
    each under a line naming their attacker (no choice: the numbers and the cursor skip it);
    with Hollow Wraith selected on the table, its attacks alone, without the line."""
    hound = '\n[[player.being]]\ncard = "cinder_hound"\n'
    text = TWINS.replace('card = "hollow_wraith"\n', 'card = "hollow_wraith"\n' + hound + hound, 1)
    app = game_app("bhm", seed=1, scenario=text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = choices(app)
        assert lines[:3] == [
            "Hollow Wraith attacks:",
            " 1. -200 Salud: Ember Squire z1",
            " 2. kills: Spark Imp",
        ], lines
        assert "Cinder Hound z2 attacks:" in lines and "Cinder Hound z3 attacks:" in lines, lines
        assert not any("\n" in line for line in lines), lines
        listed = app.screen.query_one(ActionList)
        assert len(listed.actions) == 13 and len(lines) == 17  # 12 attacks and End combat, 4 headers
        assert lines[-2:] == ["Or:", "13. End combat"], lines  # not under the last attacker's header
        assert listed.highlighted_action == listed.actions[0]  # the cursor on the first attack
        hound_z2 = lines.index("Cinder Hound z2 attacks:")
        assert lines[hound_z2 + 1] == " 5. -200 Salud: Ember Squire z1", lines  # not merged with 1.
        await press(pilot, "5")
        await settle(pilot)
        log = " ".join(app.screen.query_one(GameLog).plain)
        # (the engine's places in the lanes' words: `Ember Squire (P2 zone 1)` is `Ember Squire z1`;
        # the log says whose besides, session 36)
        assert "Cinder Hound z2 of P1 attacks Ember Squire z1 of P2" in " ".join(log.split()), log


async def test_a_selected_attacker_lists_its_attacks_without_a_header() -> None:
    hound = '\n[[player.being]]\ncard = "cinder_hound"\n'
    text = TWINS.replace('card = "hollow_wraith"\n', 'card = "hollow_wraith"\n' + hound, 1)
    app = game_app("bhm", seed=1, scenario=text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_inspect(uid_of(app.session, "hollow_wraith"))  # type: ignore[attr-defined]
        await settle(pilot)
        lines = choices(app)
        assert len(lines) == 4 and not any("attacks:" in line for line in lines), lines
        assert lines[1].endswith("kills: Spark Imp"), lines
        await pilot.resize_terminal(120, 40)
        await press(pilot, "escape")
        await settle(pilot)
        assert not any(line.endswith("attacks:") for line in choices(app)), choices(app)


async def test_an_attack_on_an_immortal_at_salud_0_says_it_does_nothing() -> None:
    """BH-36/95: attacking an Immortal being at Salud 0 stays legal, and the choice says it does nothing."""
    app = game_app("bhm", seed=1, scenario=TWINS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = choices(app)[3]
        assert line.startswith(" 4. no effect (Immortal)") and line.endswith("Revenant"), choices(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = " ".join(" ".join(choices(app)).split())
        assert "Bone Revenant (FUE 300 vs RES 0; no effect: Immortal at Salud 0)" in text
        assert "300 to Salud" not in text.split("Bone Revenant (FUE")[1][:40]


def test_a_power_attack_on_an_immortal_at_salud_0_says_it_does_nothing() -> None:
    s = bhm_session(TWINS)
    a = Action("pattack", (uid_of(s, "hollow_wraith"), uid_of(s, "bone_revenant")))
    assert s.game.describe_action(a).endswith("vs Salud 0; no effect: Immortal at Salud 0)")


def test_an_attack_that_takes_all_the_salud_says_it_kills() -> None:
    """Mountain Giant's 700 on a Storm Roc of 200 Salud read `700 to Salud`: now `…, kills it`; not
    on an Immortal (it stays at Salud 0, BH-95) nor when Salud is left."""
    s = bhm_session(TWINS)
    g = s.game
    wraith = uid_of(s, "hollow_wraith")
    zone = {c.zone: u for u, c in g.zones.cards.items()}
    imp, squire = zone["slot:1:1"], zone["slot:1:0"]
    assert g.describe_action(Action("attack", (wraith, imp))).endswith("300 to Salud, kills it)")
    assert g.describe_action(Action("attack", (wraith, squire))).endswith("200 to Salud)")


async def test_an_instant_call_keeps_its_kind_and_name_at_80_columns() -> None:
    """`Instant call … (rank 2)` was cut; below 120 × 40 it reads `Instant call R2 Cinder Hound`."""
    text = TWINS.replace('phase = "combat"', 'phase = "strategy1"').replace(
        'hand = ["foresight"]', 'hand = ["cinder_hound"]', 1
    )
    app = game_app("bhm", seed=1, scenario=text)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert any(line.endswith("Instant call R2 Cinder Hound") for line in choices(app)), choices(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "Instant call Cinder Hound (rank 2)" in " ".join(" ".join(choices(app)).split())


async def test_the_target_dialog_tells_twins_apart(tmp_path: Path) -> None:
    """Two Ember Squires as targets of Fire Bolt: both dialog tiles name their place."""
    text = TWINS.replace('phase = "combat"', 'phase = "strategy1"').replace(
        'hand = ["foresight"]', 'hand = ["fire_bolt"]', 1
    )
    s = bhm_session(text, tmp_path / "s.json")
    s.apply(Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "hollow_wraith"))))
    app = resumed(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "d")
        await settle(pilot)
        tiles = app.screen.tiles  # type: ignore[attr-defined]
        squires = [t for t in tiles if t.title.startswith("Ember Squire")]
        assert [t.title for t in squires] == ["Ember Squire z1", "Ember Squire z3"]  # (as the lanes say)
        assert [t.body.split(" · ")[0] for t in squires] == ["z1", "z3"]
        assert next(t.title for t in tiles if t.title.startswith("Spark")) == "Spark Imp"


async def test_last_does_not_tell_the_mulligan_after_the_first_turn() -> None:
    """Seed 3: P2 (AI) mulligans last and plays first with no card: at turn 2 `last:` told
    `Set aside a card` (its set-up), now its turn's last action."""
    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        assert app.session.game.turn == 2
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert "Set aside" not in last and "Draw 2 for" not in last
        assert "P2 (AI) last: Draw a card" in last


async def test_reactions_can_be_passed_for_the_rest_of_the_turn(tmp_path: Path) -> None:
    """P2 holds Foresight (it answers any action): every action of P1 asked it to react. Its
    choice `Do not react for the rest of this turn` passes them all until P1's turn ends."""
    text = TWINS.replace('hand = ["foresight"]', 'hand = ["cinder_hound"]', 1)
    s = bhm_session(text, tmp_path / "s.json", seats=("human", "human"))
    imp = next(u for u, c in s.game.zones.cards.items() if c.zone == "slot:1:1")  # P2's Spark Imp
    s.apply(Action("attack", (uid_of(s, "hollow_wraith"), imp)))
    assert s.decision is not None and s.decision.kind == "respond" and s.decision.player == 1
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-over cover
        await settle(pilot)
        lines = choices(app)
        n = next(i for i, line in enumerate(lines) if line.endswith("Do not react again this turn"))
        assert app.screen.query_one(ActionList).choose_number(n + 1)
        await settle(pilot)
        await press(pilot, "enter")  # P1's hand-over cover
        await settle(pilot)
        session = app.session
        game = session.game
        assert session.decision is not None and session.decision.kind == "combat"
        # P1 ends combat and calls Cinder Hound, which Foresight could answer: P2 is not asked (no hand-over)
        lines = choices(app)
        n = next(i for i, line in enumerate(lines) if line.endswith("End combat"))
        assert app.screen.query_one(ActionList).choose_number(n + 1)
        await settle(pilot)
        n = next(i for i, line in enumerate(choices(app)) if line.endswith("Instant call R2 Cinder Hound"))
        assert app.screen.query_one(ActionList).choose_number(n + 1)
        await settle(pilot)
        assert screen_name(app) == "BhmScreen" and session.decision is not None
        assert session.decision.player == 0 and game.turn == 4
        log = " ".join(app.screen.query_one(GameLog).plain)
        assert "P2 will not be asked to react again until the end of P1's turn" in log
        assert "P2: Do not react (for the rest of this turn)" in log
        # said once: the engine's `P2 does not react` is not under it again
        told = [line.strip() for line in app.screen.query_one(GameLog).plain]
        assert "P2 does not react" not in told, told
        # the note comes under the pass it explains, not over it
        note = next(i for i, line in enumerate(told) if line.startswith("P2 will not be asked"))
        assert any("Do not react" in line for line in told[:note]), told
        # the next turn (P2's) and then P1's again: P2 is asked again in P1's next turn
        assert app.screen.quiet == (1, 4)


def test_an_attack_that_does_not_pass_the_res_of_an_immortal_at_salud_0_says_immortal() -> None:
    """FUE ≤ RES on an Immortal at Salud 0 read `RES only`, with no word of Immortal (the FUE > RES
    case reads `RES only: Immortal at Salud 0`); both layouts say it now."""
    text = TWINS.replace(
        'card = "hollow_wraith"\n', 'card = "hollow_wraith"\n\n[[player.being]]\ncard = "spark_imp"\n', 1
    ).replace("res_lost = 200", "res_lost = 100")
    s = bhm_session(text)
    g = s.game
    p1_imp = next(u for u, c in g.zones.cards.items() if c.zone == "slot:0:1")
    a = Action("attack", (p1_imp, uid_of(s, "bone_revenant")))
    assert g.attack_outcome(a) == "RES only: Immortal at Salud 0"
    assert g.describe_action(a).endswith("(FUE 100 vs RES 100; RES only: Immortal at Salud 0)")


async def test_last_keeps_an_attacks_outcome_at_80_columns() -> None:
    """80 × 24: `P1 (AI) last: Hollow Wraith attacks Spark Imp (FUE 300 vs RES 0: 300 to Sa…` cut
    what the attack did; the outcome comes first when the words do not fit."""
    app = game_app("bhm", seed=1, scenario=TWINS, seat=1, level="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert "last: kills: Hollow Wraith attacks Spark Imp" in last, last
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "(FUE 300 vs RES 0: 300 to Salud, kills it)" in screen_text(app)


def test_outcome_first_of_a_power_attack() -> None:
    """`last:`'s attack with its outcome first, from the engine's data before the attack: a power
    attack's that can do nothing says so; one that can, its numbers left out (`POD 300 vs Salud
    500: …` cut the target); another action has none."""
    from tests.bhm.helpers import position
    from tui.screens.bhm import outcome_first

    g = position(
        dict(cll=9, deck=["spark_imp"] * 3, being=["pyre_warlock"]),
        dict(cll=9, deck=["spark_imp"] * 3, being=[dict(card="bone_revenant", wounds=300), "tide_sentinel"]),
        active=1,
        phase="combat",
    )
    warlock, revenant, sentinel = (
        next(c.uid for c in g.zones.cards.values() if c.defn.id == i)
        for i in ("pyre_warlock", "bone_revenant", "tide_sentinel")
    )
    assert (
        outcome_first(g, Action("pattack", (warlock, revenant)))
        == "no effect (Immortal): Pyre Warlock power-attacks Bone Revenant"
    )
    assert (
        outcome_first(g, Action("pattack", (warlock, sentinel))) == "Pyre Warlock power-attacks Tide Sentinel"
    )
    assert (
        outcome_first(g, Action("attack", (warlock, sentinel)))
        == "RES only: Pyre Warlock attacks Tide Sentinel"  # (FUE 200 vs RES 300)
    )
    assert outcome_first(g, Action("next")) is None


async def test_dense_lanes_tell_twins_apart_by_their_zone() -> None:
    """80 × 24: two `Ember Squire 1/2/1/2/3` of one side were told apart only by their order; a name
    shared on a side now bears its zone (`Ember Squire z1`, `… z3`), a name of one being none."""
    app = game_app("bhm", seed=1, scenario=TWINS)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Ember Squire z1 1/2/1/2/3" in text and "Ember Squire z3 1/2/1/2/3" in text, text
        assert "Spark Imp 2/1/0/1/2" in text and "Hollow Wraith 3/3/0/3/3" in text, text


def test_the_final_draw_names_the_card_to_the_drawer_only() -> None:
    """BHM's `Draw a card` (the final phase's draw) named the card to nobody: the log names it to
    the eyes that see the drawer's hand (`Draw Spark Imp`); the other side and the public log
    (hot-seat, everybody's eyes) read `Draw a card`, as everyone does while the draw waits for
    the other side's reaction (Foresight in its hand: no card drawn yet)."""
    final = TWINS.replace('phase = "combat"', 'phase = "final"')
    s = bhm_session(final.replace('hand = ["foresight"]\n', 'hand = ["fire_bolt"]\n'))
    draw = Action("draw")
    assert [log_words(s.game, draw, v) for v in (0, 1, None)] == [
        "Draw Spark Imp",
        "Draw a card",
        "Draw a card",
    ]
    waits = bhm_session(final)
    assert [log_words(waits.game, draw, v) for v in (0, 1, None)] == ["Draw a card"] * 3


async def test_the_turns_draw_names_the_card_in_the_humans_log() -> None:
    """Seed 3 against the AI: the human's draw at the start of their turn (an event under the AI's
    action) read `P1 draws a card`; now `P1 (you) draws Wind Dancer`, in the names of the log's
    lines (session 33). The AI's stay `P2 (AI) draws a card`."""
    app = game_app("bhm", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await into_first_turn(pilot)
        told = app.screen.query_one(GameLog).plain
        hand = [c["name"] for c in app.session.game.view(0)["players"][0]["hand"]]
        mine = [line.strip() for line in told if line.strip().startswith("P1 (you) draws ")]
        assert mine == ["P1 (you) draws Wind Dancer"] and "Wind Dancer" in hand, told
        assert "P2 (AI) draws a card" in [line.strip() for line in told], told


async def test_last_tells_what_a_reaction_answers() -> None:
    """The AI's Broken Seal against the human's Fire Bolt: `last:` read `React with Broken Seal —
    cancel a power card as it is execut…` (the card's summary, not what it answered); now the
    log's words (`… to Flame Adept executes Fire Bolt …`), at 80 × 24 without the summary."""
    app = game_app("bhm", seed=1, scenario=REACTION_CHAIN, level="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = app.session
        app.screen.choose(Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "flame_adept"))))  # type: ignore[attr-defined]
        await settle(pilot)
        app.screen.choose(Action("target", (uid_of(s, "tide_sentinel"),)))  # type: ignore[attr-defined]
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert "last: React with Broken Seal to Flame Adept executes Fire Bolt" in last, last
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        last = next(line for line in screen_text(app).splitlines() if "last:" in line)
        assert "last: React with Broken Seal to Flame Adept executes Fire" in last, last


def test_the_help_speaks_of_beings_not_units_or_prayers() -> None:
    """The keys of the lanes in BHM's help said The Scars' words: `Enter on one of them (e.g. the
    unit to attack, …)`, `✦ the target of its power, prayer, strategy or ability`, `d` reopens the
    dialog of `… blockers, damage split …` — BHM has beings and neither prayers nor blockers; now
    `the enemy being to attack`, `the card it aimed at`, `targets as cards, the POD to invest`."""
    from tui.screens.bhm import BhmScreen

    keys = " ".join(BhmScreen.help_keys().split())  # what `?` shows (test_bhm_ui36 opens it)
    assert "(e.g. the enemy being to attack, the being to equip)" in keys, keys
    # (session 36: the marks said once, in BHM's words: `✦` the card aimed at, `◆` a card played)
    assert "`✦` the card it aimed at (a target, the being an object was equipped to)" in keys, keys
    assert "the dialog of the pending decision again (targets as cards, the POD to invest)" in keys
    assert "prayer" not in keys and " unit" not in keys and "blockers" not in keys, keys
