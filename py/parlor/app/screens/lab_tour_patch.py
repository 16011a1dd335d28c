"""A tournament's table redrawn by its changes: what makes the table drawn from one
``Grid`` show the next, as the page's nodes are changed (``assets/lab.js`` ``patch``).

Drawn whole, 30 bots' table is ~190 KB of markup: read into nodes, compared with the
nodes there, and laid out again, it kept the page's main thread busy 200 ms and more a
redraw, several times a second. A batch of games changes a few pairs' cells, two rows'
wins, and now and then the ranking; so the page is sent only those pieces (their markup,
made by ``lab_tour_grid.py`` as when drawn whole) and, when the ranking changed, the
fewest rows to move (each row's cells move with them, the columns being in the same
order). Everything else stays as it was drawn.

The changes (JSON): ``table`` (the table's attributes that changed), ``moves`` (``[e,
before]``: entrant ``e``'s row, and its column's cell in every row, moved before
``before``'s, or to the end when null; applied in order) with ``names`` (each entrant's
name: its row's ``data-lab-entrant``), ``cols`` (``[i, markup]``: the ``i``-th
opponent's column head), ``rows`` (``[name, markup]``: a row's attributes and its first
three cells, ``<tr …>…</tr>``) and ``cells`` (``[pair, markup]``: a pair's ``<td>``).
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Sequence

from parlor.app.screens.lab_tour_grid import Grid, Memo, cell_of, col_head, row_head
from parlor.i18n.catalog import Translator


def grid_patch(old: Grid, new: Grid, t: Translator, memo: Memo) -> str | None:
    """The changes (JSON) that make ``old``'s table, as drawn, ``new``'s; None when the
    whole table must be drawn again (another language, other bots, other tables)."""
    if (old.lang, old.names, old.duel, old.seats, old.total) != (
            new.lang, new.names, new.duel, new.seats, new.total):
        return None
    out: dict[str, object] = {}
    if old.done != new.done:
        out["table"] = {"data-done": str(new.done)}
    before = [s.entrant for s in old.table]
    after = [s.entrant for s in new.table]
    if before != after:
        out["moves"] = moves(before, after)
        out["names"] = list(new.names)
    if new.duel:
        cols = [[i, col_head(new, i, t, memo)] for i in range(len(after)) if before[i] != after[i]]
        if cols:
            out["cols"] = cols
    was = {s.entrant: (i, s, old.shown == s.entrant) for i, s in enumerate(old.table)}
    rows = [[new.names[s.entrant], row_head(new, i, t, memo) + "</tr>"]
            for i, s in enumerate(new.table)
            if was.get(s.entrant) != (i, s, new.shown == s.entrant)]
    if rows:
        out["rows"] = rows
    if new.duel:
        # The pairs whose counts differ (or are new): the items of one table and not
        # of the other, compared in C (870 pairs a batch, on the page's main thread).
        changed = {k for k, _ in old.met.items() ^ new.met.items()}
        changed |= {k for k, _ in old.cut.items() ^ new.cut.items()}
        if old.pair != new.pair:
            changed |= {p for p in (old.pair, new.pair) if p is not None}
        n = len(new.names)
        cells = [[f"{r},{c}", cell_of(new, r, c, t, memo)] for r, c in sorted(changed)
                 if r != c and 0 <= r < n and 0 <= c < n]
        if cells:
            out["cells"] = cells
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def moves(before: Sequence[int], after: Sequence[int]) -> list[tuple[int, int | None]]:
    """The fewest moves that put ``before``'s items in ``after``'s order: ``(x, y)``, x
    moved to just before y (None: to the end), applied in order. The items that keep
    their order (the longest run of them, increasing in ``before``) stay; each other is
    moved, the last first, before the item that follows it in ``after``."""
    at = {e: i for i, e in enumerate(before)}
    stay = {after[i] for i in _longest_increasing([at[e] for e in after])}
    out: list[tuple[int, int | None]] = []
    following: int | None = None
    for e in reversed(after):
        if e not in stay:
            out.append((e, following))
        following = e
    return out


def _longest_increasing(seq: Sequence[int]) -> list[int]:
    """The indices of a longest strictly increasing subsequence of ``seq`` (patience
    sorting, n log n)."""
    tails: list[int] = []  # tails[k]: the index ending the best run of length k + 1
    ends: list[int] = []  # its value, seq[tails[k]]
    back: list[int] = [-1] * len(seq)
    for i, x in enumerate(seq):
        k = bisect_left(ends, x)
        if k:
            back[i] = tails[k - 1]
        if k == len(tails):
            tails.append(i)
            ends.append(x)
        else:
            tails[k], ends[k] = i, x
    out = []
    i = tails[-1] if tails else -1
    while i >= 0:
        out.append(i)
        i = back[i]
    return out[::-1]
