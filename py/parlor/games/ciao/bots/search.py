"""``hard``: the information-set search (``bots/ismcts.py``) with Ciao!'s knowledge.

* **Worlds.** The others' hands and the draw pile are dealt at random from the unseen
  cards (``determinize``), one round at a time on the fast path (``fast.py``).
* **Prior.** The ``medium`` bot's choice gets a progressive bias at the root, so the
  search starts from the careful player's move and changes it only when the simulated
  rounds say so.
* **Rollouts.** Every player sheds the dearest card that fits, keeps jokers while the
  hand is big, answers a +3 when it can, and says "Thank you!" (a random move now and
  then); the table's races are drawn as chance.
* **Cut-off.** A round that has not ended after ``depth`` moves is judged by what each
  seat would then hold: the match totals so far plus the penalty points in hand; the
  lowest total wins a Ciao! match.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from parlor.bots.ismcts import RandomKnowledge, Sim
from parlor.bots.search import SearchBot, SearchSpec
from parlor.core.protocol import Game
from parlor.core.rng import Rng
from parlor.games.ciao.bots.fast import FastCiao, FastMove
from parlor.games.ciao.bots.heuristic import MediumBot
from parlor.games.ciao.cards import IS_JOKER, PENALTY_OF
from parlor.games.ciao.game import GAME
from parlor.games.ciao.state import CiaoState

#: How much a rollout player likes each kind of move (a card's penalty is added).
_VERB = {"play": 10.0, "race": 10.0, "thanks": 5.0, "again": 2.0, "keep": 1.0}


class ModelledCiao(FastCiao):
    """A round whose players play like people, judged on the match totals."""

    __slots__ = ("totals",)

    def __init__(self, s: CiaoState) -> None:
        super().__init__(s)
        self.totals = s.scores

    def rollout_move(self, rng: Rng) -> FastMove:
        legal = self.legal()
        if rng.random() < 0.1:
            return legal[rng.randbelow(len(legal))]
        big = self.sizes[self.turn] > 3
        best_u = -1e9
        ties: list[FastMove] = []
        for m in legal:
            verb, card = m[0], m[1]
            u = _VERB.get(verb, 0.0)
            if card >= 0 and verb in ("play", "race"):
                u += PENALTY_OF[card]
                if IS_JOKER[card] and big:
                    u -= 8.0
            if u > best_u:
                best_u, ties = u, [m]
            elif u == best_u:
                ties.append(m)
        # One draw among the ties (random numbers are dear in the browser).
        return ties[rng.randbelow(len(ties))] if len(ties) > 1 else ties[0]

    def scores(self) -> list[float]:
        """Half for the lowest total (shared), half by distance from the worst."""
        pens = self.penalties()
        totals = [t + p for t, p in zip(self.totals, pens, strict=True)]
        low, high = min(totals), max(totals)
        leaders = totals.count(low)
        span = (high - low) or 1
        return [(0.5 / leaders if t == low else 0.0) + 0.5 * (high - t) / span
                for t in totals]


class CiaoKnowledge(RandomKnowledge):
    """Random deals on the modelled fast path, the careful player's move as the prior."""

    def __init__(self, medium: MediumBot | None = None) -> None:
        super().__init__(ModelledCiao)
        self.medium = MediumBot() if medium is None else medium

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        return lambda rng: ModelledCiao(game.determinize(view, rng))

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        liked = self.medium.choose(view, Rng(len(legal)))
        return [1.0 if m == liked else 0.0 for m in legal]


#: 800 iterations: stronger than 400 against medium, still well under the page's cap
#: (docs/decisions/budgets-are-iterations.md).
HARD = SearchSpec(GAME, CiaoKnowledge, iterations=800, depth=40)


def hard() -> SearchBot:
    """A fresh ``hard`` bot (races and thank-yous are timed like ``medium``'s)."""
    return SearchBot(HARD)
