"""What a Lab job (a match, a tournament, a move in a game) asks of the referee while it
plays, one step at a time.

A job is a generator (``jobs.py``): the games are played by trusted code, and where a
student's bot must act the job yields a ``Call`` and waits. The referee (``referee.py``)
carries the call to that bot's sandbox and sends the ``Turn`` back in; ``Load`` runs a
bot's file first, ``Say`` is a report for the page, and ``Games`` hands the referee
games to play side by side (a match's: while the bot's sandbox thinks about one, the
referee plays the other seats of the next). The same jobs run against real sandboxes
in the browser and against in-process ones in the tests (``here.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from parlor.core.rng import Rng

#: Sandboxes kept alive at once: a duel needs two; one more lets a tournament's next
#: pair keep the bot it shares with this one (each is an interpreter: ~45 MB). A
#: device with memory to spare keeps more (``Referee``'s ``room``): fewer are started.
LIVE = 3


@dataclass(frozen=True)
class Load:
    """Run bot ``bot``'s file in its sandbox; the job is sent its ``Problem`` or None."""

    bot: int


@dataclass(frozen=True)
class Call:
    """Bot ``bot``'s move: its seat's view, the legal moves, a generator of its own.
    The job is sent the ``Turn`` (a move among ``moves``, or the problem)."""

    bot: int
    view: object
    moves: tuple[str, ...]
    rng: Rng


@dataclass(frozen=True)
class Free:
    """Bot ``bot``'s sandbox is not needed for a while: stop it (if it is idle), making
    room for the next. The job goes on at once; the bot is started again if asked."""

    bot: int


@dataclass(frozen=True)
class Say:
    """A report for the page (JSON text); the job goes on at once."""

    text: str


#: One game of a job: yields only calls, is sent turns, returns what the game was.
GameSteps = Generator[Call, Any, Any]


@dataclass(frozen=True)
class Games:
    """Games to play up to ``width`` at once, each given by its number; what each
    returns is reported as ``said(number, result)`` (JSON text) when it ends, in the
    order they end. The job goes on once they all have."""

    games: Iterator[tuple[int, GameSteps]]
    said: Callable[[int, Any], str]
    width: int = 2


Step = Load | Call | Say | Games | Free
#: A job as the referee drives it.
Job = Generator[Step, Any, None]
