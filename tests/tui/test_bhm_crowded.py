"""BHM from 120 × 40 with a crowded table: both sides stay in sight."""

from __future__ import annotations

from pathlib import Path

import pytest

from common.registry import game_class
from common.saves import save_game
from tui.screens.bhm import BhmTable
from tui.widgets.lanes import LaneScroll

from .helpers import engine_ready, press, random_game, resume_app, screen_text, settle

pytestmark = pytest.mark.skipif(not engine_ready("bhm"), reason="the bhm engine is not available")


def crowded(tmp_path: Path) -> tuple[Path, list[str]]:
    """A seeded random game, 79 actions in: turn 10, P2 with six beings, P1 with five (two carry
    objects and powers), eight invocations; P1 to play. Its save, and P2's beings' names."""
    game, _ = random_game(game_class("bhm"), 15, 79)
    path = tmp_path / "crowded.json"
    save_game(game, path)
    view = game.view(0)
    names = [str(z["being"]["name"]) for z in view["players"][1]["zones"] if z.get("being")]
    return path, names


def in_sight(text: str, names: list[str]) -> list[str]:
    """The names (cut as the dense lanes cut them, to 14 letters) not on the screen."""
    return [n for n in names if (n if len(n) <= 14 else n[:13]) not in text]


def blank_rows(text: str) -> int:
    """The blank rows under the last line drawn in the roomy lanes' box."""
    lines = text.splitlines()
    bottom = next(i for i in range(len(lines) - 1, 0, -1) if lines[i].startswith("╰"))
    top = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    drawn = [line[1:71].strip() for line in lines[top + 1 : bottom]]
    return len(drawn) - len("\n".join(drawn).rstrip().splitlines())


async def test_a_crowded_table_keeps_both_sides_in_sight_at_120x40(tmp_path: Path) -> None:
    """120 × 40: the roomy lanes needed 34 rows of their 26 and opened scrolled to your side, the
    opponent's head and first four beings out of sight (`▲ 8 rows above`); now a table too crowded
    for them is drawn as the dense lanes are: both heads, every being and your hand in sight, when
    the screen opens and after an action; the roomy lanes come back when the table fits them."""
    path, names = crowded(tmp_path)
    assert len(names) == 6
    app = resume_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "◄ P2 (AI) C.LL 18/32" in text and "► P1 (you)  C.LL 11/32" in text, text
        assert in_sight(text, names) == [], text
        assert "hand:▸Magma Drake,▸Pyre Warlock,▸Council of War" in text
        assert "rows above" not in text and "below" not in app.screen.query_one(LaneScroll).border_subtitle
        await press(pilot, "3")  # Council of War: two cards drawn
        await settle(pilot)
        text = screen_text(app)
        assert "◄ P2 (AI) C.LL 18/32" in text and in_sight(text, names) == [], text
        assert "rows above" not in text
        screen = app.screen
        assert isinstance(screen, BhmTable) and screen.compact
        await pilot.resize_terminal(160, 60)  # room for the roomy lanes
        await settle(pilot)
        assert not screen.compact
        text = screen_text(app)
        assert "◄ P2 (AI)  C.LL 18/32" in text and in_sight(text, names) == [], text


async def test_a_crowded_table_spends_its_spare_rows_on_your_side_at_120x40(tmp_path: Path) -> None:
    """120 × 40, crowded: both sides drawn dense left 12 blank rows under your hand; now your side is
    drawn in full (each being on its line with its stats and what it carries, the piles named) when
    that fits, the opponent's as a few beings to a line; and as before, nothing out of sight."""
    path, names = crowded(tmp_path)
    app = resume_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BhmTable) and screen.compact
        text = screen_text(app)
        assert in_sight(text, names) == [], text
        assert "Burrow Militia 1/2/2/1/2" in text  # the opponent's: dense
        assert "Flame Adept R3 POD 600 FUE 400 RES 100 VAL 100 Salud 300" in text  # yours: in full
        assert "invocations (8): Salamander, Salamander, Thunderbird" in text
        assert blank_rows(text) <= 3, text  # were 12
        assert "rows above" not in text and "below" not in screen.query_one(LaneScroll).border_subtitle


