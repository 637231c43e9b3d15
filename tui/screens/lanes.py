"""The base of the lane screens (BHM, The Scars): each side's area as text
lanes, the shared middle (phase, resolution zone), decisions in the list.
`LaneTable` draws the lanes (for the game screen and the replay screen alike),
`LaneScreen` plays on them.

Cards in the lanes are chips of a `LaneBoard`: the arrows (or hjkl) walk over
them, Enter (or a click) shows the card in the detail panel and narrows the
choice list to the actions that involve it (Esc widens it again). Hidden
information never reaches these panels: they draw from `game.view(viewer)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.events import DescendantFocus, Resize

from common.errors import IllegalAction
from common.game import Action, Decision, Game
from tui.screens.card import CardScreen
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen
from tui.turn_digest import DigestLines
from tui.widgets.actions import ActionList, cut_start
from tui.widgets.detail import CardDetail, card_lines, find_cards
from tui.widgets.footer import Footer
from tui.widgets.lanes import FILL, LaneBoard, LaneScroll, Seg, words
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt, StatusBar
from tui.wording import plural

# `t` from 120 × 40 (BHM and The Scars): the card panel and the log are both in sight there
ROOMY_T = "The card panel and the log are both in sight here (t switches them below 120 × 40)."
# `e` (Hand of the Gods' key that ends the turn) on the lanes' table: no key does it there
NO_E_KEY = "No key ends a phase or the turn here: choose it in the list (`End …`, `Go to …`)."

GLYPH = {0: "►", 1: "◄"}

Line = tuple[str, list[Seg]]


# Decisions in which a card is the whole answer: Enter on the card applies the
# one action that names it (targets, discards, sacrifices, cards set aside…).
TARGET_KINDS = frozenset({"target", "pick", "discard", "cleanup", "sacrifice", "choose_target", "mulligan"})

# What the other side did last, marked on its cards until it acts again.
MARK_ACTOR, MARK_HIT, MARK_AIMED = "★", "⚔", "✦"
# leads the other side's last actions in words (`» P2 (AI) last: …`), in both lane games: The
# Scars' line began with `★`, the mark of the card that acted, and BHM's with `»` (session 39)
LAST_MARK = "»"
LAST_TURN_NOTE = "the other side's last turn"  # the card panel shows it (`action_last_turn`)
HIT_VERBS = frozenset({"attack", "pattack", "block", "assign"})


def short(name: str, n: int) -> str:
    """A name cut to n characters with an ellipsis (dense chips): its first letters, a bracket
    whole or left out (`cut_start`, the cut of `one_line`). An action's words are cut between
    words (`cut_start(words, n)`): the `last:` line, the stack's rows."""
    return cut_start(name, n, words=False)


def chip(card: dict[str, Any] | None, label: str | None = None, mark: str = "") -> list[Seg]:
    """A card chip (cursor and click), or a dash when there is no card."""
    if not card:
        return [Seg("—")]
    text = label if label is not None else str(card.get("name", "?"))
    return [Seg(mark + text, uid=int(card["uid"]))]


def chips(
    cards: list[dict[str, Any]],
    limit: int = 12,
    sep: str = ",",
    width: int | None = None,
    marks: dict[int, str] | None = None,
) -> list[Seg]:
    if not cards:
        return [Seg(" —")]
    marks = marks or {}
    out: list[Seg] = []
    for i, c in enumerate(cards[:limit]):
        name = str(c.get("name", "?"))
        out += chip(c, short(name, width) if width else name, marks.get(int(c["uid"]), ""))
        if i < min(limit, len(cards)) - 1:
            out.append(Seg(sep))
    if len(cards) > limit:
        out.append(Seg(f" … +{len(cards) - limit}", "lane--dim"))
    return out


