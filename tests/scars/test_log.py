"""The Scars log at the end of the game: truthful hero-damage lines (SC-96) and nothing after the
game-over line (SC-02, SC-05)."""

from __future__ import annotations

from common.events import Event
from scars.game import ScarsGame
from tests.scars.util import P, attack, block, hero, make, play, uid


def _wolves(lives: int, boar: bool = False) -> tuple[ScarsGame, int]:
    """P1's Grey Wolf (2 attack) and maybe a Tusked Boar (3) attack P2's hero, unblocked.
    Returns the game and the log mark before the attack."""
    units = [{"card": "wild_wolf", "position": "attack"}]
    if boar:
        units.append({"card": "wild_boar", "position": "attack"})
    g = make(P("hero_korrag", units=units), P(lives=lives), phase="attackers")
    mark = g.log.mark()
    pairs = [(uid(g, "wild_wolf"), hero(g, 2))]
    if boar:
        pairs.append((uid(g, "wild_boar"), hero(g, 2)))
    attack(g, *pairs)
    block(g)
    return g, mark


def _after_over(g: ScarsGame) -> list[Event]:
    ev = g.log.events
    overs = [i for i, e in enumerate(ev) if e.kind == "over"]
    assert len(overs) == 1, [e.text for e in ev if e.kind == "over"]  # exactly one game-over line
    return ev[overs[0] + 1 :]


def test_sc96_hero_damage_line_states_lives_lost_and_left() -> None:
    """SC-96: the damage line names the lives actually removed and how many remain."""
    g, mark = _wolves(3)
    dmg = [e.text for e in g.log.since(mark) if e.kind == "damage"]
    assert dmg == ["Grey Wolf deals 2 damage to P2's hero: 2 lives lost (1 left)"]
    assert g.lives(1) == 1 and not g.is_over()


def test_sc96_sc02_lethal_damage_line_is_truthful() -> None:
    """SC-96 / SC-02: 2 damage to a hero with 1 life: '1 life lost (0 left)', then the game-over
    line."""
    g, mark = _wolves(1)
    texts = [e.text for e in g.log.since(mark)]
    assert texts[-2:] == [
        "Grey Wolf deals 2 damage to P2's hero: 1 life lost (0 left)",
        "P2's hero has no lives left: P1 wins",
    ]
    assert g.is_over() and g.winner() == 0


def test_sc96_sc55_a_later_hit_on_a_hero_without_lives_says_so() -> None:
    """SC-55 / SC-96: combat damage is dealt at once; when the Wolf has taken the last lives, the
    Boar's hit removes none and its line says so instead of '0 lives lost'."""
    g, mark = _wolves(2, boar=True)
    texts = [e.text for e in g.log.since(mark)]
    assert texts[-3:] == [
        "Grey Wolf deals 2 damage to P2's hero: 2 lives lost (0 left)",
        "Tusked Boar deals 3 damage to P2's hero: no lives left to lose",
        "P2's hero has no lives left: P1 wins",
    ]
    assert not any("0 lives lost" in t for t in texts)


def test_sc02_no_phase_event_after_a_combat_win() -> None:
    """SC-02: once the hero has no lives left the game is over: the damage sub-phase does not
    end into the second recruitment; the last events are the damage and the game-over line."""
    g, _ = _wolves(2)
    assert _after_over(g) == []
    assert [e.kind for e in g.log.events[-2:]] == ["damage", "over"]
    assert g.phase == "damage" and g.decision() is None


def test_sc02_sc17_moving_the_last_life_ends_the_game_without_a_phase_event() -> None:
    """SC-02 / SC-17: skipping the draw to move the last life into play loses at once; no
    sub-phase begins before or after the game-over line."""
    g = make(P(lives=1), P(), phase="draw")
    mark = g.log.mark()
    play(g, "skip")
    assert g.is_over() and g.winner() == 1
    kinds = [e.kind for e in g.log.since(mark)]
    assert kinds == ["life", "over"]
    assert _after_over(g) == []


def test_sc05_deck_out_has_one_game_over_line_and_no_phase_after() -> None:
    """SC-05 ⚖: drawing from an empty deck loses: one game-over line, no phase event after it."""
    g = make(P(deck=[]), P(), phase="draw")
    mark = g.log.mark()
    play(g, "draw")
    assert g.is_over() and g.winner() == 1
    assert [e.kind for e in g.log.since(mark)] == ["deckout", "over"]
    assert _after_over(g) == []
