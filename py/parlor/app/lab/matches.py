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

from parlor.app.lab.student import StudentBot, Turn
from parlor.bots import make_bot
from parlor.bots.arena import play, win_share
from parlor.core.protocol import Game, legal_moves_of_view
from parlor.core.rng import Rng


class _Stopped(Exception):
    """The student's bot gave no move: carries that turn out of the arena."""

    def __init__(self, turn: Turn) -> None:
        super().__init__(turn.problem)
        self.turn = turn


@dataclass
class _Seat:
    """The student's bot in a seat: the Bot contract, each turn kept for the review."""

    bot: StudentBot
    game: Game
    clock: Callable[[], float]
    limit_ms: float
    level: str = "lab"
    turns: list[Turn] = field(default_factory=list)

    def choose(self, view: Any, rng: Rng) -> str:
        moves = legal_moves_of_view(self.game, view, rng.fork())
        turn = self.bot.turn(view, moves, rng, clock=self.clock, limit_ms=self.limit_ms)
        self.turns.append(turn)
        if turn.move is None:
            raise _Stopped(turn)
        return turn.move


@dataclass(frozen=True)
class LabGame:
    """One game of a match: the student's seat, its share of the win, its turns, and the
    turn that stopped it (None when it was played to its end)."""

    seat: int
    seed: int
    share: float
    turns: tuple[Turn, ...]
    stopped: Turn | None = None


@dataclass(frozen=True)
class Score:
    games: int
    wins: float  # shared wins count 1/k
    share: float
    half_interval: float  # the 95% interval is share ± this

    @staticmethod
    def of(played: Sequence[LabGame]) -> Score:
        n = len(played)
        wins = sum(g.share for g in played)
        share = wins / n if n else 0.0
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / n) if n else 1.0
        return Score(n, wins, share, half)


def lab_match(game: Game, bot: StudentBot, level: str, players: int, games: int, seed: int,
              *, clock: Callable[[], float], limit_ms: float = 1000.0,
              options: Mapping[str, object] | None = None,
              progress: Callable[[Sequence[LabGame]], None] | None = None) -> list[LabGame]:
    """``games`` seeded games of ``bot`` against ``level`` at every other seat; the
    student's seat is ``g % players`` in game ``g``. ``progress`` is told after each game
    (the page draws its bar and chart from it)."""
    opts = game.options_for(players, options or {})
    out: list[LabGame] = []
    for g in range(games):
        seat = g % players
        student = _Seat(bot, game, clock, limit_ms)
        bots: list[Any] = [make_bot(game.id, level) for _ in range(players)]
        bots[seat] = student
        stopped: Turn | None = None
        share = 0.0
        try:
            share = win_share(play(game.id, bots, seed + g, opts), seat)
        except _Stopped as e:
            stopped = e.turn
        out.append(LabGame(seat, seed + g, share, tuple(student.turns), stopped))
        if progress is not None:
            progress(out)
    return out