def pile(
    label: str,
    cards: list[dict[str, Any]],
    actionable: set[int],
    marks: dict[int, str] | None = None,
    width: int = 12,
) -> list[Seg]:
    """A dense pile: its count, and as chips only the cards with a choice now
    (or marked by the last action), so that the cursor still reaches them."""
    marks = marks or {}
    shown = [c for c in cards if int(c["uid"]) in actionable or int(c["uid"]) in marks]
    # the label and its count one segment, the colon glued to it (`GLUED`): a wrapped head line
    # read `… dead 9` / `: ⚔Cinder Hound` (or `dead` / `9: …`)
    segs = [Seg(" "), Seg(f"{label} {len(cards)}")]
    if shown:
        segs.append(Seg(":"))
        segs += chips(shown, 4, ",", width, marks)
    return segs


def bar(value: int, limit: int, width: int = 16) -> str:
    filled = max(0, min(width, round(width * value / max(1, limit))))
    return "█" * filled + "░" * (width - filled)


LANE_KEYS_TEXT = """
- `←↑↓→` or `h` `j` `k` `l` — walk over the cards of the table; `▸` marks a card with a choice now
- `Enter`/`Space` or a click on a card — if it is the answer (a target, a discard…) it is chosen at
  once; else the choice list narrows to that card, and the cards it can act on get the `▸`: `Enter` on
  one of them (e.g. {examples}) takes that choice. `●` marks the selected
  card; a card the engine refuses is explained in red (`✗`) until the cursor moves on. `Esc` drops
  the selection.
- a crowded table scrolls: its bottom edge says how many rows are above (`▲`) and below (`▼`) the
  ones in sight, and the cursor brings every card into sight (the mouse wheel scrolls it too)
- `Tab` — between the table and the choice list; `1`…`9` — take that choice
- `t` — below 120 × 40 the card panel and the log share a place: `t` switches (the log comes up
  when something happens, the card when you move the cursor); from 120 × 40 both are in sight
- `c` — the card in the card panel whole in a dialog (the panel has room for a few of its lines
  below 120 × 40); `Esc` goes back to the table
- `o` — every action of the other side's last turn, numbered, in the card panel's place (below
  120 × 40 the `last:` line shows one of them and how many more: `(+6 more: o)`, and your turn
  begins with them there until your first key); `o` again: the next ones
- what the other side did since it took over: `» P2 (AI) last: …` (over your side) in words, and
  marks on its cards (until it acts again): `★` the card that acted, `⚔` the card it attacked or
  blocked, `✦` the target of its {aimed}
"""


def lane_keys(examples: str, aimed: str, *, marks: bool = True) -> str:
    """The help's keys of the lanes in a game's words: `examples` of a card a selected card
    acts on (`the unit to attack, the being to equip`), `aimed` what aims at a card (`✦`);
    without the marks' line when the game says them its own way (`marks=False`)."""
    text = LANE_KEYS_TEXT.format(examples=examples, aimed=aimed)
    return text if marks else text[: text.index("- what the other side did since")]


