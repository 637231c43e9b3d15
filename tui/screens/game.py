"""The game screen every engine can be played on, and the base of the
dedicated screens: decision prompt, choices, log, card detail, AI worker,
hot-seat cover, autosave, game over.

Dedicated screens (tui/screens/<game>.py) subclass `GameScreen` and override
`compose_table()` / `update_table()` (and usually key handling); everything a
dedicated screen does not handle stays answerable through the choice list.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key

from common.errors import IllegalAction
from common.events import Event
from common.game import Action, Decision, Game
from common.saves import data_dir, dated_path, save_advice
from tui.digits import TwoDigits, typed_words
from tui.log_words import fold_key, said_once, seat_owns, times, told_events
from tui.scenarios import scenario_header
from tui.screens.confirm import ConfirmScreen
from tui.screens.cover import CoverScreen
from tui.screens.gameover import GameOverScreen
from tui.screens.help import ALL_DIALOGS, D_KEY, NUMBER_KEY, HelpScreen, common_keys
from tui.screens.puzzle import PuzzleScreen
from tui.screens.table import TableScreen
from tui.screens.typed import TypeActionScreen
from tui.session import Session, only_pass
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardDetail, find_cards
from tui.widgets.footer import Footer
from tui.widgets.log import GameLog
from tui.widgets.stateview import StateView
from tui.widgets.status import Prompt, StatusBar
from tui.wording import goal_line, plural


def glossary_from_rules(markdown: str) -> dict[str, str]:
    """The keyword glossary of an engine's rules reference: under a heading
    that mentions keywords or a glossary, the table rows `| **Keyword** | meaning |`
    and the list items `* **Keyword** — meaning` (continued on indented lines;
    `* **Beast**, **God** — …` gives both words the meaning)."""
    out: dict[str, str] = {}
    in_glossary = False
    item: tuple[list[str], list[str]] | None = None  # (keywords, lines of the meaning)

    def close() -> None:
        nonlocal item
        if item is not None:
            meaning = " ".join(item[1]).replace("**", "").strip()
            for kw in item[0]:
                out[kw] = meaning
        item = None

    for line in markdown.splitlines():
        if line.startswith("#"):
            close()
            low = line.lower()
            in_glossary = "glossary" in low or "keyword" in low
            continue
        if not in_glossary:
            continue
        stripped = line.strip()
        if line.startswith("|"):
            close()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if len(cells) >= 2 and cells[0].startswith("**"):
                out[cells[0].strip("* ")] = cells[1].replace("**", "")
        elif stripped.startswith(("* **", "- **")):
            close()
            body = stripped[2:]
            head, sep, rest = body.partition(" — ")
            if not sep:
                head, sep, rest = body.partition(" - ")
            names = [n.strip().strip("*").strip() for n in head.split(",")]
            if sep and names and all(names) and head.count("**") == 2 * len(names):
                item = (names, [rest.strip()])
        elif item is not None and stripped and line[:1].isspace():
            item[1].append(stripped)
        else:
            close()
    close()
    return out


def glossary_for(cls: type) -> dict[str, str]:
    """The engine's keyword glossary: an optional hook, else the glossary
    table of its rules reference."""
    for name in ("keyword_glossary", "glossary", "keywords_help"):
        hook = getattr(cls, name, None)
        if callable(hook):
            try:
                out = hook()
            except Exception:  # a missing data file must not break the table
                return {}
            if isinstance(out, dict):
                return {str(k): str(v) for k, v in out.items()}
        elif isinstance(hook, dict):
            return {str(k): str(v) for k, v in hook.items()}
    try:
        return glossary_from_rules(cls.rules_text())  # type: ignore[attr-defined]
    except Exception:
        return {}


# Event kinds by which the engines say that (and how) the game ended.
END_KINDS = frozenset({"over", "game_over", "win", "victory", "deckout", "draw_game"})


# who won, in an engine's game-over words: the headline above says it (`Player 2 (AI) wins!`)
_WHO_WON = (
    re.compile(r"^P\d wins(: |$)"),  # BHM: `P2 wins: P1's C.LL reached 32`; The Scars: `P2 wins`
    re.compile(r"[:;,] (P\d wins!?|(the game is )?a draw)$"),  # `… is destroyed: P2 wins!`
)


# how many of a resumed game's last actions its log tells again, as the live log told them
RESUMED_ACTIONS = 40


OWNED_SEAT = re.compile(r"^P([12])'s ")  # an ending that opens with the engine's seat: `P1's hero …`


def ending_words(text: str) -> str:
    """How a game ended, from its game-over event, without who won (`P1's Summoning Stone is
    destroyed`, not `…: P2 wins!` under `Player 2 (AI) wins!`); "" when that is all it says."""
    for who in _WHO_WON:
        text = who.sub("", text)
    return text.strip()


class GameScreen(TableScreen):
    """The generic game screen (works for any engine through the interface)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("colon", "type_action", "Type action"),
        Binding("ctrl+s", "save_as", "Save"),
        Binding("m", "menu", "Menu"),
        Binding("d", "decide", "Dialog", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        *[Binding(str(n), f"number({n})", show=False) for n in range(10)],
    ]

    EXTRA_KEYS = ""  # dedicated screens add their keys (Markdown table rows)
    DIALOGS = ALL_DIALOGS  # the kinds of dialog `d` opens, in the help's words (a game names its own)
    D_KEY = D_KEY  # what `d` does, in the help's words (`{dialogs}`: `DIALOGS`)
    NOTATION_EXAMPLE = "pass"  # the help's example of an action in notation
    NUMBER_KEY = NUMBER_KEY  # what `1`…`9` do, in the help's words
    EXPLAIN_TEXT = False  # the card panel also explains glossary terms a card's text names

    def __init__(self, session: Session, *, pace: float = 0.0) -> None:
        super().__init__(classes=f"game game-{session.cls.game_id}")
        self.session = session
        self.pace = pace
        self.glossary = glossary_for(session.cls)
        self.last_viewer: int | None = None
        self.covered = False
        self.ai_token = 0
        self.ai_running = False
        # the game before the action being applied, a copy (`log_action`: `told_events`)
        self.game_before: Game | None = None
        self.finished_shown = False
        self.game_over_pending = False  # the dialog waits for the next refresh
        self.view_data: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.dialog_key: tuple[Any, ...] | None = None  # the decision a dialog was opened for
        self.save_told: str | None = None  # the autosave's problem the player was told of
        self.views_told: dict[tuple[int, int], dict[str, Any]] | None = None  # (`view_told`)
        self.looked_at: Hashable = None  # what the table's cursor is on (`look_at`)
        self.number_refused = ""  # the refusal of a number past the list's end (`action_number`)
        self.digits = TwoDigits()  # a first digit that waits for a second one (`action_number`)
        verdict = session.verdict()  # a puzzle's verdict is told once (a resumed one: not again)
        self.puzzle_told = verdict is not None and verdict.decided

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield from self.compose_table()
            with Vertical(id="side"):
                yield Prompt(id="prompt")
                yield ActionList(id="actions")
                yield CardDetail(id="detail")
        yield GameLog(id="log")
        yield Footer()

    def compose_table(self) -> ComposeResult:
        with VerticalScroll(id="state-scroll"):
            yield StateView(id="state")

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        self.query_one("#state", StateView).show(view)

    # -- names -------------------------------------------------------------------------
    @property
    def log_viewer(self) -> int | None:
        """Whose eyes the shared log is written for: the human against the AI;
        in hot-seat both players read it, so only public words (None)."""
        seats = self.session.seats
        return None if seats.hotseat else (seats.humans[0] if seats.humans else None)

    def seat_name(self, p: int) -> str:
        kinds = self.session.seats.kinds
        name = f"Player {p + 1}"
        if kinds[p] == "ai":
            return f"{name} (AI)"
        if not self.session.seats.hotseat:
            return f"{name} (you)"
        return name

    def table_viewer(self) -> int:
        return self.session.viewer()

    def table_game(self) -> Any:
        return self.session.game

    def shows_keys(self) -> bool:
        return not self.session.over

    # -- start ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        detail = self.query_one(CardDetail)
        detail.glossary = self.glossary
        detail.explain_text = self.EXPLAIN_TEXT
        log = self.query_one(GameLog)
        info = f"{self.session.cls.title} — seed {self.session.game.setup.seed}"
        if self.session.seats.hotseat:
            info += " — hot-seat"
        else:
            info += f" — against the AI ({self.session.seats.ai_level})"
        log.add_line(info, "bold")
        history = self.session.game.history
        if not history:
            log.add_events(self.opening(list(self.session.game.log)), viewer=self.log_viewer)
        elif not self.retold_resumed():
            # an old save the engine replays differently: its last events as the engine says them
            log.clear()
            log.add_line(info, "bold")
            log.add_events(list(self.session.game.log)[-40:], viewer=self.log_viewer)
        if history:
            log.add_line(f"(resumed after {plural(len(history), 'action')})", "italic")
        if self.session.resigned is not None:  # a resumed game that ended by a resignation
            log.add_line(f"{self.seat_name(self.session.resigned)} resigns.", "bold")
        self.focus_first()
        self.advance()

    def opening(self, events: list[Event]) -> list[Event]:
        """The game's opening events (before its first action) as the log tells them: a game
        may say them in its seats' names (BHM's draws of the opening hands)."""
        return events

    # -- after Continue: the log of the last actions, the marks of what each side did last --------
    def retold_resumed(self) -> bool:
        """After a resume, a failure of `retell_last_actions` (an old save the engine replays
        differently) leaves no line and no mark of it, and says False."""
        try:
            return self.retell_last_actions()
        except Exception:
            self.query_one(GameLog).clear()
            reset = getattr(self, "reset_marks", None)
            if callable(reset):
                reset()
            return False

    def retell_last_actions(self) -> bool:
        """A resumed game is a replay of its save, replayed here once more: its last actions
        (`RESUMED_ACTIONS`, from the start of the other side's run before the last run if that
        is earlier) are told in the log as the live log told them, in the same words — the
        seats' names, the log's reader (`log_viewer`), each side's unit, cells, the draws named,
        a run of passes on one line: the game screen's own `tell_play` and `apply_for_player`
        on the replayed game (`retell_action`; the session's game is not touched) — with the
        game's opening when they go back to it. Telling them marks them on the table as at the
        table (`log_action`: what each side did last).
        False, and nothing told, when the replay does not end in the game resumed."""
        s = self.session
        game = s.game
        history = list(game.history)
        first = max(0, len(history) - RESUMED_ACTIONS)
        replay = s.cls.new(game.setup)
        opening = list(replay.log)
        at_first: Game | None = replay.clone() if first == 0 else None
        runs: list[tuple[int, Game | None]] = []  # where a side takes over (the game then, before `first`)
        last: int | None = None
        for i, action in enumerate(history):
            if i == first and at_first is None:
                at_first = replay.clone()
            d = replay.decision()
            player = d.player if d is not None and only_pass(replay) != action else last
            if player != last:
                runs = [*runs[-1:], (i, replay.clone() if i < first else None)]
                last = player
            replay.apply(action)
        if replay.state_hash() != game.state_hash():
            return False
        start, told = runs[0] if runs and runs[0][0] < first else (first, at_first)
        assert told is not None
        log = self.query_one(GameLog)
        if start == 0:
            log.add_events(self.opening(opening), viewer=self.log_viewer)
        else:
            log.add_line(f"({plural(start, 'earlier action')} not shown)", "italic")
        classes = set(self.classes)  # (telling them shows no pane: the table is as it opens)
        self.views_told = {}
        try:
            for i, action in enumerate(history[start:], start):
                self.retell_action(told, i, action)
        finally:
            self.views_told = None
            if set(self.classes) != classes:
                self.set_classes(classes)
        return True

    def retell_action(self, told: Game, i: int, action: Action) -> None:
        """Tell action `i` (from 0) of a resumed game again, applied to `told` (the replayed
        game before it), as the live log told it: a pass the table made for a player
        (`apply_for_player`), else the player's own action (`tell_play`)."""
        d = told.decision()
        if d is None:
            raise IllegalAction(f"no decision for {action}")
        if only_pass(told) == action:
            self.apply_for_player(action, *self.table_pass(action, d.player), apply=told.apply, game=told)
        else:
            self.tell_play(d.player, action, told.apply, game=told)

    # -- words ------------------------------------------------------------------------------
    def choice_words(self, action: Action) -> str:
        """A choice of the pending decision in words (a game's screen may add what tells
        same-named cards apart)."""
        return self.session.game.describe_action(action)

    def log_words(self, game: Game, action: Action) -> str:
        """The log's words for `action`, about to be applied to `game` (the reader's words:
        nothing hidden from them)."""
        return self.words_for(game, action, self.log_viewer)

    def focus_first(self) -> None:
        """Where the keyboard starts (dedicated screens: their board)."""
        self.query_one(ActionList).focus()

    # -- the loop --------------------------------------------------------------------------
    def advance(self) -> None:
        """After any change: show the end, pass automatically, hand to the AI,
        cover for a hot-seat hand-over, or wait for the human."""
        with self.engine_guard("while moving the game on"):
            self._advance()
        self.tell_save()

    def tell_save(self) -> None:
        """Say once when the autosave cannot be written (the game goes on, each action
        tries again) and once when it works again; the status bar keeps the count."""
        s = self.session
        self.query_one(StatusBar).unsaved = s.unsaved
        if s.save_error == self.save_told:
            return
        if s.save_error is not None:
            title, words = s.save_failure()
            self.app.notify(words, title=title, severity="error", timeout=20)
        elif self.save_told is not None and s.over:
            self.app.notify("The game is kept, to watch it again.", title="The finished game is kept")
        elif self.save_told is not None:
            self.app.notify("Every action is saved again.", title="The autosave works again")
        self.save_told = s.save_error

    @contextmanager
    def engine_guard(self, doing: str) -> Iterator[None]:
        """An unexpected error from the engine (in decision(), legal_actions(),
        view()…) stops the session like an error while applying an action: the
        error screen shows it and the autosave keeps the last good state."""
        try:
            yield
        except IllegalAction:
            raise
        except Exception as exc:
            if self.session.failure is None:
                self.session.fail(exc, doing)

    def _advance(self) -> None:
        s = self.session
        while not s.over:
            act = s.auto_pass()
            if act is None:
                break
            d = s.decision
            assert d is not None
            self.apply_for_player(act, *self.table_pass(act, d.player))
        if s.over:
            self.refresh_view()
            self.show_game_over()
            return
        if self.tell_puzzle():
            return
        if s.is_ai_turn():
            self.refresh_view()
            self.start_ai()
            return
        d = s.decision
        assert d is not None
        if s.seats.hotseat and d.player != self.last_viewer:
            self.hand_over(d.player)
            return
        self.last_viewer = d.player
        self.refresh_view()
        self.maybe_open_dialog()

    def hand_over(self, player: int) -> None:
        self.covered = True
        self.refresh_view(spectator=True)
        note = ""
        if self.last_viewer is None and self.session.game.history:
            note = "(game resumed)"

        def uncovered(_: None) -> None:
            self.covered = False
            self.last_viewer = player
            self.refresh_view()
            self.maybe_open_dialog()

        active = self.session.view(player).get("active")
        d = self.session.decision
        turn_of = decide = ""
        if d is not None and (d.kind == "mulligan" or (isinstance(active, int) and active != player)):
            decide = self.own_words(d)  # a mulligan; an answer, a block, a discard in the other's turn
            turn_of = self.seat_name(active) if d.kind != "mulligan" and isinstance(active, int) else ""
        cover = CoverScreen(self.seat_name(player), note, turn_of=turn_of, decide=decide)
        self.app.push_screen(cover, uncovered)

    def refresh_view(self, *, spectator: bool = False) -> None:
        with self.engine_guard("while drawing the table"):
            self._refresh_view(spectator=spectator)

    def _refresh_view(self, *, spectator: bool = False) -> None:
        self.drop_typed()  # (the list is shown anew)
        s = self.session
        d = s.decision
        view = s.game.view(None) if spectator else s.view()
        self.view_data = view
        thinking = s.is_ai_turn()
        self.legal = [] if (spectator or thinking or d is None) else s.legal()
        status = self.query_one(StatusBar)
        status.text = self.status_text(d)
        status.goal = self.goal_text()
        status.thinking = thinking and not s.over
        prompt = self.query_one(Prompt)
        prompt.error = ""
        if s.over:
            prompt.prompt = self.headline()
        elif spectator:
            prompt.prompt = "Hand-over…"
        elif thinking and d is not None:
            prompt.prompt = f"{self.seat_name(d.player)} is deciding: {self.own_words(d)}"
        elif d is not None and not s.seats.hotseat:
            prompt.prompt = f"You: {self.own_words(d)}"
        elif d is not None:
            prompt.prompt = f"{self.seat_name(d.player)}: {self.own_words(d)}"
        actions = self.query_one(ActionList)
        actions.show([(a, self.choice_words(a)) for a in self.legal])
        self.update_table(view, None if spectator else d, self.legal)
        if not self.legal:
            self.query_one(CardDetail).show_card(None, self.detail_hint())

    @staticmethod
    def own_words(d: Decision) -> str:
        """The engine's prompt without a leading "P1: " (the seat's name says it)."""
        text = d.prompt
        tag = f"P{d.player + 1}: "
        return text[len(tag) :] if text.startswith(tag) else text

    def status_text(self, d: Decision | None) -> str:
        """The game's title, the turn as the log counts it and who does what now, in words
        (`Hand of the Gods · turn 3 · Player 1 (you) to choose a target`), not the count of
        actions and the decision's kind (`action 4 · Player 1 (you) to decide (turn)`, while the
        log said `Turn 3`); an engine whose view counts no turn, the count of actions. The
        replay says the same words (`TableScreen.status_words`). Short enough that
        `⧗ AI is thinking…` after it fits at 80 columns."""
        s = self.session
        if s.over:
            return f"{s.cls.title} · game over"
        parts = [s.cls.title]
        if not isinstance(self.view_data.get("turn"), int):
            parts.append(f"action {len(s.game.history) + 1}")
        words = self.status_words(d)
        return " · ".join([*parts, words] if words else parts)

    # -- a refusal lasts while the player looks at what it is about --------------------------
    def look_at(self, thing: Hashable) -> None:
        """The table's cursor is on `thing` now (`("card", uid)`, `("cell", row, col)`): a refusal
        (`✗`) said while it was on something else goes, the player moved on (it stayed under the
        prompt, `✗ Grey Wolf: not a valid target`, with the cursor on another card); on the same
        thing (the table taking the keyboard back, Enter again) it stays."""
        if thing == self.looked_at:
            return
        self.looked_at = thing
        self.query_one(Prompt).error = ""

    def on_screen_suspend(self) -> None:
        """A dialog (or the help, the command palette) over the table: the player moved on, the
        refusal goes (a refusal of the dialog's answer is said after it closes)."""
        self.query_one(Prompt).error = ""

    def detail_hint(self) -> str:
        return "Highlight a choice or a card to read it here."

    # -- choosing --------------------------------------------------------------------------
    def can_act(self) -> bool:
        s = self.session
        return not (s.over or self.covered or s.is_ai_turn() or self.ai_running)

    def choose(self, action: Action) -> bool:
        """A human's choice: applied, or refused with the engine's reason."""
        prompt = self.query_one(Prompt)
        s = self.session
        if s.over:
            prompt.error = "The game is over."
            return False
        if not self.can_act():
            prompt.error = "Wait: it is not your decision now."
            self.app.bell()
            return False
        try:
            s.game.check(action)
        except IllegalAction as exc:
            prompt.error = exc.reason
            self.app.bell()
            return False
        self.play(action)
        self.after_human_action()
        self.advance()
        return True

    def play(self, action: Action) -> None:
        """Apply `action` for whoever decides now and log it (IllegalAction: nothing changed,
        nothing logged): its words are said before it, and the game before it is kept for
        the log (`game_before`: `log_action` reads the views around it)."""
        s = self.session
        d = s.decision
        assert d is not None
        self.tell_play(d.player, action, s.apply)

    def tell_play(
        self,
        player: int,
        action: Action,
        apply: Callable[[Action], list[Event]],
        *,
        game: Game | None = None,
    ) -> None:
        """`player`'s `action`, applied to `game` by `apply`, in the log: `play`'s (the session's
        game), and a resumed game's replay of its last actions (`retell_last_actions`), alike."""
        game = self.session.game if game is None else game
        words = self.log_words(game, action)
        self.game_before = game.clone()
        self.log_action(game, player, words, apply(action))

    def after_human_action(self) -> None:
        """Hook for dedicated screens (clear a selection, …)."""

    # -- decision dialogs -------------------------------------------------------------------
    def dialog_for(self, decision: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
        """A dialog (tui.screens.decide) for this decision, or None: the list will do."""
        return None

    def maybe_open_dialog(self, force: bool = False) -> None:
        """Open the decision's dialog once per decision (Esc closes it; `d` reopens)."""
        s = self.session
        d = s.decision
        if d is None or not self.can_act() or self.app.screen is not self:
            return
        key = (len(s.game.history), d.player, d.kind)
        if key == self.dialog_key and not force:
            return
        dialog = self.dialog_for(d, self.view_data, self.legal)
        if dialog is None:
            if force:
                self.query_one(Prompt).error = "This decision has no dialog: choose in the list."
            return
        self.dialog_key = key

        def answered(plan: list[Action] | None) -> None:
            if plan:
                self.choose_plan(plan)
            else:
                self.query_one(ActionList).focus()

        self.app.push_screen(dialog, answered)

    def action_decide(self) -> None:
        self.maybe_open_dialog(force=True)

    def plan_problem(self, plan: list[Action]) -> str | None:
        """Why the engine refuses this plan (tried on a clone), or None."""
        return self.try_plan(plan)[1]

    def try_plan(self, plan: list[Action]) -> tuple[list[Action], str | None]:
        """The plan tried on a clone: the part to apply, or the engine's reason.
        When the engine closes the decision by itself before a closing `done`
        (e.g. no blocker is left), that `done` is dropped, nothing else is."""
        game = self.session.game.clone()
        first = game.decision()
        for i, action in enumerate(plan):
            d = game.decision()
            if d is None or first is None or d.player != first.player or d.kind != first.kind:
                if all(a.kind in ("done", "pass") for a in plan[i:]):
                    return plan[:i], None
                return [], "the decision ended before this choice (the game moved on)"
            try:
                game.check(action)
            except IllegalAction as exc:
                return [], exc.reason
            game.apply(action)
        return plan, None

    def choose_plan(self, plan: list[Action]) -> bool:
        """Several actions of one decision (blocks then done, damage points…)."""
        if len(plan) == 1:
            return self.choose(plan[0])
        prompt = self.query_one(Prompt)
        if not self.can_act():
            prompt.error = "Wait: it is not your decision now."
            return False
        plan, reason = self.try_plan(plan)
        if reason:
            prompt.error = reason
            self.app.bell()
            return False
        for action in plan:
            self.play(action)
        self.after_human_action()
        self.advance()
        return True

    def choose_text(self, text: str) -> None:
        prompt = self.query_one(Prompt)
        try:
            action = self.session.game.parse_action(text)
        except IllegalAction as exc:
            prompt.error = exc.reason
            self.app.bell()
            return
        self.choose(action)

    def table_pass(self, action: Action, player: int) -> tuple[str, object]:
        """The words and the fold key (`apply_for_player`) of the pass the table makes for `player`
        who has nothing to respond with: a run of them that say nothing but markers is one line
        (`… passes automatically ×3`), as a run of the player's own passes is; not one with those."""
        key = fold_key(self.session.game.game_id, action, player)
        words = f"{self.seat_name(player)} has nothing to respond with — passes automatically"
        return words, None if key is None else ("automatic", key)

    def apply_for_player(
        self,
        action: Action,
        words: str,
        fold: object = None,
        *,
        apply: Callable[[Action], list[Event]] | None = None,
        game: Game | None = None,
    ) -> None:
        """Apply `action`, which the table takes for a player (a pass), and log it dim in `words`:
        said once (not `P1 passes` again under it), told in the views around it (`told`), a run
        of those of one `fold` key that say nothing but markers on one line (`GameLog.add_action`).
        `apply` and `game`: how and to what (the session's, else a resumed game's replay:
        `retell_last_actions`)."""
        s = self.session
        game = s.game if game is None else game
        before = game.clone()
        events = (apply or s.apply)(action)
        words, events = said_once(game.game_id, action, words, events, self.seat_name)
        events = self.told(game, action, events, before)
        self.query_one(GameLog).add_action(
            partial(times, words), events, self.log_viewer, fold=fold, style="dim"
        )

    def told(self, after: Game, action: Action, events: list[Event], before: Game) -> list[Event]:
        """`action`'s `events` in the words of the views around it (`told_events`: a draw named
        to the drawer, HotG's units with whose they are and same-named ones told apart by their
        cell), `before` the game as it was (a copy), `after` as it is now, both views the table's
        viewer's in `after` (the log shows each reader its own), words for the log's reader
        (`log_viewer`), the seats in the names of the log's lines (`seat_name`: BHM's `Turn 2:
        Player 1 (you)`)."""
        seat = self.session.viewer(after)
        return told_events(
            after.game_id,
            action,
            events,
            lambda: self.view_told(before, seat),
            lambda: self.view_told(after, seat),
            self.log_viewer,
            name=self.seat_name,
        )

    def view_told(self, game: Game, seat: int) -> dict[str, Any]:
        """`game`'s view for `seat`, for `told`: while a resumed game's last actions are told
        again (`retell_last_actions`: one game after the other of one replay, each told by
        how many actions it is after), the view after an action is the one before the next."""
        views = self.views_told
        if views is None:
            return game.view(seat)
        key = (len(game.history), seat)
        if key not in views:
            views[key] = game.view(seat)
        return views[key]

    def log_action(self, game: Game, player: int, words: str, events: list[Event]) -> None:
        """The log's lines for the action just applied to `game` (the session's, or a resumed
        game's replay: `retell_last_actions`) — `words`, said before it — and its `events`, each
        thing said once (`said_once`) and told in the words of the views around it (`told`, from
        `game_before`: put where the action is applied)."""
        before, self.game_before = self.game_before, None
        log = self.query_one(GameLog)
        history = game.history
        game_id = game.game_id
        if history:  # the action just applied: said once (not again by its first event)
            words, events = said_once(game_id, history[-1], words, events, self.seat_name)
            if before is not None:
                events = self.told(game, history[-1], events, before)
        who = self.seat_name(player)

        def line(n: int) -> str:  # (a run of passes that say nothing but markers: one line)
            return f"{who}: {times(words, n)}"

        fold = fold_key(game_id, history[-1], player) if history else None
        log.add_action(line, events, self.log_viewer, fold=fold)

    def on_action_list_chosen(self, message: ActionList.Chosen) -> None:
        self.choose(message.action)

    def on_action_list_highlighted(self, message: ActionList.Highlighted) -> None:
        self.show_action_detail(message.action)

    def show_action_detail(self, action: Action | None) -> None:
        detail = self.query_one(CardDetail)
        if action is None:
            detail.show_card(None, self.detail_hint())
            return
        cards = find_cards(self.view_data)
        words = self.choice_words(action)
        for arg in self.card_args(action):
            if arg in cards:
                detail.show_card(cards[arg], words)
                return
        detail.show_card(None, words)

    # -- the AI -------------------------------------------------------------------------
    def start_ai(self) -> None:
        if self.ai_running:
            return
        self.ai_running = True
        self.ai_token += 1
        self.think(self.ai_token, self.session.game.clone(), time.monotonic())

    @work(thread=True, exclusive=True, group="ai", exit_on_error=True)
    def think(self, token: int, game_copy: Any, started: float) -> None:
        """Runs in a worker thread on a clone: the UI never waits for the AI."""
        action = self.session.ai_choose(game_copy)
        rest = self.pace - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self.ai_done, token, action)

    def ai_done(self, token: int, action: Action) -> None:
        self.ai_running = False
        if token != self.ai_token or self.session.over or not self.is_attached:
            return
        try:
            self.play(action)
        except IllegalAction as exc:  # an AI bug: say so instead of freezing
            self.query_one(Prompt).error = f"the AI chose an illegal action: {exc.reason}"
            return
        self.advance()

    # -- the end ------------------------------------------------------------------------------
    def headline(self) -> str:
        s = self.session
        w = s.winner()
        if s.resigned is not None:
            return f"{self.seat_name(s.resigned)} resigned — {self.seat_name(1 - s.resigned)} wins."
        if w is None:
            return "The game is a draw."
        return f"{self.seat_name(w)} wins!"

    def stats(self) -> list[str]:
        s = self.session
        # a scenario (a puzzle) by its title, not by a seed only
        title = scenario_header(s.game.setup.scenario)[0]
        seed = s.game.setup.seed
        lines = [f"{s.cls.title} · {title} (seed {seed})" if title else f"{s.cls.title}, seed {seed}"]
        ending = self.ending()
        if ending:
            lines.append(ending)
        lines.append(
            f"{plural(len(s.game.history), 'action')} in all: "
            f"{self.seat_name(0)} {s.counts[0]}, {self.seat_name(1)} {s.counts[1]}"
        )
        return lines + self.extra_stats()

    def ending(self) -> str:
        """How the game ended, in the engine's words (its last game-over event), its seat in the
        players' names as the dialog's `P2 (AI) wins!` above it (`Ended: your hero has no lives
        left`, `P2 (AI)'s Summoning Stone is destroyed`; it said the engine's `P1's hero …`)."""
        s = self.session
        if s.resigned is not None:
            return ""
        for event in reversed(list(s.game.log)):
            if event.kind in END_KINDS:
                how = OWNED_SEAT.sub(
                    lambda m: f"{seat_owns(self.seat_name, int(m[1]) - 1)} ", ending_words(event.text)
                )
                return f"Ended: {how}" if how else ""
        return ""

    def final_view(self) -> dict[str, Any]:
        """The table as everybody sees it (for the stats: public counts only)."""
        return self.session.game.view(None)

    def extra_stats(self) -> list[str]:
        return []

    def show_game_over_again(self) -> None:
        """Back from watching the game again: its end, as when it ended."""
        self.finished_shown = False
        self.show_game_over()

    # -- a puzzle: its goal in sight, its verdict told once ---------------------------------------
    def goal_text(self) -> str:
        """The goal's line under the status bar (`◎ Goal: Win this turn`, then the verdict); ""
        for a game that is no puzzle."""
        s = self.session
        verdict = s.verdict()
        return (
            ""
            if verdict is None or s.puzzle is None
            else goal_line(s.puzzle.words(), verdict, s.puzzle.label())
        )

    def tell_puzzle(self) -> bool:
        """A puzzle's verdict reached while the game goes on (the turn ended without the win,
        Vaelor off the field): its dialog, the game waiting under it until the player plays on.
        True when it opened."""
        verdict = self.session.verdict()
        if verdict is None or not verdict.decided or self.puzzle_told:
            return False
        self.refresh_view()
        self.query_one(StatusBar).thinking = False
        self.app.push_screen(self.end_dialog(), self.end_picked)
        return True

    def end_dialog(self) -> GameOverScreen:
        """The game-over dialog; a puzzle's verdict (`PuzzleScreen`) for a puzzle, the game's end
        under it if it ended."""
        s = self.session
        kept = s.finished_path is not None
        verdict = s.verdict()
        if verdict is None or s.puzzle is None:
            return GameOverScreen(self.headline(), self.stats(), kept=kept)
        self.puzzle_told = True
        title = scenario_header(s.game.setup.scenario)[0]
        stats = [self.headline(), *self.stats()[1:]] if s.over else []
        return PuzzleScreen(
            verdict, title, s.puzzle.words(), stats, over=s.over, kept=kept, label=s.puzzle.label()
        )

    def end_picked(self, what: str | None) -> None:
        """The game-over (or puzzle) dialog's answer."""
        app: Any = self.app
        # (an end not kept yet, a full disk: leaving tries again, and asks if it fails)
        if what == "rematch":
            self.leave(lambda: app.rematch(self.session))
        elif what == "menu":
            self.leave(app.back_to_menu)
        elif what == "quit":
            self.leave(app.exit)
        elif what == "watch" and self.session.finished_path is not None:
            app.watch_again(self.session.finished_path, then=self.show_game_over_again)
        elif not self.session.over:  # a puzzle's verdict, the game going on: play on
            self.advance()

    def show_game_over(self) -> None:
        if self.finished_shown:
            return
        self.finished_shown = True
        self.query_one(StatusBar).thinking = False

        def cover(tries: int = 0) -> None:
            # a log shown for the end (Hand of the Gods at 80 × 24) is wrapped at its width
            # first, so that the dialog opens over the log's last lines as they will stay
            behind = [log for log in self.query(GameLog) if not log.wrapped_to_width]
            if tries < 20 and behind:
                # written again now at the width it has, if laid out (hidden and shown again
                # before a layout, a log is sent no Show nor Resize: `GameLog.render_lines`)
                for log in behind:
                    log.catch_up()
                # each try after a refresh of the screen, which draws them (with nothing to
                # refresh, the next try would come on its next idle, none between)
                self.refresh(layout=True)
                self.call_after_refresh(cover, tries + 1)
                return
            self.game_over_pending = False
            self.app.push_screen(self.end_dialog(), self.end_picked)

        # once the table has caught up (the log scrolled to the last action) the dialog covers it
        self.game_over_pending = True
        self.call_after_refresh(cover)

    # -- key actions ---------------------------------------------------------------------------
    @classmethod
    def help_keys(cls) -> str:
        """The help's Keys tab for this table (the menu's help shows it for the game chosen)."""
        common = common_keys(
            cls.DIALOGS, d_key=cls.D_KEY, example=cls.NOTATION_EXAMPLE, number_key=cls.NUMBER_KEY
        )
        return cls.EXTRA_KEYS + "\n**Everywhere**\n\n" + common if cls.EXTRA_KEYS else common

    def action_help(self) -> None:
        self.app.push_screen(
            HelpScreen(self.session.cls.title, self.help_keys(), self.session.cls.rules_text(), self.glossary)
        )

    def example_words(self, action: Action) -> str:
        """`action`'s words beside its notation in the `:` dialog: the choice's words."""
        return self.choice_words(action)

    def action_type_action(self) -> None:
        if not self.can_act():
            self.app.bell()
            return
        # the notation with the choice's words: which card a number is (`cast 19` is which Wolf);
        # of choices of the same words (two copies in the hand) the first, as the list shows them
        said: dict[str, Action] = {}
        for a in self.legal:
            said.setdefault(self.example_words(a), a)
        examples = [(self.session.game.format_action(a), words) for words, a in list(said.items())[:6]]

        def typed(text: str | None) -> None:
            if text:
                self.choose_text(text)

        self.app.push_screen(TypeActionScreen(examples), typed)

    def action_number(self, n: int) -> None:
        """`1`…`9` take that choice of the list. In a list of 10 choices or more, a digit that
        starts a number of the list (`1` of 12 choices) puts the cursor on that choice and waits:
        a second digit takes the number of both (`1` `2`: choice 12), `Enter` the choice under the
        cursor (`1`), any other key drops it. (Choices past the 9th had no key.)"""
        choices = self.query_one(ActionList)
        prompt = self.query_one(Prompt)
        prompt.typed = ""
        k = len(choices.actions)
        number = self.digits.digit(n, k, can_wait=choices.numbered and self.can_act())
        if number is None:  # (one shared way with the dialogs' rows: `tui.digits`)
            choices.highlighted = choices.row_of(n - 1)
            prompt.typed = typed_words(n, k)
            return
        n = number
        if choices.choose_number(n):
            return
        if self.can_act() and choices.actions:  # a number past the end of the list: say so
            keys = (
                "only 1" if k == 1 else f"{k} (keys 1–{k})" if k < 10 else f"{k} (1–{k}: two digits past 9)"
            )
            self.number_refused = f"There is no choice {n}: the list has {keys}"
            prompt.error = self.number_refused
        self.app.bell()

    def take_typed(self, n: int) -> None:
        """`Enter` while digit `n` waits for a second one: what `n` alone takes (choice `n`)."""
        self.query_one(ActionList).choose_number(n)

    def drop_typed(self) -> None:
        """A first digit that waited (`action_number`) no longer does."""
        if self.digits.drop():
            self.query_one(Prompt).typed = ""

    def action_cancel(self) -> None:
        self.query_one(Prompt).error = ""

    def action_menu(self) -> None:
        app: Any = self.app
        self.leave(app.back_to_menu)

    def leave(self, then: Callable[[], object]) -> None:
        """Leave the game (to the menu, or quit) — after asking, if actions would be lost
        because the autosave cannot be written (it is tried once more first)."""
        s = self.session
        if s.unsaved:
            s.save()
            self.tell_save()
        if not s.unsaved:
            then()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(ConfirmScreen(s.leave_question()), answered)

    def action_save_as(self) -> None:
        # a second Ctrl+S within the same second makes `-2`…, never replaces the first
        path = dated_path(data_dir() / "saves", self.session.cls.game_id)
        try:
            path = self.session.save(path) or path
        except OSError as exc:
            self.app.notify(
                f"Saving it as {path} failed ({exc.strerror or exc}). {save_advice(exc.errno, path.parent)}",
                title="The game could not be saved",
                severity="error",
            )
            return
        # a finished game is for watching again, not for resuming
        then = "Replay it with: triarch replay" if self.session.over else "Resume it with: triarch resume"
        self.app.notify(f"Saved to {path}\n{then} {path}", title="Game saved")

    def action_resign(self) -> None:
        s = self.session
        if s.over:
            return
        d = s.decision
        humans = s.seats.humans
        seat = d.player if d is not None and d.player in humans else (humans[0] if humans else 0)

        def answered(yes: bool | None) -> None:
            if yes and not s.over:  # (the game may have ended while the player was asked)
                self.ai_token += 1  # drop any AI answer still on its way
                s.resign(seat)
                self.query_one(GameLog).add_line(f"{self.seat_name(seat)} resigns.", "bold")
                self.refresh_view()
                self.tell_save()  # (a resignation not kept: a full disk)
                self.show_game_over()

        self.app.push_screen(ConfirmScreen(f"{self.seat_name(seat)}: resign this game?"), answered)

    def on_key(self, event: Key) -> None:
        """A key over the covered table goes no further. A refusal of a number past the list's end
        (`There is no choice 7: …`) goes at the next key, as the player moves on (another key in
        the choice list, a choice, the table's cursor): it stayed under the prompt until the
        table's cursor moved (`look_at`). (The key's binding comes after: a number past the end
        again says so again.)"""
        if self.covered:
            event.stop()
            return
        typed = self.digits.other_key(event.key, event.character)
        if typed is not None:
            self.query_one(Prompt).typed = ""
            if typed:  # `Enter`: the choice of the first digit, where the cursor is
                event.stop()
                event.prevent_default()
                self.take_typed(typed)
                return
        if self.number_refused:
            prompt = self.query_one(Prompt)
            if prompt.error == self.number_refused:
                prompt.error = ""
            self.number_refused = ""

    def on_unmount(self) -> None:
        self.ai_token += 1
