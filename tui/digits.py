"""Number keys past 9, one way for every numbered list of the table: the choice list under the
prompt (`GameScreen.action_number`) and the dialogs' own numbered rows and tiles (blockers, a
damage split, revealed cards: `tui.screens.decide`).

In a list of 10 entries or more, a digit that can start a number of the list (`1` of 12) waits
for a second digit: `1` `2` is entry 12; `Enter` takes the first digit's own entry (1); any other
key drops the wait. A digit that starts no number of the list (`2` of 12) is its entry at once, as
in a shorter list. While a digit waits, the screen says so (`words`): "1… a 2nd digit takes
10–12, Enter takes 1".
"""

from __future__ import annotations


def typed_words(n: int, k: int, noun: str = "") -> str:
    """What comes next while digit `n` waits for a second one, in a list of `k` entries: `1… a 2nd
    digit takes 10–12, Enter takes 1`; with a `noun`, `1… a 2nd digit takes row 10–12, Enter row 1`
    (a dialog's rows, where `Enter` otherwise confirms the whole dialog)."""
    last = min(k, n * 10 + 9)
    more = f"{n}0" if last == n * 10 else f"{n}0–{last}"
    if noun:
        return f"{n}… a 2nd digit takes {noun} {more}, Enter {noun} {n}"
    return f"{n}… a 2nd digit takes {more}, Enter takes {n}"


def number_keys(k: int) -> str:
    """The digits that reach every entry of a list of `k`: `1` (one entry), `1…3`, `1…12` (two
    digits past 9). (A dialog of 1 or 3 entries said `1…9`.)"""
    return "1" if k <= 1 else f"1…{k}"


class TwoDigits:
    """The first digit of a number that waits for a second one (0: none waits)."""

    __slots__ = ("waiting",)

    def __init__(self) -> None:
        self.waiting = 0

    def digit(self, n: int, k: int, *, can_wait: bool = True) -> int | None:
        """The number digit `n` makes in a list of `k` entries, or None while it waits for a
        second digit (it can start a number of the list, and `can_wait`: the list is the
        player's to choose from now). A number past the list's end is returned as it is: the
        caller says there is none."""
        first, self.waiting = self.waiting, 0
        if first:
            return first * 10 + n
        if can_wait and n >= 1 and n * 10 <= k:
            self.waiting = n
            return None
        return n

    def enter(self) -> int:
        """`Enter` while a digit waits: that digit's own entry (0: none waited)."""
        n, self.waiting = self.waiting, 0
        return n

    def drop(self) -> bool:
        """Another key: the wait ends. Whether a digit waited."""
        waited, self.waiting = bool(self.waiting), 0
        return waited

    def other_key(self, key: str, character: str | None) -> int | None:
        """A key pressed while a digit may wait, as every numbered list answers it: None when no
        digit waits or the key is a digit (`digit` takes it); `Enter` the waiting digit's own
        entry (its number, the wait over); any other key drops the wait (0)."""
        if not self.waiting or (character or "").isdigit():
            return None
        if key == "enter":
            return self.enter()
        self.drop()
        return 0
