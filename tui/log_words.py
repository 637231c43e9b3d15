"""The words of the log for an action, shared by the game screen, the replay screen and
`triarch replay --print` (no Textual here: the command line imports it).

`log_words(game, action, viewer)` is what the log says of `action`, about to be applied to
`game`, in the words `viewer` may read (None: the public log): the engine's
`describe_action_for`, and for a game whose cards share names (The Scars) the place of
each same-named card of the table (`Grey Wolf (P2, 1st in ATK)`, never a place in a hand).
A game's own words are registered in `GAME_WORDS` by game id.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from common.events import Event
from common.game import Action, Game
from common.saves import Replay


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


def event_words(events: list[Event], viewer: int | None) -> list[str]:
    """The log's lines for `events` as `viewer` may read them (an event hidden from them left out)."""
    out: list[str] = []
    for ev in events:
        text = ev.text_for(viewer)
        if text is not None:
            out.append(text)
    return out


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


def scars_words(game: Game, action: Action, viewer: int | None) -> str:
    """The Scars' log tells same-named cards of the table apart, never by a place in the hand
    (hidden from the other side, and from the log in hot-seat)."""
    places = card_places(game.view(viewer), viewer, hand=False)
    text = game.describe_action_for(action, viewer)
    d = game.decision()
    if d is not None and text == game.describe_action(action):  # nothing hidden: each card named
        # a card from the decider's hand: its name, with no place, so that the place of a
        # same-named card of the table goes after that card's own name, not the hand card's
        held = card_places(game.view(d.player), d.player, hand=True)
        for uid in (x for x in action.args if isinstance(x, int) and not isinstance(x, bool)):
            if uid not in places and uid in held:
                places[uid] = (held[uid][0], "")
    return told_apart(text, action, places)


GAME_WORDS: dict[str, Callable[[Game, Action, int | None], str]] = {"scars": scars_words}
