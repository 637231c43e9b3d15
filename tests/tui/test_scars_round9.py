"""The Scars, round 9: what a player reads — a card that resolves unanswered on one log line, a
token's position said once, `last:` after a block, the Keywords tab, the roomy lanes' spare rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner
from textual.widgets import Markdown

from common.events import Event
from common.game import Action
from common.saves import save_game
from tui.cli import main
from tui.log_words import WAITS, scars_brief
from tui.screens.scars import ScarsScreen
from tui.widgets.lanes import LaneBoard
from tui.widgets.log import GameLog

from .helpers import dense_late_app, game_app, press, scenario, screen_name, screen_text, settle


async def test_the_keywords_tab_names_a_keyword_once() -> None:
    """The Keywords tab read `Haste | Haste: ignores summoning sickness …` (the engine's glossary
    names the keyword first): the meaning alone, a sentence of its own."""
    app = game_app("scars", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert screen_name(app) == "HelpScreen"
        table = app.screen.query_one("#help-keywords Markdown", Markdown).source
        assert "| **Haste** | Ignores summoning sickness (can attack the turn it enters). |" in table, table
        assert "| **Valor X** | Cannot be blocked by units with attack X or more;" in table, table
        assert "Haste: " not in table and "Valor X: " not in table, table


# -- a card that resolves with nobody answering: one line ----------------------------------------
def ev(kind: str, text: str, **data: object) -> Event:
    return Event(kind, text, dict(data))


BOAR = "Tusked Boar (unit, in attack position)"
PLAYED = [
    ev("stack", f"P2: {BOAR} goes to the resolution zone", player=1),
    ev("resolve", f"Resolves: {BOAR}", player=1),
    ev("enter", "Tusked Boar enters in attack position", uid=86),
]
EMPTY: dict[str, Any] = {"players": [], "stack": []}


def boar_in(position: str, **more: object) -> dict[str, Any]:
    """The table after Tusked Boar (86) came in, in `position`."""
    boar = {"uid": 86, "name": "Tusked Boar", "position": position, "sheltering": None, **more}
    return {"players": [{"seat": 1, "units": [boar]}], "stack": []}


def test_a_card_played_unanswered_is_its_action_line_alone() -> None:
    """`P2: Play Tusked Boar (2) in attack` had three lines under it (`… goes to the resolution
    zone`, `Resolves: …`, `Tusked Boar enters in attack position`): the action's line says it."""
    assert scars_brief(Action("cast", (86, "attack")), PLAYED, EMPTY, boar_in("attack")) == []
    # played in attack, it is in defense: its line says where it went, once
    moved = [*PLAYED[:2], ev("enter", "Tusked Boar enters in defense position", uid=86)]
    told = scars_brief(Action("cast", (86, "attack")), moved, EMPTY, boar_in("defense"))
    assert [e.text for e in told] == ["Tusked Boar enters in defense position"]
    # no longer on the table after the action (a trigger killed it): its entering is said
    gone = scars_brief(Action("cast", (86, "attack")), PLAYED, EMPTY, EMPTY)
    assert [e.text for e in gone] == ["Tusked Boar enters in attack position"]


def test_the_zone_is_read_in_the_events_data_not_their_words() -> None:
    """`scars_brief` matched the engine's words (`… goes to the resolution zone`, `Resolves: …`)
    with patterns: other words from the engine would have let every line through. It reads the
    events' kinds and data: a `stack` event followed straight by its controller's `resolve` is
    an entry that resolved at once, whatever they say."""
    other = [
        ev("stack", "P2 puts Tusked Boar into the zone", player=1),
        ev("resolve", "Tusked Boar is resolved", player=1),
        ev("enter", "Tusked Boar arrives attacking", uid=86),
    ]
    assert scars_brief(Action("cast", (86, "attack")), other, EMPTY, boar_in("attack")) == []
    trigger = [
        *other,
        ev("stack", "P2 puts Pack Alpha's trigger into the zone", player=1),
        ev("resolve", "Pack Alpha's trigger is resolved", player=1),
    ]
    told = scars_brief(Action("cast", (86, "attack")), trigger, EMPTY, boar_in("attack"))
    assert [e.text for e in told] == ["Pack Alpha's trigger is resolved"]  # once, in the engine's words
    # the other player's entry on top of one that waits does not resolve it: both lines stay
    answered = [ev("stack", "P1 answers", player=0), ev("resolve", "P2's card resolves", player=1)]
    assert scars_brief(Action("pass"), answered, EMPTY, EMPTY) == answered
    waits = scars_brief(Action("cast", (86, "attack")), other[:1], EMPTY, EMPTY)
    assert [e.text for e in waits] == [WAITS]


