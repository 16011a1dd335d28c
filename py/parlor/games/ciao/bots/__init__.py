"""Ciao!'s computer opponents, weakest first: ``random``, ``easy`` (sheds what fits),
``medium`` (a careful player's rules of thumb) and ``hard``, the information-set tree
search with Ciao!'s knowledge (``search.py``). ``medium`` was called ``hard`` before the
search came; saves that name ``bot:hard`` get the search: a level is a name, not a
behaviour version. Built on demand (``lazy_level``): a level's module is imported when
its first bot is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import lazy_level
from parlor.games.ciao.game import GAME

LEVELS = (
    random_level(GAME),
    lazy_level("easy", "parlor.games.ciao.bots.heuristic", "EasyBot"),
    lazy_level("medium", "parlor.games.ciao.bots.heuristic", "MediumBot"),
    lazy_level("hard", "parlor.games.ciao.bots.search", "hard"),
)
