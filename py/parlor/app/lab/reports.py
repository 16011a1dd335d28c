"""What the Lab's worker reports, taken into the match or tournament it is about (the
worker's JSON, already parsed; ``assets/lab.js`` adds the watchdog's ``over_time``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlor.app.lab.matches import LabGame
from parlor.app.lab.state import LabRun, LabTour
from parlor.app.lab.student import Problem, Turn
from parlor.app.lab.tournament import Duel, forfeit, pairs


def take_match_report(run: LabRun, item: Mapping[str, Any]) -> None:
    """One of a match's reports: the compile problem, a finished game, or a game the
    watchdog stopped (over time, with the move it was at)."""
    kind = item.get("kind")
    if kind == "compiled" and item.get("problem") is not None:
        p = item["problem"]
        assert isinstance(p, dict)
        run.problem = Problem(str(p["kind"]), int(p["line"]), str(p["detail"]))
    elif kind == "game":
        data = item["game"]
        assert isinstance(data, dict)
        run.played[int(str(item["number"]))] = LabGame.from_dict(data)
    elif kind == "over_time":
        number, ms = int(str(item["game"])), float(str(item["ms"]))
        players = run.settings.players
        ply = int(str(item["ply"]))
        turn = Turn(None, "", ms, (), Problem("over_time", 0, f"{ms:.0f}"))
        run.played[number] = LabGame(number % players, run.seed + number, 0.0, (turn,),
                                     turn, (), (ply,))


def take_duel_report(tour: LabTour, item: Mapping[str, Any]) -> None:
    """One of a tournament's reports: the entrants' compile problems, a duel, or a
    duel the watchdog stopped (lost by the entrant whose call ran over)."""
    kind = item.get("kind")
    if kind == "entrants":
        tour.problems = tuple(None if p is None else Problem(str(p["kind"]), int(p["line"]),
                                                              str(p["detail"]))
                              for p in item["problems"])
    elif kind == "duel":
        tour.duels[int(item["number"])] = Duel.from_dict(item["duel"])
    elif kind == "over_time":  # the watchdog stopped a call that never returned
        k, ms = int(item["game"]), float(item["ms"])
        a, b = pairs(len(tour.names))[k // tour.games]
        tour.duels[k] = forfeit(a, b, k % tour.games, int(item["who"]),
                                Problem("over_time", 0, f"{ms:.0f}"))
