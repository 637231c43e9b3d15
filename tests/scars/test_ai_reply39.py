"""The Scars' `lookahead` and `search` since session 39 (docs/ai.md, The Scars, session 39):
greedy's candidates of its own turn judged where the opponent's next turn ends (`reply`,
`play_turn`: the scripted player for both sides on a determinization), on one deal
(`lookahead`) or several (`search`, `deals`). At the end of its own turn greedy's evaluation
does not see the enemy's next combat: a held Judgement (destroy an attacking unit) is worth
no more than any card in hand, and an unguarded hero at the mercy of an attacker is judged
by a static threat term."""

from __future__ import annotations

from common.agents import make_agent
from common.game import Action
from scars.ai import ScriptedAgent
from scars.ai_search import SPEC, ScarsGreedyAgent, play_turn
from scars.game import ScarsGame

from .util import P, make


def _at_bay(hand: list[str]) -> ScarsGame:
    """P1 (4 lives, 3 untapped energy, no unit) in its first recruitment; P2's Mammoth (5/5,
    Trample) stands in attack position: next turn it attacks the unguarded hero for 5."""
    return make(
        P(lives=4, energy=3, hand=hand),
        P("hero_korrag", lives=20, units=[{"card": "wild_mammoth", "position": "attack"}]),
        phase="recruit1",
    )


def _judged(g: ScarsGame, reply: bool) -> tuple[float, ScarsGame]:
    x = g.clone()
    x.apply(Action("done"))
    return ScarsGreedyAgent(SPEC, 1, reply=reply)._judge(x, 0), x


def test_reply_sees_the_enemy_attack_that_the_turns_end_does_not() -> None:
    """Ending the recruitment here: at the end of its own turn both hands look the same to the
    evaluation (the held Judgement barely counts); played through the Mammoth's turn, the hero
    with no Judgement dies and the one with it survives (the scripted player casts it)."""
    bare_end, _ = _judged(_at_bay([]), reply=False)
    held_end, _ = _judged(_at_bay(["legion_judgement"]), reply=False)
    assert abs(held_end - bare_end) < 0.05
    bare, g_bare = _judged(_at_bay([]), reply=True)
    held, g_held = _judged(_at_bay(["legion_judgement"]), reply=True)
    assert g_bare.over and g_bare.winner() == 1 and bare == -1.0
    assert not g_held.over and g_held.lives(0) == 4 and g_held.active == 0
    assert held > bare + 0.1


def test_play_turn_plays_exactly_the_turn_in_progress() -> None:
    g = _at_bay(["legion_judgement"])
    turn = g.turn
    play_turn(g, ScriptedAgent(0))
    assert g.turn == turn + 1 and g.active == 1  # P1's turn passed; P2's has begun
    play_turn(g, ScriptedAgent(0))
    assert g.turn == turn + 2 and g.active == 0 and g.lives(0) == 4  # Judgement met the Mammoth


def test_the_levels_are_greedy_with_the_reply_on_one_deal_and_on_several() -> None:
    greedy, look, search = (make_agent(ScarsGame, lvl, 3) for lvl in ("greedy", "lookahead", "search"))
    assert isinstance(look, ScarsGreedyAgent) and look.reply and look.deals == 1
    assert isinstance(search, ScarsGreedyAgent) and search.reply and search.deals > 1
    assert isinstance(greedy, ScarsGreedyAgent) and not greedy.reply and greedy.deals == 1


def test_search_judges_on_several_deals_and_counts_its_work() -> None:
    g = _at_bay(["legion_judgement", "legion_watchtower"])
    a = make_agent(ScarsGame, "search", 3)
    assert a.choose(g) in g.legal_actions()
    assert a.last_iterations == a.deals and a.last_work >= 2 * a.deals


def test_the_menu_offers_the_lookahead() -> None:
    """Shown stronger than greedy on deals it was not tuned on (docs/ai.md, session 39)."""
    assert ScarsGame.default_agent_level() == "lookahead"
