"""A puzzle's `[goal]` (common/goals.py), judged through the game interface after every action:
each shipped puzzle played by its solution reads solved, a wrong line reads failed (and why), a
broken goal is a loader's error naming the file and the field, and a saved puzzle keeps its goal."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from common.agents import make_agent
from common.errors import DataError
from common.game import Decision, Game
from common.goals import FAILED, OPEN, SOLVED, Goal, GoalFacts, GoalJudge, goal_of_text, judge_replay
from common.registry import game_class
from common.saves import game_from_save
from tests.tui.helpers import engine_ready

ROOT = Path(__file__).resolve().parents[1]

# Each shipped puzzle's solution, in the words of the choices (`describe_action`), for the
# puzzle's player; the other side answers as the AI does. The turn's end, if the goal waits for
# it, is played by `finish`.
SOLUTIONS: dict[tuple[str, str], list[str]] = {
    ("hotg", "puzzle_guarded_stone"): [
        "Cast Thunder of Olympus (3 mana) on Jackal Guardian",
        "Use Bolt (2 mana) on Jackal Guardian",  # (Thunder 3 + Bolt 1: the Guardian is gone)
        "Cast Battle Fury (1 mana) on Bull Demon King",
        "Move Bull Demon King to 2,7",
        "Bull Demon King attacks P2's Summoning Stone",  # 4 + 1 = the stone's 5
    ],
    ("hotg", "puzzle_afterlife_chain"): [
        "Move Sobek to 0,3",  # out of the Draugrs' Afterlife
        "Use Sun's Mercy (2 mana) on P1's Summoning Stone",  # 11 + 3: one Afterlife hits it
        "Cast Wrath of Sekhmet (5 mana)",
    ],
    ("hotg", "puzzle_hold_the_gate"): [  # survive: a guarded stone cannot be attacked (HG-63)
        "Play Einherjar (3 mana) at 2,1",  # Fenrir may kill the guard: only the wolf's 1 is left
    ],
    ("bhm", "drowned_giant"): [
        "Pyre Warlock executes Terrify — an enemy being loses 300 VAL",
        "Target Tide Sentinel",
        "Pyre Warlock executes Fire Bolt (consumes 100 POD) — an enemy being loses 300 Salud",
        "Target Mountain Giant",
        "Storm Roc executes Battle Trance — the being executing it gains 300 FUE until end of turn",
        "Go to combat",
        "Storm Roc attacks Mountain Giant (FUE 800 vs RES 500: 300 to Salud, kills it)",
    ],
    ("bhm", "puzzle_the_numbers"): [  # keep_below: two of the three enemy beings gone (BH-08)
        "Pyre Warlock executes Terrify — an enemy being loses 300 VAL",
        "Target Tide Sentinel (P2 zone 2)",  # it flees: P2's C.LL +1, one being fewer (BH-37)
        "Go to combat",
        "Pyre Warlock power-attacks Mountain Giant (POD 500 vs Salud 400; with all 500 POD: 500 to Salud, kills it)",
        "Invest 400 POD: 400 to Salud, kills it",
    ],
    ("bhm", "frozen_court"): [
        "Play strategy Nameless Curse — a being loses its name (and with it Eternal)",
        "Target Vaelor, Undying Warden",
        "Kalzar, Elder Wyrm executes Thunderclap (consumes 100 POD) — an enemy being loses 500 Salud",
        "Target (nameless)",
    ],
    ("scars", "puzzle_hold_the_ford"): [  # survive: a blocker recruited in defense (SC-54, SC-60)
        "Play Village Militia (1) in defense",
        "End 2 First recruitment",
        "Declare no attackers",
        "End 4 Second recruitment",
        "Village Militia blocks Knight of the Oath",  # in Aurelia's turn: Korrag keeps his 3 lives
    ],
    ("scars", "puzzle_blocks_are_in"): [
        "Play Wildfire (2): deal 2 damage to P2's hero Aurelia, Iron Marshal",
        "Pass",
        "Play Frenzy (1): give Tusked Boar +2/+0 until end of turn",  # 2 past the Pikeman
    ],
    ("scars", "puzzle_last_stand"): [  # against the scripted AI, the table's own
        "Move a life to energy",
        "Play Wildfire (2): deal 2 damage to P2's hero Aurelia, Iron Marshal",  # 5 → 3 lives
        "Pass",
        "Play Frenzy (1): give Mammoth +2/+0 until end of turn",
        "Mammoth attacks P2's hero Aurelia, Iron Marshal",
        "Mimic Cub attacks P2's hero Aurelia, Iron Marshal",
        "Storm Hawk attacks P2's hero Aurelia, Iron Marshal",
        "Mimic Cub learns Trample",
    ],
}

# Wrong lines: the words played, then the turn ended (`finish`), and the failure's words.
WRONG: list[tuple[str, str, list[str], str]] = [
    # the Boar's fight leaves the Knight alive (3 damage, defense 3: SC-12), and nobody blocks
    (
        "scars",
        "puzzle_hold_the_ford",
        ["End 2 First recruitment", "Tusked Boar attacks Knight of the Oath"],
        "P2 won the game",
    ),
    (  # one kill only: one being against two, the balance gives you 1
        "bhm",
        "puzzle_the_numbers",
        [
            "Go to combat",
            "Pyre Warlock power-attacks Mountain Giant (POD 500 vs Salud 400; with all 500 POD: 500 to Salud, kills it)",
            "Invest 400 POD: 400 to Salud, kills it",
        ],
        "your C.LL rose to 28 (it had to stay below 28)",
    ),
    # Thunder of Olympus leaves Fenrir 1 health of 4: it strikes the stone for 5
    ("hotg", "puzzle_hold_the_gate", ["Cast Thunder of Olympus (3 mana) on Fenrir"], "P2 won the game"),
    ("hotg", "puzzle_guarded_stone", [], "the turn ended without the win"),
    ("hotg", "puzzle_afterlife_chain", ["Cast Wrath of Sekhmet (5 mana)"], "your stone health fell to 10"),
    (
        "hotg",
        "puzzle_afterlife_chain",
        ["Cast Judgement of Osiris (3 mana) on Berserker"],
        "the turn ended with Draugr and Draugr still on the field",
    ),
    ("bhm", "drowned_giant", [], "the turn ended without the win"),
    (
        "bhm",
        "frozen_court",  # Eternal: Thunderclap alone cannot kill it
        [
            "Kalzar, Elder Wyrm executes Thunderclap (consumes 100 POD) — an enemy being loses 500 Salud",
            "Target Vaelor, Undying Warden",
        ],
        "Vaelor, Undying Warden is still on the field as the turn ends",
    ),
    (
        "scars",
        "puzzle_blocks_are_in",  # pumping the Mammoth is not enough (SC-81)
        [
            "Play Wildfire (2): deal 2 damage to P2's hero Aurelia, Iron Marshal",
            "Pass",
            "Play Frenzy (1): give Mammoth +2/+0 until end of turn",
        ],
        "the turn ended without the win",
    ),
    ("scars", "puzzle_last_stand", [], "the turn ended without the win"),
]

# the kinds of action that pass, end a phase or the turn, in every engine
PASSING = ("pass", "done", "next", "end", "end_turn", "nodraw")


def start(game_id: str, name: str) -> Game:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    text = (ROOT / game_id / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")
    return game_class(game_id).new_game(seed=1, scenario=text)


def play(game: Game, judge: GoalJudge, words: Sequence[str], level: str = "scripted") -> None:
    """The puzzle's player plays `words` (each the words of one legal choice); the other side's
    decisions in between are the AI's."""
    ai = make_agent(type(game), level, 5)
    todo = list(words)
    while todo and not judge.verdict.decided:
        d = game.decision()
        assert d is not None, f"the game ended before {todo[0]!r}"
        if d.player != judge.seat:
            game.apply(ai.choose(game.clone()))
        else:
            said = {game.describe_action(a): a for a in game.legal_actions()}
            assert todo[0] in said, f"{todo[0]!r} is no choice now; choices: {list(said)}"
            game.apply(said[todo.pop(0)])
        judge.see(game)


