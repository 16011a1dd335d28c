"""A match of the student's bot against a built-in level: N games, the student's seat
moving round the table from game to game (seat-swapped), each game seeded, the win
share counted as the strength table counts it (a win shared by k seats is 1/k) with its
95% interval.

The games are played by ``bots.arena.steps``, as bot-vs-bot matches are, so the
student's bot plays exactly where ours play; its seat is an outside one, whose moves
the referee asks of its sandbox (``referee.py``). A game in which the student's bot
gives no move (a crash, a move not offered, a call over time) stops there and is
reported with its game and move numbers; the match goes on with the next game, the
stopped one counted as lost.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlor.app.lab.dice import LabKey
from parlor.app.lab.steps import Call
from parlor.app.lab.student import Problem, Turn
from parlor.bots import Bot, make_bot
from parlor.bots.arena import OUTSIDE, Outside, steps, win_share
from parlor.bots.arena import Turn as ArenaTurn
from parlor.core.protocol import Game


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
        would cost the page's thread its smoothness for nothing. The seed is a decimal
        string: 64 bits do not survive JavaScript's numbers on the way."""
        return {"seat": self.seat, "seed": str(self.seed), "share": self.share,
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
            "problem": None if p is None else p.to_dict()}


def _turn_of(data: Mapping[str, Any]) -> Turn:
    p = data.get("problem")
    return Turn(data["move"], str(data["printed"]), float(data["ms"]),
                tuple(str(m) for m in data["moves"]),
                None if p is None else Problem.from_dict(p))


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


def lab_game(game: Game[Any, Any], level: str, players: int, number: int, seed: int,
             key: LabKey, options: Mapping[str, object] | None = None
             ) -> Generator[Call, Turn, LabGame]:
    """Game ``number`` of a match (seeded ``seed + number``): the student's bot (bot 0)
    sits at seat ``number % players``, ``level`` plays every other seat. Each of the
    bot's moves is a ``Call`` the referee answers with a ``Turn``, with dice from
    ``key``; a turn with no move stops the game there."""
    opts = game.options_for(players, options or {})
    seat = number % players
    played: list[str] = []
    bots: list[Bot | Outside] = [make_bot(game.id, level) for _ in range(players)]
    bots[seat] = OUTSIDE
    loop = steps(game.id, bots, seed + number, opts, record=played)
    turns: list[Turn] = []
    plies: list[int] = []
    try:
        asked = next(loop)
        while True:
            turn = yield call(0, asked, key, seed + number)
            turns.append(turn)
            plies.append(len(played))
            if turn.move is None:
                return LabGame(seat, seed + number, 0.0, tuple(turns), turn, tuple(played),
                               tuple(plies))
            asked = loop.send(turn.move)
    except StopIteration as over:
        share = win_share(over.value, seat)
    return LabGame(seat, seed + number, share, tuple(turns), None, tuple(played),
                   tuple(plies))


def call(bot: int, asked: ArenaTurn, key: LabKey, seed: int) -> Call:
    """The call for an outside seat's turn in the game dealt from ``seed``, with dice
    of its own for this move (what the bot draws is its business and never shifts
    another turn's draws), which tell it nothing of the seed (``dice.py``)."""
    return Call(bot, asked.view, asked.moves, key.dice(seed, asked.seat, asked.ply))


def said_by_ply(played: LabGame) -> tuple[str, ...]:
    """What the student's bot printed at each move of ``played`` ("" for other seats)."""
    said = [""] * len(played.moves)
    for turn, ply in zip(played.turns, played.plies, strict=False):
        if ply < len(said):
            said[ply] = turn.printed
    return tuple(said)
