"""The games of one bot of a class tournament (or of one pair: a cell of the grid),
listed under the table when its name (the cell) is pressed: a line a sitting (who it
met), a button a game that opens it in the review (``lab-tour-review``, its number in
the tournament). One bot's at a time: thirty bots' thousands of games would make every
report's redraw slow."""

from __future__ import annotations

from parlor.app.lab.page.state import LabTour
from parlor.app.screens.lab_cut import MARK, how
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def games_of_html(tour: LabTour, t: Translator, game: str) -> str:
    e = tour.shown
    if e is None or not 0 <= e < len(tour.names):
        return ""
    seating = tour.seating
    title = t("lab.tour.games_of", name=tour.names[e])
    sittings = seating.sittings_of(e)
    if tour.pair is not None and tour.pair[0] == e:  # a cell of the grid: that pair's
        title = t("lab.tour.pair_games", bot=tour.names[e], other=tour.names[tour.pair[1]])
        sittings = [s for s in sittings if tour.pair[1] in seating.sittings[s]]
    lines = []
    for s in sittings:
        # A sitting's line changes only when one of its games comes: kept with the
        # table's pieces, by its games, so the games of a bot listed while a class's
        # tournament plays (~116 buttons) are not made again at each batch's redraw.
        per = range(s * seating.per, (s + 1) * seating.per)
        key = ("games-of", t.lang, game, e, s, tuple(tour.duels.get(k) for k in per))
        line = tour.cells.get(key)
        if line is None:
            line = tour.cells[key] = _sitting(tour, t, game, e, s)
        lines.append(line)
    body = "".join(lines) or f"<li>{esc(t('lab.tour.none_yet'))}</li>"
    return (f'<section{attrs(id="lab-tour-games", class_="lab-tour-games", aria_label=title)}>'
            f"<h3>{esc(title)}</h3><ul>{body}</ul></section>")


def _sitting(tour: LabTour, t: Translator, game: str, e: int, s: int) -> str:
    """Sitting ``s``'s line in ``e``'s games: who it met, a button a game played
    (nothing before its first game)."""
    seating = tour.seating
    others = t.join([tour.names[o] for o in seating.sittings[s] if o != e])
    games = []
    for k in range(s * seating.per, (s + 1) * seating.per):
        played = tour.duels.get(k)
        if played is None:
            continue
        share = played.share_of(e)
        mark = "won" if share == 1 else "lost" if share == 0 else "shared"
        label = t(f"lab.tour.game.{mark}", n=k % seating.per + 1, names=others)
        number = t.number(k % seating.per + 1)
        if played.cut:  # ended at the Lab's move limit (the note under the table)
            label = t("lab.tour.game.cut", game=label, n=len(played.move_list),
                      how=how(game))
            number = f"{number}{MARK}"
        games.append(button(number, action="lab-tour-review",
                            cls=f"btn subtle lab-tour-game {mark}"
                            + (" cut" if played.cut else ""), data_value=k,
                            aria_label=label, title=label))
    if not games:
        return ""
    return f"<li><span>{esc(t('lab.tour.met', names=others))}</span> {''.join(games)}</li>"
