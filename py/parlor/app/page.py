"""What the controller's parts share about the page: what it shows (``Shown``) and how
a part's ``data-action`` handlers are merged into the controller's one table.

The controller (``controller.py``) routes each event to a part (turns and timed windows,
saving, the classroom, the guide, the menu, hosting, guesting, the Lab), and each part
holds it as ``self.controller``. A part owns its own state and sees of the controller
only what it uses: each part's module declares that as a protocol of its own
(``MenuController``, ``SavingController``, ``TurnsController``, ``ClassroomController``,
``GuideController``, ``HostController``, ``GuestController``, ``LabController``; the
table's ``Draws``), so what a part may touch is read off its module, a change to the
controller shows which parts it concerns, and a test drives a part with a stand-in
holding that and nothing more (tests/test_parts.py). The controller satisfies every one
of them; mypy checks it where it makes each part. ("The page", in ``web/``, is the DOM.)

No loop runs between the parts through the controller. Its verbs call one another in
one direction only:

- ``render`` draws: it reads the parts (the guide works out its box in ``refresh``,
  the host sends each guest its screen) and calls no verb; nor do ``stop``,
  ``new_seed``, ``new_conn``, ``net_param``, ``table.clear`` and ``table.drop_picks``;
- ``say`` calls ``render``; ``show_menu`` calls ``net_param`` (the parts leave what
  they showed, and the menu draws itself);
- ``schedule`` calls ``render`` and starts timers: a bot's move or a window's answer
  arrives later as an event of its own, never within the call;
- ``table.play`` and ``table.undo`` call ``render`` and ``schedule``, and, when another
  tab went on with the game (saving finds it), ``stop`` and ``table.drop_picks``;
- ``open`` calls ``new_conn`` (an invitation per remote seat), ``net_param``,
  ``render`` and ``schedule``; ``new_game`` calls ``open``, then ``render`` or, when
  saving finds another tab went on, ``stop``, ``table.drop_picks`` and ``render``.

So every chain from a part through the controller ends. A part is reached again within
its own call only at its end (the turns play a bot's move and the table schedules the next
turn; the menu deletes a save and the menu is drawn; the guide starts its game and the
drawing asks it for the first tip), or where it reads its own state again afterwards
(saving keeps a deleted game here: ``open`` resets the tab's record before it writes;
the host draws a newly connected guest's screen before it looks whether the game still
waits).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from parlor.render.contract import ActionName

if TYPE_CHECKING:
    from parlor.app.events import Action, Effect


#: What the page shows: the menu, a game at this table (played or watched), a review of a
#: game, a seat of a game another device holds, or the Bot Lab. Set by the part that
#: shows it; drawing again, a language switch and another tab's write go by it.
Shown = Literal["menu", "game", "review", "guest", "lab"]


@dataclass(frozen=True)
class Changed:
    """What a part's answer to an event leaves for the controller to do: draw what is
    shown again, start what the game now waits on (a bot's turn, a timed window), with
    the page's sentence ``said`` in the status. The part changes its own state and
    returns this; the controller alone draws and schedules, once per event, after the
    part is done (``Controller.apply``). Answers to one event add up with ``|``."""

    draw: bool = False
    schedule: bool = False
    said: str | None = None

    def __or__(self, other: Changed) -> Changed:
        return Changed(self.draw or other.draw, self.schedule or other.schedule,
                       other.said if other.said is not None else self.said)


#: Nothing for the controller to do (a part's state is unchanged, or it drew itself).
NOTHING = Changed()
#: The screen changed: draw it again.
DRAW = Changed(draw=True)
#: The game moved on (a move, an undo, a game's end): draw it, start what it waits on.
MOVED = Changed(draw=True, schedule=True)


def said(text: str) -> Changed:
    """Say ``text`` in the status of the screen drawn again."""
    return Changed(draw=True, said=text)


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
