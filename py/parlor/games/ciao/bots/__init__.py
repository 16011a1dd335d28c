"""Ciao!'s computer opponents (``easy``, ``hard``) and their real-time timings (how
fast each level races and says "Thank you!"). Built on demand: a level's factory
imports its module when the first bot of that level is made."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import Level


def _easy() -> object:
    from parlor.games.ciao.bots.heuristic import EasyBot

    return EasyBot()


def _hard() -> object:
    from parlor.games.ciao.bots.heuristic import HardBot

    return HardBot()


LEVELS = (
    random_level("ciao", "Random (plays any legal card)"),
    Level("easy", "Easy (slow in races, sometimes forgets to say thank you)", _easy),
    Level("hard", "Hard (keeps jokers for +3s, sheds millstones, quick in races)", _hard),
)
