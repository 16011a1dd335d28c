"""The end of the game: most gold wins, equal gold shares the win; solo gets a band.

Solo has no opponent to beat: the rule sheet's verdict for the score ("not a winner"
... "boss of all mines") is the first explanation line and ``details["band"]``, and
below 15 gold ("not a winner") the outcome has no winner at all (``winners == ()``:
rules, "Solo", "the solo player has not won"); from 15 on the single seat is the
winner.
"""

from __future__ import annotations

from parlor.core.protocol import Outcome
from parlor.games.saboteur.facts import band, colour_name
from parlor.games.saboteur.state import SaboteurState

#: The least solo score that wins ("15–19 not bad"); below it: "not a winner".
SOLO_WIN = 15


def outcome(s: SaboteurState, seat_names: tuple[str, ...] = ()) -> Outcome:
    names = seat_names or tuple(colour_name(c) for c in s.colours)
    points = tuple(sum(v for _, v in t) for t in s.treasure)
    lines: list[str] = []
    for r in s.results:
        parts = []
        for seat in range(s.players):
            part = f"{names[seat]} took {r.won[seat]} gold"
            if r.paid[seat]:
                part += f" and paid {r.paid[seat]} to trolls"
            parts.append(part)
        lines.append(f"Round {r.round}: " + "; ".join(parts) + ".")
    details: dict[str, object] = {
        "rounds": [
            {"round": r.round, "won": list(r.won), "paid": list(r.paid), "total": list(r.total)}
            for r in s.results
        ],
        "gold": list(points),
    }
    if s.players == 1:
        verdict = band(points[0])
        details["band"] = verdict
        head = f"{names[0]} finished with {points[0]} gold: {verdict}."
        scale = "Solo scale: 0-14 not a winner, 15-19 not bad, 20-24 a good nose for gold, " \
                "25+ boss of all mines."
        winners: tuple[int, ...] = () if points[0] < SOLO_WIN else (0,)
        return Outcome(winners=winners, points=points, explanation=(head, *lines, scale),
                       details=details)
    best = max(points)
    winners = tuple(i for i, p in enumerate(points) if p == best)
    if len(winners) == 1:
        head = f"{names[winners[0]]} wins with {best} gold to {min(points)}."
    else:
        head = f"A shared win: both players have {best} gold."
    return Outcome(winners=winners, points=points, explanation=(head, *lines), details=details)
