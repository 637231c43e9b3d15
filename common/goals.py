"""A puzzle's goal: the `[goal]` of a scenario file, and its judge.

A scenario that is a puzzle says what the player must do in a `[goal]` table (the format:
`docs/scenarios.md`). The player is the one whose turn it is as the scenario starts. The judge
reads only what every engine tells through the game interface (`Game.goal_facts()`, `winner()`,
`is_over()`, `decision()`), after every action, and says: solved, failed (and why), or still open.
No game rule here, no UI.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DataError
from .scenario import is_whole

if TYPE_CHECKING:
    from .game import Game

KINDS = ("win", "remove", "clear", "survive")
GOAL_KEYS = ("kind", "turns", "card", "keep_above", "keep_below")
MAX_TURNS = 50

OPEN, SOLVED, FAILED = "open", "solved", "failed"


@dataclass(frozen=True, slots=True)
class GoalFacts:
    """What a goal is judged on, as an engine tells it (`Game.goal_facts()`).

    `turn`: the engine's turn counter, which goes up by one as each player's turn begins;
    `active`: the seat whose turn it is; `units`: per seat, the (card id, name) of each unit (a
    being, …) that seat has on the field; `counters`: per name (`stone`, `lives`, `cll`), each
    seat's value; `words`: a counter's name in words (`stone` → `stone health`)."""

    turn: int
    active: int
    units: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    counters: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    words: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Goal:
    """A puzzle's goal. `kind`: `win` (win the game), `remove` (no `card` left on the field),
    `clear` (no enemy unit left on the field), `survive` (not lose); all by the end of `turns`
    turns, the scenario's own counted first (1: this turn). `keep_above`/`keep_below`: counters of
    the player's that must stay above/below a value all along (`stone` above 10)."""

    kind: str
    turns: int = 1
    card: str = ""
    keep_above: Mapping[str, int] = field(default_factory=dict)
    keep_below: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Verdict:
    state: str = OPEN  # OPEN, SOLVED or FAILED
    why: str = ""  # a failure's reason, a solution's words (`P2's stone destroyed`…)
    at: int | None = None  # after how many actions of the game it was reached

    @property
    def decided(self) -> bool:
        return self.state != OPEN


def parse_goal(table: Any, file: str) -> Goal | None:
    """The `[goal]` table of a scenario (None when it has none), validated: an unknown key, a wrong
    kind or type is a `DataError` naming `file` and the field (`goal.kind`)."""
    if table is None:
        return None
    if not isinstance(table, dict):
        raise DataError(file, "[goal] must be a table", field="goal")
    for key in table:
        if key not in GOAL_KEYS:
            raise DataError(file, f"unknown key (allowed: {', '.join(GOAL_KEYS)})", field=f"goal.{key}")
    kind = table.get("kind")
    if kind not in KINDS:
        raise DataError(file, f"expected one of {', '.join(KINDS)}, got {kind!r}", field="goal.kind")
    turns = table.get("turns", 1)
    if not is_whole(turns) or not 1 <= turns <= MAX_TURNS:
        raise DataError(
            file, f"expected a whole number from 1 to {MAX_TURNS}, got {turns!r}", field="goal.turns"
        )
    card = table.get("card", "")
    if kind == "remove" and (not isinstance(card, str) or not card):
        raise DataError(file, "a `remove` goal names the card to remove (a card id)", field="goal.card")
    if kind != "remove" and "card" in table:
        raise DataError(file, f"only a `remove` goal names a card, not a `{kind}` goal", field="goal.card")
    keeps = []
    for key in ("keep_above", "keep_below"):
        keep = table.get(key, {})
        if not isinstance(keep, dict) or not all(is_whole(v) for v in keep.values()):
            raise DataError(file, "expected a table of whole numbers (`{ stone = 10 }`)", field=f"goal.{key}")
        keeps.append(dict(keep))
    return Goal(kind, turns, card, keeps[0], keeps[1])


def goal_of_text(text: str | None) -> Goal | None:
    """The goal of a scenario's text (already loaded by its engine: valid), None without one."""
    if not text:
        return None
    try:
        return parse_goal(tomllib.loads(text).get("goal"), "<scenario>")
    except (ValueError, DataError):
        return None


