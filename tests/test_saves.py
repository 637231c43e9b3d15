"""Saves (issue 8, reliability 3 and 4): every save carries its format
version and a checksum; a truncated, corrupted, hand-edited or future save is
refused with one clear line (exit code 2 from `triarch resume`/`replay`), never
a traceback; a failed write leaves the old save intact; a process killed
mid-game (even mid-write) resumes at its last completed action; a replay
reproduces the state hash of the game as it was played, at every step."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from common import saves
from common.game import SAVE_FORMAT, Game
from common.registry import game_class
from common.saves import Replay, SaveError, checksum, load_game, read_save, save_game, write_json_atomic
from tests.saves_child import choose
from tests.toygame import ToyGame
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("toy")  # (and saves in the test's own folder: tests/conftest.py)


def real_engines() -> list[str]:
    out = []
    for gid in ("hotg", "bhm", "scars"):
        try:
            game_class(gid)
        except Exception:
            continue
        out.append(gid)
    return out


def played(cls: type[Game], seed: int, steps: int) -> tuple[Game, list[str]]:
    """A seeded game of `steps` actions (or to its end) and its hash at every step."""
    g = cls.new_game(seed=seed)
    hashes = [g.state_hash()]
    while not g.is_over() and len(g.history) < steps:
        g.apply(choose(g, seed))
        hashes.append(g.state_hash())
    return g, hashes


def toy_save(path: Path, steps: int = 5) -> dict[str, Any]:
    g, _ = played(ToyGame, 4, steps)
    save_game(g, path, {"seats": {"kinds": ["human", "ai"], "ai_level": "random"}, "counts": [3, 2]})
    return json.loads(path.read_text())


# -- what a save holds --------------------------------------------------------------------


def test_a_save_has_its_format_version_and_a_checksum_and_loads_back(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    data = toy_save(path)
    assert data["format"] == SAVE_FORMAT and data["game"] == "toy"
    assert data["checksum"] == checksum(data)
    g, hashes = played(ToyGame, 4, 5)
    loaded = load_game(path)
    assert [a.notation() for a in loaded.history] == data["actions"]
    assert loaded.state_hash() == hashes[-1] == g.state_hash()


# -- refused saves ----------------------------------------------------------------------------


def _edit(change: Callable[[dict[str, Any]], Any], *, keep_checksum: bool = False) -> Callable[[Path], None]:
    """A hand-edit of the JSON; the checksum is recomputed unless told to keep
    the stale one (so that the check under test is the one that refuses)."""

    def edit(path: Path) -> None:
        data = json.loads(path.read_text())
        change(data)
        if not keep_checksum and isinstance(data, dict) and "checksum" in data:
            data["checksum"] = checksum(data)
        path.write_text(json.dumps(data))

    return edit


def _raw(text: str | bytes) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)

    return write


def _truncate(fraction: float) -> Callable[[Path], None]:
    def cut(path: Path) -> None:
        raw = path.read_bytes()
        path.write_bytes(raw[: int(len(raw) * fraction)])

    return cut


def _legal_but_different(data: dict[str, Any]) -> None:
    """Replace the last action by another one that is legal at that point."""
    g = ToyGame.from_json({**data, "actions": data["actions"][:-1]})
    other = [g.format_action(a) for a in g.legal_actions() if g.format_action(a) != data["actions"][-1]]
    data["actions"][-1] = other[0]


BROKEN: dict[str, tuple[Callable[[Path], None], str]] = {
    "empty file": (_raw(""), "empty"),
    "truncated at 10%": (_truncate(0.1), "not valid JSON"),
    "truncated at 60%": (_truncate(0.6), "not valid JSON"),
    "truncated by one byte": (_truncate(0.999), "not valid JSON"),
    "binary garbage": (_raw(b"\xff\xfe\x00\x81garbage"), "not text"),
    "a JSON list": (_raw("[1, 2, 3]"), "not a Triarch save"),
    "no format": (_edit(lambda d: d.pop("format")), "not a Triarch save"),
    "format as text": (_edit(lambda d: d.update(format="1")), "unknown save format"),
    "format 0": (_edit(lambda d: d.update(format=0)), "unknown save format"),
    "future format": (_edit(lambda d: d.update(format=saves.NEWEST_FORMAT + 1)), "newer Triarch"),
    "unknown game id": (_edit(lambda d: [x.update(game="chess") for x in (d, d["setup"])]), "unknown game"),
    "game id of the wrong type": (_edit(lambda d: d.update(game=7)), "'game' should be"),
    "setup of the wrong type": (_edit(lambda d: d.update(setup="seed=4")), "'setup' should be"),
    "seed of the wrong type": (_edit(lambda d: d["setup"].update(seed="four")), "'seed' should be"),
    "options of the wrong type": (_edit(lambda d: d["setup"].update(options=[1])), "'options' should"),
    "decks of the wrong type": (_edit(lambda d: d["setup"].update(decks="x")), "'decks' should"),
    "three decks": (_edit(lambda d: d["setup"].update(decks=[None] * 3)), "2 decks"),
    "scenario of the wrong type": (_edit(lambda d: d["setup"].update(scenario=5)), "'scenario' should"),
    "setup for another game": (_edit(lambda d: d["setup"].update(game="hotg")), "the setup is for"),
    "actions of the wrong type": (_edit(lambda d: d.update(actions="draw")), "'actions' should"),
    "an action of the wrong type": (_edit(lambda d: d["actions"].append(3)), "action 6 should be"),
    "an unparseable action": (_edit(lambda d: d["actions"].append("%%% !")), "action 6 ('%%% !')"),
    "an illegal action": (_edit(lambda d: d["actions"].append("play 9999")), "cannot be replayed"),
    "ui of the wrong type": (_edit(lambda d: d.update(ui=[1])), "'ui' should be"),
    "a resignation in a format 1 save": (_edit(lambda d: d.update(resigned=0)), "not part of save format 1"),
    "a resignation of the wrong type": (
        _edit(lambda d: d.update(format=2, resigned="P1")),
        "'resigned' should be a seat",
    ),
    "a resignation added (stale checksum)": (
        _edit(lambda d: d.update(format=2, resigned=0), keep_checksum=True),
        "checksum",
    ),
    "rules version as text": (_edit(lambda d: d.update(rules="2")), "'rules' should be a version"),
    "rules version 0": (_edit(lambda d: d.update(rules=0)), "'rules' should be a version"),
    "newer rules": (_edit(lambda d: d.update(rules=ToyGame.RULES_VERSION + 1)), "newer Triarch"),
    "a legal edit (stale checksum)": (_edit(_legal_but_different, keep_checksum=True), "checksum"),
    "an edited seed (stale checksum)": (
        _edit(lambda d: d["setup"].update(seed=5), keep_checksum=True),
        "",  # the actions may no longer be legal, or the checksum says it
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_a_broken_save_is_refused_with_one_clear_line(name: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    breaker, words = BROKEN[name]
    breaker(path)
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert words in message
    assert "\n" not in message and len(message) < 300
    with pytest.raises(SaveError):
        Replay.load(path)


@pytest.mark.parametrize(
    "name", ["truncated at 60%", "future format", "unknown game id", "an illegal action"]
)
@pytest.mark.parametrize("command", ["resume", "replay"])
def test_the_cli_refuses_a_broken_save_with_exit_code_2(name: str, command: str, tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    BROKEN[name][0](path)
    before = path.read_bytes()
    r = CliRunner().invoke(main, [command, str(path)])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"triarch: cannot {command} {path}: ")
    assert BROKEN[name][1] in lines[0]
    assert "Traceback" not in r.output and isinstance(r.exception, SystemExit)
    assert path.read_bytes() == before  # refused, never rewritten


def test_the_cli_says_when_there_is_no_such_file(tmp_path: Path) -> None:
    for command in ("resume", "replay"):
        r = CliRunner().invoke(main, [command, str(tmp_path / "nope.json")])
        assert r.exit_code == 2 and "nope.json" in r.output and "Traceback" not in r.output


def test_an_older_save_without_a_checksum_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    data = toy_save(path)
    del data["checksum"]
    path.write_text(json.dumps(data))
    assert len(load_game(path).history) == 5


def test_a_save_records_its_rules_version_and_one_played_under_other_rules_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save records the engine's `RULES_VERSION`. One whose action no longer replays says
    whether the rules changed since it was played (an older or an unrecorded version); a save
    of older rules that still replays loads as it is."""
    path = tmp_path / "s.json"
    data = toy_save(path)
    assert data["rules"] == ToyGame.RULES_VERSION == 1
    _edit(lambda d: d["actions"].append("play 9999"))(path)
    with pytest.raises(SaveError) as same:
        load_game(path)
    assert "cannot be replayed" in str(same.value) and "rules" not in str(same.value)
    monkeypatch.setattr(ToyGame, "RULES_VERSION", 2)
    with pytest.raises(SaveError) as older:
        load_game(path)
    assert str(older.value).endswith(
        "(played under High Card rules version 1; this Triarch plays version 2: the rules changed since)"
    )
    _edit(lambda d: d.pop("rules"))(path)
    with pytest.raises(SaveError, match=r"\(saved by an earlier Triarch, whose High Card rules may differ"):
        Replay.load(path)
    toy_save(path)  # (written under version 2 now)
    _edit(lambda d: d.update(rules=1))(path)
    assert len(load_game(path).history) == 5  # older rules, same game: it loads


