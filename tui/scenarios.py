"""The scenarios shipped with the games (`<game package>/scenarios/*.toml`: HotG's puzzles…), as
the menu's Scenarios screen lists them: title, description, the seat to move at the start, or
the loader's error (file, card, field) of one that does not load. No Textual here."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from common.cards import parse_toml
from common.errors import DataError
from common.registry import GAMES, game_class
from common.scenario import NO_TITLE, read_scenario_file


@dataclass(frozen=True, slots=True)
class Shipped:
    """A scenario file as the menu offers it."""

    game_id: str
    path: Path
    title: str
    description: str = ""
    text: str = ""  # the file's text, which the game starts from
    seat: int = 0  # the seat that decides first: the player's, against the AI
    error: str = ""  # why it cannot be played (the loader's words), "" when it loads

    @property
    def game_title(self) -> str:
        info = GAMES.get(self.game_id)
        return info.title if info is not None else self.game_id


def scenario_header(text: str | None) -> tuple[str, str]:
    """The `title` and `description` of a scenario's header (`Puzzle: through the guard`, `Win
    this turn: …`); "" for a game that did not start from one, or a header without them (the
    text is the engine's, already loaded)."""
    if not text:
        return "", ""
    try:
        header = parse_toml(text, NO_TITLE).get("scenario")
    except DataError:
        return "", ""
    if not isinstance(header, dict):
        return "", ""
    return str(header.get("title") or ""), str(header.get("description") or "")


def scenario_problem(path: Path, exc: Exception) -> str:
    """The loader's error for the scenario at `path`, named by its file as `triarch play
    --scenario` names it (`DataError.named_by`: the engines see only its text)."""
    if isinstance(exc, DataError):
        return exc.named_by(path)
    return f"{path}: {exc}"


def load_shipped(game_id: str, path: Path) -> Shipped:
    """The scenario at `path`, tried: the game starts from it (every check the loader makes) and
    the seat that decides first is the player's; or the loader's error, never an exception."""
    title = path.stem.replace("_", " ")
    try:
        text = read_scenario_file(path)
        found, description = scenario_header(text)
        title = found or title
        game = game_class(game_id).new_game(seed=0, scenario=text)
        decision = game.decision()
        seat = decision.player if decision is not None else 0
    except DataError as exc:  # (the file's reading and parsing, the loader's every check)
        return Shipped(game_id, path, title, error=scenario_problem(path, exc))
    return Shipped(game_id, path, title, description, text, seat)


def scenario_dir(game_id: str) -> Path | None:
    """Where a game's shipped scenarios are: `scenarios/` in its package (None without one, or
    when its engine does not load)."""
    try:
        package = importlib.import_module(game_class(game_id).__module__.partition(".")[0])
    except Exception:  # an engine that fails to import: no scenarios of it, the menu still opens
        return None
    folder = Path(package.__file__ or "").parent / "scenarios"
    return folder if folder.is_dir() else None


def shipped_scenarios(game_ids: Iterable[str]) -> list[Shipped]:
    """Every shipped scenario of `game_ids`, game by game in that order, by file name."""
    found = []
    for game_id in game_ids:
        folder = scenario_dir(game_id)
        if folder is not None:
            found += [load_shipped(game_id, path) for path in sorted(folder.glob("*.toml"))]
    return found
