"""The hot-seat cover says what the player is about to decide when it is not their own turn's
decision: a mulligan before the first turn, a block or an answer in the other player's turn."""

from __future__ import annotations

from .helpers import game_app, press, scenario, screen_name, screen_text, settle


def cover_words(app: object) -> str:
    return " ".join(screen_text(app).replace("║", " ").split())


async def test_scars_mulligan_cover_says_before_the_first_turn_not_your_turn() -> None:
    """The second player's mulligan said "P2, it is your turn." (the first turn is P1's)."""
    app = game_app("scars", seed=3, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = cover_words(app)
        assert "▶ P1: before the first turn — you decide: Keep these 6 cards" in text
        await press(pilot, "space")
        await settle(pilot)
        await press(pilot, "1")  # keep
        await settle(pilot)
        assert screen_name(app) == "CoverScreen"
        text = cover_words(app)
        assert "▶ P2: before the first turn — you decide: Keep these" in text
        assert "it is your turn" not in text


async def test_scars_block_cover_names_the_turn_and_the_block() -> None:
    """P1 blocks in P2's turn: the cover says whose turn it is and that P1 declares blockers."""
    app = game_app("scars", seed=3, vs="human", scenario=scenario("scars_militia_blocks"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "CoverScreen"
        text = cover_words(app)
        assert (
            "▶ P1: it is P2's turn — you decide: Declare blockers: choose each block, then confirm them"
            in text
        )
        assert "it is your turn" not in text


async def test_own_turn_cover_unchanged() -> None:
    app = game_app("hotg", seed=3, vs="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = cover_words(app)
        assert "▶ P1, it is your turn." in text and "you decide" not in text
