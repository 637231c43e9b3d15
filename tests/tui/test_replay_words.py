"""`triarch replay --print` says what the replay screen's log says for each step (one source,
`tui.log_words`): the eyes' words (a card set aside face down is not named to everybody) and
The Scars' same-named cards told apart by their place."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from common.game import Game
from common.registry import game_class
from common.saves import Replay, save_game
from tui.app import TriarchApp
from tui.cli import main
from tui.log_words import log_words
from tui.screens.replay import ReplayScreen
from tui.widgets.log import GameLog

from .helpers import engine_ready, press, settle

ENGINES = [g for g in ("hotg", "bhm", "scars") if engine_ready(g)]
TWINS = (Path(__file__).parent / "data" / "scars_twins.toml").read_text(encoding="utf-8")
EYES = {"everybody": None, "1": 0, "2": 1}


def random_game(game_id: str, steps: int = 40) -> Game:
    rng = random.Random(11)
    g = game_class(game_id).new_game(seed=11)
    while not g.is_over() and len(g.history) < steps:
        g.apply(rng.choice(g.legal_actions()))
    return g


def twins_game() -> Game:
    """The Scars with three Grey Wolves and two Knights of the Oath on the table: each action
    one whose words name a same-named card of the table (when there is one)."""
    g = game_class("scars").new_game(seed=3, scenario=TWINS)
    for _ in range(30):
        legal = g.legal_actions()
        told = [a for a in legal if log_words(g, a, None) != g.describe_action(a)]
        told.sort(key=lambda a: "equipped" not in g.describe_action(a))  # Iron Claws on the 2nd Wolf
        g.apply(told[-1] if told and "equipped" in g.describe_action(told[-1]) else (told or legal)[0])
    return g


def printed(path: Path, eyes: str) -> list[str]:
    """The print's lines, as the log has them: without the number's padding (`10.`, a run of
    passes' `10–13.`), the notation after the words, the events' deeper indent, the final line."""
    r = CliRunner().invoke(main, ["replay", "--print", "--eyes", eyes, str(path)])
    assert r.exit_code == 0, r.output
    out = []
    for line in r.output.splitlines()[:-1]:
        line = re.sub(r"  \[[^\]]*\]$", "", line)
        out.append(line.lstrip() if re.match(r" *\d+(–\d+)?\. ", line) else "  " + line.lstrip())
    return out


async def logs_by_eyes(path: Path, last: str | None = None) -> dict[str, list[str]]:
    """The replay screen's log at the last step through each of the eyes (`v` pressed from
    everybody's to player 1's to player 2's, or up to `last`): one app for the three (session 38),
    not one each."""
    app = TriarchApp(replay=Replay.load(path), ai_pace=0)
    out: dict[str, list[str]] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "end")
        for i, eyes in enumerate(EYES):
            if i:
                await press(pilot, "v")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, ReplayScreen) and screen.viewer == EYES[eyes]
            out[eyes] = list(screen.query_one(GameLog).plain)
            if eyes == last:
                break
    return out


async def log_lines(path: Path, eyes: str) -> list[str]:
    """The replay screen's log at the last step, with `v` pressed to the eyes asked."""
    return (await logs_by_eyes(path, last=eyes))[eyes]


@pytest.mark.skipif(not engine_ready("scars"), reason="the scars engine is not available")
async def test_print_tells_same_named_scars_cards_apart_as_the_replay_log(tmp_path: Path) -> None:
    path = tmp_path / "twins.json"
    save_game(twins_game(), path)
    logs = await logs_by_eyes(path)
    for eyes in EYES:
        lines = printed(path, eyes)
        assert lines == logs[eyes], f"the eyes of {eyes}"
        text = "\n".join(lines)
        assert "Grey Wolf (P1, 1st in DEF" in text or "Grey Wolf (1st in DEF" in text, (eyes, text)
        assert "in hand" not in text, eyes


@pytest.mark.parametrize("game_id", ENGINES)
async def test_print_says_what_the_replay_log_says_for_each_game(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    save_game(random_game(game_id), path)
    logs = await logs_by_eyes(path)
    for eyes in EYES:
        assert printed(path, eyes) == logs[eyes], f"the eyes of {eyes}"


def test_a_card_from_the_hand_named_like_its_target_leaves_the_place_to_the_target() -> None:
    """`Play Grey Wolf (1) sheltering Grey Wolf (1st in ATK)`: the place of the sheltered Wolf
    after its own name, not after the hand's Wolf (`Play Grey Wolf (P1, 1st in ATK, 1) …`)."""
    g = game_class("scars").new_game(seed=3, scenario=TWINS)
    shelter = next(a for a in g.legal_actions() if "sheltering Grey Wolf" in g.describe_action(a))
    assert log_words(g, shelter, 0) == "Play Grey Wolf (1 energy) sheltering Grey Wolf (1st in ATK)"
    assert log_words(g, shelter, None) == "Play Grey Wolf (1 energy) sheltering Grey Wolf (P1, 1st in ATK)"
    support = next(a for a in g.legal_actions() if a.kind == "support")  # hidden from the others
    assert log_words(g, support, 1) == "Place a support card face down"
