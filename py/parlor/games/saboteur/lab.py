"""Saboteur's helpers for the Bot Lab: the gold a seat holds and how far its tunnel
is from the goals, read from a view (``app/lab/sandbox/toolbox.py`` offers each function in
``TOOLS`` as ``game.<name>``; its docstring is what the student reads)."""

from __future__ import annotations

from collections.abc import Callable

from parlor.games.saboteur.cards import CARDS
from parlor.games.saboteur.reasons import network
from parlor.games.saboteur.state import SaboteurView

#: ``distance`` when no open tunnel end or no face-down goal is left.
FAR = 100


def gold(view: SaboteurView, seat: int) -> int:
    """The gold ``seat`` holds: what it took in earlier rounds, plus the nuggets its
    counters claim this round, minus 1 for each troll it bribed this round (paid at
    the round's end). Claiming gold shows at once, not only when the round ends."""
    cards = {p.cell: p.card for p in view.maze}
    claimed = sum(dict(CARDS[cards[c.cell] or ""].gold).get(c.group or "", 0)
                  for c in view.claims if c.seat == seat and cards.get(c.cell))
    return view.gold(seat) + claimed - sum(1 for b in view.bribes if b.seat == seat)


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
