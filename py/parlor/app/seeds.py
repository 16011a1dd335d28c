"""Where a new game's seed comes from, and the one place a built-in bot's random numbers
come from (its moves, its reflexes in timed windows), so a reloaded or replayed game
gives the bots the same choices. (A Lab bot's come from the Lab's key: lab/dice.py.)"""

from __future__ import annotations

from collections.abc import Callable

from parlor.core.rng import Rng

#: A new game's seed: 64 bits of the browser's cryptographic generator. Nothing a bot is
#: handed (the clock included) tells it; a seed typed in a link is the player's own.
SEED_BYTES = 8


def fresh_seed(entropy: Callable[[int], bytes]) -> int:
    """A seed nobody can guess, from ``entropy`` (``os.urandom``: in the browser,
    ``crypto.getRandomValues``)."""
    return int.from_bytes(entropy(SEED_BYTES), "big")

#: Salts per purpose, kept as they were when each was introduced so that a seeded game
#: plays as it always did.
_SALTS = {"bot": 1_000_003, "window": 7_919}


def turn_rng(seed: int, ply: int, purpose: str) -> Rng:
    """The generator for a decision taken at move ``ply`` of a match with ``seed``;
    ``purpose`` is ``"bot"`` (a bot's move) or ``"window"`` (reaction times)."""
    return Rng(seed * _SALTS[purpose] + ply)
