"""The Scars, session 33: each thing said once in the log (an entry that resolves is not told again
by the lines of what it did), the entry's event data made into words only when read."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

import pytest

from common.agents import Agent, make_agent
from common.events import Event
from common.game import Action, Game
from common.registry import game_class
from tui.log_words import ZONE_FLOW, said_once, told_events
from tui.screens.lanes import chips, words
from tui.screens.scars import rows_taken, whole_or_cut
from tui.widgets.lanes import LaneBoard
from tui.widgets.log import GameLog

from .helpers import engine_ready, game_app, press, scenario, screen_text, settle, zone_entry

pytestmark = pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")

ALPHA = zone_entry(
    "trigger", 7, "Pack Alpha", "unit", mode="enter", does="create 1 Wolf token in defense position"
)


def lines(
    action: Action, events: list[Event], before: dict[str, object], after: dict[str, object]
) -> list[str]:
    return [e.text for e in told_events("scars", action, events, lambda: before, lambda: after, 0)]


# -- a trigger that resolves at once -------------------------------------------------------------
def test_a_trigger_that_resolved_at_once_is_not_said_twice() -> None:
    """`Pack Alpha's enter trigger: create 1 Wolf token in defense position` then `P2 creates a Wolf
    token (P2, 2nd in DEF)`: the token's line says what the trigger did; the line above says only
    whose trigger it was."""
    alpha = {"uid": 7, "name": "Pack Alpha", "position": "attack"}
    wolf = {"uid": 40, "name": "Wolf", "position": "defense"}
    before = {"players": [{"seat": 1, "units": []}], "stack": []}
    after = {"players": [{"seat": 1, "units": [alpha, wolf]}], "stack": []}
    events = [
        Event("enter", "Pack Alpha enters in attack position", {"uid": 7}),
        Event("stack", "…", {"player": 1, "entry": ALPHA}),
        Event("resolve", "…", {"player": 1, "entry": ALPHA}),
        Event("token", "P2 creates a Wolf token in defense position", {"uid": 40}),
    ]
    said = lines(Action("pass"), events, before, after)
    assert said[1:] == [
        "→ P2's Pack Alpha enter trigger resolves",
        "P2 creates a Wolf token in defense position",
    ]
    # a trigger whose effect told nothing (no enemy unit to hurt): its words stay
    quake = zone_entry(
        "trigger", 7, "Pack Alpha", "unit", mode="enter", does="deal 1 damage to each enemy unit"
    )
    quiet = [
        Event("stack", "…", {"player": 1, "entry": quake}),
        Event("resolve", "…", {"player": 1, "entry": quake}),
    ]
    assert lines(Action("pass"), quiet, before, after) == [
        "Pack Alpha's enter trigger: deal 1 damage to each enemy unit"
    ]


# -- every entry of seeded games ------------------------------------------------------------------
def scripted_game(seed: int) -> tuple[Game, list[Agent]]:
    """A seeded game between the scripted AI's two seats (they play abilities and triggers)."""
    cls = game_class("scars")
    game = cls.new_game(seed=seed, options={}, decks=[None, None], scenario=None)
    return game, [make_agent(cls, "scripted", seed), make_agent(cls, "scripted", seed + 1)]


@pytest.mark.parametrize("seed", [1, 2])
def test_no_entry_says_what_the_lines_under_it_say(seed: int) -> None:
    """In seeded games, an entry's line in the table's log (`→ … resolves`, a trigger's) never
    says what it does when the next line is what it did (`Pikeman gets +1/+1 until end of turn`):
    session 32 said `→ resolves: give Pikeman +1/+1 until end of turn` over it."""
    game, agents = scripted_game(seed)
    checked = 0
    for _ in range(900):
        if game.is_over():
            break
        action = agents[game.decision().player].choose(game)
        before = game.view(0)
        events = game.apply(action)
        after = game.view(0)
        told = told_events("scars", action, events, lambda v=before: v, lambda v=after: v, 0)
        for ev, nxt in pairwise(told):
            words = ev.data.get("told")
            if ev.kind == "resolve" and nxt.kind not in ZONE_FLOW and isinstance(words, tuple):
                assert not words[2] or words[2] not in ev.text, (action, [e.text for e in told])
        checked += sum(ev.kind == "resolve" and nxt.kind not in ZONE_FLOW for ev, nxt in pairwise(events))
    assert checked > 5  # entries that did something


