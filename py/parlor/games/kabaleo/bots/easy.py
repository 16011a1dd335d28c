"""``easy``: greedy one move ahead on its own colour, no memory of who is who.

It grabs piles for its colour whenever it can, which is what a beginner does; it never
hides its colour and never thinks about who moves last, so a careful player beats it.
"""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.kabaleo.bots.board import candidates
from parlor.games.kabaleo.state import KabaleoView


class EasyBot:
    game = "kabaleo"
    level = "easy"

    def choose(self, view: KabaleoView, rng: Rng) -> str:
        if view.seat is None or view.to_move != view.seat:
            raise ValueError("the bot was asked to move when it is not its turn")
        mine = set(view.my_targets)
        cands = candidates(
            view.piles, view.hands[view.seat], view.last_pile, view.options.last_pile_ban
        )
        if not cands:
            raise ValueError("the bot was asked to move but there is no legal move")
        gains = [(c.after in mine) - (c.before in mine) for c in cands]
        best = max(gains)
        # Uniform among the best moves: the small random tie-break that keeps it from
        # always piling onto pile 1.
        return rng.choice([c.move for c, g in zip(cands, gains, strict=True) if g == best])
