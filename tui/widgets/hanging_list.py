"""Hand of the Gods' choice list: a one-line choice that does not fit drops its mana first,
then says `Stone` for `Summoning Stone`, then cuts its verb and card rather than its target."""

from __future__ import annotations

import re

from tui.widgets.actions import ActionList

# What a one-line choice leaves out first when it does not fit: the mana a card costs
# (the hand and the card panel say it), before its middle is cut with "…".
DROPPABLE = re.compile(r" \(\d+ mana\)")
# Where a choice's target (what tells one choice from the next) starts: `Cast Thunder of
# Olympus| on P2's Stone`, `Hoplite at 2,2| attacks Hoplite at 2,3`, `Move Hoplite| to 2,4`.
TARGET_AT = re.compile(r" (?:on|attacks|to) (?!.* (?:on|attacks|to) )")
# The fewest columns of a choice's start kept before its target (`Cast…`, `Use B…`).
LEAST_HEAD = 5


def keep_target(text: str, width: int) -> str:
    """`text` in `width` columns with its target whole: its start (the verb and the card,
    the same in every choice of a selection) cut with "…" first (`Cast Thunder of… on P2's
    Stone`), between words when one ends late enough. Unchanged when it fits, has no target
    or the target leaves too little room (the list's own cut then)."""
    if len(text) <= width:
        return text
    found = TARGET_AT.search(text)
    if found is None:
        return text
    head, tail = text[: found.start()], text[found.start() :]
    room = width - 1 - len(tail)
    if room < LEAST_HEAD:
        return text
    cut = head[:room]
    space = cut.rfind(" ")
    if space >= room * 2 // 3:  # `Cast Thunder of…`, not `Cast Thunder of Ol…`
        cut = cut[:space]
    return cut.rstrip() + "…" + tail


def fit_choice(text: str, width: int) -> str:
    """A choice's words in `width` columns as the list fits one alone: without its mana, then
    with `Stone` for `Summoning Stone`, then cut before its target (`keep_target`), which stays
    whole: `2,8 — Enter: Cast Thunder… on P2's Stone`. (Longer still: the caller cuts it.)"""
    for step in (
        lambda t: DROPPABLE.sub("", t),
        lambda t: t.replace("Summoning Stone", "Stone"),
        lambda t: keep_target(t, width),
    ):
        if len(text) <= width:
            break
        text = step(text)
    return text


# The cell a note of the card panel opens with (`3,4 — Enter: Target P2's Terracotta Warrior`).
NOTE_CELL = re.compile(r"^\d+,\d+ — (?=Enter: )")
# The verb of a target's note (the prompt says a target is chosen: `Choose a target for Valkyrie`).
NOTE_VERB = re.compile(r"(?<=Enter: )Target (?=\S)")
# A note that keeps a word of what Enter does (not `Enter:… on P2's Berserker`, `Enter… on …`).
NOTE_HEADED = re.compile(r"Enter: [^\s…]")


def fit_note(text: str, width: int) -> str:
    """What Enter does in the card panel (`3,4 — Enter: Target P2's Terracotta Warrior`) in
    `width` columns: as a choice (`fit_choice`), then without the cell it opens with (the board's
    cursor is on it), then without the verb `Target` (the prompt says a target is chosen), so that
    its target stays whole: `Enter: P2's Terracotta Warrior`, not `3,4 — Enter: Target P2's
    Terracotta…`. A cut that leaves no word of what Enter does (`1,4 — Enter:… on P2's
    Berserker`) is no fit: the cell goes first then (`Enter: Cast… on P2's Berserker`).
    (Longer still: the caller cuts it.)"""
    cut = text
    for drop in ((), (NOTE_CELL,), (NOTE_CELL, NOTE_VERB)):
        words = text
        for pattern in drop:
            words = pattern.sub("", words)
        if len(words) <= width:
            return words
        cut = fit_choice(words, width)
        if len(cut) <= width and NOTE_HEADED.search(cut):
            return cut
    return cut


def keep_targets(texts: list[str], width: int) -> list[str]:
    """`keep_target` of each text, except where two choices would then read the same (`Move
    Hoplite… to 2,4` of two Hoplites): those are left whole, for the list's own cut, which
    keeps where they differ."""
    out = [keep_target(t, width) for t in texts]
    sources: dict[str, set[str]] = {}
    for text, label in zip(texts, out, strict=True):
        sources.setdefault(label, set()).add(text)
    return [text if len(sources[label]) > 1 else label for text, label in zip(texts, out, strict=True)]


class HangingActionList(ActionList):
    """`ActionList` (from 120 × 40 it wraps each choice under its words, as every list now
    does); below that each choice is one line; when one does not fit, every choice alike
    leaves out `(N mana)` (`Cast Battle Fury on Enyo's Banner`, not `Cast Battle Fury (1
    mana)… Banner`), then says `Stone` for `Summoning Stone` (the board's word), then cuts the
    start of a choice that still does not fit rather than its target (`Cast Thunder of… on
    P2's Stone`, not `Cast Thunder of Olympus on… Stone`)."""

    def fit_options(self) -> None:
        n = len(self.words)
        if self.one_line and n:  # else `ActionList` wraps each choice under its words
            rows = self.content_region.height
            label_w = len(self.labels()[0])  # `12. ` or ` ▸ `, as `ActionList` draws them
            fit = self.content_region.width - (2 if rows and n > rows else 0) - label_w - self.margin()
            words = self.words
            shown = words
            if any(len(w) > fit for w in shown):  # then from every choice, alike
                shown = [DROPPABLE.sub("", w) for w in shown]
            if any(len(w) > fit for w in shown):
                shown = [w.replace("Summoning Stone", "Stone") for w in shown]
            if fit > 0 and any(len(w) > fit for w in shown):
                shown = keep_targets(shown, fit)
            self.words = shown
            try:
                super().fit_options()
            finally:
                self.words = words
            return
        super().fit_options()
