"""What every computer opponent looks like, whatever the game.

A bot is handed a *view* (what its seat may see), never a full state, so it cannot
cheat by reading hidden information; the app and the tests rely on that.
"""

from __future__ import annotations

from typing import Any, Protocol

from parlor.core.protocol import legal_moves_of_view
from parlor.core.rng import Rng


class Bot(Protocol):
    """One computer player at one strength level.

    ``choose`` must return one of the legal moves for ``view.seat`` (notation string).
    All randomness comes from ``rng`` so a seeded match replays identically; a bot may
    keep caches on the instance (one bot per seat) but must stay correct if it is handed
    an unrelated view (undo, a loaded save, another game).
    """

    game: str
    level: str

    def choose(self, view: Any, rng: Rng) -> str: ...


def legal_moves_from_view(game: Any, view: Any, rng: Rng) -> list[str]:
    """Legal moves for the seat to act, without peeking at hidden information (see
    ``core.protocol.legal_moves_of_view``; ``rng`` fills the hidden parts in)."""
    return legal_moves_of_view(game, view, rng)


class Believer(Protocol):
    """A bot that can say what it believes about hidden information (Kabaleo's hard bot).

    The UI may show this in a panel: ``beliefs`` maps each *other* seat to the
    probability of each hidden value (Kabaleo: each colour). The bot's own seat is never
    included, so showing it cannot leak the bot's secret. Check with
    ``hasattr(bot, "beliefs")``.
    """

    def beliefs(self, view: Any) -> dict[int, dict[str, float]]: ...
