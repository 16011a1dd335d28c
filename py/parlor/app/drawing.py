"""The game screen, drawn from the state the parts hold.

Every part that shows something on a game's screen gives its share, and this puts them
together: saving's note and the Lab bot's notice above the rest, the watch's panels (and
what a finished watch reveals), the guide's box, the host's invitations, the word on whom
the game waits for, the board frozen while a remote device is away, the long game's
question is open or another tab went on, and the link's state. Reading only, it changes
nothing: the controller draws with it (``Controller.render``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from parlor.app.events import ShowGame
from parlor.app.pairing.hosting import host_msg, link_state
from parlor.app.screens.game import game_screen

if TYPE_CHECKING:
    from parlor.app.classroom.guiding import Guiding
    from parlor.app.classroom.part import Classroom
    from parlor.app.pairing.hosting import Hosting
    from parlor.app.saving import Saving
    from parlor.app.session import Session
    from parlor.app.turns import Turns
    from parlor.i18n.catalog import Translator


class Shares(Protocol):
    """The controller, as the game screen sees it: the parts that give their share, the
    picks and hand-off at the table, and the page's words."""

    @property
    def t(self) -> Translator: ...
    @property
    def picks(self) -> tuple[str, ...]: ...
    @property
    def confirmed(self) -> int | None: ...
    @property
    def classroom(self) -> Classroom: ...
    @property
    def guiding(self) -> Guiding: ...
    @property
    def hosting(self) -> Hosting: ...
    @property
    def saving(self) -> Saving: ...
    @property
    def turns(self) -> Turns: ...


def game_drawn(c: Shares, session: Session, message: str | None) -> ShowGame:
    """``session``'s screen as the page shows it now, with ``message`` (the page's
    sentence, if any) in its status."""
    panels, revealed = c.classroom.watch_panels()
    panels += c.guiding.panel()
    panels += c.hosting.panels()
    panels = c.saving.panel() + c.turns.lab_panel() + panels
    waiting = host_msg(c.hosting.peers, session.display_names(c.t))
    said = message or (c.t.say(waiting) if waiting else None)
    screen = game_screen(session, c.confirmed, c.picks, c.turns.thinking,
                         said, c.turns.window, t=c.t, revealed=revealed,
                         panels=panels, paused=c.classroom.paused(),
                         frozen=c.hosting.waiting() or c.turns.asking()
                         or c.saving.tab.stale is not None)
    if c.hosting.peers:
        screen = replace(screen, data={**screen.data, "link": link_state(c.hosting.peers)})
    screen = replace(screen, status=c.saving.status() or screen.status)
    return ShowGame(session.match.game, screen)
