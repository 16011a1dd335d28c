"""``hard``: the information-set search (``bots/ismcts.py``) with Kabaleo's knowledge.

* **Worlds.** Each iteration imagines who holds which targets by drawing an
  assignment from the ``medium`` bot's exact posterior (``posterior.py``), not uniformly:
  a player who has been feeding red piles probably holds red. Measured in a small
  exploratory match, this alone moved the search from 1 to 3 wins in 10 against the
  heuristic.
* **Prior.** The ``medium`` heuristic's appraisal of each move (in the last round, its
  exact best-reply search) is a progressive bias at the root, fading as a move is
  visited, so the search starts from what the heuristic knows and overrules it only
  when many simulated games disagree.
* **Simulation.** Worlds play to the end on the fast path (``fast.py``, integer moves)
  with uniform rollouts: a Kabaleo game is short enough that no cut-off is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlor.bots.ismcts import RandomKnowledge, Sim
from parlor.bots.search import SearchBot, SearchSpec
from parlor.core.protocol import Game
from parlor.core.rng import Rng
from parlor.games.kabaleo.bots.fast import FastKabaleo
from parlor.games.kabaleo.bots.medium import MediumBot
from parlor.games.kabaleo.game import GAME
from parlor.games.kabaleo.state import KabaleoView
from parlor.games.kabaleo.view import determinize


class ModelledKabaleo(FastKabaleo):
    """A world whose players play as the opponent model expects (not uniformly)."""

    __slots__ = ()

    def rollout_move(self, rng: Rng) -> int:
        return self.model_move(rng)


class KabaleoKnowledge(RandomKnowledge):
    """Belief-weighted worlds on the fast path and the heuristic as the root prior."""

    def __init__(self, medium: MediumBot | None = None) -> None:
        super().__init__(ModelledKabaleo)
        self.medium = MediumBot() if medium is None else medium

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        assert isinstance(view, KabaleoView) and view.seat is not None
        belief = self.medium.belief(view)
        seat, mine = view.seat, view.my_targets
        combos = [c for c, _ in belief.assignments]
        cumulative: list[float] = []
        total = 0.0
        for _, w in belief.assignments:
            total += w
            cumulative.append(total)

        def draw(rng: Rng) -> Sim:
            x = rng.random() * total
            k = next((i for i, c in enumerate(cumulative) if x < c), len(combos) - 1)
            targets = [mine] * view.players
            for s, hyp in zip(belief.seats, combos[k], strict=True):
                targets[s] = hyp
            targets[seat] = mine
            return ModelledKabaleo(determinize(view, rng, tuple(targets)))

        return draw

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        appraised = self.medium.appraise(view)
        low, high = min(appraised.values()), max(appraised.values())
        span = high - low or 1.0
        return [(appraised[m] - low) / span for m in legal]


#: Default iterations per move by player count: a move near 1 s in the browser.
BUDGET = {2: 600, 3: 400, 4: 300}

HARD = SearchSpec(GAME, KabaleoKnowledge, iterations=0, budget=BUDGET, depth=200)


class KabaleoSearchBot(SearchBot):
    """The search that can also say what it believes (the ``Believer`` protocol)."""

    knowledge: KabaleoKnowledge

    def beliefs(self, view: KabaleoView) -> dict[int, dict[str, float]]:
        """What it infers about the other seats' colours (as ``medium`` does)."""
        return self.knowledge.medium.beliefs(view)


def hard() -> SearchBot:
    """A fresh ``hard`` bot (its ``medium`` keeps the belief replay between turns)."""
    return KabaleoSearchBot(HARD)
