"""``hard``: the information-set search (``bots/ismcts.py``) with Saboteur's knowledge.

* **Worlds.** The face-down goals the seat has not peeked at, the other hand and the
  deck are dealt at random from the unseen cards (``determinize``).
* **Move grouping.** A big maze offers a hundred placements; the tree only considers
  the ``medium`` bot's shortlist (the placements nearest a target and every other kind
  of move), ranked by its one-move evaluation, and keeps the best ``widen`` of them.
  That ranking is also a progressive bias at the root.
* **Cut-off.** After ``depth`` moves the position is judged by the ``medium`` bot's
  evaluation for each seat (gold taken, distance to the goals, broken tools), turned
  into a win chance; a finished round by its gold.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlor.bots.ismcts import PublicSim, RandomKnowledge, Search, Sim, Thinking
from parlor.core.protocol import Game
from parlor.core.rng import Rng
from parlor.games.saboteur.bots.heuristic import Style, appraise, evaluate, goal_values
from parlor.games.saboteur.bots.medium import MEDIUM
from parlor.games.saboteur.state import SaboteurState, SaboteurView

#: Evaluation points per doubling of the odds at the cut-off (10 points: one nugget).
SCALE = 12.0


class SaboteurKnowledge(RandomKnowledge):
    """Random worlds on the public rules, the medium bot's ranking as prior and cut."""

    def __init__(self, style: Style = MEDIUM) -> None:
        super().__init__()
        self.style = style
        self.values: dict[tuple[int, int], float] = {}

    def worlds(self, game: Game, view: Any) -> Callable[[Rng], Sim]:
        assert isinstance(view, SaboteurView)
        self.values = goal_values(view, self.style)
        return lambda rng: PublicSim(game, self, game.determinize(view, rng))

    def prior(self, game: Game, view: Any, legal: Sequence[str]) -> Sequence[float] | None:
        appraised = appraise(view, Rng(len(legal)), self.style)
        low, high = min(appraised.values()), max(appraised.values())
        span = high - low or 1.0
        return [(appraised[m] - low) / span if m in appraised else -1.0 for m in legal]

    def evaluate(self, game: Game, state: Any) -> Sequence[float]:
        assert isinstance(state, SaboteurState)
        if state.players == 1:
            own = evaluate(state, 0, self.values, self.style)
            return [min(1.0, max(0.0, own / 300.0))]
        edge = evaluate(state, 0, self.values, Style(1.0, True, 0.0, 0.0, self.style.decay))
        p0 = 1.0 / (1.0 + math.exp(-edge / SCALE))
        return [p0, 1.0 - p0]


@dataclass
class SearchBot:
    """The ``hard`` level."""

    iterations: int = 200
    depth: int = 6
    widen: int = 10
    bias: float = 2.0
    exploration: float = 0.7
    game: str = "saboteur"
    level: str = "hard"
    knowledge: SaboteurKnowledge = field(default_factory=SaboteurKnowledge)

    def search(self) -> Search:
        from parlor.games.saboteur.game import GAME

        return Search(GAME, self.knowledge, iterations=self.iterations, depth=self.depth,
                      exploration=self.exploration, bias=self.bias, widen=self.widen)

    def think(self, view: SaboteurView, rng: Rng) -> Thinking:
        return self.search().think(view, rng)

    def choose(self, view: SaboteurView, rng: Rng) -> str:
        return self.search().choose(view, rng)
