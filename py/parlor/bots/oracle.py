"""The price of fairness: a test-only ``oracle`` that searches the true state.

Every level in the menu sees only its seat's view. To measure how much that costs,
the bench pits ``hard`` against the same search given the whole state (the other
hands, the face-down goals, the deck's order): its worlds are all the true one. It is
not a level (``make_bot`` cannot make it, the menu never lists it); the arena hands
it the state through ``observe``, the one place a bot may see more than its view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from parlor.bots.ismcts import Knowledge, PublicSim, RandomKnowledge, Sim
from parlor.core.protocol import Game
from parlor.core.rng import Rng


class OracleKnowledge:
    """The inner knowledge's prior and simulation, on the true state only."""

    def __init__(self, inner: Knowledge, state: Any) -> None:
        self.inner, self.state = inner, state

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        self.inner.worlds(game, view)  # lets the inner knowledge prepare (beliefs, values)
        fast = getattr(self.inner, "fast", None)
        if fast is not None:
            return lambda rng: fast(self.state)
        policy = self.inner if isinstance(self.inner, RandomKnowledge) else RandomKnowledge()
        return lambda rng: PublicSim(game, policy, self.state)

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        return self.inner.prior(game, view, legal)


@dataclass
class OracleBot:
    """A game's ``hard`` search bot (``inner``) that sees the state it is shown."""

    inner: Any
    level: str = "oracle"
    state: Any = None

    @property
    def game(self) -> str:
        return str(self.inner.game)

    def observe(self, state: Any) -> None:
        self.state = state

    def choose(self, view: Any, rng: Rng) -> str:
        assert self.state is not None, "the oracle is shown the state before it moves"
        search = self.inner.search_for(view)
        return str(replace(search, knowledge=OracleKnowledge(search.knowledge, self.state))
                   .choose(view, rng))
