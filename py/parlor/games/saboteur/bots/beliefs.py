"""What a Saboteur bot believes about the face-down goal cards, for the "What the
computer thinks" panel.

The bots imagine the hidden goals with ``determinize``: the goal cards the seat has not
seen anywhere (face up in the maze, out of the game, taken as treasure or paid to a
troll, looked at with its own maps) are shuffled uniformly over the face-down goals it
has not peeked at and the goal stack. Under that model every assignment of the unseen
cards consistent with the view is equally likely, so counting them gives the posterior
exactly: of the assignments, the share putting card ``g`` under a given face-down goal
is ``copies of g among the unseen / number of unseen`` (the rest of the cards fill the
other places in as many ways whichever card sits there). A goal looked at with a map is
certain. Nothing else in the view tells a goal apart: the opponent's peeks say where it
looked, not what it saw, and the bots do not read its play for hints.

The panel groups the cards by their gold (0 to 3 nuggets), which is what a player
wonders about a goal; the per-card probabilities stay in the value for tests and for a
finer picture.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from parlor.games.saboteur.cards import CARDS, GOAL_IDS
from parlor.games.saboteur.state import Cell, SaboteurView

#: The gold totals a goal card can show, the panel's columns.
GOLD_KINDS: tuple[int, ...] = tuple(sorted({CARDS[g].gold_total for g in GOAL_IDS}))


@dataclass(frozen=True)
class GoalBelief:
    """One face-down goal: ``chance`` pairs each goal card it may be with its
    probability (cards with none left out); ``seen`` is True when the viewer looked at
    it with a map (one card, certain)."""

    cell: Cell
    chance: tuple[tuple[str, float], ...]
    seen: bool

    def gold(self) -> tuple[float, ...]:
        """The probability of each gold total in ``GOLD_KINDS`` order."""
        out = dict.fromkeys(GOLD_KINDS, 0.0)
        for card, p in self.chance:
            out[CARDS[card].gold_total] += p
        return tuple(out[k] for k in GOLD_KINDS)

    def expected_gold(self) -> float:
        return sum(CARDS[card].gold_total * p for card, p in self.chance)


@dataclass(frozen=True)
class SaboteurBeliefs:
    """The viewer's beliefs about each face-down goal (in the layout's goal order) and
    the goal cards it has not seen (``unseen``, sorted: shared by the face-down goals
    it has not peeked at and the goal stack)."""

    seat: int | None
    goals: tuple[GoalBelief, ...]
    unseen: tuple[str, ...]


def unseen_goals(view: SaboteurView) -> Counter[str]:
    """The goal cards the view does not place: the same count ``determinize`` deals."""
    seen: Counter[str] = Counter()
    seen.update(p.card for p in view.maze if p.card is not None)
    seen.update(view.boxed)
    seen.update(cid for pieces in view.treasure for cid, _ in pieces)
    seen.update(cid for cid, _, _ in view.paid)
    seen.update(cid for _, cid in view.peeked)
    return Counter(GOAL_IDS) - seen


def beliefs(view: SaboteurView) -> SaboteurBeliefs:
    """The exact posterior over each face-down goal from this view alone (pure)."""
    unseen = unseen_goals(view)
    total = sum(unseen.values())
    peeked = dict(view.peeked)
    order = {cell: i for i, cell in enumerate(view.goal_cells)}
    down = sorted((p.cell for p in view.maze if p.card is None),
                  key=lambda c: (order.get(c, len(order)), c))
    goals = []
    for cell in down:
        if cell in peeked:
            goals.append(GoalBelief(cell, ((peeked[cell], 1.0),), True))
        else:
            chance = tuple((g, n / total) for g, n in sorted(unseen.items()) if n and total)
            goals.append(GoalBelief(cell, chance, False))
    return SaboteurBeliefs(view.seat, tuple(goals), tuple(sorted(unseen.elements())))
