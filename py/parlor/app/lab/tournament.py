"""A class tournament: every pair of the bots entered (the class's, brought in by share
links or files) plays the same seeded two-player games, seats swapped from game to
game, through the arena the built-in bots play in.

A bot that gives no move (a crash, a move not offered, over its time) loses that game
and the other bot wins it: a tournament goes on whatever one entrant does. A bot that
does not compile loses all its games the same way, and the table says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.matches import Seat, Stopped
from parlor.app.lab.student import Problem, StudentBot
from parlor.bots.arena import play, win_share
from parlor.core.protocol import Game


def pairs(entrants: int) -> list[tuple[int, int]]:
    """Every pair of entrants once, in a fixed order (the duels' numbering)."""
    return [(a, b) for a in range(entrants) for b in range(a + 1, entrants)]


@dataclass(frozen=True)
class Duel:
    """Game ``number`` between entrants ``a`` and ``b`` (``a`` sits first in even
    games): each one's share of the win, and who gave no move, with why."""

    a: int
    b: int
    number: int
    shares: tuple[float, float]
    failed: int | None = None
    problem: Problem | None = None

    def share_of(self, entrant: int) -> float:
        return self.shares[0] if entrant == self.a else self.shares[1]

    def to_dict(self) -> dict[str, Any]:
        p = self.problem
        return {"a": self.a, "b": self.b, "number": self.number, "shares": list(self.shares),
                "failed": self.failed,
                "problem": None if p is None else {"kind": p.kind, "line": p.line,
                                                   "detail": p.detail}}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Duel:
        p = data.get("problem")
        failed = data.get("failed")
        return Duel(int(data["a"]), int(data["b"]), int(data["number"]),
                    (float(data["shares"][0]), float(data["shares"][1])),
                    None if failed is None else int(failed),
                    None if p is None else Problem(str(p["kind"]), int(p["line"]),
                                                   str(p["detail"])))


def forfeit(a: int, b: int, number: int, failed: int, problem: Problem) -> Duel:
    """The game ``failed`` loses without a move played (or stopped from outside)."""
    return Duel(a, b, number, (0.0, 1.0) if failed == a else (1.0, 0.0), failed, problem)


def duel(game: Game, bots: Sequence[StudentBot | Problem], a: int, b: int, number: int,
         seed: int, *, clock: Callable[[], float], limit_ms: float = 1000.0,
         hook: Callable[[int, int, bool], None] | None = None) -> Duel:
    """Game ``number`` of the pair ``a``, ``b`` (seeded ``seed + number``, so every pair
    meets the same deals). ``hook(entrant, ply, starting)`` marks each call for the
    page's watchdog."""
    for entrant in (a, b):
        bot = bots[entrant]
        if isinstance(bot, Problem):
            return forfeit(a, b, number, entrant, bot)
    order = (a, b) if number % 2 == 0 else (b, a)
    played: list[str] = []
    seats: list[Seat] = []
    for entrant in order:
        bot = bots[entrant]
        assert isinstance(bot, StudentBot)
        mark = None if hook is None else (
            lambda ply, starting, e=entrant: hook(e, ply, starting))
        seats.append(Seat(bot, game, clock, limit_ms, played, mark))
    opts = game.options_for(2, {})
    try:
        result = play(game.id, seats, seed + number, opts, record=played)
    except Stopped as stop:
        failed = next(e for e, s in zip(order, seats, strict=True)
                      if s.turns and s.turns[-1] is stop.turn)
        assert stop.turn.problem is not None
        return forfeit(a, b, number, failed, stop.turn.problem)
    return Duel(a, b, number, (win_share(result, order.index(a)),
                               win_share(result, order.index(b))))


@dataclass(frozen=True)
class Standing:
    entrant: int
    wins: float
    games: int


def standings(entrants: int, duels: Sequence[Duel]) -> list[Standing]:
    """Each entrant's wins over the games played so far, best first (ties: the order
    they were entered in)."""
    wins = [0.0] * entrants
    games = [0] * entrants
    for d in duels:
        for e in (d.a, d.b):
            wins[e] += d.share_of(e)
            games[e] += 1
    table = [Standing(e, wins[e], games[e]) for e in range(entrants)]
    return sorted(table, key=lambda s: (-(s.wins / s.games if s.games else 0.0), s.entrant))


def head_to_head(duels: Sequence[Duel], row: int, col: int) -> tuple[float, int]:
    """``row``'s wins against ``col`` and the games they played."""
    met = [d for d in duels if {d.a, d.b} == {row, col}]
    return sum(d.share_of(row) for d in met), len(met)
