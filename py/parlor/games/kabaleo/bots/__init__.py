"""Kabaleo's computer opponents: ``easy`` (greedy, no memory) and ``hard`` (Bayesian
beliefs over target colours, a last-round search). Built on demand: the levels' factories
import their module when the first bot of that level is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import Level


def _easy() -> object:
    from parlor.games.kabaleo.bots.easy import EasyBot

    return EasyBot()


def _hard() -> object:
    from parlor.games.kabaleo.bots.hard import HardBot

    return HardBot()


LEVELS = (
    random_level("kabaleo", "Random (plays any legal move)"),
    Level("easy", "Easy (grabs piles for its colour, never hides it)", _easy),
    Level("hard", "Hard (reads your moves, hides its colour, plans the last round)", _hard),
)
