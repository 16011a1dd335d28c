"""The weakest level: any legal move, uniformly. Game-independent.

Useful as a floor in the strength table and for fuzzing the app: if a stronger bot
cannot beat it clearly, the stronger bot is broken.
"""

from __future__ import annotations

from typing import Any

from parlor.bots.base import legal_moves_from_view
from parlor.core.protocol import Game
from parlor.core.registry import Level
from parlor.core.rng import Rng


class RandomBot:
    """Plays a uniformly random legal move in the game it is given."""

    level = "random"

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game.id
        self._engine = game

    def choose(self, view: Any, rng: Rng) -> str:
        # A forked generator for determinize, so the move drawn below does not depend on
        # how many numbers the engine happened to consume while filling hidden info in.
        moves = legal_moves_from_view(self._engine, view, rng.fork())
        if not moves:
            raise ValueError("the bot was asked to move but there is no legal move")
        return rng.choice(moves)


def random_level(game: Game[Any, Any]) -> Level:
    """The ``random`` level as a game lists it (every game has one)."""
    return Level("random", lambda: RandomBot(game))
