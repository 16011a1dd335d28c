"""The page as the controller's parts see it: one narrow, typed interface.

The controller (``controller.py``) routes each event to a part (turns and timed windows,
saving, the classroom, the guide, the menu, hosting, guesting, the Lab). A part owns its
own state and reaches everything else only through this ``Page``: the game at the
table (read as ``session``; moved only through ``table``), the page's words, store and
clock, and the few verbs that concern the whole page (draw it, start what the game
waits on, open a game, go to the menu). The controller is the one ``Page``; tests may
drive a part with a small fake one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Literal, Protocol

from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.events import Action, Effect
    from parlor.app.saves import KeyValue
    from parlor.app.session import Session
    from parlor.app.setup import Setup
    from parlor.app.table import Table
    from parlor.i18n.catalog import Translator


#: What the page shows: the menu, a game at this table (played or watched), a review of a
#: game, a seat of a game another device holds, or the Bot Lab. Set by the part that
#: shows it; drawing again, a language switch and another tab's write go by it.
Shown = Literal["menu", "game", "review", "guest", "lab"]


class Page(Protocol):
    """What a part of the controller may read, change and ask."""

    #: What the page shows (set by the part that shows it).
    shown: Shown

    store: KeyValue
    #: The page's language: every word shown comes from it.
    t: Translator
    clock: Callable[[], float]
    #: A time in words, as the menu's list of saves says it.
    fmt_time: Callable[[float], str]
    #: The game at the table, and the one way to play a move in it (``table.py``).
    table: Table
    #: A sentence for the next drawing's status line (said once).
    message: str | None
    #: The page's own address (invitations to another device are links to it).
    url: str
    #: ``?net=loopback``: pair devices over 127.0.0.1 only (tests).
    loopback: bool

    @property
    def session(self) -> Session | None:
        """The game shown (None: the menu, a review, the Lab or another device's game);
        only the table changes it."""

    @property
    def picks(self) -> tuple[str, ...]:
        """What the player has picked towards a move (a card, then where it goes)."""

    def render(self, out: list[Effect]) -> None:
        """Draw what the page shows now."""

    def schedule(self, out: list[Effect]) -> None:
        """Start whatever the game now waits on: a timed window or a bot."""

    def stop(self) -> None:
        """No timer started for what is shown acts again: a bot stops thinking, an open
        timed window closes (a new generation)."""

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


def merged(*tables: Mapping[ActionName, Handler]) -> dict[ActionName, Handler]:
    """The parts' ``data-action`` handlers in one table. A name two parts answer is a
    mistake (one of them would silently never run): refused here, when the controller
    is made, so every test that makes one finds it."""
    out: dict[ActionName, Handler] = {}
    for table in tables:
        for name, handler in table.items():
            if name in out:
                raise ValueError(f"two parts answer the action {name!r}")
            out[name] = handler
    return out
