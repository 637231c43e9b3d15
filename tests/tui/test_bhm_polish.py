"""BHM table polish seen by a player: the lanes and dialogs at 80 × 24 and 120 × 40."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.game import Action
from tests.bhm.helpers import scenario_body
from tui.app import TriarchApp
from tui.launch import LaunchSpec

from .helpers import (
    POD500_INVEST,
    REACTION_CHAIN,
    bhm_session,
    engine_ready,
    fire_bolt_on_tide_sentinel,
    press,
    resumed,
    scenario,
    screen_text,
    settle,
    uid_of,
)

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def invest_app(path: Path) -> TriarchApp:
    """BH-32: P1's Pyre Warlock (POD 500) has declared a power attack on Kalzar and chooses its investment."""
    s = bhm_session(POD500_INVEST, path)
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "kalzar"))))
    assert s.decision is not None and s.decision.kind == "invest"
    return resumed(s)


async def test_resize_under_the_investment_dialog_relays_the_lanes(tmp_path: Path) -> None:
    """Grown from 80 × 24 to 120 × 40 with the dialog open: the lanes take the roomy layout and the
    choice cut to one line comes back whole (and back again when it shrinks). Shrunk, the dense
    lanes are drawn for their own region (80 × 12): they were drawn for the region of the layout
    before (32 × 13) and stayed so, `Kalzar, Elder…` cut with rows to spare."""
    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # in a line's few words (session 30: what it does; it read `Invest all POD…`, cut)
        assert "all 500 (POD 1 after): -500 Salud" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = screen_text(app)
        assert "Kalzar, Elder Wyrm R10 POD 900" in text, "the roomy lanes"
        assert "Invest all 500 POD (POD 1 after): 500" in text  # (its words wrap there)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Kalzar, Elder Wyrm 9/8/5/7/13" in screen_text(app), "the dense lanes again"
        await pilot.press("escape")  # the choice list: the lanes as they are
        await settle(pilot)
        assert "Kalzar, Elder Wyrm 9/8/5/7/13" in screen_text(app)


def test_a_power_attack_waiting_for_its_investment_names_no_minus_one() -> None:
    """BH-32: before its investment is chosen the waiting power attack says so, not "investing -1 POD"."""
    s = bhm_session(POD500_INVEST)
    s.apply(Action("pattack", (uid_of(s, "pyre_warlock"), uid_of(s, "kalzar"))))
    pending = s.game.view(0)["pending"]
    assert pending == "Pyre Warlock power-attacks Kalzar, Elder Wyrm (POD investment to choose)"
    assert "-1" not in pending


async def test_salud_is_spelled_salud_in_the_lanes_and_the_card_panel(tmp_path: Path) -> None:
    """The rulebook's stat is "Salud": not "SAL" in the roomy lanes nor "SALUD" in the card panel."""
    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "VAL 700 Salud 1300" in text
        assert "SAL " not in text and "SALUD" not in text
        assert "Salud 1300" in str(detail_text(app))


def detail_text(app: TriarchApp) -> str:
    from tui.widgets.detail import card_lines

    assert app.session is not None
    kalzar = next(
        c
        for p in app.session.game.view(0)["players"]
        for z in p["zones"]
        if (c := z["being"]) and c["id"] == "kalzar"
    )
    return " ".join(str(part) for part in card_lines(kalzar).renderables)


async def test_the_investment_dialog_says_what_the_investment_does(tmp_path: Path) -> None:
    """BH-31/32: the dialog names the target and its Salud, what the investment takes and the POD left."""
    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "power-attacks against" not in text
        assert "Pyre Warlock power-attacks Kalzar, Elder Wyrm (Salud 1300)" in text
        assert "Kalzar, Elder Wyrm: 100 to Salud; Pyre Warlock at POD 400 after" in text
        await press(pilot, "end")
        await settle(pilot)
        assert "Kalzar, Elder Wyrm: 500 to Salud; Pyre Warlock at POD 1 after" in screen_text(app)


