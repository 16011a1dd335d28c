"""A class tournament's table as a projector shows it: one row a bot, best first (its
place, its name, its wins in all), then, in duels, a grid of every pair: the column of
each opponent headed by its place, each cell the games the row's bot won against it,
coloured by who won more. Thirty bots' 870 results fit one 1920x1080 screen (the names
down the side only; a column's name is its cell's label and title), the header and the
names stay in view when the table scrolls, and a cell lists that pair's games, each one
click from the review. A cell holding games ended at the Lab's move limit is marked
(``lab_cut.MARK``, its label says how many; the note under the table says why). At tables
of several bots (no pairs) the table is the ranking.

The table is drawn from a ``Grid`` (what it shows, as plain values) in pieces: a column's
head, a row's head (place, name, wins) and a pair's cell. A redraw while games pour in
sends the page only the pieces that changed (``lab_tour_patch.py``); drawn whole, the
table is the same pieces joined.

Page contract: ``table[data-lab-tournament]`` (``data-done``, ``data-total``,
``data-seats``, ``data-bots``) in a box ``[data-lab-grid]``; each row
``data-lab-entrant`` (the bot's name), ``data-wins``, ``data-rank``, ``data-tied``; each
pair's cell ``data-lab-pair`` ("a,b", the entrants) with ``data-result`` ("won", "lost",
"even" or "none"), ``data-lab-cut`` (its games ended at the move limit, when any), the
``lab-tour-pair`` action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass

from parlor.app.lab.contest.tournament import Standing, ranked
from parlor.app.lab.page.state import LabTour
from parlor.app.screens.lab_cut import MARK
from parlor.app.screens.lab_problems import wins_text
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc

#: From this many bots on, a grid is drawn compact (a projector's one screen); a ranking
#: alone (tables of several bots) stays large.
MANY = 9

#: Pieces of markup already made, by everything they show (the tournament's ``cells``):
#: a redraw of 30 bots makes only those whose games changed, not 870.
Memo = MutableMapping[tuple[object, ...], str]


@dataclass(frozen=True)
class Grid:
    """What the table shows, as plain values taken from the tournament when drawn (its
    tally goes on changing): the language, the bots, duels or tables, the standings best
    first, each pair's wins and games (``met``) and games ended at the move limit
    (``cut``), whose games are listed (a bot's, a pair's), and the games done."""

    lang: str
    names: tuple[str, ...]
    duel: bool
    table: tuple[Standing, ...]
    met: Mapping[tuple[int, int], tuple[float, int]]
    cut: Mapping[tuple[int, int], int]
    shown: int | None
    pair: tuple[int, int] | None
    done: int
    total: int
    seats: int


def grid_of(tour: LabTour, t: Translator) -> Grid:
    """The table the tournament shows now (copies of its tally's counts: a pair's take
    a copy of ~870 numbers, not a read of its games)."""
    tally = tour.tally
    duel = tour.seating.duels
    return Grid(t.lang, tour.names, duel, tuple(ranked(tally.wins, tally.games)),
                dict(tally.met) if duel else {}, dict(tally.cut) if duel else {},
                tour.shown, tour.pair, len(tour.duels), tour.total, tour.seats)


def result_of(wins: float, games: int) -> str:
    """How a pair's games went for the row's bot: more won than lost, fewer, as many,
    or none played yet."""
    if not games:
        return "none"
    return "won" if 2 * wins > games else "lost" if 2 * wins < games else "even"


#: Stand-ins for the two names in a pair's label (private-use characters: no letters of
#: any direction, nothing to escape).
_BOT, _OTHER = "\ue000", "\ue001"


def pair_label(names: tuple[str, ...], row: int, col: int, said: str, games: int,
               t: Translator, memo: Memo) -> str:
    """The label of ``row``'s games against ``col``, escaped. The sentence is said once
    for each count (with stand-ins for the names) and the two names put in, each
    isolated as the translator would: a tournament's table drawn whole labels 870 pairs,
    on the page's main thread, and a sentence said by the translator is most of a
    cell's cost."""
    bot, other = names[row], names[col]
    if any(c in bot or c in other for c in (_BOT, _OTHER)):  # a name holding a stand-in
        return esc(t("lab.tour.pair", bot=bot, other=other, wins=said, n=games))
    form = _kept(memo, ("pair-label", t.lang, said, games), lambda: esc(
        t("lab.tour.pair", bot=_BOT, other=_OTHER, wins=said, n=games)))
    return (form.replace(_kept(memo, ("stand-in", t.lang, _BOT), lambda: t.isolate(_BOT)),
                         _kept(memo, ("in-label", t.lang, bot), lambda: esc(t.isolate(bot))))
            .replace(_kept(memo, ("stand-in", t.lang, _OTHER), lambda: t.isolate(_OTHER)),
                     _kept(memo, ("in-label", t.lang, other), lambda: esc(t.isolate(other)))))


def pair_cell(names: tuple[str, ...], row: int, col: int, wins: float, games: int,
              shown: bool, ended: int, t: Translator, memo: Memo) -> str:
    """The cell of ``row``'s games against ``col``: its wins, coloured by who won more,
    marked when ``ended`` of them were ended at the Lab's move limit."""
    result = result_of(wins, games)
    said = wins_text(wins, t)
    if ended:  # some of the pair's games ended at the Lab's move limit: said whole
        # (the sentence isolates the pair's label as a whole, names and all)
        label = t("lab.tour.pair", bot=names[row], other=names[col], wins=said, n=games)
        label = esc(t("lab.tour.pair.cut", pair=label, n=ended))
    else:
        label = pair_label(names, row, col, said, games, t, memo)
    # Written out, as ``attrs`` would write them (in that order; the pair, the result
    # and the count need no escaping): a batch's cells are made on the page's main
    # thread, 870 of them when the table is drawn whole.
    pair = f"{row},{col}"
    cut = f' data-lab-cut="{ended}"' if ended else ""
    current = ' aria-current="true"' if shown else ""
    text = esc(said) + (MARK if ended else "") if games else ""
    return (f'<td class="vs {result}{" cut" if ended else ""}" data-lab-pair="{pair}"'
            f' data-result="{result}"{cut} data-action="lab-tour-pair" data-value="{pair}"'
            f' title="{label}" aria-label="{label}"{current}>{text}</td>')


