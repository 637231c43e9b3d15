"""Hand of the Gods: the 5 × 9 grid board.

Reads `HotgGame.view()` (see its docstring): "board" cells hold unit uids,
"units" the unit dicts, "players" mana/stone/hand/deck/graveyard, "decision"
the pending choice. A selection (a unit, a hand card, the Leader Ability, a
Warcry) marks on the board where it can go or whom it can hit — the marks are
the legal actions of the engine, matched by their arguments, so the board
never decides a rule itself. Anything the board cannot point at (revealed
cards, spells without a target) is in the choice list below.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from common.errors import IllegalAction
from common.events import Event
from common.game import Action, Decision, Game
from tui.digits import typed_words
from tui.log_words import aimed_uid, hotg_round, opening_said, unit_label, whose, with_whose
from tui.scenarios import scenario_header
from tui.screens.card import CardScreen
from tui.screens.decide import Tile, TileDialog
from tui.screens.game import GameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import STATUS_PHASES, TableScreen
from tui.turn_digest import MANA, DigestLines, TurnDigest
from tui.widgets.actions import ActionList
from tui.widgets.detail import CardBox, CardDetail, find_cards, text_terms
from tui.widgets.footer import Footer
from tui.widgets.grid import OWNER_GLYPH, CellView, GridBoard
from tui.widgets.hand import HandCard, HandRow, clip
from tui.widgets.hanging_list import HangingActionList, fit_note
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt, StatusBar, sentence
from tui.wording import plural

MARK_MOVE, MARK_ATTACK, MARK_DEPLOY, MARK_TARGET = "»", "×", "+", "◎"
# The name a revealed card's tile title shows whole below 120 columns (three tiles of 24
# columns: `┏━ ▶ 1. Hermes' Reca… ━┓`); with a longer one the names open the tiles' text.
REVEAL_TITLE_ROOM = 13
# The Summoning Stone's own words (the card data's), said to a player about the other side's
# stone; the card panel says it from the viewer's side (`stone_words`).
STONE_GOAL = "Destroy the enemy's to win."

# What the card panel says of an empty cell under the cursor, by the mark the last side's actions
# left there (`2,3 — an empty cell; ◇ a unit left it`): the panel was blank.
EMPTY_CELL_MARKS = {"◇": "; ◇ a unit left it", "✝": "; ✝ a unit died here"}

STATUS_MARKS = [  # (unit-view flag, mark): shown after attack/health
    ("exhausted", "z"),
    ("stunned", "!"),
    ("stealth", "~"),
    ("guard", "G"),
    ("silenced", "S"),
    ("resurrection", "R"),
]
# The board's marks of a selection, as the prompt names them (`● Hoplite: » move, × attack`).
SELECTION_MARKS = [
    (MARK_MOVE, "move"),
    (MARK_ATTACK, "attack"),
    (MARK_DEPLOY, "deploy"),
    (MARK_TARGET, "target"),
]
STATUS_WORDS = [  # (unit-view flag, word): the third line of a cell on a tall terminal
    ("exhausted", "exhausted"),
    ("stunned", "stunned"),
    ("stealth", "stealth"),
    ("guard", "guard"),
    ("silenced", "silenced"),
    ("resurrection", "resurrection"),
]


def unit_cell_lines(stats: str, marks: str, words: str, change: str, width: int) -> tuple[str, str, str]:
    """A unit's attack/health line in a two-line cell, the same in a three-line cell, and that
    cell's third line. In three lines the states are said once, in words (`2/3`, `exhausted`);
    the marks stay after the stats (`2/3z`) only when the words do not fit whole. The last
    health change (`-1`) follows the stats when it fits, else it opens the third line. In two
    lines the health and its change matter most: the marks give way to the change, the last
    first (`2/1-3` in a narrow cell, not `2/1G` without the `-3`; the card panel and `c` say
    the states)."""
    bottom = stats + marks
    tall = stats if len(words) <= width else bottom
    extra = words if len(words) <= width else clip(words, width)

    def with_change(line: str) -> str | None:
        if len(line) + 1 + len(change) < width - 1:  # `2/1 -1`, as a stone's `♥24 -1`
            return f"{line} {change}"
        if len(line) + len(change) < width - 1:  # `2/1-1` in a narrow cell
            return line + change
        return None

    if change:
        kept = (with_change(stats + marks[:n]) for n in range(len(marks), -1, -1))
        bottom = next((line for line in kept if line is not None), bottom)
        changed = with_change(tall)
        if changed is None:
            extra = clip(f"{change} {words}".strip(), width)
        else:
            tall = changed
    return bottom, tall, extra


# The prompt while the AI plays its turn (the status line says whose turn it is, and that it
# thinks): that it thinks until its first action, then what it did last, in plain words
# (`HotgScreen.ai_turn_prompt`). It said `The AI plays: ★ marks on the board what it did, the log
# tells it` all turn long, and the log was not in sight at 80 × 24.
# (not "is thinking": the status line above says `⧗ AI is thinking…`; session 41)
AI_THINKS = "The opponent's turn: what it does shows here and ★ on the board"
AI_DID = "The opponent did: "

# The help's title names the game (`Hand of the Gods — press Esc to close`): this part is headed
# by where its keys act, not by the game's name again.
HOTG_KEYS = """
**At the table**