def test_a_trigger_resolving_at_once_is_one_line_of_what_it_does() -> None:
    words = "Pack Alpha's enter trigger: create 1 Wolf token in defense position"
    events = [
        *PLAYED,
        ev("stack", f"P2: {words} goes to the resolution zone", player=1),
        ev("resolve", f"Resolves: {words}", player=1),
        ev("token", "P2 creates a Wolf token in defense position", uid=90),
    ]
    told = scars_brief(Action("cast", (86, "attack")), events, EMPTY, boar_in("attack"))
    assert [e.text for e in told] == [words, "P2 creates a Wolf token in defense position"]


def test_the_resolution_zone_is_told_when_it_matters() -> None:
    """A card that waits in the zone (a window opened) keeps its line, in short when the action's
    line names it; one that resolves over
    another card keeps both of its lines; a card resolving after the window is its `enters` line."""
    waits = scars_brief(Action("cast", (86, "attack")), PLAYED[:1], EMPTY, EMPTY)
    assert [e.text for e in waits] == ["→ waits in the zone for answers"]  # (named above)
    ability = [
        ev("stack", "P2: Ember Shaman's ability: deal 1 damage to P1's hero goes to the resolution zone")
    ]
    # without the entry's data (`scars_entries`' short words) its line is left as it is
    assert scars_brief(Action("pass"), ability, EMPTY, EMPTY) == ability
    held = {
        "players": [],
        "stack": [{"kind": "card", "source": 3, "text": "Grey Wolf (unit, in defense position)"}],
    }
    smite = [
        ev("stack", "P1: Smite: deal 2 damage to Tusked Boar goes to the resolution zone", player=0),
        ev("resolve", "Resolves: Smite: deal 2 damage to Tusked Boar", player=0),
        ev("damage", "Smite deals 2 damage to Tusked Boar", uid=86),
    ]
    assert scars_brief(Action("cast", (40, 86)), smite, held, held) == smite
    after_window = scars_brief(Action("pass"), PLAYED[1:], held, EMPTY)
    assert [e.text for e in after_window] == ["Tusked Boar enters in attack position"]


