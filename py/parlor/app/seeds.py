"""The one place a decision's random numbers come from (bots' moves, bots' reflexes in
timed windows), so a reloaded or replayed game gives the bots the same choices."""

from __future__ import annotations

from parlor.core.rng import Rng

#: Salts per purpose, kept as they were when each was introduced so that a seeded game
#: plays as it always did.
_SALTS = {"bot": 1_000_003, "window": 7_919}


def turn_rng(seed: int, ply: int, purpose: str) -> Rng:
    """The generator for a decision taken at move ``ply`` of a match with ``seed``;
    ``purpose`` is ``"bot"`` (a bot's move) or ``"window"`` (reaction times)."""
    return Rng(seed * _SALTS[purpose] + ply)
