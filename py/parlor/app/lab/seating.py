"""Who sits where in a class tournament: duels (every pair of bots) or tables at the
game's own player count (Kabaleo 3-4, Ciao! up to 6).

A tournament is a list of *sittings* (bots at one table, in seat order), each playing
``per`` games with the seats rotated from game to game, so each bot of a sitting sits
at each seat equally often. Game ``k`` of the tournament is game ``k % per`` of
sitting ``k // per``.

Duels are every pair once, ``games`` games each (seats swapped game to game), as
before. Tables cannot be every combination: 30 bots make 27,405 tables of four. They
are played in *rounds* instead: each round the bots are put in an order drawn from the
tournament's seed, and each window of ``k`` neighbours round that circle is a sitting
(30 bots: 30 sittings a round). So every bot plays exactly ``k`` sittings a round, once
at each place in the window, and each sitting plays its ``k`` seat rotations: every
bot plays the same number of games, at each seat equally often. Who meets whom is
drawn anew each round, so no bot keeps the same neighbours. Enough rounds are played
that a bot meets each other bot, on average, as many times as a duel would
(``games``): ``games * (n - 1)`` opponent-games spread over ``k * k * (k - 1)`` a round.
Neighbouring windows share ``k - 1`` bots, so one new sandbox a sitting is started
(the slow part of a tournament).

All of it follows from the seed and the number of bots: a rerun with the same bots
plays the same tables. Every game is dealt anew (``Seating.deal``): a bot that met a
deal twice would remember its hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from parlor.core.rng import Rng

#: The seats at a duel (the tournament's default).
DUEL = 2


#: The most games a tournament plays when the class is big: about what fits in a few
#: minutes of a lesson (30 bots of lesson 2 in Kabaleo: see docs/decisions/tournaments.md).
LESSON_GAMES = 2000


def fitting(entrants: int, seats: int, games: int) -> int:
    """The games a pair plays: ``games`` (the Lab's choice) unless the class is so big
    that the tournament would outlast a lesson (``LESSON_GAMES``); then the most that
    fit, an even number (seats swapped equally), at least 2."""
    for g in range(games, 1, -1):
        if (g % 2 == 0 or g == games) and Seating(entrants, seats, g, 0).total <= LESSON_GAMES:
            return g
    return min(games, 2)


def pairs(entrants: int) -> list[tuple[int, int]]:
    """Every pair of entrants once, in a fixed order (the duels' numbering)."""
    return [(a, b) for a in range(entrants) for b in range(a + 1, entrants)]


def rounds(entrants: int, seats: int, games: int) -> int:
    """How many rounds of tables give each bot about ``games`` games against each other
    bot (at least one round)."""
    per_round = seats * seats * (seats - 1)  # opponent-games a bot plays in a round
    return max(1, -(-games * (entrants - 1) // per_round))


def circle(entrants: int, seed: int, round_: int) -> list[int]:
    """The bots in round ``round_``'s order (a shuffle drawn from the seed)."""
    rng = Rng(seed * 1_000_003 + round_)
    order = list(range(entrants))
    for i in range(entrants - 1, 0, -1):
        j = rng.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@dataclass(frozen=True)
class Seating:
    """A tournament's sittings: ``entrants`` bots, ``seats`` at a table (2: duels),
    ``games`` per pair in duels (tables: as many meetings a pair, on average)."""

    entrants: int
    seats: int
    games: int
    seed: int

    @property
    def duels(self) -> bool:
        return self.seats == DUEL

    @property
    def per(self) -> int:
        """Games each sitting plays: a duel's ``games``, a table's one per rotation."""
        return self.games if self.duels else self.seats

    @property
    def fits(self) -> bool:
        """Enough bots to fill a table (and two to make a duel)."""
        return self.entrants >= max(DUEL, self.seats)

    @cached_property
    def sittings(self) -> tuple[tuple[int, ...], ...]:
        if self.duels:
            return tuple(pairs(self.entrants))
        if not self.fits:
            return ()
        n, k = self.entrants, self.seats
        out: list[tuple[int, ...]] = []
        for r in range(rounds(n, k, self.games)):
            order = circle(n, self.seed, r)
            out.extend(tuple(order[(t + j) % n] for j in range(k)) for t in range(n))
        return tuple(out)

    @property
    def total(self) -> int:
        return len(self.sittings) * self.per

    def order(self, k: int) -> tuple[int, ...]:
        """The bots at game ``k``'s seats: its sitting, rotated by its number there."""
        sitting = self.sittings[k // self.per]
        turn = (k % self.per) % len(sitting)
        return sitting[turn:] + sitting[:turn]

    def deal(self, k: int) -> int:
        """Game ``k``'s seed: a deal of its own. No deal is played twice in a
        tournament: a bot's interpreter lives through all its games, so a bot that met
        a deal again (the same duel in every pair, as tournaments once played) would
        know the hands it saw played there."""
        return self.seed + k

    def sittings_of(self, entrant: int) -> list[int]:
        """The sittings ``entrant`` plays in, in order."""
        return [i for i, s in enumerate(self.sittings) if entrant in s]
