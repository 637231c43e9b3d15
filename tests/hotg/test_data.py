"""Card, deck and scenario files are validated (DataError naming file, card, field); CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from common.errors import DataError
from common.game import Action
from hotg.cards import card_pool, collectible, load_pool_files
from hotg.core import MAX_STEPS
from hotg.decks import load_deck_file
from hotg.game import HotgGame

from .helpers import scenario_text, u

CARD_DIR = Path(__file__).resolve().parents[2] / "hotg" / "cards"


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_pool_size_leaders_and_mechanics_covered() -> None:
    """At least 45 collectible cards, 3 leaders of different pantheons, every subtype used."""
    pool = card_pool()
    assert len(collectible(pool)) >= 45
    leaders = [d for d in pool.values() if d.kind == "leader"]
    assert len({d.pantheon for d in leaders}) >= 3
    subtypes = {s for d in pool.values() for s in d.subtypes}
    assert {"Structure", "Beast", "God"} <= subtypes
    dos = {str(a["do"]) for d in pool.values() for a in d.abilities}
    for needed in (
        "petrify",
        "splash",
        "give_resurrection",
        "execute",
        "transform",
        "banish",
        "return_to_hand",
        "silence",
        "stun",
        "reveal_card",
        "reveal_blessing",
        "set_attack_to_health",
        "ready",
        "spawn",
    ):
        assert needed in dos, needed
    whens = {str(a["when"]) for d in pool.values() for a in d.abilities}
    assert {"warcry", "activated", "afterlife", "aura"} <= whens


BASE_CARD = """
[[card]]
id = "x"
name = "X"
cost = 1
attack = 1
health = 1
move = 1
"""


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ("costt = 2\n", "costt", "unknown key"),
        (
            'abilities = [{ when = "warcry", do = "dammage", target = "enemy" }]\n',
            "abilities",
            "unknown effect",
        ),
        ('abilities = [{ when = "sometimes", do = "damage" }]\n', "abilities", "'when'"),
        (
            'abilities = [{ when = "warcry", do = "damage", target = "friends" }]\n',
            "abilities",
            "unknown target",
        ),
        ('keywords = ["Flying"]\n', "keywords", "unknown keyword"),
        ('keywords = ["Protect"]\n', "keywords", "needs a number"),
        ('subtypes = ["Dragon"]\n', "subtypes", "unknown subtype"),
        ('pantheon = "Aztec"\n', "pantheon", "unknown pantheon"),
        (  # HG-07: a reduction lowers a cost, never raises it
            'abilities = [{ when = "aura", do = "cost_reduction", amount = 0 }]\n',
            "abilities",
            "'amount' must be 1 or more",
        ),
    ],
)
def test_bad_card_file_names_file_card_field(tmp_path: Path, extra: str, field: str, words: str) -> None:
    p = write(tmp_path, "bad.toml", BASE_CARD + extra)
    with pytest.raises(DataError) as exc:
        load_pool_files([*sorted(CARD_DIR.glob("*.toml")), p])
    e = exc.value
    assert e.file.endswith("bad.toml") and e.card == "x" and e.field == field
    assert words in e.message


def test_structure_with_movement_is_refused(tmp_path: Path) -> None:
    """HG-33: a Structure card with movement is a data error."""
    p = write(tmp_path, "s.toml", BASE_CARD + 'subtypes = ["Structure"]\n')
    with pytest.raises(DataError) as exc:
        load_pool_files([p])
    assert exc.value.field == "move"


@pytest.mark.parametrize("field", ["move", "range"])
def test_a_move_or_range_beyond_what_the_game_plays_is_refused_when_the_file_is_loaded(
    tmp_path: Path, field: str
) -> None:
    """A movement or range of `hotg.core.MAX_STEPS` or more (the core's tables of steps and
    reach stop below it) is a data error naming file, card and field, not a failure in a game;
    one below it loads."""
    for value, ok in ((MAX_STEPS - 1, True), (MAX_STEPS, False), (40, False)):
        stats = {"move": 1, "range": 1, field: value}
        text = BASE_CARD.replace("move = 1\n", "".join(f"{k} = {v}\n" for k, v in stats.items()))
        p = write(tmp_path, "far.toml", text)
        if ok:
            assert getattr(load_pool_files([p])["x"], field) == value
            continue
        with pytest.raises(DataError) as exc:
            load_pool_files([p])
        e = exc.value
        assert e.file.endswith("far.toml") and e.card == "x" and e.field == field
        assert f"at most {MAX_STEPS - 1}" in e.message and str(value) in e.message


DECK = """
[deck]
name = "Mine"
leader = "{leader}"