SELF = '<td class="vs self" aria-hidden="true"></td>'


def cell_of(g: Grid, row: int, col: int, t: Translator, memo: Memo) -> str:
    """The cell of ``row`` against ``col`` (made once for what it shows)."""
    if row == col:
        return SELF
    wins, games = g.met.get((row, col), (0.0, 0))
    shown = g.pair == (row, col)
    ended = g.cut.get((row, col), 0)
    key = (g.lang, row, col, wins, games, shown, ended)
    cell = memo.get(key)
    if cell is None:
        cell = memo[key] = pair_cell(g.names, row, col, wins, games, shown, ended, t, memo)
    return cell


def col_head(g: Grid, i: int, t: Translator, memo: Memo) -> str:
    """The head of the ``i``-th opponent's column: its place, its name the title."""
    key = ("col", g.lang, i, g.table[i].entrant)
    head = memo.get(key)
    if head is None:
        name = t.isolate(g.names[g.table[i].entrant])
        head = memo[key] = (f'<th scope="col" class="vs"{attrs(title=name)}>'
                            f'<abbr{attrs(title=name)}>{esc(t.number(i + 1))}</abbr></th>')
    return head


def row_head(g: Grid, i: int, t: Translator, memo: Memo) -> str:
    """The ``i``-th row's opening: the bot's place, its name (which opens its games
    under the table, each one click from the review) and its wins in all; its cells
    follow, and ``</tr>``. Made of pieces kept apart by what each shows: a bot that
    climbs moves the rows it passes down a place, which changes their place's number
    (and their rank), not their name or their wins."""
    s = g.table[i]
    e, name, shown = s.entrant, g.names[s.entrant], g.shown == s.entrant
    row = _kept(memo, ("row-open", e, s.wins, s.rank, s.tied), lambda: (  # as ``attrs``
        f'<tr data-lab-entrant="{esc(name)}" data-wins="{format(round(s.wins, 3), "g")}"'
        f' data-rank="{s.rank}"' + (" data-tied>" if s.tied else ">")))
    rank = _kept(memo, ("rank", g.lang, s.rank, s.tied), lambda: (
        '<td class="rank">'
        + esc(t("lab.tour.rank.tied" if s.tied else "lab.tour.rank", rank=s.rank))
        + '</td><th scope="row" class="bot">'))
    place = _kept(memo, ("place", g.lang, i), lambda: (
        f'<span class="vs-place">{esc(t.number(i + 1))}</span>')) if g.duel else ""
    named = _kept(memo, ("named", e, shown), lambda: "<bdi>" + button(
        name, action="lab-tour-bot", cls="linkish", data_value=e,
        aria_expanded="true" if shown else "false") + "</bdi></th>")
    total = _kept(memo, ("total", g.lang, s.wins, s.games), lambda: (
        f'<td class="total">{esc(t("lab.tour.cell", wins=wins_text(s.wins, t), n=s.games))}'
        "</td>"))
    return row + rank + place + named + total


def _kept(memo: Memo, key: tuple[object, ...], make: Callable[[], str]) -> str:
    """A piece of markup, made once for what it shows (``key``: its kind, then that)."""
    piece = memo.get(key)
    if piece is None:
        piece = memo[key] = make()
    return piece


def table_attrs(g: Grid) -> str:
    """The table's own attributes: compact from ``MANY`` bots on, the page contract's."""
    many = g.duel and len(g.names) >= MANY
    return (attrs(class_="lab-tour many" if many else "lab-tour") + " data-lab-tournament"
            + attrs(data_done=g.done, data_total=g.total, data_seats=g.seats,
                    data_bots=len(g.names)))


def grid_html(g: Grid, t: Translator, memo: Memo) -> str:
    """The whole table, in its scrolling box."""
    head = (f'<th scope="col" class="rank">{esc(t("lab.tour.col.rank"))}</th>'
            f'<th scope="col" class="bot">{esc(t("lab.tour.col.bot"))}</th>'
            f'<th scope="col" class="total">{esc(t("lab.tour.col.total"))}</th>')
    order = [s.entrant for s in g.table]
    if g.duel:  # each opponent's column headed by its place, its name the header's title
        head += "".join(col_head(g, i, t, memo) for i in range(len(order)))
    if len(memo) > 4 * len(order) ** 2 + 2 * len(order):
        memo.clear()  # cells of counts long passed: built again as needed
    rows = []
    for i, e in enumerate(order):
        cells = "".join(cell_of(g, e, other, t, memo) for other in order) if g.duel else ""
        rows.append(f"{row_head(g, i, t, memo)}{cells}</tr>")
    # The box scrolls (both ways on a small screen; the header and the names stay put):
    # focusable, so the keyboard scrolls it too.
    box = attrs(class_="lab-tour-box", tabindex=0, role="region",
                aria_label=t("lab.tour.caption"), data_lab_grid=True)
    return (f"<div{box}><table{table_attrs(g)}>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
