"""Hand of the Gods' choice list: a one-line choice that does not fit drops its mana first."""

from __future__ import annotations

import re

from tui.widgets.actions import ActionList

# What a one-line choice leaves out first when it does not fit: the mana a card costs
# (the hand and the card panel say it), before its middle is cut with "…".
DROPPABLE = re.compile(r" \(\d+ mana\)")


class HangingActionList(ActionList):
    """`ActionList` (from 120 × 40 it wraps each choice under its words, as every list now
    does); below that each choice is one line, without `(N mana)` when one does not fit
    (`Cast Battle Fury on Enyo's Banner`, not `Cast Battle Fury (1 mana)… Banner`)."""

    def fit_options(self) -> None:
        n = len(self.words)
        if self.one_line and n:  # else `ActionList` wraps each choice under its words
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
        super().fit_options()
