"""Kabaleo for search: the same rules on a private mutable position with integer moves.

A search lives on simulated moves; the public protocol (frozen states, notation
strings) costs a tuple rebuild and a string parse per move. Here a position is a few
lists edited in place and a move is ``colour index * piles + pile``. It is private to
the bots: the app, saves and tests keep the public rules, and
tests/test_kabaleo_fast.py checks, move by move over seeded games, that both give the
same legal moves and the same positions (rules.py: ``moves_for``, ``place``, ``apply``).
"""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.kabaleo.colours import LETTERS
from parlor.games.kabaleo.notation import format_move
from parlor.games.kabaleo.scoring import score
from parlor.games.kabaleo.state import KabaleoState


class FastKabaleo:
    """A mutable position: ``piles`` (colour indices, base first), ``hands`` (counts per
    colour index), the seat to move, the last pile played, pieces left to place."""

    __slots__ = ("piles", "hands", "to_move", "last_pile", "ban", "left", "players",
                 "targets", "boxed", "own")

    def __init__(self, s: KabaleoState) -> None:
        index = {c: i for i, c in enumerate(LETTERS)}
        self.piles = [[index[c] for c in stack] for stack in s.piles]
        self.hands = [list(h) for h in s.hands]
        self.to_move = s.to_move
        self.last_pile = -1 if s.last_pile is None else s.last_pile
        self.ban = s.options.last_pile_ban
        self.left = sum(sum(h) for h in s.hands)
        self.players = s.players
        self.targets = s.targets
        self.boxed = list(s.boxed)
        #: own[seat][colour index]: 1 when that colour is one of the seat's targets.
        self.own = [[int(c in t) for c in LETTERS] for t in s.targets]

    def copy(self) -> FastKabaleo:
        other = FastKabaleo.__new__(FastKabaleo)
        other.piles = [p[:] for p in self.piles]
        other.hands = [h[:] for h in self.hands]
        other.to_move, other.last_pile, other.ban = self.to_move, self.last_pile, self.ban
        other.left, other.players, other.targets = self.left, self.players, self.targets
        other.boxed = self.boxed[:]
        other.own = self.own
        return other

    def to_act(self) -> int | None:
        return self.to_move if self.left else None

    def legal(self) -> list[int]:
        """Legal moves in the public order (colour, then pile): ``moves_for``."""
        if not self.left:
            return []
        n = len(self.piles)
        hand = self.hands[self.to_move]
        banned = self.last_pile if self.ban else -1
        out = []
        for ci in range(len(hand)):
            if not hand[ci]:
                continue
            base = ci * n
            for p, stack in enumerate(self.piles):
                if p == banned or (len(stack) == 1 and stack[0] == ci):
                    continue
                out.append(base + p)
        return out

    def random_move(self, rng: Rng) -> int:
        """A legal move drawn uniformly, without listing them all (a rollout's step):
        a colour the seat holds and any pile, drawn again while the pair is refused."""
        n = len(self.piles)
        hand = self.hands[self.to_move]
        held = [ci for ci in range(len(hand)) if hand[ci]]
        banned = self.last_pile if self.ban else -1
        while True:
            ci = held[rng.randbelow(len(held))]
            p = rng.randbelow(n)
            stack = self.piles[p]
            if p != banned and not (len(stack) == 1 and stack[0] == ci):
                return ci * n + p

    def rollout_move(self, rng: Rng) -> int:
        return self.random_move(rng)

    def model_move(self, rng: Rng, greed: float = 1.5, hold: float = 1.0,
                   eps: float = 0.15) -> int:
        """A move as the bots' opponent model expects a player to make it (``posterior.py``):
        mostly the one that best turns piles to the mover's own colours, holding its own
        pieces back (``greed`` per pile won or lost, ``hold`` per own piece spent),
        ties and an ``eps`` share of moves drawn at random."""
        if rng.random() < eps:
            return self.random_move(rng)
        n = len(self.piles)
        me = self.to_move
        own = self.own[me]
        hand = self.hands[me]
        banned = self.last_pile if self.ban else -1
        best_u = -1e9
        ties: list[int] = []
        for ci in range(len(hand)):
            if not hand[ci]:
                continue
            spend = hold if own[ci] else 0.0
            for p, stack in enumerate(self.piles):
                if p == banned:
                    continue
                top = stack[-1]
                if len(stack) == 1:
                    if top == ci:
                        continue
                    after = ci
                else:
                    after = stack[-2] if top == ci else ci
                u = greed * (own[after] - own[top]) - spend
                if u > best_u:
                    best_u, ties = u, [ci * n + p]
                elif u == best_u:
                    ties.append(ci * n + p)
        # One draw among the ties (random numbers are dear in the browser).
        return ties[rng.randbelow(len(ties))] if len(ties) > 1 else ties[0]

    def chance_move(self, rng: Rng) -> int:
        raise AssertionError("Kabaleo has no table decisions")

    def play(self, move: int) -> None:
        """Place a piece (a cancel boxes both pieces): ``rules.place`` and ``apply``."""
        n = len(self.piles)
        ci, p = divmod(move, n)
        stack = self.piles[p]
        if len(stack) > 1 and stack[-1] == ci:
            stack.pop()
            self.boxed[ci] += 2
        else:
            stack.append(ci)
        self.hands[self.to_move][ci] -= 1
        self.left -= 1
        self.to_move = (self.to_move + 1) % self.players
        self.last_pile = p

    def notation(self, move: int) -> str:
        ci, p = divmod(move, len(self.piles))
        return format_move(LETTERS[ci], p)

    def piles_as_letters(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(LETTERS[c] for c in stack) for stack in self.piles)

    def scores(self) -> list[float]:
        """The finished game's score per seat (1 shared by the winners), as scoring.py."""
        names = tuple(str(s) for s in range(self.players))
        winners = score(self.piles_as_letters(), self.targets, names).winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]