async def test_the_pod_investment_amount_is_no_card(tmp_path: Path) -> None:
    """BH-32: "invest 100" names an amount, not card #100: no card gets a `▸` or a mark for it."""
    from tui.screens.bhm import BhmScreen

    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, BhmScreen))
        assert not table.actionable & {100, 200, 300, 400}
        assert not table.pile_uids & {100, 200, 300, 400}
        assert table.card_args(Action("invest", (100,))) == []


def power_app(path: Path) -> TriarchApp:
    """P1's Flame Adept executes Fire Bolt on Tide Sentinel; P2 (human) may react."""
    s = bhm_session(REACTION_CHAIN, path, seats=("ai", "human"))
    fire_bolt_on_tide_sentinel(s)
    return resumed(s)


async def test_the_being_that_executes_a_power_bears_the_star(tmp_path: Path) -> None:
    """The being that executes the power is the card that acted (`★`), not the power card: on
    the dense lanes and the roomy ones (one app, resized)."""
    app = power_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.screen.dense == (size == (80, 24))  # type: ignore[attr-defined]
            text = screen_text(app)
            assert "★Flame Adept" in text
            assert "★Fire Bolt" not in text


class _Drawing:
    """What `BhmTable.render_middle` / `render_stack` read of their screen."""

    def __init__(self, dense: bool, width: int) -> None:
        self.dense = dense
        self.compact = False  # (a crowded table from 120 × 40: drawn dense too)
        self.width = width

    def lanes_dense(self) -> bool:
        return self.dense or self.compact

    def lane_width(self) -> int:
        return self.width

    def prompt_names_pending(self, decision: object) -> bool:
        return False  # (a replay's table: no prompt under it)

    def render_stack(self, stack: list[dict[str, object]]) -> list[object]:
        from tui.screens.bhm import BhmTable

        return BhmTable.render_stack(self, stack)  # type: ignore[arg-type]


def _line_text(line: tuple[str, list[object]]) -> str:
    return "".join(seg.text for seg in line[1])  # type: ignore[attr-defined]


def test_the_waiting_mark_wraps_with_its_words() -> None:
    """Dense, `⚡` and the first word of the waiting action are one unbreakable run."""
    from tui.screens.bhm import BhmTable

    view = {"turn": 9, "phase_name": "Combat phase", "pending": "Pyre Warlock attacks Kalzar", "stack": []}
    lines = BhmTable.render_middle(_Drawing(True, 80), view, None)  # type: ignore[arg-type]
    segs = [seg.text for seg in lines[0][1]]
    assert "⚡\u00a0Pyre " in segs
    assert not any(t.strip() == "⚡" for t in segs)


@pytest.mark.parametrize("dense", [True, False])
def test_each_stack_entry_takes_one_row(dense: bool) -> None:
    """BH-67: every entry of the pile is cut to one row of the lanes, with its `→ answers 1`,
    `◂ top` and `[cancelled: no effect]` kept whole (the cut took `→ answers 1` with the words)."""
    long = "Archmage of the Sunken Observatory executes Meteor Swarm of the Burning Sky on Colossus"
    card = {"uid": 3, "name": "Meteor Swarm"}
    stack: list[dict[str, object]] = [
        {"index": 0, "controller": 0, "text": long, "card": card, "answers": None, "cancelled": True},
        {"index": 1, "controller": 1, "text": "reaction " + long, "card": card, "answers": 0},
    ]
    for line in _Drawing(dense, 70).render_stack(stack):
        assert len(_line_text(line)) <= 70, _line_text(line)
    texts = [_line_text(line) for line in _Drawing(dense, 70).render_stack(stack)]
    assert texts[1].endswith("… → answers 1 ◂ top")
    assert texts[2].endswith("… [cancelled: no effect]")


