"""The words of the log for an action, shared by the game screen, the replay screen and
`triarch replay --print` (no Textual here: the command line imports it).

`log_words(game, action, viewer)` is what the log says of `action`, about to be applied to
`game`, in the words `viewer` may read (None: the public log): the engine's
`describe_action_for`, and for a game whose cards share names (The Scars) the place of
each same-named card of the table (`Grey Wolf (P2, 1st in ATK)`, never a place in a hand);
Hand of the Gods says whose unit an action aims at (`on your Spartan`, `on P2's Spartan`), and
its events whose each unit they name is (`Your Hoplite deals 1 damage to P2's Hoplite`).
A game's own words are registered in `GAME_WORDS` by game id.

`said_once(game_id, action, words, events)` says each thing once: the event with which an
engine says the action again (`P1 plays Hoplite (2 mana) at 3,1` under `Play Hoplite (2 mana)
at 3,1`) is left out, with what it adds in the action's line; `step_lines` is a replay step's
lines, as the replay screen shows them and `triarch replay --print` prints them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from common.events import Event
from common.game import Action, Game
from common.saves import Replay
from tui.wording import plural


def log_words(game: Game, action: Action, viewer: int | None) -> str:
    """`action`, about to be applied to `game`, in the log's words for `viewer`."""
    words = GAME_WORDS.get(game.game_id)
    return words(game, action, viewer) if words is not None else game.describe_action_for(action, viewer)


def step_words(replay: Replay, i: int, viewer: int | None) -> str:
    """The replay log's line for action `i` (0-based) without its number: `P1: Set aside a card`
    (`—` for an action of nobody's, e.g. the table's)."""
    player = replay.players[i]
    who = f"P{player + 1}" if player is not None else "—"
    return f"{who}: {log_words(replay.state(i), replay.actions[i], viewer)}"


# -- the markers of the turn and its phases: a quiet stretch on one line -----------------------
MARKER_JOIN = " · "  # between the markers of a line: `4 Second recruitment · 5A Clean-up`
TURN_START = re.compile(r"(Turn|Round) \d+\b")  # (Hand of the Gods counts rounds: `hotg_turn`)


def marker_of(event: Event) -> str | None:
    """`"turn"` for the engine's marker of a turn's start (`Turn 4: P1`, every game; HotG's log says
    `Round 2: P2's turn`), `"phase"` for
    a phase's (`1A Set-up`, `Combat phase`), None for an event that says what happened (HotG's
    `turn` events `P1 ends the turn` and `The first player does not draw …` are not markers)."""
    if event.kind == "phase":
        return "phase"
    if event.kind == "turn" and TURN_START.match(event.text):
        return "turn"
    return None


class MarkerRuns:
    """Which line of a log a marker joins: a phase's marker goes on the line of the markers
    just before it (`Turn 4: P1 · 1A Set-up · 1B Draw`); a turn's starts a line of its own, so
    that the change of side opens a line (`4 Second recruitment · 5A Clean-up · 5B End of
    turn`, then `Turn 4: P1 · …`). Any other line ends the run. One instance a log, fed every
    line in order: the markers of successive actions join when nothing is said between them."""

    def __init__(self, apart: bool = False) -> None:
        self.open = False  # the last line is one of markers, a phase's marker may join it
        self.apart = apart  # one phase a line (`PHASES_APART`): a phase joins a turn's line only
        self.phased = False  # the last line names a phase

    def joins(self, marker: str | None) -> bool:
        """A line for an event of `marker` (`marker_of`) goes on the last line."""
        join = self.open and marker == "phase" and not (self.apart and self.phased)
        self.open = marker is not None
        self.phased = marker == "phase"
        return join

    def close(self) -> None:
        """A line that is not an event's (an action's) was added: the run ends."""
        self.open = False


def event_entries(events: Sequence[Event], viewer: int | None) -> list[tuple[str, str | None]]:
    """Each event `viewer` may read: its words and its marker (`marker_of`), one by one."""
    out: list[tuple[str, str | None]] = []
    for ev in events:
        text = ev.text_for(viewer)
        if text is not None:
            out.append((text, marker_of(ev)))
    return out


# -- a run of passes that change nothing: one line ----------------------------------------------
# the actions of a game a run of which, by one player, saying nothing but markers, is one line
FOLDED_KINDS: dict[str, frozenset[str]] = {"scars": frozenset({"pass"})}


def fold_key(game_id: str, action: Action, player: int | None) -> tuple[int | None, str] | None:
    """What a run of actions folded into one line shares (the player and the action's kind), or
    None when `action` is not one to fold (`FOLDED_KINDS`: The Scars' passes)."""
    return (player, action.kind) if action.kind in FOLDED_KINDS.get(game_id, ()) else None


def times(words: str, n: int) -> str:
    """`words` said of a run of `n` actions: `P2: Pass ×3` (`words` itself for one), without what
    the first of them alone was about (The Scars' `Pass (lets first recruitment end)`: the
    phases of the run are under its line)."""
    return words if n == 1 else f"{without_closing(words)} ×{n}"


