"""The one game interface every engine implements.

The UI, the agents, the CLI and the tests use nothing else of an engine:

* `decision()`       — whose decision it is now and what kind (`Decision`), or None when over
* `legal_actions()`  — every legal `Action` for that decision
* `apply(action)`    — play it; returns the `Event`s it produced. A malformed or
                       illegal action raises `IllegalAction` with a reason and
                       changes nothing.
* `winner()` / `is_over()`
* `view(player)`     — a JSON-able picture of the state as `player` may see it
* `clone()`, `state_hash()`
* `to_json()` / `Game.from_json()` — the setup plus the action list (a replay)
* `format_action()` / `parse_action()` / `describe_action()` — text notation

Actions are small immutable values: a verb and a tuple of int/str arguments.
Their notation is the verb and the arguments separated by spaces, e.g.
`move 12 2 3` or `attack 12 7`; engines may use richer tokens like `2,3`.
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import IllegalAction
from .events import Event, EventLog
from .rng import GameRng

if TYPE_CHECKING:
    from .goals import GoalFacts

SAVE_FORMAT = 1

_TOKEN = re.compile(r"^[^\s]+$")
_VERB = re.compile(r"^[a-z][a-z0-9_-]*$")
_INT = re.compile(r"^-?\d+$")


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    args: tuple[int | str, ...] = ()

    # Frozen dataclasses set each field through `object.__setattr__`, which made building
    # actions, decisions and events a tenth of a random playout. These `__init__`s (the
    # dataclass keeps a hand-written one) set the slots directly: the instances stay frozen.
    def __init__(self, kind: str, args: tuple[int | str, ...] = ()) -> None:
        _ACTION_KIND(self, kind)
        _ACTION_ARGS(self, args)

    def notation(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    @staticmethod
    def parse(text: str) -> Action:
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("empty action text")
        tokens = text.split()
        verb = tokens[0].lower()
        if not _VERB.match(verb):
            raise IllegalAction(f"bad action verb {tokens[0]!r} in {text!r}")
        args: list[int | str] = []
        for t in tokens[1:]:
            try:
                args.append(int(t) if _INT.match(t) else t)
            except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
                raise IllegalAction(f"number too long ({len(t)} digits) in {text[:40]!r}…") from None
        return Action(verb, tuple(args))

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now, what kind of decision (e.g. 'turn', 'target',
    'block', 'damage', 'mulligan', 'reveal', 'respond'), and a prompt in words."""

    player: int
    kind: str
    prompt: str
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __init__(self, player: int, kind: str, prompt: str, context: dict[str, Any] | None = None) -> None:
        _DECISION_PLAYER(self, player)
        _DECISION_KIND(self, kind)
        _DECISION_PROMPT(self, prompt)
        _DECISION_CONTEXT(self, {} if context is None else context)


# the slot setters the `__init__`s above use (they bypass the frozen `__setattr__`): the slots'
# member descriptors, read from the class dict (mypy takes `Action.kind` for the field, not the slot)
_ACTION_KIND: Callable[[Action, str], None] = Action.__dict__["kind"].__set__
_ACTION_ARGS: Callable[[Action, tuple[int | str, ...]], None] = Action.__dict__["args"].__set__
_DECISION_PLAYER: Callable[[Decision, int], None] = Decision.__dict__["player"].__set__
_DECISION_KIND: Callable[[Decision, str], None] = Decision.__dict__["kind"].__set__
_DECISION_PROMPT: Callable[[Decision, str], None] = Decision.__dict__["prompt"].__set__
_DECISION_CONTEXT: Callable[[Decision, dict[str, Any]], None] = Decision.__dict__["context"].__set__
_NEW_ACTION: Callable[[type[Action]], Action] = object.__new__


def _same(key: Any) -> tuple[int | str, ...]:
    return key


class ActionTable(dict[Any, Action]):
    """The actions of one verb by key, each made when first asked for and handed out again
    after that: `args(key)` gives its arguments (by default the key is the arguments).

    Actions are immutable values, so an engine's `legal_actions()` can share them instead of
    making every Action of every list anew (a constructor call each: a noticeable part of a
    random playout). A table is process-wide and grows with the keys asked for (card uids,
    cells): a few thousand entries at most."""

    __slots__ = ("args", "verb")

    def __init__(self, verb: str, args: Callable[[Any], tuple[int | str, ...]] = _same) -> None:
        super().__init__()
        self.verb = verb
        self.args = args

    def __missing__(self, key: Any) -> Action:
        # `Action(self.verb, self.args(key))` without its `__init__`'s frame (a table fills during a
        # process's first games: ≈ 90 new actions in each of BHM's first random games)
        a = _NEW_ACTION(Action)
        _ACTION_KIND(a, self.verb)
        _ACTION_ARGS(a, self.args(key))
        self[key] = a
        return a


