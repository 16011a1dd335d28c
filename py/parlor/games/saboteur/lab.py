"""Saboteur's helpers for the Bot Lab: the gold a seat holds and how far its tunnel
is from the goals, read from a view (``app/lab/toolbox.py`` offers each function in
``TOOLS`` as ``game.<name>``; its docstring is what the student reads)."""

from __future__ import annotations

from collections.abc import Callable

from parlor.games.saboteur.reasons import network
from parlor.games.saboteur.state import SaboteurView

#: ``distance`` when no open tunnel end or no face-down goal is left.
FAR = 100


def gold(view: SaboteurView, seat: int) -> int:
    """The gold ``seat`` holds this round (nuggets on the gold its counters claimed)."""
    return view.gold(seat)


def distance(view: SaboteurView, seat: int) -> int:
    """How many cells ``seat``'s unbroken tunnel is from the nearest face-down goal, in
    steps across the grid (0 when it already touches one; 100 when no open tunnel end
    or no face-down goal is left). Fewer is closer to the gold."""
    reach = network(view, seat)
    if reach.goals:
        return 0
    goals = [p.cell for p in view.maze if not p.face_up]
    if not goals or not reach.frontier:
        return FAR
    return min(abs(fx - gx) + abs(fy - gy) for fx, fy in reach.frontier for gx, gy in goals)


TOOLS: tuple[Callable[..., object], ...] = (gold, distance)
