"""The page as the controller's parts see it: one narrow, typed interface.

The controller (``controller.py``) routes each event to a part (turns and timed windows,
saving, the classroom, the guide, the menu, hosting, guesting, the Lab). A part owns its
own state and reaches everything else only through this ``Page``: the game shown (the
``session``), the page's words, store and clock, and the few verbs that concern the
whole page (draw it, start what the game waits on, open a game, go to the menu). The
controller is the one ``Page``; tests may drive a part with a small fake one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from parlor.app.events import Action, Effect
    from parlor.app.saves import KeyValue
    from parlor.app.session import Session
    from parlor.app.setup import Setup
    from parlor.i18n.catalog import Translator


class Page(Protocol):
    """What a part of the controller may read, change and ask."""

    store: KeyValue
    #: The page's language: every word shown comes from it.
    t: Translator
    clock: Callable[[], float]
    #: A time in words, as the menu's list of saves says it.
    fmt_time: Callable[[float], str]
    #: The game shown (None: the menu, a review, the Lab or another device's game).
    session: Session | None
    #: A sentence for the next drawing's status line (said once).
    message: str | None
    #: What the player has picked towards a move (a card, then where it goes).
    picks: tuple[str, ...]
    #: The page's own address (invitations to another device are links to it).
    url: str
    #: ``?net=loopback``: pair devices over 127.0.0.1 only (tests).
    loopback: bool

    def render(self, out: list[Effect]) -> None:
        """Draw what the page shows now."""

    def schedule(self, out: list[Effect]) -> None:
        """Start whatever the game now waits on: a timed window or a bot."""

    def after_move(self, out: list[Effect]) -> None:
        """A move was played: save, draw, schedule."""

    def stop(self) -> None:
        """No timer started for what is shown acts again: a bot stops thinking, an open
        timed window closes (a new generation)."""

    def waiting_for_device(self) -> bool:
        """A remote seat's device is not connected: the game waits for it."""

    def went_stale(self, out: list[Effect]) -> None:
        """The game went on in another tab: stop here and say so."""

    def show_menu(self, out: list[Effect], message: str | None = None) -> None:
        """Leave what was shown for the menu, saying ``message``."""

    def open(self, session: Session, out: list[Effect], raw: str | None) -> None:
        """Show ``session``, read from the saved text ``raw`` (None: not saved yet)."""

    def new_game(self, setup: Setup, out: list[Effect]) -> None:
        """Start, save and show a new game."""

    def say(self, text: str, out: list[Effect]) -> None:
        """Draw again with ``text`` in the status line."""

    def new_seed(self) -> int:
        """A seed for a new deal."""

    def new_conn(self) -> int:
        """A number for a new connection to another device (never used before)."""

    def net_param(self) -> dict[str, str]:
        """What the address keeps so a reload pairs the same way (``net=loopback``)."""


#: A ``data-action`` handler of a part.
Handler = Callable[["Action", "list[Effect]"], None]
