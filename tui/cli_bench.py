"""`triarch bench`: engine speed, AI decision times and start-up times, printed
(never asserted). The work is in `common.bench`; heavy imports stay inside the
command so that `triarch --help` stays fast."""

from __future__ import annotations

import json
import sys
from typing import Any

import click


@click.command()
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option(
    "--playouts",
    "--games-per",
    "count",
    type=click.IntRange(1),
    default=100,  # common.bench.PLAYOUTS (not imported here: `--help` stays light)
    show_default=True,
    help="Random full games played per engine.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed SEED+i.")
@click.option("--states", type=click.IntRange(1), default=6, show_default=True, help="Mid-game states timed.")
@click.option(
    "--repeat", type=click.IntRange(1), default=50, show_default=True, help="Timed calls per state and op."
)
@click.option("--levels", default=None, help="AI levels to time, comma-separated (default: all).")
@click.option(
    "--decisions", type=click.IntRange(1), default=200, show_default=True, help="Timed decisions per level."
)
@click.option(
    "--ai-seconds",
    type=click.FloatRange(0.01),
    default=20.0,
    show_default=True,
    help="Stop a level after this much thinking time.",
)
@click.option(
    "--budget",
    type=float,
    default=None,
    help=(
        "Safety cap in CPU seconds per decision for `search` (its limit is a work budget; default 3;"
        " The Scars: none unless given, then it judges fewer deals of the hidden cards)."
    ),
)
@click.option(
    "--startup/--no-startup",
    default=True,
    show_default=True,
    help="Time `triarch --help` and the first frame of `triarch play`.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(
    games: tuple[str, ...],
    count: int,
    seed: int,
    states: int,
    repeat: int,
    levels: str | None,
    decisions: int,
    ai_seconds: float,
    budget: float | None,
    startup: bool,
    as_json: bool,
) -> None:
    """Measure engine speed (random playouts/s; clone, legal actions, apply, hash
    in µs on mid-game states), AI decision times per level, and start-up times.
    One core, one process (start-up timings run a fresh process each)."""
    from rich.console import Console

    from common import bench as b
    from common.agents import agent_level_names
    from common.registry import available_games
    from tui.cli import _engine, _fail

    ids = [g.lower() for g in games] or available_games()
    if not ids:
        _fail("no engine is implemented yet", 2)
    classes = [_engine(gid) for gid in ids]
    wanted = [lv.strip() for lv in levels.split(",") if lv.strip()] if levels else None
    if wanted:
        for cls in classes:
            unknown = [lv for lv in wanted if lv not in agent_level_names(cls)]
            if unknown:
                _fail(
                    f"unknown AI level{'' if len(unknown) == 1 else 's'} {', '.join(unknown)} for {cls.title}; known: "
                    f"{', '.join(agent_level_names(cls))}"
                )
    err = Console(stderr=True)
    quiet = as_json and not err.is_terminal
    report: dict[str, Any] = {"python": sys.version.split()[0], "games": []}
    with err.status("benchmarking…") as status:

        def say(msg: str) -> None:
            if not quiet:
                status.update(msg)

        if startup:
            say("triarch --help")
            report["help_s"] = b.help_seconds()
        for cls in classes:
            report["games"].append(
                b.bench_game(
                    cls,
                    count,
                    seed,
                    states=states,
                    repeat=repeat,
                    levels=wanted,
                    decisions=decisions,
                    ai_seconds=ai_seconds,
                    budget=budget,
                    first_frame=startup,
                    progress=say,
                )
            )
    if as_json:
        click.echo(json.dumps(report))
        return
    _print_tables(report)


# the figures of `bench_played` (a game played from its start, not a clone) in words
_OP_LABELS = {"clone_played": "clone() of a played game", "apply_after_clone": "apply() after its clone"}


def _print_tables(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for r in report["games"]:
        p = r["playouts"]
        t = Table(
            title=f"{r['title']}: {p['playouts_per_s']} random playouts/s "
            f"({p['playouts_per_cpu_s']} per CPU second; {p['games']} games, "
            f"{p['actions_per_game']} actions/game, {p['actions_per_s']} actions/s)",
            title_justify="left",
        )
        t.add_column("operation")
        for col in ("mean", "p50", "p95", "max"):
            t.add_column(col, justify="right")
        t.add_column("n", justify="right")
        for op, a in r["ops"].items():
            t.add_row(
                _OP_LABELS.get(op, f"{op}()"),
                *(f"{a[k]:.1f} µs" for k in ("mean_us", "p50_us", "p95_us", "max_us")),
                str(a["n"]),
            )
        for level, a in r["ai"].items():
            t.add_row(
                f"AI '{level}' decision",
                *(f"{a[k]:.2f} ms" for k in ("mean_ms", "p50_ms", "p95_ms", "max_ms")),
                str(a["decisions"]),
            )
        console.print(t)
        if "first_frame_s" in r:
            console.print(
                f"`triarch play {r['game']}` to its first frame (headless): {r['first_frame_s']:.3f} s"
                f" warm (best of 3, byte-code cached); {r['first_frame_cold_s']:.3f} s cold"
                " (the project compiled from source)"
            )
    if "help_s" in report:
        console.print(f"`triarch --help`: {report['help_s']:.3f} s (best of 3, fresh process)")
