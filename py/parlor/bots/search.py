"""The ``hard`` level of every game: the information-set search (``ismcts.py``) behind
the ``Bot`` protocol, set up by what the game brings (``SearchSpec``).

Why one class: what turns a search into a bot is the same in every game: an iteration
budget a test or the bench may change (``make_bot(..., iterations=N)``), a fresh
``Search`` per move at that budget, ``choose`` for the arena and ``think`` for the page
(``app/thinking.py`` runs it in slices), ``search_for`` for the oracle
(``oracle.py``). What differs is the game's knowledge (which worlds to imagine, which
moves look good, how simulated players play) and a few numbers; a game's
``bots/search.py`` holds only those, in its ``SearchSpec``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from parlor.bots.ismcts import Knowledge, Search, Thinking
from parlor.core.protocol import Game
from parlor.core.rng import Rng


@dataclass(frozen=True)
class SearchSpec:
    """A game's search: its rules, its knowledge and its numbers (``Search`` says what
    each means)."""

    game: Game[Any, Any]
    #: Builds the knowledge, once per bot: it may keep what it learnt between turns
    #: (Kabaleo's and Ciao!'s ``medium`` bot, whose belief replay is incremental).
    knowledge: Callable[[], Knowledge]
    #: Iterations per move; 0: ``budget`` by the view's number of players.
    iterations: int
    #: Iterations per move by table size, where a bigger table plays longer worlds and
    #: a move must stay near 1 s in the browser (a size not listed: the largest listed).
    budget: Mapping[int, int] | None = None
    depth: int = 40
    widen: int = 0
    bias: float = 2.0
    exploration: float = 0.7


class SearchBot:
    """The ``hard`` level: one per seat (its knowledge is kept between turns)."""

    level = "hard"

    def __init__(self, spec: SearchSpec) -> None:
        self.spec = spec
        self.game = spec.game.id
        #: Iterations per move (``make_bot`` may set it); 0: the spec's budget.
        self.iterations = spec.iterations
        self.knowledge = spec.knowledge()

    def budget(self, view: Any) -> int:
        """The iterations for this move: this bot's own, else the spec's by table size."""
        budget = self.spec.budget
        if self.iterations or not budget:
            return self.iterations
        return budget.get(view.players, budget[max(budget)])

    def search_for(self, view: Any) -> Search:
        """The search for this view at this bot's budget (the oracle swaps its worlds)."""
        spec = self.spec
        return Search(spec.game, self.knowledge, iterations=self.budget(view),
                      depth=spec.depth, exploration=spec.exploration, bias=spec.bias,
                      widen=spec.widen)

    def think(self, view: Any, rng: Rng) -> Thinking:
        return self.search_for(view).think(view, rng)

    def choose(self, view: Any, rng: Rng) -> str:
        return self.search_for(view).choose(view, rng)
