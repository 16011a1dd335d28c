"""Every game Parlor plays, by id. Adding a game means adding it here (see README)."""

from __future__ import annotations

from parlor.core.protocol import Game
from parlor.games.kabaleo import GAME as KABALEO

GAMES: dict[str, Game] = {KABALEO.id: KABALEO}
