"""``medium`` (called ``hard`` before the tree search came): one-ply search with a
full evaluation. It extends its tunnel toward the
goals worth most (peeked goals at their true value), secures gold, weighs the
opponent's progress as much as its own (so it sabotages a rival close to gold, brings
down rockfalls on the card that helps the rival most, e.g. a keyed door), repairs,
and bribes trolls only when the opened tunnel is worth more than the gold paid."""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.saboteur.bots.heuristic import Style, choose
from parlor.games.saboteur.state import SaboteurView

MEDIUM = Style(rival=0.5, peeks=True, noise=0.05, sabotage=2.0, decay=0.85)


class MediumBot:
    game = "saboteur"
    level = "medium"

    def choose(self, view: SaboteurView, rng: Rng) -> str:
        return choose(view, rng, MEDIUM)