class ActionTables(dict[Any, ActionTable]):
    """`ActionTable`s of one verb by a first key (a unit, a card, the first arguments):
    `tables[first][key]` is the action with arguments `args(first, key)`, each table made
    when its first key is first asked for."""

    __slots__ = ("args", "verb")

    def __init__(self, verb: str, args: Callable[[Any, Any], tuple[int | str, ...]]) -> None:
        super().__init__()
        self.verb = verb
        self.args = args

    def __missing__(self, first: Any) -> ActionTable:
        t = self[first] = ActionTable(self.verb, partial(self.args, first))  # (`args(first, key)`)
        return t


@dataclass(slots=True)
class Setup:
    """Everything needed to start a game: with the action list it is a replay.

    `decks` holds each side's deck *content* (an engine-defined JSON-able
    dict, or None for the engine's default), so a save never depends on a
    deck file still existing. `scenario` is the text of a scenario TOML.
    """

    game: str
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    decks: list[Any] = field(default_factory=lambda: [None, None])
    scenario: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "decks": self.decks,
            "scenario": self.scenario,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        return cls(
            game=data["game"],
            seed=int(data.get("seed", 0)),
            options=dict(data.get("options") or {}),
            decks=list(data.get("decks") or [None, None]),
            scenario=data.get("scenario"),
        )


