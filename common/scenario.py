"""What every game's scenario file shares: its reading, its `[scenario]` header and the checks of
its fields' types. Each engine's loader (`hotg/scenario.py`, `bhm/scenario.py`,
`scars/scenario.py`) keeps only its own sections and rules.

Every problem is a `DataError` naming the scenario (`scenario 'Title'`, or `<scenario>` before
its title is known: the engines see only the text; `DataError.named_by` puts the file's path in
its place), the card or the player, and the field; never the parser's words or a traceback.
The format: `docs/scenarios.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .cards import parse_toml, read_data_file
from .errors import DataError

HEADER_KEYS = ("game", "title", "seed", "description")
NO_TITLE = "<scenario>"  # how an error names a scenario before (or without) its title


def read_scenario_file(path: str | Path) -> str:
    """A scenario file's text (`read_data_file`: not found, not UTF-8… a `DataError` naming it);
    its validation happens when a game starts from it."""
    return read_data_file(path)


def got(value: Any) -> str:
    """`value` as an error message says what it got: `got a number (3)`, `got a text ('x')`."""
    if isinstance(value, bool):
        kind = "true or false"
    elif isinstance(value, int | float):
        kind = "a number"
    elif isinstance(value, str):
        kind = "a text"
    elif isinstance(value, list):
        kind = "a list"
    elif isinstance(value, dict):
        kind = "a table"
    else:
        kind = type(value).__name__
    return f"got {kind} ({value!r})"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario's text, parsed, with its header checked. `file`: how its errors name it."""

    file: str
    data: dict[str, Any]
    title: str  # "" without one
    seed: int | None
    description: str


