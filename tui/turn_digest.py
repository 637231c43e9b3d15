"""Hand of the Gods: one side's turn in a few lines (`TurnDigest`), for the player whose turn
comes next.

At 80 × 24 the log shows about five lines, and an AI's turn is often 8–15 actions (deploys,
moves, attacks, deaths): at the start of your turn the table shows what the other side did as
a digest, led by the marks the board puts on the same cells (`★` acted, `⚔` attacked, `✦` aimed
at, `◇` left, `✝` died), most telling first: the stones' health, what died, the attacks, what
was played, what was cast or used, what moved, the health of what is still standing.

It reads the public views of the units before and after each action (`HotgTable.note_action`)
and the action's words in the log: no rule is judged here, the engine's events say what died.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from common.events import Event
from common.game import Action

# the board's marks of whose a unit is, `►` P1's, `◄` P2's, `◆` a neutral one (`grid.OWNER_GLYPH`)
SIDE_GLYPH = {0: "►", 1: "◄", None: "◆"}

MANA = re.compile(r" \(\d+ mana\)")


def glyph_name(unit: Mapping[str, Any]) -> str:
    """`◄Loki`, `►Hoplite`, `◆Stone Statue`: the unit by the board's mark of its side."""
    side = unit.get("controller", unit.get("owner"))
    return f"{SIDE_GLYPH.get(side, '◆')}{unit.get('name')}"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