def finish(game: Game, judge: GoalJudge) -> None:
    """Pass (end phases, the turn) until the goal is judged; the other side plays as the AI."""
    finish_as(game, judge, "scripted")


def finish_as(game: Game, judge: GoalJudge, level: str) -> None:
    """`finish`, the other side playing as the AI of `level`."""
    ai = make_agent(type(game), level, 5)
    for _ in range(300):
        if judge.verdict.decided:
            return
        d = game.decision()
        assert d is not None
        if d.player != judge.seat:
            game.apply(ai.choose(game.clone()))
        else:
            acts = game.legal_actions()
            game.apply(next((a for a in acts if a.kind in PASSING), acts[0]))
        judge.see(game)
    raise AssertionError("the goal was never judged")


@pytest.mark.parametrize(("game_id", "name"), list(SOLUTIONS), ids=lambda v: v)
def test_each_shipped_puzzle_played_by_its_solution_reads_solved(game_id: str, name: str) -> None:
    game = start(game_id, name)
    judge = GoalJudge.for_game(game)
    assert judge is not None, "every shipped puzzle has a [goal]"
    play(game, judge, SOLUTIONS[game_id, name])
    finish(game, judge)
    assert judge.verdict.state == SOLVED, judge.verdict


def shipped_puzzles() -> list[tuple[str, str]]:
    """Every scenario shipped with a game that has a `[goal]`."""
    return sorted(
        (path.parts[-3], path.stem)
        for path in ROOT.glob("*/scenarios/*.toml")
        if goal_of_text(path.read_text(encoding="utf-8")) is not None
    )


