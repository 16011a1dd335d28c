"""What every game's renderer is told beyond the view (the renderer contract).

A game's render module defines ``Screen`` (this class, or a subclass), and
``render_play(view, screen, outcome)``, ``log_lines(view, names, t)``, ``hint(view,
screen)`` and ``next_picks(picks, token)``; ``render.screen`` calls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlor.i18n.catalog import Translator


@dataclass(frozen=True)
class Screen:
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    interactive: bool  # the viewer may click moves now
    picks: tuple[str, ...] = ()  # partial choices made so far (data-pick tokens)
    thinking: int | None = None  # seat of a bot that is thinking
    timer: float | None = None  # seconds of an open table window (a race), if any
    #: The moves the viewer may make now (empty when it may not click): the renderer
    #: makes these, and only these, clickable; it never builds a move string itself.
    legal: tuple[str, ...] = ()
    #: The page's language: every word the renderer writes comes from ``t``.
    t: Translator = field(default_factory=Translator, compare=False)
    you: int | None = None  # the seat sentences call "you" (``Session.you``)
    #: Every secret of the table (the game's ``reveal``), drawn over the public view in
    #: a match of bots being watched or a review that may show everything; else None.
    revealed: Any = None
