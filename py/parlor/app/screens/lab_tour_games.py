"""The games of one bot of a class tournament (or of one pair: a cell of the grid),
listed under the table when its name (the cell) is pressed: a line a sitting (who it
met), a button a game that opens it in the review (``lab-tour-review``, its number in
the tournament). One bot's at a time: thirty bots' thousands of games would make every
report's redraw slow."""

from __future__ import annotations

from parlor.app.lab.state import LabTour
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


def games_of_html(tour: LabTour, t: Translator) -> str:
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
        others = t.join([tour.names[o] for o in seating.sittings[s] if o != e])
        games = []
        for k in range(s * seating.per, (s + 1) * seating.per):
            played = tour.duels.get(k)
            if played is None:
                continue
            share = played.share_of(e)
            mark = "won" if share == 1 else "lost" if share == 0 else "shared"
            label = t(f"lab.tour.game.{mark}", n=k % seating.per + 1, names=others)
            games.append(button(t.number(k % seating.per + 1), action="lab-tour-review",
                                cls=f"btn subtle lab-tour-game {mark}", data_value=k,
                                aria_label=label, title=label))
        if games:
            lines.append(f"<li><span>{esc(t('lab.tour.met', names=others))}</span> "
                         f"{''.join(games)}</li>")
    body = "".join(lines) or f"<li>{esc(t('lab.tour.none_yet'))}</li>"
    return (f'<section{attrs(id="lab-tour-games", class_="lab-tour-games", aria_label=title)}>'
            f"<h3>{esc(title)}</h3><ul>{body}</ul></section>")
