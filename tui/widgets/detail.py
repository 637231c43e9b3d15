"""The card detail panel: full text and the keywords explained."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from common.cards import keyword_name
from tui.wording import UNBROKEN, costs_whole

# Fields of a card view that are plumbing, not something a player reads.
HIDDEN_FIELDS = {"uid", "id", "name", "text", "keywords", "owner", "controller", "zone", "modifiers", "where"}
# A zero is left out (a spell's attack 0, a unit's protect 0), except where it is a place: row 0, col 0.
ZERO_SHOWN = {"row", "col"}


def stat_name(key: str) -> str:
    """A stat as the rulebook writes it: an abbreviation in capitals (`POD`, `FUE`), a word with
    its capital only (`Salud`)."""
    return key.upper() if len(key) <= 3 else key.capitalize()


def text_terms(text: str, glossary: Mapping[str, str], skip: set[str]) -> list[str]:
    """Glossary terms named in a card's text (`Ranged.`, `Protect 2`, `Immune: spells`),
    each matched as a whole capitalised term (without its `: …` or ` X` parameter),
    in glossary order."""
    found = []
    for term in glossary:
        word = term.split(":")[0].removesuffix(" X").strip()
        if word in skip or not word[:1].isupper():
            continue
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
            found.append(term)
    return found


def _same_as_base(card: Mapping[str, Any], stat: str, base: object) -> bool:
    """A `base_<stat>` the card's `max_<stat>` (else its `<stat>`) already says."""
    now = card.get(f"max_{stat}", card.get(stat))
    return now is not None and now == base


def card_lines(
    card: Mapping[str, Any], glossary: Mapping[str, str] | None = None, explain_text: bool = False
) -> Group:
    """A card's name, stats, text and keywords explained; with `explain_text`
    also the glossary terms its text names (games whose cards carry their
    keywords in the text)."""
    glossary = glossary or {}
    parts: list[Text] = []
    title = Text(str(card.get("name") or card.get("id") or "card"), style="bold")
    if card.get("where"):  # (`CardDetail.where`: another card of the table has its name)
        title.append(f" ({card['where']})")
    parts.append(title)
    stats = []
    for key, value in card.items():
        if key in HIDDEN_FIELDS or isinstance(value, (dict, list)) or value is None or value is False:
            continue
        if value == "" or (value == 0 and key not in ZERO_SHOWN):
            continue
        if key.startswith("base_") and _same_as_base(card, key[5:], value):
            continue  # `base health: 25` after `max health: 25` says nothing new
        label = key.replace("_", " ")
        stats.append(f"{label}: {value}" if value is not True else label)
    for key, value in card.items():  # e.g. BHM "stats": {"fue": {"cur", "max", "base"}, …}
        if (
            isinstance(value, dict)
            and value
            and all(isinstance(v, dict) or v is None for v in value.values())
        ):
            for name, st in value.items():
                if isinstance(st, dict) and "cur" in st:
                    extra = f" (max {st['max']})" if st.get("max") not in (None, st["cur"]) else ""
                    stats.append(f"{stat_name(name)} {st['cur']}{extra}")
        elif key == "flags" and isinstance(value, dict):
            stats.extend(k.replace("_", " ") for k, v in value.items() if v is True)
    if stats:
        parts.append(Text(" · ".join(stats)))
    text = card.get("text")
    if text:
        parts.append(Text(str(text)))
    keywords = card.get("keywords") or []
    if isinstance(keywords, (list, tuple)):
        for kw in keywords:
            base = keyword_name(str(kw))
            expl = (
                glossary.get(base)
                or glossary.get(str(kw))
                or glossary.get(f"{base} X")
                or glossary.get(f"{base}: X")
            )
            line = Text("• ")
            line.append(str(kw), style="bold")
            if expl:  # (a glossary naming the keyword first: `• Haste — ignores …`, not `— Haste: ignores`)
                line.append(f" — {expl.removeprefix(f'{kw}: ')}")
            parts.append(line)
    if explain_text and text:
        named = {keyword_name(str(k)) for k in keywords} if isinstance(keywords, (list, tuple)) else set()
        for term in text_terms(str(text), glossary, named):
            line = Text("• ")
            line.append(term, style="bold")
            line.append(f" — {glossary[term]}")
            parts.append(line)
    said = " ".join(
        [str(text or ""), *(str(k) for k in keywords if isinstance(keywords, (list, tuple)))]
    ).lower()
    for key, value in card.items():
        if key in HIDDEN_FIELDS or not isinstance(value, list) or not value:
            continue
        if all(isinstance(v, (str, int)) for v in value):
            listed = f"{key.replace('_', ' ')}: {', '.join(str(v) for v in value)}"
            if listed.lower() not in said:  # `immune: spells` under `Immune: spells.` says it twice
                parts.append(Text(listed))
    return Group(*parts)


