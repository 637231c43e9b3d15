"""`--option KEY=VALUE`: a key the game does not have is refused with exit code 2, not ignored."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tui.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["play", "bhm", "--option", "armagedon=10"],
            "bhm has no option 'armagedon' (its options: armageddon)",
        ),
        (["simulate", "bhm", "--games", "1", "--option", "bogus=3"], "bhm has no option 'bogus'"),
        (
            ["tournament", "hotg", "--games", "1", "--option", "armageddon=10"],
            "hotg has no option 'armageddon' (it has no options)",
        ),
    ],
)
def test_an_unknown_option_is_refused_with_exit_2(args: list[str], message: str) -> None:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert f"triarch: {message}" in r.output


def test_a_known_option_is_taken() -> None:
    r = CliRunner().invoke(main, ["simulate", "bhm", "--games", "1", "--json", "--option", "armageddon=off"])
    assert r.exit_code == 0, r.output
