"""Step through a saved or finished game, forward and back (read-only).

The state after each action is drawn from the eyes of the spectator, player 1
or player 2 (`v` switches), with the log of what happened so far. A game with
a dedicated table replays on it (`REPLAY` in `tui/screens/<game>.py`: the
table's drawing over this screen, see `tui/screens/table.py`), with the marks
of the last actions as the game screen showed them; any other engine's view
is drawn in words (`StateView`).

The status lines tell where the replay is, the action just replayed and the
decision pending at this step in the game screen's words (the turn, whose, what
they do: `Turn 5 · Player 2 to play`), then what the decision is about, never to a
"you" (`pending_words`: the engine's prompt, or the table's words for it); a
puzzle's, its goal, then its verdict from the step it was reached
(`tui/replay_goal.py`). The card
panel shows the cards of the action just replayed (`c` the next one); below
120 columns it shares the log's place (`t` switches).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.widgets import Static

from common.game import Action, Decision, Game
from common.saves import Replay
from tui.log_words import fold_key, opening_said, step_said, step_words, steps, times
from tui.replay_goal import ReplayGoal
from tui.screens.game import GameScreen, glossary_for
from tui.screens.help import HelpScreen
from tui.screens.table import TableScreen
from tui.session import only_pass
from tui.widgets.detail import CardBox, CardDetail, find_cards
from tui.widgets.footer import Footer
from tui.widgets.log import GameLog
from tui.widgets.stateview import StateView

# The help's Keys tab in a replay (`?`: it did nothing, where the table opens its help)
REPLAY_KEYS = """
**Replay**

- `→` `l` `n` `Space` — the next action · `←` `h` `p` — the one before · `PgDn` `PgUp` — ten at
  a time · `Home` `End` — the start, the end
- `v` — whose eyes: everybody (the public), P1, P2 (the hands each of them sees)
- `t` — the card panel or the log, below 120 columns (they share a place) · `c` — the next card
  of the action just replayed · `↑` `↓` — scroll the card panel
