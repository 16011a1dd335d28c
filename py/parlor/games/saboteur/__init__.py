"""Saboteur: The Duel (Frederic Moyersoen, AMIGO 2014): two dwarfs dig for gold, with a
solo game.

The package is the whole game: card data (``cards.json``), rules (``rules``, ``maze``,
``notation``, ``view``...), its computer players (``bots/``) and its screen (``ui/``);
``ENTRY`` registers it."""

from parlor.core.registry import GameEntry
from parlor.games.saboteur.bots import LEVELS
from parlor.games.saboteur.game import GAME
from parlor.games.saboteur.notation import LOOKS

ENTRY = GameEntry(GAME, LEVELS, default_level="hard", ui="parlor.games.saboteur.ui.render",
                  beliefs="parlor.games.saboteur.ui.beliefs",
                  guide="parlor.games.saboteur.guide", notation=LOOKS,
                  lab="parlor.games.saboteur.lab")

__all__ = ["ENTRY", "GAME"]
