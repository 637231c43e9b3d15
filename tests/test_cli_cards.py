"""`triarch cards`: the pool table (text column on demand) and one card in full."""

from __future__ import annotations

import importlib.resources

import pytest
from click.testing import CliRunner

from common.registry import GAMES, available_games, game_class
from tui.cli import main


@pytest.mark.parametrize("game_id", list(GAMES))
def test_cards_table_and_one_card_in_full(game_id: str) -> None:
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    cls = game_class(game_id)
    columns, rows = cls.card_rows()
    runner = CliRunner()
    narrow = runner.invoke(main, ["cards", game_id, "--no-text"], terminal_width=80)
    assert narrow.exit_code == 0, narrow.output
    assert f"of {len(rows)} cards" in narrow.output
    # a table names the way to the text; a block a card (no room for whole words) holds it
    assert f"triarch cards {game_id} CARD" in narrow.output or str(rows[0][-1])[:20] in narrow.output
    wide = runner.invoke(main, ["cards", game_id, "--text"], env={"COLUMNS": "200"})  # a table
    assert wide.exit_code == 0 and " text" in wide.output.lower()
    first_id = str(rows[0][[c.lower() for c in columns].index("id")])
    one = runner.invoke(main, ["cards", game_id, first_id], terminal_width=100)
    assert one.exit_code == 0 and first_id in one.output
    missing = runner.invoke(main, ["cards", game_id, "no_such_card_xyz"])
    assert missing.exit_code == 1 and "no card 'no_such_card_xyz'" in missing.output


