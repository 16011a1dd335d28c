"""What every game's renderer is told beyond the view (the renderer contract).

A game's render module defines ``Screen`` (this class, or a subclass), and
``render_play(view, screen, outcome)``, ``log_lines(view, names, t)``, ``hint(view,
screen)`` and ``next_picks(picks, token)``; the app's screens (``app/screens/game.py``,
``review.py``) call them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlor.core.protocol import Outcome
from parlor.i18n.catalog import Translator
from parlor.render.html import esc


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
    #: ``game.reveal(state)`` when the room is shown every secret (watch mode, reviews;
    #: the view is then the public one, ``view(state, None)``); None otherwise. The
    #: renderer draws each secret where a player would expect it, marked
    #: ``data-revealed``, never clickable.
    revealed: Any = None  # the game's own secrets type: only its renderer reads it


class Renderer(Protocol):
    """A game's screen module (its registry entry's ``ui``) as the app's screens call
    it. Views and screens are the game's own types: only its module looks inside."""

    @property
    def Screen(self) -> type[Screen]: ...  # this class, or the game's subclass

    def render_play(self, view: Any, screen: Any, outcome: Outcome | None) -> str: ...

    def log_lines(self, view: Any, names: Sequence[str], t: Translator) -> list[str]: ...

    def log_tail(self, view: Any, names: Sequence[str], t: Translator,
                 n: int) -> tuple[list[str], int]: ...  # the last n lines, and how many

    def hint(self, view: Any, screen: Any) -> str: ...

    def next_picks(self, picks: tuple[str, ...], token: str) -> tuple[str, ...]: ...


def named_you(names: Sequence[str], t: Translator) -> int | None:
    """The seat the move log says "You" to: the one going by the reader's word for "You"
    (``log_lines`` is given names, not the screen). Its moves have their own sentences,
    since a verb made for a third person reads wrong with "You" in some languages."""
    you = t("name.you")
    return names.index(you) if you in names else None


def reveal_note(text: str) -> str:
    """The legend shown while every secret is revealed: it tells the room which marks
    are secrets the players themselves have not seen (the same look in every game)."""
    return f'<p class="note revealed-note" role="note" data-revealed="legend">{esc(text)}</p>'
