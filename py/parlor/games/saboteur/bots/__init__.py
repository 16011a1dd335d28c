"""Saboteur's computer opponents: ``easy`` (greedy digger) and ``hard`` (weighs both
players' prospects, sabotages, uses maps). Built on demand: a level's factory imports
its module when the first bot of that level is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import Level


def _easy() -> object:
    from parlor.games.saboteur.bots.easy import EasyBot

    return EasyBot()


def _hard() -> object:
    from parlor.games.saboteur.bots.hard import HardBot

    return HardBot()


LEVELS = (
    random_level("saboteur", "Random (places any legal card)"),
    Level("easy", "Easy (digs toward the goals)", _easy),
    Level("hard", "Hard (reads its maps, sabotages you near gold, bribes when it pays)", _hard),
)