@pytest.mark.parametrize("game_id", list(GAMES))
def test_play_with_a_bad_scenario_names_the_file(game_id: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    bad = tmp_path / "broken-position.toml"
    bad.write_text(f'[scenario]\ngame = "{game_id}"\ntitle = "x"\nno_such_key = 1\n')
    r = CliRunner().invoke(main, ["play", game_id, "--scenario", str(bad)])
    assert r.exit_code == 2 and "broken-position.toml" in r.output and "Traceback" not in r.output


def test_play_with_a_binary_scenario_file_is_an_error_not_a_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "garbage.toml"
    bad.write_bytes(b"\xff\xfe\x00 not text \x80\x81")
    r = CliRunner().invoke(main, ["play", "scars", "--scenario", str(bad)])
    assert r.exit_code == 2, r.output
    assert "garbage.toml" in r.output and "not a text file" in r.output
    assert not isinstance(r.exception, UnicodeDecodeError)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_cards_text_below_140_columns_is_a_block_a_card(game_id: str) -> None:
    """`triarch cards GAME --text` at 80 columns: not a table whose text column is cut into
    slivers of a word or two, but each card as a block: its name and id, its stats on one
    line, its whole text under them, nothing wider than the terminal."""
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    cls = game_class(game_id)
    columns, rows = cls.card_rows(**({"text": True} if game_id == "hotg" else {}))
    r = CliRunner().invoke(main, ["cards", game_id, "--text"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert f"{len(rows)} of {len(rows)} cards" in lines[0]
    lowered = [c.lower() for c in columns]
    name_i, id_i, text_i = lowered.index("name"), lowered.index("id"), lowered.index("text")
    flat = " ".join(line.strip() for line in lines)
    for row in rows:
        assert f"{row[name_i]}  {row[id_i]}" in lines, row[id_i]
        assert " ".join(str(row[text_i]).split()) in flat, row[id_i]


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize(
    ("width", "text"), [(80, "--no-text"), (100, "--no-text"), (160, "--no-text"), (140, "--text")]
)
def test_cards_never_cut_a_word_in_two(game_id: str, width: int, text: str) -> None:
    """Every id, and every word of the shown columns, is whole on one line (a table at 80 columns
    used to print `legion_crossbo` / `w` and `ORDINAR` / `Y`); with no room, a block a card."""
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    columns, rows = game_class(game_id).card_rows()
    out = CliRunner().invoke(main, ["cards", game_id, text], env={"COLUMNS": str(width)}).output
    lines = out.splitlines()
    assert max(map(len, lines)) <= width
    words = set()
    for r in rows:
        words |= {
            w
            for c, v in zip(columns, r, strict=True)
            if text == "--text" or c.lower() != "text"
            for w in str(v).split()
        }
    text = " ".join(lines)
    missing = sorted(w for w in words if w not in text)
    assert not missing, missing[:10]


@pytest.mark.parametrize(
    ("game_id", "query", "title"),
    [
        (
            "scars",
            "Shieldbearer Recruit",
            "Shieldbearer Recruit (legion_recruit)",
        ),  # the name, as the table shows it
        ("scars", "shieldbearer recruit", "Shieldbearer Recruit (legion_recruit)"),  # letter case aside
        ("scars", "LEGION_RECRUIT", "Shieldbearer Recruit (legion_recruit)"),  # the id
        ("scars", "shieldbear", "Shieldbearer Recruit (legion_recruit)"),  # a part naming one card
        ("hotg", "bull demon", "Bull Demon King (bull_demon_king)"),
        ("bhm", "Ember Squire", "Ember Squire (ember_squire)"),
    ],
)
def test_one_card_by_name_or_part_of_it(game_id: str, query: str, title: str) -> None:
    r = CliRunner().invoke(main, ["cards", game_id, query], terminal_width=100)
    assert r.exit_code == 0, r.output
    assert title in r.output


def test_a_part_that_names_several_cards_lists_them() -> None:
    r = CliRunner().invoke(main, ["cards", "scars", "legion_"], terminal_width=100)
    assert r.exit_code == 1
    assert "names" in r.output and "Shieldbearer Recruit (legion_recruit)" in r.output
    assert "give one's id or full name" in r.output
    assert "Traceback" not in r.output


def test_no_such_card_says_which_game_in_good_english() -> None:
    r = CliRunner().invoke(main, ["cards", "scars", "zzz_nothing"])
    assert r.exit_code == 1
    assert "no card 'zzz_nothing' among the " in r.output and " cards of The Scars" in r.output
    assert "the The" not in r.output


def test_hotg_cards_say_what_their_short_stats_mean() -> None:
    """`triarch cards hotg` showed `3/2 m1 r3` under `stats` with nothing to say that `m` is the
    movement and `r` the range: the table, the blocks (`--text` below 140 columns) and a card in
    full say it under their title (`CARD_LEGEND`); BHM, which has no short forms, says nothing."""
    if "hotg" not in available_games():
        pytest.skip("hotg engine not available")
    legend = "stats = attack/health, m = movement, r = range"
    runner = CliRunner()
    for args in (["--no-text"], ["--text"], ["desert_archer"]):
        out = runner.invoke(main, ["cards", "hotg", *args], terminal_width=80)
        assert out.exit_code == 0 and legend in " ".join(out.output.split()), (args, out.output[:400])
    assert game_class("hotg").CARD_LEGEND.startswith(legend)
    if "bhm" in available_games():
        assert game_class("bhm").CARD_LEGEND == ""


def _break(text: str, how: str) -> str:
    """A shipped deck's text broken the way a user's hand might: each case names what the
    message must say."""
    lines = text.splitlines()
    at = lines.index("[cards]") + 1
    first = lines[at].split("=")[0].strip()
    if how == "unknown card":
        lines[at] = lines[at].replace(first, first + "_typo", 1)
    elif how == "card twice":
        lines.append(lines[at])
    elif how == "wrong count":
        lines[at] = f'{first} = "two"'
    elif how == "wrong type":
        lines = [("name = 3" if ln.startswith("name =") else ln) for ln in lines]
    elif how == "bad syntax":
        lines[at - 1] = "[cards"
    elif how == "empty":
        lines = []
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("unknown card", "_typo': no such card"),
        ("card twice", "given twice (line"),
        ("wrong count", "field 'count'"),
        ("wrong type", "field 'name': expected a string"),
        ("bad syntax", "not valid TOML"),
        ("empty", "field 'deck': missing [deck] section"),
    ],
)
def test_play_with_a_broken_deck_names_file_card_and_field_and_exits_2(
    game_id: str, how: str, says: str, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    package = game_class(game_id).__module__.split(".")[0]
    shipped = sorted((importlib.resources.files(package) / "decks").iterdir(), key=str)[0]
    bad = tmp_path / "my-deck.toml"
    bad.write_text(_break(shipped.read_text(encoding="utf-8"), how), encoding="utf-8")
    r = CliRunner().invoke(main, ["play", game_id, "--deck1", str(bad)])
    assert r.exit_code == 2, r.output
    assert "my-deck.toml" in r.output and says in r.output and "Traceback" not in r.output


@pytest.mark.parametrize("game_id", list(GAMES))
def test_play_with_an_empty_or_broken_scenario_names_the_file_not_a_placeholder(
    game_id: str, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    if game_id not in available_games():
        pytest.skip(f"{game_id} engine not available")
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    r = CliRunner().invoke(main, ["play", game_id, "--scenario", str(empty)])  # not a game without one
    assert r.exit_code == 2 and "empty.toml, field 'scenario'" in r.output, r.output
    bad = tmp_path / "mine.toml"
    bad.write_text(f'[scenario]\ngame = "{game_id}"\ntitle = "Mine"\n[bogus\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["play", game_id, "--scenario", str(bad)])
    assert r.exit_code == 2 and "mine.toml" in r.output and "not valid TOML" in r.output, r.output
    assert "<scenario" not in r.output
