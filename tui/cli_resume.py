"""`triarch resume [FILE]`: continue the autosaved game (or a save file).

A save that cannot be continued (missing, truncated, corrupted, edited, of a
newer format, for an unknown game) is one line on stderr and exit code 2.
"""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
def resume(file: Path | None) -> None:
    """Resume the autosaved game (or a save FILE)."""
    from common.saves import (
        AutosaveLock,
        SaveError,
        autosave_path,
        drop_ended_autosave,
        end_not_saved,
        ended_game,
        game_from_save,
        is_set_aside,
        read_save,
        resigned_seat,
        set_aside_games,
        set_aside_untold,
        told_set_aside,
    )
    from tui.cli import _autosave_free, _fail, _run_app
    from tui.launch import LaunchSpec
    from tui.session import Seats

    path = file or autosave_path()
    # (never the autosave another window has open: its game-over dialog may still be showing the
    # game its autosave keeps with its end, which that window keeps in finished/ itself)
    busy = file is None and AutosaveLock().taken() is not None
    ended = drop_ended_autosave() if file is None and not busy else None
    if file is None and ended is None and path.exists():  # (its autosave could not be removed)
        ended = ended_game(path)
    if ended is not None:  # a `triarch` killed as its game ended: the game kept, shown at its end
        click.echo(f"The autosaved game had ended: it is kept to watch again ({ended}).", err=True)
        path = ended
    end = end_not_saved(path) if file is None and ended is None else None
    if end is not None:  # the game before an end that could not be saved (a full disk): said
        click.echo(end.words("it resumes"), err=True)
    if not path.exists():
        # where a game in progress went when a new game started (a crash may have kept it unsaid)
        aside = set_aside_games() if file is None else []
        aside += [kept for kept in reversed(set_aside_untold()) if kept not in aside and file is None]
        for kept in aside:  # (told now: the menu need not say it again)
            told_set_aside(kept)
        if aside:
            listed = "".join(f"\n  {kept}" for kept in aside)
            _fail(
                f"no saved game at {path}; games set aside when a new game started (newest first):"
                f"{listed}\nresume one with: triarch resume FILE",
                2,
            )
        if file is not None and is_set_aside(file):  # (resumed once: it is the autosave since)
            _fail(
                f"no saved game at {path}: a game set aside is moved back into place as the "
                "autosave when it is resumed; continue it with: triarch resume",
                2,
            )
        _fail(f"no saved game at {path}", 2)
    try:  # replay it now: a broken save is an error message, not a crash of the table
        data = read_save(path)
        game = game_from_save(data)
        ui = data.get("ui") or {}
        Seats.from_json(ui.get("seats"))  # (refused: seats with no player at the table)
    except SaveError as exc:
        _fail(f"cannot resume {path}: {exc}", 2)
    if not (game.is_over() or resigned_seat(data) is not None):
        _autosave_free(f"resume {path}")  # (a finished game writes no autosave: it is only shown)
    _run_app(LaunchSpec(game_id=game.game_id, resume=path))
