"""What a redraw of the Lab gives the page: the whole screen, its results, or, while a
tournament's games pour in, its results with the table changed piece by piece.

The markup is always the whole of what is shown (the pure render, what the tests read).
When the page already shows a tournament's table (``drawn``, the ``Grid`` drawn last),
the redraw also carries the results with the table's place kept (``KEPT``) and the
table's changes (``lab_tour_patch.py``): the page then changes those nodes only, and
reads no 190 KB of markup; nor is that markup made unless something reads it (in
CPython, making it was 45% of the page's Python for a batch of 7 games at 30 bots).
"""

from __future__ import annotations

from collections.abc import Callable

from parlor.app.lab.page.state import LabScreen
from parlor.app.screens.lab import lab_results, lab_screen
from parlor.app.screens.lab_tour_grid import Grid, grid_html, grid_of
from parlor.app.screens.lab_tour_patch import grid_patch
from parlor.i18n.catalog import Translator

#: In results redrawn by the table's changes, what stands in the table's place: the
#: page leaves the node drawn there as it is (``[data-lab-same]``, assets/lab.js).
KEPT = '<div class="lab-tour-box" data-lab-grid data-lab-same></div>'


def lab_drawn(lab: LabScreen, t: Translator, whole: bool, drawn: Grid | None
              ) -> tuple[str | Callable[[], str], tuple[str, str] | None, Grid | None]:
    """The Lab's screen (``whole``) or its results (made when asked for, when the
    table's changes are given: the page draws those); the results with the table's
    place kept and the table's changes since ``drawn``, when that is what the page
    shows; and the table now drawn (None: none)."""
    tour = lab.tour
    if tour is None:
        return (lab_screen if whole else lab_results)(lab, t), None, None
    grid = grid_of(tour, t)
    changes = None if whole or drawn is None else grid_patch(drawn, grid, t, tour.cells)
    if changes is None:
        table = grid_html(grid, t, tour.cells)
        if whole:
            return lab_screen(lab, t, table), None, grid
        return lab_results(lab, t, table), None, grid
    rest = lab_results(lab, t, KEPT)
    memo = tour.cells
    return (lambda: rest.replace(KEPT, grid_html(grid, t, memo), 1)), (rest, changes), grid
