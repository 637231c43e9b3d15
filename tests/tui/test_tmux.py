"""Opt-in (`pytest -m tmux`): run the real `triarch` in a real terminal under
tmux, send keys and check the captured screen. Skips when tmux is missing."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from common.registry import GAMES
from tests.tui.helpers import engine_ready

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]


def triarch_command() -> str:
    exe = shutil.which("triarch")
    return shlex.quote(exe) if exe else f"{shlex.quote(sys.executable)} -m tui.cli"


class Tmux:
    def __init__(self, home: Path, width: int = 100, height: int = 30) -> None:
        self.name = f"triarch-test-{uuid.uuid4().hex[:8]}"
        self.home = home
        self.size = (width, height)

    def start(self, args: str, extra_env: str = "") -> None:
        env = f"TRIARCH_HOME={shlex.quote(str(self.home))} TRIARCH_AI_PACE=0 PYTHONPATH={shlex.quote(str(ROOT))}"
        env += f" {extra_env}" if extra_env else ""
        cmd = f"cd {shlex.quote(str(ROOT))} && env {env} TERM=xterm-256color {triarch_command()} {args}"
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(self.size[0]),
                "-y",
                str(self.size[1]),
                cmd,
            ],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        for k in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, k], check=True)
            time.sleep(0.15)

    def capture(self) -> str:
        out = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True)
        return out.stdout

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.capture()
            if text in screen:
                return screen
            time.sleep(0.25)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")

    def alive(self) -> bool:
        return subprocess.run(["tmux", "has-session", "-t", self.name], capture_output=True).returncode == 0

    def kill(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    t = Tmux(tmp_path)
    yield t
    t.kill()


def test_tmux_menu_opens_and_quits(tmux: Tmux) -> None:
    tmux.start("")
    tmux.wait_for("T R I A R C H")
    # (the screen may be caught half drawn: wait for the buttons, the last row to be drawn)
    screen = tmux.wait_for("Continue (no saved game)")
    assert "Start" in screen and "Quit" in screen
    tmux.keys("C-q")
    end = time.monotonic() + 10
    while tmux.alive() and time.monotonic() < end:
        time.sleep(0.2)
    assert not tmux.alive()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_tmux_play_against_the_ai_then_resume(tmux: Tmux, game_id: str) -> None:
    if not engine_ready(game_id):
        pytest.skip(f"the {game_id} engine is not available yet")
    title = GAMES[game_id].title
    tmux.start(f"play {game_id} --vs ai --ai-level random --seed 7")
    tmux.wait_for(title)
    tmux.wait_for("(you)")
    tmux.keys("?")
    tmux.wait_for("Keys")
    tmux.keys("Escape")
    tmux.keys("C-q")
    time.sleep(1.0)
    save = tmux.home / "autosave.json"
    assert save.exists()
    tmux.kill()
    again = Tmux(tmux.home)
    try:
        again.start("resume")
        again.wait_for(title)
    finally:
        again.kill()


def test_tmux_no_color_is_readable(tmux: Tmux) -> None:
    """With NO_COLOR=1 the table still says everything in glyphs and words."""
    tmux.start("", extra_env="NO_COLOR=1")
    screen = tmux.wait_for("T R I A R C H")
    assert "Start" in screen and "Continue" in screen
    if engine_ready("hotg"):
        tmux.kill()
        again = Tmux(tmux.home)
        try:
            again.start("play hotg --vs ai --ai-level random --seed 3", extra_env="NO_COLOR=1")
            screen = again.wait_for("STONE")
            assert "►STONE" in screen and "◄STONE" in screen and "♥25" in screen
        finally:
            again.kill()


def test_tmux_two_windows_on_one_save_folder_never_play_over_each_other(tmux: Tmux) -> None:
    """The real `triarch` twice on one TRIARCH_HOME: the second window's game would have written
    over the first's autosave (the last to act kept its game, the other was lost). Now the
    second is refused while the first has its game open, and may play once the first is killed."""
    if not engine_ready("hotg"):
        pytest.skip("the hotg engine is not available yet")
    tmux.start("play hotg --vs human --seed 3")
    tmux.wait_for("Player 1, it is your turn")
    save = tmux.home / "autosave.json"
    first = save.read_bytes()
    second = Tmux(tmux.home)
    try:
        second.start("")  # the menu: Start is refused, the first game untouched
        second.wait_for("Continue: Hand of the Gods")
        second.keys("C-n")
        second.wait_for("Cannot start: another Triarch")
        assert save.read_bytes() == first
        second.keys("C-o")
        second.wait_for("Cannot continue: another Triarch")
        tmux.kill()  # the first window closed (its lock goes with it)
        second.keys("C-o")
        second.wait_for("Player 1, it is your turn")
    finally:
        second.kill()
