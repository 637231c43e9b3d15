"""The Scars: the lane screen. Reads `ScarsGame.view()` (see its docstring):
each hero with lives, energy (untapped / tapped), supports and the unit limit,
units by position (attack / defense, sheltering), weapons and structures; the
shared resolution zone (bottom → top), the phase and sub-phase, and whether a
player may respond now."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize

from common.errors import IllegalAction
from common.events import Event
from common.game import Action, Decision, Game
from tui.log_words import (
    card_places,
    entry_brief,
    entry_namer,
    entry_words,
    opening_said,
    ordinal,
    scars_phase_words,
    scars_player_words,
    told_apart,
)
from tui.screens.decide import Row, RowsDialog, Tile, TileDialog
from tui.screens.lanes import (
    MARK_HIT,
    LaneReplayScreen,
    LaneScreen,
    LaneTable,
    Line,
    Seg,
    chip,
    chips,
    lane_keys,
    short,
    words,
)
from tui.widgets.actions import ActionList, cut_start, wrapped
from tui.widgets.detail import CardDetail, find_cards
from tui.widgets.lanes import LaneBoard, LaneScroll, rows_taken
from tui.widgets.log import GameLog
from tui.widgets.status import Prompt
from tui.wording import plural

# from 120 × 40: the log's fewest rows, and the card panel's rows beside the lanes (app.tcss)
LOG_ROWS, DETAIL_ROWS = 10, 12

# `t` from 120 × 40 (`ScarsScreen.on_key`), where its binding is off and the key said nothing

# The Scars' sub-phases on the table's middle line (`Turn 3: P1 (you) · Recruitment (first)`), in a
# player's words: the rulebook's number and title (the engine's `phase_name`, `2 First recruitment`)
# read as a count there. The log's phase lines and the rules (`?`) keep the rulebook's (SC-50..SC-58).
SCARS_STATUS_PHASE = {
    "1A Set-up": "Set-up",
    "1B Draw": "Draw",
    "2 First recruitment": "Recruitment (first)",
    "3A Declare attackers": "Combat: attackers",
    "3B Declare blockers": "Combat: blockers",
    "3C Damage": "Combat: damage",
    "4 Second recruitment": "Recruitment (second)",
    "5A Clean-up": "Clean-up",
    "5B End of turn": "End of turn",
}

SCARS_KEYS = """
**Reading the table**

- the choice list holds every decision: recruit, cast, equip, attack, block, shelter, damage
  assignment, responses, mulligans — `↑↓` and `Enter`, or a click
- declaring attackers (or blockers): each number picks one attack (one block), and the prompt says
  the key of the last choice, which confirms them (`5 confirms 2 attackers`; `Declare no
  attackers` before the first); with nothing to pay for, the prompt says the key that moves a life
  to energy and the one that ends the phase (`8 moves a life to energy, 9 ends the phase`)
- units: `ATK` row (attack position, tapped) and `DEF` row (defense position); `⇒` whom a unit
  attacks, `⛨` whom it blocks, `↺ shelters` whom it shelters; `sick` summoning sickness
- the resolution zone is listed bottom → top, each entry in short: whose, what it is, what it
  will do (`P2's Field Medic ability: remove all damage from …`), the whole of it in the card panel
  of its card; `▶ you may respond` when it is your window, and the card cursor then goes to the
  card on top of the zone (what you respond to, in the card panel)
- the blockers and damage-split dialogs scroll when their rows do not fit: `↑↓` or `1`…`9` bring
  the current row into sight, and the total line says what is not (`▲ 2 rows above · ▼ 1 row below`)
