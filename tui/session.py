"""One game being played at the table: the engine, who sits where, autosave.

No Textual here: the screens hold a `Session` and ask it what to do. The
session only talks to the engine through the `common.game.Game` interface.
"""

from __future__ import annotations

import contextlib
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.agents import Agent, agent_level_names, make_agent
from common.errors import IllegalAction
from common.events import Event
from common.game import Action, Decision, Game
from common.goals import GoalJudge, Verdict, judge_replay
from common.registry import game_class
from common.saves import (
    ENDED,
    SaveBusy,
    SaveError,
    SaveTrouble,
    autosave_path,
    data_dir,
    finished_dir,
    forget_end_not_saved,
    game_from_save,
    keep_finished,
    kept_already,
    mark_end_not_saved,
    read_save,
    resigned_seat,
    save_advice,
    save_game,
    sync_dir,
)
from tui.log_words import seat_names

# Decision kinds in which a player only answers the opponent ("may respond"):
# when passing is the only choice, the table passes for them (issue 4, item 7).
RESPONSE_KINDS = frozenset({"respond", "response", "priority", "reaction", "react"})
PASS_VERBS = frozenset({"pass", "done", "ok", "no", "decline", "skip"})


def only_pass(game: Game) -> Action | None:
    """The pass the table makes for a player: in a response window where
    passing is the only choice (the same rule when a resumed game is replayed)."""
    d = game.decision()
    if d is None or d.kind not in RESPONSE_KINDS:
        return None
    legal = game.legal_actions()
    if len(legal) == 1 and legal[0].kind in PASS_VERBS:
        return legal[0]
    return None


class EngineFailure(Exception):
    """An unexpected error inside the engine or an agent (a bug, never a refusal):
    the session stops, the autosave keeps the last good state."""

    def __init__(self, error: BaseException, doing: str, save: Path | None, actions: int) -> None:
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error
        self.doing = doing
        self.save = save
        self.actions = actions
        self.details = "".join(traceback.format_exception(error))
        self.log_path: Path | None = None

    def write_log(self) -> Path | None:
        """The traceback in a file next to the saves, for a bug report."""
        from datetime import datetime

        path = data_dir() / "crashes" / f"crash-{datetime.now():%Y%m%d-%H%M%S-%f}.log"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"{self.doing}\n\n{self.details}", encoding="utf-8")
        except OSError:
            return None
        self.log_path = path
        return path


def random_seed() -> int:
    """A fresh seed for a game started without one (recorded in the save)."""
    return random.SystemRandom().randrange(1, 1_000_000)


@dataclass(slots=True)
class Seats:
    """Who plays which seat: "human" or "ai", and the AI's level."""

    kinds: list[str] = field(default_factory=lambda: ["human", "ai"])
    ai_level: str = "scripted"

    @property
    def hotseat(self) -> bool:
        return all(k == "human" for k in self.kinds)

    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == "human"]

    def to_json(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "ai_level": self.ai_level}

    @classmethod
    def from_json(cls, data: Any) -> Seats:
        """The seats a save's "ui" part names; what is not a seat there (a hand-edited or damaged
        part, which the checksum does not cover) is the default: you against the AI. Two seats
        both the AI's (a hand-edit: the table never makes them) are refused (SaveError): the
        table has no player then, and would play the game by itself."""
        data = data if isinstance(data, dict) else {}
        kinds = data.get("kinds")
        if not isinstance(kinds, list) or len(kinds) != 2 or any(k not in ("human", "ai") for k in kinds):
            kinds = ["human", "ai"]
        if "human" not in kinds:
            raise SaveError(
                "its seats are both the AI's (ui.seats.kinds is ['ai', 'ai']): a game here has at "
                "least one player at the table (against the AI, or hot-seat)",
                SaveTrouble.SEATS,
            )
        return cls(list(kinds), str(data.get("ai_level", "scripted")))

    @classmethod
    def make(cls, vs: str, ai_level: str, human_seat: int = 0) -> Seats:
        if vs == "human":
            return cls(["human", "human"], ai_level)
        kinds = ["ai", "ai"]
        kinds[human_seat] = "human"
        return cls(kinds, ai_level)