def test_a_one_line_attack_keeps_its_target() -> None:
    """80 × 24: `Hollow Wraith attacks S… to Salud)` lost the target; the numbers in brackets go first."""
    from tui.widgets.actions import one_line

    text = "Hollow Wraith attacks Spark Imp (FUE 300 vs RES 0: 300 to Salud)"
    for width in range(16, len(text)):
        label = one_line(text, width)
        assert len(label) <= width
        assert "Imp" in label, (width, label)
    assert one_line(text, 34) == "Hollow Wraith attacks Spark Imp…"
    assert one_line(text, 40) == "Hollow Wraith attacks Spark Imp…"  # not the stub `(FUE…`


def test_identical_looking_choices_keep_the_places_where_they_differ() -> None:
    """Two beings of one name (`P1 zone 1`, `P1 zone 3`) equipped, attacking or attacked: each choice
    keeps the place that tells it apart, also when several differ in more than one place."""
    from tui.widgets.actions import one_line_each

    equip = [
        "Equip Runed Greatsword to Pyre Warlock (P1 zone 1) — FUE +300",
        "Equip Runed Greatsword to Pyre Warlock (P1 zone 3) — FUE +300",
    ]
    labels = one_line_each(equip, 34)
    assert "(P1 zone 1)" in labels[0] and "(P1 zone 3)" in labels[1]
    attacks = [
        f"Stone Golem (P2 zone {a}) attacks {t} (FUE 400 vs RES 200: 200 to Salud)"
        for a in (3, 6)
        for t in ("Pyre Warlock (P1 zone 1)", "Pyre Warlock (P1 zone 3)", "Spark Imp")
    ]
    for width in (30, 34, 40, 50):
        labels = one_line_each(attacks, width)
        assert len(set(labels)) == len(attacks), (width, labels)
        assert all(len(label) <= width for label in labels)


@pytest.mark.parametrize(("size", "flag"), [((80, 24), "[p]"), ((120, 40), "[power-attacked]")])
async def test_a_being_that_power_attacked_reads_p(tmp_path: Path, size: tuple[int, int], flag: str) -> None:
    """BH-31/35: the power attack is the being's attack of the turn: `[p]` (not `[ap]`)."""
    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # the dialog away: the lanes in sight
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert flag in text and ("Pyre Warlock 5/2/2/4/6" in text or "Pyre Warlock R5" in text)
        assert "[ap]" not in text and "attacked, power-attacked" not in text


def test_an_invocation_choice_names_its_rank() -> None:
    """BH-73: an invocation costs its rank in invocation points: the choice says the rank."""
    from common.registry import game_class

    game_cls = game_class("bhm")
    for seed in range(1, 40):
        g = game_cls.new_game(seed=seed, options={}, decks=[None, None], scenario=None)
        for _ in range(300):
            if g.is_over():
                break
            acts = g.legal_actions()
            invoke = next((a for a in acts if a.kind == "invoke"), None)
            if invoke is not None:
                rank = g.card(int(invoke.args[0])).defn.rank  # type: ignore[attr-defined]
                assert g.describe_action(invoke).endswith(f"(rank {rank})")
                return
            g.apply(acts[(seed * 7 + len(g.history)) % len(acts)])
    pytest.fail("no invocation met")


