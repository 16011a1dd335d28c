"""Ciao! (Olivier Finet, Gigamic 2015): shed your cards, rock-paper-scissors order.

The package is the whole game: rules (``rules``, ``scoring``, ``notation``, ``view``...),
its computer players (``bots/``), its screen (``ui/``) and its timed table decisions
(``windows``: the speed race and "Thank you!"); ``ENTRY`` registers it."""

from parlor.core.registry import GameEntry
from parlor.games.ciao.bots import LEVELS
from parlor.games.ciao.game import GAME
from parlor.games.ciao.notation import LOOKS

ENTRY = GameEntry(GAME, LEVELS, default_level="hard", ui="parlor.games.ciao.ui.render",
                  windows="parlor.games.ciao.windows", beliefs="parlor.games.ciao.ui.beliefs",
                  guide="parlor.games.ciao.guide", notation=LOOKS,
                  lab="parlor.games.ciao.lab")

__all__ = ["ENTRY", "GAME"]
