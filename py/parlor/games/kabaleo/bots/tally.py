"""Every seat's score in a Kabaleo position for one assignment of targets, kept
incrementally so the hard bot's endgame search weighs a reply in O(1) (``_Table``),
and the utility it maximises (a share of the win plus a little margin)."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.games.kabaleo.bots.board import Pile
from parlor.games.kabaleo.bots.posterior import Hyp
from parlor.games.kabaleo.colours import LETTERS

Score = tuple[int, int, int]  # (piles, covered piles, tallest pile): the scoring order


def utility(scores: Sequence[Score], seat: int, margin_weight: float) -> float:
    """``seat``'s share of the win, plus a little of its pile margin over the best other."""
    top = max(scores)
    mine = scores[seat]
    share = (1.0 / scores.count(top)) if mine == top else 0.0
    other = max(sc[0] for i, sc in enumerate(scores) if i != seat)
    return share + margin_weight * (mine[0] - other)


class Table:
    """Every seat's score for one assignment, and its change after any single move.

    Per colour it keeps piles, covered piles and the two tallest heights, so a move is
    scored in O(1) instead of rescanning the piles; only the (at most two) seats owning
    the pile's old and new top colour change.
    """

    __slots__ = ("targets", "owner", "count", "covered", "h1", "p1", "h2", "base")

    def __init__(self, piles: Sequence[Pile], targets: Sequence[Hyp]) -> None:
        self.targets = targets
        self.owner = {c: s for s, h in enumerate(targets) for c in h}
        self.count = dict.fromkeys(LETTERS, 0)
        self.covered = dict.fromkeys(LETTERS, 0)
        self.h1 = dict.fromkeys(LETTERS, 0)
        self.p1 = dict.fromkeys(LETTERS, -1)
        self.h2 = dict.fromkeys(LETTERS, 0)
        for i, stack in enumerate(piles):
            c, h = stack[-1], len(stack)
            self.count[c] += 1
            if h > 1:
                self.covered[c] += 1
            if h > self.h1[c]:
                self.h2[c] = self.h1[c]
                self.h1[c], self.p1[c] = h, i
            elif h > self.h2[c]:
                self.h2[c] = h
        self.base = [self._seat(h, -1, "", 0, "", 0) for h in targets]

    def _seat(self, colours: Hyp, pile: int, b: str, old_h: int, a: str, new_h: int) -> Score:
        n = cov = tall = 0
        for c in colours:
            cn, cc, ct = self.count[c], self.covered[c], self.h1[c]
            if c == b:
                cn -= 1
                if old_h > 1:
                    cc -= 1
                if self.p1[c] == pile:
                    ct = self.h2[c]
            elif c == a:
                cn += 1
                if new_h > 1:
                    cc += 1
                if new_h > ct:
                    ct = new_h
            n += cn
            cov += cc
            if ct > tall:
                tall = ct
        return (n, cov, tall)

    def after(self, pile: int, b: str, old_h: int, a: str, new_h: int) -> list[Score]:
        """All seats' scores once ``pile`` (height ``old_h``, top ``b``) shows ``a``."""
        sb, sa = self.owner.get(b), self.owner.get(a)
        if sb is None and sa is None:
            return self.base
        out = list(self.base)
        for s in (sb, sa):
            if s is not None:
                out[s] = self._seat(self.targets[s], pile, b, old_h, a, new_h)
        return out
