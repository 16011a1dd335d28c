"""Ciao! (Olivier Finet, Gigamic 2015): shed your cards, rock-paper-scissors order."""

from parlor.games.ciao.game import GAME

__all__ = ["GAME"]