class LaneTable(TableScreen):
    """The drawing of the lanes (both sides and the middle) on a `LaneBoard`, shared by
    the game screen and the replay screen; it takes no action (see `TableScreen`).
    Each game fills in `render_player_dense` / `render_player_roomy` / `render_middle`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_class("lanes-table")
        self.focus_uid: int | None = None  # the selected card (the game screen's; none in a replay)
        self.dense = True
        self.actionable: set[int] = set()
        self.pile_uids: set[int] = set()
        self.last_actor: int | None = None
        self.marks: dict[int, dict[int, str]] = {0: {}, 1: {}}  # per seat: uid -> mark
        # per seat: its last actions in words, and whether each named a card
        self.last_words: dict[int, list[tuple[str, bool]]] = {0: [], 1: []}

    def compose_table(self) -> ComposeResult:
        with LaneScroll(id="lanes"):
            yield LaneBoard(id="lane-board")

    def is_dense(self) -> bool:
        return not (self.has_class("-wide") and self.has_class("-tall"))

    # -- to be filled by each game ------------------------------------------------------------
    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        """One side's lane, in the layout the terminal's size calls for."""
        if self.dense:
            return self.render_player_dense(view, p, mine)
        return self.render_player_roomy(view, p, mine)

    def render_player_dense(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        raise NotImplementedError

    def render_player_roomy(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        raise NotImplementedError

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> list[Line]:
        return []

    # -- drawing ----------------------------------------------------------------------------
    def shown_marks(self) -> dict[int, str]:
        """The marks of the side whose last actions are shown (the game screen: the side
        that is not looking at the table now)."""
        return self.marks.get(self.marked_seat(), {})

    def selection(self) -> list[Action]:
        """The choices with the selected card (empty when none is selected)."""
        if self.focus_uid is None:
            return []
        return [a for a in self.legal if self.focus_uid in self.card_args(a)]

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        self.dense = self.is_dense()
        me = self.table_viewer()
        players = view.get("players", [])
        if len(players) < 2:
            return
        if self.focus_uid is not None and not self.selection():
            self.focus_uid = None
        sel = self.selection()
        if sel:
            actionable = {x for a in sel for x in self.card_args(a) if x != self.focus_uid}
        else:
            actionable = {a for act in legal for a in self.card_args(act)}
        self.actionable = actionable
        # cards of a dense pile drawn as chips: any card of a choice now
        self.pile_uids = {a for act in legal for a in self.card_args(act)}
        lines = self.render_player(view, players[1 - me], False)
        lines.append((FILL, []))  # a bounded lane region's spare rows: between the two sides
        lines += self.render_middle(view, decision)
        lines += self.render_last(me)
        own = self.render_player(view, players[me], True)
        lines += own
        home = next((seg.uid for _, segs in own for seg in segs if seg.uid is not None), None)
        board = self.query_one(LaneBoard)
        board.selected = self.focus_uid
        board.show(lines, actionable, home)

    def render_last(self, me: int) -> list[Line]:
        """What the other side did since it last took over, in words (its cards bear the marks)."""
        seat = self.marked_seat()
        said = self.last_said(seat)
        if not said:
            return []
        # the same words in a row once, counted (three cards set aside face down: `… ×3`)
        runs: list[tuple[str, bool, int]] = []
        for w, with_card in said:
            if runs and runs[-1][0] == w:
                runs[-1] = (w, runs[-1][1], runs[-1][2] + 1)
            else:
                runs.append((w, with_card, 1))
        telling = [r for r in runs if r[1]] or runs
        shown = telling[-2:]
        told = sum(n for _, _, n in shown)
        more = f" (+{len(said) - told} more in the log)" if len(said) > told else ""
        who = self.seat_name(seat)
        text = f" {LAST_MARK} {who} last: {' · '.join(w + (f' ×{n}' if n > 1 else '') for w, _, n in shown)}{more}"
        if self.dense:  # one line: the latest telling action and how many more
            w, _, n = telling[-1]
            told = n
            more = self.more_said(len(said) - told) if len(said) > told else ""
            room = max(20, self.app.size.width - 2 - len(more))
            head = f" {LAST_MARK} {who} last: "
            text = head + self.fit_last(w + (f" ×{n}" if n > 1 else ""), max(8, room - len(head))) + more
        return [("lane--middle", words(text, "lane--dim"))]

    def more_said(self, n: int) -> str:
        """Below 120 × 40, after the one action `last:` shows: how many more the side played, and
        where they are told (`(+4 in the log)`; the game's table: `o` lists them)."""
        return f" (+{n} in the log)"

    def last_said(self, seat: int) -> list[tuple[str, bool]]:
        """`seat`'s last actions in the words `last:` tells them (`last_words`; a game may tell one
        otherwise in the layout drawn now)."""
        return self.last_words.get(seat) or []

    def fit_last(self, words: str, width: int) -> str:
        """An action's words for the one-line `last:` (a game may keep other parts): its start,
        between words and a bracket whole or left out (`one_line`'s start: `Call Thalassa, the
        Deep Mother…`, not `… (rank 11, budget 1…`)."""
        return cut_start(words, width)

    def actor(self, player: int, action: Action, uids: list[int], after: Any) -> int | None:
        """The card that acts in `player`'s `action` (marked `★`): of the cards it names
        (`card_args`, `uids`) the first; None when it names none. `after`: the game the action
        made (None: the table's), for a table whose acting card the action does not name."""
        return uids[0] if uids else None

    def who(self, seat: int) -> str:
        return f"{GLYPH[seat]} {self.seat_name(seat)}"

    def head_style(self, seat: int) -> str:
        return f"lane--p{seat + 1}"

    # -- what the other side did -------------------------------------------------------------------
    def reset_marks(self) -> None:
        self.last_actor = None
        self.marks = {0: {}, 1: {}}
        self.last_words = {0: [], 1: []}

    def note_replayed(self, player: int, action: Action, words: str, before: Any, after: Any) -> None:
        """After Continue, and in a replay: the marks of the last actions (see TableScreen)."""
        self.note_action(player, action, words, after=after)

    def note_action(self, player: int, action: Action | None, words: str, *, after: Any = None) -> None:
        """Mark the cards of `player`'s action and keep its words for the `last:` line; `after`:
        the game the action made (None: the table's game), for a table that reads it."""
        if player != self.last_actor:
            self.last_actor = player
            self.marks[player] = {}
            self.last_words[player] = []
        if not isinstance(action, Action):
            self.last_words[player].append((words, False))
            return
        uids = self.card_args(action)
        actor = None if action.kind == "target" else self.actor(player, action, uids, after)
        # (an action with a card that acts or is aimed at tells what the side did: `last:` keeps it)
        self.last_words[player].append((words, bool(uids) or actor is not None))
        marks = self.marks[player]
        if action.kind == "target":
            for u in uids:
                marks[u] = MARK_AIMED
        elif actor is not None:
            marks[actor] = MARK_ACTOR
            for u in uids:
                if u != actor:
                    marks[u] = MARK_HIT if action.kind in HIT_VERBS else MARK_AIMED


class LaneDetail(CardDetail):
    """The lanes' card panel. The other side's last turn, shown there as your turn begins, is
    held (`held`) until your first key or click: the choice list's highlight and the table's
    cursor, drawn after it, took its place at once."""

    held = False

    def show_card(self, card: Mapping[str, Any] | None, note: str = "") -> None:
        if not self.held:
            super().show_card(card, note)


class LaneScreen(LaneTable, GameScreen):
    """Opponent's lane on top, the middle, your lane below.

    Two layouts from the same widgets (a CSS grid, see app.tcss): below
    120 × 40 the *dense* one — the lanes across the whole width with short
    card chips, the prompt under them, then the choices beside the card panel
    (which shares its place with the log: `t`); from 120 × 40 the *roomy* one —
    the lanes with every list in full, the choices and the card at the side,
    the log below. Dense, the lanes' rows are bounded and fixed, so the prompt
    and the choices stay in place all game: a crowded table scrolls in its
    `LaneScroll` (which says what is out of sight), a small one has its spare
    rows between the two sides."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "toggle_pane", "Card/log"),
        Binding("o", "last_turn", "Other side's turn", show=False),
        Binding("c", "card", "Card", show=False),
    ]

    LANE_KEYS = lane_keys("the unit to attack, the being to equip", "power, prayer, strategy or ability")
    ACTION_LIST: ClassVar[type[ActionList]] = ActionList  # a game's own choice list (The Scars')

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_class("game-lanes")
        self.tabbed = False  # the last key was Tab: the focus it moves shows the list's choice

    def seat_name(self, p: int) -> str:
        """`P1 (you)`, `P2 (AI)`, `P1` in hot-seat: the seat as the lanes' heads name it, in the
        status line, the log, the prompt and the dialogs alike (`seat_names`). The status line
        and the log said `Player 1 (you)` over the heads' `P1 (you)`: two names on one screen."""
        return super().seat_name(p).replace("Player ", "P", 1)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Grid(id="lane-grid"):
            yield from self.compose_table()
            yield Prompt(id="prompt")
            yield self.ACTION_LIST(id="actions")
            detail = LaneDetail(id="detail")
            detail.where = self.card_where  # (its title: the card's place when its name is not alone)
            yield detail
            yield GameLog(id="log")
        yield Footer()

    def focus_first(self) -> None:
        self.query_one(LaneBoard).focus()

    def on_mount(self) -> None:
        self.query_one(Prompt).fit_screen_width = self.is_dense()
        # `Tab` goes between the table and the choice list (LANE_KEYS): the lanes' scroll region
        # is no stop of its own (focused, it showed nothing and took the arrows from the cursor)
        self.query_one(LaneScroll).can_focus = False
        self.query_one(GameLog).hanging = True  # a long line goes on under its text (BHM too)

    def on_resize(self, event: Resize) -> None:
        # after Textual's own handler (which runs after this one) has set the size classes
        # (`-wide`, `-tall`) that `is_dense` reads; under an open dialog too
        self.call_later(self.relayout)

    def relayout(self) -> None:
        """The layout the size classes call for: dense or roomy lanes."""
        dense = self.is_dense()
        self.query_one(Prompt).fit_screen_width = dense
        if dense != self.dense:
            self.refresh_bindings()
        if dense != self.dense and self.view_data:
            self.dense = dense
            self.update_table(self.view_data, None if self.covered else self.session.decision, self.legal)
        self.dense = dense

    turn_told: tuple[Any, int] | None = None  # (turn, seat) whose start showed the last turn

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        super().update_table(view, decision, legal)
        lanes = self.query_one(LaneScroll)
        lanes.call_after_refresh(lanes.show_end)
        d = decision
        if (
            d is not None
            and self.can_act()
            and self.is_dense()
            and view.get("active") == d.player
            and self.last_actor == self.marked_seat() != d.player
            and len(self.last_said(self.marked_seat())) > 1
            and self.turn_told != (view.get("turn"), d.player)
        ):  # your turn begins below 120 × 40: the other side's last turn in the log's place
            self.turn_told = (view.get("turn"), d.player)
            self.call_after_refresh(self.show_last_turn, False, True)
        if self.focus_uid is None:
            self.query_one(Prompt).hint = ""
        board = self.query_one(LaneBoard)
        actionable = self.actionable
        if decision is not None and decision.kind in TARGET_KINDS and board.cursor_uid not in actionable:
            first = next((u for u in board.chip_uids() if u in actionable), None)
            if first is not None:
                board.move_to(first)
        if board.has_focus and decision is not None and legal and not actionable:
            self.query_one(ActionList).focus()  # nothing to point at: choose in the list
        if self.focus_uid is not None:
            self.narrow(self.focus_uid, refocus=False)

    # -- the card panel and the log share a place in the dense layout ----------------------------
    def show_pane(self, which: str) -> None:
        self.set_class(which == "log", "-show-log")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # the roomy layout shows the card panel and the log together: no `t` there
        return not (action == "toggle_pane" and not self.is_dense())

    def action_toggle_pane(self) -> None:
        self.show_pane("card" if self.has_class("-show-log") else "log")

    def on_key(self, event: Any) -> None:
        """(Textual calls `GameScreen.on_key` after this one, as it calls each class's handler:
        calling it here too ran it twice a key.) `t` from 120 × 40, where the card panel and the
        log are both in sight (the key, which switches them below that size, is not in the key bar
        there), says so: it did nothing; so does `e`, Hand of the Gods' key that ends the turn (no key
        does here: `NO_E_KEY`)."""
        self.query_one(LaneDetail).held = False
        if event.key == "t" and not self.is_dense() and not self.covered:
            self.query_one(Prompt).error = ROOMY_T
        if event.key == "e" and self.can_act():  # (it did nothing, silently)
            self.query_one(Prompt).error = NO_E_KEY
        if event.key in ("up", "down", "left", "right", "h", "j", "k", "l", "tab", "home", "end"):
            self.show_pane("card")
        self.tabbed = event.key in ("tab", "shift+tab")  # (`on_descendant_focus`)

    def action_card(self) -> None:
        """`c`: the card in the card panel whole in a dialog, as Hand of the Gods' `c` shows one (it
        did nothing here): below 120 × 40 the panel has room for a few of its lines."""
        detail = self.query_one(LaneDetail)
        detail.held = False  # (a key: the other side's actions held in the panel give way)
        card = detail.card
        if not card or not card.get("name"):
            self.query_one(
                Prompt
            ).error = "No card in the card panel: put the cursor on a card, then press c."
            self.app.bell()
            return
        place = detail.where(card) if detail.where is not None else ""
        shown = {**card, "where": place} if place else card
        title = f"{card['name']} ({place})" if place else str(card["name"])
        lines = (detail.card_layout or card_lines)(shown, detail.glossary, detail.explain_text).renderables
        # (the dialog's title names the card: its first line, the name again, is left out)
        self.app.push_screen(CardScreen(title, Group(*lines[1:])))

    def on_click(self, event: Any) -> None:
        self.query_one(LaneDetail).held = False  # (the card clicked is shown: `LaneDetail`)

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """The choice list taking the keyboard by `Tab` shows its highlighted choice in the card
        panel: the panel kept the table's card (`Enter: the 3 choices with this card`) until the
        list's cursor moved. (Not when the list gets the keyboard back after a dialog: the panel
        keeps the card the cursor went to.)"""
        tabbed, self.tabbed = self.tabbed, False
        if tabbed and isinstance(event.widget, ActionList):
            self.show_action_detail(event.widget.highlighted_action)

    # -- what the other side did -------------------------------------------------------------------
    def more_said(self, n: int) -> str:
        """`(+4 more: o)`: the key that lists them (`action_last_turn`), where the log shows six
        lines of them at 80 × 24 (`(+4 in the log)` said where, not how to read them)."""
        return f" (+{n} more: o)"

    last_page = 0  # the page of the other side's last turn shown (`action_last_turn`)

    def action_last_turn(self) -> None:
        self.show_last_turn(True)

    def show_last_turn(self, again: bool, start: bool = False) -> None:
        """`o`: every action of the other side's last run (the `last:` line's, which shows two, or
        one below 120 × 40, `(+6 more: o)`) in words, numbered, in the card panel's place: at
        80 × 24 the log shows six lines of a turn's many more. `o` again: the next page of them
        (its last line says which of how many), after the last the first. The arrows: the card
        panel again. Below 120 × 40 your turn begins with them (`update_table`, `start`: while
        the decision is yours; a step the table takes for you, `no_choice_step`, may come first)."""
        if start and not self.can_act():
            return
        detail = self.query_one(LaneDetail)
        detail.held = start  # (until your first key or click: `on_key`)
        again = again and detail.note == LAST_TURN_NOTE and not self.has_class("-show-log")
        seat = self.marked_seat()
        said = self.last_said(seat)
        who = self.seat_name(seat)
        if not said:
            self.query_one(Prompt).error = f"{who} has not played yet."
            self.app.bell()
            return
        runs: list[tuple[str, int]] = []
        for w, _ in said:
            if runs and runs[-1][0] == w:
                runs[-1] = (w, runs[-1][1] + 1)
            else:
                runs.append((w, 1))
        lines = [f"{LAST_MARK} {who.split(' ')[0]}'s last {plural(len(said), 'action')}:"]
        lines += [f"{i}. {w}" + (f" ×{n}" if n > 1 else "") for i, (w, n) in enumerate(runs, 1)]
        self.last_page = self.last_page + 1 if again else 0
        detail.card, detail.note = None, LAST_TURN_NOTE
        self.show_pane("card")
        self.page_last_turn(lines)
        self.call_after_refresh(self.page_last_turn, lines)  # (its size, once shown)

    def page_last_turn(self, lines: list[str]) -> None:
        """One page of `lines` in the card panel (`last_page`), its last line the key to the next."""
        detail = self.query_one(CardDetail)
        if detail.note != LAST_TURN_NOTE:
            return
        # (while the panel waits to be shown: the log's place, less the panel's padding)
        log = self.query_one(GameLog).content_size
        width = detail.content_size.width or max(8, log.width - 2)
        height = detail.content_size.height or log.height or 6
        rows = DigestLines(lines, heads=False).plain(width)
        per = max(1, height - 1)
        pages = max(1, -(-len(rows) // per))
        page = self.last_page % pages
        tail = ""
        if pages > 1:
            tail = f"o: more ({page + 1}/{pages})" if page + 1 < pages else f"o: the first ({pages}/{pages})"
        detail.update(DigestLines(rows[page * per : (page + 1) * per], tail, heads=False))

    def log_action(self, game: Game, player: int, words: str, events: list[Any]) -> None:
        action = game.history[-1] if game.history else None
        self.note_action(player, action, self.last_told(action, words, events), after=game)
        super().log_action(game, player, words, events)
        if player != self.session.viewer(game) or self.session.is_ai_turn(game):
            self.show_pane("log")

    def last_told(self, action: Action | None, words: str, events: list[Any]) -> str:
        """The words `last:` keeps of the action just applied (`words`, its `events`)."""
        return words

    # -- choosing cards ------------------------------------------------------------------------------
    def on_lane_board_card_chosen(self, message: LaneBoard.CardChosen) -> None:
        self.action_inspect(message.uid)

    def on_lane_board_card_highlighted(self, message: LaneBoard.CardHighlighted) -> None:
        if message.uid is None:
            return
        self.look_at(("card", message.uid))
        card = find_cards(self.view_data).get(message.uid)
        sel = self.selection()
        if sel and message.uid != self.focus_uid:
            n = len([a for a in sel if message.uid in self.card_args(a)])
            name = find_cards(self.view_data).get(self.focus_uid or -1, {}).get("name", "the selection")
            note = (
                f"Enter: {plural(n, 'choice')} of {name} with this card" if n else f"not a choice of {name}"
            )
        else:
            n = len([a for a in self.legal if message.uid in self.card_args(a)])
            d = self.session.decision
            if n == 1 and d is not None and d.kind in TARGET_KINDS:
                note = "Enter: choose this card"
            else:
                note = (
                    "Enter: the choice with this card"
                    if n == 1
                    else f"Enter: the {n} choices with this card"
                    if n
                    else "no choice with this card now"
                )
        self.query_one(CardDetail).show_card(card, note)

    def refusal(self, uid: int, templates: list[Action], keep: int | None = None) -> str | None:
        """The engine's reason against `uid` in the place of a card of a legal
        action (the card `keep` stays): e.g. why that unit is not a target."""
        game = self.session.game
        for a in templates:
            for i, x in enumerate(a.args):
                if not isinstance(x, int) or x == keep:
                    continue
                trial = Action(a.kind, tuple(uid if j == i else y for j, y in enumerate(a.args)))
                try:
                    game.check(trial)
                except IllegalAction as exc:
                    return exc.reason
                except Exception:  # a malformed trial: no reason to give
                    continue
                return None
        return None

    def action_inspect(self, uid: int) -> None:
        cards = find_cards(self.view_data)
        card = cards.get(uid)
        name = (card or {}).get("name", "this card")
        prompt = self.query_one(Prompt)
        if not self.can_act():
            self.query_one(CardDetail).show_card(card, "not your decision now")
            prompt.error = "Wait: it is not your decision now."
            return
        d = self.session.decision
        sel = self.selection()
        if sel and uid != self.focus_uid:  # the second card of a choice: source, then target
            source = cards.get(self.focus_uid or -1, {}).get("name", "the selected card")
            pair = [a for a in sel if uid in self.card_args(a)]
            if len(pair) == 1:
                self.choose(pair[0])
                return
            if pair:
                self.show_choices(pair)
                self.query_one(ActionList).focus()
                return
            reason = self.refusal(uid, sel, keep=self.focus_uid)
            prompt.error = f"{name}: {reason}" if reason else f"{source} has no choice with {name}."
            self.app.bell()
            return
        involved = [a for a in self.legal if uid in self.card_args(a)]
        if uid == self.focus_uid and involved:
            self.query_one(ActionList).focus()  # Enter again on the selection: to its choices
            return
        if involved and len(involved) == 1 and d is not None and d.kind in TARGET_KINDS:
            self.choose(involved[0])
            return
        if involved:
            self.query_one(CardDetail).show_card(
                card, f"{plural(len(involved), 'choice')} with this card — Esc: all"
            )
            self.focus_uid = uid
            self.refresh_view()
            self.narrow(uid)
            return
        self.query_one(CardDetail).show_card(card, "no choice with this card now")
        if d is not None and d.kind in TARGET_KINDS:
            reason = self.refusal(uid, self.legal)
            prompt.error = (
                f"{name}: {reason}" if reason else f"{name} is not a choice: ▸ marks the cards that are."
            )
            self.app.bell()
        elif any(self.card_args(a) for a in self.legal):
            prompt.error = f"No choice with {name} now: ▸ marks the cards with one (Tab: the list)."
        else:  # the keyboard stays on the table: a second Enter, meant for another card, would
            # take the list's first choice (`Done`, `Go to combat`) unasked
            prompt.error = f"No choice with {name} now: choose in the list (Tab: the list)."

    def show_choices(self, actions: list[Action]) -> None:
        self.query_one(ActionList).show([(a, self.choice_words(a)) for a in actions])

    def narrow(self, uid: int, refocus: bool = True) -> None:
        involved = [a for a in self.legal if uid in self.card_args(a)]
        if not involved:
            self.focus_uid = None
            return
        self.show_choices(involved)
        others = {x for a in involved for x in self.card_args(a) if x != uid}
        board = self.query_one(LaneBoard)
        on_board = others & set(board.chip_uids())
        name = find_cards(self.view_data).get(uid, {}).get("name", "the card")
        if on_board:
            self.query_one(Prompt).hint = f"● {name}: Enter on a ▸ card · Tab: the list · Esc: drop"
            if refocus:
                board.focus()
                if board.cursor_uid not in on_board:
                    board.move_to(next(u for u in board.chip_uids() if u in on_board))
        elif refocus:
            self.query_one(Prompt).hint = f"● {name}: pick one of its choices · Esc drops it"
            self.query_one(ActionList).focus()

    def action_cancel(self) -> None:
        super().action_cancel()
        if self.focus_uid is not None:
            self.focus_uid = None
            self.query_one(Prompt).hint = ""
            self.refresh_view()
            self.query_one(LaneBoard).focus()

    def after_human_action(self) -> None:
        """(A choice made with the other side's last turn in the card panel's place: the log again,
        which tells the choice, as it did before your turn began with that list.)"""
        self.query_one(Prompt).hint = ""
        if self.query_one(LaneDetail).note == LAST_TURN_NOTE and not self.has_class("-show-log"):
            self.show_pane("log")
        if self.focus_uid is not None:
            self.focus_uid = None
            self.query_one(LaneBoard).focus()

    # -- the board answers target decisions; the dialog only when asked (`d`) -----------------------
    def maybe_open_dialog(self, force: bool = False) -> None:
        d = self.session.decision
        if not force and d is not None and d.kind in TARGET_KINDS and self.legal:
            uids = {x for a in self.legal for x in self.card_args(a)}
            board = self.query_one(LaneBoard)
            if uids and uids <= set(board.chip_uids()):
                if self.can_act():
                    board.focus()
                return
        super().maybe_open_dialog(force)


class LaneReplayScreen(LaneTable, ReplayScreen):
    """A lane game replayed on its own lanes (read-only); each game's `REPLAY`
    adds its drawing: `class BhmReplayScreen(BhmTable, LaneReplayScreen)`."""


__all__ = [
    "LaneReplayScreen",
    "LaneScreen",
    "LaneTable",
    "Line",
    "Seg",
    "bar",
    "chip",
    "chips",
    "pile",
    "short",
    "words",
]