class Session:
    """A game plus its seats; applies actions, keeps the autosave current."""

    def __init__(
        self,
        game: Game,
        seats: Seats,
        *,
        save_path: Path | None = None,
        autosave: bool = True,
        agent_seed: int | None = None,
    ) -> None:
        self.game = game
        self.cls: type[Game] = type(game)
        self.seats = seats
        self.save_path = save_path if save_path is not None else autosave_path()
        self.autosave = autosave
        self.resigned: int | None = None
        self.agents: dict[int, Agent] = {}
        seed = game.setup.seed if agent_seed is None else agent_seed
        level = seats.ai_level
        if level not in agent_level_names(self.cls):
            level = agent_level_names(self.cls)[-1]
            self.seats.ai_level = level
        for seat, kind in enumerate(seats.kinds):
            if kind == "ai":
                self.agents[seat] = make_agent(self.cls, level, seed * 2 + seat + 1)
        # What each side did (actions), for the game-over stats.
        self.counts = [0, 0]
        # An engine or agent error stops the game (see `fail`); the app shows it.
        self.failure: EngineFailure | None = None
        self.on_failure: Callable[[EngineFailure], None] | None = None
        # The autosave could not be written (a full disk, a folder gone read-only): why, in
        # the system's words, until a later save succeeds; the game goes on in memory.
        self.save_error: str | None = None
        # ... and its errno, and the folder it could not write (for what to do: `save_failure`)
        self.save_errno: int | None = None
        self.save_folder: Path = self.save_path.parent
        # How many actions of this game the autosave holds (what Continue would bring
        # back); None until this game's autosave is first written.
        self.saved_actions: int | None = None
        # The autosave was taken by another `triarch` (`before_save`): it holds none of this game.
        self.save_taken = False
        # Where this game is kept once the engine ended it (for watching it again).
        self.finished_path: Path | None = None
        # The finished game could not be kept in finished/, but the autosave holds it, its end
        # with it (`keep_end_in_autosave`): nothing is lost by leaving.
        self.end_in_autosave = False
        # Asked before each write (or removal) of the autosave: SaveBusy if this game may not
        # write it (the table's `AutosaveLock.keep`: another `triarch` plays the game there).
        self.before_save: Callable[[], None] | None = None
        # What a game's screen keeps of its own across a resume (JSON; saved as the save's ui.state)
        self.ui_state: dict[str, Any] = {}
        # A puzzle's goal (the `[goal]` of the scenario it started from), judged after every
        # action; None for a game without one. A resumed puzzle is judged again on its replay.
        self.puzzle: GoalJudge | None = None
        if game.setup.scenario is not None:
            # (hot-seat: both players read its words, which name the puzzle's player as the
            # table names the seats: `Player 1`, Hand of the Gods' `P1`)
            players = seat_names(game.game_id) if seats.hotseat else None
            self.puzzle = (
                GoalJudge.for_game(game, players) if not game.history else judge_replay(game, players)
            )

    # -- construction ---------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        seats: Seats,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        decks: list[Any] | None = None,
        scenario: str | None = None,
        save_path: Path | None = None,
        autosave: bool = True,
    ) -> Session:
        game_cls = game_class(game_id)
        game = game_cls.new_game(
            seed=random_seed() if seed is None else seed, options=options, decks=decks, scenario=scenario
        )
        s = cls(game, seats, save_path=save_path, autosave=autosave)
        s.save()
        return s

    @classmethod
    def load(cls, path: Path, *, save_path: Path | None = None, autosave: bool = True) -> Session:
        """Resume a save exactly: the replay of its actions, the same seats (and the
        resignation that ended it, if a player resigned)."""
        data = read_save(path)
        game = game_from_save(data)
        ui = data.get("ui") or {}
        s = cls(
            game,
            Seats.from_json(ui.get("seats")),
            save_path=save_path,
            autosave=autosave,
        )
        s.resigned = resigned_seat(data)
        if s.over:  # a finished game: it is kept where it is, to watch again
            s.finished_path = path
        if s.save_path.resolve() == path.resolve():
            s.saved_actions = len(game.history)  # resumed from the autosave itself
        counts = ui.get("counts")
        if isinstance(counts, list) and len(counts) == 2 and all(type(c) is int for c in counts):
            s.counts = [int(counts[0]), int(counts[1])]
        if isinstance(ui.get("state"), dict):
            s.ui_state = dict(ui["state"])
        return s

    # -- state ----------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.decision_in(self.game)

    def decision_in(self, game: Game) -> Decision | None:
        """The decision pending in `game` (the session's, or a copy of it at an earlier action:
        a resumed game's replay), None once this session's game is over for the table."""
        if self.resigned is not None or self.failure is not None:
            return None
        return game.decision()

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.failure is not None or self.game.is_over()

    def verdict(self) -> Verdict | None:
        """The puzzle's verdict (None: no puzzle): the judge's, and a resignation's (the puzzle's
        player resigning fails it; the other side resigning solves it)."""
        if self.puzzle is None:
            return None
        return self.puzzle.final(self.resigned, len(self.game.history))

    def winner(self) -> int | None:
        if self.failure is not None:
            return None
        if self.resigned is not None:
            return 1 - self.resigned
        return self.game.winner()

    def is_ai_turn(self, game: Game | None = None) -> bool:
        """The AI decides now (in `game`, a copy of this game at an earlier action, if given)."""
        d = self.decision_in(self.game if game is None else game)
        return d is not None and self.seats.kinds[d.player] == "ai"

    def viewer(self, game: Game | None = None) -> int:
        """Whose eyes the table shows: the human against the AI; in hot-seat,
        the player who decides now (behind the cover screen at each hand-over) — in `game`, a
        copy of this game at an earlier action, if given (a resumed game's replay)."""
        humans = self.seats.humans
        if len(humans) == 1:
            return humans[0]
        d = self.decision_in(self.game if game is None else game)
        if d is not None and d.player in humans:
            return d.player
        return humans[0] if humans else 0

    def view(self, player: int | None = None) -> dict[str, Any]:
        return self.game.view(self.viewer() if player is None else player)

    def legal(self) -> list[Action]:
        return [] if self.over else self.game.legal_actions()

    # -- acting ---------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Apply for whoever decides now; IllegalAction leaves everything unchanged."""
        if self.over:
            raise IllegalAction("the game is over")
        d = self.game.decision()
        try:
            events = self.game.apply(action)
            if self.puzzle is not None:
                self.puzzle.see(self.game)
        except IllegalAction:
            raise
        except Exception as exc:  # an engine bug: stop here, the autosave is the last good state
            words = action if isinstance(action, str) else self.game.format_action(action)
            self.fail(exc, f"while playing {words!r} (action {len(self.game.history) + 1})")
            return []
        if d is not None:
            self.counts[d.player] += 1
        self.save()
        return events

    def fail(self, error: BaseException, doing: str) -> EngineFailure:
        """Stop the game after an unexpected error: it is over for the table
        (no decision, nothing more is saved) and `on_failure` is told."""
        kept = self.autosave and self.saved_actions is not None and self.save_path.exists()
        failure = EngineFailure(error, doing, self.save_path if kept else None, self.saved_actions or 0)
        failure.write_log()
        self.failure = failure
        if self.on_failure is not None:
            self.on_failure(failure)
        return failure

    def auto_pass(self) -> Action | None:
        """The only possible answer to a response window, if that is all there is
        (in hot-seat the table passes for the player instead of handing over)."""
        if self.resigned is not None:
            return None
        return only_pass(self.game)

    def ai_choose(self, game_copy: Game | None = None) -> Action:
        """The AI's choice for the pending decision (thinks on a clone)."""
        d = self.game.decision()
        assert d is not None
        agent = self.agents[d.player]
        try:
            return agent.choose(game_copy if game_copy is not None else self.game.clone())
        except Exception as exc:  # an agent bug (in the AI's thread): the game stops, nothing is applied
            self.fail(exc, f"while the AI chose action {len(self.game.history) + 1}")
            return Action("pass")

    def resign(self, seat: int) -> bool:
        """`seat` gives up the game; False, nothing changed, when the game is over already (the
        AI's last action came while the player was asked to confirm): a save would say that a
        player resigned a game the engine had ended, which no Triarch loads."""
        if self.over:
            return False
        self.resigned = seat
        self.save()  # the game is over: it is kept in finished/, its autosave goes
        return True

    # -- saving ---------------------------------------------------------------------
    def ui_extra(self) -> dict[str, Any]:
        extra = {"seats": self.seats.to_json(), "counts": list(self.counts)}
        return {**extra, "state": dict(self.ui_state)} if self.ui_state else extra

    def save(self, path: Path | None = None) -> Path | None:
        """The autosave (no `path`) after every action: a failed write is kept in
        `save_error` and tried again after the next action, never raised, so a full
        disk cannot stop the game. A save to `path` (Save as) is a new file, there or at
        `path-2`… when a file is there (never one replaced): the path written; it raises its
        OSError."""
        if self.failure is not None:  # the game may be half-changed: the last good save stays
            return None
        if path is not None:
            return save_game(self.game, path, self.ui_extra(), resigned=self.resigned, new=True)
        if not self.autosave:
            return None
        try:
            if self.over:  # a finished game is not continued: its autosave goes
                if self.finished_path is None:  # kept to watch again (a resignation with it)
                    self.save_folder = finished_dir()
                    self.finished_path = self.kept_elsewhere()  # (by another window, from the autosave)
                    try:
                        if self.finished_path is None:
                            self.finished_path = keep_finished(
                                self.game, self.ui_extra(), resigned=self.resigned
                            )
                    except OSError:
                        self.keep_end_in_autosave()
                        raise
                if self.before_save is not None:
                    self.before_save()
                self.save_folder = self.save_path.parent
                # The game is kept: an autosave that cannot be removed (a folder not writable) is
                # no failed save — the next start knows it for the start of a kept game.
                with contextlib.suppress(OSError):
                    self.discard_save()
                forget_end_not_saved(self.save_path)
                self.save_error, self.save_taken = None, False  # (an end kept at last: `end_unkept`)
                return None
            if self.before_save is not None:
                self.before_save()
            self.save_folder = self.save_path.parent
            save_game(self.game, self.save_path, self.ui_extra())
        except OSError as exc:
            self.save_error, self.save_errno = exc.strerror or str(exc), exc.errno
            if self.end_unkept and not self.end_in_autosave:
                self.mark_end_unkept()
            return None
        except SaveBusy as exc:  # never written over another window's game: told as a failed save
            self.save_error, self.save_errno = str(exc), None
            self.saved_actions = None  # (the autosave holds none of this game now)
            self.save_taken = True
            return None
        self.save_taken = False
        self.save_error = None
        self.saved_actions = len(self.game.history)
        return self.save_path

    def kept_elsewhere(self) -> Path | None:
        """This finished game, kept in `finished/` already: the autosave that held it with its
        end (`keep_end_in_autosave`) was moved there by another window's menu (`None` if not)."""
        if not self.end_in_autosave:
            return None
        data = self.game.to_json()
        if self.resigned is not None:
            data["resigned"] = self.resigned
        return kept_already({**data, "ui": self.ui_extra()})

    @property
    def end_unkept(self) -> bool:
        """The game ended (by the engine or a resignation), but it could not be kept in
        `finished/` yet (a full disk): its autosave, the game before its end, stays, and each
        save tries again (`save`; leaving the game too, which asks first)."""
        return self.autosave and self.failure is None and self.over and self.finished_path is None

    def keep_end_in_autosave(self) -> None:
        """The finished game cannot be kept in `finished/` (that folder cannot be written): keep it
        in the autosave then, its end with it (`ENDED`: the next start moves it to `finished/`,
        `drop_ended_autosave`), rather than leave there the game before its end. Nothing if the
        autosave cannot be written either (a full disk: `mark_end_unkept` says so instead)."""
        if self.end_in_autosave:
            return
        if self.before_save is not None:
            self.before_save()
        try:
            save_game(self.game, self.save_path, {**self.ui_extra(), ENDED: True}, resigned=self.resigned)
        except OSError:
            return
        self.end_in_autosave, self.save_taken = True, False
        self.saved_actions = len(self.game.history)

    def mark_end_unkept(self) -> None:
        """The end could not be kept: say so for the next start (`mark_end_not_saved`), lest the
        menu show the autosave, the game before its end, as a game simply in progress. Nothing
        when the autosave holds none of this game."""
        if self.saved_actions is None or self.save_taken or not self.save_path.exists():
            return
        if self.resigned is not None:
            outcome = f"p{self.resigned + 1}-resigned"
        else:
            w = self.game.winner()
            outcome = "draw" if w is None else f"p{w + 1}-wins"
        mark_end_not_saved(self.save_path, self.unsaved, outcome)

    @property
    def unsaved(self) -> int:
        """Actions played since the last autosave that could be written (0 when it works), and a
        resignation that could not be kept (`end_unkept`)."""
        if self.save_error is None or (self.over and not self.end_unkept) or self.end_in_autosave:
            return 0
        resigned = 1 if self.resigned is not None and self.end_unkept else 0
        return len(self.game.history) - (self.saved_actions or 0) + resigned

    def kept_words(self) -> str:
        """What the autosave keeps of this game, in a sentence, for a player told that it cannot
        be written."""
        if self.save_taken:
            return (
                "The autosave holds the other window's game, none of this one: "
                "Ctrl+S saves this one to a file."
            )
        if self.end_in_autosave:
            return (
                "Nothing is lost: the autosave keeps the game with its end, and the next start "
                "keeps it to watch again."
            )
        if self.saved_actions is None:
            return "Nothing of this game is saved yet."
        if self.saved_actions == 0:  # (not `after action 0`)
            return "Continue would resume it as it was before the first action."
        before = ", before its end" if self.end_unkept else ""
        return f"Continue would resume it as it was after action {self.saved_actions}{before}."

    def save_failure(self) -> tuple[str, str]:
        """A failed save in words, its title and what it says: what happened, what to do, and
        what the autosave keeps meanwhile."""
        why, kept = self.save_error or "", self.kept_words()
        if self.save_taken:
            return "This game is no longer saved", f"{why[:1].upper()}{why[1:]}. {kept}"
        advice = save_advice(self.save_errno, self.save_folder)
        if self.end_in_autosave:
            return (
                "The finished game is kept in the autosave",
                f"It could not be kept in {finished_dir()} to watch again ({why}). {kept}",
            )
        if self.end_unkept:
            return (
                "The end could not be saved",
                f"Saving the finished game in {self.save_folder} failed ({why}). {advice} "
                f"Leaving the game tries again. {kept}",
            )
        return (
            "This game could not be saved",
            f"Saving it in {self.save_folder} failed ({why}). {advice} You can play on: every "
            f"action tries to save again. {kept}",
        )

    def leave_question(self) -> str:
        """What leaving asks while actions are not saved (`unsaved`)."""
        if self.end_unkept and self.resigned is not None:
            what, lost = "The resignation could not be saved", "the resignation is not kept"
        elif self.end_unkept:
            what, lost = "The end of this game could not be saved", "the end of this game is not kept"
        elif self.saved_actions is None:
            what, lost = "This game could not be saved", "this game is lost"
        else:
            last = "the last action is" if self.unsaved == 1 else f"the last {self.unsaved} actions are"
            what, lost = "This game could not be saved", f"{last} lost"
        return f"{what} ({self.save_error}). If you leave now, {lost}. {self.kept_words()}\n\nLeave anyway?"

    def discard_save(self) -> None:
        if self.autosave:
            self.save_path.unlink(missing_ok=True)
            sync_dir(self.save_path.parent)  # (the game is kept in finished/ already, synced)
