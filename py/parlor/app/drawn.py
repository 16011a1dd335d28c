"""A screen drawn once per event, not once per step of what the event caused.

One event used to draw the game twice: a move was played and drawn, then the next turn
started and drew it again with its bot thinking. Both drawings reach the page in the
same task, so the first is never painted: it only becomes garbage, a whole board of DOM
nodes (a one-round Saboteur duel of bots drew ~100 boards). A tab that plays all day
settles on a plateau set by that garbage (docs/decisions/memory.md), so the page draws
only the last of them. The controller now draws once per event where a part returns
what changed (``page.Changed``, ``Controller.apply``); this stays as the page's guard
for the screens a part still opens through the controller within the same event.

Only a ``ShowGame`` with a later ``ShowGame`` in the same batch is left out: the later
one is drawn from the newer state, and the live region hears the moves since the last
screen it heard (``announce.to_say`` counts log lines), so no move goes unsaid. Every
other effect keeps its place and order.
"""

from __future__ import annotations

from collections.abc import Iterable

from parlor.app.events import Effect, ShowGame


def drawn_once(effects: Iterable[Effect]) -> list[Effect]:
    """``effects`` without each game screen a later game screen replaces."""
    out = list(effects)
    last = max((i for i, e in enumerate(out) if isinstance(e, ShowGame)), default=-1)
    return [e for i, e in enumerate(out) if not isinstance(e, ShowGame) or i == last]
