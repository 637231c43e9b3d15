"""`triarch tournament`: a seat-swapped round robin between AI levels.

Heavy imports (rich, the engines, multiprocessing) stay inside the command so
`triarch --help` stays fast. The figures come from `common.tournament`.
"""

from __future__ import annotations

from typing import Any

import click

from common.registry import GAMES
from tui.wording import GAME_OPTION_HELP, plural

GAME_METAVAR = "{" + "|".join(GAMES) + "}"


@click.command()
@click.argument("game", metavar=GAME_METAVAR)
@click.option(
    "--agents",
    "agents_text",
    metavar="A,B,…",
    help="Comma-separated AI levels; every pair plays. Default: every level of the game.",
)
@click.option(
    "--games", type=click.IntRange(1), default=20, show_default=True, help="Games per pair of agents."
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="Game i of a pair is dealt with seed SEED+i//2: each deal twice, seats swapped.",
)
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help=GAME_OPTION_HELP)
@click.option(
    "--budget",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help=(
        "Safety cap in CPU seconds per decision for `search` (its limit is a work budget; default 3;"
        " The Scars: none unless given, then it judges fewer deals of the hidden cards)."
    ),
)
@click.option(
    "--jobs",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Worker processes; the results do not depend on it (timings do).",
)
@click.option(
    "--max-actions",
    type=click.IntRange(1),
    default=20_000,
    show_default=True,
    help="Safety cap per game; a capped game is a draw and is reported.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON document.")
@click.option("--per-game/--no-per-game", default=False, help="With --json: also list every game's result.")
def tournament(
    game: str,
    agents_text: str | None,
    games: int,
    seed: int,
    options: tuple[str, ...],
    budget: float | None,
    jobs: int,
    max_actions: int,
    as_json: bool,
    per_game: bool,
) -> None:
    """Play every pair of AI levels against each other, seats swapped, and
    print win rates with 95% Wilson intervals and Elo differences.

    A win counts 1 and a draw ½. Elo differences are clamped at ±800 (a 0% or
    100% score has no finite value). An agent that fails forfeits the game;
    the errors are listed and the exit code is then 1.
    """
    import json

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from common.agents import agent_level_names
    from common.tournament import pairs_of, run_tournament, validate_levels
    from tui.cli import _engine, _fail, _parse_options

    cls = _engine(game)
    if agents_text is None:
        levels = agent_level_names(cls)
    else:
        levels = [a.strip() for a in agents_text.split(",") if a.strip()]
    try:
        validate_levels(cls, levels)
    except ValueError as exc:
        _fail(str(exc))
    opts = _parse_options(options, cls)
    err = Console(stderr=True)
    total = len(pairs_of(levels)) * games
    with Progress(
        TextColumn(f"{cls.title}: {len(levels)} agents"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.description}"),
        console=err,
        transient=True,
        disable=as_json or not err.is_terminal,
    ) as progress:
        task = progress.add_task("", total=total)

        def advance(done: int, _total: int, rec: Any) -> None:
            progress.update(task, completed=done, description=f"{rec.spec.a} vs {rec.spec.b}")

        try:
            report = run_tournament(
                cls, levels, games, seed, opts, budget=budget, max_actions=max_actions, jobs=jobs,
                on_game=advance,
            )  # fmt: skip
        except ValueError as exc:
            _fail(str(exc))
    data = report.to_json(per_game=per_game)
    if as_json:
        click.echo(json.dumps(data))
    else:
        _print_tables(Console(), data)
    if data["errors"]:
        for p in data["pairs"]:
            for e in p["errors"]:
                click.echo(f"triarch: forfeit in {p['a']} vs {p['b']}, {e}", err=True)
        raise SystemExit(1)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _elo(value: float, clamped: bool) -> str:
    text = f"{value:+.0f}"
    return f"{'≥' if value > 0 else '≤'}{text}" if clamped else text


def _print_tables(console: Any, data: dict[str, Any]) -> None:
    from rich import box
    from rich.table import Table

    n = data["games_per_pair"]
    budget = f", budget {data['budget']} s" if data["budget"] is not None else ""
    pairs = Table(
        title=f"{data['title']}: {n} games per pair, deals {data['seed']}..{data['seed'] + (n - 1) // 2}, "
        f"each deal played twice with seats swapped{budget}",
        caption="W–L–D and score (wins + ½ draws) of A against B, 95% Wilson interval; "
        f"Elo A−B implied by the score, clamped at ±{data['elo_clamp']:.0f} (≥/≤); "
        "A's wins when seated 1st · 2nd",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    pairs.add_column("A vs B", no_wrap=True)
    pairs.add_column("W–L–D", justify="right", no_wrap=True)
    pairs.add_column("score A [95%]", justify="right", no_wrap=True)
    pairs.add_column("Elo A−B [95%]", justify="right", no_wrap=True)
    pairs.add_column("1st · 2nd", justify="right", no_wrap=True)
    for p in data["pairs"]:
        lo, hi = p["wilson95"]
        seat = p["by_seat"]
        capped = f" ({p['capped']} capped)" if p["capped"] else ""
        pairs.add_row(
            f"{p['a']} vs {p['b']}",
            f"{p['wins']}–{p['losses']}–{p['draws']}{capped}",
            f"{_pct(p['score'])} [{100 * lo:.0f}–{100 * hi:.0f}]",
            f"{_elo(p['elo'], p['elo_clamped'])} [{p['elo95'][0]:+.0f}…{p['elo95'][1]:+.0f}]",
            f"{seat['a_first']['wins']}/{seat['a_first']['games']} · "
            f"{seat['a_second']['wins']}/{seat['a_second']['games']}",
        )
    console.print(pairs)
    seats = data["seats"]
    standings = Table(
        title=f"Standings: {data['games']} games in {data['seconds']:.1f} s; seat 1 won {seats['first']}, "
        f"seat 2 won {seats['second']}, draws {seats['draws']}",
        caption="decision time per move: mean, p95, max (noisy on a shared machine)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    standings.add_column("agent", no_wrap=True)
    for col in ("W–L–D", "score [95%]", "moves", "mean", "p95", "max"):
        standings.add_column(col, justify="right", no_wrap=True)
    for s in data["standings"]:
        t = s["time"]
        lo, hi = s["wilson95"]
        standings.add_row(
            s["agent"],
            f"{s['wins']}–{s['losses']}–{s['draws']}",
            f"{_pct(s['score'])} [{100 * lo:.0f}–{100 * hi:.0f}]",
            str(t["decisions"]),
            _ms(t["mean_ms"]),
            _ms(t["p95_ms"]),
            _ms(t["max_ms"]),
        )
    console.print(standings)
    if data["capped"]:
        console.print(
            f"[yellow]{plural(data['capped'], 'game')} hit the cap of {data['max_actions']} actions (draws)[/]"
        )


def _ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"
