"""`hotg.core.Table.grown` (a token made during a game extends a copy of the table) writes each of
the table's lists out by name, for speed (session 41): a list added to `Table` and forgotten there
would leave a token's uid out of it. Each list of the grown table is the one a table made anew from
the same rows has."""

from __future__ import annotations

from hotg.core import Table, row_of
from hotg.game import HotgGame


def test_a_grown_table_has_every_list_a_new_table_of_its_rows_has() -> None:
    table = HotgGame.new_game(seed=1).core.t
    defn = next(d for d in table.defn[1:] if d is not None)
    grown = table.grown(defn)
    fresh = Table([*table.row, row_of(defn)])
    for name in Table.__slots__:
        assert getattr(grown, name) == getattr(fresh, name), name
        assert len(getattr(grown, name)) == len(getattr(table, name)) + 1, name
        assert getattr(table, name) is not getattr(grown, name), name  # (a copy: the original kept)
