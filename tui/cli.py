"""The `triarch` command: the game menu, and sub-commands for playing,
simulating, benchmarking, browsing cards and rules, replays and resuming."""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from common import __version__
from common.errors import DataError, EngineNotAvailable
from common.registry import GAMES, game_class
from tui.wording import GAME_OPTION_HELP, plural

if TYPE_CHECKING:  # the engines' base class stays unimported until a command needs an engine
    from common.game import Game

GAME_METAVAR = "{" + "|".join(GAMES) + "}"

# The collector's setting once an engine is loaded (`tune_gc`). No game makes reference cycles
# (tests/test_gc.py): the collector's runs during a game walk the cards, events and action lists
# just made and free nothing, since reference counting frees what a game drops. So the objects that
# live as long as the process (modules, card pools) are frozen out of its walks, and its youngest
# generation runs after 10,000 new objects instead of CPython's 700: a random game ≈ 1.5-2 % fewer
# instructions in each engine (docs/performance.md, "Session 38"; the threshold alone, set before
# the engine loads, costs more than it saves: the loaded data then sits in the middle generation).
GC_YOUNG_THRESHOLD = 10_000


def tune_gc() -> None:
    """Freeze what is loaded and raise the youngest generation's threshold: done by `_engine`, so
    for every command that runs games (`play`, `bench`, `soak`, `simulate`, `tournament`...), and
    by `tools/ir.sh` to count what those commands run. (The menu, `triarch` alone, keeps CPython's.)"""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


def _fail(message: str, code: int = 2) -> NoReturn:
    click.echo(f"triarch: {message}", err=True)
    sys.exit(code)


def _engine(game_id: str) -> type[Game]:
    try:
        cls = game_class(game_id.lower())
    except EngineNotAvailable as exc:
        _fail(str(exc), 2)
    tune_gc()
    return cls


def _parse_options(pairs: tuple[str, ...], cls: type[Game]) -> dict[str, Any]:
    """`--option KEY=VALUE` pairs as the game's options; a key the game does not have is refused
    (exit 2) with the keys it has, rather than ignored."""
    known = [str(o["key"]) for o in cls.game_options()]
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            _fail(f"--option expects KEY=VALUE, got {pair!r}")
        key, value = pair.split("=", 1)
        if key.strip() not in known:
            has = f"its options: {', '.join(known)}" if known else "it has no options"
            _fail(f"{cls.game_id} has no option {key.strip()!r} ({has})")
        v: Any = value
        if value.lower() in ("true", "false", "on", "off"):
            v = value.lower() in ("true", "on")
        else:
            try:
                v = int(value)
            except ValueError:
                v = value
        out[key.strip()] = v
    return out


def _autosave_free(doing: str) -> None:
    """Exit (code 2) when another `triarch` is playing the game in the autosave: this one would
    write over it (the table checks again when it opens the game)."""
    from common.saves import AutosaveLock

    busy = AutosaveLock().taken()
    if busy:
        _fail(f"cannot {doing}: {busy}", 2)


