"""What the controller's parts share about the page: what it shows (``Shown``), what a
part's answer to an event changed (``Changed``), and how a part's ``data-action``
handlers are merged into the controller's one table.

The controller (``controller.py``) routes each event to a part (the table, turns and
timed windows, saving, the classroom, the guide, the menu, hosting, guesting, the Lab).
A part owns its own state and sees of the controller only what it uses: each part's
module declares that as a protocol of its own (``MenuController``, ``SavingController``,
``TurnsController``, ``ClassroomController``, ``GuideController``, ``HostController``,
``GuestController``, ``LabController``), held as ``self.controller``, so what a part
may touch is read off its module, a change to the controller shows which parts it
concerns, and a test drives a part with a stand-in holding that and nothing more
(tests/test_parts.py). The table holds no controller at all. The controller satisfies
every protocol; mypy checks it where it makes each part. ("The page", in ``web/``, is
the DOM.)

One pass per event. A part answers with what changed (``Changed``: another screen to
open, draw again, start what the game waits on, the page's sentence, drop what it waited
on) and the controller carries that out once, when the part is done
(``Controller.apply``): it opens the screen gone to, stops, then
schedules (``Turns.schedule`` starts timers and says whether the screen changed), then
draws once, a function of the parts' state (``drawing.py``), then hands the page the
timers. A move goes controller -> table -> controller: the table plays and saves it and
returns ``MOVED``; the turns, the host and the guest hand on what the table returned for
a bot's move, a window's answer or a guest's move. Nothing of drawing or scheduling is
asked of the controller by the table, the turns, saving, the host, the guest, the guide
or the classroom's watch controls.

Nor does a part open another screen: it returns the one it goes to (``Changed.go``:
``GoMenu``, the menu saying why; ``GoGame``, a saved game, written again at once when a
tab keeps a game another tab deleted; ``GoNew``, a new game and the note on its table;
``GoReview``, a review in place of the game, which the controller stops first;
``GoLab``, the Lab in place of what was shown), and ``apply`` opens it first, once the
part is done. So no part calls the controller back, nor is reached again within its
own call: the menu drawn after a delete, the guide's first tip found when its game is
drawn, and saving's record reset by ``open`` before the write that keeps a deleted
game here all come after the part has returned. What parts still ask of the
controller are numbers and words (``new_seed``, ``new_conn``, ``net_param``, the
clock, the translator), which draw nothing and open nothing.

The controller's own verbs call one another in one direction only:

- ``render`` draws: it reads the parts (the guide works out its box in ``refresh``,
  the host sends each guest its screen) and calls no verb; nor do ``stop``,
  ``new_seed``, ``new_conn``, ``net_param``, ``table.clear`` and ``table.drop_picks``;
- ``say`` calls ``render``; ``show_menu`` calls ``net_param`` (the parts leave what
  they showed, and the menu draws itself);
- ``apply`` opens what a part went to (``show_menu``, ``new_game`` and ``say``,
  ``open``, or ``stop`` then the classroom's review, or ``_leave`` then the Lab), stops,
  schedules (timers only: a bot's move or a window's answer arrives
  later as an event of its own, never within the call) and calls ``render``;
- ``open`` calls ``new_conn`` (an invitation per remote seat), ``net_param`` and
  ``apply`` with nothing to open (drawn once, what it waits on started); ``new_game``
  calls ``open``, then ``apply`` when saving finds another tab went on, or ``render``
  to say it could not be saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.classroom.review import Review
    from parlor.app.events import Action, Effect
    from parlor.app.lab.page.carried import Carried
    from parlor.app.session import Session
    from parlor.app.setup import Setup


#: What the page shows: the menu, a game at this table (played or watched), a review of a
#: game, a seat of a game another device holds, or the Bot Lab. Set by the part that
#: shows it; drawing again, a language switch and another tab's write go by it.
Shown = Literal["menu", "game", "review", "guest", "lab"]


@dataclass(frozen=True)
class GoMenu:
    """Go back to the menu, saying ``said`` (None: only what the page had to say)."""

    said: str | None = None


@dataclass(frozen=True)
class GoGame:
    """Open ``session``, read from the saved text ``raw`` (None: a game not saved yet);
    ``save``: write it at once (a tab keeping a game another tab deleted), stopping
    here if it went on elsewhere meanwhile."""

    session: Session
    raw: str | None
    save: bool = False


@dataclass(frozen=True)
class GoNew:
    """Start a new game of ``setup`` (saved at once), then say ``said`` over it."""

    setup: Setup
    said: str | None = None


@dataclass(frozen=True)
class GoReview:
    """Show ``review`` in place of what was shown (what played stops, nothing is saved),
    with ``note`` over it."""

    review: Review
    note: str | None = None


@dataclass(frozen=True)
class GoLab:
    """The Lab of ``game``, in place of what was shown (back from a review of one of its
    games, the Lab's match stays); ``shared``: a bot from a link, added as a new bot."""

    game: str
    shared: Carried | None = None


#: Another screen a part's answer goes to, opened by the controller
#: (``Controller.apply``).
Go = GoMenu | GoGame | GoNew | GoReview | GoLab


@dataclass(frozen=True)
class Changed:
    """What a part's answer to an event leaves for the controller to do: draw what is
    shown again, start what the game now waits on (a bot's turn, a timed window), with
    the page's sentence ``said`` in the status. The part changes its own state and
    returns this; the controller alone draws and schedules, once per event, after the
    part is done (``Controller.apply``), and alone opens another screen (``go``), before
    the rest. Answers to one event add up with ``|``."""

    draw: bool = False
    schedule: bool = False
    said: str | None = None
    #: Drop what the game waited on (a new generation: no timer started before acts),
    #: before anything is scheduled again.
    stop: bool = False
    #: Another screen to open (the menu, a saved game, a new one), first of all.
    go: Go | None = None

    def __or__(self, other: Changed) -> Changed:
        return Changed(self.draw or other.draw, self.schedule or other.schedule,
                       other.said if other.said is not None else self.said,
                       self.stop or other.stop, other.go if other.go is not None else self.go)


#: Nothing for the controller to do (a part's state is unchanged, or it drew itself).
NOTHING = Changed()
#: The screen changed: draw it again.
DRAW = Changed(draw=True)
#: The game moved on (a move, an undo, a game's end): draw it, start what it waits on.
MOVED = Changed(draw=True, schedule=True)
#: The game went on elsewhere (another tab): nothing here moves again; say so.
STOPPED = Changed(draw=True, stop=True)


def said(text: str) -> Changed:
    """Say ``text`` in the status of the screen drawn again."""
    return Changed(draw=True, said=text)


def go(to: Go) -> Changed:
    """Open another screen: nothing else is left to do on this one."""
    return Changed(go=to)


#: A ``data-action`` handler of a part: what it changed (None: nothing, or a part not
#: yet answering so, which draws through the controller itself).
Handler = Callable[["Action", "list[Effect]"], "Changed | None"]


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