async def test_a_crowded_table_spends_its_last_rows_on_the_dense_side_at_120x40(tmp_path: Path) -> None:
    """120 × 40, crowded, your side in full: the opponent's six beings, three to a line with their
    names cut (`Vaelor, Undyi…`, `◆+Stonesk…`), left 3 blank rows under your hand; now they take
    them, a being a line with its name whole. After Council of War (two more cards in your hand)
    there is room for less: a few beings to a line, but their names whole; nothing out of sight."""
    path, names = crowded(tmp_path)
    app = resume_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        lines = text.splitlines()
        assert any(line.startswith("│  Vaelor, Undying Warden 4/6/6/6/7 [DE]  ") for line in lines), text
        assert any(line.startswith("│  ★Mist Seer 3/1/4/2/4 ◆+Stoneskin  ") for line in lines), text
        assert "Flame Adept R3 POD 600 FUE 400 RES 100 VAL 100 Salud 300" in text  # yours: in full
        # were 3; one since the middle line's stats key keeps to one row (`stats in 100s`, session 35)
        assert blank_rows(text) <= 1, text
        assert in_sight(text, names) == [] and "rows above" not in text
        await press(pilot, "3")  # Council of War: two cards drawn
        await settle(pilot)
        text = screen_text(app)
        # (session 35: the middle line's stats key keeps to one row, which leaves room for a being
        # a line still)
        assert "Vaelor, Undying Warden 4/6/6/6/7 [DE]" in text, text
        assert "Mist Seer 3/1/4/2/4 ◆+Stoneskin" in text
        assert in_sight(text, names) == [] and "rows above" not in text
        assert "below" not in app.screen.query_one(LaneScroll).border_subtitle


async def test_the_dense_lanes_name_cards_whole_when_their_rows_hold_them_at_80x24(tmp_path: Path) -> None:
    """80 × 24: the dense lanes cut every name to a few letters (`Vaelor, Undyi…`, `+Runed Gr…`,
    `+Stonesk…`, `Magma Drake` in the hand to 14) though their rows had room to spare; now the
    names are whole when the lanes' rows hold them — and the rows stay those of the layout (the
    prompt does not move); a table too big for them is cut as before (`Abyssal Levia…`)."""
    path, names = crowded(tmp_path)
    app = resume_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Vaelor, Undying Warden 4/6/6/6/7 [DE]" in text, text
        assert "★Mist Seer 3/1/4/2/4 ◆+Stoneskin" in text  # (the power it executed: `◆`, session 36)
        assert "Flame Adept 6/4/1/1/3 +Runed Greatsword +Arcane Channel" in text
        assert "…" not in "".join(line for line in text.splitlines()[1:12] if "last:" not in line), text
        assert in_sight(text, names) == [] and "rows above" not in text
        assert text.splitlines()[13].startswith(" You: First strategy"), text  # where it was


async def test_the_roomy_lanes_name_the_latest_of_a_long_dead_zone(tmp_path: Path) -> None:
    """120 × 40, your side in full with 12 cards in your dead zone: `dead: Obsidian Guard, Volcanic
    Caldera, Inner Fire, Battle Trance … +8` named the first four to go there and hid the last
    (Thunder Knight, just killed); now `dead (12): … Wind Dancer, Runed Greatsword, Obsidian Guard,
    Thunder Knight`. A dead zone of four or fewer reads as before (`dead: Cinder Hound`)."""
    game, _ = random_game(game_class("bhm"), 3, 140)
    dead = [str(c["name"]) for c in game.view(0)["players"][0]["dead"]]
    assert len(dead) == 12 and dead[-1] == "Thunder Knight"
    save_game(game, tmp_path / "dead.json")
    app = resume_app(tmp_path / "dead.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        said = " ".join(line[1:71].strip() for line in screen_text(app).splitlines())
        # (the beings P2's attacks killed in its turn bear its `⚔`, as in the dense lanes)
        assert (
            "deserters: — · dead (12): … Ember Squire, Storm Spire, ⚔Wind Dancer, Runed Greatsword,"
            " ⚔Obsidian Guard, ⚔Thunder Knight" in said  # (two rows: as many as those hold, session 30)
        ), said
        assert "… +8" not in said, said
    path, _ = crowded(tmp_path)
    app = resume_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert "deserters: — · dead: Cinder Hound" in screen_text(app)
