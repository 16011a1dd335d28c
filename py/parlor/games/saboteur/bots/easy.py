"""``easy``: digs toward the goals one card at a time and grabs gold it can reach; it
barely looks at the opponent, ignores what a map showed it, and is a little sloppy."""

from __future__ import annotations

from parlor.core.rng import Rng
from parlor.games.saboteur.bots.heuristic import Style, choose
from parlor.games.saboteur.state import SaboteurView

EASY = Style(rival=0.15, peeks=False, noise=1.2, sabotage=1.0)


class EasyBot:
    game = "saboteur"
    level = "easy"

    def choose(self, view: SaboteurView, rng: Rng) -> str:
        return choose(view, rng, EASY)