- cards of the same name are told apart by their place: `Grey Wolf (1st in DEF)`, `(P2, 1st in ATK)`
  (the other side's); two copies of a card in the hand are one choice, listed once; below
  120 × 40 a long choice takes two lines
- a choice says `(over the unit limit)` when the unit would be discarded at clean-up, `(place a
  support too)` when a support card placed this turn keeps it (2 units a support, SC-22), and
  `(your own unit)` when a prayer or ability would hurt, destroy or remove a unit of yours
- a unit dies when the damage on it is *greater than* its defense (SC-12): `2/3 dmg3, 1 more kills`
  is alive, and one more point kills it
- below 120 × 40 a unit reads `Wolf 2/3 ⇒Aurel`: its name (cut, `Shieldbeare…`, only when its
  row would take more lines whole), attack/defense, then `dmg1, 3 more kills` its damage,
  `z` summoning sick, `2 weapons` its weapons (from 120 × 40 by name: `weapons: Longsword, Tower
  Shield`), `⇒name` whom it attacks, `⛨name` whom it blocks, `↺name` whom it shelters (with its
  place when another card has its name: `⛨Knigh… (P2, 1st in ATK)`; two of a name that shelter,
  their place in the row: `Shieldbeare… (2nd) 1/2 ↺Knigh…`);
  the head reads `♥16` lives, `⚡1/4` untapped/all energy, `pool 2` energy a card gave (lost at the
  end of the turn, SC-19), `units 3/6` units and the unit limit — 2 units per support card, so
  `units 0/0` before the first support (SC-22); units above it are discarded at clean-up (SC-23) —
  then hand, deck and discard counts
- the line between the two sides names whose turn and the phase in plain words (`Turn 3: P1 (you)
  · Recruitment (first)`, `Combat: blockers`); the log and the rules name it by the rulebook's
  number and title (`2 First recruitment`, `3B Declare blockers`)
"""


def more_kills(u: dict[str, Any]) -> int:
    """The damage that still kills the unit `u`: a unit dies when the damage on it is
    *greater than* its defense (SC-12), so a 3/3 with 3 damage lives and 1 more kills it."""
    lethal = u.get("lethal_at")  # the engine's own count, when its view gives it
    if not isinstance(lethal, int) or isinstance(lethal, bool):
        lethal = int(u.get("defense") or 0) + 1
    return max(1, lethal - int(u.get("damage") or 0))


def damage_words(u: dict[str, Any], dense: bool = False) -> str:
    """`dmg 3, 1 more kills` (dense `dmg3, 1 more kills`): the damage on a unit and what kills
    it, so that `3/3` with 3 damage does not read as dead (SC-12); "" without damage."""
    if not u.get("damage"):
        return ""
    return f"dmg{'' if dense else ' '}{u['damage']}, {more_kills(u)} more kills"


def unit_name(
    uid: Any,
    units: dict[int, dict[str, Any]],
    places: dict[int, tuple[str, str]],
    n: int = 0,
    own: bool = False,
) -> str:
    """The name of the unit `uid` (cut to `n` columns if `n`), with its place when another card
    of the table has its name, as the log tells them apart: `Knight of the Oath (P2, 1st in ATK)`.
    `own`: a unit of the side whose lane names it (the one a unit shelters): its place without
    the side, which the lane says (`↺Knigh… (1st in ATK)` in P2's lane, not `(P2, 1st in ATK)`)."""
    name = str(units.get(uid, {}).get("name", f"#{uid}"))
    if n:
        name = short(name, n)
    place = places.get(uid, ("", ""))[1] if isinstance(uid, int) else ""
    if own:
        place = re.sub(r"^P\d, ", "", place)
    return f"{name} ({place})" if place else name


def unit_segs(
    u: dict[str, Any],
    units: dict[int, dict[str, Any]],
    mark: str = "",
    combat: bool = True,
    places: dict[int, tuple[str, str]] | None = None,
    lost: bool = False,
    nth: int = 0,
) -> list[Seg]:
    """`combat`: a combat sub-phase (3A-3C), the only time `⇒`/`⛨` are shown; `places`
    (`card_places`) tells same-named units apart; `lost`: an attacker whose target left the
    combat (`lost_targets`): `⇒ no target`; `nth`: its place in its row (`dense_unit`)."""

    def name(uid: Any) -> str:
        return unit_name(uid, units, places or {})

    nth_words = f" ({ordinal(nth)})" if nth else ""
    segs = chip(u, f"{u.get('name', '?')}{nth_words} {u.get('attack')}/{u.get('defense')}", mark)
    marks = []
    if u.get("damage"):
        marks.append(damage_words(u))
    if u.get("sick"):
        marks.append("sick")
    if u.get("weapons"):  # as the card panel and the weapons' line say them; the unit says which
        arms = [unit_name(w, units, {}) for w in u["weapons"]]
        marks.append(f"{'weapon' if len(arms) == 1 else 'weapons'}: {', '.join(arms)}")
    if u.get("sheltering") is not None:  # one of its own side's: the side said once (the lane's)
        marks.append("↺ shelters " + unit_name(u["sheltering"], units, places or {}, own=True))
    if combat and u.get("attacking") is not None:
        marks.append("⇒ " + name(u["attacking"]))
    elif combat and lost:
        marks.append("⇒ no target")
    if combat and u.get("blocking") is not None:
        marks.append("⛨ " + name(u["blocking"]))
    if marks:
        segs += words(f" ({'; '.join(marks)})", "lane--dim")
    return segs


def row_place(row: list[dict[str, Any]], i: int) -> int:
    """The place in its row (1, 2 …) of the unit `row[i]` when it shelters and another unit of
    the row with its name shelters too — the two read alike (`Shieldbeare… 1/2 ↺Knigh…` twice):
    the place tells them apart, as the choices do (`Shieldbearer Recruit (2nd in DEF)`); else 0."""
    u = row[i]
    if u.get("sheltering") is None:
        return 0
    twins = sum(1 for v in row if v.get("sheltering") is not None and v.get("name") == u.get("name"))
    return i + 1 if twins > 1 else 0


def whole_or_cut(
    lead: list[Seg], cards: list[dict[str, Any]], limit: int, cut: int, room: int, marks: dict[int, str]
) -> list[Seg]:
    """`cards` as chips after `lead` (`hand`, `weapons`): each name whole (`Rally the Ranks`,
    `Hunting Spear`) unless the line then takes more rows at `room` columns than with each cut to
    about `cut` (`Rally the Ran…`). A name was cut at 80 × 24 on a line with room to spare."""
    whole = chips(cards, limit, " ", None, marks)
    short_ones = chips(cards, limit, " ", cut, marks)
    return whole if rows_taken(lead + whole, room) <= rows_taken(lead + short_ones, room) else short_ones


def dense_unit(
    u: dict[str, Any],
    units: dict[int, dict[str, Any]],
    mark: str = "",
    combat: bool = True,
    places: dict[int, tuple[str, str]] | None = None,
    lost: bool = False,
    nth: int = 0,
    cut: int | None = 12,
) -> list[Seg]:
    """`Wolf 2/3 dmg1, 3 more kills z 1 weapon ⇒Aurel`: one short chip a unit (`⇒`/`⛨` only
    when `combat`; `⇒no target` when `lost`, see `unit_segs`); a unit it relates to whose name
    another shares has its place: `⛨Knigh… (P2, 1st in ATK)`. Its weapons are counted in words
    (`2 weapons`: `+2` read as a bonus to its stats); `nth`: its place in its row, for a unit
    that would read as another of its row (`Shieldbeare… (2nd) 1/2 ↺Knigh…`); `cut`: the columns
    its own name is cut to (`None`: whole, see `unit_row`)."""

    def name(uid: Any) -> str:
        return unit_name(uid, units, places or {}, 6)

    own = str(u.get("name", "?"))
    label = (short(own, cut) if cut else own) + (f" ({ordinal(nth)})" if nth else "")
    label += f" {u.get('attack')}/{u.get('defense')}"
    if u.get("damage"):
        label += " " + damage_words(u, dense=True)
    if u.get("sick"):
        label += " z"
    if u.get("weapons"):
        label += " " + plural(len(u["weapons"]), "weapon")
    if combat and u.get("attacking") is not None:
        label += " ⇒" + name(u["attacking"])
    elif combat and lost:
        label += " ⇒no target"
    if combat and u.get("blocking") is not None:
        label += " ⛨" + name(u["blocking"])
    if u.get("sheltering") is not None:  # one of its own side's: the side said once (the lane's)
        label += " ↺" + unit_name(u["sheltering"], units, places or {}, 6, own=True)
    return chip(u, label, mark)


# The engine's prompts of a sub-phase ended by a choice (`then done`) in the words of that choice
# (`SCARS_ENDS`): no choice is called `Done`, and `2 First recruitment` read as nonsense. Keyed by
# the engine's words, which stay (its log and the fingerprint read them).
SCARS_PROMPTS = {
    "Set-up: change unit positions, then done": "Set-up: change unit positions, then end it",
    "2 First recruitment: play cards, then done": "First recruitment: play cards, then end it to go to combat",
    "4 Second recruitment: play cards, then done": "Second recruitment: play cards, then end it and the turn",
    # (where no key takes them: the replay, the AI deciding; at the table `combat_keys` says the keys)
    "Declare attackers, then done": "Declare attackers: choose each attack, then confirm them",
    "Declare blockers, then done": "Declare blockers: choose each block, then confirm them",
}
# the engine's prompt of a window at the end of a sub-phase (SC-59): `End of 2 First recruitment: …`
WINDOW_PROMPT = re.compile(r"^End of (.+?): play a prayer or ability, or pass$")


def scars_prompt(text: str) -> str:
    """The engine's prompt as a player reads it: a sub-phase ended by a choice in the words of that
    choice (`SCARS_PROMPTS`), a window's sub-phase in words (`End of first recruitment: play a
    prayer or ability, or pass`, `scars_phase_words`)."""
    text = SCARS_PROMPTS.get(text, text)
    m = WINDOW_PROMPT.match(text)
    return f"End of {scars_phase_words(m[1])}: play a prayer or ability, or pass" if m else text


# a recruitment with nothing to pay for (`ScarsScreen.nothing_to_pay_for`), and its way to energy (SC-18)
NOTHING_TO_PAY, MOVE_A_LIFE = "nothing to pay for", "move a life to energy"
LAST_LIFE = "your last life"  # the engine's words of a life that is the last one (SC-02)
# the choice's warning (`Move a life to energy — your last life: you lose`): the log and `last:`
# tell what was done without it (read by the other player, `your` named the wrong one)
LAST_LIFE_NOTE = f" — {LAST_LIFE}: you lose"

# what a pick of each kind of combat decision adds, in the prompt that says its keys (`combat_keys`)
COMBAT_PICKS = {"attack": ("Declare attackers", "an attack"), "block": ("Declare blockers", "a block")}


def third_person(words: str) -> str:
    """A choice's words after its key: `Declare no attackers` → `declares no attackers`,
    `Confirm 2 attackers` → `confirms 2 attackers`."""
    verb, _, rest = words.partition(" ")
    return f"{verb[:1].lower()}{verb[1:]}s {rest}".rstrip()


def blockers_dialog_keys(rows: int) -> str:
    """The prompt of a declaration of blockers while its dialog is over the table, in the
    dialog's keys: a digit there makes a blocker's row the current one (as in every rows
    dialog: the damage split's units), `←→` says whom it blocks. Under the dialog the prompt
    said the list's `1 picks a block`, and `1` only moved to row 1. One row, not numbered, has
    no row key (`RowsDialog`)."""
    if rows < 2:
        return "Declare blockers in the dialog: ←→ whom it blocks"
    return f"Declare blockers in the dialog: 1–{rows} picks a blocker, ←→ whom it blocks"


def combat_keys(kind: str, said: list[str], done: str) -> str:
    """The prompt of a declaration of attackers or blockers (`kind`) with its keys, from the
    choices `said` as the list numbers them and the words of the one that ends it (`done`):
    `Declare attackers: 1–4 picks an attack, 5 declares no attackers` — the engine's `Declare
    attackers, then done` named no key and no choice called `Done` (SC-53, SC-54)."""
    head, pick = COMBAT_PICKS[kind]
    n = said.index(done) + 1
    key = str(n) if n <= 9 else "the last choice"
    ends = f"{key} {third_person(done)}"
    if n == 1:
        return f"{head}: {ends}"
    picks = "1" if n == 2 else f"1–{min(n - 1, 9)}"
    return f"{head}: {picks} picks {pick}, {ends}"


# what a card of the hand is to the mulligan (SC-04): the whole hand goes back or stays
MULLIGAN_NOTE = (
    "The mulligan takes the whole hand, not one card (SC-04): 1 keeps it; 2 shuffles it all"
    " back into the deck and draws one card fewer."
)
MULLIGAN_HINT = "No card alone: the mulligan keeps or puts back the whole hand (SC-04)"

# a unit played from the hand beyond the unit limit (SC-22, SC-23): a support card placed this turn
# keeps it (`ScarsScreen.support_keeps`), else it is discarded at clean-up
KEPT_WITH_SUPPORT, OVER_LIMIT = "place a support too", "over the unit limit"

# the phases of a turn (The Scars' engine) before its last main part, where it may still attack
BEFORE_ATTACKS = frozenset({"setup", "draw", "recruit1"})


def turn_ended_for(before: Any, after: Any, action: Action | None, player: int) -> str:
    """Why `player`'s `action` (`before` the game before it, `after` after it) ended their turn
    though they did not end it — the engine went on by itself through the phases where ending
    them was all they could do (no card they can afford or play, no attack): what they could
    not do, in short; "" when the turn is still theirs, or it ended as they asked (`End 4 Second
    recruitment`; a clean-up, its end), or the game is over."""
    if before is None or action is None or getattr(after, "over", False):
        return ""
    if getattr(before, "active", None) != player or getattr(after, "active", player) == player:
        return ""
    phase = getattr(before, "phase", None)
    if phase in BEFORE_ATTACKS:
        return "nothing left to play or afford, no attack to make"
    if phase in ("attackers", "blockers", "damage") or (
        phase == "recruit2" and action.kind not in ("done", "pass")
    ):
        return "nothing left to play or afford"
    return ""


def lost_targets(view: dict[str, Any]) -> set[int]:
    """The attackers whose target left play or the combat (SC-63 ⚖): still attacking, their
    `attacking` None, their target 0 in the view's combat (docs/rulings.md). Without a mark they
    looked like units that do not attack."""
    attackers = (view.get("combat") or {}).get("attackers") or {}
    return {int(a) for a, t in attackers.items() if not t}


def in_combat(view: dict[str, Any]) -> bool:
    """A combat sub-phase: 3A-3C. Only then is a unit attacking or blocking (docs/rulings.md,
    SC-53..SC-55); the view keeps whom they attacked and blocked until the end of the turn."""
    return view.get("phase") in ("attackers", "blockers", "damage")


def fighting(game: Any, uid: int) -> list[int]:
    """The units whose combat damage goes to the unit `uid` in this combat (the engine's
    `combat_groups`): the attackers it blocks or is attacked by, or those blocking it."""
    out: list[int] = []
    for kind, atts, defs in game.combat_groups():
        if kind != "hero":
            out += atts if uid in defs else defs if uid in atts else []
    return out


def prevented_words(game: Any, uid: int, name: Callable[[int], str]) -> str:
    """Whose combat damage to the unit `uid` is prevented, and why, in the damage split's words
    (the engine's `prevented_by`): `none from Mammoth — damage prevented: Valor 4 (SC-90)`;
    "" when no source's is."""
    why: dict[str, list[str]] = {}
    for s in fighting(game, uid):
        reason = game.prevented_by(s, uid)
        if reason:
            why.setdefault(reason, []).append(name(s))
    return "; ".join(f"none from {', '.join(who)} — damage prevented: {r}" for r, who in why.items())


def over_words(units: int, limit: int) -> str:
    """A side over its unit limit, in words (SC-23): `units 3 of 2: 1 over the limit, discarded at
    clean-up (SC-23)` — at 120 × 40 the head said `supports 0 (2 units each: limit 0)` and no line
    counted the units, and at clean-up a unit went with no word before."""
    return f"units {units} of {limit}: {units - limit} over the limit, discarded at clean-up (SC-23)"


def limit_words(p: dict[str, Any], supports: int, limit: int) -> str:
    """How a side's unit limit adds up when a structure raises it (SC-22: 2 units a support
    card): `2 a support, +2 by Barracks`."""
    raised = [
        (str(c.get("name", "?")), int(m.group(1)))
        for c in p.get("structures") or []
        if (m := re.search(r"keep (\d+) more units", str(c.get("text", ""))))
    ]
    extra = limit - 2 * supports
    if sum(n for _, n in raised) != extra:
        return f"2 a support, {extra:+d} by its cards"
    return "2 a support, " + ", ".join(f"+{n} by {name}" for name, n in raised)


def target_placed(text: str, target: Any, places: dict[int, tuple[str, str]]) -> str:
    """`text` (a resolution zone entry's words) with the place of its `target` after the last
    mention of its name, when another card shares that name (`card_places`): `Shield Wall: give
    Knight of the Oath (P2, 1st in DEF) +0/+3`."""
    name, place = places.get(target, ("", "")) if isinstance(target, int) else ("", "")
    at = text.rfind(name) if place else -1
    if at < 0:
        return text
    return f"{text[: at + len(name)]} ({place}){text[at + len(name) :]}"


# A card's place in the table's words (`card_places`): `1st in ATK`, `P2, 2nd in DEF`, `1st weapon`.
PLACE = r"(?:P\d, )?\d+(?:st|nd|rd|th) (?:in ATK|in DEF|weapon|structure)"


def own_side_dropped(text: str, player: int) -> str:
    """`text` (an action's words) without the side in the place of its first card when that is
    `player`'s (`Grove Druid (P2, 1st in DEF) blocks Pikeman` by P2: `Grove Druid (1st in DEF)
    blocks …`): on the `last:` line, which says whose action it is. Another card's place keeps
    its side (it may be either's), and a first bracket that is no place (a cost) changes nothing."""
    first = text.find(" (")
    tag = f"P{player + 1}, "
    if first < 0 or not text.startswith(tag, first + 2) or not re.match(PLACE, text[first + 2 :]):
        return text
    return text[: first + 2] + text[first + 2 + len(tag) :]


# shorter words for the `last:` line, one pair at a time while it is too long: the hero's ability
# (`Hero: create 1 Wolf token in defense`, as a unit played reads `Play Grey Wolf (1) in defense`;
# `Hero: 1 damage to Shieldbearer… (P2, 2nd in DEF)`)
HERO_SHORTER = (
    (" token in defense position", " token in defense"),
    ("Hero ability: ", "Hero: "),
    ("Hero: deal ", "Hero: "),
)


def keep_target(
    text: str,
    width: int,
    *,
    actor_tag: str = "",
    heroes: Collection[str] = (),
    names: Collection[str] = (),
) -> str:
    """An action's words in `width` columns keeping both which card acted (its place, when
    another card shares its name) and what it aimed at: `Knight of the… (2nd in ATK) attacks
    P1's hero`, not `Knight of the Oath attacks P1's hero Korrag o…` (which Knight?) nor
    `Knight of the Oath (P2, 2nd in ATK) attacks…` (whom?). What goes, until the words fit:
    brackets that are no place (costs: the card panel has them; `(P2, 1st in ATK, 1)` keeps
    its place), `until end of turn` (`this turn`, as the choices say it), the side of the first
    place when it is `actor_tag` (`P2, `: the line says whose action it is), a hero's name after
    `'s hero` (one hero a side; `heroes`), `'s ability` (`Ember Shaman: deal 1 damage to P1's
    hero`), the hero ability's words (`HERO_SHORTER`: `Hero: create 1 Wolf token in defense`),
    then each name of `names` cut shorter (`Knight of the…`); last of all the end is cut."""
    if len(text) <= width:
        return text

    def bracket(m: re.Match[str]) -> str:
        place = re.match(PLACE, m.group(1))
        return f" ({place.group(0)})" if place else ""

    text = re.sub(r" \(([^()]*)\)", bracket, text)
    if len(text) > width:  # as the choices say it (`ScarsScreen.choice_words`)
        text = text.replace(" until end of turn", " this turn")
    if len(text) > width and actor_tag:
        first = text.find(" (")
        if first >= 0 and text.startswith(actor_tag, first + 2):
            text = text[: first + 2] + text[first + 2 + len(actor_tag) :]
    blocked = blocked_fit(text, width, names)
    if blocked:
        return blocked
    for hero in sorted(heroes, key=len, reverse=True):
        if len(text) > width:
            text = text.replace(f"'s hero {hero}", "'s hero")
    if len(text) > width:  # a card's ability says the card alone: `Ember Shaman: deal 1 damage to…`
        text = text.replace("'s ability: ", ": ")
    for longer, shorter in HERO_SHORTER:  # the hero's ability, in shorter words (its ★ marks the hero)
        if len(text) > width:
            text = text.replace(longer, shorter)
    whole = text
    for n in (14, 12, 10, 8):
        if len(text) <= width:
            break
        text = names_cut(whole, names, n)
    if len(text) <= width:
        return text
    # still too long: its start cut between words, and its target whole from its name on
    cut = sorted({name_cut(name, 8) for name in names} | set(re.findall(r"P\d's hero", text)), key=len)
    at = max((text.rfind(name) for name in cut), default=-1)
    first = min((i for name in cut if (i := text.find(name)) >= 0), default=-1)
    tail, room = text[at:], width - len(text[at:]) - 3  # `start … target`
    if at > first >= 0 and room >= 6:  # (the start is cut: text is longer than width)
        return f"{cut_start(text[:at].rstrip(), room + 1)[:-1].rstrip()} … {tail}"
    said = cut_start(text, width)
    return said[:-1] if said.endswith("……") else said  # after a name's own `…`


BLOCKED = " attacks, blocked by "  # an attack and its blocks on the `last:` line (`ScarsTable.blocked`)


def blocked_fit(text: str, width: int, names: Collection[str]) -> str:
    """An attack and its blocks (`Knight of the Oath (2nd in ATK) attacks, blocked by
    Shieldbearer Recruit (1st in DEF)`) in `width` columns: the names cut first (between words,
    14 … 6 columns), then `attacks,` left out (`Knight… (2nd in ATK) blocked by Shieldbearer… (1st
    in DEF)`), the names cut shorter (`Shiel…`), then the attacker's place (its `★` on the lanes
    says which), then the blockers', the end cut last — `blocked by` stays (the cut before it kept
    the start and the last card, `Knight… … Shieldbearer… (1st in DEF)`: blocked or attacked?).
    "" for other words."""
    head, sep, tail = text.partition(BLOCKED)
    if not sep:
        return ""

    def hard(words: str, n: int) -> str:
        for name in sorted(names, key=len, reverse=True):
            if len(name) > n:
                words = words.replace(name, short(name, n))
        return words

    def placeless(words: str) -> str:
        return re.sub(rf" \((?:{PLACE})\)", "", words)

    tries = [head + BLOCKED + tail]
    tries += [names_cut(head, names, n) + BLOCKED + names_cut(tail, names, n) for n in (14, 12, 10, 8, 6)]
    tries += [
        names_cut(head, names, n) + " blocked by " + names_cut(tail, names, n) for n in (99, 14, 12, 10, 8, 6)
    ]
    tries += [hard(head, n) + " blocked by " + hard(tail, n) for n in (8, 6)]
    tries += [placeless(hard(head, 6)) + " blocked by " + hard(tail, 6)]
    tries += [placeless(hard(head, 6)) + " blocked by " + placeless(hard(tail, 6))]
    found = next((t for t in tries if len(t) <= width), None)
    if found is not None:
        return found
    said = cut_start(tries[-1], width)
    return said[:-1] if said.endswith("……") else said  # after a name's own `…`


def name_cut(name: str, n: int) -> str:
    """A card's name in about `n` columns cut between words, as the shared one-line cut
    (`cut_start`) cuts: `Knight of…`, `Shield…` (not `Knight of t…`, `Shield Wa…`); its first
    word whole when it alone is longer, and a name of one word whole."""
    if len(name) <= n:
        return name
    said = cut_start(name, n)
    if name[len(said) - 1 : len(said)] in (" ", ",") or " " not in name:
        return said if " " in name else name
    return name.split(" ")[0].rstrip(",") + "…"


def names_cut(text: str, names: Collection[str], n: int) -> str:
    """`text` with each of `names` longer than `n` cut to about `n` columns between words
    (`name_cut`: `Knight of the…`, `Field…`; not `Field Med…`)."""
    for name in sorted(names, key=len, reverse=True):
        if len(name) > n:
            text = text.replace(name, name_cut(name, n))
    return text


def choice_tries(text: str, names: Collection[str]) -> list[str]:
    """A choice's words, then shorter and shorter (`fit_choice`), the words themselves first."""
    bare, alone, hero = shorter_words(text)
    tries = [text, names_cut(text, names, 14), bare, *(names_cut(bare, names, n) for n in (14, 12, 10))]
    tries += [names_cut(alone, names, 10), names_cut(alone, names, 8)]
    if hero != alone:
        tries += [names_cut(hero, names, 10), names_cut(hero, names, 8)]
    return tries


def shorter_words(text: str) -> tuple[str, str, str]:
    """A choice's words without the brackets that are no place (costs: the card panel has them),
    then a card's ability said by the card alone (`Field Medic (2nd in DEF): remove all damage…`),
    then the hero's ability as the `last:` line says it (`Hero: give Shieldbearer… (1st in DEF)
    +1/+1 this turn`: the list's own cut left out its middle, the place with it)."""

    def bracket(m: re.Match[str]) -> str:
        place = re.match(PLACE, m.group(1))
        return f" ({place.group(0)})" if place else ""

    bare = re.sub(r" \(([^()]*)\)", bracket, text)
    alone = bare.replace("'s ability: ", ": ")
    return bare, alone, alone.replace("Hero ability: ", "Hero: ")


def chopped_tries(text: str, names: Collection[str]) -> list[str]:
    """After `choice_tries`, the shortest of them with the names cut inside their first word
    (`Equip Longsw… to Shieldb… (1st in ATK)`): cut between words, a weapon and the unit it goes
    to did not fit in two lines of about 25 columns (80 × 24), and the last resort left the
    weapon out (`Equip … Shieldbearer… (1st in ATK)` for each weapon alike). Only for a choice
    that names two cards: one card alone keeps its name whole to its first word and its place
    on one line (`single_card_cut`: `Hero: give Shieldbearer… / (1st in DEF) +1/+1 this…`)."""
    shortest = shorter_words(text)[2]
    if sum(shortest.count(name) for name in names) < 2:
        return []
    return [names_chopped(shortest, names, n) for n in (8, 6)]


def names_chopped(text: str, names: Collection[str], n: int) -> str:
    """`text` with each of `names` longer than `n` cut to `n` columns, inside a word if need be
    (`Longsw…`, `Shieldb…`; `name_cut` keeps a first word whole)."""
    for name in sorted(names, key=len, reverse=True):
        if len(name) > n:
            text = text.replace(name, name[: n - 1].rstrip() + "…")
    return text


def fit_level(text: str, fits: Callable[[str], bool], names: Collection[str]) -> int:
    """How far `fit_choice` shortens `text` (the index of its first try that fits; the number of
    tries when none does)."""
    tries = choice_tries(text, names)
    return next((i for i, t in enumerate(tries) if fits(t)), len(tries))


def twin_key(text: str) -> str:
    """A choice's words without the places of its cards: two choices alike but for them (`…
    Knight of the Oath (1st in ATK)`, `… (P2, 1st in DEF)`) are twins."""
    return re.sub(rf" \((?:{PLACE})(?:, [^()]*)?\)", "", text)


def fit_choices(texts: list[str], fits: Callable[[str], bool], names: Collection[str]) -> list[str]:
    """Each choice made to fit (`fit_choice`), twin choices (`twin_key`) cut alike: each as far
    as the one cut the furthest, so that what tells them apart reads the same way in each (one
    whole, `… Grey Wolf (P2, 1st in DEF)`, and its twin cut, `… Grey… (1st in DEF) +2/+0`, read
    as two different things)."""
    keys = [twin_key(t) for t in texts]
    twins = Counter(keys)
    level: dict[str, int] = {}
    for t, k in zip(texts, keys, strict=True):
        if twins[k] > 1:
            level[k] = max(level.get(k, 0), fit_level(t, fits, names))
    return [fit_choice(t, fits, names, level.get(k, 0)) for t, k in zip(texts, keys, strict=True)]


def fit_choice(text: str, fits: Callable[[str], bool], names: Collection[str], start: int = 0) -> str:
    """A choice's words made to `fit` (its lines in the list) keeping what it does, which card
    does it and to which card, each with its place (`Field Medic (2nd in DEF)'s ability (1):
    remove all damage from Knight of the… (1st in ATK)`, not `… remove all … (1st in ATK)`):
    the names of `names` cut to 14 columns, then the costs left out (the card panel has them,
    and the whole words of the choice under the cursor), then the names cut shorter (14, 12, 10
    columns), then `'s ability`, then the names cut to 8 — each name cut between words
    (`name_cut`: `Field Medic's ability: remove all damage from Field Medic`, not `Field Med…'s
    ability: … from Field Med…`); a hero's ability `Hero: …`; if that is still too long, its
    start (its names cut to 6) and its last card whole from its name on (`Field… (2nd in DEF):
    remove all damage … Knight… (1st in ATK)`), never leaving out the acting card (its first
    word); then the names cut inside a word (`chopped_tries`: `Equip Longsw… to Shieldb… (1st in
    ATK)`, not `Equip … Shieldbearer… (1st in ATK)` for each weapon alike); last, words before
    the target left out even so. `start`: the first of those tries to take (`fit_choices`: a
    twin is cut as far as its twin)."""
    tries = choice_tries(text, names)
    found = next((t for t in tries[start:] if fits(t)), None)
    if found is not None:
        return found
    # still too long: its start, and its last card (the target) whole from its name on
    last = tries[-1]
    cut = {name_cut(n, 8) for n in names}
    at = max((last.rfind(name) for name in cut), default=-1)
    first = min((i for name in cut if (i := last.find(name)) >= 0), default=-1)
    if at <= first:
        return single_card_cut(last, at, cut, fits) or text  # else the list's own cut, the cost kept
    acting = last[first:].split()[0].rstrip("…")[:5]  # the acting card's first letters
    said = words_before_target(last, at, cut, fits, keep=acting)
    if said:
        return said
    found = next((t for t in chopped_tries(text, names) if fits(t)), None)
    return found or words_before_target(last, at, cut, fits) or last


def words_before_target(
    last: str, at: int, cut: Collection[str], fits: Callable[[str], bool], keep: str = ""
) -> str:
    """`last` (a choice's shortest words) with its last card (the target, from `at`) whole and
    as many of the words before it as fit, the acting card's name cut to 6 (`Field…`) before a
    word goes; with `keep`, only while the words kept still hold it (the acting card's first
    letters). "" when none fits."""
    tail = last[at:]
    heads = [last[:at].split(), names_cut(last[:at], cut, 6).split()]
    for drop in range(len(heads[0])):  # words left out before the target
        for head in heads:
            if drop < len(head):
                kept = head[: len(head) - drop]
                said = " ".join(kept) + (" … " if drop else " ") + tail
                if (not keep or keep in " ".join(kept)) and fits(said):
                    return said
    return ""


def single_card_cut(last: str, at: int, cut: Collection[str], fits: Callable[[str], bool]) -> str:
    """A choice that names one card (a hero's ability on a unit), `last` its shortest words and
    `at` where its card's name is: its end cut after the card and its place (`Hero: give
    Shieldbearer… (2nd in DEF) +1/+1…`), so that the place stays — the list's own cut left out
    the middle, the place with it, and twin choices read alike (`Hero ability (2): give /
    Shieldbearer … this turn` twice). "" when no such cut fits, or its card has no place."""
    if at < 0:
        return ""
    name = next((n for n in sorted(cut, key=len, reverse=True) if last.startswith(n, at)), "")
    keep = at + len(name)
    if not (last.startswith(" (", keep) and re.match(PLACE, last[keep + 2 :])):
        return ""  # no place to keep: the list's own cut (`Play Oath of Return (2): return up …`)
    keep = last.index(")", keep) + 1
    words = last[keep:].split()
    for n in range(len(words) - 1, -1, -1):
        said = last[:keep] + "".join(f" {w}" for w in words[:n]) + "…"
        if fits(said):
            return said
    return ""


class ScarsActionList(ActionList):
    """The Scars' choice list: below 120 × 40 a choice longer than its two lines keeps its
    verb and both cards with their places, shortening the names first (`fit_choice`), rather
    than losing its middle (`Field Medic (2nd in DEF)'s ability (1): remove all … (1st in
    DEF)`: remove what, from which card?)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names: Collection[str] = ()  # the card names of the table (the screen sets them)

    def fit_options(self) -> None:
        n = len(self.words)
        if not (self.one_line and self.max_lines > 1 and n and self.names):
            super().fit_options()
            return
        rows = self.content_region.height
        width = self.content_region.width - self.margin() - len(self.labels()[0])
        if width < 12:
            super().fit_options()
            return
        words = self.words
        lines = self.max_lines

        def fitted(w: int) -> list[str]:
            return fit_choices(list(words), lambda x: len(wrapped(x, w)) <= lines, self.names)

        shown = fitted(width)
        if rows and sum(len(wrapped(t, width, lines)) for t in shown) + len(self.headers()) > rows:
            shown = fitted(width - 2)  # the scrollbar comes: as `ActionList` wraps them then
        self.words = shown
        try:
            super().fit_options()
        finally:
            self.words = words


class ScarsTable(LaneTable):
    """The Scars lanes (the game screen's and the replay's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.own_turn: dict[int, int] = {}  # per seat: the last turn of its own it was noted in
        self.turn_noted: int | None = None  # the turn after the last action noted
        # per attacker: the side and the `last:` words of its attack (`blocked`); the turn and
        # the target of its attack, and the units that block it (`hit_by_block`: `⚔` follows them)
        self.attacks: dict[Any, tuple[int, str]] = {}
        self.attacked: dict[Any, tuple[Any, Any]] = {}
        self.blocks_of: dict[Any, list[Any]] = {}

    def top_entry_brief(self) -> tuple[Any, str, str] | None:
        """The top entry of the resolution zone in short, from its data (`entry_brief`): its
        controller, what it is and whose (`P2's Grove Druid upkeep trigger`) and what it will
        do; None when the zone is empty or its top entry has no data."""
        view = getattr(self, "view_data", None)
        if not isinstance(view, dict):
            return None
        stack = view.get("stack")
        if not stack or "name" not in stack[-1]:
            return None
        whose, does = entry_brief(stack[-1], entry_namer(card_places(view, self.table_viewer(), hand=False)))
        return stack[-1].get("controller"), whose, does

    def all_cards(self, view: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """The public cards by uid (the piles too: a unit attacked in 3A may be in the
        discard by 3C, and `⇒` still names it)."""
        out: dict[int, dict[str, Any]] = {}
        for p in view.get("players", []):
            for key in ("discard", "out", "units", "weapons", "structures"):
                for c in p.get(key) or []:
                    out[c["uid"]] = c
            out[p["hero"]["uid"]] = p["hero"]
        return out

    def card_where(self, card: Mapping[str, Any]) -> str:
        """`P2, 1st in ATK`, `2nd in hand`: the card's place when another card of its group (the
        table, your hand) has its name, as the log tells them apart (`card_places`); "" else."""
        uid = card.get("uid")
        if not isinstance(uid, int) or not self.view_data:
            return ""
        return card_places(self.view_data, self.table_viewer(), hand=True).get(uid, ("", ""))[1]

    def named_card(self, card: dict[str, Any]) -> dict[str, Any]:
        """`card` as the card panel shows it, on the game screen and in the replay alike: the
        cards it shelters, attacks, blocks or is equipped to by name (`sheltering: Knight of
        the Oath`, not `sheltering: 36`; with its place when another card has its name, as the
        log says it: `Knight of the Oath (P2, 1st in ATK)`), and its damage with what kills it (`damage: 3,
        1 more kills (SC-12)`: a 3/3 with 3 damage is alive). Whom it attacks or blocks only in a
        combat sub-phase, as the lanes (the view keeps them to the end of the turn). Its weapons
        by name too (`weapons: Hunting Spear #59`), and a keyword it has twice (its own and a
        weapon's) once."""
        cards = find_cards(self.view_data)
        fights = in_combat(self.view_data)
        places = card_places(self.view_data, self.table_viewer(), hand=False)
        named: dict[str, Any] = {
            key: unit_name(v, cards, places)
            for key in ("sheltering", "attacking", "blocking", "attached")
            if isinstance(v := card.get(key), int) and not isinstance(v, bool) and v in cards
        }
        # whom it attacks or blocks only while the combat lasts, as the lanes say it (`in_combat`):
        # after it, `blocking: Grey Wolf` named a unit dead since
        named.update(
            {key: None for key in ("attacking", "blocking") if not fights and card.get(key) is not None}
        )
        weapons = card.get("weapons")
        if isinstance(weapons, list) and any(isinstance(w, int) and w in cards for w in weapons):
            # `weapons: Hunting Spear, Tower Shield`, not `weapons: 59, 46`
            named["weapons"] = [unit_name(w, cards, places) if w in cards else w for w in weapons]
        keywords = card.get("keywords")
        if isinstance(keywords, list) and len(set(map(str, keywords))) < len(keywords):
            # a keyword of its own and of a weapon (Ranged on a Pikeman with a Hunting Spear): once
            named["keywords"] = list(dict.fromkeys(keywords))
        if card.get("damage") and card.get("type") != "hero" and card.get("defense") is not None:
            named["damage"] = f"{card['damage']}, {more_kills(card)} more kills (SC-12)"
        uid = card.get("uid")
        game = self.table_game()
        if "lethal_at" in card and isinstance(uid, int) and game is not None and fights:
            said = prevented_words(game, uid, lambda s: unit_name(s, cards, places))
            if said:  # as the damage split says it (`damage prevented: Valor 4 (SC-90)`)
                alone = all(game.prevented_by(s, uid) for s in fighting(game, uid))
                named["lethal_at"] = said if alone else f"{card['lethal_at']}; {said}"
        return {**card, **named} if named else card

    def table_game(self) -> Any:
        """The game whose view is drawn (the engine's own counts: what Valor or Fear prevents),
        or None."""
        return None

    def note_action(self, player: int, action: Action | None, words: str, *, after: Any = None) -> None:
        """The `last:` line says whose action it is (`★ P2 (AI) last:`): the acting card's place
        says its side no more (`Grove Druid (1st in DEF) blocks Pikeman`, not `Grove Druid (P2,
        1st in DEF) …`); see `own_side_dropped`. The side whose turn it is keeps its words and
        marks of the turn when the other side blocks or responds in it: after your blocks, `★ P2
        (AI) last: End 4 Second recruitment` hid its attack (`Ember Shaman attacks P1's hero (+2
        in the log)` now); a side's words start anew on its next turn. A pass is not noted (on the
        game screen and in the replay alike): the other side passes after each of your actions
        (its window to respond), and `★ P2 (AI) last: Pass` hid what it did on its turn (its
        attack, its unit) and wiped the marks of its cards; the log still has every pass."""
        if isinstance(action, Action) and action.kind == "pass":
            return
        game = after if after is not None else self.table_game()  # (the turn the action was in)
        turn, active = getattr(game, "turn", None), getattr(game, "active", None)  # (after it)
        if isinstance(turn, int):
            if player == active:
                if self.own_turn.get(player) == turn:
                    self.last_actor = player  # (`note_action` goes on with the side's words)
                elif self.last_actor == player:
                    self.last_actor = None  # its next turn: its words start anew
                self.own_turn[player] = turn
            elif self.own_turn.get(player) == turn - 1 == self.turn_noted:
                self.last_actor = player  # the action that ended its turn (`End 4 Second …`)
            self.turn_noted = turn
        super().note_action(player, action, own_side_dropped(words, player), after=game)
        if isinstance(action, Action) and action.kind == "attack" and action.args:
            self.attacks[action.args[0]] = (player, self.last_words[player][-1][0])
            self.attacked[action.args[0]] = (turn, action.args[1] if len(action.args) > 1 else None)
            self.blocks_of.pop(action.args[0], None)
        elif isinstance(action, Action) and action.kind == "block" and len(action.args) == 2:
            self.blocked(action.args[1], words.split(" blocks ")[0])
            self.hit_by_block(*action.args)

    def hit_by_block(self, blocker: Any, attacker: Any) -> None:
        """`⚔` follows what the other side's `attacker` fights once `blocker` blocks it: the
        blocker, and no longer what it attacked (your hero kept `⚔` after your block, as if the
        attack still went there) unless another attacker of that turn, not blocked, attacks it."""
        seat = self.attacks.get(attacker, (None, ""))[0]
        if seat is None or attacker not in self.attacked:
            return
        turn = self.attacked[attacker][0]

        def fights(a: Any) -> list[Any]:
            return self.blocks_of.get(a) or [self.attacked[a][1]]

        was = fights(attacker)
        self.blocks_of.setdefault(attacker, []).append(blocker)
        still = {
            u
            for a, (when, _) in self.attacked.items()
            if when == turn and self.attacks.get(a, (None, ""))[0] == seat
            for u in fights(a)
        }
        marks = self.marks[seat]
        for u in was:
            if u not in still and marks.get(u) == MARK_HIT:
                del marks[u]
        marks.setdefault(blocker, MARK_HIT)

    def blocked(self, attacker: Any, blocker: str) -> None:
        """The other side's attack by `attacker`, blocked by `blocker` (a unit's name, with its
        place when another shares it): on the `last:` line its words say so and come last, the
        latest news of that side's turn (`Tusked Boar attacks, blocked by Sellsword`): after your
        block it read `Tusked Boar attacks P1's hero`, as if the attack were still going there."""
        seat, said = self.attacks.get(attacker, (None, ""))
        runs = self.last_words.get(seat, []) if seat is not None else []
        at = next((i for i in range(len(runs) - 1, -1, -1) if runs[i][0] == said), None)
        if seat is None or at is None:
            return
        head = said.split(" attacks ")[0] + " attacks, blocked by "
        told = f"{said}, {blocker}" if said.startswith(head) else head + blocker
        del runs[at]
        runs.append((told, True))
        self.attacks[attacker] = (seat, told)

    def actor(self, player: int, action: Action, uids: list[int], after: Any) -> int | None:
        """A hero ability's hero acts (`★`), not the unit it aims at (`✦`), and the ability is a
        telling action of the `last:` line, as a card's is: Korrag's (`Hero ability (3): create
        1 Wolf token …`) names no card, and an older `Play Grey Wolf (1) in defense` was shown
        instead."""
        game = after if after is not None else self.table_game()
        if action.kind == "hero" and game is not None and hasattr(game, "hero_uid"):
            return int(game.hero_uid(player))
        return super().actor(player, action, uids, after)

    def reset_marks(self) -> None:
        super().reset_marks()
        self.own_turn, self.turn_noted = {}, None
        self.attacks, self.attacked, self.blocks_of = {}, {}, {}

    def fit_last(self, words: str, width: int) -> str:
        """The `last:` line keeps which card acted and whom it aimed at (`keep_target`): the side
        whose action it is need not be said again in its card's place."""
        cards = find_cards(self.view_data)
        heroes = [str(p.get("hero", {}).get("name", "")) for p in self.view_data.get("players", [])]
        return keep_target(
            words,
            width,
            actor_tag=f"P{self.marked_seat() + 1}, ",
            heroes=[h for h in heroes if h],
            names={str(c.get("name")) for c in cards.values() if c.get("name")},
        )

    def lane_room(self) -> int:
        """The columns of a lane's line: the table's width less the lanes' scroll bar (a table
        drawn outside an app, whose width is unknown: 80 columns)."""
        try:
            width = self.size.width
        except (LookupError, AttributeError):  # (no app: no size, not even a parent)
            width = 0
        return (width or 80) - 2

    @staticmethod
    def unit_row(
        label: str,
        here: list[dict[str, Any]],
        view: dict[str, Any],
        cards: dict[int, dict[str, Any]],
        marks: dict[int, str],
        places: dict[int, tuple[str, str]],
        room: int,
    ) -> list[Seg]:
        """A position's row (`ATK Shieldbearer Recruit 1/2`): each unit's name whole unless the
        row then takes more lines at `room` columns than with each cut (`Shieldbeare… 1/2`) — a
        lone unit's name was cut at 80 × 24 on a line with room to spare."""

        def row(cut: int | None) -> list[Seg]:
            segs: list[Seg] = [Seg(f" {label}")]
            for i, u in enumerate(here):
                lost = int(u["uid"]) in lost_targets(view)
                mark = marks.get(int(u["uid"]), "")
                segs += [
                    Seg(" "),
                    *dense_unit(u, cards, mark, in_combat(view), places, lost, row_place(here, i), cut),
                ]
            return segs if here else [*segs, Seg(" —", "lane--dim")]

        whole, short_ones = row(None), row(12)
        return whole if rows_taken(whole, room) <= rows_taken(short_ones, room) else short_ones

    def render_player_dense(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        """A head line, a line per position, the weapons if any, the hand."""
        seat = p["seat"]
        hero = p.get("hero") or {}
        energy = p.get("energy") or {}
        cards = self.all_cards(view)
        marks = self.shown_marks()
        units = p.get("units") or []
        places = card_places(view, self.table_viewer(), hand=False)
        up, tapped = energy.get("untapped", 0), energy.get("tapped", 0)
        info = f" ♥{p.get('lives')} ⚡{up}/{up + tapped}"
        if p.get("pool"):
            info += f" pool {p['pool']}"
        info += f"  units {len(units)}/{p.get('unit_limit', 0)}"
        info += f"  hand {p.get('hand_count', 0)} deck {p.get('deck_count', 0)}"
        info += f" disc {len(p.get('discard') or [])}"
        room = self.lane_room()
        # the hero's name whole where the line has room (`Aurelia, Iron Marshal`), else cut
        who = words(f"{self.who(seat)} ")
        head = who + (whole_or_cut(who, [hero], 1, 18, room - len(info), marks) if hero else chip(None))
        lines: list[Line] = [(self.head_style(seat), head + words(info))]
        for pos, label in (("attack", "ATK"), ("defense", "DEF")):
            here = [u for u in units if u.get("position") == pos]
            lines.append(("", self.unit_row(label, here, view, cards, marks, places, room)))
        weapons, structures = p.get("weapons") or [], p.get("structures") or []
        extras = weapons + structures
        tail: list[Seg] = []
        if extras:
            label = (
                " weapons/structures" if weapons and structures else " weapons" if weapons else " structures"
            )
            after = (
                len(f" · supports {len(p['support_cards'])} (face down)")
                if mine and p.get("support_cards")
                else 0
            )
            tail += words(label) + whole_or_cut(words(label), extras, 6, 12, room - after, marks)
        if mine and p.get("support_cards"):
            tail += words(f"{' ·' if tail else ''} supports {len(p['support_cards'])} (face down)")
            picks = [c for c in p["support_cards"] if int(c["uid"]) in self.pile_uids]
            if picks:
                tail += chips(picks, 4, " ", 12, marks)
        if p.get("out"):
            # (alone on its line: no `·` before it, which read as a line cut off at its start)
            tail += words(f"{' ·' if tail else ''} out of the game {len(p['out'])}")
        if tail:
            lines.append(("", tail))
        if mine and p.get("hand") is not None:
            lines.append(("", words(" hand") + whole_or_cut(words(" hand"), p["hand"], 10, 14, room, {})))
        return lines

    def render_player_roomy(self, view: dict[str, Any], p: dict[str, Any], mine: bool) -> list[Line]:
        seat = p["seat"]
        hero = p.get("hero") or {}
        energy = p.get("energy") or {}
        cards = self.all_cards(view)
        places = card_places(view, self.table_viewer(), hand=False)
        head = (
            words(f"{self.who(seat)} ")
            + chip(hero, mark=self.shown_marks().get(hero.get("uid", -1), ""))
            + words(f" · lives {p.get('lives')}")
        )
        lines: list[Line] = [(self.head_style(seat), head)]
        energy_text = f"  energy {energy.get('untapped', 0)} untapped / {energy.get('tapped', 0)} tapped"
        # SC-22: 2 units a support card (`unit limit 0` before any support puzzled); one line at 120 × 40
        supports, limit = int(p.get("supports") or 0), int(p.get("unit_limit") or 0)
        if limit == 2 * supports:
            energy_text += f" · supports {supports} (2 units each: limit {limit})"
            lines.append(("", words(energy_text)))
        else:  # `supports 6 (2 units each: limit 14)` did not add up: a structure's units on their line
            lines.append(("", words(f"{energy_text} · supports {supports} (2 units each)")))
            lines.append(("", words(f"  unit limit {limit}: {limit_words(p, supports, limit)}")))
        over = len(p.get("units") or []) - limit
        if over > 0:  # (the dense head's `units 3/2` says it; here no line counted the units)
            lines.append(("", words(f"  {over_words(len(p.get('units') or []), limit)}")))
        if p.get("pool"):  # a line of its own: on the energy line it wrapped at 120 × 40
            lines.append(
                ("", words(f"  pool {p['pool']}: energy a card gave, lost at the end of the turn (SC-19)"))
            )
        lines.append(
            (
                "",
                words(
                    f"  hand {p.get('hand_count', 0)} · deck {p.get('deck_count', 0)}"
                    f" · discard {len(p.get('discard') or [])} · out {len(p.get('out') or [])}",
                    "lane--dim",
                ),
            )
        )
        units = p.get("units") or []
        for pos, label in (("attack", "ATK"), ("defense", "DEF")):
            row: list[Seg] = [Seg(f"  {label}:")]
            mine_pos = [u for u in units if u.get("position") == pos]
            for i, u in enumerate(mine_pos):
                if i:
                    row.append(Seg(" ·"))
                mark, lost = self.shown_marks().get(int(u["uid"]), ""), int(u["uid"]) in lost_targets(view)
                row += unit_segs(u, cards, mark, in_combat(view), places, lost, row_place(mine_pos, i))
            if not mine_pos:
                row.append(Seg(" —", "lane--dim"))
            lines.append(("", row))
        extras = (p.get("weapons") or []) + (p.get("structures") or [])
        if extras:
            lines.append(("", words("  weapons/structures:") + chips(extras)))
        if mine and p.get("support_cards"):
            lines.append(("", words("  supports (face down):") + chips(p["support_cards"])))
        if mine and p.get("hand") is not None:
            lines.append(("", words("  hand:") + chips(p["hand"])))
        return lines

    def render_middle(self, view: dict[str, Any], decision: Decision | None) -> list[Line]:
        responding = decision is not None and decision.kind == "respond"
        # (`▶ you may respond` says the window: `· response window · ▶ you may respond` said it twice)
        step = " · response window" if view.get("step") == "window" and not responding else ""
        active = view.get("active")
        whose = f": {self.seat_name(active)}" if isinstance(active, int) else ""
        phase = str(view.get("phase_name", view.get("phase")))
        head = f" Turn {view.get('turn')}{whose} · {SCARS_STATUS_PHASE.get(phase, phase)}{step}"
        if self.dense and responding:
            assert decision is not None
            who = "you" if decision.player == self.table_viewer() else self.seat_name(decision.player)
            head += f" · ▶ {who} may respond"
        out: list[Line] = [("lane--middle", words(head))]
        stack = view.get("stack") or []
        cards = find_cards(view)
        places = card_places(view, self.table_viewer(), hand=False) if stack else {}
        if stack:
            if not self.dense:
                out.append(("lane--middle", words(" Resolution zone (bottom → top):")))
            for i, e in enumerate(stack, 1):
                segs = words(f"   {i}. " if not self.dense else f" ⧉{i} ")
                segs += zone_segs(e, cards, places, 12 if self.dense else 0)
                if i == len(stack):
                    segs.append(Seg("  ◀ top", "lane--warn"))
                out.append(("lane--middle", segs))
        if responding and not self.dense:
            assert decision is not None
            out.append(
                (
                    "lane--middle",
                    words(f" ▶ {self.seat_name(decision.player)} may respond (or pass)", "lane--warn"),
                )
            )
        return out


def zone_segs(
    entry: dict[str, Any], cards: dict[int, dict[str, Any]], places: dict[int, tuple[str, str]], n: int = 0
) -> list[Seg]:
    """An entry of the resolution zone on the table, in short and from its data (`entry_brief`,
    as the log says one that waits): what it is and whose, its card a chip (`P2's ▸Field Medic
    ability: remove all damage from Knight of the Oath (1st in ATK)`, `P1's ▸hero ability: …`,
    `P2's ▸Knight of the Oath: enters sheltering …`); `n`: the names cut to `n` columns (below
    120 × 40: one row an entry, not two). Its whole words are in the card panel (`zone_note`).
    An entry without its data (an older view): its text."""
    side = f"P{int(entry.get('controller') or 0) + 1}"
    if "name" not in entry:
        return words(f"{side}: {entry.get('text', entry.get('kind'))}")
    named = entry_namer(places)

    def name(uid: object, said: str, played: bool) -> str:
        whole = named(uid, said, played)
        return whole.replace(said, short(said, n), 1) if n and said else whole

    whose, does = entry_brief(entry, name)
    src = cards.get(entry["source"]) if isinstance(entry.get("source"), int) else None
    what = whose.removeprefix(f"{side}'s ")
    label = (
        "hero" if entry.get("kind") == "hero" else name(entry.get("source"), str(entry.get("name", "")), True)
    )
    at = what.find(label) if src is not None and label else -1
    if at < 0:
        return words(f"{whose}: {does}")
    rest = what[at + len(label) :]  # its mark (`▸`) after the space: `P2's ▸Field Medic`
    head = words(f"{side}'s {what[:at]}")
    return [*head, *chip(src, label), *words(f"{rest}: {does}" if does else rest)]


def zone_note(view: dict[str, Any], uid: int, viewer: int | None) -> str:
    """What the card `uid` has in the resolution zone, in whole words (`entry_words`), for the
    card panel: `In the resolution zone (2 of 3): P2: Field Medic (P2, 1st in DEF)'s ability:
    remove all damage from Knight of the Oath (P2, 1st in ATK)`; "" when it has nothing there."""
    stack = view.get("stack") or []
    name = entry_namer(card_places(view, viewer, hand=False))
    said = [
        f"In the resolution zone ({i} of {len(stack)}{', top' if i == len(stack) else ''}): "
        f"P{int(e.get('controller') or 0) + 1}: {entry_words(e, name)}"
        for i, e in enumerate(stack, 1)
        if e.get("source") == uid and "name" in e
    ]
    return "\n".join(said)


class ScarsLaneBoard(LaneBoard):
    """The lanes of The Scars' game screen: from 120 × 40 a new size (a resize, under a dialog
    too) fits the log's rows to the rows the lanes need (`ScarsScreen.fit_log_rows`)."""

    # both keys again here: a subclass's binding of a key replaces the base's (Enter did nothing
    # outside the mulligan); `check_action` leaves one of them on
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "choose", "Choose card"),
        Binding("enter,space", "read", "Read card"),
    ]
    whole_hand = False  # the decision is the mulligan: no single card is chosen (SC-04)

    def on_resize(self, event: Resize) -> None:
        fit = getattr(self.screen, "fit_log_rows", None)
        if callable(fit):
            self.call_after_refresh(fit)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In the mulligan the key bar says `⏎ Read card`, not `⏎ Choose card`: the mulligan
        puts the whole hand back or keeps it (SC-04), a card alone is not chosen; Enter shows
        the card and says so (`ScarsScreen.action_inspect`)."""
        if action == "choose":
            return not self.whole_hand
        if action == "read":
            return self.whole_hand
        return True

    def action_read(self) -> None:
        self.action_choose()

    def mulligan(self, whole_hand: bool) -> None:
        """The decision is (or is no longer) the mulligan: the bar's Enter key says what it does."""
        if whole_hand != self.whole_hand:
            self.whole_hand = whole_hand
            self.refresh_bindings()


class ScarsScreen(ScarsTable, LaneScreen):
    ACTION_LIST = ScarsActionList
    # the lanes' keys in The Scars' words (no beings, powers or strategies here)
    EXTRA_KEYS = lane_keys("the unit to attack, the unit to equip", "prayer, weapon or ability") + SCARS_KEYS
    DIALOGS = "blockers, damage split, whom a shelter makes fight"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.places_of: dict[str, Any] | None = None  # the view `places` is of
        self.places: dict[int, tuple[str, str]] = {}
        self.shown_top: int | None = None  # the resolution zone's top card the cursor was put on
        self.add_class("scars-lanes")  # from 120 × 40 the log under the lanes (app.tcss)
        self.grid_rows: str | None = None  # the grid's rows from 120 × 40 (`fit_log_rows`)
        # the rows of the blockers dialog while it is over the table (its keys are the prompt's)
        self.blocker_rows: int | None = None

    def update_table(self, view: dict[str, Any], decision: Decision | None, legal: list[Action]) -> None:
        """When you may respond, the card cursor goes once to the card on top of the resolution
        zone (what you respond to): in sight, and in the card panel. At 80 × 24 a full zone's
        top was out of sight under the lanes, the cursor on the other side's hero."""
        super().update_table(view, decision, legal)
        self.call_after_refresh(self.fit_log_rows)  # (the board's rows may change, not its size)
        self.query_one(ScarsLaneBoard).mulligan(
            decision is not None and decision.kind == "mulligan" and self.can_act()
        )
        stack = view.get("stack") or []
        top = stack[-1].get("source") if stack else None
        if decision is None or decision.kind != "respond" or not self.can_act() or not isinstance(top, int):
            return
        board = self.query_one(LaneBoard)
        if top != self.shown_top and top in board.chip_uids():
            self.shown_top = top
            board.move_to(top)

    def compose_table(self) -> ComposeResult:
        with LaneScroll(id="lanes"):
            yield ScarsLaneBoard(id="lane-board")

    def relayout(self) -> None:
        super().relayout()
        self.fit_log_rows()  # (below 120 × 40 at once: a dialog over the table may hold the refresh)

    def fit_log_rows(self) -> None:
        """From 120 × 40 the log is under the lanes (the card panel beside both): the rows the
        lanes do not need go to the log (10 rows at least, 22 at most: early in a game the lanes
        had 10 blank rows under them, and the log 10 rows); the choices keep their rows. Below
        120 × 40 the grid is the stylesheet's."""
        grid = self.query_one("#lane-grid")
        if self.is_dense():
            if self.grid_rows is not None:
                self.grid_rows = None
                grid.styles.grid_rows = None
            return
        board, lanes = self.query_one(LaneBoard), self.query_one("#lanes")
        if not board.size.width:
            return
        need = board.rows_for(board.size.width) + lanes.styles.gutter.height
        log = max(LOG_ROWS, min(LOG_ROWS + DETAIL_ROWS, grid.size.height - need))
        rows = f"auto 1fr {LOG_ROWS + DETAIL_ROWS - log} {log}"
        if rows != self.grid_rows:
            self.grid_rows = rows
            grid.styles.grid_rows = rows

    def on_mount(self) -> None:
        # a choice names a card and often a second one (`Play Grey Wolf (1) sheltering Grey
        # Wolf (1st in ATK)`): below 120 × 40 it may take two lines rather than be cut
        self.query_one(ActionList).max_lines = 2
        log = self.query_one(GameLog)
        log.hanging = True  # its long lines too go on under their text
        log.phases_of("scars")  # one phase a line (`3A Declare attackers · 4 Second …` read as one)
        glossary = self.session.game.view(None).get("keywords")
        if isinstance(glossary, dict):
            # the engine's `Fear` is the rules' `Fear X` (and so Valor, Learning): one entry each
            for k, v in glossary.items():
                key = f"{k} X" if f"{k} X" in self.glossary else str(k)
                self.glossary[key] = str(v)

    def opening(self, events: list[Event]) -> list[Event]:
        """The first player's draw says why it is one card short (SC-03, `opening_said`: the
        replay's words too)."""
        return opening_said("scars", events)

    def choice_words(self, action: Action) -> str:
        """The engine's words, with the place of a card whose name another card of the table
        (or of the hand) shares: `Play Grey Wolf (2nd in hand, 1) sheltering Grey Wolf (1st
        in ATK)`. An effect `until end of turn` reads `this turn`: at 80 × 24 a choice longer than
        its two lines lost its middle, what it gives (`Hero ability (2): give Sellsword … until end
        of turn`: the +1/+1 left out). A prayer or ability that harms a unit of yours says so
        (`Play Smite (2): destroy Shieldbearer Recruit (your own unit)`: the engine's `harms_own`;
        it read as an answer to the other side's units)."""
        view = self.view_data
        if self.places_of is not view:  # once a view, not once a choice
            self.places_of = view
            self.places = card_places(view, self.table_viewer(), hand=True)
            names = {str(c.get("name")) for c in find_cards(view).values() if c.get("name")}
            self.query_one(ScarsActionList).names = names  # the names it may cut
        game = self.session.game
        said = told_apart(scars_player_words(game, action, game.describe_action(action)), action, self.places)
        said = said.replace(" until end of turn", " this turn")
        if self.over_limit(action):
            return f"{said} ({KEPT_WITH_SUPPORT if self.support_keeps(action) else OVER_LIMIT})"
        harms_own = getattr(self.session.game, "harms_own", None)  # (the engine's: `ScarsGame`)
        return f"{said} (your own unit)" if callable(harms_own) and harms_own(action) else said

    def example_words(self, action: Action) -> str:
        """The choice's words without its cost beside a notation in the `:` dialog: `(1 energy)`
        pushed the place of the card a number is out of its line (`Grey Wolf (1st i…`)."""
        said = re.sub(r" \(\d+ energy\)", "", self.choice_words(action))
        return re.sub(r", \d+ energy\)", ")", said)

    def deciding_side(self) -> dict[str, Any]:
        """The view of the side that decides now ({} when none)."""
        d = self.session.decision
        view = self.view_data if isinstance(getattr(self, "view_data", None), dict) else {}
        return next((p for p in view.get("players", []) if d is not None and p.get("seat") == d.player), {})

    def over_limit(self, action: Action) -> bool:
        """`action` plays a unit from the hand while its side already has as many units as its
        supports allow (2 a support, SC-22): at clean-up one is discarded (SC-23)."""
        if action.kind != "cast" or not action.args or not isinstance(action.args[0], int):
            return False
        me = self.deciding_side()
        card = next((c for c in me.get("hand") or [] if c.get("uid") == action.args[0]), None)
        if card is None or card.get("type") != "unit":
            return False
        return len(me.get("units") or []) >= int(me.get("unit_limit") or 0)

    def support_keeps(self, action: Action) -> bool:
        """A unit played over the limit (`over_limit`) that a support card placed later this turn
        keeps: the side has placed none this turn (one a turn, SC-22), holds another card to place
        (any card, face down), the turn is its own with a recruitment to come or going on — the
        clean-up comes after it (SC-57) — and the 2 units of one more support make room for it.
        Before the first support (`units 0/0`) every unit read `(over the unit limit)`, as if
        it were lost, while a support placed after it keeps it."""
        me = self.deciding_side()
        view = self.view_data if isinstance(getattr(self, "view_data", None), dict) else {}
        if me.get("support_played") or view.get("active") != me.get("seat"):
            return False
        if view.get("phase") not in ("recruit1", "recruit2"):
            return False
        others = [c for c in me.get("hand") or [] if c.get("uid") != action.args[0]]
        return bool(others) and len(me.get("units") or []) + 1 <= int(me.get("unit_limit") or 0) + 2

    def table_game(self) -> Any:
        return self.session.game

    def log_action(self, game: Game, player: int, words: str, events: list[Event]) -> None:
        """The action's lines; when a player's action ended their turn though they did not end it
        (`turn_ended_for`: the engine moves on by itself through each phase where ending it is all
        a player can do, docs/rulings.md), a line under it says so before the phases go by
        (`→ nothing left to play or afford, no attack to make: the turn ends`): after your last
        affordable card the other side's turn began with no word why. (Not a notice: it would
        stand over the table while the other side plays.) The AI's turn too, by its side's name
        (`→ P2 has nothing left to play or afford: its turn ends`): its turn ended with its last
        card and the phases went by, no word why (the engine's rule, docs/rulings.md)."""
        history = game.history
        said = turn_ended_for(self.game_before, game, history[-1] if history else None, player)
        if said:
            note = (
                f"→ {said}: the turn ends"
                if player in self.session.seats.humans
                else f"→ P{player + 1} has {said}: its turn ends"
            )
            at = next((i for i, ev in enumerate(events) if ev.kind in ("phase", "turn")), len(events))
            events = [*events[:at], Event("note", note), *events[at:]]
        super().log_action(game, player, words.replace(LAST_LIFE_NOTE, ""), events)

    def own_words(self, d: Decision) -> str:  # type: ignore[override]  # GameScreen calls self.own_words(d)
        """The prompt, with the place of the card it names (`Choose the target of Grey Wolf
        (2nd in DEF)'s enter ability`) when another card shares its name. An answer to the top
        entry of the resolution zone says it in short, from its data, as the zone's row does
        (`Respond to P1's hero ability: create 1 Wolf token in defense position, or pass`; the
        hot-seat's cover cut the engine's `Respond to Korrag of the Wilds' hero ability: create
        1 Wolf token in defense position, or…`), your own `Your Pikeman waits to resolve (enters
        in attack position): add a prayer or ability, or pass`."""
        text = LaneScreen.own_words(d)
        text = scars_prompt(text)  # `then done`, with no choice called `Done`; a window's phase
        if d.kind == "block" and self.blocker_rows is not None and self.can_act():
            return blockers_dialog_keys(self.blocker_rows)
        if d.kind in COMBAT_PICKS and self.can_act() and (done := self.done_words()):
            return combat_keys(d.kind, self.listed_words(), done)
        if d.kind == "recruit" and (broke := self.nothing_to_pay_for(d)):
            return broke
        stack = self.view_data.get("stack") if isinstance(getattr(self, "view_data", None), dict) else None
        if d.kind == "respond" and (brief := self.top_entry_brief()):
            owner, whose, does = brief
            if owner != d.player:
                return f"Respond to {whose}: {does}, or pass"
            what = whose.removeprefix(f"P{d.player + 1}'s ")
            return f"Your {what} waits to resolve ({does}): add a prayer or ability, or pass"
        if d.kind == "respond" and stack:  # (an entry without its data: the engine's words)
            # what the top entry aims at, when another card has its name: `Respond to Knight of
            # the Oath (unit, sheltering Knight of the Oath (P2, 2nd in ATK))` (which Knight?)
            places = card_places(self.view_data, self.table_viewer(), hand=False)
            text = target_placed(text, stack[-1].get("target"), places)
        if d.kind == "respond" and stack and stack[-1].get("controller") == d.player:
            # your own card on top: `Respond to Pikeman (unit, …)` read as the other side's
            what = text.removeprefix("Respond to ").removesuffix(", or pass")
            text = f"Your {what} waits to resolve: add a prayer or ability, or pass"
        ctx = d.context or {}
        uid = ctx.get("source", ctx.get("unit"))
        if not isinstance(uid, int) or not isinstance(getattr(self, "view_data", None), dict):
            return text
        places = card_places(self.view_data, self.table_viewer(), hand=False)
        return told_apart(text, Action("prompt", (uid,)), places)

    def _refresh_view(self, *, spectator: bool = False) -> None:
        super()._refresh_view(spectator=spectator)
        if not spectator:
            self.fit_prompt()

    def fit_prompt(self) -> None:
        """The prompt in fewer words where they take fewer lines (`Prompt.shorter`): in hot-seat
        `Player 1: 0 energy, nothing to pay for: move a life to energy, or end the` left `phase`
        alone on a second line at 80 columns; `… : a life to energy, or end the phase` fits."""
        prompt = self.query_one(Prompt)
        said = prompt.prompt
        if NOTHING_TO_PAY in said:  # the energy is on the lane's head too (`⚡0/4`)
            prompt.shorter = (re.sub(rf"\d+ energy, {NOTHING_TO_PAY}", "Nothing to pay for", said),)

    def listed_words(self) -> list[str]:
        """The words of the choices as the list numbers them (two of the same words are one)."""
        said: list[str] = []
        for a in self.legal:
            if (w := self.choice_words(a)) not in said:
                said.append(w)
        return said

    def done_words(self) -> str:
        """The words of the choice that ends the decision (`Confirm 2 attackers`), "" when none."""
        done = next((a for a in self.legal if a.kind == "done"), None)
        return self.choice_words(done) if done is not None else ""

    def nothing_to_pay_for(self, d: Decision) -> str:
        """A recruitment where no card, ability or weapon can be paid for says so, and the way to
        energy (SC-18, SC-19): at 80 × 24 a newcomer with no energy saw a list of `Place … as a
        support` and had to scroll past it to find `Move a life to energy`. One line at 80
        columns (`0 energy, nothing to pay for: 7 moves a life to energy, 8 ends the phase`; without
        the keys where nobody may choose now); "" when something can be paid for."""
        if not self.legal or any(a.kind in ("cast", "hero", "ability", "equip") for a in self.legal):
            # (no choices: the AI's turn, a covered hand-over — what it can pay for is not known
            # here, nor to be told: `Player 2 (AI) is deciding: 2 energy, nothing to pay for` was
            # said of every AI recruitment)
            return ""
        view = self.view_data if isinstance(getattr(self, "view_data", None), dict) else {}
        me: dict[str, Any] = next((p for p in view.get("players", []) if p.get("seat") == d.player), {})
        energy = me.get("energy") or {}
        have = int(energy.get("untapped", 0) or 0) + int(me.get("pool", 0) or 0)
        # the way to energy, and the key of each choice, which the list at 80 × 24 has out of
        # sight under the supports (a key pressed for it ended the phase): `7 moves a life to
        # energy, 8 ends the phase`; a life that is the last one loses the game (SC-02): not offered
        life = next((a for a in self.legal if a.kind == "life"), None)
        ways = {
            "life": ("moves a life to energy", MOVE_A_LIFE),
            "support": ("places a support", "place a support"),
        }
        way = next((kind for kind in ways if any(a.kind == kind for a in self.legal)), None)
        if way == "life" and life is not None and LAST_LIFE in self.choice_words(life):
            way = "support" if any(a.kind == "support" for a in self.legal) else None
        ends = self.key_words("done")
        # the second recruitment's end ends the turn (`End second recruitment and the turn`)
        what = "the turn" if view.get("phase") == "recruit2" else "the phase"
        if way is None:
            said = f"{ends} ends {what}" if ends else f"end {what}"
        else:
            keys = self.key_words(way)
            does, do = ways[way]  # SC-18, SC-22
            said = f"{keys} {does}, {ends} ends {what}" if keys and ends else f"{do}, or end {what}"
        return f"{have} energy, {NOTHING_TO_PAY}: {said}"

    def key_words(self, kind: str) -> str:
        """The number keys of the choices of `kind` as the list numbers them (`7`, `1–6`); ""
        when none has one (none listed, past `9`, not a run, or nobody may choose now)."""
        if not self.can_act():
            return ""
        said = self.listed_words()
        nums = sorted({said.index(self.choice_words(a)) + 1 for a in self.legal if a.kind == kind})
        if not nums or nums[-1] > 9 or nums != list(range(nums[0], nums[-1] + 1)):
            return ""
        return str(nums[0]) if len(nums) == 1 else f"{nums[0]}–{nums[-1]}"

    # -- why a card of the hand cannot be played now ---------------------------------------------------
    def why_not_playable(self, uid: int) -> str:
        """The engine's reason why the card `uid` of the deciding player's hand has no `Play`
        choice now (`not enough energy: Tusked Boar costs 2, you have 1`, `… is a legion card;
        your hero cannot pay for it (SC-20)`), and whether it can be placed as a support
        instead, or "" (not in that hand, playable, not their decision, or a decision where no
        card is played)."""
        d = self.session.decision
        if d is None or not self.can_act():
            return ""
        if d.kind != "recruit" and not any(a.kind == "cast" for a in self.legal):
            return ""
        if any(a.kind == "cast" and a.args and a.args[0] == uid for a in self.legal):
            return ""
        me = next((p for p in self.view_data.get("players", []) if p.get("seat") == d.player), None)
        if me is None or not any(c.get("uid") == uid for c in me.get("hand") or []):
            return ""
        reason = self.session.game.explain_illegal(Action("cast", (uid,)))
        if "'cast" in reason:  # the notation's hint (`needs a target: 'cast 12 <target>'`)
            reason = "nothing it can be aimed at now"
        if reason.startswith("not enough energy") and any(a.kind == "life" for a in self.legal):
            # SC-18: your lives are your energy; a life moved gives 1 (`Griffin Rider costs 4, you
            # have 1 (Move a life to energy: 1 more)` read as if that made it playable)
            m = re.search(r"costs (\d+), you have (\d+)", reason)
            short_by = int(m.group(1)) - int(m.group(2)) - 1 if m else 0
            still = f", still {short_by} short" if short_by > 0 else ""
            reason += f" (Move a life to energy: 1 more{still})"
        if any(a.kind == "support" and a.args and a.args[0] == uid for a in self.legal):
            # on `Place … as a support` the panel read as if that choice could not be taken
            reason += "; placing it as a support (face down) is open"
        return f"Can't play it now: {reason}"

    def polish_detail(self) -> None:
        """The card panel's card as `named_card` says it and, if it is one of the hand that
        cannot be played now, why."""
        detail = self.query_one(CardDetail)
        card = detail.card
        uid = card.get("uid") if card else None
        if card is None or not isinstance(uid, int):
            return
        note = detail.note
        for why in (self.why_not_playable(uid), zone_note(self.view_data, uid, self.table_viewer())):
            if why and why not in note:
                note = f"{note}\n{why}" if note else why
        named = self.named_card(dict(card))
        if named != card or note != detail.note:
            detail.show_card(named, note)

    def on_lane_board_card_highlighted(self, message: Any) -> None:
        super().on_lane_board_card_highlighted(message)
        message.prevent_default()  # Textual would call LaneScreen's handler again, after this one
        self.polish_detail()

    def show_action_detail(self, action: Action | None) -> None:
        super().show_action_detail(action)
        self.polish_detail()
        if action is not None and self.over_limit(action):
            detail = self.query_one(CardDetail)
            detail.show_card(detail.card, f"{detail.note}\n{self.limit_note(self.support_keeps(action))}")

    def limit_note(self, kept: bool) -> str:
        """What the unit limit of the deciding side is and adds up from, as its status says it
        (the view's `unit_limit`: `Your unit limit is 4 (2 a support, +2 by Barracks)`), and
        what happens over it: `kept` (`support_keeps`), that a support card placed this turn
        keeps the unit; else that it is discarded (one support a turn: said even when it was
        placed already). (`You keep 2 units a support card` left a Barracks out.)"""
        me = self.deciding_side()
        supports, limit = int(me.get("supports") or 0), int(me.get("unit_limit") or 0)
        adds = "2 units a support card" if limit == 2 * supports else limit_words(me, supports, limit)
        said = f"Your unit limit is {limit} ({adds}): at clean-up you discard units down to it (SC-23)"
        if kept:
            return f"{said}, unless you place a support card this turn: any card of your hand, face down (SC-22)."
        if me.get("support_played"):
            return f"{said}; you placed your one support card of this turn already (SC-22)."
        return f"{said}."

    def action_inspect(self, uid: int) -> None:
        d = self.session.decision
        if d is not None and d.kind == "mulligan" and self.can_act():
            # SC-04: the whole hand goes back or stays; `… is not a choice: ▸ marks the cards
            # that are` (with a bell) said nothing of it, and no card had a ▸
            self.query_one(CardDetail).show_card(find_cards(self.view_data).get(uid), MULLIGAN_NOTE)
            self.query_one(Prompt).hint = MULLIGAN_HINT
            return
        super().action_inspect(uid)
        self.polish_detail()

    def dialog_for(self, decision: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
        return scars_dialog(self, decision, view, legal)

    def maybe_open_dialog(self, force: bool = False) -> None:
        """The blockers dialog, once open, has the prompt say its keys (`blockers_dialog_keys`):
        the list's `1 picks a block` stood under it, where `1` moves to the first blocker's row."""
        super().maybe_open_dialog(force)
        d = self.session.decision
        top = self.app.screen
        if d is not None and d.kind == "block" and isinstance(top, RowsDialog) and self.blocker_rows is None:
            self.blocker_rows = len(top.rows)
            self.retell_prompt()

    def on_screen_resume(self) -> None:
        """The dialog closed (Esc: the choice list; or answered): the prompt says the list's keys again."""
        if self.blocker_rows is not None and self.app.screen is self:  # (not its own first showing)
            self.blocker_rows = None
            self.retell_prompt()

    def retell_prompt(self) -> None:
        """The prompt's words again for the decision you are at (as `_refresh_view` says them)."""
        d = self.session.decision
        if d is None or not self.can_act():
            return
        who = self.seat_name(d.player) if self.session.seats.hotseat else "You"
        self.query_one(Prompt).prompt = f"{who}: {self.own_words(d)}"
        self.fit_prompt()

    def extra_stats(self) -> list[str]:
        """Each hero's lives left (from the final public view: a hero at 0
        lost by its lives, one with lives left may have lost its deck or resigned)."""
        players = self.final_view().get("players", [])
        if len(players) < 2:
            return []
        return [
            "Lives left: "
            + ", ".join(f"{self.seat_name(p['seat'])} ♥{max(0, int(p.get('lives') or 0))}" for p in players),
            "Cards left in deck: "
            + ", ".join(f"{self.seat_name(p['seat'])} {p.get('deck_count', 0)}" for p in players),
        ]


class ScarsReplayScreen(ScarsTable, LaneReplayScreen):
    """A Scars game replayed on its lanes (read-only)."""

    def pending_words(self, d: Decision) -> str:
        """An answer to the top entry of the resolution zone says whose it is, from its data, as
        the table does, and its effect's `your` by that side's name (`Respond to P2's Grove Druid
        upkeep trigger: add 1 energy to P2's pool, or pass`: the engine's `Respond to Grove
        Druid's upkeep trigger: add 1 energy to your pool` read as the reader's pool)."""
        if d.kind == "respond" and (brief := self.top_entry_brief()):
            owner, whose, does = brief
            if isinstance(owner, int):  # its effect's `your` is its controller's
                does = re.sub(r"\byour\b", f"P{owner + 1}'s", does)
            return f"Respond to {whose}: {does}, or pass"
        return scars_prompt(super().pending_words(d))

    def table_game(self) -> Any:
        return self.replay.state(self.step)

    def notes_from(self, start: int) -> int:
        """From the first action of the turn before the step's, as the game screen has noted
        them (`ScarsTable.note_action`): the side whose turn it was keeps its words and marks of
        the turn after the other side's blocks, so its attack stays on the `last:` line (`★ P2
        last: End 4 Second recruitment` before: the last two runs were the blocks and the end)."""
        states = self.replay
        turn = getattr(states.state(self.step), "turn", None)
        if not isinstance(turn, int):
            return start
        while start > 0 and getattr(states.state(start - 1), "turn", turn) >= turn - 1:
            start -= 1
        return start

    def decision_cards(self, d: Decision) -> list[int]:
        """A shelter choice is about the unit attacked, then the units that shelter it."""
        out = super().decision_cards(d)
        ctx = d.context or {}
        for uid in [ctx.get("unit"), *(ctx.get("shelterers") or [])] if d.kind == "shelter" else []:
            if isinstance(uid, int) and not isinstance(uid, bool) and uid not in out:
                out.append(uid)
        return out


SCREEN = ScarsScreen
REPLAY = ScarsReplayScreen


# -- decision dialogs ---------------------------------------------------------------------------------
def _unit_label(
    c: dict[str, Any] | None, places: dict[int, tuple[str, str]] | None = None, kills: bool = True
) -> str:
    """`Grey Wolf 2/3 dmg 1, 3 more kills`; with `places` (`card_places`), a unit whose name another shares
    says where it is: `Grey Wolf (2nd in DEF) 2/1`. Without `kills`, its damage alone (`dmg 1`: the
    damage split says what lethal needs)."""
    if not c:
        return "?"
    if c.get("type") == "hero":
        return f"{c.get('name')} (hero)"
    dmg = (f" {damage_words(c)}" if kills else f" dmg {c['damage']}") if c.get("damage") else ""
    place = (places or {}).get(int(c.get("uid", -1)), ("", ""))[1]
    where = f" ({place})" if place else ""
    return f"{c.get('name')}{where} {c.get('attack')}/{c.get('defense')}{dmg}"


def asked_of(game: Any, plan: list[Action], name: Callable[[int], str]) -> list[Action] | str:
    """The points of `plan` (one source's damage split, `assign` actions) that the engine asks
    for: once one place is left for the rest of a source's damage, the engine puts it there
    itself (SC-70, SC-81: lethal to the last blocker short of it, the surplus of a Trample to the
    hero) and the decision ends — the plan is then the points before, if the engine put the rest
    where the plan does; if not, why, each target named by `name`. (The whole plan was refused:
    `the decision ended before this choice`.)"""
    if not plan:
        return plan
    src = plan[0].args[0]
    g = game.clone()
    for i, action in enumerate(plan):
        d = g.decision()
        if d is None or d.kind != "damage" or (d.context or {}).get("source") != src:
            split = Counter(
                int(t) for s, t, n in g.view(None)["combat"]["assigned"] if s == src for _ in range(n)
            )
            if split == Counter(int(a.args[1]) for a in plan):
                return plan[:i]
            said = ", ".join(f"{n} to {name(t)}" for t, n in sorted(split.items()))
            return f"once one place is left, the rules put the rest (SC-70, SC-81): {said}"
        try:
            g.apply(action)
        except IllegalAction:
            return plan  # the dialog says the engine's reason
    return plan


def scars_dialog(screen: Any, d: Decision, view: dict[str, Any], legal: list[Action]) -> Any:
    """The dialog for a blockers, damage or shelter decision of The Scars, else None."""
    game = screen.session.game
    cards = find_cards(view)
    ctx = d.context or {}
    places = card_places(view, d.player, hand=False)

    def unit_label(c: dict[str, Any] | None) -> str:  # same-named units told apart
        return _unit_label(c, places)

    def refusal(action: Action) -> str:
        try:
            game.check(action)
        except IllegalAction as exc:
            return f"✗ {exc.reason}"
        return ""

    if d.kind == "block":
        attackers = [int(a) for a in (ctx.get("attackers") or {})]
        if not attackers:
            return None
        me = view["players"][d.player]
        blockers = [
            u for u in me.get("units") or [] if u.get("position") == "defense" and u.get("blocking") is None
        ]
        if not blockers:
            return None
        attacked = {int(a): t for a, t in (ctx.get("attackers") or {}).items()}
        # whom a unit blocks is always the other side's: its place without the `P2, ` (room)
        theirs = card_places(view, 1 - d.player, hand=False)

        def whom(a: int) -> str:
            """An attacker told apart by its place, without its stats (in `Attacking:`)."""
            name, place = theirs.get(a, ("", ""))
            return f"{name} ({place})" if place else unit_label(cards.get(a))

        rows = []
        for b in blockers:
            opts = ["no block"] + [f"blocks {whom(a)}" for a in attackers]
            notes = [""] + [refusal(Action("block", (b["uid"], a))) for a in attackers]
            rows.append(Row(unit_label(b), opts, 0, notes, key=b["uid"]))
        lines = [
            f"  {unit_label(cards.get(a))} ⇒ {unit_label(cards.get(attacked[a]))}"
            for a in attackers
            if a in attacked
        ]
        # the blocks declared already (from the choice list): the dialog has no row for them, and
        # its `No blocks` read as if there were none
        declared = [u for u in me.get("units") or [] if u.get("blocking") is not None]
        if declared:
            lines.append("Blocking already:")
            lines += [f"  {unit_label(u)} ⛨ {whom(int(u['blocking']))}" for u in declared]

        def taken(r: Row) -> bool:
            """A block chosen on row `r` that the engine takes: a refused one (its `✗` note
            under the row) is not counted (it read `1 blocker declared`)."""
            return bool(r.index) and not (r.index < len(r.notes) and r.notes[r.index])

        def build(rows: list[Row]) -> list[Action] | str:
            plan = [  # a refused block too: Enter says the engine's reason, and the dialog stays
                Action("block", (b["uid"], attackers[r.index - 1]))
                for b, r in zip(blockers, rows, strict=True)
                if r.index
            ]
            return [*plan, Action("done")]

        def total(rows: list[Row]) -> str:
            n = sum(1 for r in rows if taken(r))
            refused = sum(1 for r in rows if r.index and not taken(r))
            if refused:
                said = f"{plural(n, 'blocker')}{' more' if declared else ''} declared" if n else "No blocks"
                return f"{said} · {refused} refused (✗) — change it to confirm"
            # what Enter does, in the words of the list's choice that ends the declaration (the
            # dialog read `Enter: done` and `Enter confirms (then done)`: done with what?)
            if n:
                more = " more" if declared else ""
                return f"{plural(n, 'blocker')}{more} declared — Enter confirms them"
            if declared:
                return f"No more blocks ({len(declared)} declared already) — Enter confirms those"
            return "No blocks — Enter: declare no blockers"

        return RowsDialog(
            "Declare blockers",
            "Attacking:\n" + "\n".join(lines),
            rows,
            build,
            screen.plan_problem,
            total,
            keys="↑↓ or 1…9 blocker · ←→ whom it blocks · Enter confirm · Esc the choice list",
            two_lines=True,  # at 80 × 24 a blocker and whom it blocks, each whole, on two lines
        )

    if d.kind == "damage" and ctx.get("targets"):
        src = int(ctx["source"])
        remaining = int(ctx.get("remaining", 0))
        targets = [int(t) for t in ctx["targets"]]
        # Trample past its blockers (SC-81): the surplus beyond lethal goes to the hero, which the
        # engine assigns itself once one blocker short of lethal is left; the hero's row says
        # where those points go (without it, a surplus could be put nowhere: every plan refused)
        surplus = game.surplus_to(src)
        if surplus is not None and surplus not in targets:
            targets.append(surplus)
        rows = []
        need_left = remaining
        # whom a unit's damage goes to is always the other side's: its place without the `P2, `
        theirs = card_places(view, 1 - d.player, hand=False)
        for t in targets:
            c = cards.get(t) or {}
            hero = c.get("type") == "hero"
            # what lethal needs, as the engine counts it: None when Valor or Fear prevents the
            # damage (SC-90, SC-92), and then no amount is lethal
            need = None if hero else game.lethal_needs(src, t)
            if hero:
                said = " — the surplus beyond lethal (SC-81)" if t == surplus else ""
            elif need is None:
                said = f" — damage prevented: {game.prevented_by(src, t)}"
            else:
                said = f" — lethal needs {need}"
            label = _unit_label(c, theirs, kills=False) + said
            give = remaining if hero else min(need or 0, need_left)
            rows.append(Row(label, [str(n) for n in range(remaining + 1)], 0, numeric=True, key=t))
            rows[-1].index = give if not hero else 0
            need_left -= rows[-1].index
        if need_left > 0 and rows:  # the rest on the last unit (or the hero with Trample)
            rows[-1].index += need_left

        def build(rows: list[Row]) -> list[Action] | str:
            total = sum(r.index for r in rows)
            if total != remaining:
                return (
                    f"assign all {plural(remaining, 'point')}: {remaining - total} left"
                    if total < remaining
                    else f"only {plural(remaining, 'point')} to assign"
                )
            heroes = [t for t in targets if (cards.get(t) or {}).get("type") == "hero"]
            order = [(t, r) for t, r in zip(targets, rows, strict=True) if t not in heroes]
            order += [(t, r) for t, r in zip(targets, rows, strict=True) if t in heroes]
            plan = [Action("assign", (src, t)) for t, r in order for _ in range(r.index)]
            return asked_of(game, plan, lambda t: unit_name(t, cards, theirs))

        def total(rows: list[Row]) -> str:
            n = sum(r.index for r in rows)
            return f"{n} of {plural(remaining, 'point')} assigned" + (
                "" if n == remaining else f" — {remaining - n} left"
            )

        return RowsDialog(
            f"Combat damage of {unit_label(cards.get(src))}",
            f"{d.prompt}\nSplit the points among the units it fights (SC-70).",
            rows,
            build,
            screen.plan_problem,
            total,
            keys="↑↓ or 1…9 unit · ←→ points · Enter assign · Esc the choice list",
            # at 80 × 24 a unit told apart by its place and what lethal needs, whole, over its points
            two_lines=True,
        )

    if d.kind == "shelter":
        unit = cards.get(int(ctx.get("unit", -1))) or {}
        shel = [cards.get(int(u)) or {} for u in ctx.get("shelterers") or []]
        combat = view.get("combat") or {}
        atk = [
            cards.get(int(a)) for a, t in (combat.get("attackers") or {}).items() if int(t) == unit.get("uid")
        ]
        against = ", ".join(unit_label(a) for a in atk if a) or "the attack"
        names = ", ".join(unit_label(x) for x in shel)
        bodies = {
            "unit": f"{unit_label(unit)} fights {against} alone.",
            "shelter": f"{names} {'fight' if len(shel) > 1 else 'fights'} {against} instead of {unit.get('name')}.",
            "both": f"{unit_label(unit)} and {names} fight {against} together.",
        }
        titles = {"unit": "Unit fights", "shelter": "Shelter fights", "both": "Both fight"}
        tiles = [
            Tile(titles.get(str(a.args[1]), str(a.args[1])), bodies.get(str(a.args[1]), ""), a)
            for a in legal
            if a.kind == "choose"
        ]
        return TileDialog("Shelter", d.prompt, tiles, screen.plan_problem) if tiles else None
    return None
