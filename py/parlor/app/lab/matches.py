"""A match of the student's bot against a built-in level: N games, the student's seat
moving round the table from game to game (seat-swapped), each game seeded, the win
share counted as the strength table counts it (a win shared by k seats is 1/k) with its
95% interval.

The games are played by ``bots.arena.play``, as bot-vs-bot matches are, so the student's
bot plays exactly where ours play. A game in which the student's bot gives no move
(a crash, a move not offered, a call over time) stops there and is reported with its
game and move numbers; the match goes on with the next game, the stopped one counted
as lost.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlor.app.lab.student import Problem, StudentBot, Turn
from parlor.bots import Bot, make_bot
from parlor.bots.arena import play, win_share
from parlor.core.protocol import Game, legal_moves_of_view
from parlor.core.rng import Rng


class Stopped(Exception):
    """The student's bot gave no move: carries that turn out of the arena."""

    def __init__(self, turn: Turn) -> None:
        super().__init__(turn.problem)
        self.turn = turn


@dataclass
class Seat:
    """The student's bot in a seat: the Bot contract, each turn kept for the review.
    ``hook`` is told ``(ply, True)`` before each call and ``(ply, False)`` after it: the
    worker's watchdog on the page stops a call that never returns."""

    bot: StudentBot
    rules: Game
    clock: Callable[[], float]
    limit_ms: float
    played: list[str]
    hook: Callable[[int, bool], None] | None = None
    level: str = "lab"
    turns: list[Turn] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)  # the ply of each of ``turns``
    game: str = field(init=False)  # the game's id (the Bot contract)

    def __post_init__(self) -> None:
        self.game = self.rules.id

    def choose(self, view: object, rng: Rng) -> str:
        moves = legal_moves_of_view(self.rules, view, rng.fork())
        ply = len(self.played)
        if self.hook is not None:
            self.hook(ply, True)
        turn = self.bot.turn(view, moves, rng, clock=self.clock, limit_ms=self.limit_ms)
        if self.hook is not None:
            self.hook(ply, False)
        self.turns.append(turn)
        self.plies.append(ply)
        if turn.move is None:
            raise Stopped(turn)
        return turn.move


@dataclass(frozen=True)
class LabGame:
    """One game of a match: the student's seat, its share of the win, every move played
    (to replay it in the watch mode and the review), the student's turns with the ply
    each was played at, and the turn that stopped the game (None when it was played to
    its end)."""

    seat: int
    seed: int
    share: float
    turns: tuple[Turn, ...]
    stopped: Turn | None = None
    moves: tuple[str, ...] = ()
    plies: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the worker sends finished games to the page as JSON). The
        moves a turn was offered travel only with the turn that stopped the game (the
        page lists them beside a refused value): a match's thousands of other lists
        would cost the page's thread its smoothness for nothing."""
        return {"seat": self.seat, "seed": self.seed, "share": self.share,
                "moves": list(self.moves), "plies": list(self.plies),
                "turns": [_turn_dict(t, offered=False) for t in self.turns],
                "stopped": None if self.stopped is None else _turn_dict(self.stopped)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> LabGame:
        stopped = data.get("stopped")
        return LabGame(int(data["seat"]), int(data["seed"]), float(data["share"]),
                       tuple(_turn_of(t) for t in data["turns"]),
                       None if stopped is None else _turn_of(stopped),
                       tuple(str(m) for m in data["moves"]),
                       tuple(int(p) for p in data["plies"]))


def _turn_dict(turn: Turn, offered: bool = True) -> dict[str, Any]:
    p = turn.problem
    return {"move": turn.move, "printed": turn.printed, "ms": round(turn.ms, 2),
            "moves": list(turn.moves) if offered else [],
            "problem": None if p is None else {"kind": p.kind, "line": p.line,
                                               "detail": p.detail}}


def _turn_of(data: Mapping[str, Any]) -> Turn:
    p = data.get("problem")
    return Turn(data["move"], str(data["printed"]), float(data["ms"]),
                tuple(str(m) for m in data["moves"]),
                None if p is None else Problem(str(p["kind"]), int(p["line"]),
                                               str(p["detail"])))


@dataclass(frozen=True)
class Score:
    """A match's win share and its 95% interval, ``low`` to ``high``: Wilson's, which
    stays honest for the Lab's 10 or 20 games (the textbook share ± 1.96·sd collapses
    to a point when a bot wins every game, and strays outside 0..1)."""

    games: int
    wins: float  # shared wins count 1/k
    share: float
    half_interval: float  # half the interval's width
    low: float = 0.0
    high: float = 1.0

    @staticmethod
    def of(played: Sequence[LabGame]) -> Score:
        n = len(played)
        wins = sum(g.share for g in played)
        if not n:
            return Score(0, 0.0, 0.0, 0.5)
        share, z2 = wins / n, Z * Z
        centre = (share + z2 / (2 * n)) / (1 + z2 / n)
        half = Z * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return Score(n, wins, share, half, max(0.0, centre - half), min(1.0, centre + half))


#: The normal quantile of a two-sided 95% interval.
Z = 1.96


def lab_game(game: Game, bot: StudentBot, level: str, players: int, number: int,
             seed: int, *, clock: Callable[[], float], limit_ms: float = 1000.0,
             options: Mapping[str, object] | None = None,
             hook: Callable[[int, bool], None] | None = None) -> LabGame:
    """Game ``number`` of a match (seeded ``seed + number``): the student's seat is
    ``number % players``, ``level`` plays every other seat."""
    opts = game.options_for(players, options or {})
    seat = number % players
    played: list[str] = []
    student = Seat(bot, game, clock, limit_ms, played, hook)
    bots: list[Bot] = [make_bot(game.id, level) for _ in range(players)]
    bots[seat] = student  # the Bot contract, its turns kept
    stopped: Turn | None = None
    share = 0.0
    try:
        share = win_share(play(game.id, bots, seed + number, opts, record=played), seat)
    except Stopped as e:
        stopped = e.turn
    return LabGame(seat, seed + number, share, tuple(student.turns), stopped,
                   tuple(played), tuple(student.plies))


def lab_match(game: Game, bot: StudentBot, level: str, players: int, games: int, seed: int,
              *, clock: Callable[[], float], limit_ms: float = 1000.0,
              options: Mapping[str, object] | None = None,
              progress: Callable[[Sequence[LabGame]], None] | None = None) -> list[LabGame]:
    """``games`` seeded games of ``bot`` against ``level`` at every other seat; the
    student's seat is ``g % players`` in game ``g``. ``progress`` is told after each game
    (the page draws its bar and chart from it)."""
    out: list[LabGame] = []
    for g in range(games):
        out.append(lab_game(game, bot, level, players, g, seed, clock=clock,
                            limit_ms=limit_ms, options=options))
        if progress is not None:
            progress(out)
    return out
