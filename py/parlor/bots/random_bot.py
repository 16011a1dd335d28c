"""The weakest level: any legal move, uniformly. Game-independent.

Useful as a floor in the strength table and for fuzzing the app: if a stronger bot
cannot beat it clearly, the stronger bot is broken.
"""

from __future__ import annotations

from typing import Any

from parlor.bots.base import legal_moves_from_view
from parlor.core.registry import Level
from parlor.core.rng import Rng


class RandomBot:
    """Plays a uniformly random legal move for any game in ``parlor.games.GAMES``."""

    level = "random"

    def __init__(self, game_id: str) -> None:
        from parlor.games import GAMES

        self.game = game_id
        self._engine = GAMES[game_id]

    def choose(self, view: Any, rng: Rng) -> str:
        # A forked generator for determinize, so the move drawn below does not depend on
        # how many numbers the engine happened to consume while filling hidden info in.
        moves = legal_moves_from_view(self._engine, view, rng.fork())
        if not moves:
            raise ValueError("the bot was asked to move but there is no legal move")
        return rng.choice(moves)


def random_level(game_id: str) -> Level:
    """The ``random`` level as a game lists it (every game has one)."""
    return Level("random", lambda: RandomBot(game_id))
