"""Computer opponents: the game-independent parts (the ``Bot`` protocol, the random
level, the arena) and the one factory the app uses.

Each game lists its levels, weakest first, in its registry entry (``games/<id>/``);
``make_bot`` is the only way the app creates a bot, so an unknown level from a URL or a
save is refused with a message naming the allowed ones. ``LEVELS`` and
``DEFAULT_LEVEL`` are read from the entries when first asked for; a level's words for
the menu are the catalog's (``level_label_key``).

This package looks games up in the registry (``parlor.games``, inside the functions
that need it): a bot is asked for by game id and level name, as URLs and saves write
it, and the levels are the games' own. The random level is handed its game by the
entry that lists it.
"""

from __future__ import annotations

from typing import Any

from parlor.bots.base import Believer, Bot
from parlor.core.errors import BadOptions
from parlor.i18n.catalog import Msg

__all__ = ["Believer", "Bot", "DEFAULT_LEVEL", "LEVELS", "level_label_key", "make_bot"]


def level_label_key(game_id: str, level: str) -> str:
    """The catalog key of a level's name and one-line description in the menu."""
    return f"level.{game_id}.{level}"


def make_bot(game_id: str, level: str, iterations: int | None = None) -> Bot:
    """A fresh bot (one per seat: bots may remember things between their turns).
    ``iterations`` sets a searching level's budget (the default is the level's own;
    tests that only check legality use a small one, the bench may try others)."""
    from parlor.games import ENTRIES

    entry = ENTRIES.get(game_id)
    if entry is None:
        known = ", ".join(sorted(ENTRIES))
        raise BadOptions(Msg.of("setup.no_bots", game=repr(game_id), known=known))
    found = entry.level(level)
    if found is None:
        allowed = ", ".join(lvl.name for lvl in entry.levels)
        raise BadOptions(Msg.of("setup.no_level", level=repr(level), allowed=allowed))
    bot: Bot = found.make()
    if iterations is not None and hasattr(bot, "iterations"):
        bot.iterations = iterations
    return bot


def __getattr__(name: str) -> Any:
    """``LEVELS`` and ``DEFAULT_LEVEL``: views of the registry by game."""
    from parlor.games import ENTRIES

    if name == "LEVELS":
        return {gid: tuple(lvl.name for lvl in e.levels) for gid, e in ENTRIES.items()}
    if name == "DEFAULT_LEVEL":
        return {gid: e.default_level for gid, e in ENTRIES.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