- `←↑↓→` or `h` `j` `k` `l` — move the board cursor; `Enter`/`Space` or a click — choose the cell
- choose one of your units: `»` marks where it can move, `×` whom it can attack; choose a marked cell to do it (the cursor stays on the unit: the arrows go from it to a mark, `Enter` there does it; `Enter` on the unit again drops it)
- `Tab` — go to your hand (`←` `→`, `Enter` picks a card: `+` marks where a unit can be deployed, `◎` a spell's targets); `Tab` again — the list of choices at the bottom (`Enter` does the highlighted one), then back to the board
- `a` — the Leader Ability · `w` — the selected unit's Warcry · `e` — end the turn
- `c` — the card under the cursor (a unit, a card of your hand, a choice's card) whole, with its
  keywords explained and whose it is; `Esc` goes back to the table
- `Esc` — drop the selection (the prompt names it and its marks: `● Hoplite: » move, × attack`)
  · the list at the bottom has every legal choice too (`Play Oracle of Delphi: 9 cells` picks
  the card, then its cells are marked and listed; `Play either Marksman` for two copies alike)
- `o` — the other side's last turn again (see below)
- `PgDn` `PgUp` — scroll the card panel when its words go on out of sight (its bottom edge says
  `▼ PgDn`, `▲ PgUp`), or the log where it has the panel's place (`t`); the mouse wheel too

**The turns**: the status line says `round 4 · P1 (you) to play`. A turn is one player's, as the
rules count it ("until your next turn"); a round is each player's turn once, P1's then P2's:
round 4 is P1's 4th turn and P2's 4th (your first turn has 1 mana, each next one 1 more; a
scenario that starts on P2's turn: P1's next turn opens the next round). The log says `Round 4: P1's
turn`, and names the players as their bars do: `P1`, `P2`.

**On the board**: a cell is named `row,column` (`2,3`: the numbers at the edges; the log and the
choices say it); `·` an empty cell; `►` P1's (the left stone), `◄` P2's (the right stone), `◆`
neutral; `STONE` a Summoning Stone, `♥25` its health, `guarded` while a Guard unit of its side
stands by it (no enemy attack or Warcry may aim at it, HG-63);
a unit shows `attack/health`, then its states: on a tall terminal in words on a third line
(`exhausted`), else as marks: `z` exhausted, `!` stunned, `~` stealth, `G` guard,
`S` silenced, `R` resurrection; `✗` a cell kept by a banished unit (`banished`, its name after
the mark); `[ ]` the selected unit; the cursor's cell is in reverse video (its cell is named in
the card panel's first line).

**What the last side did** (kept until the other side acts, top-right corner of a cell):
`★` the unit that moved, attacked or was deployed, `⚔` the unit it attacked, `✦` a spell's or
ability's target, `◇` the cell a unit left (it moved, went back to the hand…), `✝` a unit died
there; `-3`/`+2` its health change (the log says it in words: `… deals 2 damage to P2's Hoplite
(1 left)`; one no event line says, with the side's mark: `⤷ ◄Hoplite +3 (♥6)`).

**The other side's last turn**: when your turn begins, the card panel's place says what the other
side did, titled `P2's last turn`, after what you drew (`You drew Spartan: key 5`, the key that
picks it), one line each, led by the board's marks: `♥ Stones:` their health before → after,
`✝ Died:`, `⚔ Attacked:` (`◄Loki → your stone −4`), `★ Deployed:` (the unit and its cell),
`✦ Used:` the spells, abilities and Warcries, `→` their targets (`Bolt → ◄Fenrir 3,3`),
`◇ Moved:`, `± Health:` of the units still standing (`PgDn` for the rest). The arrows bring the card panel back; `o` the digest again.

**Player bars**: `►`/`◄` the side, `P1 (you)` the seat (`P1` in crowded bars: the status line says
whose turn is yours), its god, then `♥` the Summoning Stone's health, mana, hand, deck and
graveyard (`h5 d20 g0` in a crowded bar), then the Leader Ability (`a:` before yours: its key), its
cost and its state: `ready` (you can use it now), `used` (this turn), `no target` (your turn and
mana enough, but nothing it may aim at now), `not now` (`—` in a crowded bar, and once the game is
over). What a crowded bar leaves out, the other bar leaves out too.

**Hand**: `1▸Marksman (2) 2/1 │ 2 Magic Shell (1) ✦` — each card after its number key, its cost
in brackets, then attack/health (`✦` a spell); `▸` playable now; `│` between two cards.
The card panel shows the card or unit under the cursor, its first line the cell and whose unit it
is: `2,3 — P2's unit` (a Summoning Stone: its side's leader and
Leader Ability). A unit whose activated Warcry is unused reads `Warcry ready` (`w` uses it now) or
`Warcry later` (not now: deployed this turn, stunned, nothing to aim at, or not its side's turn);
moving or attacking loses it. At 80 × 24 the card panel and the log share a place: `t` switches
between them.
"""


def hotg_card_body(c: dict[str, Any]) -> str:
    """A card's kind, cost, attack/health and text (hand cards, revealed cards)."""
    kind = str(c.get("kind", "")).capitalize()
    line = f"{kind} · cost {c.get('cost', '?')}"
    if c.get("kind") in ("unit", "stone") and c.get("attack") is not None:  # not a spell, not a blessing
        line += f" · {c.get('attack')}/{c.get('health')}"
    extra = []
    if c.get("movement"):
        extra.append(f"move {c['movement']}")
    if c.get("range") and c.get("range") != 1:
        extra.append(f"range {c['range']}")
    if c.get("subtypes"):
        extra.append(", ".join(map(str, c["subtypes"])))
    out = line + ("\n" + " · ".join(extra) if extra else "")
    if c.get("text"):
        out += "\n" + str(c["text"])
    return out


UNIT_STATES = [  # (unit-view flag, word) in the card panel's first line
    ("exhausted", "exhausted"),
    ("stunned", "stunned"),
    ("stealth", "stealth"),
    ("guard", "guard"),
    ("silenced", "silenced"),
    ("warcry_ready", "Warcry later"),  # (see `warcry_word`)
    ("resurrection", "resurrection"),
    ("banished", "banished"),
]


def warcry_word(card: Mapping[str, Any]) -> str:
    """An unused activated Warcry as the legal actions have it (HG-72): `Warcry ready` (its
    side can use it now), else `Warcry later` (deployed this turn, stunned, the other side's turn)."""
    return "Warcry ready" if card.get("warcry_usable") else "Warcry later"


def hotg_card_lines(card: Mapping[str, Any], glossary: Mapping[str, str], explain_text: bool) -> Group:
    """A card or unit in the card panel, its text on the third line at the latest (at 80 × 24
    the panel has four): `Spartan · cost 3 · 2/4 · move 2`, `Transfusion · spell · cost 2`, a unit on the board
    `Hoplite · 2/1 (max 3) · move 2 · exhausted`, then its text, the glossary terms its text
    names, and last its pantheon and rarity."""
    head = Text(str(card.get("name") or card.get("id") or "card"), style="bold")
    facts: list[str] = []
    on_board = card.get("row") is not None
    if card.get("kind") == "spell":  # a unit says its attack/health
        facts.append("spell")
    if not on_board and card.get("cost") is not None:
        facts.append(f"cost {card['cost']}")
    hp, top = card.get("health"), card.get("max_health")
    top_word = f" (max {top})" if top not in (None, hp) else ""
    if card.get("id") == "summoning_stone":  # no attack, ever (HG-02)
        facts.append(f"health {hp}{top_word}")
    elif card.get("kind") != "spell" and hp is not None:
        facts.append(f"{card.get('attack')}/{hp}{top_word}")
    if card.get("movement"):
        facts.append(f"move {card['movement']}")
    if card.get("range") not in (None, 0, 1):
        facts.append(f"range {card['range']}")
    text = str(card.get("text") or "")
    if card.get("protect") and f"Protect {card['protect']}" not in text:  # given, not its own
        facts.append(f"Protect {card['protect']}")
    facts += [
        warcry_word(card) if flag == "warcry_ready" else word for flag, word in UNIT_STATES if card.get(flag)
    ]
    immune = "Immune: " + ", ".join(map(str, card.get("immune") or []))
    if card.get("immune") and immune not in text:  # its text says it (Achilles: `Immune: enemy spells.`)
        facts.append(immune)
    if facts:
        head.append(" · " + " · ".join(facts))
    parts = [head]
    if text:
        parts.append(Text(text))
    side = str(card.get("side") or "")
    for term in text_terms(text, glossary, set()) if explain_text else []:
        line = Text("• ")
        line.append(term, style="bold")
        line.append(f" — {from_side(glossary[term], side) if side else glossary[term]}")
        parts.append(line)
    origin = " · ".join(str(card[k]) for k in ("pantheon", "rarity") if card.get(k))
    if origin:
        parts.append(Text(origin, style="dim"))
    return Group(*parts)


def from_side(words: str, side: str) -> str:
    """A glossary explanation (written to the reader: `your god's power`) for a card of the
    other side `side` (`P2`): `P2's god's power`, `P2's stone … Lose it and P2 loses`."""
    return (
        words.replace("your god's", f"{side}'s god's")
        .replace("your stone", f"{side}'s stone")
        .replace("Lose it and you lose", f"Lose it and {side} loses")
    )


def stone_words(text: str, yours: bool) -> str:
    """A Summoning Stone's text from the viewer's side: the card's `Destroy the enemy's to
    win.` reads `If it is destroyed you lose.` on your stone, `Destroy it to win.` on the
    enemy's."""
    return text.replace(STONE_GOAL, "If it is destroyed you lose." if yours else "Destroy it to win.")


def hand_label(c: dict[str, Any]) -> str:
    """`Marksman (2) 2/1` for a unit, `Magic Shell (1) ✦` for a spell: cost in brackets
    (the whole name: the hand cuts it with "…" when it is crowded)."""
    stats = (
        f"{c.get('attack')}/{c.get('health')}"
        if c.get("kind") != "spell" and c.get("attack") is not None
        else "✦"
    )
    return f"{c['name']} ({c.get('cost', '?')}) {stats}"


def hand_keys(k: int) -> str:
    """The number keys of a hand of `k` cards: `key 1`, `keys 1–4`, `keys 1–10: 10 is 1 then 0`."""
    if k == 1:
        return "key 1"
    return f"keys 1–{k}" + (f": {k} is {k // 10} then {k % 10}" if k >= 10 else "")


def short(name: str, width: int) -> str:
    """A name cut to fit a cell: as much of it as fits, then "…" (`Oracle of…`, `Hopli…`)."""
    return clip(name, width)


class TargetLines:
    """A target in the card panel (`HotgCardDetail.show_target`): its `target` lines (its name
    and stats, what Enter does), the words `said` of what that does, then the `rest` of the
    card. When the first two do not fit the height of the `panel` (a long name at 80 × 24:
    `Terracotta Warrior · 1/2 (max 4) · move 1` on two lines), the target's lines are cut, the
    last first, each to one line with `…`, not the words of what Enter does; what Enter does
    keeps its target whole as the choice list does (`2,8 — Enter: Cast… on P2's Stone`, not
    `… Cast Thunder of Olympu…`), else without its cell and verb (`Enter: P2's Terracotta Warrior`,
    not `3,4 — Enter: Target P2's Terracotta…`, `fit_note`).
    Measured when drawn: the panel's height is known then (not while the log has its place)."""

    def __init__(
        self, panel: Static, target: list[Text], said: list[Text], rest: list[Any], note_at: int = -1
    ) -> None:
        self.panel, self.target, self.said, self.rest = panel, target, said, rest
        self.note_at = note_at  # which of the `target` lines says what Enter does (-1: none)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = (
            self.panel.room() if isinstance(self.panel, HotgCardDetail) else self.panel.content_size.height
        )
        target = [text.copy() for text in self.target]

        def rows() -> int:
            return sum(
                1 if text.no_wrap else len(text.wrap(console, width)) for text in (*target, *self.said)
            )

        for i in reversed(range(len(target))):
            if height <= 0 or rows() <= height:
                break
            text = target[i]
            if i == self.note_at:  # what Enter does: its target kept whole (`… on P2's Stone`)
                text = target[i] = Text(fit_note(text.plain, width), style=text.style)
            text.no_wrap, text.overflow = True, "ellipsis"
        yield Group(*target, *self.said, *self.rest)


class HotgCardDetail(CardDetail):
    """The card panel, which also shows a target: its first line (name and stats), then what
    Enter does to it (`Enter: Target P2's Hoplite at 2,3`), then the words of what that does
    (`Valkyrie: Warcry: Execute …`), so that at 80 × 24 (four lines) a spell's text pushes
    neither the target's health nor what Enter does out of sight, and these push not the words
    of what Enter does out of sight (`TargetLines`: they are cut to fit). The target's own
    text comes after them with its name (`Spartan: Aura: …`), not as more of those words."""

    _said: tuple[Any, str] | None = None  # the card and note last shown (`update`)
    # the box's title while the panel shows a turn's digest (`HotgScreen.show_digest`), else ""
    digest_title = ""

    def room(self) -> int:
        """The lines in sight: those of the box that scrolls it (the table's `#info`), else its own."""
        box = self.parent
        if isinstance(box, VerticalScroll):
            return box.scrollable_content_region.height
        return self.content_size.height

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """New words from their first line: the box that scrolls the panel back to its top when
        it shows another card or says another thing of it (not when the same is drawn again)."""
        said = (None if self.card is None else self.card.get("uid", self.card.get("name")), self.note)
        if said != self._said:
            self._said = said
            if isinstance(self.parent, VerticalScroll):
                self.parent.scroll_home(animate=False)
        digest = isinstance(content, DigestLines)
        if not digest and self.digest_title:  # a card in the digest's place: the box's own title
            self.digest_title = ""
            retitle = getattr(self.screen, "title_card_box", None) if self.is_attached else None
            if callable(retitle):
                retitle()
        super().update(content, layout=layout)

    def show_target(self, card: Mapping[str, Any], note: str, doing: str = "") -> None:
        self.card, self.note = card, f"{doing} {note}".lstrip()
        parts = list(hotg_card_lines(card, self.glossary, self.explain_text).renderables)
        target = [part for part in parts[:1] if isinstance(part, Text)]
        if note:
            target.append(Text(note, style="italic"))
        said = [Text(doing, style="italic")] if doing else []
        text = str(card.get("text") or "")
        if doing and text:  # its own text named, not read as the words of what Enter does
            for i, part in enumerate(parts):
                if i and isinstance(part, Text) and part.plain == text:
                    if doing == f"{card.get('name')}: {text}":  # the Warcry's own unit: said once
                        del parts[i]
                    else:
                        parts[i] = Text.assemble((f"{card.get('name')}: ", "bold"), part)
                    break
        self.update(TargetLines(self, target, said, parts[1:], len(target) - 1 if note else -1))

    def show_last(self, card: Mapping[str, Any], note: str) -> None:
        """`card` with `note` (`in your hand`) after its words, not over them."""
        self.card, self.note = card, note
        parts = list(hotg_card_lines(card, self.glossary, self.explain_text).renderables)
        self.update(Group(*parts, Text(note, style="italic")))


def drawn_words(before: Mapping[str, Any], after: Mapping[str, Any], seat: int) -> str:
    """`You drew Spartan: key 5`: the cards `seat`'s hand has after its turn's start and had not
    before it (its own views), each with the number key that picks it; an empty deck's draw
    (its fatigue counted up) in words; "" if neither. The digest of the other side's turn opens
    with it: at 80 × 24 the log, which said `You draw Spartan`, was behind `t` then."""

    def hand(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        mine = [p for p in view.get("players", []) if p.get("seat") == seat]
        return list(mine[0].get("hand") or []) if mine else []

    def fatigue(view: Mapping[str, Any]) -> int:
        mine = [p for p in view.get("players", []) if p.get("seat") == seat]
        return int(mine[0].get("fatigue") or 0) if mine else 0

    had = {c.get("uid") for c in hand(before)}
    new = [f"{c.get('name')}: key {i}" for i, c in enumerate(hand(after), 1) if c.get("uid") not in had]
    if new:
        return "You drew " + " · ".join(new)
    if fatigue(after) > fatigue(before):
        return f"You drew nothing: your deck is empty (fatigue {fatigue(after)})"
    return ""


class HotgPrompt(Prompt):
    """The decision in words and a refusal under it, in the table's two rows (`.game-hotg
    Prompt`); a refusal too long for the row under the decision takes both rows, so that it is
    read whole at 80 × 24 (`✗ Oracle of Delphi cannot reach 2,2 (movement 2, orthogonal steps,
    not through enemies)` lost its end). The decision's words come back with the next choice."""

    def render(self) -> str:
        if self.error:
            refusal = f"✗ {sentence(self.error)}"
            width = self.content_size.width
            if width and len(refusal) > width:
                return refusal
        return super().render()


class HotgTable(TableScreen):
    """The drawing of the Hand of the Gods table (player bars, grid, hand), shared by
    the game screen and the replay screen; it takes no action (see `TableScreen`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the selection of the game screen (none in a replay):
        # ("unit", uid) | ("card", uid) | ("ability",) | ("warcry", uid) | None
        self.selected: tuple[Any, ...] | None = None
        self.cell_actions: dict[tuple[int, int], Action] = {}
        # What the side that acted last did this turn (shown until the other side acts).
        self.last_seat: int | None = None
        self.last_units: dict[int, str] = {}  # uid → '★' acted, '⚔' attacked, '✦' aimed at
        self.last_cells: dict[tuple[int, int], str] = {}  # empty cell → '◇' left, '✝' died
        self.last_delta: dict[int, int] = {}  # uid → health change
        # each seat's last turn (or the one it plays) in a few lines, for the other side to read
        self.digests: dict[int, TurnDigest] = {}
        # The last drawing and the cell width its names were cut to (see `redraw_if_resized`).
        self.table_args: tuple[dict[str, Any], Decision | None, list[Action]] | None = None
        self.cursor_placed: tuple[Any, ...] | None = None  # see `cursor_to_mark`
        # whose turn the board cursor was last put at the stone of (it starts on P1's: the second
        # seat's first turn puts it on P2's, a hot-seat hand-over on the next player's)
        self.cursor_seat = 0
        self.listed_dense = False  # the choices were listed for below 120 × 40 (`filter_actions`)
        # the choices listed for a card's or a unit's cells, each as one, and their words
        # (`HotgScreen.gather_cells`): not actions of the engine
        self.gathered: dict[Action, str] = {}
        # choices of copies of a card in the hand, in the words that tell them apart (`copies_told`)
        self.told_copies: dict[Action, str] = {}
        self.drawn_width = 0

    def compose_table(self) -> ComposeResult:
        yield Static(id="bar-top", classes="player-bar")
        yield GridBoard(5, 9, id="board")
        yield Static(id="bar-bottom", classes="player-bar")
        yield HandRow(id="hand")

    # -- who is who --------------------------------------------------------------------------
    def seat_name(self, p: int) -> str:
        """`P1 (you)`, `P2 (AI)`, `P1` in hot-seat: the seat as its bar names it, and the engine's
        events (`Turn 6: P2`, `P2's Hoplite`), in the status line, the log and the dialogs alike
        (`seat_names`), not `Player 1` in some lines and `P1` in others."""
        return super().seat_name(p).replace("Player ", "P", 1)

    def status_words(self, d: Decision | None) -> str:
        """`round 4 · P1 (you) to play`: the turns counted as the players count theirs (round 4:
        each player's 4th turn, `hotg_round`), as the log's `Round 4: P1's turn`, not the
        engine's count of both players' turns (`turn 7`, P1's 4th)."""
        rnd = self.round_of(self.view_data)
        parts = [f"round {rnd}"] if rnd else []
        if d is not None:
            parts.append(f"{self.seat_name(d.player)} {STATUS_PHASES.get(d.kind, 'to decide')}")
        return " · ".join(parts)

    @staticmethod
    def round_of(view: Mapping[str, Any]) -> int | None:
        """The round of the view's turn, whose turn it is (`active`: `hotg_round`); None
        without a turn count."""
        turn, active = view.get("turn"), view.get("active")
        if not isinstance(turn, int) or isinstance(turn, bool):
            return None
        return hotg_round(turn, active if isinstance(active, int) else 0)

    def me(self) -> int:
        return self.table_viewer()

    def unit_at(self, view: dict[str, Any], r: int, c: int) -> dict[str, Any] | None:
        cell = view.get("board", [[None] * 9] * 5)[r][c]
        if not cell:
            return None
        uid = cell.get("uid", cell.get("banished"))
        for u in view.get("units", []) + view.get("banished", []):
            if u["uid"] == uid:
                return u
        return None

    def units_by_uid(self, view: dict[str, Any]) -> dict[int, dict[str, Any]]:
        return {u["uid"]: u for u in view.get("units", []) + view.get("banished", [])}

    # -- drawing: the view, the marks of the selection and of the last actions ----------------------
    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        if self.selected is not None and not self.selection_actions(legal):
            self.selected = None
        self.cell_actions = self.marks(view, decision, legal)
        board = self.query_one(GridBoard)
        w = max(5, board.cell_width()) if board.size.width else 7
        self.table_args, self.drawn_width = (view, decision, legal), w
        units = self.units_by_uid(view)
        cells: list[list[CellView]] = []
        for r in range(view.get("rows", 5)):
            row: list[CellView] = []
            for c in range(view.get("cols", 9)):
                cell = view["board"][r][c]
                act = self.cell_actions.get((r, c))
                marker = self.marker_for(act)
                if not cell:
                    top = {
                        MARK_MOVE: "» move",
                        MARK_DEPLOY: "+ here",
                        MARK_TARGET: "◎",
                        MARK_ATTACK: "×",
                    }.get(marker, "·")
                    row.append(
                        CellView(
                            top=top,
                            bottom="",
                            kind="empty",
                            marker=marker,
                            last=self.last_cells.get((r, c), ""),
                        )
                    )
                    continue
                if "banished" in cell:
                    u = units.get(cell["banished"], {})
                    row.append(
                        CellView(
                            top="✗" + short(u.get("name", "banished"), w - 1),
                            bottom="banished" if w >= 8 else "banish…",
                            kind="banished",
                        )
                    )
                    continue
                u = units[cell["uid"]]
                owner = u.get("controller", u.get("owner"))
                glyph = OWNER_GLYPH.get(owner, "◆")
                extra = ""
                tall_bottom: str | None = None  # a stone's line is the same in three lines
                if u.get("stone"):
                    top = f"{glyph}STONE"
                    bottom = f"♥{max(0, int(u['health']))}"  # a destroyed stone: the log's '0 left'
                    # (the stone's own `guard` is never set: its side's `guarded` says it, HG-63;
                    # a destroyed stone is guarded no longer, as the player bar has it)
                    extra = "guarded" if self.stone_guarded(view, u) else ""
                    delta = self.last_delta.get(u["uid"])
                    if delta:
                        bottom += f" {delta:+d}"
                else:
                    # the name gives way to the mark of the last actions (top-right corner)
                    last = self.last_units.get(u["uid"], "")
                    top = glyph + short(u["name"], w - 1 - (1 if last else 0))
                    delta = self.last_delta.get(u["uid"])
                    bottom, tall_bottom, extra = unit_cell_lines(
                        f"{u['attack']}/{u['health']}",
                        "".join(m for flag, m in STATUS_MARKS if u.get(flag)),
                        " ".join(word for flag, word in STATUS_WORDS if u.get(flag)),
                        f"{delta:+d}" if delta else "",
                        w,
                    )
                row.append(
                    CellView(
                        top=top,
                        bottom=bottom,
                        tall_bottom=tall_bottom,
                        extra=extra,
                        owner=owner,
                        kind="stone" if u.get("stone") else "unit",
                        marker=marker,
                        last=self.last_units.get(u["uid"], ""),
                        selected=self.selected is not None
                        and self.selected[-1] == u["uid"]
                        and self.selected[0] in ("unit", "warcry"),
                    )
                )
            cells.append(row)
        board.show(cells)
        self.update_bars(view)
        self.update_hand(view, legal)

    def on_resize(self, event: Any) -> None:
        if self.view_data:
            self.call_after_refresh(self.update_bars, self.view_data)
            self.call_after_refresh(self.redraw_if_resized)

    def redraw_if_resized(self) -> None:
        """The names in the cells are cut to the cell width: draw the board again when
        that width changed (the first drawing comes before the layout, at 7 columns)."""
        board = self.query_one(GridBoard)
        if self.table_args is not None and board.size.width and board.cell_width() != self.drawn_width:
            self.update_table(*self.table_args)

    def marker_for(self, action: Action | None) -> str:
        if action is None:
            return ""
        if action.kind == "move":
            return MARK_MOVE
        if action.kind == "attack":
            return MARK_ATTACK
        if action.kind == "play" and len(action.args) > 1 and isinstance(action.args[1], str):
            return MARK_DEPLOY
        return MARK_TARGET

    def player_line(
        self,
        p: dict[str, Any],
        me: int,
        width: int = 0,
        over: bool = False,
        bare_stone: bool = False,
        short_piles: bool = False,
        bare_seat: bool = False,
        dash: bool = False,
    ) -> Text:
        """A player's bar. In `width` columns (when given) the Leader Ability's cost and state
        stay at the end: its state `not now` gives way to `—` first, then the word `stone`, the
        seat's `(you)`/`(AI)`, the piles' words (`h5 d20 g0`), and only then its name. `bare_stone`:
        the word `stone` is left out from the start (the other bar had to leave it out: both bars
        say their stone alike); `short_piles`, the piles' words short from the start, likewise;
        `bare_seat`, the seat's `(you)`/`(AI)` likewise (P2's `(AI)` went while P1's `(you)` stayed);
        `dash`, the state `not now` a dash likewise (`Allfather's Gift 2 —` above `Bolt 2 not now`).
        `over`: the game is over, nobody's ability is `ready` any more (the engine's view may still
        say usable)."""
        seat = p["seat"]
        who = self.seat_name(seat)
        ab = p.get("ability") or {}
        ready = ab.get("usable") and not over
        aimless = ab.get("no_target") and not over  # unused, paid for, but nothing to aim at
        ab_state = "used" if ab.get("used") else ("ready" if ready else "no target" if aimless else "not now")
        if over and ab_state == "not now":
            ab_state = "—"  # no turn left: not `not now`, as if a later turn might come
        key = "a:" if seat == me and self.shows_keys() else ""
        if bare_seat:
            who = who.split(" (")[0]
        head = f"{OWNER_GLYPH[seat]} {who} {p.get('leader_name', '')}"
        hp = p.get("stone_health")
        standing = not isinstance(hp, int) or hp > 0
        guarded = " guarded" if p.get("guarded") and standing else ""  # not `stone destroyed guarded`
        stone = ("" if bare_stone else "stone ") + f"♥{hp}" if standing else "stone destroyed"
        mana = f" │ mana {p.get('mana')}/{p.get('max_mana')}"
        hand, deck, grave = p.get("hand_count"), p.get("deck_count"), p.get("grave_count")
        piles = f" │ h{hand} d{deck} g{grave}" if short_piles else f" │ hand {hand} deck {deck} grave {grave}"
        name = str(ab.get("name", "ability"))
        tail = f" {ab.get('cost', '?')} {ab_state}"

        def length(stone_words: str, name_words: str) -> int:
            return (
                len(head) + 3 + len(stone_words + guarded + mana + piles) + 3 + len(key + name_words + tail)
            )

        if (dash or (width and length(stone, name) > width)) and ab_state == "not now":
            tail = f" {ab.get('cost', '?')} —"  # `not now` in a dash first (the help says it)
        if width and length(stone, name) > width:
            # what gives way, in turn, until the bar fits: the word `stone`, the seat's
            # "(you)"/"(AI)" (the status line says it), the piles' words (`h5 d20 g0`, the help
            # says them), then the ability's name down to 8 columns, then to 4, then the piles;
            # its cost and state stay in sight. (At 80 × 24 the name was cut first: `Allfath… 2 —`
            # while `stone` and `(AI)` kept their room.)
            def cut_name(least: int) -> None:
                nonlocal name
                room = width - length(stone, "")
                if room < len(name):
                    name = clip(name, max(least, room))

            if stone.startswith("stone ♥"):
                stone = stone.removeprefix("stone ")
            if length(stone, name) > width and " (" in who:
                head = f"{OWNER_GLYPH[seat]} {who.split(' (')[0]} {p.get('leader_name', '')}"
            if length(stone, name) > width:
                piles = f" │ h{hand} d{deck} g{grave}"
            cut_name(min(8, len(name)))
            cut_name(4)
            excess = length(stone, name) - width
            if excess > 0:
                piles = clip(piles, max(2, len(piles) - excess))
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(head, "bold")
        out.append(f" │ {stone}{guarded}{mana}{piles}")
        out.append(f" │ {key}{name}{tail}")
        return out

    @staticmethod
    def stone_guarded(view: dict[str, Any], stone: dict[str, Any]) -> bool:
        """Whether `stone` (a unit view) stands guarded: its side's `guarded`, while it stands."""
        players, owner = view.get("players", []), stone.get("owner")
        if not isinstance(owner, int) or not 0 <= owner < len(players):
            return False
        hp = stone.get("health")
        return bool(players[owner].get("guarded")) and (not isinstance(hp, int) or hp > 0)

    def update_bars(self, view: dict[str, Any]) -> None:
        me = self.me()
        players = view.get("players", [])
        if len(players) < 2:
            return
        top = self.query_one("#bar-top", Static)
        bottom = self.query_one("#bar-bottom", Static)
        width = top.content_region.width or self.app.size.width - 3
        over = view.get("winner") is not None
        # one bar gave up the word `stone` (or the piles' words), the other kept it: both without
        # it, every turn (`h2 d10 g5` above `hand 0 deck 11 grave 11` read as two kinds of count);
        # again when that gave one bar the room to keep the other (5 rounds at most: each one
        # that draws them again sets a flag for good). The seats' `(you)`/`(AI)` alike too: P2's
        # `(AI)` gave way while P1's `(you)` stayed (the status line says whose turn is yours)
        bare = short = bare_seat = dash = False
        seats = (1 - me, me)
        labelled = [" (" in self.seat_name(seat) for seat in seats]
        for _ in range(5):
            lines = [
                self.player_line(players[seat], me, width, over, bare, short, bare_seat, dash)
                for seat in seats
            ]
            uneven_stone = sum("│ stone ♥" in line.plain for line in lines) == 1 and all(
                "│ stone destroyed" not in line.plain for line in lines
            )
            uneven_piles = sum(" deck " in line.plain for line in lines) == 1
            kept = [
                f" {self.seat_name(seat)} " in line.plain for seat, line in zip(seats, lines, strict=True)
            ]
            uneven_seat = all(labelled) and kept[0] != kept[1]
            ends = [line.plain.rsplit(" ", 2)[-2:] for line in lines]  # (`not now`, or a cost's `—`)
            uneven_dash = sorted(e[-1] for e in ends) == ["now", "—"] and not over
            if not (uneven_stone or uneven_piles or uneven_seat or uneven_dash):
                break
            dash = dash or uneven_dash
            bare, short = bare or uneven_stone, short or uneven_piles
            bare_seat = bare_seat or uneven_seat
        top.update(lines[0])
        bottom.update(lines[1])
        top.set_class(True, f"-p{2 - me}")
        top.set_class(False, f"-p{me + 1}")
        bottom.set_class(True, f"-p{me + 1}")
        bottom.set_class(False, f"-p{2 - me}")

    def update_hand(self, view: dict[str, Any], legal: list[Action]) -> None:
        me = self.me()
        players = view.get("players", [])
        hand = players[me].get("hand") if len(players) > me else None
        playable = {a.args[0] for a in legal if a.kind == "play"}
        cards = []
        for c in hand or []:
            sel = self.selected == ("card", c["uid"])
            cards.append(HandCard(c["uid"], hand_label(c), c["uid"] in playable, sel, name=str(c["name"])))
        if hand is not None:
            self.query_one(HandRow).show(cards, f"{OWNER_GLYPH[me]} Hand")
        else:  # (a replay from the public's eyes): how many cards, not "no cards"
            n = players[me].get("hand_count", 0) if len(players) > me else 0
            self.query_one(HandRow).show([], "Hand (hidden)", f"{n} card{'s' if n != 1 else ''}")

    # -- selection → board marks ---------------------------------------------------------------
    def selection_actions(self, legal: list[Action]) -> list[Action]:
        sel = self.selected
        if sel is None:
            return legal
        if sel[0] == "unit":
            return [
                a for a in legal if a.kind in ("move", "attack", "warcry") and a.args and a.args[0] == sel[1]
            ]
        if sel[0] == "card":
            return [a for a in legal if a.kind == "play" and a.args and a.args[0] == sel[1]]
        if sel[0] == "warcry":
            return [a for a in legal if a.kind == "warcry" and a.args and a.args[0] == sel[1]]
        if sel[0] == "ability":
            return [a for a in legal if a.kind == "ability"]
        return legal

    def marks(
        self, view: dict[str, Any], decision: Decision | None, legal: list[Action]
    ) -> dict[tuple[int, int], Action]:
        """Cell → the action choosing that cell would play, for the current selection."""
        out: dict[tuple[int, int], Action] = {}
        units = self.units_by_uid(view)

        def cell_of(arg: Any) -> tuple[int, int] | None:
            if isinstance(arg, str) and arg.count(",") == 1:
                a, b = arg.split(",")
                if a.isdigit() and b.isdigit():
                    return int(a), int(b)
            if isinstance(arg, int) and arg in units:
                return units[arg]["row"], units[arg]["col"]
            return None

        if decision is not None and decision.kind == "target":
            for a in legal:
                if a.kind == "target" and (cell := cell_of(a.args[0])):
                    out[cell] = a
            return out
        if self.selected is None:
            return out
        for a in self.selection_actions(legal):
            if self.selected[0] == "unit" and a.kind == "warcry":
                continue
            target = (
                a.args[-1] if (self.selected[0] in ("unit", "card", "warcry") and len(a.args) > 1) else None
            )
            if self.selected[0] == "ability":
                target = a.args[0] if a.args else None
            if target is not None and (cell := cell_of(target)):
                out[cell] = a
        return out

    def reset_marks(self) -> None:
        self.last_seat = None
        self.last_units, self.last_cells, self.last_delta = {}, {}, {}
        self.digests = {}

    def note_replayed(self, player: int, action: Action, words: str, before: Any, after: Any) -> None:
        """After Continue, and in a replay: the marks of the last actions (see TableScreen)."""
        self.note_action(
            player,
            action,
            self.units_by_uid(before.view(None)),
            self.units_by_uid(after.view(None)),
            after.log.since(before.log.mark()),
            words,
        )

    def note_action(
        self,
        player: int,
        action: Action | None,
        before: dict[int, Any],
        after: dict[int, Any],
        events: Sequence[Event] = (),
        words: str = "",
    ) -> None:
        """Mark what `player` just did (units before and after it): each unit's health change
        (the log says it in words, `health_changes`). A unit gone from the board died only if
        the action's events say so (`✝`): one returned to the hand (HG-61) or transformed
        (HG-66) left the battlefield without dying (`◇`). The action goes into the digest of
        `player`'s turn too (`TurnDigest`, with its `words` in the log)."""
        died = {e.data.get("target") for e in events if e.kind == "death"}
        if player != self.last_seat:
            self.last_seat = player
            self.last_units, self.last_cells, self.last_delta = {}, {}, {}
            self.digests[player] = TurnDigest(player)
        self.digests.setdefault(player, TurnDigest(player)).add(action, before, after, events, words)
        for uid, u in before.items():
            if u.get("health") is None:
                continue
            if uid in after and after[uid].get("health") is not None:
                d = int(after[uid]["health"]) - int(u["health"])
                if d:
                    self.last_delta[uid] = self.last_delta.get(uid, 0) + d
            elif not u.get("banished") and "row" in u:
                self.last_cells[(u["row"], u["col"])] = "✝" if uid in died else "◇"
        if action is not None:
            self.mark_action(action, before, after)

    def mark_action(self, action: Action, before: dict[int, Any], after: dict[int, Any]) -> None:
        args = action.args
        actor = args[0] if args and isinstance(args[0], int) else None
        if action.kind == "move" and actor in before:
            u = before[actor]
            self.last_cells[(u["row"], u["col"])] = "◇"
            self.last_units[actor] = "★"
        elif action.kind == "attack" and actor is not None:
            self.last_units[actor] = "★"
            if len(args) > 1 and isinstance(args[1], int):
                self.last_units[args[1]] = "⚔"
        elif action.kind == "play" and actor is not None:
            if actor in after:
                self.last_units[actor] = "★"
            if len(args) > 1 and isinstance(args[1], int):
                self.last_units[args[1]] = "✦"
        elif action.kind in ("warcry", "ability", "target"):
            if action.kind == "warcry" and actor is not None:
                self.last_units[actor] = "★"
            tgt = args[-1] if args else None
            if isinstance(tgt, int) and (action.kind != "warcry" or len(args) > 1):
                self.last_units[tgt] = "✦"
        for cell in [
            rc for rc in self.last_cells if any((u.get("row"), u.get("col")) == rc for u in after.values())
        ]:
            del self.last_cells[cell]  # a unit stands there now


class HotgScreen(HotgTable, GameScreen):
    BINDINGS = [
        Binding("a", "ability", "Ability"),
        Binding("w", "warcry", "Warcry"),
        Binding("e", "end_turn", "End turn"),
        Binding("c", "card", "Card"),
        Binding("t", "toggle_pane", "Card/log", show=False),
        Binding("o", "last_turn", "Other side's turn", show=False),
        Binding("escape", "cancel", "Drop selection", show=False),
        Binding("pagedown", "scroll_panel(1)", "Card panel down", show=False),
        Binding("pageup", "scroll_panel(-1)", "Card panel up", show=False),
    ]
    EXTRA_KEYS = HOTG_KEYS
    EXPLAIN_TEXT = True  # HotG cards name their keywords in their text
    # the help's `Everywhere` lines in this game's words: `d` opens the revealed cards again (no
    # blockers, damage split or amount to invest here), `:` takes `end` (there is no `pass`)
    D_KEY = (
        "open the revealed cards again (side by side); in them: arrows, `Enter` picks,\n"
        "  `Esc` goes back to the list"
    )
    NOTATION_EXAMPLE = "end"
    # `1`…`9` pick a card of the hand on your turn (the list is not numbered then)
    NUMBER_KEY = (
        "on your turn: pick that card of your hand (`1` the first, `2` the second…; a 10th\n"
        "  card: `1` `0`); at a target or a revealed card: take that numbered choice of the list"
    )

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield from self.compose_table()
        yield HotgPrompt(id="prompt")
        with Horizontal(id="bottom"):
            yield HangingActionList(id="actions")
            with CardBox(id="info"):  # a card's words longer than its place scroll
                detail = HotgCardDetail(id="detail")
                detail.card_layout = hotg_card_lines  # its text in sight in four lines at 80 × 24
                yield detail
            log = GameLog(id="log")
            log.hanging = True  # a long line goes on under its text, as in every game's log
            yield log
        yield Footer()

    def focus_first(self) -> None:
        self.query_one(GridBoard).focus()

    def on_mount(self) -> None:
        """The log stays at its last line when its place changes height (a hand of two rows after
        one, the hot-seat cover lifted: `P2 draws a card` was left under its bottom edge) until
        the player scrolls it back (`PgUp`, the wheel); back at its end, it stays there again.
        (Textual calls `GameScreen.on_mount` after this one.)"""
        self.query_one(GameLog).anchor()
        if scenario_header(self.session.game.setup.scenario)[1] and not self.session.game.history:
            # at 80 × 24: the log first, whose last lines say the scenario's title and goal (`Win
            # this turn: …`); under the card panel a puzzle started without them in sight
            self.show_pane("log")
        self.call_after_refresh(self.title_card_box)

    # -- a dialog or the command palette over the table: its keys, not the table's ----------------
    def on_screen_suspend(self) -> None:
        """The table's key bar would show under a decision dialog (which says its own keys)
        or the command palette keys that do nothing there: it is hidden (its line kept)."""
        self.set_class(True, "-covered-by-dialog")

    def on_screen_resume(self) -> None:
        self.set_class(False, "-covered-by-dialog")

    kind_before: str | None = None  # the kind of the decision last drawn (`update_table`)
    digest_at = -1  # the game's length when the other side's turn was last shown (`show_digest`)

    # the keys of your turn, offered (in the footer) and active only when they can do something
    TURN_KEYS = frozenset({"ability", "warcry", "end_turn"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`a`/`w`/`e` on your own turn only (not in the AI's, nor at a target or a reveal of
        yours); `:` only when the decision is yours. A key left out of the footer does nothing."""
        if action in self.TURN_KEYS:
            d = self.session.decision
            return self.can_act() and d is not None and d.kind == "turn"
        if action == "type_action":
            return self.can_act()
        return True

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        super().update_table(view, decision, legal)
        acts = self.can_act()
        self.query_one(GridBoard).choosable = self.query_one(HandRow).choosable = acts
        self.refresh_bindings()  # whose decision it is may have changed: `check_action`
        if (
            decision is not None and decision.kind == "turn" and acts and decision.player != self.cursor_seat
        ):  # a hot-seat hand-over, the first turn of the second seat against the AI: your stone
            self.cursor_to_stone(view, decision.player)
        if (
            decision is not None
            and decision.kind == "target"
            and self.cell_actions
            and self.cursor_placed != self.cursor_key()
        ):  # once a decision: a redraw (a resize) leaves the cursor where the player took it
            self.call_after_refresh(self.cursor_to_mark)
            if acts:  # at 80 × 24: what the Warcry does and to whom, over the log
                self.call_after_refresh(self.show_pane, "card")
        elif decision is not None and decision.kind not in ("turn", "target") and legal:
            self.query_one(ActionList).focus()  # e.g. revealed cards: pick in the list
        elif (
            decision is not None
            and decision.kind == "turn"
            and acts
            and self.kind_before not in (None, "turn")
            and self.query_one(ActionList).has_focus
        ):  # a revealed card picked: the turn goes on on the board (the arrows, a quick Enter
            # moved and played in the list the keys were left in)
            self.query_one(GridBoard).focus()
        self.kind_before = decision.kind if decision is not None else None
        self.filter_actions(legal)
        self.show_cursor_detail()
        s = self.session
        if decision is not None and decision.kind == "turn" and s.is_ai_turn() and not s.over:
            # not `Player 2 (AI) is deciding: your turn — play, move, attack or end`, which
            # read as your own turn; `triarch play` shows it on every AI turn. Nor `P2 (AI) is
            # playing its turn…` under `P2 (AI) to play ⧗ AI is thinking…`: where to see it play
            self.query_one(Prompt).prompt = self.ai_turn_prompt(decision.player)
        elif decision is not None and decision.kind == "turn" and acts and self.selected is not None:
            self.query_one(Prompt).prompt = self.selection_prompt()
        elif decision is not None and decision.kind == "turn" and acts:
            self.query_one(Prompt).prompt = self.turn_prompt()
        if (
            decision is not None
            and decision.kind == "turn"
            and acts
            and self.last_seat is not None
            and self.last_seat != decision.player
            and self.digest_at != len(self.session.game.history)
        ):  # your turn begins: what the other side did, where you look (after the cursor's moves)
            self.digest_at = len(self.session.game.history)
            self.call_after_refresh(self.show_digest, self.digest_at)

    ai_did = ""  # the AI's last action in this turn, in the log's words (`log_action`)
    # what the side whose turn began drew at its start (`drawn_words`), and the game's length then
    drew: tuple[int, str] = (-1, "")

    def ai_turn_prompt(self, seat: int) -> str:
        """The AI's turn: `The opponent's turn: what it does shows here…` until it acts, then what it did last
        (`The opponent did: Play Grey Wolf at 1,8 · ★ on the board`), on one line of the prompt."""
        digest = self.digests.get(seat)
        if self.last_seat != seat or digest is None or not digest.actions or not self.ai_did:
            return AI_THINKS
        width = self.query_one(Prompt).content_size.width or self.app.size.width - 2
        tail = " · ★ on the board"
        said = f"{AI_DID}{self.ai_did}"
        return said + tail if len(said) + len(tail) <= width else clip(said, width)

    def turn_prompt(self) -> str:
        """Your turn, nothing chosen yet: what you can pick and with which keys (`Pick a card
        (1–4) or a unit on the board · a uses Bolt · e ends the turn`; `or a unit` where the line
        is too long: `… · a uses Allfather's Gift · e ends the turn` wrapped `turn` alone at
        80 × 24), from the legal actions. It was
        the engine's `You: your turn — play, move, attack or end` under the status line's `P1
        (you) to play`: whose turn twice, and not how to play."""
        legal = self.legal
        width = self.query_one(Prompt).content_size.width or self.app.size.width - 2
        line = ""
        for board in ("a unit on the board", "a unit"):  # (`on the board` goes first where it is long)
            picks = []
            if any(a.kind == "play" for a in legal):
                n = len(self.my_hand())
                picks.append(f"a card ({'1' if n == 1 else f'1–{n}'})")
            if any(a.kind in ("move", "attack", "warcry") for a in legal):
                picks.append(board)
            parts = [f"Pick {' or '.join(picks)}"] if picks else ["Nothing to play, move or attack"]
            if any(a.kind == "ability" for a in legal):
                players, me = self.view_data.get("players", []), self.me()
                ability = (players[me].get("ability") or {}) if me < len(players) else {}
                # (`a Bolt` read as a bolt, `a Allfather's Gift` as bad English: the key, its verb)
                parts.append(f"a uses {ability.get('name', 'the Leader Ability')}")
            parts.append("e ends the turn")
            line = " · ".join(parts)
            if len(line) <= width:
                break
        return line

    def selection_prompt(self) -> str:
        """What the selection waits for, in the prompt's place while it lasts: what it is, the
        marks on the board and what they do, and the keys (`● Hoplite: » move, × attack — Enter on
        a cell · w Warcry · Esc drops it`), not `your turn — play, move, attack or end` as before
        anything was chosen; a card of which the hand holds copies, by its number there (`●
        Marksman (card 3): …`, the copy the board marks). Cut to the prompt's width from its
        least needed words."""
        sel = self.selected
        assert sel is not None
        me, players = self.me(), self.view_data.get("players", [])
        name = "it"
        if sel[0] in ("unit", "warcry"):
            name = str((self.units_by_uid(self.view_data).get(sel[1]) or {}).get("name", name))
            name += "'s Warcry" if sel[0] == "warcry" else ""
        elif sel[0] == "card":
            hand = self.my_hand()
            at = next((i for i, c in enumerate(hand) if c["uid"] == sel[1]), None)
            card = hand[at] if at is not None else {}
            name = str(card.get("name", name))
            if sum(c.get("name") == name for c in hand) > 1:  # which copy: its number in the hand
                name += f" (card {at + 1 if at is not None else '?'})"
        elif sel[0] == "ability" and me < len(players):
            name = str((players[me].get("ability") or {}).get("name", "the Leader Ability"))
        shown = {self.marker_for(a) for a in self.cell_actions.values()}
        marks = ", ".join(f"{mark} {word}" for mark, word in SELECTION_MARKS if mark in shown)
        warcry = sel[0] == "unit" and any(a.kind == "warcry" for a in self.selection_actions(self.legal))
        tails = [" — Enter on a cell", ""] if marks else [" in the list below (Enter)", " in the list"]
        width = self.query_one(Prompt).content_size.width or self.app.size.width - 2
        line = ""
        for tail in tails:
            for keys in (f"{' · w Warcry' if warcry else ''} · Esc drops it", " · Esc drops it", ""):
                line = f"● {name}: {marks or 'choose'}{tail}{keys}"
                if len(line) <= width:
                    return line
        return clip(line, width)

    def choice_words(self, action: Action) -> str:
        """The engine's words with whose unit a choice aims at (`Target P2's Spartan at 2,3`,
        `Cast Magic Shell (1 mana) on your Hoplite`): the board's `►`/`◄` said in words; a card's
        or a unit's cells listed as one choice, its words (`gather_cells`)."""
        if action in self.gathered:
            return self.gathered[action]
        if action in self.told_copies:
            return self.told_copies[action]
        words = self.session.game.describe_action(action)
        return with_whose(words, action, self.view_data.get("units") or [], self.me())

    @staticmethod
    def cell_split(action: Action, words: str) -> tuple[str, str] | None:
        """A choice that goes to an empty cell (a unit played there, a unit moved there) in two:
        what it does without the cell and the card's cost (the hand says it: `Play Oracle of
        Delphi`, `Move Hoplite at 2,2`), and the cell (`1,0`); None for any other."""
        if action.kind not in ("play", "move") or len(action.args) < 2:
            return None
        cell = action.args[-1]
        if not isinstance(cell, str) or not re.fullmatch(r"\d+,\d+", cell):
            return None
        for prep in (" at ", " to "):
            if words.endswith(prep + cell):
                head = re.sub(r" \(\d+ mana\)", "", words.removesuffix(prep + cell))
                return head, prep.strip()
        return None

    def gather_cells(self, items: list[tuple[Action, str]]) -> list[tuple[Action, str]]:
        """Before anything is chosen, each card that can be played on more than one cell, and
        each unit that can move to more than one, is one choice (`Play Oracle of Delphi: 9 cells`,
        `Move Hoplite at 2,2: 9 cells`), not one per cell (`Play Oracle of Delphi (2 mana) at
        1,0`, `… at 1,1`, … 42 choices on a turn): choosing it picks the card or the unit, and the
        board marks its cells (`+`, `»`), which the list then names under it (`filter_actions`)."""
        count: dict[tuple[str, Any], int] = {}
        for a, w in items:
            if self.cell_split(a, w) is not None:
                count[(a.kind, a.args[0])] = count.get((a.kind, a.args[0]), 0) + 1
        out: list[tuple[Action, str]] = []
        done: set[tuple[str, Any]] = set()
        for a, w in items:
            split = self.cell_split(a, w)
            key = (a.kind, a.args[0]) if a.args else (a.kind, None)
            if split is None or count.get(key, 0) < 2:
                out.append((a, w))
                continue
            if key in done:
                continue
            done.add(key)
            one = Action(a.kind, (a.args[0],))  # not an action of the engine: picks the card or unit
            self.gathered[one] = f"{split[0]}: {count[key]} cells"
            out.append((one, self.gathered[one]))
        return out

    def copies_told(self, items: list[tuple[Action, str]]) -> list[tuple[Action, str]]:
        """Copies of a card in the hand gave choices of the same words (`Play Marksman: 5 cells`,
        `Cast Ginnungagap (3 mana)` twice), which the list showed once, as the first copy, and the
        player could not tell which copy it took: copies that are the same card (the hand shows
        them alike) are one choice that says so (`Play either Marksman: 5 cells`, `Cast either
        Ginnungagap (3 mana)`: the first copy, the board marking its cells); copies that differ
        are one choice each, by their number in the hand (`Play Marksman (card 4): 5 cells`)."""
        hand = next(
            (p.get("hand") or [] for p in self.view_data.get("players", []) if p.get("seat") == self.me()), []
        )
        index = {c.get("uid"): i for i, c in enumerate(hand)}
        by_words: dict[str, list[Action]] = {}
        for a, w in items:
            if a.kind == "play" and a.args and a.args[0] in index:
                by_words.setdefault(w, []).append(a)
        out: list[tuple[Action, str]] = []
        for a, w in items:
            same = by_words.get(w, [])
            verb, _, rest = w.partition(" ")
            name = str(hand[index[a.args[0]]].get("name")) if len(same) > 1 else ""
            if not name or not rest.startswith(name):
                out.append((a, w))
                continue
            cards = [{k: v for k, v in hand[index[x.args[0]]].items() if k != "uid"} for x in same]
            if all(c == cards[0] for c in cards):
                if a != same[0]:
                    self.gathered.pop(a, None)  # copies alike: one choice, the first copy's
                    continue
                told = f"{verb} {'either' if len(same) == 2 else 'any'} {rest}"
            else:
                told = f"{verb} {name} (card {index[a.args[0]] + 1}){rest.removeprefix(name)}"
            if a in self.gathered:
                self.gathered[a] = told
            else:
                self.told_copies[a] = told
            out.append((a, told))
        return out

    def filter_actions(self, legal: list[Action]) -> None:
        """The choices of the selection (all, else) in the list. Below 120 × 40, where a choice
        takes one line, each choice that aims at a unit is listed under what it does
        (`Cast Transfusion on:`, `Hoplite at 2,2 attacks:`) as its target whole, whose
        it is and what tells it apart (`your Oracle of Delphi`, `P2's Hoplite at 2,3`): cut
        around a `…`, `Cast Transfusion on… of Delphi` lost whose unit it aimed at. The card
        panel says the whole choice; from 120 × 40 the choices' whole words as before."""
        shown = self.selection_actions(legal)
        d = self.session.decision
        self.listed_dense = self.is_dense()
        self.gathered = {}
        self.told_copies = {}
        items = [(a, self.choice_words(a)) for a in shown]
        if self.selected is None and d is not None and d.kind == "turn":
            items = self.copies_told(self.gather_cells(items))
        split = {a: self.aimed_split(a, w) for a, w in items} if self.listed_dense else {}
        # the cells of the card or unit chosen, at every size: `Play Oracle of Delphi at:`, `1,0`
        for a, w in items:
            if self.selected is not None and (cell := self.cell_split(a, w)) is not None:
                split[a] = (f"{cell[0]} {cell[1]}:", str(a.args[-1]))
        heads = {a: parts[0] for a, parts in split.items() if parts is not None}

        def group(action: Action) -> str | None:
            return heads.get(action)

        # On the turn the number keys pick a card of the hand: the list is not numbered then.
        self.query_one(ActionList).show(
            [(a, parts[1] if (parts := split.get(a)) else w) for a, w in items],
            numbered=d is None or d.kind != "turn",
            groups=group if heads else None,
        )

    def is_dense(self) -> bool:
        """Below 120 × 40 (the size classes): a choice of the list takes one line."""
        return not (self.has_class("-wide") and self.has_class("-tall"))

    def aimed_split(self, action: Action, words: str) -> tuple[str, str] | None:
        """A choice that aims at a unit (not a target decision's, whose prompt says for what)
        in two: its header, what it does (`Cast Transfusion on:`), and its target with
        whose it is (`your Oracle of Delphi`, `P2's Summoning Stone`); None for any other."""
        uid = aimed_uid(action)
        units = self.view_data.get("units") or []
        unit = next((u for u in units if u.get("uid") == uid), None) if uid is not None else None
        if unit is None or action.kind == "target":
            return None
        target = whose(unit_label(unit, units), unit, self.me())
        head = words.removesuffix(target)
        if head == words or not head.endswith(" ") or not head.strip():
            return None
        # without its cost (the hand says it, the card panel the whole choice): the card's name
        # whole (`Cast Thunder of… (3 mana) on:` lost it)
        return re.sub(r" \(\d+ mana\)", "", head.rstrip()) + ":", target

    def on_resize(self, event: Any) -> None:
        # after Textual's own handler has set the size classes that `is_dense` reads
        self.call_later(self.relist)
        self.call_later(self.title_card_box)

    def title_card_box(self) -> None:
        """Below 40 lines the card panel and the log share a place: the panel's top edge says
        the key to the log (`card · t: the log`: the key bar has no room for `t`, and once the
        cursor moved the log with the other side's last actions was nowhere to be seen); from 40
        lines both are in sight, and the edge says nothing."""
        title = self.query_one(HotgCardDetail).digest_title
        tall = self.has_class("-tall")
        if title:
            self.query_one("#info", CardBox).border_title = title if tall else f"{title} · t: the log"
            return
        self.query_one("#info", CardBox).border_title = "" if tall else "card · t: the log"

    def relist(self) -> None:
        """The choices again when the list's layout changed (`filter_actions`), the cursor on
        the same choice."""
        if self.listed_dense == self.is_dense() or not self.legal:
            return
        actions = self.query_one(ActionList)
        keep = actions.highlighted_action
        self.filter_actions(self.legal)
        actions.highlight_action(keep)

    def select(self, sel: tuple[Any, ...] | None) -> None:
        """Choose `sel` (None: drop the selection) and mark on the board where it can go. A card
        of the hand, the Leader Ability or a Warcry puts the board's cursor on the nearest mark
        (`cursor_to_mark`); a unit leaves it on the unit: its moves and attacks are one step
        away, where the arrows go, and a quick second `Enter` drops it. (It went to the
        nearest mark, on a tie the upper cell: a player who pressed `Enter` twice to attack
        the enemy beside the unit moved it above instead.)"""
        self.selected = sel
        self.query_one(Prompt).error = ""
        self.refresh_view()
        if sel is None or sel[0] != "unit":
            self.cursor_to_mark()
        if sel is not None and not self.cell_actions:
            acts = self.selection_actions(self.legal)
            if acts:  # nothing to point at on the board: choose in the list
                self.query_one(ActionList).focus()

    def cursor_to_stone(self, view: dict[str, Any], seat: int) -> None:
        """Put the board cursor on `seat`'s Summoning Stone (the turn of a hot-seat player starts
        there, not where the other player left it)."""
        self.cursor_seat = seat
        stone = view["players"][seat].get("stone")
        for r, row in enumerate(view.get("board", [])):
            for c, cell in enumerate(row):
                if cell and cell.get("uid") == stone:
                    self.query_one(GridBoard).cursor = self.cursor_by_table = (r, c)
                    return

    def cursor_to_mark(self) -> None:
        """Put the board cursor on the marked cell nearest the acting card (the selected unit,
        the source of a target decision, else your Summoning Stone), an enemy's before a
        neutral unit's before one of your units before your stone (a card that may aim at
        either side is mostly meant for the enemy; one that helps marks only yours):
        keyboard players then just press Enter, or move on from there. Ties: the upper, then
        the left cell."""
        board = self.query_one(GridBoard)
        if not self.cell_actions:
            return
        view, me = self.view_data, self.me()
        self.cursor_placed = self.cursor_key()
        r0, c0 = self.acting_cell(view) or board.cursor

        def rank(rc: tuple[int, int]) -> int:
            u = self.unit_at(view, *rc)
            if u is None:
                return 0
            owner = u.get("controller", u.get("owner"))
            if owner == me:  # your stone last: a card for your units is seldom meant for it
                return 3 if u.get("stone") else 2
            return 1 if owner is None else 0

        board.cursor = min(
            self.cell_actions, key=lambda rc: (rank(rc), abs(rc[0] - r0) + abs(rc[1] - c0), rc)
        )

    def cursor_key(self) -> tuple[Any, ...]:
        """What the cursor was last put at a mark for: the selection at this point of the game."""
        d = self.session.decision
        return (len(self.session.game.history), d.kind if d else None, self.selected)

    def acting_cell(self, view: dict[str, Any]) -> tuple[int, int] | None:
        """The cell of what acts now: the selected unit (its attack, its Warcry), the source
        of a target decision, else (a card of the hand, the Leader Ability) your stone."""
        units = self.units_by_uid(view)
        sel, d = self.selected, self.session.decision
        uid: Any = None
        if sel is not None and sel[0] in ("unit", "warcry"):
            uid = sel[1]
        elif d is not None and d.kind == "target":
            uid = d.context.get("source")
        if uid not in units:
            players = view.get("players", [])
            uid = players[self.me()].get("stone") if self.me() < len(players) else None
        u = units.get(uid) if uid is not None else None
        if u is None or u.get("row") is None:
            return None
        return int(u["row"]), int(u["col"])

    # -- board input ----------------------------------------------------------------------------
    cursor_by_table: tuple[int, int] | None = None  # where `cursor_to_stone` put the cursor

    def on_grid_board_cursor_moved(self, message: GridBoard.CursorMoved) -> None:
        self.look_at(("cell", message.row, message.col))
        by_table, self.cursor_by_table = self.cursor_by_table, None
        if by_table == (message.row, message.col) and self.query_one(HotgCardDetail).digest_title:
            return  # a hot-seat hand-over put the cursor on your stone: the digest stays
        self.show_cursor_detail()

    def show_cursor_detail(self) -> None:
        board = self.query_one(GridBoard)
        if not board.has_focus or not self.view_data.get("board"):
            return
        r, c = board.cursor
        u = self.unit_at(self.view_data, r, c)
        act = self.cell_actions.get((r, c))
        words = self.choice_words(act) if act else ""
        # the cell, but when Enter's words say it (`Enter: Target P2's Hoplite at 2,3`)
        note = (
            f"Enter: {words}"
            if words.endswith(f" at {r},{c}")
            else f"{r},{c}" + (f" — Enter: {words}" if act else "")
        )
        # what the chosen ability, card or Warcry does, while you choose where or whom
        players = self.view_data.get("players", [])
        me = self.me()
        sel = self.selected
        doing: dict[str, Any] = {}
        if sel == ("ability",) and me < len(players):
            doing = players[me].get("ability") or {}
        elif sel is not None and sel[0] == "card" and me < len(players):
            doing = next((c for c in players[me].get("hand") or [] if c["uid"] == sel[1]), {})
            if u is None and doing:  # an empty cell to deploy on: the card itself, its text in sight
                here = f"{r},{c}" + (" — Enter: deploy it here" if act else "")
                self.query_one(CardDetail).show_card(doing, here)
                return
        elif sel is not None and sel[0] == "warcry":
            doing = self.units_by_uid(self.view_data).get(sel[1]) or {}
        elif sel is None and (d := self.session.decision) is not None and d.kind == "target":
            # the Warcry (or other ability) whose target this is: `Aphrodite: Warcry: give…`
            doing = self.units_by_uid(self.view_data).get(d.context.get("source", -1)) or {}
        elif (
            sel is not None
            and sel[0] == "unit"
            and u is not None
            and u["uid"] == sel[1]
            and self.cell_actions
        ):
            # the chosen unit itself (the cursor stays on it: `select`)
            note = f"{r},{c} — chosen: the arrows to a mark"
        elif sel is not None and sel[0] == "unit" and u is None:  # a cell to move to: the unit
            mover = self.units_by_uid(self.view_data).get(sel[1])
            if mover is not None:
                here = f"{r},{c}" + (" — Enter: move it here" if act else "")
                self.query_one(CardDetail).show_card(mover, here)
                return
        what = f"{doing.get('name', '')}: {doing['text']}".lstrip(": ") if doing.get("text") else ""
        if u is not None and not u.get("stone") and note == f"{r},{c}":
            note += f" — {self.whose_unit(u)}"  # (the board says it by `►`/`◄` and colour)
        if u is None and act is None:  # not a blank panel: the cell is empty, and its mark says why
            note += " — an empty cell" + EMPTY_CELL_MARKS.get(self.last_cells.get((r, c), ""), "")
        if u is not None and u.get("stone"):
            u = self.stone_card(u)
        detail = self.query_one(CardDetail)
        if u is not None and act is not None and isinstance(detail, HotgCardDetail):
            detail.show_target(u, note, what)  # what will be hit and what Enter does, before the words
        else:
            detail.show_card(u, f"{what} {note}".lstrip())

    def whose_unit(self, unit: Mapping[str, Any]) -> str:
        """Whose `unit` is, to the seat at the table: `your unit`, `P2's unit`, `a neutral unit`."""
        side = unit.get("controller")  # (as the log's `whose`)
        if side is None:
            return "a neutral unit"
        return "your unit" if side == self.me() else f"P{int(side) + 1}'s unit"

    def stone_card(self, stone: dict[str, Any]) -> dict[str, Any]:
        """A Summoning Stone for the card panel, with its side's leader and Leader Ability
        (`Zeus — Leader Ability — Bolt (2): deal 1 damage to an enemy.`): read nowhere else
        at 80 × 24, where a crowded bar may cut its name (`Allfath… 2 —`). Without the `stone` flag,
        whose word read on into its text (`· stone` / `25 health.`)."""
        card = {k: v for k, v in stone.items() if k != "stone"}
        players = self.view_data.get("players", [])
        owner = stone.get("owner")
        if isinstance(owner, int) and 0 <= owner < len(players):
            p = players[owner]
            leader = f"{p.get('leader_name', '')} — {p.get('leader_text', '')}".strip(" —")
            text = stone_words(str(card.get("text") or ""), owner == self.me())
            card["text"] = f"{leader}\n{text}".strip() if leader else text
            if owner != self.me():  # the glossary's `your god's power` from the viewer's side
                card["side"] = f"P{owner + 1}"
        return card

    def on_action_list_chosen(self, message: ActionList.Chosen) -> None:
        """A card's or a unit's cells listed as one choice (`gather_cells`): the card or the unit
        picked, its cells marked on the board (the cursor on the unit, or on the nearest mark),
        the board's to choose one, as `1`…`9` or `Enter` on the unit do."""
        action = message.action
        if action not in self.gathered:
            super().on_action_list_chosen(message)
            return
        message.stop()
        uid = action.args[0]
        if not isinstance(uid, int):
            return
        if action.kind == "play":
            self.pick_card(uid)
            return
        u = self.units_by_uid(self.view_data).get(uid)
        board = self.query_one(GridBoard)
        if u is not None and u.get("row") is not None:
            board.cursor = (int(u["row"]), int(u["col"]))
        self.select(("unit", uid))
        board.focus()

    def on_grid_board_cell_chosen(self, message: GridBoard.CellChosen) -> None:
        self.choose_cell(message.row, message.col)

    def choose_cell(self, r: int, c: int) -> None:
        prompt = self.query_one(Prompt)
        if not self.can_act():
            prompt.error = (
                "Wait: it is not your decision now." if not self.session.over else "The game is over."
            )
            return
        act = self.cell_actions.get((r, c))
        if act is not None:
            self.choose(act)
            return
        d = self.session.decision
        assert d is not None
        u = self.unit_at(self.view_data, r, c)
        me = self.me()
        if d.kind == "target":
            if u is not None:
                self.explain(Action("target", (u["uid"],)))
            else:
                prompt.error = f"{r},{c} is empty: choose one of the units marked {MARK_TARGET}."
            return
        if d.kind != "turn":
            prompt.error = "Choose from the list below."
            self.query_one(ActionList).focus()
            return
        if (
            u is not None
            and u.get("controller") == me
            and not u.get("stone")
            and self.selected != ("unit", u["uid"])
        ):
            if not [a for a in self.legal if a.args and a.args[0] == u["uid"]]:
                self.explain(Action("move", (u["uid"], f"{r},{c}")))
                return
            self.select(("unit", u["uid"]))
            return
        sel = self.selected
        if sel is None:
            if u is None:
                prompt.error = "Choose one of your units (or a card of your hand: Tab) first."
            elif u.get("stone") and u.get("owner") == me:  # (HG-02: a stone never moves nor attacks)
                prompt.error = (
                    "Your Summoning Stone does not move or attack: choose one of your units"
                    " (or a card of your hand: Tab) first."
                )
            else:
                name = unit_label(u, [u])  # the enemy's stone: `P2's Summoning Stone`
                prompt.error = f"{name} is not yours: choose one of your units first."
            return
        cell = f"{r},{c}"
        if sel[0] == "unit":
            if u is not None and u["uid"] == sel[1]:
                self.select(None)
                return
            self.explain(Action("attack", (sel[1], u["uid"])) if u else Action("move", (sel[1], cell)))
        elif sel[0] == "card":
            self.explain(Action("play", (sel[1], u["uid"] if u else cell)))
        elif sel[0] == "warcry":
            self.explain(Action("warcry", (sel[1], u["uid"] if u else cell)))
        elif sel[0] == "ability":
            self.explain(Action("ability", (u["uid"] if u else cell,)))

    def explain(self, action: Action) -> None:
        """Say why the engine refuses this (it never changes the state)."""
        prompt = self.query_one(Prompt)
        try:
            self.session.game.check(action)
        except IllegalAction as exc:
            prompt.error = exc.reason
            self.app.bell()
            return
        self.choose(action)

    # -- hand, ability, warcry, end ----------------------------------------------------------------
    def on_hand_row_card_chosen(self, message: HandRow.CardChosen) -> None:
        self.pick_card(message.uid)

    def on_hand_row_card_highlighted(self, message: HandRow.CardHighlighted) -> None:
        if message.uid is not None:
            self.look_at(("card", message.uid))
        self.show_hand_card(message.uid)

    def show_hand_card(self, uid: int | None) -> None:
        """The card `uid` of your hand in the card panel (what `c` shows whole)."""
        for c in self.my_hand():
            if c["uid"] == uid:
                detail = self.query_one(CardDetail)
                if isinstance(detail, HotgCardDetail):
                    detail.show_last(c, "in your hand")  # its text first, in sight at 80 × 24
                else:
                    detail.show_card(c, "in your hand")

    def pick_card(self, uid: int) -> None:
        if not self.can_act():
            self.query_one(Prompt).error = "Wait: it is not your decision now."
            return
        if not [a for a in self.legal if a.kind == "play" and a.args and a.args[0] == uid]:
            self.explain(Action("play", (uid,)))
            return
        self.select(("card", uid))
        if self.cell_actions:
            self.query_one(GridBoard).focus()

    def action_number(self, n: int) -> None:
        d = self.session.decision
        if d is not None and d.kind != "turn":  # a target, a revealed card: the numbered list
            super().action_number(n)
            return
        hand = self.query_one(HandRow)
        prompt, k = self.query_one(Prompt), len(hand.cards)
        prompt.typed = ""
        # a hand of 10 (HG-82): card 10 is `1` `0`, as a list's choice past the 9th (`tui.digits`)
        number = self.digits.digit(n, k, can_wait=self.can_act())
        if number is None:  # `1` waits for a second digit: the cursor on card 1 meanwhile
            hand.index = n - 1
            self.look_at(("card", hand.cards[n - 1].uid))
            self.show_hand_card(hand.cards[n - 1].uid)
            prompt.typed = typed_words(n, k, "card")
            return
        n = number
        if 1 <= n <= k:
            self.take_card(n)
            return
        # a number past the hand's end: said, as a number past the end of a list is
        if not self.can_act():
            prompt.error = "Wait: it is not your decision now."
        elif n == 0:  # (not `There is no card 0`: what the number keys do)
            prompt.error = (
                "The number keys pick a card of your hand, which is empty"
                if k == 0
                else f"The number keys pick a card of your hand ({hand_keys(k)})"
            )
        elif k == 0:
            prompt.error = f"There is no card {n}: your hand is empty."
        else:
            prompt.error = f"There is no card {n}: your hand has {plural(k, 'card')} ({hand_keys(k)})."
        self.app.bell()

    def take_card(self, n: int) -> None:
        """Card `n` of the hand (from 1), by its number key."""
        hand = self.query_one(HandRow)
        uid = hand.cards[n - 1].uid
        hand.index = n - 1
        self.look_at(("card", uid))  # (before the cursor says it moved)
        self.pick_card(uid)
        if self.selected != ("card", uid):
            # refused (`✗ … mana`): the panel, and `c`, on the card the key named, not on
            # the board's cell (the hand's cursor, already on it, said nothing)
            self.show_hand_card(uid)

    def take_typed(self, n: int) -> None:
        """`Enter` while `1` waits for a second digit: on your turn, card 1 of the hand."""
        d = self.session.decision
        if d is not None and d.kind != "turn":
            super().take_typed(n)
        elif 1 <= n <= len(self.query_one(HandRow).cards):
            self.take_card(n)

    def action_ability(self) -> None:
        if not self.can_act():
            return
        if not [a for a in self.legal if a.kind == "ability"]:
            self.explain(Action("ability"))
            return
        self.select(("ability",))
        self.show_pane("card")  # what the ability does, over its targets
        self.show_cursor_detail()

    def action_warcry(self) -> None:
        if not self.can_act():
            return
        sel = self.selected
        if sel is None or sel[0] != "unit":
            self.query_one(Prompt).error = "Choose one of your units first, then press w for its Warcry."
            return
        if not [a for a in self.legal if a.kind == "warcry" and a.args[0] == sel[1]]:
            self.explain(Action("warcry", (sel[1],)))
            return
        self.select(("warcry", sel[1]))

    def action_end_turn(self) -> None:
        if not self.can_act():
            return
        self.explain(Action("end"))

    def action_card(self) -> None:
        """`c`: the card in the card panel (the unit under the board's cursor, the card of the
        hand or of the choice highlighted) whole in a dialog, with where it is and whose: the
        panel has room for four of its lines at 80 × 24."""
        card = self.query_one(CardDetail).card
        if not card or not card.get("name"):
            self.query_one(
                Prompt
            ).error = (
                "No card here: put the cursor on a unit, a card of your hand (Tab) or a choice, then press c."
            )
            self.app.bell()
            return
        self.app.push_screen(CardScreen(str(card["name"]), self.whole_card(card)))

    def whole_card(self, card: Mapping[str, Any]) -> Group:
        """A card as the card dialog shows it: the panel's lines (`hotg_card_lines`, its terms
        explained), then where it is and whose (`◄ P2's unit at 2,3`, `In your hand`)."""
        lines = list(hotg_card_lines(card, self.glossary, True).renderables)
        owner = card.get("controller", card.get("owner"))
        whose = (
            "Your"
            if owner == self.me()
            else f"{OWNER_GLYPH[owner]} P{owner + 1}'s"
            if owner in (0, 1)
            else "A"
        )
        what = "Summoning Stone" if card.get("id") == "summoning_stone" else "unit"
        where = ""
        if card.get("row") is not None:
            where = f"{whose} {what} at {card['row']},{card['col']}"
        elif any(c.get("uid") == card.get("uid") for c in self.my_hand()):
            where = "In your hand"
        if where:
            lines += [Text(""), Text(where, style="italic")]
        return Group(*lines)

    def my_hand(self) -> list[dict[str, Any]]:
        players, me = self.view_data.get("players", []), self.me()
        return list(players[me].get("hand") or []) if me < len(players) else []

    def action_cancel(self) -> None:
        super().action_cancel()
        if self.selected is not None:
            self.select(None)
            self.query_one(GridBoard).focus()

    def after_human_action(self) -> None:
        self.selected = None

    def show_action_detail(self, action: Action | None) -> None:
        if not self.query_one(ActionList).has_focus:
            return
        cards = find_cards(self.view_data) if action is not None else {}
        first = next((cards[a] for a in self.card_args(action) if a in cards), None) if action else None
        if action is not None and first is not None and first.get("stone"):
            # a stone as under the board's cursor: its side's leader, its goal from your side
            self.query_one(CardDetail).show_card(self.stone_card(first), self.choice_words(action))
            return
        super().show_action_detail(action)

    def dialog_for(self, decision: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
        """Revealed cards side by side with their text (the engine's `pick` choices)."""
        if decision.kind != "reveal":
            return None
        offered = {c["uid"]: c for c in view.get("reveal") or []}
        picks = [
            (offered[a.args[0]], a) for a in legal if a.kind == "pick" and a.args and a.args[0] in offered
        ]
        if not picks:
            return None
        # below 120 columns a name too long for its tile's title (`Blessing of …`) would be cut
        # there: every tile's name opens its text instead (on two lines when it needs them), the
        # titles only number the tiles, alike
        in_text = self.app.size.width < 120 and any(len(str(c["name"])) > REVEAL_TITLE_ROOM for c, _ in picks)
        tiles = []
        for c, a in picks:
            name, body = str(c["name"]), hotg_card_body(c)
            tiles.append(Tile("", f"{name}\n{body}", a) if in_text else Tile(name, body, a))
        # HG-60: say where the pick goes (a newcomer read "choose one" and not what it did)
        into = decision.context.get("into")
        goes = {"hand": " — it goes to your hand", "effect": " — its effect resolves now"}.get(str(into), "")
        return TileDialog("Revealed cards", decision.prompt + goes, tiles, self.plan_problem)

    # -- at 80 × 24 the card panel and the log share a place -------------------------------------
    def show_pane(self, which: str) -> None:
        self.set_class(which == "log", "-show-log")

    def action_toggle_pane(self) -> None:
        self.show_pane("card" if self.has_class("-show-log") else "log")

    def action_scroll_panel(self, pages: int) -> None:
        """`PgUp`/`PgDn`: the card panel's words a page up or down (a card's text, its terms
        explained, are longer than the panel's four lines at 80 × 24), or the log's lines where
        it has the panel's place (`t`)."""
        box: Widget = self.query_one("#info", VerticalScroll)
        if self.has_class("-show-log") and self.has_class("-normal-height"):
            box = self.query_one(GameLog)
        if pages > 0:
            box.scroll_page_down(animate=False)
        else:
            box.scroll_page_up(animate=False)

    def on_key(self, event: Any) -> None:
        # (Textual calls `GameScreen.on_key` after this one: no `super()` call, or it runs twice)
        if event.key in ("up", "down", "left", "right", "h", "j", "k", "l", "tab") or event.key.isdigit():
            self.show_pane("card")

    def on_click(self, event: Any) -> None:
        self.show_pane("card")

    # -- what the last turn did ---------------------------------------------------------------------
    def show_digest(self, at: int | None = None) -> bool:
        """The other side's last turn in a few lines (`TurnDigest`) in the card panel's place, its
        title saying whose (`P2's last turn`): at the start of your turn (`at`: the game's length
        then; not once you have acted), and on `o`. At 80 × 24 the log shows five lines of the
        8–15 actions of an AI's turn; the digest's lines say it all, `PgDn` for the rest. The
        arrows, a card of the hand, a choice: the card panel again."""
        if at is not None and at != len(self.session.game.history):
            return False
        me = self.me()
        other = 1 - me
        digest = self.digests.get(other)
        if digest is None or (at is not None and not digest.actions):
            return False  # (a turn only ended: the log says it, and what you drew)
        d = self.session.decision
        whose = self.seat_name(other).split(" ")[0]
        detail = self.query_one(HotgCardDetail)
        detail.card, detail.note = None, f"digest {other} {len(self.session.game.history)}"
        detail.digest_title = (
            f"{whose}'s turn so far" if d is not None and d.player == other else f"{whose}'s last turn"
        )
        lines = digest.lines(me)
        at_drew, drew = self.drew
        if drew and at_drew == len(self.session.game.history) and d is not None and d.player == me:
            lines.insert(0, drew)  # (first: in sight in the panel's four lines at 80 × 24)
        detail.update(DigestLines(lines, "o: this again · arrows: the board"))
        self.title_card_box()
        self.show_pane("card")
        return True

    def action_last_turn(self) -> None:
        """`o`: the other side's last turn again (`show_digest`)."""
        if not self.show_digest():
            other = self.seat_name(1 - self.me()).split(" ")[0]
            self.query_one(Prompt).error = f"{other} has not played a turn yet."
            self.app.bell()

    def opening(self, events: list[Event]) -> list[Event]:
        """The first turn counted in rounds as the next ones (`opening_said`): the log opened
        with the engine's `Turn 1: P1 (1 mana)` over `Round 1: P2's turn (1 mana)`."""
        return opening_said("hotg", events)

    def log_action(self, game: Game, player: int, words: str, events: list[Any]) -> None:
        """The action's lines (the health changes no event line says last, `⤷ ◄Hoplite +2 (♥5)`:
        `hotg_events`, as in the replay), and its marks on the board, read in the game before it
        (`game_before`, the copy the other games' log reads too) and after it (`game`)."""
        action = game.history[-1] if game.history else None
        before = self.game_before
        if self.session.seats.kinds[player] == "ai" and action is not None and action.kind != "end":
            self.ai_did = " ".join(MANA.sub("", words).split())  # (`ai_turn_prompt`)
        d = game.decision()
        if before is not None and d is not None and d.kind == "turn" and d.player != player:
            self.drew = (len(game.history), drawn_words(before.view(d.player), game.view(d.player), d.player))
        self.note_action(
            player,
            action,
            self.units_by_uid(before.view(None)) if before is not None else {},
            self.units_by_uid(game.view(None)),
            events,
            words,
        )
        super().log_action(game, player, words, events)
        self.show_pane("log")

    def extra_stats(self) -> list[str]:
        """The turn and each Summoning Stone's health in the final public view
        (a stone at 0 or below is destroyed)."""
        view = self.final_view()
        players = view.get("players", [])
        if len(players) < 2:
            return []

        def stone(p: dict[str, Any]) -> str:
            hp = int(p.get("stone_health") or 0)
            return (
                f"{self.seat_name(p['seat'])} ♥{hp}" if hp > 0 else f"{self.seat_name(p['seat'])} destroyed"
            )

        rnd = self.round_of(view)
        when = f"Round {rnd}" if rnd else "End"
        return [f"{when} · Summoning Stones: " + ", ".join(stone(p) for p in players)]


class HotgReplayScreen(HotgTable, ReplayScreen):
    """A Hand of the Gods game replayed on its own table (read-only)."""

    EXPLAIN_TEXT = True  # HotG cards name their keywords in their text

    def on_mount(self) -> None:
        """The cards of a step read as at the table (`Cretan Archer · 2/1 · range 3`), not in the
        generic panel's words (`Cretan Archer #7`, `kind: unit · cost: 2 · attack: 2 …`). (Textual
        calls `ReplayScreen.on_mount`, which shows the first step, after this one.)"""
        self.query_one(CardDetail).card_layout = hotg_card_lines

    def pending_words(self, d: Decision) -> str:
        """A turn is said by whose it is (`Round 3 · P1 to play`), as the table's status
        says it: not the engine's prompt to its player, `your turn — play, move, attack or end`
        (a replay has no "you")."""
        return "" if d.kind == "turn" else super().pending_words(d)


SCREEN = HotgScreen
REPLAY = HotgReplayScreen
