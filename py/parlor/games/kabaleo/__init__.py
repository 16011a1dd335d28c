"""Kabaleo (Jean-Luc Renaud, Gigamic 2011): secret colours, stacking cones."""

from parlor.games.kabaleo.game import GAME

__all__ = ["GAME"]
