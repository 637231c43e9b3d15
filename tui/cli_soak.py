"""`triarch soak`: many seeded games per engine with the generic invariants checked
at every step (common/soak.py); reports counts, failures by kind and the seed and
action index of each failure, so it can be reproduced."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from tui.wording import plural

if TYPE_CHECKING:
    from common.soak import SoakReport


@click.command()
@click.argument("game", metavar="{hotg|bhm|scars|all}")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games per engine.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed SEED+i.")
@click.option(
    "--agents",
    default="random,scripted",
    show_default=True,
    help="AI levels to mix: random vs random, then each other level vs random in both seats.",
)
@click.option(
    "--check-every",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="Notation, refusal and clone checks every K steps (and at the first); the cheap ones every step.",
)
@click.option(
    "--save-every",
    type=click.IntRange(0),
    default=100,
    show_default=True,
    help="Save→load check every K steps (0: only the final replay).",
)
@click.option(
    "--max-actions",
    type=click.IntRange(1),
    default=5000,
    show_default=True,
    help="A game still running after this many actions is a failure ('no-end').",
)
@click.option(
    "--budget",
    type=click.FloatRange(min=0.001),
    default=None,
    help=(
        "Safety cap in CPU seconds per decision for `search` (0.05 for a quick one; default 3;"
        " The Scars: none unless given, then it judges fewer deals of the hidden cards)."
    ),
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per engine.")
def soak(
    game: str,
    games: int,
    seed: int,
    agents: str,
    check_every: int,
    save_every: int,
    max_actions: int,
    budget: float | None,
    as_json: bool,
) -> None:
    """Soak-test GAME (or all): many seeded games per engine, every invariant checked.

    Exit code 0 when every game ran clean, 1 when any check failed, 130 when
    stopped early (Ctrl-C or SIGTERM: the games played so far are reported).
    """
    import signal

    from rich.console import Console
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from common.agents import agent_level_names
    from common.registry import GAMES, available_games
    from common.soak import pairings
    from common.soak import soak as run
    from tui.cli import _engine, _fail

    gid = game.lower()
    if gid == "all":
        ids = available_games()
    elif gid in GAMES:
        ids = [gid]
    else:
        _fail(f"unknown game {game!r}; known: {', '.join(GAMES)}, all")
    levels = [lv.strip() for lv in agents.split(",") if lv.strip()] or ["random"]
    classes = []
    for g in ids:
        cls = _engine(g)
        unknown = [lv for lv in levels if lv not in agent_level_names(cls)]
        if unknown:
            known = ", ".join(agent_level_names(cls))
            _fail(f"unknown agent {unknown[0]!r} for {cls.title}; known: {known}")
        classes.append(cls)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    console = Console(stderr=True)
    reports: list[SoakReport] = []
    try:
        for cls in classes:
            pairs = ", ".join(f"{a} vs {b}" for a, b in pairings(levels))
            with Progress(
                TextColumn(f"{cls.title}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[failures]} failures"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=as_json,
                disable=not console.is_terminal,
            ) as progress:
                task = progress.add_task("games", total=games, failures=0)
                failures = 0

                def on_game(i: int, outcome: object, _task: TaskID = task) -> None:
                    nonlocal failures
                    failure = getattr(outcome, "failure", None)
                    if failure is not None:
                        failures += 1
                        progress.console.print(
                            f"[red]FAIL[/] {escape(failure.describe())}", markup=True, highlight=False
                        )
                    progress.update(_task, advance=1, failures=failures)

                report = run(
                    cls,
                    games,
                    seed,
                    levels,
                    check_every=check_every,
                    save_every=save_every,
                    max_actions=max_actions,
                    budget=budget,
                    on_game=on_game,
                )
            reports.append(report)
            if as_json:
                click.echo(json.dumps(report.to_json()))
            else:
                _print_report(report, seed, games, pairs)
            if report.interrupted:
                break
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if any(r.failures for r in reports):
        sys.exit(1)
    sys.exit(130 if any(r.interrupted for r in reports) else 0)


def _print_report(report: SoakReport, seed: int, games: int, pairs: str) -> None:
    from rich.console import Console
    from rich.table import Table

    from common.registry import GAMES

    title = GAMES[report.game].title if report.game in GAMES else report.game
    out = Console()
    stopped = f" — interrupted after {plural(report.games, 'game')}" if report.interrupted else ""
    t = Table(title=f"{title} soak: seeds {seed}..{seed + games - 1}; agents {pairs}{stopped}")
    t.add_column("games", justify="right")
    t.add_column("actions", justify="right")
    t.add_column("finished", justify="right")
    t.add_column("wins P1/P2/draw", justify="right")
    t.add_column("failures", justify="right")
    t.add_column("time", justify="right")
    t.add_column("games/s", justify="right")
    t.add_row(
        str(report.games),
        str(report.actions),
        str(report.finished),
        f"{report.wins[0]}/{report.wins[1]}/{report.draws}",
        str(len(report.failures)),
        f"{report.seconds:.1f} s",
        f"{report.games_per_s:.1f}",
    )
    out.print(t)
    if report.failures:
        out.print("failures by kind: " + ", ".join(f"{k} {v}" for k, v in report.failures_by_kind.items()))
        for f in report.failures[:20]:
            out.print(f"  {f.describe()}", highlight=False, markup=False)
            if f.trace:
                out.print("    " + f.trace.replace("\n", "\n    "), highlight=False, markup=False)
        if len(report.failures) > 20:
            out.print(f"  … and {len(report.failures) - 20} more (--json lists 50)")