class Game(ABC):
    """Base class of every engine. Subclasses implement the abstract methods and
    call `self.log.emit(...)` for every event; `apply` does the bookkeeping."""

    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    players: ClassVar[int] = 2
    # The version of the engine's rules that its saves record. Raise it when a rules change
    # makes a saved game replay differently (`python -m common.fingerprint GAME` changes): a
    # save that then fails to replay says why, and a save of newer rules is refused.
    RULES_VERSION: ClassVar[int] = 1

    setup: Setup
    rng: GameRng
    log: EventLog
    history: list[Action]

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rng = GameRng(setup.seed)
        self.log = EventLog()
        self.history = []

    # -- construction --------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, setup: Setup) -> Self:
        """Start a game from a setup (may raise DataError for a bad deck/scenario)."""

    @classmethod
    def new_game(
        cls,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        decks: Sequence[Any] | None = None,
        scenario: str | None = None,
    ) -> Self:
        return cls.new(Setup(cls.game_id, seed, dict(options or {}), list(decks or [None, None]), scenario))

    # -- the decision loop -----------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision (empty when over)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def winner(self) -> int | None:
        """0 or 1 once won; None while playing or after a draw."""

    @abstractmethod
    def is_over(self) -> bool: ...

    def to_move(self) -> int | None:
        d = self.decision()
        return d.player if d is not None else None

    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason unless `action` is legal now.
        Engines with huge action spaces may override with a direct check."""
        if self.is_over():
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal; engines override for specific reasons."""
        d = self.decision()
        legal = self.legal_actions()
        same_kind = [a for a in legal if a.kind == action.kind]
        if not same_kind:
            kinds = sorted({a.kind for a in legal})
            return f"'{self.format_action(action)}' is not possible now ({d.prompt if d else 'game over'}); possible: {', '.join(kinds)}"
        return f"'{self.format_action(action)}' is not legal now: {d.prompt if d else ''}"

    def apply(self, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        self.check(action)
        mark = self.log.mark()
        self._apply(action)
        self.history.append(action)
        return self.log.since(mark)

    def apply_legal(self, action: Action) -> None:
        """Play an action taken from `legal_actions()` just now, without checking
        it again: for search agents and playouts on clones. Anything else must
        use `apply`, which refuses illegal actions."""
        self._apply(action)
        self.history.append(action)

    def goal_facts(self) -> GoalFacts:
        """What a puzzle's goal is judged on (`common.goals`): the turn counter, whose turn, each
        seat's units on the field and its counters. An engine without it has no puzzle goals."""
        raise NotImplementedError(f"{self.title or type(self).__name__} does not judge puzzle goals")

    # -- views, copies, hashes ---------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """The state as `player` may see it (None: a spectator, public only)."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (RNG state included), hand-written, no deepcopy."""

    def _clone_base(self, new: Game) -> None:
        """Copy the base-class fields into `new` (made with `cls.__new__`)."""
        new.setup = self.setup
        new.rng = self.rng.clone()
        new.log = self.log.clone()
        new.history = list(self.history)

    @abstractmethod
    def canonical(self) -> Any:
        """The state as JSON-able data, base values only (no derived stats, no log)."""

    def state_hash(self) -> str:
        blob = json.dumps(  # canonical data is a tree (no cycles): no need to look for them
            [self.canonical(), self.rng.digest()],
            sort_keys=True,
            separators=(",", ":"),
            default=str,
            check_circular=False,
        )
        return hashlib.sha256(blob.encode()).hexdigest()

    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent (no card lost or
        duplicated, …). Engines extend it; the test harness calls it."""
        zones = getattr(self, "zones", None)
        if zones is not None:
            zones.check_conservation()

    # -- notation --------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        return action.notation()

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def describe_action(self, action: Action) -> str:
        """The action in words, for menus and logs; engines override."""
        return self.format_action(action)

    def loses_at_once(self, action: Action) -> str | None:
        """Why the legal `action` loses the game for the side that plays it as soon as it is
        played or resolves (drawing from an empty deck, paying with the last life), in words a
        choice can show ("your deck is empty"); None if it does not. Such a move stays legal (a
        player may make a losing move); the AI levels play one only when every move loses
        (`not_losing`). The default: no move of the game is known to lose at once."""
        return None

    def not_losing(self, actions: list[Action]) -> list[Action]:
        """`actions` (the legal ones) without those that lose at once (`loses_at_once`), unless
        every one does: then all of them. Asked by every AI level before it chooses. The
        default returns `actions` itself (no move is known to lose at once)."""
        return actions

    # Actions whose words name a card that goes where the other player may not see it, and
    # the words those others read instead (the kind of action -> its words without the card)
    HIDDEN_WORDS: ClassVar[dict[str, str]] = {}

    def describe_action_for(self, action: Action, seat: int | None) -> str:
        """The pending decision's `action` in words as `seat` may read them in the
        log (None: both players share the log). An action of a kind in `HIDDEN_WORDS`
        is named only to the player who decides; engines override where that
        depends on more than the kind (e.g. a card picked into a hand)."""
        hidden = self.HIDDEN_WORDS.get(action.kind)
        if hidden is not None:
            d = self.decision()
            if d is not None and seat != d.player:
                return hidden
        return self.describe_action(action)

    # -- saving ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "setup": self.setup.to_json(),
            "actions": [self.format_action(a) for a in self.history],
            "rules": self.RULES_VERSION,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"unknown save format {data.get('format')!r}")
        if data.get("game") != cls.game_id:
            raise ValueError(f"save is for {data.get('game')!r}, not {cls.game_id!r}")
        game = cls.new(Setup.from_json(data["setup"]))
        for text in data.get("actions", []):
            game.apply(text)
        return game

    # -- catalogue hooks used by the CLI (`triarch cards/rules`) -----------------------
    @classmethod
    def card_rows(cls) -> tuple[list[str], list[list[str]]]:
        """Column names and one row of strings per card of the pool."""
        return [], []

    # what the short forms of `card_rows` mean (`triarch cards` says it under the table's title)
    CARD_LEGEND = ""

    @classmethod
    def rules_text(cls) -> str:
        """The rules reference, in Markdown."""
        return ""

    @classmethod
    def deck_from_file(cls, path: Any) -> Any:
        """Read and validate a user deck file; return the deck content a `Setup`
        holds. Raises DataError naming the file and the problem."""
        from .errors import DataError

        raise DataError(str(path), f"{cls.title} has no deck files")

    @classmethod
    def preset_decks(cls) -> dict[str, Any]:
        """The preconstructed decks: label -> deck content for `Setup.decks`.
        Order matters: the first two are the defaults of seats 1 and 2."""
        return {}

    @classmethod
    def game_options(cls) -> list[dict[str, Any]]:
        """Options a player can set in the menu, each
        {"key", "label", "default", "choices": [values] or None, "help"}."""
        return []

    @classmethod
    def agent_levels(cls) -> dict[str, Any]:
        """AI levels beyond 'random', weakest first: name -> callable(seed) -> Agent
        (levels that search on a clock also take `budget=` seconds)."""
        return {}

    # The AI levels in a player's words, weakest first (the menu lists `greedy · the best-looking
    # move now`): the common meaning of each level name (docs/ai.md, `common/search.py`); an engine
    # whose level plays otherwise says so in its own `LEVEL_WORDS` (BHM's lookahead).
    LEVEL_WORDS: ClassVar[dict[str, str]] = {
        "random": "weakest: any legal move",
        "scripted": "a simple plan",
        "greedy": "the best-looking move now",
        "lookahead": "plans its turn, weighs the reply",
        "search": "plans on many guesses of your hand",
    }

    @classmethod
    def default_agent_level(cls) -> str:
        """The level the menu and `triarch play` offer first: the strongest one
        that keeps to the time limits (docs/ai.md). Engines override."""
        levels = cls.agent_levels()
        return "scripted" if "scripted" in levels else "random"
