"""Saboteur's computer opponents, weakest first: ``random``, ``easy`` (a greedy digger),
``medium`` (a one-move evaluation) and ``hard``, the information-set tree search with
Saboteur's knowledge (``search.py``). ``medium`` was called ``hard`` before the search
came; saves that name ``bot:hard`` get the search: a level is a name, not a behaviour
version. Built on demand (``lazy_level``): a level's module is imported when its first
bot is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import lazy_level
from parlor.games.saboteur.game import GAME

LEVELS = (
    random_level(GAME),
    lazy_level("easy", "parlor.games.saboteur.bots.easy", "EasyBot"),
    lazy_level("medium", "parlor.games.saboteur.bots.medium", "MediumBot"),
    lazy_level("hard", "parlor.games.saboteur.bots.search", "hard"),
)
