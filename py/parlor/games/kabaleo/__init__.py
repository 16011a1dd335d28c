"""Kabaleo (Jean-Luc Renaud, Gigamic 2011): secret colours, stacking cones.

The package is the whole game: rules (``rules``, ``scoring``, ``notation``, ``view``...),
its computer players (``bots/``) and its screen (``ui/``); ``ENTRY`` registers it."""

from parlor.core.registry import GameEntry
from parlor.games.kabaleo.bots import LEVELS
from parlor.games.kabaleo.game import GAME
from parlor.games.kabaleo.notation import LOOKS

ENTRY = GameEntry(GAME, LEVELS, default_level="hard", ui="parlor.games.kabaleo.ui.render",
                  beliefs="parlor.games.kabaleo.ui.beliefs",
                  guide="parlor.games.kabaleo.guide", notation=LOOKS,
                  lab="parlor.games.kabaleo.lab")

__all__ = ["ENTRY", "GAME"]
