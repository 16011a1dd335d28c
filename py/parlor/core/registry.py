"""What a game brings to Parlor besides its rules: one ``GameEntry`` per game.

Each game's package builds its entry next to its definition (``games/<id>/__init__.py``)
and ``parlor.games`` lists the entries, one line per game; the app, the menu, the bots'
factory and the arena read everything game-specific from here, so adding or changing a
game touches its own folder and that one line.

Bots and screens are named by a loader, not imported here: a game's bot and screen code
is compiled only when first used (start-up time, docs/design.md "budgets").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from parlor.core.protocol import Game


@dataclass(frozen=True)
class Level:
    """A computer player's level: its name in URLs and saves and a factory that builds
    a fresh bot (one per seat). The menu's words for it are the catalog's
    ``level.<game>.<name>``."""

    name: str
    make: Callable[[], Any]


def lazy_level(name: str, module: str, factory: str) -> Level:
    """The level ``name`` whose bots ``module.factory()`` makes, the module imported when
    the first bot of that level is made, not when the game is registered: a game's bot
    code is compiled only when first used (start-up time, docs/design.md "budgets"). Named by
    strings like ``GameEntry.ui``, so a game lists its levels in one line each."""

    def make() -> Any:
        return getattr(import_module(module), factory)()

    return Level(name, make)


@dataclass(frozen=True)
class GameEntry:
    game: Game[Any, Any]
    levels: tuple[Level, ...]  # weakest first: the menu lists them in this order
    default_level: str
    ui: str  # the module of the game's screen (the renderer contract, render/common.py)
    #: The module of the game's timed windows, the table's decisions (Ciao!'s races;
    #: ``core/windows.py`` says what it provides), or None for games without them.
    windows: str | None = None
    #: The module of the "What the computer thinks" panel, exposing both
    #: ``beliefs(view)`` (a bot's beliefs, computed from that seat's view only) and
    #: ``render_beliefs(b, names, seat, t)`` (its picture, HTML); None for a game
    #: without one. Each game names its ``ui.beliefs``: a screen may import its bots
    #: but the rules and the bots never import the screen, so one module can offer
    #: both halves without breaking a layer rule (tests/test_layers.py).
    beliefs: str | None = None
    #: The module of the guided first game (its ``GUIDE``, played by
    #: ``app/classroom/guiding.py``), or None.
    guide: str | None = None
    #: What this game's notation looks like in a text, as (what, regular expression)
    #: pairs: card ids, codes, move marks. A player reads words, never these
    #: (``app/screens/readable.py`` gathers every game's, the tests search every screen).
    notation: tuple[tuple[str, str], ...] = ()
    #: The module of the Bot Lab's helpers for this game (its ``TOOLS``: functions on a
    #: view a student's bot may call as ``game.<name>``, ``app/lab/sandbox/toolbox.py``), or
    #: None. Named here so the Lab, which names no game, finds them.
    lab: str | None = None

    def __post_init__(self) -> None:
        names = [lvl.name for lvl in self.levels]
        assert len(set(names)) == len(names), f"{self.game.id}: a level is listed twice"
        assert self.default_level in names, f"{self.game.id}: unknown default level"

    @property
    def id(self) -> str:
        return self.game.id

    def level(self, name: str) -> Level | None:
        return next((lvl for lvl in self.levels if lvl.name == name), None)
