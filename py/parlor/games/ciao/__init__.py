"""Ciao! (Olivier Finet, Gigamic 2015): shed your cards, rock-paper-scissors order.

``ENTRY`` registers the game with its computer players and its screen."""

from __future__ import annotations

from parlor.bots.random_bot import random_level
from parlor.core.registry import GameEntry, Level
from parlor.games.ciao.game import GAME


def _easy() -> object:
    from parlor.bots.ciao.heuristic import EasyBot

    return EasyBot()


def _hard() -> object:
    from parlor.bots.ciao.heuristic import HardBot

    return HardBot()


ENTRY = GameEntry(
    GAME,
    (
        random_level("ciao", "Random (plays any legal card)"),
        Level("easy", "Easy (slow in races, sometimes forgets to say thank you)", _easy),
        Level("hard", "Hard (keeps jokers for +3s, sheds millstones, quick in races)", _hard),
    ),
    default_level="hard",
    ui="parlor.render.ciao",
)

__all__ = ["ENTRY", "GAME"]