def check_goal(table: Any, file: str, game: Game) -> Goal | None:
    """A scenario loader's check of its `[goal]` against the position it set up: the goal's own
    fields (`parse_goal`), the counters it keeps (ones the game counts, on the right side of their
    bound at the start), the card it removes (on the field at the start). A `DataError` naming
    `file` and the field."""
    goal = parse_goal(table, file)
    if goal is None:
        return None
    facts = game.goal_facts()
    seat = facts.active
    for key, keep in (("keep_above", goal.keep_above), ("keep_below", goal.keep_below)):
        for name, bound in keep.items():
            if name not in facts.counters:
                known = ", ".join(facts.counters) or "none"
                raise DataError(
                    file, f"no such counter in this game (counters: {known})", field=f"goal.{key}.{name}"
                )
            value = facts.counters[name][seat]
            if (value <= bound) if key == "keep_above" else (value >= bound):
                side = "above" if key == "keep_above" else "below"
                raise DataError(
                    file,
                    f"the player's {name} is {value} at the start, not {side} {bound}",
                    field=f"goal.{key}.{name}",
                )
    if goal.kind == "remove" and not any(cid == goal.card for side in facts.units for cid, _ in side):
        raise DataError(file, f"no {goal.card!r} on the field at the start", field="goal.card")
    if goal.kind == "clear" and not facts.units[1 - seat]:
        raise DataError(file, "no enemy unit on the field at the start: nothing to clear", field="goal.kind")
    return goal


def _deadline(turns: int, until: bool = False) -> str:
    """`this turn`, `by the end of the next turn`, `within 3 turns`; `until …`, `for 3 turns`."""
    if turns == 1:
        return "this turn"
    if turns == 2:
        return f"{'until' if until else 'by'} the end of the next turn"
    return f"for {turns} turns" if until else f"within {turns} turns"


