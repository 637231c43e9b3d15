"""The printed words of the BHM cards and log: plurals spelt out (`Draw 2 cards.`, `draw 1
card`, not `card(s)`), and a reaction said once (`Reaction: after any enemy action …`, not
`Reaction. Reaction: …`)."""

from __future__ import annotations

import random

from bhm.game import BhmGame


def test_card_texts_spell_plurals_and_say_reaction_once() -> None:
    _, rows = BhmGame.card_rows()
    texts = [str(r[-1]) for r in rows]
    assert not [t for t in texts if "(s)" in t]
    assert not [t for t in texts if "Reaction. Reaction" in t]
    assert "Draw 2 cards." in texts
    assert any(t.startswith("Reaction: after any enemy action, draw 1 card.") for t in texts)


def test_the_log_spells_plurals() -> None:
    for seed in range(1, 6):
        g = BhmGame.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
        assert not [e.text for e in g.log if "(s)" in e.text]