def test_a_resigned_game_is_saved_in_format_2_with_who_resigned_and_loads_back(tmp_path: Path) -> None:
    """A game a player resigned says who in its save ("resigned", format 2, under the checksum):
    it loads as the game it was, and a replay knows how it ended. Every other save is still
    format 1, which an older Triarch reads."""
    path = tmp_path / "s.json"
    g, _ = played(ToyGame, 4, 5)
    save_game(g, path, resigned=1)
    data = json.loads(path.read_text())
    assert data["format"] == saves.RESIGNED_FORMAT == 2 and data["resigned"] == 1
    assert saves.resigned_seat(read_save(path)) == 1
    assert load_game(path).state_hash() == g.state_hash()
    replay = Replay.load(path)
    assert replay.resigned == 1 and replay.outcome(len(replay)) == "player 2 resigned: player 1 wins"
    assert replay.outcome(len(replay) - 1) is None  # before the last step, it went on
    assert toy_save(tmp_path / "t.json")["format"] == SAVE_FORMAT == 1  # nobody resigned
    _edit(lambda d: d.pop("resigned"), keep_checksum=True)(path)  # a resignation taken out
    with pytest.raises(SaveError, match="checksum"):
        load_game(path)


def test_a_resignation_after_the_engine_ended_the_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    g, _ = played(ToyGame, 4, 10_000)
    assert g.is_over()
    save_game(g, path, resigned=0)
    for load in (load_game, Replay.load):
        with pytest.raises(SaveError, match="player 1 resigned a game that had already ended"):
            load(path)


