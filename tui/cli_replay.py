"""`triarch replay [FILE]`: step through a saved or finished game (without FILE,
the last game finished at the table: `common.saves.keep_finished`).

On a terminal it opens the replay screen (→/← step, Home/End, q quits);
with `--print`, or when the output is not a terminal, it prints the game in
words, each action with its notation in brackets (`[aside 21]`, what `apply`
reads), and with `--hashes` the state hash after every action, for scripts.
The words are the replay screen's log's (`tui.log_words`, one source): as the
eyes `--eyes` chooses see them (everybody by default, as the screen opens: a
card set aside face down is not named; `--eyes 1` names player 1's), the
same-named cards of The Scars told apart by their place; `--full` prints every line of The
Scars' resolution zone (the log leaves out a card's `… goes to the resolution zone` and `Resolves:
…` when it resolved at once, nobody able to respond).
A save that cannot be replayed is one line on stderr and exit code 2; without FILE, a kept
game that cannot (deleted meanwhile, damaged, of a newer Triarch) is skipped for the one
before it, and stderr says which and why.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from common.saves import Replay


def print_replay(
    replay: Any, actions: bool, hashes: bool, viewer: int | None = None, full: bool = False
) -> None:
    """The game as the replay screen's log tells it to `viewer`'s eyes (None: everybody),
    each action with its notation after it; the lines join as in the log
    (`tui.log_words.LogLines`: the markers of a quiet stretch share a line, without the
    actions' lines those of successive actions too; a run of The Scars' passes that say nothing
    but markers is one line, `10–13. P2: Pass ×4  [pass]`); `full`: every line of the events, The
    Scars' resolution zone too (`tui.log_words.told_events`)."""
    from tui.log_words import LogLines, fold_key, opening_said, seat_names, step_said, steps, times
    from tui.replay_goal import ReplayGoal

    goal = ReplayGoal.of(replay)
    if goal is not None:  # a puzzle: its goal first, its verdict last
        click.echo(goal.line(0))
    lines = LogLines(game_id=replay.game_id)
    lines.add_events(opening_said(replay.game_id, replay.opening), "  ", viewer)
    if hashes:
        lines.add_line(f"   0. hash {replay.state(0).state_hash()[:16]}")
    for i, action in enumerate(replay.actions):
        if actions:
            words, events = step_said(replay, i, viewer, full=full)
            notation = replay.state(i).format_action(action)  # what `apply` reads
            said = "" if words.endswith(f": {notation}") else f"  [{notation}]"

            def told(n: int, first: int = i + 1, words: str = words, said: str = said) -> str:
                return f"{steps(first, n):>4}. {times(words, n)}{said}"

            lines.add_action(
                told, events, viewer, "      ", fold=fold_key(replay.game_id, action, replay.players[i])
            )
        else:  # without the action's line, its events say it
            lines.add_events(replay.events[i], "      ", viewer)
        if hashes:
            lines.add_line(f"{i + 1:>4}. hash {replay.state(i + 1).state_hash()[:16]}")
    out = lines.plain
    for line in out:
        click.echo(line)
    final = replay.state(len(replay))
    # the seats as the game's table names them (`P1 wins` in Hand of the Gods, `Player 1 wins`)
    outcome = replay.outcome(len(replay), seat_names(replay.game_id)) or "in progress"
    click.echo(f"final: {outcome} · hash {final.state_hash()[:16]}")
    if goal is not None:
        click.echo(goal.line(len(replay)))


def newest_replay(kept: list[Path]) -> Replay:
    """The replay of the newest of the `kept` games (oldest first) that replays: one that does not
    (deleted since, damaged, written by a newer Triarch) is skipped, and said so on stderr, with
    why; none that replays is exit code 2."""
    from common.saves import Replay, SaveError
    from tui.cli import _fail

    skipped: list[str] = []
    for path in reversed(kept):
        try:
            r = Replay.load(path)
        except SaveError as exc:
            click.echo(f"triarch: skipped {path}: {exc}", err=True)
            skipped.append(path.name)
            continue
        if skipped:
            click.echo(f"triarch: replaying {path}, the newest kept game that replays", err=True)
        return r
    _fail(f"no kept game replays ({len(kept)} tried, see above): name a save to replay", 2)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path), required=False)
@click.option(
    "--print", "as_text", is_flag=True, help="Print it in words (the default when not on a terminal)."
)
@click.option(
    "--actions/--no-actions", default=True, help="With --print: each action in words, with its notation."
)
@click.option("--hashes", is_flag=True, help="With --print: the state hash after every action.")
@click.option(
    "--eyes",
    type=click.Choice(["everybody", "1", "2"]),
    default="everybody",
    show_default=True,
    help="With --print: whose eyes, as `v` on the replay screen (a player's names their hidden cards).",
)
@click.option(
    "--full",
    is_flag=True,
    help="With --print: every line, also The Scars' resolution zone for a card that resolved at once.",
)
def replay(file: Path | None, as_text: bool, actions: bool, hashes: bool, eyes: str, full: bool) -> None:
    """Step through a saved game (→/← on the replay screen), or print it. Without FILE,
    the last game finished at the table (the last 20 are kept)."""
    from common.saves import Replay, SaveError, finished_dir, finished_games
    from tui.cli import _fail

    if file is None:
        kept = finished_games()
        if not kept:
            _fail(f"no finished game is kept yet ({finished_dir()}): name a save to replay", 2)
        r = newest_replay(kept)
    else:
        try:
            r = Replay.load(file)
        except SaveError as exc:
            _fail(f"cannot replay {file}: {exc}", 2)
    if as_text or not sys.stdout.isatty():
        print_replay(r, actions, hashes, None if eyes == "everybody" else int(eyes) - 1, full)
        return
    from tui.app import TriarchApp

    TriarchApp(replay=r).run()
