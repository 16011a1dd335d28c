"""A class tournament: the bots entered (the class's, brought in by share links or
files) play seeded games in duels (every pair) or at tables of the game's own player
count (``seating.py`` says who sits where), seats rotated from game to game, through
the arena the built-in bots play in; each entrant's moves are asked of its own sandbox
(``referee.py``), so no entrant's code can touch another's games.

A bot that gives no move (a crash, a move not offered, over its time) loses that game
and the others share the win: a tournament goes on whatever one entrant does. A bot that
does not compile loses all its games the same way, and the table says why.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Collection, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.matches import call
from parlor.app.lab.seating import Seating, pairs
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


def play_order(seating: Seating, live: int) -> list[int]:
    """The order to play the sittings in: duels as ``schedule`` says; tables in their
    own order, where neighbouring sittings share all but one bot."""
    if seating.duels:
        return schedule(seating.entrants, live)
    return list(range(len(seating.sittings)))


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


#: Between the moves of a game kept for the review (no game's move holds it).
SEP = "\x1f"
#: The most moves a game kept may hold (a report claiming more is refused).
MAX_MOVES = 5000


@dataclass(frozen=True)
class TableGame:
    """Game ``number`` of a sitting: the entrant at each seat (``seats``), each seat's
    share of the win, who gave no move (with why), and what replays the game in the
    review: its seed and its moves, joined by ``SEP`` (one string a game: a class's
    thousands of games as tuples of short strings would cost the page ~10x the
    memory)."""

    seats: tuple[int, ...]
    number: int
    shares: tuple[float, ...]
    failed: int | None = None
    problem: Problem | None = None
    seed: int = 0
    moves: str = ""

    def share_of(self, entrant: int) -> float:
        return self.shares[self.seats.index(entrant)]

    @property
    def move_list(self) -> tuple[str, ...]:
        return tuple(self.moves.split(SEP)) if self.moves else ()

    def to_dict(self) -> dict[str, Any]:
        p = self.problem
        return {"seats": list(self.seats), "number": self.number,
                "shares": list(self.shares), "failed": self.failed,
                "problem": None if p is None else p.to_dict(), "seed": self.seed,
                "moves": self.move_list}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> TableGame:
        """Read field by field: a wrong shape raises ``KeyError``, ``TypeError`` or
        ``ValueError``."""
        p = data.get("problem")
        failed = data.get("failed")
        seats = tuple(int(e) for e in data["seats"])
        shares = tuple(float(x) for x in data["shares"])
        moves = data.get("moves") or []
        if (len(seats) != len(shares) or len(set(seats)) != len(seats) or not seats
                or not isinstance(moves, list) or len(moves) > MAX_MOVES
                or not all(isinstance(m, str) and m and SEP not in m for m in moves)):
            raise ValueError("not a tournament's game")
        if failed is not None and int(failed) not in seats:
            raise ValueError(f"entrant {failed} did not play")
        return TableGame(seats, int(data["number"]), shares,
                         None if failed is None else int(failed),
                         None if p is None else Problem.from_dict(p), int(data.get("seed", 0)),
                         SEP.join(moves))


def forfeit(seats: tuple[int, ...], number: int, failed: int, problem: Problem,
            seed: int = 0, moves: Sequence[str] = (), lost: Collection[int] = ()
            ) -> TableGame:
    """The game ``failed`` loses (no move given, or its file did not run), and so do
    the ``lost`` (at a table, other bots whose files did not run): the others share
    the win."""
    losers = {failed, *lost}
    rest = sum(e not in losers for e in seats)
    shares = tuple(0.0 if e in losers else 1.0 / rest for e in seats)
    return TableGame(seats, number, shares, failed, problem, seed, SEP.join(moves))


def table_game(game: Game[Any, Any], seating: Seating, k: int,
               options: Mapping[str, object] | None = None
               ) -> Generator[Call, Turn, TableGame]:
    """Game ``k`` of the tournament (``seating`` says who sits where and its seed),
    played with ``options`` (the Lab's, ``lessons.lab_options``). Each move is a
    ``Call`` of the entrant to act; a turn with no move loses the game for that
    entrant."""
    order = seating.order(k)
    number, seed = k % seating.per, seating.deal(k)
    played: list[str] = []
    loop = steps(game.id, [OUTSIDE] * len(order), seed,
                 game.options_for(len(order), options or {}), record=played)
    try:
        asked = next(loop)
        while True:
            entrant = order[asked.seat]
            turn = yield call(entrant, asked)
            if turn.move is None:
                assert turn.problem is not None
                return forfeit(order, number, entrant, turn.problem, seed, played)
            asked = loop.send(turn.move)
    except StopIteration as over:
        result = over.value
    return TableGame(order, number, tuple(win_share(result, i) for i in range(len(order))),
                     seed=seed, moves=SEP.join(played))


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


def standings(entrants: int, duels: Sequence[TableGame]) -> list[Standing]:
    """Each entrant's wins over the games played so far (a win shared by k seats counts
    1/k), the best share of its games first. Equal shares share a rank (1, =2, =2, 4):
    nothing else breaks a tie, and the order within one is only the order the bots
    were entered in."""
    wins = [0.0] * entrants
    games = [0] * entrants
    for d in duels:
        for e in d.seats:
            wins[e] += d.share_of(e)
            games[e] += 1
    return ranked(wins, games)


def ranked(wins: Sequence[float], games: Sequence[int]) -> list[Standing]:
    """``standings`` from each entrant's wins and games added up already (the page's
    running tally, ``state.Tally``)."""
    shares = [Standing(e, wins[e], games[e]).share for e in range(len(wins))]
    order = sorted(range(len(wins)), key=lambda e: (-shares[e], e))
    alike = Counter(shares)
    out = []
    rank, last = 0, None
    for j, e in enumerate(order):
        if shares[e] != last:  # equal shares are neighbours: they share the first's rank
            rank, last = j + 1, shares[e]
        out.append(Standing(e, wins[e], games[e], rank, alike[shares[e]] > 1))
    return out


def head_to_head(duels: Sequence[TableGame]) -> dict[tuple[int, int], tuple[float, int]]:
    """``(row, col)``: ``row``'s wins against ``col`` and the games they played (duels),
    in one pass (30 bots' table asked pair by pair read 8,700 games 870 times at each
    redraw)."""
    met: dict[tuple[int, int], tuple[float, int]] = {}
    for d in duels:
        if len(d.seats) != 2:
            continue
        a, b = d.seats
        for row, col, share in ((a, b, d.shares[0]), (b, a, d.shares[1])):
            wins, games = met.get((row, col), (0.0, 0))
            met[row, col] = (wins + share, games + 1)
    return met