def test_the_entry_data_is_a_mapping_read_as_the_view_s() -> None:
    """The `stack`/`resolve` events' `entry` reads as the view's entry (made into words when read):
    the same keys and values, whatever form it keeps them in."""
    game, agents = scripted_game(3)
    seen = 0
    for _ in range(900):
        if game.is_over():
            break
        for ev in game.apply(agents[game.decision().player].choose(game)):
            if ev.kind != "stack":
                continue
            entry = ev.data["entry"]
            assert isinstance(entry, Mapping)
            for waiting in game.view(0)["stack"]:
                if waiting["source"] == entry["source"] and waiting["kind"] == entry["kind"]:
                    assert {k: waiting[k] for k in entry} == dict(entry)
                    seen += 1
    assert seen >= 3


# -- an action whose entry resolved at once ------------------------------------------------------
def test_an_ability_done_at_once_is_said_by_what_it_did() -> None:
    """`Hero ability (2): give Pikeman +1/+1 until end of turn` over `Pikeman gets +1/+1 until end
    of turn`: the same thing twice. The action's line keeps what it is and its cost; the line
    under it says what it did. An entry whose effect told nothing keeps its words."""
    buff = zone_entry("hero", 1, "Aurelia, Iron Marshal", "hero", target=5, target_name="Pikeman")
    events = [
        Event(
            "stack", "…", {"player": 0, "entry": {**buff, "does": "give {target} +1/+1 until end of turn"}}
        ),
        Event("resolve", "…", {"player": 0, "entry": buff}),
        Event("buff", "Pikeman gets +1/+1 until end of turn", {"uid": 5}),
    ]
    words = "Hero ability (2): give Pikeman +1/+1 until end of turn"
    assert said_once("scars", Action("hero", (5,)), words, events) == ("Hero ability (2)", events)
    assert said_once("scars", Action("hero", (5,)), f"P1: {words}", events)[0] == "P1: Hero ability (2)"
    quiet = [*events[:2], Event("phase", "3A Declare attackers", {"phase": "attack"})]
    assert said_once("scars", Action("hero", (5,)), words, quiet)[0] == words
    # nor the table's note that the turn ends (Rally the Ranks played with no unit: it read `Play
    # Rally the Ranks (2)` over `→ nothing left to play or afford …: the turn ends`, nothing said)
    ends = Event("note", "→ nothing left to play or afford, no attack to make: the turn ends")
    assert said_once("scars", Action("hero", (5,)), words, [*events[:2], ends])[0] == words
    # a unit played says where it goes (its `enters` line is left out when it says the same)
    pikeman = zone_entry("card", 5, "Pikeman", "unit", mode="attack")
    played = [
        Event("stack", "…", {"player": 0, "entry": pikeman}),
        Event("resolve", "…", {"player": 0, "entry": pikeman}),
        Event("enter", "Pikeman enters in attack position", {"uid": 5}),
    ]
    assert said_once("scars", Action("cast", (5, "attack")), "Play Pikeman (2) in attack", played)[0] == (
        "Play Pikeman (2) in attack"
    )


async def test_the_hero_ability_at_the_table_is_said_once() -> None:
    """At 80 × 24 against the AI: the hero ability that nothing could answer is one line of what it
    is and one of what it did (it took four rows saying the buff twice)."""
    app = game_app("scars", seed=3, scenario=scenario("scars_hero_at_once"), level="scripted", vs="ai")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        (pikeman,) = app.session.game.zones["units:0"].cards
        await press(pilot, "colon")
        await settle(pilot)
        await press(pilot, *f"hero {pikeman}", "enter")
        await settle(pilot)
        log = "\n".join(app.screen.query_one(GameLog).plain)
        assert "P1 (you): Hero ability (2 energy)\n  Pikeman gets +1/+1 until end of turn" in log, log
        assert "give Pikeman" not in log, log