def test_every_shipped_puzzle_has_its_solution_played() -> None:
    """A puzzle nobody can solve is a bug: each one's solution is in SOLUTIONS (played above)."""
    shipped = shipped_puzzles()
    assert len(shipped) >= 7
    assert [p for p in shipped if p not in SOLUTIONS] == []


def test_each_shipped_puzzles_description_is_one_line_at_80_columns() -> None:
    """The scenarios screen (Ctrl+T) lists each with its description: one line at 80 × 24 (the
    dialog's border, padding and scroll bar leave 74 columns)."""
    for game_id, name in shipped_puzzles():
        text = (ROOT / game_id / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")
        description = tomllib.loads(text)["scenario"]["description"]
        assert 0 < len(description) <= 74, (name, description)


@pytest.mark.parametrize("level", ["scripted", "greedy", "lookahead", "search"])
@pytest.mark.parametrize(
    ("game_id", "name", "wrong"),
    [
        ("hotg", "puzzle_hold_the_gate", ["Cast Thunder of Olympus (3 mana) on Fenrir"]),
        (
            "scars",
            "puzzle_hold_the_ford",
            ["End 2 First recruitment", "Tusked Boar attacks Knight of the Oath"],
        ),
    ],
    ids=["hold_the_gate", "hold_the_ford"],
)
def test_a_survival_holds_against_every_ai_and_the_wrong_line_falls(
    level: str, game_id: str, name: str, wrong: list[str]
) -> None:
    """The survive puzzles are solved by their solution whatever the AI plays (it has a whole
    turn), and failed by the natural wrong line."""
    for words, state in ((SOLUTIONS[game_id, name], SOLVED), (wrong, FAILED)):
        game = start(game_id, name)
        judge = GoalJudge.for_game(game)
        assert judge is not None
        play(game, judge, words, level)
        finish_as(game, judge, level)
        assert judge.verdict.state == state, (words, judge.verdict)


def test_the_last_stand_is_solved_against_other_blocks() -> None:
    """The Scars' last stand against the greedy AI, which blocks otherwise: the Frenzy goes to the
    unblocked Mimic Cub, after the blocks."""
    game = start("scars", "puzzle_last_stand")
    judge = GoalJudge.for_game(game)
    assert judge is not None
    line = SOLUTIONS["scars", "puzzle_last_stand"]
    line = [
        *line[:3],
        "End 2 First recruitment",
        *line[4:],
        "Play Frenzy (1): give Mimic Cub +2/+0 until end of turn",
    ]
    play(game, judge, line, "greedy")
    finish(game, judge)
    assert judge.verdict.state == SOLVED, judge.verdict


@pytest.mark.parametrize(
    ("game_id", "name", "words", "why"), WRONG, ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_wrong_line_reads_failed_and_says_why(game_id: str, name: str, words: list[str], why: str) -> None:
    game = start(game_id, name)
    judge = GoalJudge.for_game(game)
    assert judge is not None
    play(game, judge, words)
    finish(game, judge)
    assert judge.verdict.state == FAILED
    assert judge.verdict.why.startswith(why), judge.verdict.why


def test_the_goal_stays_open_while_the_turn_goes_on() -> None:
    game = start("hotg", "puzzle_guarded_stone")
    judge = GoalJudge.for_game(game)
    assert judge is not None
    play(game, judge, SOLUTIONS["hotg", "puzzle_guarded_stone"][:4])
    assert judge.verdict.state == OPEN and not game.is_over()
    assert judge.words() == "Win this turn"


def test_the_goals_in_words() -> None:
    words = {(g, n): GoalJudge.for_game(start(g, n)).words() for g, n in SOLUTIONS}  # type: ignore[union-attr]
    assert (
        words["hotg", "puzzle_afterlife_chain"]
        == "Clear every enemy unit this turn; keep your stone health above 10"
    )
    assert words["bhm", "frozen_court"] == "Remove Vaelor, Undying Warden from the field this turn"
    assert words["hotg", "puzzle_hold_the_gate"] == "Survive until the end of the next turn"
    assert all(len(w) <= 70 for w in words.values()), words  # `◎ Goal: …` on one line at 80 columns


def test_a_saved_puzzle_keeps_its_goal_and_its_verdict() -> None:
    """Saves are replays: the goal is in the scenario's text, and the verdict is judged again on
    the replay, at the action it was reached."""
    game = start("bhm", "frozen_court")
    judge = GoalJudge.for_game(game)
    assert judge is not None
    play(game, judge, SOLUTIONS["bhm", "frozen_court"][:2])
    assert judge_replay(game_from_save(game.to_json())).verdict.state == OPEN  # type: ignore[union-attr]
    play(game, judge, SOLUTIONS["bhm", "frozen_court"][2:])
    finish(game, judge)  # and on into the other side's turn
    resumed = judge_replay(game_from_save(game.to_json()))
    assert resumed is not None and resumed.verdict == judge.verdict and judge.verdict.at == 4


def test_a_scenario_without_a_goal_has_no_judge() -> None:
    assert goal_of_text('[scenario]\ngame = "hotg"\n') is None
    assert GoalJudge.for_game(game_class("hotg").new_game(seed=1)) is None


# -- the loader's errors -------------------------------------------------------------------------
SHIPPED = {"hotg": "puzzle_guarded_stone", "bhm": "frozen_court", "scars": "puzzle_last_stand"}

BROKEN: list[tuple[str, str, str]] = [
    ('kind = "checkmate"', "goal.kind", "expected one of win, remove, clear, survive"),
    ('kind = "win"\nturns = 0', "goal.turns", "expected a whole number from 1 to 50"),
    ('kind = "win"\nturns = "two"', "goal.turns", "expected a whole number"),
    ('kind = "win"\nby = 3', "goal.by", "unknown key"),
    ('kind = "remove"', "goal.card", "names the card to remove"),
    ('kind = "win"\ncard = "vaelor"', "goal.card", "only a `remove` goal names a card"),
    ('kind = "remove"\ncard = "no_such_card"', "goal.card", "no 'no_such_card' on the field at the start"),
    ('kind = "win"\nkeep_above = { mana = 3 }', "goal.keep_above.mana", "no such counter in this game"),
    ('kind = "win"\nkeep_above = { x = "ten" }', "goal.keep_above", "expected a table of whole numbers"),
    ('kind = "win"\nkeep_below = 4', "goal.keep_below", "expected a table of whole numbers"),
]


def with_goal(game_id: str, goal: str) -> str:
    text = (ROOT / game_id / "scenarios" / f"{SHIPPED[game_id]}.toml").read_text(encoding="utf-8")
    head, _, _ = text.partition("\n[goal]\n")
    return f"{head}\n[goal]\n{goal}\n"


@pytest.mark.parametrize("game_id", list(SHIPPED))
@pytest.mark.parametrize(("goal", "fld", "words"), BROKEN, ids=lambda v: v if v.startswith("goal") else "")
def test_a_broken_goal_is_a_loaders_error_naming_the_field(
    game_id: str, goal: str, fld: str, words: str
) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    with pytest.raises(DataError) as e:
        game_class(game_id).new_game(seed=1, scenario=with_goal(game_id, goal))
    assert e.value.field == fld and words in e.value.message, str(e.value)
    assert e.value.file.strip("<>").startswith("scenario"), e.value.file  # named as its scenario


@pytest.mark.parametrize("game_id", list(SHIPPED))
def test_a_goal_that_is_no_table_or_already_broken_at_the_start(game_id: str) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    text = with_goal(game_id, 'kind = "win"').replace('\n[goal]\nkind = "win"\n', "\ngoal = 3\n")
    text = text.replace("[scenario]\n", "goal = 3\n[scenario]\n", 1)
    with pytest.raises(DataError) as e:
        game_class(game_id).new_game(seed=1, scenario=text)
    assert e.value.field == "goal", str(e.value)
    counter = {"hotg": "stone", "bhm": "cll", "scars": "lives"}[game_id]
    with pytest.raises(DataError) as e:  # the player's counter already on the wrong side of it
        game_class(game_id).new_game(
            seed=1, scenario=with_goal(game_id, f'kind = "win"\nkeep_above = {{ {counter} = 99 }}')
        )
    assert e.value.field == f"goal.keep_above.{counter}" and "at the start" in e.value.message


def test_a_clear_goal_needs_an_enemy_unit() -> None:
    from tests.hotg.helpers import scenario_text, u

    text = scenario_text([u("sobek", "2,3")]) + '\n[goal]\nkind = "clear"\n'
    with pytest.raises(DataError) as e:
        game_class("hotg").new_game(seed=1, scenario=text)
    assert e.value.field == "goal.kind" and "nothing to clear" in e.value.message


# -- the judge on its own: a game that tells only its goal facts -----------------------------------
@dataclass
class Told:
    """A game as the judge reads it: its facts, whose decision, its end."""

    turn: int = 3
    active: int = 0
    mine: tuple[tuple[str, str], ...] = ()
    theirs: tuple[tuple[str, str], ...] = (("imp", "Imp"),)
    life: tuple[int, int] = (10, 10)
    deciding: int | None = 0
    won: int | None = None
    over: bool = False
    history: list[object] = field(default_factory=list)
    setup: object = None

    def goal_facts(self) -> GoalFacts:
        return GoalFacts(
            self.turn, self.active, (self.mine, self.theirs), {"life": self.life}, {"life": "life"}
        )

    def decision(self) -> Decision | None:
        return None if self.deciding is None else Decision(self.deciding, "turn", "")

    def is_over(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.won


def judged(goal: Goal, *states: Told) -> list[tuple[str, str]]:
    judge = GoalJudge(goal, states[0])  # type: ignore[arg-type]
    out = []
    for state in states[1:]:
        v = judge.see(state)  # type: ignore[arg-type]
        out.append((v.state, v.why))
    return out


def test_survive_is_solved_as_the_last_turn_ends_and_failed_by_a_loss() -> None:
    goal = Goal("survive", turns=2)
    assert judged(goal, Told(), Told(turn=4, active=1), Told(turn=5))[-2:] == [
        (OPEN, ""),
        (SOLVED, "you are still standing"),
    ]
    assert judged(goal, Told(), Told(turn=4, active=1, over=True, won=1)) == [(FAILED, "P2 won the game")]
    assert judged(goal, Told(), Told(over=True)) == [(FAILED, "the game ended in a draw")]


def test_a_removal_waits_for_the_players_decision_and_the_first_verdict_stays() -> None:
    """The last enemy gone while the other side decides (an Afterlife still to choose): not yet
    solved; back at the player's decision, solved; a later loss changes nothing."""
    goal = Goal("remove", card="imp")
    assert judged(goal, Told(), Told(theirs=(), deciding=1), Told(theirs=()), Told(over=True, won=1)) == [
        (OPEN, ""),
        (SOLVED, "Imp is off the field"),
        (SOLVED, "Imp is off the field"),
    ]


def test_a_kept_counter_fails_at_once_and_wins_count_as_solved() -> None:
    assert judged(Goal("clear", keep_below={"life": 12}), Told(), Told(life=(12, 10))) == [
        (FAILED, "your life rose to 12 (it had to stay below 12)")
    ]
    assert judged(Goal("clear"), Told(), Told(over=True, won=0)) == [(SOLVED, "you won the game")]
    assert GoalJudge(Goal("survive", turns=3), Told()).words() == "Survive for 3 turns"  # type: ignore[arg-type]
    assert GoalJudge(Goal("win", turns=2), Told()).words() == "Win by the end of the next turn"  # type: ignore[arg-type]


def test_the_menu_lists_a_broken_goal_as_the_loaders_error(tmp_path: Path) -> None:
    """The menu's Scenarios (`tui.scenarios`): a broken goal is the scenario's `Cannot be loaded`
    reason, naming its file and the field, never a traceback."""
    from tui.scenarios import load_shipped

    path = tmp_path / "broken.toml"
    path.write_text(with_goal("hotg", 'kind = "win"\nturns = -1'), encoding="utf-8")
    shipped = load_shipped("hotg", path)
    assert shipped.error.startswith(f"{path} (scenario 'Puzzle: through the guard'), field 'goal.turns'")


@pytest.mark.parametrize("game_id", ["hotg", "bhm", "scars"])
def test_every_engine_tells_its_goal_facts_all_game_long(game_id: str) -> None:
    """`goal_facts()` on random games of each engine: the turn counter goes up by one as each
    turn begins (what `turns` counts), whose turn it is, each side's units as the view has them,
    its counters — at every step."""
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available")
    from common.agents import RandomAgent

    cls = game_class(game_id)
    for seed in (1, 2):
        game, agent = cls.new_game(seed=seed), RandomAgent(seed)
        facts = game.goal_facts()
        for _ in range(250):
            if game.is_over():
                break
            game.apply(agent.choose(game))
            now = game.goal_facts()
            assert now.active in (0, 1) and all(len(v) == 2 for v in now.counters.values())
            assert set(now.words) == set(now.counters)
            assert now.turn in (facts.turn, facts.turn + 1), (facts, now)  # one turn begins at a time
            if now.active != facts.active:  # (BHM's first turn begins with the first seat's: 0 → 1)
                assert now.turn == facts.turn + 1, (facts, now)
            assert all(
                isinstance(cid, str) and isinstance(name, str) for side in now.units for cid, name in side
            )
            facts = now
