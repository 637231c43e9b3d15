"""BHM data files: cards, decks and scenarios are validated with errors naming file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from bhm.cards import KEYWORDS, card_pool, load_card_file, load_pool
from bhm.effects import EFFECTS
from bhm.game import BhmGame
from common.errors import DataError

GOOD = """
[[card]]
id = "test_being"
name = "Test Being"
type = "being"
rank = 2
element = "FIRE"
pod = 100
salud = 200
"""


def write(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_pool_has_sixty_distinct_cards_of_every_type_and_keyword() -> None:
    """Card pool: ≥ 60 cards, every type, ≥ 8 invocations, every keyword (BH-90..BH-102) at least once."""
    pool = card_pool()
    assert len(pool) >= 60
    types = {d.type for d in pool.values()}
    assert types == {
        "being",
        "god",
        "demigod",
        "entity",
        "invocation",
        "power",
        "object",
        "strategy",
        "territory",
    }
    assert sum(d.type == "invocation" for d in pool.values()) >= 8
    assert any(d.is_invoker for d in pool.values())
    assert any(d.equip for d in pool.values()) and any(
        d.type == "power" and not d.equip for d in pool.values()
    )
    assert any(d.reaction for d in pool.values())
    assert any(d.type == "territory" and "Indestructible" in d.keywords for d in pool.values())
    used = {
        k.split(" ")[0] if not k.startswith(("Power", "Magic")) else k
        for d in pool.values()
        for k in (*d.keywords, *d.grants)
    }
    assert used == set(KEYWORDS)
    assert {d.effect for d in pool.values() if d.effect} <= set(EFFECTS)


def test_good_card_file_loads(tmp_path: Path) -> None:
    cards = load_card_file(write(tmp_path, GOOD))
    assert cards["test_being"].pod == 100 and cards["test_being"].fue is None


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (("rank = 2", "rank = -1"), "rank", "negative"),
        (("salud = 200", "salud = 0"), "salud", "would kill it"),
        (('element = "FIRE"', 'element = "ICE"'), "element", "element must be one of"),
        (('type = "being"', 'type = "spell"'), "type", "type must be one of"),
        (("pod = 100", 'pod = "lots"'), "pod", "expected"),
        (("pod = 100", 'pod = 100\neffect = "fireball"'), "effect", "unknown effect 'fireball'"),
        (("pod = 100", 'pod = 100\nkeywords = ["Flying"]'), "keywords", "unknown keyword"),
        (("pod = 100", 'pod = 100\nkeywords = ["Terror"]'), "keywords", "needs a number"),
        (("pod = 100", "pod = 100\npower = 3"), "power", "unknown key"),
        (("pod = 100", 'pod = 100\nrarity = "MYTHIC"'), "rarity", "rarity must be one of"),
        (("pod = 100", "pod = 100\nequip = true"), "equip", "only power cards"),
        (("pod = 100", "pod = 100\nbonus = { luck = 2 }"), "bonus", "bonus may name"),
    ],
)
def test_bad_card_file_names_file_card_and_field(
    tmp_path: Path, change: tuple[str, str], field: str, message: str
) -> None:
    """A bad card → DataError naming the file, the card and the field."""
    p = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(DataError, match=message) as info:
        load_card_file(p)
    assert info.value.file == str(p) and info.value.card == "test_being" and info.value.field == field


def test_duplicate_ids_across_files_and_bad_toml(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD, "b.toml")
    with pytest.raises(DataError, match="duplicate card id") as info:
        load_pool(tmp_path)
    assert info.value.file.endswith("b.toml")
    bad = write(tmp_path, "[[card]\nid=", "c.toml")
    with pytest.raises(DataError, match="not valid TOML"):
        load_card_file(bad)


DECK = """
[deck]
name = "Mine"
[cards]
"""


def test_user_deck_file_loads_and_bad_decks_say_why(tmp_path: Path) -> None:
    """Deck files: construction rules (BH-01, BH-82) with errors naming the problem."""
    ashen = next(iter(BhmGame.preset_decks().values()))
    body = DECK + "\n".join(f"{k} = {v}" for k, v in ashen["cards"].items())
    content = BhmGame.deck_from_file(write(tmp_path, body, "deck.toml"))
    g = BhmGame.new_game(seed=2, decks=[content, None])
    assert len(g.zones["invocations:0"]) == 9
    with pytest.raises(DataError, match="no such card in the pool") as info:
        BhmGame.deck_from_file(write(tmp_path, body + "\nphoenix = 1", "d2.toml"))
    assert info.value.card == "phoenix"
    with pytest.raises(DataError, match="at most 1 allowed") as info:
        BhmGame.deck_from_file(write(tmp_path, body.replace("ignaros = 1", "ignaros = 2"), "d3.toml"))
    assert info.value.card == "ignaros" and info.value.file.endswith("d3.toml")
    with pytest.raises(DataError, match="must have 40 to 65"):
        BhmGame.deck_from_file(write(tmp_path, DECK + "ember_squire = 3", "d4.toml"))
    with pytest.raises(DataError, match="unknown key in"):
        BhmGame.deck_from_file(
            write(tmp_path, body.replace('name = "Mine"', 'name = "Mine"\nleader = "x"'), "d5.toml")
        )


def test_preset_decks_are_legal() -> None:
    decks = BhmGame.preset_decks()
    assert len(decks) >= 2
    for content in decks.values():
        deck = BhmGame.check_deck(content)
        main = sum(n for c, n in deck.cards if card_pool()[c].type != "invocation")
        assert 40 <= main <= 65


SCEN = """
[scenario]
game = "bhm"
title = "bad"
[state]
active = 1
[[player]]
cll = 3
[[player.being]]
card = "storm_roc"
[[player]]
"""


@pytest.mark.parametrize(
    ("change", "card", "field", "message"),
    [
        (('card = "storm_roc"', 'card = "storm_rock"'), "storm_rock", "card", "no such card"),
        (("cll = 3", "cll = 40"), None, "cll", "from 0 to 31"),
        (("active = 1", "active = 3"), None, "active", "1 or 2"),
        (("active = 1", 'active = 1\nphase = "upkeep"'), None, "phase", "phase must be one of"),
        (
            ('card = "storm_roc"', 'card = "storm_roc"\nfrozen = "yes"'),
            "storm_roc",
            "frozen",
            "true or false",
        ),
        (
            ('card = "storm_roc"', 'card = "storm_roc"\nattached = ["dragonbone_armor", "iron_sword"]'),
            "storm_roc",
            "attached",
            "BH-60",
        ),
        (('card = "storm_roc"', 'card = "fire_bolt"'), "fire_bolt", "card", "cannot stand in a being zone"),
        (("cll = 3", 'cll = 3\nhand = ["nope"]'), "nope", "hand", "no such card"),
        (("cll = 3", "cll = 3\nmana = 3"), None, "mana", "unknown key"),
        (('game = "bhm"', 'game = "hotg"'), None, "game", "not 'bhm'"),
    ],
)
def test_bad_scenario_names_card_and_field(
    change: tuple[str, str], card: str | None, field: str, message: str
) -> None:
    """Scenario files: DataError naming the scenario, the card and the field, never a traceback."""
    with pytest.raises(DataError, match=message) as info:
        BhmGame.new_game(seed=1, scenario=SCEN.replace(*change))
    assert info.value.card == card and info.value.field == field
    assert "bad" in info.value.file or field == "game"


def test_scenario_sets_every_documented_field() -> None:
    """The docs/scenarios/bhm.md example loads and sets what it says."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "scenarios" / "bhm.md").read_text(encoding="utf-8")
    text = doc.split("```toml", 1)[1].split("```", 1)[0]
    g = BhmGame.new_game(seed=1, scenario=text)
    assert g.turn == 8 and g.active == 1 and g.phase == "combat" and g.cll == [9, 14] and g.budget == 2
    drake = next(c for c in g.zones.cards.values() if c.defn.id == "magma_drake")
    assert drake.wounds == 300 and drake.zone == "slot:1:3"
    assert [g.card(u).defn.id for u in g.zones[drake.zone].cards] == [
        "magma_drake",
        "iron_sword",
        "arcane_channel",
    ]
    assert any(c.defn.id == "tide_sentinel" and c.zone == "deserters:0" for c in g.zones.cards.values())
    assert g.zones["deck:0"].cards[-1] == next(
        c.uid for c in g.zones.cards.values() if c.defn.id == "storm_roc" and c.zone == "deck:0"
    )


def test_scenario_game_saves_and_replays(tmp_path: Path) -> None:
    """A game started from a scenario saves as a replay (the scenario text is in the setup)."""
    text = (Path(__file__).resolve().parents[1] / "scenarios" / "bhm" / "pod500_invest.toml").read_text()
    g = BhmGame.new_game(seed=3, scenario=text)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    again = BhmGame.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()


def test_cli_play_refuses_a_bad_scenario_or_deck_with_the_reason(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from tui.cli import main

    bad = write(tmp_path, SCEN.replace('card = "storm_roc"', 'card = "storm_rock"'), "bad.toml")
    r = CliRunner().invoke(main, ["play", "bhm", "--scenario", str(bad)])
    assert r.exit_code == 2 and "card 'storm_rock', field 'card'" in r.output
    deck = write(tmp_path, DECK + "ember_squire = 3", "deck.toml")
    r = CliRunner().invoke(main, ["play", "bhm", "--deck1", str(deck)])
    assert r.exit_code == 2 and "must have 40 to 65" in r.output
