"""A class tournament as the page keeps it (``LabTour``) and made-up games for it, at the
seats its seating gives them: for the tests of its table (``test_lab_tour_*.py``)."""

from __future__ import annotations

from parlor.app.lab.contest.tournament import SEP, TableGame
from parlor.app.lab.page.state import LabTour


def tour_of(n: int, games: int = 4, seats: int = 2) -> LabTour:
    """``n`` bots ("bot 0", …), ``games`` a pair (duels) or tables of ``seats``."""
    return LabTour(tuple(f"bot {i}" for i in range(n)), games, 77, 1000, seats=seats)


def game(tour: LabTour, k: int, first: float, cut: int = 0) -> TableGame:
    """Game ``k`` at the seats the seating gives it: the first seat's share ``first``
    (duels; at a table the first seat wins), ``cut``: ended at the move limit after
    that many moves."""
    seats = tour.seating.order(k)
    shares = (first, 1.0 - first) if len(seats) == 2 else (
        (1.0,) + (0.0,) * (len(seats) - 1))
    return TableGame(seats, k % tour.seating.per, shares,
                     moves=SEP.join(["m"] * max(cut, 1)), cut=bool(cut))