def without_closing(words: str) -> str:
    """`words` without the bracket they end with, brackets in it too (`Pass (no answer to Grey
    Wolf (1st in DEF)'s ability)`: `Pass`)."""
    depth = 0
    for i in range(len(words) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(words[i], 0)
        if depth == 0:
            return words[: i - 1] if i < len(words) - 1 and words[i - 1 : i] == " " else words
    return words


def steps(first: int, n: int) -> str:
    """The numbers of a replay's run of `n` steps from `first`: `10`, `10–13`."""
    return str(first) if n == 1 else f"{first}–{first + n - 1}"


class Fold:
    """The line of a run of actions folded into one (`LogLines.add_action`)."""

    def __init__(self, key: object, index: int, line: Callable[[int], str]) -> None:
        self.key = key
        self.index = index  # of the run's line in the log
        self.line = line  # its text for a run of n actions
        self.count = 1


# the games whose log gives each phase a line of its own (`Turn 4: P1 · 1A Set-up`, then `1B Draw`):
# The Scars' `3A Declare attackers · 4 Second recruitment` read as one heading naming two phases
PHASES_APART = frozenset({"scars"})


class LogLines:
    """A log's lines as they are told — the game screen's log, the replay screen's and
    `triarch replay --print` (one mechanism): the markers of a quiet stretch share a line
    (`MarkerRuns`); a run of actions of one player that say nothing but markers (The Scars'
    passes, `fold_key`) is one line, `P2: Pass ×4`, their markers on the one line under it
    (`3A Declare attackers · 4 Second recruitment · 5A Clean-up · 5B End of turn`). A pass that
    says more (`Resolves: …`) keeps a line of its own, and ends the run; so does a new turn.

    The lines are `plain` (their styles `line_styles`); a log drawn on screen draws them again from
    an index on when they change (`drawn_from`), and keeps at most twice `limit` (`dropped`)."""

    def __init__(self, limit: int | None = None, *, game_id: str = "") -> None:
        self.plain: list[str] = []
        self.line_styles: list[str] = []
        self.limit = limit
        self._runs = MarkerRuns()
        self._fold: Fold | None = None
        self.phases_of(game_id)

    def phases_of(self, game_id: str) -> None:
        """The log is of `game_id`'s games: its phases each on a line of their own when the
        game is one of `PHASES_APART`, else the markers of a quiet stretch share a line."""
        self._runs.apart = game_id in PHASES_APART

    # -- drawing: a log on screen overrides these ----------------------------------------------
    def drawn_from(self, index: int) -> None:
        """Lines `index` to the end were added or changed."""

    def dropped(self, n: int) -> None:
        """The first `n` lines went (the log keeps the latest `limit`)."""

    # -- telling -------------------------------------------------------------------------------
    def reset(self) -> None:
        """No line left."""
        self.plain.clear()
        self.line_styles.clear()
        self._runs.close()
        self._fold = None

    def _put(self, text: str, style: str = "") -> None:
        self.plain.append(text)
        self.line_styles.append(style)
        if self.limit and len(self.plain) > 2 * self.limit:
            n = len(self.plain) - self.limit
            del self.plain[:n], self.line_styles[:n]
            if self._fold is not None:
                self._fold.index -= n
                if self._fold.index < 0:
                    self._fold = None
            self.dropped(n)
        self.drawn_from(len(self.plain) - 1)

    def _amend(self, index: int, text: str) -> None:
        self.plain[index] = text
        self.drawn_from(index)

    def add_line(self, text: str, style: str = "") -> None:
        """A line of its own (a note): it ends a run of markers, and of passes."""
        self._runs.close()
        self._fold = None
        self._put(text, style)

    def add_events(self, events: Iterable[Event], indent: str = "  ", viewer: int | None = None) -> None:
        """Each event in words as `viewer` may read them (`event_entries`), a marker on the line
        of the markers before it when no line came between (`MarkerRuns`), across calls too."""
        for text, marker in event_entries(list(events), viewer):
            if self._runs.joins(marker) and self.plain:
                self._amend(len(self.plain) - 1, self.plain[-1] + MARKER_JOIN + text)
                continue
            fold = self._fold  # a run's line keeps the one line of a phase's markers under it
            # (its lines of phases, one a phase, when they are apart)
            under = self._runs.apart or len(self.plain) == fold.index + 1 if fold is not None else False
            if fold is not None and not (marker == "phase" and under):
                self._fold = None
            self._put(indent + text)

    def add_action(
        self,
        line: Callable[[int], str],
        events: Sequence[Event],
        viewer: int | None,
        indent: str = "  ",
        *,
        fold: object = None,
        style: str = "bold",
    ) -> None:
        """An action's line (`line(n)`: its text for a run of `n` actions) and its events' lines.
        With a `fold` key (`fold_key`) and only markers to say, it joins the run of the actions
        of that key just before it: their line says how many (`line(n)` of the first action)."""
        quiet = fold is not None and all(marker is not None for _, marker in event_entries(events, viewer))
        run = self._fold
        if (
            quiet
            and run is not None
            and run.key == fold
            and (self._runs.apart or len(self.plain) <= run.index + 2)
        ):
            run.count += 1
            self._amend(run.index, run.line(run.count))  # its markers join those of the run
        else:
            self._runs.close()
            self._put(line(1), style)
            self._fold = Fold(fold, len(self.plain) - 1, line) if quiet else None
        self.add_events(events, indent, viewer)


def event_words(events: Sequence[Event], viewer: int | None, game_id: str = "") -> list[str]:
    """The log's lines for `events` as `viewer` may read them (an event hidden from them left
    out), the markers of a quiet stretch sharing a line (`MarkerRuns`, `PHASES_APART`)."""
    lines = LogLines(game_id=game_id)
    lines.add_events(events, "", viewer)
    return lines.plain


# -- The Scars: same-named cards told apart by their place --------------------------------------
def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def card_places(view: dict[str, Any], viewer: int | None, *, hand: bool) -> dict[int, tuple[str, str]]:
    """Each card of the table (and of `viewer`'s hand when `hand`) by uid: its name and,
    when another card of its group has the same name, its place — `1st in DEF`, `P2, 1st in
    ATK` (a side not `viewer`'s), `2nd weapon`, `3rd in hand` — else "". The table and the
    hand are two groups: a Wolf in hand and one in play are told apart by the choice's verb.
    Copies of a card in the hand that are alike in all but their uid are not told apart: their
    choices read the same and the list shows them once (`Place Storm Hawk as a support`)."""
    table: list[tuple[dict[str, Any], str]] = []
    held: list[tuple[dict[str, Any], str]] = []
    for p in view.get("players", []):
        seat = p.get("seat")
        tag = "" if seat == viewer else f"P{int(seat or 0) + 1}, "
        units = p.get("units") or []
        for pos, label in (("attack", "ATK"), ("defense", "DEF")):
            here = [u for u in units if u.get("position") == pos]
            table += [(u, f"{tag}{ordinal(k)} in {label}") for k, u in enumerate(here, 1)]
        for key, word in (("weapons", "weapon"), ("structures", "structure")):
            table += [(c, f"{tag}{ordinal(k)} {word}") for k, c in enumerate(p.get(key) or [], 1)]
        if hand and seat == viewer:
            held += [(c, f"{ordinal(k)} in hand") for k, c in enumerate(p.get("hand") or [], 1)]
    out: dict[int, tuple[str, str]] = {}
    for group in (table, held):
        count = Counter(str(c.get("name")) for c, _ in group)
        for c, place in group:
            name = str(c.get("name"))
            out[int(c["uid"])] = (name, place if count[name] > 1 else "")
    kinds: dict[str, set[str]] = {}  # the hand's cards of a name, as they read (the uid aside)
    for c, _ in held:
        kinds.setdefault(str(c.get("name")), set()).add(
            repr(sorted((k, v) for k, v in c.items() if k != "uid"))
        )
    for c, _ in held:
        if len(kinds[str(c.get("name"))]) == 1:  # copies alike: one choice, no place
            out[int(c["uid"])] = (str(c.get("name")), "")
    return out


def told_apart(text: str, action: Action, places: dict[int, tuple[str, str]]) -> str:
    """`text` (the engine's words for `action`) with the place after each card name that
    another card shares: `Grey Wolf (1st in DEF) blocks Grey Wolf (P2, 2nd in ATK)`; a
    bracket of the engine's right after the name takes the place in: `Play Grey Wolf (2nd in
    hand, 1) in attack`. The names are found in the order of the action's cards."""
    at = 0
    for uid in (x for x in action.args if isinstance(x, int)):
        name, place = places.get(uid, ("", ""))
        found = text.find(name, at) if name else -1
        if found < 0:
            continue
        at = found + len(name)
        if not place:
            continue
        after = re.match(r" \(([^()]*)\)", text[at:])
        if after:  # the engine's bracket (its cost) goes in one with the place: not `(2nd in hand) (1)`
            said = after.group(1)
            text = f"{text[:at]} ({place}, {said}){text[at + after.end() :]}"
            at += len(place) + len(said) + 5
        else:
            text = f"{text[:at]} ({place}){text[at:]}"
            at += len(place) + 3
    return text


def hand_uids(view: dict[str, Any], player: int) -> dict[int, str]:
    """The cards of `player`'s hand in `view` (uid: name), none when the view hides it."""
    for p in view.get("players", []):
        if p.get("seat") == player:
            return {int(c["uid"]): str(c.get("name")) for c in p.get("hand") or []}
    return {}


def drawn_cards(
    before: dict[str, Any], after: dict[str, Any], player: int, besides: Collection[int] = ()
) -> list[str]:
    """The names of the cards new in `player`'s hand from view `before` to view `after`, in the
    hand's order (none when the views hide that hand), but those of `besides` (cards that came
    back to the hand from the table): what the draws brought, to the drawer's eyes."""
    held = hand_uids(before, player)
    return [name for uid, name in hand_uids(after, player).items() if uid not in held and uid not in besides]


def drawn_card(game: Game, action: Action, viewer: int | None) -> str | None:
    """The name of the card `action` (a draw, about to be applied to `game`) brings into the
    drawer's hand, when `viewer` sees that hand (the drawer, not the other side nor the public
    log): the card new in the hand of their view after the draw, on a copy of the game."""
    d = game.decision()
    if d is None or viewer != d.player:
        return None
    after = game.clone()
    after.apply(action)
    new = drawn_cards(game.view(viewer), after.view(viewer), d.player)
    return new[0] if len(new) == 1 else None


# The Scars' `done` in a player's words, by the sub-phase it ends: the engine's `End 2 First
# recruitment` read as nonsense (the rulebook's number before the name); what comes next is said
# instead (SC-50..SC-58). Keyed by the engine's words, which stay as they are (its log and the
# fingerprint read them).
SCARS_ENDS = {
    "End 1A Set-up": "End set-up, go to the draw",
    "End 2 First recruitment": "End first recruitment, go to combat",
    "End 4 Second recruitment": "End second recruitment and the turn",
    "End 5A Clean-up": "End clean-up",
}
# a card's cost in the engine's words: `Play Tusked Boar (2) in attack`, `Hero ability (2): …`,
# `Grove Druid's ability (1): …` — the bracket of a number right after the name (or `ability`)
SCARS_COST = re.compile(r"^((?:Play .+?|Hero ability|.+?'s? ability)) \((\d+)\)")


def scars_player_words(game: Game, action: Action, text: str) -> str:
    """The engine's words for `action` as a player reads them: a `done` says what it ends and
    what comes next (`SCARS_ENDS`), a cost says it is energy (`Play Tusked Boar (2 energy) in
    attack`: a bare `(2)` said nothing; SC-19, SC-95)."""
    if action.kind == "done":
        return SCARS_ENDS.get(text, text)
    if action.kind in ("cast", "hero", "ability"):
        return SCARS_COST.sub(r"\1 (\2 energy)", text, count=1)
    return text


def scars_opening(events: Sequence[Event]) -> list[Event]:
    """The Scars' opening in the log: the first player's draw says why it is one card short
    (`P2 draws 6 cards (plays first: one card fewer, SC-03)`): a hand of 6 beside one of 7 read
    as a fault."""
    coin = next((ev for ev in events if ev.kind == "coin"), None)
    first = coin.data.get("player") if coin is not None else None
    return [
        Event(ev.kind, f"{ev.text} (plays first: one card fewer, SC-03)", ev.data)
        if ev.kind == "draw" and first is not None and ev.data.get("player") == first
        else ev
        for ev in events
    ]


# a game's opening events (before its first action) as every log tells them — the game screen's,
# the replay screen's and `triarch replay --print`'s (one source): The Scars' first player's short hand
# and BHM's opening hands, said once in the replay's names of the seats (`P1 and P2 draw 5 cards each`,
# as the table's log says them in its own: `bhm_opening`)
GAME_OPENING: dict[str, Callable[[Sequence[Event]], list[Event]]] = {
    "scars": scars_opening,
    "bhm": lambda events: bhm_opening(events, lambda seat: f"P{seat + 1}"),
    # the first turn as the others are told (`Round 1: P1's turn`, not the engine's `Turn 1: P1`)
    "hotg": lambda events: [hotg_turn(ev) for ev in events],
}


def opening_said(game_id: str, events: Sequence[Event]) -> list[Event]:
    """`events`, the opening of a game of `game_id`, as its log tells them (`GAME_OPENING`): a
    replay of The Scars said `P1 draws 6 cards` with no word why, where the game said it (SC-03)."""
    told = GAME_OPENING.get(game_id)
    return told(events) if told is not None else list(events)


def scars_words(game: Game, action: Action, viewer: int | None) -> str:
    """The Scars' log tells same-named cards of the table apart, never by a place in the hand
    (hidden from the other side, and from the log in hot-seat); a draw names the card drawn
    to the eyes that see the drawer's hand (`Draw Pikeman`; `Draw a card` to the others)."""
    if action.kind == "draw":
        name = drawn_card(game, action, viewer)
        if name is not None:
            return f"Draw {name}"
    places = card_places(game.view(viewer), viewer, hand=False)
    if action.kind == "pass":
        decider = game.decision()
        return passed(game.view(viewer), places, decider.player if decider is not None else None)
    text = game.describe_action_for(action, viewer)
    d = game.decision()
    hidden = text != game.describe_action(action)
    text = scars_player_words(game, action, text)
    if d is not None and not hidden:  # nothing hidden: each card named
        # a card from the decider's hand: its name, with no place, so that the place of a
        # same-named card of the table goes after that card's own name, not the hand card's
        held = card_places(game.view(d.player), d.player, hand=True)
        for uid in (x for x in action.args if isinstance(x, int) and not isinstance(x, bool)):
            if uid not in places and uid in held:
                places[uid] = (held[uid][0], "")
    return told_apart(text, action, places)


def possessive(name: str) -> str:
    """`Grey Wolf's`, `Korrag of the Wilds'`."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def entry_named(entry: Mapping[str, Any], view: View, places: Mapping[int, tuple[str, str]]) -> str:
    """An entry of the resolution zone (the view's `stack`) by its card, told apart by its place
    where another card shares its name: `Tusked Boar`, `Ember Shaman (P2, 1st in ATK)'s ability`,
    `Korrag of the Wilds' hero ability`, `Grey Wolf's trigger` ("" when its card is not seen)."""
    source = entry.get("source")
    cards = {
        int(c["uid"]): c
        for p in view.get("players", [])
        for c in [p.get("hero") or {}, *[c for key in TABLE_PILES for c in p.get(key) or []]]
        if "uid" in c
    }
    cards.update({int(c["uid"]): c for c in view.get("resolution") or []})
    if not isinstance(source, int) or source not in cards:
        return ""
    name, place = places.get(source, (str(cards[source].get("name", "")), ""))
    named = f"{name} ({place})" if place else name
    what = {"ability": "ability", "hero": "hero ability", "trigger": "trigger"}.get(str(entry.get("kind")))
    return f"{possessive(named)} {what}" if what else named


# the piles of a side whose cards an entry of the resolution zone may be of
TABLE_PILES = ("units", "weapons", "structures", "discard", "out")


def passed(view: View, places: Mapping[int, tuple[str, str]], player: int | None) -> str:
    """The Scars: `player`'s pass says what it lets go by — the other side's card on top of the
    resolution zone (`Pass (no answer to P2's Tusked Boar)`), their own (`Pass (lets P1's Storm
    Hawk resolve)`), else the phase whose window it ends (`Pass (lets set-up end)`, SC-59): the
    other side's `Pass` lines in your turn said neither. The entry in the words of the table's
    zone row and of the prompt (`entry_brief`: `P1's hero ability`, `P2's Ember Shaman (2nd in
    ATK) ability`), from its data; an entry without them by its card (`entry_named`). A run of
    them on one line says how many (`times`: `Pass ×3`), the phases under it."""
    stack = view.get("stack") or []
    if stack:
        top = stack[-1]
        named = entry_brief(top, entry_namer(places))[0] if "name" in top else entry_named(top, view, places)
        if not named:
            return "Pass (no answer)"
        own = player is not None and top.get("controller") == player
        return f"Pass (lets {named} resolve)" if own else f"Pass (no answer to {named})"
    phase = view.get("phase_name")
    return f"Pass (lets {scars_phase_words(str(phase))} end)" if phase else "Pass"


# The Scars' sub-phases as a player says them in a sentence (`Pass (lets first recruitment end)`,
# `End of the draw: …`): the rulebook's number and title (`2 First recruitment`, the engine's
# `phase_name`) read as nonsense there (`Pass (no response in 2 First recruitment)`). The phase
# lines of the log and the status line keep the rulebook's (SC-50..SC-58).
SCARS_PHASE_WORDS = {
    "1A Set-up": "set-up",
    "1B Draw": "the draw",
    "2 First recruitment": "first recruitment",
    "3A Declare attackers": "the declaration of attackers",
    "3B Declare blockers": "the declaration of blockers",
    "3C Damage": "combat damage",
    "4 Second recruitment": "second recruitment",
    "5A Clean-up": "clean-up",
    "5B End of turn": "the turn",
}


def scars_phase_words(name: str) -> str:
    """A sub-phase of The Scars by the engine's name in a player's words (`SCARS_PHASE_WORDS`)."""
    return SCARS_PHASE_WORDS.get(name, name)


# BHM: the engine's place of a card whose name another card in play shares (its `label`: `Undine
# (P2 zone 5)`) in the table's words (`Undine z5`), which mark the being so on its side's lane
# (`tui.screens.bhm.twin_zones`): the log, the prompts and the lanes named one being two ways
BHM_PLACE = re.compile(r" \(P(\d) zone (\d+)\)")


def bhm_places(text: str, *, whose: bool = False) -> str:
    """`text` with each of the engine's places (`Undine (P2 zone 5)`) in the table's words (`Undine z5`);
    with `whose`, the side besides (`Undine z5 of P2`): the log's and `last:`'s words, read away from
    the lanes, where a mirror match's `Undine z5 attacks Undine z5` lost whose card each was."""
    if " zone " not in text:
        return text
    return BHM_PLACE.sub(lambda m: f" z{m[2]} of P{m[1]}" if whose else f" z{m[2]}", text)


def bhm_places_apart(text: str) -> str:
    """`bhm_places`, with whose each place is when `text` names places of both sides: a mirror
    match's prompt `React to: Ember Squire z1 attacks Ember Squire z1?` did not say which was whose
    (`React to: Ember Squire z1 of P1 attacks Ember Squire z1 of P2?`); one side's places keep the
    lanes' words (`Tide Sentinel z1`)."""
    return bhm_places(text, whose=len({m[1] for m in BHM_PLACE.finditer(text)}) > 1)


def bhm_placed(events: Sequence[Event]) -> list[Event]:
    """`events` with their places in the log's words (`bhm_places`: `Undine z5 of P2`), their text
    for the others too."""
    out: list[Event] = []
    for ev in events:
        public = ev.data.get("public_text")
        if " zone " not in ev.text and not (isinstance(public, str) and " zone " in public):
            out.append(ev)
            continue
        data = (
            {**ev.data, "public_text": bhm_places(public, whose=True)} if isinstance(public, str) else ev.data
        )
        out.append(Event(ev.kind, bhm_places(ev.text, whose=True), data))
    return out


def bhm_words(game: Game, action: Action, viewer: int | None) -> str:
    """The action's words (`bhm_action_words`), each place in the log's words (`bhm_places`: `Undine
    z5 of P2`)."""
    return bhm_places(bhm_action_words(game, action, viewer), whose=True)


def bhm_action_words(game: Game, action: Action, viewer: int | None) -> str:
    """BHM's log names the card of the final phase's draw to the eyes that see the drawer's hand
    (`drawn_card`: `Draw Spark Imp`; `Draw a card` to the others, and while the draw waits for
    a reaction); a power attack's says what is done, not what all its POD would do (its choice
    says that: `… (POD 500 vs Salud 300; with all 500 POD: …)`, then the investment's line):
    `bhm_power_attack`."""
    name = drawn_card(game, action, viewer) if action.kind == "draw" else None
    if name is not None:
        return f"Draw {name}"
    if action.kind == "pattack":
        said = bhm_power_attack(game, action)
        if said is not None:
            return said
    return game.describe_action_for(action, viewer)


def bhm_power_attack(game: Any, action: Action) -> str | None:
    """A BHM power attack's log line from the engine's data (its `Hit` with all the attacker's
    POD, `outcome`): `Pyre Warlock power-attacks Ember Squire (POD 500 vs Salud 300)`, against
    Magic Resistance `…, Magic Resistance: RES first)` (BH-97), and when it can do nothing but
    wear a RES down, the engine's words of it (`; no effect: Immortal at Salud 0`, BH-95). None:
    no such data."""
    try:
        hit = game.outcome(action)
        at, t = (game.label(game.card(int(u))) for u in action.args[:2])
    except (KeyError, ValueError, TypeError, AttributeError, IndexError):
        return None
    if hit is None:
        return None
    guard = ", Magic Resistance: RES first" if hit.res_first else ""
    stays = f"; {game.attack_outcome(action)}" if hit.tough and hit.salud <= 0 else ""
    return f"{at} power-attacks {t} (POD {hit.strength} vs Salud {hit.salud}{guard}{stays})"


# -- the seats' names ------------------------------------------------------------------------------
# A game's seats as its table names them, where not `Player 1`/`Player 2`: the three games say
# `P1`/`P2`, as their player bars (BHM's and The Scars' lanes' heads) and their engines' events do
# (`Turn 6: P2`, `P2's Hoplite`), so that the log, the status line, a puzzle's goal and its
# verdicts name a player one way (BHM and The Scars since session 39: `Player 1 (you)` beside the
# heads' `P1 (you)`).
SEAT_NAMES: dict[str, tuple[str, str]] = {g: ("P1", "P2") for g in ("hotg", "bhm", "scars")}


def seat_names(game_id: str) -> tuple[str, str]:
    """The seats' names of a game's table (`P1`, `P2` in the three games), before any `(you)`."""
    return SEAT_NAMES.get(game_id, ("Player 1", "Player 2"))


# -- Hand of the Gods: whose unit an action aims at ----------------------------------------------
# the argument of an action that is the unit it aims at, by the action's kind (a spell's play:
# the second; a unit's play has a cell there, no unit; an attack: its target, the second)
AIMED_ARG = {"target": 0, "ability": 0, "warcry": 1, "play": 1, "attack": 1}


def aimed_uid(action: Action) -> int | None:
    """The unit (uid) an action aims at, when it aims at one."""
    i = AIMED_ARG.get(action.kind)
    if i is None or len(action.args) <= i:
        return None
    arg = action.args[i]
    return arg if isinstance(arg, int) and not isinstance(arg, bool) else None


def unit_label(unit: Mapping[str, Any], units: Sequence[Mapping[str, Any]]) -> str:
    """A unit of the board as the engine names it in an action: `P2's Summoning Stone`,
    `Spartan`, `Spartan at 2,3` when another unit of the board shares its name."""
    if unit.get("stone"):
        return f"P{int(unit.get('owner') or 0) + 1}'s Summoning Stone"
    name = str(unit.get("name"))
    if any(u.get("name") == name and u.get("uid") != unit.get("uid") for u in units):
        return f"{name} at {unit.get('row')},{unit.get('col')}"
    return name


def whose(label: str, unit: Mapping[str, Any], viewer: int | None) -> str:
    """The engine's label of a unit (`Spartan`, `Spartan at 2,3` when another unit shares its
    name) with whose it is, read by `viewer`: `your Spartan`, `P2's Spartan at 2,3`, `the
    neutral Spartan`; a Summoning Stone (`P1's Summoning Stone`) is `your Summoning Stone`.
    To nobody's eyes in particular (None: the public log) every side is named: `P1's Spartan`."""
    if unit.get("stone"):
        return f"your {label.partition(chr(39) + 's ')[2]}" if unit.get("owner") == viewer else label
    side = unit.get("controller")
    if side is None:
        return f"the neutral {label}"
    return f"your {label}" if side == viewer else f"P{int(side) + 1}'s {label}"


def with_whose(words: str, action: Action, units: Sequence[Mapping[str, Any]], viewer: int | None) -> str:
    """Hand of the Gods: the engine's `words` for `action` with whose unit it aims at, read by
    `viewer` (`Cast Magic Shell (1 mana) on your Hoplite`, `Target P2's Spartan at 2,3`,
    `Cretan Archer attacks your Fenrir`): the board's `►`/`◄` said in words, in the choices and
    in the log alike. `units`: the board's units as `viewer` sees them before the action."""
    uid = aimed_uid(action)
    unit = next((u for u in units if u.get("uid") == uid), None) if uid is not None else None
    if unit is None:
        return words
    label = unit_label(unit, units)
    if not words.endswith(label):
        return words
    return words[: len(words) - len(label)] + whose(label, unit, viewer)


def hotg_words(game: Game, action: Action, viewer: int | None) -> str:
    """Hand of the Gods' log says whose unit an action aims at, as its choices do
    (`with_whose`): `Cast Magic Shell (1 mana) on P2's Spartan`, `… on your Spartan`,
    `Cretan Archer attacks P2's Fenrir`."""
    words = game.describe_action_for(action, viewer)
    if aimed_uid(action) is None:
        return words
    return with_whose(words, action, game.view(viewer).get("units") or [], viewer)


GAME_WORDS: dict[str, Callable[[Game, Action, int | None], str]] = {
    "scars": scars_words,
    "bhm": bhm_words,
    "hotg": hotg_words,
}


# -- Hand of the Gods: an action's events in the words of the views around it -------------------
View = dict[str, Any]


def named_draws(events: list[Event], before: View, after: View, besides: Collection[int] = ()) -> list[Event]:
    """Each `P1 draws a card` of an action's `events`, when the views before and after it show the
    drawer's hand: `P1 draws Spartan` to the drawer, `P1 draws a card` to the others (the event's
    `private_to` and `public_text`). The cards new in the hand (`drawn_cards`, but those of
    `besides`: cards back from the table) are the draws', in order; when their count is not the
    draws' (a card back to the hand besides), no name. A `draw` action's own event is gone
    (`said_once`): its words name its card (`drawn_card`)."""
    for p in (0, 1):
        at = [
            i
            for i, ev in enumerate(events)
            if ev.kind == "draw" and ev.data.get("player") == p and ev.text.endswith(" draws a card")
        ]
        names = drawn_cards(before, after, p, besides) if at else []
        if not at or len(names) != len(at) or any("private_to" in events[i].data for i in at):
            continue
        for i, name in zip(at, names, strict=True):
            ev = events[i]
            data = {**ev.data, "private_to": p, "public_text": ev.text, "drawn": name}
            events[i] = Event(ev.kind, ev.text.removesuffix("a card") + name, data)
    return events


def hotg_places(before: View, after: View) -> dict[int, tuple[str, str]]:
    """Each unit of the board before or after an action (uid: its name and cell, the cell after
    the action when it is still on the board) whose name another of these units shares."""
    units = {
        int(u["uid"]): u for view in (before, after) for u in view.get("units") or [] if not u.get("stone")
    }
    count = Counter(str(u.get("name")) for u in units.values())
    return {
        uid: (str(u.get("name")), f"{u.get('row')},{u.get('col')}")
        for uid, u in units.items()
        if count[str(u.get("name"))] > 1
    }


# the events that name their `target` after another unit or card (`Draugr deals 1 damage to
# Spartan`, `Hoplite turns into Spartan`): its name is the last of the text
TARGET_LAST = frozenset({"damage", "transform", "attack", "return"})
# the engine's words for a unit that comes onto the battlefield (`Scarab appears at 2,3`)
APPEARS = re.compile(r"^(.+) appears at \S+$")


def hotg_units(
    action: Action, events: Sequence[Event], before: View, after: View
) -> dict[int, Mapping[str, Any]]:
    """Each unit of the board around an action (uid: the unit as the view before it says it,
    else the view after it), and each unit that came and went within the action, in neither
    view (`Scarab appears at 2,3` … `Scarab dies`), with its side as the action and its events
    tell it: the unit played is the player's who decides; a unit that appears, the side of the
    unit whose Afterlife (or Warcry) resolves just before; a unit another turns into, the side
    of that unit (none: `… turns into a neutral Stone Statue`)."""
    units: dict[int, Mapping[str, Any]] = {
        int(u["uid"]): u for view in (after, before) for u in view.get("units") or []
    }
    decider = (before.get("decision") or {}).get("player")
    played = action.args[0] if action.kind == "play" and len(action.args) == 2 else None
    if isinstance(played, int) and isinstance(action.args[1], str) and played not in units:  # a unit's play
        hand = [c for p in before.get("players") or [] for c in p.get("hand") or []]
        name = next((c.get("name") for c in hand if c.get("uid") == played), None)
        units[played] = {"uid": played, "name": name, "controller": decider}
    later = {int(u["uid"]) for u in after.get("units") or []}
    gone = [int(u["uid"]) for u in before.get("units") or [] if int(u["uid"]) not in later]
    source: object = None  # the unit whose ability resolves
    for ev in events:
        source = ev.data.get("source", source)
        uid = ev.data.get("target")
        if not isinstance(uid, int) or uid in units:
            continue
        appears = APPEARS.match(ev.text) if ev.kind == "spawn" else None
        if appears is not None and isinstance(source, int) and source in units:
            units[uid] = {"uid": uid, "name": appears.group(1), "controller": units[source].get("controller")}
        elif ev.kind == "transform":
            old, _, new = ev.text.partition(" turns into ")
            if new.startswith("a neutral "):
                units[uid] = {"uid": uid, "name": new.removeprefix("a neutral "), "controller": None}
                continue
            was = next((units[k] for k in gone if units[k].get("name") == old), None)
            if was is not None:
                units[uid] = {"uid": uid, "name": new, "controller": was.get("controller")}
    return units


def name_at(text: str, name: str, where: str) -> int:
    """Where `name` is in `text` as a whole name (`Wolf` not in `Grey Wolf`, `Scarab` in
    `Scarab's`): its `first` place, its `last`, or 0 when the text `start`s with it (else -1)."""
    found = [m.start() for m in re.finditer(rf"(?<![\w']){re.escape(name)}(?!\w)", text)]
    if not found or (where == "start" and found[0] != 0):
        return -1
    return found[-1] if where == "last" else found[0]


def hotg_named(
    action: Action,
    ev: Event,
    units: Mapping[int, Mapping[str, Any]],
    places: Mapping[int, tuple[str, str]],
    viewer: int | None,
    source: object = None,
) -> Event:
    """`ev` with whose each unit it names is, read by `viewer` (`whose`), as the action's line
    says it: `Your Hoplite deals 1 damage to P2's Hoplite (2 left)`, `P2's Hoplite strikes back
    at your Hoplite`; and with the cell after the name of a unit whose name another unit of the
    board shares (`hotg_places`): `… to P2's Hoplite at 2,3`, unless the text says its cell
    (`Hoplite is deployed at 3,1`); what is that unit's then says so (`The attack of your
    Marksman at 2,2 is set to 1`, not `Your Marksman at 2,2's attack …`). The units it names:
    its `attacker` and `target`; in an attack's events the attacker and its target (who deal
    the damage, strike back, leave Stealth); a damage's source at the start of its words, the
    attacker or `source`, the unit whose ability resolved last (`Draugr deals 1 damage to …`
    under `Draugr's Afterlife resolves`). A unit that leaves the battlefield keeps its name alone (with its cell):
    `hotg_leaving` marks its side as the board does (`◄Hoplite dies`)."""
    if "private_to" in ev.data:
        return ev
    named: list[tuple[object, str]] = []  # (uid, where its name is: first, last, start)
    attack = action.args if action.kind == "attack" and len(action.args) == 2 else None
    target = ev.data.get("target")
    if attack is not None and ev.kind == "return":
        named += [(attack[1], "first"), (attack[0], "last")]
    elif attack is not None and ev.kind == "damage" and target in attack:
        named.append((attack[1] if target == attack[0] else attack[0], "first"))
    elif attack is not None and ev.kind in ("stealth", "attack"):
        named += [(attack[0], "first"), (attack[1], "last")]
    if ev.kind == "damage":
        named += [(attack[0] if attack is not None else None, "start"), (source, "start")]
    named += [(ev.data.get("attacker"), "first"), (target, "last" if ev.kind in TARGET_LAST else "first")]
    text = ev.text
    spots: dict[int, tuple[int, str]] = {}  # where a name starts: its length, its words here
    for uid, where in named:
        unit = units.get(uid) if isinstance(uid, int) else None
        if unit is None or not unit.get("name"):
            continue
        name = unit_label(unit, ()) if unit.get("stone") else str(unit["name"])
        found = name_at(text, name, where)
        if found < 0 or found in spots:
            continue
        said, length = name, len(name)
        cell = places[uid][1] if isinstance(uid, int) and uid in places else ""
        if cell and re.search(rf"(?<![\d,]){re.escape(cell)}(?![\d,])", text):
            cell = ""  # the text says it
        if cell:
            said += f" at {cell}"
        if ev.kind not in LEAVING:
            said = whose(said, unit, viewer)
        owns = re.match(r"'s (\w+)", text[found + length :]) if cell else None
        if owns is not None:  # not `Marksman at 2,2's attack`: `the attack of … Marksman at 2,2`
            said, length = f"the {owns.group(1)} of {said}", length + owns.end()
        spots[found] = (length, said)
    for at in sorted(spots, reverse=True):
        length, said = spots[at]
        text = text[:at] + said + text[at + length :]
    if text == ev.text:
        return ev
    return Event(ev.kind, text[:1].upper() + text[1:], ev.data)


# who owns a unit of the board, not by colour alone: the board's marks, said in the log too
OWNER_GLYPH: dict[int | None, str] = {0: "►", 1: "◄", None: "◆"}
# the events that tell a unit leaving the battlefield, its name first (`Grey Wolf dies`, `Ares is
# executed`, `Hoplite returns to its owner's hand`, `Hoplite turns into Spartan`)
LEAVING = frozenset({"death", "execute", "bounce", "transform"})


def side_of(unit: Mapping[str, Any]) -> str:
    """A unit's mark of its side, as on the board (`►` P1's, `◄` P2's, `◆` neutral)."""
    return OWNER_GLYPH.get(unit.get("controller", unit.get("owner")), "◆")


# the engine's words of a unit back in a hand (HG-61), said from the reader's side (`hand_of`)
OWNERS_HAND = "returns to its owner's hand"


def hand_of(unit: Mapping[str, Any], viewer: int | None) -> str:
    """Whose hand a unit goes back to (its owner's, HG-61), to `viewer`: `your hand`, `P2's hand`
    (the engine's `its owner's hand` for a unit of no player)."""
    owner = unit.get("owner")
    if not isinstance(owner, int) or isinstance(owner, bool):
        return "its owner's hand"
    return "your hand" if owner == viewer else f"P{owner + 1}'s hand"


def hotg_leaving(
    events: list[Event], units: Mapping[int, Mapping[str, Any]], after: View, viewer: int | None = None
) -> list[Event]:
    """Each unit that leaves the battlefield is said to once, with its side's mark, as the board
    marks it: `◄Grey Wolf dies`, `►Ares is executed` (its death, which the execution makes
    certain (HG-70), is not told again), `◄Hoplite turns into Spartan` (the unit that was there);
    a unit that came and went within the action too (`◄Scarab dies`; `units`: `hotg_units`), one
    back in a hand to whose hand from `viewer`'s side (`◄Hoplite returns to P2's hand`).
    The health line under the action (`⤷`, `health_changes`) tells only the health that changed."""
    later = {int(u["uid"]): u for u in after.get("units") or [] if not u.get("stone")}
    executed = {ev.data.get("target") for ev in events if ev.kind == "execute"}
    out: list[Event] = []
    for ev in events:
        uid = ev.data.get("target")
        if ev.kind not in LEAVING or "private_to" in ev.data or not isinstance(uid, int):
            out.append(ev)
            continue
        if ev.kind == "death" and uid in executed:
            continue  # `Ares is executed` said it
        unit = units.get(uid)
        if ev.kind == "transform" and uid in later:  # the new unit: the one that stood at its cell
            cell = (later[uid].get("row"), later[uid].get("col"))
            unit = next(
                (
                    u
                    for k, u in units.items()
                    if k not in later and not u.get("stone") and (u.get("row"), u.get("col")) == cell
                ),
                later[uid],
            )
        if unit is None:
            out.append(ev)
            continue
        text = ev.text.replace(OWNERS_HAND, f"returns to {hand_of(unit, viewer)}", 1)
        out.append(Event(ev.kind, side_of(unit) + text, ev.data))
    return out


# the health a damage or a healing says its unit has left (`… (2 left)`, `… healed by 2 (3/4)`)
HEALTH_SAID = {"damage": re.compile(r"\((\d+) left\)$"), "heal": re.compile(r"\((\d+)/\d+\)$")}
# the events that change a unit's health (a buff's `gets +0/+2` says by how much, not what is left)
HEALTH_KINDS = frozenset({"damage", "heal", "buff"})
HEALTH_LINE = "⤷ "  # the line of the health changes no event line says


def health_changes(events: Sequence[Event], before: View, after: View) -> list[str]:
    """The health changes of an action (the units of the board in the views `before` and `after`
    it) that no event line says: `◄Hoplite -2 (♥1)`, whose unit by its side's mark as on the board,
    two of a side and a name by their cell (after the action: `◄Valkyrie at 1,1 -2 (♥1)`). A unit
    whose last event of health tells what it has left (`Bolt deals 2 damage to your Summoning
    Stone (23 left)`, `… is healed by 2 (3/4)`) is not said again; a buff (`gets +0/+2`), a
    fatigue, a bonus that ends are. A unit that left the battlefield is not among them (its event
    says so, `hotg_leaving`)."""
    old = {int(u["uid"]): u for u in before.get("units") or []}
    new = {int(u["uid"]): u for u in after.get("units") or []}
    side = {  # each unit of the board before or after: (its mark, its name) and its cell
        uid: ((side_of(u), str(u.get("name"))), u)
        for units in (old, new)
        for uid, u in units.items()
        if not u.get("banished") and not u.get("stone") and "row" in u
    }
    twins = Counter(mark for mark, _ in side.values())
    last: dict[object, Event] = {}  # each unit's last event of health
    for ev in events:
        if ev.kind in HEALTH_KINDS:
            last[ev.data.get("target")] = ev
    out: list[str] = []
    for uid, u in old.items():
        if u.get("health") is None or uid not in new or new[uid].get("health") is None:
            continue
        now = max(0, int(new[uid]["health"]))
        d = int(new[uid]["health"]) - int(u["health"])
        told = last.get(uid)
        said = HEALTH_SAID.get(told.kind) if told is not None else None
        found = said.search(told.text) if said is not None and told is not None else None
        if not d or (found is not None and int(found.group(1)) == now):
            continue
        name = side_of(u) + str(u["name"])
        if uid in side and twins[side[uid][0]] > 1:
            here = side[uid][1]
            name += f" at {here['row']},{here['col']}"
        out.append(f"{name} {d:+d} (♥{now})")
    return out


# -- Hand of the Gods: the turns counted in rounds ---------------------------------------------------
# The engine counts each player's turn (`Turn 7: P1 (4 mana)`: P1's 4th); the rules' turn is one
# player's ("until your next turn", HG-65; HG-06: your first turn has 1 mana, one more each), so the
# players count theirs: round 4 is each player's 4th turn, the first player's then the other's.
HOTG_TURN = re.compile(r"Turn (\d+): P(\d) \((\d+) mana\)")


def hotg_round(turn: int, player: int) -> int:
    """The round of the engine's turn `turn`, `player`'s (seat 0 or 1): a round opens with P1's
    turn and P2's follows it (turns 1, 2: round 1; 3, 4: round 2 …). A scenario may start on P2's
    turn with an odd count (`active = 2`, `turn = 5`): that turn is still in P1's round before it
    (round 3), P1's next (turn 6) opens round 4 — not round 3 again after P2's, as `(turn + 1) // 2`
    counted it, with P2's turn 7 then in round 4 before P1's."""
    return (max(1, turn) + 2 - (1 if player else 0)) // 2


def hotg_turn(ev: Event) -> Event:
    """The engine's `Turn 7: P1 (4 mana)` as the players count it (`hotg_round`): `Round 4: P1's
    turn (4 mana)`. Any other event as it is."""
    found = HOTG_TURN.fullmatch(ev.text) if ev.kind == "turn" else None
    if found is None:
        return ev
    turn, seat, mana = found.groups()
    rnd = hotg_round(int(turn), int(seat) - 1)
    return Event(ev.kind, f"Round {rnd}: P{seat}'s turn ({mana} mana)", ev.data)


# Hand of the Gods' events told by name to their one reader (`private_to`), by kind: the engine's
# verb after the seat, the log's words to that reader
YOU_SAID = {"draw": ("draws", "You draw"), "reveal": ("picks", "You pick")}


def you_draw(ev: Event) -> Event:
    """Hand of the Gods: a draw named to its drawer (`named_draws`) in the person of the log that
    drawer reads, where its units are `Your Hoplite` (`whose`): `You draw Pegasus`, not `P1
    draws Pegasus`; a revealed card picked likewise, `You pick Healing Spring into your hand`,
    not `P1 picks Healing Spring into their hand` under `You draw Achilles`. The others read the
    engine's `P1 draws a card` as before (`public_text`)."""
    p = ev.data.get("private_to")
    verb, said = YOU_SAID.get(ev.kind, ("", ""))
    head = f"P{p + 1} {verb} " if isinstance(p, int) and not isinstance(p, bool) and verb else ""
    if not head or not ev.text.startswith(head) or "public_text" not in ev.data:
        return ev
    rest = ev.text.removeprefix(head).replace(" into their hand", " into your hand")
    return Event(ev.kind, f"{said} {rest}", ev.data)


def hotg_events(
    action: Action, events: list[Event], before: View, after: View, viewer: int | None = None
) -> list[Event]:
    """Hand of the Gods: a draw names its card to the drawer (`named_draws`: `You draw Pegasus`,
    `you_draw`); each unit an event
    names says whose it is to `viewer`, and is told apart by its cell when another unit of the
    board shares its name (`hotg_named`); a unit that leaves the battlefield is said to once,
    with its side (`hotg_leaving`); last, the health changes no event line says, on a line of
    their own (`⤷ ◄Hoplite +2 (♥5)`, `health_changes`); a turn's start in rounds (`Round 4: P1's
    turn`, `hotg_turn`): the live log, the replay's and `triarch replay --print` alike."""
    units = hotg_units(action, events, before, after)
    places = hotg_places(before, after)
    board = {int(u["uid"]) for u in before.get("units") or []}  # a unit back to the hand: no draw
    told: list[Event] = []
    source: object = None  # the unit whose ability resolves (`Draugr's Afterlife resolves`)
    for ev in named_draws(events, before, after, board):
        source = ev.data.get("source", source)
        told.append(hotg_turn(you_draw(hotg_named(action, ev, units, places, viewer, source))))
        if ev.kind == "game_over" and viewer is not None:  # as the damage's line before it said it
            mine = f"P{viewer + 1}'s Summoning Stone is destroyed"
            if told[-1].text.startswith(mine):
                rest = told[-1].text.removeprefix(mine)
                told[-1] = Event(ev.kind, f"Your Summoning Stone is destroyed{rest}", ev.data)
    told = hotg_leaving(told, units, after, viewer)
    changes = health_changes(events, before, after)
    if changes:
        told.append(Event("health", HEALTH_LINE + " · ".join(changes)))
    return told


# an action's events in the words of the views before and after it, by game id
def draws_named(
    action: Action, events: list[Event], before: View, after: View, viewer: int | None = None
) -> list[Event]:
    """BHM and The Scars: a draw (the turn's, a card effect's) names its card to the drawer."""
    return named_draws(events, before, after)


# The Scars' events that name the card of their `uid` first (`Grey Wolf dies (…)`, `… gets +1/+1`,
# `Grey Wolf's Bond takes 1 of the damage to P1`), and those that name it last, after their
# source's (`Grey Wolf deals 2 damage to Grey Wolf`)
SCARS_UID_FIRST = frozenset({"leave", "buff", "bond", "heal", "grant", "cover"})
SCARS_UID_LAST = frozenset({"combat", "damage", "prevent"})
# the actions whose first entry in the resolution zone is their own (a card played, an ability,
# the hero's ability)
_ENTRY_ACTIONS = frozenset({"cast", "ability", "hero"})


def placed(text: str, at: int, name: str, place: str) -> str:
    """`text` with ` (place)` after the `name` found at `at` (nothing when not found)."""
    if at < 0 or not place:
        return text
    return f"{text[: at + len(name)]} ({place}){text[at + len(name) :]}"


def placed_entry(
    text: str, source: object, target: object, places: dict[int, tuple[str, str]], played: bool = False
) -> str:
    """An entry of the resolution zone in the engine's words (`Field Medic's ability: remove all
    damage from Knight of the Oath`) with the place of its card that acts (named first) and of
    the card it aims at (named last) where another card shares their name. A card `played` (in
    the resolution zone, or on the table once it resolved) has no place, but its name is passed
    over: `Shieldbearer Recruit (unit, sheltering Shieldbearer Recruit (2nd in ATK))`."""
    at = 0
    name, place = places.get(source, ("", "")) if isinstance(source, int) else ("", "")
    if played:
        place = ""  # in the resolution zone: where it goes is said after it (`(unit, in attack …)`)
    found = text.find(name) if name else -1
    if found >= 0:
        text = placed(text, found, name, place)
        at = found + len(name) + (len(place) + 3 if place else 0)
    name, place = places.get(target, ("", "")) if isinstance(target, int) and target else ("", "")
    found = text.rfind(name) if name else -1
    return placed(text, found, name, place) if found >= at else text


# the names a UI gives the cards of an entry: (uid, the engine's name of it, the entry's own card
# played) → the name, told apart by its place where another card shares it
EntryNamer = Callable[[object, str, bool], str]


def entry_namer(places: Mapping[int, tuple[str, str]]) -> EntryNamer:
    """The names of an entry's cards, told apart by their places (`card_places`): `Grove Druid
    (P2, 1st in DEF)`; a card played none (it is in the zone), a card not on the table the name
    the engine gave it (`P1's hero Aurelia, Iron Marshal`)."""

    def name(uid: object, said: str, played: bool) -> str:
        known, place = places.get(uid, (said, "")) if isinstance(uid, int) else (said, "")
        return f"{known} ({place})" if place and not played else (known or said)

    return name


def entry_parts(entry: Mapping[str, Any], name: EntryNamer) -> tuple[str, str]:
    """An entry of the resolution zone (the engine's `entry_data`, in the `stack` and `resolve`
    events' data and the view's `stack`) in two parts of words, from its data alone: its card
    (`Field Medic`; `Grove Druid (P2, 1st in DEF)` where another card shares the name) and what it
    does (`remove all damage from Pikeman`, `sheltering Knight of the Oath (2nd in ATK)`,
    `in attack position`, `for Mammoth` a weapon; "" a structure). A card played has no place
    (`name`'s third argument): it is in the zone, or just came out of it."""
    kind, typ = str(entry.get("kind", "")), str(entry.get("type", ""))
    card = name(entry.get("source"), str(entry.get("name", "?")), kind == "card")
    target = entry.get("target")
    aimed = name(target, str(entry.get("target_name") or ""), False) if target else "a target"
    if kind == "card" and typ == "unit" and entry.get("mode") == "shelter":
        return card, f"sheltering {aimed}"
    if kind == "card" and typ == "unit":
        return card, f"in {entry.get('mode')} position"
    if kind == "card" and typ == "weapon":
        return card, f"for {aimed}"
    return card, str(entry.get("does") or "").replace("{target}", aimed)


def entry_words(entry: Mapping[str, Any], name: EntryNamer) -> str:
    """An entry in the engine's form, from its data (`entry_parts`): `Pikeman (unit, in attack
    position)`, `Iron Claws (weapon, for Mammoth)`, `Smite: deal 2 damage to Tusked Boar`, `War
    Totem (structure)`, `Field Medic's ability: …`, `Korrag of the Wilds' hero ability: …`,
    `Grove Druid's upkeep trigger: …`."""
    card, does = entry_parts(entry, name)
    kind, typ = entry.get("kind"), str(entry.get("type", ""))
    if kind == "card":
        if typ in ("unit", "weapon"):
            return f"{card} ({typ}, {does})"
        return f"{card}: {does}" if does else f"{card} ({typ})"
    what = {"ability": "ability", "hero": "hero ability"}.get(str(kind), f"{entry.get('mode')} trigger")
    return f"{possessive(card)} {what}: {does}"


def entry_brief(entry: Mapping[str, Any], name: EntryNamer) -> tuple[str, str]:
    """An entry in short, from its data: what it is and whose (`P2's Field Medic ability`, `P1's
    Smite`, `P2's Grove Druid upkeep trigger`, `P1's hero ability`), and what it will do
    (`remove all damage from Pikeman`; a unit `enters in attack position`, `enters sheltering
    Knight…`, a weapon `equips Mammoth`, a structure `enters play`). A place in the card's name
    keeps no side: the side is said first (`P2's Grove Druid (1st in DEF) upkeep trigger`)."""
    card, does = entry_parts(entry, name)
    kind, typ, side = entry.get("kind"), str(entry.get("type", "")), int(entry.get("controller") or 0)
    card = card.replace(f"(P{side + 1}, ", "(", 1)
    if kind == "card":
        what = card
        if typ == "unit":
            does = f"enters {does}"
        elif typ == "weapon":
            does = f"equips {does.removeprefix('for ')}"
        elif not does:
            does = "enters play"
    elif kind == "hero":
        what = "hero ability"
    else:
        what = f"{card} ability" if kind == "ability" else f"{card} {entry.get('mode')} trigger"
    return f"P{side + 1}'s {what}", does


def scars_entries(
    action: Action, events: list[Event], before: View, after: View, places: dict[int, tuple[str, str]]
) -> list[Event]:
    """`events` with each entry of the resolution zone they tell (`stack`: it goes there,
    `resolve`: it resolves) worded from its data (the engine's `entry_data`: `entry_words`), its
    cards told apart by their places (`places`, `card_places`), and its short words in the
    event's data for the brief log (`told`: `entry_brief`'s whose-what and what it does). Not a
    word of the engine's text is read: an event without an entry's data is left as it is."""

    name = entry_namer(places)
    out: list[Event] = []
    for ev in events:
        entry = ev.data.get("entry")
        if ev.kind not in ("stack", "resolve") or not isinstance(entry, Mapping):
            out.append(ev)
            continue
        entry = {**entry, "controller": ev.data.get("player", entry.get("controller"))}
        words = entry_words(entry, name)
        text = f"P{int(entry['controller'] or 0) + 1}: {words} goes to the resolution zone"
        if ev.kind == "resolve":
            text = f"{RESOLVES}{words}"
        out.append(Event(ev.kind, text, {**ev.data, "told": (words, *entry_brief(entry, name))}))
    return out


def scars_events(
    action: Action, events: list[Event], before: View, after: View, viewer: int | None = None
) -> list[Event]:
    """The Scars: draws named to the drawer (`draws_named`), and a unit that another card of the
    table shares its name with told apart by its place, as the action's line and the choices
    tell it (`card_places`, the table as it was before the action: a unit that dies in it is
    gone after): `Grove Druid (P2, 1st in DEF) deals 2 damage to Grove Druid (2nd in ATK)`, `Grey
    Wolf (1st in DEF) dies (…)` — each of two lines `Grove Druid deals 2 damage to Grove Druid`;
    so the lines of the resolution zone (`scars_entries`), Bond, a token made (`P2 creates a Wolf
    token (P2, 2nd in DEF)`: its place says its position, `in defense position` not again), a heal, a keyword or Cover given and a card that
    enters (`…, sheltering Knight of the Oath (1st in ATK)`)."""
    events = draws_named(action, events, before, after, viewer)
    # the place before the action, else after it (a unit that dies in it is gone after; a unit
    # whose namesake comes in with it is told apart from the newcomer)
    later = card_places(after, viewer, hand=False)
    places = {**later, **card_places(before, viewer, hand=False)}
    places.update(
        {u: later[u] for u, (_, place) in places.items() if not place and later.get(u, ("", ""))[1]}
    )
    for view in (after, before):  # the cards being played: a name, never a place
        places.update({int(c["uid"]): (str(c.get("name")), "") for c in view.get("resolution") or []})
    events = scars_entries(action, events, before, after, places)  # worded from their data, always
    if not any(place for _, place in places.values()):
        return events
    aimed = {  # the unit each card of the table shelters or is equipped to, after the action
        int(c["uid"]): c.get("sheltering") or c.get("attached")
        for p in after.get("players", [])
        for key in ("units", "weapons")
        for c in p.get(key) or []
    }
    out: list[Event] = []
    for ev in events:
        uid, src = ev.data.get("uid"), ev.data.get("source")
        text = ev.text
        if isinstance(uid, int) and ev.kind == "enter":  # `…, sheltering <unit>`, `… equipped to <unit>`
            text = placed_entry(text, uid, aimed.get(uid), places)
        elif isinstance(uid, int) and ev.kind == "token":  # `P2 creates a Wolf token (P2, 3rd in DEF)`
            name, place = places.get(uid, ("", ""))
            text = placed(text, text.find(f"{name} token") if name else -1, f"{name} token", place)
            if text != ev.text and place.endswith(" in DEF"):  # its place says the position: once
                text = text.removesuffix(" in defense position")
        elif isinstance(uid, int) and ev.kind in SCARS_UID_LAST | SCARS_UID_FIRST:
            name, place = places.get(uid, ("", ""))
            at = (text.find(name) if ev.kind in SCARS_UID_FIRST else text.rfind(name)) if name else -1
            text = placed(text, at, name, place)
            source, where = places.get(src, ("", "")) if isinstance(src, int) else ("", "")
            if source and ev.kind in SCARS_UID_LAST and 0 <= text.find(source) < at:
                text = placed(text, text.find(source), source, where)
        out.append(ev if text == ev.text else Event(ev.kind, text, ev.data))
    return out


GAME_EVENTS: dict[str, Callable[[Action, list[Event], View, View, int | None], list[Event]]] = {
    "hotg": hotg_events,
    "bhm": draws_named,
    "scars": scars_events,
}


def table_card(view: View, uid: object) -> dict[str, Any] | None:
    """The unit or weapon `uid` on the table of `view` (None: not there)."""
    for p in view.get("players", []):
        for key in ("units", "weapons"):
            for c in p.get(key) or []:
                if c.get("uid") == uid:
                    return dict(c)
    return None


def entered_as_played(action: Action, ev: Event, after: View) -> bool:
    """`ev` is the `enter` event of the card `action` (a card played) put on the table, and the
    card is where the action's words put it (`Play Pikeman (2) in attack`: in attack position;
    `… sheltering Knight`: sheltering it; a weapon `equipped to` the unit aimed at), as the
    table after the action has it: its line says nothing new. Not when the card came in otherwise
    (a shelter no longer valid: in defense alone; a weapon whose unit left: equipped to nobody),
    nor when it is no longer on the table. Read in the events' data and the view, never their
    words."""
    args = action.args
    if action.kind != "cast" or ev.kind != "enter" or not args or ev.data.get("uid") != args[0]:
        return False
    card = table_card(after, args[0])
    if card is None:
        return False
    mode = args[1] if len(args) > 1 else None
    if mode in ("attack", "defense"):
        return card.get("position") == mode and not card.get("sheltering")
    if mode == "shelter":
        return len(args) > 2 and card.get("position") == "defense" and card.get("sheltering") == args[2]
    return mode is not None and card.get("attached") == mode  # a weapon: its unit


# the line of an action's own entry that waits in the resolution zone (a window opened)
WAITS = "→ waits in the zone for answers"
RESOLVES = "Resolves: "  # the engine's words before a resolving entry's (left out where it starts so)


def resolved_at_once(ev: Event, nxt: Event | None) -> bool:
    """`ev` puts an entry in the resolution zone and `nxt` resolves it at once: the engine's
    `stack` event followed straight by a `resolve` event of the same controller (the zone is last
    in, first out: what resolves with nothing between is what just went there)."""
    return (
        nxt is not None
        and ev.kind == "stack"
        and nxt.kind == "resolve"
        and ev.data.get("player") == nxt.data.get("player")
    )


def resolved_entering(ev: Event, nxt: Event) -> bool:
    """`ev` is a card's `Resolves: Pikeman (unit, in attack position)` and `nxt` its `Pikeman
    enters in attack position` (or `Iron Claws is equipped to …`), which says the same: one line.
    The engine tells a unit or weapon that resolves coming onto the table at once, so a `resolve`
    event followed straight by an `enter` event is that card's."""
    return ev.kind == "resolve" and nxt.kind == "enter"


# the kinds of event that are not what an entry did when it resolved: the zone's own lines, the
# turn's flow, a pass, and the table's own notes (`→ nothing left to play …: the turn ends`): an
# effect that changed nothing is followed by one of these, or by nothing
ZONE_FLOW = frozenset({"stack", "resolve", "phase", "turn", "over", "pass", "note"})


def resolved_told(ev: Event, nxt: Event | None) -> bool:
    """`ev` is an entry's `resolve` event and `nxt` the first line of what it did (`Pikeman gets
    +1/+1 until end of turn`, `Knight of the Oath is healed`, `P1 creates a Wolf token (2nd in
    DEF)`, `The target is no longer legal: Smite does nothing`): the engine tells an effect as it
    resolves, at once, so those lines say what `→ resolves: give Pikeman +1/+1 until end of turn`
    would say again. Not when the next event is the zone's or the turn's (`ZONE_FLOW`): the effect
    told nothing (`deal 1 damage to each enemy unit`, and there was none), the words stay."""
    return nxt is not None and ev.kind == "resolve" and nxt.kind not in ZONE_FLOW


def entry_line(ev: Event, verb: str, *, named: bool = False, does: bool = True) -> Event | None:
    """An entry's `stack` or `resolve` event in short (`entry_brief`, from the words `scars_entries`
    put in its data): `→ P2's Grove Druid upkeep trigger waits: add 1 energy to your pool`, `→ P2's
    Field Medic ability resolves: remove all damage from Pikeman`; `named` (the action's line names
    the entry: `Pass (lets P1's Field Medic ability resolve)`): `→ resolves: remove all damage from
    Pikeman`; without what it does (`does` False: the lines under it say it, `resolved_told`):
    `→ P1's hero ability resolves`. None for an event without those words (its own line stays)."""
    told = ev.data.get("told")
    if not isinstance(told, tuple) or len(told) != 3:
        return None
    _, whose, what = told
    said = f"→ {verb}" if named else f"→ {whose} {verb}"
    return Event(ev.kind, f"{said}: {what}" if what and does else said, ev.data)


def entry_said(ev: Event) -> str:
    """A `resolve` event's entry in words, without the engine's `Resolves: ` (a trigger that
    resolved at once: its line says what it does): from its data (`scars_entries`) when it has
    them."""
    told = ev.data.get("told")
    return str(told[0]) if isinstance(told, tuple) and told else ev.text.removeprefix(RESOLVES)


def scars_brief(action: Action, events: list[Event], before: View, after: View) -> list[Event]:
    """The Scars' log without the resolution zone where it did not matter, and in short where it
    did: an entry that goes there and resolves at once (nobody could respond, or both passed at
    once: `resolved_at_once`), the zone empty before the action, takes no line of its own — the
    action's own (a card played, an ability, the hero's) none at all, the action's line says it
    (and a card's `… enters in attack position` when the card is where the line put it: `P1:
    Play Pikeman (2) in attack`, one line, not four); a trigger's one: whose it is, when the lines
    under it say what it did (`→ P2's Pack Alpha enter trigger resolves` over `P2 creates a Wolf
    token …`), else its words (`Grove Druid's upkeep trigger: deal 1 damage to each enemy unit`,
    and there was none). An entry that waits (a window opened: someone may
    respond) is one short line (`entry_line`): the action's own `→ waits in the zone for
    answers` (`WAITS`: the action's line names it), another `→ P2's Grove Druid upkeep trigger
    waits: add 1 energy to your pool`; one that resolves after a wait, or over the entries the
    zone held, `→ P2's Field Medic ability resolves: remove all damage from Pikeman` (`→ resolves:
    …` under the pass that names it: `Pass (lets P1's Field Medic ability resolve)`) — a card's
    `Resolves: …` followed by its `… enters in attack position` is that line alone
    (`resolved_entering`), and an entry whose effect's lines follow (`Pikeman gets +1/+1 until end
    of turn`, `P1 creates a Wolf token …`) says not again what it does (`resolved_told`: `→ P1's
    hero ability resolves`, nothing under the pass that names it). The whole entry is on the table's resolution zone and in the card
    panel. All read in the events' kinds and data and the views, not in their words. `triarch
    replay --print --full` keeps every line (`told_events`' `full`)."""
    held = bool(before.get("stack"))  # the zone held entries before the action
    named = action.kind == "pass" and held  # the pass's line names the top entry, which resolves
    out: list[Event] = []
    own = action.kind in _ENTRY_ACTIONS  # its first entry is the action's own
    played = False  # its own card resolved at once: its `enters` line may say the action again
    i = 0
    while i < len(events):
        ev, nxt = events[i], events[i + 1] if i + 1 < len(events) else None
        if nxt is not None and resolved_at_once(ev, nxt):
            made = resolved_told(nxt, events[i + 2] if i + 2 < len(events) else None)
            short = entry_line(nxt, "resolves", named=own, does=not made) if held else None
            if held and short is None:  # (no entry's words in its data: both lines)
                out += [ev, nxt]
            elif held and short is not None and not (own and made):  # over the entries held: in short
                out.append(short)
            elif own:  # the action's own entry: its line says it
                played = action.kind == "cast"
            else:  # a trigger's: what it does, once (the lines under it, else its own words)
                line = entry_line(nxt, "resolves", does=False) if made else None
                out.append(Event(nxt.kind, entry_said(nxt), nxt.data) if line is None else line)
            own = False
            i += 2
            continue
        if ev.kind == "stack":  # an entry that waits
            line = Event(ev.kind, WAITS, ev.data) if own else entry_line(ev, "waits")
            out.append(ev if line is None else line)
            own = False
            i += 1
            continue
        if ev.kind == "resolve" and not (nxt is not None and resolved_entering(ev, nxt)):
            made = resolved_told(ev, nxt)  # the lines under it say what it did
            line = entry_line(ev, "resolves", named=named, does=not made)
            if not (made and named and line is not None):  # (the pass names it: those lines alone)
                out.append(ev if line is None else line)
            named = False
            i += 1
            continue
        if played and entered_as_played(action, ev, after):
            played = False
            i += 1
            continue
        out.append(ev)
        i += 1
    return entered_alone(out)


def entered_alone(events: list[Event]) -> list[Event]:
    """`events` without a card's `Resolves: …` that its `… enters in …` line says again
    (`resolved_entering`): a card that resolves after a window, one line."""
    return [
        ev
        for i, ev in enumerate(events)
        if not (ev.kind == "resolve" and i + 1 < len(events) and resolved_entering(ev, events[i + 1]))
    ]


def bhm_brief(action: Action, events: list[Event], before: View, after: View) -> list[Event]:
    """BHM's log without a being's `Ember Squire is killed (Salud 0)` right after the hit that
    killed it, whose line says so (`Mountain Giant's attack on Ember Squire: RES 100 → 0, 600 to
    Salud, kills it`), the C.LL's line after it too (`P2 C.LL +2 (Ember Squire killed): 11`): the
    death said once. (A being killed otherwise keeps its line: `Hollow Wraith loses 300 Salud (Fire
    Bolt): 0 left`, then `Hollow Wraith is killed (Salud 0)`.)"""
    out: list[Event] = []
    for ev in events:
        hit = out[-1] if out else None
        uid = ev.data.get("uid")
        if (
            ev.kind == "kill"
            and hit is not None
            and hit.kind == "hit"
            and uid is not None
            and hit.data.get("uid") == uid
        ):
            continue
        out.append(ev)
    return out


def bhm_opening(events: Sequence[Event], name: Callable[[int], str]) -> list[Event]:
    """BHM's opening (BH-02: each player draws 5 cards) in the seats' names the log's lines use
    (`name(seat)`: `Player 1 (you)`), the draw said once: `Player 1 (you) and Player 2 (AI) draw 5
    cards each` (it read `P1 draws 5 cards`, `P2 draws 5 cards`), from the draws' data (`player`,
    `cards`); each on its own line when they differ (a scenario)."""
    draws = [ev for ev in events if ev.kind == "draw" and "cards" in ev.data and "player" in ev.data]
    if not draws:
        return list(events)
    counts = {int(ev.data["cards"]) for ev in draws}
    once = len(draws) == 2 and len(counts) == 1
    out: list[Event] = []
    for ev in events:
        if not any(ev is d for d in draws):
            out.append(ev)
        elif once:
            if ev is draws[0]:
                who = " and ".join(name(int(d.data["player"])) for d in draws)
                out.append(Event("draw", f"{who} draw {plural(min(counts), 'card')} each", ev.data))
        else:
            n = int(ev.data["cards"])
            out.append(Event("draw", f"{name(int(ev.data['player']))} draws {plural(n, 'card')}", ev.data))
    return out


# -- BHM: the events that name a seat, in the players' names of the log ---------------------------
Namer = Callable[[int], str]
YOU = " (you)"  # the end of the viewer's own seat name (`Player 1 (you)`; none in hot-seat)


def seat_owns(name: Namer, p: int, start: bool = False) -> str:
    """`Player 2 (AI)'s`, `Player 1's` (hot-seat): a seat's name as the owner of what follows; the
    viewer's own is `your` (`Your` to open a sentence, `start`), as HotG's log says `Your Hoplite`:
    `Flame Adept enters your being zone 3`, not `… enters Player 1 (you)'s being zone 3`."""
    who = name(p)
    if who.endswith(YOU):
        return "Your" if start else "your"
    return f"{who}'s"


def bhm_draw(data: Mapping[str, Any], name: Namer) -> str:
    """A draw: the opening's (`cards`), one named to its drawer (`drawn`: `named_draws`), else a
    card."""
    who = name(int(data["player"]))
    if "cards" in data:
        return f"{who} draws {plural(int(data['cards']), 'card')}"
    return f"{who} draws {data.get('drawn') or 'a card'}"


def bhm_cll(data: Mapping[str, Any], name: Namer) -> str:
    change = int(data["change"])
    return (
        f"{name(int(data['player']))} C.LL {'+' if change > 0 else ''}{change} ({data['why']}): {data['cll']}"
    )


# BHM's events that name a seat, worded from their data (`player`, the seat; what else each says)
# in the seats' names the log's lines use (`name(seat)`: `Player 1 (you)`); the engine's own words
# (`P1 …`) stay the plain log's (`triarch replay --print`). (The events that only say an action
# again, `P1 calls Storm Roc`, `P2 does not react`, are left out of the log: `said_once`.)
BHM_SEATED: dict[str, Callable[[Mapping[str, Any], Namer], str]] = {
    "turn": lambda d, name: f"Turn {d['turn']}: {name(int(d['player']))}",
    "draw": bhm_draw,
    "deckout": lambda d, name: f"{name(int(d['player']))} must draw from an empty deck and loses",
    "cll": bhm_cll,
    "enter": lambda d, name: (
        f"{d['name']} enters {seat_owns(name, int(d['player']))} being zone {d['zone']} ({d['how']})"
    ),
    "flee": lambda d, name: (
        f"{d['label']} flees again and goes back to {seat_owns(name, int(d['player']))} deck"
    ),
    "die": lambda d, name: f"Die: {name(0)} rolls {d['rolls'][0]}, {name(1)} rolls {d['rolls'][1]}",
    "first": lambda d, name: f"{name(int(d['player']))} plays first",
    "rally": lambda d, name: (
        f"{seat_owns(name, int(d['player']), start=True)} beings take heart: each recovers up to {d['amount']} lost VAL"
    ),
    "raise": lambda d, name: f"{name(int(d['player']))} returns {d['name']} from the dead zone to hand",
    "fizzle": lambda d, name: (
        f"{seat_owns(name, int(d['player']), start=True)} {d['entry']} has no effect: {d['why']}"
    ),
    "win": lambda d, name: f"{name(int(d['winner']))} wins: {bhm_ending(d, name)}",
}
# the data each of them needs besides `player` (an event without it keeps the engine's words)
BHM_SEATED_NEEDS: dict[str, tuple[str, ...]] = {
    "turn": ("turn",),
    "cll": ("change", "why", "cll"),
    "enter": ("name", "zone", "how"),
    "flee": ("label",),
    "rally": ("amount",),
    "raise": ("name",),
    "fizzle": ("entry", "why"),
}
# the data of the events whose seat is not their `player` (the die's rolls, the game's winner)
BHM_SEATED_BY: dict[str, tuple[str, ...]] = {"die": ("rolls",), "win": ("winner", "cause", "loss_at")}


def bhm_ending(data: Mapping[str, Any], name: Namer) -> str:
    """How a BHM game ended, from its `win` event's data, in the players' names: `your C.LL reached
    32` (`Player 1's` in hot-seat), `Player 2 (AI) could not draw` (BH-05)."""
    loser = 1 - int(data["winner"])
    if data.get("cause") == "deck":
        return f"{name(loser)} could not draw"
    return f"{seat_owns(name, loser)} C.LL reached {data['loss_at']}"


def bhm_seated(events: Sequence[Event], name: Namer) -> list[Event]:
    """BHM's events that name a seat (`Turn 2: P1`, `P1 draws Wind Dancer`, `Flame Adept enters P1's
    being zone 3`) in the players' names the rest of the log uses (`name`: `Turn 2: Player 1 (you)`),
    worded from their data (`BHM_SEATED`); a draw named to its drawer keeps its words for the
    others (`public_text`) in those names too. The others as they are."""
    out: list[Event] = []
    for ev in events:
        word = BHM_SEATED.get(ev.kind)
        data = ev.data
        needs = BHM_SEATED_BY.get(ev.kind) or ("player", *BHM_SEATED_NEEDS.get(ev.kind, ()))
        if word is None or any(data.get(k) is None for k in needs):
            out.append(ev)
            continue
        text = word(data, name)
        if "public_text" in data:  # (a draw named to its drawer: `named_draws`)
            data = {**data, "public_text": word({k: v for k, v in data.items() if k != "drawn"}, name)}
        out.append(Event(ev.kind, text, data))
    return out


# the events of a game that name a seat, in the log's names of the seats (`told_events`'s `name`)
GAME_SEATED: dict[str, Callable[[Sequence[Event], Namer], list[Event]]] = {"bhm": bhm_seated}


# a game's events without the lines a player need not read (`told_events`, unless `full`)
GAME_BRIEF: dict[str, Callable[[Action, list[Event], View, View], list[Event]]] = {
    "scars": scars_brief,
    "bhm": bhm_brief,
}


def told_events(
    game_id: str,
    action: Action,
    events: Sequence[Event],
    before: Callable[[], View],
    after: Callable[[], View],
    viewer: int | None = None,
    *,
    full: bool = False,
    name: Namer | None = None,
) -> list[Event]:
    """`action`'s events as its game's log tells them to `viewer`, read in the views before and
    after it (`before()`, `after()`: only asked of a game that reads them, `GAME_EVENTS`), without
    the lines a player need not read (`GAME_BRIEF`: The Scars' resolution zone when nobody could
    respond, BHM's kill a hit's line says) unless `full` (`triarch replay --print --full`); with
    `name`, the seats in the names the log's lines use (`GAME_SEATED`: BHM's `Turn 2: Player 1
    (you)`; without it, the engine's `P1`)."""
    tell = GAME_EVENTS.get(game_id)
    brief = None if full else GAME_BRIEF.get(game_id)
    seated = GAME_SEATED.get(game_id) if name is not None else None
    if tell is None and brief is None and seated is None:
        return list(events)
    seen_before, seen_after = before(), after()
    told = tell(action, list(events), seen_before, seen_after, viewer) if tell is not None else list(events)
    if seated is not None and name is not None:
        told = seated(told, name)
    told = brief(action, told, seen_before, seen_after) if brief is not None else told
    return bhm_placed(told) if game_id == "bhm" and not full else told  # (`--full`: the engine's words)


# -- each thing said once: the engine's event that says the action again is left out ----------
_CLOSING = re.compile(r" \(([^()]*)\)$")


def with_echo(words: str, echo: str) -> str:
    """`words` (an action) with what `echo`, the engine's own line for the same action, adds
    in its closing brackets (`(19 lives left)`, `(rank 2, budget 1 left)`): replacing a
    bracket it goes on from (`Call War Herald (rank 2)`), before the card text after ` — `, or
    at the end; nothing when `words` say it already (`(pay 1 energy)`, or `(1)` of `(1 energy)`)."""
    found = _CLOSING.search(echo)
    if found is None:
        return words
    extra = found.group(1)
    if extra.lower() in words.lower():
        return words
    for shorter in re.findall(r"\(([^()]*)\)", words):
        if extra.startswith(f"{shorter},"):
            return words.replace(f"({shorter})", f"({extra})", 1)
        if extra.startswith(f"{shorter} ") and " " not in extra[len(shorter) + 1 :]:
            return words  # the same with its unit: `(1)` of `(1 energy)`
    head, dash, text = words.partition(" — ")
    return f"{head} ({extra}){dash}{text}"


# how an echo's words go into the action's: the action's line, or None when the event does not
# read as that action's echo after all (then both stay)
Merge = Callable[[str, str], str | None]


def said_once_by_kinds(
    echo_kinds: Mapping[str, str],
    action: Action,
    words: str,
    events: Sequence[Event],
    merges: Mapping[str, Merge] | None = None,
) -> tuple[str, list[Event]]:
    """An action's log line and its events, the first event left out when it is the engine
    saying the action again (its kind is `echo_kinds[action.kind]`, and anyone may read it),
    with what it adds in `words` (`merges[action.kind]`, else `with_echo`)."""
    events = list(events)
    kind = echo_kinds.get(action.kind)
    if kind is None or not events or events[0].kind != kind or "private_to" in events[0].data:
        return words, events
    merged = (merges or {}).get(action.kind, with_echo)(words, events[0].text)
    return (words, events) if merged is None else (merged, events[1:])


def said_already(words: str, echo: str) -> str:
    """An echo that adds nothing the action's words lack (BHM's `P1 sets aside 3 cards, draws
    as many and shuffles` of `Draw 3 for the 3 set aside (then shuffled into the deck)`)."""
    return words


# the replay's `P1: ` before an action's words (`step_words`; none in the game's log)
REPLAY_WHO = re.compile(r"(P\d|—): ")


def reaction_to(action: Action, words: str, echo: Event, seat_name: Namer | None = None) -> str | None:
    """BHM: a reaction's line with what it answers, from the engine's echo's data (its card's
    `name`, the words of the entry it answers, `answered`): `React with Broken Seal to Pyre
    Warlock executes Fire Bolt on Hollow Wraith — cancel a power card …`; an entry that says whose
    it is in the players' names (`seat_name`: `React with Foresight to your draw
    (initial phase)`, from `entry` and `entry_seat`). None: not the echo of this reaction."""
    data = echo.data
    name, answered = data.get("name"), data.get("answered")
    seat, entry = data.get("entry_seat"), data.get("entry")
    if seat_name is not None and isinstance(seat, int) and entry:
        answered = f"{seat_owns(seat_name, seat)} {entry}"
    if not action.args or data.get("uid") != action.args[0] or not name or not answered:
        return None
    who = REPLAY_WHO.match(words)
    at = who.end() if who else 0
    head = f"React with {name}"
    if not words.startswith(head, at):
        return None
    return f"{words[: at + len(head)]} to {answered}{words[at + len(head) :]}"


def investment(action: Action, words: str, echo: Event, seat_name: Namer | None = None) -> str | None:
    """BHM: an investment of POD said by the being that invests and what it keeps, from the
    engine's echo's data (`name`, `amount`, `pod`): `Pyre Warlock (P1 zone 1) invests 300 POD (POD
    100 for the rest of the turn)`, for `Invest 300 POD: 300 to Salud` (or `Invest all 400 POD (POD
    1 after): …`) that names neither: what it does is the hit's line, next (`Pyre Warlock's power
    attack on Kalzar: 300 to Salud, 1000 left`). None: no such data."""
    data = echo.data
    name, amount, pod = data.get("name"), data.get("amount"), data.get("pod")
    if not name or not isinstance(amount, int) or not isinstance(pod, int):
        return None
    who = REPLAY_WHO.match(words)
    return f"{who.group(0) if who else ''}{name} invests {amount} POD (POD {pod} for the rest of the turn)"


def cards_kept(words: str, echo: str) -> str | None:
    """The Scars: the keeping of a hand with its size (`Keep this hand (6 cards)`), or a
    mulligan with the size it goes to (`Mulligan to 5 cards`), from the engine's `P1 keeps 6
    cards` / `P1 mulligans to 5 cards`."""
    kept = re.match(r"P\d keeps (\d+ cards?)$", echo)
    if kept:
        return f"{words} ({kept.group(1)})"
    again = re.match(r"P\d mulligans (to \d+ cards?)$", echo)
    if again:
        return f"{words.partition(' (')[0]} {again.group(1)}"
    return None


# the kind of the event with which the engine says an action again, by the action's kind
HOTG_ECHO_KINDS = {
    "end": "turn",
    "play": "play",
    "move": "move",
    "attack": "attack",
    "warcry": "warcry",
    "ability": "ability",
}
MOVED = re.compile(r" moves from (\S+) to (\S+)$")


def echo_of(action: Action, event: Event) -> bool:
    """`event` is the engine saying `action` again (`P1 plays Hoplite (2 mana) at 3,1` of
    `Play Hoplite (2 mana) at 3,1`, `Grey Wolf attacks Hoplite` of the same attack)."""
    if event.kind != HOTG_ECHO_KINDS.get(action.kind) or "private_to" in event.data:
        return False
    data, args = event.data, action.args
    if action.kind == "attack":
        return len(args) == 2 and (data.get("attacker"), data.get("target")) == (args[0], args[1])
    if action.kind in ("move", "warcry"):
        return bool(args) and data.get("target") == args[0]
    if action.kind == "end":
        return "player" in data and event.text.endswith(" ends the turn")
    return "player" in data  # a play, the Leader Ability (not `P1's Leader Ability becomes …`)


DEPLOYED = re.compile(r" is deployed at (\S+)$")


def deployment_of(uid: object, words: str, event: Event) -> bool:
    """`event` is Hand of the Gods' `Hoplite is deployed at 3,1` of the unit played (`uid`) at
    the cell the play's words say (`Play Hoplite (2 mana) at 3,1`): nothing more."""
    found = DEPLOYED.search(event.text)
    return (
        event.kind == "deploy"
        and "private_to" not in event.data
        and event.data.get("target") == uid
        and found is not None
        and words.endswith(f" at {found.group(1)}")
    )


def hotg_said_once(action: Action, words: str, events: Sequence[Event]) -> tuple[str, list[Event]]:
    """Hand of the Gods: the engine's first event of a play, a
    move, an attack, a Warcry, the Leader Ability or the end of the turn says the action
    again; it is left out (a unit's play also by its `… is deployed at 3,1`), and a move's line
    takes the cell the unit left from it (`Move Grey Wolf from 2,7 to 2,4`)."""
    events = list(events)
    i = next((i for i, ev in enumerate(events) if echo_of(action, ev)), None)
    if i is None:
        return words, events
    echo = events.pop(i)
    if action.kind == "play" and action.args:  # a unit: `Hoplite is deployed at 3,1` says it again
        deployed = next((ev for ev in events if deployment_of(action.args[0], words, ev)), None)
        if deployed is not None:
            events.remove(deployed)
    moved = MOVED.search(echo.text) if action.kind == "move" else None
    if moved:
        old, new = moved.groups()
        if words.endswith(f" to {new}") and f" at {old} to " not in words:
            words = f"{words[: -len(f' to {new}')]} from {old} to {new}"
    return words, events


# the kind of the event with which the engine says an action again, by the action's kind
BHM_ECHO_KINDS = {
    "keep": "mulligan",
    "react": "react",
    "invest": "invest",
    "territory": "territory",
    "draw": "draw",
    "call": "call",
    "power": "power",
    "attack": "attack",
    "pattack": "attack",
    "discard": "discard",
    "pass": "pass",
    "ability": "ability",
    "strategy": "strategy",
    "equip": "equip",
    "invoke": "invoke",
    "skip": "terror",  # `Skip (no Terror target)`, then `Terror: no being chosen` (BH-100)
}


# how the echo of these goes into the action's line (else `with_echo`)
BHM_MERGES: dict[str, Merge] = {"keep": said_already}
# the actions whose line is made of their echo's data, not of its words (`bhm_said_once`)
BHM_FROM_DATA: dict[str, Callable[[Action, str, Event, Namer | None], str | None]] = {
    "react": reaction_to,
    "invest": investment,
}


def bhm_said_once(
    action: Action, words: str, events: Sequence[Event], name: Namer | None = None
) -> tuple[str, list[Event]]:
    """BHM: the engine's echo of a reaction or an investment goes into the action's line from its
    data (`BHM_FROM_DATA`, in the players' names: `name`); of another action, as
    `said_once_by_kinds` says."""
    events = list(events)
    merge = BHM_FROM_DATA.get(action.kind)
    echo = events[0] if events else None
    if merge is not None and echo is not None and echo.kind == action.kind and "private_to" not in echo.data:
        merged = merge(action, words, echo, name)
        if merged is not None:
            return merged, events[1:]
        return words, events
    return said_once_by_kinds(BHM_ECHO_KINDS, action, words, events, merges=BHM_MERGES)


# the kind of the event with which the engine says an action again, by the action's kind
SCARS_ECHO_KINDS = {
    "keep": "keep",
    "mulligan": "mulligan",
    "cast": "cast",
    "skip": "life",
    "life": "life",
    "support": "support",
    "attack": "attack",
    "block": "block",
    "draw": "draw",
    "pos": "position",
    "shelter": "shelter",
    "choose": "shelter",
    "equip": "equip",
    "sacrifice": "leave",
    "pass": "pass",
    "learn": "learn",
    "discard": "discard",
}


def learned(words: str, echo: str) -> str | None:
    """The Scars: a keyword learnt, with how long from the engine's echo (`Beast Sage learns
    Trample for this combat`): `Beast Sage learns Trample for this combat`, said once."""
    found = re.search(r" learns (.+) for this combat$", echo)
    if found is None or not words.endswith(f" learns {found.group(1)}"):
        return None
    return f"{words} for this combat"


SCARS_MERGES: dict[str, Merge] = {"keep": cards_kept, "mulligan": cards_kept, "learn": learned}


def did_at_once(action: Action, events: Sequence[Event]) -> bool:
    """The Scars: `action` (a prayer played, an ability, the hero's) put its entry in the
    resolution zone and it resolved at once (`resolved_at_once`), and the lines of what it did
    follow (`resolved_told`: `Pikeman gets +1/+1 until end of turn`). Not a unit, a weapon or a
    structure played (its `enters` line says where it went: `entered_as_played`)."""
    at = next((i for i, ev in enumerate(events) if ev.kind == "stack"), None)
    if action.kind not in _ENTRY_ACTIONS or at is None or at + 2 >= len(events):
        return False
    pushed, resolved, did = events[at], events[at + 1], events[at + 2]
    entry = resolved.data.get("entry")
    return (
        resolved_at_once(pushed, resolved)
        and resolved_told(resolved, did)
        and isinstance(entry, Mapping)
        and (entry.get("kind") != "card" or entry.get("type") == "prayer")
    )


# where an action's words say what its entry does: after its name and cost (`Hero ability (2): `,
# `Field Medic (3rd in DEF)'s ability (1): `, `Play Smite (1): `)
_DOES_AFTER = "): "


def scars_said_once(action: Action, words: str, events: Sequence[Event]) -> tuple[str, list[Event]]:
    """The Scars: the engine's echo of the action left out (`said_once_by_kinds`), and the words
    of what a prayer or an ability does when it did it at once and the lines under the action say
    what it did (`did_at_once`): `Hero ability (2)` over `Pikeman gets +1/+1 until end of turn`
    (it read `Hero ability (2): give Pikeman +1/+1 until end of turn` over it), `Ember Shaman's
    ability (tap)` over `Ember Shaman deals 1 damage to P1's hero: 1 life lost (17 left)`."""
    words, told = said_once_by_kinds(SCARS_ECHO_KINDS, action, words, events, merges=SCARS_MERGES)
    cut = words.find(_DOES_AFTER)
    if cut >= 0 and did_at_once(action, told):
        words = words[: cut + 1]
    return words, told


GAME_SAID_ONCE: dict[str, Callable[[Action, str, Sequence[Event]], tuple[str, list[Event]]]] = {
    "hotg": hotg_said_once,
    "scars": scars_said_once,
}


def said_once(
    game_id: str, action: Action, words: str, events: Sequence[Event], name: Namer | None = None
) -> tuple[str, list[Event]]:
    """The log's line for `action` (`words`) and the events under it, each thing said once:
    the event with which an engine begins by saying the action again (`P1 ends the turn`
    under `End the turn`) is left out, with what it adds in `words` (`Move a life to energy
    (17 lives left)`); what it adds in the players' names of the log's lines when `name` is
    given (BHM's `React with Foresight to your draw`)."""
    if game_id == "bhm":  # (its echoes' data in the players' names; the words' places in the table's:
        # the events' places are `told_events`' to put, after it words them in the seats' names)
        words, told = bhm_said_once(action, words, events, name)
        return bhm_places(words, whose=True), told
    once = GAME_SAID_ONCE.get(game_id)
    return once(action, words, events) if once is not None else (words, list(events))


def step_said(replay: Replay, i: int, viewer: int | None, *, full: bool = False) -> tuple[str, list[Event]]:
    """The replay log's line for action `i` (0-based) without its number and the events under
    it, each thing said once (`said_once`), in the words of the views around it as `viewer`
    sees them (`told_events`; `full`: every line, The Scars' resolution zone too) — the replay
    screen's and `triarch replay --print`'s."""
    action = replay.actions[i]
    words, events = said_once(replay.game_id, action, step_words(replay, i, viewer), replay.events[i])
    events = told_events(
        replay.game_id,
        action,
        events,
        lambda: replay.state(i).view(viewer),
        lambda: replay.state(i + 1).view(viewer),
        viewer,
        full=full,
    )
    return words, events


def step_lines(replay: Replay, i: int, viewer: int | None) -> tuple[str, list[str]]:
    """The replay log's lines for action `i` (0-based): the action's (`P1: Move a life to
    energy (17 lives left)`, without its number) and those of its events, as `viewer` may
    read them — what the replay screen shows and `triarch replay --print` prints."""
    words, events = step_said(replay, i, viewer)
    return words, event_words(events, viewer, replay.game_id)
