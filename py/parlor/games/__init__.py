"""Every game Parlor plays, by id. Adding a game means adding it here (see README)."""

from __future__ import annotations

from parlor.core.protocol import Game
from parlor.games.ciao import GAME as CIAO
from parlor.games.kabaleo import GAME as KABALEO
from parlor.games.saboteur import GAME as SABOTEUR

GAMES: dict[str, Game] = {KABALEO.id: KABALEO}
GAMES[CIAO.id] = CIAO
GAMES[SABOTEUR.id] = SABOTEUR