# -- names cut with room to spare ----------------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_dense_lanes_cut_a_name_only_for_want_of_room(size: tuple[int, int]) -> None:
    """`hand Rally the Ran…  Shieldbearer…`, `weapons Hunting Spe… · supports 1 (face down)` and
    `► P1 (you)  Aurelia, Iron Mar… ♥9 …` at 80 × 24, with room on each line: a name is cut only
    when its line would not fit whole."""
    app = game_app("scars", seed=3, scenario=scenario("scars_long_names"), level="scripted", vs="ai")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for name in ("Rally the Ranks", "Shieldbearer Recruit", "Hunting Spear", "Aurelia, Iron Marshal"):
            assert name in text, text
        lanes = [line for line in text.splitlines() if line.startswith((" hand", " weapons", "► P1", "◄ P2"))]
        assert len(lanes) == 4 and "…" not in "".join(lanes), text


def test_a_crowded_hand_is_cut_as_before() -> None:
    """Ten cards whole take a row more than cut: cut to 14 columns each, as the dense lanes did;
    seven that take two rows either way are whole (`Valiant Palad…` read on two rows as well)."""
    hand = [{"uid": i, "name": "Shieldbearer Recruit"} for i in range(10)]
    segs = whole_or_cut(words(" hand"), hand, 10, 14, 78, {})
    assert [s.text for s in segs if s.uid is not None] == ["Shieldbearer…"] * 10
    names = ["Valiant Paladin", "Sellsword", "Standard-Bearer", "Valiant Paladin", "Smite", "Tower Shield"]
    seven = [{"uid": i, "name": n} for i, n in enumerate([*names, "Griffin Rider"])]
    segs = whole_or_cut(words(" hand"), seven, 10, 14, 78, {})
    assert [s.text for s in segs if s.uid is not None] == [*names, "Griffin Rider"]
    assert rows_taken(words(" hand") + segs, 78) == 2


@pytest.mark.parametrize("room", [30, 52, 78, 118])
def test_the_rows_counted_are_the_board_s(room: int) -> None:
    """`rows_taken` wraps a line as the lanes' board does (`LaneBoard._layout`)."""
    names = ["Valiant Paladin", "Sellsword", "Shieldbearer Recruit", "Smite", "Hunting Spear", "X"]
    board = LaneBoard()
    for n in range(1, 11):
        for cut in (None, 12, 14):
            line = words(" hand") + chips([{"uid": i, "name": names[i % 6]} for i in range(n)], 10, " ", cut)
            board.lines, board.line_styles = [line], [""]
            assert rows_taken(line, room) == board._layout(room)[1]


# -- a prayer that harms your own unit -----------------------------------------------------------
def test_the_engine_knows_a_prayer_that_harms_your_own_unit() -> None:
    """Smite's only target is P1's own Shieldbearer Recruit (the Boar is too strong for it):
    `harms_own`; the hero's +1/+1 on it does not harm it."""
    game = game_class("scars").new_game(
        seed=3, options={}, decks=[None, None], scenario=scenario("scars_smite_own")
    )
    harms = {a.kind: game.harms_own(a) for a in game.legal_actions()}  # type: ignore[attr-defined]
    assert harms == {"support": False, "life": False, "hero": False, "cast": True, "done": False}


async def test_the_choice_says_smite_would_destroy_your_own_unit() -> None:
    """At 80 × 24: `Play Smite (2): destroy Shieldbearer Recruit` read as an answer to the other
    side; it says that the unit is yours."""
    app = game_app("scars", seed=3, scenario=scenario("scars_smite_own"), level="scripted", vs="ai")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "(your own unit)" in text, text
        assert text.count("(your own unit)") == 1, text  # (not the hero's +1/+1 on it)
