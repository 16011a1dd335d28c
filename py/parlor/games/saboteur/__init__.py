"""Saboteur: The Duel (Frederic Moyersoen, AMIGO 2014): two dwarfs dig for gold, with a
solo game. Card data in cards.json; rules in rules.py; notation in notation.py.

``ENTRY`` registers the game with its computer players and its screen."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import GameEntry, Level
from parlor.games.saboteur.game import GAME


def _easy() -> object:
    from parlor.bots.saboteur.easy import EasyBot

    return EasyBot()


def _hard() -> object:
    from parlor.bots.saboteur.hard import HardBot

    return HardBot()


ENTRY = GameEntry(
    GAME,
    (
        random_level("saboteur", "Random (places any legal card)"),
        Level("easy", "Easy (digs toward the goals)", _easy),
        Level("hard", "Hard (reads its maps, sabotages you near gold, bribes when it pays)",
              _hard),
    ),
    default_level="hard",
    ui="parlor.render.saboteur",
)

__all__ = ["ENTRY", "GAME"]
