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
from collections.abc import Callable, Hashable, Sequence
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


class Sim(Protocol):
    """One determinized world being played forward: the public rules (``PublicSim``) or
    a game's fast path (e.g. ``games/kabaleo/bots/fast.py``). Moves are whatever the
    simulation uses (notation strings, integers); ``notation`` names them for the app."""

    def to_act(self) -> int | None: ...

    def legal(self) -> Sequence[Hashable]: ...

    def play(self, move: Hashable) -> None: ...

    def rollout_move(self, rng: Rng) -> Hashable: ...

    def chance_move(self, rng: Rng) -> Hashable: ...

    def scores(self) -> Sequence[float]: ...

    def notation(self, move: Hashable) -> str: ...


class PublicSim:
    """A world on the public protocol (frozen states, notation strings), with the game's
    ``Knowledge`` for rollouts, the table's decisions and the cut-off."""

    def __init__(self, game: Game, knowledge: Knowledge, state: Any) -> None:
        self.game, self.knowledge, self.state = game, knowledge, state

    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    def legal(self) -> Sequence[Hashable]:
        return self.game.legal_moves(self.state)

    def play(self, move: Hashable) -> None:
        assert isinstance(move, str)
        self.state = self.game.apply(self.state, move)

    def rollout_move(self, rng: Rng) -> Hashable:
        seat = self.to_act()
        assert seat is not None and seat >= 0
        return self.knowledge.rollout(self.game, self.state, seat, self.game.legal_moves(
            self.state), rng)

    def chance_move(self, rng: Rng) -> Hashable:
        return self.knowledge.table(self.game, self.state, self.game.legal_moves(self.state),
                                    rng)

    def scores(self) -> Sequence[float]:
        if self.to_act() is None:
            return outcome_scores(self.game, self.state)
        return self.knowledge.evaluate(self.game, self.state)

    def notation(self, move: Hashable) -> str:
        assert isinstance(move, str)
        return move


@dataclass(eq=False)
class _Node:
    actor: int  # the seat that chose the move leading here (-1 at the root)
    parent: _Node | None
    children: dict[Hashable, _Node] = field(default_factory=dict)
    visits: int = 0
    avail: int = 0
    total: float = 0.0


@dataclass(frozen=True)
class Search:
    """An ISMCTS player: ``choose(view, rng)`` like any bot (it sees only the view).
    ``fast`` turns a determinized state into the game's fast simulation; without it the
    search plays on the public rules with ``knowledge``."""

    game: Game
    knowledge: Knowledge
    iterations: int = 500
    depth: int = 40  # rollout moves before the evaluation cuts off
    exploration: float = 0.7
    fast: Callable[[Any], Sim] | None = None

    def world(self, state: Any) -> Sim:
        return self.fast(state) if self.fast is not None else PublicSim(
            self.game, self.knowledge, state)

    def choose(self, view: Any, rng: Rng) -> str:
        from parlor.core.protocol import legal_moves_of_view

        legal = legal_moves_of_view(self.game, view)
        if len(legal) == 1:
            return legal[0]
        root = _Node(-1, None)
        visits: dict[str, int] = {}
        names: dict[Hashable, str] = {}
        for _ in range(self.iterations):
            sim = self.world(self.game.determinize(view, rng.fork()))
            self._iterate(root, sim, rng)
            for move in root.children:
                if move not in names:
                    names[move] = sim.notation(move)
        for move, child in root.children.items():
            visits[names[move]] = child.visits
        # The most visited move (ties: the legal moves' own order).
        return max(legal, key=lambda m: visits.get(m, -1))

    def _iterate(self, root: _Node, sim: Sim, rng: Rng) -> None:
        node = root
        # Selection and expansion: down the tree among the moves legal in this world.
        while True:
            seat = sim.to_act()
            if seat is None:
                break
            if seat == TABLE:
                sim.play(sim.chance_move(rng))
                continue
            legal = sim.legal()
            children = node.children
            untried = []
            for move in legal:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.avail += 1
            if untried:
                move = untried[rng.randbelow(len(untried))]
                node = children[move] = _Node(seat, node, avail=1)
                sim.play(move)
                break
            log_n = {m: math.log(children[m].avail) for m in legal}
            move = max(legal, key=lambda m: self._ucb(children[m], log_n[m]))
            node = children[move]
            sim.play(move)
        # Rollout, cut off at ``depth`` moves.
        for _ in range(self.depth):
            seat = sim.to_act()
            if seat is None:
                break
            sim.play(sim.chance_move(rng) if seat == TABLE else sim.rollout_move(rng))
        scores = sim.scores()
        # Backpropagation: each node scores for the seat that chose its move.
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            if walk.actor >= 0:
                walk.total += scores[walk.actor]
            walk = walk.parent

    def _ucb(self, child: _Node, log_avail: float) -> float:
        return child.total / child.visits + self.exploration * math.sqrt(log_avail / child.visits)
