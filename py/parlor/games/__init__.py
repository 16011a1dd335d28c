"""Every game Parlor plays: one line per game (see docs/developing.md, "How to add a game").

Each game's package registers itself next to its definition as ``ENTRY`` (the rules,
its computer players and levels, its screen, its timed windows if any)."""

from __future__ import annotations

from typing import Any

from parlor.core.protocol import Game
from parlor.core.registry import GameEntry
from parlor.games import ciao, kabaleo, saboteur

ENTRIES: dict[str, GameEntry] = {e.id: e for e in (kabaleo.ENTRY, ciao.ENTRY, saboteur.ENTRY)}

GAMES: dict[str, Game[Any, Any]] = {gid: e.game for gid, e in ENTRIES.items()}