class TurnDigest:
    """What `seat` did in one turn, gathered action by action (`add`), said in `lines`."""

    __slots__ = (
        "seat",
        "actions",
        "stones",
        "died",
        "attacks",
        "played",
        "used",
        "moves",
        "health",
        "last_unit",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.actions = 0
        # per stone (its owner): its health before the turn's first action and now
        self.stones: dict[int, list[int]] = {}
        self.died: list[str] = []  # `►Hoplite 3,8`; `(left the board)`: returned or transformed
        # attacker, target, the health it lost (-1: it died or left the board)
        self.attacks: list[tuple[str, Mapping[str, Any], int]] = []
        self.played: list[str] = []  # a unit deployed: `◄Idun 0,0`
        # spells, abilities, Warcries, picks: [what (`Thunder of Olympus`, `◄Ares's Warcry`), its
        # targets (public views of units; a text the action's words gave when no unit)]
        self.used: list[list[Any]] = []
        self.last_unit = ""  # the unit deployed or acting last (`◄Aphrodite`): a target after it is its
        self.moves: dict[int, list[Any]] = {}  # uid → [unit, first cell, last cell]
        self.health: dict[int, list[Any]] = {}  # uid → [unit, change] (units still standing)

    def __repr__(self) -> str:
        return f"TurnDigest(P{self.seat + 1}, {self.actions} actions)"

    def add(
        self,
        action: Action | None,
        before: Mapping[int, Mapping[str, Any]],
        after: Mapping[int, Mapping[str, Any]],
        events: Sequence[Event],
        words: str,
    ) -> None:
        """One action of the turn: `before`/`after` the units (uid → public view) around it, its
        `events`, its `words` in the log."""
        if action is None or action.kind == "end":
            self.note_health(before, after, events)
            return
        self.actions += 1
        args = action.args
        actor = args[0] if args and isinstance(args[0], int) else -1
        if action.kind == "move" and actor in before and actor in after:
            unit = after[actor]
            moved = self.moves.setdefault(actor, [unit, cell(before[actor]), None])
            moved[0], moved[2] = unit, cell(unit)
        elif action.kind == "attack" and actor in before and len(args) > 1 and isinstance(args[1], int):
            target = before.get(args[1])
            if target is not None:
                hit = after.get(args[1])
                # the health it lost, or -1: it left the board (`✝`: what it lost is not the damage)
                lost = int(target.get("health") or 0) - int(hit.get("health") or 0) if hit is not None else -1
                self.attacks.append((glyph_name(before[actor]), target, lost))
        elif action.kind == "play" and actor in after and actor not in before:
            self.played.append(f"{glyph_name(after[actor])} {cell(after[actor])}")
            self.last_unit = glyph_name(after[actor])
        else:
            self.note_used(action, before, MANA.sub("", words).strip())
        self.note_health(before, after, events)

    def note_used(self, action: Action, before: Mapping[int, Mapping[str, Any]], said: str) -> None:
        """A spell cast, an ability or a Warcry used, a target chosen, a revealed card picked: in the
        digest's short words (`Thunder of Olympus → ►Grey Wolf 0,6`), not the log's (`Cast Thunder
        of Olympus on your Grey Wolf at 0,6`), which ran over two lines of the panel at 80 × 24.
        The spell's or ability's name is the log's; its target the unit before it acted."""
        args = action.args
        aimed = args[-1] if args and isinstance(args[-1], int) and not isinstance(args[-1], bool) else None
        target: Any = before.get(aimed) if aimed is not None else None
        if action.kind == "target":
            if target is None:
                target = said.removeprefix("Target ")
            if self.used and self.used[-1][0] and self.last_unit == "":
                self.used[-1][1].append(target)  # the second target of the spell or ability before
            else:  # a Warcry's target as its unit is deployed (`◄Aphrodite → ►Hoplite 2,2`)
                self.used.append([self.last_unit, [target]])
            return
        self.last_unit = ""
        if action.kind == "pick":
            self.used.append(["a revealed card picked", []])
            return
        if action.kind == "warcry" and args and isinstance(args[0], int) and args[0] in before:
            unit = before[args[0]]
            self.used.append([f"{glyph_name(unit)}'s Warcry", []])
            return
        verb, _, rest = said.partition(" ")
        if verb in ("Cast", "Use") and rest:
            name, on, whom = rest.rpartition(" on ")
            if not on or (aimed is None and not whom):
                name, whom = rest, ""
            if target is None and aimed is not None and whom:
                target = whom  # (no unit: the action's words say it)
            self.used.append([name, [target] if target is not None else []])
        elif said:
            self.used.append([said, []])

    def note_health(
        self,
        before: Mapping[int, Mapping[str, Any]],
        after: Mapping[int, Mapping[str, Any]],
        events: Sequence[Event],
    ) -> None:
        """The stones' health, the units that died (or left the board), the others' health."""
        died = {e.data.get("target") for e in events if e.kind == "death"}
        for uid, u in before.items():
            if u.get("health") is None:
                continue
            now = after.get(uid)
            if u.get("stone"):
                owner = int(u.get("owner") or 0)
                start = self.stones.setdefault(owner, [int(u["health"]), int(u["health"])])
                start[1] = int((now or {}).get("health") or 0) if now is not None else 0
                continue
            if now is not None and now.get("health") is not None:
                d = int(now["health"]) - int(u["health"])
                if d:
                    changed = self.health.setdefault(uid, [now, 0])
                    changed[0], changed[1] = now, changed[1] + d
            elif "row" in u and not u.get("banished"):
                gone = "" if uid in died else " (left the board)"  # HG-61 returned, HG-66 transformed
                self.died.append(f"{glyph_name(u)} {cell(u)}{gone}")
                self.health.pop(uid, None)
        for uid, u in after.items():  # a stone first seen after (a scenario's first action)
            if u.get("stone") and uid not in before and u.get("health") is not None:
                owner = int(u.get("owner") or 0)
                self.stones.setdefault(owner, [int(u["health"]), int(u["health"])])

    def lines(self, viewer: int) -> list[str]:
        """The turn in lines, each led by its mark, read by `viewer` (`your stone`)."""
        out: list[str] = []
        if any(was != now for was, now in self.stones.values()):  # (the bars say them anyway)
            parts = []
            for owner in sorted(self.stones, key=lambda o: o != viewer):
                was, now = self.stones[owner]
                name = "yours" if owner == viewer else f"P{owner + 1}'s"
                parts.append(f"{name} {was}→{now} ({signed(now - was)})" if now != was else f"{name} {now}")
            out.append("♥ Stones: " + " · ".join(parts))
        if self.died:
            out.append("✝ Died: " + " · ".join(self.died))
        if self.attacks:
            hits = []
            for attacker, target, lost in self.attacks:
                what = glyph_name(target)
                if target.get("stone"):
                    owner = int(target.get("owner") or 0)
                    what = "your stone" if owner == viewer else f"P{owner + 1}'s stone"
                hits.append(
                    f"{attacker} → {what}" + (f" {signed(-lost)}" if lost > 0 else " ✝" if lost < 0 else "")
                )
            out.append("⚔ Attacked: " + " · ".join(hits))
        if self.played:
            out.append("★ Deployed: " + " · ".join(self.played))
        if self.used:
            items = [
                " → ".join([what, *(aimed_at(t, viewer) for t in targets)]) for what, targets in self.used
            ]
            out.append("✦ Used: " + " · ".join(item.lstrip(" →") for item in items))
        moves = [f"{glyph_name(u)} {a}→{b}" for u, a, b in self.moves.values() if a != b]
        if moves:
            out.append("◇ Moved: " + " · ".join(moves))
        health = [f"{glyph_name(u)} {signed(d)} (♥{u.get('health')})" for u, d in self.health.values() if d]
        if health:
            out.append("± Health: " + " · ".join(health))
        if not self.actions:
            out.append(f"P{self.seat + 1} only ended the turn.")
        return out


def aimed_at(target: Any, viewer: int) -> str:
    """A spell's, ability's or Warcry's target in the digest's words: `►Grey Wolf 0,6`, `your stone`,
    `P2's stone` (as an attack's), or the action's own words when it is no unit."""
    if not isinstance(target, Mapping):
        return str(target)
    if target.get("stone"):
        owner = int(target.get("owner") or 0)
        return "your stone" if owner == viewer else f"P{owner + 1}'s stone"
    return f"{glyph_name(target)} {cell(target)}" if "row" in target else glyph_name(target)


def cell(unit: Mapping[str, Any]) -> str:
    return f"{unit.get('row')},{unit.get('col')}"


APART = " · "  # between the items of a line (`◄Loki 0,0→1,0 · ◄Draugr 1,2→1,1`)
KEEP = "\xa0"  # a space the lines are not broken at (within one item that fits a line)


AIMED = " → "  # between a spell, ability or Warcry and its target (`Bolt → ◄Fenrir 3,3`)


def keep_whole(item: str, room: int) -> str:
    """`item` not to be broken within where it fits a line of `room` columns (with the ` · ` after
    it); too long for one (`Thunder of Olympus → ◄Grey Wolf 0,5` at 80 × 24), broken only before
    its `→`: the target whole on the next line, not `… → ◄Grey Wolf` over `0,5`."""
    if len(item) + len(APART) <= room:
        return item.replace(" ", KEEP)
    parts = item.split(AIMED)
    if len(parts) == 1:
        return item
    whole = [part.replace(" ", KEEP) if len(part) + len(APART) + 2 <= room else part for part in parts]
    return f" →{KEEP}".join(whole)


def digest_wrap(line: str, width: int, heads: bool = True) -> list[str]:
    """A digest's line in lines of `width` columns, the next ones two columns in, each item
    (`◄Wall of Ice 3,7`) whole on a line where it fits one; without `heads` a line has no head
    (`✝ Died: `) before its items (an action's words: `Skip the draw: move a life to energy`)."""
    if len(line) <= width or width < 8:
        return [line]
    if not heads:
        return textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False) or [line]
    head, _, rest = line.partition(": ")
    items = (rest if rest else head).split(APART)
    room = width - 2
    kept = [keep_whole(item, room) for item in items]
    text = (f"{head}: " if rest else "") + APART.join(kept)
    out = textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False) or [text]
    return [part.replace(KEEP, " ") for part in out]


class DigestLines:
    """A digest's lines (`TurnDigest.lines`) wrapped at the width they are drawn at (`digest_wrap`),
    then a dim last line (`tail`: the key that shows it again)."""

    def __init__(self, lines: Sequence[str], tail: str = "", *, heads: bool = True) -> None:
        self.lines = list(lines)
        self.tail = tail
        self.heads = heads

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in self.lines:
            for part in digest_wrap(line, width, self.heads):
                yield Text(part, no_wrap=True, overflow="ellipsis")
        if self.tail:
            yield Text(self.tail, style="dim italic")

    def plain(self, width: int) -> list[str]:
        """The lines as drawn at `width` (the tail too)."""
        out = [part for line in self.lines for part in digest_wrap(line, width, self.heads)]
        return [*out, self.tail] if self.tail else out
