"""Timed decisions made by the table, seen from the app (core/windows.py has the model).

The game's own ``windows`` module (named in its registry entry) decides, from the
session alone, which window is open, how long it lasts, what each bot would answer and
when, and what happens when nobody answers in time; the page only keeps the timers:
the first valid answer by time wins. A reload re-opens the window from the start, so
no card is ever lost to a reload.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from parlor.app.seeds import turn_rng
from parlor.app.session import Session
from parlor.core.protocol import TABLE
from parlor.core.rng import Rng
from parlor.core.windows import Plan, Window
from parlor.i18n.catalog import Msg

__all__ = ["GRACE_MS", "Plan", "Window", "adjust_options", "open_window"]

#: How long after the first answer to a timed window others may still arrive and
#: compete on the time measured on their own device (``link.decide_window``).
GRACE_MS = 400


class GameWindows(Protocol):
    """A game's ``windows`` module (its registry entry names it), as the app calls it;
    the state is the game's own type."""

    def open_window(self, state: Any, levels: Sequence[str | None], rng: Rng
                    ) -> Window | None: ...

    def adjust_options(self, seats: Sequence[str], options: Mapping[str, object]
                       ) -> tuple[Mapping[str, object], str | Msg | None]: ...


def _windows(game_id: str) -> GameWindows | None:
    from parlor.games import ENTRIES

    module = ENTRIES[game_id].windows
    return None if module is None else cast(GameWindows, importlib.import_module(module))


def open_window(session: Session) -> Window | None:
    """The table window the session waits on, or None when no table decision is due."""
    if session.to_act() != TABLE:
        return None
    windows = _windows(session.match.game)
    assert windows is not None, f"{session.match.game} has table decisions but no windows"
    levels = tuple(seat.level if seat.is_bot else None for seat in session.seats)
    # The bots' timing is seeded by the match and the move number, so a replay or a
    # reload gives them the same reflexes.
    rng = turn_rng(session.match.seed, len(session.match.moves), "window")
    return windows.open_window(session.state, levels, rng)


def adjust_options(game_id: str, seats: tuple[str, ...], options: dict[str, object]
                   ) -> tuple[dict[str, object], str | Msg | None]:
    """Options one device cannot honour (the game's ``windows`` says which), changed
    with a note saying why; games without timed decisions keep theirs."""
    windows = _windows(game_id)
    if windows is None:
        return options, None
    changed = windows.adjust_options(seats, options)
    if changed[1] is None:
        return options, None
    return dict(changed[0]), changed[1]
