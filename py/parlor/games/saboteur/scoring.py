"""The end of the game: most gold wins, equal gold shares the win; solo gets a band.

Solo has no opponent to beat: the rule sheet's verdict for the score ("not a winner"
... "boss of all mines") is the first explanation line and ``details["band"]``, and
below 15 gold ("not a winner") the outcome has no winner at all (``winners == ()``:
rules, "Solo", "the solo player has not won"); from 15 on the single seat is the
winner.
"""

from __future__ import annotations

from parlor.core.protocol import Msg, Outcome
from parlor.games.saboteur.facts import band, band_msg, chain, colour_name
from parlor.games.saboteur.state import SaboteurState

#: The least solo score that wins ("15–19 not bad"); below it: "not a winner".
SOLO_WIN = 15


def outcome(s: SaboteurState, seat_names: tuple[str, ...] = ()) -> Outcome:
    """The result, its explanation as ``Msg`` lines (said in the page's language) and
    ``details`` for the end screen (``band`` is the band's id, ``facts.SOLO_BANDS``)."""
    names: tuple[str | Msg, ...] = seat_names or tuple(colour_name(c) for c in s.colours)
    points = tuple(sum(v for _, v in t) for t in s.treasure)
    lines: list[Msg] = []
    for r in s.results:
        parts: list[str | Msg] = []
        for seat in range(s.players):
            if r.paid[seat]:
                parts.append(Msg.of("saboteur.end.took_paid", who=names[seat], n=r.won[seat],
                                    paid=r.paid[seat]))
            else:
                parts.append(Msg.of("saboteur.end.took", who=names[seat], n=r.won[seat]))
        lines.append(Msg.of("saboteur.end.round", n=r.round, parts=chain("saboteur.semi", parts)))
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
        head = Msg.of("saboteur.end.solo", who=names[0], n=points[0], band=band_msg(verdict))
        scale = Msg.of("saboteur.end.solo_scale")
        winners: tuple[int, ...] = () if points[0] < SOLO_WIN else (0,)
        return Outcome(winners=winners, points=points, explanation=(head, *lines, scale),
                       details=details)
    best = max(points)
    winners = tuple(i for i, p in enumerate(points) if p == best)
    if len(winners) == 1:
        head = Msg.of("saboteur.end.wins", who=names[winners[0]], n=best, low=min(points))
    else:
        head = Msg.of("saboteur.end.shared", n=best)
    return Outcome(winners=winners, points=points, explanation=(head, *lines), details=details)