class Unbroken:
    """Words that wrap between words but never within a cost (`costs_whole`: `(1 energy)`),
    which Rich's wrap of a `Text` broke (`Turn Pikeman to attack (pay 1` over `energy)`)."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def lines(self, width: int) -> list[str]:
        out: list[str] = []
        for para in self.text.split("\n"):
            wrapped = textwrap.wrap(costs_whole(para), max(1, width), break_on_hyphens=False)
            out += [line.replace(UNBROKEN, " ") for line in wrapped] or [""]
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield Text(line, style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((len(line) for line in self.text.split("\n")), default=0)
        return Measurement(min(longest, options.max_width), longest)


def note_text(note: str, style: str) -> Text | Unbroken:
    """A note of the card panel: `Unbroken` when it says a cost, else a `Text` as before."""
    return Unbroken(note, style) if costs_whole(note) != note else Text(note, style=style)


class CardDetail(Static):
    """Shows one card (a card dict from a view) or a short hint."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.glossary: dict[str, str] = {}
        self.explain_text = False  # also explain the glossary terms a card's text names
        self.card: Mapping[str, Any] | None = None
        self.note = ""
        # a game's own layout of a card (its glossary, explain_text) instead of `card_lines`
        self.card_layout: Callable[[Mapping[str, Any], Mapping[str, str], bool], Group] | None = None
        # where the card is, when another card of the table has its name (`z1 of P2`, `P2, 1st
        # in ATK`; "" else): its title says it after the name (`TableScreen.card_where`). The
        # title said the card's internal number (`Aurelia, Iron Marshal  #1`), of no use to a
        # player.
        self.where: Callable[[Mapping[str, Any]], str] | None = None

    def show_card(self, card: Mapping[str, Any] | None, note: str = "") -> None:
        self.card = card
        self.note = note
        if card is None:
            self.update(note_text(note, "dim") if note else Text("No card selected.", style="dim"))
            return
        place = self.where(card) if self.where is not None and not card.get("where") else ""
        if place:
            card = {**card, "where": place}
        group = (self.card_layout or card_lines)(card, self.glossary, self.explain_text)
        if note:
            group = Group(note_text(note, "italic"), *group.renderables)
        self.update(group)


class CardBox(VerticalScroll, can_focus=False):
    """The box of a card panel: it scrolls the panel's words when they are longer than its
    place (its keys, the mouse wheel), and its bottom edge says so in words, not by a scrollbar
    (which would be read by its colour and would take a column of the words): `▼ PgDn` (more
    below), `▲ PgUp` (more above), with the keys that scroll it on its screen (`keys`: the
    HotG table's `PgUp`/`PgDn`; the replay's `↑`/`↓`, its `PgUp`/`PgDn` step ten actions).
    Not in the `Tab` round (board, hand, list)."""

    def __init__(self, *children: Any, keys: tuple[str, str] = ("PgUp", "PgDn"), **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        self.up_key, self.down_key = keys

    def more(self) -> str:
        """What its bottom edge says: where its words go on out of sight."""
        marks = []
        if self.scroll_y > 0:
            marks.append(f"▲ {self.up_key}")
        if self.scroll_y < self.max_scroll_y:
            marks.append(f"▼ {self.down_key}")
        return " ".join(marks)

    def show_more(self) -> None:
        """Its edge's words, and `-more` while they say something (a screen whose box has no
        bottom edge draws one then: the replay's)."""
        more = self.more()
        cornered = self.styles.border_right[0] not in ("", "none", "hidden")
        # a space each side of the words, as Textual gives them between corners (`─ ▼ PgDn ─╯`)
        self.border_subtitle = more if cornered or not more else f" {more} "
        self.set_class(bool(more), "-more")

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_more()

    def watch_virtual_size(self) -> None:
        # Textual sets the virtual size of a layout before its container size: `max_scroll_y` read
        # now takes the new words' rows against the old place's. A `-more` edge given or taken
        # on that changed the place, and the next layout said the opposite (a loop at every
        # refresh: the HotG replay's card panel at 120 × 40, with its size classes from the
        # start). Once the layout is done, both sizes are the same layout's.
        self.call_after_refresh(self.show_more)

    def on_resize(self) -> None:
        self.show_more()


def find_cards(view: Any) -> dict[int, dict[str, Any]]:
    """Every card dict (a dict with an int 'uid' and a name or id) in a view, by uid."""
    found: dict[int, dict[str, Any]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            uid = node.get("uid")
            if isinstance(uid, int) and not isinstance(uid, bool) and ("name" in node or "id" in node):
                found.setdefault(uid, node)
            for v in node.values():
                walk(v)
        elif isinstance(node, (list, tuple)):
            for v in node:
                walk(v)

    walk(view)
    return found
