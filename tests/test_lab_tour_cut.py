"""A class tournament's games ended at the move limit, counted by the page's tally as the
games come (``Tally.cut``, ``cut_games``, ``cut_most``): what reading every game gives,
so a redraw of the table and its note reads no game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from made_tours import game, tour_of
from parlor.app.screens.lab_cut import how
from parlor.app.screens.lab_tournament import tournament_html
from parlor.i18n.catalog import Translator
from parlor.render.html import esc

pytestmark = pytest.mark.pyodide  # the Lab's tests run in the browser's Python too


@pytest.mark.parametrize("seed", range(20))
def test_the_cut_games_counted_as_they_come_are_a_recount_of_the_games(seed: int) -> None:
    """Random tournaments (duels and tables), games in any order, some reported again."""
    rng = random.Random(seed)
    seats = rng.choice([2, 2, 3])
    tour = tour_of(rng.randint(max(2, seats), 8), seats=seats)
    numbers = list(range(tour.total))
    rng.shuffle(numbers)
    for k in numbers[: rng.randint(0, tour.total)]:
        tour.take(k, game(tour, k, rng.choice([0.0, 1.0]), cut=rng.choice([0, 30, 99])))
        if rng.random() < 0.1:  # a game reported again: the tally is added up afresh
            tour.take(k, game(tour, k, 1.0, cut=rng.choice([0, 12])))
        tally = tour.tally
        pairs: Counter[tuple[int, int]] = Counter()
        cut = [len(d.move_list) for d in tour.duels.values() if d.cut]
        for d in tour.duels.values():
            if d.cut and len(d.seats) == 2:
                a, b = d.seats
                pairs[a, b] += 1
                pairs[b, a] += 1
        assert +tally.cut == pairs
        assert (tally.cut_games, tally.cut_most) == (len(cut), max(cut, default=0))


@pytest.mark.parametrize("seats", [2, 3])
def test_the_note_says_where_the_cut_games_are_marked(seats: int) -> None:
    """In duels a cut game is marked in its pair's cells of the grid and in its bots'
    lists; at tables (no grid) in the lists only: the note says so, in every language."""
    tour = tour_of(4, seats=seats)
    tour.take(0, game(tour, 0, 1.0, cut=50))
    tour.take(1, game(tour, 1, 1.0, cut=70))
    html = tournament_html(tour, Translator(), "kabaleo")
    note = html[html.index('class="help lab-tour-cut"'):]
    note = note[:note.index("</p>")]
    assert 'data-lab-cut="2"' in note and "2 games passed 70 moves" in note
    assert ("cells in the grid" in note) == (seats == 2)
    assert "lists of games" in note
    for lang in ("fa", "ru", "ja"):
        t = Translator(lang)
        key = "lab.tour.cut" if seats == 2 else "lab.tour.cut.tables"
        words = esc(t(key, n=2, limit=70, how=how("kabaleo")))
        assert words in tournament_html(tour, t, "kabaleo")
