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
from tui.log_words import ZONE_FLOW, told_events

from .helpers import engine_ready, zone_entry

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
