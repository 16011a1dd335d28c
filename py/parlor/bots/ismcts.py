"""Information-set Monte Carlo tree search, game-independent (issue 11's foundation).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte
Carlo Tree Search"; OpenSpiel's ``ismcts`` follows the same scheme): one tree for the
searching seat's information set. Every iteration draws a full state consistent with
the seat's *view* (the game's own ``determinize``), walks the tree choosing among the
moves that are legal in that state (a child's *availability* counts the iterations
in which it could have been chosen, so rarely available moves are not starved),
expands one new move, plays a rollout for at most ``depth`` moves with the game's
rollout policy, scores the end (the outcome, or the game's evaluation at the cut-off)
and adds each seat's score to the nodes where that seat chose.

Deterministic for a view, a seed and an iteration budget: no clock, no hash order (a
node's children are kept in insertion order and ties break by the legal moves' own
stable order). Iterative, no recursion, so it runs in the browser's small stack.

Per-game knowledge comes in through ``Knowledge`` hooks: a rollout policy, an
evaluation at the depth cut-off, and the table's timed decisions (Ciao!'s races),
which the search treats as chance. ``RandomKnowledge`` is the neutral default.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlor.core.protocol import TABLE, Game
from parlor.core.rng import Rng


class Knowledge(Protocol):
    """What a game tells the search: how to play on quickly, how good a cut-off is."""

    def rollout(self, game: Game, state: Any, seat: int, legal: Sequence[str],
                rng: Rng) -> str:
        """A move for ``seat`` in a rollout (one of ``legal``)."""
        ...

    def table(self, game: Game, state: Any, legal: Sequence[str], rng: Rng) -> str:
        """The table's decision (a timed window), drawn as chance."""
        ...

    def evaluate(self, game: Game, state: Any) -> Sequence[float]:
        """Each seat's expected score in [0, 1] for an unfinished state (the cut-off)."""
        ...


class RandomKnowledge:
    """No knowledge: uniform rollouts and table decisions, an even split at a cut-off."""

    def rollout(self, game: Game, state: Any, seat: int, legal: Sequence[str],
                rng: Rng) -> str:
        return legal[rng.randbelow(len(legal))]

    def table(self, game: Game, state: Any, legal: Sequence[str], rng: Rng) -> str:
        return legal[rng.randbelow(len(legal))]

    def evaluate(self, game: Game, state: Any) -> Sequence[float]:
        players = _players(state)
        return [1.0 / players] * players


def _players(state: Any) -> int:
    players = getattr(state, "players", None)
    assert isinstance(players, int), "a state names its number of players"
    return players


def outcome_scores(game: Game, state: Any) -> list[float]:
    """A finished game's score per seat: 1 shared by the winners, 0 for the others (a
    game without winners, the solo game below its bar, scores 0)."""
    out = game.outcome(state)
    assert out is not None
    n = len(out.points)
    share = 1.0 / len(out.winners) if out.winners else 0.0
    return [share if s in out.winners else 0.0 for s in range(n)]


@dataclass(eq=False)
class _Node:
    move: str | None
    actor: int  # the seat that chose ``move`` (-1 at the root)
    parent: _Node | None
    children: dict[str, _Node] = field(default_factory=dict)
    visits: int = 0
    avail: int = 0
    total: float = 0.0


@dataclass(frozen=True)
class Search:
    """An ISMCTS player: ``choose(view, rng)`` like any bot (it sees only the view)."""

    game: Game
    knowledge: Knowledge
    iterations: int = 500
    depth: int = 40  # rollout moves before the evaluation cuts off
    exploration: float = 0.7

    def choose(self, view: Any, rng: Rng) -> str:
        from parlor.core.protocol import legal_moves_of_view

        legal = legal_moves_of_view(self.game, view)
        if len(legal) == 1:
            return legal[0]
        root = _Node(None, -1, None)
        for _ in range(self.iterations):
            self._iterate(root, self.game.determinize(view, rng.fork()), rng)
        # The most visited move (ties: the legal moves' own order).
        return max(legal, key=lambda m: root.children[m].visits if m in root.children else -1)

    def _iterate(self, root: _Node, state: Any, rng: Rng) -> None:
        game, knowledge = self.game, self.knowledge
        node = root
        # Selection and expansion: down the tree among the moves legal in this world.
        while True:
            seat = game.to_act(state)
            if seat is None:
                break
            legal = game.legal_moves(state)
            if seat == TABLE:
                state = game.apply(state, knowledge.table(game, state, legal, rng))
                continue
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.avail += 1
            untried = [m for m in legal if m not in node.children]
            if untried:
                move = untried[rng.randbelow(len(untried))]
                child = _Node(move, seat, node, avail=1)
                node.children[move] = child
                node = child
                state = game.apply(state, move)
                break
            move = max(legal, key=lambda m: self._ucb(node.children[m]))
            node = node.children[move]
            state = game.apply(state, move)
        # Rollout, cut off at ``depth`` moves.
        for _ in range(self.depth):
            seat = game.to_act(state)
            if seat is None:
                break
            legal = game.legal_moves(state)
            if seat == TABLE:
                move = knowledge.table(game, state, legal, rng)
            else:
                move = knowledge.rollout(game, state, seat, legal, rng)
            state = game.apply(state, move)
        scores = (outcome_scores(game, state) if game.to_act(state) is None
                  else list(knowledge.evaluate(game, state)))
        # Backpropagation: each node scores for the seat that chose its move.
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.actor >= 0:
                walk.total += scores[walk.actor]
            walk = walk.parent

    def _ucb(self, child: _Node) -> float:
        mean = child.total / child.visits
        return mean + self.exploration * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