class GoalJudge:
    """Judges `goal` for the player whose turn it is in `start` (the game as the scenario set it
    up): `see(game)` after every action. The first verdict reached stays.

    `players`: the seats' names when the words are not for the puzzle's player alone (hot-seat,
    where both players read them; a replay's reader): the goal and the verdicts then name the
    puzzle's player (`Player 1 won the game`) where they say "you" otherwise."""

    def __init__(self, goal: Goal, start: Game, players: tuple[str, str] | None = None) -> None:
        self.goal = goal
        facts = start.goal_facts()
        self.start = facts
        self.seat = facts.active
        self.verdict = Verdict()
        self.names = {cid: name for side in facts.units for cid, name in side}
        self.players = players

    @classmethod
    def for_game(cls, start: Game, players: tuple[str, str] | None = None) -> GoalJudge | None:
        """The judge of the goal of the scenario `start` was set up from (None: no goal)."""
        goal = goal_of_text(start.setup.scenario)
        return None if goal is None else cls(goal, start, players)

    # -- words ----------------------------------------------------------------------
    def words(self) -> str:
        """The goal in words, short enough for one line at 80 columns: `Win this turn`, `Remove
        Vaelor, Undying Warden from the field this turn`, `Clear every enemy unit this turn; keep
        your stone health above 10`; in hot-seat `… keep P1's stone health above 10`, not `their`,
        which read as the enemy's)."""
        g = self.goal
        when = _deadline(g.turns)
        if g.kind == "win":
            text = f"Win {when}"
        elif g.kind == "remove":
            text = f"Remove {self.names.get(g.card, g.card)} from the field {when}"
        elif g.kind == "clear":
            text = f"Clear every enemy unit {when}"
        else:
            text = f"Survive {_deadline(g.turns, until=True)}"
        keeps = [f"{self.counter_words(name)} above {bound}" for name, bound in g.keep_above.items()] + [
            f"{self.counter_words(name)} below {bound}" for name, bound in g.keep_below.items()
        ]
        if keeps:
            their = self.own_words()  # (`your`, `P1's`: whose, since the goal names the enemy's units)
            text += f"; keep {their} " + f" and {their} ".join(keeps)
        return text

    def label(self) -> str:
        """What the goal's words are: `Goal`, or whose (`Player 1's goal`) when `players` names
        the seats."""
        return "Goal" if self.players is None else f"{self.players[self.seat]}'s goal"

    def counter_words(self, name: str) -> str:
        return self.start.words.get(name, name)

    def seat_words(self, seat: int) -> str:
        """A seat's name in a verdict: the puzzle's player is "you" unless `players` names it."""
        if self.players is not None:
            return self.players[seat]
        return "you" if seat == self.seat else f"P{seat + 1}"

    def own_words(self) -> str:
        """`your`, or the puzzle's player's name's (`Player 1's`)."""
        return "your" if self.players is None else f"{self.players[self.seat]}'s"

    def resigned(self, seat: int, at: int) -> Verdict:
        """The verdict of a resignation after `at` actions, the goal still open: the puzzle's
        player resigning fails it, the other side resigning solves it."""
        if seat == self.seat:
            return Verdict(FAILED, f"{self.seat_words(seat)} resigned", at)
        return Verdict(SOLVED, f"{self.seat_words(seat)} resigned", at)

    def final(self, resigned: int | None, at: int) -> Verdict:
        """The verdict after `at` actions (the game's last), a resignation after them counted."""
        if not self.verdict.decided and resigned is not None:
            return self.resigned(resigned, at)
        return self.verdict

    # -- judging ----------------------------------------------------------------------
    def see(self, game: Game) -> Verdict:
        """The verdict after the game's last action (the first one decided stays)."""
        if not self.verdict.decided:
            state, why = self._judge(game)
            if state != OPEN:
                self.verdict = Verdict(state, why, len(game.history))
        return self.verdict

    def _judge(self, game: Game) -> tuple[str, str]:
        g = self.goal
        facts = game.goal_facts()
        me = self.seat
        for name, bound in g.keep_above.items():
            value = facts.counters[name][me]
            if value <= bound:
                return (
                    FAILED,
                    f"{self.own_words()} {self.counter_words(name)} fell to {value} (it had to stay above {bound})",
                )
        for name, bound in g.keep_below.items():
            value = facts.counters[name][me]
            if value >= bound:
                return (
                    FAILED,
                    f"{self.own_words()} {self.counter_words(name)} rose to {value} (it had to stay below {bound})",
                )
        if game.is_over():
            winner = game.winner()
            if winner == me:
                return SOLVED, f"{self.seat_words(me)} won the game"
            if winner is None:
                return FAILED, "the game ended in a draw"
            return FAILED, f"{self.seat_words(winner)} won the game"
        ended = facts.turn - self.start.turn >= g.turns
        deciding = game.decision()
        quiet = ended or (deciding is not None and deciding.player == me)
        if g.kind == "remove":
            left = [name for side in facts.units for cid, name in side if cid == g.card]
            if not left and quiet:
                return SOLVED, f"{self.names.get(g.card, g.card)} is off the field"
            if ended:
                return FAILED, f"{left[0]} is still on the field as the turn ends"
        elif g.kind == "clear":
            left = [name for _, name in facts.units[1 - me]]
            if not left and quiet:
                return SOLVED, "no enemy unit is left on the field"
            if ended:
                return FAILED, f"the turn ended with {_listed(left)} still on the field"
        elif ended:
            if g.kind == "survive":
                still = "you are" if self.players is None else f"{self.players[me]} is"
                return SOLVED, f"{still} still standing"
            return (
                FAILED,
                "the turn ended without the win" if g.turns == 1 else "the last turn ended without the win",
            )
        return OPEN, ""


def _listed(names: Iterable[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def judge_replay(game: Game, players: tuple[str, str] | None = None) -> GoalJudge | None:
    """The judge of `game` (a saved puzzle, resumed): the game replayed from its start, judged
    after every action as it was played (None: the game has no goal)."""
    goal = goal_of_text(game.setup.scenario)
    if goal is None:
        return None
    replay = type(game).new(game.setup)
    judge = GoalJudge(goal, replay, players)
    for action in game.history:
        if judge.verdict.decided:
            break
        replay.apply(action)
        judge.see(replay)
    return judge


def judge_states(
    states: Sequence[Game], players: tuple[str, str] | None = None
) -> tuple[GoalJudge, list[Verdict]] | None:
    """The judge of a replay's games (`states`, the first one its start) and the verdict after
    each, as the table judged them as they were played: one judge, the first verdict reached
    staying (None: the game has no goal)."""
    judge = GoalJudge.for_game(states[0], players)
    if judge is None:
        return None
    verdicts = [judge.verdict]
    for game in states[1:]:
        verdicts.append(judge.see(game))
    return judge, verdicts
