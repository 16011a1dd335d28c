"""What the Lab's worker reports, taken into the match or tournament it is about.

The reports come from the referee (``referee.py``, ``jobs.py``), trusted code of the
page's own, but what a bot said travels inside them (what it printed, its error); they
are read field by field, and one that cannot be read is refused (``BadReport``) so the
part says the Lab failed instead of raising out of the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlor.app.lab.contest.matches import LabGame
from parlor.app.lab.contest.tournament import TableGame
from parlor.app.lab.page.state import LabRun, LabTour
from parlor.app.lab.wire.messages import report_kind
from parlor.app.lab.wire.problems import Problem


class BadReport(ValueError):
    """A report that is not what the referee sends."""


def take_match_report(run: LabRun, item: Mapping[str, Any]) -> None:
    """One of a match's reports: the compile problem, or a finished game."""
    try:
        kind = report_kind(item)
        if kind == "compiled" and item.get("problem") is not None:
            run.problem = Problem.from_dict(item["problem"])
        elif kind == "game":
            number = int(item["number"])
            if not 0 <= number < run.settings.games:
                raise BadReport(f"game {number} of {run.settings.games}")
            run.played[number] = LabGame.from_dict(item["game"])
    except (KeyError, TypeError, ValueError) as err:
        raise BadReport(str(err)) from err


def take_duel_report(tour: LabTour, item: Mapping[str, Any]) -> None:
    """One of a tournament's reports: an entrant's file run (its problem or None), or
    a game (at the seats the tournament's seating gives it)."""
    try:
        kind = report_kind(item)
        if kind == "entrant":
            index, p = int(item["index"]), item["problem"]
            if not 0 <= index < len(tour.names):
                raise BadReport(f"entrant {index} of {len(tour.names)}")
            tour.problems[index] = None if p is None else Problem.from_dict(p)
        elif kind == "duel":
            duel = TableGame.from_dict(item["duel"])
            number = int(item["number"])
            if not 0 <= number < tour.total or duel.seats != tour.seating.order(number):
                raise BadReport(f"game {number}")
            tour.take(number, duel)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise BadReport(str(err)) from err
