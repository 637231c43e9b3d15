"""`triarch replay FILE`: step through a saved or finished game.

On a terminal it opens the replay screen (→/← step, Home/End, q quits);
with `--print`, or when the output is not a terminal, it prints the game in
words, each action with its notation in brackets (`[aside 21]`, what `apply`
reads), and with `--hashes` the state hash after every action, for scripts.
The file holds every card, so the print names them all (hidden ones too).
A save that cannot be replayed is one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click


def print_replay(replay: Any, actions: bool, hashes: bool) -> None:
    for ev in replay.opening:
        click.echo(f"  {ev.text}")
    if hashes:
        click.echo(f"   0. hash {replay.state(0).state_hash()[:16]}")
    for i, action in enumerate(replay.actions):
        player = replay.players[i]
        if actions:
            who = f"P{player + 1}" if player is not None else "—"
            before = replay.state(i)
            # the file holds every card: its words name them, the notation is what `apply` reads
            words, notation = before.describe_action(action), before.format_action(action)
            text = words if words == notation else f"{words}  [{notation}]"
            click.echo(f"{i + 1:>4}. {who}: {text}")
        for ev in replay.events[i]:
            click.echo(f"      {ev.text}")
        if hashes:
            click.echo(f"{i + 1:>4}. hash {replay.state(i + 1).state_hash()[:16]}")
    final = replay.state(len(replay))
    w = final.winner()
    outcome = f"player {w + 1} wins" if w is not None else ("draw" if final.is_over() else "in progress")
    click.echo(f"final: {outcome} · hash {final.state_hash()[:16]}")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--print", "as_text", is_flag=True, help="Print it in words (the default when not on a terminal)."
)
@click.option(
    "--actions/--no-actions", default=True, help="With --print: each action in words, with its notation."
)
@click.option("--hashes", is_flag=True, help="With --print: the state hash after every action.")
def replay(file: Path, as_text: bool, actions: bool, hashes: bool) -> None:
    """Step through a saved game (→/← on the replay screen), or print it."""
    from common.saves import Replay, SaveError
    from tui.cli import _fail

    try:
        r = Replay.load(file)
    except SaveError as exc:
        _fail(f"cannot replay {file}: {exc}", 2)
    if as_text or not sys.stdout.isatty():
        print_replay(r, actions, hashes)
        return
    from tui.app import TriarchApp

    TriarchApp(replay=r).run()