def test_read_save_checks_the_structure_without_replaying(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    toy_save(path)
    assert read_save(path)["game"] == "toy"
    _edit(lambda d: d["actions"].append("play 9999"))(path)
    assert read_save(path)["actions"][-1] == "play 9999"  # structure fine: load_game refuses it


# -- never half-written -------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["dump", "fsync", "replace"])
def test_a_failed_write_leaves_the_old_save_intact(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    toy_save(path, steps=3)
    before = path.read_bytes()
    g, _ = played(ToyGame, 4, 6)

    def boom(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    def half_dump(obj: Any, fh: Any, **kwargs: Any) -> None:  # the disk fills up mid-JSON
        fh.write(json.dumps(obj, **kwargs)[:40])
        boom()

    with monkeypatch.context() as m:
        if where == "dump":
            m.setattr(saves.json, "dump", half_dump)
        else:
            m.setattr(saves.os, where, boom)
        with pytest.raises(OSError):
            save_game(g, path)
    assert path.read_bytes() == before
    assert len(load_game(path).history) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temporary file left


def test_temporary_files_left_by_a_killed_write_are_cleaned_up_later(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    stale = tmp_path / "autosave.jsonabc123.tmp"
    fresh = tmp_path / "autosave.jsonxyz789.tmp"  # maybe another process writing right now
    for p in (stale, fresh):
        p.write_text('{"format": 1, "ga')
    old = time.time() - saves.STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    write_json_atomic(path, {"x": 1})
    assert not stale.exists() and fresh.exists()
    assert json.loads(path.read_text()) == {"x": 1}


# -- killed mid-game ------------------------------------------------------------------------------


class Child:
    """`tests.saves_child` playing GAME from the save at PATH, read line by line."""

    def __init__(self, game_id: str, seed: int, path: Path, block_at: int | None = None) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1")
        if block_at is not None:
            env["TRIARCH_TEST_BLOCK_AT"] = str(block_at)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.saves_child", game_id, str(seed), str(path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.saved = -1  # the last action whose save the child said was complete

    def read_until(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(
                    f"the child ended: {self.proc.stderr.read() if self.proc.stderr else ''}"
                )
            self.note(line)
            if line.startswith(prefix):
                return line

    def note(self, line: str) -> None:
        if line.startswith(("saved ", "start ")):
            self.saved = int(line.split()[1])

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        out, _ = self.proc.communicate(timeout=10)
        for line in out.splitlines():
            self.note(line)
        assert self.proc.returncode == -signal.SIGKILL


def test_a_game_killed_mid_game_resumes_at_its_last_completed_action(tmp_path: Path) -> None:
    engines = real_engines()
    if not engines:
        pytest.skip("no engine")
    game_id, seed = engines[0], 11
    cls = game_class(game_id)
    reference, hashes = played(cls, seed, 10_000)
    assert len(reference.history) > 80, "the reference game is too short to be killed mid-game"
    path = tmp_path / "autosave.json"

    def check_resume(child: Child) -> int:
        game = load_game(path)  # the same loader `triarch resume` and Continue use
        n = len(game.history)
        assert child.saved <= n <= child.saved + 1  # the last completed action; at most the one being told
        assert game.history == reference.history[:n]
        assert game.state_hash() == hashes[n]
        return n

    # 1. Killed inside the write of action 12's save: the save of action 11 stays.
    child = Child(game_id, seed, path, block_at=12)
    child.read_until("writing 12")
    child.kill()
    assert check_resume(child) == 11
    leftovers = list(tmp_path.glob("autosave.json*.tmp"))
    assert len(leftovers) == 1  # the half-written temporary file, never the save itself
    # 2. Resumed, then killed at random moments (most of a step is spent writing) once the save
    # itself holds an action more than it was resumed with: however slow the machine, each resumed
    # game went on, and the kill lands somewhere in what follows.
    rng = random.Random(seed)
    done = 11
    for _ in range(3):
        child = Child(game_id, seed, path)
        assert int(child.read_until("start").split()[1]) == done
        wait_for_saved_actions(path, done + 1, child)
        time.sleep(rng.uniform(0.0, 0.05))
        child.kill()
        n = check_resume(child)
        assert n > done  # the resumed game went on, and its save with it
        done = n


def wait_for_saved_actions(path: Path, wanted: int, child: Child, timeout: float = 120.0) -> None:
    """Until the save at `path` holds `wanted` actions (read from the save itself, which is only
    ever replaced whole), the child still playing; AssertionError after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while len(read_save(path).get("actions", [])) < wanted:
        assert child.proc.poll() is None, "the child ended before its save held the actions"
        assert time.monotonic() < deadline, f"the save held fewer than {wanted} actions after {timeout} s"
        time.sleep(0.01)


def test_a_save_an_editor_wrote_back_with_a_byte_order_mark_still_loads(tmp_path: Path) -> None:
    """A save opened and written back unchanged by an editor (or a Windows shell) that starts
    UTF-8 with a byte-order mark is the same save: it loads, resumes and replays, not refused
    as `not valid JSON at line 1, column 1` (the game was lost)."""
    path = tmp_path / "bom.json"
    toy_save(path)
    game = load_game(path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_game(path).state_hash() == game.state_hash()
    assert len(Replay.load(path)) == len(game.history)