- `q` `Esc` — close the replay · `?` — this help
"""

# `t` from 120 columns (`ReplayScreen.on_key`)
ROOMY_T = "The card panel and the log are both in sight here (t switches them below 120 columns)."

LOG_STEPS = 80  # how many of the latest actions the log shows


class ReplayScreen(TableScreen):
    """Dismisses (with None) on `q`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # (Back before Next: the footer lists them in this order whatever has the focus)
        Binding("left,h,p", "step(-1)", "Back", priority=True),
        Binding("right,l,n,space", "step(1)", "Next", priority=True),
        Binding("pageup", "step(-10)", "−10", show=False, priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("home", "goto(0)", "Start", priority=True),
        Binding("end", "goto(-1)", "End", priority=True),
        Binding("v", "viewer", "Eyes"),
        Binding("c", "next_card", "Next card", show=False),
        Binding("up", "scroll_card(-1)", "Card up", show=False),
        Binding("down", "scroll_card(1)", "Card down", show=False),
        Binding("t", "toggle_pane", "Card/log"),
        Binding("q,escape", "close", "Quit"),
        # (not in the key bar, full at 80 columns: `?` did nothing here, as at the table it helps)
        Binding("question_mark,f1", "help", "Help", key_display="?", show=False),
    ]
    VIEWERS: ClassVar[list[int | None]] = [None, 0, 1]
    EXPLAIN_TEXT = False  # the card panel also explains the glossary terms a card's text names

    def __init__(self, replay: Replay, title: str = "") -> None:
        self.dedicated = type(self).compose_table is not ReplayScreen.compose_table
        super().__init__(
            classes=f"replay replay-{replay.game_id}" + (" replay-table" if self.dedicated else "")
        )
        self.replay = replay
        self.title_text = title or replay.game_id
        self.step = 0
        self.viewer: int | None = None
        self.view_data: dict[str, Any] = {}
        self.legal: list[Action] = []  # a replay takes no action
        self.acted_last: int | None = None  # who played last up to this step (the table's passes left out)
        # the cards of the action just replayed, in the card panel (`c` goes through them)
        self.step_cards: list[dict[str, Any]] = []
        self.card_index = 0
        self.card_shown: tuple[int, int, int | None] | None = None  # (step, card, eyes) in the panel
        self.goal = ReplayGoal.of(replay)  # a puzzle's goal and verdicts (None: no puzzle)

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status")
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-state"):
                for widget in self.compose_table():
                    if hasattr(widget, "show_cursor"):  # read-only: no cursor, no focus on the cards
                        widget.show_cursor = False
                        widget.can_focus = False
                    yield widget
            with Horizontal(id="replay-info"):
                log = GameLog(id="replay-log")
                log.hanging = True  # a long line goes on under its text, as on the game's table
                log.phases_of(self.replay.game_id)  # (The Scars: one phase a line, as on its table)
                yield log
                # a card's words longer than its place scroll (`↑`/`↓`, its edge says so)
                with CardBox(id="replay-card", keys=("↑", "↓")):
                    detail = CardDetail(id="replay-detail")
                    detail.where = self.card_where
                    yield detail
        yield Footer()

    def compose_table(self) -> ComposeResult:
        with VerticalScroll(id="replay-scroll"):
            yield StateView(id="state")

    def on_mount(self) -> None:
        super().on_mount()
        detail = self.query_one(CardDetail)
        cls = type(self.replay.state(0))
        detail.glossary = glossary_for(cls)
        detail.explain_text = self.EXPLAIN_TEXT
        self.show_step()

    def on_resize(self, event: Resize) -> None:
        if self.view_data:
            self.call_after_refresh(self.show_step)

    # -- the hooks of a table (see TableScreen) ---------------------------------------------------
    def seat_name(self, p: int) -> str:
        """`P1`, `P2`: a seat as the replay's head (`eyes: P1`), its tables' bars and its log
        name it, in the status line too (`Turn 0 · P1 to draw`, not `Player 1 to draw` beside
        the head's `P1`), and in how the game ended (`game over: P2 wins`)."""
        return f"P{p + 1}"

    def table_viewer(self) -> int:
        return 0 if self.viewer is None else self.viewer

    def table_game(self) -> Any:
        return self.replay.state(self.step)

    def marked_seat(self) -> int:
        """The side that played last up to the step shown (its last actions are marked)."""
        return 1 - self.table_viewer() if self.acted_last is None else self.acted_last

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        self.query_one(StateView).show(view)

    def reset_marks(self) -> None:
        """Forget the marks of the last actions (a dedicated table keeps them)."""

    def note_last_actions(self) -> None:
        """Mark the last actions up to this step as the game screen had them: the
        last run of actions of each side, the passes the table made left out."""
        r = self.replay
        self.reset_marks()
        self.acted_last = None
        if not self.dedicated:
            return
        start, runs, last = self.step, 0, None
        for i in range(self.step - 1, -1, -1):
            player = r.players[i]
            if player is None or only_pass(r.state(i)) == r.actions[i]:
                continue
            if player != last:
                runs += 1
                if runs > 2:
                    break
                last = player
                if self.acted_last is None:
                    self.acted_last = player
            start = i
        for i in range(self.notes_from(start), self.step):
            player = r.players[i]
            before = r.state(i)
            if player is None or only_pass(before) == r.actions[i]:
                continue
            words = self.words_for(before, r.actions[i], self.viewer)
            self.note_replayed(player, r.actions[i], words, before, r.state(i + 1))

    def notes_from(self, start: int) -> int:
        """The first action to note (`note_last_actions`), `start` the first of the last two
        runs of actions of a side: a game whose table keeps more (The Scars: the turn's words
        of the side whose turn it is) says from where."""
        return start

    # -- drawing -------------------------------------------------------------------------
    def status_text(self) -> str:
        """Three lines: where the replay is, the action just replayed, the decision pending now."""
        r = self.replay
        game = r.state(self.step)
        # a seat as the tables and their logs name it (`P1`, not `player 1`)
        eyes = "everybody (public)" if self.viewer is None else f"P{self.viewer + 1}"
        head = f"Replay · {self.title_text} · seed {r.setup.seed} · step {self.step}/{len(r)} · eyes: {eyes}"
        if self.step == 0:
            what = "the start of the game"
        else:
            what = step_words(r, self.step - 1, self.viewer)
        # (a resignation too, which the engine's game does not know); the seats as the table
        # names them (`P1 wins` in Hand of the Gods, as its bars and log: not `player 1 wins`)
        ended = r.outcome(self.step, (self.seat_name(0), self.seat_name(1)))
        text = f"{head}\n{what}\n{f'game over: {ended}' if ended else self.next_text(game)}"
        return text if self.goal is None else f"{text}\n{self.goal.line(self.step)}"

    def next_text(self, game: Game) -> str:
        """The decision pending at this step in the words of the game screen's status line
        (`Turn 5 · Player 2 to play`: `TableScreen.status_words`), then the engine's prompt
        (what the choice is about); how a game ended is `Replay.outcome`."""
        d = game.decision()
        words = self.status_words(d)
        words = words[:1].upper() + words[1:]
        if d is None:
            return f"{words} · nobody is to decide" if words else "Nobody is to decide"
        pending = self.pending_words(d)
        return f"{words} · {pending}" if pending else words

    def pending_words(self, d: Decision) -> str:
        """What decision `d` is about, after whose it is and what they do (`Player 2 to choose a
        target · Choose a target for Thor`), for a reader who is not its player: "" when
        `status_words` said it all. The engine's prompt without its seat, unless a table words
        it (the engine's prompt speaks to the player: HotG's `your turn — …`)."""
        return GameScreen.own_words(d)

    def show_step(self) -> None:
        r = self.replay
        game = r.state(self.step)
        self.view_data = game.view(self.viewer)  # (before the status: its turn is the view's)
        status = self.query_one("#replay-status", Static)
        status.set_class(self.goal is not None, "-goal")
        status.update(self.status_text())
        self.note_last_actions()
        self.update_table(self.view_data, None, [])
        self.step_cards = self.cards_of_step()
        self.card_index = 0
        self.show_card()
        self.refresh_bindings()
        log = self.query_one(GameLog)
        log.clear()
        first = max(0, self.step - LOG_STEPS)
        if first == 0:
            log.add_events(opening_said(r.game_id, r.opening), viewer=self.viewer)
        for i in range(first, self.step):  # the lines of `triarch replay --print` (one source)
            words, events = step_said(r, i, self.viewer)

            def line(n: int, first: int = i + 1, words: str = words) -> str:
                return f"{steps(first, n)}. {times(words, n)}"

            log.add_action(line, events, self.viewer, fold=fold_key(r.game_id, r.actions[i], r.players[i]))

    # -- the card panel: the cards of the action just replayed ---------------------------------
    def cards_of_step(self) -> list[dict[str, Any]]:
        """The cards the action just replayed names (its card arguments whose name its words
        say, e.g. the unit that moved, the being it attacked), the card the decision it answered
        came from (the being that invests its POD, the power whose target it is), then the card
        the pending decision comes from, as the eyes chosen see them: after the action, else
        before it (a card that left the table). A card those eyes cannot see is left out."""
        r = self.replay
        now = find_cards(self.view_data)
        found: dict[int, dict[str, Any]] = {}
        if self.step > 0:
            before = r.state(self.step - 1)
            action = r.actions[self.step - 1]
            words = self.words_for(before, action, self.viewer)
            then = find_cards(before.view(self.viewer))
            for arg in action.args:
                if not isinstance(arg, int) or isinstance(arg, bool) or arg in found:
                    continue
                card = now.get(arg) or then.get(arg)
                name = str(card.get("name") or "") if card else ""
                if card is not None and name and name in words:
                    found[arg] = card
            # the card the decision it answered came from (whose POD is invested, whose target)
            asked = before.decision()
            src = asked.context.get("source") if asked is not None else None
            if isinstance(src, int) and not isinstance(src, bool) and src in then:
                found.setdefault(src, now.get(src) or then[src])  # shown as the pending one's before
        d = r.state(self.step).decision()
        for uid in self.decision_cards(d) if d is not None else []:
            if uid in now:
                found.setdefault(uid, now[uid])
        return list(found.values())

    def decision_cards(self, d: Decision) -> list[int]:
        """The cards a pending decision is about, first to last (a game's screen may add its
        own): the card it comes from."""
        source = d.context.get("source")
        return [source] if isinstance(source, int) and not isinstance(source, bool) else []

    def show_card(self) -> None:
        """The card of the step in the panel, from its first line when it is another card (another
        step, `c`, other eyes), where it was when the same is drawn again (a resize)."""
        shown = (self.step, self.card_index, self.viewer)
        if shown != self.card_shown:
            self.card_shown = shown
            self.query_one(CardBox).scroll_home(animate=False)
        detail = self.query_one(CardDetail)
        if not self.step_cards:
            what = "the start of the game" if self.step == 0 else f"step {self.step}"
            detail.show_card(None, f"No card to show at {what} (the cards of each step's action show here).")
            return
        n = len(self.step_cards)
        note = f"Step {self.step}, card {self.card_index + 1}/{n}" + (" · c: next card" if n > 1 else "")
        detail.show_card(self.named_card(self.step_cards[self.card_index]), note)

    def is_shared(self) -> bool:
        """Below 120 columns the card panel and the log share a place (`t` switches)."""
        return not self.has_class("-wide")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_pane":
            return self.is_shared()
        if action == "next_card":
            return len(self.step_cards) > 1
        return True

    def action_toggle_pane(self) -> None:
        self.toggle_class("-show-card")

    def on_key(self, event: Key) -> None:
        """`t` from 120 columns, where its binding is off (the card panel and the log are both in
        sight), said nothing: it says why."""
        if event.key == "t" and not self.is_shared():
            self.notify(ROOMY_T, title="t: card/log", timeout=4)

    def action_scroll_card(self, lines: int) -> None:
        """`↑`/`↓`: scroll the card panel a line (its words may be longer than its place: its
        bottom edge then says `▼ ↓`), bringing it up where it shares the log's place."""
        if self.is_shared():
            self.add_class("-show-card")
        self.query_one(CardBox).scroll_relative(y=lines, animate=False)

    def action_next_card(self) -> None:
        self.card_index = (self.card_index + 1) % len(self.step_cards)
        self.show_card()
        if self.is_shared():
            self.add_class("-show-card")

    # -- keys ------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        target = max(0, min(len(self.replay), self.step + delta))
        if target == self.step:
            self.app.bell()
            return
        self.step = target
        self.show_step()

    def action_goto(self, step: int) -> None:
        self.step = len(self.replay) if step < 0 else min(step, len(self.replay))
        self.show_step()

    def action_viewer(self) -> None:
        i = self.VIEWERS.index(self.viewer)
        self.viewer = self.VIEWERS[(i + 1) % len(self.VIEWERS)]
        self.show_step()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        cls = type(self.replay.state(0))
        title = f"Replay · {getattr(cls, 'title', self.replay.game_id)}"
        self.app.push_screen(HelpScreen(title, REPLAY_KEYS, cls.rules_text(), glossary_for(cls)))
