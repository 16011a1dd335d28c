"""A class tournament: every pair of the bots entered (the class's, brought in by share
links or files) plays the same seeded two-player games, seats swapped from game to
game, through the arena the built-in bots play in; each entrant's moves are asked of
its own sandbox (``referee.py``), so no entrant's code can touch another's games.

A bot that gives no move (a crash, a move not offered, over its time) loses that game
and the other bot wins it: a tournament goes on whatever one entrant does. A bot that
does not compile loses all its games the same way, and the table says why.
"""

from __future__ import annotations

import zlib
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.matches import call
from parlor.app.lab.steps import Call
from parlor.app.lab.student import Problem, Turn
from parlor.bots.arena import OUTSIDE, steps, win_share
from parlor.core.protocol import Game


def tournament_seed(game: str) -> int:
    """A tournament's seed: the same at every run of a game's tournaments, so a rerun
    plays the same games and its table is the same (bots choosing alike). Not drawn from
    the entrants: a bot added or changed leaves the other pairs' games as they were, and
    a pair meets the same deals whoever else is entered."""
    return zlib.crc32(f"parlor-tournament:{game}".encode())


def pairs(entrants: int) -> list[tuple[int, int]]:
    """Every pair of entrants once, in a fixed order (the duels' numbering)."""
    return [(a, b) for a in range(entrants) for b in range(a + 1, entrants)]


def schedule(entrants: int, live: int) -> list[int]:
    """The order to play the pairs in (indices into ``pairs``) when at most ``live``
    entrants' sandboxes are alive at once, the least recently used stopped first: next
    the pair with most entrants already alive, most recently used first. Starting a
    sandbox is the slow part of a tournament (10 entrants: 38 starts instead of 50 in
    the numbering's order)."""
    table = pairs(entrants)
    left = set(range(len(table)))
    alive: list[int] = []  # least recently used first
    out: list[int] = []
    while left:
        def rank(i: int) -> tuple[int, int, int]:
            pair = table[i]
            return (sum(e in alive for e in pair),
                    sum(alive.index(e) for e in pair if e in alive), -i)

        best = max(left, key=rank)
        left.remove(best)
        out.append(best)
        for e in table[best]:
            if e in alive:
                alive.remove(e)
            else:
                while len(alive) >= live:
                    alive.remove(next(x for x in alive if x not in table[best]))
            alive.append(e)
    return out


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
                "failed": self.failed, "problem": None if p is None else p.to_dict()}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Duel:
        p = data.get("problem")
        failed = data.get("failed")
        return Duel(int(data["a"]), int(data["b"]), int(data["number"]),
                    (float(data["shares"][0]), float(data["shares"][1])),
                    None if failed is None else int(failed),
                    None if p is None else Problem.from_dict(p))


def forfeit(a: int, b: int, number: int, failed: int, problem: Problem) -> Duel:
    """The game ``failed`` loses without a move played (or stopped from outside)."""
    return Duel(a, b, number, (0.0, 1.0) if failed == a else (1.0, 0.0), failed, problem)


def duel(game: Game[Any, Any], a: int, b: int, number: int, seed: int
         ) -> Generator[Call, Turn, Duel]:
    """Game ``number`` of the pair ``a``, ``b`` (seeded ``seed + number``, so every pair
    meets the same deals; ``a`` sits first in even games). Each move is a ``Call`` of
    the entrant to act; a turn with no move loses the game for that entrant."""
    order = (a, b) if number % 2 == 0 else (b, a)
    loop = steps(game.id, [OUTSIDE, OUTSIDE], seed + number, game.options_for(2, {}))
    try:
        asked = next(loop)
        while True:
            entrant = order[asked.seat]
            turn = yield call(entrant, asked)
            if turn.move is None:
                assert turn.problem is not None
                return forfeit(a, b, number, entrant, turn.problem)
            asked = loop.send(turn.move)
    except StopIteration as over:
        result = over.value
    return Duel(a, b, number, (win_share(result, order.index(a)),
                               win_share(result, order.index(b))))


@dataclass(frozen=True)
class Standing:
    """An entrant's place: its wins of its games, and its rank (``tied``: the rank is
    shared with another entrant)."""

    entrant: int
    wins: float
    games: int
    rank: int = 1
    tied: bool = False

    @property
    def share(self) -> float:
        """The share of its games won (rounded, so equal shares compare equal)."""
        return round(self.wins / self.games, 9) if self.games else 0.0


def standings(entrants: int, duels: Sequence[Duel]) -> list[Standing]:
    """Each entrant's wins over the games played so far, the best share of its games
    first. Equal shares share a rank (1, =2, =2, 4): nothing else breaks a tie, and the
    order within one is only the order the bots were entered in."""
    wins = [0.0] * entrants
    games = [0] * entrants
    for d in duels:
        for e in (d.a, d.b):
            wins[e] += d.share_of(e)
            games[e] += 1
    table = sorted((Standing(e, wins[e], games[e]) for e in range(entrants)),
                   key=lambda s: (-s.share, s.entrant))
    out = []
    for s in table:
        rank = next(j for j, o in enumerate(table) if o.share == s.share) + 1
        tied = sum(o.share == s.share for o in table) > 1
        out.append(Standing(s.entrant, s.wins, s.games, rank, tied))
    return out


def head_to_head(duels: Sequence[Duel], row: int, col: int) -> tuple[float, int]:
    """``row``'s wins against ``col`` and the games they played."""
    met = [d for d in duels if {d.a, d.b} == {row, col}]
    return sum(d.share_of(row) for d in met), len(met)
