"""A class tournament on the page: its progress, its table (``lab_tour_grid.py``: one row
per bot, best first, its rank, shared when its share of wins equals another's, the rule
said under the table; in duels a grid of every pair), why a bot gave no move (its first
problem), the games of a bot or a pair, each opening in the review, and the table as a
spreadsheet's file."""

from __future__ import annotations

from parlor.app.lab.contest.tournament import head_to_head, ranked, standings
from parlor.app.lab.page.state import LabTour
from parlor.app.screens.lab_cut import MARK, cut_words
from parlor.app.screens.lab_problems import problem_text
from parlor.app.screens.lab_prose import prose
from parlor.app.screens.lab_tour_games import games_of_html
from parlor.app.screens.lab_tour_grid import grid_html, grid_of
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def tournament_status(tour: LabTour, t: Translator) -> str:
    if tour.failed is not None:
        return t("lab.failed", reason=tour.failed)
    if tour.running:
        return t("lab.tour.status.running", n=tour.total)
    tally = tour.tally
    table = ranked(tally.wins, tally.games)
    if not tour.duels:
        return t("lab.stopped", done=0, n=tour.total)
    first = [tour.names[s.entrant] for s in table if s.rank == 1]
    if len(first) > 1:
        return t("lab.tour.status.tied", names=t.join(first))
    return t("lab.tour.status.done", name=first[0])


def tournament_html(tour: LabTour, t: Translator, game: str, grid: str | None = None) -> str:
    """The tournament's part of the results; ``grid``: the markup in the table's place
    (by default the table; a redraw by its changes leaves the table drawn there)."""
    tally = tour.tally  # the games added up as they came: a redraw reads no game
    n = len(tour.names)
    done = len(tour.duels)
    help_ = (t("lab.tour.help", n=tour.games) if tour.seating.duels
             else t("lab.tour.help.tables", n=tour.seats))
    if tour.asked > tour.games:  # a big class: fewer games, said
        help_ += " " + t("lab.tour.fewer", n=tour.games, bots=n, asked=tour.asked)
    parts = [f'<p class="help lab-tour-help">{esc(help_)}</p>']
    if tour.failed is not None:
        parts.append(f'<p class="message" role="alert">'
                     f'{prose(t, t("lab.failed", reason=tour.failed))}</p>')
    state = ("lab.running" if tour.running else "lab.stopped" if tour.stopped_by_student
             else "lab.finished")
    bar = attrs(data_lab_progress=True, data_done=done, data_total=tour.total,
                max=tour.total, value=done, aria_label=t("lab.progress"))
    parts.append(f'<p class="lab-progress-line">{esc(t(state, done=done, n=tour.total))} '
                 f"<progress{bar}></progress></p>")
    parts.append(grid_html(grid_of(tour, t), t, tour.cells) if grid is None else grid)
    hint = t("lab.tour.grid_hint") + " " if tour.seating.duels else ""
    parts.append(f'<p class="help lab-tour-rule">{esc(t("lab.tour.rule"))} '
                 f'{esc(hint + t("lab.tour.games_hint"))}</p>')
    if tally.cut_games:  # games ended at the Lab's move limit: marked (in the grid and)
        # in the lists, said here
        key = "lab.tour.cut" if tour.seating.duels else "lab.tour.cut.tables"
        words = cut_words(game, tally.cut_games, tally.cut_most, t, key)
        parts.append(f'<p class="help lab-tour-cut"{attrs(data_lab_cut=tally.cut_games)}>'
                     f'{esc(MARK)} {esc(words)}</p>')
    if done:
        parts.append('<div class="lab-actions lab-tour-actions">'
                     + button(t("lab.tour.csv"), action="lab-tour-csv", cls="btn subtle")
                     + button(t("lab.tour.print"), action="print", cls="btn subtle")
                     + "</div>")
    problems = []
    for e, name in enumerate(tour.names):
        problem = tour.problems.get(e)
        if problem is None and e in tally.failed:
            problem = tally.failed[e][1]  # its first game without a move
        if problem is not None:
            # Not data-lab-error: that names a line of the code in the editor.
            text = t("lab.tour.problem", name=name,
                     text=problem_text(problem, t, tour.limit_ms))
            problems.append(f"<li{attrs(data_lab_entrant_error=problem.kind)}>{prose(t, text)}"
                            "</li>")
    if problems:
        parts.append(f'<ul class="lab-tour-problems">{"".join(problems)}</ul>')
    parts.append(games_of_html(tour, t, game))
    return "".join(parts)


def tournament_csv(tour: LabTour, t: Translator) -> str:
    """The table as a spreadsheet reads it: a row per bot, best first, its place (a
    plain number: "=2" would be a formula; a tie is two rows with one place), its wins
    and games, then its wins against each bot in the order of the rows. UTF-8 with a
    byte-order mark, so a spreadsheet reads the names in any script."""
    duels = list(tour.duels.values())
    table = standings(len(tour.names), duels)
    met = head_to_head(duels)
    rows: list[list[object]] = [[
        t("lab.tour.col.rank"), t("lab.tour.col.bot"), t("lab.tour.csv.wins"),
        t("lab.tour.csv.games"),
        *(_cell(tour.names[s.entrant]) for s in table if tour.seating.duels)]]
    for s in table:
        against = ["" if o.entrant == s.entrant
                   else _number(met.get((s.entrant, o.entrant), (0.0, 0))[0]) for o in table]
        rows.append([s.rank, _cell(tour.names[s.entrant]), _number(s.wins), s.games,
                     *(against if tour.seating.duels else ())])
    # Written here: the page's Python has no csv module (the site ships a cut stdlib).
    return "\ufeff" + "".join(",".join(_field(str(x)) for x in row) + "\r\n" for row in rows)


def _field(text: str) -> str:
    """A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break."""
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _number(x: float) -> str:
    return format(round(x, 3), "g")


def _cell(text: str) -> str:
    """A name a spreadsheet keeps as text: one starting like a formula is quoted."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