[cards]
{cards}
"""


def deck_text(leader: str = "zeus", cards: dict[str, int] | None = None) -> str:
    cards = cards if cards is not None else dict(HotgGame.preset_decks()["Thunder of Olympus"]["cards"])
    return DECK.format(leader=leader, cards="\n".join(f"{k} = {v}" for k, v in cards.items()))


def test_user_deck_file_loads_and_plays(tmp_path: Path) -> None:
    """HG-03: a valid 25-card deck file works in a game."""
    p = write(tmp_path, "d.toml", deck_text("ra"))
    content = HotgGame.deck_from_file(p)
    g = HotgGame.new_game(seed=1, decks=[content, None])
    assert g.pl[0].leader == "ra"
    assert len(g.zones["deck:0"]) + len(g.zones["hand:0"]) == 25


@pytest.mark.parametrize(
    ("mutate", "card", "field", "words"),
    [
        (lambda c: c.update(hoplite=3, spartan=1), "hoplite", "count", "at most 2"),
        (lambda c: c.pop("recall"), None, "cards", "exactly 25"),
        (lambda c: c.update(zeus_card=1), "zeus_card", None, "no such card"),
        (lambda c: c.update(pig=1, recall=0), "pig", None, "cannot be put in a deck"),
    ],
)
def test_hg03_bad_decks_are_refused_with_the_problem(
    tmp_path: Path, mutate, card: str | None, field: str | None, words: str
) -> None:  # type: ignore[no-untyped-def]
    """HG-03: exactly 25 cards, ≤ 2 copies, real deck cards."""
    cards = dict(HotgGame.preset_decks()["Thunder of Olympus"]["cards"])
    mutate(cards)
    cards = {k: v for k, v in cards.items() if v}
    p = write(tmp_path, "d.toml", deck_text("zeus", cards))
    with pytest.raises(DataError) as exc:
        load_deck_file(p)
    assert exc.value.card == card and exc.value.field == field and words in exc.value.message
    assert "d.toml" in str(exc.value)


def test_hg03_deck_needs_a_leader(tmp_path: Path) -> None:
    p = write(tmp_path, "d.toml", deck_text("hoplite"))
    with pytest.raises(DataError) as exc:
        load_deck_file(p)
    assert exc.value.field == "leader"


@pytest.mark.parametrize(
    ("kw", "card", "field"),
    [
        ({"units": [u("hoplite", "9,9")]}, "hoplite (unit 1)", "cell"),
        ({"units": [u("hoplite", "2,0")]}, "hoplite (unit 1)", "cell"),
        ({"units": [u("hoplitee", "1,1")]}, "unit 1", "card"),
        ({"units": [u("recall", "1,1")]}, "recall (unit 1)", "card"),
        ({"units": [u("hoplite", "1,1", owner=3)]}, "hoplite (unit 1)", "owner"),
        ({"units": [{**u("hoplite", "1,1"), "health": 9}]}, "hoplite (unit 1)", "health"),
        ({"units": [{**u("hoplite", "1,1"), "colour": "red"}]}, "hoplite (unit 1)", "colour"),
        ({"p1": {"hand": ["nope"]}}, "player 1", "hand"),
        ({"p1": {"leader": "hoplite"}}, "player 1", "leader"),
        ({"p2": {"mana": 11}}, "player 2", "mana"),
    ],
)
def test_bad_scenarios_name_card_and_field(kw: dict, card: str, field: str) -> None:  # type: ignore[type-arg]
    text = scenario_text(list(kw.get("units", [])), p1=kw.get("p1"), p2=kw.get("p2"), title="broken")
    with pytest.raises(DataError) as exc:
        HotgGame.new_game(scenario=text)
    assert exc.value.card == card and exc.value.field == field
    assert "broken" in exc.value.file


def test_scenario_for_another_game_or_bad_toml() -> None:
    with pytest.raises(DataError) as exc:
        HotgGame.new_game(scenario='[scenario]\ngame = "bhm"\n')
    assert exc.value.field == "game"
    with pytest.raises(DataError) as exc:
        HotgGame.new_game(scenario="[scenario\n")
    assert "not valid TOML" in exc.value.message


def test_shipped_puzzles_load_and_save_as_replays() -> None:
    ship = Path(__file__).resolve().parents[2] / "hotg" / "scenarios"
    files = sorted(ship.glob("*.toml"))
    assert files
    for f in files:
        g = HotgGame.new_game(scenario=f.read_text(encoding="utf-8"))
        acts = g.legal_actions()
        g.apply(acts[0])
        again = HotgGame.from_json(g.to_json())
        assert again.state_hash() == g.state_hash()


def test_view_hides_the_opponent_hand_and_deck_order() -> None:
    g = HotgGame.new_game(seed=9)
    v = g.view(1)
    assert "hand" not in v["players"][0] and v["players"][0]["hand_count"] == 4
    assert len(v["players"][1]["hand"]) == 5
    assert "deck" not in str(v.keys())
    assert g.view(0)["decision"]["kind"] == "turn"
    import json

    json.dumps(g.view(None))


def test_describe_action_in_words() -> None:
    g = HotgGame.new_game(seed=3)
    for a in g.legal_actions():
        text = g.describe_action(a)
        assert text and (a.kind != "end" or text == "End the turn")
    g.apply("end")
    plays = [a for a in g.legal_actions() if a.kind == "play"]
    if plays:
        assert g.describe_action(plays[0]).startswith(("Play ", "Cast "))


def test_cli_cards_and_rules() -> None:
    from tui.cli import main

    r = CliRunner().invoke(main, ["cards", "hotg"], env={"COLUMNS": "220"})
    assert r.exit_code == 0, r.output
    assert "Medusa" in r.output and "Surtr" in r.output
    r = CliRunner().invoke(main, ["cards", "hotg", "--filter", "Beast"], env={"COLUMNS": "220"})
    assert r.exit_code == 0 and "Fenrir" in r.output and "Hoplite" not in r.output
    r = CliRunner().invoke(main, ["rules", "hotg"], env={"COLUMNS": "120"})
    assert r.exit_code == 0 and "Summoning Stone" in r.output and "Glossary" in r.output


def test_cards_table_fits_80_columns_and_shows_text_when_wide() -> None:
    """`triarch cards hotg` at 80 columns: no text column, every line fits, few rows wrap;
    on a wide terminal (or with --text) the card text is there."""
    from tui.cli import main

    def header(output: str) -> str:
        return next(line for line in output.splitlines() if "stats" in line and "cost" in line)

    r = CliRunner().invoke(main, ["cards", "hotg"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "text" not in header(r.output)
    cols, rows = HotgGame.card_rows(text=False)
    assert len(lines) < len(rows) * 2.2 + 8  # most cards on one or two lines (the id under the name)
    assert "Leader Ability" not in r.output
    wide = CliRunner().invoke(main, ["cards", "hotg"], env={"COLUMNS": "200"})
    assert "text" in header(wide.output) and "Leader Ability" in wide.output
    forced = CliRunner().invoke(main, ["cards", "hotg", "--text"], env={"COLUMNS": "80"})
    assert forced.exit_code == 0 and "Leader Ability" in forced.output  # a block a card (test_cli_cards)
    cols, rows = HotgGame.card_rows(text=True)
    assert cols[-1] == "text" and all(len(r) == len(cols) for r in rows)
    idun = next(r for r in rows if r[0] == "idun")
    assert idun[2:5] == ["3", "1/4 m2", "Norse God"] and "end of your turn" in idun[-1]


def test_direct_legality_check_agrees_with_legal_actions() -> None:
    """`check()` narrows `legal_actions()` to the action's verb and card instead of building
    them all: over random games it accepts exactly the legal actions and refuses the rest."""
    import random

    from common.errors import IllegalAction

    rnd = random.Random(4)
    for seed in (1, 2):
        g = HotgGame.new_game(seed=seed)
        for _ in range(120):
            if g.is_over():
                break
            legal = g.legal_actions()
            legal_set = set(legal)
            uids = list(g.zones.cards)
            cells = ["2,1", "0,0", "4,8", "1,3", "3,6", "2,7"]
            candidates = [*legal, Action("end", (1,)), Action("ability"), Action("fly", (3,))]
            for _ in range(40):
                x, y = rnd.choice(uids), rnd.choice(uids)
                verb = rnd.choice(["play", "move", "attack", "warcry", "ability", "target", "pick"])
                candidates += [Action(verb, (x,)), Action(verb, (x, y)), Action(verb, (x, rnd.choice(cells)))]
            for a in candidates:  # `check`: the core's tuple of the action among its legal ones
                try:
                    g.check(a)
                    legal_now = True
                except IllegalAction:
                    legal_now = False
                assert legal_now == (a in legal_set), a
            before = g.state_hash()
            bad = next((a for a in candidates if a not in legal_set), None)
            if bad is not None:
                with pytest.raises(IllegalAction):
                    g.apply(bad)
                assert g.state_hash() == before
            g.apply(rnd.choice(legal))
