"""Ciao!'s computer opponents, weakest first: ``random``, ``easy`` (sheds what fits),
``medium`` (a careful player's rules of thumb) and ``hard``, the information-set tree
search with Ciao!'s knowledge (``search.py``). ``medium`` was called ``hard`` before the
search came; saves that name ``bot:hard`` get the search: a level is a name, not a
behaviour version. Built on demand: a level's factory imports its module when the first
bot of that level is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import Level
from parlor.games.ciao.game import GAME


def _easy() -> object:
    from parlor.games.ciao.bots.heuristic import EasyBot

    return EasyBot()


def _medium() -> object:
    from parlor.games.ciao.bots.heuristic import MediumBot

    return MediumBot()


def _hard() -> object:
    from parlor.games.ciao.bots.search import SearchBot

    return SearchBot()


LEVELS = (
    random_level(GAME),
    Level("easy", _easy),
    Level("medium", _medium),
    Level("hard", _hard),
)
