"""The rulebook's worked examples as scenario tests (tests/scenarios/bhm/), and the puzzles shipped in
bhm/scenarios/ solved move by move."""

from __future__ import annotations

from pathlib import Path

import pytest

from bhm.game import BhmGame
from common.errors import IllegalAction
from common.game import Action

from .helpers import end_turn, find, uid

HERE = Path(__file__).resolve().parents[1] / "scenarios" / "bhm"
PUZZLES = Path(__file__).resolve().parents[2] / "bhm" / "scenarios"


def load(name: str, folder: Path = HERE) -> BhmGame:
    return BhmGame.new_game(seed=1, scenario=(folder / name).read_text(encoding="utf-8"))


def test_example_bh32_pod_500_invests_300_then_restored() -> None:
    """BH-32 worked example: POD 500 investing 300 keeps POD 200, restored in the final phase (BH-40)."""
    g = load("pod500_invest.toml")
    w, k = find(g, "pyre_warlock"), find(g, "kalzar")
    g.apply(Action("pattack", (w.uid, k.uid)))
    g.apply(Action("invest", (300,)))
    assert g.cur(w, "pod") == 200 and g.cur(k, "salud") == 1000
    end_turn(g)
    assert g.cur(w, "pod") == 500


def test_example_bh32_pod_500_invests_everything_keeps_pod_1() -> None:
    """BH-32 worked example: applying all 500 leaves POD 1 until the end of the turn."""
    g = load("pod500_invest.toml")
    w, k = find(g, "pyre_warlock"), find(g, "kalzar")
    g.apply(Action("pattack", (w.uid, k.uid)))
    g.apply(Action("invest", ("all",)))
    assert g.cur(w, "pod") == 1 and g.on_field(w) and g.cur(k, "salud") == 800
    end_turn(g)
    assert g.cur(w, "pod") == 500


def test_example_bh10_bh11_ten_cll_two_rank5_beings_and_a_rank10_strategy() -> None:
    """BH-10/BH-11/BH-13 worked example: C.LL 10 calls two rank-5 beings and plays a rank-10 strategy."""
    g = load("cll10_calls.toml")
    g.apply(Action("call", (uid(g, "pyre_warlock"),)))
    g.apply(Action("call", (uid(g, "storm_roc"),)))
    assert g.budget == 0
    adept = uid(g, "flame_adept")
    with pytest.raises(IllegalAction, match="not enough call budget"):
        g.apply(Action("call", (adept,)))
    g.apply(Action("strategy", (uid(g, "ragnarok_edict"),)))  # rank 10 ≤ C.LL 10, no budget needed
    assert find(g, "tide_sentinel").zone == "deserters:1" and find(g, "frost_witch").zone == "deserters:1"
    assert g.cll[1] == 10


def test_example_bh55_rank10_being_executes_two_rank5_powers() -> None:
    """BH-55 worked example: a rank-10 being executes two rank-5 powers, then nothing more that turn."""
    g = load("rank10_two_powers.toml")
    kal = find(g, "kalzar")
    for _ in range(2):
        g.apply(Action("power", (uid(g, "thunderclap", zone="hand"), kal.uid)))
        g.apply(Action("target", (uid(g, "mountain_giant"),)))
    assert g.power_budget(kal) == 0
    for cid in ("gorgon_gaze", "inner_fire"):
        with pytest.raises(IllegalAction, match="can execute power ranks up to 0 more"):
            g.apply(Action("power", (uid(g, cid), kal.uid)))
    end_turn(g)
    end_turn(g)
    assert g.power_budget(kal) == 10  # a new turn, a new budget


@pytest.mark.parametrize(
    ("objects", "refused"),
    [
        (["iron_sword", "iron_sword", "iron_sword", "war_banner", "war_banner"], "iron_sword"),
        (["dragonbone_armor"], "iron_sword"),
        (["runed_greatsword", "tower_shield"], "war_banner"),
    ],
)
def test_example_bh60_rank5_being_object_combinations(objects: list[str], refused: str) -> None:
    """BH-60 worked example: five rank-1 objects, one rank-5, or rank-3 + rank-2 — and nothing more."""
    g = load("rank5_objects.toml")
    roc = find(g, "storm_roc")
    for cid in objects:
        g.apply(Action("equip", (uid(g, cid, zone="hand"), roc.uid)))
    assert g.object_budget(roc) == 0
    with pytest.raises(IllegalAction, match="room for object ranks up to 0"):
        g.apply(Action("equip", (uid(g, refused, zone="hand"), roc.uid)))


def test_puzzle_drowned_giant_has_a_winning_line() -> None:
    """Shipped puzzle: flee (BH-37) + kill (BH-06) + numerical balance (BH-08) reach 32 (BH-05)."""
    g = load("drowned_giant.toml", PUZZLES)
    w, roc = uid(g, "pyre_warlock"), uid(g, "storm_roc")
    giant, sentinel = uid(g, "mountain_giant"), uid(g, "tide_sentinel", owner=1, zone="slot")
    g.apply(Action("power", (uid(g, "terrify"), w)))
    g.apply(Action("target", (sentinel,)))
    g.apply(Action("power", (uid(g, "fire_bolt"), w)))
    g.apply(Action("target", (giant,)))
    g.apply(Action("power", (uid(g, "battle_trance"), roc)))
    g.apply("next")
    g.apply(Action("attack", (roc, giant)))
    assert g.cll[1] == 30
    end_turn(g)
    assert g.is_over() and g.winner() == 0


def test_puzzle_frozen_court_has_a_solution() -> None:
    """Shipped puzzle: the Nameless Curse takes Eternal away (BH-101), then Thunderclap kills."""
    g = load("frozen_court.toml", PUZZLES)
    v = find(g, "vaelor")
    g.apply(Action("strategy", (uid(g, "nameless_curse"),)))
    g.apply(Action("target", (v.uid,)))
    g.apply(Action("power", (uid(g, "thunderclap"), uid(g, "kalzar"))))
    g.apply(Action("target", (v.uid,)))
    assert v.zone == "dead:1"


@pytest.mark.parametrize("path", sorted(PUZZLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_scenario_loads_and_plays(path: Path) -> None:
    """Every scenario in bhm/scenarios/ is valid and a game starts from it with a decision."""
    g = BhmGame.new_game(seed=1, scenario=path.read_text(encoding="utf-8"))
    assert g.decision() is not None and g.legal_actions()
    assert "title" in path.read_text(encoding="utf-8")
