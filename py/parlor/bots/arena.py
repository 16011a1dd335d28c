"""Seeded bot-vs-bot matches: the strength table, the slow tests and tuning use these.

Each bot gets only ``GAME.view(state, seat)``; its random numbers come from a generator
forked per seat from the match seed, so a match is a pure function of its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlor.bots.base import Bot
from parlor.core.rng import Rng


@dataclass(frozen=True)
class MatchResult:
    winners: tuple[int, ...]
    points: tuple[int, ...]
    moves: tuple[str, ...]


def play(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, object] | None = None,
) -> MatchResult:
    """Play one game to the end with one bot per seat."""
    from parlor.games import GAMES

    game = GAMES[game_id]
    state = game.new(len(bots), seed, options or {})
    master = Rng(seed ^ 0x5EED_B075)
    rngs = [master.fork() for _ in bots]
    moves: list[str] = []
    while (seat := game.to_act(state)) is not None:
        move = bots[seat].choose(game.view(state, seat), rngs[seat])
        state = game.apply(state, move)
        moves.append(move)
    out = game.outcome(state)
    assert out is not None
    return MatchResult(out.winners, out.points, tuple(moves))


def win_share(result: MatchResult, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, else 0."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0
