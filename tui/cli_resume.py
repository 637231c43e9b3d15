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
        if file is None and set_aside_games():
            _fail(f"no saved game at {path}; {set_aside_list()}\nresume one with: triarch resume FILE", 2)
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


SET_ASIDE_LISTED = 10  # the games set aside that `triarch resume` lists, the newest; then a count


def set_aside_list() -> str:
    """The games set aside when a new game started, newest first, each with how far it got and
    when it was last played — the newest `SET_ASIDE_LISTED` (and any the player was not told of),
    then how many more the saves folder holds. Those listed are told (`told_set_aside`): the
    menu need not say them again."""
    from common.saves import (
        last_saved,
        save_summary,
        saves_dir,
        set_aside_games,
        set_aside_untold,
        told_set_aside,
    )

    games = set_aside_games()
    listed = games[:SET_ASIDE_LISTED]
    listed += [kept for kept in reversed(set_aside_untold()) if kept not in listed]
    lines = []
    for kept in listed:
        what, when = save_summary(kept) or "cannot be read", last_saved(kept)
        lines.append(f"\n  {kept}  ({what}; last played {when})" if when else f"\n  {kept}  ({what})")
        told_set_aside(kept)
    more = len(games) - len(listed)
    tail = f"\n  and {more} more in {saves_dir()}" if more > 0 else ""
    count = f"{len(games)} games" if len(games) != 1 else "a game"
    return f"{count} set aside when a new game started (newest first):{''.join(lines)}{tail}"
