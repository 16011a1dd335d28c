"""Kabaleo's full state and the per-seat view, both frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.games.kabaleo.options import KabaleoOptions

BASES_PER_COLOUR = 4
PIECES_PER_COLOUR = 6


@dataclass(frozen=True)
class KabaleoState:
    """``piles[i]`` lists colour letters bottom (the base) first; ``hands[s][c]`` counts
    seat s's pieces of colour ``LETTERS[c]``; ``boxed[c]`` counts pieces of colour c that
    a cancel put back in the box. ``rng`` is only used by set-up but kept for the record."""

    players: int
    colours: tuple[str, ...]
    targets: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    to_move: int
    last_pile: int | None
    history: tuple[tuple[int, str], ...]
    boxed: tuple[int, ...]
    options: KabaleoOptions
    rng: int

    @property
    def finished(self) -> bool:
        return all(sum(h) == 0 for h in self.hands)


@dataclass(frozen=True)
class KabaleoView:
    """What one seat may see: everything but the other seats' targets (until the end).

    ``seat`` is None for a spectator (a projector showing a human-vs-human game)."""

    seat: int | None
    players: int
    colours: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    to_move: int | None
    last_pile: int | None
    history: tuple[tuple[int, str], ...]
    boxed: tuple[int, ...]
    options: KabaleoOptions
    my_targets: tuple[str, ...]
    revealed_targets: tuple[tuple[str, ...], ...] | None


@dataclass(frozen=True)
class KabaleoSecrets:
    """Everything no seat may see of another: each seat's target colour(s), in seat
    order. Only for watch mode and reviews (``Kabaleo.reveal``); never given to a bot."""

    targets: tuple[tuple[str, ...], ...]
