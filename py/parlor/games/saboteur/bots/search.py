"""``hard``: the information-set search (``bots/ismcts.py``) with Saboteur's knowledge.

* **Worlds.** The face-down goals the seat has not peeked at, the other hand and the
  deck are dealt at random from the unseen cards (``determinize``), and played on the
  fast path (``fast.py``) to the end of the round.
* **Rollouts.** Both players follow ``FastSaboteur.greedy_move``: dig toward the
  face-down goals, take gold, bribe a troll in the way, repair, break the other's tools.
* **Move grouping.** A big maze offers a hundred placements; the tree considers at the
  root only the ``medium`` bot's shortlist (the placements nearest a target and every
  other kind of move), ranked by its one-move evaluation, and keeps the best ``widen``
  of them. That ranking is also a progressive bias at the root.
* **Scores.** A round played out is judged by the gold each seat then holds (earlier
  rounds included): the duel by who is richer, solo by the gold itself (its bands run
  from 15 to 25+).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlor.bots.ismcts import RandomKnowledge, Sim
from parlor.bots.search import SearchBot, SearchSpec
from parlor.core.protocol import Game
from parlor.core.rng import Rng
from parlor.games.saboteur.bots.fast import FastMove, FastSaboteur
from parlor.games.saboteur.bots.heuristic import Style, appraise
from parlor.games.saboteur.bots.medium import MEDIUM
from parlor.games.saboteur.game import GAME
from parlor.games.saboteur.state import SaboteurView


class ModelledSaboteur(FastSaboteur):
    """A round whose players play on greedily (not uniformly)."""

    def rollout_move(self, rng: Rng) -> FastMove:
        return self.greedy_move(rng)


class SaboteurKnowledge(RandomKnowledge):
    """Random worlds on the fast path, the medium bot's ranking as prior and cut."""

    def __init__(self, style: Style = MEDIUM) -> None:
        super().__init__(ModelledSaboteur)
        self.style = style

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        return lambda rng: ModelledSaboteur(game.determinize(view, rng))

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        assert isinstance(view, SaboteurView)
        appraised = appraise(view, Rng(len(legal)), self.style)
        low, high = min(appraised.values()), max(appraised.values())
        span = high - low or 1.0
        return [(appraised[m] - low) / span if m in appraised else -1.0 for m in legal]


#: A whole round deep (the fast path stops at its end), the ``widen`` best root moves.
HARD = SearchSpec(GAME, SaboteurKnowledge, iterations=150, depth=400, widen=8)


def hard() -> SearchBot:
    """A fresh ``hard`` bot."""
    return SearchBot(HARD)
