"""Information-set Monte Carlo tree search, game-independent: the hard bots' foundation.

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

Per-game knowledge comes in through ``Knowledge`` hooks: how to draw worlds (a
game may weight its determinizations by what it has inferred, e.g. Kabaleo's belief
over target colours), a prior over the moves at the root (a progressive bias toward
what the game's heuristic likes, and a cut to its best few where the legal set is
large), a rollout policy, an evaluation at the depth cut-off, and the table's timed
decisions (Ciao!'s races), which the search treats as chance. ``RandomKnowledge`` is
the neutral default.

Thinking is resumable (``Search.think``): the page runs it in slices between which
the browser paints and takes clicks, and stops it at a time cap; a test or the arena
runs the whole iteration budget, so a result depends only on the view, the seed and
the budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlor.core.protocol import TABLE, Game
from parlor.core.rng import Rng


class Knowledge(Protocol):
    """What a game tells the search: which worlds to imagine, which moves look good,
    how to play on quickly, how good a cut-off is."""

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        """Once per move: a function drawing one determinized world for this view."""
        ...

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        """Once per move: each legal move's appeal in [0, 1] (None: no opinion)."""
        ...


class Policy(Protocol):
    """How a world on the public rules plays on: rollouts, the table, the cut-off."""

    def rollout(self, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[str],
                rng: Rng) -> str:
        """A move for ``seat`` in a rollout (one of ``legal``)."""
        ...

    def table(self, game: Game[Any, Any], state: Any, legal: Sequence[str], rng: Rng) -> str:
        """The table's decision (a timed window), drawn as chance."""
        ...

    def evaluate(self, game: Game[Any, Any], state: Any) -> Sequence[float]:
        """Each seat's expected score in [0, 1] for an unfinished state (the cut-off)."""
        ...


class RandomKnowledge:
    """No knowledge: worlds drawn by the game's ``determinize`` (on ``fast``, the game's
    fast path, when given), no prior, uniform rollouts and table decisions, an even
    split at a cut-off. Games' knowledge classes extend it."""

    def __init__(self, fast: Callable[[Any], Sim] | None = None) -> None:
        self.fast = fast

    def worlds(self, game: Game[Any, Any], view: Any) -> Callable[[Rng], Sim]:
        fast = self.fast
        if fast is not None:
            return lambda rng: fast(game.determinize(view, rng))
        return lambda rng: PublicSim(game, self, game.determinize(view, rng))

    def prior(self, game: Game[Any, Any], view: Any,
              legal: Sequence[str]) -> Sequence[float] | None:
        return None

    def rollout(self, game: Game[Any, Any], state: Any, seat: int, legal: Sequence[str],
                rng: Rng) -> str:
        return legal[rng.randbelow(len(legal))]

    def table(self, game: Game[Any, Any], state: Any, legal: Sequence[str], rng: Rng) -> str:
        return legal[rng.randbelow(len(legal))]

    def evaluate(self, game: Game[Any, Any], state: Any) -> Sequence[float]:
        players = _players(state)
        return [1.0 / players] * players


def _players(state: Any) -> int:
    players = getattr(state, "players", None)
    assert isinstance(players, int), "a state names its number of players"
    return players


def outcome_scores(game: Game[Any, Any], state: Any) -> list[float]:
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

    def play(self, move: Any) -> None: ...

    def rollout_move(self, rng: Rng) -> Hashable: ...

    def chance_move(self, rng: Rng) -> Hashable: ...

    def scores(self) -> Sequence[float]: ...

    def notation(self, move: Any) -> str: ...


