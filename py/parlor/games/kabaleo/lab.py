"""Kabaleo's helpers for the Bot Lab: the count the end makes, read from a view, so a
student's bot can weigh a position without rewriting the scoring (``app/lab/sandbox/toolbox.py``
offers each function in ``TOOLS`` as ``game.<name>``; its docstring is what the student
reads)."""

from __future__ import annotations

from collections.abc import Callable

from parlor.games.kabaleo.scoring import tally
from parlor.games.kabaleo.state import KabaleoView


def colour_scores(view: KabaleoView) -> dict[str, int]:
    """How many piles each colour in play tops now, by colour letter, e.g.
    ``{"O": 3, "G": 1, "B": 0, ...}``. At the end, the colour on the most piles wins."""
    return {c: sum(1 for pile in view.piles if pile[-1] == c) for c in view.colours}


def my_score(view: KabaleoView) -> tuple[int, int, int]:
    """Your colour's score as the end counts it: (piles it tops, of those the ones with
    a piece on top, its tallest pile). Tuples compare in that order, as the tie-breaks
    do, so ``max(..., key=game.my_score)`` picks the best."""
    t = tally(view.piles, view.seat if view.seat is not None else -1, view.my_targets)
    return (t.piles, t.covered, t.tallest)


TOOLS: tuple[Callable[..., object], ...] = (colour_scores, my_score)