def _run_app(spec: Any) -> None:
    try:
        from tui.app import TriarchApp
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("tui"):
            _fail("the game table (UI) is not implemented yet", 2)
        raise
    TriarchApp(launch=spec).run()


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="triarch")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Triarch: Hand of the Gods, BHM and The Scars at one terminal table.

    Run without a command to open the game menu.
    """
    if ctx.invoked_subcommand is None:
        _run_app(None)


@main.command()
@click.argument("game", metavar=GAME_METAVAR)
@click.option("--vs", type=click.Choice(["ai", "human"]), default="ai", show_default=True, help="Opponent.")
@click.option(
    "--ai-level",
    default=None,
    help="AI level: random, scripted, greedy, lookahead or search (default: the game's strongest within the time limits, see docs/ai.md).",
)
@click.option(
    "--seat", type=click.IntRange(1, 2), default=1, show_default=True, help="Your seat against the AI."
)
@click.option(
    "--deck1", type=click.Path(dir_okay=False, path_type=Path), help="Deck file (TOML) for player 1."
)
@click.option(
    "--deck2", type=click.Path(dir_okay=False, path_type=Path), help="Deck file (TOML) for player 2."
)
@click.option("--seed", type=int, help="Seed (random if omitted).")
@click.option("--scenario", type=click.Path(dir_okay=False, path_type=Path), help="Scenario file (TOML).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help=GAME_OPTION_HELP)
def play(
    game: str,
    vs: str,
    ai_level: str | None,
    seat: int,
    deck1: Path | None,
    deck2: Path | None,
    seed: int | None,
    scenario: Path | None,
    options: tuple[str, ...],
) -> None:
    """Start a game straight away."""
    from common.scenario import read_scenario_file
    from tui.launch import LaunchSpec

    cls = _engine(game)
    from common.agents import agent_level_names

    if ai_level is None:
        ai_level = cls.default_agent_level()
    if vs == "ai" and ai_level not in agent_level_names(cls):
        _fail(f"unknown AI level {ai_level!r}; known: {', '.join(agent_level_names(cls))}")
    decks: list[Any] = [None, None]
    try:
        for i, path in enumerate((deck1, deck2)):
            if path is not None:
                decks[i] = cls.deck_from_file(path)
        scenario_text = read_scenario_file(scenario) if scenario else None
        # Validate deck and scenario now, so a bad file is an error message, not a UI crash.
        cls.new_game(
            seed=seed or 0, options=_parse_options(options, cls), decks=decks, scenario=scenario_text
        )
    except DataError as exc:
        _fail(exc.named_by(scenario) if scenario is not None else str(exc))
    except OSError as exc:
        _fail(str(exc))
    _autosave_free("start a game")
    _run_app(
        LaunchSpec(
            game_id=cls.game_id,
            vs=vs,
            ai_level=ai_level,
            human_seat=seat - 1,
            seed=seed,
            decks=decks,
            scenario=scenario_text,
            options=_parse_options(options, cls),
        )
    )


@main.command()
@click.argument("game", metavar=GAME_METAVAR)
@click.option("--p1", default="scripted", show_default=True, help="AI level of the first agent.")
@click.option("--p2", default="random", show_default=True, help="AI level of the second agent.")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed SEED+i.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help=GAME_OPTION_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON line with the results.")
def simulate(
    game: str, p1: str, p2: str, games: int, seed: int, options: tuple[str, ...], as_json: bool
) -> None:
    """Play agents against each other; seats alternate game by game."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from common.agents import agent_level_names
    from common.sim import simulate as run

    cls = _engine(game)
    for level in (p1, p2):
        if level not in agent_level_names(cls):
            _fail(f"unknown agent {level!r}; known: {', '.join(agent_level_names(cls))}")
    opts = _parse_options(options, cls)
    console = Console(stderr=True)
    with Progress(
        TextColumn(f"{cls.title}: {p1} vs {p2}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=as_json,
        disable=as_json and not console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=games)
        report = run(cls, p1, p2, games, seed, opts, on_game=lambda i, r: progress.advance(task))
    if as_json:
        click.echo(json.dumps(report.to_json()))
        return
    click.echo(f"{cls.title}: {plural(games, 'game')}, seeds {seed}..{seed + games - 1}, seats alternating")
    for name, wins in ((p1, report.wins[0]), (p2, report.wins[1])):
        click.echo(
            f"  {name:>10} (as --p{1 if name == p1 else 2}): {plural(wins, 'win')} ({100 * wins / games:.1f}%)"
        )
    click.echo(f"  draws: {report.draws} (of which hit the action cap: {report.capped})")
    click.echo(f"  {report.seconds:.2f} s, {report.actions / max(report.seconds, 1e-9):.0f} actions/s")


def _find_cards(columns: list[str], rows: list[list[Any]], query: str) -> list[list[Any]]:
    """The cards `query` names: by id, else by name (letter case aside), else the cards whose
    id or name contains it (`wolf`)."""
    lowered = [c.lower() for c in columns]
    keys = [lowered.index(k) for k in ("id", "name") if k in lowered] or [0]
    q = query.strip().casefold()
    for key in keys:
        exact = [r for r in rows if str(r[key]).casefold() == q]
        if exact:
            return exact
    return [r for r in rows if q and any(q in str(r[key]).casefold() for key in keys)]


def _card_title(columns: list[str], row: list[Any]) -> str:
    """`Grey Wolf (n_wolf)`: a card's name and its id."""
    lowered = [c.lower() for c in columns]
    name = str(row[lowered.index("name")]) if "name" in lowered else ""
    cid = str(row[lowered.index("id")]) if "id" in lowered else ""
    return f"{name} ({cid})" if name and cid and name != cid else name or cid


def _ambiguous(columns: list[str], match: list[list[Any]], query: str) -> str:
    """The error for a `query` that names several cards: which (up to 8), and what to type."""
    names = [_card_title(columns, r) for r in match[:8]]
    more = f" and {len(match) - 8} more" if len(match) > 8 else ""
    return f"{query!r} names {len(match)} cards: {'; '.join(names)}{more} — give one's id or full name"


def _fit_widths(mins: list[int], maxs: list[int], room: int, first: list[bool]) -> list[int] | None:
    """Column widths in `room` columns: each its widest line (`maxs`) if all fit, else narrowed,
    the `first` columns (the text) first, then the widest, never below its longest word
    (`mins`); None if even that is too wide."""
    if sum(mins) > room:
        return None
    widths = [max(a, b) for a, b in zip(mins, maxs, strict=True)]
    for _ in range(sum(widths) - room):
        j = max((j for j in range(len(widths)) if widths[j] > mins[j]), key=lambda j: (first[j], widths[j]))
        widths[j] -= 1
    return widths


def _card_blocks(console: Any, title: str, columns: list[str], rows: list[list[Any]]) -> None:
    """The card pool as one block a card, for a terminal too narrow for the text column: the
    name and the id, the other columns on one line (`type unit · cost 3 …`), the text under
    them, each wrapped under its own start."""
    import textwrap

    from rich.text import Text

    def indented(words: str) -> None:
        for line in textwrap.wrap(words, max(20, console.width - 2), break_on_hyphens=False):
            console.print(Text("  " + line), soft_wrap=True)

    lowered = [c.lower() for c in columns]
    name_i = lowered.index("name") if "name" in lowered else 0
    id_i = lowered.index("id") if "id" in lowered else None
    text_i = lowered.index("text") if "text" in lowered else None
    console.print(Text(title, style="bold"))
    for r in rows:
        console.print()
        head = Text(str(r[name_i]), style="bold")
        if id_i is not None and id_i != name_i:
            head.append(f"  {r[id_i]}", style="dim")
        console.print(head)
        stats = [
            f"{columns[i]} {str(v).strip()}"
            for i, v in enumerate(r)
            if i not in (name_i, id_i, text_i) and str(v).strip()
        ]
        if stats:
            indented(" · ".join(stats))
        if text_i is not None and str(r[text_i]).strip():
            indented(str(r[text_i]).strip())


@main.command()
@click.argument("game", metavar=GAME_METAVAR)
@click.argument("card", required=False)
@click.option("--filter", "-f", "text", default="", help="Only cards whose row contains TEXT (any column).")
@click.option(
    "--text/--no-text",
    "show_text",
    default=None,
    help="Show the card text (default: only on terminals 140+ columns wide; below 140, a block a card).",
)
def cards(game: str, card: str | None, text: str, show_text: bool | None) -> None:
    """Show the card pool as a table, or one CARD (by id or name) in full."""
    import inspect

    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.panel import Panel
    from rich.table import Table

    cls = _engine(game)
    console = Console()
    try:
        if "text" in inspect.signature(cls.card_rows).parameters:
            columns, rows = cls.card_rows(text=True)  # type: ignore[call-arg]
        else:
            columns, rows = cls.card_rows()
    except DataError as exc:
        _fail(str(exc))
    if card is not None:
        match = _find_cards(columns, rows, card)
        if not match:
            _fail(
                f"no card {card!r} among the {len(rows)} cards of {cls.title}"
                f" (see `triarch cards {cls.game_id}`)",
                1,
            )
        if len(match) > 1:
            _fail(_ambiguous(columns, match, card), 1)
        body = "\n".join(
            f"[bold]{c}[/]: {v}" for c, v in zip(columns, match[0], strict=False) if str(v).strip()
        )
        if cls.CARD_LEGEND:
            body += f"\n[dim]{escape(cls.CARD_LEGEND)}[/]"
        console.print(Panel(body, title=f"{cls.title} — {_card_title(columns, match[0])}", expand=False))
        return
    if show_text is None:
        show_text = console.width >= 140
    keep = [i for i, c in enumerate(columns) if show_text or c.lower() != "text"]
    needle = text.lower()
    shown = [r for r in rows if not needle or any(needle in str(c).lower() for c in r)]
    hint = "" if show_text else f" · text: --text or `triarch cards {cls.game_id} CARD`"
    legend = f"\n{cls.CARD_LEGEND}" if cls.CARD_LEGEND else ""
    if show_text and console.width < 140:  # a table would cut the text in slivers: a block a card
        _card_blocks(console, f"{cls.title} — {len(shown)} of {len(rows)} cards{legend}", columns, shown)
        return
    lowered = [c.lower() for c in columns]
    merge = "id" in lowered and "name" in lowered
    id_i, name_i = (lowered.index("id"), lowered.index("name")) if merge else (-1, -1)
    keep = [i for i in keep if i != id_i]  # the id goes under the name, to leave room for the rest
    headers = [columns[i] + (" / id" if i == name_i else "") for i in keep]
    grid = [[f"{r[i]}\n{r[id_i]}" if i == name_i else str(r[i]) for i in keep] for r in shown]
    # each column at least as wide as its longest word (words are never cut in two: `ORDINAR|Y`),
    # the text 32 columns
    cols = [[h, *(cells[j] for cells in grid)] for j, h in enumerate(headers)]
    mins = [
        32 if h.lower() == "text" else max(len(w) for x in col for w in x.split())
        for h, col in zip(headers, cols, strict=True)
    ]
    maxs = [max(len(line) for x in col for line in x.splitlines() or [""]) for col in cols]
    # the room for the cells: the box's edges (2), a divider and a padding of 1 between columns
    widths = _fit_widths(
        mins, maxs, console.width - 2 - 2 * (len(headers) - 1), first=[h.lower() == "text" for h in headers]
    )
    if widths is None:  # no room for whole words: a block a card
        _card_blocks(console, f"{cls.title} — {len(shown)} of {len(rows)} cards{legend}", columns, shown)
        return
    table = Table(
        title=f"{cls.title} — {len(shown)} of {len(rows)} cards{hint}{legend}",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    for h, w in zip(headers, widths, strict=True):
        table.add_column(h, overflow="fold", width=w)
    for r, cells in zip(shown, grid, strict=True):
        marked = [escape(c) for c in cells]
        if merge:  # the id dim under the name
            at = keep.index(name_i)
            marked[at] = f"{escape(str(r[name_i]))}\n[dim]{escape(str(r[id_i]))}[/]"
        table.add_row(*marked)
    console.print(table)


@main.command()
@click.argument("game", metavar=GAME_METAVAR)
@click.option("--pager/--no-pager", default=False, help="Page the text.")
def rules(game: str, pager: bool) -> None:
    """Show a game's rules reference."""
    from rich.console import Console
    from rich.markdown import Markdown

    cls = _engine(game)
    text = cls.rules_text()
    if not text:
        _fail(f"no rules reference for {cls.title} yet", 2)
    console = Console()
    if pager:
        with console.pager(styles=True):
            console.print(Markdown(text))
    else:
        console.print(Markdown(text))


# Commands that live in their own modules (each imports its heavy parts lazily).
from tui.cli_bench import bench  # noqa: E402
from tui.cli_replay import replay  # noqa: E402
from tui.cli_resume import resume  # noqa: E402
from tui.cli_soak import soak  # noqa: E402
from tui.cli_tournament import tournament  # noqa: E402

for _command in (tournament, bench, soak, resume, replay):
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
