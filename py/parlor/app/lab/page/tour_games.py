"""A class tournament's games, one click from the review.

A tournament keeps, for each game, only what replays it: its seed and its moves
(``tournament.TableGame``); the rules are deterministic from those, so the review
rebuilds every position. The moves come back through the worker's reports; they are
replayed here, in the page's own rules, before the review is shown, so a game that
does not replay (a report tampered with on the way) is refused, never shown half.
"""

from __future__ import annotations

from collections.abc import Callable

from parlor.app.events import Action, Effect
from parlor.app.lab.page.state import LabTour, whole
from parlor.core.errors import ParlorError
from parlor.core.match import HUMAN, Match, replay
from parlor.games import GAMES


def tour_match(tour: LabTour, game: str, value: str | None) -> Match | None:
    """Game ``value`` (its number in the tournament) as a match record for the review:
    each seat a person's seat named after the bot that sat there (the review then shows
    every hand: no seat is the viewer's). None when there is no
    such game, or it does not replay."""
    k = whole(value)
    played = tour.duels.get(k) if k is not None else None
    if played is None or game not in GAMES:
        return None
    rules = GAMES[game]
    seats = tuple(HUMAN for _ in played.seats)
    names = tuple(tour.names[e] for e in played.seats)
    match = Match(game, seats, played.seed, rules.options_for(len(seats), tour.options),
                  played.move_list, names=names, cut=played.cut)
    try:
        replay(match, rules)
    except (ParlorError, ValueError, KeyError, IndexError):
        return None
    return match


def shown_entrant(tour: LabTour, value: str | None) -> int | None:
    """The entrant whose games the page asks to list (None: close the list)."""
    e = whole(value)
    return e if e is not None and 0 <= e < len(tour.names) and e != tour.shown else None


def shown_pair(tour: LabTour, value: str | None) -> tuple[int, int] | None:
    """The pair of entrants ("a,b") whose games the page asks to list (None: close)."""
    try:
        a, b = (int(x) for x in (value or "").split(","))
    except ValueError:
        return None
    n = len(tour.names)
    if a == b or not (0 <= a < n and 0 <= b < n) or tour.pair == (a, b):
        return None
    return a, b


def tour_action(tour: LabTour, game: str, event: Action, out: list[Effect], *,
                draw: Callable[[list[Effect]], None]) -> Match | None:
    """``lab-tour-bot``: list an entrant's games (or close the list); ``lab-tour-pair``:
    a pair's; ``lab-tour-review``: one of them, returned for the review (the
    controller's to show)."""
    if event.name == "lab-tour-bot":
        tour.shown, tour.pair = shown_entrant(tour, event.value), None
        draw(out)
        return None
    if event.name == "lab-tour-pair":
        tour.pair = shown_pair(tour, event.value)
        tour.shown = None if tour.pair is None else tour.pair[0]
        draw(out)
        return None
    return tour_match(tour, game, event.value)