class PublicSim:
    """A world on the public protocol (frozen states, notation strings), with the game's
    ``Knowledge`` for rollouts, the table's decisions and the cut-off."""

    def __init__(self, game: Game[Any, Any], knowledge: Policy, state: Any) -> None:
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
    """An ISMCTS player: ``choose(view, rng)`` like any bot (it sees only the view), or
    ``think(view, rng)`` to run it in slices. ``fast`` (a shortcut for
    ``RandomKnowledge(fast)``) turns a determinized state into the game's fast path.
    ``bias`` weighs the knowledge's prior at the root (it fades as a move is visited);
    ``widen`` keeps only the prior's best few root moves (0: all of them)."""

    game: Game[Any, Any]
    knowledge: Knowledge
    iterations: int = 500
    depth: int = 40  # rollout moves before the evaluation cuts off
    exploration: float = 0.7
    fast: Callable[[Any], Sim] | None = None
    bias: float = 0.0
    widen: int = 0

    def think(self, view: Any, rng: Rng) -> Thinking:
        return Thinking(self, view, rng)

    def choose(self, view: Any, rng: Rng) -> str:
        thinking = self.think(view, rng)
        thinking.step(self.iterations)
        return thinking.best()

    def ucb(self, child: _Node, log_avail: float) -> float:
        return child.total / child.visits + self.exploration * math.sqrt(log_avail / child.visits)


class Thinking:
    """One move being searched: ``step(n)`` runs up to n more iterations, ``best()``
    names the most visited root move so far (ties: the legal moves' own order)."""

    def __init__(self, search: Search, view: Any, rng: Rng) -> None:
        from parlor.core.protocol import legal_moves_of_view

        self.search, self.rng = search, rng
        self.legal = legal_moves_of_view(search.game, view)
        self.root = _Node(-1, None)
        self.iterations = 0
        self.names: dict[Hashable, str] = {}
        knowledge = search.knowledge
        self.draw = (knowledge.worlds(search.game, view) if search.fast is None
                     else RandomKnowledge(search.fast).worlds(search.game, view))
        prior = (knowledge.prior(search.game, view, self.legal)
                 if len(self.legal) > 1 else None)
        self.prior: dict[str, float] = dict(zip(self.legal, prior, strict=True)) if prior \
            else {}
        self.allowed: frozenset[str] | None = None
        if self.prior and 0 < search.widen < len(self.legal):
            ranked = sorted(self.legal, key=lambda m: -self.prior[m])
            self.allowed = frozenset(ranked[:search.widen])

    @property
    def done(self) -> bool:
        return len(self.legal) <= 1 or self.iterations >= self.search.iterations

    def step(self, n: int) -> None:
        for _ in range(min(n, self.search.iterations - self.iterations)):
            if self.done:
                return
            self._iterate(self.draw(self.rng.fork()))
            self.iterations += 1

    def best(self) -> str:
        if len(self.legal) == 1:
            return self.legal[0]
        visits = {self.names[m]: c.visits for m, c in self.root.children.items()}
        return max(self.legal, key=lambda m: (visits.get(m, -1), self.prior.get(m, 0.0)))

    def _name(self, sim: Sim, move: Hashable) -> str:
        name = self.names.get(move)
        if name is None:
            name = self.names[move] = sim.notation(move)
        return name

    def _root_moves(self, sim: Sim, legal: Sequence[Hashable]) -> Sequence[Hashable]:
        if self.allowed is None:
            return legal
        return [m for m in legal if self._name(sim, m) in self.allowed]

    def _iterate(self, sim: Sim) -> None:
        search, rng, node = self.search, self.rng, self.root
        # Selection and expansion: down the tree among the moves legal in this world.
        while True:
            seat = sim.to_act()
            if seat is None:
                break
            if seat == TABLE:
                sim.play(sim.chance_move(rng))
                continue
            legal = sim.legal()
            at_root = node is self.root
            if at_root:
                legal = self._root_moves(sim, legal)
            children = node.children
            untried = []
            for move in legal:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.avail += 1
            if untried:
                if at_root and self.prior:
                    move = max(untried, key=lambda m: self.prior[self._name(sim, m)])
                else:
                    move = untried[rng.randbelow(len(untried))]
                if at_root:
                    self._name(sim, move)  # named in its own world, before it is played
                node = children[move] = _Node(seat, node, avail=1)
                sim.play(move)
                break
            if at_root and self.prior and search.bias:
                move = max(legal, key=lambda m: search.ucb(children[m], math.log(
                    children[m].avail)) + search.bias * self.prior[self._name(sim, m)]
                    / (children[m].visits + 1))
            else:
                move = max(legal, key=lambda m: search.ucb(children[m], math.log(
                    children[m].avail)))
            node = children[move]
            sim.play(move)
        # Rollout, cut off at ``depth`` moves.
        for _ in range(search.depth):
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
