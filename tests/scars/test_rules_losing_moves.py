"""Moves that lose at once (SC-05 ⚖: drawing from an empty deck loses; SC-02: no lives left) stay
legal — a player may make a losing move — but their words say so, from the engine
(`describe_action`: "(you lose: your deck is empty)"), and no AI level plays one when another move
does not lose (`Game.not_losing`, docs/rulings.md and docs/ai.md, session 41)."""

from __future__ import annotations

import pytest

from common.agents import make_agent
from common.game import Action
from scars.cards import card_pool
from scars.game import _MOST_DRAWN, ScarsGame
from tests.scars.util import P, has, make, play, resolve, uid

LEVELS = ["random", "scripted", "greedy", "lookahead", "search"]


def _insight(deck: int, **kw: object) -> ScarsGame:
    return make(P(energy=4, hand=["n_insight"], deck=["n_militia"] * deck, **kw), P("hero_korrag"))


def test_most_drawn_is_the_most_any_card_draws() -> None:
    """`not_losing`'s shortcut (a deck of `_MOST_DRAWN` cards or more: no draw loses) holds for
    every card of the pool: no prayer, ability or entering draws more."""
    most = 1  # the draw of 1B
    for d in card_pool().values():
        for spec in (d.effect, d.ability, d.trigger):
            if spec.get("effect") == "draw":
                most = max(most, int(spec.get("x", 1)))
    assert most == _MOST_DRAWN


def test_sc05_insight_on_a_short_deck_is_legal_and_says_it_loses() -> None:
    """Insight (draw 2) with 0 or 1 card in the deck is offered; its words say it loses; cast and
    resolved, its player loses (SC-05). With 2 cards it says nothing of the kind."""
    for deck, why in ((0, "your deck is empty"), (1, "your deck has only 1 card")):
        g = _insight(deck)
        a = Action.parse(f"cast {uid(g, 'n_insight')}")
        assert has(g, a.notation())
        assert g.loses_at_once(a) == why
        assert g.describe_action(a) == f"Play Insight (2): draw 2 cards (you lose: {why})"
        play(g, a.notation())
        resolve(g)
        assert g.is_over() and g.winner() == 1
    g = _insight(2)
    a = Action.parse(f"cast {uid(g, 'n_insight')}")
    assert g.loses_at_once(a) is None and g.describe_action(a) == "Play Insight (2): draw 2 cards"
    assert g.not_losing(g.legal_actions()) is not None and a in g.not_losing(g.legal_actions())


def test_sc05_road_scout_entering_on_an_empty_deck_says_it_loses() -> None:
    """Road Scout's entering draws a card (SC-42, mandatory): cast on an empty deck, each way it
    may enter says it loses."""
    g = make(P(energy=4, hand=["n_scout"], deck=[]), P("hero_korrag"))
    scout = uid(g, "n_scout")
    casts = [a for a in g.legal_actions() if a.kind == "cast" and a.args[0] == scout]
    assert casts
    for a in casts:
        assert g.describe_action(a).endswith("(you lose: your deck is empty)")
    assert g.not_losing(g.legal_actions()) == [a for a in g.legal_actions() if a not in casts]


def test_sc05_the_draw_on_an_empty_deck_says_it_loses() -> None:
    """1B Draw with an empty deck: "Draw a card (you lose: your deck is empty)"; skipping the
    draw (SC-17) does not lose, with more than one life."""
    g = make(P(deck=[]), P("hero_korrag"), phase="draw")
    assert g.decision().kind == "draw"
    assert g.describe_action(Action("draw")) == "Draw a card (you lose: your deck is empty)"
    assert g.not_losing(g.legal_actions()) == [Action("skip")]
    g1 = make(P(deck=[], lives=1), P("hero_korrag"), phase="draw")
    # both lose (the last life moved to energy, SC-02): then both are left
    assert g1.loses_at_once(Action("skip")) == "that is your last life"
    assert g1.not_losing(g1.legal_actions()) == g1.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_draws_from_an_empty_deck_when_it_may_skip(level: str) -> None:
    """Every AI level skips the draw (SC-17) rather than draw from an empty deck (the scripted
    player drew whenever it did not want energy)."""
    for seed in range(8 if level == "random" else 2):
        g = make(P(deck=[], energy=4), P("hero_korrag"), phase="draw")
        assert make_agent(ScarsGame, level, seed).choose(g) == Action("skip")


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_casts_insight_on_an_empty_deck(level: str) -> None:
    """In its recruitment, Insight on an empty deck among its choices: no level casts it (the
    random player drew it among 2–3 choices for some of these seeds)."""
    for seed in range(12 if level == "random" else 2):
        g = _insight(0, lives=10)
        a = Action.parse(f"cast {uid(g, 'n_insight')}")
        assert a in g.legal_actions()
        assert make_agent(ScarsGame, level, seed).choose(g) != a


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_plays_a_losing_move_when_every_move_loses(level: str) -> None:
    """The draw phase with an empty deck and one life: drawing and skipping both lose; the level
    plays one of them (the game goes on to its end)."""
    g = make(P(deck=[], lives=1), P("hero_korrag"), phase="draw")
    a = make_agent(ScarsGame, level, 0).choose(g)
    assert a in (Action("draw"), Action("skip"))
    g.apply(a)
    assert g.is_over() and g.winner() == 1