def parse_scenario(text: str, game_id: str, sections: Sequence[str]) -> Scenario:
    """Parse a scenario's `text` for the game `game_id` and check what every game's file shares:
    valid TOML (a key given twice said so), a `[scenario]` header whose `game` is `game_id` and
    whose `title`, `seed` and `description` are of the right type, and no section but
    `[scenario]` and the game's own `sections`."""
    from .registry import GAMES

    data = parse_toml(text, NO_TITLE)
    head = data.get("scenario")
    if head is None:
        raise DataError(
            NO_TITLE,
            f'missing [scenario] header (it starts: [scenario] game = "{game_id}")',
            field="scenario",
        )
    if not isinstance(head, dict):
        raise DataError(NO_TITLE, f"[scenario] must be a table, {got(head)}", field="scenario")
    title = text_field(head, "title", "", NO_TITLE)
    file = f"scenario '{title}'" if title else NO_TITLE
    games = ", ".join(f'"{g}"' for g in GAMES)
    if "game" not in head:
        raise DataError(
            file, f'missing: say which game it is for, game = "{game_id}" (one of {games})', field="game"
        )
    game = head["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise DataError(file, f"expected one of {games}, {got(game)}", field="game")
    if game != game_id:
        raise DataError(file, f"this scenario is for {game!r}, not {game_id!r}", field="game")
    check_keys(head, HEADER_KEYS, file, where="[scenario]")
    seed = head.get("seed")
    if seed is not None:
        seed = whole(head, "seed", 0, file)
    description = text_field(head, "description", "", file)
    allowed = ("scenario", *sections)
    for key in data:
        if key not in allowed:
            raise DataError(
                file,
                f"unknown section [{key}] (expected {', '.join(f'[{s}]' for s in allowed)})",
                field=key,
            )
    return Scenario(file, data, title, seed, description)


# -- the fields' checks: each returns the value (or the default when the key is absent) ------------


def check_keys(
    table: Mapping[str, Any], allowed: Collection[str], file: str, *, card: str | None = None, where: str = ""
) -> None:
    """Every key of `table` is one of `allowed` (`where`: the section, said in the message)."""
    for key in table:
        if key not in allowed:
            place = f" in {where}" if where else ""
            raise DataError(
                file, f"unknown key{place} (allowed: {', '.join(sorted(allowed))})", card=card, field=key
            )


def _checked(
    table: Mapping[str, Any],
    key: str,
    default: Any,
    file: str,
    card: str | None,
    field: str | None,
    ok: Callable[[Any], bool],
    want: str,
) -> Any:
    """`table[key]` (`default` when absent) when `ok` takes it, else a `DataError` naming the file,
    the card and the field: `expected {want}, got …` (what every check below says)."""
    v = table.get(key, default)
    if not ok(v):
        raise DataError(file, f"expected {want}, {got(v)}", card=card, field=field or key)
    return v


def is_whole(v: Any) -> bool:
    """`v` is a whole number (TOML's true/false are not, though Python's bool is an int)."""
    return isinstance(v, int) and not isinstance(v, bool)


def whole(
    table: Mapping[str, Any],
    key: str,
    default: int,
    file: str,
    *,
    card: str | None = None,
    field: str | None = None,
    lo: int | None = None,
    hi: int | None = None,
) -> int:
    """A whole number (never true/false), between `lo` and `hi` when they are given."""
    if lo is not None and hi is not None:
        want = f"a whole number from {lo} to {hi}"
    elif lo is not None:
        want = f"a whole number ≥ {lo}"
    else:
        want = "a whole number"

    def ok(v: Any) -> bool:
        return is_whole(v) and (lo is None or v >= lo) and (hi is None or v <= hi)

    return int(_checked(table, key, default, file, card, field, ok, want))


def seat(
    table: Mapping[str, Any],
    key: str,
    default: int,
    file: str,
    *,
    card: str | None = None,
    field: str | None = None,
) -> int:
    """A seat: 1 or 2 (not `true`, which Python takes for 1)."""
    return int(_checked(table, key, default, file, card, field, _is_seat, "1 or 2 (a seat)"))


def _is_seat(v: Any) -> bool:
    return not isinstance(v, bool) and v in (1, 2)


def flag(
    table: Mapping[str, Any],
    key: str,
    default: bool,
    file: str,
    *,
    card: str | None = None,
    field: str | None = None,
) -> bool:
    """true or false."""
    return bool(_checked(table, key, default, file, card, field, _is_bool, "true or false"))


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def text_field(
    table: Mapping[str, Any],
    key: str,
    default: str,
    file: str,
    *,
    card: str | None = None,
    field: str | None = None,
) -> str:
    """A text (a TOML string)."""
    return str(_checked(table, key, default, file, card, field, _is_text, "a text"))


def _is_text(v: Any) -> bool:
    return isinstance(v, str)


def choice(
    table: Mapping[str, Any],
    key: str,
    default: str,
    choices: Sequence[str],
    file: str,
    *,
    card: str | None = None,
    field: str | None = None,
) -> str:
    """One of the texts `choices`."""
    v = table.get(key, default)
    if not isinstance(v, str) or v not in choices:
        raise DataError(
            file, f"{key} must be one of {', '.join(choices)}, {got(v)}", card=card, field=field or key
        )
    return v


def card_ids(
    table: Mapping[str, Any],
    key: str,
    file: str,
    pool: Container[str],
    *,
    card: str | None = None,
    field: str | None = None,
    where: str = "",
) -> list[str]:
    """A list of card ids of `pool` ([] when absent). An unknown id is named as the card, or in
    the message when `card` names the table (`player 1`); `where` starts the messages."""
    v = table.get(key, [])
    start = f"{where}: " if where else ""
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise DataError(file, f"{start}expected a list of card ids, {got(v)}", card=card, field=field or key)
    for cid in v:
        if cid not in pool:
            if card is None:
                raise DataError(file, f"{start}no such card", card=cid, field=field or key)
            raise DataError(file, f"{start}no such card {cid!r}", card=card, field=field or key)
    return v


def section(data: Mapping[str, Any], key: str, file: str) -> dict[str, Any]:
    """A `[key]` table of the file ({} when absent)."""
    v = data.get(key, {})
    if not isinstance(v, dict):
        raise DataError(file, f"[{key}] must be a table, {got(v)}", field=key)
    return v


def tables(
    data: Mapping[str, Any],
    key: str,
    file: str,
    *,
    count: int | None = None,
    what: str = "",
    card: str | None = None,
    field: str | None = None,
) -> list[dict[str, Any]]:
    """The `[[key]]` tables of the file or of a table ([] when absent); exactly `count` of them when
    given (`what` says what they are, e.g. `seat 1, then seat 2`)."""
    v = data.get(key, [])
    name = field or key
    if not isinstance(v, list) or not all(isinstance(t, dict) for t in v):
        raise DataError(file, f"expected [[{key}]] tables, {got(v)}", card=card, field=name)
    if count is not None and len(v) != count:
        extra = f" ({what})" if what else ""
        raise DataError(
            file, f"give exactly {count} [[{key}]] tables{extra}, not {len(v)}", card=card, field=name
        )
    return v