async def test_resumed_after_one_action_is_singular(tmp_path: Path) -> None:
    """The log of a resumed game: "(resumed after 1 action)", not "1 actions"."""
    app = invest_app(tmp_path / "s.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "(resumed after 1 action)" in text


@pytest.mark.parametrize(
    ("size", "kept"),
    [((80, 24), "zone 1 kept for Storm Roc (fled)"), ((120, 40), "1 (kept for Storm Roc, fled)")],
)
async def test_a_fled_beings_zone_is_drawn_as_kept(tmp_path: Path, size: tuple[int, int], kept: str) -> None:
    """BH-37: the zone of a being in the deserters stays reserved for it: the lanes say so."""
    app = resumed(bhm_session(scenario("bhm_fled"), tmp_path / "f.json"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert kept in text
        if size == (120, 40):
            assert "8 empty zones" in text


@pytest.mark.parametrize(
    ("size", "last"),
    [
        ((120, 40), "last: Set aside a card ×3 (+1 more in the log)"),
        ((80, 24), "last: Set aside a card ×3 (+1 more: o)"),
    ],
)
async def test_last_counts_cards_set_aside_once(size: tuple[int, int], last: str) -> None:
    """BH-02: the AI's three cards set aside face down read once, counted, in the `last:` line
    (not `Set aside a card · Set aside a card (+2 more in the log)`)."""
    app = TriarchApp(
        LaunchSpec(game_id="bhm", vs="ai", ai_level="random", human_seat=1, seed=2), ai_pace=0, autosave=False
    )
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert app.session is not None
        assert [a.kind for a in app.session.game.history] == ["aside", "aside", "aside", "keep"]
        text = screen_text(app)
        assert last in text
        assert "Set aside a card · Set aside a card" not in text


@pytest.mark.parametrize(
    ("size", "shown"),
    [
        ((80, 24), ["[DE]", "[C]", "[I]"]),
        (
            (120, 40),
            [
                "Vaelor, Undying Warden (demigod, Eternal) R",
                "The Pale Watcher (celestial entity) R",
                "Bone Revenant (Immortal) R",
            ],
        ),
    ],
)
async def test_gods_entities_and_the_immortal_look_apart(
    tmp_path: Path, size: tuple[int, int], shown: list[str]
) -> None:
    """BH-42/71/95/101: a demigod, a celestial entity and an Immortal being say what they are (not colour)."""
    app = resumed(bhm_session(scenario("bhm_divine"), tmp_path / "d.json"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for words in shown:
            assert words in text, words
        assert "Spark Imp (" not in text and "[" not in text.split("Spark Imp")[1][:14]


async def test_the_highlighted_choice_reads_without_colour(tmp_path: Path) -> None:
    """With the choice list focused, its highlighted choice is in reverse video (not bold and a
    shade of background only, which NO_COLOR turns into two near greys)."""
    from tui.widgets.actions import ActionList

    app = power_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        choices = app.screen.query_one(ActionList)
        choices.focus()
        await settle(pilot)
        style = choices.get_component_rich_style("option-list--option-highlighted")
        assert style.reverse


def test_an_attached_card_wraps_with_its_plus() -> None:
    """Roomy: `+ Iron Sword` is one chip `+Iron Sword`, so a wrapped line never ends on a lone `+`."""
    from tui.screens.bhm import BhmTable

    class Roomy(_Drawing):
        def shown_marks(self) -> dict[int, str]:
            return {}

        def dead_marks(self, dead: list[dict[str, object]]) -> dict[int, str]:
            return {}

        def who(self, seat: int) -> str:
            return f"P{seat + 1}"

        def head_style(self, seat: int) -> str:
            return ""

        kept_for = staticmethod(BhmTable.kept_for)

    knight = {"uid": 1, "name": "Thunder Knight", "rank": 5, "type": "being", "stats": {}}
    sword = {"uid": 2, "name": "Iron Sword", "type": "object"}
    side = {"seat": 0, "zones": [{"index": 0, "being": knight, "attached": [sword]}]}
    lines = BhmTable.render_player_roomy(Roomy(False, 70), {}, side, True)  # type: ignore[arg-type]
    segs = [seg for _, line in lines for seg in line]
    assert any(seg.text == "+Iron Sword" and seg.uid == 2 for seg in segs)
    assert not any(seg.text.strip() == "+" for seg in segs)


async def test_a_one_line_choice_names_the_card_it_plays_not_the_end_of_its_summary(tmp_path: Path) -> None:
    """Below 120 × 40 a choice cut to one line kept the end of the card's summary (`React with
    Broken Seal… dead zone`, `Cinder Hound… until end of turn`): the card it plays is named whole
    and the summary left to the card panel; from 120 × 40 (and after growing to it) the choice
    keeps its summary."""
    app = power_app(tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        line = next(x for x in screen_text(app).splitlines() if "1. React with" in x)
        assert "1. React with Broken Seal │" in " ".join(line.split()), line
        assert "dead zone" not in line
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "React with Broken Seal — cancel a power card" in screen_text(app)


# an early turn (C.LL 0, call budget 0) that has a choice (a territory, BH-21): the table takes
# the phase steps with no choice for the player since session 35, as it did turn 1 of seed 7
EARLY = '[scenario]\ngame = "bhm"\ntitle = "an early turn"\n\n' + scenario_body(
    dict(cll=0, deck=["spark_imp"] * 5, hand=["storm_roc", "volcanic_caldera"]),
    dict(cll=0, deck=["spark_imp"] * 5),
    turn=1,
    active=1,
    phase="strategy1",
    armageddon="off",
)


async def test_a_hand_card_without_a_choice_says_why() -> None:
    """BH-10: on turn 1 (C.LL 0, call budget 0) Enter on a being of the hand said only "No choice
    with Storm Roc now"; it says why: its rank against the budget."""
    from tests.tui.helpers import game_app

    app = game_app("bhm", seed=1, scenario=EARLY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session is not None and app.session.decision is not None
        assert app.session.decision.kind == "turn" and app.session.decision.player == 0
        screen = app.screen
        board = screen.query_one("#lane-board")
        board.focus()
        hand = app.session.game.cards_in("hand:0")  # type: ignore[attr-defined]
        board.move_to(next(c.uid for c in hand if c.defn.id == "storm_roc"))
        await press(pilot, "enter")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert (
            "No choice with Storm Roc: not enough call budget: Storm Roc is rank 5, you have 0 left" in text
        )
        assert board.has_focus, "the keyboard stays on the table"
        await press(pilot, "enter")  # again: no step on to combat
        await settle(pilot)
        assert app.session.decision.kind == "turn"


async def test_the_turn_prompt_names_the_step_it_goes_on_to() -> None:
    """The strategy phase's prompt ended `— or next`: it names the choice, `— or combat` (then
    `— or end turn` in the second strategy phase), in one line at 80 × 24; in words from 120 × 40."""
    from tests.tui.helpers import game_app

    app = game_app("bhm", seed=1, scenario=EARLY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = screen_text(app).splitlines()
        assert " You: First strategy phase: calls (C.LL budget 0), cards, abilities — or combat" in lines
        await press(pilot, "2")  # go to combat (`1`: the territory); no being to attack with: the
        # table ends the combat phase (session 35)
        await settle(pilot)
        assert " You: Second strategy: calls (C.LL budget 0), cards, abilities — or end turn" in (
            screen_text(app).splitlines()
        )
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "abilities — or end the turn" in " ".join(screen_text(app).split())


def test_the_help_says_where_the_call_budget_comes_from() -> None:
    """BH-10/BH-13: a new player on turn 1 (C.LL 0) could call no being and the help did not say
    why: it says the budget is the C.LL at the start of the turn, and what the `▶` is. (The Keys
    tab `?` shows is the table's `help_keys()`: test_bhm_ui36 opens it by key.)"""
    from tui.screens.bhm import BhmScreen

    text = " ".join(BhmScreen.help_keys().split())
    assert "the call budget is your C.LL at the start of your turn" in text
    assert "at C.LL 0 (the first turns) no being can be called" in text
    assert "`▶` is the card cursor" in text


async def test_a_targets_prompt_says_what_the_card_does(tmp_path: Path) -> None:
    """While the targets are highlighted the card panel shows them, not the power: the prompt says
    what the power does to its target (dense, then roomy: one app, resized)."""
    s = bhm_session(REACTION_CHAIN, tmp_path / "s.json")
    s.apply(Action("power", (uid_of(s, "fire_bolt"), uid_of(s, "flame_adept"))))
    assert s.decision is not None and s.decision.kind == "target"
    app = resumed(s)
    async with app.run_test(size=(80, 24)) as pilot:
        from tui.widgets.status import Prompt

        for size in ((80, 24), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert app.screen.dense == (size == (80, 24))  # type: ignore[attr-defined]
            said = "You: Choose a target for Fire Bolt — an enemy being loses 300 Salud"
            assert app.screen.query_one(Prompt).prompt == said
            assert "being loses 300 Salud" in screen_text(app)