async def test_the_table_log_tells_the_ai_s_unanswered_card_on_one_line(tmp_path: Path) -> None:
    """Seed 5: the AI plays Tusked Boar and nobody can answer; the log has its line alone, and
    `triarch replay --print --full` still has every line of the zone."""
    app = game_app("scars", seed=5, level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # keep the hand
        await settle(pilot)
        lines = list(app.screen.query_one(GameLog).plain)
        text = "\n".join(lines)
        played = next(i for i, line in enumerate(lines) if "Play Tusked Boar (2 energy) in attack" in line)
        assert "resolution zone" not in text and "Resolves:" not in text, text
        assert "enters in attack position" not in text, text
        # (the AI's turn ends by itself after it: a line says so, then the phases go by)
        after = [line for line in lines[played + 1 :] if not line.startswith("  → P2 has nothing left")]
        assert after[0].strip().startswith("3A Declare attackers"), text
        path = tmp_path / "boar.json"
        save_game(app.session.game, path)
    full = CliRunner().invoke(main, ["replay", "--print", "--full", str(path)]).output
    brief = CliRunner().invoke(main, ["replay", "--print", str(path)]).output
    assert "P2: Tusked Boar (unit, in attack position) goes to the resolution zone" in full, full
    assert "Resolves: Tusked Boar" in full and "Tusked Boar enters in attack position" in full, full
    assert "resolution zone" not in brief and "Resolves:" not in brief, brief


# -- `last:` after your block --------------------------------------------------------------------
async def test_the_last_line_says_the_attack_was_blocked() -> None:
    """P2 (AI)'s Grey Wolf attacks, P1's Village Militia blocks it: `★ P2 (AI) last:` kept `Grey
    Wolf attacks P1's hero` as if the attack still went there; it says the block now."""
    app = game_app("scars", seed=3, scenario=scenario("scars_wolf_attacks"), level="scripted")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "RowsDialog", screen_text(app)
        await press(pilot, "right", "enter")  # the Militia blocks the Wolf
        await settle(pilot)
        assert any(a.kind == "block" for a in app.session.game.history)
        table = next(s for s in app.screen_stack if isinstance(s, ScarsScreen))
        told = [w for w, _ in table.last_words[1]]
        assert "Grey Wolf attacks, blocked by Village Militia" in told, told
        assert not any(w.startswith("Grey Wolf attacks P1's hero") for w in told), told
        last = next(line for line in screen_text(app).split("\n") if " last: " in line)
        assert "» P2 (AI) last: Grey Wolf attacks, blocked by Village Militia" in last, last


# -- 120 × 40: the lanes' spare rows go to the log -------------------------------------------------
async def test_the_log_takes_the_rows_the_lanes_do_not_need_at_120_x_40() -> None:
    """Early in a game the lanes had 10 blank rows under them and the log 10 rows: the log is under
    the lanes now and takes the rows they do not need; the choices keep theirs; a crowded table
    leaves the log its 10 rows."""
    app = game_app("scars", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")  # keep the hand
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ScarsScreen)
        log, lanes, board = screen.query_one(GameLog), screen.query_one("#lanes"), screen.query_one(LaneBoard)
        actions = screen.query_one("#actions")
        assert log.outer_size.height > 10, log.outer_size
        assert lanes.size.height == board.rows_for(board.size.width), (lanes.size, board.size)
        assert log.region.x == lanes.region.x and log.region.y >= lanes.region.bottom
        assert actions.size.height >= 10, actions.size
    crowded = dense_late_app("scars")
    async with crowded.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert crowded.screen.query_one(GameLog).outer_size.height == 10


def test_out_of_the_game_alone_on_its_line_has_no_dot_before_it() -> None:
    """At 80 × 24 a side with a token destroyed (out of the game) and no weapon, structure or
    support in sight read ` · out of the game 1` on a line of its own."""
    from tui.screens.scars import ScarsTable

    table = ScarsTable.__new__(ScarsTable)
    table.marks, table.last_actor, table.pile_uids = {0: {}, 1: {}}, None, set()
    table.seat_name = lambda seat: f"Player {seat + 1}"  # type: ignore[method-assign]
    table.table_viewer = lambda: 0  # type: ignore[method-assign]
    table.marked_seat = lambda: 1  # type: ignore[method-assign]
    hero = {"uid": 1, "name": "Korrag of the Wilds", "type": "hero"}
    p = {"seat": 1, "hero": hero, "units": [], "out": [{"uid": 9, "name": "Wolf"}], "lives": 16}
    lines = table.render_player_dense({"players": [{"seat": 0, "hero": {"uid": 2}}, p]}, p, False)
    said = ["".join(seg.text for seg in segs) for _, segs in lines]
    assert " out of the game 1" in said, said


def test_the_card_panel_names_the_weapons_and_says_a_keyword_once() -> None:
    """A Pikeman (Ranged) with a Hunting Spear (Ranged) and a Tower Shield: the card panel read
    `weapons: 59, 46` and `• Ranged — can block units with Flying.` twice."""
    from tui.screens.scars import ScarsTable

    pikeman = {"uid": 27, "name": "Pikeman", "type": "unit", "keywords": ["Ranged", "Ranged", "Cover"]}
    pikeman["weapons"] = [59, 46]
    spear = {"uid": 59, "name": "Hunting Spear", "type": "weapon", "attached": 27}
    shield = {"uid": 46, "name": "Tower Shield", "type": "weapon", "attached": 27}
    table = ScarsTable.__new__(ScarsTable)
    table.view_data = {
        "phase": "setup",
        "players": [{"seat": 0, "units": [pikeman], "weapons": [spear, shield]}],
    }
    named = table.named_card(pikeman)
    assert named["weapons"] == ["Hunting Spear", "Tower Shield"], named  # (no card numbers)
    assert named["keywords"] == ["Ranged", "Cover"], named
