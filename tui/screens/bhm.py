"""BHM: the lane screen. Reads `BhmGame.view()` (see its docstring): per seat
the C.LL against the 32 limit, the call budget, the 10 being zones with their
attached objects and powers, territories, deserters, dead zone, invocation
zone (face down to the opponent: a count), deck and hand counts; the phase and
the action waiting for a reaction — or, when reactions answer reactions (BH-67),
the whole stack drawn as a pile in the middle lane, top first."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.events import Resize
from textual.widget import Widget

from common.errors import IllegalAction
from common.game import Action, Decision, Game
from tui.log_words import bhm_ending, bhm_opening, bhm_places, bhm_places_apart, said_once
from tui.screens.decide import Row, RowsDialog, Tile, TileDialog
from tui.screens.lanes import (
    LaneReplayScreen,
    LaneScreen,
    LaneTable,
    Line,
    Seg,
    bar,
    chip,
    chips,
    lane_keys,
    pile,
    short,
    words,
)
from tui.widgets.actions import ActionList, cut_start, one_line
from tui.widgets.detail import CardDetail, find_cards, stat_name
from tui.widgets.lanes import LaneBoard, LaneScroll, rows_taken
from tui.widgets.log import GameLog
from tui.widgets.status import GLUE, Prompt
from tui.wording import plural

if TYPE_CHECKING:  # (the engine is loaded with a game, not with the screens)
    from bhm.game import BhmGame, Hit

# a strategy phase (the view's `phase`) in the prompt's words: the phase in full and in short
# (the middle line names it in full), what `next` does, in full and in short (`turn_prompts`)
PHASE_WORDS = {
    "strategy1": ("First strategy phase", "First strategy"),
    "strategy2": ("Second strategy phase", "Second strategy"),
}
# The combat phase's decision in the table's words: whose it is said before it (`Player 1: …`), not after
# (the engine's `Combat phase: declare attacks (P1)`); played and replayed alike.
COMBAT_WORDS = "Combat phase: declare attacks"
NEXT_WORDS = {"strategy1": ("go to combat", "combat"), "strategy2": ("end the turn", "end turn")}
# a choice of the UI, not of the engine: the player passes every reaction window (a Foresight in
# the hand opens one at each enemy action) until the end of the opponent's turn
QUIET = Action("pass", ("turn",))
QUIET_WORDS = ("Do not react for the rest of this turn", "Do not react again this turn")  # (roomy, dense)
QUIET_KEY = "bhm_quiet"  # its (seat, turn) in the session's UI state (`BhmScreen.quiet`)
# the actions (numbered from 0) that were a QUIET choice, and the passes the table made for it, in the
# session's UI state (the save's optional ui.state, which older saves are without): a resumed game's
# log tells them again as the live log did (`BhmScreen.retell_action`)
QUIET_CHOSEN_KEY, QUIET_PASSED_KEY = "bhm_quiet_chosen", "bhm_quiet_passed"
# a phase step with no choice (BH-21, BH-22, BH-23: nothing can be played, no being can attack, only
# `next`): the table takes it for a human player, told in the log with why (`no_choice_step`), where
# early turns asked three keys that did nothing (`Go to combat`, `End combat`, `End the turn`); a
# decision the rules give the player (the optional draw, BH-24) is never taken for them
STEP_PHASES = {
    "strategy1": "nothing left to play in the first strategy phase",
    "combat": "no being can attack now",
    "strategy2": "nothing left to play in the second strategy phase",
}
# the cards that are spent in the dead zone (a strategy played, a power executed, an object, a
# territory): no mark of the last actions there, where only a being that died of them keeps one
SPENT_TYPES = frozenset({"power", "object", "strategy", "territory"})
# `t` from 120 × 40 (`BhmScreen.on_key`)
# the log's twin with whose it is (`Undine z5 of P2`, `bhm_places(whose=True)`): `last:` says it as the
# lanes mark it, beside them (`Undine z5`), its one line keeping room for the rest of the action —
# but whose, when both sides have that mark (`lane_words`)
WHOSE_TWIN = re.compile(r"( z(\d+)) of P(\d)\b")


ATTACKS = " attacks "


def fit_attack(words: str, width: int) -> str:
    """An attack's brief words (`-400 Salud: Thalassa, the Deep Mother attacks Obsidian Guard`) in
    `width` columns: the attacker's name cut (`-400 Salud: Thalassa, the D… attacks Obsidian
    Guard`), the outcome, the verb and the target whole; then the target's name cut too, as little
    as it must. (`one_line` kept the start and the end, and the cut took the verb with it:
    `Thalassa, the Deep… Obsidian Guard`.)"""
    head, sep, target = words.partition(ATTACKS)
    outcome, colon, attacker = head.rpartition(": ")
    lead = outcome + colon
    if not sep or len(words) <= width:
        return one_line(words, width)
    least = 6  # an attacker cut shorter than this says nothing (`Tha…`)
    room = width - len(lead) - len(sep) - len(target)
    if room >= least:
        return lead + cut_start(attacker, room, words=False) + sep + target
    room = width - len(lead) - len(sep) - least
    if room < least:
        return one_line(words, width)
    place = re.search(r" z\d+( of P\d)?( ×\d+)?$", target)  # (which twin: kept whole)
    name, mark = (target[: place.start()], place.group()) if place else (target, "")
    if room - len(mark) < least:
        name, mark = target, ""
    return (
        lead
        + cut_start(attacker, least, words=False)
        + sep
        + cut_start(name, room - len(mark), words=False)
        + mark
    )


def lane_words(words: str, mirrored: Collection[str] = ()) -> str:
    """The log's words of an action (`Undine z5 of P2`) for `last:`, beside the lanes: a twin by its
    zone as the lanes mark it (`Undine z5`), but with whose it is where the lanes' mark does not say
    it: a zone the words name on both sides (a mirror match's attack, `Ember Squire z1 of P1
    attacks Ember Squire z1 of P2`: `last:` said `Ember Squire z1 attacks Ember Squire z1`), or a
    mark both sides have on the table (`mirrored`: `marks_of_both_sides`)."""
    seats: dict[str, set[str]] = {}
    for m in WHOSE_TWIN.finditer(words):
        seats.setdefault(m[2], set()).add(m[3])

    def said(m: re.Match[str]) -> str:
        mark = words[: m.start()] + m[1]
        if len(seats[m[2]]) > 1 or any(mark.endswith(f" {x}") or mark == x for x in mirrored):
            return m[0]
        return m[1]

    return WHOSE_TWIN.sub(said, words)


MARK_PLAYED = "◆"  # the power or invocation a being of the other side played (`★` that being)
NBSP = "\u00a0"  # a space the lanes never wrap at
STATS = ("pod", "fue", "res", "val", "salud")
# below 120 × 40 the middle line's key to the beings' numbers (`3/4/6/6/7`), longest first (`stats_key`)
STATS_KEYS = (
    "being stats: POD/FUE/RES/VAL/Salud in hundreds",
    "stats: POD/FUE/RES/VAL/Salud in 100s",
    "POD/FUE/RES/VAL/Salud in 100s",
    "stats in 100s",
)
FLAG_MARKS = {  # shown as words: readable without colour
    "frozen": "frozen",
    "petrified": "petrified",
    "invisible": "invisible",
    "fled": "fled",
    "attacked": "attacked",
    "power_attacked": "power-attacked",
    "abilities_lost": "no abilities",
}
DENSE_FLAGS = {  # the same, one letter each (the help explains them)
    "frozen": "f",
    "petrified": "t",
    "invisible": "i",
    "fled": "d",
    "attacked": "a",
    "power_attacked": "p",
    "abilities_lost": "n",
}

BHM_KEYS = """
**Calls, beings and marks**

- the choice list holds every decision: calls, powers, objects, strategies, territories, attacks,
  reactions, targets, POD investment, discards, mulligans — `↑↓` and `Enter`, or a click
- the call budget is your C.LL at the start of your turn, for both strategy phases: a war call
  spends the being's rank from it, so at C.LL 0 (the first turns) no being can be called; instant
  calls and strategy cards need rank ≤ your C.LL and spend none. `Enter` or a click on a card of your
  hand that has no choice says why (in red, `✗`; in the final phase, which only draws, why it could
  not be played before it); `▶` is the card cursor
- each side: `C.LL n/32` (you lose at 32) with a bar, the call budget left this turn, the 10 being
  zones (`1`…`10`) with what is attached (`+`), then territories, invocations (face down to the
  opponent: only a count), deserters and the dead zone
- below 120 × 40 a being reads `Stone Golem -/4/6/6/7 [a]`: POD/FUE/RES/VAL/Salud in hundreds, as
  the middle line reminds you (`stats: POD/FUE/RES/VAL/Salud in 100s`, shorter when the line is
  full: `stats in 100s`; `-` a stat it lacks; the card panel has the exact values), then in brackets `a` attacked this
  turn (`p` instead: with a power attack), `f` frozen, `t` petrified, `i` invisible, `d` fled, `n` no
  abilities; capitals say what it is: `G` god, `D` demigod, `C` celestial entity, `I` Immortal,
  `E` Eternal (the roomy layout says them in words); `z3` the zone of a being whose name
  another card in play shares, on either side (`Ember Squire z1`, `Ember Squire z3`): the log and
  the prompts name it the same way (the log adds whose: `Ember Squire z1 of P2`); `+` an attached
  object or power; `inv`, `dead` and `des` (deserters) are counts (their cards appear when you can
  choose them, and a being of the other side's last actions that died in that turn, with its mark:
  `dead 3: ⚔Ember Squire`)
- what the other side did since it took over: `» P2 (AI) last: …` (over your side) in words, and
  one mark on each card it involved, one meaning each: `★` the card that acted (`★Hollow Wraith`
  attacked, `★Equalize` was played), `⚔` the being it attacked, `✦` the card it aimed at (a target,
  the being an object was equipped to), `◆` the power or invocation its being played (`★` on that
  being); in a dead zone only a being that died of it keeps its mark (`dead 3: ⚔Ember Squire`):
  a card spent there (a strategy played, a card discarded) has none
- a step with no choice (a strategy phase with nothing to play, a combat phase with no being that can
  attack) is taken for you and told in the log (`Go to combat — nothing left to play in the first
  strategy phase (call budget 0)`); the optional draw of the final phase is always yours to choose (BH-24)
- a reaction card in your hand (Foresight answers any enemy action) asks you at each action of the
  opponent: `Do not react for the rest of this turn` passes them all until its turn ends (the log
  says so)
- `⚡` the action waiting for a reaction (when a reaction is yours to choose the prompt alone says
  it: `React to: …?`); when reactions answer reactions, the middle shows the *stack* as a pile: the top (played last, `◂ top`) resolves first, once both players pass in a
  row; `→ answers 1` names the entry a reaction answers, `[cancelled: no effect]` one that will fizzle
"""


KINDS = {
    "god": ("G", "god"),
    "demigod": ("D", "demigod"),
    "entity": ("C", "celestial entity"),
}  # BH-42, BH-71
TOUGH = {"Immortal": "I", "Eternal": "E"}  # BH-95, BH-101: keywords that keep a being alive


def dead_uids(game: Any) -> set[int]:
    """The cards in both sides' dead zones of `game` (a BHM game; none of another)."""
    zones = getattr(game, "zones", None)
    out: set[int] = set()
    for seat in (0, 1):
        try:
            out.update(zones[f"dead:{seat}"])  # type: ignore[index]
        except (KeyError, TypeError):
            continue
    return out


def being_kind(card: dict[str, Any], dense: bool) -> list[str]:
    """What sets a field card apart from an ordinary being, in words (roomy) or a capital letter
    each (dense): god, demigod or celestial entity; Immortal, Eternal."""
    out = []
    kind = KINDS.get(str(card.get("type", "")))
    if kind:
        out.append(kind[0] if dense else kind[1])
    names = {str(k).split(" ")[0] for k in card.get("keywords") or []}
    out += [letter if dense else word for word, letter in TOUGH.items() if word in names]
    return out


def being_flags(card: dict[str, Any]) -> list[str]:
    """The flags of a being that are drawn, in `FLAG_MARKS` order: a power attack is the being's
    attack of the turn (BH-35), drawn as `p` alone (not `ap`)."""
    on = card.get("flags") or {}
    return [k for k in FLAG_MARKS if on.get(k) and not (k == "attacked" and on.get("power_attacked"))]


def stat_line(card: dict[str, Any]) -> str:
    stats = card.get("stats") or {}
    out = []
    for key in STATS:
        st = stats.get(key)
        if isinstance(st, dict):
            out.append(f"{stat_name(key)} {st['cur']}")
    return " ".join(out)


def hundreds(v: Any) -> str:
    return str(v // 100) if isinstance(v, int) and v % 100 == 0 else str(v)


def dense_stats(card: dict[str, Any]) -> str:
    """`3/4/6/6/7`: POD/FUE/RES/VAL/Salud in hundreds (exact when not a
    multiple of 100; `-` a stat the being lacks)."""
    stats = card.get("stats") or {}
    out = []
    for key in STATS:
        st = stats.get(key)
        out.append(hundreds(st["cur"]) if isinstance(st, dict) else "-")
    return "/".join(out)


def at_salud_0(hit: Hit) -> str | None:
    """The keyword (Immortal, Eternal) of a target at Salud 0 already, which stays there (BH-95,
    BH-101): its Salud loses nothing more; None for another."""
    return hit.tough if hit.salud <= 0 else None


def dense_hit(hit: Hit) -> str:
    """What an attack or a POD investment does to its target (the engine's `Hit`: `outcome`), in a
    line's few words: `kills`, `-200 Salud`, `RES only` (BH-30), `lives (Immortal)` (the hit
    takes all its Salud, BH-95, BH-101), at Salud 0 already `no effect (Immortal)`, `RES only
    (Immortal)` (its RES still wears down)."""
    tough = at_salud_0(hit)
    if hit.res_only:
        return f"RES only ({tough})" if tough else "RES only"
    if tough:
        return f"RES only ({tough})" if hit.res else f"no effect ({tough})"
    if hit.kills:
        return "kills"
    if hit.survives:
        return f"lives ({hit.survives})"  # (`survives (Immortal): Bone Revenant` was cut at 80 × 24)
    return f"-{hit.to_salud} Salud"


def dense_power_outcome(hit: Hit) -> str | None:
    """What all the POD of a power attack does (its `Hit`), in fewer words, when it says more than
    the attacker's POD and the target's Salud, which the list's header and the lanes show: `all POD
    kills`, `all POD: lives (Immortal)`, and against Magic Resistance (its RES first, BH-97) `all
    POD: -100 Salud`, `all POD: RES only`. None: nothing more (all 500 POD to a Salud of 900)."""
    if hit.kills:
        return "all POD kills"
    if hit.survives:
        return f"all POD: lives ({hit.survives})"
    if hit.res_only:
        return "all POD: RES only"
    if hit.res_first and (hit.res or hit.res_gone):
        return f"all POD: -{hit.to_salud} Salud"
    return None


def survives_words(hit: Hit | None) -> str:
    """From 120 × 40, after an attack's or an investment's whole words: that the being it leaves at
    Salud 0 lives on (` — it survives at Salud 0 (Immortal)`, BH-95, BH-101), which the engine's
    `500 to Salud` does not say; "" for another."""
    if hit is None or not hit.survives or at_salud_0(hit):
        return ""
    return f" — it survives at Salud 0 ({hit.survives})"


def outcome_first(game: Any, action: Action, names: dict[int, str] | None = None) -> str | None:
    """An attack's words with its outcome first, in fewer words (`kills: Hollow Wraith attacks Spark
    Imp`), for the one-line `last:` that cuts at its end (`… (FUE 300 vs RES 0: 300 to Sa…` lost
    it), from the engine's data (`outcome`) of `action`, about to be applied to `game`; a power
    attack's without its numbers, which are no outcome, nor is what all its POD would do (the
    investment, next in the log, says what it took), but when it can do nothing (`no effect
    (Immortal): …`). Each being by its name, a twin with its zone as the lanes mark it (`names`:
    `being_names`, of `game`'s view when not given). None: not an attack."""
    if action.kind not in ("attack", "pattack"):
        return None
    hit = game.outcome(action)
    names = being_names(game.view(None)) if names is None else names
    at, t = (named(game, names, u) for u in action.args[:2])
    if action.kind == "pattack":
        said = f"{at} power-attacks {t}"
        return f"{dense_hit(hit)}: {said}" if at_salud_0(hit) else said
    return f"{dense_hit(hit)}: {at} attacks {t}"


# the choices listed below 120 × 40 under their card (`Equip Tower Shield to:`), each one being
BY_CARD = ("equip", "power", "invoke")  # (an invocation under the being that invokes it)
# the choices below 120 × 40 whose outcome may take a second line: a territory's (what it destroys),
# an investment's (what it does to the target)
TWO_LINES = ("territory", "invest")


def twin_zones(view: dict[str, Any]) -> dict[int, int]:
    """The beings of the table (`view`) whose name another card in play shares, by uid: their zone (1
    to 10), which the lanes mark (`Ember Squire z1`, `Ember Squire z3`) as the log and the prompts
    say it (the engine's `label`, `Ember Squire (P2 zone 3)`, in the table's words: `bhm_places`).
    The engine's rule: another being on either side's field, or a deserter of either side (BH-37);
    a being alone of its name has none. (The lanes marked only a name shared on one side: the log's
    `Undine (P2 zone 5)` of a mirror match was `Undine` on the table.)"""
    beings = [z for p in view.get("players", []) for z in p.get("zones", []) if z.get("being") is not None]
    deserters = [c for p in view.get("players", []) for c in p.get("deserters") or []]
    count = Counter([str(z["being"].get("name")) for z in beings] + [str(c.get("name")) for c in deserters])
    return {
        int(z["being"]["uid"]): int(z["index"]) + 1 for z in beings if count[str(z["being"].get("name"))] > 1
    }


def fit_reaction(words: str, width: int) -> str:
    """A reaction's words (`React with Foresight to Hollow Wraith attacks Spark Imp (physical) — after
    any enemy action, draw 1 card`) in `width` columns for the one-line `last:`: without its card's
    summary (the card panel has it), then without the closing detail of what it answers, then the
    seats as the lanes' heads name them (`P1's draw`); cut at its end only when none of these fits
    (at 80 columns in hot-seat `last:` was `React with Foresight…`)."""
    tries = [words.split(" — ", 1)[0]]
    detail = re.match(r"(.*\S) \([^()]*\)( ×\d+)?$", tries[-1])
    if detail:
        tries.append(detail[1] + (detail[2] or ""))
    tries.append(re.sub(r"\bPlayer (\d)\b", r"P\1", tries[-1]))
    return next((t for t in tries if len(t) <= width), cut_start(tries[-1], width))


def being_names(view: dict[str, Any], *, whose: bool = False) -> dict[int, str]:
    """Each being of the table (`view`) by uid as the lanes mark it: its name, with its zone when
    another card in play shares it (`Ember Squire z3`: `twin_zones`). With `whose`, a mark that
    both sides have (a mirror match: an Ember Squire in each side's zone 1) says whose it is too
    (`Ember Squire z1 of P2`): the choices, read away from the lanes, said `Ember Squire z1`."""
    twins = twin_zones(view)
    out: dict[int, str] = {}
    side: dict[int, int] = {}
    for i, p in enumerate(view.get("players", [])):
        for z in p.get("zones", []):
            if z.get("being") is not None:
                uid = int(z["being"]["uid"])
                out[uid] = str(z["being"].get("name")) + (f" z{twins[uid]}" if uid in twins else "")
                side[uid] = int(p.get("seat", i))
    if whose:
        sides: dict[str, set[int]] = {}
        for uid, mark in out.items():
            sides.setdefault(mark, set()).add(side[uid])
        out = {
            uid: mark + (f" of P{side[uid] + 1}" if len(sides[mark]) > 1 else "") for uid, mark in out.items()
        }
    return out


def marks_of_both_sides(names: dict[int, str]) -> set[str]:
    """The lanes' marks (`Ember Squire z1`) that `names` (`being_names(whose=True)`) tell apart by
    their side."""
    return {mark.rsplit(" of P", 1)[0] for mark in names.values() if re.search(r" of P\d$", mark)}


def named(game: Any, names: dict[int, str], uid: object) -> str:
    """Card `uid` of `game` by its name, a being as the lanes mark it (`names`: `being_names`)."""
    return names[uid] if isinstance(uid, int) and uid in names else str(game.card(uid).name)


def brief_words(game: Any, action: Action, names: dict[int, str]) -> str | None:
    """A choice that plays a card in words made of the action's data, without the card's summary
    (the card panel has it): `Cinder Hound z1 executes Fire Bolt (consumes 100 POD: all it has, it
    dies)` (a being of a shared name by its zone, as the lanes mark it: `names`), `Equip Iron Sword
    to Obsidian Guard`, `Play strategy Terrify`, `Play territory Volcanic Caldera`, `Use Frost
    Witch's ability`, `React with Broken Seal`. None: another choice."""
    try:
        c = game.card(int(action.args[0]))
        if action.kind == "power":
            cost = game.power_cost_words(action)  # BH-33, BH-40: the engine's words of it
            return f"{named(game, names, action.args[1])} executes {c.name}{cost}"
        if action.kind == "equip":
            return f"Equip {c.name} to {named(game, names, action.args[1])}"
        if action.kind in ("strategy", "territory"):
            return f"Play {action.kind} {c.name}"
        if action.kind == "ability":
            return f"Use {named(game, names, c.uid)}'s ability"
        if action.kind == "react":
            return f"React with {c.name}"
    except (KeyError, ValueError, TypeError, AttributeError, IndexError):
        return None
    return None


# below 120 × 40, the rows that cutting the names to a few letters must save to be worth it when the
# lanes scroll all the same (`BhmTable.update_table`)
CUT_SAVES = 3
DEAD_SHOWN = 4  # the latest cards of a dead zone the roomy lanes name at least


def dead_line(head: list[Seg], dead: list[dict[str, Any]], marks: dict[int, str], width: int) -> list[Seg]:
    """The roomy lanes' line of `head` (`  deserters: —`) and the dead zone, at `width` columns:
    every card the last actions marked (`dead_marks`: `⚔Wind Dancer`, killed in a big wipe before
    four others) and the latest four, then the ones before those, as many as the rows that takes
    hold, in the order they went there, a `…` for each run left out: ` · dead (12): … ⚔Wind Dancer, … Obsidian
    Guard, Volcanic Caldera, Thunder Knight`; a zone shown whole ` · dead: Cinder Hound, Spark Imp`.
    (It named the latest four: a marked card among the ones before was out of sight, and a row
    with room for more named four all the same.)"""
    if not dead:
        return head + words(" · dead:") + chips([])

    def drawn(shown: set[int]) -> list[Seg]:
        whole = len(shown) == len(dead)
        segs = head + words(" · dead:" if whole else f" · dead ({len(dead)}):")
        last = -1
        for i in sorted(shown):
            if last >= 0:
                segs.append(Seg(","))
            if i > last + 1:
                segs.append(Seg(" …"))
            segs += chip(dead[i], mark=marks.get(int(dead[i]["uid"]), ""))
            last = i
        return segs

    shown = {i for i, c in enumerate(dead) if int(c["uid"]) in marks}
    shown |= set(range(max(0, len(dead) - DEAD_SHOWN), len(dead)))
    rows = rows_taken(drawn(shown), width)  # what those take
    for i in range(len(dead) - 2, -1, -1):  # the latest first, while those rows hold them
        if i in shown:
            continue
        if rows_taken(drawn(shown | {i}), width) > rows:
            break
        shown.add(i)
    return drawn(shown)


# the stack's entries that say whose they are (the engine's `entry_text`: `P2's draw (initial
# phase)`, `P1's reaction Broken Seal`), by their kind
SEATED_ENTRIES = frozenset({"react", "draw"})


def entry_words(entry: dict[str, Any], name: Callable[[int], str]) -> str:
    """An entry of the stack (the view's `stack`) in words, whose it is in the players' names
    (`name`: `Player 2 (AI)'s draw (initial phase)`, the engine's `P2's draw …`) from its data
    (`controller`, `kind`)."""
    # (`Tide Sentinel z1`, as the lanes mark it; `… z1 of P1 attacks … z1 of P2` in a mirror)
    text = bhm_places_apart(str(entry.get("text", "?")))
    seat = entry.get("controller")
    if entry.get("kind") in SEATED_ENTRIES and isinstance(seat, int):
        return f"{name(seat)}'s {text}"
    return text


def answered_entry(d: Decision | None, view: dict[str, Any]) -> dict[str, Any] | None:
    """The stack's entry a reaction window (`d`) answers (its `entry`), from `view` (the game's now)."""
    j = (d.context or {}).get("entry") if d is not None and d.kind == "respond" else None
    stack = view.get("stack") or []
    return stack[j] if isinstance(j, int) and 0 <= j < len(stack) else None


def no_choice_step(game: Any) -> Action | None:
    """The `next` of a strategy phase or of the combat phase (BH-21, BH-22, BH-23) of `game` when it
    is the only legal action: no card to play, no call the budget allows, no being that can attack —
    the table takes it (`BhmScreen.step_for_player`). None: a choice, or another decision."""
    try:
        d = game.decision()
        if d is None or d.kind not in ("turn", "combat"):
            return None
        legal = game.legal_actions()
    except (AttributeError, KeyError, ValueError, TypeError):
        return None
    return legal[0] if len(legal) == 1 and legal[0] == Action("next") else None


# a step the table took (`no_choice_step`): what it did, why (`STEP_PHASES`'s key), the call budget
Step = tuple[str, str, int | None]


def no_choice_told(game: Any, action: Action) -> Step:
    """A step the table takes in `game` (`no_choice_step`), before it is applied: the engine's words
    of it (`Go to combat`), its phase and the deciding player's call budget (none in combat)."""
    view = game.view(None)
    phase = str(view.get("phase"))
    budget = None
    if phase != "combat":
        d = game.decision()
        seat = d.player if d is not None else None
        player: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == seat), {})
        budget = player.get("budget") if isinstance(player.get("budget"), int) else None
    return str(game.describe_action(action)), phase, budget


def no_choice_words(who: str, steps: list[Step]) -> str:
    """The log's line of a run of steps the table took for `who`: one, `You: Go to combat — nothing
    left to play in the first strategy phase (call budget 0)`, `You: End combat — no being can
    attack now`; more, on one line, `You: Go to combat · End combat · End the turn — nothing left to
    play, no being can attack (call budget 0)` (their phases on the line under it), where three
    lines took most of the log's rows at 80 × 24. (`nothing to play` read wrong under a card just
    played in that phase: `Call Thunder Lancer`, then `Go to combat — nothing to play …`.)"""
    budget = next((b for _, _, b in steps if b is not None), None)
    said = f" (call budget {budget})" if budget is not None else ""
    if len(steps) == 1:
        words, phase, _ = steps[0]
        why = STEP_PHASES.get(phase)
        return f"{who}: {words}" + (f" — {why}{said}" if why else "")
    whys = []
    for _, phase, _ in steps:
        why = "no being can attack" if phase == "combat" else "nothing left to play"
        if why not in whys:
            whys.append(why)
    return f"{who}: {' · '.join(w for w, _, _ in steps)} — {', '.join(whys)}{said}"


# the choices a target completes (BH-67: the card goes on the stack with its target)
AIMING = ("power", "strategy", "ability", "territory", "react")


def aimed_with(words: str, after: BhmGame | None) -> str:
    """A target's words (`Target Storm Roc`, the last action of `after`'s history) with the card it
    was chosen for, the action before it: `Target Storm Roc with Frost Witch's ability`, `Target Bone
    Revenant with Second Wind`. The one-line `last:` told `Target Storm Roc` alone, the card that
    aimed at it out of sight (its line before, and the stack, gone once it resolved). The words as
    they are when the action before is no card's (a Terror's target) or no game is told (`after`)."""
    history = after.history if after is not None else []
    before = history[-2] if len(history) >= 2 else None
    uid = before.args[0] if before is not None and before.kind in AIMING and before.args else None
    if after is None or before is None or not isinstance(uid, int) or uid not in after.zones.cards:
        return words
    card = after.card(uid)
    return f"{words} with {card.name}'s ability" if before.kind == "ability" else f"{words} with {card.name}"


def strategy_prompts(phase: Any, budget: Any) -> list[str]:
    """A strategy phase's prompt (`phase`: the view's, `budget`: the deciding player's call budget),
    in the words that fit the prompt's width best, longest first (the prompt takes the one of the
    fewest lines: `Prompt.shorter`): `First strategy phase: calls (C.LL budget 4), cards,
    abilities — or go to combat`, then `— or combat`, `First strategy: …` (the middle line names the
    phase in full), and `calls (budget 4)`; the engine's `— or next` said as the choice it is, the
    budget said to be your C.LL (BH-10). Its groups of words (`calls (C.LL budget 4),`, `— or go to
    combat`) are never broken across lines (`GLUE`): `C.LL budget` / `0),` read as two things.
    [] for no strategy phase."""
    if phase not in PHASE_WORDS or not isinstance(budget, int):
        return []
    (whole, short), (go, step) = PHASE_WORDS[phase], NEXT_WORDS[phase]

    def said(phase: str, cll: bool, next_words: str) -> str:
        calls = f"calls ({'C.LL ' if cll else ''}budget {budget}),"
        groups = [f"{phase}:", calls, "cards,", "abilities", f"— or {next_words}"]
        return " ".join(g.replace(" ", GLUE) for g in groups)

    return [
        said(whole, True, go),
        said(whole, True, step),
        said(short, True, go),
        said(short, True, step),
        said(short, False, step),
    ]


class FittedLaneScroll(LaneScroll):
    """BHM's lanes' region: the lanes are drawn again when its size changes (`BhmTable.fit_lanes`).
    The screen's own resize came before the layout gave the region its size: the lanes were decided
    for the region of the layout before (80 × 24 after 120 × 40: 32 × 13, not 80 × 12, the names
    cut with rows to spare), and nothing drew them again."""

    def on_resize(self) -> None:
        fit = getattr(self.screen, "fit_lanes", None)
        if callable(fit):
            self.call_after_refresh(fit)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The bar came or went: the board has other columns than it was drawn for (the dead
        zone's line names as many cards as its rows hold at those columns)."""
        fit = getattr(self.screen, "fit_board_width", None)
        if callable(fit):
            self.call_after_refresh(fit)


class BhmTable(LaneTable):
    """The BHM lanes (the game screen's and the replay's)."""

    def card_where(self, card: Mapping[str, Any]) -> str:
        """`z1 of P2`: the card's being zone and seat when another card in play has its name
        (the engine's `label`, in the log's words: `bhm_places`); "" else."""
        game, uid = self.table_game(), card.get("uid")
        if game is None or not isinstance(uid, int):
            return ""
        try:
            label = str(game.label(game.card(uid)))
        except (KeyError, ValueError, TypeError, AttributeError):
            return ""
        name = str(card.get("name"))
        placed = bhm_places(label, whose=True)
        return placed[len(name) + 1 :] if placed != label and placed.startswith(f"{name} ") else ""

    in_setup: dict[int, bool]  # per seat: its last action was one of the set-up (a mulligan)
    # from 120 × 40, a crowded table's lanes drawn as below it (`fit_lanes`), and the size of the
    # lanes' region that was decided for, with what was drawn there
    compact = False
    roomy_side: bool | None = None  # crowded (`compact`): the side drawn roomy all the same (mine?)
    # the room the side(s) drawn dense take: 0 a few beings to a line, the names cut to a few letters
    # (`Sylpha Stormb…`, `+Iron Sw…`); 1 the names whole (below 120 × 40 when the lanes' rows hold
    # them); 2 a being a line, its name whole (from 120 × 40, crowded)
    dense_room = 0
    fitted_to: tuple[int, int] | None = None
    lanes_drawn_for = 0  # the board's columns the lanes were last drawn for (`lane_width`)
    table_args: tuple[dict[str, Any], Decision | None, list[Action]] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # per seat: the turn each of its marks was set in, and its marked cards that died in it
        self.mark_turns: dict[int, dict[int, Any]] = {0: {}, 1: {}}
        self.died_marked: dict[int, set[int]] = {0: set(), 1: set()}
        # an attack's words on `last:` with its outcome first (`outcome_first`), by its words there;
        # and that of the action being told (`words_for`: history's length before it, the action)
        self.cut_words: dict[str, tuple[str, bool]] = {}  # (brief words, an attack's)
        self.cut_next: tuple[int, Action, tuple[str, bool]] | None = None
        # per seat: its targets told right after the card they were chosen for, by their place in
        # `last_words`, in the words without that card (`last_said`); the history's length after
        # the side's last action told
        self.plain_targets: dict[int, dict[int, str]] = {0: {}, 1: {}}
        self.last_told_at: dict[int, int] = {}

    def lanes_dense(self) -> bool:
        """The lanes are drawn dense: below 120 × 40, or a crowded table from there (`compact`)."""
        return self.dense or self.compact

    def render_player(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        if self.lanes_dense() and self.roomy_side is not mine:
            return self.render_player_dense(view, p, mine)
        return self.render_player_roomy(view, p, mine)

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        """From 120 × 40, a table whose roomy lanes need more rows than their region has (a late
        game: ten beings a side, their objects, the piles) is drawn as below 120 × 40, a few beings
        to a line of chips, so that both sides' beings, heads and your hand are in sight: the
        roomy lanes scrolled to your side and hid the opponent's head and first beings (`▲ 8 rows
        above`). The card panel beside them says each card in full. The rows that leaves go to one
        side drawn roomy all the same when it fits (`roomy_side`: yours first, else the opponent's):
        both sides dense left a dozen blank rows under your hand.
        Below 120 × 40 the names are whole when the lanes' rows hold them (`Sylpha Stormborn`,
        `+Iron Sword`), cut to a few letters when they do not (a late game: the table scrolls)."""
        self.table_args = (view, decision, legal)
        try:
            self.lanes_drawn_for = self.lane_width()
        except (NoMatches, RuntimeError):  # (a table not mounted)
            self.lanes_drawn_for = 0
        self.compact = False
        self.roomy_side = None
        self.dense_room = 1 if self.is_dense() else 0  # below 120 × 40: names whole if they fit
        super().update_table(view, decision, legal)
        width, height = self.fitted_to = self.lane_room()
        if not height:
            return
        board = self.query_one(LaneBoard)
        if self.dense:
            whole = board.rows_for(width)
            if whole > height:  # names cut, as many as fit (the table scrolls)
                self.dense_room = 0
                super().update_table(view, decision, legal)
                if height < board.rows_for(width) > whole - CUT_SAVES:
                    # the table scrolls all the same, a row or two less: the names whole again
                    # (`+Iron Sw… +Arcane…` saved one row of 17, and still scrolled)
                    self.dense_room = 1
                    super().update_table(view, decision, legal)
            return
        if board.rows_for(width) > height:
            self.compact = True
            # the room to spare: one side roomy, yours first; then the dense side's beings a line
            # each, else their names whole (a side a few beings to a line left 3 blank rows)
            tries = [(side, room) for side in (True, False, None) for room in (2, 1, 0)]
            for side, room in tries:
                self.roomy_side, self.dense_room = side, room
                super().update_table(view, decision, legal)
                if (side, room) == tries[-1] or board.rows_for(width) <= height:
                    break

    def compose_table(self) -> ComposeResult:
        with FittedLaneScroll(id="lanes"):
            yield LaneBoard(id="lane-board")

    def lane_room(self) -> tuple[int, int]:
        """The columns and rows the lanes may take: their region's, or, when the region is as tall
        as the lanes' lines (the replay's), the rows of the region around it."""
        scroll = self.query_one(LaneScroll)
        region = scroll.content_region
        parent = scroll.parent
        height = scroll.styles.height
        if height is not None and height.is_auto and isinstance(parent, Widget):
            return region.width, max(0, parent.content_region.height - scroll.styles.gutter.height)
        return region.width, region.height

    def fit_lanes(self) -> None:
        """Draw the table again when the lanes' room changed since it was drawn (the first drawing
        comes before the layout): whether a crowded table fits the roomy lanes."""
        if self.table_args is not None and self.lane_room() != self.fitted_to:
            self.update_table(*self.table_args)

    def fit_board_width(self) -> None:
        """Draw the table again when the board has other columns than it was drawn for, its
        region the same (the region's scroll bar came or went)."""
        if self.table_args is not None and self.board_width() not in (0, self.lanes_drawn_for):
            self.update_table(*self.table_args)

    def board_width(self) -> int:
        try:
            return self.query_one(LaneBoard).size.width
        except NoMatches:
            return 0

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.fit_lanes)

    def mirrored_marks(self) -> set[str]:
        """The lanes' marks both sides have on the table (`Ember Squire z1` in a mirror match)."""
        return marks_of_both_sides(being_names(getattr(self, "view_data", None) or {}, whose=True))

    def fit_last(self, words: str, width: int) -> str:
        """The one-line `last:` keeps what an action did: words that do not fit give way to the
        action's brief words, made of the engine's data as it was told (`words_for`): an attack's
        outcome first (`kills: Hollow Wraith attacks Spark Imp`; `… (FUE 100 vs RE…` lost it), a
        card's play without its summary (the card panel has it), a twin by its zone as the lanes
        mark it (`Hollow Wraith z2`); an attack still too long keeps its target at the end."""
        words = lane_words(words, self.mirrored_marks())  # (as `note_action` keeps them)
        if len(words) > width and words.startswith("React with "):
            return fit_reaction(words, width)
        if len(words) > width:
            for told, (brief, attack) in self.cut_words.items():
                if words == told or words.startswith(f"{told} ×"):  # (`… ×2`: told twice in a row)
                    words = brief + words[len(told) :]
                    if attack and len(words) > width:
                        # `kills: Hollow Wraith attacks Em…` lost which being it killed, and
                        # `-400 Salud: Thalassa, the Deep… Obsidian Guard` what it did
                        return fit_attack(words, width)
                    break
        return super().fit_last(words, width)

    def words_for(self, game: Game, action: Action, viewer: int | None) -> str:
        """`action`'s words, about to be applied to `game`; its brief words besides, for `last:`
        (`fit_last`), from the engine's data while the action is still to come: an attack's outcome
        first (`outcome_first`), a card's play without its summary (`brief_words`; not a reaction,
        whose words say what it answers), each being as the lanes mark it."""
        view = game.view(viewer)
        names = being_names(view, whose=True)  # (a mirror match's marks with whose: `lane_words`)
        cut = outcome_first(game, action, names)
        brief = cut if cut is not None or action.kind == "react" else brief_words(game, action, names)
        self.cut_next = None if brief is None else (len(game.history), action, (brief, cut is not None))
        if action.kind == "pass" and (entry := answered_entry(game.decision(), view)) is not None:
            return (
                f"Do not react to {entry_words(entry, self.seat_name)}"  # (`P2's draw`: the players' names)
            )
        return super().words_for(game, action, viewer)

    def last_said(self, seat: int) -> list[tuple[str, bool]]:
        """From 120 × 40 `last:` tells a side's last two actions: a target right after the card it
        was chosen for is `Target Hollow Wraith`, the card's line before it says which card
        (`Cinder Hound executes Fire Bolt … · Target Hollow Wraith with Fire Bolt` said it twice);
        told alone (a line below 120 × 40, or another action after it), `… with Fire Bolt`."""
        said = super().last_said(seat)
        plain = self.plain_targets.get(seat, {})
        if self.dense or not plain:
            return said
        telling = [i for i, (_, with_card) in enumerate(said) if with_card]
        last = telling[-1] if telling else -1
        return [(plain[i] if i == last and i in plain else w, c) for i, (w, c) in enumerate(said)]

    def reset_marks(self) -> None:
        super().reset_marks()
        self.cut_words, self.cut_next = {}, None
        self.plain_targets, self.last_told_at = {0: {}, 1: {}}, {}
        self.in_setup = {}
        self.mark_turns, self.died_marked = {0: {}, 1: {}}, {0: set(), 1: set()}

    def note_action(self, player: int, action: Action | None, words: str, *, after: Any = None) -> None:
        """The set-up's actions (BH-02: cards set aside, the hand kept) give way to the side's first
        action of a turn: when the side that mulliganed last also plays first, `last:` told its
        mulligan (`Set aside a card ×3`) all through its first turn and the other side's next."""
        # (`last:` sits by the lanes: `Undine z5`, as they mark it; whose, where they do not say it)
        words = lane_words(words, self.mirrored_marks())
        setup = isinstance(action, Action) and action.kind in ("aside", "keep")
        if not setup and getattr(self, "in_setup", {}).get(player) and self.last_actor == player:
            self.last_actor = None  # (`note_action` starts the side's words anew)
        if isinstance(action, Action):
            self.in_setup = {**getattr(self, "in_setup", {}), player: setup}
        marks = self.marks[player]
        plain = words
        if isinstance(action, Action) and action.kind == "target":
            words = aimed_with(words, after)
        # its card's action just before, in this side's words (not a run that starts with the target)
        told = len(getattr(after, "history", ()))
        aimer_told = self.last_actor == player and self.last_told_at.get(player) == told - 1
        cut, self.cut_next = self.cut_next, None
        super().note_action(player, action, words, after=after)
        played = action.args[0] if isinstance(action, Action) and len(action.args) == 2 else None
        if isinstance(action, Action) and action.kind in ("power", "invoke") and isinstance(played, int):
            # the power executed, the invocation made: `◆`, the card its being played (`✦` said it,
            # the mark of the card aimed at: one glyph for two meanings)
            self.marks[player][played] = MARK_PLAYED
        if len(self.last_words[player]) == 1:  # (the side's run anew)
            self.plain_targets[player] = {}
        self.last_told_at[player] = told
        if words != plain and aimer_told:
            self.plain_targets[player][len(self.last_words[player]) - 1] = plain
        said = {w for seat_words in self.last_words.values() for w, _ in seat_words}
        self.cut_words = {w: c for w, c in self.cut_words.items() if w in said}  # (what `last:` shows)
        if cut is not None and cut[1] == action and told == cut[0] + 1:
            self.cut_words[words] = cut[2]
        self.note_dead(player, action, marks, after)

    def note_dead(self, player: int, action: Action | None, marks: dict[int, str], after: Any) -> None:
        """Which marked cards died in the turn of their mark (`dead_marks`): the turn each mark
        was set in (`player`'s `action`; `marks`, its marks before it: a new run starts anew),
        and the marked cards in a dead zone after it, or after any action of either side (a
        being killed by an attack dies when the attack resolves, after the other side's pass)."""
        if self.marks[player] is not marks:  # (the side's run starts anew: so do its marks)
            self.mark_turns[player], self.died_marked[player] = {}, set()
        if after is None:
            return
        turn = getattr(after, "turn", None)
        if isinstance(action, Action):
            for u in self.card_args(action):
                if u in self.marks[player]:
                    self.mark_turns[player][u] = turn
        if not any(self.marks.values()):
            return
        dead = dead_uids(after)
        for seat, seat_marks in self.marks.items():
            for u in seat_marks:
                if u in dead and self.mark_turns[seat].get(u, turn) == turn:
                    self.died_marked[seat].add(u)

    def dead_marks(self, dead: list[dict[str, Any]]) -> dict[int, str]:
        """The marks the dead zones show, in both layouts: of the beings the shown side's last
        actions marked, those that died in the turn of their mark (a being that attacked and
        died of it `★`, the being it killed `⚔`), until that side acts again, as the marks of
        the live cards last. A card marked in an earlier turn and killed since (the other side
        attacked it) shows no mark: `★Hollow Wraith` in the dead zone said it had just acted.
        Nor does a card spent there (a strategy played, a power executed, a card discarded):
        `dead 3: ★Equalize` marked a card that no longer does anything (`last:` names it)."""
        died = self.died_marked.get(self.marked_seat(), set())
        spent = {int(c["uid"]) for c in dead if str(c.get("type", "")) in SPENT_TYPES}
        return {u: m for u, m in self.shown_marks().items() if u in died and u not in spent}

    def card_args(self, action: Action) -> list[int]:
        """An investment's amount is no card (BH-32)."""
        return [] if action.kind == "invest" else super().card_args(action)

    def actor(self, player: int, action: Action, uids: list[int], after: Any) -> int | None:
        """The being that executes a power or makes an invocation is the card that acts (`★`);
        the power or the invocation it plays is marked `◆` (`note_action`). A card discarded
        (BH-81) does not act: no mark (`★` on it in the dead zone meant nothing)."""
        if action.kind in ("power", "invoke") and len(uids) == 2:
            return uids[1]
        if action.kind == "discard":
            return None
        return super().actor(player, action, uids, after)

    def render_player_dense(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        """A head line with every count, the beings (a few a line, or one, `dense_room`), the hand."""
        seat = p["seat"]
        marks = self.shown_marks()
        act = self.pile_uids
        loss = view.get("loss_at", 32)
        cll = p.get("cll", 0)
        head = f"{self.who(seat)} C.LL {cll}/{loss} {bar(cll, loss, 8)}"
        if p.get("budget") is not None:
            head += f" budget {p['budget']}"
        head += f" · hand {p.get('hand_count', 0)} deck {p.get('deck_count', 0)}"
        segs = words(head)
        room = self.dense_room
        whole = room > 0  # names whole (`dense_room`), else cut to a few letters each
        name_cut, attached_cut, pile_cut = (99, 99, 99) if whole else (14, 8, 12)
        inv = p.get("invocations") or {}
        piles = [
            pile("inv", inv["cards"], act, marks, pile_cut)
            if "cards" in inv
            else words(f" inv {inv.get('count', 0)}"),
            pile("dead", p.get("dead") or [], act, self.dead_marks(p.get("dead") or []), pile_cut),
            pile("des", p.get("deserters") or [], act, marks, pile_cut),
        ]
        for k, drawn in enumerate(piles):
            if k and any(seg.uid is not None for seg in piles[k - 1]):
                # after a pile's cards, a dot before the next count: `dead 2: ✦Obsidian Guard des 0`
                # read as a card `Obsidian Guard des 0`
                segs.append(Seg(" ·"))
            segs += drawn
        if p.get("strategy_played"):
            segs += words(" · strategy played")
        if p.get("territories"):
            segs += words(" · terr") + chips(p["territories"], 3, ",", None if whole else 16, marks)
        if p.get("strategy"):
            segs += words(" · playing") + chips(p["strategy"], 2, ",", None if whole else 12, marks)
        lines: list[Line] = [(self.head_style(seat), segs)]
        beings: list[Seg] = []
        twins = twin_zones(view)
        for z in p.get("zones", []):
            being = z.get("being")
            attached = z.get("attached") or []
            kept = self.kept_for(p, z)
            if being is None and not attached and not kept:
                continue
            if room == 2 and beings:  # a being a line
                lines.append(("", beings))
                beings = []
            beings.append(Seg(" "))
            if being is not None:
                flags = "".join(being_kind(being, True) + [DENSE_FLAGS[k] for k in being_flags(being)])
                label = short(str(being.get("name", "?")), name_cut)
                if int(being["uid"]) in twins:  # twins: their zone tells them apart
                    label += f" z{twins[int(being['uid'])]}"
                label += f" {dense_stats(being)}"
                if flags:
                    label += f" [{flags}]"
                beings += chip(being, label, marks.get(int(being["uid"]), ""))
            elif kept:
                beings += words(f"zone {z['index'] + 1} kept for {short(kept, name_cut)} (fled)", "lane--dim")
            else:
                beings.append(Seg(f"zone {z['index'] + 1}:"))
            for a in attached:
                label = "+" + short(str(a.get("name", "?")), attached_cut)
                beings += chip(a, label, marks.get(int(a["uid"]), ""))
        lines.append(("", beings if beings else words("  no beings", "lane--dim")))
        if mine and p.get("hand") is not None:
            lines.append(("", words(" hand") + chips(p["hand"], 10, " ", name_cut)))
        if mine and p.get("aside"):
            lines.append(("", words(" set aside") + chips(p["aside"], 10, " ", name_cut)))
        return lines

    def render_player_roomy(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        seat = p["seat"]
        marks = self.shown_marks()
        loss = view.get("loss_at", 32)
        cll = p.get("cll", 0)
        head = f"{self.who(seat)}  C.LL {cll}/{loss} {bar(cll, loss, 12)}"
        if p.get("budget") is not None:
            head += f"  budget {p['budget']}"
        names = being_names(view)
        lines: list[Line] = [(self.head_style(seat), words(head))]
        info = (
            f"  hand {p.get('hand_count', 0)} · deck {p.get('deck_count', 0)} · beings {p.get('beings', 0)}"
        )
        if p.get("strategy_played"):
            info += " · strategy played"
        lines.append(("", words(info, "lane--dim")))
        for z in p.get("zones", []):
            being = z.get("being")
            attached = z.get("attached") or []
            kept = self.kept_for(p, z)
            if being is None and not attached and not kept:
                continue
            segs = [Seg(f"  {z['index'] + 1:>2}")]
            if being is not None:
                flags = [FLAG_MARKS[k] for k in being_flags(being)]
                # a being whose name another card in play shares as the log names it (`Ember Squire
                # z1`), though its zone's number opens the line: the words the log uses, found as such
                label = names.get(int(being["uid"]), str(being.get("name", "?")))
                segs += chip(being, label, marks.get(int(being["uid"]), ""))
                kind = being_kind(being, False)
                if kind:
                    segs += words(f" ({', '.join(kind)})")
                segs += words(f" R{being.get('rank', '?')} {stat_line(being)}")
                if flags:
                    segs += words(" [" + ", ".join(flags) + "]", "lane--warn")
            elif kept:
                segs += words(f" (kept for {kept}, fled)", "lane--dim")
            else:
                segs.append(Seg(" (no being)", "lane--dim"))
            for a in attached:  # `+` and the name one chip: they wrap together
                segs += [Seg(" "), *chip(a, "+" + str(a.get("name", "?")), marks.get(int(a["uid"]), ""))]
            lines.append(("", segs))
        free = sum(
            1
            for z in p.get("zones", [])
            if z.get("being") is None and not z.get("attached") and not self.kept_for(p, z)
        )
        lines.append(("", words(f"  {plural(free, 'empty zone')}", "lane--dim")))
        inv = p.get("invocations") or {}
        lines.append(("", words("  territories:") + chips(p.get("territories", []))))
        inv_segs = chips(inv["cards"]) if "cards" in inv else words(f" {inv.get('count', 0)} face down")
        lines.append(("", words(f"  invocations ({inv.get('count', 0)}):") + inv_segs))
        deserters = words("  deserters:") + chips(p.get("deserters", []))
        try:
            width = self.lane_width()
        except (NoMatches, RuntimeError):  # a table not mounted (no board, no app): the lanes at 120
            width = 120 * 3 // 5
        dead = p.get("dead") or []
        lines.append(("", dead_line(deserters, dead, self.dead_marks(dead), width)))
        if p.get("strategy"):
            lines.append(("", words("  playing now:") + chips(p["strategy"])))
        if mine and p.get("hand") is not None:
            lines.append(("", words("  hand:") + chips(p["hand"])))
        if mine and p.get("aside"):
            lines.append(("", words("  set aside:") + chips(p["aside"])))
        return lines

    @staticmethod
    def kept_for(p: dict[str, Any], zone: dict[str, Any]) -> str:
        """BH-37: the name of the fled being an empty zone waits for ("" when none)."""
        uid = zone.get("reserved_for")
        if zone.get("being") is not None or uid is None:
            return ""
        return next(
            (str(c.get("name", "?")) for c in p.get("deserters") or [] if c.get("uid") == uid), "a being"
        )

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> list[Line]:
        """The turn and whose it is, as the log opens it (`Turn 14: P1 (you)`, below 120 × 40 `Turn
        14: P1`: only the call budget on one side's head said it), the phase, armageddon, the action
        waiting for a reaction or the stack."""
        active = view.get("active")
        whose = ""
        if isinstance(active, int) and view.get("phase") not in ("mulligan", "over"):
            # (below 120 × 40 the seat alone, `Turn 14: P1`: ` (you)` took the line to a second row)
            whose = f": {f'P{active + 1}' if self.lanes_dense() else self.short_name(active)}"
        parts = [f"Turn {view.get('turn')}{whose} · {view.get('phase_name', view.get('phase'))}"]
        if view.get("armageddon"):
            parts.append(f"armageddon at {view['armageddon']}")
        pending = view.get("pending")
        if pending:  # the lanes' words (`Tide Sentinel z1`), not the engine's `(P2 zone 1)`
            pending = bhm_places_apart(str(pending))
        stack = view.get("stack") or []
        if pending and self.lanes_dense() and len(stack) <= 1 and not self.prompt_names_pending(decision):
            parts.append(f"⚡{NBSP}{pending}")  # the mark never ends a line without its words
        if self.lanes_dense() and any(
            z.get("being") for p in view.get("players", []) for z in p.get("zones", [])
        ):
            key = self.stats_key(len(" " + " · ".join(parts)))
            parts += [key] if key else []  # (none when no words fit: a second row taken from the lanes)
        out: list[Line] = [("lane--middle", words(" " + " · ".join(parts)))]
        if len(stack) > 1:
            out += self.render_stack(stack)
        elif pending and not self.lanes_dense() and not self.prompt_names_pending(decision):
            # (not while the prompt under the lanes says it: `React to: …?` from 120 × 40 too)
            out.append(("lane--middle", words(f" ⚡ waiting: {pending}")))
        if view.get("end_reason"):
            out.append(("lane--middle", words(f" {self.end_words(view)}")))
        return out

    def end_words(self, view: dict[str, Any]) -> str:
        """How the game ended, on the middle line under the turn: the engine's words (a replay)."""
        return str(view.get("end_reason") or "")

    def stats_key(self, taken: int) -> str:
        """What the dense beings' numbers are (`Stone Golem 3/4/6/6/7`), in the words that fit the
        middle line after its `taken` columns (`STATS_KEYS`, longest first; "": none fits; the help
        says it whole).
        It said `beings P/F/R/V/S ÷100`, which a newcomer could not read."""
        try:
            room = self.lane_width() - taken - 3  # (` · ` before it)
        except (NoMatches, RuntimeError):
            room = 0
        return next((k for k in STATS_KEYS if len(k) <= room), "")

    def prompt_names_pending(self, decision: Decision | None) -> bool:
        """Whether the prompt under the table says the action waiting for a reaction (`React to:
        Undine attacks Flame Adept?`): the middle's `⚡ …` said it again (below 120 × 40 its second
        row taking one of the table's; from 120 × 40 `⚡ waiting: …` over the same words in the
        prompt, session 39). The replay shows no prompt."""
        return False

    def short_name(self, seat: int) -> str:
        """A seat's name as the lanes' heads say it: `P1 (you)`, `P2 (AI)` (`P1` in hot-seat and in a
        replay)."""
        return self.seat_name(seat)

    def render_stack(self, stack: list[dict[str, Any]]) -> list[Line]:
        """BH-67: the waiting actions and reactions drawn as a pile, top first (it resolves first);
        each says who played it, what it answers and whether it was cancelled, in words."""
        dense_limit = 3
        shown = list(reversed(stack))
        hidden = 0
        if self.lanes_dense() and len(shown) > dense_limit:
            hidden = len(shown) - dense_limit
            shown = shown[:dense_limit]
        width = self.lane_width()
        out: list[Line] = [("lane--middle", words(f" ⚡ stack of {len(stack)}, the top resolves first:"))]
        for k, e in enumerate(shown):
            last = k == len(shown) - 1 and not hidden
            edge = "┌" if k == 0 else ("└" if last else "│")
            who = f"P{int(e.get('controller', 0)) + 1}"  # (the heads say whose: a row keeps its room)
            label = f"{e.get('index', 0) + 1}. {who} {e.get('text', '?')}"
            segs = words(f"   {edge} ")
            tail: list[Seg] = []
            if e.get("answers") is not None:  # never cut: which entry it answers
                tail += words(f" → answers {int(e['answers']) + 1}")
            if k == 0:
                tail += words(" ◂ top")
            if e.get("cancelled"):
                tail += words(" [cancelled: no effect]", "lane--warn")
            # one row each: the words cut to what the lane leaves beside the edge and the tail
            room = max(16, width - 1 - sum(len(s.text) for s in segs + tail))
            card = e.get("card")  # a draw waiting for reactions has no card (BH-20)
            room -= 0 if card else 1
            label = bhm_places(label)  # a twin by its zone, as the lanes mark it (`Tide Sentinel z1`)
            # its start between words, a bracket whole or left out (`one_line`'s start), not
            # `… power-attacks Tide Senti…`
            segs += chip(card, cut_start(label, room)) if card else words(" " + cut_start(label, room))
            segs += tail
            out.append(("lane--middle", segs))
        if hidden:
            out.append(("lane--middle", words(f"   └ … {hidden} more below", "lane--dim")))
        return out

    def lane_width(self) -> int:
        """The columns of the lanes (before the first layout: the share of the screen they get)."""
        board = self.query_one(LaneBoard)
        if board.size.width:
            return board.size.width
        return self.app.size.width if self.dense else self.app.size.width * 3 // 5


class BhmScreen(BhmTable, LaneScreen):
    # in BHM's words: beings attack (no units), powers, strategies, territories and abilities aim
    # (no prayers: The Scars' words, which the lanes' help said to BHM too)
    EXTRA_KEYS = (
        lane_keys(
            "the enemy being to attack, the being to equip",
            "power, strategy, territory or ability",
            marks=False,
        )
        + BHM_KEYS
    )
    DIALOGS = "targets as cards, the POD to invest"  # what `d` opens (not blockers, a damage split)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.listing: list[Action] | None = None  # the choices being listed (None: all, `legal`)
        self.steps_told: list[Step] = []  # the steps the table took, as told (`tell_step`)
        self.quiet_note: str | None = None  # the log's note of a QUIET pass, under its line

    def opening(self, events: list[Any]) -> list[Any]:
        """The opening hands' draws in the players' names, said once (`bhm_opening`)."""
        return bhm_opening(events, self.seat_name)

    def last_told(self, action: Action | None, words: str, events: list[Any]) -> str:
        """`last:` tells the action in the log's words, what it answers too (`said_once`): `React
        with Broken Seal to Storm Roc executes Fire Bolt …`, not `React with Broken Seal — cancel…`"""
        return said_once("bhm", action, words, events, self.seat_name)[0] if action is not None else words

    def log_action(self, game: Game, player: int, words: str, events: list[Any]) -> None:
        super().log_action(game, player, words, events)
        if self.quiet_note is not None:
            self.query_one(GameLog).add_line(self.quiet_note, "dim")
            self.quiet_note = None

    def show_choices(self, actions: list[Action]) -> None:
        """The choices `actions` listed (all, or narrowed to a selected card's). Below 120 × 40, when
        the list holds the attacks of more than one being, they are grouped under a line naming
        their attacker (`Hollow Wraith attacks:`), each one line (`-200 Salud: Ember Squire z1`);
        a card's choices of a being under the card (`Equip Tower Shield to:`, `Battle Trance,
        executed by:`), each the being (`Veil Assassin`, `Ember Squire z3` of twins):
        `Equip Tower Shield to… Assassin`, `Obsidian Guard executes… Trance` cut a name; the
        invocations under their invoker (`Pyre Warlock invokes:`), each its rank and name."""
        self.listing = actions
        try:
            attackers = {a.args[0] for a in actions if a.kind in ("attack", "pattack")}
            grouped = self.is_dense() and len(attackers) > 1
            by_card = self.is_dense() and any(a.kind in BY_CARD for a in actions)

            def group(action: Action) -> str | None:
                if action.kind in BY_CARD:
                    return self.card_group(action)
                return self.attacker_of(action) if grouped else None

            if by_card:  # the invocations of one invoker together, under one header (the engine
                # lists them by invocation: `Pyre Warlock invokes:` came back after `Mist Seer invokes:`)
                at = [i for i, a in enumerate(actions) if a.kind == "invoke"]
                first: dict[str | None, int] = {}
                for i in at:
                    first.setdefault(group(actions[i]), len(first))
                ordered = sorted((actions[i] for i in at), key=lambda a: first[group(a)])
                actions = list(actions)
                for i, a in zip(at, ordered, strict=True):
                    actions[i] = a
            # what a territory destroys and what an investment does, on a second line when they do
            # not fit one (`… (destroys an enemy territory)`, `all 500 (POD 1 after): lives (Immortal)`
            # were cut at 80 × 24); the other lists one line a choice
            listing = self.query_one(ActionList)
            listing.max_lines = 2 if self.is_dense() and any(a.kind in TWO_LINES for a in actions) else 1
            listing.show(
                [(a, self.listed_words(a)) for a in actions], groups=group if grouped or by_card else None
            )
        finally:
            self.listing = None

    def show_action_detail(self, action: Action | None) -> None:
        """The card panel under a highlighted attack shows its target, which the line names (`-300
        Salud: The Pale Watcher`), over the attack's whole words (`Magma Drake attacks The Pale
        Watcher (FUE 600 vs RES 300: 300 to Salud)`, BH-30, BH-31): it showed the attacker, a card
        the line does not name, while the cursor was on the target."""
        if action is not None and action.kind == "keep" and self.is_dense():  # its words whole (BH-02)
            self.query_one(CardDetail).show_card(None, self.session.game.describe_action(action))
            return
        uid = action.args[1] if action is not None and action.kind in ("attack", "pattack") else None
        if action is not None and isinstance(uid, int):
            target = find_cards(self.view_data).get(uid)
            game: Any = self.session.game
            if target is not None:
                try:
                    words = bhm_places(game.describe_action(action))
                    if action.kind == "attack":  # an Immortal it leaves at Salud 0 lives on
                        words += survives_words(game.outcome(action))
                except (KeyError, ValueError, TypeError, AttributeError):
                    words = self.choice_words(action)
                self.query_one(CardDetail).show_card(target, words)
                return
        super().show_action_detail(action)

    def card_group(self, action: Action) -> str | None:
        """An equip or power choice's group in the list below 120 × 40: its card (`Equip Tower
        Shield to:`, `Battle Trance, executed by:`)."""
        game: Any = self.session.game
        try:
            if action.kind == "invoke":  # `Invoke R2 Salamander by… Flame Adept` cut the name
                return f"{named(game, self.being_names(), action.args[1])} invokes:"
            name = game.card(int(action.args[0])).name
        except (KeyError, ValueError, TypeError, AttributeError, IndexError):
            return None
        return f"Equip {name} to:" if action.kind == "equip" else f"{name}, executed by:"

    def listed_words(self, action: Action) -> str:
        """A choice's line in the list: its words (`choice_words`, which the card panel shows), but
        an equip or power choice under its card's header (`show_choices`) names the being alone,
        with its zone when another being has its name (`Pyre Warlock z3`), and a being that a
        power's POD cost kills says so (`Flame Adept — it dies`)."""
        if action.kind in BY_CARD and self.is_dense() and self.card_group(action) is not None:
            try:
                game: Any = self.session.game
                if action.kind == "invoke":  # its rank and name (`R2 Salamander`), the invoker above
                    card = game.card(int(action.args[0]))
                    return f"R{card.defn.rank} {card.name}"
                being = named(game, self.being_names(), action.args[1])
            except (KeyError, ValueError, TypeError, AttributeError, IndexError):
                return self.choice_words(action)
            dies = action.kind == "power" and game.power_cost(action)[1]  # (BH-33: all its POD)
            return being + (" — it dies" if dies else "")
        return self.choice_words(action)

    def attacker_of(self, action: Action) -> str | None:
        """An attack's group in the list: its attacker (`Cinder Hound z2 attacks:`), with its POD
        when it may power-attack (`Magma Drake attacks, POD 700:`), which its power attacks under it
        do not repeat (`power attack: Mountain Giant`)."""
        if action.kind not in ("attack", "pattack"):
            return None
        game: Any = self.session.game
        try:
            at = game.card(int(action.args[0]))
            listed = self.legal if self.listing is None else self.listing
            power = any(a.kind == "pattack" and a.args[0] == action.args[0] for a in listed)
            pod = f", POD {game.cur(at, 'pod')}" if power else ""
            return f"{named(game, self.being_names(whose=False), at.uid)} attacks{pod}:"
        except (KeyError, ValueError, TypeError):
            return None

    # -- "Do not react for the rest of this turn" (QUIET) ------------------------------------------
    @property
    def quiet(self) -> tuple[int, int] | None:
        """(seat, turn): no reaction is asked of that seat until that turn ends. Kept in the
        session's UI state, which the save keeps: a game resumed mid-turn does not ask again."""
        kept = self.session.ui_state.get(QUIET_KEY)
        if isinstance(kept, list) and len(kept) == 2 and all(type(x) is int for x in kept):
            return kept[0], kept[1]
        return None

    @quiet.setter
    def quiet(self, value: tuple[int, int] | None) -> None:
        if value is None:
            self.session.ui_state.pop(QUIET_KEY, None)
        else:
            self.session.ui_state[QUIET_KEY] = list(value)

    def quiet_offered(self) -> bool:
        """A reaction window of a human in the opponent's turn, which they may pass: the list
        offers to pass them all until the end of that turn."""
        s = self.session
        d = s.decision
        game: Any = s.game
        return (
            d is not None
            and d.kind == "respond"
            and not s.is_ai_turn()
            and game.active != d.player
            and Action("pass") in s.legal()
        )

    def quiet_pass(self) -> Action | None:
        """The pass the table makes for a player who chose QUIET, while the turn lasts."""
        s = self.session
        if self.quiet is None or s.over:
            return None
        game: Any = s.game
        seat, turn = self.quiet
        if game.turn != turn or game.active == seat:
            self.quiet = None  # the turn is over: reactions are asked again
            return None
        d = s.decision
        if d is None or d.player != seat or d.kind != "respond" or s.is_ai_turn():
            return None
        return Action("pass") if Action("pass") in s.legal() else None

    def _refresh_view(self, *, spectator: bool = False) -> None:
        super()._refresh_view(spectator=spectator)
        if not spectator and self.legal and QUIET not in self.legal and self.quiet_offered():
            self.legal = [*self.legal, QUIET]
        self.show_choices(self.legal)
        if not spectator:
            self.fit_turn_prompt()

    def fit_turn_prompt(self) -> None:
        """A strategy phase's prompt in fewer words where they take fewer lines (`turn_prompts`;
        the call budget without `C.LL` only below 120 × 40, where the prompt keeps to one line)."""
        d = self.session.decision
        prompt = self.query_one(Prompt)
        said = self.turn_prompts(d) if d is not None and d.kind == "turn" else []
        if said and prompt.prompt.endswith(said[0]):
            who = prompt.prompt.removesuffix(said[0])  # (`You: `, `Player 1: `)
            prompt.shorter = tuple(who + s for s in said[1 : None if self.is_dense() else -1])
        elif d is not None and d.kind == "respond" and prompt.prompt.endswith(")?"):
            # `React to: Ember Squire z1 of P1 attacks Ember Squire z1 of P2 (physical)?` lost its
            # end at 80 columns: without its closing detail where that takes fewer lines
            head = prompt.prompt[:-1].rsplit(" (", 1)[0]
            if head != prompt.prompt[:-1]:
                prompt.shorter = (head + "?",)

    def choose(self, action: Action) -> bool:
        if action != QUIET:
            return super().choose(action)
        d = self.session.decision
        if d is None or not self.can_act() or not self.quiet_offered():
            self.query_one(Prompt).error = "There is no reaction to pass now."
            self.app.bell()
            return False
        game: Any = self.session.game
        self.quiet = (d.player, int(game.turn))
        # said under the pass it explains (`log_action`), not over it
        self.quiet_note = self.quiet_words(game, d.player)
        at = len(game.history)
        self.note_quiet(QUIET_CHOSEN_KEY, at)  # (before the pass: its autosave keeps it)
        try:
            return super().choose(Action("pass"))
        finally:
            self.quiet_note = None
            if len(self.session.game.history) == at:  # (not played)
                self.note_quiet(QUIET_CHOSEN_KEY, at, drop=True)

    def quiet_words(self, game: Any, seat: int) -> str:
        """The log's note under a QUIET choice of `seat` in `game` (before its pass)."""
        return (
            f"{self.seat_name(seat)} will not be asked to react again until the end of"
            f" {self.seat_name(int(game.active))}'s turn"
        )

    @staticmethod
    def quiet_pass_words(who: str) -> str:
        return f"{who}: Do not react (for the rest of this turn)"

    def quiet_noted(self, key: str) -> list[int]:
        """The actions noted under `key` in the UI state (what is not an action number left out)."""
        kept = self.session.ui_state.get(key)
        return [i for i in kept if type(i) is int] if isinstance(kept, list) else []

    def note_quiet(self, key: str, at: int, *, drop: bool = False) -> None:
        noted = [i for i in self.quiet_noted(key) if i != at]
        self.session.ui_state[key] = noted if drop else [*noted, at]
        if not self.session.ui_state[key]:
            del self.session.ui_state[key]

    def retell_action(self, told: Game, i: int, action: Action) -> None:
        """A QUIET choice and the passes the table made for it (noted in the UI state, which the
        save keeps) are told again as the live log told them, not as plain passes."""
        d = told.decision()
        if d is not None and self.session.seats.kinds[d.player] == "human" and no_choice_step(told) == action:
            self.tell_step(action, d.player, apply=told.apply, game=told)
            return
        if d is not None and action.kind == "pass":
            if i in self.quiet_noted(QUIET_PASSED_KEY):
                words = self.quiet_pass_words(self.seat_name(d.player))
                self.apply_for_player(action, words, apply=told.apply, game=told)
                return
            if i in self.quiet_noted(QUIET_CHOSEN_KEY):
                self.quiet_note = self.quiet_words(told, d.player)
                try:
                    self.tell_play(d.player, action, told.apply, game=told)
                finally:
                    self.quiet_note = None
                return
        super().retell_action(told, i, action)

    def _advance(self) -> None:
        s = self.session
        while True:
            if (act := self.quiet_pass()) is not None:
                d = s.decision
                assert d is not None
                at = len(s.game.history)
                self.note_quiet(QUIET_PASSED_KEY, at)  # (before the pass: its autosave keeps it)
                self.apply_for_player(act, self.quiet_pass_words(self.seat_name(d.player)))
                if len(s.game.history) == at:  # (not played: the game stopped on an error)
                    self.note_quiet(QUIET_PASSED_KEY, at, drop=True)
                    break
            elif not self.step_for_player():
                break
        super()._advance()
        if not self.covered and (self.quiet_pass() is not None or self.no_choice_step() is not None):
            self._advance()  # a pass of the table led to another window, or to a step with no choice

    def no_choice_step(self) -> Action | None:
        """A human player's phase step with no choice (`no_choice_step`), which the table takes."""
        s = self.session
        if s.over or s.is_ai_turn() or s.resigned is not None or s.failure is not None:
            return None
        return no_choice_step(s.game)

    def step_for_player(self) -> bool:
        """Take a human player's phase step with no choice (BH-21, BH-22, BH-23: only `next`), told
        dim in the log with why (`no_choice_words`); False when there is none (or it was not played)."""
        act = self.no_choice_step()
        d = self.session.decision
        if act is None or d is None:
            return False
        at = len(self.session.game.history)
        self.tell_step(act, d.player)
        return len(self.session.game.history) > at

    def tell_step(
        self,
        action: Action,
        player: int,
        *,
        apply: Callable[[Action], list[Any]] | None = None,
        game: Game | None = None,
    ) -> None:
        """Apply a step the table takes for `player` (`no_choice_step`) and tell it dim in the log, a
        run of them on one line (`no_choice_words`): as `apply_for_player`, with the run's words.
        `apply` and `game`: a resumed game's replay (`retell_action`), else the session's."""
        s = self.session
        game = s.game if game is None else game
        step = no_choice_told(game, action)
        before = game.clone()
        events = (apply or s.apply)(action)
        _, events = said_once(game.game_id, action, step[0], events, self.seat_name)
        events = self.told(game, action, events, before)
        run = self.steps_told  # (the runs' steps, in order: a run's line reads its own)
        start = len(run)
        run.append(step)
        who = self.seat_name(player)

        def line(n: int) -> str:
            return no_choice_words(who, run[start : start + n])

        self.query_one(GameLog).add_action(
            line, events, self.log_viewer, fold=("bhm step", player), style="dim"
        )

    def dialog_for(self, decision: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
        return bhm_dialog(self, decision, view, legal)

    def choice_words(self, action: Action) -> str:
        """Below 120 × 40 a choice takes one line, cut around a `…` keeping its start and its end:
        the end of a card's summary (`React with Broken Seal… dead zone`, `Cinder Hound… until end of
        turn`) hid which card the choice plays. There a choice says what it does with what,
        without the summary (`Cinder Hound executes Battle Trance`): the card panel shows the
        card's text while the choice is highlighted."""
        if action == QUIET:
            return QUIET_WORDS[self.is_dense()]
        # (`Ember Squire z3`, as the lanes mark it; `… z1 of P2` when both sides have that mark)
        raw = self.own_choice_words(action)
        said = bhm_places(raw)
        if any(re.search(rf"{re.escape(m)}\b", said) for m in marks_of_both_sides(self.being_names())):
            return bhm_places(raw, whose=True)
        return said

    def own_choice_words(self, action: Action) -> str:
        """A choice's words (`choice_words`), the engine's places as it says them."""
        words = super().choice_words(action)
        if action.kind == "pass" and not self.is_dense():  # in the players' names, as the log says it
            words = self.words_for(self.session.game, action, self.log_viewer)
        if not self.is_dense():
            if action.kind in ("attack", "invest"):  # an Immortal it leaves at Salud 0 lives on
                words += survives_words(self.session.game.outcome(action))  # type: ignore[attr-defined]
            return words
        if action.kind == "pass":  # the prompt over the list names what it lets pass
            return "Do not react"
        if action.kind == "keep":  # BH-02: `Draw 2 for the 2 set aside (then shuffled…` was cut; the
            # card panel says the rest while it is highlighted (`show_action_detail`)
            return words.split(" (then ")[0]
        if action.kind == "aside" and action.args:  # `Set aside Ignaros… of Cinders`: the name before
            # its epithet when the whole does not fit (`Set aside Ignaros`; the card panel has it whole)
            game: Any = self.session.game
            name = str(game.card(action.args[0]).name)
            room = self.choice_room()
            if room and len(f"Set aside {name}") > room and ", " in name:
                return f"Set aside {name.split(', ')[0]}"
            return f"Set aside {name}"
        if not action.args:
            return words
        return self.dense_words(action) or self.card_words(action) or words

    def choice_room(self) -> int:
        """The columns a choice's words have on one line of the dense list (after its number): the
        list's, or before it is laid out, half the screen's (app.tcss: `grid-columns: 1fr 1fr`)
        within its border; 0 when unknown."""
        listing = self.query_one(ActionList)
        width = listing.content_region.width or (self.app.size.width // 2 - 2)
        return max(0, width - listing.margin() - 4)

    def card_words(self, action: Action) -> str | None:
        """Below 120 × 40, a choice that plays a card in words made of the action's data, without
        the card's summary (`brief_words`). None: another choice (the engine's words)."""
        return brief_words(self.session.game, action, self.being_names())

    def being_names(self, *, whose: bool = True) -> dict[int, str]:
        """The beings of the table by uid as the lanes mark them (`being_names`), and whose, when
        both sides have that mark (a mirror match: `Ember Squire z1 of P2`; not `whose`: an attack
        and its attacker, whose sides the attack says)."""
        return being_names(self.view_data or {}, whose=whose)

    def dense_words(self, action: Action) -> str | None:
        """Below 120 × 40, an attack or a call in words whose deciding part survives the one-line
        cut (the engine's `Hollow Wraith attacks Spark Imp (FUE 300 vs RES 0: 300 to Salud)` lost
        its outcome, often its target too): the outcome first, then the target with its zone when
        it has a twin (`-300 Salud: Spark Imp`, `kills: Ember Squire z3`; under its attacker's name
        when the list holds the attacks of more than one); a power attack without its numbers
        (`power attack: Mountain Giant`: `POD 700 vs Salud 1200… Giant` lost the target); a call's
        kind and rank before the name (`Instant call R3 Sylpha Stormbringer`), an invocation's too
        (`Invoke R5 Thunderbird by Pyre Warlock`). None: the engine's words. The card panel has
        the card of the attacker, the whole words are the engine's (from 120 × 40)."""
        game: Any = self.session.game
        names = self.being_names(whose=action.kind not in ("attack", "pattack"))
        try:
            if action.kind in ("attack", "pattack"):
                target = named(game, names, action.args[1])  # its zone tells twins apart
                hit = game.outcome(action)  # (the engine's data, not its words)
                if action.kind == "pattack" and not at_salud_0(hit):
                    # without the numbers, which cut the target (`POD 500 vs Salud 900… Warden`):
                    # the lanes show the Salud, the POD is the attacker's (`attacker_of`), and the
                    # investment dialog, next, says what it takes; what all of it does when that
                    # says more (`all POD kills`, RES first: `all POD: -100 Salud`, BH-97)
                    return f"{dense_power_outcome(hit) or 'power attack'}: {target}"
                return f"{dense_hit(hit)}: {'power-attack ' if action.kind == 'pattack' else ''}{target}"
            if action.kind == "invest":  # `Invest all 500 POD (POD 1 after): 500 to Salud, kills it`
                hit = game.outcome(action)
                amount = game.invest_amount(action)
                if hit is None or amount is None:
                    return None
                what = f"all {amount} (POD 1 after)" if action.args[0] == "all" else f"{amount} POD"
                return f"{what}: {dense_hit(hit)}"
            if action.kind == "call":
                c = game.card(int(action.args[0]))
                return f"{'Instant call' if c.defn.instant else 'Call'} R{c.defn.rank} {c.name}"
            if action.kind == "territory":  # its name first (`Play territory Volcanic Caldera…` was
                # cut), then what it destroys (BH-50), on a second line when it does not fit
                victims = game.territory_victims()
                lost = victims[0].name if len(victims) == 1 else "an enemy territory"
                destroys = f" (destroys {lost})" if victims else ""
                return f"Territory: {game.card(int(action.args[0])).name}{destroys}"
            if action.kind == "invoke":  # `Pyre Warlock invokes Thunderbird (rank…` lost its rank (BH-73)
                c = game.card(int(action.args[0]))
                return f"Invoke R{c.defn.rank} {c.name} by {named(game, names, action.args[1])}"
        except (KeyError, ValueError, TypeError, AttributeError, IndexError):
            return None
        return None

    def relayout(self) -> None:
        """The choices too: whole from 120 × 40, without the card summaries below (`choice_words`).
        (The prompt fits itself to each width: `turn_prompts`.)"""
        dense = self.dense
        super().relayout()
        if self.dense != dense and not self.covered:
            self.fit_turn_prompt()
        actions = self.query_one(ActionList)
        if self.dense != dense and self.legal and actions.actions:
            keep = actions.highlighted_action
            self.show_choices(list(actions.actions))
            actions.highlight_action(keep)

    def prompt_names_pending(self, decision: Decision | None) -> bool:
        return decision is not None and decision.kind == "respond"

    def own_words(self, d: Decision) -> str:  # type: ignore[override]  # GameScreen calls self.own_words(d)
        """The prompt; a strategy phase's in the table's words, its groups kept on one line
        (`turn_prompts`); the combat phase's without the seat the prompt's start names; a target's prompt says what the card does (`Choose a target for Fire Bolt
        — an enemy being loses 300 Salud`: its text is not in sight while the targets are
        highlighted)."""
        if d.kind == "turn" and (said := self.turn_prompts(d)):
            return said[0]
        if d.kind == "combat":  # (the engine's `… (P1)` after `You: ` or `Player 1: ` said it twice)
            return COMBAT_WORDS
        if d.kind == "respond":  # (the engine's `React to: P2's draw …?`)
            entry = answered_entry(d, self.session.game.view(self.log_viewer))
            if entry is not None:
                return f"React to: {entry_words(entry, self.seat_name)}?"
        text = bhm_places_apart(LaneScreen.own_words(d))  # (`… Ember Squire z3`, as the lanes mark it)
        source = (d.context or {}).get("source")
        if d.kind == "target" and isinstance(source, int) and " — " not in text:
            text += self.card_summary(source)
        return text

    def turn_prompts(self, d: Decision) -> list[str]:
        """A strategy phase's prompt from the view (its phase, the call budget of the deciding
        player: `strategy_prompts`); [] when the view says no strategy phase."""
        view = self.view_data or {}
        player: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == d.player), {})
        return strategy_prompts(view.get("phase"), player.get("budget"))

    def card_summary(self, uid: int) -> str:
        """What card `uid` does, in the engine's few words (`— an enemy being loses 300 Salud`), or ""."""
        from bhm.game import _brief  # the engine's summary (no engine loaded before a game)

        try:
            return _brief(self.session.game.card(uid).defn)  # type: ignore[attr-defined]
        except (KeyError, ValueError, TypeError, AttributeError):
            return ""

    def action_inspect(self, uid: int) -> None:
        """A card of the hand picked on the table with no choice now says why, in the engine's
        words (`No choice with Storm Roc: not enough call budget: Storm Roc is rank 5, you have
        0 left (BH-10)`), not only that it has none; the keyboard stays on the table."""
        super().action_inspect(uid)
        prompt = self.query_one(Prompt)
        if not prompt.error.startswith("No choice with "):
            return
        d = self.session.decision
        final = self.final_phase_refusal(uid, d.player) if d is not None and d.kind == "draw" else None
        why = final or self.hand_refusal(uid)
        if why:
            name = find_cards(self.view_data).get(uid, {}).get("name", "this card")
            # (the final phase's words name the card: two rows at 80 columns, under the prompt)
            prompt.error = (
                f"{why} (Tab: the list)" if final else f"No choice with {name}: {why} (Tab: the list)"
            )
            # the keyboard stays on the table (the list took it: a second Enter, meant for
            # another card, went to combat)
            self.query_one(LaneBoard).focus()

    def hand_refusal(self, uid: int) -> str | None:
        """Why the deciding player cannot play card `uid` of their hand now, on their turn
        (a call, a strategy or territory card, a power or object on one of their beings)."""
        game: Any = self.session.game
        d = self.session.decision
        if d is None or d.kind not in ("turn", "combat"):
            return None
        try:
            card = game.card(uid)
            if card.zone != f"hand:{d.player}":
                return None
            kind = str(card.defn.type)
            if card.defn.is_field:
                trials = [Action("call", (uid,))]
            elif kind in ("strategy", "territory"):
                trials = [Action(kind, (uid,))]
            elif kind in ("power", "object"):
                mine = [b.uid for b in game.field_cards(d.player)]
                if not mine:
                    return f"you have no being on the field to {'execute' if kind == 'power' else 'carry'} it"
                trials = [Action("power" if kind == "power" else "equip", (uid, b)) for b in mine]
            else:
                return None
        except (KeyError, ValueError, AttributeError, TypeError):
            return None
        reasons = []
        for trial in trials:
            try:
                game.check(trial)
            except IllegalAction as exc:
                reasons.append(exc.reason)
            except (KeyError, ValueError, AttributeError, TypeError):
                continue
            else:
                return None  # a legal way to play it: nothing to explain
        return bhm_places(reasons[0]) if reasons else None

    def final_phase_refusal(self, uid: int, player: int) -> str | None:
        """Why card `uid` of `player`'s hand cannot be played in the final phase, whose only choice
        is the draw (BH-24), and why it could not be in the strategy phases before it (the engine's
        `strategy_phase_problem`: `… not enough call budget: Magma Drake is rank 6, you have 0
        left`), in words that name the card. On the first turns the table takes those phases for
        the player (nothing to play), who lands on the draw: Enter on a hand card said only `No
        choice with Magma Drake now: choose in the list`. None: not a card of that hand."""
        game: Any = self.session.game
        try:
            card = game.card(uid)
            if card.zone != f"hand:{player}":
                return None
            why = game.strategy_phase_problem(card)
        except (KeyError, ValueError, AttributeError, TypeError):
            return None
        if why:
            return f"The final phase only draws (BH-24); before it, {bhm_places(why)}"
        return f"The final phase only draws (BH-24): {card.name} is played in a strategy phase"

    def ending(self) -> str:
        """How the game ended in the players' names, from the engine's data (`bhm_ending`: `Ended:
        your C.LL reached 32`, not the engine's `P1's C.LL reached 32`)."""
        s = self.session
        if s.resigned is None:
            for event in reversed(list(s.game.log)):
                if event.kind == "win" and "cause" in event.data:
                    return f"Ended: {bhm_ending(event.data, self.seat_name)}"
        return super().ending()

    def end_words(self, view: dict[str, Any]) -> str:
        """The middle line as the game-over dialog and the log say it (`your C.LL reached 32`): it
        said the engine's `P1's C.LL reached 32` beside the log's `P2 (AI) wins: your C.LL …`."""
        said = self.ending()
        return said.removeprefix("Ended: ") if said.startswith("Ended: ") else super().end_words(view)

    def extra_stats(self) -> list[str]:
        players = self.view_data.get("players", [])
        return (
            [", ".join(f"{self.seat_name(p['seat'])} C.LL {p.get('cll')}" for p in players)]
            if players
            else []
        )


class BhmReplayScreen(BhmTable, LaneReplayScreen):
    """A BHM game replayed on its lanes (read-only)."""

    def pending_words(self, d: Decision) -> str:
        """The combat phase as the table says it: `Player 1 to declare attacks · Combat phase:
        declare attacks`, not the engine's `… declare attacks (P1)` after the seat's name."""
        return COMBAT_WORDS if d.kind == "combat" else super().pending_words(d)


SCREEN = BhmScreen
REPLAY = BhmReplayScreen


# -- decision dialogs ---------------------------------------------------------------------------------
def card_body(c: dict[str, Any]) -> str:
    head = [str(c.get("type", "")).capitalize()]
    if c.get("rank") is not None:
        head.append(f"rank {c['rank']}")
    stats = stat_line(c)
    lines = [" · ".join(h for h in head if h)]
    if stats:
        lines.append(stats)
    if c.get("text"):
        lines.append(str(c["text"]))
    return "\n".join(lines)


def target_name(game: Any, uid: int, card: dict[str, Any]) -> str:
    """A target's name in a dialog, with its place when another card in play has the same name
    (`Ember Squire z1`, `Ember Squire z3`): the engine's label in the lanes' words. (The tiles said
    the name alone: two Ember Squires read the same.) The place opens the tile's text too: a
    narrow tile cuts its title."""
    try:
        return bhm_places(str(game.label(game.card(uid))))
    except (KeyError, ValueError, TypeError, AttributeError):
        return str(card.get("name"))


def bhm_dialog(screen: Any, d: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
    """POD investment as an amount; targets (territories, Terror…) as cards side by side."""
    game = screen.session.game
    cards = find_cards(view)
    ctx = d.context or {}
    if d.kind == "invest":
        acts = [a for a in legal if a.kind == "invest"]
        if not acts:
            return None
        pod = ctx.get("pod", "?")
        src, tgt = ctx.get("source"), ctx.get("target")
        source = cards.get(src) if isinstance(src, int) else None
        target = cards.get(tgt) if isinstance(tgt, int) else None
        options = [f"{a.args[0]} POD" if a.args[0] != "all" else "all of it (POD 1 after)" for a in acts]
        row = Row("Invest", options, 0, numeric=True)
        who = (source or {}).get("name", "the attacker")

        def build(rows: list[Row]) -> list[Action] | str:
            return [acts[rows[0].index]]

        def total(rows: list[Row]) -> str:
            act = acts[rows[0].index]
            amount = act.args[0]
            if not isinstance(pod, int):
                return bhm_places(game.describe_action(act))
            spent, left = (pod, 1) if amount == "all" else (int(amount), pod - int(amount))
            # what it does in the engine's words, as its choice and the log's line say it (BH-31, BH-97)
            said = game.invest_outcome(act) + survives_words(game.outcome(act))
            if target:
                hit = f"{target['name']}{said}" if said else f"{target['name']} takes {spent}"
            else:
                hit = f"strength {spent}"
            return f"{hit}; {who} at POD {left} after"

        if target:
            salud = ((target.get("stats") or {}).get("salud") or {}).get("cur")
            hit = f"{target['name']}" + (f" (Salud {salud})" if salud is not None else "")
            guard = "Magic Resistance" in " ".join(str(k) for k in target.get("keywords") or [])
            loses = "its RES first (Magic Resistance)" if guard else "its Salud"
            what = f"{who} power-attacks {hit}: the POD invested is taken from {loses}."
        else:
            what = f"{who} power-attacks: the POD invested is the attack's strength."
        return RowsDialog(
            "POD investment",
            f"{bhm_places(d.prompt)}\n{what} {who} keeps POD {pod} minus the investment until the end of the turn.",
            [row],
            build,
            screen.plan_problem,
            total,
            keys="←→ amount · Home/End min/max · Enter invest · Esc the choice list",
        )
    if d.kind == "target":
        tiles = []
        territories = True  # every target is a territory
        for a in legal:
            if a.kind == "target" and a.args and isinstance(a.args[0], int):
                c = cards.get(a.args[0]) or {"name": f"#{a.args[0]}"}
                name = target_name(game, a.args[0], c)
                place = name[len(str(c.get("name"))) :].strip()  # `z1` of a twin, else ""
                body = card_body(c)
                tiles.append(Tile(name, f"{place} · {body}" if place else body, a))
                territories = territories and c.get("type") == "territory"
            elif a.kind == "skip":
                tiles.append(Tile("Skip", "Choose no target.", a))
        if not tiles:
            return None
        title = "Choose a territory" if territories else "Choose a target"
        return TileDialog(title, bhm_places(d.prompt), tiles, screen.plan_problem)
    return None
