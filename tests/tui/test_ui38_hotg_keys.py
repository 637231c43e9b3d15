"""Session 38, Hand of the Gods' number keys on your turn: `0` says what the number keys do (it
said "There is no card 0", as if a card might have been numbered 0: the board's columns are
numbered from 0), and a full hand of 10 (HG-82) reaches its 10th card by `1` `0`, the way a
list's choice past the 9th is taken (`tui.digits`): the 10th card had no key."""

from __future__ import annotations

from .helpers import SKIRMISH, press, screen_text, settle, skirmish

HAND = 'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops"]'
# ten cards in hand, the 10th alone of its kind (a Spartan)
FULL_HAND = SKIRMISH.replace(
    HAND,
    'hand = ["oracle", "thunder_of_olympus", "aphrodite", "cyclops", "hoplite", "hoplite", "hoplite",'
    ' "hoplite", "hoplite", "spartan"]',
)


def said(app: object) -> str:
    return " ".join(screen_text(app).split())


async def test_zero_says_what_the_number_keys_do() -> None:
    app = skirmish()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "0")
        await settle(pilot)
        text = said(app)
        assert "✗ The number keys pick a card of your hand (keys 1–4)" in text
        assert "no card 0" not in text
        assert app.screen.selected is None


async def test_the_tenth_card_of_a_full_hand_by_one_then_zero() -> None:
    assert FULL_HAND != SKIRMISH
    app = skirmish(scenario=FULL_HAND)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await press(pilot, "1")
        await settle(pilot)
        assert screen.selected is None  # `1` waits: it may start 10
        assert "1… a 2nd digit takes card 10, Enter card 1" in said(app)
        await press(pilot, "0")
        await settle(pilot)
        spartan = screen.my_hand()[9]
        assert spartan["name"] == "Spartan"
        assert screen.selected == ("card", spartan["uid"])
        assert "2nd digit" not in said(app)


async def test_enter_takes_the_first_card_and_other_digits_at_once() -> None:
    app = skirmish(scenario=FULL_HAND)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        hand = screen.my_hand()
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert screen.selected == ("card", hand[0]["uid"])  # the Oracle
        await press(pilot, "escape", "3")  # no card 30: the 3rd at once
        await settle(pilot)
        assert screen.selected == ("card", hand[2]["uid"])
        await press(pilot, "escape", "0")
        await settle(pilot)
        assert "(keys 1–10: 10 is 1 then 0)" in said(app)
