"""What the page's live region says after a screen is drawn: each move once, the bots'
included, in the page's language; a refusal; and the status when it changes (whose turn,
what to do). A screen reader hears the game without reading the log.

The screen hands over the newest log lines and how many lines the log has in all; the
page keeps what it last heard (``Heard``) and says only the lines that are new. A redraw
with no new move says nothing, an undo or another game says nothing of the lines (the
count went down or jumped), and a screen opened from the menu says only its status.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlor.app.screens.game import Rendered


@dataclass(frozen=True)
class Heard:
    """What the live region last said of a game screen."""

    logged: int
    now: str


def to_say(before: Heard | None, out: Rendered) -> tuple[Heard, tuple[str, ...]]:
    """What to announce for the screen ``out`` after ``before`` (None: a screen opened
    afresh, whose history is not read out), and what is heard from then on."""
    heard = Heard(out.logged, out.now)
    if before is None:
        return heard, ((out.now,) if out.now else ())
    new = out.logged - before.logged
    lines = out.said[len(out.said) - new:] if 0 < new <= len(out.said) else ()
    said = [line[:1].upper() + line[1:] for line in lines]
    if out.error:
        said.append(out.error)
    if out.now and out.now != before.now:
        said.append(out.now)
    return heard, tuple(said)
