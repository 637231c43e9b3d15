"""The choice list with each wrapped choice indented under its words (Hand of the Gods)."""

from __future__ import annotations

import re
import textwrap

from textual.widgets.option_list import Option

from tui.widgets.actions import ActionList

# What a one-line choice leaves out first when it does not fit: the mana a card costs
# (the hand and the card panel say it), before its middle is cut with "…".
DROPPABLE = re.compile(r" \(\d+ mana\)")


class HangingActionList(ActionList):
    """`ActionList`; from 120 × 40, where a choice wraps, its wrapped lines go on under its
    words, not under its number or `▸` (`Marksman` came back to the edge under
    `▸ Cast Battle Fury (1 mana) on` and read as a choice of its own). Below that each
    choice is one line, as in `ActionList`, without `(N mana)` when one does not fit
    (`Cast Battle Fury on Enyo's Banner`, not `Cast Battle Fury (1 mana)… Banner`)."""

    def fit_options(self) -> None:
        n = len(self.words)
        room = self.scrollable_content_region.width - self.margin()
        if self.one_line and n:
            rows = self.content_region.height
            label_w = len(self.labels()[0])  # `12. ` or ` ▸ `, as `ActionList` draws them
            fit = self.content_region.width - (2 if rows and n > rows else 0) - label_w - self.margin()
            words = self.words
            if any(len(w) > fit for w in words):  # then from every choice, alike
                self.words = [DROPPABLE.sub("", w) for w in words]
            try:
                super().fit_options()
            finally:
                self.words = words
            return
        if not n or room <= 12:
            super().fit_options()
            return
        labels = self.labels()
        prompts = []
        for label, text in zip(labels, self.words, strict=True):
            lines = textwrap.wrap(text, room - len(label), break_on_hyphens=False) or [text]
            prompts.append(label + ("\n" + " " * len(label)).join(lines))
        self.set_options([Option(p) for p in prompts])
