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

from collections import Counter
from collections.abc import Collection, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.contest.dice import LabKey
from parlor.app.lab.contest.limits import MOST_MOVES, move_limit
from parlor.app.lab.contest.matches import call
from parlor.app.lab.contest.seating import Seating, pairs
from parlor.app.lab.contest.steps import Call
from parlor.app.lab.wire.problems import Problem, Turn
from parlor.bots.arena import OUTSIDE, steps, win_share
from parlor.core.protocol import Game

#: Games played side by side at most (``steps.Games.width``): enough that the referee
#: has another game to play while the sandboxes think, few enough that each sandbox
#: still holds the last view of each of its games (``sandbox.KEPT_VIEWS``).
MAX_LANES = 6


@dataclass(frozen=True)
class Window:
    """Sittings whose games are played side by side, their bots all alive at once; and
    the entrants whose sandboxes are stopped before this window's bots are started: of
    the bots alive, those needed again last (so the fewest starts are made)."""

    sittings: tuple[int, ...]
    free: tuple[int, ...] = ()


def play_plan(seating: Seating, live: int) -> list[Window]:
    """The tournament's sittings in windows, in the order to play them, with at most
    ``live`` entrants' sandboxes alive at once. Starting a sandbox is the slow part of
    a tournament: duels play blocks of ``live - 1`` bots that stay alive against every
    later bot in turn (``schedule``: 30 bots with 3 alive start 226 sandboxes, where
    the least recently used order started 408); tables play their own order, two
    neighbouring sittings (which share all but one bot) at a time when they fit."""
    if seating.duels:
        groups = _duel_windows(seating.entrants, live)
    else:
        groups = []
        for s in range(len(seating.sittings)):
            if groups and len(groups[-1]) < 2 and len(
                    {*seating.sittings[s], *(e for t in groups[-1] for e in seating.sittings[t])}
            ) <= live:
                groups[-1] += (s,)
            else:
                groups.append((s,))
    bots = [sorted({e for s in group for e in seating.sittings[s]}) for group in groups]
    out = []
    alive: set[int] = set()
    for i, need in enumerate(bots):
        free = []
        for e in need:
            if e in alive:
                continue
            idle = [x for x in alive if x not in need]
            if len(alive) >= live and idle:
                victim = max(idle, key=lambda x: (_next_use(bots, i, x), x))
                alive.remove(victim)
                free.append(victim)
            alive.add(e)
        out.append(Window(groups[i], tuple(free)))
    return out


def _next_use(bots: list[list[int]], at: int, entrant: int) -> int:
    return next((j for j in range(at, len(bots)) if entrant in bots[j]), len(bots))


def _duel_windows(entrants: int, live: int) -> list[tuple[int, ...]]:
    """Duels (indices into ``pairs``) in windows: the bots in blocks of ``live - 1``;
    a block's own pairs, then each later bot against the whole block (the next block's
    bots last, so they are still alive when it begins)."""
    index = {p: i for i, p in enumerate(pairs(entrants))}
    g = max(1, live - 1)
    out: list[tuple[int, ...]] = []
    for start in range(0, entrants, g):
        block = range(start, min(start + g, entrants))
        inner = tuple(index[a, b] for a in block for b in block if a < b)
        if inner:
            out.append(inner)
        later = list(range(start + g, entrants))
        for s in later[g:] + later[:g]:
            out.append(tuple(index[r, s] for r in block))
    return out


def schedule(entrants: int, live: int) -> list[int]:
    """The order the pairs are played in (indices into ``pairs``) with at most ``live``
    sandboxes alive (``play_plan``)."""
    return [i for window in _duel_windows(entrants, live) for i in window]


#: Between the moves of a game kept for the review (no game's move holds it).
SEP = "\x1f"
#: The most moves a game kept may hold (a report claiming more is refused): a game
#: ends at the Lab's move limit (``limits.py``).
MAX_MOVES = MOST_MOVES


@dataclass(frozen=True)
class TableGame:
    """Game ``number`` of a sitting: the entrant at each seat (``seats``), each seat's
    share of the win, who gave no move (with why), and what replays the game in the
    review: its seed and its moves, joined by ``SEP`` (one string a game: a class's
    thousands of games as tuples of short strings would cost the page ~10x the
    memory). ``cut``: it passed the Lab's move limit and was scored as it stood."""

    seats: tuple[int, ...]
    number: int
    shares: tuple[float, ...]
    failed: int | None = None
    problem: Problem | None = None
    seed: int = 0
    moves: str = ""
    cut: bool = False

    def share_of(self, entrant: int) -> float:
        return self.shares[self.seats.index(entrant)]

    @property
    def move_list(self) -> tuple[str, ...]:
        return tuple(self.moves.split(SEP)) if self.moves else ()

    def to_dict(self) -> dict[str, Any]:
        p = self.problem
        return {"seats": list(self.seats), "number": self.number,
                "shares": list(self.shares), "failed": self.failed,
                "problem": None if p is None else p.to_dict(), "seed": str(self.seed),
                "moves": self.move_list, "cut": self.cut}

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
                         SEP.join(moves), data.get("cut") is True)


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


def table_game(game: Game[Any, Any], seating: Seating, k: int, key: LabKey,
               options: Mapping[str, object] | None = None, limit: int | None = None
               ) -> Generator[Call, Turn, TableGame]:
    """Game ``k`` of the tournament (``seating`` says who sits where and its seed),
    played with ``options`` (the Lab's, ``lessons.lab_options``). Each move is a
    ``Call`` of the entrant to act, with dice from ``key``; a turn with no move loses
    the game for that entrant. A game still going at the Lab's move limit (``limit``,
    else ``limits.move_limit``) ends there, scored as it stands: a tournament ends
    whatever its bots do."""
    order = seating.order(k)
    number, seed = k % seating.per, seating.deal(k)
    played: list[str] = []
    opts = game.options_for(len(order), options or {})
    loop = steps(game.id, [OUTSIDE] * len(order), seed, opts, record=played,
                 limit=move_limit(game.id, len(order)) if limit is None else limit)
    try:
        asked = next(loop)
        while True:
            entrant = order[asked.seat]
            turn = yield call(entrant, asked, key, seed)
            if turn.move is None:
                assert turn.problem is not None
                return forfeit(order, number, entrant, turn.problem, seed, played)
            asked = loop.send(turn.move)
    except StopIteration as over:
        result = over.value
    return TableGame(order, number, tuple(win_share(result, i) for i in range(len(order))),
                     seed=seed, moves=SEP.join(played), cut=result.cut)


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
        return won_share(self.wins, self.games)


def won_share(wins: float, games: int) -> float:
    """``Standing.share`` of these counts (the page ranks 30 bots at every batch: no
    ``Standing`` made just to ask it)."""
    return round(wins / games, 9) if games else 0.0


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
    shares = [won_share(wins[e], games[e]) for e in range(len(wins))]
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
