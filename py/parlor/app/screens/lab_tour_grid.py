"""A class tournament's table as a projector shows it: one row a bot, best first (its
place, its name, its wins in all), then, in duels, a grid of every pair: the column of
each opponent headed by its place, each cell the games the row's bot won against it,
coloured by who won more. Thirty bots' 870 results fit one 1920x1080 screen (the names
down the side only; a column's name is its cell's label and title), the header and the
names stay in view when the table scrolls, and a cell lists that pair's games, each one
click from the review. A cell holding games ended at the Lab's move limit is marked
(``lab_cut.MARK``, its label says how many; the note under the table says why). At tables
of several bots (no pairs) the table is the ranking.

Page contract: ``table[data-lab-tournament]`` (``data-done``, ``data-total``,
``data-seats``, ``data-bots``); each row ``data-lab-entrant`` (the bot's name),
``data-wins``, ``data-rank``, ``data-tied``; each pair's cell ``data-lab-pair`` ("a,b",
the entrants) with ``data-result`` ("won", "lost", "even" or "none"), ``data-lab-cut``
(its games ended at the move limit, when any), the ``lab-tour-pair`` action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from parlor.app.lab.contest.tournament import Standing
from parlor.app.lab.page.state import LabTour
from parlor.app.screens.lab_cut import MARK
from parlor.app.screens.lab_problems import wins_text
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc

#: From this many bots on, a grid is drawn compact (a projector's one screen); a ranking
#: alone (tables of several bots) stays large.
MANY = 9


def result_of(wins: float, games: int) -> str:
    """How a pair's games went for the row's bot: more won than lost, fewer, as many,
    or none played yet."""
    if not games:
        return "none"
    return "won" if 2 * wins > games else "lost" if 2 * wins < games else "even"


def pair_cell(tour: LabTour, row: int, col: int, wins: float, games: int, shown: bool,
              ended: int, t: Translator) -> str:
    """The cell of ``row``'s games against ``col``: its wins, coloured by who won more,
    marked when ``ended`` of them were ended at the Lab's move limit."""
    result = result_of(wins, games)
    label = t("lab.tour.pair", bot=tour.names[row], other=tour.names[col],
              wins=wins_text(wins, t), n=games)
    if ended:  # some of the pair's games ended at the Lab's move limit
        label = t("lab.tour.pair.cut", pair=label, n=ended)
    pair = f"{row},{col}"
    cell = attrs(class_=f"vs {result}" + (" cut" if ended else ""), data_lab_pair=pair,
                 data_result=result, data_lab_cut=ended or None,
                 data_action="lab-tour-pair", data_value=pair, title=label,
                 aria_label=label, aria_current="true" if shown else None)
    text = esc(wins_text(wins, t)) + (MARK if ended else "") if games else ""
    return f"<td{cell}>{text}</td>"


def grid_html(tour: LabTour, table: Sequence[Standing],
              met: Mapping[tuple[int, int], tuple[float, int]], t: Translator) -> str:
    duel = tour.seating.duels
    place = {s.entrant: s for s in table}
    cut = tour.tally.cut if duel else Counter()  # each pair's, counted as the games came

    def rank_of(s: Standing) -> str:
        return t("lab.tour.rank.tied" if s.tied else "lab.tour.rank", rank=s.rank)

    said: dict[tuple[float, int], str] = {}  # a cell's words, by its numbers

    def words(wins: float, games: int) -> str:
        text = said.get((wins, games))
        if text is None:
            text = said[wins, games] = esc(t("lab.tour.cell", wins=wins_text(wins, t),
                                               n=games))
        return text

    head = (f'<th scope="col" class="rank">{esc(t("lab.tour.col.rank"))}</th>'
            f'<th scope="col" class="bot">{esc(t("lab.tour.col.bot"))}</th>'
            f'<th scope="col" class="total">{esc(t("lab.tour.col.total"))}</th>')
    if duel:  # each opponent's column headed by its place, its name the header's title
        head += "".join(
            f'<th scope="col" class="vs"{attrs(title=t.isolate(tour.names[s.entrant]))}>'
            f'<abbr{attrs(title=t.isolate(tour.names[s.entrant]))}>{esc(t.number(i + 1))}'
            "</abbr></th>" for i, s in enumerate(table))
    if len(tour.cells) > 4 * len(table) ** 2:
        tour.cells.clear()  # cells of counts long passed: built again as needed
    rows = []
    for i, s in enumerate(table):
        name = tour.names[s.entrant]
        cells = []
        for other in table if duel else ():
            if other.entrant == s.entrant:
                cells.append('<td class="vs self" aria-hidden="true"></td>')
                continue
            wins, games = met.get((s.entrant, other.entrant), (0.0, 0))
            shown = tour.pair == (s.entrant, other.entrant)
            ended = cut[s.entrant, other.entrant]
            key = (t.lang, s.entrant, other.entrant, wins, games, shown, ended)
            cell = tour.cells.get(key)
            if cell is None:
                cell = tour.cells[key] = pair_cell(tour, s.entrant, other.entrant, wins,
                                                   games, shown, ended, t)
            cells.append(cell)
        row = attrs(data_lab_entrant=name, data_wins=format(round(s.wins, 3), "g"),
                    data_rank=s.rank, data_tied=s.tied)
        # The bot's name opens its games under the table, each one click from the review.
        named = button(name, action="lab-tour-bot", cls="linkish", data_value=s.entrant,
                       aria_expanded="true" if tour.shown == s.entrant else "false")
        number = f'<span class="vs-place">{esc(t.number(i + 1))}</span>' if duel else ""
        rows.append(f'<tr{row}><td class="rank">{esc(rank_of(place[s.entrant]))}</td>'
                    f'<th scope="row" class="bot">{number}<bdi>{named}</bdi></th>'
                    f'<td class="total">{words(s.wins, s.games)}</td>{"".join(cells)}</tr>')
    n = len(tour.names)
    kind = attrs(class_="lab-tour many" if duel and n >= MANY else "lab-tour")
    hooks = attrs(data_done=len(tour.duels), data_total=tour.total, data_seats=tour.seats,
                  data_bots=n)
    # The box scrolls (both ways on a small screen; the header and the names stay put):
    # focusable, so the keyboard scrolls it too.
    box = attrs(class_="lab-tour-box", tabindex=0, role="region",
                aria_label=t("lab.tour.caption"))
    return (f"<div{box}><table{kind} data-lab-tournament{hooks}>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
